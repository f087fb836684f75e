/*
 * base/err_mgr.h -- the store side of CANN's C++ error-message framework,
 * served by errcode (the crate errcat-ffi); see base/err_msg.h.
 *
 * Where reports go. In INTERNAL_MODE (the default) each thread reports into
 * a store of its own, unless it joined a work stream: GetErrMgrContext
 * returns the calling thread's work_stream_id, and every thread that passes
 * it to SetErrMgrContext reports into, and reads from, the same store. In
 * PROCESS_MODE every thread shares one store, and each message ends with
 * [THREAD:<tid>]. The context is the one ErrorManager::GetErrorManagerContext
 * returns (error_manager.h): both faces share it, and the store. A work
 * stream's store is freed once no thread is in it and it holds nothing.
 *
 * What is rendered. GetErrMgrErrorMessage and GetErrMgrWarningMessage
 * return the text CANN's ErrorManager assembles, byte for byte, lines
 * ending in "\n" (an empty string when there is nothing), and clear what
 * they rendered:
 *
 *     [PID: 4711] 2026-12-01-12:34:56.789.012 Resource_Error_Insufficient_Host_Memory(EK0201): Failed to ...
 *             Possible Cause: Allocation failed due to insufficient host memory.
 *             Solution: Stop unnecessary processes and ensure that the required memory is available.
 *
 * The time is the report's, in local time. A report identical to one the
 * store holds is kept once, as CANN's ErrorManager keeps it; W codes go to
 * the warnings. A store keeps at most 1000 errors and
 * 1000 warnings; later ones are counted, and the text then ends with
 * "        ... N more messages dropped".
 */
#ifndef PKG_INC_BASE_ERR_MGR_H_
#define PKG_INC_BASE_ERR_MGR_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "base/err_msg.h"

namespace error_message {
/* work_stream_id 0 means "the calling thread's own". */
struct ErrorManagerContext {
    uint64_t work_stream_id = 0;
    uint64_t reserved[7] = {0};
};

enum class ErrorMessageMode : uint32_t {
    INTERNAL_MODE = 0U, /* a store per work stream, each thread its own by default */
    PROCESS_MODE = 1U,  /* one store for the process, messages suffixed [THREAD:<tid>] */
    ERR_MSG_MODE_MAX = 10U
};

using char_t = char;
using unique_const_char_array = std::unique_ptr<const char_t[]>;

/* One error as reported, each text NUL-terminated (empty when absent). */
struct ErrMsgRawItem {
    unique_const_char_array error_id;
    unique_const_char_array error_title;
    unique_const_char_array error_message;
    unique_const_char_array possible_cause;
    unique_const_char_array solution;
    std::vector<unique_const_char_array> args_key;   /* sorted by name */
    std::vector<unique_const_char_array> args_value; /* the value of each name */
    unique_const_char_array report_time;             /* 2026-12-01-12:34:56.789.012, local time */
};

/* Sets the mode and registers the configuration catalog (see
 * base/err_msg.h). Returns 0 when the catalog was registered; -1, as CANN's
 * manager returns, when there is no such file or it cannot be read or is
 * not a catalog (the built-in catalog serves then, and the mode is set),
 * and -1 with nothing changed for a mode other than INTERNAL_MODE and
 * PROCESS_MODE. */
GE_FUNC_HOST_VISIBILITY GE_FUNC_DEV_VISIBILITY int32_t ErrMgrInit(ErrorMessageMode error_mode);

/* The calling thread's context: its work stream, named on first use after
 * the process and the thread as CANN names it. */
GE_FUNC_HOST_VISIBILITY GE_FUNC_DEV_VISIBILITY ErrorManagerContext GetErrMgrContext();

/* Makes the calling thread report into, and read from, the work stream
 * error_context.work_stream_id (0: its own again). */
GE_FUNC_HOST_VISIBILITY GE_FUNC_DEV_VISIBILITY void SetErrMgrContext(ErrorManagerContext error_context);

/* The errors of the current store, rendered, then cleared. */
GE_FUNC_HOST_VISIBILITY GE_FUNC_DEV_VISIBILITY unique_const_char_array GetErrMgrErrorMessage();

/* The warnings of the current store, one line each, then cleared. */
GE_FUNC_HOST_VISIBILITY GE_FUNC_DEV_VISIBILITY unique_const_char_array GetErrMgrWarningMessage();

/* The errors of the current store, in report order, then cleared. An
 * item's arguments are the ones its template names. */
GE_FUNC_HOST_VISIBILITY GE_FUNC_DEV_VISIBILITY std::vector<ErrMsgRawItem> GetErrMgrRawErrorMessages();
} // namespace error_message

#endif // PKG_INC_BASE_ERR_MGR_H_
