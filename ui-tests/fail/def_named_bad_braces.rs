// What `format!` allows and a message does not: positional `{}`, a format
// spec, and an unmatched brace.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EZ0004", message = "Device {} took {millis:>8} ms {")]
pub struct Slow {
    pub device_id: u32,
    pub millis: u64,
}

fn main() {}
