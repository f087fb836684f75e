// A report site's value is shown with `Display`, as the message shows it: a
// value that is not `Display` is rejected at the value.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EK0201", message = "Failed to allocate %s host memory for Profiling.")]
pub struct InsufficientHostMemory {
    pub buf_size: String,
}

fn main() {
    errcat::msprof_env_error!("EK0201", ["buf_size"], [vec![1048576usize]]);
}
