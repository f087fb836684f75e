// CANN's C++ framework through the calls of base/err_msg.h and
// base/err_mgr.h, in msprof's shape (std::string vectors turned into
// const char* vectors for REPORT_PREDEFINED_ERR_MSG): the same source built
// by ffi/benches/cpp_framework.rs against errcode, against CANN's own
// error_manager.cc (when ERRCODE_CANN_DIR names a hicann/runtime tree) and
// against benches/cpp/floor.cc, functions that do nothing (-DFRAMEWORK_FLOOR):
// what the API's shape costs by itself.
//
//   framework check          prints the texts of both scenarios once, and
//                            fails unless they have the expected shape
//   framework bench BLOCKS   BLOCKS blocks of each scenario, alternating:
//                            "SCENARIO ns allocations", the median ns per
//                            cycle (thread CPU time) over the blocks (each
//                            block on a new
//                            thread after a warm-up) and the allocations per
//                            cycle over all of them
//   framework flat CYCLES    EK0201 CYCLES times on one thread: "flat first
//                            last", CPU ns per cycle of the first 10^4 cycles
//                            after 1,000 and of the last 10^4
//
// Scenarios:
//   ek0201  REPORT_PREDEFINED_ERR_MSG("EK0201", ...) + GetErrMgrErrorMessage
//   ten     nine Profiling codes with one to three arguments and one
//           REPORT_INNER_ERR_MSG, + GetErrMgrErrorMessage
//
// Instructions per cycle: `valgrind --tool=callgrind
// --toggle-collect=TimedCycles framework bench 5` counts the timed cycles
// alone (divide by 5 * 256 for ek0201, 5 * 64 for ten, per scenario when
// run alone with a third argument naming it).
#include <pthread.h>
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "base/err_mgr.h"
#include "base/err_msg.h"

// ---- allocations, counted through operator new and malloc ---------------

extern "C" {
void* __real_malloc(size_t size);
void* __real_calloc(size_t count, size_t size);
void* __real_realloc(void* ptr, size_t size);
void* __wrap_malloc(size_t size);
void* __wrap_calloc(size_t count, size_t size);
void* __wrap_realloc(void* ptr, size_t size);
}

// Plain counters: one thread runs at a time, and pthread_join orders them.
static long long allocations = 0;

void* __wrap_malloc(size_t size)
{
    allocations++;
    return __real_malloc(size);
}

void* __wrap_calloc(size_t count, size_t size)
{
    allocations++;
    return __real_calloc(count, size);
}

void* __wrap_realloc(void* ptr, size_t size)
{
    if (ptr == nullptr) {
        allocations++;
    }
    return __real_realloc(ptr, size);
}

void* operator new(size_t size)
{
    allocations++;
    if (void* block = __real_malloc(size == 0 ? 1 : size)) {
        return block;
    }
    throw std::bad_alloc();
}

void* operator new[](size_t size) { return operator new(size); }
void operator delete(void* block) noexcept { free(block); }
void operator delete[](void* block) noexcept { free(block); }
void operator delete(void* block, size_t) noexcept { free(block); }
void operator delete[](void* block, size_t) noexcept { free(block); }

// ---- the scenarios ---------------------------------------------------------

namespace {

const char* const kEk0201Tail =
    "Resource_Error_Insufficient_Host_Memory(EK0201): Failed to allocate 1048576B host memory for Profiling.\n"
    "        Possible Cause: Allocation failed due to insufficient host memory.\n"
    "        Solution: Stop unnecessary processes and ensure that the required memory is available.\n";

int MsprofEnvError(const char* code, const std::vector<std::string>& keys, const std::vector<std::string>& values)
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

struct Values {
    std::vector<std::string> buf_size{"buf_size"};
    std::vector<std::string> buf_size_value{"1048576B"};
    std::vector<std::string> ek0001{"value", "param", "reason"};
    std::vector<std::string> ek0001_value{"-1", "aicpu_freq", "The value must be a positive integer"};
    std::vector<std::string> ek0002{"intf1", "intf2"};
    std::vector<std::string> ek0002_value{"aclprofInit", "aclprofStart"};
    std::vector<std::string> ek0003{"config", "value", "reason"};
    std::vector<std::string> ek0003_value{"storage_limit", "-1", "The value must be a positive integer"};
    std::vector<std::string> intf{"intf"};
    std::vector<std::string> intf_value{"aclprofStart"};
    std::vector<std::string> param{"param"};
    std::vector<std::string> param_value{"aic_metrics"};
    std::vector<std::string> ek0006{"api", "param"};
    std::vector<std::string> ek0006_value{"aclprofCreateConfig", "aicoreMetrics"};
    std::vector<std::string> ek0007{"mode1", "mode2"};
    std::vector<std::string> ek0007_value{"msprof", "acl"};
    std::vector<std::string> operation{"operation"};
    std::vector<std::string> operation_value{"memcpy"};
};

const Values* values = nullptr;

// The kept text of each cycle, so that no work is optimised away.
volatile unsigned sink = 0;

error_message::unique_const_char_array Ek0201Cycle()
{
    (void)MsprofEnvError("EK0201", values->buf_size, values->buf_size_value);
    return error_message::GetErrMgrErrorMessage();
}

const int kDevice = 3;
const int kRet = 207001;

error_message::unique_const_char_array TenCycle()
{
    const Values& v = *values;
    (void)MsprofEnvError("EK0201", v.buf_size, v.buf_size_value);
    (void)MsprofEnvError("EK0001", v.ek0001, v.ek0001_value);
    (void)MsprofEnvError("EK0002", v.ek0002, v.ek0002_value);
    (void)MsprofEnvError("EK0003", v.ek0003, v.ek0003_value);
    REPORT_INNER_ERR_MSG("EK9999", "rtMalloc failed on device %d, ret=%d", kDevice, kRet);
    (void)MsprofEnvError("EK0004", v.intf, v.intf_value);
    (void)MsprofEnvError("EK0005", v.param, v.param_value);
    (void)MsprofEnvError("EK0006", v.ek0006, v.ek0006_value);
    (void)MsprofEnvError("EK0007", v.ek0007, v.ek0007_value);
    (void)MsprofEnvError("EK0202", v.operation, v.operation_value);
    return error_message::GetErrMgrErrorMessage();
}

typedef error_message::unique_const_char_array (*Cycle)();

// The calling thread's CPU time: time the machine's other work took from
// a block is not counted in it (the machines are shared).
double NowNs()
{
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e9 + static_cast<double>(now.tv_nsec);
}

// The timed cycles: a function of its own, for callgrind.
__attribute__((noinline)) void TimedCycles(Cycle cycle, int cycles)
{
    for (int i = 0; i < cycles; ++i) {
        auto text = cycle();
        sink += (text != nullptr) ? static_cast<unsigned char>(text[0]) : 0U;
    }
}

struct Block {
    Cycle cycle;
    int cycles;
    double ns_per_cycle;
    long long allocations;
};

void* RunBlock(void* argument)
{
    Block* block = static_cast<Block*>(argument);
    TimedCycles(block->cycle, 16);  // warm: the thread's buffers in place
    const long long before = allocations;
    const double start = NowNs();
    TimedCycles(block->cycle, block->cycles);
    block->ns_per_cycle = (NowNs() - start) / block->cycles;
    block->allocations = allocations - before;
    return nullptr;
}

Block OnThread(Cycle cycle, int cycles)
{
    Block block{cycle, cycles, 0.0, 0};
    pthread_t thread;
    if (pthread_create(&thread, nullptr, RunBlock, &block) != 0 || pthread_join(thread, nullptr) != 0) {
        fprintf(stderr, "cannot run a block on a thread\n");
        exit(1);
    }
    return block;
}

double Median(std::vector<double> numbers)
{
    std::sort(numbers.begin(), numbers.end());
    return numbers[numbers.size() / 2];
}

bool EndsWith(const char* text, const char* tail)
{
    const size_t len = strlen(text);
    const size_t tail_len = strlen(tail);
    return len >= tail_len && strcmp(text + len - tail_len, tail) == 0;
}

int Check()
{
    auto ek0201 = Ek0201Cycle();
    auto ten = TenCycle();
#ifdef FRAMEWORK_FLOOR
    (void)ek0201;
    (void)ten;
    printf("(the floor renders nothing)\n");
    return 0;
#else
    printf("%s--\n%s", ek0201.get(), ten.get());
    const bool ok = EndsWith(ek0201.get(), kEk0201Tail) && strstr(ten.get(), kEk0201Tail) != nullptr &&
                    strstr(ten.get(), "TraceBack (most recent call last):\n") != nullptr &&
                    strstr(ten.get(), "rtMalloc failed on device 3, ret=207001") != nullptr &&
                    strstr(ten.get(), "memcpy") != nullptr;
    if (!ok) {
        fprintf(stderr, "not the expected texts\n");
    }
    return ok ? 0 : 1;
#endif
}

int Bench(int blocks, const char* only)
{
    const struct {
        const char* name;
        Cycle cycle;
        int cycles;
    } scenarios[] = {{"ek0201", Ek0201Cycle, 256}, {"ten", TenCycle, 64}};
    // Both libraries read their configuration catalog on first use: not
    // in any block.
    (void)Ek0201Cycle();
    (void)TenCycle();
    std::vector<double> ns[2];
    long long counted[2] = {0, 0};
    long long cycles[2] = {0, 0};
    for (int block = 0; block < blocks; ++block) {
        for (int at = 0; at < 2; ++at) {
            if (only != nullptr && strcmp(only, scenarios[at].name) != 0) {
                continue;
            }
            const Block done = OnThread(scenarios[at].cycle, scenarios[at].cycles);
            ns[at].push_back(done.ns_per_cycle);
            counted[at] += done.allocations;
            cycles[at] += scenarios[at].cycles;
        }
    }
    for (int at = 0; at < 2; ++at) {
        if (!ns[at].empty()) {
            printf(
                "%s %.1f %.2f\n", scenarios[at].name, Median(ns[at]),
                static_cast<double>(counted[at]) / static_cast<double>(cycles[at]));
        }
    }
    return 0;
}

int Flat(long cycles)
{
    TimedCycles(Ek0201Cycle, 1000);
    const double first_start = NowNs();
    TimedCycles(Ek0201Cycle, 10000);
    const double first = (NowNs() - first_start) / 10000;
    if (cycles > 21000) {
        TimedCycles(Ek0201Cycle, static_cast<int>(cycles - 21000));
    }
    const double last_start = NowNs();
    TimedCycles(Ek0201Cycle, 10000);
    const double last = (NowNs() - last_start) / 10000;
    printf("flat %.1f %.1f\n", first, last);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    const Values kept;
    values = &kept;
    const char* part = (argc > 1) ? argv[1] : "";
    if (strcmp(part, "check") == 0) {
        return Check();
    }
    if (strcmp(part, "bench") == 0 && argc > 2) {
        return Bench(atoi(argv[2]), (argc > 3) ? argv[3] : nullptr);
    }
    if (strcmp(part, "flat") == 0 && argc > 2) {
        return Flat(atol(argv[2]));
    }
    fprintf(stderr, "usage: %s check | bench BLOCKS [SCENARIO] | flat CYCLES\n", argv[0]);
    return 2;
}
