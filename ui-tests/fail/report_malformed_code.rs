// A malformed code at a report site is reported at the code literal.
use errcat_profiling as _;

fn main() {
    errcat::msprof_env_error!("EK201", ["buf_size"], ["1048576B"]);
}
