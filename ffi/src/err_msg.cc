// The C++ face of CANN's error-message framework (include/cann/base/err_msg.h
// and err_mgr.h) over the Rust store: what needs C++ (std::vector,
// std::unique_ptr, va_list) is done here, everything else by the
// errcode_ffi_ge_* functions of src/ge.rs, which keep no state of their own
// beyond the store.
//
// Nothing in Rust refers to this file, so a C program that links the static
// library for the compact C ABI leaves it out, and needs no C++ runtime;
// build.rs links it whole into the shared library and exports its symbols.

#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <new>

#include "base/err_mgr.h"
#include "base/err_msg.h"

extern "C" {
// A text of the Rust store, not NUL-terminated.
struct errcode_ffi_text {
    const char* ptr;
    size_t len;
};

// One error of GetErrMgrRawErrorMessages; `args` holds key, value, key, ...
struct errcode_ffi_raw_item {
    errcode_ffi_text id;
    errcode_ffi_text title;
    errcode_ffi_text message;
    errcode_ffi_text cause;
    errcode_ffi_text solution;
    errcode_ffi_text time;
    const errcode_ffi_text* args;
    size_t arg_pairs;
};

typedef void (*errcode_ffi_raw_sink)(void* context, const errcode_ffi_raw_item* item);

int32_t errcode_ffi_ge_register(const char* json, size_t len);
int32_t errcode_ffi_ge_report_predefined(
    const char* code, const char* const* keys, const char* const* values, size_t count);
int32_t errcode_ffi_ge_report_inner(const char* code, const char* message);
int32_t errcode_ffi_ge_report_user_defined(const char* code, const char* message);
int32_t errcode_ffi_ge_init(uint32_t mode);
uint64_t errcode_ffi_ge_context(void);
void errcode_ffi_ge_set_context(uint64_t work_stream_id);
const char* errcode_ffi_ge_take_message(int32_t warnings, size_t* len);
void errcode_ffi_ge_take_raw(errcode_ffi_raw_sink sink, void* context);
}

namespace {
// The message of ReportInnerErrMsg: the format's text, then where it was
// reported; -1 unless both fit LIMIT_PER_MSG bytes with the NUL, as
// CANN's bounded formatting refuses what does not fit.
int32_t ReportInner(
    const char* file_name, const char* func, uint32_t line, const char* error_code, const char* format,
    va_list args)
{
    if (file_name == nullptr || func == nullptr || error_code == nullptr || format == nullptr) {
        return -1;
    }
    char message[error_message::LIMIT_PER_MSG];
    const int written = vsnprintf(message, sizeof message, format, args);
    if (written < 0 || static_cast<size_t>(written) >= sizeof message) {
        return -1;
    }
    const char* slash = strrchr(file_name, '/');
    const char* base_name = (slash == nullptr) ? file_name : slash + 1;
    const size_t room = sizeof message - static_cast<size_t>(written);
    const int suffix =
        snprintf(message + written, room, "[FUNC:%s][FILE:%s][LINE:%u]", func, base_name, static_cast<unsigned>(line));
    if (suffix < 0 || static_cast<size_t>(suffix) >= room) {
        return -1;
    }
    return errcode_ffi_ge_report_inner(error_code, message);
}

error_message::unique_const_char_array TakeMessage(bool warnings)
{
    size_t len = 0;
    const char* text = errcode_ffi_ge_take_message(warnings ? 1 : 0, &len);
    if (text == nullptr) {
        len = 0;
    }
    std::unique_ptr<char[]> copy(new char[len + 1]);
    if (len > 0) {
        memcpy(copy.get(), text, len);
    }
    copy[len] = '\0';
    return error_message::unique_const_char_array(copy.release());
}

error_message::unique_const_char_array Copy(const errcode_ffi_text& text)
{
    std::unique_ptr<char[]> copy(new char[text.len + 1]);
    if (text.len > 0) {
        memcpy(copy.get(), text.ptr, text.len);
    }
    copy[text.len] = '\0';
    return error_message::unique_const_char_array(copy.release());
}

struct RawItems {
    std::vector<error_message::ErrMsgRawItem>* items;
    bool failed;
};

// Called by Rust for each item: nothing may unwind into it, so an exception
// (out of memory) is noted and thrown again once Rust has returned.
void CollectRawItem(void* context, const errcode_ffi_raw_item* item) noexcept
{
    RawItems* raw = static_cast<RawItems*>(context);
    if (raw->failed) {
        return;
    }
    try {
        error_message::ErrMsgRawItem out;
        out.error_id = Copy(item->id);
        out.error_title = Copy(item->title);
        out.error_message = Copy(item->message);
        out.possible_cause = Copy(item->cause);
        out.solution = Copy(item->solution);
        out.report_time = Copy(item->time);
        out.args_key.reserve(item->arg_pairs);
        out.args_value.reserve(item->arg_pairs);
        for (size_t i = 0; i < item->arg_pairs; ++i) {
            out.args_key.push_back(Copy(item->args[2 * i]));
            out.args_value.push_back(Copy(item->args[2 * i + 1]));
        }
        raw->items->push_back(std::move(out));
    } catch (...) {
        raw->failed = true;
    }
}
} // namespace

int32_t error_message::RegisterFormatErrorMessage(
    const char* error_msg, size_t error_msg_len)
{
    return errcode_ffi_ge_register(error_msg, error_msg_len);
}

int32_t error_message::ReportInnerErrMsg(
    const char* file_name, const char* func, uint32_t line, const char* error_code, const char* format, ...)
{
    va_list args;
    va_start(args, format);
    const int32_t result = ReportInner(file_name, func, line, error_code, format, args);
    va_end(args);
    return result;
}

int32_t error_message::ReportUserDefinedErrMsg(
    const char* error_code, const char* format, ...)
{
    if (format == nullptr) {
        return -1;
    }
    char message[error_message::LIMIT_PER_MSG];
    va_list args;
    va_start(args, format);
    const int written = vsnprintf(message, sizeof message, format, args);
    va_end(args);
    if (written < 0 || static_cast<size_t>(written) >= sizeof message) {
        return -1;
    }
    return errcode_ffi_ge_report_user_defined(error_code, message);
}

int32_t error_message::ReportPredefinedErrMsg(
    const char* error_code, const std::vector<const char*>& key, const std::vector<const char*>& value)
{
    if (key.size() != value.size()) {
        return -1;
    }
    return errcode_ffi_ge_report_predefined(error_code, key.data(), value.data(), key.size());
}

int32_t error_message::ReportPredefinedErrMsg(
    const char* error_code)
{
    return errcode_ffi_ge_report_predefined(error_code, nullptr, nullptr, 0);
}

int32_t error_message::ErrMgrInit(error_message::ErrorMessageMode error_mode)
{
    return errcode_ffi_ge_init(static_cast<uint32_t>(error_mode));
}

error_message::ErrorManagerContext error_message::GetErrMgrContext()
{
    error_message::ErrorManagerContext context{};
    context.work_stream_id = errcode_ffi_ge_context();
    return context;
}

void error_message::SetErrMgrContext(
    error_message::ErrorManagerContext error_context)
{
    errcode_ffi_ge_set_context(error_context.work_stream_id);
}

error_message::unique_const_char_array error_message::GetErrMgrErrorMessage()
{
    return TakeMessage(false);
}

error_message::unique_const_char_array error_message::GetErrMgrWarningMessage()
{
    return TakeMessage(true);
}

std::vector<error_message::ErrMsgRawItem> error_message::GetErrMgrRawErrorMessages()
{
    std::vector<error_message::ErrMsgRawItem> items;
    RawItems raw{&items, false};
    errcode_ffi_ge_take_raw(&CollectRawItem, &raw);
    if (raw.failed) {
        throw std::bad_alloc();
    }
    return items;
}

// The wrappers for C callers, declared in CANN's error_manager.h: -1 for a
// NULL where a text or an array is needed, and nothing thrown into C.

extern "C" int32_t RegisterFormatErrorMessageForC(
    const char* error_msg, unsigned long error_msg_len)
{
    if (error_msg == nullptr) {
        return -1;
    }
    return errcode_ffi_ge_register(error_msg, error_msg_len);
}

extern "C" int32_t ReportPredefinedErrMsgForC(
    const char* error_code, const char** key, const char** value, unsigned long arg_num)
{
    if (error_code == nullptr || (arg_num != 0 && (key == nullptr || value == nullptr))) {
        return -1;
    }
    for (unsigned long i = 0; i < arg_num; ++i) {
        if (key[i] == nullptr || value[i] == nullptr) {
            return -1;
        }
    }
    return errcode_ffi_ge_report_predefined(error_code, key, value, arg_num);
}

extern "C" int32_t ReportInnerErrMsgForC(
    const char* file_name, const char* func, uint32_t line, const char* error_code, const char* format, ...)
{
    va_list args;
    va_start(args, format);
    const int32_t result = ReportInner(file_name, func, line, error_code, format, args);
    va_end(args);
    return result;
}
