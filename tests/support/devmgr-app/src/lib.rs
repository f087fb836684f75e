//! Test support: a device manager's service code, reporting the codes of
//! `devmgr-errors` with only its types imported, as a user writes it.

use devmgr_errors::{DeviceError, MemoryError};
use errcat::prelude::*;

/// Opens a device: unknown ids are reported and returned in one expression.
pub fn open(device_id: u32) -> Result<(), DeviceError> {
    if device_id > 3 {
        Err(DeviceError::NotFound { device_id }.reported())?;
    }
    Ok(())
}

/// Reserves memory on a device: a failure is reported by code, with no
/// import of the module that defines it.
pub fn reserve(device_id: u32, size: usize) -> bool {
    if size > 1 << 30 {
        report!(
            "EV0102",
            ["device_id", "size"],
            [device_id, format!("{size}B")]
        );
        return false;
    }
    true
}

/// Opens a device node: its path is shown through the field's adapter.
pub fn open_node(path: &str, device_id: u32) -> Result<(), DeviceError> {
    let source = std::io::Error::new(std::io::ErrorKind::PermissionDenied, "denied");
    Err(DeviceError::Open {
        path: path.into(),
        device_id,
        source,
    }
    .reported())
}

/// Frees memory twice.
pub fn double_free(address: &str) -> MemoryError {
    MemoryError::DoubleFree {
        address: address.to_owned(),
    }
    .reported()
}
