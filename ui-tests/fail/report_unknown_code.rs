// A report of a code with no definition in scope is rejected at the code.
use errcode_profiling::*;

fn main() {
    errcode::msprof_env_error!("EK0299", ["buf_size"], ["1048576B"]);
}
