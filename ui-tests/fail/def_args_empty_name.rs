// Each name of `args` is an identifier: an empty name between two commas, or
// names separated by a space instead of a comma, are rejected.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EK0002", message = "Call %s first, then %s.", args = "intf1,,intf2")]
pub struct InvalidApiCallSequence {
    pub intf1: String,
    pub intf2: String,
}

#[derive(Debug)]
#[error_code("EK0006", message = "%s failed: %s is null.", args = "api param")]
pub struct NullPointer {
    pub api: String,
    pub param: String,
}

fn main() {}
