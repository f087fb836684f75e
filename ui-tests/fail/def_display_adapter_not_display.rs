// A `display` adapter whose expression is not `Display` either: rejected at
// the expression, with the same words as a field without one.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EZ0402", message = "Cannot read {paths}.")]
pub struct CannotRead {
    #[error_code(display = paths.iter())]
    pub paths: Vec<std::path::PathBuf>,
}

fn main() {}
