// A misspelled attribute key is reported at the key, with the valid keys.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EK0201", mesage = "Failed to allocate %s host memory for Profiling.")]
pub struct InsufficientHostMemory {
    pub buf_size: String,
}

fn main() {}
