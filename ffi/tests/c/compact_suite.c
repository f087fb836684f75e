/* What CANN's compact manager (src/runtime_compact/c_base/src/error_manager.c)
 * renders, checked byte for byte against errcode's C ABI: the cases its own
 * unit tests cover, on inputs of our own, and the cases of issue 38.
 *
 * Run without arguments: the default, reports CANN drops are dropped.
 * Run with "traced" under ERRCAT_FFI_TRACE_DROPPED=1: errcode's traces of them. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "errcode/compact_error_manager.h"
#include "check.h"

/* The compact table's own texts for EK0201, and what errcode's traces say. */
#define EK0201_COMPACT(size)                                          \
    "EK0201: Failed to allocate host memory for Profiling: " size ".\r\n" \
    "        PossibleCause: Available memory is insufficient.\r\n"     \
    "        Solution: Close unused applications.\r\n"

static void* report_inner_then_read(void* unused)
{
    (void)unused;
    ReportInterErrMessage("E39999", "worker failed");
    /* The text is the thread's, freed when it exits: a copy outlives it. */
    return (void*)strdup(GetErrorMessage());
}

static void* read_only(void* unused)
{
    (void)unused;
    return (void*)GetErrorMessage();
}

static const char* in_thread(void* (*body)(void*))
{
    pthread_t thread;
    void* result = NULL;
    CHECK_INT(pthread_create(&thread, NULL, body, NULL), 0);
    pthread_join(thread, &result);
    return (const char*)result;
}

static void dropped_by_default(void)
{
    CHECK_INT(ErrcodeTraceDropped(-1), 0);
    /* A code the table lacks, names that do not match the Arglist: dropped. */
    REPORT_INPUT_ERROR("61234", ARRAY("a", "b"), ARRAY("1", "2"));
    REPORT_INPUT_ERROR("EH0003", ARRAY("pth", "reason"), ARRAY("/x", "gone"));
    REPORT_INPUT_ERROR("EH0002", ARRAY("parameter"), ARRAY("ptr"));
    CHECK(ErrcodeLastError() != NULL);
    /* Matching names in any order, one more than needed: reported. */
    REPORT_INPUT_ERROR("EH0003", ARRAY("reason", "extra", "path"), ARRAY("no such file", "9", "/opt/m.om"));
    REPORT_INPUT_ERROR("EH0002", ARRAY("param"), ARRAY("stream"));
    /* Not internal: ReportInterErrMessage drops it. */
    ReportInterErrMessage("EH0001", "not an internal code");
    CHECK_STR(GetErrorMessage(),
        "EH0003: Path /opt/m.om is invalid. Reason: no such file.\r\n"
        "        TraceBack (most recent call last):\r\n"
        "        Argument stream must not be NULL.\r\n");
    CHECK_STR(GetErrorMessage(), NULL);
}

static void compact_texts(void)
{
    REPORT_INPUT_ERROR("EK0201", ARRAY("buf_size"), ARRAY("4096"));
    CHECK_STR(GetErrorMessage(), EK0201_COMPACT("4096"));
    /* A template without %s takes no argument; EK9999 is internal. */
    REPORT_INPUT_ERROR("EK9999", ARRAY("ignored"), ARRAY("x"));
    CHECK_STR(GetErrorMessage(), "EK9999: Inner Error!\r\nAn unknown error occurred. Please check the log.\r\n");
    REPORT_INPUT_ERROR("EK0004", ARRAY("intf", "platform"), ARRAY("aclprofStart", "lite"));
    CHECK_STR(GetErrorMessage(), "EK0004: [aclprofStart] is not supported in lite.\r\n");
}

static void internal_errors_before_the_headline(void)
{
    ReportInterErrMessage("EK9999", "collector stalled");
    REPORT_INPUT_ERROR("E19001", ARRAY("errMsg", "file"), ARRAY("permission denied", "cfg.json"));
    ReportInterErrMessage("E18888", "size 0 < 1");
    REPORT_INPUT_ERROR("EH0002", ARRAY("param"), ARRAY("desc"));
    CHECK_STR(GetErrorMessage(),
        "E19001: Failed to open file[cfg.json]. Reason: permission denied.\r\n"
        "        Solution: Fix the error according to the error message.\r\n"
        "        TraceBack (most recent call last):\r\n"
        "        collector stalled\r\n"
        "        size 0 < 1\r\n"
        "        Argument desc must not be NULL.\r\n");
    ReportInterErrMessage("E29999", "only internal");
    ReportInterErrMessage("E38888", "and a check");
    CHECK_STR(GetErrorMessage(),
        "E29999: Inner Error!\r\nonly internal\r\n"
        "        TraceBack (most recent call last):\r\n"
        "        and a check\r\n");
}

static void threads(void)
{
    char* copy;
    CHECK_STR(in_thread(read_only), NULL);
    copy = (char*)in_thread(report_inner_then_read);
    CHECK_STR(copy, "E39999: Inner Error!\r\nworker failed\r\n");
    free(copy);
}

static void a_catalog_takes_precedence(void)
{
    CHECK_INT(ErrcodeRegisterCatalogJson(
                  "{\"error_info_list\": [{\"ErrCode\": \"EK0002\", \"ErrMessage\": \"Call %s first, then %s.\", "
                  "\"Arglist\": \"intf1,intf2\"}]}",
                  1),
        ERRCODE_OK);
    REPORT_INPUT_ERROR("EK0002", ARRAY("intf1", "intf2"), ARRAY("aclInit", "aclprofInit"));
    CHECK_STR(GetErrorMessage(), "EK0002: Call aclInit first, then aclprofInit.\r\n");
}

static void traced(void)
{
    CHECK_INT(ErrcodeTraceDropped(-1), 1);
    REPORT_INPUT_ERROR("61234", ARRAY("a"), ARRAY("1"));
    REPORT_INPUT_ERROR("EH0002", ARRAY("parameter"), ARRAY("ptr"));
    REPORT_INPUT_ERROR("EK0201", ARRAY("buf_size"), ARRAY("64"));
    CHECK_STR(GetErrorMessage(),
        EK0201_COMPACT("64")
        "        TraceBack (most recent call last):\r\n"
        "        ReportErrMessage: unknown error code \"61234\": no definition is registered; "
        "arguments given: a=1\r\n"
        "        ReportErrMessage: EH0002 needs the argument `param`, which was not given; arguments given: parameter=ptr\r\n");
    /* Turned off at run time: dropped again. */
    CHECK_INT(ErrcodeTraceDropped(0), 1);
    REPORT_INPUT_ERROR("61234", ARRAY("a"), ARRAY("1"));
    CHECK_STR(GetErrorMessage(), NULL);
    CHECK_INT(ErrcodeTraceDropped(1), 0);
}

int main(int argc, char** argv)
{
    if (argc > 1 && strcmp(argv[1], "traced") == 0) {
        traced();
        return check_status("compact_suite traced");
    }
    dropped_by_default();
    compact_texts();
    internal_errors_before_the_headline();
    threads();
    a_catalog_takes_precedence();
    return check_status("compact_suite");
}
