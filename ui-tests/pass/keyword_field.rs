// A field named by a keyword is written `r#type` and named `type` in `args` and at report sites.
use errcat::{error_code, msprof_env_error};

#[derive(Debug)]
#[error_code(
    "WE0001",
    message = "Function %s of type %s is deprecated.",
    args = "function, type"
)]
pub struct Deprecated {
    pub function: String,
    pub r#type: String,
}

fn main() {
    msprof_env_error!("WE0001", ["type", "function"], ["method", "aclprofInit"]);
    assert_eq!(
        errcat::take_warning_message().as_deref(),
        Some("WE0001: Function aclprofInit of type method is deprecated.\r\n")
    );
}
