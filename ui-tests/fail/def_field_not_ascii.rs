// An argument is named by a report site's string: field names are ASCII identifiers.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EK0201", message = "Failed to allocate %s host memory for Profiling.")]
pub struct InsufficientHostMemory {
    pub größe: String,
}

fn main() {}
