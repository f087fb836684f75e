// A malformed code at a report site is reported at the code literal.
use errcode_profiling as _;

fn main() {
    errcode::msprof_env_error!("EK201", ["buf_size"], ["1048576B"]);
}
