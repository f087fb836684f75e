// `example` gives one value per argument, in the order of `args`.
use errcat::error_code;

#[derive(Debug)]
#[error_code(
    "EZ0301",
    message = "Failed to %s because %s is not supported.",
    args = "function,type",
    example = "subscribe"
)]
pub struct Unsupported {
    pub function: String,
    pub r#type: String,
}

#[derive(Debug)]
#[error_code("EZ0302", message = "Profiling stopped.", example = ["now"])]
pub struct Stopped;

fn main() {}
