// A report by code checks each value against its argument's type: a text for
// a `u32` argument is rejected at the value, naming the code and the
// argument; the text argument takes any `Display` value.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EZ0031", message = "Device {device_id} is busy with {task}.")]
pub struct DeviceBusy {
    pub device_id: u32,
    pub task: String,
}

fn main() {
    errcat::report!("EZ0031", ["device_id", "task"], ["seven", 42]);
    let id: u64 = 7;
    errcat::report!("EZ0031", ["task", "device_id"], ["training", id]);
}
