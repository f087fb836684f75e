// `report!` checks a call as the CANN-named macros do.
use errcat::prelude::*;

#[derive(Debug)]
#[error_code("EZ0001", message = "Device {device_id} was not found.")]
pub struct DeviceNotFound {
    pub device_id: u32,
}

fn main() {
    report!("EZ0001", ["devce_id"], [7u32]);
}
