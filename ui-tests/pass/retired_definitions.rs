// Retired definitions compile without a warning of their own (their
// generated impls use the deprecated type), and a value made where
// deprecation is allowed still renders: old code keeps working.
#![deny(warnings)]
use errcat::error_code;

#[error_code("EV0003", message = "Device {device_id} is busy.", retired = "2.0", replacement = "EV0013")]
#[derive(Debug)]
pub struct DeviceBusy {
    pub device_id: u32,
}

#[error_code]
#[derive(Debug)]
pub enum DeviceError {
    #[error_code("EV0004", message = "Device {device_id} is lost.", retired = "2026-03-01")]
    Lost { device_id: u32 },
    #[error_code("EV0014", message = "Device {device_id} is gone.")]
    Gone { device_id: u32 },
}

#[allow(deprecated)]
fn main() {
    assert_eq!(DeviceBusy { device_id: 7 }.to_string(), "Device 7 is busy.");
    assert_eq!(DeviceError::Lost { device_id: 8 }.to_string(), "Device 8 is lost.");
    DeviceError::Gone { device_id: 9 }.report();
}
