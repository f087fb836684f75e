// A misspelled argument of a code defined in another crate: the error names
// the code, the names, the one meant, and where the code is defined.
use devmgr_errors::DeviceError;

fn main() {
    let _ = DeviceError::NotFound { device_id: 0 };
    errcat::report!("EV0002", ["device_id", "tsk"], [7, "copy"]);
}
