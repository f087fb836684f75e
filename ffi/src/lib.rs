//! The C ABI of `errcode`: a drop-in replacement for the error manager of
//! CANN's compact runtime (`src/runtime_compact/c_base/inc/error_manager.h`
//! and `error_manager.c`).
//!
//! A C or C++ program includes `ffi/include/errcode/compact_error_manager.h` instead
//! of the original header, links `liberrcat_ffi.a` (with `-lpthread -ldl
//! -lm` on Linux) or `liberrcat_ffi.so` instead of `error_manager.c`, and
//! changes no call site:
//!
//! ```c
//! REPORT_INPUT_ERROR("EK0201", ARRAY("buf_size"), ARRAY("1048576B"));
//! const char* text = GetErrorMessage();  /* owned by this thread; never freed */
//! ```
//!
//! The four functions of the original header (`ReportErrMessage`,
//! `ReportInterErrMessage`, `GetErrorMessage`, `FormatReportInner`) keep
//! their signatures and render byte for byte what the Rust store renders;
//! [`ErrcodeRegisterCatalogJson`], [`ErrcodeRegisterCatalogFile`],
//! [`ErrcodeLastError`] and [`GetWarningMessage`] are added. The header is
//! generated from this crate by cbindgen (`cbindgen.toml`); its comments are
//! the documentation of each function, and its opening comment says what a
//! C caller sees that differs from `error_manager.c`.
//!
//! Nothing unwinds into C: every function catches panics at the boundary.
//! No function may be called from a signal handler (the header's opening
//! comment says why): the first call runs a one-time initialisation, and
//! every call may allocate and take locks.
//! `FormatReportInner` is variadic, so it is written in C
//! (`src/format_report_inner.c`) over `ReportInterErrMessage`.

#![warn(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]

mod args;
mod builtin;
mod compact;
mod failure;
mod fork;
// CANN's C++ framework (include/cann/base/err_msg.h, err_mgr.h), which has
// headers of its own: nothing of it belongs in errcode/compact_error_manager.h.
/// cbindgen:ignore
mod ge;
mod text;
mod written;

use core::cell::RefCell;
use core::ffi::c_char;
use core::ptr;
use std::io::Read as _;
use std::thread::LocalKey;

use args::Args;
use failure::{boundary, record_failure, report_boundary, set_last_error, take_last_error};
use text::{CText, NULL_TEXT, c_text};

// The header defines these three as macros of its own (cbindgen.toml), so
// that ERRCODE_FAILED is parenthesised; the C tests check that they agree.

/// Returned by the registration functions when every entry was registered.
pub const ERRCODE_OK: i32 = 0;

/// Returned by the registration functions when some entries were refused
/// and every other one was registered; `ErrcodeLastError` lists the refused
/// entries.
pub const ERRCODE_PARTIAL: i32 = 1;

/// Returned by the registration functions when nothing was registered;
/// `ErrcodeLastError` says why.
pub const ERRCODE_FAILED: i32 = -1;

/// The largest catalog file `ErrcodeRegisterCatalogFile` reads (64 MiB; the
/// CANN catalog of 406 entries is 122 KB).
const MAX_CATALOG_FILE_BYTES: u64 = 64 << 20;

thread_local! {
    /// The text `GetErrorMessage` last returned on this thread.
    static ERROR_TEXT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The text `GetWarningMessage` last returned on this thread.
    static WARNING_TEXT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Records the error `errorCode` with its arguments by name in the calling
/// thread's store, to be rendered by `GetErrorMessage` (`GetWarningMessage`
/// for a `W` code).
///
/// `args[i]` names the argument whose value is `argValues[i]`, for `i`
/// below `argsNum`, in any order; names the definition does not have are
/// ignored, and of a name given twice the first counts. Reading stops at
/// the first NULL in `args`, so a NULL-terminated or NULL-padded array is
/// read safely whatever `argsNum` says. A NULL `args` or `argValues`, or an
/// `argsNum` of 0 or less, gives no arguments. A NULL value reads as
/// "(null)". Text that is not UTF-8 is kept with each invalid sequence
/// replaced by U+FFFD. There is no limit on the number of placeholders, and
/// the names are matched in O(n log n) for n of them, in any order (a
/// definition of 100,000 arguments given in reverse: about 0.1 s).
///
/// An error that cannot be recorded as asked (a NULL code, a code of the
/// wrong shape or with no definition, an argument of the definition not
/// given, as with a misspelled name) is not dropped: an internal error is
/// recorded in its place, whose message says what went wrong and lists the
/// arguments given, under the internal code of the code's module (`EK9999`
/// for `EK0201`; `WK9999`, among the warnings, for `WK0100`) or else
/// `E19999`, and `ErrcodeLastError` returns the same text.
///
/// Not from a signal handler: it allocates and takes locks, and its first
/// call initialises the library (see Signals above).
///
/// # Safety
///
/// `errorCode` is NULL or a NUL-terminated string. Unless `args` or
/// `argValues` is NULL or `argsNum` is 0 or less, both arrays have readable
/// elements for each index below `argsNum` up to the first NULL in `args`,
/// and each non-NULL element is a NUL-terminated string. Nothing is kept
/// after the call returns.
/// cbindgen:ptrs-as-arrays=[[args;], [argValues;]]
// The brackets are cbindgen's annotation (`char* args[]` in the header), not links.
#[allow(rustdoc::broken_intra_doc_links)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ReportErrMessage(
    error_code: *const c_char,
    args: *mut *mut c_char,
    arg_values: *mut *mut c_char,
    args_num: i32,
) {
    // SAFETY: the caller guarantees that `error_code` is NULL or a
    // NUL-terminated string, readable for the duration of this call.
    let code = unsafe { c_text(error_code) };
    report_boundary("ReportErrMessage", code.as_deref(), || {
        builtin::ensure_registered();
        // SAFETY: the caller guarantees the arrays as `Args::read` needs them,
        // for the duration of this call.
        let args = unsafe { Args::read(args, arg_values, args_num) };
        let Some(code) = code.as_deref() else {
            record_failure(
                None,
                format!("ReportErrMessage: the error code is NULL; {args}"),
            );
            return;
        };
        if let Some((entry, def)) = compact::lookup(code) {
            args.with_pairs(|pairs| match compact::values(entry, pairs) {
                Ok((values, len)) => errcat::__private::__report_as(def, &values[..len]),
                Err(name) => record_failure(
                    Some(code),
                    format!(
                        "ReportErrMessage: {code} needs the argument `{name}`, which was not given; {args}"
                    ),
                ),
            });
            return;
        }
        if let Err(error) = args.with_pairs(|pairs| errcat::report_dynamic(code, pairs)) {
            record_failure(Some(code), format!("ReportErrMessage: {error}; {args}"));
        }
    });
}

/// Records an internal error: `errorCode` ends in 9999 (internal) or 8888
/// (parameter check), such as `E19999`, and needs no definition; a `W` code
/// goes to the warnings. The message is kept as given; a NULL message reads
/// as "(null)", and text that is not UTF-8 is kept with each invalid
/// sequence replaced by U+FFFD.
///
/// A code that is NULL, of the wrong shape or not internal is not dropped:
/// the message is recorded, after a note of what went wrong, under the
/// internal code of the code's module (`EK9999` for `EK0201`) or else
/// `E19999`, and `ErrcodeLastError` returns the same text.
///
/// Not from a signal handler: it allocates and takes locks (see Signals
/// above).
///
/// # Safety
///
/// `errorCode` and `errorMsg` are each NULL or a NUL-terminated string.
/// Nothing is kept after the call returns.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ReportInterErrMessage(
    error_code: *const c_char,
    error_msg: *const c_char,
) {
    // SAFETY: the caller guarantees that both are NULL or NUL-terminated
    // strings, readable for the duration of this call.
    let (code, message) = unsafe { (c_text(error_code), c_text(error_msg)) };
    let message = message.as_deref().unwrap_or(NULL_TEXT);
    report_boundary("ReportInterErrMessage", code.as_deref(), || {
        let Some(code) = code.as_deref() else {
            record_failure(
                None,
                format!("ReportInterErrMessage: the error code is NULL; message: {message}"),
            );
            return;
        };
        if let Err(error) = errcat::report_internal(code, message) {
            record_failure(
                Some(code),
                format!("ReportInterErrMessage: {error}; message: {message}"),
            );
        }
    });
}

/// Whether a report that CANN's error_manager.c drops is traced: 1 when it
/// is recorded as an internal error whose message says why it could not be
/// made (an unknown code, an argument of the definition not given, a code
/// given to `ReportInterErrMessage` that is not internal), 0 when it is
/// dropped as CANN drops it. Either way `ErrcodeLastError` says why.
///
/// Dropped by default, so that GetErrorMessage renders what CANN's renders;
/// setting the environment variable `ERRCAT_FFI_TRACE_DROPPED` to anything
/// but "" or "0" before the first call turns traces on. `enable` 1 turns
/// them on, 0 off, for every thread from now on; a negative `enable` only
/// asks. Returns the setting before the call.
#[unsafe(no_mangle)]
pub extern "C" fn ErrcodeTraceDropped(enable: i32) -> i32 {
    boundary("ErrcodeTraceDropped", 0, || {
        i32::from(if enable < 0 {
            compact::trace_dropped()
        } else {
            compact::set_trace_dropped(enable != 0)
        })
    })
}

/// Renders the calling thread's errors and clears them; NULL when it has
/// none.
///
/// The text is the CANN error manager's, lines ending in "\r\n": the first
/// error that is not internal heads it as "CODE: message", followed by
/// "        PossibleCause: ..." and "        Solution: ..." when its
/// definition has them; when every error is internal, the first heads it as
/// "CODE: Inner Error!" with its message on the next line. Every other error
/// follows, in the order reported, under
/// "        TraceBack (most recent call last):", one message a line indented
/// by eight spaces; an error identical to the headline (same code and
/// message) is not shown again, and any other is shown each time it was
/// reported, as CANN's manager shows it. When more errors were reported
/// than the thread keeps (1000), the text ends with
/// "        ... N more messages dropped".
///
/// The buffer belongs to the calling thread and is reused: it stays valid
/// and unchanged until the same thread's next `GetErrorMessage`, or its
/// exit. Never free it. A NUL byte inside a message (only possible in text
/// given from Rust or from a registered catalog) is written as U+FFFD.
#[unsafe(no_mangle)]
pub extern "C" fn GetErrorMessage() -> *mut c_char {
    boundary("GetErrorMessage", ptr::null_mut(), || {
        render(&ERROR_TEXT, |out| errcat::write_error_message(out))
    })
}

/// Renders the calling thread's warnings (`W` codes), one
/// "CODE: message\r\n" line each in the order reported, and clears them;
/// NULL when it has none.
///
/// The buffer belongs to the calling thread and is reused: it stays valid
/// and unchanged until the same thread's next `GetWarningMessage`, or its
/// exit; it is not the buffer of `GetErrorMessage`. Never free it.
#[unsafe(no_mangle)]
pub extern "C" fn GetWarningMessage() -> *const c_char {
    boundary("GetWarningMessage", ptr::null(), || {
        render(&WARNING_TEXT, |out| errcat::write_warning_message(out)).cast_const()
    })
}

/// Registers a catalog in the CANN `error_code.json` format
/// (`{"error_info_list": [...]}`), for every thread, from now on.
///
/// Each entry is checked as `errcode check` checks it (placeholders against
/// `Arglist`, the shape of the code, codes given twice). An entry with an
/// error is refused and every other entry is registered: the function then
/// returns `ERRCODE_PARTIAL` and `ErrcodeLastError` lists the refused
/// entries, one "LINE: CODE: why" a line. Text that is not a catalog at
/// all (NULL, not UTF-8, not JSON, no `error_info_list`) registers nothing
/// and returns `ERRCODE_FAILED`, as does a negative priority. Returns
/// `ERRCODE_OK` when every entry was registered.
///
/// A code that is already defined is replaced only when `priority` is
/// strictly higher than its definition's: the built-in catalog has priority
/// 0, so pass 1 or more to replace its texts. Definitions last as long as
/// the process (reports refer to them): register a catalog once, not in a
/// loop. Any thread may register at any time; a report made meanwhile sees
/// the whole catalog or none of it.
///
/// # Safety
///
/// `json` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ErrcodeRegisterCatalogJson(json: *const c_char, priority: i32) -> i32 {
    const FUNCTION: &str = "ErrcodeRegisterCatalogJson";
    boundary(FUNCTION, ERRCODE_FAILED, || {
        if json.is_null() {
            return fail(format!("{FUNCTION}: the catalog text is NULL"));
        }
        // SAFETY: `json` is not NULL, and the caller guarantees a
        // NUL-terminated string, readable for the duration of this call.
        let bytes = unsafe { core::ffi::CStr::from_ptr(json) }.to_bytes();
        register(FUNCTION, "the catalog text", bytes, priority)
    })
}

/// Reads the file `path` and registers it as `ErrcodeRegisterCatalogJson`
/// does, with the same return values. A file that cannot be read, or is
/// larger than 64 MiB, registers nothing and returns `ERRCODE_FAILED`.
///
/// # Safety
///
/// `path` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ErrcodeRegisterCatalogFile(path: *const c_char, priority: i32) -> i32 {
    const FUNCTION: &str = "ErrcodeRegisterCatalogFile";
    boundary(FUNCTION, ERRCODE_FAILED, || {
        if path.is_null() {
            return fail(format!("{FUNCTION}: the path is NULL"));
        }
        // SAFETY: `path` is not NULL, and the caller guarantees a
        // NUL-terminated string, readable for the duration of this call.
        let path_bytes = unsafe { core::ffi::CStr::from_ptr(path) }.to_bytes();
        let shown = String::from_utf8_lossy(path_bytes);
        let text = match read_catalog_file(path_bytes) {
            Ok(text) => text,
            Err(why) => return fail(format!("{FUNCTION}: cannot read \"{shown}\": {why}")),
        };
        register(FUNCTION, &format!("\"{shown}\""), &text, priority)
    })
}

/// Why the last call of this header that failed on the calling thread
/// failed, and clears it, as `dlerror` does: NULL when none has failed since
/// this thread's last `ErrcodeLastError`.
///
/// It is set by a registration that returns non-zero, by a report recorded
/// in place of one that could not be made as asked (see `ReportErrMessage`),
/// and by a panic caught inside the library. The text belongs to the calling
/// thread and stays valid until the same thread's next `ErrcodeLastError`,
/// or its exit. Never free it.
#[unsafe(no_mangle)]
pub extern "C" fn ErrcodeLastError() -> *const c_char {
    boundary("ErrcodeLastError", ptr::null(), take_last_error)
}

/// The codes of CANN's compact table (`ERROR_MAP` of `error_manager.c`),
/// which `ReportErrMessage` renders in that table's texts unless a catalog
/// registered at a priority of 1 or more redefines them.
// For the Rust tests; cbindgen leaves it out of the header (not extern "C").
pub fn compact_table_codes() -> Vec<&'static str> {
    compact::TABLE.iter().map(|entry| entry.code).collect()
}

/// Renders into this thread's buffer `key` with `write`; NULL when `write`
/// had nothing to render or the buffer is gone (the thread is exiting).
fn render(
    key: &'static LocalKey<RefCell<Vec<u8>>>,
    write: impl FnOnce(&mut CText<'_>) -> bool,
) -> *mut c_char {
    key.try_with(|cell| {
        let mut buf = cell.try_borrow_mut().ok()?;
        let mut out = CText::new(&mut buf);
        write(&mut out).then(|| out.finish())
    })
    .ok()
    .flatten()
    .unwrap_or(ptr::null_mut())
}

/// Makes `message` the last error and returns `ERRCODE_FAILED`.
fn fail(message: String) -> i32 {
    set_last_error(message);
    ERRCODE_FAILED
}

/// Registers the catalog `bytes`, named `what` in messages, for `function`.
fn register(function: &str, what: &str, bytes: &[u8], priority: i32) -> i32 {
    let Ok(priority) = u32::try_from(priority) else {
        return fail(format!(
            "{function}: priority {priority} is negative; nothing registered"
        ));
    };
    let json = match core::str::from_utf8(bytes) {
        Ok(json) => json,
        Err(error) => {
            return fail(format!(
                "{function}: {what} is not UTF-8 (invalid byte at offset {}); nothing registered",
                error.valid_up_to()
            ));
        }
    };
    builtin::ensure_registered();
    match crate::written::register(json, priority) {
        Err(errors) => fail(format!(
            "{function}: {what} is not a catalog; nothing registered:\n{errors}"
        )),
        Ok(outcome) => match outcome.refused {
            None => ERRCODE_OK,
            Some(refused) => {
                set_last_error(format!(
                    "{function}: {what}: {} refused, every other entry registered:\n{refused}",
                    match refused.len() {
                        1 => "1 error, its entry".to_owned(),
                        n => format!("{n} errors, their entries"),
                    }
                ));
                ERRCODE_PARTIAL
            }
        },
    }
}

/// The bytes of the file whose path is `path`, at most
/// `MAX_CATALOG_FILE_BYTES` of them.
fn read_catalog_file(path: &[u8]) -> Result<Vec<u8>, String> {
    #[cfg(unix)]
    let path =
        std::path::Path::new(<std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(path));
    #[cfg(not(unix))]
    let path = std::path::Path::new(
        core::str::from_utf8(path).map_err(|_| "the path is not UTF-8".to_owned())?,
    );
    let file = std::fs::File::open(path).map_err(|error| error.to_string())?;
    let mut bytes = Vec::new();
    // One byte more than allowed tells a file that is too large, whatever
    // its metadata says (a pipe or a device has none).
    file.take(MAX_CATALOG_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| error.to_string())?;
    if bytes.len() as u64 > MAX_CATALOG_FILE_BYTES {
        return Err(format!(
            "it is larger than {} MiB",
            MAX_CATALOG_FILE_BYTES >> 20
        ));
    }
    Ok(bytes)
}

// The doc comment tells cbindgen to leave the block out of the header.
#[allow(unused_doc_comments)]
/// cbindgen:ignore
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
unsafe extern "C" {
    /// The C definition of `FormatReportInner` (`src/format_report_inner.c`),
    /// variadic: `(const char* errorCode, const char* fmt, ...)`.
    fn errcode_ffi_format_report_inner(error_code: *const c_char, fmt: *const c_char);
}

/// Defines `FormatReportInner` as a jump (`$jump`, this architecture's
/// instruction) to the C function that does the work.
macro_rules! format_report_inner_trampoline {
    ($jump:literal) => {
        /// Formats `fmt` with the arguments that follow, as `vsnprintf` does,
        /// and records the result as `ReportInterErrMessage` does; see the
        /// header, where it is declared `void FormatReportInner(const char*
        /// errorCode, const char* fmt, ...)`.
        ///
        /// It is a jump to the C function that does the work, so that the
        /// shared library exports it: rustc exports the symbols Rust defines,
        /// and C variadic functions cannot be defined in stable Rust. The
        /// jump leaves every register and the stack as the caller set them,
        /// variadic arguments included.
        ///
        /// # Safety
        ///
        /// Call it from C, with the header's prototype: `errorCode` NULL or
        /// a NUL-terminated string, `fmt` NULL or a format whose conversions
        /// match the arguments that follow. From Rust, call
        /// `ReportInterErrMessage` instead.
        #[unsafe(naked)]
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn FormatReportInner(error_code: *const c_char, fmt: *const c_char) {
            core::arch::naked_asm!($jump, sym errcode_ffi_format_report_inner)
        }
    };
}

#[cfg(target_arch = "x86_64")]
format_report_inner_trampoline!("jmp {}");

#[cfg(target_arch = "aarch64")]
format_report_inner_trampoline!("b {}");
