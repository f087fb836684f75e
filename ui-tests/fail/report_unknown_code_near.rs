// A code no crate in reach defines, one slip away from codes that are
// defined: the error offers the nearest live one (two digits swapped, the
// other severity, one digit changed), at the code. A retired code is not
// offered (its sites fail too): the site then gets the error without one.
use errcat::prelude::*;

#[derive(Debug)]
#[error_code("EZ0101", message = "Device {device_id} was not found.")]
pub struct DeviceNotFound {
    pub device_id: u32,
}

#[derive(Debug)]
#[error_code("EZ0111", message = "Device {device_id} is offline.")]
pub struct DeviceOffline {
    pub device_id: u32,
}

#[derive(Debug)]
#[error_code("EZ0300", message = "Queue {queue} is full.", retired = "1.2")]
pub struct QueueFull {
    pub queue: u32,
}

#[allow(deprecated)]
fn main() {
    let _ = (DeviceNotFound { device_id: 1 }, DeviceOffline { device_id: 1 });
    let _ = QueueFull { queue: 1 };
    // Two digits swapped.
    report!("EZ0110", ["device_id"], [7u32]);
    // The other severity.
    report!("WZ0111", ["device_id"], [7u32]);
    // Only a retired code is near.
    report!("EZ0301", ["queue"], [7u32]);
}
