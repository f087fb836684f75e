//! The Rust half of CANN's C++ error-message framework: `error_message::`
//! of `include/cann/base/err_msg.h` and `err_mgr.h`, and the `ErrorManager`
//! class of `include/cann/error_manager.h`. These are the functions
//! `src/err_msg.cc` calls, which report into and render from errcode's own
//! store.
//!
//! Where a report goes: in `INTERNAL_MODE`, the store the calling thread's
//! `work_stream_id` names. C++ keeps that id (the thread's
//! `ErrorManager::error_context_`, which callers may write) and passes it
//! with every call; this side keeps, per thread, the id it last saw and the
//! [`WorkStream`] of it, and looks the map of streams up only when the id
//! changes, never on the report path otherwise. Id 0 is the thread's own
//! store, which has no lock; the thread's default id (pid * 100000 + tid)
//! names the same reports once it has been given out. In `PROCESS_MODE`,
//! one stream for the process.
//!
//! Memory: a stream is dropped from the map once the last thread leaves it
//! (for another id, or by exiting) while its store is empty, so that a
//! process going through any number of ids keeps only the streams that
//! hold reports or have a thread in them.

use core::cell::{Cell, RefCell};
use core::ffi::{c_char, c_void};
use core::fmt;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};

use errcat::{ErrorDef, Layout, Report, ReportTime, WorkStream};

use crate::args::{self, Args};
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

/// The longest message or argument value a store keeps once the framework
/// is in use: CANN's manager cuts only the messages it formats into its
/// 1,024-byte buffer (which `src/err_msg.cc` does likewise) and keeps
/// values whole; a store stays bounded at 1,000 items of at most this.
const FRAMEWORK_MESSAGE_BYTES: usize = 64 << 10;

static MODE: AtomicU32 = AtomicU32::new(INTERNAL_MODE);

/// The priority of the next `RegisterFormatErrorMessage`: each is
/// registered above every earlier one.
static NEXT_PRIORITY: AtomicU32 = AtomicU32::new(CONFIGURATION_PRIORITY + 1);

/// The work streams by id, for the threads that join one by its id.
static STREAMS: Mutex<BTreeMap<u64, WorkStream>> = Mutex::new(BTreeMap::new());

/// What this side knows of a thread's context.
struct Context {
    /// The `work_stream_id` C++ last passed; 0 is the thread's own store.
    work_stream_id: u64,
    /// The stream reports go to, and its key in [`STREAMS`]; `None`: the
    /// thread's own store.
    stream: Option<(u64, WorkStream)>,
}

impl Drop for Context {
    fn drop(&mut self) {
        // The thread exits: it leaves its stream, as a call of the library
        // (see `crate::fork`), so that a fork made meanwhile waits for it
        // rather than leave the streams' lock held in the child.
        if let Some((key, stream)) = self.stream.take() {
            let _in_call = crate::fork::enter();
            release(key, stream);
        }
    }
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

fn streams() -> std::sync::MutexGuard<'static, BTreeMap<u64, WorkStream>> {
    STREAMS.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Drops a thread's handle on the stream `key`, and the stream itself when
/// no thread is in it and its store is empty.
fn release(key: u64, stream: WorkStream) {
    drop(stream);
    let mut streams = streams();
    if streams
        .get(&key)
        .is_some_and(|stream| stream.handles() == 1 && stream.is_empty())
    {
        streams.remove(&key);
    }
}

/// The stream of `work_stream_id` with its key: for 0, the thread's default
/// stream when it has one (else `None`, its own store); for any other id,
/// its stream, made on first use.
fn stream_of(work_stream_id: u64) -> Option<(u64, WorkStream)> {
    if work_stream_id == 0 {
        let default = default_work_stream_id();
        return streams()
            .get(&default)
            .map(|stream| (default, stream.clone()));
    }
    let stream = streams().entry(work_stream_id).or_default().clone();
    Some((work_stream_id, stream))
}

/// Moves the thread to `work_stream_id`. Its own store and its default
/// stream are one store: moving from the first to the second takes the
/// reports along.
fn switch(context: &mut Context, work_stream_id: u64) {
    let old = context.stream.take();
    let new = stream_of(work_stream_id);
    if old.is_none()
        && let Some((key, stream)) = &new
        && *key == default_work_stream_id()
    {
        let reports = errcat::take_reports();
        if !reports.is_empty() {
            let _inside = stream.enter();
            put_back(reports);
        }
    }
    context.work_stream_id = work_stream_id;
    context.stream = new;
    if let Some((key, stream)) = old {
        release(key, stream);
    }
}

/// Puts `reports` into the current store as they are, a report identical to
/// one stored included: CANN's `SetRawErrorMessages` appends its items
/// without looking for repeats, and a store moved, copied or rendered here
/// keeps the repeats it holds (the compact C ABI stores every report).
/// Reports made through the framework are still kept once, as CANN's
/// `ErrorManager` keeps them.
fn put_back(reports: impl IntoIterator<Item = Report>) {
    errcat::__private::keeping_repeats(|| errcat::restore_reports(reports));
}

/// Runs `f` with the store of `work_stream_id` (the calling thread's, as
/// C++ has it) entered: the process's in `PROCESS_MODE`.
fn in_store<R>(work_stream_id: u64, f: impl FnOnce() -> R) -> R {
    if process_mode() {
        let _inside = process_stream().enter();
        return f();
    }
    let _inside = CONTEXT
        .try_with(|context| {
            let mut context = context.try_borrow_mut().ok()?;
            if context.work_stream_id != work_stream_id {
                switch(&mut context, work_stream_id);
            }
            context.stream.as_ref().map(|(_, stream)| stream.enter())
        })
        .ok()
        .flatten();
    f()
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

/// Lets the graph engine's layout keep this process's id instead of asking
/// the kernel at each rendering, and forgets it in the child of a `fork`.
#[cfg(unix)]
fn keep_process_id() {
    unsafe extern "C" fn forget_in_child() {
        errcat::__private::forget_process_id();
    }
    unsafe extern "C" {
        fn pthread_atfork(
            prepare: Option<unsafe extern "C" fn()>,
            parent: Option<unsafe extern "C" fn()>,
            child: Option<unsafe extern "C" fn()>,
        ) -> i32;
    }
    // SAFETY: pthread_atfork only keeps the handler, which stores an
    // atomic and so may run in the child of a fork.
    if unsafe { pthread_atfork(None, None, Some(forget_in_child)) } == 0 {
        errcat::__private::keep_process_id();
    }
}

#[cfg(not(unix))]
fn keep_process_id() {}

/// What became of the configuration catalog.
enum Configuration {
    /// Registered from this path.
    Registered,
    /// Not there, or not readable as a catalog: why, for the last error.
    Missing(String),
}

/// Registers the built-in catalog, then the configuration catalog when its
/// file exists, once per process.
fn ensure_initialised() -> &'static Configuration {
    static INITIALISED: OnceLock<Configuration> = OnceLock::new();
    INITIALISED.get_or_init(|| {
        // The framework's text shows when each report was made, and by
        // which process.
        errcat::keep_report_times();
        keep_process_id();
        let limits = errcat::limits();
        if limits.max_message_bytes() < FRAMEWORK_MESSAGE_BYTES {
            // Within the bounds set_limits accepts: it cannot fail.
            let _ = errcat::set_limits(limits.with_max_message_bytes(FRAMEWORK_MESSAGE_BYTES));
        }
        builtin::ensure_registered();
        match configuration_path() {
            Some(path) => register_file("ErrMgrInit", &path),
            None => Configuration::Missing(
                "ErrMgrInit: the folder of the library is unknown, so is its configuration catalog; \
                 the built-in catalog serves"
                    .to_owned(),
            ),
        }
    })
}

/// Registers the catalog file at `path` at the configuration's priority.
fn register_file(function: &str, path: &std::path::Path) -> Configuration {
    let shown = path.display();
    if !path.exists() {
        return Configuration::Missing(format!(
            "{function}: there is no configuration catalog at \"{shown}\"; the built-in catalog serves"
        ));
    }
    let bytes = match crate::read_catalog_file(path.as_os_str().as_encoded_bytes()) {
        Ok(bytes) => bytes,
        Err(why) => {
            return Configuration::Missing(format!("{function}: cannot read \"{shown}\": {why}"));
        }
    };
    let Ok(text) = core::str::from_utf8(&bytes) else {
        return Configuration::Missing(format!("{function}: \"{shown}\" is not UTF-8"));
    };
    match crate::written::register(text, CONFIGURATION_PRIORITY) {
        Err(errors) => Configuration::Missing(format!(
            "{function}: \"{shown}\" is not a catalog: {errors}"
        )),
        Ok(outcome) => {
            if let Some(refused) = outcome.refused {
                // The file is the installation's: what it could register
                // stays, and what it could not is said.
                set_last_error(format!(
                    "{function}: \"{shown}\": entries refused:\n{refused}"
                ));
            }
            Configuration::Registered
        }
    }
}

/// 0 when the configuration catalog was registered; else -1, and why is
/// the thread's last error, as CANN's `Init` returns -1 without its file.
fn configuration_outcome(configuration: &Configuration) -> i32 {
    match configuration {
        Configuration::Registered => 0,
        Configuration::Missing(why) => {
            set_last_error(why.clone());
            -1
        }
    }
}

/// The folder of the file that holds this library (the executable, when
/// linked statically), as CANN's `GetSelfLibraryDir` finds it.
#[cfg(unix)]
fn library_folder() -> Option<std::path::PathBuf> {
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
    Some(file.parent()?.to_path_buf())
}

#[cfg(not(unix))]
fn library_folder() -> Option<std::path::PathBuf> {
    let exe = std::env::current_exe().ok()?;
    Some(exe.parent()?.to_path_buf())
}

/// `<folder of this library>/../conf/error_manager/error_code.json`.
fn configuration_path() -> Option<std::path::PathBuf> {
    Some(library_folder()?.join(CONFIGURATION_FILE))
}

/// 0 for `Ok`; -1 for `Err`, which becomes the thread's last error.
fn outcome(function: &str, result: Result<(), errcat::ReportError>) -> i32 {
    match result {
        Ok(()) => 0,
        Err(error) => {
            set_last_error(format!("{function}: {error}"));
            -1
        }
    }
}

/// `len` bytes at `ptr` as text (invalid UTF-8 replaced); `None` for NULL.
///
/// # Safety
///
/// `ptr` is NULL or readable for `len` bytes, unchanged for `'a`.
unsafe fn text_of<'a>(ptr: *const c_char, len: usize) -> Option<std::borrow::Cow<'a, str>> {
    if ptr.is_null() {
        return None;
    }
    // SAFETY: the caller guarantees `len` readable bytes.
    let bytes = unsafe { core::slice::from_raw_parts(ptr.cast::<u8>(), len) };
    // Valid text, nearly always, is borrowed after the validator's fast
    // pass; the lossy reader's chunking costs several times that.
    Some(match core::str::from_utf8(bytes) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(bytes),
    })
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
        match crate::written::register(text, priority) {
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

/// `ReportPredefinedErrMsg`, `ReportPredefinedErrMsgForC` and
/// `ErrorManager::ReportErrMessage`: `code` with `count` arguments by name,
/// into the store of `work_stream_id`.
///
/// # Safety
///
/// `code` is NULL or a NUL-terminated string; unless `count` is 0, `keys`
/// and `values` are NULL or readable for `count` elements, each NULL or a
/// NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn errcode_ffi_ge_report_predefined(
    work_stream_id: u64,
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
        if !process_mode() {
            // SAFETY: unless `count` is 0, both arrays are not NULL and the
            // caller guarantees `count` readable elements, each NULL or a
            // NUL-terminated string readable for this call.
            let Some(fields) = (unsafe { args::FrameworkFields::read(keys, values, count) }) else {
                return -1;
            };
            // The arrays read field by field, straight into the store; only
            // when that cannot tell (text that is not UTF-8) are they read
            // as pairs below.
            let done = in_store(work_stream_id, || {
                let result = if fields.are_many() {
                    let many = args::ManyFields::new(&fields);
                    errcat::report_dynamic_with(&code, |at, name| many.value_of(at, name))
                } else {
                    errcat::report_dynamic_with(&code, |at, name| fields.value_of(at, name))
                };
                (result.is_ok() || !fields.is_unsure()).then(|| outcome(FUNCTION, result))
            });
            if let Some(done) = done {
                return done;
            }
        }
        let report = |pairs: &[(&str, &str)]| {
            in_store(work_stream_id, || {
                let result = if process_mode() {
                    errcat::report_dynamic_suffixed(&code, pairs, ThreadSuffix)
                } else {
                    errcat::report_dynamic(&code, pairs)
                };
                outcome(FUNCTION, result)
            })
        };
        // SAFETY: unless `count` is 0, both arrays are not NULL and the
        // caller guarantees `count` readable elements, each NULL or a
        // NUL-terminated string readable for this call.
        match unsafe { args::read_framework_pairs(keys.cast(), values.cast(), count, report) } {
            args::FrameworkPairs::Done(result) => result,
            args::FrameworkPairs::Null => -1,
            args::FrameworkPairs::Other(report) => {
                // SAFETY: as above; no element below `count` is NULL.
                let args = unsafe { Args::read(keys.cast(), values.cast(), count_i32) };
                args.with_pairs(report)
            }
        }
    })
}

/// `ReportInnerErrMsg` once C++ has formatted the message, and
/// `ErrorManager::ReportInterErrMessage`: `len` bytes of `message`.
///
/// # Safety
///
/// `code` is NULL or a NUL-terminated string; `message` is NULL or
/// readable for `len` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn errcode_ffi_ge_report_inner(
    work_stream_id: u64,
    code: *const c_char,
    message: *const c_char,
    len: usize,
) -> i32 {
    const FUNCTION: &str = "ReportInnerErrMsg";
    boundary(FUNCTION, -1, || {
        let _ = ensure_initialised();
        // SAFETY: the caller guarantees NULL or a NUL-terminated string,
        // and `len` readable bytes of `message`.
        let (Some(code), Some(message)) = (unsafe { (c_text(code), text_of(message, len)) }) else {
            return -1;
        };
        in_store(work_stream_id, || {
            let result = if process_mode() {
                errcat::report_internal(&code, format_args!("{message}{ThreadSuffix}"))
            } else {
                errcat::report_internal(&code, &*message)
            };
            outcome(FUNCTION, result)
        })
    })
}

/// `ReportUserDefinedErrMsg` once C++ has formatted the message, and
/// `ErrorManager::ReportErrMsgWithoutTpl`: a code that
/// [`errcode_ffi_ge_is_user_defined`] refuses is reported as `EU0000`.
///
/// # Safety
///
/// `code` is NULL or a NUL-terminated string; `message` is NULL or
/// readable for `len` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn errcode_ffi_ge_report_user_defined(
    work_stream_id: u64,
    code: *const c_char,
    message: *const c_char,
    len: usize,
) -> i32 {
    const FUNCTION: &str = "ReportUserDefinedErrMsg";
    boundary(FUNCTION, -1, || {
        let _ = ensure_initialised();
        // SAFETY: the caller guarantees NULL or a NUL-terminated string,
        // and `len` readable bytes of `message`.
        let (code, Some(message)) = (unsafe { (c_text(code), text_of(message, len)) }) else {
            return -1;
        };
        let code = code.as_deref().unwrap_or_default();
        let code = if is_user_defined(code) {
            code
        } else {
            "EU0000"
        };
        in_store(work_stream_id, || {
            outcome(FUNCTION, errcat::report_user_defined(code, &*message))
        })
    })
}

/// Whether the store keeps `code` as a user-defined code: `EU0000`-`EU9999`
/// that no catalog defines, but for the codes ending in 9999 or 8888, which
/// CANN's `IsUserDefinedErrorCode` refuses as internal (`IsInnerErrorCode`
/// counts the parameter-check codes among them), so that `EU8888` and
/// `EU9999` are reported as `EU0000`, as CANN reports them.
fn is_user_defined(code: &str) -> bool {
    code.len() == 6
        && code.starts_with("EU")
        && code[2..].bytes().all(|byte| byte.is_ascii_digit())
        && !matches!(&code[2..], "9999" | "8888")
        && errcat::registry().get(code).is_none()
}

/// `ErrorManager::IsUserDefinedErrorCode`: 1 when [`is_user_defined`].
///
/// # Safety
///
/// `code` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn errcode_ffi_ge_is_user_defined(code: *const c_char) -> i32 {
    boundary("IsUserDefinedErrorCode", 0, || {
        let _ = ensure_initialised();
        // SAFETY: the caller guarantees NULL or a NUL-terminated string.
        let code = unsafe { c_text(code) };
        i32::from(code.as_deref().is_some_and(is_user_defined))
    })
}

/// `ErrMgrInit` and `ErrorManager::Init(mode)`: sets the mode, then as
/// [`errcode_ffi_ge_init_default`].
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
        configuration_outcome(ensure_initialised())
    })
}

/// `ErrorManager::Init()`: 0 when the configuration catalog beside the
/// library was registered; -1 when there is none (the built-in catalog
/// serves), as CANN's manager returns without its file.
#[unsafe(no_mangle)]
pub extern "C" fn errcode_ffi_ge_init_default() -> i32 {
    boundary("Init", -1, || configuration_outcome(ensure_initialised()))
}

/// `ErrorManager::Init(path)`: registers `path` + `../conf/error_manager/error_code.json`
/// (`len` bytes of `path`, a folder ending in `/`) at the configuration's
/// priority; 0, or -1 when it cannot be read or is not a catalog.
///
/// # Safety
///
/// `path` is NULL or readable for `len` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn errcode_ffi_ge_init_path(path: *const c_char, len: usize) -> i32 {
    boundary("Init", -1, || {
        let _ = ensure_initialised();
        // SAFETY: the caller guarantees `len` readable bytes.
        let Some(folder) = (unsafe { text_of(path, len) }) else {
            return -1;
        };
        let file = std::path::PathBuf::from(format!("{folder}{CONFIGURATION_FILE}"));
        configuration_outcome(&register_file("Init", &file))
    })
}

/// The calling thread's default `work_stream_id` (pid * 100000 + tid).
#[unsafe(no_mangle)]
pub extern "C" fn errcode_ffi_ge_default_id() -> u64 {
    boundary("GenWorkStreamIdDefault", 0, default_work_stream_id)
}

/// Moves the calling thread to `work_stream_id` now (the reports of its
/// own store go along to its default stream), and clears that store's
/// errors and warnings when `clear` is not 0
/// (`GenWorkStreamIdBySessionGraph`).
#[unsafe(no_mangle)]
pub extern "C" fn errcode_ffi_ge_enter(work_stream_id: u64, clear: i32) {
    boundary("GenWorkStreamId", (), || {
        in_store(work_stream_id, || {
            if clear != 0 {
                drop(errcat::take_reports());
            }
        });
    })
}

/// `GetErrMgrErrorMessage` (`warnings` 0), `GetErrMgrWarningMessage` and
/// their `ErrorManager` twins: the store's errors or warnings in the graph
/// engine's layout, then cleared. The text is the calling thread's, valid
/// until its next call; `*len` is its length. NULL only after a panic.
///
/// # Safety
///
/// `len` is writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn errcode_ffi_ge_take_message(
    work_stream_id: u64,
    warnings: i32,
    len: *mut usize,
) -> *const c_char {
    boundary("GetErrMgrErrorMessage", core::ptr::null(), || {
        let _ = ensure_initialised();
        GE_TEXT
            .try_with(|cell| {
                let mut buf = cell.try_borrow_mut().ok()?;
                let mut out = CText::new(&mut buf);
                in_store(work_stream_id, || {
                    if warnings != 0 {
                        errcat::write_warning_message_with(Layout::Ge, &mut out)
                    } else {
                        errcat::write_error_message_with(Layout::Ge, &mut out)
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

/// A text handed across, not NUL-terminated.
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

    /// The text, invalid UTF-8 replaced.
    ///
    /// # Safety
    ///
    /// `ptr` is NULL (read as "") or readable for `len` bytes for `'a`.
    unsafe fn read<'a>(&self) -> std::borrow::Cow<'a, str> {
        // SAFETY: the caller guarantees it.
        unsafe { text_of(self.ptr, self.len) }.unwrap_or_default()
    }
}

/// One report handed to C++ (`errcode_ffi_raw_item` in `src/err_msg.cc`);
/// `args` holds key, value, key, value, ...
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

/// Hands each of `reports` to `sink`, its arguments sorted by name.
///
/// # Safety
///
/// `sink` takes `context` and an item it reads during the call only, and
/// does not unwind.
unsafe fn hand_out(reports: &[Report], sink: RawSink, context: *mut c_void) {
    for report in reports {
        let time = report.time().to_string();
        let mut args: Vec<(&str, &str)> = report.args().collect();
        // As the original's std::map orders them.
        args.sort_unstable_by(|a, b| a.0.cmp(b.0));
        let texts: Vec<Text> = args
            .iter()
            .flat_map(|(key, value)| [Text::of(key), Text::of(value)])
            .collect();
        // An internal error carries no catalog texts, as in CANN, even when
        // its code has a definition; a defined code, its catalog's own; an
        // item put back by SetRawErrorMessages, its own, as given.
        let def = report
            .def()
            .filter(|def| !report.is_internal() || is_raw_definition(def));
        let (cause, solution) = def
            .map(crate::written::cause_and_solution)
            .unwrap_or_default();
        let item = RawItem {
            id: Text::of(report.code()),
            title: Text::of(def.and_then(errcat::ErrorDef::title).unwrap_or_default()),
            message: Text::of(report.message()),
            cause: Text::of(&cause),
            solution: Text::of(&solution),
            time: Text::of(&time),
            args: texts.as_ptr(),
            arg_pairs: args.len(),
        };
        // SAFETY: the caller guarantees `sink` as documented; `item` and
        // every text it points to live until the call returns.
        unsafe { sink(context, &item) };
    }
}

/// `GetErrMgrRawErrorMessages` and `ErrorManager::GetRawErrorMessages`:
/// hands each error of the store to `sink`, in report order, then clears
/// them (the warnings stay).
///
/// # Safety
///
/// `sink` is NULL or a function that takes `context` and an item it reads
/// during the call only, and does not unwind.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn errcode_ffi_ge_take_raw(
    work_stream_id: u64,
    sink: Option<RawSink>,
    context: *mut c_void,
) {
    boundary("GetErrMgrRawErrorMessages", (), || {
        let Some(sink) = sink else {
            return;
        };
        let reports = in_store(work_stream_id, errcat::take_error_reports);
        // SAFETY: the caller guarantees `sink` as documented.
        unsafe { hand_out(&reports, sink, context) };
    })
}

/// Runs `f` in the store of `work_stream_id` without moving the calling
/// thread there: the process's in `PROCESS_MODE` when `by_mode` is not 0,
/// the thread's own for 0; `None` for an id that has no stream.
fn in_stream_of<R>(work_stream_id: u64, by_mode: i32, f: impl FnOnce() -> R) -> Option<R> {
    let stream = if by_mode != 0 && process_mode() {
        Some(process_stream().clone())
    } else if work_stream_id == 0 {
        None
    } else {
        Some(streams().get(&work_stream_id).cloned()?)
    };
    let _inside = stream.as_ref().map(WorkStream::enter);
    Some(f())
}

/// The private `ErrorManager::Get*MsgContainer*`: hands a copy of the
/// errors (`warnings` 0) or the warnings of the store `work_stream_id`
/// names (see [`in_stream_of`]) to `sink`, leaving them stored.
///
/// # Safety
///
/// As [`errcode_ffi_ge_take_raw`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn errcode_ffi_ge_copy_raw(
    work_stream_id: u64,
    warnings: i32,
    by_mode: i32,
    sink: Option<RawSink>,
    context: *mut c_void,
) {
    boundary("GetErrorMsgContainer", (), || {
        let Some(sink) = sink else {
            return;
        };
        let reports = in_stream_of(work_stream_id, by_mode, || {
            let reports = errcat::take_reports();
            put_back(reports.iter().cloned());
            reports
        })
        .unwrap_or_default();
        let chosen: Vec<Report> = reports
            .into_iter()
            .filter(|report| report.is_warning() == (warnings != 0))
            .collect();
        // SAFETY: the caller guarantees `sink` as documented.
        unsafe { hand_out(&chosen, sink, context) };
    })
}

/// The private `ErrorManager::Clear*MsgContainer*`: drops the errors
/// (`warnings` 0) or the warnings of the store `work_stream_id` names (see
/// [`in_stream_of`]).
#[unsafe(no_mangle)]
pub extern "C" fn errcode_ffi_ge_clear(work_stream_id: u64, warnings: i32, by_mode: i32) {
    boundary("ClearErrorMsgContainer", (), || {
        in_stream_of(work_stream_id, by_mode, || {
            let kept: Vec<Report> = errcat::take_reports()
                .into_iter()
                .filter(|report| report.is_warning() != (warnings != 0))
                .collect();
            put_back(kept);
        });
    })
}

/// The private `ErrorManager::ParseJsonFile`: registers the catalog file
/// `len` bytes of `path` name at the configuration's priority; 0 or -1.
///
/// # Safety
///
/// `path` is NULL or readable for `len` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn errcode_ffi_ge_register_file(path: *const c_char, len: usize) -> i32 {
    boundary("ParseJsonFile", -1, || {
        let _ = ensure_initialised();
        // SAFETY: the caller guarantees `len` readable bytes.
        let Some(path) = (unsafe { text_of(path, len) }) else {
            return -1;
        };
        configuration_outcome(&register_file(
            "ParseJsonFile",
            std::path::Path::new(&*path),
        ))
    })
}

/// One report coming back from C++ (`errcode_ffi_restore_item` in
/// `src/err_msg.cc`): `args` holds key, value, key, value, ...; `time` is
/// microseconds since the Unix epoch, [`NO_TIME`] for a text that is not a
/// report time, [`EMPTY_TIME`] for `""`.
#[repr(C)]
pub struct RestoreItem {
    id: Text,
    title: Text,
    message: Text,
    cause: Text,
    solution: Text,
    args: *const Text,
    arg_pairs: usize,
    time: i64,
}

/// An item's time that is not a report time: shown as the time it is put
/// back (`kNoTime` in `src/err_msg.cc`).
const NO_TIME: i64 = i64::MIN;
/// An item's empty time: shown as nothing, as CANN shows it (`kEmptyTime`).
const EMPTY_TIME: i64 = i64::MIN + 1;

/// The report time of an item's `time` (see [`RestoreItem`]).
fn time_of(micros: i64) -> ReportTime {
    match micros {
        NO_TIME => ReportTime::now(),
        EMPTY_TIME => ReportTime::__blank(),
        micros => u64::try_from(micros)
            .ok()
            .map_or_else(ReportTime::now, |micros| {
                ReportTime::from_system_time(
                    std::time::UNIX_EPOCH + std::time::Duration::from_micros(micros),
                )
            }),
    }
}

/// Builds the reports of `count` items, each shown as CANN's
/// `SetRawErrorMessages` keeps it: whatever its code (defined, undefined,
/// malformed or empty), among the errors (a `W` code too), with its own
/// title, cause and solution.
///
/// # Safety
///
/// `items` is readable for `count` items whose texts are readable.
unsafe fn reports_of(items: *const RestoreItem, count: usize) -> Vec<Report> {
    if items.is_null() {
        return Vec::new();
    }
    // SAFETY: the caller guarantees `count` readable items.
    let items = unsafe { core::slice::from_raw_parts(items, count) };
    let mut reports = Vec::with_capacity(items.len());
    for item in items {
        // SAFETY: the caller guarantees the texts readable.
        let (code, message) = unsafe { (item.id.read(), item.message.read()) };
        let time = time_of(item.time);
        // SAFETY: the caller guarantees the texts readable.
        let (title, cause, solution) =
            unsafe { (item.title.read(), item.cause.read(), item.solution.read()) };
        // An item as a report of its code would have made it (as
        // GetRawErrorMessages handed it out: a defined code with its
        // definition's texts, or an internal or user-defined one with none)
        // is made so again: it keeps its values, and a later report of the
        // same is kept once with it, as CANN compares the texts. Any other
        // item is shown as given, with a definition of its own texts.
        let as_reported = match errcat::registry().get(&code) {
            Some(def) => {
                let (written_cause, written_solution) = crate::written::cause_and_solution(def);
                def.title().unwrap_or_default() == title
                    && written_cause == cause
                    && written_solution == solution
            }
            None => title.is_empty() && cause.is_empty() && solution.is_empty(),
        };
        if as_reported {
            // SAFETY: the caller guarantees the texts readable.
            let pairs = unsafe { pairs_of(item) };
            let pairs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (&**k, &**v)).collect();
            // A W code would go to the warnings: CANN keeps it an error.
            if let Ok(report) = Report::from_parts(&code, &message, &pairs, time)
                && !report.is_warning()
            {
                reports.push(report);
                continue;
            }
        }
        let def = raw_definition(&code, &title, &cause, &solution);
        reports.push(Report::__with_definition(def, &message, time));
    }
    reports
}

/// The arguments of `item`, as (key, value) pairs.
///
/// # Safety
///
/// `item.args` is NULL or readable for `2 * item.arg_pairs` texts, each
/// readable.
unsafe fn pairs_of(
    item: &RestoreItem,
) -> Vec<(std::borrow::Cow<'_, str>, std::borrow::Cow<'_, str>)> {
    if item.args.is_null() {
        return Vec::new();
    }
    // SAFETY: the caller guarantees 2 * arg_pairs readable texts.
    let texts = unsafe { core::slice::from_raw_parts(item.args, 2 * item.arg_pairs) };
    texts
        .chunks_exact(2)
        // SAFETY: as above.
        .map(|pair| unsafe { (pair[0].read(), pair[1].read()) })
        .collect()
}

/// The definitions made for items given with texts of their own, by code,
/// title, cause and solution: made once each and kept for the process's
/// life, as registered definitions are (reports refer to them); and the
/// address of each, to tell them from the catalogs' definitions.
type RawKey = (String, String, String, String);
struct RawDefinitions {
    by_texts: BTreeMap<RawKey, &'static ErrorDef>,
    addresses: std::collections::BTreeSet<usize>,
}
static RAW_DEFINITIONS: Mutex<RawDefinitions> = Mutex::new(RawDefinitions {
    by_texts: BTreeMap::new(),
    addresses: std::collections::BTreeSet::new(),
});

/// Whether `def` was made for an item given to `SetRawErrorMessages`.
fn is_raw_definition(def: &'static ErrorDef) -> bool {
    RAW_DEFINITIONS
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .addresses
        .contains(&(core::ptr::from_ref(def) as usize))
}

/// A definition that shows `code`, `title`, `cause` and `solution` as
/// CANN's `GetErrorMessage` shows an item's (an empty or "N/A" cause or
/// solution is not shown), whatever the code: CANN keeps an item as given.
/// It is an error's, never a warning's (CANN's `SetRawErrorMessages` puts
/// every item among the errors), and internal when CANN's text judges the
/// code so (six characters, ending in 9999 or 8888).
fn raw_definition(code: &str, title: &str, cause: &str, solution: &str) -> &'static ErrorDef {
    let key = (
        code.to_owned(),
        title.to_owned(),
        cause.to_owned(),
        solution.to_owned(),
    );
    let mut made = RAW_DEFINITIONS
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some(def) = made.by_texts.get(&key) {
        return def;
    }
    let leak = |text: &str| -> &'static str { Box::leak(text.into()) };
    let shown = |text: &str| (!text.is_empty() && text != "N/A").then(|| leak(text));
    let internal = code.len() == 6 && matches!(code.get(2..), Some("9999" | "8888"));
    // Not `ErrorDef::__new`, which refuses a code of the wrong shape: the
    // parts (no placeholder, one piece) agree, and the kind is CANN's.
    let def = ErrorDef::__compiled(
        errcat::__private::RawDef {
            code: leak(code),
            title: (!title.is_empty()).then(|| leak(title)),
            class: None,
            message: "",
            pieces: &[""],
            args: &[],
            fields: &[],
            slots: &[],
            cause: shown(cause),
            solution: shown(solution),
            location: errcat::SourceLocation::new(file!(), line!(), column!()),
        },
        0,
        false,
        internal,
    );
    let def: &'static ErrorDef = Box::leak(Box::new(def));
    crate::written::remember(def, cause, solution);
    made.by_texts.insert(key, def);
    made.addresses.insert(core::ptr::from_ref(def) as usize);
    def
}

/// `ErrorManager::SetRawErrorMessages`: puts `count` items into the store
/// of `work_stream_id`, after what it holds.
///
/// # Safety
///
/// `items` is NULL or readable for `count` items whose texts are readable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn errcode_ffi_ge_restore(
    work_stream_id: u64,
    items: *const RestoreItem,
    count: usize,
) -> i32 {
    boundary("SetRawErrorMessages", -1, || {
        let _ = ensure_initialised();
        // SAFETY: the caller guarantees the items.
        let reports = unsafe { reports_of(items, count) };
        in_store(work_stream_id, || put_back(reports));
        0
    })
}

/// The private `ErrorManager::AssembleInnerErrorMessage`: `count` items
/// rendered in the graph engine's layout, from a store of their own; the
/// text is the calling thread's, as [`errcode_ffi_ge_take_message`]'s.
///
/// # Safety
///
/// `items` is NULL or readable for `count` items whose texts are readable;
/// `len` is writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn errcode_ffi_ge_render_items(
    items: *const RestoreItem,
    count: usize,
    len: *mut usize,
) -> *const c_char {
    boundary("AssembleInnerErrorMessage", core::ptr::null(), || {
        // SAFETY: the caller guarantees the items.
        let reports = unsafe { reports_of(items, count) };
        let scratch = WorkStream::new();
        let _inside = scratch.enter();
        put_back(reports);
        GE_TEXT
            .try_with(|cell| {
                let mut buf = cell.try_borrow_mut().ok()?;
                let mut out = CText::new(&mut buf);
                errcat::write_error_message_with(Layout::Ge, &mut out);
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

/// The current mode: 0 `INTERNAL_MODE`, 1 `PROCESS_MODE`.
#[unsafe(no_mangle)]
pub extern "C" fn errcode_ffi_ge_mode() -> u32 {
    MODE.load(Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_framework_keeps_values_past_the_compact_bound() {
        let _ = ensure_initialised();
        assert!(errcat::limits().max_message_bytes() >= FRAMEWORK_MESSAGE_BYTES);
        assert!(errcat::Limits::DEFAULT.max_message_bytes() < FRAMEWORK_MESSAGE_BYTES);
    }
}
