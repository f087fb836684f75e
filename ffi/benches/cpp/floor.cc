// The functions of base/err_msg.h and base/err_mgr.h that the framework
// benchmark calls, doing nothing: linked in place of a library, they price
// the API's own shape (the caller's vectors, the calls, the returned
// pointer) for benches/cpp/framework.cc built with -DFRAMEWORK_FLOOR.
#include "base/err_mgr.h"
#include "base/err_msg.h"

int32_t error_message::ReportPredefinedErrMsg(
    const char* error_code, const std::vector<const char*>& key, const std::vector<const char*>& value)
{
    (void)error_code;
    (void)key;
    (void)value;
    return 0;
}

int32_t error_message::ReportInnerErrMsg(
    const char* file_name, const char* func, uint32_t line, const char* error_code, const char* format, ...)
{
    (void)file_name;
    (void)func;
    (void)line;
    (void)error_code;
    (void)format;
    return 0;
}

error_message::unique_const_char_array error_message::GetErrMgrErrorMessage()
{
    return error_message::unique_const_char_array();
}
