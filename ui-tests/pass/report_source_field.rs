// A definition with a #[source] field is reported by code all the same: a
// report keeps the message, which the source does not fill.
use errcat::{error_code, msprof_env_error};

#[derive(Debug)]
#[error_code("EZ0003", message = "Failed to read %s.")]
pub struct ReadFailed {
    pub path: String,
    #[source]
    pub source: std::io::Error,
}

fn main() {
    msprof_env_error!("EZ0003", ["path"], ["a.json"]);
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EZ0003: Failed to read a.json.\r\n")
    );
}
