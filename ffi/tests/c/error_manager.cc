// CANN's ErrorManager class (error_manager.h) served by errcode, used the
// way CANN's runtime, tsd and acl use it (rt_log.cc's log header and
// extend_info reports, tsd's REPORT_INPUT_ERROR with empty vectors,
// context.cc's raw messages taken and put back, stars_engine's context
// carried to another thread), each result checked byte for byte with the
// process id and the report times masked (see ge_text.h).
//
// Run with one argument, the part to check: class (everything the class
// does), ids N (N distinct work_stream_ids, one report each, taken: memory
// stays flat).
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "base/err_mgr.h"
#include "base/err_msg.h"
#include "error_manager.h"
#include "check.h"
#include "ge_text.h"
#include "harness.h"

namespace {

ErrorManager& Manager() { return ErrorManager::GetInstance(); }

std::string ClassErrorText() { return Masked(Manager().GetErrorMessage().c_str()); }

const char kCatalog[] = R"({"error_info_list": [
    {"errClass": "Runtime Errors", "errTitle": "Invalid_Argument", "ErrCode": "EE1001",
     "ErrMessage": "The argument is invalid. Reason: %s", "Arglist": "extend_info",
     "suggestion": {"Possible Cause": "N/A", "Solution": "Check the argument."}},
    {"errTitle": "Package_Missing", "ErrCode": "EZ3906", "ErrMessage": "The package is missing.", "Arglist": ""},
    {"errTitle": "Deprecated", "ErrCode": "WZ3001", "ErrMessage": "%s is deprecated.", "Arglist": "option"}
]})";

// rt_log.cc: the stages of the thread's context head each log line.
void CheckLogHeader()
{
    CHECK_STR(Manager().GetLogHeader().c_str(), "");
    Manager().SetStage(error_message::kModelLoad, error_message::kStreamAlloc);
    CHECK_STR(Manager().GetLogHeader().c_str(), "[LOAD][STM_ALLOC]");
    Manager().SetStage(error_message::kInitialize, "");
    CHECK_STR(Manager().GetLogHeader().c_str(), "[INIT][]");
    Manager().SetStage("", "");
    CHECK_STR(Manager().GetLogHeader().c_str(), "");
    CHECK_STR(error_message::kOther.c_str(), "DEFAULT");
    CHECK_STR(error_message::kTaskGenerate.c_str(), "TASK_GEN");
    CHECK_STR(error_message::kOpsKernelBuilderInit.c_str(), "OPS_KER_BLD");
}

void CheckReports()
{
    // rt_log.cc's ReportErrMsg: one extend_info value, formatted first.
    std::vector<char> value(LIMIT_PER_MESSAGE, '\0');
    CHECK_INT(error_message::FormatErrorMessage(value.data(), value.size(), "stream %d is out of range", 99), 25);
    Begin();
    Manager().ATCReportErrMessage("EE1001", {"extend_info"}, {std::string(value.data())});
    End();
    CHECK_STR(
        ClassErrorText().c_str(),
        "[PID: P] T Invalid_Argument(EE1001): The argument is invalid. Reason: stream 99 is out of range\n"
        "        Solution: Check the argument.\n");
    CHECK_STR(Manager().GetErrorMessage().c_str(), "");
    CHECK_INT(error_message::FormatErrorMessage(value.data(), 4, "%s", "too long"), -1);
    CHECK_STR(value.data(), "");

    // tsd: REPORT_INPUT_ERROR with empty vectors, for a code without arguments.
    Begin();
    REPORT_INPUT_ERROR("EZ3906", std::vector<std::string>(), std::vector<std::string>());
    End();
    CHECK_STR(ClassErrorText().c_str(), "[PID: P] T Package_Missing(EZ3906): The package is missing.\n");
    // Nothing stored: a missing argument, vectors of different lengths, an unknown code.
    REPORT_ENV_ERROR("EE1001", std::vector<std::string>(), std::vector<std::string>());
    REPORT_INPUT_ERROR("EE1001", std::vector<std::string>({"extend_info"}), std::vector<std::string>());
    REPORT_INPUT_ERROR("EZ3999", std::vector<std::string>(), std::vector<std::string>());
    CHECK_INT(Manager().ReportErrMessage("EE1001", {}), -1);
    CHECK_STR(Manager().GetErrorMessage().c_str(), "");

    // Values are kept whole, as CANN keeps them: only formatted messages
    // are bounded.
    const std::string long_value(3000, 'v');
    CHECK_INT(Manager().ReportErrMessage("EE1001", {{"extend_info", long_value}, {"unused", "x"}}), 0);
    const std::string long_message(2000, 'm');
    CHECK_INT(Manager().ReportInterErrMessage("E19999", long_message), 0);
    const std::string whole = Manager().GetErrorMessage();
    CHECK(whole.find("Reason: " + long_value + "\n") != std::string::npos);
    CHECK(whole.find("        " + long_message + "\n") != std::string::npos);

    // Internal errors: REPORT_INNER_ERROR and REPORT_CALL_ERROR beside
    // error_message::ReportInnerErrMsg, in one store.
    const int line = __LINE__ + 2;
    Begin();
    REPORT_INNER_ERROR("EE9999", "device %d lost", 3);
    REPORT_CALL_ERROR("EE9999", "%s failed", "rtMalloc");
    CHECK_INT(error_message::ReportInnerErrMsg("a/b.cc", "F", 5, "EE9999", "from err_msg.h"), 0);
    End();
    const std::string where = "[FUNC:CheckReports][FILE:error_manager.cc][LINE:";
    CHECK_STR(
        ClassErrorText().c_str(),
        ("EE9999: Internal error!\nEE9999[PID: P] T (EE9999):  device 3 lost" + where + std::to_string(line) +
         "]\nTraceBack (most recent call last):\n       rtMalloc failed" + where + std::to_string(line + 1) +
         "]\n       from err_msg.h[FUNC:F][FILE:b.cc][LINE:5]\n")
            .c_str());
    CHECK_INT(Manager().ReportInterErrMessage("EE1001", "not internal"), -1);
    CHECK_INT(Manager().ReportInterErrMessage("E1", "malformed"), -1);

    // User-defined messages: EU codes no catalog defines, else EU0000.
    Begin();
    CHECK_INT(Manager().ReportErrMsgWithoutTpl("EU0042", "model m.om is empty"), 0);
    CHECK_INT(Manager().ReportErrMsgWithoutTpl("EE1001", "a predefined code"), 0);
    End();
    CHECK_STR(
        ClassErrorText().c_str(),
        "[PID: P] T (EU0042): model m.om is empty\nTraceBack (most recent call last):\n        a predefined code\n");

    // Warnings.
    Begin();
    Manager().ATCReportErrMessage("WZ3001", {"option"}, {"--fast"});
    CHECK_INT(Manager().ReportInterErrMessage("WZ9999", "inner warning"), 0);
    End();
    CHECK_STR(Manager().GetErrorMessage().c_str(), "");
    CHECK_STR(
        Masked(Manager().GetWarningMessage().c_str()).c_str(),
        "[PID: P] T Deprecated(WZ3001): --fast is deprecated.\n[PID: P] T (WZ9999): inner warning\n");
    CHECK_STR(Manager().GetWarningMessage().c_str(), "");
}

void CheckHandMadeItems();

// context.cc: the raw errors taken, kept, and put back later.
void CheckRawMessages()
{
    Begin();
    Manager().ATCReportErrMessage("EK0003", {"value", "config", "reason"}, {"xyz", "aic_metrics", "bad"});
    CHECK_INT(Manager().ReportInterErrMessage("EK9999", "collector stopped"), 0);
    End();
    std::vector<error_message::ErrorItem> items = Manager().GetRawErrorMessages();
    CHECK_INT(items.size(), 2);
    if (items.size() == 2) {
        CHECK_STR(items[0].error_id.c_str(), "EK0003");
        CHECK_STR(items[0].error_title.c_str(), "Config_Error");
        CHECK_STR(items[0].error_message.c_str(), "Value xyz for aic_metrics is invalid. Reason: bad.");
        CHECK_STR(items[0].possible_cause.c_str(), "N/A");
        CHECK_STR(items[0].solution.c_str(), "N/A");
        CHECK_INT(items[0].args_map.size(), 3);
        CHECK_STR(items[0].args_map["config"].c_str(), "aic_metrics");
        CHECK_STR(Masked(items[0].report_time.c_str()).c_str(), "T");
        CHECK_STR(items[1].error_id.c_str(), "EK9999");
        CHECK_STR(items[1].error_title.c_str(), "");
        CHECK_STR(items[1].possible_cause.c_str(), "");
        CHECK_STR(items[1].error_message.c_str(), "collector stopped");
    }
    CHECK_INT(Manager().GetRawErrorMessages().size(), 0);
    // Put back: rendered as they were, report times included.
    CHECK_INT(Manager().SetRawErrorMessages(items), 0);
    CHECK_STR(
        ClassErrorText().c_str(),
        "[PID: P] T Config_Error(EK0003): Value xyz for aic_metrics is invalid. Reason: bad.\n"
        "TraceBack (most recent call last):\n        collector stopped\n");
    CheckHandMadeItems();
}

// The text with this process's "[PID: N]" written "[PID: P]" and nothing
// else changed: for items whose times are their own, not a report's now.
std::string PidMasked(const std::string& text)
{
    const std::string pid = "[PID: " + std::to_string(getpid()) + "]";
    std::string out = text;
    for (size_t at = out.find(pid); at != std::string::npos; at = out.find(pid, at)) {
        out.replace(at, pid.size(), "[PID: P]");
    }
    return out;
}

// Items made by hand are shown as CANN's SetRawErrorMessages keeps them:
// as given, whatever the code, the texts or the time, each of them.
void CheckHandMadeItems()
{
    using Item = error_message::ErrorItem;
    // An empty item: an empty time, title, code and message.
    CHECK_INT(Manager().SetRawErrorMessages({Item()}), 0);
    CHECK_STR(PidMasked(Manager().GetErrorMessage()).c_str(), "[PID: P]  (): \n");
    // A defined code with texts of its own (no title here, where the
    // catalog has one) and a time of its own; then a code of no shape a
    // catalog accepts.
    const Item made{"EZ3906", "", "The package is missing.", "", "", {}, "2026-01-02-03:04:05.006.007"};
    const Item stray{"XX0000", "", "stray", "", "", {}, ""};
    CHECK_INT(Manager().SetRawErrorMessages({made, stray}), 0);
    CHECK_STR(
        PidMasked(Manager().GetErrorMessage()).c_str(),
        "[PID: P] 2026-01-02-03:04:05.006.007 (EZ3906): The package is missing.\n"
        "TraceBack (most recent call last):\n        stray\n");
    // A code no catalog defines, with a title, cause and solution; "N/A"
    // is not shown.
    const Item unknown{"E10002", "Device_Error", "Device id was not set", "N/A", "Set it first.", {}, ""};
    const Item titled{"EZ3906", "Own_Title", "Again.", "Its own cause.", "", {}, ""};
    CHECK_INT(Manager().SetRawErrorMessages({unknown, titled}), 0);
    CHECK_STR(
        PidMasked(Manager().GetErrorMessage()).c_str(),
        "[PID: P]  Device_Error(E10002): Device id was not set\n        Solution: Set it first.\n"
        "TraceBack (most recent call last):\n        Again.\n");
    // Taken back raw, they keep their texts as given, "N/A" and "" included.
    const Item inner{"E19999", "Inner_Title", "inner", "", "", {}, ""};
    CHECK_INT(Manager().SetRawErrorMessages({unknown, titled, Item(), inner}), 0);
    const auto raw = Manager().GetRawErrorMessages();
    if (CHECK_INT(raw.size(), 4)) {
        CHECK_STR(raw[0].error_title.c_str(), "Device_Error");
        CHECK_STR(raw[0].possible_cause.c_str(), "N/A");
        CHECK_STR(raw[0].solution.c_str(), "Set it first.");
        CHECK_STR(raw[0].report_time.c_str(), "");
        CHECK_STR(raw[1].error_title.c_str(), "Own_Title");
        CHECK_STR(raw[1].possible_cause.c_str(), "Its own cause.");
        CHECK_STR(raw[2].error_id.c_str(), "");
        CHECK_STR(raw[2].error_message.c_str(), "");
        CHECK_STR(raw[2].report_time.c_str(), "");
        CHECK_STR(raw[3].error_id.c_str(), "E19999");
        CHECK_STR(raw[3].error_title.c_str(), "Inner_Title");
    }
    // Two codes, one message: the second is not a repeat of the first.
    const Item first{"E10001", "", "Device id was not set", "", "", {}, ""};
    const Item second{"E10002", "", "Device id was not set", "", "", {}, ""};
    CHECK_INT(Manager().SetRawErrorMessages({first, second}), 0);
    CHECK_STR(
        PidMasked(Manager().GetErrorMessage()).c_str(),
        "[PID: P]  (E10001): Device id was not set\n"
        "TraceBack (most recent call last):\n        Device id was not set\n");
    // Repeats are kept, as CANN appends the items without looking: the
    // headline's go (the rendering skips them), any other shows each time.
    const Item headline{"EZ3906", "", "Missing.", "", "", {}, ""};
    const Item step{"E19999", "", "step failed", "", "", {}, ""};
    CHECK_INT(Manager().SetRawErrorMessages({headline, step, headline, step}), 0);
    CHECK_STR(
        PidMasked(Manager().GetErrorMessage()).c_str(),
        "[PID: P]  (EZ3906): Missing.\n"
        "TraceBack (most recent call last):\n        step failed\n        step failed\n");
    // A report identical to an item put back is kept once with it, as
    // CANN's reports are; a W code put back is an error, as in CANN.
    const Item warning{"WZ3001", "", "--fast is deprecated.", "", "", {}, ""};
    CHECK_INT(Manager().SetRawErrorMessages({headline, step, warning}), 0);
    CHECK_INT(Manager().ReportInterErrMessage("E19999", "step failed"), 0);
    CHECK_STR(
        PidMasked(Manager().GetErrorMessage()).c_str(),
        "[PID: P]  (EZ3906): Missing.\n"
        "TraceBack (most recent call last):\n        step failed\n        --fast is deprecated.\n");
    CHECK_STR(Manager().GetWarningMessage().c_str(), "");
}

// stars_engine: a context copied on one thread and set on another.
void CheckContexts()
{
    CHECK_INT(Manager().Init(error_message::ErrorMsgMode::ERR_MSG_MODE_MAX), -1);
    CHECK_INT(Manager().Init(error_message::ErrorMsgMode::INTERNAL_MODE), -1);  // no configuration file
    CHECK_INT(Manager().ReportInterErrMessage("EE9999", "before the id"), 0);
    const error_message::Context context = Manager().GetErrorManagerContext();
    CHECK_INT(context.work_stream_id, static_cast<uint64_t>(getpid()) * 100000U + static_cast<uint64_t>(gettid()));
    CHECK_INT(error_message::GetErrMgrContext().work_stream_id, context.work_stream_id);
    std::thread worker([context]() {
        Manager().SetErrorContext(context);
        CHECK_INT(Manager().ReportInterErrMessage("EE9999", "from the worker"), 0);
        // The error_message:: face sees the same context.
        CHECK_INT(error_message::GetErrMgrContext().work_stream_id, context.work_stream_id);
    });
    worker.join();
    const std::string shared = Manager().GetErrorMessage();
    CHECK(shared.find("before the id") != std::string::npos);
    if (!CHECK(shared.find("\n       from the worker\n") != std::string::npos)) {
        fprintf(stderr, "%s", shared.c_str());
    }

    // Written through the reference: the next report goes there.
    Begin();
    Manager().GetErrorManagerContext().work_stream_id = 777;
    CHECK_INT(Manager().ReportInterErrMessage("EE9999", "in 777"), 0);
    End();
    CHECK_STR(
        ClassErrorText().c_str(),
        "EE9999: Internal error!\nEE9999[PID: P] T (EE9999):  in 777\nTraceBack (most recent call last):\n");
    Manager().GetErrorManagerContext().work_stream_id = 777;
    CHECK_INT(Manager().ReportInterErrMessage("EE9999", "again in 777"), 0);
    std::thread reader([]() {
        error_message::ErrorManagerContext id{};
        id.work_stream_id = 777;
        error_message::SetErrMgrContext(id);
        const std::string text = Manager().GetErrorMessage();
        CHECK(text.find("again in 777") != std::string::npos);
    });
    reader.join();
    CHECK_STR(Manager().GetErrorMessage().c_str(), "");

    // SetErrMgrContext carries no stages, as in CANN.
    Manager().SetStage(error_message::kModelExecute, error_message::kOther);
    error_message::SetErrMgrContext(error_message::GetErrMgrContext());
    CHECK_STR(Manager().GetLogHeader().c_str(), "");

    // A session's graph: cleared when named, shared by every thread in it.
    Manager().GenWorkStreamIdBySessionGraph(3, 8);
    CHECK_INT(Manager().GetErrorManagerContext().work_stream_id, 300008);
    CHECK_INT(Manager().ReportInterErrMessage("EE9999", "stale"), 0);
    Manager().GenWorkStreamIdBySessionGraph(3, 8);
    CHECK_INT(Manager().ReportInterErrMessage("EE9999", "graph 8"), 0);
    std::thread other([]() {
        Manager().GenWorkStreamIdWithSessionIdGraphId(3, 8);
        const std::string text = Manager().GetErrorMessage();
        CHECK(text.find("graph 8") != std::string::npos);
        CHECK(text.find("stale") == std::string::npos);
    });
    other.join();
    Manager().GenWorkStreamIdDefault();
    CHECK_INT(Manager().GetErrorManagerContext().work_stream_id, context.work_stream_id);
}

void CheckOutputAndMstune()
{
    char path[] = "/tmp/errcat-ffi-output-XXXXXX";
    const int fd = mkstemp(path);
    CHECK(fd > 2);
    Begin();
    CHECK_INT(Manager().ReportInterErrMessage("EE9999", "to a file"), 0);
    End();
    CHECK_INT(Manager().OutputErrMessage(fd), 0);
    CHECK_INT(Manager().OutputErrMessage(fd), 0);  // nothing left: the generic text
    char written[512] = {0};
    CHECK(pread(fd, written, sizeof written - 1, 0) > 0);
    close(fd);
    unlink(path);
    CHECK_STR(
        Masked(written).c_str(),
        "EE9999: Internal error!\nEE9999[PID: P] T (EE9999):  to a file\nTraceBack (most recent call last):\n"
        "E19999: Internal error!\n        Unknown error occurred. Please check the log.\n");

    CHECK_INT(Manager().ReportMstuneCompileFailedMsg("root", {{"E10001", "conv1"}}), 0);
    CHECK_INT(Manager().ReportMstuneCompileFailedMsg("root", {{"E10001", "conv2"}, {"E10002", "relu"}}), 0);
    CHECK_INT(Manager().ReportMstuneCompileFailedMsg("", {{"E10001", "x"}}), -1);
    CHECK_INT(Manager().ReportMstuneCompileFailedMsg("root", {}), -1);
    std::map<std::string, std::vector<std::string>> failed;
    CHECK_INT(Manager().GetMstuneCompileFailedMsg("root", failed), 0);
    CHECK_INT(failed["E10001"].size(), 2);
    CHECK_STR(failed["E10001"][1].c_str(), "conv2");
    CHECK_STR(failed["E10002"][0].c_str(), "relu");
    CHECK_INT(Manager().GetMstuneCompileFailedMsg("root", failed), -1);  // not empty
    std::map<std::string, std::vector<std::string>> none;
    CHECK_INT(Manager().GetMstuneCompileFailedMsg("root", none), -1);  // taken

    CHECK_INT(Manager().ParseJsonFormatString(nullptr, 1), -1);
    CHECK_STR(error_message::TrimPath("a/b/c.cc").c_str(), "c.cc");
    CHECK_STR(error_message::TrimPath("c.cc").c_str(), "c.cc");
}

// Init(path): the configuration catalog of another folder.
void CheckInitPath()
{
    char root[] = "/tmp/errcat-ffi-conf-XXXXXX";
    CHECK(mkdtemp(root) != nullptr);
    const std::string base = root;
    CHECK_INT(mkdir((base + "/lib").c_str(), 0700), 0);
    CHECK_INT(mkdir((base + "/conf").c_str(), 0700), 0);
    CHECK_INT(mkdir((base + "/conf/error_manager").c_str(), 0700), 0);
    const std::string file = base + "/conf/error_manager/error_code.json";
    FILE* out = fopen(file.c_str(), "w");
    CHECK(out != nullptr);
    fputs(R"({"error_info_list": [{"ErrCode": "EZ3950", "ErrMessage": "From %s.", "Arglist": "where"}]})", out);
    fclose(out);
    CHECK_INT(Manager().Init(base + "/lib/"), 0);
    CHECK_INT(Manager().Init(base + "/nowhere/"), -1);
    CHECK_INT(Manager().ReportErrMessage("EZ3950", {{"where", "the folder"}}), 0);
    CHECK(Manager().GetErrorMessage().find("(EZ3950): From the folder.\n") != std::string::npos);
    unlink(file.c_str());
    rmdir((base + "/conf/error_manager").c_str());
    rmdir((base + "/conf").c_str());
    rmdir((base + "/lib").c_str());
    rmdir(root);
}

// The process id each line shows is the renderer's: a forked child's own.
void CheckFork()
{
    Begin();
    CHECK_INT(Manager().ReportInterErrMessage("EE9999", "in the parent"), 0);
    End();
    CHECK_STR(
        ClassErrorText().c_str(),
        "EE9999: Internal error!\nEE9999[PID: P] T (EE9999):  in the parent\nTraceBack (most recent call last):\n");
    fflush(stdout);
    fflush(stderr);
    const pid_t child = fork();
    if (child == 0) {
        Begin();
        (void)Manager().ReportInterErrMessage("EE9999", "in the child");
        End();
        // Masked checks the id against getpid(), the child's.
        CHECK_STR(
            ClassErrorText().c_str(),
            "EE9999: Internal error!\nEE9999[PID: P] T (EE9999):  in the child\nTraceBack (most recent call last):\n");
        fflush(stderr);
        _exit(check_status("error manager fork") == 0 ? 0 : 1);
    }
    int status = -1;
    CHECK(child > 0 && waitpid(child, &status, 0) == child);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

int Class()
{
    CHECK_INT(error_message::RegisterFormatErrorMessage(kCatalog, sizeof kCatalog - 1), 0);
    CheckLogHeader();
    CheckReports();
    CheckRawMessages();
    CheckContexts();
    CheckOutputAndMstune();
    CheckInitPath();
    CheckFork();
    return check_status("error manager class");
}

// N distinct work_stream_ids, each given one report and taken: what is
// left of each is freed, so anonymous resident memory stays flat.
int Ids(long count)
{
    long before = 0;
    for (long id = 1; id <= count; ++id) {
        if (id == 10001) {
            before = harness_resident_bytes();
        }
        Manager().GenWorkStreamIdWithSessionIdGraphId(static_cast<uint64_t>(id), 1);
        if (Manager().ReportInterErrMessage("EE9999", "stream " + std::to_string(id)) != 0) {
            CHECK_INT(id, -1);
            break;
        }
        const std::string text = Manager().GetErrorMessage();
        if (text.find("stream " + std::to_string(id) + "\n") == std::string::npos) {
            CHECK_STR(text.c_str(), "the stream's own report");
            break;
        }
    }
    Manager().GenWorkStreamIdDefault();
    const long after = harness_resident_bytes();
    printf("resident anonymous memory: %ld bytes after 10,000 ids, %ld after %ld\n", before, after, count);
    CHECK(before > 0 && after - before <= 256L * 1024L);
    return check_status("error manager ids");
}

} // namespace

int main(int argc, char** argv)
{
    const std::string part = argc > 1 ? argv[1] : "";
    if (part == "class") {
        return Class();
    }
    if (part == "ids" && argc > 2) {
        return Ids(atol(argv[2]));
    }
    fprintf(stderr, "usage: %s class|ids N\n", argv[0]);
    return 2;
}
