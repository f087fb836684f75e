// A message without placeholders goes on a unit struct, reported with empty lists.
use errcat::{error_code, report_env_error};

#[derive(Debug)]
#[error_code(
    "EK0301",
    message = "Profiling was stopped by the user.",
    solution = "Start Profiling again."
)]
pub struct Stopped;

const RENDERED: &str =
    "EK0301: Profiling was stopped by the user.\r\n        Solution: Start Profiling again.\r\n";

fn main() {
    report_env_error!("EK0301", [], []);
    assert_eq!(errcat::take_error_message().as_deref(), Some(RENDERED));
    Stopped.report();
    assert_eq!(errcat::take_error_message().as_deref(), Some(RENDERED));
    assert_eq!(Stopped.to_string(), "Profiling was stopped by the user.");
}
