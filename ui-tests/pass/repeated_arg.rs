// An explicit `args` may name one field for several placeholders; a report gives it once.
use errcat::{error_code, msprof_input_error};

#[derive(Debug)]
#[error_code(
    "EZ0011",
    message = "Op %s has attr %s; param %s conflicts with attr %s.",
    args = "op_name,attr_name,param_name,attr_name"
)]
pub struct RepeatedName {
    pub attr_name: String,
    pub op_name: String,
    pub param_name: String,
}

fn main() {
    msprof_input_error!(
        "EZ0011",
        ["param_name", "op_name", "attr_name"],
        ["x", "Conv2D", "pads"]
    );
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EZ0011: Op Conv2D has attr pads; param x conflicts with attr pads.\r\n")
    );
}
