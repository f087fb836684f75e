// A definition needs a message template.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EK0201", title = "Resource_Error_Insufficient_Host_Memory")]
pub struct InsufficientHostMemory {
    pub buf_size: String,
}

fn main() {}
