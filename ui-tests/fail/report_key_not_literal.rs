// An argument name is a string literal, not a bare identifier.
use errcode_profiling as _;

fn main() {
    errcode::msprof_env_error!("EK0201", [buf_size], ["1048576B"]);
}
