// `.report()` and `.reported()` with no trait in scope: they are the type's
// own methods.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EZ0001", message = "Device {device_id} was not found.")]
pub struct DeviceNotFound {
    pub device_id: u32,
}

fn main() {
    DeviceNotFound { device_id: 7 }.report();
    let error = DeviceNotFound { device_id: 8 }.reported();
    assert_eq!(error.device_id, 8);
    assert_eq!(
        errcat::take_error_message().unwrap().lines().next(),
        Some("EZ0001: Device 7 was not found.")
    );
}
