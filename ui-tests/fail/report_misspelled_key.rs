// A misspelled argument name is reported at the name, suggesting the right one.
use errcat_profiling as _;

fn main() {
    errcat::msprof_input_error!(
        "EK0001",
        ["vale", "param", "reason"],
        ["-1", "--aic-freq", "it must be positive"]
    );
}
