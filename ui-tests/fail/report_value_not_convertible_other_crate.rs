// The check of a value's type holds for a definition in another crate: a
// text for EV0001's `device_id` (a `u32`) fails at the value.
use devmgr_errors as _;

fn main() {
    errcat::report!("EV0001", ["device_id"], ["seven"]);
}
