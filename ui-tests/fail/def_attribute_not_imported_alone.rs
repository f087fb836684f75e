// `#[error_code]` without its import, in a crate that names errcode nowhere
// else: rustc has not loaded the crate, and says only that it cannot find
// the attribute.
#[derive(Debug)]
#[error_code("EZ0406", message = "Device {device_id} was not found.")]
pub struct DeviceNotFound {
    pub device_id: u32,
}

fn main() {}
