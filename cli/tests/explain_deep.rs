//! `explain CODE --against TREE` as the page a team publishes: on a tree
//! modelled on EK0201's facts (a catalog, a compact C table whose row
//! words the message differently, the reference pages in both languages,
//! production sites of which one reports through a constant, one through a
//! macro of its own file and one through a header's macro, and a gtest
//! file), the exact text, Markdown and Chinese output; copied text that
//! Markdown would read as markup.

use std::path::Path;

mod common;
use common::{Run, errcode};

const CATALOG: &str = r#"{
  "error_info_list": [
    {
      "errClass": "Profiling Errors",
      "errTitle": "Resource_Error_Insufficient_Host_Memory",
      "ErrCode": "EK0201",
      "ErrMessage": "Failed to allocate %s host memory for Profiling.",
      "Arglist": "buf_size",
      "suggestion": {"Possible Cause": "The host ran short of memory.", "Solution": "Free host memory and retry."}
    },
    {
      "errClass": "Profiling Errors",
      "errTitle": "Host_Memory_By",
      "ErrCode": "EK0202",
      "ErrMessage": "Failed to allocate host memory by %s.",
      "Arglist": "reason",
      "suggestion": {"Possible Cause": "N/A", "Solution": "N/A"}
    },
    {
      "errClass": "Profiling Errors",
      "errTitle": "Host_Thread",
      "ErrCode": "EK0203",
      "ErrMessage": "Failed to create host thread for Profiling. Reason: %s.",
      "Arglist": "reason",
      "suggestion": {"Possible Cause": "N/A", "Solution": "N/A"}
    },
    {
      "errClass": "Profiling Errors",
      "errTitle": "Config_Error",
      "ErrCode": "EK0001",
      "ErrMessage": "Profiling is misconfigured: %s.",
      "Arglist": "reason",
      "suggestion": {"Possible Cause": "N/A", "Solution": "N/A"}
    }
  ]
}
"#;

/// The compact runtime's table: the same code, other words.
const TABLE: &str = r#"typedef struct { const char *code; const char *msg; const char *cause; const char *solution; const char *args[2]; } Row;
static const Row ERROR_MAP[] = {
    {"EK0201", "Failed to allocate host memory for Profiling: %s.", "Too little memory is free.", "Close what is not needed.", {"buf_size"}},
};
"#;

const CONFIG: &str = r#"#include "config.h"

aclprofConfig *aclprofCreateConfig(uint32_t *devices, uint32_t count)
{
    aclprofConfig *profConfig = new (std::nothrow) aclprofConfig();
    if (profConfig == nullptr) {
        MSPROF_LOGE("new aclprofConfig fail");
        MSPROF_ENV_ERROR(
            "EK0201", std::vector<std::string>({"buf_size"}),
            std::vector<std::string>({std::to_string(sizeof(aclprofConfig)) + "B"}));
        return nullptr;
    }
    return profConfig;
}
"#;

const TX: &str = r#"namespace prof {
constexpr const char *HOST_MEMORY_ERROR = "EK0201";

int32_t TxManager::Init()
{
    int32_t ret = stampPool_->Init(STAMP_POOL_SIZE);
    if (ret != PROFILING_SUCCESS) {
        MSPROF_LOGE("stamp pool of %u bytes not ready: %d", STAMP_POOL_SIZE, ret);
        REPORT_ENV_ERROR(HOST_MEMORY_ERROR, {"buf_size"}, {std::to_string(STAMP_POOL_SIZE) + "B"});
        return PROFILING_FAILED;
    }
    return PROFILING_SUCCESS;
}
}
"#;

const UPLOADER: &str = r#"#define REPORT_OOM(size) \
    MSPROF_ENV_ERROR("EK0201", std::vector<std::string>({"buf_size"}), std::vector<std::string>({size}))

int32_t UploaderMgr::CreateUploader(size_t queueSize)
{
    int32_t ret = uploader->Init(queueSize);
    if (ret != PROFILING_SUCCESS) {
        MSPROF_LOGE("uploader not initialised");
        REPORT_OOM(std::to_string(queueSize) + "B");
        return ret;
    } else if (queueSize == 0) {
        return ret;
    }
    return ret;
}
"#;

/// A header whose macro reports, used by another file.
const HEADER: &str = r#"#define REPORT_POOL_OOM(bytes) \
    REPORT_ENV_ERROR("EK0201", {"buf_size"}, {std::to_string(bytes) + "B"})
"#;

const STEP: &str = r#"#include "report.h"

aclprofStepInfo *aclprofCreateStepInfo()
{
    aclprofStepInfo *stepInfo = new (std::nothrow) aclprofStepInfo();
    if (stepInfo == nullptr) {
        MSPROF_LOGE("no memory for step info");
        REPORT_POOL_OOM(sizeof(aclprofStepInfo));
        return nullptr;
    }
    return stepInfo;
}
"#;

const TEST: &str = r#"TEST_F(ErrorManagerTest, ReportHostMemory)
{
    REPORT_INPUT_ERROR("EK0201", ARRAY("buf_size"), ARRAY("100"));
    const char *msg = GetErrorMessage();
    EXPECT_STREQ(msg, "EK0201: Failed to allocate host memory for Profiling: 100.\r\n"
                      "PossibleCause: Too little memory is free.\r\n");
}
"#;

const PAGE_EN: &str = "# EK0201 Resource\\_Error\\_Insufficient\\_Host\\_Memory

## Symptom

The following is error format. The placeholder %s indicates the memory size.

```text
Failed to allocate %s host memory for Profiling.
```

Error example:

```text
Failed to allocate 64M host memory for Profiling.
```

## Possible Cause

The host ran short of memory.

## Solution

Free host memory and retry.
";

const PAGE_ZH: &str = "# EK0201 Resource\\_Error\\_Insufficient\\_Host\\_Memory

## 错误信息

报错格式如下，占位符%s表示申请的内存大小：

```text
Failed to allocate %s host memory for Profiling.
```

报错示例如下：

```text
Failed to allocate 64M host memory for Profiling.
```

## 可能原因

主机内存不足。
";

fn tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in [
        ("tree/error_manager/error_code.json", CATALOG),
        ("tree/compact/error_manager.c", TABLE),
        ("tree/prof/acl_config.cpp", CONFIG),
        ("tree/prof/tx_manager.cpp", TX),
        ("tree/transport/uploader_mgr.cpp", UPLOADER),
        ("tree/prof/report.h", HEADER),
        ("tree/prof/step_info.cpp", STEP),
        ("tree/tests/ut/error_manager_test.cc", TEST),
        (
            "tree/docs/en/Profiling-Errors/EK0201-Resource_Error_Insufficient_Host_Memory.md",
            PAGE_EN,
        ),
        (
            "tree/docs/zh/Profiling-Errors/EK0201-Resource_Error_Insufficient_Host_Memory.md",
            PAGE_ZH,
        ),
    ] {
        write(dir.path(), path, text);
    }
    dir
}

fn write(dir: &Path, path: &str, text: &str) {
    let path = dir.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn explain(dir: &Path, more: &[&str]) -> Run {
    let args = [
        &[
            "explain",
            "EK0201",
            "--catalog",
            "tree/error_manager/error_code.json",
            "--against",
            "tree",
        ][..],
        more,
    ]
    .concat();
    let run = errcode(dir, &args);
    assert_eq!(run.status, 0, "{}", run.stderr);
    run
}

#[test]
fn text_lists_registrations_triggers_tests_and_family() {
    let dir = tree();
    let run = explain(dir.path(), &[]);
    assert_eq!(
        run.stdout,
        r#"EK0201: Resource_Error_Insufficient_Host_Memory
Class: Profiling Errors
Kind: error
Defined at: tree/error_manager/error_code.json:3

Message: Failed to allocate %s host memory for Profiling.
Arguments: buf_size
  buf_size: memory size
Example: Failed to allocate 64M host memory for Profiling.

Possible cause: The host ran short of memory.
Solution: Free host memory and retry.

As reported, with each argument shown by name:
  EK0201: Failed to allocate <buf_size> host memory for Profiling.
          PossibleCause: The host ran short of memory.
          Solution: Free host memory and retry.

Report it from Rust:
  errcat::report!("EK0201", ["buf_size"], [buf_size]);

Copies:
  tree/compact/error_manager.c:3 (C table row)
    differs from the catalog in: template, cause, solution
    template: Failed to allocate host memory for Profiling: %s.
      the catalog has: Failed to allocate %s host memory for Profiling.
    cause: Too little memory is free.
      the catalog has: The host ran short of memory.
    solution: Close what is not needed.
      the catalog has: Free host memory and retry.
  tree/docs/en/Profiling-Errors/EK0201-Resource_Error_Insufficient_Host_Memory.md:1 (reference page, en)
  tree/docs/zh/Profiling-Errors/EK0201-Resource_Error_Insufficient_Host_Memory.md:1 (reference page, zh)
  tree/error_manager/error_code.json:3 (catalog entry)

Report sites (4):
  tree/prof/acl_config.cpp:9
    in aclprofCreateConfig
    when profConfig == nullptr
    passes buf_size = std::to_string(sizeof(aclprofConfig)) + "B"
    beside MSPROF_LOGE("new aclprofConfig fail") (line 7)
  tree/prof/step_info.cpp:8 (through REPORT_POOL_OOM at tree/prof/report.h:2)
    in aclprofCreateStepInfo
    when stepInfo == nullptr
    passes buf_size = std::to_string(sizeof(aclprofStepInfo)) + "B"
    beside MSPROF_LOGE("no memory for step info") (line 7)
  tree/prof/tx_manager.cpp:9 (through HOST_MEMORY_ERROR)
    in TxManager::Init
    when ret != PROFILING_SUCCESS
    passes buf_size = std::to_string(STAMP_POOL_SIZE) + "B"
  tree/transport/uploader_mgr.cpp:9 (through REPORT_OOM at line 2)
    in UploaderMgr::CreateUploader
    when ret != PROFILING_SUCCESS
    passes buf_size = std::to_string(queueSize) + "B"
    beside MSPROF_LOGE("uploader not initialised") (line 8)

Tests (2):
  tree/tests/ut/error_manager_test.cc:3 (reports it in TEST_F(ErrorManagerTest, ReportHostMemory))
  tree/tests/ut/error_manager_test.cc:5 (EXPECT_STREQ in TEST_F(ErrorManagerTest, ReportHostMemory)) asserts:
    EK0201: Failed to allocate host memory for Profiling: 100.\r\nPossibleCause: Too little memory is free.\r\n
    the wording of tree/compact/error_manager.c:3

Family:
  EK0202: Host_Memory_By
  EK0203: Host_Thread
"#
    );
}

#[test]
fn markdown_is_a_page_to_publish() {
    let dir = tree();
    let run = explain(dir.path(), &["--format", "markdown"]);
    assert_eq!(
        run.stdout,
        r#"# EK0201 Resource\_Error\_Insufficient\_Host\_Memory

- Class: Profiling Errors
- Kind: error
- Defined at: `tree/error_manager/error_code.json:3`

## Meaning

Message:

```text
Failed to allocate %s host memory for Profiling.
```

Arguments:

- `buf_size`: memory size

Example:

```text
Failed to allocate 64M host memory for Profiling.
```

As reported:

```text
EK0201: Failed to allocate <buf_size> host memory for Profiling.
        PossibleCause: The host ran short of memory.
        Solution: Free host memory and retry.
```

### Possible cause

The host ran short of memory.

### Solution

Free host memory and retry.

## Registrations

- `tree/compact/error_manager.c:3` (C table row)
  - template: `Failed to allocate host memory for Profiling: %s.` (the catalog has: `Failed to allocate %s host memory for Profiling.`)
  - arguments: `buf_size`
  - cause: Too little memory is free. (the catalog has: The host ran short of memory.)
  - solution: Close what is not needed. (the catalog has: Free host memory and retry.)
- `tree/docs/en/Profiling-Errors/EK0201-Resource_Error_Insufficient_Host_Memory.md:1` (reference page, en, same as the catalog)
  - template: `Failed to allocate %s host memory for Profiling.`
  - cause: The host ran short of memory.
  - solution: Free host memory and retry.
  - title: Resource\_Error\_Insufficient\_Host\_Memory
- `tree/docs/zh/Profiling-Errors/EK0201-Resource_Error_Insufficient_Host_Memory.md:1` (reference page, zh, same as the catalog)
  - template: `Failed to allocate %s host memory for Profiling.`
  - title: Resource\_Error\_Insufficient\_Host\_Memory
- `tree/error_manager/error_code.json:3` (catalog entry, same as the catalog)
  - template: `Failed to allocate %s host memory for Profiling.`
  - arguments: `buf_size`
  - cause: The host ran short of memory.
  - solution: Free host memory and retry.
  - title: Resource\_Error\_Insufficient\_Host\_Memory

## Triggers (4)

### `tree/prof/acl_config.cpp`

- line 9, in `aclprofCreateConfig`, when `profConfig == nullptr`
  - `buf_size` = `std::to_string(sizeof(aclprofConfig)) + "B"`
  - beside `MSPROF_LOGE("new aclprofConfig fail")` (line 7)

### `tree/prof/step_info.cpp`

- line 8 (through REPORT\_POOL\_OOM at tree/prof/report.h:2), in `aclprofCreateStepInfo`, when `stepInfo == nullptr`
  - `buf_size` = `std::to_string(sizeof(aclprofStepInfo)) + "B"`
  - beside `MSPROF_LOGE("no memory for step info")` (line 7)

### `tree/prof/tx_manager.cpp`

- line 9 (through HOST\_MEMORY\_ERROR), in `TxManager::Init`, when `ret != PROFILING_SUCCESS`
  - `buf_size` = `std::to_string(STAMP_POOL_SIZE) + "B"`

### `tree/transport/uploader_mgr.cpp`

- line 9 (through REPORT\_OOM at line 2), in `UploaderMgr::CreateUploader`, when `ret != PROFILING_SUCCESS`
  - `buf_size` = `std::to_string(queueSize) + "B"`
  - beside `MSPROF_LOGE("uploader not initialised")` (line 8)

## Tests (2)

- `tree/tests/ut/error_manager_test.cc:3`: reports it in `TEST_F(ErrorManagerTest, ReportHostMemory)`
- `tree/tests/ut/error_manager_test.cc:5`: `EXPECT_STREQ` in `TEST_F(ErrorManagerTest, ReportHostMemory)` asserts `EK0201: Failed to allocate host memory for Profiling: 100.\r\nPossibleCause: Too little memory is free.\r\n`
  - the wording of `tree/compact/error_manager.c:3`

## Family

- EK0202: Host\_Memory\_By
- EK0203: Host\_Thread

## Reading a report of it

1. Tell which registration produced the message: the catalog's template is `Failed to allocate %s host memory for Profiling.`; `Failed to allocate host memory for Profiling: %s.` comes from `tree/compact/error_manager.c:3`.
2. Find the log line just before the report; it names the trigger: `MSPROF_LOGE("new aclprofConfig fail")` → `aclprofCreateConfig`; `MSPROF_LOGE("no memory for step info")` → `aclprofCreateStepInfo`; `MSPROF_LOGE("uploader not initialised")` → `UploaderMgr::CreateUploader`.
3. The value of `buf_size` is what the trigger passed: `std::to_string(sizeof(aclprofConfig)) + "B"`, `std::to_string(sizeof(aclprofStepInfo)) + "B"`, `std::to_string(STAMP_POOL_SIZE) + "B"`, `std::to_string(queueSize) + "B"`.
"#
    );
}

#[test]
fn chinese_takes_the_chinese_page_and_says_what_fell_back() {
    let dir = tree();
    let run = explain(dir.path(), &["--format", "markdown", "--lang", "zh"]);
    assert_eq!(
        run.stdout,
        r#"# EK0201 Resource\_Error\_Insufficient\_Host\_Memory

- 类别: Profiling Errors
- 类型: error
- 定义位置: `tree/error_manager/error_code.json:3`

## 含义

错误信息:

```text
Failed to allocate %s host memory for Profiling.
```

参数:

- `buf_size`: 申请的内存大小

报错示例:

```text
Failed to allocate 64M host memory for Profiling.
```

上报后的文本:

```text
EK0201: Failed to allocate <buf_size> host memory for Profiling.
        PossibleCause: The host ran short of memory.
        Solution: Free host memory and retry.
```

### 可能原因

主机内存不足。

### 解决方法

Free host memory and retry.

> 以下部分没有中文页面，沿用英文: 解决方法

## 登记

- `tree/compact/error_manager.c:3` (C 表行)
  - 模板: `Failed to allocate host memory for Profiling: %s.` (目录为: `Failed to allocate %s host memory for Profiling.`)
  - 参数: `buf_size`
  - 可能原因: Too little memory is free. (目录为: The host ran short of memory.)
  - 解决方法: Close what is not needed. (目录为: Free host memory and retry.)
- `tree/docs/en/Profiling-Errors/EK0201-Resource_Error_Insufficient_Host_Memory.md:1` (参考页面（英文）, 与目录一致)
  - 模板: `Failed to allocate %s host memory for Profiling.`
  - 可能原因: The host ran short of memory.
  - 解决方法: Free host memory and retry.
  - 标题: Resource\_Error\_Insufficient\_Host\_Memory
- `tree/docs/zh/Profiling-Errors/EK0201-Resource_Error_Insufficient_Host_Memory.md:1` (参考页面（中文）, 与目录一致)
  - 模板: `Failed to allocate %s host memory for Profiling.`
  - 标题: Resource\_Error\_Insufficient\_Host\_Memory
- `tree/error_manager/error_code.json:3` (目录条目, 与目录一致)
  - 模板: `Failed to allocate %s host memory for Profiling.`
  - 参数: `buf_size`
  - 可能原因: The host ran short of memory.
  - 解决方法: Free host memory and retry.
  - 标题: Resource\_Error\_Insufficient\_Host\_Memory

## 触发点 (4)

### `tree/prof/acl_config.cpp`

- 行 9, 位于 `aclprofCreateConfig`, 条件 `profConfig == nullptr`
  - `buf_size` = `std::to_string(sizeof(aclprofConfig)) + "B"`
  - 旁边的日志 `MSPROF_LOGE("new aclprofConfig fail")` (行 7)

### `tree/prof/step_info.cpp`

- 行 8 (through REPORT\_POOL\_OOM at tree/prof/report.h:2), 位于 `aclprofCreateStepInfo`, 条件 `stepInfo == nullptr`
  - `buf_size` = `std::to_string(sizeof(aclprofStepInfo)) + "B"`
  - 旁边的日志 `MSPROF_LOGE("no memory for step info")` (行 7)

### `tree/prof/tx_manager.cpp`

- 行 9 (through HOST\_MEMORY\_ERROR), 位于 `TxManager::Init`, 条件 `ret != PROFILING_SUCCESS`
  - `buf_size` = `std::to_string(STAMP_POOL_SIZE) + "B"`

### `tree/transport/uploader_mgr.cpp`

- 行 9 (through REPORT\_OOM at line 2), 位于 `UploaderMgr::CreateUploader`, 条件 `ret != PROFILING_SUCCESS`
  - `buf_size` = `std::to_string(queueSize) + "B"`
  - 旁边的日志 `MSPROF_LOGE("uploader not initialised")` (行 8)

## 测试 (2)

- `tree/tests/ut/error_manager_test.cc:3`: 上报 位于 `TEST_F(ErrorManagerTest, ReportHostMemory)`
- `tree/tests/ut/error_manager_test.cc:5`: `EXPECT_STREQ` 位于 `TEST_F(ErrorManagerTest, ReportHostMemory)` 断言 `EK0201: Failed to allocate host memory for Profiling: 100.\r\nPossibleCause: Too little memory is free.\r\n`
  - 对应的登记： `tree/compact/error_manager.c:3`

## 同族错误码

- EK0202: Host\_Memory\_By
- EK0203: Host\_Thread

## 如何解读报错

1. 报错文本对应哪一处登记：目录的模板是 `Failed to allocate %s host memory for Profiling.`； `Failed to allocate host memory for Profiling: %s.` 来自 `tree/compact/error_manager.c:3`。
2. 在日志中找紧挨着报错的那一行，它指明触发点： `MSPROF_LOGE("new aclprofConfig fail")` → `aclprofCreateConfig`; `MSPROF_LOGE("no memory for step info")` → `aclprofCreateStepInfo`; `MSPROF_LOGE("uploader not initialised")` → `UploaderMgr::CreateUploader`。
3. `buf_size` 的值由触发点传入：`std::to_string(sizeof(aclprofConfig)) + "B"`、`std::to_string(sizeof(aclprofStepInfo)) + "B"`、`std::to_string(STAMP_POOL_SIZE) + "B"`、`std::to_string(queueSize) + "B"`。
"#
    );
}

#[test]
fn chinese_text_has_chinese_headings_and_part_names() {
    let dir = tree();
    let run = explain(dir.path(), &["--lang", "zh"]);
    assert_eq!(
        run.stdout,
        r#"EK0201: Resource_Error_Insufficient_Host_Memory
类别: Profiling Errors
类型: error
定义位置: tree/error_manager/error_code.json:3

错误信息: Failed to allocate %s host memory for Profiling.
参数: buf_size
  buf_size: 申请的内存大小
报错示例: Failed to allocate 64M host memory for Profiling.

可能原因: 主机内存不足。
解决方法: Free host memory and retry.

上报后的文本（参数以名称表示）:
  EK0201: Failed to allocate <buf_size> host memory for Profiling.
          PossibleCause: The host ran short of memory.
          Solution: Free host memory and retry.

在 Rust 中上报:
  errcat::report!("EK0201", ["buf_size"], [buf_size]);

登记:
  tree/compact/error_manager.c:3 (C 表行)
    与目录不同的部分: 模板, 可能原因, 解决方法
    模板: Failed to allocate host memory for Profiling: %s.
      目录为: Failed to allocate %s host memory for Profiling.
    可能原因: Too little memory is free.
      目录为: The host ran short of memory.
    解决方法: Close what is not needed.
      目录为: Free host memory and retry.
  tree/docs/en/Profiling-Errors/EK0201-Resource_Error_Insufficient_Host_Memory.md:1 (参考页面（英文）)
  tree/docs/zh/Profiling-Errors/EK0201-Resource_Error_Insufficient_Host_Memory.md:1 (参考页面（中文）)
  tree/error_manager/error_code.json:3 (目录条目)

上报点 (4):
  tree/prof/acl_config.cpp:9
    位于 aclprofCreateConfig
    条件 profConfig == nullptr
    传入 buf_size = std::to_string(sizeof(aclprofConfig)) + "B"
    旁边的日志 MSPROF_LOGE("new aclprofConfig fail") (行 7)
  tree/prof/step_info.cpp:8 (through REPORT_POOL_OOM at tree/prof/report.h:2)
    位于 aclprofCreateStepInfo
    条件 stepInfo == nullptr
    传入 buf_size = std::to_string(sizeof(aclprofStepInfo)) + "B"
    旁边的日志 MSPROF_LOGE("no memory for step info") (行 7)
  tree/prof/tx_manager.cpp:9 (through HOST_MEMORY_ERROR)
    位于 TxManager::Init
    条件 ret != PROFILING_SUCCESS
    传入 buf_size = std::to_string(STAMP_POOL_SIZE) + "B"
  tree/transport/uploader_mgr.cpp:9 (through REPORT_OOM at line 2)
    位于 UploaderMgr::CreateUploader
    条件 ret != PROFILING_SUCCESS
    传入 buf_size = std::to_string(queueSize) + "B"
    旁边的日志 MSPROF_LOGE("uploader not initialised") (行 8)

测试 (2):
  tree/tests/ut/error_manager_test.cc:3 (上报 位于 TEST_F(ErrorManagerTest, ReportHostMemory))
  tree/tests/ut/error_manager_test.cc:5 (EXPECT_STREQ 位于 TEST_F(ErrorManagerTest, ReportHostMemory)) 断言:
    EK0201: Failed to allocate host memory for Profiling: 100.\r\nPossibleCause: Too little memory is free.\r\n
    对应的登记： tree/compact/error_manager.c:3

同族错误码:
  EK0202: Host_Memory_By
  EK0203: Host_Thread

以下部分没有中文页面，沿用英文: 解决方法
"#
    );
}

#[test]
fn copied_text_cannot_make_markup_or_forge_lines() {
    // Markdown-active characters, a control character and a line break in
    // the catalog's texts; backticks in the expressions the site passes.
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "tree/error_code.json",
        r##"{"error_info_list": [{"errClass": "Profiling Errors", "errTitle": "Low_*Mem*", "ErrCode": "EK0201", "ErrMessage": "Cannot get %s <now>.", "Arglist": "buf_size", "suggestion": {"Possible Cause": "# Use <b>free</b> | `top` \u001b[2J [x](y)", "Solution": "1. Free\nEK9999: forged"}}]}
"##,
    );
    write(
        dir.path(),
        "tree/a.cpp",
        r#"void f(int n) {
    if (n > `0`) {
        LOGE("run `free -h` | grep *Mem*");
        REPORT("EK0201", {"buf_size"}, {std::string("<") + "`x`"});
    }
}
"#,
    );
    let run = errcode(
        dir.path(),
        &[
            "explain",
            "EK0201",
            "--catalog",
            "tree/error_code.json",
            "--against",
            "tree",
            "--format",
            "markdown",
        ],
    );
    assert_eq!(
        run.stdout,
        r#"# EK0201 Low\_\*Mem\*

- Class: Profiling Errors
- Kind: error
- Defined at: `tree/error_code.json:1`

## Meaning

Message:

```text
Cannot get %s <now>.
```

Arguments:

- `buf_size`

As reported:

```text
EK0201: Cannot get <buf_size> <now>.
        PossibleCause: # Use <b>free</b> | `top` \u{1b}[2J [x](y)
        Solution: 1. Free
EK9999: forged
```

### Possible cause

\# Use \<b\>free\</b\> \| \`top\` \\u{1b}\[2J \[x\](y)

### Solution

1\. Free\\nEK9999: forged

## Registrations

- `tree/error_code.json:1` (catalog entry, same as the catalog)
  - template: `Cannot get %s <now>.`
  - arguments: `buf_size`
  - cause: \# Use \<b\>free\</b\> \| \`top\` \\u{1b}\[2J \[x\](y)
  - solution: 1\. Free\\nEK9999: forged
  - title: Low\_\*Mem\*

## Triggers (1)

### `tree/a.cpp`

- line 4, in `f`, when `` n > `0` ``
  - `buf_size` = ``std::string("<") + "`x`"``
  - beside ``LOGE("run `free -h` | grep *Mem*")`` (line 3)

## Reading a report of it

1. Find the log line just before the report; it names the trigger: ``LOGE("run `free -h` | grep *Mem*")`` → `f`.
2. The value of `buf_size` is what the trigger passed: ``std::string("<") + "`x`"``.
"#
    );
}
