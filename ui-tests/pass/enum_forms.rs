// Enums: one definition per variant, found by its code, reported as values, with sources.
use errcat::{ErrorCode, error_code, msprof_env_error};

mod driver {
    use errcat::error_code;

    #[derive(Debug)]
    #[error_code]
    pub enum DriverError<'a> {
        #[error_code("EZ0101", message = "Device %s was not found.")]
        NotFound { device_id: u32 },
        #[error_code("EZ0102", message = "Device %s failed: %s.", args = "device_id,reason")]
        Failed {
            device_id: u32,
            reason: &'a str,
            #[source]
            source: std::io::Error,
        },
        #[error_code("WZ0103", message = "Driver is outdated.")]
        Outdated,
    }
}

use driver::*;

#[error_code("EZ0104", message = "Plain struct %s.")]
#[derive(Debug)]
pub struct DeriveBelow {
    pub what: u8,
}

fn main() {
    msprof_env_error!("EZ0101", ["device_id"], [7u32]);
    DriverError::Outdated.report();
    let failed = DriverError::Failed {
        device_id: 1,
        reason: "bus",
        source: std::io::Error::other("x"),
    };
    failed.report();
    assert_eq!(failed.definition().code(), "EZ0102");
    DeriveBelow { what: 1 }.report();
    let message = errcat::take_error_message().unwrap();
    assert!(message.starts_with("EZ0101: Device 7 was not found.\r\n"), "{message}");
    assert!(message.contains("Device 1 failed: bus."), "{message}");
    assert_eq!(
        errcat::take_warning_message().as_deref(),
        Some("WZ0103: Driver is outdated.\r\n")
    );
}
