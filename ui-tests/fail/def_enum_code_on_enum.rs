// On an enum the attribute takes no code: the variants carry theirs.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EZ0100", message = "Driver failed.")]
pub enum DriverError {
    #[error_code("EZ0101", message = "Device %s was not found.")]
    NotFound { device_id: u32 },
}

fn main() {}
