// A code that neither this crate nor devmgr-errors defines: errcode's own
// error at the code, naming it and the definition to add; no suggestion to
// write another code unquoted, and the import is not reported unused.
use devmgr_errors::device::*;

fn main() {
    let _ = DeviceReset { device_id: 0 };
    errcat::report!("EV0999", ["device_id"], [7]);
}
