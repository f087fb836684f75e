// A C++ translation unit that reports as CANN's C++ code does: the header's
// macros with brace-initialised arrays, std::string values through c_str(),
// char arrays, and REPORT_INNER_ERROR inside member functions. Compiled with
// -Wall -Wextra -Werror: no cast and no warning is needed.
#include <cstdio>
#include <cstring>
#include <string>

#include "errcode/compact_error_manager.h"
#include "check.h"

namespace profiling {

class Collector {
public:
    void Allocate(size_t bytes)
    {
        const std::string size = std::to_string(bytes) + "B";
        REPORT_INPUT_ERROR("EK0201", ARRAY("buf_size"), ARRAY(size.c_str()));
    }

    int Stop(int step)
    {
        REPORT_INNER_ERROR("EK9999", "collector stopped at step %d", step); return __LINE__;
    }

    void Configure(const std::string& value, const std::string& config)
    {
        REPORT_INPUT_ERROR("EK0003", ARRAY("value", "config", "reason"),
            ARRAY(value.c_str(), config.c_str(), "it is not a number"));
    }
};

}  // namespace profiling

int main()
{
    profiling::Collector collector;

    collector.Allocate(1048576);
    CHECK_STR(GetErrorMessage(),
        "EK0201: Failed to allocate host memory for Profiling: 1048576B.\r\n"
        "        PossibleCause: Available memory is insufficient.\r\n"
        "        Solution: Close unused applications.\r\n");

    collector.Configure("abc", "aic_metrics");
    const int line = collector.Stop(7);
    char param[] = "sys_hardware_mem_freq";
    REPORT_INPUT_ERROR("EK0005", ARRAY("param"), ARRAY(param));
    // A single-element list needs no ARRAY.
    REPORT_INPUT_ERROR("EH0002", {"param"}, {"aclprofGetOpTime"});
    const std::string expected =
        std::string("EK0003: Failed to set the aic_metrics to [abc]. Reason: it is not a number.\r\n"
                    "        TraceBack (most recent call last):\r\n"
                    "        [FUNC:Stop][FILE:") +
        __FILE__ + "][LINE:" + std::to_string(line) +
        "]\"collector stopped at step 7\"\r\n"
        "        Parameter sys_hardware_mem_freq is not supported.\r\n"
        "        Argument aclprofGetOpTime must not be NULL.\r\n";
    CHECK_STR(GetErrorMessage(), expected.c_str());

    // The additions, from C++.
    CHECK_INT(ErrcodeRegisterCatalogJson(R"({"error_info_list": [{"ErrCode": "WK0100",
        "ErrMessage": "Sampling rate %s is low.", "Arglist": "rate"}]})", 1), ERRCODE_OK);
    REPORT_INPUT_ERROR("WK0100", ARRAY("rate"), ARRAY(std::to_string(10).c_str()));
    CHECK_STR(GetWarningMessage(), "WK0100: Sampling rate 10 is low.\r\n");
    CHECK(ErrcodeLastError() == nullptr);
    return check_status("macros.cc");
}
