// Only `%s` and `%%` may follow a `%` in a template: `%d` and a trailing `%` are rejected.
use errcat::error_code;

#[derive(Debug)]
#[error_code(
    "EK0201",
    message = "Failed to allocate %d bytes of host memory for Profiling."
)]
pub struct PercentD {
    pub buf_size: u64,
}

#[derive(Debug)]
#[error_code("EK0202", message = "Host memory usage reached %s%")]
pub struct TrailingPercent {
    pub usage: u32,
}

fn main() {}
