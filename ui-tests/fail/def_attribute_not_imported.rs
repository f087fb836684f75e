// `#[error_code]` without its import, in a file that uses errcode otherwise:
// what rustc says (it names the import to add).
#[derive(Debug)]
#[error_code("EZ0406", message = "Device {device_id} was not found.")]
pub struct DeviceNotFound {
    pub device_id: u32,
}

fn main() {
    let _ = errcode::take_error_message();
}
