//! Definitions as `thiserror` users write errors: named placeholders,
//! `#[from]`, backtraces, transparent variants.

use std::backtrace::Backtrace;
use std::error::Error as _;

use errcat::{ErrorCode, error_code};

#[derive(Debug)]
#[error_code("EZ1001", message = "Option {old} is deprecated; use {new} instead.")]
pub struct Deprecated {
    pub new: String,
    pub old: String,
}

#[derive(Debug)]
#[error_code(
    "EZ1002",
    message = "Option %s is deprecated; use %s instead.",
    args = "old,new"
)]
pub struct DeprecatedTwin {
    pub old: String,
    pub new: String,
}

#[derive(Debug)]
#[error_code("EZ1003", message = "Reading the configuration failed.")]
pub struct ConfigUnreadable {
    #[from]
    pub source: std::io::Error,
    pub backtrace: Backtrace,
}

#[derive(Debug)]
#[error_code("EZ1004", message = "Parsing {{the number}} failed.")]
pub struct NotANumber {
    #[from]
    source: std::num::ParseIntError,
    backtrace: Option<Backtrace>,
}

#[derive(Debug)]
#[error_code]
pub enum AppError {
    #[error_code("EZ1101", message = "Device {device_id} is busy.")]
    Busy { device_id: u32, trace: Backtrace },
    #[error_code(transparent)]
    Io(#[from] std::io::Error),
    #[error_code(transparent)]
    Config {
        #[from]
        inner: ConfigUnreadable,
    },
    #[error_code(transparent)]
    Boxed(Box<dyn std::error::Error + Send + Sync>),
}

/// Only transparent variants: no code of its own at all.
#[derive(Debug)]
#[error_code]
pub enum Wrapper {
    #[error_code(transparent)]
    App(#[from] AppError),
}

#[test]
fn a_named_message_and_its_twin_are_the_same_entry() {
    let named = Deprecated {
        new: "threads".into(),
        old: "workers".into(),
    };
    let twin = DeprecatedTwin {
        old: "workers".into(),
        new: "threads".into(),
    };
    assert_eq!(
        named.to_string(),
        "Option workers is deprecated; use threads instead."
    );
    assert_eq!(named.to_string(), twin.to_string());
    let (named, twin) = (named.definition(), twin.definition());
    assert_eq!(named.message(), "Option %s is deprecated; use %s instead.");
    assert_eq!(named.message(), twin.message());
    assert_eq!(named.args(), ["old", "new"]);
    assert_eq!(named.args(), twin.args());
    assert_eq!(named.fields(), twin.fields());
}

fn read_config() -> Result<(), ConfigUnreadable> {
    Err(std::io::Error::other("disk on fire"))?
}

#[test]
fn from_converts_the_source_and_captures_the_backtrace() {
    let error = read_config().unwrap_err();
    assert_eq!(error.to_string(), "Reading the configuration failed.");
    assert_eq!(error.source().unwrap().to_string(), "disk on fire");
    // Captured, whatever `RUST_BACKTRACE` makes of it.
    let _: &Backtrace = &error.backtrace;
    let parsed: Result<u8, NotANumber> = "x".parse::<u8>().map_err(NotANumber::from);
    let error = parsed.unwrap_err();
    assert!(error.backtrace.is_some());
    assert_eq!(error.to_string(), "Parsing {the number} failed.");
    assert_eq!(error.definition().message(), "Parsing {the number} failed.");
    assert_eq!(
        error.source().unwrap().to_string(),
        "invalid digit found in string"
    );
}

#[test]
fn a_backtrace_is_no_argument() {
    let busy = AppError::Busy {
        device_id: 3,
        trace: Backtrace::capture(),
    };
    assert_eq!(busy.definition().fields(), ["device_id"]);
    assert_eq!(busy.to_string(), "Device 3 is busy.");
    // A report macro fills the backtrace itself, capturing nothing.
    errcat::report_env_error!("EZ1101", ["device_id"], [4u32]);
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EZ1101: Device 4 is busy.\r\n")
    );
}

fn app() -> Result<(), AppError> {
    Err(std::io::Error::other("pipe closed"))?
}

#[test]
fn a_transparent_variant_shows_the_error_it_wraps() {
    let io = app().unwrap_err();
    assert!(matches!(io, AppError::Io(_)));
    assert_eq!(io.to_string(), "pipe closed");
    assert_eq!(format!("{io:#}"), "pipe closed");
    // `source()` is the wrapped error's own.
    assert!(io.source().is_none());
    assert!(io.try_definition().is_none());
    assert!(errcat::definition_of(&io).is_none());
    // Reporting it records nothing: it has no code.
    io.report();
    assert_eq!(errcat::take_error_message(), None);

    let config = AppError::from(read_config().unwrap_err());
    assert_eq!(config.to_string(), "Reading the configuration failed.");
    assert_eq!(
        format!("{config:#}"),
        "EZ1003: Reading the configuration failed."
    );
    assert_eq!(config.definition().code(), "EZ1003");
    assert_eq!(config.source().unwrap().to_string(), "disk on fire");
    assert_eq!(errcat::definition_of(&config).unwrap().code(), "EZ1003");
    config.report();
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EZ1003: Reading the configuration failed.\r\n")
    );
}

#[test]
fn transparent_variants_are_looked_through_at_any_depth() {
    let boxed = AppError::Boxed(Box::new(Deprecated {
        new: "b".into(),
        old: "a".into(),
    }));
    assert_eq!(boxed.to_string(), "Option a is deprecated; use b instead.");
    assert_eq!(boxed.definition().code(), "EZ1001");
    let wrapped = Wrapper::from(boxed);
    assert_eq!(wrapped.definition().code(), "EZ1001");
    let dynamic: Box<dyn std::error::Error + Send + Sync> = Box::new(wrapped);
    assert_eq!(
        errcat::definition_of(dynamic.as_ref()).unwrap().code(),
        "EZ1001"
    );
    let wrapped = Wrapper::from(AppError::Io(std::io::Error::other("x")));
    assert!(wrapped.try_definition().is_none());
    wrapped.report();
    assert_eq!(errcat::take_error_message(), None);
    // The registry holds no definition for a type of transparent variants.
    assert!(errcat::registry().get("E00000").is_none());
}

#[test]
#[should_panic(expected = "this transparent variant wraps an error without a code")]
fn definition_of_a_transparent_value_without_one_panics() {
    let _ = AppError::Io(std::io::Error::other("x")).definition();
}

#[derive(Debug)]
#[error_code(
    "EZ0901",
    message = "Device {device_id} is at {load} percent, {delta} since the last poll."
)]
pub struct DeviceLoad {
    pub device_id: u32,
    pub load: f32,
    pub delta: i8,
}

#[test]
fn a_number_literal_takes_the_fields_type() {
    // `7` for a `u32`, `2.5` for an `f32` and `-3` for an `i8`: through
    // `Into` each would be an `i32` or `f64` first, which none of these is
    // `From`.
    errcat::report!("EZ0901", ["device_id", "load", "delta"], [7, 2.5, -3]);
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EZ0901: Device 7 is at 2.5 percent, -3 since the last poll.\r\n")
    );
}

#[derive(Debug)]
#[error_code("EZ0902", message = "Queue {a}, {b}, {c}, {d}, {e}, {f}, {g} and {h}.")]
pub struct EveryValueForm {
    pub a: String,
    pub b: String,
    pub c: String,
    pub d: String,
    pub e: String,
    pub f: String,
    pub g: String,
    pub h: u64,
}

#[test]
fn report_sites_write_every_text_type_as_it_is_and_the_rest_through_display() {
    // Each text type has its own path in a report site (written as it is);
    // the last value, and a text behind a user's `Display`, go through
    // `Display`. The site's names are in another order than the fields':
    // each value still fills its own placeholder.
    struct Shouting(&'static str);
    impl std::fmt::Display for Shouting {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(&self.0.to_uppercase())
        }
    }
    let owned = String::from("b");
    let borrowed: &str = "c";
    let twice: &&str = &"d";
    errcat::report!(
        "EZ0902",
        ["h", "a", "b", "c", "d", "e", "f", "g"],
        [
            42u64,
            "a",
            owned,
            borrowed,
            twice,
            std::borrow::Cow::<str>::Owned("e".into()),
            Box::<str>::from("f"),
            Shouting("g")
        ]
    );
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EZ0902: Queue a, b, c, d, e, f, G and 42.\r\n")
    );
    // `&String`, and a temporary that lives as long as the report.
    let owned = String::from("x");
    errcat::report!(
        "EZ0902",
        ["a", "b", "c", "d", "e", "f", "g", "h"],
        [&owned, format!("{}{}", 1, 2), "c", "d", "e", "f", "g", 0u64]
    );
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EZ0902: Queue x, 12, c, d, e, f, g and 0.\r\n")
    );
}
