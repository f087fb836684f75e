// A field's value is shown with `Display`: a field type without it is rejected at the type.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EK0201", message = "Failed to allocate %s host memory for Profiling.")]
pub struct InsufficientHostMemory {
    pub buf_size: Vec<u8>,
}

fn main() {}
