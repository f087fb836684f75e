// #[error_code] does not go on a function.
use errcat::error_code;

#[error_code("EK0201", message = "Failed to allocate %s host memory for Profiling.")]
pub fn insufficient_host_memory(buf_size: String) -> String {
    buf_size
}

fn main() {}
