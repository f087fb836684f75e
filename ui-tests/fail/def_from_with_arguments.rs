// `#[from]` builds the error from its source alone: a field that is an
// argument has no value there, so it is refused, at `#[from]`.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EZ0201", message = "Failed to read {path}.")]
pub struct ReadFailed {
    pub path: String,
    #[from]
    pub source: std::io::Error,
}

fn main() {}
