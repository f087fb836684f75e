// A report takes its names and its values in brackets.
use errcat_profiling as _;

fn main() {
    errcat::msprof_env_error!("EK0201", "buf_size", "1048576B");
}
