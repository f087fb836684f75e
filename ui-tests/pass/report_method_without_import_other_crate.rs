// `.report()` on a type of another crate, in a file with no `use errcat::...`:
// the type's own method, which needs no import.
use devmgr_errors::DeviceError;

fn main() {
    DeviceError::NotFound { device_id: 7 }.report();
    assert_eq!(
        errcat::take_error_message().unwrap().lines().next(),
        Some("EV0001: Device 7 was not found.")
    );
}
