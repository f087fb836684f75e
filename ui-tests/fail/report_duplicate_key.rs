// An argument name given twice is reported at its second occurrence.
use errcode_profiling as _;

fn main() {
    errcode::msprof_input_error!(
        "EK0006",
        ["api", "param", "param"],
        ["aclprofStart", "config", "config"]
    );
}
