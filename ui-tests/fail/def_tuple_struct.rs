// #[error_code] needs named fields: their names are the argument names.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EK0201", message = "Failed to allocate %s host memory for Profiling.")]
pub struct InsufficientHostMemory(pub String);

fn main() {}
