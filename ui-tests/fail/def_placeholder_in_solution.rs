// Only the message is filled in: a placeholder in the cause or the solution
// would be shown as written, so each is rejected at its text.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EZ0401",
    message = "Process {pid} holds device {device_id}.",
    cause = "The device is held by process %s.",
    solution = "Stop process {pid}, then retry.")]
pub struct DeviceHeld {
    pub pid: u32,
    pub device_id: u32,
}

fn main() {}
