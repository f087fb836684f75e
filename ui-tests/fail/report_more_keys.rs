// More argument names than values: the first name without a value is reported.
use errcode_profiling as _;

fn main() {
    errcode::msprof_input_error!("EK0001", ["value", "param", "reason"], ["-1", "--aic-freq"]);
}
