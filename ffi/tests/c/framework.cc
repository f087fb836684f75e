// CANN's C++ error-message framework (base/err_msg.h, base/err_mgr.h) served
// by errcode: each behaviour of CANN's error_manager.cc, checked byte for
// byte with the process id and the report times masked (each checked on its
// own: the PID is getpid(), the time lies between the clock read before the
// report and the one after, both in local time by the C library).
//
// Run with one argument, the part to check: internal, process, threads,
// conf (the catalog beside the executable), real (the real CANN catalog
// there), memory N (N report/get cycles with flat memory).
#include <pthread.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "base/err_mgr.h"
#include "base/err_msg.h"
#include "check.h"
#include "ge_text.h"
#include "harness.h"

extern "C" {
// The wrappers for C callers, as CANN's error_manager.h declares them.
int32_t RegisterFormatErrorMessageForC(const char* error_msg, unsigned long error_msg_len);
int32_t ReportPredefinedErrMsgForC(const char* error_code, const char** key, const char** value, unsigned long arg_num);
int32_t ReportInnerErrMsgForC(
    const char* file_name, const char* func, uint32_t line, const char* error_code, const char* format, ...);
}

using error_message::ErrMsgRawItem;
using error_message::ErrorManagerContext;
using error_message::ErrorMessageMode;

namespace {

std::string ErrorText() { return Masked(error_message::GetErrMgrErrorMessage().get()); }
std::string WarningText() { return Masked(error_message::GetErrMgrWarningMessage().get()); }

uint64_t Tid() { return static_cast<uint64_t>(syscall(SYS_gettid)); }

// msprof's MSPROF_ENV_ERROR(code, keys, values): std::string vectors turned
// into C strings for REPORT_PREDEFINED_ERR_MSG.
int32_t MsprofEnvError(const char* code, const std::vector<std::string>& keys, const std::vector<std::string>& values)
{
    std::vector<const char*> key;
    std::vector<const char*> value;
    for (const auto& k : keys) {
        key.push_back(k.c_str());
    }
    for (const auto& v : values) {
        value.push_back(v.c_str());
    }
    return REPORT_PREDEFINED_ERR_MSG(code, key, value);
}

const char kStartupCatalog[] = R"({"error_info_list": [{
    "errClass": "Test Errors", "errTitle": "Startup_Error", "ErrCode": "EZ0002",
    "ErrMessage": "Registered at start-up: %s.", "Arglist": "what"}]})";
REG_FORMAT_ERROR_MSG(kStartupCatalog, sizeof kStartupCatalog - 1);

void CheckPredefined()
{
    // EK0201 the way msprof reports it.
    Begin();
    CHECK_INT(MsprofEnvError("EK0201", {"buf_size"}, {"1048576B"}), 0);
    End();
    CHECK_STR(ErrorText().c_str(), (std::string("[PID: P] T ") + kEk0201Tail).c_str());
    // Nothing left: an empty string, not NULL.
    auto empty = error_message::GetErrMgrErrorMessage();
    CHECK(empty != nullptr && empty[0] == '\0');
    auto no_warning = error_message::GetErrMgrWarningMessage();
    CHECK(no_warning != nullptr && no_warning[0] == '\0');

    // By name, in any order; names the template lacks are ignored.
    std::vector<const char*> key{"reason", "unused", "config", "value"};
    std::vector<const char*> value{"it is not a metric group", "x", "aic_metrics", "xyz"};
    Begin();
    CHECK_INT(error_message::ReportPredefinedErrMsg("EK0003", key, value), 0);
    End();
    CHECK_STR(
        ErrorText().c_str(),
        "[PID: P] T Config_Error(EK0003): Value xyz for aic_metrics is invalid. Reason: it is not a metric "
        "group.\n");

    // A value holding %s is a value: it does not take the next one's place.
    std::vector<const char*> two_keys{"value", "config", "reason"};
    std::vector<const char*> percent{"%s", "aic_metrics", "bad"};
    Begin();
    CHECK_INT(error_message::ReportPredefinedErrMsg("EK0003", two_keys, percent), 0);
    End();
    CHECK_STR(
        ErrorText().c_str(),
        "[PID: P] T Config_Error(EK0003): Value %s for aic_metrics is invalid. Reason: bad.\n");

    // -1 and nothing stored: lengths differ, unknown code, missing argument, NULLs.
    std::vector<const char*> one{"buf_size"};
    std::vector<const char*> none{};
    CHECK_INT(error_message::ReportPredefinedErrMsg("EK0201", one, none), -1);
    CHECK_INT(error_message::ReportPredefinedErrMsg("EZ9876", one, one), -1);
    std::vector<const char*> misspelt{"bufsize"};
    CHECK_INT(error_message::ReportPredefinedErrMsg("EK0201", misspelt, one), -1);
    CHECK_INT(REPORT_PREDEFINED_ERR_MSG("EK0201"), -1);
    CHECK_INT(error_message::ReportPredefinedErrMsg(nullptr, one, one), -1);
    std::vector<const char*> null_value{nullptr};
    CHECK_INT(error_message::ReportPredefinedErrMsg("EK0201", one, null_value), -1);
    CHECK_STR(ErrorText().c_str(), "");

    // The one-argument form, for a template without arguments.
    const char no_args[] = R"({"error_info_list": [{"ErrCode": "EZ0003", "ErrMessage": "Nothing to say.",
        "Arglist": "", "suggestion": {"Possible Cause": "N/A", "Solution": ""}}]})";
    CHECK_INT(error_message::RegisterFormatErrorMessage(no_args, sizeof no_args - 1), 0);
    Begin();
    CHECK_INT(REPORT_PREDEFINED_ERR_MSG("EZ0003"), 0);
    End();
    // No title, and an N/A cause and an empty solution are left out.
    CHECK_STR(ErrorText().c_str(), "[PID: P] T (EZ0003): Nothing to say.\n");

    // The catalog registered by REG_FORMAT_ERROR_MSG while the program started.
    std::vector<const char*> what{"what"};
    std::vector<const char*> startup{"yes"};
    Begin();
    CHECK_INT(ge::ReportPredefinedErrMsg("EZ0002", what, startup), 0);
    End();
    CHECK_STR(ErrorText().c_str(), "[PID: P] T Startup_Error(EZ0002): Registered at start-up: yes.\n");
}

void CheckRegistration()
{
    // A second definition of EK0201 replaces the texts of the first.
    const char again[] = R"({"error_info_list": [{"errClass": "Profiling Errors", "errTitle": "Out_Of_Memory",
        "ErrCode": "EK0201", "ErrMessage": "No room for %s.", "Arglist": "buf_size",
        "suggestion": {"Possible Cause": "Too little memory.", "Solution": "N/A"}}]})";
    CHECK_INT(error_message::RegisterFormatErrorMessage(again, sizeof again - 1), 0);
    Begin();
    CHECK_INT(MsprofEnvError("EK0201", {"buf_size"}, {"4KB"}), 0);
    End();
    CHECK_STR(
        ErrorText().c_str(),
        "[PID: P] T Out_Of_Memory(EK0201): No room for 4KB.\n        Possible Cause: Too little memory.\n");
    const char third[] = R"({"error_info_list": [{"errTitle": "Resource_Error_Insufficient_Host_Memory",
        "ErrCode": "EK0201", "ErrMessage": "Failed to allocate %s host memory for Profiling.", "Arglist": "buf_size",
        "suggestion": {"Possible Cause": "Allocation failed due to insufficient host memory.",
        "Solution": "Stop unnecessary processes and ensure that the required memory is available."}}]})";
    CHECK_INT(RegisterFormatErrorMessageForC(third, sizeof third - 1), 0);
    Begin();
    CHECK_INT(MsprofEnvError("EK0201", {"buf_size"}, {"1048576B"}), 0);
    End();
    CHECK_STR(ErrorText().c_str(), (std::string("[PID: P] T ") + kEk0201Tail).c_str());

    // Invalid JSON: -1, and nothing changes.
    const char broken[] = R"({"error_info_list": [{"ErrCode": "EK0201", "ErrMessage": "x %s", )";
    CHECK_INT(error_message::RegisterFormatErrorMessage(broken, sizeof broken - 1), -1);
    CHECK_INT(error_message::RegisterFormatErrorMessage(nullptr, 3), -1);
    CHECK_INT(RegisterFormatErrorMessageForC(nullptr, 3), -1);
    // Only `len` bytes are read: the valid catalog before the garbage.
    const char prefix[] = R"({"error_info_list": []}garbage)";
    CHECK_INT(error_message::RegisterFormatErrorMessage(prefix, sizeof prefix - 1 - 7), 0);
    Begin();
    CHECK_INT(MsprofEnvError("EK0201", {"buf_size"}, {"1048576B"}), 0);
    End();
    CHECK_STR(ErrorText().c_str(), (std::string("[PID: P] T ") + kEk0201Tail).c_str());

    // Issue 40: "%%" is a percent sign, as the C tables' sprintf_s reads it;
    // CANN's ErrorManager fills only "%s" and would keep "100%%" (the README
    // lists the difference). "%%s" is "%s" as text; a lone "%" is refused.
    const char percent[] = R"({"error_info_list": [
        {"ErrCode": "EZ0011", "ErrMessage": "Usage is 100%% of %s.", "Arglist": "quota"},
        {"ErrCode": "EZ0012", "ErrMessage": "Done: 100%%.", "Arglist": ""},
        {"ErrCode": "EZ0013", "ErrMessage": "Literal %%s, then %s%%%%.", "Arglist": "value"}]})";
    CHECK_INT(error_message::RegisterFormatErrorMessage(percent, sizeof percent - 1), 0);
    Begin();
    CHECK_INT(error_message::ReportPredefinedErrMsg("EZ0011", {"quota"}, {"4 GB (%%)"}), 0);
    CHECK_INT(REPORT_PREDEFINED_ERR_MSG("EZ0012"), 0);
    CHECK_INT(error_message::ReportPredefinedErrMsg("EZ0013", {"value"}, {"v"}), 0);
    End();
    CHECK_STR(
        ErrorText().c_str(),
        "[PID: P] T (EZ0011): Usage is 100% of 4 GB (%%).\n"
        "TraceBack (most recent call last):\n"
        "        Done: 100%.\n"
        "        Literal %s, then v%%.\n");
    const char lone[] = R"({"error_info_list": [
        {"ErrCode": "EZ0014", "ErrMessage": "50% of %s.", "Arglist": "quota"}]})";
    CHECK_INT(error_message::RegisterFormatErrorMessage(lone, sizeof lone - 1), -1);
    CHECK_INT(error_message::ReportPredefinedErrMsg("EZ0014", {"quota"}, {"x"}), -1);
}

void CheckInner()
{
    const int line = __LINE__ + 2;
    Begin();
    REPORT_INNER_ERR_MSG("E19999", "queue %s overflowed after %d items", "rx", 4096);
    CHECK_INT(error_message::ReportInnerErrMsg("/a/b/c.cc", "Collect", 7, "EK8888", "bad %s", "arg"), 0);
    End();
    const std::string first =
        "queue rx overflowed after 4096 items[FUNC:CheckInner][FILE:framework.cc][LINE:" + std::to_string(line) + "]";
    // Every report internal: CANN's "Internal error!" layout, spacing and all.
    CHECK_STR(
        ErrorText().c_str(),
        ("E19999: Internal error!\nE19999[PID: P] T (E19999):  " + first +
         "\nTraceBack (most recent call last):\n       bad arg[FUNC:Collect][FILE:c.cc][LINE:7]\n")
            .c_str());

    // A parameter-check code first: its reports indented, the first other code heads.
    Begin();
    CHECK_INT(error_message::ReportInnerErrMsg("x.cc", "f", 1, "EK8888", "p1"), 0);
    CHECK_INT(error_message::ReportInnerErrMsg("x.cc", "f", 2, "EK9999", "i1"), 0);
    CHECK_INT(error_message::ReportInnerErrMsg("x.cc", "f", 3, "EK8888", "p2"), 0);
    End();
    CHECK_STR(
        ErrorText().c_str(),
        "EK9999: Internal error!\n        p1[FUNC:f][FILE:x.cc][LINE:1]\n"
        "EK9999[PID: P] T (EK9999):  i1[FUNC:f][FILE:x.cc][LINE:2]\nTraceBack (most recent call last):\n"
        "        p2[FUNC:f][FILE:x.cc][LINE:3]\n");
    Begin();
    CHECK_INT(error_message::ReportInnerErrMsg("x.cc", "f", 1, "EK8888", "only"), 0);
    End();
    CHECK_STR(ErrorText().c_str(), "EK8888: Internal error!\n        only[FUNC:f][FILE:x.cc][LINE:1]\n");

    // Only internal and parameter-check codes; 1,024 bytes or more refused.
    CHECK_INT(error_message::ReportInnerErrMsg("x.cc", "f", 1, "EK0201", "not internal"), -1);
    const std::string long_text(1000, 'a');
    CHECK_INT(error_message::ReportInnerErrMsg("x.cc", "f", 1, "E19999", "%s", long_text.c_str()), -1);
    // 27 bytes of "[FUNC:f][FILE:x.cc][LINE:1]": 1,024 with the NUL is one too many.
    const std::string over(1023 - 27 + 1, 'a');
    CHECK_INT(error_message::ReportInnerErrMsg("x.cc", "f", 1, "E19999", "%s", over.c_str()), -1);
    const std::string just(1023 - 27, 'a');
    CHECK_INT(error_message::ReportInnerErrMsg("x.cc", "f", 1, "E19999", "%s", just.c_str()), 0);
    CHECK_INT(error_message::ReportInnerErrMsg(nullptr, "f", 1, "E19999", "x"), -1);
    CHECK_INT(error_message::ReportInnerErrMsg("x.cc", "f", 1, nullptr, "x"), -1);
    auto text = error_message::GetErrMgrErrorMessage();
    CHECK(strstr(text.get(), (just + "[FUNC:f][FILE:x.cc][LINE:1]\n").c_str()) != nullptr);
    CHECK(strstr(text.get(), "not internal") == nullptr);

    // The C wrapper: the same, and -1 for any NULL.
    Begin();
    CHECK_INT(ReportInnerErrMsgForC("dir/y.c", "g", 9, "E19999", "%d%%", 50), 0);
    End();
    CHECK_STR(
        ErrorText().c_str(),
        "E19999: Internal error!\nE19999[PID: P] T (E19999):  50%[FUNC:g][FILE:y.c][LINE:9]\n"
        "TraceBack (most recent call last):\n");
    CHECK_INT(ReportInnerErrMsgForC(nullptr, "g", 9, "E19999", "x"), -1);
    CHECK_INT(ReportInnerErrMsgForC("y.c", nullptr, 9, "E19999", "x"), -1);
    CHECK_INT(ReportInnerErrMsgForC("y.c", "g", 9, nullptr, "x"), -1);
    CHECK_INT(ReportInnerErrMsgForC("y.c", "g", 9, "E19999", nullptr), -1);
    CHECK_STR(ErrorText().c_str(), "");
}

void CheckHeadlineAndTraceback()
{
    // An internal error, then a user-facing one: the headline is the
    // latter, and it appears again in the traceback (the original skips
    // only a repeat of the first report).
    Begin();
    CHECK_INT(error_message::ReportInnerErrMsg("x.cc", "f", 1, "EK9999", "collector stopped"), 0);
    CHECK_INT(MsprofEnvError("EK0201", {"buf_size"}, {"1048576B"}), 0);
    CHECK_INT(MsprofEnvError("EK0201", {"buf_size"}, {"1048576B"}), 0);  // a duplicate, kept once
    CHECK_INT(MsprofEnvError("EK0004", {"intf", "platform"}, {"aclprofStart", "x"}), 0);
    End();
    CHECK_STR(
        ErrorText().c_str(),
        (std::string("[PID: P] T ") + kEk0201Tail +
         "TraceBack (most recent call last):\n"
         "        collector stopped[FUNC:f][FILE:x.cc][LINE:1]\n"
         "        Failed to allocate 1048576B host memory for Profiling.\n"
         "        The current system or device does not support aclprofStart.\n")
            .c_str());

    // The headline first: its repeat is skipped.
    Begin();
    CHECK_INT(MsprofEnvError("EK0201", {"buf_size"}, {"1048576B"}), 0);
    CHECK_INT(error_message::ReportInnerErrMsg("x.cc", "f", 1, "EK9999", "after"), 0);
    End();
    CHECK_STR(
        ErrorText().c_str(),
        (std::string("[PID: P] T ") + kEk0201Tail +
         "TraceBack (most recent call last):\n        after[FUNC:f][FILE:x.cc][LINE:1]\n")
            .c_str());
}

void CheckUserDefinedAndWarnings()
{
    Begin();
    REPORT_USER_DEFINED_ERR_MSG("EU0042", "model %s is empty", "m.om");
    CHECK_INT(error_message::ReportUserDefinedErrMsg("", "empty code"), 0);
    CHECK_INT(error_message::ReportUserDefinedErrMsg("EK0201", "predefined code"), 0);
    CHECK_INT(error_message::ReportUserDefinedErrMsg("EU12", "malformed code"), 0);
    CHECK_INT(error_message::ReportUserDefinedErrMsg(nullptr, "NULL code"), 0);
    End();
    CHECK_STR(
        ErrorText().c_str(),
        "[PID: P] T (EU0042): model m.om is empty\nTraceBack (most recent call last):\n"
        "        empty code\n        predefined code\n        malformed code\n        NULL code\n");
    // Codes ending in 8888 or 9999 are internal to CANN's IsUserDefinedErrorCode,
    // so EU8888 and EU9999 are reported as EU0000, as CANN reports them.
    Begin();
    CHECK_INT(error_message::ReportUserDefinedErrMsg("EU8888", "a parameter check"), 0);
    CHECK_INT(error_message::ReportUserDefinedErrMsg("EU9999", "an internal %s", "error"), 0);
    End();
    CHECK_STR(
        ErrorText().c_str(),
        "[PID: P] T (EU0000): a parameter check\nTraceBack (most recent call last):\n"
        "        an internal error\n");
    const std::string too_long(1024, 'u');
    CHECK_INT(error_message::ReportUserDefinedErrMsg("EU0001", "%s", too_long.c_str()), -1);
    CHECK_INT(error_message::ReportUserDefinedErrMsg("EU0001", nullptr), -1);
    CHECK_STR(ErrorText().c_str(), "");

    // W codes go to the warnings, one line each.
    const char warnings[] = R"({"error_info_list": [{"errTitle": "Deprecated", "ErrCode": "WZ0001",
        "ErrMessage": "%s is deprecated.", "Arglist": "option"}]})";
    CHECK_INT(error_message::RegisterFormatErrorMessage(warnings, sizeof warnings - 1), 0);
    Begin();
    CHECK_INT(MsprofEnvError("WZ0001", {"option"}, {"--fast"}), 0);
    CHECK_INT(MsprofEnvError("WZ0001", {"option"}, {"--slow"}), 0);
    CHECK_INT(error_message::ReportInnerErrMsg("x.cc", "f", 1, "WZ9999", "inner warning"), 0);
    End();
    CHECK_STR(ErrorText().c_str(), "");
    CHECK_STR(
        WarningText().c_str(),
        "[PID: P] T Deprecated(WZ0001): --fast is deprecated.\n[PID: P] T Deprecated(WZ0001): --slow is deprecated.\n"
        "[PID: P] T (WZ9999): inner warning[FUNC:f][FILE:x.cc][LINE:1]\n");
    CHECK_STR(WarningText().c_str(), "");
}

void CheckRawMessages()
{
    Begin();
    std::vector<const char*> key{"reason", "value", "config"};
    std::vector<const char*> value{"r", "v", "c"};
    CHECK_INT(error_message::ReportPredefinedErrMsg("EK0003", key, value), 0);
    CHECK_INT(error_message::ReportInnerErrMsg("x.cc", "f", 1, "EK9999", "inner"), 0);
    CHECK_INT(MsprofEnvError("WZ0001", {"option"}, {"--fast"}), 0);
    End();
    std::vector<ErrMsgRawItem> items = error_message::GetErrMgrRawErrorMessages();
    CHECK_INT(items.size(), 2);
    if (items.size() == 2) {
        const ErrMsgRawItem& first = items[0];
        CHECK_STR(first.error_id.get(), "EK0003");
        CHECK_STR(first.error_title.get(), "Config_Error");
        CHECK_STR(first.error_message.get(), "Value v for c is invalid. Reason: r.");
        // The catalog's own texts, "N/A" as CANN's catalog writes them.
        CHECK_STR(first.possible_cause.get(), "N/A");
        CHECK_STR(first.solution.get(), "N/A");
        // In key order, as a std::map gives them.
        CHECK_INT(first.args_key.size(), 3);
        CHECK_INT(first.args_value.size(), 3);
        if (first.args_key.size() == 3 && first.args_value.size() == 3) {
            CHECK_STR(first.args_key[0].get(), "config");
            CHECK_STR(first.args_value[0].get(), "c");
            CHECK_STR(first.args_key[1].get(), "reason");
            CHECK_STR(first.args_value[1].get(), "r");
            CHECK_STR(first.args_key[2].get(), "value");
            CHECK_STR(first.args_value[2].get(), "v");
        }
        CHECK_STR(Masked(first.report_time.get()).c_str(), "T");
        CHECK_STR(items[1].error_id.get(), "EK9999");
        CHECK_STR(items[1].error_title.get(), "");
        CHECK_STR(items[1].error_message.get(), "inner[FUNC:f][FILE:x.cc][LINE:1]");
        CHECK_INT(items[1].args_key.size(), 0);
    }
    // Taken and cleared: the errors are gone, the warnings stay.
    CHECK_INT(error_message::GetErrMgrRawErrorMessages().size(), 0);
    CHECK_STR(ErrorText().c_str(), "");
    CHECK_STR(WarningText().c_str(), "[PID: P] T Deprecated(WZ0001): --fast is deprecated.\n");
}

void CheckCWrappers()
{
    const char* key[] = {"buf_size"};
    const char* value[] = {"1048576B"};
    const char* null_value[] = {nullptr};
    CHECK_INT(ReportPredefinedErrMsgForC(nullptr, key, value, 1), -1);
    CHECK_INT(ReportPredefinedErrMsgForC("EK0201", nullptr, value, 1), -1);
    CHECK_INT(ReportPredefinedErrMsgForC("EK0201", key, nullptr, 1), -1);
    CHECK_INT(ReportPredefinedErrMsgForC("EK0201", key, null_value, 1), -1);
    CHECK_INT(ReportPredefinedErrMsgForC("EK0201", nullptr, nullptr, 0), -1);  // buf_size missing
    CHECK_STR(ErrorText().c_str(), "");
    Begin();
    CHECK_INT(ReportPredefinedErrMsgForC("EK0201", key, value, 1), 0);
    End();
    CHECK_STR(ErrorText().c_str(), (std::string("[PID: P] T ") + kEk0201Tail).c_str());
}

void CheckModesAndContexts()
{
    CHECK_INT(error_message::ErrMgrInit(static_cast<ErrorMessageMode>(2)), -1);
    CHECK_INT(error_message::ErrMgrInit(ErrorMessageMode::ERR_MSG_MODE_MAX), -1);
    // No configuration file beside the program: -1, as CANN returns, and
    // the built-in catalog serves.
    CHECK_INT(error_message::ErrMgrInit(ErrorMessageMode::INTERNAL_MODE), -1);

    // A report made before the thread names its stream moves with it.
    CHECK_INT(MsprofEnvError("EK0201", {"buf_size"}, {"1048576B"}), 0);
    const ErrorManagerContext context = error_message::GetErrMgrContext();
    CHECK_INT(context.work_stream_id, static_cast<uint64_t>(getpid()) * 100000U + Tid());
    CHECK_INT(error_message::GetErrMgrContext().work_stream_id, context.work_stream_id);
    // Another thread that sets it reports into the same store.
    std::thread child([context]() {
        error_message::SetErrMgrContext(context);
        CHECK_INT(error_message::GetErrMgrContext().work_stream_id, context.work_stream_id);
        CHECK_INT(error_message::ReportInnerErrMsg("child.cc", "Work", 3, "EK9999", "child failed"), 0);
    });
    child.join();
    // A thread that does not shares nothing.
    std::thread stranger([]() {
        CHECK_INT(error_message::ReportInnerErrMsg("s.cc", "S", 1, "EK9999", "stranger"), 0);
        auto own = error_message::GetErrMgrErrorMessage();
        CHECK(strstr(own.get(), "stranger") != nullptr);
    });
    stranger.join();
    auto shared = error_message::GetErrMgrErrorMessage();
    CHECK(strstr(shared.get(), "Failed to allocate 1048576B") != nullptr);
    CHECK(strstr(shared.get(), "        child failed[FUNC:Work][FILE:child.cc][LINE:3]\n") != nullptr);
    CHECK(strstr(shared.get(), "stranger") == nullptr);

    // Another id, then 0: back to this thread's own (its default stream).
    ErrorManagerContext other{};
    other.work_stream_id = 42;
    error_message::SetErrMgrContext(other);
    CHECK_INT(error_message::ReportInnerErrMsg("x.cc", "f", 1, "EK9999", "in 42"), 0);
    ErrorManagerContext zero{};
    error_message::SetErrMgrContext(zero);
    CHECK_STR(ErrorText().c_str(), "");
    CHECK_INT(error_message::GetErrMgrContext().work_stream_id, context.work_stream_id);
    error_message::SetErrMgrContext(other);
    auto in_42 = error_message::GetErrMgrErrorMessage();
    CHECK(strstr(in_42.get(), "in 42[FUNC:f]") != nullptr);
    error_message::SetErrMgrContext(zero);
}

int Internal()
{
    CheckPredefined();
    CheckRegistration();
    CheckInner();
    CheckHeadlineAndTraceback();
    CheckUserDefinedAndWarnings();
    CheckRawMessages();
    CheckCWrappers();
    CheckModesAndContexts();
    return check_status("framework internal");
}

int Process()
{
    CHECK_INT(error_message::ErrMgrInit(ErrorMessageMode::PROCESS_MODE), -1);
    Begin();
    CHECK_INT(MsprofEnvError("EK0201", {"buf_size"}, {"1048576B"}), 0);
    uint64_t child_tid = 0;
    std::thread child([&child_tid]() {
        child_tid = Tid();
        CHECK_INT(error_message::ReportInnerErrMsg("c.cc", "f", 1, "EK9999", "from the child"), 0);
        CHECK_INT(error_message::ReportUserDefinedErrMsg("EU0007", "user"), 0);
    });
    child.join();
    // The same report from another thread is another message.
    std::thread twin([]() { CHECK_INT(MsprofEnvError("EK0201", {"buf_size"}, {"1048576B"}), 0); });
    twin.join();
    End();
    const std::string me = "[THREAD:" + std::to_string(Tid()) + "]";
    const std::string them = "[THREAD:" + std::to_string(child_tid) + "]";
    const std::string text = ErrorText();
    const std::string expected_head =
        "[PID: P] T Resource_Error_Insufficient_Host_Memory(EK0201): Failed to allocate 1048576B host memory for "
        "Profiling." + me + "\n";
    CHECK_STR(text.substr(0, expected_head.size()).c_str(), expected_head.c_str());
    CHECK(text.find("        from the child[FUNC:f][FILE:c.cc][LINE:1]" + them + "\n") != std::string::npos);
    // User-defined messages are not suffixed, as in the original.
    CHECK(text.find("        user\n") != std::string::npos);
    CHECK_INT(std::count(text.begin(), text.end(), '\n'), 3 + 1 + 3);
    // Any thread takes the process's messages.
    std::thread reader([]() { CHECK_STR(ErrorText().c_str(), ""); });
    reader.join();
    return check_status("framework process");
}

// Eight threads share one work_stream_id, each reporting 100 errors of its
// own; the store keeps them all, once each.
int Threads()
{
    const ErrorManagerContext context = error_message::GetErrMgrContext();
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t) {
        threads.emplace_back([t, context, &failures]() {
            error_message::SetErrMgrContext(context);
            for (int i = 0; i < 100; ++i) {
                const std::string size = std::to_string(t) + "-" + std::to_string(i);
                if (MsprofEnvError("EK0201", {"buf_size"}, {size}) != 0) {
                    failures++;
                }
                if (MsprofEnvError("EK0201", {"buf_size"}, {size}) != 0) {  // a duplicate
                    failures++;
                }
            }
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    CHECK_INT(failures.load(), 0);
    std::vector<ErrMsgRawItem> items = error_message::GetErrMgrRawErrorMessages();
    CHECK_INT(items.size(), 800);
    std::vector<int> seen(800, 0);
    for (const auto& item : items) {
        int t = -1;
        int i = -1;
        if (sscanf(item.args_value[0].get(), "%d-%d", &t, &i) == 2 && t >= 0 && t < 8 && i >= 0 && i < 100) {
            seen[t * 100 + i]++;
        }
    }
    CHECK_INT(std::count(seen.begin(), seen.end(), 1), 800);
    // Each thread's own store, without the id, stayed empty.
    std::thread own([]() { CHECK_STR(ErrorText().c_str(), ""); });
    own.join();
    return check_status("framework threads");
}

// The catalog beside the executable, ../conf/error_manager/error_code.json,
// registered on first use above the built-in texts.
int Conf()
{
    CHECK_INT(error_message::ErrMgrInit(ErrorMessageMode::INTERNAL_MODE), 0);
    std::vector<const char*> key{"buf_size"};
    std::vector<const char*> value{"9B"};
    Begin();
    CHECK_INT(error_message::ReportPredefinedErrMsg("EK0201", key, value), 0);
    CHECK_INT(error_message::ReportPredefinedErrMsg("EZ7001", key, value), 0);
    End();
    CHECK_STR(
        ErrorText().c_str(),
        "[PID: P] T Conf_Title(EK0201): From the configuration: 9B.\nTraceBack (most recent call last):\n"
        "        Only in the configuration: 9B.\n");
    return check_status("framework conf");
}

// The real CANN catalog as the configuration file.
int Real()
{
    CHECK_INT(error_message::ErrMgrInit(ErrorMessageMode::INTERNAL_MODE), 0);
    Begin();
    CHECK_INT(MsprofEnvError("EK0201", {"buf_size"}, {"1048576B"}), 0);
    End();
    CHECK_STR(ErrorText().c_str(), (std::string("[PID: P] T ") + kEk0201Tail).c_str());
    // A code only that catalog has, its arguments in another order.
    Begin();
    CHECK_INT(MsprofEnvError("E21002", {"reason", "file_name"}, {"bad token", "fusion.json"}), 0);
    End();
    const std::string text = ErrorText();
    CHECK(text.find("(E21002): Failed to parse file fusion.json. Reason: bad token.\n") != std::string::npos);
    return check_status("framework real");
}

// N cycles of the EK0201 report and GetErrMgrErrorMessage: anonymous
// resident memory does not grow.
int Memory(long cycles)
{
    const std::vector<std::string> keys{"buf_size"};
    long before = 0;
    for (long cycle = 0; cycle < cycles; ++cycle) {
        if (cycle == 10000) {
            before = harness_resident_bytes();
        }
        const std::string size = std::to_string(cycle % 1000) + "B";
        if (MsprofEnvError("EK0201", keys, {size}) != 0) {
            CHECK_INT(cycle, -1);
            break;
        }
        auto text = error_message::GetErrMgrErrorMessage();
        if (strstr(text.get(), "host memory for Profiling.\n") == nullptr) {
            CHECK_STR(text.get(), "an EK0201 message");
            break;
        }
    }
    const long after = harness_resident_bytes();
    printf("resident anonymous memory: %ld bytes after 10,000 cycles, %ld after %ld\n", before, after, cycles);
    CHECK(before > 0 && after - before <= 64L * 1024L);
    return check_status("framework memory");
}

} // namespace

int main(int argc, char** argv)
{
    const std::string part = argc > 1 ? argv[1] : "";
    if (part == "internal") {
        return Internal();
    }
    if (part == "process") {
        return Process();
    }
    if (part == "threads") {
        return Threads();
    }
    if (part == "conf") {
        return Conf();
    }
    if (part == "real") {
        return Real();
    }
    if (part == "memory" && argc > 2) {
        return Memory(atol(argv[2]));
    }
    fprintf(stderr, "usage: %s internal|process|threads|conf|real|memory N\n", argv[0]);
    return 2;
}
