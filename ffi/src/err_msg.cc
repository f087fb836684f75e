// The C++ face of CANN's error-message framework over the Rust store:
// error_message:: of include/cann/base/err_msg.h and err_mgr.h, and the
// ErrorManager class of include/cann/error_manager.h. What needs C++
// (std::string, std::map, std::vector, std::unique_ptr, va_list, the
// thread's Context) is done here; the store is reached through the
// errcode_ffi_ge_* functions of src/ge.rs, each given the calling thread's
// work_stream_id, which this file keeps (ErrorManager::error_context_).
//
// Nothing in Rust refers to this file, so a C program that links the static
// library for the compact C ABI leaves it out, and needs no C++ runtime;
// build.rs links it whole into the shared library and exports its symbols.

#include <pthread.h>
#include <unistd.h>

#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <iterator>
#include <new>
#include <sstream>

#include "base/err_mgr.h"
#include "base/err_msg.h"
#include "error_manager.h"

extern "C" {
// A text of the Rust store, not NUL-terminated.
struct errcode_ffi_text {
    const char* ptr;
    size_t len;
};

// One report handed out; `args` holds key, value, key, ...
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

// One report coming back; `time` is microseconds since the Unix epoch,
// kNoTime for a text that is not a report time, or kEmptyTime for "".
struct errcode_ffi_restore_item {
    errcode_ffi_text id;
    errcode_ffi_text title;
    errcode_ffi_text message;
    errcode_ffi_text cause;
    errcode_ffi_text solution;
    const errcode_ffi_text* args;
    size_t arg_pairs;
    int64_t time;
};

typedef void (*errcode_ffi_raw_sink)(void* context, const errcode_ffi_raw_item* item);

int32_t errcode_ffi_ge_register(const char* json, size_t len);
int32_t errcode_ffi_ge_register_file(const char* path, size_t len);
int32_t errcode_ffi_ge_report_predefined(
    uint64_t work_stream_id, const char* code, const char* const* keys, const char* const* values, size_t count);
int32_t errcode_ffi_ge_report_inner(uint64_t work_stream_id, const char* code, const char* message, size_t len);
int32_t errcode_ffi_ge_report_user_defined(uint64_t work_stream_id, const char* code, const char* message, size_t len);
int32_t errcode_ffi_ge_is_user_defined(const char* code);
int32_t errcode_ffi_ge_init(uint32_t mode);
int32_t errcode_ffi_ge_init_default(void);
int32_t errcode_ffi_ge_init_path(const char* path, size_t len);
uint64_t errcode_ffi_ge_default_id(void);
void errcode_ffi_ge_enter(uint64_t work_stream_id, int32_t clear);
const char* errcode_ffi_ge_take_message(uint64_t work_stream_id, int32_t warnings, size_t* len);
void errcode_ffi_ge_take_raw(uint64_t work_stream_id, errcode_ffi_raw_sink sink, void* context);
void errcode_ffi_ge_copy_raw(
    uint64_t work_stream_id, int32_t warnings, int32_t by_mode, errcode_ffi_raw_sink sink, void* context);
void errcode_ffi_ge_clear(uint64_t work_stream_id, int32_t warnings, int32_t by_mode);
int32_t errcode_ffi_ge_restore(uint64_t work_stream_id, const errcode_ffi_restore_item* items, size_t count);
const char* errcode_ffi_ge_render_items(const errcode_ffi_restore_item* items, size_t count, size_t* len);
uint32_t errcode_ffi_ge_mode(void);

// Defined here, where every C++ function of the library is, so that a link
// line can ask for this object by name (-Wl,--require-defined=...): code
// compiled against CANN's headers refers to the report functions weakly,
// which alone pulls nothing out of a static library.
extern const int errcode_ffi_cxx;
const int errcode_ffi_cxx = 1;
}

// The calling thread's Context, which holds the work_stream_id each call
// passes to the store.
struct ErrcodeFfiContext {
    static error_message::Context& Get() { return ErrorManager::error_context_; }
    static uint64_t Id() { return ErrorManager::error_context_.work_stream_id; }
};

thread_local error_message::Context ErrorManager::error_context_ = {0UL, "", "", ""};

namespace {
constexpr uint64_t kIdOffset = 100000UL;

// The message of ReportInnerErrMsg: the format's text, then where it was
// reported; -1 unless both fit LIMIT_PER_MSG bytes with the NUL, as CANN's
// bounded formatting refuses what does not fit.
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
    // "[FUNC:f][FILE:file.cc][LINE:12]", put together by hand: snprintf's
    // parsing of the format cost as much as the rest of the report.
    char digits[10];
    size_t digit_count = 0;
    uint32_t rest = line;
    do {
        digits[sizeof digits - 1 - digit_count++] = static_cast<char>('0' + rest % 10U);
        rest /= 10U;
    } while (rest != 0U);
    const struct {
        const char* text;
        size_t len;
    } parts[] = {
        {"[FUNC:", 6},
        {func, strlen(func)},
        {"][FILE:", 7},
        {base_name, strlen(base_name)},
        {"][LINE:", 7},
        {digits + sizeof digits - digit_count, digit_count},
        {"]", 1},
    };
    size_t len = static_cast<size_t>(written);
    for (const auto& part : parts) {
        // Room is kept for the NUL, as the bounded formatting keeps it.
        if (part.len >= sizeof message - len) {
            return -1;
        }
        memcpy(message + len, part.text, part.len);
        len += part.len;
    }
    message[len] = '\0';
    return errcode_ffi_ge_report_inner(ErrcodeFfiContext::Id(), error_code, message, len);
}

const char* Taken(bool warnings, size_t& len)
{
    len = 0;
    const char* text = errcode_ffi_ge_take_message(ErrcodeFfiContext::Id(), warnings ? 1 : 0, &len);
    if (text == nullptr) {
        len = 0;
    }
    return text;
}

error_message::unique_const_char_array CopyOf(const char* text, size_t len)
{
    std::unique_ptr<char[]> copy(new char[len + 1]);
    if (len > 0) {
        memcpy(copy.get(), text, len);
    }
    copy[len] = '\0';
    return error_message::unique_const_char_array(copy.release());
}

error_message::unique_const_char_array TakeMessage(bool warnings)
{
    size_t len = 0;
    const char* text = Taken(warnings, len);
    return CopyOf(text, len);
}

std::string StringOf(const errcode_ffi_text& text) { return std::string(text.ptr, text.len); }

// What collects the items Rust hands out: nothing may unwind into Rust, so
// an exception (out of memory) is noted and thrown again once Rust has
// returned.
template <typename Item>
struct Collector {
    std::vector<Item>* items;
    bool failed;
};

void CollectRawItem(void* context, const errcode_ffi_raw_item* item) noexcept
{
    auto* raw = static_cast<Collector<error_message::ErrMsgRawItem>*>(context);
    if (raw->failed) {
        return;
    }
    try {
        error_message::ErrMsgRawItem out;
        out.error_id = CopyOf(item->id.ptr, item->id.len);
        out.error_title = CopyOf(item->title.ptr, item->title.len);
        out.error_message = CopyOf(item->message.ptr, item->message.len);
        out.possible_cause = CopyOf(item->cause.ptr, item->cause.len);
        out.solution = CopyOf(item->solution.ptr, item->solution.len);
        out.report_time = CopyOf(item->time.ptr, item->time.len);
        out.args_key.reserve(item->arg_pairs);
        out.args_value.reserve(item->arg_pairs);
        for (size_t i = 0; i < item->arg_pairs; ++i) {
            out.args_key.push_back(CopyOf(item->args[2 * i].ptr, item->args[2 * i].len));
            out.args_value.push_back(CopyOf(item->args[2 * i + 1].ptr, item->args[2 * i + 1].len));
        }
        raw->items->push_back(std::move(out));
    } catch (...) {
        raw->failed = true;
    }
}

void CollectErrorItem(void* context, const errcode_ffi_raw_item* item) noexcept
{
    auto* raw = static_cast<Collector<error_message::ErrorItem>*>(context);
    if (raw->failed) {
        return;
    }
    try {
        error_message::ErrorItem out;
        out.error_id = StringOf(item->id);
        out.error_title = StringOf(item->title);
        out.error_message = StringOf(item->message);
        out.possible_cause = StringOf(item->cause);
        out.solution = StringOf(item->solution);
        out.report_time = StringOf(item->time);
        for (size_t i = 0; i < item->arg_pairs; ++i) {
            out.args_map.emplace(StringOf(item->args[2 * i]), StringOf(item->args[2 * i + 1]));
        }
        raw->items->push_back(std::move(out));
    } catch (...) {
        raw->failed = true;
    }
}

template <typename Item, typename Take>
std::vector<Item> Collect(void (*sink)(void*, const errcode_ffi_raw_item*) noexcept, Take take)
{
    std::vector<Item> items;
    Collector<Item> collector{&items, false};
    take(reinterpret_cast<errcode_ffi_raw_sink>(sink), &collector);
    if (collector.failed) {
        throw std::bad_alloc();
    }
    return items;
}

errcode_ffi_text TextOf(const std::string& text) { return errcode_ffi_text{text.data(), text.size()}; }

// A report time that is not one (shown as the time it is put back), and an
// empty one (shown as nothing, as CANN shows an item's empty time); Rust's
// RestoreItem reads the same two values.
constexpr int64_t kNoTime = INT64_MIN;
constexpr int64_t kEmptyTime = INT64_MIN + 1;

// "2026-12-01-12:34:56.789.012", local time, as microseconds since the
// epoch; kEmptyTime for "", kNoTime when the text is not such a time.
int64_t MicrosOf(const std::string& text)
{
    if (text.empty()) {
        return kEmptyTime;
    }
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, milli = 0, micro = 0;
    char end = '\0';
    if (sscanf(
            text.c_str(), "%4d-%2d-%2d-%2d:%2d:%2d.%3d.%3d%c", &year, &month, &day, &hour, &minute, &second, &milli,
            &micro, &end) != 8) {
        return kNoTime;
    }
    std::tm local{};
    local.tm_year = year - 1900;
    local.tm_mon = month - 1;
    local.tm_mday = day;
    local.tm_hour = hour;
    local.tm_min = minute;
    local.tm_sec = second;
    local.tm_isdst = -1;
    const std::time_t seconds = std::mktime(&local);
    if (seconds == static_cast<std::time_t>(-1) || seconds < 0) {
        return kNoTime;
    }
    return static_cast<int64_t>(seconds) * 1000000 + milli * 1000 + micro;
}

// The items as Rust reads them back; `texts` holds their arguments.
struct RestoreItems {
    std::vector<errcode_ffi_text> texts;
    std::vector<errcode_ffi_restore_item> items;

    explicit RestoreItems(const std::vector<error_message::ErrorItem>& from)
    {
        size_t pairs = 0;
        for (const auto& item : from) {
            pairs += item.args_map.size();
        }
        texts.reserve(2 * pairs);
        items.reserve(from.size());
        for (const auto& item : from) {
            const size_t first = texts.size();
            for (const auto& arg : item.args_map) {
                texts.push_back(TextOf(arg.first));
                texts.push_back(TextOf(arg.second));
            }
            items.push_back(errcode_ffi_restore_item{
                TextOf(item.error_id), TextOf(item.error_title), TextOf(item.error_message),
                TextOf(item.possible_cause), TextOf(item.solution), texts.data() + first, item.args_map.size(),
                MicrosOf(item.report_time)});
        }
    }
};

// Reports `error_code` with the arguments of a std::map, as C strings.
int32_t ReportMap(const std::string& error_code, const std::map<std::string, std::string>& args_map)
{
    constexpr size_t kInline = 8;
    const char* inline_keys[kInline];
    const char* inline_values[kInline];
    std::vector<const char*> keys;
    std::vector<const char*> values;
    const char** key = inline_keys;
    const char** value = inline_values;
    if (args_map.size() > kInline) {
        keys.resize(args_map.size());
        values.resize(args_map.size());
        key = keys.data();
        value = values.data();
    }
    size_t i = 0;
    for (const auto& arg : args_map) {
        key[i] = arg.first.c_str();
        value[i] = arg.second.c_str();
        ++i;
    }
    return errcode_ffi_ge_report_predefined(ErrcodeFfiContext::Id(), error_code.c_str(), key, value, i);
}

// Writes all of `text` to the file descriptor `handle`.
bool WriteAll(int handle, const std::string& text)
{
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t written = write(handle, text.data() + done, text.size() - done);
        if (written < 0) {
            if (errno == EINTR) {
                continue;
            }
            return false;
        }
        done += static_cast<size_t>(written);
    }
    return true;
}
} // namespace

// ---- error_message:: of base/err_msg.h and base/err_mgr.h ----------------

int32_t error_message::RegisterFormatErrorMessage(const char* error_msg, size_t error_msg_len)
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

int32_t error_message::ReportUserDefinedErrMsg(const char* error_code, const char* format, ...)
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
    return errcode_ffi_ge_report_user_defined(
        ErrcodeFfiContext::Id(), error_code, message, static_cast<size_t>(written));
}

int32_t error_message::ReportPredefinedErrMsg(
    const char* error_code, const std::vector<const char*>& key, const std::vector<const char*>& value)
{
    if (key.size() != value.size()) {
        return -1;
    }
    return errcode_ffi_ge_report_predefined(ErrcodeFfiContext::Id(), error_code, key.data(), value.data(), key.size());
}

int32_t error_message::ReportPredefinedErrMsg(const char* error_code)
{
    return errcode_ffi_ge_report_predefined(ErrcodeFfiContext::Id(), error_code, nullptr, nullptr, 0);
}

int32_t error_message::ErrMgrInit(error_message::ErrorMessageMode error_mode)
{
    return errcode_ffi_ge_init(static_cast<uint32_t>(error_mode));
}

error_message::ErrorManagerContext error_message::GetErrMgrContext()
{
    error_message::ErrorManagerContext context{};
    context.work_stream_id = ErrorManager::GetInstance().GetErrorManagerContext().work_stream_id;
    return context;
}

void error_message::SetErrMgrContext(error_message::ErrorManagerContext error_context)
{
    // The stages go with the context, as in CANN: this one names none.
    error_message::Context context{error_context.work_stream_id, "", "", ""};
    ErrorManager::GetInstance().SetErrorContext(std::move(context));
}

error_message::unique_const_char_array error_message::GetErrMgrErrorMessage() { return TakeMessage(false); }

error_message::unique_const_char_array error_message::GetErrMgrWarningMessage() { return TakeMessage(true); }

std::vector<error_message::ErrMsgRawItem> error_message::GetErrMgrRawErrorMessages()
{
    return Collect<error_message::ErrMsgRawItem>(&CollectRawItem, [](errcode_ffi_raw_sink sink, void* context) {
        errcode_ffi_ge_take_raw(ErrcodeFfiContext::Id(), sink, context);
    });
}

// ---- error_message:: of error_manager.h ----------------------------------

namespace error_message {
const std::string kInitialize = "INIT";
const std::string kModelCompile = "COMP";
const std::string kModelLoad = "LOAD";
const std::string kModelExecute = "EXEC";
const std::string kFinalize = "FINAL";
const std::string kParser = "PARSER";
const std::string kOpsProtoInit = "OPS_PRO";
const std::string kSystemInit = "SYS";
const std::string kEngineInit = "ENGINE";
const std::string kOpsKernelInit = "OPS_KER";
const std::string kOpsKernelBuilderInit = "OPS_KER_BLD";
const std::string kPrepareOptimize = "PRE_OPT";
const std::string kOriginOptimize = "ORI_OPT";
const std::string kSubGraphOptimize = "SUB_OPT";
const std::string kMergeGraphOptimize = "MERGE_OPT";
const std::string kPreBuild = "PRE_BLD";
const std::string kStreamAlloc = "STM_ALLOC";
const std::string kMemoryAlloc = "MEM_ALLOC";
const std::string kTaskGenerate = "TASK_GEN";
const std::string kOther = "DEFAULT";
} // namespace error_message

std::string error_message::TrimPath(const std::string& str)
{
    const size_t slash = str.find_last_of('/');
    return (slash == std::string::npos) ? str : str.substr(slash + 1U);
}

int32_t error_message::FormatErrorMessage(char_t* str_dst, size_t dst_max, const char_t* format, ...)
{
    if (str_dst == nullptr || dst_max == 0U || format == nullptr) {
        return -1;
    }
    va_list args;
    va_start(args, format);
    const int written = vsnprintf(str_dst, dst_max, format, args);
    va_end(args);
    if (written < 0 || static_cast<size_t>(written) >= dst_max) {
        str_dst[0] = '\0';
        return -1;
    }
    return written;
}

void error_message::ReportInnerError(
    const char_t* file_name, const char_t* func, uint32_t line, const std::string error_code, const char_t* format, ...)
{
    va_list args;
    va_start(args, format);
    (void)ReportInner(file_name, func, line, error_code.c_str(), format, args);
    va_end(args);
}

// ---- the ErrorManager class ----------------------------------------------

ErrorManager& ErrorManager::GetInstance()
{
    static ErrorManager instance;
    // The class's own lock (the compile-failure messages) is held across a
    // fork and released on both sides, so that a child forked while another
    // thread holds it can take it (the Rust side does the same for its own).
    static const int fork_safe = pthread_atfork(
        [] { instance.mutex_.lock(); }, [] { instance.mutex_.unlock(); }, [] { instance.mutex_.unlock(); });
    (void)fork_safe;
    return instance;
}

namespace {
// The instance is made, and its fork handlers registered, when the library
// is loaded, before any thread of the program can call it: a function's
// static is made under a guard that a fork made meanwhile would leave taken
// in the child (whose first call would then wait for ever on a thread it
// does not have).
const ErrorManager& g_made_at_load = ErrorManager::GetInstance();
} // namespace

int32_t ErrorManager::Init() { return errcode_ffi_ge_init_default(); }

int32_t ErrorManager::Init(error_message::ErrorMsgMode error_mode)
{
    if (error_mode >= error_message::ErrorMsgMode::ERR_MSG_MODE_MAX) {
        return -1;
    }
    return errcode_ffi_ge_init(static_cast<uint32_t>(error_mode));
}

int32_t ErrorManager::Init(const std::string path) { return errcode_ffi_ge_init_path(path.data(), path.size()); }

int32_t ErrorManager::ReportInterErrMessage(const std::string error_code, const std::string& error_msg)
{
    return errcode_ffi_ge_report_inner(ErrcodeFfiContext::Id(), error_code.c_str(), error_msg.data(), error_msg.size());
}

int32_t ErrorManager::ReportErrMessage(
    const std::string error_code, const std::map<std::string, std::string>& args_map)
{
    return ReportMap(error_code, args_map);
}

int32_t ErrorManager::ReportErrMsgWithoutTpl(const std::string& error_code, const std::string& errmsg)
{
    return errcode_ffi_ge_report_user_defined(ErrcodeFfiContext::Id(), error_code.c_str(), errmsg.data(), errmsg.size());
}

int32_t ErrorManager::OutputErrMessage(int32_t handle)
{
    std::string err_msg = GetErrorMessage();
    if (err_msg.empty()) {
        err_msg = "E19999: Internal error!\n        Unknown error occurred. Please check the log.\n";
    }
    if (handle <= fileno(stderr)) {
        std::cout << err_msg << std::endl;
        return 0;
    }
    return WriteAll(handle, err_msg) ? 0 : -1;
}

int32_t ErrorManager::OutputMessage(int32_t handle)
{
    (void)handle;
    std::cout << GetWarningMessage() << std::endl;
    return 0;
}

std::string ErrorManager::GetErrorMessage()
{
    size_t len = 0;
    const char* text = Taken(false, len);
    return std::string(text == nullptr ? "" : text, len);
}

int32_t ErrorManager::SetRawErrorMessages(const std::vector<ErrorItem>& items)
{
    const RestoreItems restore(items);
    return errcode_ffi_ge_restore(ErrcodeFfiContext::Id(), restore.items.data(), restore.items.size());
}

std::vector<ErrorManager::ErrorItem> ErrorManager::GetRawErrorMessages()
{
    return Collect<ErrorItem>(&CollectErrorItem, [](errcode_ffi_raw_sink sink, void* context) {
        errcode_ffi_ge_take_raw(ErrcodeFfiContext::Id(), sink, context);
    });
}

std::string ErrorManager::GetWarningMessage()
{
    size_t len = 0;
    const char* text = Taken(true, len);
    return std::string(text == nullptr ? "" : text, len);
}

void ErrorManager::ATCReportErrMessage(
    const std::string error_code, const std::vector<std::string>& key, const std::vector<std::string>& value)
{
    if (!key.empty() && key.size() != value.size()) {
        return;
    }
    std::map<std::string, std::string> args_map;
    for (size_t i = 0; i < key.size(); ++i) {
        (void)args_map.insert(std::make_pair(key[i], value[i]));
    }
    (void)ReportMap(error_code, args_map);
}

int32_t ErrorManager::ReportMstuneCompileFailedMsg(
    const std::string& root_graph_name, const std::map<std::string, std::string>& msg)
{
    if (msg.empty() || root_graph_name.empty()) {
        return -1;
    }
    const std::lock_guard<std::mutex> lock(mutex_);
    ClassifyCompileFailedMsg(msg, compile_failed_msg_map_[root_graph_name]);
    return 0;
}

int32_t ErrorManager::GetMstuneCompileFailedMsg(
    const std::string& graph_name, std::map<std::string, std::vector<std::string>>& msg_map)
{
    if (!msg_map.empty()) {
        return -1;
    }
    const std::lock_guard<std::mutex> lock(mutex_);
    const auto found = compile_failed_msg_map_.find(graph_name);
    if (found == compile_failed_msg_map_.end()) {
        return -1;
    }
    msg_map.swap(found->second);
    compile_failed_msg_map_.erase(found);
    return 0;
}

void ErrorManager::GenWorkStreamIdDefault()
{
    // Moved there now, its own reports first: another thread may join the
    // id as soon as it is given out.
    error_context_.work_stream_id = errcode_ffi_ge_default_id();
    errcode_ffi_ge_enter(error_context_.work_stream_id, 0);
}

void ErrorManager::GenWorkStreamIdBySessionGraph(const uint64_t session_id, const uint64_t graph_id)
{
    error_context_.work_stream_id = session_id * kIdOffset + graph_id;
    errcode_ffi_ge_enter(error_context_.work_stream_id, 1);
}

void ErrorManager::GenWorkStreamIdWithSessionIdGraphId(const uint64_t session_id, const uint64_t graph_id)
{
    error_context_.work_stream_id = session_id * kIdOffset + graph_id;
}

const std::string& ErrorManager::GetLogHeader()
{
    error_message::Context& context = error_context_;
    if (context.first_stage.empty() && context.second_stage.empty()) {
        context.log_header.clear();
    } else {
        context.log_header = "[" + context.first_stage + "][" + context.second_stage + "]";
    }
    return context.log_header;
}

error_message::Context& ErrorManager::GetErrorManagerContext()
{
    if (error_context_.work_stream_id == 0UL) {
        GenWorkStreamIdDefault();
    }
    return error_context_;
}

void ErrorManager::SetErrorContext(error_message::Context error_context)
{
    error_context_.work_stream_id = error_context.work_stream_id;
    error_context_.first_stage = std::move(error_context.first_stage);
    error_context_.second_stage = std::move(error_context.second_stage);
    error_context_.log_header = std::move(error_context.log_header);
}

void ErrorManager::SetStage(const std::string& first_stage, const std::string& second_stage)
{
    error_context_.first_stage = first_stage;
    error_context_.second_stage = second_stage;
}

int32_t ErrorManager::ParseJsonFormatString(const void* const handle, uint32_t priority)
{
    // A nlohmann::json object, which this library does not read.
    (void)handle;
    (void)priority;
    return -1;
}

int32_t ErrorManager::ParseJsonFile(const std::string path)
{
    return errcode_ffi_ge_register_file(path.data(), path.size());
}

int32_t ErrorManager::ReadJsonFile(const std::string& file_path, void* const handle)
{
    if (file_path.empty() || handle == nullptr) {
        return -1;
    }
    std::ifstream file(file_path, std::ios::binary);
    if (!file.is_open()) {
        return -1;
    }
    std::string* text = static_cast<std::string*>(handle);
    text->assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
    return file.bad() ? -1 : 0;
}

void ErrorManager::ClassifyCompileFailedMsg(
    const std::map<std::string, std::string>& msg, std::map<std::string, std::vector<std::string>>& classified_msg)
{
    for (const auto& failed : msg) {
        classified_msg[failed.first].push_back(failed.second);
    }
}

bool ErrorManager::IsInnerErrorCode(const std::string& error_code) const
{
    return IsValidErrorCode(error_code) && (error_code.compare(2U, 4U, "9999") == 0 || IsParamCheckErrorId(error_code));
}

bool ErrorManager::IsUserDefinedErrorCode(const std::string& error_code)
{
    return errcode_ffi_ge_is_user_defined(error_code.c_str()) != 0;
}

bool ErrorManager::IsParamCheckErrorId(const std::string& error_code) const
{
    return error_code.size() >= 6U && error_code.compare(2U, 4U, "8888") == 0;
}

namespace {
// The copies the private container functions hand out, per thread.
thread_local std::vector<ErrorManager::ErrorItem> copied_errors;
thread_local std::vector<ErrorManager::ErrorItem> copied_warnings;

std::vector<ErrorManager::ErrorItem>& Copied(uint64_t work_stream_id, bool warnings, bool by_mode)
{
    std::vector<ErrorManager::ErrorItem>& copy = warnings ? copied_warnings : copied_errors;
    copy = Collect<ErrorManager::ErrorItem>(
        &CollectErrorItem, [work_stream_id, warnings, by_mode](errcode_ffi_raw_sink sink, void* context) {
            errcode_ffi_ge_copy_raw(work_stream_id, warnings ? 1 : 0, by_mode ? 1 : 0, sink, context);
        });
    return copy;
}
} // namespace

std::vector<ErrorManager::ErrorItem>& ErrorManager::GetErrorMsgContainerByWorkId(uint64_t work_id)
{
    return Copied(work_id, false, false);
}

std::vector<ErrorManager::ErrorItem>& ErrorManager::GetWarningMsgContainerByWorkId(uint64_t work_id)
{
    return Copied(work_id, true, false);
}

std::vector<ErrorManager::ErrorItem>& ErrorManager::GetErrorMsgContainer(uint64_t work_stream_id)
{
    return Copied(work_stream_id, false, true);
}

std::vector<ErrorManager::ErrorItem>& ErrorManager::GetWarningMsgContainer(uint64_t work_stream_id)
{
    return Copied(work_stream_id, true, true);
}

void ErrorManager::AssembleInnerErrorMessage(
    const std::vector<ErrorItem>& error_messages, const std::string& first_code, std::stringstream& err_stream) const
{
    (void)first_code;
    const RestoreItems restore(error_messages);
    size_t len = 0;
    const char* text = errcode_ffi_ge_render_items(restore.items.data(), restore.items.size(), &len);
    if (text != nullptr) {
        err_stream.write(text, static_cast<std::streamsize>(len));
    }
}

void ErrorManager::ClearErrorMsgContainerByWorkId(const uint64_t work_stream_id)
{
    errcode_ffi_ge_clear(work_stream_id, 0, 0);
}

void ErrorManager::ClearWarningMsgContainerByWorkId(const uint64_t work_stream_id)
{
    errcode_ffi_ge_clear(work_stream_id, 1, 0);
}

void ErrorManager::ClearErrorMsgContainer(const uint64_t work_stream_id) { errcode_ffi_ge_clear(work_stream_id, 0, 1); }

void ErrorManager::ClearWarningMsgContainer(const uint64_t work_stream_id)
{
    errcode_ffi_ge_clear(work_stream_id, 1, 1);
}

// ---- the wrappers for C callers, declared in error_manager.h ---------------

extern "C" int32_t RegisterFormatErrorMessageForC(const char* error_msg, unsigned long error_msg_len)
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
    return errcode_ffi_ge_report_predefined(ErrcodeFfiContext::Id(), error_code, key, value, arg_num);
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
