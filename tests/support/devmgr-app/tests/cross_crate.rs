//! Reports across crates: codes of devmgr-errors reported from devmgr-app
//! by value, by `reported()` with `?`, and by code, all in one store.

use errcat::{Layout, registry, take_error_message_with};

#[test]
fn codes_of_another_crate_report_by_value_and_by_code() {
    assert!(devmgr_app::open(1).is_ok());
    let error = devmgr_app::open(7).unwrap_err();
    assert_eq!(error.to_string(), "Device 7 was not found.");
    assert!(!devmgr_app::reserve(2, 2 << 30));
    let error = devmgr_app::open_node("/dev/davinci2", 2).unwrap_err();
    assert_eq!(
        std::error::Error::source(&error).unwrap().to_string(),
        "denied"
    );
    let _ = devmgr_app::double_free("0x7f00");
    assert_eq!(
        take_error_message_with(Layout::Plain).as_deref(),
        Some(
            "EV0001: Device 7 was not found.\n\
             \x20       PossibleCause: The device id is not among the devices of this host.\n\
             \x20       Solution: List the devices and use one of their ids.\n\
             \x20       TraceBack (most recent call last):\n\
             \x20       EV0102: Failed to allocate 2147483648B on device 2.\n\
             \x20       EV0003: Cannot open /dev/davinci2 for device 2.\n\
             \x20       EV0105: Memory at 0x7f00 was freed twice.\n"
        )
    );
}

#[test]
fn an_error_reported_with_question_mark_reaches_anyhow_with_its_code() {
    fn start(device_id: u32) -> anyhow::Result<()> {
        devmgr_app::open(device_id)?;
        Ok(())
    }
    let error = start(9).unwrap_err();
    assert_eq!(
        errcat::definition_of(error.as_ref()).unwrap().code(),
        "EV0001"
    );
    let _ = errcat::take_error_message();
}

#[test]
fn every_code_of_the_other_crate_is_registered_once() {
    let codes = [
        "EV0001", "EV0002", "EV0003", "EV0004", "EV0005", "WV0006", "EV0101", "EV0102", "EV0103",
        "EV0104", "EV0105", "EV0201", "EV0202", "EV0203", "EV0204", "EV0205",
    ];
    registry().expect_codes(codes).unwrap();
}
