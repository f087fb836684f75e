// A definition with a #[source] field is reported as a value: a report macro cannot fill the source.
use errcode::{error_code, msprof_env_error};

#[derive(Debug)]
#[error_code("EZ0003", message = "Failed to read %s.")]
pub struct ReadFailed {
    pub path: String,
    #[source]
    pub source: std::io::Error,
}

fn main() {
    msprof_env_error!("EZ0003", ["path"], ["a.json"]);
}
