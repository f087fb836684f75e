/* What the C and C++ test and benchmark programs measure alike:
 *
 * - harness_resident_bytes(): anonymous resident memory in bytes, from
 *   /proc/self/statm, without the pages mapped from files (the program's
 *   code, faulted in as it first runs): what the heap and the stacks hold.
 * - With HARNESS_COUNT_ALLOCATIONS defined before it is included, counters
 *   of every allocation of the program and of the libraries linked
 *   statically into it, through GNU ld's --wrap: link with
 *   -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free,
 *   --wrap=posix_memalign,--wrap=aligned_alloc. The counters are plain: one
 *   thread allocates at a time in the programs that read them.
 *
 * Include it in one translation unit of a program. */
#ifndef ERRCODE_FFI_TESTS_HARNESS_H
#define ERRCODE_FFI_TESTS_HARNESS_H

#include <stddef.h>
#include <stdio.h>
#include <unistd.h>

static long harness_resident_bytes(void)
{
    long size = 0;
    long resident = 0;
    long shared = 0;
    FILE* statm = fopen("/proc/self/statm", "r");
    if (statm == NULL) {
        return -1;
    }
    if (fscanf(statm, "%ld %ld %ld", &size, &resident, &shared) != 3) {
        resident = -1;
        shared = 0;
    }
    fclose(statm);
    return (resident - shared) * sysconf(_SC_PAGESIZE);
}

#ifdef HARNESS_COUNT_ALLOCATIONS

#ifdef __cplusplus
extern "C" {
#endif

static long long harness_allocations = 0;
/* Growing a block is neither a new allocation nor a free. */
static long long harness_reallocations = 0;
static long long harness_frees = 0;

void* __real_malloc(size_t size);
void* __real_calloc(size_t count, size_t size);
void* __real_realloc(void* ptr, size_t size);
void __real_free(void* ptr);
int __real_posix_memalign(void** ptr, size_t alignment, size_t size);
void* __real_aligned_alloc(size_t alignment, size_t size);

void* __wrap_malloc(size_t size);
void* __wrap_calloc(size_t count, size_t size);
void* __wrap_realloc(void* ptr, size_t size);
void __wrap_free(void* ptr);
int __wrap_posix_memalign(void** ptr, size_t alignment, size_t size);
void* __wrap_aligned_alloc(size_t alignment, size_t size);

void* __wrap_malloc(size_t size)
{
    harness_allocations++;
    return __real_malloc(size);
}

void* __wrap_calloc(size_t count, size_t size)
{
    harness_allocations++;
    return __real_calloc(count, size);
}

void* __wrap_realloc(void* ptr, size_t size)
{
    if (ptr == NULL) {
        harness_allocations++;
    } else {
        harness_reallocations++;
    }
    return __real_realloc(ptr, size);
}

void __wrap_free(void* ptr)
{
    if (ptr != NULL) {
        harness_frees++;
    }
    __real_free(ptr);
}

int __wrap_posix_memalign(void** ptr, size_t alignment, size_t size)
{
    harness_allocations++;
    return __real_posix_memalign(ptr, alignment, size);
}

void* __wrap_aligned_alloc(size_t alignment, size_t size)
{
    harness_allocations++;
    return __real_aligned_alloc(alignment, size);
}

#ifdef __cplusplus
}
#endif

#endif /* HARNESS_COUNT_ALLOCATIONS */

#endif /* ERRCODE_FFI_TESTS_HARNESS_H */
