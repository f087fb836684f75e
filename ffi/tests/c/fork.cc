// fork() under load: threads report and read through the compact C ABI and
// through the C++ framework (each in work streams of its own making), one
// thread registers catalogs, and short-lived threads come and go, while the
// main thread forks FORKS times, the first time as the threads start.
// Each child, under an alarm, reports, reads and registers through both,
// and exits 0 when it read back what it reported; the parent counts the
// children that hung (killed by the alarm), crashed or read wrong.
#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include "base/err_mgr.h"
#include "base/err_msg.h"
#include "errcode/compact_error_manager.h"

namespace {

std::atomic<bool> g_stop{false};

void CompactLoad(int id)
{
    std::string value = std::to_string(id);
    while (!g_stop.load(std::memory_order_relaxed)) {
        REPORT_INPUT_ERROR("EH0002", ARRAY("param"), ARRAY(value.c_str()));
        ReportInterErrMessage("E19999", "load");
        (void)GetErrorMessage();
    }
}

void FrameworkLoad(int id)
{
    uint64_t stream = static_cast<uint64_t>(id) << 32;
    while (!g_stop.load(std::memory_order_relaxed)) {
        // A new work stream each round, shared with nobody, then back to
        // the thread's own.
        error_message::SetErrMgrContext(error_message::ErrorManagerContext{++stream});
        (void)error_message::ReportInnerErrMsg("f.cc", "F", 1, "E19999", "framework load %d", id);
        (void)error_message::GetErrMgrErrorMessage();
        error_message::SetErrMgrContext(error_message::ErrorManagerContext{0});
    }
}

// Threads that start, report through both faces in a work stream of
// their own, and exit still in it, one after another: a fork comes while
// one is setting up its thread-local state, or leaving its stream as it
// exits.
void ChurnLoad()
{
    uint64_t stream = 3ULL << 32;
    while (!g_stop.load(std::memory_order_relaxed)) {
        ++stream;
        std::thread short_lived([stream]() {
            error_message::SetErrMgrContext(error_message::ErrorManagerContext{stream});
            (void)error_message::ReportInnerErrMsg("s.cc", "S", 3, "E19999", "short-lived");
            REPORT_INPUT_ERROR("EH0002", ARRAY("param"), ARRAY("short"));
        });
        short_lived.join();
    }
}

void RegisterLoad()
{
    int round = 0;
    while (!g_stop.load(std::memory_order_relaxed) && round < 2000) {
        // Few distinct codes: definitions last as long as the process.
        const std::string json = std::string(R"({"error_info_list": [{"ErrCode": "EZ0)") +
                                 std::to_string(100 + round % 50) +
                                 R"(", "ErrMessage": "Loaded %s.", "Arglist": "what"}]})";
        (void)ErrcodeRegisterCatalogJson(json.c_str(), 1 + round);
        (void)error_message::RegisterFormatErrorMessage(json.data(), json.size());
        ++round;
    }
}

// What a child does: 0 when everything read back as reported.
int Child()
{
    // Long enough for a child of a loaded machine (the tests run in parallel);
    // a hang is for ever.
    alarm(20);
    REPORT_INPUT_ERROR("EH0002", ARRAY("param"), ARRAY("child"));
    const char* text = GetErrorMessage();
    if (text == nullptr || std::strstr(text, "Argument child must not be NULL.") == nullptr) {
        return 2;
    }
    error_message::SetErrMgrContext(error_message::ErrorManagerContext{7});
    if (error_message::ReportInnerErrMsg("c.cc", "C", 2, "E19999", "child %d", 1) != 0) {
        return 3;
    }
    const auto framework = error_message::GetErrMgrErrorMessage();
    if (framework == nullptr || std::strstr(framework.get(), "child 1") == nullptr) {
        return 4;
    }
    const char json[] = R"({"error_info_list": [{"ErrCode": "EZ0999", "ErrMessage": "Child %s.", "Arglist": "x"}]})";
    if (ErrcodeRegisterCatalogJson(json, 1000000) != ERRCODE_OK) {
        return 5;
    }
    REPORT_INPUT_ERROR("EZ0999", ARRAY("x"), ARRAY("ok"));
    text = GetErrorMessage();
    if (text == nullptr || std::strcmp(text, "EZ0999: Child ok.\r\n") != 0) {
        return 6;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv)
{
    const int forks = argc > 1 ? std::atoi(argv[1]) : 300;
    std::vector<std::thread> threads;
    for (int id = 1; id <= 2; ++id) {
        threads.emplace_back(CompactLoad, id);
        threads.emplace_back(FrameworkLoad, id);
    }
    threads.emplace_back(RegisterLoad);
    threads.emplace_back(ChurnLoad);
    int hung = 0;
    int crashed = 0;
    int wrong = 0;
    for (int i = 0; i < forks; ++i) {
        const pid_t pid = fork();
        if (pid < 0) {
            std::perror("fork");
            return 1;
        }
        if (pid == 0) {
            _exit(Child());
        }
        int status = 0;
        (void)waitpid(pid, &status, 0);
        if (WIFSIGNALED(status)) {
            (WTERMSIG(status) == SIGALRM ? hung : crashed)++;
        } else if (WEXITSTATUS(status) != 0) {
            wrong++;
            std::fprintf(stderr, "child %d exited with %d\n", i, WEXITSTATUS(status));
        }
    }
    g_stop = true;
    for (auto& thread : threads) {
        thread.join();
    }
    std::printf("forks %d hung %d crashed %d wrong %d\n", forks, hung, crashed, wrong);
    return (hung + crashed + wrong) == 0 ? 0 : 1;
}
