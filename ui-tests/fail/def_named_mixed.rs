// One message, one form: `%s` with `args`, or `{name}`.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EZ0005", message = "Device %s is busy with {task}.")]
pub struct Mixed {
    pub device_id: u32,
    pub task: String,
}

// A named message names its arguments: `args` would say it twice.
#[derive(Debug)]
#[error_code("EZ0006", message = "Device {device_id} is busy.", args = "device_id")]
pub struct Twice {
    pub device_id: u32,
}

fn main() {}
