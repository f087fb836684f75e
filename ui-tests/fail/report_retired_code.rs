// A report of a retired code fails at the code, naming the replacement.
use errcat::error_code;

#[error_code(
    "EV0003",
    message = "Device %s is busy.",
    args = "device_id",
    retired = "2.0",
    replacement = "EV0013"
)]
#[derive(Debug)]
#[allow(dead_code)]
struct DeviceBusy {
    device_id: u32,
}

#[error_code("EV0013", message = "Device {device_id} is busy ({reason}).")]
#[derive(Debug)]
#[allow(dead_code)]
struct DeviceBusyFor {
    device_id: u32,
    reason: String,
}

fn main() {
    errcat::report!("EV0003", ["device_id"], [7]);
}
