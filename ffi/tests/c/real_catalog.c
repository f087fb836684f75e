/* The real CANN catalog (406 entries, one of them defective), registered at
 * run time from the file named by argv[1], then reported from. */
#include <stdio.h>
#include <string.h>

#include "errcode/compact_error_manager.h"
#include "check.h"

int main(int argc, char** argv)
{
    const char* last;
    if (argc != 2) {
        fprintf(stderr, "usage: %s PATH/error_code.json\n", argv[0]);
        return 2;
    }

    /* Before: E21002 is only in that catalog. */
    REPORT_INPUT_ERROR("E21002", ARRAY("file_name", "reason"), ARRAY("fusion.json", "bad token"));
    CHECK(strstr(GetErrorMessage(), "unknown error code \"E21002\"") != NULL);
    CHECK(ErrcodeLastError() != NULL);

    /* E61601 has four %s but three names: it is refused, every other entry registered. */
    CHECK_INT(ErrcodeRegisterCatalogFile(argv[1], 1), ERRCODE_PARTIAL);
    last = ErrcodeLastError();
    CHECK(last != NULL && strstr(last, "1 error, its entry refused, every other entry registered:\n") != NULL);
    CHECK(last != NULL &&
          strstr(last, ": E61601: the message has 4 `%s` placeholders but Arglist names 3 "
                       "(op_name, scene, param_name)") != NULL);
    if (last != NULL) {
        printf("%s\n", last);
    }

    REPORT_INPUT_ERROR("E21002", ARRAY("reason", "file_name"), ARRAY("bad token", "fusion.json"));
    CHECK_STR(GetErrorMessage(),
        "E21002: Failed to parse file fusion.json. Reason: bad token.\r\n"
        "        PossibleCause: File configuration path does not exist.\r\n"
        "        Solution: Configure the file path correctly.\r\n");

    /* Priority 1 replaced the compact table's EH0002 with the catalog's text. */
    REPORT_INPUT_ERROR("EH0002", ARRAY("param"), ARRAY("ll"));
    CHECK_STR(GetErrorMessage(),
        "EH0002: Argument ll must not be null.\r\n"
        "        Solution: Try again with a correct pointer argument.\r\n");

    /* A warning of the catalog, whose Arglist has a space after its comma. */
    REPORT_INPUT_ERROR("WE0001", ARRAY("function", "type"), ARRAY("aclopCompile", "bf16"));
    CHECK_STR(GetErrorMessage(), NULL);
    CHECK_STR(GetWarningMessage(), "WE0001: Failed to aclopCompile because bf16 is not supported.\r\n");

    /* The refused entry stays unknown, and says so. */
    REPORT_INPUT_ERROR("E61601", ARRAY("op_name", "scene", "param_name"), ARRAY("a", "b", "c"));
    CHECK_STR(GetErrorMessage(),
        "E69999: Inner Error!\r\n"
        "ReportErrMessage: unknown error code \"E61601\": no definition is registered; "
        "arguments given: op_name=a, scene=b, param_name=c\r\n");
    return check_status("real_catalog");
}
