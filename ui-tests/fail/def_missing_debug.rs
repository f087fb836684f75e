// Like thiserror, #[error_code] does not generate Debug: a definition without
// it gets the compiler's ordinary error at the struct.
use errcat::error_code;

#[error_code("EK0201", message = "Failed to allocate %s host memory for Profiling.")]
pub struct InsufficientHostMemory {
    pub buf_size: String,
}

fn main() {}
