// A report takes its names and its values in brackets.
use errcode_profiling as _;

fn main() {
    errcode::msprof_env_error!("EK0201", "buf_size", "1048576B");
}
