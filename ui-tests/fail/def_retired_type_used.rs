// Code that builds a retired definition's type is warned, as any use of a
// deprecated item is; a crate that denies warnings fails.
#![deny(deprecated)]
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

fn main() {
    DeviceBusy { device_id: 7 }.report();
    DeviceError::Lost { device_id: 7 }.report();
    DeviceError::Gone { device_id: 7 }.report();
}
