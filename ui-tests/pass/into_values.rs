// A report site's values are shown with `Display`, whatever the field's type:
// a `String` and a `&str` literal fill the `String` fields alike.
use errcat_profiling as _;

fn main() {
    let mode = String::from("system");
    errcat::msprof_env_error!("EK0007", ["mode1", "mode2"], [mode, "api"]);
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some(
            "EK0007: Failed to start Profiling in system mode because it is already in api mode.\r\n\
             \x20       PossibleCause: Do not enable two or more profile data collection modes. Example: When Profiling is started using msprof command lines, do not use acl APIs in the app to start Profiling data collection.\r\n\
             \x20       Solution: Change the Profiling startup mode as required.\r\n"
        )
    );
}
