// More values than argument names: the first value without a name is reported.
use errcode_profiling as _;

fn main() {
    errcode::msprof_env_error!("EK0201", ["buf_size"], ["1048576B", "host"]);
}
