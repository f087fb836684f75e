#ifndef C_BASE_ERROR_MANAGER_H
#define C_BASE_ERROR_MANAGER_H
#include <stddef.h>
#include <stdint.h>
#define LIMIT_PER_MESSAGE 1024
#ifdef __cplusplus
extern "C" {
#endif
void ReportInterErrMessage(const char* errorCode, const char* errorMsg);
void FormatReportInner(const char* errorCode, const char* fmt, ...);
#ifdef __cplusplus
}
#endif
#endif
