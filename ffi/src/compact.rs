//! The compact runtime's own table (`ERROR_MAP` of CANN's
//! `src/runtime_compact/c_base/src/error_manager.c`) and how its
//! `ReportErrMessage` uses it, so that the C ABI renders what that file
//! renders: a code of the table gets the table's texts unless a catalog
//! registered at a priority of 1 or more redefines it, and a report the
//! table's manager drops is dropped (traced only when asked, see
//! [`trace_dropped`]).

use core::sync::atomic::{AtomicU8, Ordering};

use errcat::__private::RawDef;
use errcat::ErrorDef;

/// One entry of the table.
pub(crate) struct Compact {
    pub(crate) class: &'static str,
    pub(crate) code: &'static str,
    pub(crate) message: &'static str,
    pub(crate) args: &'static [&'static str],
    pub(crate) cause: Option<&'static str>,
    pub(crate) solution: Option<&'static str>,
}

macro_rules! compact {
    ($class:literal, $code:literal, $message:literal, [$($arg:literal),*], $cause:expr, $solution:expr) => {
        Compact {
            class: $class,
            code: $code,
            message: $message,
            args: &[$($arg),*],
            cause: $cause,
            solution: $solution,
        }
    };
}

/// `ERROR_MAP`, in code order, as that table writes each entry.
pub(crate) static TABLE: [Compact; 15] = [
    compact!(
        "GE Errors",
        "E10001",
        "Value [%s] for parameter [%s] is invalid. Reason: %s",
        ["value", "parameter", "reason"],
        None,
        Some("Try again with a valid argument.")
    ),
    compact!(
        "GE Errors",
        "E10004",
        "Value for [--%s] is empty.",
        ["parameter"],
        None,
        None
    ),
    compact!(
        "GE Errors",
        "E10055",
        "The operation is not supported. Reason: %s",
        ["reason"],
        None,
        None
    ),
    compact!(
        "GE Errors",
        "E19001",
        "Failed to open file[%s]. Reason: %s.",
        ["file", "errMsg"],
        None,
        Some("Fix the error according to the error message.")
    ),
    compact!(
        "GE Errors",
        "E19025",
        "Input tensor is invalid. Reason: %s.",
        ["reason"],
        None,
        None
    ),
    compact!(
        "RTS Errors",
        "EE1001",
        "The argument is invalid.Reason: %s",
        ["extendInfo"],
        None,
        None
    ),
    compact!(
        "ACL Errors",
        "EH0001",
        "Value %s for %s is invalid. Reason: %s.",
        ["value", "param", "reason"],
        None,
        None
    ),
    compact!(
        "ACL Errors",
        "EH0002",
        "Argument %s must not be NULL.",
        ["param"],
        None,
        Some("Try again with a correct pointer argument.")
    ),
    compact!(
        "ACL Errors",
        "EH0003",
        "Path %s is invalid. Reason: %s.",
        ["path", "reason"],
        None,
        None
    ),
    compact!(
        "Profiling Errors",
        "EK0001",
        "Value [%s] for [%s] is invalid. Reason: %s.",
        ["value", "param", "reason"],
        None,
        None
    ),
    compact!(
        "Profiling Errors",
        "EK0002",
        "Failed to call %s before calling %s.",
        ["intf1", "intf2"],
        None,
        None
    ),
    compact!(
        "Profiling Errors",
        "EK0003",
        "Failed to set the %s to [%s]. Reason: %s.",
        ["config", "value", "reason"],
        None,
        None
    ),
    compact!(
        "Profiling Errors",
        "EK0004",
        "[%s] is not supported in %s.",
        ["intf", "platform"],
        None,
        None
    ),
    compact!(
        "Profiling Errors",
        "EK0201",
        "Failed to allocate host memory for Profiling: %s.",
        ["buf_size"],
        Some("Available memory is insufficient."),
        Some("Close unused applications.")
    ),
    compact!(
        "Profiling Errors",
        "EK9999",
        "An unknown error occurred. Please check the log.",
        [],
        None,
        None
    ),
];

/// The definitions the table's reports are made with: its template,
/// arguments, cause and solution, no title, no class (the compact manager
/// shows neither).
fn definitions() -> &'static [ErrorDef] {
    static DEFS: std::sync::OnceLock<Vec<ErrorDef>> = std::sync::OnceLock::new();
    DEFS.get_or_init(|| {
        TABLE
            .iter()
            .filter_map(|entry| {
                // Made once per process: the few slices live as long as it.
                let pieces: &'static [&'static str] =
                    Vec::leak(entry.message.split("%s").collect());
                let slots: &'static [usize] = Vec::leak((0..entry.args.len()).collect());
                ErrorDef::__new(RawDef {
                    code: entry.code,
                    title: None,
                    class: None,
                    message: entry.message,
                    pieces,
                    args: entry.args,
                    fields: entry.args,
                    slots,
                    cause: entry.cause,
                    solution: entry.solution,
                    location: errcat::SourceLocation::new(file!(), line!(), column!()),
                })
            })
            .collect()
    })
}

/// The table's entry and definition for `code`, unless a catalog
/// registered at a priority of 1 or more defines `code` (a catalog given at
/// start-up takes precedence over the table, as it does over the built-in
/// catalog).
pub(crate) fn lookup(code: &str) -> Option<(&'static Compact, &'static ErrorDef)> {
    let at = TABLE.binary_search_by(|entry| entry.code.cmp(code)).ok()?;
    if errcat::registry()
        .priority(code)
        .is_some_and(|priority| priority > 0)
    {
        return None;
    }
    Some((&TABLE[at], definitions().get(at)?))
}

/// The most arguments an entry of the table has.
pub(crate) const MAX_ARGS: usize = 3;

/// The values of `entry`'s arguments among `pairs`, as `FormatString` of
/// error_manager.c finds them: each name takes the value of its first pair.
/// `Err` names the first argument not given.
pub(crate) fn values<'a>(
    entry: &Compact,
    pairs: &[(&str, &'a str)],
) -> Result<([&'a str; MAX_ARGS], usize), &'static str> {
    let mut values = [""; MAX_ARGS];
    for (value, name) in values.iter_mut().zip(entry.args) {
        match pairs.iter().find(|(given, _)| given == name) {
            Some((_, given)) => *value = given,
            None => return Err(name),
        }
    }
    Ok((values, entry.args.len()))
}

/// Unknown until the first call reads `ERRCAT_FFI_TRACE_DROPPED`.
const UNSET: u8 = 2;
static TRACE_DROPPED: AtomicU8 = AtomicU8::new(UNSET);

/// The environment variable that, set to anything but "" or "0", makes
/// [`trace_dropped`] true from the start.
pub(crate) const TRACE_DROPPED_VARIABLE: &str = "ERRCAT_FFI_TRACE_DROPPED";

/// Whether a report that CANN's manager drops is recorded as an internal
/// error saying why (errcode's trace) rather than dropped: false unless
/// `ERRCAT_FFI_TRACE_DROPPED` is set, or `ErrcodeTraceDropped` said so.
pub(crate) fn trace_dropped() -> bool {
    match TRACE_DROPPED.load(Ordering::Relaxed) {
        UNSET => {
            let on = std::env::var_os(TRACE_DROPPED_VARIABLE)
                .is_some_and(|value| !value.is_empty() && value != "0");
            // Another thread's set_trace_dropped wins over the variable.
            let _ = TRACE_DROPPED.compare_exchange(
                UNSET,
                u8::from(on),
                Ordering::Relaxed,
                Ordering::Relaxed,
            );
            TRACE_DROPPED.load(Ordering::Relaxed) == 1
        }
        on => on == 1,
    }
}

/// Sets [`trace_dropped`]; returns what it was.
pub(crate) fn set_trace_dropped(on: bool) -> bool {
    let was = trace_dropped();
    TRACE_DROPPED.store(u8::from(on), Ordering::Relaxed);
    was
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_code_order_and_every_entry_has_its_definition() {
        assert!(TABLE.windows(2).all(|pair| pair[0].code < pair[1].code));
        assert_eq!(definitions().len(), TABLE.len());
        for (entry, def) in TABLE.iter().zip(definitions()) {
            assert_eq!(entry.code, def.code());
            assert_eq!(entry.args.len(), entry.message.matches("%s").count());
            assert!(entry.args.len() <= MAX_ARGS);
        }
    }

    #[test]
    fn values_are_the_first_of_each_name_and_every_name_is_needed() {
        let entry = &TABLE[6]; // EH0001
        assert_eq!(
            values(
                entry,
                &[
                    ("reason", "r"),
                    ("param", "p"),
                    ("value", "v"),
                    ("value", "w")
                ]
            ),
            Ok((["v", "p", "r"], 3))
        );
        assert_eq!(values(entry, &[("value", "v")]), Err("param"));
        assert_eq!(values(&TABLE[14], &[("x", "y")]), Ok((["", "", ""], 0)));
    }
}
