// A named placeholder that is no field: the error names it and the field
// it most likely means, which is then not reported missing as well.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EZ0002", message = "Device {devce_id} is busy with {task}.")]
pub struct DeviceBusy {
    pub device_id: u32,
    pub task: String,
}

// A field the message never names would never be shown.
#[derive(Debug)]
#[error_code("EZ0003", message = "Device {device_id} is busy.")]
pub struct Unshown {
    pub device_id: u32,
    pub task: String,
}

fn main() {}
