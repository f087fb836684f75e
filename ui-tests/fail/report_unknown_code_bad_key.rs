// A site whose names the macro rejects still has its code looked up: an
// undefined code is reported too, at the code, with the nearest defined
// code (EZ0012: two digits swapped).
use errcat::prelude::*;

#[derive(Debug)]
#[error_code("EZ0012", message = "Device {device_id} was not found.")]
pub struct DeviceNotFound {
    pub device_id: u32,
}

fn main() {
    let _ = DeviceNotFound { device_id: 1 };
    report!("EZ0021", [device_id], [7u32]);
}
