// The number of `%s` placeholders must equal the number of fields, both ways.
use errcat::error_code;

#[derive(Debug)]
#[error_code(
    "EK0001",
    message = "Value %s for parameter %s is invalid. Reason: %s."
)]
pub struct TooFewFields {
    pub value: String,
    pub param: String,
}

#[derive(Debug)]
#[error_code("EK0201", message = "Failed to allocate %s host memory for Profiling.")]
pub struct TooManyFields {
    pub buf_size: String,
    pub device: u32,
}

fn main() {}
