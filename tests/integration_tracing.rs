//! The `tracing` feature: one event per report, with its fields, caught by a
//! subscriber that records every field as text.
#![cfg(feature = "tracing")]

mod common {
    pub mod counting_alloc;
}

use std::fmt::{self, Write as _};
use std::sync::{Arc, Mutex, PoisonError};

use common::counting_alloc::{CountingAlloc, thread_allocations};
use errcat::{error_code, msprof_env_error, report_inner_error};
use errcat_profiling::*;
use tracing::field::{Field, Visit};
use tracing::{Event, Level, Metadata, Subscriber, span};

#[global_allocator]
static ALLOCATOR: CountingAlloc = CountingAlloc;

#[derive(Debug)]
#[error_code(
    "WZ0100",
    title = "Sampling_Warning",
    message = "Sampling rate %s is low; results may be coarse."
)]
pub struct LowSamplingRate {
    pub rate: u32,
}

#[derive(Debug)]
#[error_code("EZ0101", message = "Value %s is \"%s\".", args = "name,value")]
pub struct Quoted {
    pub name: &'static str,
    pub value: String,
}

/// One event as the subscriber saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Captured {
    name: &'static str,
    target: &'static str,
    level: Level,
    fields: Vec<(&'static str, String)>,
}

/// A subscriber that hands every event to `F`, and has no spans.
struct OnEvent<F>(F);

impl<F: Fn(&Event<'_>) + Send + Sync + 'static> Subscriber for OnEvent<F> {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }

    fn new_span(&self, _: &span::Attributes<'_>) -> span::Id {
        span::Id::from_u64(1)
    }

    fn record(&self, _: &span::Id, _: &span::Record<'_>) {}

    fn record_follows_from(&self, _: &span::Id, _: &span::Id) {}

    fn event(&self, event: &Event<'_>) {
        (self.0)(event);
    }

    fn enter(&self, _: &span::Id) {}

    fn exit(&self, _: &span::Id) {}
}

/// Every field as text.
struct Fields(Vec<(&'static str, String)>);

impl Visit for Fields {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        self.0.push((field.name(), format!("{value:?}")));
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.push((field.name(), value.to_owned()));
    }
}

/// The events `f` emits on this thread.
fn capture(f: impl FnOnce()) -> Vec<Captured> {
    let events: Arc<Mutex<Vec<Captured>>> = Arc::default();
    let sink = Arc::clone(&events);
    let subscriber = OnEvent(move |event: &Event<'_>| {
        let mut fields = Fields(Vec::new());
        event.record(&mut fields);
        let metadata = event.metadata();
        sink.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(Captured {
                name: metadata.name(),
                target: metadata.target(),
                level: *metadata.level(),
                fields: fields.0,
            });
    });
    tracing::subscriber::with_default(subscriber, f);
    let events = events.lock().unwrap_or_else(PoisonError::into_inner);
    events.clone()
}

fn fields(pairs: &[(&'static str, &str)]) -> Vec<(&'static str, String)> {
    pairs
        .iter()
        .map(|(name, value)| (*name, (*value).to_owned()))
        .collect()
}

fn report_event(level: Level, pairs: &[(&'static str, &str)]) -> Captured {
    Captured {
        name: "errcat.report",
        target: "errcat",
        level,
        fields: fields(pairs),
    }
}

#[test]
fn a_stored_report_and_its_duplicate() {
    let mut line = 0;
    let events = capture(|| {
        for _ in 0..2 {
            line = line!() + 1;
            msprof_env_error!("EK0201", ["buf_size"], [format!("{}B", 1048576)]);
        }
        errcat::take_error_message();
    });
    let line = line.to_string();
    let event = |outcome| {
        report_event(
            Level::ERROR,
            &[
                (
                    "message",
                    "Failed to allocate 1048576B host memory for Profiling.",
                ),
                ("code", "EK0201"),
                ("title", "Resource_Error_Insufficient_Host_Memory"),
                ("class", "Profiling Errors"),
                ("outcome", outcome),
                ("args", r#"{"buf_size":"1048576B"}"#),
                ("code.file.path", file!()),
                ("code.line.number", &line),
                ("code.column.number", "13"),
            ],
        )
    };
    assert_eq!(events, [event("stored"), event("merged")]);
}

#[test]
fn a_warning_is_at_warn() {
    let mut line = 0;
    let events = capture(|| {
        line = line!() + 1;
        LowSamplingRate { rate: 10 }.report();
        errcat::take_warning_message();
    });
    assert_eq!(
        events,
        [report_event(
            Level::WARN,
            &[
                ("message", "Sampling rate 10 is low; results may be coarse."),
                ("code", "WZ0100"),
                ("title", "Sampling_Warning"),
                ("outcome", "stored"),
                ("args", r#"{"rate":"10"}"#),
                ("code.file.path", file!()),
                ("code.line.number", &line.to_string()),
                ("code.column.number", "38"),
            ],
        )]
    );
}

#[test]
fn an_internal_error_has_its_message_and_no_arguments() {
    let mut line = 0;
    let events = capture(|| {
        line = line!() + 1;
        report_inner_error!("E19999", "queue {} overflowed after {} items", "rx", 4096);
        errcat::take_error_message();
    });
    assert_eq!(
        events,
        [report_event(
            Level::ERROR,
            &[
                ("message", "queue rx overflowed after 4096 items"),
                ("code", "E19999"),
                ("outcome", "stored"),
                ("code.file.path", file!()),
                ("code.line.number", &line.to_string()),
                ("code.column.number", "9"),
            ],
        )]
    );
}

#[test]
fn arguments_are_one_json_object_of_strings() {
    let events = capture(|| {
        Quoted {
            name: "path",
            value: "C:\\tmp\\\"a\"\n\u{1}é".into(),
        }
        .report();
        errcat::take_error_message();
    });
    let args = events[0]
        .fields
        .iter()
        .find(|(name, _)| *name == "args")
        .map(|(_, value)| value.as_str());
    assert_eq!(
        args,
        Some(r#"{"name":"path","value":"C:\\tmp\\\"a\"\n\u0001é"}"#)
    );
    let parsed: serde_json::Value = serde_json::from_str(args.unwrap()).unwrap();
    assert_eq!(parsed["value"], "C:\\tmp\\\"a\"\n\u{1}é");
}

#[test]
fn a_full_store_tells_its_first_drop_and_the_total_when_taken() {
    let max_items = errcat::limits().max_items();
    let events = capture(|| {
        for index in 0..max_items + 3 {
            report_inner_error!("E19999", "report {}", index);
        }
        errcat::take_error_message();
    });
    assert_eq!(events.len(), max_items + 2);
    assert!(
        events[..max_items]
            .iter()
            .all(|event| event.fields.contains(&("outcome", "stored".to_owned())))
    );
    let first_drop = &events[max_items];
    assert_eq!(first_drop.name, "errcat.report");
    assert_eq!(
        first_drop
            .fields
            .iter()
            .filter(|(name, _)| ["code", "outcome", "dropped", "message"].contains(name))
            .cloned()
            .collect::<Vec<_>>(),
        fields(&[
            ("message", &format!("report {max_items}")),
            ("code", "E19999"),
            ("outcome", "dropped"),
            ("dropped", "1"),
        ])
    );
    assert_eq!(
        events[max_items + 1],
        Captured {
            name: "errcat.dropped",
            target: "errcat",
            level: Level::ERROR,
            fields: fields(&[
                ("message", "3 more messages dropped"),
                ("outcome", "dropped"),
                ("dropped", "3"),
            ]),
        }
    );
}

#[test]
fn taking_a_store_that_dropped_nothing_tells_nothing() {
    let events = capture(|| {
        msprof_env_error!("EK0201", ["buf_size"], ["64B"]);
        errcat::take_reports();
    });
    assert_eq!(events.len(), 1);
}

/// Formats every field into a buffer that is reused.
struct IntoBuffer<'a>(&'a mut String);

impl Visit for IntoBuffer<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        let _ = write!(self.0, "{}={value:?} ", field.name());
    }
}

#[test]
fn events_allocate_nothing_beyond_what_the_subscriber_does() {
    // What the subscriber allocates is nothing, so what is counted is errcode's.
    let buffer = Mutex::new(String::with_capacity(4096));
    let subscriber = OnEvent(move |event: &Event<'_>| {
        let mut buffer = buffer.lock().unwrap_or_else(PoisonError::into_inner);
        buffer.clear();
        event.record(&mut IntoBuffer(&mut buffer));
    });
    tracing::subscriber::with_default(subscriber, || {
        let mut rendered = String::with_capacity(4096);
        let mut cycle = || {
            InsufficientHostMemory {
                buf_size: "1048576B".into(),
            }
            .report();
            report_inner_error!("E19999", "queue {} overflowed", "rx");
            rendered.clear();
            assert!(errcat::write_error_message(&mut rendered));
        };
        for _ in 0..10 {
            cycle();
        }
        let before = thread_allocations();
        for _ in 0..1_000 {
            cycle();
        }
        assert_eq!(thread_allocations() - before, 0);
    });
}

#[test]
fn a_work_stream_s_warnings_tell_their_drops_at_warn() {
    let max_items = errcat::limits().max_items();
    let stream = errcat::WorkStream::new();
    let events = capture(|| {
        let _inside = stream.enter();
        for rate in 0..max_items + 2 {
            LowSamplingRate {
                rate: u32::try_from(rate).unwrap(),
            }
            .report();
        }
        errcat::take_reports();
    });
    let drops: Vec<(&str, Level, Option<&str>)> = events
        .iter()
        .filter(|event| event.fields.contains(&("outcome", "dropped".to_owned())))
        .map(|event| {
            let dropped = event.fields.iter().find(|(name, _)| *name == "dropped");
            (
                event.name,
                event.level,
                dropped.map(|(_, count)| count.as_str()),
            )
        })
        .collect();
    assert_eq!(
        drops,
        [
            ("errcat.report", Level::WARN, Some("1")),
            ("errcat.dropped", Level::WARN, Some("2")),
        ]
    );
}

#[test]
fn a_restored_report_emits_no_second_event() {
    let events = capture(|| {
        msprof_env_error!("EK0005", ["param"], ["aic_metrics"]);
        // Two hand-overs, as a worker and a dispatcher make them.
        let reports = errcat::take_reports();
        errcat::restore_reports(reports);
        let reports = errcat::take_reports();
        errcat::restore_reports(reports);
        assert!(
            errcat::take_error_message()
                .unwrap()
                .starts_with("EK0005: Parameter aic_metrics is not supported.")
        );
    });
    let names: Vec<(&str, Option<&str>)> = events
        .iter()
        .map(|event| {
            let outcome = event
                .fields
                .iter()
                .find(|(name, _)| *name == "outcome")
                .map(|(_, value)| value.as_str());
            (event.name, outcome)
        })
        .collect();
    assert_eq!(names, [("errcat.report", Some("stored"))]);
}

#[derive(Debug)]
#[error_code]
pub enum Wrapping {
    #[error_code(transparent)]
    Io(std::io::Error),
}

#[test]
fn a_transparent_value_without_a_code_is_told_unreported() {
    let events = capture(|| {
        Wrapping::Io(std::io::Error::other("pipe closed")).report();
    });
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].name, "errcat.unreported");
    assert_eq!(events[0].level, Level::WARN);
    assert_eq!(
        events[0].fields[..2],
        fields(&[
            (
                "message",
                "not reported: the error has no code (pipe closed)"
            ),
            ("outcome", "unreported"),
        ])
    );
    assert_eq!(errcat::take_error_message(), None);
}
