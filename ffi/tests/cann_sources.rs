//! CANN's own sources against errcode's headers and libraries: runtime's
//! `rt_log.cc`, one of the files that use the `ErrorManager` class, is
//! compiled unchanged against `include/cann` and linked, statically and to
//! the shared library, into `tests/c/rt_log_main.cc`, which checks the text.
//!
//! Opt-in, as CI has no CANN tree:
//!
//! ```sh
//! ERRCODE_CANN_DIR=/tmp/rt cargo test -p errcat-ffi --test cann_sources -- --ignored
//! ```
//!
//! The test writes what `rt_log.cc` needs besides the error manager (a
//! `securec.h` with `vsnprintf_truncated_s`; slog's `DlogRecord` and
//! `CheckLogLevel` and mmpa's `mmGetTid`) into its target folder.

use std::path::{Path, PathBuf};
use std::process::Command;

/// `vsnprintf_truncated_s` of Huawei's bounds-checking library, over the C
/// library: the text cut to fit, its length returned.
const SECUREC: &str = r#"#ifndef ERRCODE_TEST_SECUREC_H
#define ERRCODE_TEST_SECUREC_H
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
typedef int errno_t;
#define EOK 0
static inline int vsnprintf_truncated_s(char* dest, size_t destMax, const char* format, va_list args)
{
    int written = vsnprintf(dest, destMax, format, args);
    if (written < 0) {
        return -1;
    }
    return (size_t)written >= destMax ? (int)(destMax - 1) : written;
}
#endif
"#;

/// slog's and mmpa's functions `rt_log.cc` calls, over stdio and syscall.
const SUPPORT: &str = r#"#include <cstdarg>
#include <cstdio>
#include <sys/syscall.h>
#include <unistd.h>
extern "C" void DlogRecord(int moduleId, int level, const char* fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    std::fprintf(stdout, "[dlog %d %d] ", moduleId, level);
    std::vfprintf(stdout, fmt, args);
    std::fputc('\n', stdout);
    va_end(args);
}
extern "C" int CheckLogLevel(int, int) { return 1; }
extern "C" int mmGetTid() { return static_cast<int>(syscall(SYS_gettid)); }
"#;

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn library_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test executable has a path");
    exe.parent().expect("in a directory").to_path_buf()
}

fn succeed(mut command: Command) -> String {
    let output = command
        .output()
        .unwrap_or_else(|error| panic!("cannot run {command:?}: {error}"));
    assert!(
        output.status.success(),
        "{command:?} failed ({}):\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn compiler() -> Command {
    let target = env!("ERRCODE_FFI_TARGET");
    cc::Build::new()
        .cpp(true)
        .target(target)
        .host(target)
        .opt_level(2)
        .cargo_metadata(false)
        .try_get_compiler()
        .unwrap_or_else(|error| panic!("no C++ compiler for {target}: {error}"))
        .to_command()
}

#[test]
#[ignore = "needs a hicann/runtime tree in ERRCODE_CANN_DIR"]
fn cannes_rt_log_compiles_unchanged_and_links() {
    let tree = PathBuf::from(std::env::var_os("ERRCODE_CANN_DIR").expect(
        "ERRCODE_CANN_DIR names the hicann/runtime tree whose src/runtime/core/src/common/rt_log.cc is compiled",
    ));
    let rt_log = tree.join("src/runtime/core/src/common/rt_log.cc");
    assert!(rt_log.exists(), "{} is missing", rt_log.display());
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("errcat-ffi/cann_sources");
    std::fs::create_dir_all(&dir).expect("the folder is made");
    std::fs::write(dir.join("securec.h"), SECUREC).expect("written");
    std::fs::write(dir.join("support.cc"), SUPPORT).expect("written");
    let cann = format!("-I{}", crate_dir().join("include/cann").display());
    let object = dir.join("rt_log.o");
    let mut compile = compiler();
    compile
        .args(["-std=c++17", "-DOS_TYPE=0", "-c"])
        .arg(format!("-I{}", dir.display()))
        .arg(&cann)
        .arg(format!(
            "-I{}",
            tree.join("src/runtime/core/inc/common").display()
        ))
        .arg(format!("-I{}", tree.join("src/runtime/core/inc").display()))
        .arg(format!("-I{}", tree.join("pkg_inc/base").display()))
        .arg(format!("-I{}", tree.join("pkg_inc").display()))
        .arg(&rt_log)
        .arg("-o")
        .arg(&object);
    succeed(compile);
    let libs = library_dir();
    for (name, link) in [
        (
            "rt_log-static",
            vec![libs.join("liberrcat_ffi.a").display().to_string()],
        ),
        (
            "rt_log-shared",
            vec![
                format!("-L{}", libs.display()),
                "-lerrcat_ffi".to_owned(),
                format!("-Wl,-rpath,{}", libs.display()),
                "-Wl,--disable-new-dtags".to_owned(),
            ],
        ),
    ] {
        let exe = dir.join(name);
        let mut command = compiler();
        command
            .arg("-std=c++17")
            .arg(format!("-I{}", dir.display()))
            .arg(&cann)
            .arg(crate_dir().join("tests/c/rt_log_main.cc"))
            .arg(&object)
            .arg(dir.join("support.cc"))
            .arg("-o")
            .arg(&exe)
            .args(&link)
            .args(["-lpthread", "-ldl", "-lm"]);
        succeed(command);
        let printed = succeed(Command::new(&exe));
        assert!(
            printed.contains(
                " Invalid_Argument(EE1001): The argument is invalid. Reason: stream id 99 is out of range\n        Solution: Check the argument.\n"
            ),
            "{name}:\n{printed}"
        );
        assert!(
            printed.contains("Load:[LOAD][STM_ALLOC]stream 3 failed"),
            "{name}: the log header is missing:\n{printed}"
        );
        println!("{name}: rt_log.cc compiled unchanged, linked and ran");
    }
}
