// #[error_code] does not go on an enum; report sites of its code show no error of their own.
use errcode::{error_code, msprof_env_error};

#[error_code("EK0201", message = "Failed to allocate %s host memory for Profiling.")]
pub enum InsufficientHostMemory {
    Host(String),
}

fn main() {
    msprof_env_error!("EK0201", ["buf_size"], ["1048576B"]);
}
