/* Assertions for the C test programs: each failure is printed with the bytes
 * that differ (escaped) and counted; main returns the count as its status. */
#ifndef ERRCODE_FFI_TESTS_CHECK_H
#define ERRCODE_FFI_TESTS_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_failures = 0;

static inline void check_print_escaped(const char* text)
{
    const unsigned char* byte;
    if (text == NULL) {
        fputs("NULL", stderr);
        return;
    }
    fputc('"', stderr);
    for (byte = (const unsigned char*)text; *byte != 0; byte++) {
        if (*byte == '\r') {
            fputs("\\r", stderr);
        } else if (*byte == '\n') {
            fputs("\\n", stderr);
        } else if (*byte == '"' || *byte == '\\') {
            fputc('\\', stderr);
            fputc(*byte, stderr);
        } else if (*byte < 0x20 || *byte >= 0x7f) {
            fprintf(stderr, "\\x%02x", *byte);
        } else {
            fputc(*byte, stderr);
        }
    }
    fputc('"', stderr);
}

/* Whether `actual` is `expected`, byte for byte (both NULL counts as equal). */
static inline int check_str(const char* file, int line, const char* what, const char* actual, const char* expected)
{
    if ((actual == NULL && expected == NULL) ||
        (actual != NULL && expected != NULL && strcmp(actual, expected) == 0)) {
        return 1;
    }
    check_failures++;
    fprintf(stderr, "%s:%d: %s\n  got:      ", file, line, what);
    check_print_escaped(actual);
    fputs("\n  expected: ", stderr);
    check_print_escaped(expected);
    fputc('\n', stderr);
    return 0;
}

static inline int check_true(const char* file, int line, const char* what, int value)
{
    if (value) {
        return 1;
    }
    check_failures++;
    fprintf(stderr, "%s:%d: expected true: %s\n", file, line, what);
    return 0;
}

static inline int check_long(const char* file, int line, const char* what, long actual, long expected)
{
    if (actual == expected) {
        return 1;
    }
    check_failures++;
    fprintf(stderr, "%s:%d: %s\n  got:      %ld\n  expected: %ld\n", file, line, what, actual, expected);
    return 0;
}

#define CHECK_STR(actual, expected) check_str(__FILE__, __LINE__, #actual, (actual), (expected))
#define CHECK(condition) check_true(__FILE__, __LINE__, #condition, (condition) ? 1 : 0)
#define CHECK_INT(actual, expected) check_long(__FILE__, __LINE__, #actual, (long)(actual), (long)(expected))

/* The status main returns: 0 when every check passed. */
static inline int check_status(const char* program)
{
    if (check_failures == 0) {
        printf("%s: all checks passed\n", program);
        return 0;
    }
    fprintf(stderr, "%s: %d check(s) failed\n", program, check_failures);
    return 1;
}

#endif
