/* A million report/get pairs hold memory flat: anonymous resident memory
 * (from /proc/self/statm: the heap and the stacks) does not grow, and the
 * EK0201 pairs allocate nothing at all. The C error manager made 2 mallocs and 2 frees a pair and grew by
 * ~300 bytes a pair (297 MB after a million).
 *
 * Linked with -Wl,--wrap=malloc,... so that every allocation of this
 * program and of the static library is counted here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "errcode/compact_error_manager.h"
#include "check.h"
#define HARNESS_COUNT_ALLOCATIONS
#include "harness.h"

static double seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

#define WARM_UP 10000L
/* What anonymous resident memory may grow by over the whole run: a few
 * pages of slack for the allocator and the stack. */
#define FLAT_BYTES (64L * 1024L)

static const char* EXPECTED_HEAD = "EK0201: Failed to allocate host memory for Profiling: ";
static const char* EXPECTED_TAIL =
    ".\r\n"
    "        PossibleCause: Available memory is insufficient.\r\n"
    "        Solution: Close unused applications.\r\n";

/* One report/get pair of EK0201; whether its text is the expected one. */
static int ek0201_pair(long cycle)
{
    char value[32];
    const char* text;
    size_t head = strlen(EXPECTED_HEAD);
    /* Fixed width, so that every cycle's text has the same length. */
    snprintf(value, sizeof(value), "%08ldB", cycle);
    REPORT_INPUT_ERROR("EK0201", ARRAY("buf_size"), ARRAY(value));
    text = GetErrorMessage();
    return text != NULL && strncmp(text, EXPECTED_HEAD, head) == 0 && strncmp(text + head, value, 9) == 0 &&
           strcmp(text + head + 9, EXPECTED_TAIL) == 0;
}

/* One pair of an internal error; whether its text is the expected one. */
static int inner_pair(long cycle)
{
    char message[64];
    char expected[96];
    const char* text;
    snprintf(message, sizeof(message), "collector stopped at step %08ld", cycle);
    ReportInterErrMessage("EK9999", message);
    text = GetErrorMessage();
    snprintf(expected, sizeof(expected), "EK9999: Inner Error!\r\n%s\r\n", message);
    return text != NULL && strcmp(text, expected) == 0;
}

static void measure(const char* name, int (*pair)(long), long cycles, int expect_no_allocation)
{
    long cycle;
    long wrong = 0;
    long before;
    long after;
    long long allocated;
    long long freed;
    long long grown;
    double start;
    double elapsed;

    for (cycle = 0; cycle < WARM_UP; cycle++) {
        wrong += !pair(cycle);
    }
    before = harness_resident_bytes();
    allocated = harness_allocations;
    freed = harness_frees;
    grown = harness_reallocations;
    start = seconds();
    for (cycle = 0; cycle < cycles; cycle++) {
        wrong += !pair(WARM_UP + cycle);
    }
    elapsed = seconds() - start;
    after = harness_resident_bytes();
    allocated = harness_allocations - allocated;
    freed = harness_frees - freed;
    grown = harness_reallocations - grown;
    printf("%s: %ld report/get pairs after %ld to warm up: %.0f ns a pair; resident (anonymous) %ld KiB "
           "before, %ld KiB after (%+ld KiB); %lld allocations, %lld reallocations, %lld frees\n",
        name, cycles, WARM_UP, elapsed / (double)cycles * 1e9, before / 1024, after / 1024,
        (after - before) / 1024, allocated, grown, freed);
    CHECK_INT(wrong, 0);
    CHECK(before > 0 && after > 0);
    CHECK(after - before <= FLAT_BYTES);
    /* Whatever is allocated is given back. */
    CHECK_INT(allocated, freed);
    if (expect_no_allocation) {
        CHECK_INT(allocated, 0);
        CHECK_INT(grown, 0);
    }
}

int main(int argc, char** argv)
{
    long cycles = argc > 1 ? atol(argv[1]) : 1000000L;
    measure("EK0201", ek0201_pair, cycles, 1);
    measure("EK9999 (ReportInterErrMessage)", inner_pair, cycles / 10, 0);
    return check_status("memory");
}
