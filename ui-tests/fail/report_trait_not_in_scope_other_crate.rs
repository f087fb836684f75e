// `.report()` on a type of another crate, in a file with no `use errcat::...`:
// rustc suggests the path a user can write, `errcat::ErrorCode`.
use devmgr_errors::DeviceError;

fn main() {
    DeviceError::NotFound { device_id: 7 }.report();
}
