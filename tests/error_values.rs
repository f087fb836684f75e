//! Definitions behave as the error values Rust users know from `thiserror`:
//! reported by reference, propagated with `?`, found behind `dyn Error` and
//! `anyhow`, with sources, as enums, with the user's own `Debug`.

use std::error::Error as _;

use errcat::{ErrorCode, error_code, msprof_env_error};

#[derive(Debug)]
#[error_code(
    "EZ0001",
    title = "Device_Error",
    message = "Device %s was not found.",
    cause = "The device id is out of range.",
    solution = "Use an id from 0 to 7."
)]
pub struct DeviceNotFound {
    pub device_id: u32,
}

#[error_code("EZ0002", message = "Buffer of %s bytes is too small.")]
#[derive(Debug, Clone, PartialEq)]
pub struct BufferTooSmall {
    pub size: usize,
}

#[derive(Debug)]
#[error_code("EZ0003", message = "Failed to read %s.")]
pub struct ReadFailed {
    pub path: String,
    #[source]
    pub source: std::io::Error,
}

#[derive(Debug)]
#[error_code("EZ0004", message = "Failed to load %s.")]
pub struct LoadFailed {
    pub what: String,
    #[source]
    pub source: Option<Box<dyn std::error::Error + Send + Sync>>,
}

/// `report` and `reported` are the type's own: no import.
#[derive(Debug)]
#[error_code("EZ0005", message = "Queue %s is full.")]
pub struct QueueFull {
    pub queue: &'static str,
}

#[derive(Debug)]
#[error_code]
pub enum DriverError {
    #[error_code("EZ0101", message = "Device %s was not found.")]
    NotFound { device_id: u32 },
    #[error_code(
        "EZ0102",
        message = "Device %s timed out after %s ms.",
        solution = "Check the cable.",
        args = "device_id,millis"
    )]
    Timeout { device_id: u32, millis: u64 },
    #[error_code("EZ0103", message = "Driver I/O failed on %s.")]
    Io {
        device: String,
        #[source]
        source: std::io::Error,
    },
    #[error_code("WZ0104", message = "Driver is outdated.")]
    Outdated,
}

fn open(device_id: u32) -> Result<(), DeviceNotFound> {
    let error = DeviceNotFound { device_id };
    error.report();
    Err(error)
}

fn boxed(device_id: u32) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    open(device_id)?;
    Ok(())
}

#[test]
fn a_value_is_reported_by_reference_and_returned() {
    let error = open(7).unwrap_err();
    assert_eq!(error.device_id, 7);
    let result: Result<(), BufferTooSmall> = Err(BufferTooSmall { size: 16 });
    let result = result.inspect_err(|e| e.report());
    assert_eq!(result, Err(BufferTooSmall { size: 16 }));
    assert_eq!(
        errcat::take_error_message().unwrap(),
        "EZ0001: Device 7 was not found.\r\n\
         \x20       PossibleCause: The device id is out of range.\r\n\
         \x20       Solution: Use an id from 0 to 7.\r\n\
         \x20       TraceBack (most recent call last):\r\n\
         \x20       Buffer of 16 bytes is too small.\r\n"
    );
}

#[test]
fn report_and_reported_need_no_import() {
    // The type's own methods: found with the trait out of scope too (see
    // ui-tests/pass/report_method_without_import.rs).
    QueueFull { queue: "rx" }.report();
    let returned = QueueFull { queue: "tx" }.reported();
    assert_eq!(returned.queue, "tx");
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some(
            "EZ0005: Queue rx is full.\r\n\
             \x20       TraceBack (most recent call last):\r\n\
             \x20       Queue tx is full.\r\n"
        )
    );
}

#[test]
fn display_is_the_message_and_the_alternate_form_adds_the_code() {
    let error = DeviceNotFound { device_id: 7 };
    assert_eq!(error.to_string(), "Device 7 was not found.");
    assert_eq!(format!("{error:#}"), "EZ0001: Device 7 was not found.");
    assert_eq!(
        format!(
            "{:#}",
            DriverError::Timeout {
                device_id: 1,
                millis: 30
            }
        ),
        "EZ0102: Device 1 timed out after 30 ms."
    );
    assert_eq!(format!("{error:?}"), "DeviceNotFound { device_id: 7 }");
}

#[test]
fn the_definition_of_a_value() {
    let def = DeviceNotFound { device_id: 1 }.definition();
    assert_eq!(def.code(), "EZ0001");
    assert_eq!(def.title(), Some("Device_Error"));
    assert_eq!(def.fields(), ["device_id"]);
    let timeout = DriverError::Timeout {
        device_id: 1,
        millis: 2,
    };
    assert_eq!(timeout.definition().code(), "EZ0102");
    assert_eq!(timeout.definition().solution(), Some("Check the cable."));
    assert_eq!(DriverError::Outdated.definition().code(), "WZ0104");
    assert!(DriverError::Outdated.definition().is_warning());
}

#[test]
fn the_definition_is_found_behind_dyn_error_and_question_marks() {
    let error = boxed(3).unwrap_err();
    assert_eq!(
        errcat::definition_of(error.as_ref()).map(|def| def.code()),
        Some("EZ0001")
    );
    let _ = errcat::take_error_message();
    let io = std::io::Error::other("disk on fire");
    assert!(errcat::definition_of(&io).is_none());
}

#[test]
fn the_definition_is_found_through_anyhow_and_its_context() {
    fn load() -> anyhow::Result<()> {
        Err(BufferTooSmall { size: 8 })?
    }
    fn configure() -> anyhow::Result<()> {
        use anyhow::Context as _;
        load().context("while configuring the profiler")?;
        Ok(())
    }
    let error = load().unwrap_err();
    assert_eq!(
        errcat::definition_of(error.as_ref()).map(|def| def.code()),
        Some("EZ0002")
    );
    let error = configure().unwrap_err();
    assert_eq!(error.to_string(), "while configuring the profiler");
    let def = errcat::definition_of(error.as_ref()).unwrap();
    assert_eq!(def.code(), "EZ0002");
    // An errcode error deeper in a source chain, under a foreign one.
    let read = ReadFailed {
        path: "a.json".into(),
        source: std::io::Error::other("denied"),
    };
    let wrapped = anyhow::Error::new(read).context("loading settings");
    assert_eq!(
        errcat::definition_of(wrapped.as_ref()).map(|def| def.code()),
        Some("EZ0003")
    );
    // An enum's variant.
    let driver: anyhow::Error = DriverError::NotFound { device_id: 4 }.into();
    assert_eq!(
        errcat::definition_of(driver.as_ref()).map(|def| def.code()),
        Some("EZ0101")
    );
}

#[test]
fn a_source_field_is_the_source_and_no_argument() {
    let error = ReadFailed {
        path: "a.json".into(),
        source: std::io::Error::other("permission denied"),
    };
    assert_eq!(error.definition().fields(), ["path"]);
    assert_eq!(error.to_string(), "Failed to read a.json.");
    assert_eq!(error.source().unwrap().to_string(), "permission denied");
    let optional = LoadFailed {
        what: "settings".into(),
        source: None,
    };
    assert!(optional.source().is_none());
    let optional = LoadFailed {
        what: "settings".into(),
        source: Some("bad header".into()),
    };
    assert_eq!(optional.source().unwrap().to_string(), "bad header");
    let driver = DriverError::Io {
        device: "dev0".into(),
        source: std::io::Error::other("bus error"),
    };
    assert_eq!(driver.source().unwrap().to_string(), "bus error");
    assert!(DriverError::Outdated.source().is_none());
    error.report();
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EZ0003: Failed to read a.json.\r\n")
    );
}

#[test]
fn enum_variants_are_definitions_found_by_their_codes() {
    msprof_env_error!("EZ0101", ["device_id"], [7u32]);
    msprof_env_error!("EZ0102", ["millis", "device_id"], [250u64, 2u32]);
    DriverError::NotFound { device_id: 8 }.report();
    DriverError::Outdated.report();
    assert_eq!(
        errcat::take_error_message().unwrap(),
        "EZ0101: Device 7 was not found.\r\n\
         \x20       TraceBack (most recent call last):\r\n\
         \x20       Device 2 timed out after 250 ms.\r\n\
         \x20       Device 8 was not found.\r\n"
    );
    assert_eq!(
        errcat::take_warning_message().as_deref(),
        Some("WZ0104: Driver is outdated.\r\n")
    );
    for code in ["EZ0101", "EZ0102", "EZ0103", "WZ0104"] {
        assert_eq!(
            errcat::registry().get(code).map(|def| def.code()),
            Some(code)
        );
    }
    assert_eq!(
        errcat::registry().get("EZ0102").unwrap().fields(),
        ["device_id", "millis"]
    );
    assert_eq!(
        DriverError::Timeout {
            device_id: 1,
            millis: 2
        }
        .to_string(),
        "Device 1 timed out after 2 ms."
    );
}

#[test]
fn a_crate_that_does_not_depend_on_errcat_reports_with_the_types_own_methods() {
    // no-errcat-dep names only devmgr-errors, and imports no trait.
    assert!(no_errcat_dep::open(9).is_err());
    no_errcat_dep::reset(3);
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some(
            "EV0001: Device 9 was not found.\r\n\
             \x20       PossibleCause: The device id is not among the devices of this host.\r\n\
             \x20       Solution: List the devices and use one of their ids.\r\n"
        )
    );
    assert_eq!(
        errcat::take_warning_message().as_deref(),
        Some("WV0006: Device 3 was reset while in use.\r\n")
    );
}

/// `report` on a definition with `#[from]`: `?` reports the error it builds.
#[derive(Debug)]
#[error_code]
pub enum ServiceError {
    #[error_code("EZ0301", message = "The configuration could not be read.", report)]
    Config {
        #[from]
        source: std::fmt::Error,
    },
    #[error_code(transparent, report)]
    Driver(#[from] DriverError),
    #[error_code(transparent)]
    Io(#[from] std::io::Error),
}

fn read_config() -> Result<(), ServiceError> {
    Err(std::fmt::Error)?;
    Ok(())
}

fn probe_driver() -> Result<(), ServiceError> {
    // Not reported here: the conversion of `?` reports it.
    Err(DriverError::NotFound { device_id: 4 })?;
    Ok(())
}

fn read_pipe() -> Result<(), ServiceError> {
    Err(std::io::Error::other("pipe closed"))?;
    Ok(())
}

#[test]
fn report_on_from_makes_the_question_mark_report_the_error_it_returns() {
    let error = read_config().unwrap_err();
    assert_eq!(error.try_definition().map(|def| def.code()), Some("EZ0301"));
    let message = errcat::take_error_message().unwrap();
    assert_eq!(message, "EZ0301: The configuration could not be read.\r\n");
    let error = probe_driver().unwrap_err();
    assert_eq!(error.to_string(), "Device 4 was not found.");
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EZ0101: Device 4 was not found.\r\n")
    );
    // Without `report`, `?` converts and reports nothing.
    assert!(read_pipe().is_err());
    assert_eq!(errcat::take_error_message(), None);
}

#[test]
fn report_on_from_is_reported_at_the_question_mark() {
    let line = line!() + 3;
    let _ = errcat::take_reports();
    let result: Result<(), ServiceError> = (|| {
        Err(std::fmt::Error)?;
        Ok(())
    })();
    assert!(result.is_err());
    let reports = errcat::take_reports();
    assert_eq!(reports.len(), 1);
    let at = reports[0].location();
    assert_eq!((at.file, at.line), (file!(), line));
}
