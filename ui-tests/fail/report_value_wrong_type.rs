// A value must convert into its field's type; the error is at the value.
use errcode_profiling::*;

fn main() {
    errcode::msprof_env_error!("EK0201", ["buf_size"], [1048576usize]);
}
