/* errcode from C: the CANN compact error manager's calls, unchanged, against
 * liberrcat_ffi.a. Build and run it from the repository root:
 *
 *   cargo build --release -p errcat-ffi
 *   cc -O2 -Iffi/include examples/c/profiling.c target/release/liberrcat_ffi.a \
 *      -lpthread -ldl -lm -o target/profiling-c && target/profiling-c
 */
#include <stdio.h>
#include <stdlib.h>

#include "errcode/compact_error_manager.h"

/* A profiling buffer that cannot be allocated, reported as the compact
 * runtime reports it: EK0201 with its argument by name. */
static void* allocate_buffer(size_t bytes)
{
    char size[32];
    void* buffer = bytes > ((size_t)1 << 40) ? NULL : malloc(bytes);
    if (buffer == NULL) {
        snprintf(size, sizeof(size), "%luB", (unsigned long)bytes);
        REPORT_INPUT_ERROR("EK0201", ARRAY("buf_size"), ARRAY(size));
    }
    return buffer;
}

static int start_collector(void)
{
    if (allocate_buffer((size_t)1 << 41) == NULL) {
        REPORT_INNER_ERROR("EK9999", "collector not started: %d of %d buffers missing", 1, 4);
        return -1;
    }
    return 0;
}

int main(void)
{
    const char* text;
    const char* why;

    if (start_collector() != 0) {
        /* Owned by this thread and reused by its next call: never freed. */
        printf("%s", GetErrorMessage());
    }

    /* A code nobody defined is dropped, as CANN's manager drops it, and
     * ErrcodeLastError says why; with ERRCAT_FFI_TRACE_DROPPED=1 in the
     * environment the text would say so too. */
    REPORT_INPUT_ERROR("EK0299", ARRAY("buf_size"), ARRAY("1MB"));
    text = GetErrorMessage();
    why = ErrcodeLastError();
    printf("GetErrorMessage: %s\n", text == NULL ? "NULL" : text);
    printf("ErrcodeLastError: %s\n", why);

    /* More codes at run time, in the CANN error_code.json format. */
    if (ErrcodeRegisterCatalogJson("{\"error_info_list\": [{\"ErrCode\": \"WK0100\", "
                                   "\"ErrMessage\": \"Sampling interval %s is shorter than %s.\", "
                                   "\"Arglist\": \"interval,minimum\"}]}",
            1) != ERRCODE_OK) {
        fprintf(stderr, "%s\n", ErrcodeLastError());
        return 1;
    }
    REPORT_INPUT_ERROR("WK0100", ARRAY("interval", "minimum"), ARRAY("5us", "10us"));
    printf("%s", GetWarningMessage());
    return 0;
}
