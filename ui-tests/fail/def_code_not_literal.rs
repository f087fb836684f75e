// The code of a definition must be a string literal, not an identifier.
use errcat::error_code;

#[derive(Debug)]
#[error_code(EK0201, message = "Failed to allocate %s host memory for Profiling.")]
pub struct InsufficientHostMemory {
    pub buf_size: String,
}

fn main() {}
