//! Each thread keeps its own reports; `take_reports` / `restore_reports`
//! hand them from one thread to another.

use errcat::{msprof_env_error, report_inner_error, take_error_message};
use errcat_profiling as _;

#[test]
fn no_thread_sees_another_threads_reports() {
    let threads: Vec<_> = (0..32)
        .map(|thread| {
            std::thread::spawn(move || {
                let mut rendered = Vec::new();
                for round in 0..50 {
                    for item in 0..=(round % 4) {
                        msprof_env_error!(
                            "EK0005",
                            ["param"],
                            [format!("t{thread}-r{round}-i{item}")]
                        );
                    }
                    rendered.push(take_error_message().unwrap());
                }
                (thread, rendered)
            })
        })
        .collect();
    for handle in threads {
        let (thread, rendered) = handle.join().unwrap();
        for (round, text) in rendered.iter().enumerate() {
            let mut expected =
                format!("EK0005: Parameter t{thread}-r{round}-i0 is not supported.\r\n");
            if round % 4 > 0 {
                expected.push_str("        TraceBack (most recent call last):\r\n");
            }
            for item in 1..=(round % 4) {
                expected.push_str(&format!(
                    "        Parameter t{thread}-r{round}-i{item} is not supported.\r\n"
                ));
            }
            assert_eq!(text, &expected);
        }
    }
    assert_eq!(
        take_error_message(),
        None,
        "the main thread reported nothing"
    );
}

#[test]
fn reports_hand_over_to_another_thread() {
    let (reports, first_line, inner_line) = std::thread::spawn(|| {
        let first_line = line!() + 1;
        msprof_env_error!(
            "EK0001",
            ["value", "param", "reason"],
            ["-5", "interval", "must be positive"]
        );
        let inner_line = line!() + 1;
        report_inner_error!("E19999", "worker {} failed", 3);
        msprof_env_error!("WE0002", ["mode"], ["slow"]);
        (errcat::take_reports(), first_line, inner_line)
    })
    .join()
    .unwrap();
    assert_eq!(reports.len(), 3);
    let first = &reports[0];
    assert_eq!(first.code(), "EK0001");
    assert_eq!(first.title(), Some("Invalid_Argument"));
    assert_eq!(
        first.message(),
        "Value -5 for parameter interval is invalid. Reason: must be positive."
    );
    assert_eq!(
        first.args().collect::<Vec<_>>(),
        [
            ("value", "-5"),
            ("param", "interval"),
            ("reason", "must be positive")
        ]
    );
    assert_eq!(first.cause(), None);
    assert!(
        first.location().file.ends_with("tests/threads.rs"),
        "{}",
        first.location()
    );
    assert_eq!(first.location().line, first_line);
    assert!(!first.is_internal() && !first.is_warning());
    let inner = &reports[1];
    assert_eq!(
        (inner.code(), inner.message()),
        ("E19999", "worker 3 failed")
    );
    assert!(inner.is_internal());
    assert_eq!(inner.args().count(), 0);
    assert_eq!(inner.location().line, inner_line);
    assert!(reports[2].is_warning());

    msprof_env_error!("EK0204", ["reason"], ["disk full"]);
    errcat::restore_reports(reports.clone());
    assert_eq!(
        take_error_message().as_deref(),
        Some(
            "EK0204: Insufficient disk space. Reason: disk full.\r\n\
             \x20       Solution: At least 20MB storage space is required for Profiling flushing. Delete redundant files or change the flushing path.\r\n\
             \x20       TraceBack (most recent call last):\r\n\
             \x20       Value -5 for parameter interval is invalid. Reason: must be positive.\r\n\
             \x20       worker 3 failed\r\n"
        )
    );
    assert_eq!(
        errcat::take_warning_message().as_deref(),
        Some("WE0002: Profiling mode slow is deprecated.\r\n")
    );

    // Restoring twice keeps one copy of each, as reporting twice does.
    errcat::restore_reports(reports.clone());
    errcat::restore_reports(reports.clone());
    assert_eq!(errcat::take_reports(), reports);
}

#[derive(Debug)]
#[errcat::error_code("WE0002", message = "Profiling mode %s is deprecated.")]
pub struct DeprecatedMode {
    pub mode: String,
}
