/* Every function of the header through the shared library (liberrcat_ffi.so),
 * FormatReportInner included: linking fails if it is not exported. */
#include <stdio.h>

#include "errcode/compact_error_manager.h"
#include "check.h"

int main(void)
{
    int line;
    CHECK_INT(ErrcodeRegisterCatalogJson("{\"error_info_list\": [{\"ErrCode\": \"WZ0001\", "
                                         "\"ErrMessage\": \"Shared %s.\", \"Arglist\": \"what\"}]}",
                  1),
        ERRCODE_OK);
    CHECK_INT(ErrcodeRegisterCatalogFile("/nonexistent.json", 1), ERRCODE_FAILED);
    CHECK(ErrcodeLastError() != NULL);
    REPORT_INPUT_ERROR("EK0005", ARRAY("param"), ARRAY("shared"));
    ReportInterErrMessage("E19999", "inner");
    FormatReportInner("E19999", "%s %d %.1f", "formatted", 42, 2.5);
    REPORT_INNER_ERROR("EK9999", "x=%d", 1); line = __LINE__;
    REPORT_INPUT_ERROR("WZ0001", ARRAY("what"), ARRAY("warning"));
    {
        char expected[512];
        snprintf(expected, sizeof(expected),
            "EK0005: Parameter shared is not supported.\r\n"
            "        TraceBack (most recent call last):\r\n"
            "        inner\r\n"
            "        formatted 42 2.5\r\n"
            "        [FUNC:main][FILE:%s][LINE:%d]\"x=1\"\r\n",
            __FILE__, line);
        CHECK_STR(GetErrorMessage(), expected);
    }
    CHECK_STR(GetWarningMessage(), "WZ0001: Shared warning.\r\n");
    return check_status("shared");
}
