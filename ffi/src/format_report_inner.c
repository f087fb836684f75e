/*
 * FormatReportInner, the variadic function of errcode/compact_error_manager.h: Rust
 * cannot define a C variadic function on stable, so these few lines of C
 * format the message and hand it to ReportInterErrMessage, which is Rust.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* From errcode/compact_error_manager.h, which is generated from the Rust crate and
 * not included here, so that regenerating it never depends on this file
 * compiling against the previous one. The C tests include the header and
 * call FormatReportInner through it. */
#define LIMIT_PER_MESSAGE 1024
void ReportInterErrMessage(const char* errorCode, const char* errorMsg);

/* What the message ends with when it did not fit: the store's own mark. */
static const char CUT_MARK[] = "...";

/* Where the Rust library has a trampoline named FormatReportInner (see
 * build.rs), this function is reached through it. */
#ifdef ERRCODE_FFI_TRAMPOLINE
#define ERRCODE_FFI_FORMAT_REPORT_INNER errcode_ffi_format_report_inner
void errcode_ffi_format_report_inner(const char* errorCode, const char* fmt, ...);
#else
#define ERRCODE_FFI_FORMAT_REPORT_INNER FormatReportInner
#endif

void ERRCODE_FFI_FORMAT_REPORT_INNER(const char* errorCode, const char* fmt, ...)
{
    /* One byte more than the store keeps of a message (LIMIT_PER_MESSAGE), so
     * that a message of exactly LIMIT_PER_MESSAGE bytes is kept whole. */
    char message[LIMIT_PER_MESSAGE + 1];
    va_list args;
    int length;

    if (fmt == NULL) {
        /* Recorded as the message "(null)", as ReportInterErrMessage does. */
        ReportInterErrMessage(errorCode, NULL);
        return;
    }
    va_start(args, fmt);
    length = vsnprintf(message, sizeof(message), fmt, args);
    va_end(args);
    if (length < 0) {
        /* An encoding error: the format is kept instead of being dropped. */
        (void)snprintf(message, sizeof(message), "FormatReportInner: vsnprintf failed for the format \"%s\"", fmt);
    } else if ((size_t)length >= sizeof(message)) {
        /* Cut as the store cuts a message that is too long: at a character
         * boundary, ending with "...", LIMIT_PER_MESSAGE bytes at most. */
        size_t keep = LIMIT_PER_MESSAGE - (sizeof(CUT_MARK) - 1);
        while (keep > 0 && (((unsigned char)message[keep]) & 0xC0u) == 0x80u) {
            keep--;
        }
        memcpy(message + keep, CUT_MARK, sizeof(CUT_MARK));
    }
    ReportInterErrMessage(errorCode, message);
}
