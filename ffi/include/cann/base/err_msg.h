/*
 * base/err_msg.h -- CANN's C++ error-message framework (namespace
 * error_message), served by errcode (the crate errcat-ffi).
 *
 * Compile with -I <errcode>/ffi/include/cann and link liberrcat_ffi.a (on
 * Linux with -lpthread -ldl -lm) or liberrcat_ffi.so in place of CANN's
 * liberror_manager; call sites do not change:
 *
 *     std::vector<const char*> key{"buf_size"};
 *     std::vector<const char*> value{size.c_str()};
 *     REPORT_PREDEFINED_ERR_MSG("EK0201", key, value);
 *     REPORT_INNER_ERR_MSG("EK9999", "collector stopped at step %d", step);
 *     auto text = error_message::GetErrMgrErrorMessage();   // base/err_mgr.h
 *
 * The functions are the ones CANN declares, with the same signatures and
 * C++ names, so objects compiled against CANN's own headers link too. CANN
 * declares them weak; here they are declared strong, so that a static link
 * pulls them out of the archive (a weak reference alone does not). Code
 * compiled against CANN's headers links the static library as well when it
 * also calls a function of base/err_mgr.h, which CANN declares strong
 * (GetErrMgrErrorMessage, ErrMgrInit, ...): one object defines them all.
 *
 * What differs from CANN's error manager, as a caller sees it:
 *  - A value holding "%s" is kept as it is. CANN's manager fills the
 *    template one "%s" at a time, searching from the start of the message,
 *    so such a value took the next argument's place; here each placeholder
 *    receives the value its name gives, whatever the values hold.
 *  - "%%" in a catalog's message is a percent sign: "100%% of %s" renders
 *    "100% of 4 GB", and "%%s" renders "%s", as sprintf_s reads the compact
 *    runtime's C table and as errcode's other tools read a catalog. CANN's
 *    manager reads nothing but "%s" and would show "100%%" (and fill
 *    "%%s" with a value). A lone "%" is refused when the catalog is
 *    registered. CANN's own catalog has no "%" but in "%s".
 *  - Catalogs are checked when registered: an entry whose placeholders do
 *    not match its Arglist is refused, and the function returns -1 having
 *    registered every other entry (ErrcodeLastError in
 *    errcode/compact_error_manager.h lists the refused entries).
 *  - Each RegisterFormatErrorMessage is registered above everything before
 *    it: a second definition of a code replaces the first for later reports.
 *  - ReportUserDefinedErrMsg keeps the codes EU0000-EU9999 that no catalog
 *    defines; any other code is reported as EU0000.
 *  - A value is kept whole up to 64 KiB (CANN keeps it whole), then cut
 *    with "...": only the messages formatted here are refused past
 *    LIMIT_PER_MSG, as in CANN.
 *  - No configuration file is needed: the library carries CANN's Profiling
 *    catalog and the compact runtime's table. When
 *    <directory of the library or executable>/../conf/error_manager/error_code.json
 *    exists it is registered on first use, above the built-in texts.
 *
 * Signals. No function here may be called from a signal handler, as none
 * of CANN's manager may (it allocates and locks a std::mutex). The first
 * call initialises the library once (reading the configuration catalog) and
 * a handler that reports on a thread interrupted inside that call waits
 * for ever for the initialisation its own thread started; every call
 * allocates and may take locks (the allocator's, the catalog's, a work
 * stream's) that the interrupted code holds. Record what the handler needs
 * in a volatile sig_atomic_t, or write(2) it to a pipe, and report from
 * ordinary code.
 */
#ifndef INC_EXTERNAL_BASE_ERR_MSG_H_
#define INC_EXTERNAL_BASE_ERR_MSG_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

/* The attribute macros CANN's header defines, for code that uses them. */
#if defined(__GNUC__)
#ifndef GE_FUNC_HOST_VISIBILITY
#if defined(HOST_VISIBILITY)
#define GE_FUNC_HOST_VISIBILITY __attribute__((visibility("default")))
#else
#define GE_FUNC_HOST_VISIBILITY
#endif
#endif
#ifndef GE_FUNC_DEV_VISIBILITY
#if defined(DEV_VISIBILITY)
#define GE_FUNC_DEV_VISIBILITY __attribute__((visibility("default")))
#else
#define GE_FUNC_DEV_VISIBILITY
#endif
#endif
#ifndef WEAK_SYMBOL
#define WEAK_SYMBOL __attribute__((weak))
#endif
#ifndef FORMAT_PRINTF
#define FORMAT_PRINTF(format_idx, first_arg) __attribute__((format(printf, (format_idx), (first_arg))))
#endif
#ifndef ATTRIBUTE_USED
#define ATTRIBUTE_USED __attribute__((used))
#endif
#else
#ifndef GE_FUNC_HOST_VISIBILITY
#define GE_FUNC_HOST_VISIBILITY
#endif
#ifndef GE_FUNC_DEV_VISIBILITY
#define GE_FUNC_DEV_VISIBILITY
#endif
#ifndef WEAK_SYMBOL
#define WEAK_SYMBOL
#endif
#ifndef FORMAT_PRINTF
#define FORMAT_PRINTF(format_idx, first_arg)
#endif
#ifndef ATTRIBUTE_USED
#define ATTRIBUTE_USED
#endif
#endif

/* An internal (xx9999) or parameter-check (xx8888) error with a printf
 * format; the message is suffixed [FUNC:f][FILE:file.cc][LINE:n]. */
#define REPORT_INNER_ERR_MSG(error_code, format, ...) \
    (void)error_message::ReportInnerErrMsg(__FILE__, __FUNCTION__, __LINE__, (error_code), (format), ##__VA_ARGS__)

/* A user-defined error, EU0000-EU9999, with a printf format. */
#define REPORT_USER_DEFINED_ERR_MSG(error_code, format, ...) \
    (void)error_message::ReportUserDefinedErrMsg((error_code), (format), ##__VA_ARGS__)

/* REPORT_PREDEFINED_ERR_MSG(code) or REPORT_PREDEFINED_ERR_MSG(code, keys,
 * values): a code of the catalog, its arguments by name; the value of the
 * call is the function's (0, or -1 when nothing was recorded). */
#define ERRCODE_PREDEFINED_PICK(_1, _2, _3, chosen, ...) chosen
#define ERRCODE_PREDEFINED_1(error_code) error_message::ReportPredefinedErrMsg(error_code)
#define ERRCODE_PREDEFINED_3(error_code, key, value) error_message::ReportPredefinedErrMsg((error_code), (key), (value))
#define REPORT_PREDEFINED_ERR_MSG(...) \
    ERRCODE_PREDEFINED_PICK(__VA_ARGS__, ERRCODE_PREDEFINED_3, , ERRCODE_PREDEFINED_1)(__VA_ARGS__)

/* Registers a catalog (CANN's error_code.json format) while the program
 * starts, once per use of the macro. */
#define REG_FORMAT_ERROR_MSG(error_msg, error_msg_len) \
    ERRCODE_REG_FORMAT_COUNTED((error_msg), (error_msg_len), __COUNTER__)
#define ERRCODE_REG_FORMAT_COUNTED(error_msg, error_msg_len, counter) \
    ERRCODE_REG_FORMAT_NAMED((error_msg), (error_msg_len), counter)
#define ERRCODE_REG_FORMAT_NAMED(error_msg, error_msg_len, counter)                     \
    static const auto& register_error_msg_##counter ATTRIBUTE_USED = []() -> int32_t { \
        return error_message::RegisterFormatErrorMessage((error_msg), (error_msg_len)); \
    }()

namespace error_message {
/* The longest message of ReportInnerErrMsg and ReportUserDefinedErrMsg,
 * terminating NUL included: a longer one is refused (-1, nothing stored). */
constexpr size_t const LIMIT_PER_MSG = 1024U;
using char_t = char;

/* Registers error_msg_len bytes of error_msg, a catalog in CANN's
 * error_code.json format ({"error_info_list": [...]}), above every
 * definition registered before: a code defined again gets the new texts
 * for every later report. Returns 0; -1 when the text is not such a
 * catalog (nothing registered) or some entries were refused (every other
 * one registered). */
GE_FUNC_HOST_VISIBILITY GE_FUNC_DEV_VISIBILITY int32_t
RegisterFormatErrorMessage(const char* error_msg, size_t error_msg_len);

/* Reports error_code, internal (xx9999) or parameter-check (xx8888), with
 * the message format makes of the arguments that follow, suffixed
 * [FUNC:func][FILE:<file_name after its last '/'>][LINE:line]. Returns 0;
 * -1 with nothing stored when an argument is NULL, the code is neither
 * internal nor parameter-check, or the message with its suffix does not fit
 * LIMIT_PER_MSG bytes. */
GE_FUNC_HOST_VISIBILITY GE_FUNC_DEV_VISIBILITY int32_t ReportInnerErrMsg(
    const char* file_name, const char* func, uint32_t line, const char* error_code, const char* format, ...)
    FORMAT_PRINTF(5, 6);

/* Reports a user-defined error with the message format makes of the
 * arguments that follow. error_code is EU0000-EU9999; an empty, NULL or
 * other code, or one a catalog defines, is reported as EU0000. Returns 0;
 * -1 with nothing stored when format is NULL or the message does not fit
 * LIMIT_PER_MSG bytes. */
GE_FUNC_HOST_VISIBILITY GE_FUNC_DEV_VISIBILITY int32_t
ReportUserDefinedErrMsg(const char* error_code, const char* format, ...) FORMAT_PRINTF(2, 3);

/* Reports error_code, a code of a registered catalog, with its arguments
 * by name: value[i] is the value of the argument key[i], in any order (of a
 * name given twice, the first counts; names the template does not have are
 * ignored). A value is used as it is, "%s" and all. Returns 0; -1 with
 * nothing stored when the vectors differ in length, a pointer is NULL, the
 * code is unknown or an argument of its template is missing. */
GE_FUNC_HOST_VISIBILITY GE_FUNC_DEV_VISIBILITY int32_t ReportPredefinedErrMsg(
    const char* error_code, const std::vector<const char*>& key, const std::vector<const char*>& value);

/* ReportPredefinedErrMsg for a code whose template has no argument. */
GE_FUNC_HOST_VISIBILITY GE_FUNC_DEV_VISIBILITY int32_t ReportPredefinedErrMsg(const char* error_code);
} // namespace error_message

namespace ge {
using error_message::ReportInnerErrMsg;
using error_message::ReportPredefinedErrMsg;
using error_message::ReportUserDefinedErrMsg;
} // namespace ge

#endif // INC_EXTERNAL_BASE_ERR_MSG_H_
