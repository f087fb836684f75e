// #[error_code] does not go on a union.
use errcat::error_code;

#[error_code("EK0201", message = "Failed to allocate %s host memory for Profiling.")]
pub union InsufficientHostMemory {
    pub buf_size: u64,
}

fn main() {}
