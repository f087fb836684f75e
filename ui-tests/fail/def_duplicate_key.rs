// An attribute key given twice is reported at its second occurrence.
use errcat::error_code;

#[derive(Debug)]
#[error_code(
    "EK0201",
    message = "Failed to allocate %s host memory for Profiling.",
    cause = "Allocation failed due to insufficient host memory.",
    cause = "Out of memory."
)]
pub struct InsufficientHostMemory {
    pub buf_size: String,
}

fn main() {}
