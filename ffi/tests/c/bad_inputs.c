/* Bad input through the C ABI: NULL pointers, counts that lie, codes of the
 * wrong shape, text that is not UTF-8, unknown codes and misspelled names,
 * catalogs that cannot be registered. Each has the outcome the header
 * documents: no crash, and nothing dropped without a trace. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errcode/compact_error_manager.h"
#include "check.h"

#define EK0201_TAIL                                                                     \
    ".\r\n"                                                   \
    "        PossibleCause: Available memory is insufficient.\r\n"     \
    "        Solution: Close unused applications.\r\n"

#define SHAPE "a code is six characters: `E` or `W`, an uppercase letter or digit, then four digits (like `EK0201`)"

static char* names_buf_size[] = {"buf_size"};
static char* values_1mb[] = {"1MB"};

/* Checks the text GetErrorMessage renders and that ErrcodeLastError has `last`. */
static void expect(const char* errors, const char* last)
{
    CHECK_STR(GetErrorMessage(), errors);
    CHECK_STR(ErrcodeLastError(), last);
    CHECK_STR(ErrcodeLastError(), NULL);
}

static void null_pointers_in_report_err_message(void)
{
    char* null_names[] = {NULL, "buf_size"};
    char* null_values[] = {NULL};

    ReportErrMessage(NULL, names_buf_size, values_1mb, 1);
    expect("E19999: Inner Error!\r\n"
           "ReportErrMessage: the error code is NULL; arguments given: buf_size=1MB\r\n",
        "ReportErrMessage: the error code is NULL; arguments given: buf_size=1MB");

    ReportErrMessage(NULL, NULL, NULL, 0);
    expect("E19999: Inner Error!\r\nReportErrMessage: the error code is NULL; arguments given: none\r\n",
        "ReportErrMessage: the error code is NULL; arguments given: none");

    ReportErrMessage("EK0201", NULL, values_1mb, 1);
    expect("EK9999: Inner Error!\r\n"
           "ReportErrMessage: EK0201 needs the argument `buf_size`, which was not given; "
           "arguments given: none (args is NULL)\r\n",
        "ReportErrMessage: EK0201 needs the argument `buf_size`, which was not given; "
        "arguments given: none (args is NULL)");

    ReportErrMessage("EK0201", names_buf_size, NULL, 1);
    expect("EK9999: Inner Error!\r\n"
           "ReportErrMessage: EK0201 needs the argument `buf_size`, which was not given; "
           "arguments given: none (argValues is NULL)\r\n",
        "ReportErrMessage: EK0201 needs the argument `buf_size`, which was not given; "
        "arguments given: none (argValues is NULL)");

    /* A NULL name ends the list, even before argsNum. */
    ReportErrMessage("EK0201", null_names, values_1mb, 2);
    expect("EK9999: Inner Error!\r\n"
           "ReportErrMessage: EK0201 needs the argument `buf_size`, which was not given; "
           "arguments given: none (args[0] is NULL; argsNum is 2)\r\n",
        "ReportErrMessage: EK0201 needs the argument `buf_size`, which was not given; "
        "arguments given: none (args[0] is NULL; argsNum is 2)");

    /* A NULL value reads as "(null)", as printf prints it. */
    ReportErrMessage("EK0201", names_buf_size, null_values, 1);
    expect("EK0201: Failed to allocate host memory for Profiling: (null)" EK0201_TAIL, NULL);
}

static void counts_that_lie(void)
{
    char* padded_names[8] = {"buf_size"};
    char* padded_values[8] = {"2MB"};

    ReportErrMessage("EK0201", names_buf_size, values_1mb, -1);
    expect("EK9999: Inner Error!\r\n"
           "ReportErrMessage: EK0201 needs the argument `buf_size`, which was not given; "
           "arguments given: none (argsNum is -1)\r\n",
        "ReportErrMessage: EK0201 needs the argument `buf_size`, which was not given; "
        "arguments given: none (argsNum is -1)");

    ReportErrMessage("EK0201", names_buf_size, values_1mb, 0);
    expect("EK9999: Inner Error!\r\n"
           "ReportErrMessage: EK0201 needs the argument `buf_size`, which was not given; "
           "arguments given: none\r\n",
        "ReportErrMessage: EK0201 needs the argument `buf_size`, which was not given; "
        "arguments given: none");

    /* A code without arguments needs none, whatever argsNum says. */
    ReportErrMessage("EK9999", NULL, NULL, -5);
    expect("EK9999: Inner Error!\r\nAn unknown error occurred. Please check the log.\r\n", NULL);

    /* argsNum larger than the arrays' use: reading stops at the NULL padding. */
    ReportErrMessage("EK0201", padded_names, padded_values, 8);
    expect("EK0201: Failed to allocate host memory for Profiling: 2MB" EK0201_TAIL, NULL);
    ReportErrMessage("EK0201", padded_names, padded_values, 2147483647);
    expect("EK0201: Failed to allocate host memory for Profiling: 2MB" EK0201_TAIL, NULL);
}

static void codes_of_the_wrong_shape_and_unknown_codes(void)
{
    REPORT_INPUT_ERROR("60000", ARRAY("buf_size"), ARRAY("1MB"));
    REPORT_INPUT_ERROR("ek0201", ARRAY("buf_size"), ARRAY("1MB"));
    REPORT_INPUT_ERROR("", ARRAY("buf_size"), ARRAY("1MB"));
    REPORT_INPUT_ERROR("EK02011", ARRAY("buf_size"), ARRAY("1MB"));
    REPORT_INPUT_ERROR("EK0299", ARRAY("buf_size"), ARRAY("1MB"));
    /* Internal codes need no definition from ReportInterErrMessage, but
     * ReportErrMessage looks the code up. */
    REPORT_INPUT_ERROR("E19999", ARRAY("buf_size"), ARRAY("1MB"));
    /* Every one is recorded as an internal error: the first heads the text. */
    expect("E19999: Inner Error!\r\n"
           "ReportErrMessage: unknown error code \"60000\": no definition is registered; "
           "arguments given: buf_size=1MB\r\n"
           "        TraceBack (most recent call last):\r\n"
           "        ReportErrMessage: unknown error code \"ek0201\": no definition is registered; "
           "arguments given: buf_size=1MB\r\n"
           "        ReportErrMessage: unknown error code \"\": no definition is registered; "
           "arguments given: buf_size=1MB\r\n"
           "        ReportErrMessage: unknown error code \"EK02011\": no definition is registered; "
           "arguments given: buf_size=1MB\r\n"
           "        ReportErrMessage: unknown error code \"EK0299\": no definition is registered; "
           "arguments given: buf_size=1MB\r\n"
           "        ReportErrMessage: unknown error code \"E19999\": no definition is registered; "
           "arguments given: buf_size=1MB\r\n",
        "ReportErrMessage: unknown error code \"E19999\": no definition is registered; "
        "arguments given: buf_size=1MB");
}

static void misspelled_extra_and_repeated_names(void)
{
    REPORT_INPUT_ERROR("EK0201", ARRAY("buf_sz"), ARRAY("1MB"));
    expect("EK9999: Inner Error!\r\n"
           "ReportErrMessage: EK0201 needs the argument `buf_size`, which was not given; "
           "arguments given: buf_sz=1MB\r\n",
        "ReportErrMessage: EK0201 needs the argument `buf_size`, which was not given; "
        "arguments given: buf_sz=1MB");
    /* Names the definition does not have are ignored, as the C code did. */
    REPORT_INPUT_ERROR("EK0201", ARRAY("extra", "buf_size"), ARRAY("x", "3MB"));
    expect("EK0201: Failed to allocate host memory for Profiling: 3MB" EK0201_TAIL, NULL);
    /* Of a name given twice, the first counts, as the C code did. */
    REPORT_INPUT_ERROR("EK0201", ARRAY("buf_size", "buf_size"), ARRAY("4MB", "5MB"));
    expect("EK0201: Failed to allocate host memory for Profiling: 4MB" EK0201_TAIL, NULL);
}

static void text_that_is_not_utf8(void)
{
    /* Each invalid sequence becomes U+FFFD (EF BF BD). */
    REPORT_INPUT_ERROR("EK0201", ARRAY("buf_size"), ARRAY("\xff\xfe" "1MB\xc3"));
    expect("EK0201: Failed to allocate host memory for Profiling: \xef\xbf\xbd\xef\xbf\xbd" "1MB\xef\xbf\xbd" EK0201_TAIL, NULL);
    REPORT_INPUT_ERROR("EK\xff" "201", ARRAY("buf_size"), ARRAY("1MB"));
    expect("EK9999: Inner Error!\r\n"
           "ReportErrMessage: unknown error code \"EK\xef\xbf\xbd" "201\": no definition is registered; "
           "arguments given: buf_size=1MB\r\n",
        "ReportErrMessage: unknown error code \"EK\xef\xbf\xbd" "201\": no definition is registered; "
        "arguments given: buf_size=1MB");
    ReportInterErrMessage("E19999", "bad \x80 byte");
    expect("E19999: Inner Error!\r\nbad \xef\xbf\xbd byte\r\n", NULL);
}

static void report_inter_err_message(void)
{
    ReportInterErrMessage(NULL, "lost code");
    expect("E19999: Inner Error!\r\nReportInterErrMessage: the error code is NULL; message: lost code\r\n",
        "ReportInterErrMessage: the error code is NULL; message: lost code");

    ReportInterErrMessage("E19999", NULL);
    expect("E19999: Inner Error!\r\n(null)\r\n", NULL);

    ReportInterErrMessage(NULL, NULL);
    expect("E19999: Inner Error!\r\nReportInterErrMessage: the error code is NULL; message: (null)\r\n",
        "ReportInterErrMessage: the error code is NULL; message: (null)");

    /* The C code dropped a code that is not internal. */
    ReportInterErrMessage("EK0201", "not internal");
    expect("EK9999: Inner Error!\r\n"
           "ReportInterErrMessage: EK0201 is neither an internal (xx9999) nor a parameter-check "
           "(xx8888) code; message: not internal\r\n",
        "ReportInterErrMessage: EK0201 is neither an internal (xx9999) nor a parameter-check "
        "(xx8888) code; message: not internal");

    ReportInterErrMessage("E1999", "short code");
    expect("E19999: Inner Error!\r\n"
           "ReportInterErrMessage: \"E1999\" is not an error code: " SHAPE "; this one has 5 "
           "characters; message: short code\r\n",
        "ReportInterErrMessage: \"E1999\" is not an error code: " SHAPE "; this one has 5 "
        "characters; message: short code");

    /* Parameter-check codes and warnings are internal codes too. */
    ReportInterErrMessage("EK8888", "parameter check");
    ReportInterErrMessage("WK9999", "internal warning");
    expect("EK8888: Inner Error!\r\nparameter check\r\n", NULL);
    CHECK_STR(GetWarningMessage(), "WK9999: internal warning\r\n");
}

static void format_report_inner(void)
{
    FormatReportInner("E19999", NULL);
    expect("E19999: Inner Error!\r\n(null)\r\n", NULL);
    FormatReportInner(NULL, "step %d of %s", 3, "init");
    expect("E19999: Inner Error!\r\nReportInterErrMessage: the error code is NULL; message: step 3 of init\r\n",
        "ReportInterErrMessage: the error code is NULL; message: step 3 of init");
    FormatReportInner("EK0201", "%s", "formatted");
    expect("EK9999: Inner Error!\r\n"
           "ReportInterErrMessage: EK0201 is neither an internal (xx9999) nor a parameter-check "
           "(xx8888) code; message: formatted\r\n",
        "ReportInterErrMessage: EK0201 is neither an internal (xx9999) nor a parameter-check "
        "(xx8888) code; message: formatted");
}

static void warnings_that_fail(void)
{
    REPORT_INPUT_ERROR("WK0999", ARRAY("x"), ARRAY("1"));
    CHECK_STR(GetErrorMessage(), NULL);
    CHECK_STR(GetWarningMessage(),
        "WK9999: ReportErrMessage: unknown error code \"WK0999\": no definition is registered; "
        "arguments given: x=1\r\n");
    CHECK_STR(ErrcodeLastError(),
        "ReportErrMessage: unknown error code \"WK0999\": no definition is registered; arguments given: x=1");
}

static void registrations_that_fail(void)
{
    const char* last;

    CHECK_INT(ErrcodeRegisterCatalogJson(NULL, 1), ERRCODE_FAILED);
    CHECK_STR(ErrcodeLastError(), "ErrcodeRegisterCatalogJson: the catalog text is NULL");

    CHECK_INT(ErrcodeRegisterCatalogJson("{\"error_info_list\": []}", -1), ERRCODE_FAILED);
    CHECK_STR(ErrcodeLastError(), "ErrcodeRegisterCatalogJson: priority -1 is negative; nothing registered");

    CHECK_INT(ErrcodeRegisterCatalogJson("{\"error_info_list\": \xff}", 1), ERRCODE_FAILED);
    CHECK_STR(ErrcodeLastError(),
        "ErrcodeRegisterCatalogJson: the catalog text is not UTF-8 (invalid byte at offset 20); nothing registered");

    CHECK_INT(ErrcodeRegisterCatalogJson("not json", 1), ERRCODE_FAILED);
    last = ErrcodeLastError();
    CHECK(last != NULL &&
          strncmp(last, "ErrcodeRegisterCatalogJson: the catalog text is not a catalog; nothing registered:\n1:",
              strlen("ErrcodeRegisterCatalogJson: the catalog text is not a catalog; nothing registered:\n1:")) == 0);

    CHECK_INT(ErrcodeRegisterCatalogJson("{\"other\": []}", 1), ERRCODE_FAILED);
    CHECK(ErrcodeLastError() != NULL);

    /* One broken entry is refused; the good one is registered. */
    CHECK_INT(ErrcodeRegisterCatalogJson("{\"error_info_list\": [\n"
                                         "{\"ErrCode\": \"EZ0301\", \"ErrMessage\": \"Ring %s is full.\", \"Arglist\": \"ring\"},\n"
                                         "{\"ErrCode\": \"EZ0302\", \"ErrMessage\": \"%s %s\", \"Arglist\": \"a\"}\n"
                                         "]}",
                  1),
        ERRCODE_PARTIAL);
    CHECK_STR(ErrcodeLastError(),
        "ErrcodeRegisterCatalogJson: the catalog text: 1 error, its entry refused, every other entry registered:\n"
        "3: EZ0302: the message has 2 `%s` placeholders but Arglist names 1 (a)");
    REPORT_INPUT_ERROR("EZ0301", ARRAY("ring"), ARRAY("rx0"));
    REPORT_INPUT_ERROR("EZ0302", ARRAY("a"), ARRAY("x"));
    expect("EZ0301: Ring rx0 is full.\r\n"
           "        TraceBack (most recent call last):\r\n"
           "        ReportErrMessage: unknown error code \"EZ0302\": no definition is registered; "
           "arguments given: a=x\r\n",
        "ReportErrMessage: unknown error code \"EZ0302\": no definition is registered; arguments given: a=x");

    /* Priority 0 does not replace a built-in text; 1 does. */
    CHECK_INT(ErrcodeRegisterCatalogJson("{\"error_info_list\": [{\"ErrCode\": \"EK0005\", "
                                         "\"ErrMessage\": \"Replaced %s.\", \"Arglist\": \"param\"}]}",
                  0),
        ERRCODE_OK);
    REPORT_INPUT_ERROR("EK0005", ARRAY("param"), ARRAY("p"));
    expect("EK0005: Parameter p is not supported.\r\n", NULL);
    CHECK_INT(ErrcodeRegisterCatalogJson("{\"error_info_list\": [{\"ErrCode\": \"EK0005\", "
                                         "\"ErrMessage\": \"Replaced %s.\", \"Arglist\": \"param\"}]}",
                  1),
        ERRCODE_OK);
    REPORT_INPUT_ERROR("EK0005", ARRAY("param"), ARRAY("p"));
    expect("EK0005: Replaced p.\r\n", NULL);

    CHECK_INT(ErrcodeRegisterCatalogFile(NULL, 1), ERRCODE_FAILED);
    CHECK_STR(ErrcodeLastError(), "ErrcodeRegisterCatalogFile: the path is NULL");
    CHECK_INT(ErrcodeRegisterCatalogFile("/nonexistent/error_code.json", 1), ERRCODE_FAILED);
    CHECK_STR(ErrcodeLastError(),
        "ErrcodeRegisterCatalogFile: cannot read \"/nonexistent/error_code.json\": No such file or "
        "directory (os error 2)");
    CHECK_INT(ErrcodeRegisterCatalogFile("/", 1), ERRCODE_FAILED);
    CHECK_STR(ErrcodeLastError(), "ErrcodeRegisterCatalogFile: cannot read \"/\": Is a directory (os error 21)");
    /* An endless file is read no further than the limit. */
    CHECK_INT(ErrcodeRegisterCatalogFile("/dev/zero", 1), ERRCODE_FAILED);
    CHECK_STR(ErrcodeLastError(), "ErrcodeRegisterCatalogFile: cannot read \"/dev/zero\": it is larger than 64 MiB");
}

int main(void)
{
    null_pointers_in_report_err_message();
    counts_that_lie();
    codes_of_the_wrong_shape_and_unknown_codes();
    misspelled_extra_and_repeated_names();
    text_that_is_not_utf8();
    report_inter_err_message();
    format_report_inner();
    warnings_that_fail();
    registrations_that_fail();
    CHECK_STR(GetErrorMessage(), NULL);
    CHECK_STR(GetWarningMessage(), NULL);
    CHECK_STR(ErrcodeLastError(), NULL);
    return check_status("bad_inputs");
}
