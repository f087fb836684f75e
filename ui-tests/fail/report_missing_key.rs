// Every argument of the definition must be given.
use errcode_profiling as _;

fn main() {
    errcode::msprof_input_error!("EK0001", ["value", "param"], ["-1", "--aic-freq"]);
}
