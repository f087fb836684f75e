// With an explicit `args`, the number of `%s` placeholders must equal the number of names.
use errcat::error_code;

#[derive(Debug)]
#[error_code(
    "EK0001",
    message = "Value %s for parameter %s is invalid.",
    args = "value,param,param"
)]
pub struct InvalidArgument {
    pub value: String,
    pub param: String,
}

fn main() {}
