//! Test support: a crate that depends only on a crate of definitions
//! (devmgr-errors), not on errcat, and imports none of errcat's traits:
//! `.report()` and `.reported()` are the types' own methods.

use devmgr_errors::DeviceError;
use devmgr_errors::device::DeviceReset;

/// Opens a device: an unknown id is reported and returned in one
/// expression, with `?`.
///
/// # Errors
///
/// `DeviceError::NotFound` for an id over 7.
pub fn open(device_id: u32) -> Result<u32, DeviceError> {
    if device_id > 7 {
        Err(DeviceError::NotFound { device_id }.reported())?;
    }
    Ok(device_id)
}

/// Reports that a device was reset, and goes on.
pub fn reset(device_id: u32) {
    DeviceReset { device_id }.report();
}
