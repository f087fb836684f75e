// Code compiled against headers that declare the report functions weak, as
// CANN's base/err_msg.h does (these declarations are this test's own), and
// linked to the static library. A weak reference alone does not pull an
// archive member in; the strong reference to GetErrMgrErrorMessage, which
// base/err_mgr.h declares and every program that reads its messages calls,
// pulls in the object that defines them all.
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

namespace error_message {
int ReportPredefinedErrMsg(
    const char* error_code, const std::vector<const char*>& key, const std::vector<const char*>& value)
    __attribute__((weak));
std::unique_ptr<const char[]> GetErrMgrErrorMessage();
}  // namespace error_message

int main()
{
    if (error_message::ReportPredefinedErrMsg == nullptr) {
        std::puts("the weak ReportPredefinedErrMsg did not resolve");
        return 1;
    }
    const int status = error_message::ReportPredefinedErrMsg("EK0201", {"buf_size"}, {"64B"});
    const auto text = error_message::GetErrMgrErrorMessage();
    const char* expected =
        " Resource_Error_Insufficient_Host_Memory(EK0201): Failed to allocate 64B host memory for Profiling.\n";
    if (status != 0 || std::strstr(text.get(), expected) == nullptr) {
        std::printf("status %d, text:\n%s", status, text.get());
        return 1;
    }
    std::puts("ok");
    return 0;
}
