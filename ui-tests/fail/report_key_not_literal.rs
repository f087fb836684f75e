// An argument name is a string literal, not a bare identifier.
use errcat_profiling as _;

fn main() {
    errcat::msprof_env_error!("EK0201", [buf_size], ["1048576B"]);
}
