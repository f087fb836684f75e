// A program of this project's own around CANN's real runtime/core/src/common/rt_log.cc,
// compiled unchanged against include/cann (ffi/tests/cann_sources.rs, opt-in:
// it needs a hicann/runtime tree). It reports through rt_log.cc's ReportErrMsg
// (ATCReportErrMessage with extend_info) and logs through RecordErrorLog,
// whose line carries the context's log header, then reads the text back.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>
#include "error_manager.h"
#include "base/err_msg.h"
namespace cce { namespace runtime {
void RecordErrorLog(const char* file, const int32_t line, const char* fun, const char* fmt, ...);
void ReportErrMsg(std::string errorCode, const std::vector<char>& valueString);
}}
int main()
{
    const char catalog[] = R"({"error_info_list": [{"errClass": "Runtime Errors", "errTitle": "Invalid_Argument",
      "ErrCode": "EE1001", "ErrMessage": "The argument is invalid. Reason: %s", "Arglist": "extend_info",
      "suggestion": {"Possible Cause": "N/A", "Solution": "Check the argument."}}]})";
    if (error_message::RegisterFormatErrorMessage(catalog, sizeof catalog - 1) != 0) return 2;
    ErrorManager::GetInstance().SetStage(error_message::kModelLoad, error_message::kStreamAlloc);
    cce::runtime::RecordErrorLog("rt.cc", 7, "Load", "stream %d failed", 3);
    std::vector<char> value(LIMIT_PER_MESSAGE, '\0');
    snprintf(value.data(), value.size(), "stream id %d is out of range", 99);
    cce::runtime::ReportErrMsg("EE1001", value);
    const std::string text = ErrorManager::GetInstance().GetErrorMessage();
    printf("%s", text.c_str());
    return text.find("Invalid_Argument(EE1001): The argument is invalid. Reason: stream id 99 is out of range\n        Solution: Check the argument.\n") == std::string::npos;
}
