// `.report()` without the trait in scope: rustc suggests the path a user
// can write, `errcat::ErrorCode`, since the trait is defined in the facade.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EZ0001", message = "Device {device_id} was not found.")]
pub struct DeviceNotFound {
    pub device_id: u32,
}

fn main() {
    DeviceNotFound { device_id: 7 }.report();
}
