//! What `#[error_code]` works out for a definition's static (the code's
//! kind, the length of the template's text) is what the runtime works out
//! from the same parts: the generated static and `ErrorDef::__new` of its
//! parts print the same, field for field.

use errcat::__private::RawDef;
use errcat::{ErrorCode, ErrorDef, error_code};

#[derive(Debug)]
#[error_code(
    "WZ2001",
    title = "Queue_Nearly_Full",
    message = "Queue %s holds %s of %s; 100%% is %s.",
    args = "queue,used,size,size",
    solution = "Drain the queue."
)]
pub struct QueueNearlyFull {
    pub queue: String,
    pub used: u32,
    pub size: u32,
}

#[derive(Debug)]
#[error_code("EZ9999", message = "Stage {stage} failed.", cause = "A bug.")]
pub struct StageFailed {
    pub stage: &'static str,
}

#[derive(Debug)]
#[error_code("EZ2002", message = "Nothing to say.")]
pub struct Quiet;

/// The definition built the runtime's way from `def`'s parts, given the
/// two that only the runtime's crate reads.
fn rebuilt(
    def: &'static ErrorDef,
    pieces: &'static [&'static str],
    slots: &'static [usize],
) -> ErrorDef {
    ErrorDef::__new(RawDef {
        code: def.code(),
        title: def.title(),
        class: def.class(),
        message: def.message(),
        pieces,
        args: def.args(),
        fields: def.fields(),
        slots,
        cause: def.cause(),
        solution: def.solution(),
        location: def.location(),
    })
    .expect("the parts agree")
}

#[test]
fn a_warning_with_a_repeated_argument_and_an_escaped_percent() {
    let def = QueueNearlyFull {
        queue: "rx".into(),
        used: 9,
        size: 10,
    }
    .definition();
    assert_eq!(def.fields(), ["queue", "used", "size"]);
    let runtime = rebuilt(
        def,
        &["Queue ", " holds ", " of ", "; 100% is ", "."],
        &[0, 1, 2, 2],
    );
    assert!(def.is_warning() && !def.is_internal());
    assert_eq!(format!("{def:?}"), format!("{runtime:?}"));
}

#[test]
fn an_internal_code_with_a_named_placeholder() {
    let def = StageFailed { stage: "link" }.definition();
    let runtime = rebuilt(def, &["Stage ", " failed."], &[0]);
    assert!(!def.is_warning() && def.is_internal());
    assert_eq!(format!("{def:?}"), format!("{runtime:?}"));
}

#[test]
fn a_definition_without_arguments() {
    let def = Quiet.definition();
    let runtime = rebuilt(def, &["Nothing to say."], &[]);
    assert_eq!(format!("{def:?}"), format!("{runtime:?}"));
}
