// An enum's variants carry named fields, like structs; report sites of its codes show no error of their own.
use errcat::{error_code, msprof_env_error};

#[derive(Debug)]
#[error_code]
pub enum HostError {
    #[error_code("EK0201", message = "Failed to allocate %s host memory for Profiling.")]
    Memory(String),
}

fn main() {
    msprof_env_error!("EK0201", ["buf_size"], ["1048576B"]);
}
