//! What happens when a call cannot do what it was asked: the thread's last
//! error, the internal error recorded in place of a report that failed, and
//! the boundary that keeps panics out of C.

use core::cell::RefCell;
use core::ffi::c_char;
use core::fmt::Write as _;
use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::text::c_string_in;

/// The code recorded in place of a failed report whose code names no module.
pub(crate) const FALLBACK_CODE: &str = "E19999";

struct LastError {
    /// Set by each failure, taken by `ErrcodeLastError`.
    pending: Option<String>,
    /// The text `ErrcodeLastError` last returned, NUL-terminated.
    returned: Vec<u8>,
}

thread_local! {
    static LAST_ERROR: RefCell<LastError> = const {
        RefCell::new(LastError { pending: None, returned: Vec::new() })
    };
}

/// Makes `message` this thread's last error, replacing any earlier one.
pub(crate) fn set_last_error(message: String) {
    let _ = LAST_ERROR.try_with(|cell| {
        if let Ok(mut last) = cell.try_borrow_mut() {
            last.pending = Some(message);
        }
    });
}

/// Takes this thread's last error into the returned buffer; NULL when none is
/// pending.
pub(crate) fn take_last_error() -> *const c_char {
    LAST_ERROR
        .try_with(|cell| {
            let mut last = cell.try_borrow_mut().ok()?;
            let message = last.pending.take()?;
            Some(c_string_in(&mut last.returned, &message).cast_const())
        })
        .ok()
        .flatten()
        .unwrap_or(core::ptr::null())
}

/// Makes `message` the last error of a report that failed, which CANN's
/// manager drops; when `ErrcodeTraceDropped` or `ERRCAT_FFI_TRACE_DROPPED`
/// asks for traces, also records it as an internal error in the report's
/// place (see [`trace_failure`]).
pub(crate) fn record_failure(code: Option<&str>, message: String) {
    if crate::compact::trace_dropped() {
        trace_failure(code, message);
    } else {
        set_last_error(message);
    }
}

/// Records `message` as an internal error in place of a report that failed,
/// and makes it the last error: under the module's internal code (`EK9999`
/// for `EK0201`, `WK9999` for `WK0100`, in the warnings then) when `code`
/// names a module, else under `E19999`.
pub(crate) fn trace_failure(code: Option<&str>, message: String) {
    let recorded = code
        .and_then(module_internal_code)
        .is_some_and(|internal| errcat::report_internal(internal.as_str(), &message).is_ok());
    if !recorded {
        // E19999 is well formed and internal: this cannot be refused.
        let _ = errcat::report_internal(FALLBACK_CODE, &message);
    }
    set_last_error(message);
}

/// A six-character internal code on the stack.
struct InternalCode([u8; 6]);

impl InternalCode {
    fn as_str(&self) -> &str {
        // Built from ASCII bytes only.
        core::str::from_utf8(&self.0).unwrap_or(FALLBACK_CODE)
    }
}

/// `EK9999` for `EK0201`: the internal code of the module `code` names, when
/// it starts like a code (`E` or `W`, then an uppercase letter or a digit).
fn module_internal_code(code: &str) -> Option<InternalCode> {
    match code.as_bytes() {
        [severity @ (b'E' | b'W'), module, ..]
            if module.is_ascii_uppercase() || module.is_ascii_digit() =>
        {
            Some(InternalCode([*severity, *module, b'9', b'9', b'9', b'9']))
        }
        _ => None,
    }
}

/// Runs `body` for the C function `function`, as a call of the library (see
/// `crate::fork`); a panic is caught, recorded as the last error, and
/// `on_panic` returned instead. Nothing unwinds into C.
pub(crate) fn boundary<R>(function: &str, on_panic: R, body: impl FnOnce() -> R) -> R {
    let _in_call = crate::fork::enter();
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(result) => result,
        Err(payload) => {
            let message = panic_message(function, payload.as_ref());
            // Dropping the payload could panic in turn.
            let _ = catch_unwind(AssertUnwindSafe(move || drop(payload)));
            set_last_error(message);
            on_panic
        }
    }
}

/// Like [`boundary`] for the compact C ABI's report functions, which return
/// nothing: a panic is also recorded in the store as an internal error, so
/// that it shows where the report would have. Every report is stored, one
/// identical to another included, as CANN's `error_manager.c` stores them:
/// its rendering shows each repeat that is not the headline's.
pub(crate) fn report_boundary(function: &str, code: Option<&str>, body: impl FnOnce()) {
    let _in_call = crate::fork::enter();
    errcat::__private::keeping_repeats(|| report_caught(function, code, body));
}

fn report_caught(function: &str, code: Option<&str>, body: impl FnOnce()) {
    if let Err(payload) = catch_unwind(AssertUnwindSafe(body)) {
        let message = panic_message(function, payload.as_ref());
        let _ = catch_unwind(AssertUnwindSafe(move || drop(payload)));
        // A panic is errcode's own failure, not a report CANN drops: it is
        // always traced where the report would have been.
        let _ = catch_unwind(AssertUnwindSafe(|| trace_failure(code, message)));
    }
}

fn panic_message(function: &str, payload: &(dyn Any + Send)) -> String {
    let mut message = format!("{function}: internal panic, caught at the C boundary");
    let text = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str));
    if let Some(text) = text {
        let _ = write!(message, ": {text}");
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;

    fn last_error() -> Option<String> {
        let ptr = take_last_error();
        // SAFETY: a non-NULL result is NUL-terminated and valid until the next call.
        (!ptr.is_null()).then(|| unsafe { CStr::from_ptr(ptr) }.to_str().unwrap().to_owned())
    }

    #[test]
    fn the_last_error_is_taken_once() {
        assert_eq!(last_error(), None);
        set_last_error("first".into());
        set_last_error("second".into());
        assert_eq!(last_error().as_deref(), Some("second"));
        assert_eq!(last_error(), None);
    }

    #[test]
    fn failures_are_traced_under_the_modules_internal_code() {
        trace_failure(Some("EK0201"), "lost".into());
        trace_failure(Some("WK0100"), "a warning lost".into());
        trace_failure(Some("60000"), "no module".into());
        trace_failure(None, "no code".into());
        assert_eq!(
            errcat::take_error_message().as_deref(),
            Some(
                "EK9999: Inner Error!\r\nlost\r\n        TraceBack (most recent call last):\r\n        no module\r\n        no code\r\n"
            )
        );
        assert_eq!(
            errcat::take_warning_message().as_deref(),
            Some("WK9999: a warning lost\r\n")
        );
        assert_eq!(last_error().as_deref(), Some("no code"));
    }

    #[test]
    fn a_panic_is_caught_and_becomes_the_last_error() {
        let result = boundary("f", -1, || -> i32 { panic!("boom {}", 7) });
        assert_eq!(result, -1);
        assert_eq!(
            last_error().as_deref(),
            Some("f: internal panic, caught at the C boundary: boom 7")
        );
    }

    /// A message whose `Display` panics: the panic happens inside the store,
    /// while it writes the report.
    struct Panicking;

    impl core::fmt::Display for Panicking {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("partial")?;
            panic!("display panicked")
        }
    }

    #[test]
    fn a_panic_inside_the_store_is_caught_and_the_store_still_works() {
        report_boundary("ReportInterErrMessage", Some("E19999"), || {
            let _ = errcat::report_internal("E19999", Panicking);
        });
        // The half-written report is not kept; the panic is, in its place.
        assert_eq!(
            errcat::take_error_message().as_deref(),
            Some(
                "E19999: Inner Error!\r\nReportInterErrMessage: internal panic, caught at the C boundary: display panicked\r\n"
            )
        );
        errcat::report_internal("E19999", "after").unwrap();
        assert_eq!(
            errcat::take_error_message().as_deref(),
            Some("E19999: Inner Error!\r\nafter\r\n")
        );
        assert!(last_error().unwrap().contains("display panicked"));
    }
}
