/*
 * error_manager.h -- the ErrorManager class of CANN's C++ components (the
 * runtime, tsd, acl, the graph engine), served by errcode (the crate
 * errcat-ffi) over the same store as error_message:: of base/err_msg.h
 * and base/err_mgr.h.
 *
 * Compile with -I <errcode>/ffi/include/cann in place of the folder that
 * holds CANN's own error_manager.h, and link liberrcat_ffi.so (or
 * liberrcat_ffi.a) in place of liberror_manager; no line of the code that
 * uses it changes:
 *
 *     ErrorManager::GetInstance().ATCReportErrMessage("EK0201", {"buf_size"}, {"1048576B"});
 *     REPORT_INNER_ERROR("E19999", "queue %s is full", name);
 *     const std::string text = ErrorManager::GetInstance().GetErrorMessage();
 *
 * The declarations are those of CANN's internal header, with the same
 * types, names and signatures (so the same symbols): objects compiled
 * against CANN's header link to this library too, and the shared library
 * exports every function and variable declared here.
 *
 * One store. A report made through this class and one made through
 * error_message:: (REPORT_PREDEFINED_ERR_MSG, REPORT_INNER_ERR_MSG, ...) go
 * to the same store and render in one text. The calling thread's Context
 * (GetErrorManagerContext) is the one GetErrMgrContext and SetErrMgrContext
 * read and write: its work_stream_id names the store, 0 standing for the
 * thread's own, whose id (pid * 100000 + tid) is given out the first time it
 * is asked for. Writing a new work_stream_id into the reference that
 * GetErrorManagerContext returns moves the thread, as SetErrorContext does.
 *
 * What is rendered. GetErrorMessage and GetWarningMessage return the text
 * GetErrMgrErrorMessage and GetErrMgrWarningMessage return ("[PID: 4711]
 * 2026-12-01-12:34:56.789.012 Title(EK0201): ...", lines ending in "\n"),
 * and clear what they rendered; OutputErrMessage and OutputMessage write it.
 *
 * What differs from CANN's ErrorManager, as a caller sees it (base/err_msg.h
 * and base/err_mgr.h list what their functions do differently):
 *  - No configuration file is needed: without
 *    <directory of the library>/../conf/error_manager/error_code.json the
 *    built-in catalog serves (Init still returns -1, as CANN's does).
 *  - ParseJsonFormatString takes a nlohmann::json object, which this
 *    library neither links nor reads: it returns -1 and registers nothing.
 *    Register the text with error_message::RegisterFormatErrorMessage.
 *  - A store keeps at most 1000 errors and 1000 warnings; later ones are
 *    counted and the text ends with "        ... N more messages dropped".
 *    A work stream's store is freed once no thread is in it and it holds
 *    nothing, so that memory stays flat over any number of ids.
 *  - SetRawErrorMessages keeps each item as given, as CANN's does: its code
 *    (defined or not, malformed or empty), title, message, cause, solution
 *    and time, among the errors, an item identical to another included.
 *    Only a time that is neither empty nor a report time
 *    ("2026-12-01-12:34:56.789.012") differs: it shows the time the item
 *    was put back, where CANN shows the text.
 *  - "%%" in a catalog's message is a percent sign ("100%% of %s" renders
 *    "100% of 4 GB"); CANN's ErrorManager reads nothing but "%s" and would
 *    show "100%%". A lone "%" is refused when the catalog is registered.
 *
 * Signals. No member may be called from a signal handler, as none of
 * CANN's ErrorManager may: see base/err_msg.h.
 */
#ifndef ERROR_MANAGER_H_
#define ERROR_MANAGER_H_

#if defined(C_BASE_ERROR_MANAGER_H)
#error "cann/error_manager.h (the C++ ErrorManager) and errcode/compact_error_manager.h (the compact C runtime's) are two managers: include one per translation unit"
#endif

/* What CANN's header includes, for code that relies on it. */
#include <cinttypes>
#include <iosfwd>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace error_message {
using char_t = char;

/* str after its last '/' (the whole of str when it has none). */
std::string TrimPath(const std::string& str);

#ifdef __GNUC__
/* Formats into str_dst, as vsnprintf with dst_max bytes would; returns the
 * length written, or -1 (str_dst then holds "") when it does not fit. */
int32_t FormatErrorMessage(char_t* str_dst, size_t dst_max, const char_t* format, ...)
    __attribute__((format(printf, 3, 4)));

/* What REPORT_INNER_ERROR expands to: error_message::ReportInnerErrMsg of
 * base/err_msg.h, its result dropped. */
void ReportInnerError(
    const char_t* file_name, const char_t* func, uint32_t line, const std::string error_code, const char_t* format, ...)
    __attribute__((format(printf, 5, 6)));
#else
int32_t FormatErrorMessage(char_t* str_dst, size_t dst_max, const char_t* format, ...);
void ReportInnerError(
    const char_t* file_name, const char_t* func, uint32_t line, const std::string error_code, const char_t* format,
    ...);
#endif
} // namespace error_message

/* The longest formatted message REPORT_INNER_ERROR keeps, NUL included. */
constexpr size_t const LIMIT_PER_MESSAGE = 1024U;

/* REPORT_INPUT_ERROR(code, keys, values) and REPORT_ENV_ERROR: a code of
 * the catalog, its arguments by name (std::vector<std::string> each). */
#define REPORT_INPUT_ERROR(error_code, key, value) \
    ErrorManager::GetInstance().ATCReportErrMessage(error_code, key, value)

#define REPORT_ENV_ERROR(error_code, key, value) ErrorManager::GetInstance().ATCReportErrMessage(error_code, key, value)

/* REPORT_INNER_ERROR(code, format, ...) and REPORT_CALL_ERROR: an internal
 * (xx9999) or parameter-check (xx8888) error with a printf format, suffixed
 * [FUNC:f][FILE:file.cc][LINE:n]. */
#define REPORT_INNER_ERROR(error_code, fmt, ...) \
    error_message::ReportInnerError(__FILE__, &__FUNCTION__[0], __LINE__, (error_code), (fmt), ##__VA_ARGS__)

#define REPORT_CALL_ERROR REPORT_INNER_ERROR

namespace error_message {
/* The stages a Context may name, which GetLogHeader writes as
 * "[first][second]". First stages: */
extern const std::string kInitialize;   /* "INIT" */
extern const std::string kModelCompile; /* "COMP" */
extern const std::string kModelLoad;    /* "LOAD" */
extern const std::string kModelExecute; /* "EXEC" */
extern const std::string kFinalize;     /* "FINAL" */

/* Second stages, of initialisation: */
extern const std::string kParser;                /* "PARSER" */
extern const std::string kOpsProtoInit;          /* "OPS_PRO" */
extern const std::string kSystemInit;            /* "SYS" */
extern const std::string kEngineInit;            /* "ENGINE" */
extern const std::string kOpsKernelInit;         /* "OPS_KER" */
extern const std::string kOpsKernelBuilderInit;  /* "OPS_KER_BLD" */
/* of model compilation: */
extern const std::string kPrepareOptimize;    /* "PRE_OPT" */
extern const std::string kOriginOptimize;     /* "ORI_OPT" */
extern const std::string kSubGraphOptimize;   /* "SUB_OPT" */
extern const std::string kMergeGraphOptimize; /* "MERGE_OPT" */
extern const std::string kPreBuild;           /* "PRE_BLD" */
extern const std::string kStreamAlloc;        /* "STM_ALLOC" */
extern const std::string kMemoryAlloc;        /* "MEM_ALLOC" */
extern const std::string kTaskGenerate;       /* "TASK_GEN" */
/* and for everything else: */
extern const std::string kOther; /* "DEFAULT" */

/* A thread's context: the work stream its reports go to (0: its own) and
 * the stages its log lines name. */
struct Context {
    uint64_t work_stream_id;
    std::string first_stage;
    std::string second_stage;
    std::string log_header;
};

enum class ErrorMsgMode : uint32_t {
    INTERNAL_MODE = 0U, /* a store per work stream */
    PROCESS_MODE = 1U,  /* one store for the process, messages suffixed [THREAD:<tid>] */
    ERR_MSG_MODE_MAX = 2U
};

/* One report as GetRawErrorMessages hands it out. args_map holds the
 * values of a code of the catalog by argument name; report_time is local
 * time, 2026-12-01-12:34:56.789.012. */
struct ErrorItem {
    std::string error_id;
    std::string error_title;
    std::string error_message;
    std::string possible_cause;
    std::string solution;
    std::map<std::string, std::string> args_map;
    std::string report_time;

    /* Two items are the same report when their code, message, cause and
     * solution are. */
    friend bool operator==(const ErrorItem& lhs, const ErrorItem& rhs) noexcept
    {
        return (lhs.error_id == rhs.error_id) && (lhs.error_message == rhs.error_message) &&
               (lhs.possible_cause == rhs.possible_cause) && (lhs.solution == rhs.solution);
    }
};
} // namespace error_message

class ErrorManager {
public:
    using ErrorItem = error_message::ErrorItem;

    /* The one instance. */
    static ErrorManager& GetInstance();

    /* Registers the configuration catalog beside the library, once; 0, or
     * -1 when there is none or it cannot be read (the built-in catalog
     * serves either way). */
    int32_t Init();

    /* Sets the mode (from now on, for every thread), then Init(); -1 with
     * the mode unchanged for a mode of ERR_MSG_MODE_MAX or above. */
    int32_t Init(error_message::ErrorMsgMode error_mode);

    /* Registers path + "../conf/error_manager/error_code.json" (path is a
     * folder ending in '/'); 0, or -1 when it cannot be read or is not a
     * catalog. */
    int32_t Init(const std::string path);

    /* Reports an internal (xx9999) or parameter-check (xx8888) error with
     * its message as given; W codes go to the warnings. 0, or -1 with
     * nothing stored for any other code. */
    int32_t ReportInterErrMessage(const std::string error_code, const std::string& error_msg);

    /* Reports a code of the catalog with its arguments by name (names the
     * template lacks are ignored); values are kept whole. 0, or -1 with
     * nothing stored when the code is unknown or an argument is missing. */
    int32_t ReportErrMessage(const std::string error_code, const std::map<std::string, std::string>& args_map);

    /* Reports a user-defined error (EU0000-EU9999 that no catalog defines;
     * any other code is reported as EU0000) with its message as given. */
    int32_t ReportErrMsgWithoutTpl(const std::string& error_code, const std::string& errmsg);

    /* Writes GetErrorMessage() to the file descriptor handle, or to
     * standard output, followed by a line end, when handle is 0, 1 or 2;
     * with no errors, a generic E19999 text. 0, or -1 when writing fails. */
    int32_t OutputErrMessage(int32_t handle);

    /* Writes GetWarningMessage() and a line end to standard output; 0. */
    int32_t OutputMessage(int32_t handle);

    /* The current store's errors, rendered, then cleared; "" when none. */
    std::string GetErrorMessage();

    /* Puts items back into the current store, after what it holds, each as
     * given (see above). 0. */
    int32_t SetRawErrorMessages(const std::vector<ErrorItem>& items);

    /* The current store's errors in report order, then cleared (the
     * warnings stay). */
    std::vector<ErrorItem> GetRawErrorMessages();

    /* The current store's warnings, one line each, then cleared. */
    std::string GetWarningMessage();

    /* ReportErrMessage with the arguments as two vectors: key[i] names
     * value[i]. Nothing is stored when the two differ in length. */
    void ATCReportErrMessage(
        const std::string error_code, const std::vector<std::string>& key = {},
        const std::vector<std::string>& value = {});

    /* Adds msg (error code -> op name) to what graph root_graph_name failed
     * with; 0, or -1 when either is empty. */
    int32_t ReportMstuneCompileFailedMsg(
        const std::string& root_graph_name, const std::map<std::string, std::string>& msg);

    /* Moves what graph_name failed with into msg_map (error code -> op
     * names) and forgets it; -1 when msg_map is not empty or the graph has
     * nothing. */
    int32_t GetMstuneCompileFailedMsg(
        const std::string& graph_name, std::map<std::string, std::vector<std::string>>& msg_map);

    /* The calling thread reports into its own store again, named pid *
     * 100000 + tid. */
    void GenWorkStreamIdDefault();

    /* The calling thread reports into work stream session_id * 100000 +
     * graph_id, whose errors and warnings are cleared first. */
    void GenWorkStreamIdBySessionGraph(const uint64_t session_id, const uint64_t graph_id);

    /* As GenWorkStreamIdBySessionGraph, without clearing anything. */
    void GenWorkStreamIdWithSessionIdGraphId(const uint64_t session_id, const uint64_t graph_id);

    /* "[first_stage][second_stage]" of the calling thread's context, or ""
     * when neither is set. */
    const std::string& GetLogHeader();

    /* The calling thread's context, its work_stream_id given out (see the
     * top of this file) when it was 0. */
    error_message::Context& GetErrorManagerContext();

    /* Makes error_context the calling thread's context. */
    void SetErrorContext(error_message::Context error_context);

    /* Sets the stages of the calling thread's context. */
    void SetStage(const std::string& first_stage, const std::string& second_stage);

    /* See the top of this file: -1, nothing registered. */
    int32_t ParseJsonFormatString(const void* const handle, uint32_t priority = 0);

private:
    ErrorManager() = default;
    ~ErrorManager() = default;

    ErrorManager(const ErrorManager&) = delete;
    ErrorManager(ErrorManager&&) = delete;
    ErrorManager& operator=(const ErrorManager&) & = delete;
    ErrorManager& operator=(ErrorManager&&) & = delete;

    /* Registers the catalog file at path: 0 or -1. */
    int32_t ParseJsonFile(const std::string path);

    /* Reads the file at file_path into the std::string handle points to. */
    static int32_t ReadJsonFile(const std::string& file_path, void* const handle);

    void ClassifyCompileFailedMsg(
        const std::map<std::string, std::string>& msg, std::map<std::string, std::vector<std::string>>& classified_msg);

    bool IsInnerErrorCode(const std::string& error_code) const;

    bool IsUserDefinedErrorCode(const std::string& error_code);

    bool IsParamCheckErrorId(const std::string& error_code) const;

    inline bool IsValidErrorCode(const std::string& error_codes) const
    {
        return error_codes.size() == 6U;
    }

    /* A copy of the errors (warnings) of work stream work_id, made anew by
     * each call; the store keeps them. */
    std::vector<ErrorItem>& GetErrorMsgContainerByWorkId(uint64_t work_id);
    std::vector<ErrorItem>& GetWarningMsgContainerByWorkId(uint64_t work_id);

    /* The same for the store work_stream_id names in the current mode (the
     * process's in PROCESS_MODE). */
    std::vector<ErrorItem>& GetErrorMsgContainer(uint64_t work_stream_id);
    std::vector<ErrorItem>& GetWarningMsgContainer(uint64_t work_stream_id);

    /* Writes error_messages, every one internal, as GetErrorMessage renders
     * them. */
    void AssembleInnerErrorMessage(
        const std::vector<ErrorItem>& error_messages, const std::string& first_code,
        std::stringstream& err_stream) const;

    void ClearErrorMsgContainerByWorkId(const uint64_t work_stream_id);
    void ClearWarningMsgContainerByWorkId(const uint64_t work_stream_id);

    void ClearErrorMsgContainer(const uint64_t work_stream_id);
    void ClearWarningMsgContainer(const uint64_t work_stream_id);

    std::mutex mutex_;
    std::map<std::string, std::map<std::string, std::vector<std::string>>> compile_failed_msg_map_;

    thread_local static error_message::Context error_context_;

    /* The library's own functions, which read the calling thread's context. */
    friend struct ErrcodeFfiContext;
};

#ifdef __cplusplus
extern "C" {
#endif

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
#ifndef FORMAT_PRINTF
#define FORMAT_PRINTF(format_idx, first_arg) __attribute__((format(printf, (format_idx), (first_arg))))
#endif
#else
#ifndef GE_FUNC_HOST_VISIBILITY
#define GE_FUNC_HOST_VISIBILITY
#endif
#ifndef GE_FUNC_DEV_VISIBILITY
#define GE_FUNC_DEV_VISIBILITY
#endif
#ifndef FORMAT_PRINTF
#define FORMAT_PRINTF(format_idx, first_arg)
#endif
#endif

/* The framework's functions for C callers: -1 for a NULL where a text or an
 * array is needed, and nothing thrown. */
GE_FUNC_HOST_VISIBILITY GE_FUNC_DEV_VISIBILITY int32_t
RegisterFormatErrorMessageForC(const char* error_msg, unsigned long error_msg_len);

GE_FUNC_HOST_VISIBILITY GE_FUNC_DEV_VISIBILITY int32_t
ReportPredefinedErrMsgForC(const char* error_code, const char** key, const char** value, unsigned long arg_num);

GE_FUNC_HOST_VISIBILITY GE_FUNC_DEV_VISIBILITY int32_t ReportInnerErrMsgForC(
    const char* file_name, const char* func, uint32_t line, const char* error_code, const char* format, ...)
    FORMAT_PRINTF(5, 6);

#ifdef __cplusplus
}
#endif

#endif // ERROR_MANAGER_H_
