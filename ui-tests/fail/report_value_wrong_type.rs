// A value must convert into its field's type; the error is at the value.
use errcode::error_code;

#[derive(Debug)]
#[error_code("EK0201", message = "Failed to allocate %s host memory for Profiling.")]
pub struct InsufficientHostMemory {
    pub buf_size: String,
}

fn main() {
    errcode::msprof_env_error!("EK0201", ["buf_size"], [1048576usize]);
}
