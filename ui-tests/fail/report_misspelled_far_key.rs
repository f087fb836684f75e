// A name too far from the definition's for a spelling slip, where one
// argument is missing: one mistake, told once, at the name, with the
// argument it stands for.
use errcat::prelude::*;

#[derive(Debug)]
#[error_code("EZ0011", message = "Device {device_id} was not found.")]
pub struct DeviceNotFound {
    pub device_id: u32,
}

fn main() {
    report!("EZ0011", ["device"], [7u32]);
}
