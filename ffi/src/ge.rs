//! The Rust half of CANN's C++ error-message framework (`error_message::`
//! of `include/cann/base/err_msg.h` and `err_mgr.h`): the functions
//! `src/err_msg.cc` calls, which report into and render from errcode's own
//! store.
//!
//! Where a report goes: in `INTERNAL_MODE`, the calling thread's own store
//! (lock-free), or the [`WorkStream`] its `work_stream_id` names once it has
//! one (`GetErrMgrContext`, `SetErrMgrContext`); in `PROCESS_MODE`, one
//! stream for the process. The map from ids to streams is read only by
//! those two calls, never on the report path.

use core::cell::{Cell, RefCell};
use core::ffi::{c_char, c_void};
use core::fmt;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};

use errcode::{Layout, WorkStream};

use crate::args::Args;
use crate::builtin;
use crate::failure::{boundary, set_last_error};
use crate::text::{CText, c_text};

/// `ErrorMessageMode::INTERNAL_MODE`.
const INTERNAL_MODE: u32 = 0;
/// `ErrorMessageMode::PROCESS_MODE`.
const PROCESS_MODE: u32 = 1;

/// The priority of the configuration catalog: above the built-in texts (0),
/// below every `RegisterFormatErrorMessage`, as in CANN.
const CONFIGURATION_PRIORITY: u32 = 1;

/// Where CANN's error manager finds its catalog, from the directory of the
/// library (or executable) that holds it.
const CONFIGURATION_FILE: &str = "../conf/error_manager/error_code.json";

static MODE: AtomicU32 = AtomicU32::new(INTERNAL_MODE);

/// The priority of the next `RegisterFormatErrorMessage`: each is
/// registered above every earlier one.
static NEXT_PRIORITY: AtomicU32 = AtomicU32::new(CONFIGURATION_PRIORITY + 1);

/// The work streams by id, for the threads that join one by its id.
static STREAMS: Mutex<BTreeMap<u64, WorkStream>> = Mutex::new(BTreeMap::new());

/// A thread's `ErrorManagerContext`.
struct Context {
    /// 0 until the thread asks for its id or sets one.
    work_stream_id: u64,
    /// `None`: the thread's own store.
    stream: Option<WorkStream>,
}

thread_local! {
    static CONTEXT: RefCell<Context> = const {
        RefCell::new(Context { work_stream_id: 0, stream: None })
    };
    /// The text `errcode_ffi_ge_take_message` last rendered on this thread.
    static GE_TEXT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// This thread's id as the kernel numbers it; 0 until read.
    static THREAD_ID: Cell<u64> = const { Cell::new(0) };
}

fn process_mode() -> bool {
    MODE.load(Ordering::Relaxed) == PROCESS_MODE
}

fn process_stream() -> &'static WorkStream {
    static PROCESS: OnceLock<WorkStream> = OnceLock::new();
    PROCESS.get_or_init(WorkStream::new)
}

/// Runs `f` with the calling thread's current store of the framework
/// entered: the process's, its work stream's, or its own.
fn in_store<R>(f: impl FnOnce() -> R) -> R {
    if process_mode() {
        let _inside = process_stream().enter();
        return f();
    }
    let stream = CONTEXT
        .try_with(|context| {
            context
                .try_borrow()
                .ok()
                .and_then(|context| context.stream.clone())
        })
        .ok()
        .flatten();
    let _inside = stream.as_ref().map(WorkStream::enter);
    f()
}

/// The stream of `work_stream_id`, made on first use.
fn stream_for(work_stream_id: u64) -> WorkStream {
    let mut streams = STREAMS.lock().unwrap_or_else(PoisonError::into_inner);
    streams.entry(work_stream_id).or_default().clone()
}

/// The kernel's id of the calling thread (`gettid`), read once per thread.
fn thread_id() -> u64 {
    THREAD_ID
        .try_with(|cached| {
            if cached.get() == 0 {
                cached.set(read_thread_id());
            }
            cached.get()
        })
        .unwrap_or_else(|_| read_thread_id())
}

#[cfg(target_os = "linux")]
fn read_thread_id() -> u64 {
    unsafe extern "C" {
        fn gettid() -> i32;
    }
    // SAFETY: gettid takes nothing and cannot fail.
    let tid = unsafe { gettid() };
    u64::from(tid.unsigned_abs())
}

#[cfg(not(target_os = "linux"))]
fn read_thread_id() -> u64 {
    // No kernel thread id at hand: a number per thread, unique in the process.
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// The id CANN gives a thread's own work stream: process id × 100000 +
/// thread id.
fn default_work_stream_id() -> u64 {
    u64::from(std::process::id()) * 100_000 + thread_id()
}

/// `[THREAD:1234]`, which ends each message in `PROCESS_MODE`.
struct ThreadSuffix;

impl fmt::Display for ThreadSuffix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[THREAD:{}]", thread_id())
    }
}

/// Registers the built-in catalog, then the configuration catalog when its
/// file exists, once per process; `Err` says why the file was not
/// registered.
fn ensure_initialised() -> &'static Result<(), String> {
    static INITIALISED: OnceLock<Result<(), String>> = OnceLock::new();
    INITIALISED.get_or_init(|| {
        // The framework's text shows when each report was made.
        errcode::keep_report_times();
        builtin::ensure_registered();
        register_configuration()
    })
}

fn register_configuration() -> Result<(), String> {
    let Some(path) = configuration_path() else {
        return Ok(());
    };
    if !path.exists() {
        return Ok(());
    }
    let shown = path.display();
    let bytes = crate::read_catalog_file(path.as_os_str().as_encoded_bytes())
        .map_err(|why| format!("ErrMgrInit: cannot read \"{shown}\": {why}"))?;
    let text = core::str::from_utf8(&bytes)
        .map_err(|_| format!("ErrMgrInit: \"{shown}\" is not UTF-8"))?;
    let outcome = errcode::register_catalog_json_partial(text, CONFIGURATION_PRIORITY)
        .map_err(|errors| format!("ErrMgrInit: \"{shown}\" is not a catalog: {errors}"))?;
    if let Some(refused) = outcome.refused {
        // The file is the installation's: what it could register stays,
        // and what it could not is said.
        set_last_error(format!(
            "ErrMgrInit: \"{shown}\": entries refused:\n{refused}"
        ));
    }
    Ok(())
}

/// `<directory of the file that holds this library>/../conf/error_manager/error_code.json`.
#[cfg(unix)]
fn configuration_path() -> Option<std::path::PathBuf> {
    #[repr(C)]
    struct DlInfo {
        file_name: *const c_char,
        base: *mut c_void,
        symbol_name: *const c_char,
        symbol_address: *mut c_void,
    }
    unsafe extern "C" {
        fn dladdr(address: *const c_void, info: *mut DlInfo) -> i32;
    }
    let mut info = DlInfo {
        file_name: core::ptr::null(),
        base: core::ptr::null_mut(),
        symbol_name: core::ptr::null(),
        symbol_address: core::ptr::null_mut(),
    };
    let address = errcode_ffi_ge_init as *const c_void;
    // SAFETY: `info` is a writable Dl_info, as glibc and musl lay it out;
    // dladdr only writes it.
    let found = unsafe { dladdr(address, &mut info) } != 0;
    if !found || info.file_name.is_null() {
        return None;
    }
    // SAFETY: dladdr set `file_name` to a NUL-terminated path that lives as
    // long as the object is loaded, which this code is.
    let name = unsafe { core::ffi::CStr::from_ptr(info.file_name) };
    let name: &std::path::Path =
        <std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(name.to_bytes()).as_ref();
    let file = std::fs::canonicalize(name).ok()?;
    Some(file.parent()?.join(CONFIGURATION_FILE))
}

#[cfg(not(unix))]
fn configuration_path() -> Option<std::path::PathBuf> {
    let exe = std::env::current_exe().ok()?;
    Some(exe.parent()?.join(CONFIGURATION_FILE))
}

/// 0 for `Ok`; -1 for `Err`, which becomes the thread's last error.
fn outcome(function: &str, result: Result<(), errcode::ReportError>) -> i32 {
    match result {
        Ok(()) => 0,
        Err(error) => {
            set_last_error(format!("{function}: {error}"));
            -1
        }
    }
}

/// `RegisterFormatErrorMessage`: `len` bytes of `json`, registered above
/// everything before.
///
/// # Safety
///
/// `json` is NULL or readable for `len` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn errcode_ffi_ge_register(json: *const c_char, len: usize) -> i32 {
    const FUNCTION: &str = "RegisterFormatErrorMessage";
    boundary(FUNCTION, -1, || {
        if json.is_null() {
            set_last_error(format!("{FUNCTION}: the catalog text is NULL"));
            return -1;
        }
        // Registered above the configuration file, which comes first.
        let _ = ensure_initialised();
        // SAFETY: not NULL, and the caller guarantees `len` readable bytes.
        let bytes = unsafe { core::slice::from_raw_parts(json.cast::<u8>(), len) };
        let Ok(text) = core::str::from_utf8(bytes) else {
            set_last_error(format!("{FUNCTION}: the catalog text is not UTF-8"));
            return -1;
        };
        let priority = NEXT_PRIORITY.fetch_add(1, Ordering::Relaxed);
        match errcode::register_catalog_json_partial(text, priority) {
            Err(errors) => {
                set_last_error(format!("{FUNCTION}: not a catalog: {errors}"));
                -1
            }
            Ok(outcome) => match outcome.refused {
                None => 0,
                Some(refused) => {
                    set_last_error(format!(
                        "{FUNCTION}: entries refused, every other one registered:\n{refused}"
                    ));
                    -1
                }
            },
        }
    })
}

/// `ReportPredefinedErrMsg` and `ReportPredefinedErrMsgForC`: `code` with
/// `count` arguments by name.
///
/// # Safety
///
/// `code` is NULL or a NUL-terminated string; unless `count` is 0, `keys`
/// and `values` are NULL or readable for `count` elements, each NULL or a
/// NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn errcode_ffi_ge_report_predefined(
    code: *const c_char,
    keys: *const *const c_char,
    values: *const *const c_char,
    count: usize,
) -> i32 {
    const FUNCTION: &str = "ReportPredefinedErrMsg";
    boundary(FUNCTION, -1, || {
        let _ = ensure_initialised();
        // SAFETY: the caller guarantees NULL or a NUL-terminated string.
        let Some(code) = (unsafe { c_text(code) }) else {
            return -1;
        };
        if count > 0 && (keys.is_null() || values.is_null()) {
            return -1;
        }
        let Ok(count_i32) = i32::try_from(count) else {
            return -1;
        };
        for index in 0..count {
            // SAFETY: both arrays are not NULL and readable for `count` elements.
            let (key, value) = unsafe { (keys.add(index).read(), values.add(index).read()) };
            if key.is_null() || value.is_null() {
                return -1;
            }
        }
        // SAFETY: every element below `count` is a NUL-terminated string
        // (checked not NULL above), readable for this call.
        let args = unsafe { Args::read(keys.cast(), values.cast(), count_i32) };
        args.with_pairs(|pairs| {
            in_store(|| {
                let result = if process_mode() {
                    errcode::report_dynamic_suffixed(&code, pairs, ThreadSuffix)
                } else {
                    errcode::report_dynamic(&code, pairs)
                };
                outcome(FUNCTION, result)
            })
        })
    })
}

/// `ReportInnerErrMsg`, once C++ has formatted the message.
///
/// # Safety
///
/// `code` and `message` are each NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn errcode_ffi_ge_report_inner(
    code: *const c_char,
    message: *const c_char,
) -> i32 {
    const FUNCTION: &str = "ReportInnerErrMsg";
    boundary(FUNCTION, -1, || {
        let _ = ensure_initialised();
        // SAFETY: the caller guarantees NULL or NUL-terminated strings.
        let (Some(code), Some(message)) = (unsafe { (c_text(code), c_text(message)) }) else {
            return -1;
        };
        in_store(|| {
            let result = if process_mode() {
                errcode::report_internal(&code, format_args!("{message}{ThreadSuffix}"))
            } else {
                errcode::report_internal(&code, &*message)
            };
            outcome(FUNCTION, result)
        })
    })
}

/// `ReportUserDefinedErrMsg`, once C++ has formatted the message: a code
/// that is not `EU0000`-`EU9999`, or that a catalog defines, is reported as
/// `EU0000`.
///
/// # Safety
///
/// `code` and `message` are each NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn errcode_ffi_ge_report_user_defined(
    code: *const c_char,
    message: *const c_char,
) -> i32 {
    const FUNCTION: &str = "ReportUserDefinedErrMsg";
    boundary(FUNCTION, -1, || {
        let _ = ensure_initialised();
        // SAFETY: the caller guarantees NULL or NUL-terminated strings.
        let (code, Some(message)) = (unsafe { (c_text(code), c_text(message)) }) else {
            return -1;
        };
        let code = code.as_deref().unwrap_or_default();
        let predefined = errcode::registry().get(code).is_some();
        in_store(|| {
            let kept = if predefined {
                None
            } else {
                errcode::report_user_defined(code, &*message).ok()
            };
            match kept {
                Some(()) => 0,
                None => outcome(FUNCTION, errcode::report_user_defined("EU0000", &*message)),
            }
        })
    })
}

/// `ErrMgrInit`.
#[unsafe(no_mangle)]
pub extern "C" fn errcode_ffi_ge_init(mode: u32) -> i32 {
    boundary("ErrMgrInit", -1, || {
        if mode != INTERNAL_MODE && mode != PROCESS_MODE {
            set_last_error(format!(
                "ErrMgrInit: mode {mode} is neither INTERNAL_MODE (0) nor PROCESS_MODE (1)"
            ));
            return -1;
        }
        MODE.store(mode, Ordering::Relaxed);
        match ensure_initialised() {
            Ok(()) => 0,
            Err(why) => {
                set_last_error(why.clone());
                -1
            }
        }
    })
}

/// `GetErrMgrContext`: the calling thread's `work_stream_id`. A thread
/// that has none gets CANN's default and joins its stream, taking the
/// reports it made so far along, so that other threads can share it.
#[unsafe(no_mangle)]
pub extern "C" fn errcode_ffi_ge_context() -> u64 {
    boundary("GetErrMgrContext", 0, || {
        CONTEXT
            .try_with(|context| {
                let mut context = context.try_borrow_mut().ok()?;
                if context.work_stream_id == 0 {
                    let id = default_work_stream_id();
                    let stream = stream_for(id);
                    if context.stream.is_none() && !process_mode() {
                        let reports = errcode::take_reports();
                        let _inside = stream.enter();
                        errcode::restore_reports(reports);
                    }
                    context.work_stream_id = id;
                    context.stream = Some(stream);
                }
                Some(context.work_stream_id)
            })
            .ok()
            .flatten()
            .unwrap_or(0)
    })
}

/// `SetErrMgrContext`: the calling thread reports into the stream of
/// `work_stream_id` from now on; 0 sends it back to its own (its default
/// stream, when it has asked for its id before).
#[unsafe(no_mangle)]
pub extern "C" fn errcode_ffi_ge_set_context(work_stream_id: u64) {
    boundary("SetErrMgrContext", (), || {
        let stream = if work_stream_id == 0 {
            let default = default_work_stream_id();
            STREAMS
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .get(&default)
                .cloned()
        } else {
            Some(stream_for(work_stream_id))
        };
        let _ = CONTEXT.try_with(|context| {
            if let Ok(mut context) = context.try_borrow_mut() {
                context.work_stream_id = work_stream_id;
                context.stream = stream;
            }
        });
    })
}

/// `GetErrMgrErrorMessage` (`warnings` 0) and `GetErrMgrWarningMessage`:
/// the current store's errors or warnings in the graph engine's layout,
/// then cleared. The text is the calling thread's, valid until its next
/// call; `*len` is its length. NULL only after a panic.
///
/// # Safety
///
/// `len` is writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn errcode_ffi_ge_take_message(
    warnings: i32,
    len: *mut usize,
) -> *const c_char {
    boundary("GetErrMgrErrorMessage", core::ptr::null(), || {
        GE_TEXT
            .try_with(|cell| {
                let mut buf = cell.try_borrow_mut().ok()?;
                let mut out = CText::new(&mut buf);
                in_store(|| {
                    if warnings != 0 {
                        errcode::write_warning_message_with(Layout::Ge, &mut out)
                    } else {
                        errcode::write_error_message_with(Layout::Ge, &mut out)
                    }
                });
                let text = out.finish();
                // SAFETY: the caller guarantees `len` writable.
                unsafe { len.write(buf.len().saturating_sub(1)) };
                Some(text.cast_const())
            })
            .ok()
            .flatten()
            .unwrap_or(core::ptr::null())
    })
}

/// A text handed to C++, not NUL-terminated.
#[repr(C)]
pub struct Text {
    ptr: *const c_char,
    len: usize,
}

impl Text {
    fn of(text: &str) -> Self {
        Text {
            ptr: text.as_ptr().cast(),
            len: text.len(),
        }
    }
}

/// One error for `GetErrMgrRawErrorMessages` (`errcode_ffi_raw_item` in
/// `src/err_msg.cc`); `args` holds key, value, key, value, ...
#[repr(C)]
pub struct RawItem {
    id: Text,
    title: Text,
    message: Text,
    cause: Text,
    solution: Text,
    time: Text,
    args: *const Text,
    arg_pairs: usize,
}

/// What receives each raw item: C++'s collector, which does not unwind.
pub type RawSink = unsafe extern "C" fn(context: *mut c_void, item: *const RawItem);

/// `GetErrMgrRawErrorMessages`: hands each error of the current store to
/// `sink`, in report order, its arguments sorted by name, then clears them.
///
/// # Safety
///
/// `sink` is NULL or a function that takes `context` and an item it reads
/// during the call only, and does not unwind.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn errcode_ffi_ge_take_raw(sink: Option<RawSink>, context: *mut c_void) {
    boundary("GetErrMgrRawErrorMessages", (), || {
        let Some(sink) = sink else {
            return;
        };
        let reports = in_store(errcode::take_error_reports);
        for report in &reports {
            let time = report.time().to_string();
            let mut args: Vec<(&str, &str)> = report.args().collect();
            // As the original's std::map orders them.
            args.sort_unstable_by(|a, b| a.0.cmp(b.0));
            let texts: Vec<Text> = args
                .iter()
                .flat_map(|(key, value)| [Text::of(key), Text::of(value)])
                .collect();
            // An internal error carries no catalog texts, as in CANN, even
            // when its code has a definition.
            let catalog = |text: Option<&'static str>| {
                Text::of(text.filter(|_| !report.is_internal()).unwrap_or_default())
            };
            let item = RawItem {
                id: Text::of(report.code()),
                title: catalog(report.title()),
                message: Text::of(report.message()),
                cause: catalog(report.cause()),
                solution: catalog(report.solution()),
                time: Text::of(&time),
                args: texts.as_ptr(),
                arg_pairs: args.len(),
            };
            // SAFETY: the caller guarantees `sink` as documented; `item` and
            // every text it points to live until the call returns.
            unsafe { sink(context, &item) };
        }
    })
}
