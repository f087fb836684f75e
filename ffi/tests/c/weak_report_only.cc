// Code compiled against headers that declare the framework's functions
// weak, as CANN's base/err_msg.h declares its report functions (these
// declarations are this test's own), that refers to nothing strongly: a
// component that only reports, and here reads back through a weak
// reference too. Linked without the flags of errcat_ffi.pc, every one
// resolves to NULL and the first report crashes; linked with them, it works.
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

namespace error_message {
int ReportPredefinedErrMsg(
    const char* error_code, const std::vector<const char*>& key, const std::vector<const char*>& value)
    __attribute__((weak));
std::unique_ptr<const char[]> GetErrMgrErrorMessage() __attribute__((weak));
}  // namespace error_message

int main()
{
    // The call CANN's code makes, without a check for NULL.
    const int status = error_message::ReportPredefinedErrMsg("EK0201", {"buf_size"}, {"64B"});
    const auto text = error_message::GetErrMgrErrorMessage();
    const bool found = std::strstr(text.get(), "(EK0201): Failed to allocate 64B host memory for Profiling.\n") != nullptr;
    std::printf("%s\n", (status == 0 && found) ? "reported" : text.get());
    return (status == 0 && found) ? 0 : 1;
}
