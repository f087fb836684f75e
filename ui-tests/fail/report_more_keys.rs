// More argument names than values: the first name without a value is reported.
use errcat_profiling as _;

fn main() {
    errcat::msprof_input_error!("EK0001", ["value", "param", "reason"], ["-1", "--aic-freq"]);
}
