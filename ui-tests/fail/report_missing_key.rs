// Every argument of the definition must be given.
use errcat_profiling as _;

fn main() {
    errcat::msprof_input_error!("EK0001", ["value", "param"], ["-1", "--aic-freq"]);
}
