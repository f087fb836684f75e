// Two swapped letters are one slip: `cuase` suggests `cause`, not `class`.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EK0201", message = "Failed to allocate %s host memory.", cuase = "Out of memory.")]
pub struct InsufficientHostMemory {
    pub buf_size: String,
}

fn main() {}
