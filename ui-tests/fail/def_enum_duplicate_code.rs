// Two variants cannot share a code: a report names a variant by its code.
use errcat::error_code;

#[derive(Debug)]
#[error_code]
pub enum DriverError {
    #[error_code("EZ0101", message = "Device %s was not found.")]
    NotFound { device_id: u32 },
    #[error_code("EZ0101", message = "Device %s is missing.")]
    Missing { device_id: u32 },
}

fn main() {}
