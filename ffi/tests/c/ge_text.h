// The graph engine's layout, checked as a C++ test program sees it: the
// EK0201 text, and a text with the process id and the report times masked,
// each checked on its own (the PID is getpid(), each time lies between the
// clock read before the reports and the one after, both in local time by
// the C library). For the programs of this folder that include it once.
#ifndef ERRCODE_FFI_TESTS_GE_TEXT_H
#define ERRCODE_FFI_TESTS_GE_TEXT_H

#include <time.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "check.h"

namespace {

const char* const kEk0201Tail =
    "Resource_Error_Insufficient_Host_Memory(EK0201): Failed to allocate 1048576B host memory for Profiling.\n"
    "        Possible Cause: Allocation failed due to insufficient host memory.\n"
    "        Solution: Stop unnecessary processes and ensure that the required memory is available.\n";

// The clock now, in local time, as the GE layout writes a report's time.
std::string NowText()
{
    timespec now{};
    clock_gettime(CLOCK_REALTIME, &now);
    tm local{};
    localtime_r(&now.tv_sec, &local);
    char text[64];
    snprintf(
        text, sizeof text, "%04d-%02d-%02d-%02d:%02d:%02d.%03ld.%03ld", local.tm_year + 1900, local.tm_mon + 1,
        local.tm_mday, local.tm_hour, local.tm_min, local.tm_sec, now.tv_nsec / 1000000L, (now.tv_nsec / 1000L) % 1000L);
    return text;
}

bool IsTimeAt(const std::string& text, size_t at)
{
    const char* shape = "dddd-dd-dd-dd:dd:dd.ddd.ddd";
    for (size_t i = 0; shape[i] != '\0'; ++i) {
        if (at + i >= text.size()) {
            return false;
        }
        const char c = text[at + i];
        if (shape[i] == 'd' ? (c < '0' || c > '9') : c != shape[i]) {
            return false;
        }
    }
    return true;
}

// The reports made between two clock reads.
struct Window {
    std::string before;
    std::string after;
};

Window window;

void Begin() { window.before = NowText(); }
void End() { window.after = NowText(); }

// `text` with "[PID: <getpid()>]" written "[PID: P]" and each report time
// "T"; a PID or a time that is not the expected one fails a check.
std::string Masked(const char* text)
{
    if (text == nullptr) {
        CHECK(text != nullptr);
        return "<NULL>";
    }
    const std::string in = text;
    const std::string pid = "[PID: " + std::to_string(getpid()) + "]";
    std::string out;
    for (size_t i = 0; i < in.size();) {
        if (in.compare(i, 6, "[PID: ") == 0) {
            const size_t end = in.find(']', i);
            CHECK_STR(in.substr(i, end - i + 1).c_str(), pid.c_str());
            out += "[PID: P]";
            i = end + 1;
        } else if (IsTimeAt(in, i)) {
            const std::string time = in.substr(i, 27);
            if (!CHECK(window.before <= time && time <= window.after)) {
                fprintf(stderr, "  %s is not within [%s, %s]\n", time.c_str(), window.before.c_str(), window.after.c_str());
            }
            out += "T";
            i += 27;
        } else {
            out += in[i];
            ++i;
        }
    }
    return out;
}

} // namespace

#endif
