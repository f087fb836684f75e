//! CANN's C++ framework, errcode against CANN's own `ErrorManager`:
//! `benches/cpp/framework.cc`, a program of this project's own that calls
//! `base/err_msg.h` and `base/err_mgr.h` in msprof's shape (EK0201 +
//! `GetErrMgrErrorMessage`; ten reports + `GetErrMgrErrorMessage`), built
//! with the system C++ compiler at -O2
//!
//! - against errcode (`include/cann` and `liberrcat_ffi.a`),
//! - against `benches/cpp/floor.cc`, the same functions doing nothing: the
//!   API's own shape (the caller's vectors, the calls), printed beside the
//!   others as the floor no library goes below,
//! - and, with `ERRCODE_CANN_DIR` naming a checked-out hicann/runtime tree
//!   (kept outside this repository), against CANN's own
//!   `src/dfx/error_manager/error_manager.cc` and headers, built here with
//!   `-O2` as its CMakeLists builds it; nlohmann/json from the system
//!   (`/usr/include`, Debian's `nlohmann-json3-dev`) or
//!   `ERRCODE_NLOHMANN_INCLUDE`; and three headers this bench writes into
//!   the target directory for what the tree does not hold ([`SECUREC`],
//!   [`MMPA`], [`DLOG`]). Each program then runs from a folder of its own
//!   with the tree's `error_code.json` as its configuration catalog, where
//!   both managers read it.
//!
//! The programs run alternately, round by round; the summary prints each
//! scenario's median ns per cycle, the ratio CANN / errcode (the median of
//! the rounds' ratios) and the floor.
//!
//! ```sh
//! cargo bench -p errcat-ffi --bench cpp_framework
//! ERRCODE_CANN_DIR=/tmp/rt cargo bench -p errcat-ffi --bench cpp_framework
//! ```
//!
//! `ERRCODE_FRAMEWORK_ROUNDS` (default 7) sets the rounds,
//! `ERRCODE_FRAMEWORK_FLAT` (default 1000000) the cycles of the flatness
//! run.

use std::path::{Path, PathBuf};
use std::process::Command;

/// `securec.h` for CANN's error manager outside CANN's tree: the
/// bounds-checked calls `error_manager.cc` makes, each with the library's
/// documented bound and result, over the C library's `vsnprintf` and
/// `memcpy` (the same work Huawei's formatter does).
const SECUREC: &str = r#"/* securec.h for the errcode C++ framework benchmark (written by
 * ffi/benches/cpp_framework.rs): the calls CANN's error_manager.cc makes. */
#ifndef ERRCODE_BENCH_SECUREC_H
#define ERRCODE_BENCH_SECUREC_H
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
typedef int errno_t;
#define EOK 0
/* -1, and dest emptied, when the text does not fit in destMax bytes. */
static inline int vsprintf_s(char* dest, size_t destMax, const char* format, va_list args)
{
    int written;
    if (dest == NULL || destMax == 0 || format == NULL) {
        return -1;
    }
    written = vsnprintf(dest, destMax, format, args);
    if (written < 0 || (size_t)written >= destMax) {
        dest[0] = '\0';
        return -1;
    }
    return written;
}
static inline int sprintf_s(char* dest, size_t destMax, const char* format, ...)
{
    va_list args;
    int written;
    va_start(args, format);
    written = vsprintf_s(dest, destMax, format, args);
    va_end(args);
    return written;
}
/* At most count characters and the NUL; -1 when the text was cut. */
static inline int snprintf_s(char* dest, size_t destMax, size_t count, const char* format, ...)
{
    va_list args;
    int written;
    size_t limit = count < destMax ? count + 1 : destMax;
    va_start(args, format);
    written = vsnprintf(dest, limit, format, args);
    va_end(args);
    return (written < 0 || (size_t)written >= limit) ? -1 : written;
}
static inline errno_t strncpy_s(char* dest, size_t destMax, const char* src, size_t count)
{
    if (dest == NULL || src == NULL || count >= destMax) {
        return ERANGE;
    }
    memcpy(dest, src, count);
    dest[count] = '\0';
    return EOK;
}
#endif
"#;

/// `mmpa/mmpa_api.h`: the portability calls `error_manager.cc` makes, over
/// POSIX, as CANN's Linux mmpa implements them.
const MMPA: &str = r#"/* mmpa/mmpa_api.h for the errcode C++ framework benchmark (written by
 * ffi/benches/cpp_framework.rs): the calls CANN's error_manager.cc makes. */
#ifndef ERRCODE_BENCH_MMPA_API_H
#define ERRCODE_BENCH_MMPA_API_H
#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>
#define EN_OK 0
#define EN_ERROR (-1)
#define M_F_OK F_OK
#define MMPA_MAX_PATH PATH_MAX
typedef ssize_t mmSsize_t;
typedef struct {
    const char* dli_fname;
    void* dli_fbase;
    const char* dli_sname;
    void* dli_saddr;
    size_t dli_size;
    int dli_bind;
    int dli_type;
} mmDlInfo;
static inline int mmGetPid(void) { return (int)getpid(); }
static inline int mmGetTid(void) { return (int)syscall(SYS_gettid); }
static inline int mmDladdr(void* addr, mmDlInfo* info)
{
    Dl_info found;
    if (dladdr(addr, &found) == 0) {
        return EN_ERROR;
    }
    info->dli_fname = found.dli_fname;
    info->dli_fbase = found.dli_fbase;
    info->dli_sname = found.dli_sname;
    info->dli_saddr = found.dli_saddr;
    return EN_OK;
}
static inline const char* mmDlerror(void) { return dlerror(); }
static inline int mmRealPath(const char* path, char* real, int len)
{
    (void)len;
    return realpath(path, real) == NULL ? EN_ERROR : EN_OK;
}
static inline int mmAccess2(const char* path, int mode) { return access(path, mode) == 0 ? EN_OK : EN_ERROR; }
static inline mmSsize_t mmWrite(int fd, void* buf, unsigned int len) { return write(fd, buf, len); }
#endif
"#;

/// `dlog_pub.h`: logging with every level below errors switched off, as a
/// production process runs; the error lines (on failure paths only, none
/// of them timed) are dropped.
const DLOG: &str = r#"/* dlog_pub.h for the errcode C++ framework benchmark (written by
 * ffi/benches/cpp_framework.rs): levels below errors off. */
#ifndef ERRCODE_BENCH_DLOG_PUB_H
#define ERRCODE_BENCH_DLOG_PUB_H
#define DLOG_DEBUG 0
#define DLOG_INFO 1
#define DLOG_WARN 2
#define DLOG_ERROR 3
enum { GE = 45 };
static inline int CheckLogLevel(int module_id, int level) { (void)module_id; return level >= DLOG_ERROR; }
#define dlog_error(module_id, fmt, ...) do { (void)(module_id); } while (0)
#define dlog_warn(module_id, fmt, ...) do { (void)(module_id); } while (0)
#define dlog_info(module_id, fmt, ...) do { (void)(module_id); } while (0)
#define dlog_debug(module_id, fmt, ...) do { (void)(module_id); } while (0)
#endif
"#;

/// Every allocation of the program and of the library under test goes
/// through the program's counters (GNU ld's `--wrap`; operator new is the
/// program's own).
const WRAP: &str = "-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc";

/// Blocks of each scenario per run of `framework bench`.
const BLOCKS: &str = "101";

const SCENARIOS: [(&str, &str); 2] = [
    ("ek0201", "EK0201 (msprof's shape) + GetErrMgrErrorMessage"),
    ("ten", "ten reports + GetErrMgrErrorMessage"),
];

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn work_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("errcat-ffi/cpp_framework");
    std::fs::create_dir_all(&dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    dir
}

/// The static library cargo built beside this bench executable.
fn archive() -> PathBuf {
    let exe = std::env::current_exe().expect("the bench has a path");
    let archive = exe
        .parent()
        .expect("the bench is in a directory")
        .join("liberrcat_ffi.a");
    assert!(archive.exists(), "{} is missing", archive.display());
    archive
}

/// The C++ compiler `cc` would use for this target, at -O2.
fn compiler() -> Command {
    let target = env!("ERRCODE_FFI_TARGET");
    cc::Build::new()
        .cpp(true)
        .target(target)
        .host(target)
        .opt_level(2)
        .debug(false)
        .cargo_metadata(false)
        .try_get_compiler()
        .unwrap_or_else(|error| panic!("no C++ compiler for {target}: {error}"))
        .to_command()
}

fn run_compiler(what: &str, mut command: Command) {
    let output = command
        .output()
        .unwrap_or_else(|error| panic!("cannot run the C++ compiler: {error}"));
    assert!(
        output.status.success(),
        "building {what} failed:\n{command:?}\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// `<work>/<name>/bin/framework`, with `catalog` (when given) as its
/// configuration catalog, `<work>/<name>/conf/error_manager/error_code.json`.
fn installed(name: &str, catalog: Option<&Path>) -> PathBuf {
    let root = work_dir().join(name);
    let bin = root.join("bin");
    std::fs::create_dir_all(&bin).unwrap_or_else(|error| panic!("{}: {error}", bin.display()));
    if let Some(catalog) = catalog {
        let conf = root.join("conf/error_manager");
        std::fs::create_dir_all(&conf)
            .unwrap_or_else(|error| panic!("{}: {error}", conf.display()));
        std::fs::copy(catalog, conf.join("error_code.json"))
            .unwrap_or_else(|error| panic!("{}: {error}", catalog.display()));
    }
    bin.join("framework")
}

/// The program, `-std=c++14 -O2`, with `flags` and `inputs`.
fn build_program(
    name: &str,
    flags: &[String],
    inputs: &[PathBuf],
    catalog: Option<&Path>,
) -> PathBuf {
    let exe = installed(name, catalog);
    let mut command = compiler();
    command
        .arg("-std=c++14")
        .args(flags)
        .arg(crate_dir().join("benches/cpp/framework.cc"))
        .args(inputs)
        .arg("-o")
        .arg(&exe)
        .arg(WRAP)
        .args(["-lpthread", "-ldl", "-lm"]);
    run_compiler(&format!("the program against {name}"), command);
    exe
}

/// CANN's `error_manager.cc` from `tree`, compiled outside the repository.
fn build_cann(tree: &Path) -> (Vec<String>, PathBuf) {
    let source = tree.join("src/dfx/error_manager/error_manager.cc");
    for needed in [
        source.clone(),
        tree.join("include/dfx/base/err_msg.h"),
        tree.join("pkg_inc/base/err_mgr.h"),
    ] {
        assert!(
            needed.exists(),
            "ERRCODE_CANN_DIR={} is not a hicann/runtime tree: {} is missing",
            tree.display(),
            needed.display()
        );
    }
    let nlohmann = std::env::var_os("ERRCODE_NLOHMANN_INCLUDE")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/include"));
    assert!(
        nlohmann.join("nlohmann/json.hpp").exists(),
        "{} has no nlohmann/json.hpp, which CANN's error_manager.cc includes: install Debian's \
         nlohmann-json3-dev or name its include folder in ERRCODE_NLOHMANN_INCLUDE",
        nlohmann.display()
    );
    let stubs = work_dir().join("cann-stubs");
    std::fs::create_dir_all(stubs.join("mmpa")).expect("the stubs folder is made");
    for (file, text) in [
        ("securec.h", SECUREC),
        ("mmpa/mmpa_api.h", MMPA),
        ("dlog_pub.h", DLOG),
    ] {
        std::fs::write(stubs.join(file), text).expect("a stub header is written");
    }
    // The stubs first: the tree's own mmpa_api.h needs its library.
    let includes = vec![
        format!("-I{}", stubs.display()),
        format!("-I{}", tree.join("include/dfx").display()),
        format!("-I{}", tree.join("pkg_inc").display()),
    ];
    let object = work_dir().join("cann-error_manager.o");
    let mut command = compiler();
    command
        .args(["-std=c++14", "-fno-common", "-c"])
        .args(&includes)
        .arg(format!(
            "-I{}",
            tree.join("src/dfx/error_manager").display()
        ))
        .arg(format!("-I{}", nlohmann.display()))
        .arg(&source)
        .arg("-o")
        .arg(&object);
    run_compiler("CANN's error_manager.cc", command);
    (includes, object)
}

fn run(exe: &Path, args: &[&str]) -> String {
    let output = Command::new(exe)
        .args(args)
        .output()
        .unwrap_or_else(|error| panic!("cannot run {}: {error}", exe.display()));
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{} {args:?} failed ({}):\n{stdout}{}",
        exe.display(),
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// The numbers after `name` on the line of `output` that starts with it.
fn figures(output: &str, name: &str) -> Vec<f64> {
    let line = output
        .lines()
        .find(|line| line.split_whitespace().next() == Some(name))
        .unwrap_or_else(|| panic!("no {name} line in:\n{output}"));
    line.split_whitespace()
        .skip(1)
        .map(|number| {
            number
                .parse()
                .unwrap_or_else(|_| panic!("{number:?} is not a number in {line:?}"))
        })
        .collect()
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    if values.len() % 2 == 1 {
        values[middle]
    } else {
        (values[middle - 1] + values[middle]) / 2.0
    }
}

fn env_number(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(text) => text
            .parse()
            .unwrap_or_else(|_| panic!("{name}={text:?} is not a whole number")),
        Err(_) => default,
    }
}

fn load() -> String {
    errcat_bench::stats::load_average().map_or("?".to_owned(), |load| format!("{load:.2}"))
}

/// One program's results, run after run.
struct Program {
    name: &'static str,
    exe: PathBuf,
    /// Per scenario: ns per cycle of each run.
    ns: [Vec<f64>; 2],
    /// Per scenario: allocations per cycle (the same every run).
    allocations: [f64; 2],
}

impl Program {
    fn new(name: &'static str, exe: PathBuf) -> Self {
        Program {
            name,
            exe,
            ns: [Vec::new(), Vec::new()],
            allocations: [0.0; 2],
        }
    }

    fn add(&mut self, output: &str) {
        for (at, (scenario, _)) in SCENARIOS.iter().enumerate() {
            let numbers = figures(output, scenario);
            self.ns[at].push(numbers[0]);
            self.allocations[at] = numbers[1];
        }
    }
}

fn main() {
    // `cargo test --benches` builds benches and runs them with no `--bench`:
    // a test run only builds this one.
    if !std::env::args().any(|arg| arg == "--bench") {
        return;
    }
    let rounds = env_number("ERRCODE_FRAMEWORK_ROUNDS", 7).max(1) as usize;
    let flat_cycles = env_number("ERRCODE_FRAMEWORK_FLAT", 1_000_000).to_string();
    let tree = std::env::var_os("ERRCODE_CANN_DIR").map(PathBuf::from);
    let catalog = tree
        .as_ref()
        .map(|tree| tree.join("src/dfx/error_manager/error_code.json"));
    let ours = format!("-I{}", crate_dir().join("include/cann").display());

    let mut programs = vec![Program::new(
        "errcode",
        build_program(
            "errcode",
            std::slice::from_ref(&ours),
            &[archive()],
            catalog.as_deref(),
        ),
    )];
    if let Some(tree) = &tree {
        let (includes, object) = build_cann(tree);
        programs.push(Program::new(
            "CANN",
            build_program("cann", &includes, &[object], catalog.as_deref()),
        ));
    }
    let floor = Program::new(
        "floor",
        build_program(
            "floor",
            &[ours, "-DFRAMEWORK_FLOOR".to_owned()],
            &[crate_dir().join("benches/cpp/floor.cc")],
            None,
        ),
    );
    programs.push(floor);
    for program in &programs {
        println!(
            "== the texts through {} ({})",
            program.name,
            program.exe.display()
        );
        print!("{}", run(&program.exe, &["check"]));
    }

    let load_before = load();
    let with_cann = tree.is_some();
    let mut ratios: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    for round in 0..rounds {
        // Alternating, and each program first in turn.
        let count = programs.len();
        for step in 0..count {
            let at = (round + step) % count;
            let output = run(&programs[at].exe, &["bench", BLOCKS]);
            programs[at].add(&output);
        }
        if with_cann {
            for (scenario, ratio) in ratios.iter_mut().enumerate() {
                ratio.push(programs[1].ns[scenario][round] / programs[0].ns[scenario][round]);
            }
        }
    }
    let load_after = load();
    let flat: Vec<Vec<f64>> = programs
        .iter()
        .filter(|program| program.name != "floor")
        .map(|program| figures(&run(&program.exe, &["flat", &flat_cycles]), "flat"))
        .collect();

    println!();
    println!(
        "== C++ framework: ns per cycle (thread CPU time), median over {rounds} runs of the median \
         of {BLOCKS} blocks (each on a new thread after a warm-up), the programs alternating; load average \
         {load_before} before, {load_after} after"
    );
    let names: Vec<&str> = programs.iter().map(|program| program.name).collect();
    let mut header = "| scenario |".to_owned();
    for name in &names {
        header.push_str(&format!(" {name} | allocations |"));
    }
    if with_cann {
        header.push_str(" CANN / errcode (median of the runs' ratios) | target |");
    }
    println!("{header}");
    println!(
        "{}",
        "| --- ".repeat(1 + 2 * names.len() + 2 * usize::from(with_cann)) + "|"
    );
    for (at, (_, what)) in SCENARIOS.iter().enumerate() {
        let mut line = format!("| {what} |");
        for program in &mut programs {
            line.push_str(&format!(
                " {:.1} | {:.2} |",
                median(&mut program.ns[at]),
                program.allocations[at]
            ));
        }
        if with_cann {
            line.push_str(&format!(" **{:.2}×** | ≥ 15× |", median(&mut ratios[at])));
        }
        println!("{line}");
    }
    println!(
        "flat: EK0201 {flat_cycles} times on one thread, ns per cycle of the first 10^4 after \
         1,000 and of the last 10^4"
    );
    for (program, numbers) in programs.iter().zip(&flat) {
        println!(
            "| {} | {:.1} | {:.1} | {:.2} |",
            program.name,
            numbers[0],
            numbers[1],
            numbers[1] / numbers[0]
        );
    }
    if !with_cann {
        println!(
            "CANN's ErrorManager not measured: set ERRCODE_CANN_DIR to a hicann/runtime tree \
             (see BENCHMARKS.md)"
        );
    }
}
