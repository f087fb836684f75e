//! The registry under catalogs from outside: overrides that apply to every
//! report, refusals that name what differs, registrations that cost nothing
//! when they change nothing; and the store's duplicate check, limits, a
//! blocking `Display`, keyword names and same-named definitions.

mod common {
    pub mod counting_alloc;
}

use std::sync::mpsc;
use std::time::Duration;

use common::counting_alloc::{CountingAlloc, thread_live_bytes};
use errcat::{
    ErrorCode, WorkStream, error_code, msprof_env_error, register_catalog_json, registry,
};

#[global_allocator]
static ALLOCATOR: CountingAlloc = CountingAlloc;

#[derive(Debug)]
#[error_code(
    "EZ9100",
    title = "Copy_Error",
    class = "Transfer Errors",
    message = "Copy from %s to %s failed.",
    cause = "The source is unreadable.",
    solution = "Check the source.",
    args = "from,to"
)]
pub struct CopyFailed<'a> {
    pub from: &'a str,
    pub to: &'a str,
}

fn catalog(entries: &[(&str, &str, &str)]) -> String {
    let entries: Vec<String> = entries
        .iter()
        .map(|(code, message, arglist)| {
            format!(
                r#"{{"errClass": "Übertragungsfehler", "errTitle": "Kopierfehler", "ErrCode": "{code}",
                    "ErrMessage": "{message}", "Arglist": "{arglist}",
                    "suggestion": {{"Possible Cause": "Die Quelle ist nicht lesbar.", "Solution": "Prüfen Sie die Quelle."}}}}"#
            )
        })
        .collect();
    format!(r#"{{"error_info_list": [{}]}}"#, entries.join(","))
}

#[test]
fn a_higher_priority_entry_replaces_every_text_of_typed_and_macro_reports() {
    // A translation names the same arguments in another order.
    let translated = catalog(&[(
        "EZ9100",
        "Kopieren nach %s aus %s ist fehlgeschlagen.",
        "to, from",
    )]);
    assert_eq!(register_catalog_json(&translated, 5), Ok(1));
    let error = CopyFailed {
        from: "/a",
        to: "/b",
    };
    error.report();
    msprof_env_error!("EZ9100", ["from", "to"], ["/c", "/d"]);
    assert_eq!(
        errcat::take_error_message().unwrap(),
        "EZ9100: Kopieren nach /b aus /a ist fehlgeschlagen.\r\n\
         \x20       PossibleCause: Die Quelle ist nicht lesbar.\r\n\
         \x20       Solution: Prüfen Sie die Quelle.\r\n\
         \x20       TraceBack (most recent call last):\r\n\
         \x20       Kopieren nach /d aus /c ist fehlgeschlagen.\r\n"
    );
    let def = error.definition();
    assert_eq!(
        (def.title(), def.class()),
        (Some("Kopierfehler"), Some("Übertragungsfehler"))
    );
    assert_eq!(
        error.to_string(),
        "Kopieren nach /b aus /a ist fehlgeschlagen."
    );
    let report = {
        error.report();
        errcat::take_reports().remove(0)
    };
    assert_eq!(report.title(), Some("Kopierfehler"));
    assert_eq!(
        report.args().collect::<Vec<_>>(),
        [("to", "/b"), ("from", "/a")]
    );
}

#[test]
fn an_entry_naming_other_arguments_is_refused_with_the_whole_catalog() {
    #[derive(Debug)]
    #[error_code("EZ9101", message = "Queue %s is full.")]
    pub struct QueueFull {
        pub queue: u32,
    }
    let _ = QueueFull { queue: 1 };
    let json = catalog(&[
        ("EZ9102", "A new code %s.", "what"),
        (
            "EZ9101",
            "Warteschlange %s ist voll (%s).",
            "queue_name, size",
        ),
    ]);
    let errors = register_catalog_json(&json, 5).unwrap_err();
    let text = errors.to_string();
    assert!(text.starts_with("3: EZ9101: Arglist names (queue_name, size), but the definition compiled into the program at tests/hostile_registry.rs:"), "{text}");
    assert!(
        text.ends_with(
            "has the arguments (queue); an entry that replaces it must name the same arguments"
        ),
        "{text}"
    );
    assert!(
        registry().get("EZ9102").is_none(),
        "nothing of the catalog was registered"
    );
    assert_eq!(
        registry().get("EZ9101").unwrap().message(),
        "Queue %s is full."
    );
}

#[test]
fn registering_what_changes_nothing_publishes_nothing_and_keeps_memory_flat() {
    let entries: Vec<(String, String, String)> = (0..1_000)
        .map(|index| {
            (
                format!("EV{index:04}"),
                format!("Unchanged {index} %s."),
                "value".to_owned(),
            )
        })
        .collect();
    let borrowed: Vec<(&str, &str, &str)> = entries
        .iter()
        .map(|(code, message, arglist)| (code.as_str(), message.as_str(), arglist.as_str()))
        .collect();
    let json = catalog(&borrowed);
    assert_eq!(register_catalog_json(&json, 1), Ok(1_000));
    let snapshot: *const errcat::Registry = registry();
    let before = thread_live_bytes();
    // 100 rounds here; `examples/registration_cost.rs` times 1,000 in a
    // release build.
    for _ in 0..100 {
        assert_eq!(register_catalog_json(&json, 1), Ok(0));
    }
    assert_eq!(thread_live_bytes(), before, "nothing was kept");
    assert!(
        std::ptr::eq(snapshot, registry()),
        "no snapshot was published"
    );
}

#[test]
fn duplicates_are_found_among_many_stored_reports() {
    #[derive(Debug)]
    #[error_code("EZ9106", message = "Item %s of %s failed.", args = "item,batch")]
    pub struct ItemFailed<'a> {
        pub item: &'a str,
        pub batch: &'a str,
    }
    std::thread::spawn(|| {
        errcat::set_limits(errcat::Limits::default().with_max_items(200_000)).unwrap();
        for _round in 0..2 {
            for item in 0..100_000u32 {
                msprof_env_error!("EZ9106", ["item", "batch"], [&*item.to_string(), "x"]);
            }
        }
        let reports = errcat::take_reports();
        errcat::set_limits(errcat::Limits::default()).unwrap();
        // The second round repeated the first: each report is kept once.
        assert_eq!(reports.len(), 100_000);
        assert_eq!(reports[99_999].args().next(), Some(("item", "99999")));
    })
    .join()
    .unwrap();
}

/// A value whose `Display` waits for another thread that reports into the
/// same work stream: no lock is held while it is formatted.
#[test]
fn a_display_that_waits_for_another_reporter_of_the_stream_does_not_deadlock() {
    pub struct WaitsForHelper {
        stream: WorkStream,
    }
    impl core::fmt::Display for WaitsForHelper {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            let stream = self.stream.clone();
            std::thread::spawn(move || {
                let _inside = stream.enter();
                CopyFailed {
                    from: "helper",
                    to: "stream",
                }
                .report();
            })
            .join()
            .unwrap();
            f.write_str("waited")
        }
    }
    impl core::fmt::Debug for WaitsForHelper {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("WaitsForHelper")
        }
    }
    #[derive(Debug)]
    #[error_code("EZ9103", message = "Value %s.")]
    pub struct Holder {
        pub value: WaitsForHelper,
    }
    let (done, finished) = mpsc::channel();
    std::thread::spawn(move || {
        let stream = WorkStream::new();
        let _inside = stream.enter();
        Holder {
            value: WaitsForHelper {
                stream: stream.clone(),
            },
        }
        .report();
        let _ = done.send(errcat::take_error_message());
    });
    let message = finished
        .recv_timeout(Duration::from_secs(20))
        .expect("the report finished: no deadlock");
    let message = message.unwrap();
    assert!(message.starts_with("EZ9100: "), "{message}");
    assert!(message.contains("Value waited."), "{message}");
}

#[test]
fn keyword_names_of_every_edition_are_reported() {
    #[derive(Debug)]
    #[error_code("EZ9104", message = "Generator %s yields %s.", args = "gen,yield")]
    pub struct GenFailed {
        pub r#gen: u32,
        pub r#yield: u32,
    }
    msprof_env_error!("EZ9104", ["gen", "yield"], [1u32, 2u32]);
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EZ9104: Generator 1 yields 2.\r\n")
    );
}

mod keyword_catalog {
    errcat::include_catalog!("ui-tests/catalogs/keywords.json");
}

#[test]
fn a_catalog_argument_named_gen_is_reported() {
    use keyword_catalog::*;
    msprof_env_error!("EY0001", ["gen", "type"], ["g0", "u8"]);
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EY0001: Generator g0 of type u8 failed.\r\n")
    );
    let value = EY0001 {
        r#gen: "g1".into(),
        r#type: "u16".into(),
    };
    assert_eq!(value.to_string(), "Generator g1 of type u16 failed.");
}

/// Two modules may hold a struct of the same name with the same code: the
/// registry reports the conflict, and each module's values report. (A
/// report site by code that sees both fails to build, naming both:
/// `ui-tests/fail/report_code_defined_twice.rs`.)
mod first {
    use errcat::error_code;
    #[derive(Debug)]
    #[error_code("EZ9105", message = "Shard %s is down.")]
    pub struct ShardDown {
        pub shard: u32,
    }
}

mod second {
    use errcat::error_code;
    #[derive(Debug)]
    #[error_code("EZ9105", message = "Shard %s is down.")]
    pub struct ShardDown {
        pub shard: u32,
    }
}

#[test]
fn same_struct_and_code_in_two_modules_is_a_conflict_not_a_build_error() {
    first::ShardDown { shard: 1 }.report();
    second::ShardDown { shard: 2 }.report();
    assert_eq!(
        errcat::take_error_message().unwrap(),
        "EZ9105: Shard 1 is down.\r\n\
         \x20       TraceBack (most recent call last):\r\n\
         \x20       Shard 2 is down.\r\n"
    );
    let conflict = registry()
        .conflicts()
        .iter()
        .find(|conflict| conflict.code() == "EZ9105")
        .unwrap();
    assert_eq!(conflict.definitions().len(), 2);
}
