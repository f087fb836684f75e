// A struct with a lifetime parameter holds borrowed `&'a str` values: reports copy nothing into Strings first.
use errcat::{error_code, msprof_env_error};

#[derive(Debug)]
#[error_code(
    "EK0006",
    message = "%s failed because parameter %s cannot be a null pointer.",
    args = "api,param"
)]
pub struct NullPointer<'a> {
    pub api: &'a str,
    pub param: &'a str,
}

fn report_for(api: &str) {
    let param = String::from("config");
    msprof_env_error!("EK0006", ["api", "param"], [api, param.as_str()]);
}

fn main() {
    report_for("aclprofStart");
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EK0006: aclprofStart failed because parameter config cannot be a null pointer.\r\n")
    );
    let api = String::from("aclprofStop");
    NullPointer {
        api: &api,
        param: "cfg",
    }
    .report();
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EK0006: aclprofStop failed because parameter cfg cannot be a null pointer.\r\n")
    );
}
