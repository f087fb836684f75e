//! The limits of a store: how many items, how many bytes per message.
//!
//! Limits are process-wide, so each test here holds `LIMITS` while it runs.

use std::sync::Mutex;

use errcat::{InvalidLimits, Limits, error_code};

static LIMITS: Mutex<()> = Mutex::new(());

#[derive(Debug)]
#[error_code("EZ0700", message = "Item %s failed.")]
pub struct ItemFailed {
    pub item: String,
}

/// Puts the defaults back, also when a test fails.
struct RestoreDefaults;

impl Drop for RestoreDefaults {
    fn drop(&mut self) {
        errcat::set_limits(Limits::default()).unwrap();
    }
}

fn with_limits(limits: Limits, f: impl FnOnce()) {
    let _serial = LIMITS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let _restore = RestoreDefaults;
    errcat::set_limits(limits).unwrap();
    f();
}

#[test]
fn defaults_are_the_cpp_error_managers() {
    assert_eq!(Limits::default().max_items(), 1_000);
    assert_eq!(Limits::default().max_message_bytes(), 1_024);
}

#[test]
fn past_the_item_limit_the_earliest_are_kept_and_the_rest_counted() {
    with_limits(Limits::default().with_max_items(3), || {
        for item in 0..10 {
            ItemFailed {
                item: item.to_string(),
            }
            .report();
        }
        assert_eq!(
            errcat::take_error_message().as_deref(),
            Some(
                "EZ0700: Item 0 failed.\r\n\
                 \x20       TraceBack (most recent call last):\r\n\
                 \x20       Item 1 failed.\r\n\
                 \x20       Item 2 failed.\r\n\
                 \x20       ... 7 more messages dropped\r\n"
            )
        );
        // The count starts again after a take.
        ItemFailed {
            item: "again".into(),
        }
        .report();
        assert_eq!(
            errcat::take_error_message().as_deref(),
            Some("EZ0700: Item again failed.\r\n")
        );
    });
}

#[test]
fn an_over_long_message_is_cut_at_a_char_boundary() {
    with_limits(Limits::default().with_max_message_bytes(32), || {
        // 29 bytes are kept before "...": "Item " and twelve two-byte "é".
        ItemFailed {
            item: "é".repeat(40),
        }
        .report();
        let reports = errcat::take_reports();
        let message = reports[0].message();
        assert_eq!(message, format!("Item {}...", "é".repeat(12)));
        assert_eq!(message.len(), 32);
        assert!(message.len() <= 32);
        // The value is kept within the limit too; a cut at byte 29 would split
        // an "é", so 28 bytes are kept.
        let (_, value) = reports[0].args().next().unwrap();
        assert_eq!(value, format!("{}...", "é".repeat(14)));
    });
}

#[test]
fn a_message_at_the_limit_is_kept_whole_and_one_byte_more_is_cut() {
    with_limits(Limits::default().with_max_message_bytes(16), || {
        ItemFailed {
            item: "1234".into(),
        }
        .report();
        assert_eq!(errcat::take_reports()[0].message(), "Item 1234 fai...");
        ItemFailed { item: "123".into() }.report();
        assert_eq!(errcat::take_reports()[0].message(), "Item 123 failed.");
    });
}

#[test]
fn invalid_limits_are_refused_with_a_reason() {
    let _serial = LIMITS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let error: InvalidLimits = errcat::set_limits(Limits::default().with_max_items(0)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid limits (max_items 0, max_message_bytes 1024): a store keeps at least 1 item and 16 bytes of a message, and at most 4294967295 of either"
    );
    assert!(errcat::set_limits(Limits::default().with_max_message_bytes(15)).is_err());
    assert!(errcat::set_limits(Limits::default().with_max_items(1 << 32)).is_err());
    assert_eq!(
        errcat::limits(),
        Limits::default(),
        "refused limits change nothing"
    );
}

#[test]
fn a_reader_sees_a_pair_of_limits_that_was_set() {
    let _serial = LIMITS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let small = Limits::default()
        .with_max_items(10)
        .with_max_message_bytes(100);
    let large = Limits::default()
        .with_max_items(20_000)
        .with_max_message_bytes(50_000);
    let done = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            for round in 0..200_000 {
                errcat::set_limits(if round % 2 == 0 { small } else { large }).unwrap();
            }
            done.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        while !done.load(std::sync::atomic::Ordering::Relaxed) {
            let seen = errcat::limits();
            assert!(
                seen == small || seen == large || seen == Limits::default(),
                "{seen:?}"
            );
        }
    });
    errcat::set_limits(Limits::default()).unwrap();
}
