//! C and C++ programs built with the system compiler (found through the `cc`
//! crate), linked against the static library cargo built for this crate,
//! and run; each program checks its own expectations byte for byte and exits
//! with a non-zero status, printing what differs, when one fails.
//!
//! The programs are in `tests/c/`; `examples/c/profiling.c` is built and run
//! here too, as the README builds it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Where cargo put the libraries of this crate: beside this test
/// executable (`target/<profile>/deps/`), built by the same rustc run as the
/// rlib this executable links, whatever the target directory is.
fn library_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test executable has a path");
    let deps = exe.parent().expect("the test executable is in a directory");
    let archive = deps.join("liberrcat_ffi.a");
    assert!(
        archive.exists(),
        "{} is missing: cargo builds the staticlib next to this test executable \
         when it builds errcat-ffi for its tests",
        archive.display()
    );
    deps.to_path_buf()
}

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A directory of this test's own for what it builds.
fn work_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("errcat-ffi")
        .join(name);
    std::fs::create_dir_all(&dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    dir
}

/// The C (or C++) compiler `cc` would use for this target, with warnings as errors.
fn compiler(cpp: bool) -> Command {
    let target = env!("ERRCODE_FFI_TARGET");
    let tool = cc::Build::new()
        .cpp(cpp)
        .target(target)
        .host(target)
        .opt_level(1)
        .debug(false)
        .cargo_metadata(false)
        .warnings(true)
        .extra_warnings(true)
        .try_get_compiler()
        .unwrap_or_else(|error| panic!("no C compiler for {target}: {error}"));
    let mut command = tool.to_command();
    command.arg("-Werror");
    command
}

/// What the static library needs from the system on Linux, as
/// `rustc --print native-static-libs` lists it.
const NATIVE_LIBS: &[&str] = &[
    "-lgcc_s",
    "-lutil",
    "-lrt",
    "-lpthread",
    "-lm",
    "-ldl",
    "-lc",
];

/// Builds `sources` into the executable `name` with `flags`, linked against
/// the static library (or, with `shared`, the shared one).
fn build(name: &str, sources: &[PathBuf], flags: &[&str], link: Link) -> PathBuf {
    let cpp = sources
        .iter()
        .any(|source| source.extension().is_some_and(|ext| ext == "cc"));
    let exe = work_dir(name).join(name);
    let libs = library_dir();
    let mut command = compiler(cpp);
    command
        .args(flags)
        .arg("-I")
        .arg(crate_dir().join("include"))
        .arg("-I")
        .arg(crate_dir().join("tests/c"));
    match link {
        Link::Static => {
            command
                .args(sources)
                .arg("-o")
                .arg(&exe)
                .arg(libs.join("liberrcat_ffi.a"))
                .args(NATIVE_LIBS);
        }
        Link::Shared => {
            command
                .args(sources)
                .arg("-o")
                .arg(&exe)
                .arg("-L")
                .arg(&libs)
                .arg("-lerrcat_ffi")
                .arg(format!("-Wl,-rpath,{}", libs.display()))
                // DT_RPATH, searched before LD_LIBRARY_PATH, which cargo
                // sets to folders that may hold an older build of the
                // library (target/debug/, uplifted by `cargo build`).
                .arg("-Wl,--disable-new-dtags")
                .args(NATIVE_LIBS);
        }
        Link::None => {
            command
                .arg("-c")
                .args(sources)
                .arg("-o")
                .arg(exe.with_extension("o"));
        }
    }
    let output = command
        .output()
        .unwrap_or_else(|error| panic!("cannot run the C compiler: {error}"));
    assert!(
        output.status.success(),
        "building {name} failed:\n{command:?}\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    exe
}

#[derive(Clone, Copy)]
enum Link {
    Static,
    Shared,
    /// Compile only.
    None,
}

fn test_source(name: &str) -> PathBuf {
    crate_dir().join("tests/c").join(name)
}

/// The flags of the test programs: C11 with POSIX (threads, barriers, strdup).
const C11: &[&str] = &["-std=c11", "-D_POSIX_C_SOURCE=200809L"];

/// Runs `exe` with `args`; panics with its output unless it exits with 0.
fn run(exe: &Path, args: &[&str]) -> Output {
    run_with(exe, args, false)
}

/// Runs `exe` with `args`, and with errcode's traces of the reports CANN
/// drops turned on (`ERRCAT_FFI_TRACE_DROPPED=1`) for the programs that
/// check them; panics with its output unless it exits with 0.
fn run_traced(exe: &Path, args: &[&str]) -> Output {
    run_with(exe, args, true)
}

fn run_with(exe: &Path, args: &[&str], traced: bool) -> Output {
    let mut command = Command::new(exe);
    if traced {
        command.env("ERRCAT_FFI_TRACE_DROPPED", "1");
    } else {
        command.env_remove("ERRCAT_FFI_TRACE_DROPPED");
    }
    let output = command
        .args(args)
        .output()
        .unwrap_or_else(|error| panic!("cannot run {}: {error}", exe.display()));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    print!("{stdout}");
    eprint!("{stderr}");
    assert!(
        output.status.success(),
        "{} failed ({}):\n{stdout}{stderr}",
        exe.display(),
        output.status
    );
    output
}

#[test]
fn rendering_is_the_rust_stores_byte_for_byte() {
    let exe = build("render", &[test_source("render.c")], C11, Link::Static);
    run_traced(&exe, &[]);
}

#[test]
fn the_compact_abi_renders_what_cannes_error_manager_c_renders() {
    let exe = build(
        "compact_suite",
        &[test_source("compact_suite.c")],
        C11,
        Link::Static,
    );
    // By default, whatever the environment the tests run in.
    let output = Command::new(&exe)
        .env_remove("ERRCAT_FFI_TRACE_DROPPED")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let output = Command::new(&exe)
        .arg("traced")
        .env("ERRCAT_FFI_TRACE_DROPPED", "1")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Our own port of the public-API cases of CANN's C++ suite
/// (error_manager_unittest.cc), on our own catalog: tests/c/cann_cpp_suite.cc.
#[test]
fn cannes_cpp_suite_ported_passes() {
    let include = format!("-I{}", crate_dir().join("include/cann").display());
    let exe = build(
        "cann_cpp_suite",
        &[test_source("cann_cpp_suite.cc")],
        &["-std=c++14", "-pthread", &include],
        Link::Static,
    );
    run(&exe, &[]);
}

#[test]
fn bad_inputs_get_a_clear_outcome() {
    let exe = build(
        "bad_inputs",
        &[test_source("bad_inputs.c")],
        C11,
        Link::Static,
    );
    run_traced(&exe, &[]);
}

#[test]
fn eight_threads_keep_their_own_errors() {
    let exe = build(
        "threads",
        &[test_source("threads.c")],
        &[C11, &["-pthread"]].concat(),
        Link::Static,
    );
    run(&exe, &[]);
}

// /proc/self/statm and GNU ld's --wrap.
#[cfg(target_os = "linux")]
#[test]
fn a_million_report_get_pairs_hold_memory_flat() {
    // Every allocation of the program, the library's included, is counted.
    let wrap = "-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free,--wrap=posix_memalign,--wrap=aligned_alloc";
    let exe = build(
        "memory",
        &[test_source("memory.c")],
        &[C11, &[wrap]].concat(),
        Link::Static,
    );
    run(&exe, &["1000000"]);
}

#[test]
fn the_real_cann_catalog_registers_at_run_time() {
    let shared = crate_dir().join("../../shared/cann/error_code.json");
    if !shared.exists() {
        skip::skip(format_args!(
            "the real CANN catalog {} is absent (it sits beside the repository as \
             shared/cann/error_code.json, and is never copied into it)",
            shared.display()
        ));
        return;
    }
    let exe = build(
        "real_catalog",
        &[test_source("real_catalog.c")],
        C11,
        Link::Static,
    );
    run_traced(&exe, &[shared.to_str().expect("a UTF-8 path")]);
}

#[test]
fn cpp_uses_the_macros_with_brace_initialised_arrays() {
    let exe = build(
        "macros_cpp",
        &[test_source("macros.cc")],
        &["-std=c++11"],
        Link::Static,
    );
    run(&exe, &[]);
    // The same translation unit as C++17, as newer CANN code is built.
    let exe = build(
        "macros_cpp17",
        &[test_source("macros.cc")],
        &["-std=c++17"],
        Link::Static,
    );
    run(&exe, &[]);
}

#[test]
fn the_header_compiles_as_c89_and_with_the_module_closed() {
    // C89: the declarations and the macros as the original header's callers
    // use them (variadic macros are C99, accepted by gcc in C89 mode too).
    build("c89", &[test_source("c89.c")], &["-std=c89"], Link::None);
    // NANO_OS_TYPE == LITEOS closes the module: the macros expand to nothing.
    build(
        "closed",
        &[test_source("c89.c")],
        &["-std=c99", "-DNANO_OS_TYPE=LITEOS"],
        Link::None,
    );
}

// FormatReportInner is in the shared library where lib.rs has its trampoline.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[test]
fn the_shared_library_exports_the_header_functions() {
    let exe = build("shared", &[test_source("shared.c")], C11, Link::Shared);
    run(&exe, &[]);
}

#[test]
fn the_c_example_runs_as_the_readme_builds_it() {
    let example = crate_dir().join("../examples/c/profiling.c");
    let exe = build(
        "profiling_example",
        std::slice::from_ref(&example),
        &["-O2"],
        Link::Static,
    );
    let output = run(&exe, &[]);
    // The README compiles it from the repository root, so __FILE__ reads so.
    let stdout = String::from_utf8_lossy(&output.stdout).replace(
        example.to_str().expect("a UTF-8 path"),
        "examples/c/profiling.c",
    );
    assert_eq!(stdout, include_str!("c/profiling.expected"));
}

/// The real CANN catalog, beside the repository; `None` when it is absent,
/// which fails the test when `CI=true` (CI must run what it claims to).
fn real_catalog() -> Option<PathBuf> {
    let shared = crate_dir().join("../../shared/cann/error_code.json");
    if shared.exists() {
        return Some(shared);
    }
    assert!(
        std::env::var_os("CI").is_none_or(|value| value != "true"),
        "the real CANN catalog {} is absent, and CI=true: the test cannot be skipped",
        shared.display()
    );
    println!(
        "skipped: the real CANN catalog {} is absent (it sits beside the repository as \
         shared/cann/error_code.json, and is never copied into it)",
        shared.display()
    );
    None
}

/// The C++ framework's test program (`tests/c/framework.cc`), compiled
/// against `include/cann` as CANN code is, and linked to the static library.
/// Built once for the tests that run it.
fn framework_program() -> PathBuf {
    static PROGRAM: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    PROGRAM
        .get_or_init(|| {
            let include = crate_dir().join("include/cann");
            let include = format!("-I{}", include.display());
            build(
                "framework",
                &[test_source("framework.cc")],
                &["-std=c++14", "-pthread", &include],
                Link::Static,
            )
        })
        .clone()
}

/// `program` copied to `<dir>/bin/`, with `catalog` as the configuration
/// file CANN's error manager reads, `<dir>/conf/error_manager/error_code.json`.
fn installed_with_catalog(dir: &str, program: &Path, catalog: &[u8]) -> PathBuf {
    let root = work_dir(dir);
    let bin = root.join("bin");
    let conf = root.join("conf/error_manager");
    for made in [&bin, &conf] {
        std::fs::create_dir_all(made).unwrap_or_else(|error| panic!("{}: {error}", made.display()));
    }
    std::fs::write(conf.join("error_code.json"), catalog)
        .expect("the configuration catalog is written");
    let installed = bin.join("framework");
    std::fs::copy(program, &installed).expect("the program is copied");
    installed
}

#[test]
fn cpp_framework_behaves_as_cannes_error_manager() {
    let exe = framework_program();
    run(&exe, &["internal"]);
    // Local time as the C library has it, for a zone with a half-hour offset.
    let output = Command::new(&exe)
        .arg("internal")
        .env("TZ", "IST-5:30")
        .output()
        .expect("the program runs");
    assert!(
        output.status.success(),
        "with TZ=IST-5:30:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn code_with_cannes_weak_declarations_links_the_static_library() {
    let exe = build(
        "weak_declarations",
        &[test_source("weak_declarations.cc")],
        &["-std=c++14", "-pthread"],
        Link::Static,
    );
    let output = run(&exe, &[]);
    assert_eq!(String::from_utf8_lossy(&output.stdout), "ok\n");
}

/// A child forked at any moment (other threads reporting and reading
/// through both ABIs, making work streams, registering catalogs, starting
/// and exiting) can report, read and register at once: of 300 children,
/// none hangs or crashes (tests/c/fork.cc counts them; each runs under an
/// alarm). The first fork comes as the threads make their first calls.
#[test]
fn a_child_forked_under_load_reports_reads_and_registers() {
    forks_under_load("fork", Link::Static, 300);
}

/// The same through the shared library, whose handlers the loader
/// registers when it loads it rather than as the program starts: fewer
/// forks, the load being the same.
#[test]
fn a_child_forked_under_load_through_the_shared_library() {
    forks_under_load("fork_shared", Link::Shared, 100);
}

/// Builds tests/c/fork.cc as `name`, linked as `link`, and forks `forks`
/// children under its load: none may hang, crash or read wrong.
fn forks_under_load(name: &str, link: Link, forks: u32) {
    let include = format!("-I{}", crate_dir().join("include/cann").display());
    let exe = build(
        name,
        &[test_source("fork.cc")],
        &["-std=c++14", "-pthread", &include],
        link,
    );
    let output = run(&exe, &[&forks.to_string()]);
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("forks {forks} hung 0 crashed 0 wrong 0\n")
    );
}

#[test]
fn cpp_framework_process_mode_shares_one_store_and_names_threads() {
    run(&framework_program(), &["process"]);
}

#[test]
fn cpp_framework_eight_threads_share_a_work_stream() {
    run(&framework_program(), &["threads"]);
}

#[cfg(target_os = "linux")]
#[test]
fn cpp_framework_a_million_cycles_hold_memory_flat() {
    run(&framework_program(), &["memory", "1000000"]);
}

#[test]
fn cpp_framework_reads_the_catalog_beside_the_library() {
    let catalog = br#"{"error_info_list": [
        {"errTitle": "Conf_Title", "ErrCode": "EK0201", "ErrMessage": "From the configuration: %s.",
         "Arglist": "buf_size"},
        {"ErrCode": "EZ7001", "ErrMessage": "Only in the configuration: %s.", "Arglist": "buf_size"}
    ]}"#;
    let exe = installed_with_catalog("framework_conf", &framework_program(), catalog);
    run(&exe, &["conf"]);
}

#[test]
fn cpp_framework_reads_the_real_cann_catalog() {
    let Some(shared) = real_catalog() else {
        return;
    };
    let catalog = std::fs::read(&shared).expect("the real catalog reads");
    let exe = installed_with_catalog("framework_real", &framework_program(), &catalog);
    run(&exe, &["real"]);
}

/// `tests/c/error_manager.cc`, CANN's `ErrorManager` class used as CANN's
/// runtime, tsd and acl use it, compiled against `include/cann` and linked
/// to the static library (or the shared one).
fn error_manager_program(link: Link) -> PathBuf {
    let include = crate_dir().join("include/cann");
    let include = format!("-I{}", include.display());
    let name = match link {
        Link::Shared => "error_manager_shared",
        _ => "error_manager",
    };
    build(
        name,
        &[test_source("error_manager.cc")],
        &["-std=c++14", "-pthread", &include],
        link,
    )
}

#[test]
fn the_error_manager_class_behaves_as_cannes() {
    run(&error_manager_program(Link::Static), &["class"]);
}

#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[test]
fn the_error_manager_class_through_the_shared_library() {
    run(&error_manager_program(Link::Shared), &["class"]);
}

// /proc/self/statm.
#[cfg(target_os = "linux")]
#[test]
fn a_million_distinct_work_stream_ids_hold_memory_flat() {
    let output = run(&error_manager_program(Link::Static), &["ids", "1000000"]);
    assert!(String::from_utf8_lossy(&output.stdout).contains("after 1000000"));
}

/// Whatever the order of `-I` for the two include folders, `error_manager.h`
/// is the C++ class's; the compact C header has a name of its own, and the
/// two in one translation unit are an error that names both.
#[test]
fn the_two_managers_headers_never_shadow_each_other() {
    let cann = format!("-I{}", crate_dir().join("include/cann").display());
    let compact = format!("-I{}", crate_dir().join("include/errcode").display());
    let probe = work_dir("shadow").join("probe.cc");
    std::fs::write(
        &probe,
        r#"#include "error_manager.h"
int probe() { return ErrorManager::GetInstance().Init(); }
"#,
    )
    .expect("the probe is written");
    for order in [[&cann, &compact], [&compact, &cann]] {
        build(
            "shadow",
            std::slice::from_ref(&probe),
            &["-std=c++14", order[0], order[1]],
            Link::None,
        );
    }
    let both = work_dir("shadow").join("both.cc");
    std::fs::write(
        &both,
        "#include \"compact_error_manager.h\"\n#include \"error_manager.h\"\n",
    )
    .expect("the probe is written");
    let mut command = compiler(true);
    let output = command
        .args(["-std=c++14", &compact, &cann, "-fsyntax-only"])
        .arg(&both)
        .output()
        .expect("the compiler runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "both headers compiled together");
    assert!(
        stderr.contains(
            "cann/error_manager.h (the C++ ErrorManager) and errcode/compact_error_manager.h \
             (the compact C runtime's) are two managers: include one per translation unit"
        ),
        "{stderr}"
    );
}

// The symbols are in the shared library where ge.rs has its trampolines.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[test]
fn cpp_framework_links_against_the_shared_library() {
    let include = crate_dir().join("include/cann");
    let include = format!("-I{}", include.display());
    let exe = build(
        "framework_shared",
        &[test_source("framework.cc")],
        &["-std=c++14", "-pthread", &include],
        Link::Shared,
    );
    run(&exe, &["internal"]);
}
