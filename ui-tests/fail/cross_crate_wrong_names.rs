// A site of a code defined in another crate that gives none of its
// names: one mistake, at the name, with the definition's arguments and
// where it is; no frame of errcat's, no span into its source.
use devmgr_errors::MemoryError;

fn main() {
    let _ = MemoryError::TooSmall { size: 0, needed: 1 };
    let id = 7;
    errcat::report!("EV0103", ["device_id"], [id]);
}
