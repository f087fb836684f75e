// `.report()` on a type of another crate, in a file with no `use errcode::...`:
// rustc suggests the path a user can write, `errcode::ErrorCode`.
use devmgr_errors::DeviceError;

fn main() {
    DeviceError::NotFound { device_id: 7 }.report();
}
