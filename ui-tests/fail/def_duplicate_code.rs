// One module cannot define the same code twice.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EK0201", message = "Failed to allocate %s host memory for Profiling.")]
pub struct InsufficientHostMemory {
    pub buf_size: String,
}

#[derive(Debug)]
#[error_code("EK0201", message = "Out of host memory: %s.")]
pub struct OutOfHostMemory {
    pub buf_size: String,
}

fn main() {}
