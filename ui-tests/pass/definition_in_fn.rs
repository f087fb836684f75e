// A definition inside a function body is reported in that body.
use errcat::{error_code, msprof_env_error};

fn main() {
    #[derive(Debug)]
    #[error_code("EZ0100", message = "Stage %s took %s ms.", args = "stage,millis")]
    struct SlowStage {
        stage: &'static str,
        millis: u64,
    }

    msprof_env_error!("EZ0100", ["stage", "millis"], ["flush", 1500u64]);
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EZ0100: Stage flush took 1500 ms.\r\n")
    );
    let _ = SlowStage {
        stage: "a",
        millis: 1,
    };
}
