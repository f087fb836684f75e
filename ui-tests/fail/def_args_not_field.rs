// Every name in `args` must be a field of the struct.
use errcat::error_code;

#[derive(Debug)]
#[error_code(
    "EK0001",
    message = "Value %s for parameter %s is invalid. Reason: %s.",
    args = "value,parameter,reason"
)]
pub struct InvalidArgument {
    pub value: String,
    pub param: String,
    pub reason: String,
}

fn main() {}
