// A report site in another crate, with only the type imported: the code's
// definition is found in devmgr-errors, and its arguments checked.
use devmgr_errors::DeviceError;

fn main() {
    let _ = DeviceError::NotFound { device_id: 0 };
    errcat::report!("EV0002", ["task", "device_id"], ["copy", 7]);
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EV0002: Device 7 is busy with task copy.\r\n")
    );
}
