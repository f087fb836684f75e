//! The `miette` feature: every definition is a `miette::Diagnostic`, with
//! its code, its severity, its solution as help and its possible cause as a
//! related advice. `errcat-profiling` has no dependency on miette: its
//! definitions are diagnostics all the same.
#![cfg(feature = "miette")]

use errcat::error_code;
use errcat_profiling::*;
use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, Severity};

#[derive(Debug)]
#[error_code]
pub enum DriverError {
    #[error_code(
        "EZ0301",
        message = "Device %s was not found.",
        cause = "The device id is out of range.",
        solution = "Use an id from 0 to 7."
    )]
    NotFound { device_id: u32 },
    #[error_code("EZ0302", message = "Driver I/O failed on %s.")]
    Io {
        device: String,
        #[source]
        source: std::io::Error,
    },
    #[error_code(
        "WZ0303",
        message = "Driver %s is outdated.",
        solution = "Update the driver."
    )]
    Outdated { version: String },
}

fn render(diagnostic: &dyn Diagnostic) -> String {
    let mut out = String::new();
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .render_report(&mut out, diagnostic)
        .unwrap();
    out
}

fn text(value: Option<Box<dyn std::fmt::Display + '_>>) -> Option<String> {
    value.map(|value| value.to_string())
}

#[test]
fn ek0201_as_miette_renders_it() {
    let error = InsufficientHostMemory {
        buf_size: "1048576B".into(),
    };
    assert_eq!(
        render(&error),
        "EK0201\n\
         \n  \u{d7} Failed to allocate 1048576B host memory for Profiling.\n\
         \x20 help: Stop unnecessary processes and ensure that the required memory is available.\n\
         \n\
         Advice: \n  \u{261e} Possible cause: Allocation failed due to insufficient host memory.\n"
    );
}

#[test]
fn code_severity_help_and_cause() {
    let error = InsufficientHostMemory {
        buf_size: "1048576B".into(),
    };
    assert_eq!(text(error.code()).as_deref(), Some("EK0201"));
    assert_eq!(error.severity(), Some(Severity::Error));
    assert_eq!(
        text(error.help()).as_deref(),
        Some("Stop unnecessary processes and ensure that the required memory is available.")
    );
    let related: Vec<&dyn Diagnostic> = error.related().unwrap().collect();
    assert_eq!(related.len(), 1);
    assert_eq!(
        related[0].to_string(),
        "Possible cause: Allocation failed due to insufficient host memory."
    );
    assert_eq!(related[0].severity(), Some(Severity::Advice));
    assert_eq!(
        error.to_string(),
        "Failed to allocate 1048576B host memory for Profiling."
    );
    assert_eq!(
        format!("{error:#}"),
        "EK0201: Failed to allocate 1048576B host memory for Profiling."
    );
}

#[test]
fn a_warning_is_a_warning() {
    let outdated = DriverError::Outdated {
        version: "1.2".into(),
    };
    assert_eq!(outdated.severity(), Some(Severity::Warning));
    assert!(outdated.related().is_none());
    assert_eq!(
        render(&outdated),
        "WZ0303\n\n  \u{26a0} Driver 1.2 is outdated.\n  help: Update the driver.\n"
    );
}

#[test]
fn the_variants_of_an_enum_and_their_sources() {
    let not_found = DriverError::NotFound { device_id: 9 };
    assert_eq!(text(not_found.code()).as_deref(), Some("EZ0301"));
    assert_eq!(
        render(&not_found),
        "EZ0301\n\n  \u{d7} Device 9 was not found.\n  help: Use an id from 0 to 7.\n\n\
         Advice: \n  \u{261e} Possible cause: The device id is out of range.\n"
    );
    // No cause or solution: neither help nor advice; the source is the chain.
    let io = DriverError::Io {
        device: "/dev/davinci0".into(),
        source: std::io::Error::other("permission denied"),
    };
    assert!(io.help().is_none());
    assert!(io.related().is_none());
    assert_eq!(
        render(&io),
        "EZ0302\n\n  \u{d7} Driver I/O failed on /dev/davinci0.\n  \u{2570}\u{2500}\u{25b6} permission denied\n"
    );
}

#[test]
fn a_definition_is_a_miette_report() {
    fn open() -> miette::Result<()> {
        Err(DriverError::NotFound { device_id: 9 })?
    }
    let report = open().unwrap_err();
    assert_eq!(text(report.code()).as_deref(), Some("EZ0301"));
    assert_eq!(report.to_string(), "Device 9 was not found.");
}
