/* The header in a C89 translation unit (gcc -std=c89 -Wall -Wextra -Werror),
 * calling every function and using both macros as the original header's
 * callers do; compiled, not linked. Compiled again with
 * -DNANO_OS_TYPE=LITEOS, where the module is closed and the macros expand to
 * nothing, as in the original. */
#include "errcode/compact_error_manager.h"

int c89_caller(const char* path);

int c89_caller(const char* path)
{
    char* text;
    const char* warnings;
    const char* why;
    int32_t status;
    status = ErrcodeRegisterCatalogFile(path, 1);
    if (status != ERRCODE_OK) {
        why = ErrcodeLastError();
        (void)why;
    }
    status = ErrcodeRegisterCatalogJson("{\"error_info_list\": []}", 1);
    REPORT_INPUT_ERROR("EK0201", ARRAY("buf_size"), ARRAY("1MB"));
    REPORT_INNER_ERROR("E19999", "status %d", (int)status);
    REPORT_INNER_ERROR("E19999", "no arguments");
#ifndef ERROR_MANAGER_MODULE_CLOSE
    ReportErrMessage("EK9999", (char**)0, (char**)0, 0);
    ReportInterErrMessage("E19999", "message");
    FormatReportInner("E19999", "%s", "formatted");
    warnings = GetWarningMessage();
    (void)warnings;
#else
    warnings = 0;
    (void)warnings;
#endif
    text = GetErrorMessage();
    return text == 0 ? 0 : (int)text[0];
}
