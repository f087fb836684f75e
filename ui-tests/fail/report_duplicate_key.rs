// An argument name given twice is reported at its second occurrence.
use errcat_profiling as _;

fn main() {
    errcat::msprof_input_error!(
        "EK0006",
        ["api", "param", "param"],
        ["aclprofStart", "config", "config"]
    );
}
