// `replacement` without `retired`, and a retired code replaced by itself.
use errcat::error_code;

#[error_code("EV0003", message = "Device {device_id} is busy.", replacement = "EV0013")]
#[derive(Debug)]
pub struct DeviceBusy {
    pub device_id: u32,
}

#[error_code("EV0004", message = "Device {device_id} is lost.", retired = "2.0", replacement = "EV0004")]
#[derive(Debug)]
pub struct DeviceLost {
    pub device_id: u32,
}

#[error_code("EV0005", message = "Device {device_id} is off.", retired = " ", replacement = "EV00O5")]
#[derive(Debug)]
pub struct DeviceOff {
    pub device_id: u32,
}

fn main() {}
