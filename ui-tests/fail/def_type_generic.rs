// A definition takes lifetime parameters only, not type parameters.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EK0201", message = "Failed to allocate %s host memory for Profiling.")]
pub struct InsufficientHostMemory<T> {
    pub buf_size: T,
}

fn main() {}
