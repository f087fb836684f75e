// Attribute values must be string literals: a constant or a macro call is rejected.
use errcat::error_code;

const MSG: &str = "Failed to allocate %s host memory for Profiling.";

#[derive(Debug)]
#[error_code("EK0201", message = MSG)]
pub struct InsufficientHostMemory {
    pub buf_size: String,
}

#[derive(Debug)]
#[error_code("EK0202", message = concat!("Failed to allocate host memory by ", "%s."))]
pub struct HostMemoryOperationFailed {
    pub operation: String,
}

fn main() {}
