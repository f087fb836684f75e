// Every field must appear in `args`: a field that fills no placeholder is rejected.
use errcat::error_code;

#[derive(Debug)]
#[error_code(
    "EK0001",
    message = "Value %s for parameter %s is invalid.",
    args = "value,param"
)]
pub struct InvalidArgument {
    pub value: String,
    pub param: String,
    pub reason: String,
}

fn main() {}
