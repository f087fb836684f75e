/* Eight pthreads report at once: each sees exactly its own errors, its
 * GetErrorMessage text stays valid while the others take theirs, and a
 * catalog registered by one thread meanwhile is seen by all. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errcode/compact_error_manager.h"
#include "check.h"

#define THREADS 8
#define ROUNDS 2000

static pthread_barrier_t barrier;
static pthread_mutex_t check_lock = PTHREAD_MUTEX_INITIALIZER;

/* check.h counts in a global: the threads take turns at it. */
static void locked_check_str(int line, const char* actual, const char* expected)
{
    pthread_mutex_lock(&check_lock);
    check_str(__FILE__, line, "thread text", actual, expected);
    pthread_mutex_unlock(&check_lock);
}

static void* worker(void* arg)
{
    int id = (int)(size_t)arg;
    char value[64];
    char inner[64];
    char expected[1024];
    char* copy;
    const char* text;
    int round;

    /* A thread that never reported has no errors (error_manager_test.cc,
     * GetErrorMessageErrorThreadNull). */
    locked_check_str(__LINE__, GetErrorMessage(), NULL);
    pthread_barrier_wait(&barrier);

    for (round = 0; round < ROUNDS; round++) {
        snprintf(value, sizeof(value), "%d:%d", id, round);
        snprintf(inner, sizeof(inner), "thread %d round %d", id, round);
        ReportInterErrMessage("E19999", inner);
        REPORT_INPUT_ERROR("EK0201", ARRAY("buf_size"), ARRAY(value));
        if (id == 0 && round == ROUNDS / 2) {
            /* Registered while the other threads report. */
            pthread_mutex_lock(&check_lock);
            CHECK_INT(ErrcodeRegisterCatalogJson("{\"error_info_list\": [{\"ErrCode\": \"EZ0100\", "
                                                 "\"ErrMessage\": \"Seen by thread %s.\", \"Arglist\": \"id\"}]}",
                          1),
                ERRCODE_OK);
            pthread_mutex_unlock(&check_lock);
        }
        if (round % 10 == 9) {
            /* Several rounds at once: their texts in order, none of another thread. */
            continue;
        }
        snprintf(expected, sizeof(expected),
            "EK0201: Failed to allocate host memory for Profiling: %s.\r\n"
            "        PossibleCause: Available memory is insufficient.\r\n"
            "        Solution: Close unused applications.\r\n",
            value);
        text = GetErrorMessage();
        if (round % 10 == 0 && round > 0) {
            char previous[64];
            char previous_inner[64];
            snprintf(previous, sizeof(previous), "%d:%d", id, round - 1);
            snprintf(previous_inner, sizeof(previous_inner), "thread %d round %d", id, round - 1);
            /* Round - 1 was not taken: it heads the text, this round follows. */
            snprintf(expected, sizeof(expected),
                "EK0201: Failed to allocate host memory for Profiling: %s.\r\n"
                "        PossibleCause: Available memory is insufficient.\r\n"
                "        Solution: Close unused applications.\r\n"
                "        TraceBack (most recent call last):\r\n"
                "        %s\r\n"
                "        %s\r\n"
                "        Failed to allocate host memory for Profiling: %s.\r\n",
                previous, previous_inner, inner, value);
        } else {
            strcat(expected, "        TraceBack (most recent call last):\r\n        ");
            strcat(expected, inner);
            strcat(expected, "\r\n");
        }
        locked_check_str(__LINE__, text, expected);
    }

    /* The text stays valid and unchanged while the other threads take theirs. */
    REPORT_INPUT_ERROR("EK0201", ARRAY("buf_size"), ARRAY(value));
    text = GetErrorMessage();
    copy = text != NULL ? strdup(text) : NULL;
    pthread_barrier_wait(&barrier);
    REPORT_INPUT_ERROR("EZ0100", ARRAY("id"), ARRAY(value));
    pthread_barrier_wait(&barrier);
    locked_check_str(__LINE__, text, copy);
    free(copy);

    snprintf(expected, sizeof(expected), "EZ0100: Seen by thread %s.\r\n", value);
    locked_check_str(__LINE__, GetErrorMessage(), expected);

    /* Reports left behind at exit are freed with the thread. */
    REPORT_INPUT_ERROR("EK0201", ARRAY("buf_size"), ARRAY(value));
    return NULL;
}

int main(void)
{
    pthread_t threads[THREADS];
    size_t i;
    pthread_barrier_init(&barrier, NULL, THREADS);
    for (i = 0; i < THREADS; i++) {
        CHECK_INT(pthread_create(&threads[i], NULL, worker, (void*)i), 0);
    }
    for (i = 0; i < THREADS; i++) {
        CHECK_INT(pthread_join(threads[i], NULL), 0);
    }
    pthread_barrier_destroy(&barrier);
    /* The main thread reported nothing. */
    CHECK_STR(GetErrorMessage(), NULL);
    return check_status("threads");
}
