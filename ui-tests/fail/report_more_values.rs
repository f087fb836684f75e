// More values than argument names: the first value without a name is reported.
use errcat_profiling as _;

fn main() {
    errcat::msprof_env_error!("EK0201", ["buf_size"], ["1048576B", "host"]);
}
