// A code no crate in reach defines, one digit away from a code that
// devmgr-errors defines (EV0105): the error offers it, with its type and
// module in the other crate.
use devmgr_errors::DeviceError;

fn main() {
    let _ = DeviceError::NotFound { device_id: 0 };
    errcat::report!("EV0106", ["address"], ["0x10"]);
}
