// A transparent variant wraps exactly one error and has nothing of its own.
use errcat::error_code;

#[derive(Debug)]
#[error_code]
pub enum AppError {
    #[error_code(transparent)]
    Two(std::io::Error, std::fmt::Error),
    #[error_code(transparent, message = "I/O failed.")]
    Keyed { source: std::io::Error },
}

// Transparent is for a variant: a struct defines a code of its own.
#[derive(Debug)]
#[error_code(transparent)]
pub struct Wrapper {
    pub inner: std::io::Error,
}

fn main() {}
