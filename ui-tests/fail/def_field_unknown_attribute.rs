// A field attribute the macro does not know is an error at the attribute.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EZ0003", message = "Failed to read %s.")]
pub struct ReadFailed {
    pub path: String,
    #[sorce]
    pub cause: std::io::Error,
}

fn main() {}
