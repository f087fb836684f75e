// A graph-engine source as CANN writes it: it includes "error_manager.h" and
// is compiled as C++, with the include flags of the C++ module (errcat_ffi or
// error_manager), which make that name the ErrorManager class.
#include <cstdio>
#include <string>

#include "error_manager.h"

int main()
{
    ErrorManager& manager = ErrorManager::GetInstance();
    const int status = manager.ReportInterErrMessage("E19999", "queue overflow");
    const std::string text = manager.GetErrorMessage();
    const bool found = text.find("queue overflow") != std::string::npos;
    std::printf("%s\n", (status == 0 && found) ? "reported" : text.c_str());
    return (status == 0 && found) ? 0 : 1;
}
