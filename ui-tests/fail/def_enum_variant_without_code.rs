// Each variant of an #[error_code] enum carries its own code.
use errcat::error_code;

#[derive(Debug)]
#[error_code]
pub enum DriverError {
    #[error_code("EZ0101", message = "Device %s was not found.")]
    NotFound { device_id: u32 },
    Timeout { device_id: u32 },
}

fn main() {}
