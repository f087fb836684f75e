/* The C drop-in benchmark: what a C caller of the CANN compact runtime's
 * error manager pays per report, through nothing but the header's calls.
 *
 * The same source is built twice by ffi/benches/c_dropin.rs: against
 * errcode's header (-I ffi/include, -DERRCODE_DROPIN_ERRCODE) and
 * liberrcat_ffi.a, and, when
 * ERRCODE_CANN_C_DIR names CANN's c_base folder, against CANN's own
 * error_manager.h and error_manager.c, built outside the repository. Either
 * way it includes the compact manager's header (errcode's under its own
 * name, compact_error_manager.h) and calls REPORT_INPUT_ERROR,
 * REPORT_INNER_ERROR and GetErrorMessage, so the two builds run the same
 * caller code.
 *
 *   dropin check        prints the texts of both scenarios once, and fails
 *                       unless they have the expected shape
 *   dropin bench BLOCKS [SCENARIO]
 *                       BLOCKS blocks of each scenario (or of SCENARIO
 *                       only), alternating: one line per scenario,
 *                       "SCENARIO ns allocations frees reallocations", the
 *                       median ns per cycle over the blocks and the counts
 *                       per cycle over all of them
 *   dropin flat CYCLES  EK0201 CYCLES times on one thread: "flat CYCLES
 *                       window first last last/first allocations before
 *                       after", ns per cycle of a bench block's window
 *                       (cycles 16-271), of the first 10^4 cycles after
 *                       1,000 and of the last 10^4 (each the median of
 *                       pieces of 32 or 250 cycles), allocations per cycle
 *                       of the last, anonymous resident KiB before and after
 *
 * Scenarios:
 *   ek0201  REPORT_INPUT_ERROR("EK0201", ...) + GetErrorMessage, warm
 *   ten     ten reports (nine defined codes with one to three arguments and
 *           one REPORT_INNER_ERROR) + GetErrorMessage
 *
 * Each block of bench runs on a new thread, after a few warm-up cycles on
 * it: a thread's store starts empty in both libraries, so every block
 * starts from the same state, and the window is short enough that CANN's
 * per-thread length counter, which grows by every cycle's text and is never
 * reset, stays below the allocator's mmap threshold (128 KiB): the warm
 * figure is CANN's best case. flat shows what happens after that.
 *
 * Instructions per cycle: the timed cycles are the calls of timed_cycles,
 * so `valgrind --tool=callgrind --toggle-collect=timed_cycles dropin bench
 * 5 ek0201` counts them alone (divide by 5 * 256; for ten, by 5 * 64).
 *
 * Linked with -Wl,--wrap=malloc,... so that every allocation of this
 * program and of the library under test is counted here (the counters are
 * plain: one thread runs at a time, and pthread_join orders them). */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef ERRCODE_DROPIN_ERRCODE
#include "errcode/compact_error_manager.h"
#else
#include "error_manager.h"
#endif
#define HARNESS_COUNT_ALLOCATIONS
#include "harness.h"

/* ---- the scenarios ------------------------------------------------------ */

/* Values in writable arrays, as a caller formats them at run time. */
static char g_buf_size[] = "1048576B";
static char g_value[] = "-1";
static char g_param[] = "aicpu_freq";
static char g_reason[] = "The value must be a positive integer";
static char g_intf1[] = "aclprofInit";
static char g_intf2[] = "aclprofStart";
static char g_config[] = "storage_limit";
static char g_platform[] = "Ascend310";
static char g_path[] = "/var/log/npu/profiling";
static char g_file[] = "/etc/profiling.json";
static int g_device = 3;
static int g_ret = 207001;

/* Keeps each cycle's text alive in the compiler's eyes. */
static volatile unsigned g_sink = 0;

static const char* ek0201_cycle(void)
{
    REPORT_INPUT_ERROR("EK0201", ARRAY("buf_size"), ARRAY(g_buf_size));
    return GetErrorMessage();
}

static const char* ten_cycle(void)
{
    REPORT_INPUT_ERROR("EK0201", ARRAY("buf_size"), ARRAY(g_buf_size));
    REPORT_INPUT_ERROR("EK0001", ARRAY("value", "param", "reason"), ARRAY(g_value, g_param, g_reason));
    REPORT_INPUT_ERROR("EK0002", ARRAY("intf1", "intf2"), ARRAY(g_intf1, g_intf2));
    REPORT_INPUT_ERROR("EK0003", ARRAY("config", "value", "reason"), ARRAY(g_config, g_value, g_reason));
    REPORT_INNER_ERROR("EK9999", "rtMalloc failed on device %d, ret=%d", g_device, g_ret);
    REPORT_INPUT_ERROR("EK0004", ARRAY("intf", "platform"), ARRAY(g_intf2, g_platform));
    REPORT_INPUT_ERROR("EH0001", ARRAY("value", "param", "reason"), ARRAY(g_value, g_param, g_reason));
    REPORT_INPUT_ERROR("EH0003", ARRAY("path", "reason"), ARRAY(g_path, g_reason));
    REPORT_INPUT_ERROR("E10001", ARRAY("value", "parameter", "reason"), ARRAY(g_value, g_param, g_reason));
    REPORT_INPUT_ERROR("E19001", ARRAY("file", "errMsg"), ARRAY(g_file, g_reason));
    return GetErrorMessage();
}

typedef const char* (*Cycle)(void);

/* ---- measuring ---------------------------------------------------------- */

static long long now_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

/* One block: WARM_UP cycles, then CYCLES timed ones, on a thread of its own. */
typedef struct {
    Cycle cycle;
    int warm_up;
    int cycles;
    double ns_per_cycle;
    long long allocations;
    long long frees;
    long long reallocations;
} Block;

#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

/* Runs `cycle` `cycles` times: a function of its own, for callgrind. */
static NOINLINE void timed_cycles(Cycle cycle, int cycles)
{
    int i;
    for (i = 0; i < cycles; i++) {
        const char* text = cycle();
        g_sink += text != NULL ? (unsigned char)text[0] : 0U;
    }
}

static void* run_block(void* arg)
{
    Block* block = (Block*)arg;
    long long allocations;
    long long frees;
    long long reallocations;
    long long start;
    long long end;
    int i;
    for (i = 0; i < block->warm_up; i++) {
        const char* text = block->cycle();
        g_sink += text != NULL ? (unsigned char)text[0] : 0U;
    }
    allocations = harness_allocations;
    frees = harness_frees;
    reallocations = harness_reallocations;
    start = now_ns();
    timed_cycles(block->cycle, block->cycles);
    end = now_ns();
    block->ns_per_cycle = (double)(end - start) / block->cycles;
    block->allocations = harness_allocations - allocations;
    block->frees = harness_frees - frees;
    block->reallocations = harness_reallocations - reallocations;
    return NULL;
}

static int run_on_new_thread(Block* block)
{
    pthread_t thread;
    if (pthread_create(&thread, NULL, run_block, block) != 0 || pthread_join(thread, NULL) != 0) {
        fprintf(stderr, "dropin: cannot run a thread\n");
        return -1;
    }
    return 0;
}

static int compare_doubles(const void* a, const void* b)
{
    double x = *(const double*)a;
    double y = *(const double*)b;
    return (x > y) - (x < y);
}

static double median(double* values, int count)
{
    qsort(values, (size_t)count, sizeof(double), compare_doubles);
    return count % 2 == 1 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2.0;
}

/* ---- the modes ---------------------------------------------------------- */

static int count_lines(const char* text)
{
    int lines = 0;
    const char* at = text;
    while ((at = strstr(at, "\r\n")) != NULL) {
        lines++;
        at += 2;
    }
    return lines;
}

/* Both libraries render the headline, PossibleCause and Solution of EK0201
 * (in their own words), then for ten the TraceBack line and one line for
 * each of the nine other reports. */
static int check_text(const char* scenario, const char* text, int lines)
{
    printf("--- %s ---\n%s", scenario, text != NULL ? text : "(NULL)\n");
    if (text == NULL || strncmp(text, "EK0201: ", 8) != 0 || strstr(text, g_buf_size) == NULL ||
        count_lines(text) != lines) {
        fprintf(stderr, "dropin: the %s text is not the headline of EK0201 and %d lines\n", scenario, lines);
        return 1;
    }
    return 0;
}

static int check(void)
{
    int failed = check_text("ek0201", ek0201_cycle(), 3);
    failed |= check_text("ten", ten_cycle(), 13);
    /* The second cycle renders the same: nothing was left behind. */
    failed |= check_text("ten, again", ten_cycle(), 13);
    return failed;
}

/* Warm-up and timed cycles per block: short enough for CANN's length
 * counter to stay under 128 KiB (about 300 bytes a cycle for EK0201, 1,100
 * for ten). */
#define EK0201_WARM_UP 16
#define EK0201_CYCLES 256
#define TEN_WARM_UP 4
#define TEN_CYCLES 64

/* `only`: NULL for both scenarios, else the name of one. */
static int bench(int blocks, const char* only)
{
    Block ek0201 = {ek0201_cycle, EK0201_WARM_UP, EK0201_CYCLES, 0.0, 0, 0, 0};
    Block ten = {ten_cycle, TEN_WARM_UP, TEN_CYCLES, 0.0, 0, 0, 0};
    double* ek0201_ns = (double*)calloc((size_t)blocks, sizeof(double));
    double* ten_ns = (double*)calloc((size_t)blocks, sizeof(double));
    long long counts[2][3] = {{0, 0, 0}, {0, 0, 0}};
    int i;
    if (ek0201_ns == NULL || ten_ns == NULL) {
        fprintf(stderr, "dropin: out of memory\n");
        return 1;
    }
    int run_ek0201 = only == NULL || strcmp(only, "ek0201") == 0;
    int run_ten = only == NULL || strcmp(only, "ten") == 0;
    if (!run_ek0201 && !run_ten) {
        fprintf(stderr, "dropin: unknown scenario %s (ek0201 or ten)\n", only);
        return 2;
    }
    for (i = 0; i < blocks; i++) {
        /* Alternating, and each first half the time. */
        Block* order[2];
        int at;
        order[0] = i % 2 == 0 ? &ek0201 : &ten;
        order[1] = i % 2 == 0 ? &ten : &ek0201;
        for (at = 0; at < 2; at++) {
            if ((order[at] == &ek0201 ? run_ek0201 : run_ten) && run_on_new_thread(order[at]) != 0) {
                return 1;
            }
        }
        ek0201_ns[i] = ek0201.ns_per_cycle;
        ten_ns[i] = ten.ns_per_cycle;
        counts[0][0] += ek0201.allocations;
        counts[0][1] += ek0201.frees;
        counts[0][2] += ek0201.reallocations;
        counts[1][0] += ten.allocations;
        counts[1][1] += ten.frees;
        counts[1][2] += ten.reallocations;
    }
    if (run_ek0201) {
        printf("ek0201 %.1f %.2f %.2f %.2f\n", median(ek0201_ns, blocks),
            (double)counts[0][0] / ((double)blocks * EK0201_CYCLES),
            (double)counts[0][1] / ((double)blocks * EK0201_CYCLES),
            (double)counts[0][2] / ((double)blocks * EK0201_CYCLES));
    }
    if (run_ten) {
        printf("ten %.1f %.2f %.2f %.2f\n", median(ten_ns, blocks), (double)counts[1][0] / ((double)blocks * TEN_CYCLES),
            (double)counts[1][1] / ((double)blocks * TEN_CYCLES), (double)counts[1][2] / ((double)blocks * TEN_CYCLES));
    }
    free(ek0201_ns);
    free(ten_ns);
    return 0;
}

#define FLAT_BLOCK 10000L
#define FLAT_START 1000L
/* Each measured stretch of flat is timed in pieces of this many cycles and
 * reported as their median, so that a moment the core is taken away (the
 * machine is shared) does not count. */
#define FLAT_PIECE 250

/* `cycles` cycles on this thread in pieces of FLAT_PIECE: the median ns per
 * cycle of the pieces; the counts are of all of them. */
static double stretch(long cycles, Block* counts)
{
    double ns[FLAT_BLOCK / FLAT_PIECE];
    int pieces = (int)(cycles / FLAT_PIECE);
    int i;
    Block piece = {ek0201_cycle, 0, FLAT_PIECE, 0.0, 0, 0, 0};
    counts->allocations = 0;
    for (i = 0; i < pieces; i++) {
        run_block(&piece);
        ns[i] = piece.ns_per_cycle;
        counts->allocations += piece.allocations;
    }
    return median(ns, pieces);
}

/* EK0201 `cycles` times on the main thread; ns per cycle of the window of a
 * bench block (cycles 16 to 271), of the first 10^4 cycles after 1,000, and
 * of the last 10^4. */
static int flat(long cycles)
{
    Block warm_up = {ek0201_cycle, 0, EK0201_WARM_UP, 0.0, 0, 0, 0};
    Block middle = {ek0201_cycle, 0, 0, 0.0, 0, 0, 0};
    Block counts = {ek0201_cycle, 0, 0, 0.0, 0, 0, 0};
    long done = EK0201_WARM_UP + EK0201_CYCLES;
    double window;
    double first;
    double last;
    long before;
    long after;
    if (cycles < FLAT_START + 2 * FLAT_BLOCK) {
        fprintf(stderr, "dropin: flat needs at least %ld cycles\n", FLAT_START + 2 * FLAT_BLOCK);
        return 2;
    }
    before = harness_resident_bytes();
    run_block(&warm_up);
    /* 256 cycles: in pieces of 32. */
    {
        double ns[EK0201_CYCLES / 32];
        Block piece = {ek0201_cycle, 0, 32, 0.0, 0, 0, 0};
        int i;
        for (i = 0; i < EK0201_CYCLES / 32; i++) {
            run_block(&piece);
            ns[i] = piece.ns_per_cycle;
        }
        window = median(ns, EK0201_CYCLES / 32);
    }
    middle.cycles = (int)(FLAT_START - done);
    run_block(&middle);
    first = stretch(FLAT_BLOCK, &counts);
    done = FLAT_START + FLAT_BLOCK;
    while (done < cycles - FLAT_BLOCK) {
        long step = cycles - FLAT_BLOCK - done < FLAT_BLOCK ? cycles - FLAT_BLOCK - done : FLAT_BLOCK;
        middle.cycles = (int)step;
        run_block(&middle);
        done += step;
    }
    last = stretch(FLAT_BLOCK, &counts);
    after = harness_resident_bytes();
    printf("flat %ld %.1f %.1f %.1f %.2f %.2f %ld %ld\n", cycles, window, first, last, last / first,
        (double)counts.allocations / (double)FLAT_BLOCK, before / 1024, after / 1024);
    return 0;
}

int main(int argc, char** argv)
{
    long number = argc > 2 ? strtol(argv[2], NULL, 10) : 0;
    if (argc == 2 && strcmp(argv[1], "check") == 0) {
        return check();
    }
    if ((argc == 3 || argc == 4) && strcmp(argv[1], "bench") == 0 && number > 0 && number < 1000000) {
        return bench((int)number, argc == 4 ? argv[3] : NULL);
    }
    if (argc == 3 && strcmp(argv[1], "flat") == 0 && number > 0) {
        return flat(number);
    }
    fprintf(stderr, "usage: dropin check | dropin bench BLOCKS [ek0201 | ten] | dropin flat CYCLES\n");
    return 2;
}
