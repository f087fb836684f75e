/*
 * errcode/compact_error_manager.h -- the C ABI of errcode (the crate
 * errcat-ffi), a drop-in replacement for the error manager of CANN's compact runtime
 * (src/runtime_compact/c_base/inc/error_manager.h and error_manager.c).
 *
 * Include this header in place of the original (#include
 * "errcode/compact_error_manager.h", with -I <errcode>/ffi/include) and link
 * liberrcat_ffi.a (on Linux with -lpthread -ldl -lm) or liberrcat_ffi.so
 * instead of error_manager.c; no call site changes. Its name is its own so
 * that no -I, with or without ffi/include/cann beside it, makes
 * "error_manager.h" mean the wrong manager: that name is the C++ class's
 * (cann/error_manager.h). Installed (ffi/install.sh), it is also
 * include/errcat_ffi/compact/error_manager.h, and the flags of the compact
 * modules (pkg-config errcat_ffi_compact, errcat_ffi_compact_static; CMake
 * errcat_ffi::compact, errcat_ffi::compact_static) make #include
 * "error_manager.h" this header, as CANN's compact sources write it; the
 * static module needs no C++ runtime. The four functions and the macros of
 * the original keep their names and signatures:
 *
 *     REPORT_INPUT_ERROR("EK0201", ARRAY("buf_size"), ARRAY("1048576B"));
 *     REPORT_INNER_ERROR("EK9999", "collector stopped at step %d", step);
 *     const char* text = GetErrorMessage();
 *
 * Ownership. GetErrorMessage, GetWarningMessage and ErrcodeLastError return
 * NUL-terminated text owned by the calling thread, each in a buffer of its
 * own that is reused by that function's next call on the same thread and
 * freed when the thread exits. Never free it; copy it to keep it longer.
 * Every other pointer is read during the call only.
 *
 * Threads. Each thread has its own store of errors and warnings: reports of
 * one thread never show in another's messages. Registering a catalog is
 * seen by every thread.
 *
 * Fork. A child forked at any moment, while other threads report, read or
 * register catalogs, can call every function at once: fork(), through a
 * pthread_atfork handler, waits for the calls under way in other threads
 * to end and holds back new ones until it returns, so that no lock or
 * one-time initialisation of the library is held in the child by a thread
 * it does not have. (CANN's own C++ manager holds its mutex across fork,
 * and a child can hang on it.)
 *
 * Signals. No function of this header may be called from a signal handler;
 * none is async-signal-safe, as none of error_manager.c is (it calls
 * pthread_once, malloc and sprintf_s). The first report or registration
 * in the process registers the built-in catalog inside a one-time
 * initialisation: a
 * handler that reports on a thread interrupted inside that call waits for
 * the initialisation its own thread started, for ever. Later calls
 * allocate and take locks (the allocator's, the catalog's), which the
 * interrupted code may hold: the same deadlock. Record what the handler
 * needs in a volatile sig_atomic_t, or write(2) it to a pipe, and report
 * from ordinary code.
 *
 * Bounds. A thread keeps at most 1000 errors and 1000 warnings (the
 * earliest, which hold the headline); later ones are counted and the text
 * ends with "        ... N more messages dropped". A message or argument
 * value longer than 1024 bytes is cut at a character boundary and ends
 * with "...". GetErrorMessage reuses its buffer, and in steady state
 * ReportErrMessage of a defined code and GetErrorMessage allocate nothing:
 * a million report/get pairs hold memory flat.
 *
 * Catalog. The library ships with the compact runtime's own table
 * (E10001, E10004, E10055, E19001, E19025, EE1001, EH0001-EH0003,
 * EK0001-EK0004, EK0201, EK9999), whose reports render that table's texts
 * as error_manager.c renders them ("EK0201: Failed to allocate host memory
 * for Profiling: 100." with its PossibleCause and Solution lines), and with
 * the other codes of CANN's "Profiling Errors" (EK0005-EK0007,
 * EK0202-EK0204, with the texts of CANN's error_code.json), at priority 0.
 * ErrcodeRegisterCatalogJson and ErrcodeRegisterCatalogFile add more at run
 * time; a priority of 1 or more replaces built-in texts, the table's
 * included. In a catalog's message "%s" is the only placeholder and "%%" a
 * percent sign, as sprintf_s reads the original's table ("100%% of %s"
 * renders "100% of 4 GB"); a lone "%" is refused when the catalog is
 * registered.
 *
 * Dropped reports. As error_manager.c does, a report that cannot be made as
 * asked (NULL, unknown or malformed code, an argument of the definition
 * not given, a code given to ReportInterErrMessage that is not internal)
 * is dropped, and ErrcodeLastError says why. With the environment variable
 * ERRCAT_FFI_TRACE_DROPPED set to anything but "" or "0" before the first
 * call, or after ErrcodeTraceDropped(1), it is recorded instead as an
 * internal error whose message says what went wrong, under the internal
 * code of the code's module (EK9999 for EK0201) or E19999, so that the
 * text shows it.
 *
 * What differs from error_manager.c, as a caller sees it:
 *  - EK0005-EK0007 and EK0202-EK0204 are defined (the C code drops them).
 *  - Templates may have any number of arguments (the C code dropped those
 *    with more than 3), and FormatReportInner cuts a long message with
 *    "..." instead of dropping it.
 *  - NULL pointers are never dereferenced: a NULL message or argument value
 *    reads as "(null)"; see each function. Text that is not UTF-8 is kept
 *    with each invalid sequence replaced by U+FFFD.
 *  - In C++, REPORT_INPUT_ERROR builds const char* arrays, so that string
 *    literals and c_str() need no cast; in C it is the original macro.
 *  - Warnings (W codes) are kept apart and rendered by GetWarningMessage.
 */

#ifndef C_BASE_ERROR_MANAGER_H
#define C_BASE_ERROR_MANAGER_H

#if defined(ERROR_MANAGER_H_)
#error "errcode/compact_error_manager.h (the compact C runtime's manager) and cann/error_manager.h (the C++ ErrorManager) are two managers: include one per translation unit"
#endif

/* Generated by cbindgen from ffi/src/lib.rs with ffi/cbindgen.toml: do not edit.
 * Regenerate with `ERRCODE_BLESS=1 cargo test -p errcat-ffi --test header`. */

#include <stddef.h>
#include <stdint.h>

/* The platforms of the CANN compact runtime, as the original header defines them. */
#ifndef LINUX
#define LINUX 0
#endif
#ifndef LITEOS
#define LITEOS 1
#endif

#if defined(NANO_OS_TYPE) && (NANO_OS_TYPE == LITEOS)
#define ERROR_MANAGER_MODULE_CLOSE
#endif

#ifndef ERROR_MANAGER_MODULE_CLOSE

/* The longest message FormatReportInner keeps, in bytes; longer ones are cut
 * at a character boundary and end with "...". */
#define LIMIT_PER_MESSAGE 1024

/* A brace-enclosed list for REPORT_INPUT_ERROR: ARRAY("value", "param"). */
#define ARRAY(...)  \
    {               \
        __VA_ARGS__ \
    }

/* Reports an internal error with a printf format, prefixed with where it was
 * reported: REPORT_INNER_ERROR("E19999", "size %d < %d", a, b) records
 * [FUNC:f][FILE:a.c][LINE:12]"size 1 < 2" -- the format is stringized (#fmt),
 * as in the original header, so it is printed within double quotes. */
#define REPORT_INNER_ERROR(errCode, fmt, ...) \
    FormatReportInner(                        \
        errCode, "[FUNC:%s][FILE:%s][LINE:%zu]" #fmt, &__FUNCTION__[0], __FILE__, (size_t)(__LINE__), ##__VA_ARGS__)

/* Reports errCode with its arguments by name:
 * REPORT_INPUT_ERROR("EK0201", ARRAY("buf_size"), ARRAY("1048576B")). */
#ifdef __cplusplus
#define REPORT_INPUT_ERROR(errCode, params, vals)                                      \
    do {                                                                               \
        const char* argList[] = params;                                                \
        const char* argVal[] = vals;                                                   \
        ReportErrMessage(errCode, const_cast<char**>(argList), const_cast<char**>(argVal), \
            static_cast<int32_t>(sizeof(argList) / sizeof(argList[0])));               \
    } while (0)
#else
#define REPORT_INPUT_ERROR(errCode, params, vals)                                         \
    do {                                                                                  \
        char* argList[] = params;                                                         \
        char* argVal[] = vals;                                                            \
        ReportErrMessage(errCode, argList, argVal, (int32_t)(sizeof(argList) / sizeof(argList[0]))); \
    } while (0)
#endif

#else /* ERROR_MANAGER_MODULE_CLOSE */
#define REPORT_INNER_ERROR(errCode, fmt, ...)
#define REPORT_INPUT_ERROR(errCode, params, vals)
#endif /* ERROR_MANAGER_MODULE_CLOSE */

/* What ErrcodeRegisterCatalogJson and ErrcodeRegisterCatalogFile return:
 * every entry registered; some entries refused and every other one
 * registered (ErrcodeLastError lists the refused ones); nothing registered
 * (ErrcodeLastError says why). */
#define ERRCODE_OK 0
#define ERRCODE_PARTIAL 1
#define ERRCODE_FAILED (-1)

#ifdef __cplusplus
extern "C" {
#endif


/**
 * Records the error `errorCode` with its arguments by name in the calling
 * thread's store, to be rendered by `GetErrorMessage` (`GetWarningMessage`
 * for a `W` code).
 *
 * `args[i]` names the argument whose value is `argValues[i]`, for `i`
 * below `argsNum`, in any order; names the definition does not have are
 * ignored, and of a name given twice the first counts. Reading stops at
 * the first NULL in `args`, so a NULL-terminated or NULL-padded array is
 * read safely whatever `argsNum` says. A NULL `args` or `argValues`, or an
 * `argsNum` of 0 or less, gives no arguments. A NULL value reads as
 * "(null)". Text that is not UTF-8 is kept with each invalid sequence
 * replaced by U+FFFD. There is no limit on the number of placeholders, and
 * the names are matched in O(n log n) for n of them, in any order (a
 * definition of 100,000 arguments given in reverse: about 0.1 s).
 *
 * An error that cannot be recorded as asked (a NULL code, a code of the
 * wrong shape or with no definition, an argument of the definition not
 * given, as with a misspelled name) is not dropped: an internal error is
 * recorded in its place, whose message says what went wrong and lists the
 * arguments given, under the internal code of the code's module (`EK9999`
 * for `EK0201`; `WK9999`, among the warnings, for `WK0100`) or else
 * `E19999`, and `ErrcodeLastError` returns the same text.
 *
 * Not from a signal handler: it allocates and takes locks, and its first
 * call initialises the library (see Signals above).
 *
 * # Safety
 *
 * `errorCode` is NULL or a NUL-terminated string. Unless `args` or
 * `argValues` is NULL or `argsNum` is 0 or less, both arrays have readable
 * elements for each index below `argsNum` up to the first NULL in `args`,
 * and each non-NULL element is a NUL-terminated string. Nothing is kept
 * after the call returns.
 */
void ReportErrMessage(const char *errorCode, char *args[], char *argValues[], int32_t argsNum);

/**
 * Records an internal error: `errorCode` ends in 9999 (internal) or 8888
 * (parameter check), such as `E19999`, and needs no definition; a `W` code
 * goes to the warnings. The message is kept as given; a NULL message reads
 * as "(null)", and text that is not UTF-8 is kept with each invalid
 * sequence replaced by U+FFFD.
 *
 * A code that is NULL, of the wrong shape or not internal is not dropped:
 * the message is recorded, after a note of what went wrong, under the
 * internal code of the code's module (`EK9999` for `EK0201`) or else
 * `E19999`, and `ErrcodeLastError` returns the same text.
 *
 * Not from a signal handler: it allocates and takes locks (see Signals
 * above).
 *
 * # Safety
 *
 * `errorCode` and `errorMsg` are each NULL or a NUL-terminated string.
 * Nothing is kept after the call returns.
 */
void ReportInterErrMessage(const char *errorCode, const char *errorMsg);

/**
 * Whether a report that CANN's error_manager.c drops is traced: 1 when it
 * is recorded as an internal error whose message says why it could not be
 * made (an unknown code, an argument of the definition not given, a code
 * given to `ReportInterErrMessage` that is not internal), 0 when it is
 * dropped as CANN drops it. Either way `ErrcodeLastError` says why.
 *
 * Dropped by default, so that GetErrorMessage renders what CANN's renders;
 * setting the environment variable `ERRCAT_FFI_TRACE_DROPPED` to anything
 * but "" or "0" before the first call turns traces on. `enable` 1 turns
 * them on, 0 off, for every thread from now on; a negative `enable` only
 * asks. Returns the setting before the call.
 */
int32_t ErrcodeTraceDropped(int32_t enable);

/**
 * Renders the calling thread's errors and clears them; NULL when it has
 * none.
 *
 * The text is the CANN error manager's, lines ending in "\r\n": the first
 * error that is not internal heads it as "CODE: message", followed by
 * "        PossibleCause: ..." and "        Solution: ..." when its
 * definition has them; when every error is internal, the first heads it as
 * "CODE: Inner Error!" with its message on the next line. Every other error
 * follows, in the order reported, under
 * "        TraceBack (most recent call last):", one message a line indented
 * by eight spaces; an error identical to the headline (same code and
 * message) is not shown again, and any other is shown each time it was
 * reported, as CANN's manager shows it. When more errors were reported
 * than the thread keeps (1000), the text ends with
 * "        ... N more messages dropped".
 *
 * The buffer belongs to the calling thread and is reused: it stays valid
 * and unchanged until the same thread's next `GetErrorMessage`, or its
 * exit. Never free it. A NUL byte inside a message (only possible in text
 * given from Rust or from a registered catalog) is written as U+FFFD.
 */
char *GetErrorMessage(void);

/**
 * Renders the calling thread's warnings (`W` codes), one
 * "CODE: message\r\n" line each in the order reported, and clears them;
 * NULL when it has none.
 *
 * The buffer belongs to the calling thread and is reused: it stays valid
 * and unchanged until the same thread's next `GetWarningMessage`, or its
 * exit; it is not the buffer of `GetErrorMessage`. Never free it.
 */
const char *GetWarningMessage(void);

/**
 * Registers a catalog in the CANN `error_code.json` format
 * (`{"error_info_list": [...]}`), for every thread, from now on.
 *
 * Each entry is checked as `errcode check` checks it (placeholders against
 * `Arglist`, the shape of the code, codes given twice). An entry with an
 * error is refused and every other entry is registered: the function then
 * returns `ERRCODE_PARTIAL` and `ErrcodeLastError` lists the refused
 * entries, one "LINE: CODE: why" a line. Text that is not a catalog at
 * all (NULL, not UTF-8, not JSON, no `error_info_list`) registers nothing
 * and returns `ERRCODE_FAILED`, as does a negative priority. Returns
 * `ERRCODE_OK` when every entry was registered.
 *
 * A code that is already defined is replaced only when `priority` is
 * strictly higher than its definition's: the built-in catalog has priority
 * 0, so pass 1 or more to replace its texts. Definitions last as long as
 * the process (reports refer to them): register a catalog once, not in a
 * loop. Any thread may register at any time; a report made meanwhile sees
 * the whole catalog or none of it.
 *
 * # Safety
 *
 * `json` is NULL or a NUL-terminated string.
 */
int32_t ErrcodeRegisterCatalogJson(const char *json, int32_t priority);

/**
 * Reads the file `path` and registers it as `ErrcodeRegisterCatalogJson`
 * does, with the same return values. A file that cannot be read, or is
 * larger than 64 MiB, registers nothing and returns `ERRCODE_FAILED`.
 *
 * # Safety
 *
 * `path` is NULL or a NUL-terminated string.
 */
int32_t ErrcodeRegisterCatalogFile(const char *path, int32_t priority);

/**
 * Why the last call of this header that failed on the calling thread
 * failed, and clears it, as `dlerror` does: NULL when none has failed since
 * this thread's last `ErrcodeLastError`.
 *
 * It is set by a registration that returns non-zero, by a report recorded
 * in place of one that could not be made as asked (see `ReportErrMessage`),
 * and by a panic caught inside the library. The text belongs to the calling
 * thread and stays valid until the same thread's next `ErrcodeLastError`,
 * or its exit. Never free it.
 */
const char *ErrcodeLastError(void);

/*
 * Formats fmt with the arguments that follow, as vsnprintf does, and
 * records the text as ReportInterErrMessage does, errorCode included. A
 * text longer than LIMIT_PER_MESSAGE bytes is cut at a character boundary
 * and ends with "..." (LIMIT_PER_MESSAGE bytes in all), as the store cuts
 * a long message; a format vsnprintf refuses is recorded as a message
 * saying so; a NULL fmt records "(null)". Not from a signal handler (see
 * Signals above): vsnprintf is not async-signal-safe either.
 */
void FormatReportInner(const char *errorCode, const char *fmt, ...);

#if defined(ERROR_MANAGER_MODULE_CLOSE) && defined(__GNUC__)
/* As in the original header: without the module, no error message. */
__attribute__((weak)) char *GetErrorMessage(void) { return NULL; }
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* C_BASE_ERROR_MANAGER_H */
