//! The link lines of an installed errcat-ffi (`ffi/install.sh`): the
//! `pkg-config` files and the CMake package. Code compiled against CANN's
//! own headers refers to the report functions weakly, which alone neither
//! pulls an object out of a static library nor keeps a shared one under
//! `--as-needed`: with a plain link line such a program links and crashes on
//! its first report. The tests show that first, then that the installed
//! lines link it safely, and that the static line fails at link time, not at
//! run time, against a library without the C++ layer. Then that each
//! module gives "error_manager.h" the meaning its users expect (the compact
//! C ABI in C, the ErrorManager class in C++), that CANN's own names
//! (`-lerror_manager`, pkg-config `error_manager`, CMake `error_manager`)
//! link errcode, that shared links run without `LD_LIBRARY_PATH`, and that
//! the compact static module keeps the C++ runtime out of a C program.

use std::os::unix::process::ExitStatusExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Where cargo put this crate's libraries, beside this test executable.
fn library_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test executable has a path");
    exe.parent()
        .expect("the test executable is in a directory")
        .to_path_buf()
}

fn work_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("errcat-ffi/link");
    std::fs::create_dir_all(&dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    dir
}

/// A prefix errcat-ffi is installed into by `ffi/install.sh`, once.
fn prefix() -> &'static Path {
    static PREFIX: OnceLock<PathBuf> = OnceLock::new();
    PREFIX.get_or_init(|| {
        let prefix = work_dir().join("prefix");
        let _ = std::fs::remove_dir_all(&prefix);
        let mut install = Command::new("bash");
        install
            .arg(crate_dir().join("install.sh"))
            .arg(&prefix)
            .arg(library_dir());
        succeed(install);
        prefix
    })
}

fn outcome(mut command: Command) -> Output {
    command
        .output()
        .unwrap_or_else(|error| panic!("cannot run {command:?}: {error}"))
}

/// Runs `command`; panics with its output unless it succeeds.
fn succeed(command: Command) -> Output {
    let shown = format!("{command:?}");
    let output = outcome(command);
    assert!(
        output.status.success(),
        "{shown} failed ({}):\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// The fields of a `pkg-config` file with its variables substituted, as
/// `pkg-config --cflags --libs` prints them (read here, so that the test
/// needs no `pkg-config`).
fn pkg_config(name: &str) -> Vec<String> {
    let path = prefix().join(format!("lib/pkgconfig/{name}.pc"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    let mut variables: Vec<(String, String)> = Vec::new();
    let substitute = |value: &str, variables: &[(String, String)]| {
        let mut value = value.to_owned();
        for (name, replacement) in variables.iter().rev() {
            value = value.replace(&format!("${{{name}}}"), replacement);
        }
        value
    };
    let mut flags = Vec::new();
    for line in text.lines() {
        if let Some((field, value)) = line.split_once(": ") {
            if field == "Cflags" || field == "Libs" {
                flags.extend(
                    substitute(value, &variables)
                        .split_whitespace()
                        .map(str::to_owned),
                );
            }
        } else if let Some((name, value)) = line.split_once('=') {
            let value = substitute(value, &variables);
            variables.push((name.to_owned(), value));
        }
    }
    assert!(!flags.is_empty(), "{}: no Cflags or Libs", path.display());
    flags
}

fn compiler() -> Command {
    compiler_for(true)
}

/// The C++ compiler, or with `cpp` false the C compiler.
fn compiler_for(cpp: bool) -> Command {
    let target = env!("ERRCODE_FFI_TARGET");
    cc::Build::new()
        .cpp(cpp)
        .target(target)
        .host(target)
        .opt_level(1)
        .cargo_metadata(false)
        .try_get_compiler()
        .unwrap_or_else(|error| panic!("no C or C++ compiler for {target}: {error}"))
        .to_command()
}

/// `tests/c/weak_report_only.cc` linked with `flags` as `name`.
fn weak_program(name: &str, flags: &[String]) -> Command {
    let exe = work_dir().join(name);
    let mut command = compiler();
    command
        .arg("-std=c++14")
        .arg(crate_dir().join("tests/c/weak_report_only.cc"))
        .arg("-o")
        .arg(&exe)
        .args(flags);
    succeed(command);
    Command::new(exe)
}

/// What the static library needs from the system, as rustc lists it.
fn system_libs() -> Vec<String> {
    ["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl"]
        .map(str::to_owned)
        .to_vec()
}

#[test]
fn a_plain_link_of_a_weak_only_program_crashes_on_the_first_report() {
    let libs = library_dir();
    let mut flags = vec![libs.join("liberrcat_ffi.a").display().to_string()];
    flags.extend(system_libs());
    let output = outcome(weak_program("plain-static", &flags));
    assert_eq!(
        output.status.signal(),
        Some(11),
        "static: {:?}",
        output.status
    );

    let flags = [
        "-Wl,--as-needed".to_owned(),
        format!("-L{}", libs.display()),
        "-lerrcat_ffi".to_owned(),
        format!("-Wl,-rpath,{}", libs.display()),
        "-Wl,--disable-new-dtags".to_owned(),
    ];
    let output = outcome(weak_program("plain-shared", &flags));
    assert_eq!(
        output.status.signal(),
        Some(11),
        "shared: {:?}",
        output.status
    );
}

#[test]
fn the_static_pkg_config_line_links_a_weak_only_program() {
    let output = succeed(weak_program("pc-static", &pkg_config("errcat_ffi_static")));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "reported\n");
}

#[test]
fn the_shared_pkg_config_line_links_a_weak_only_program_under_as_needed() {
    let lib = prefix().join("lib");
    let mut flags = vec!["-Wl,--as-needed".to_owned()];
    flags.extend(pkg_config("errcat_ffi"));
    flags.push(format!("-Wl,-rpath,{}", lib.display()));
    flags.push("-Wl,--disable-new-dtags".to_owned());
    let output = succeed(weak_program("pc-shared", &flags));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "reported\n");
    // The program names the library by its SONAME.
    let mut readelf = Command::new("readelf");
    readelf.arg("-d").arg(work_dir().join("pc-shared"));
    let dynamic = String::from_utf8_lossy(&succeed(readelf).stdout).into_owned();
    assert!(
        dynamic.contains("Shared library: [liberrcat_ffi.so]"),
        "{dynamic}"
    );
}

#[test]
fn the_shared_library_has_a_soname() {
    let mut readelf = Command::new("readelf");
    readelf.arg("-d").arg(prefix().join("lib/liberrcat_ffi.so"));
    let dynamic = String::from_utf8_lossy(&succeed(readelf).stdout).into_owned();
    assert!(
        dynamic.contains("Library soname: [liberrcat_ffi.so]"),
        "{dynamic}"
    );
}

#[test]
fn the_static_line_fails_at_link_time_where_the_cxx_layer_is_missing() {
    // The static line, with an archive that lacks the C++ object (an empty
    // one) in place of the library.
    let empty = work_dir().join("libempty.a");
    let _ = std::fs::remove_file(&empty);
    let mut ar = Command::new("ar");
    ar.arg("rc").arg(&empty);
    succeed(ar);
    let installed = prefix().join("lib/liberrcat_ffi.a").display().to_string();
    let flags: Vec<String> = pkg_config("errcat_ffi_static")
        .into_iter()
        .map(|flag| {
            if flag == installed {
                empty.display().to_string()
            } else {
                flag
            }
        })
        .collect();
    let exe = work_dir().join("no-cxx");
    let mut command = compiler();
    command
        .arg("-std=c++14")
        .arg(crate_dir().join("tests/c/weak_report_only.cc"))
        .arg("-o")
        .arg(&exe)
        .args(&flags);
    let output = outcome(command);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "linked without the C++ layer");
    assert!(
        stderr.contains("errcode_ffi_cxx"),
        "the linker does not name the missing object: {stderr}"
    );
}

/// `tests/c/NAME` (C or C++ by its extension) built with `flags` as
/// `exe`, and run without `LD_LIBRARY_PATH` (cargo sets it to folders that
/// hold the library): it must print "reported".
fn build_and_run_alone(source: &str, exe: &str, flags: &[String]) -> PathBuf {
    let cpp = source.ends_with(".cc");
    let path = work_dir().join(exe);
    let mut command = compiler_for(cpp);
    command
        .arg(if cpp { "-std=c++14" } else { "-std=c99" })
        .args(["-Wall", "-Werror"])
        .arg(crate_dir().join("tests/c").join(source))
        .arg("-o")
        .arg(&path)
        .args(flags);
    succeed(command);
    let mut run = Command::new(&path);
    run.env_remove("LD_LIBRARY_PATH");
    let output = succeed(run);
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "reported\n",
        "{exe}"
    );
    path
}

/// The libraries `exe` names in its dynamic section.
fn needed(exe: &Path) -> String {
    let mut readelf = Command::new("readelf");
    readelf.arg("-d").arg(exe);
    let dynamic = String::from_utf8_lossy(&succeed(readelf).stdout).into_owned();
    dynamic
        .lines()
        .filter(|line| line.contains("(NEEDED)"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn error_manager_h_is_the_compact_abi_in_c_with_the_compact_modules_flags() {
    // Shared: runs without LD_LIBRARY_PATH, by the rpath of the line.
    let flags = pkg_config("errcat_ffi_compact");
    assert!(
        flags.iter().any(|flag| flag.starts_with("-Wl,-rpath,")),
        "{flags:?}"
    );
    let exe = build_and_run_alone("include_compact.c", "compact-shared", &flags);
    assert!(needed(&exe).contains("liberrcat_ffi.so"));
}

#[test]
fn the_compact_static_module_links_c_without_the_cxx_runtime() {
    let flags = pkg_config("errcat_ffi_compact_static");
    assert!(
        !flags.iter().any(|flag| flag.contains("stdc++")),
        "{flags:?}"
    );
    let exe = build_and_run_alone("include_compact.c", "compact-static", &flags);
    let needed = needed(&exe);
    assert!(!needed.contains("libstdc++"), "{needed}");
    assert!(!needed.contains("liberrcat_ffi"), "{needed}");
}

#[test]
fn error_manager_h_is_the_class_in_cxx_with_the_cxx_modules_flags() {
    for module in ["errcat_ffi", "error_manager"] {
        build_and_run_alone(
            "include_class.cc",
            &format!("class-{module}"),
            &pkg_config(module),
        );
    }
    build_and_run_alone(
        "include_class.cc",
        "class-error_manager_static",
        &pkg_config("error_manager_static"),
    );
}

#[test]
fn cannes_link_line_minus_lerror_manager_links_errcode() {
    // CANN's own link line, with only the folders added.
    let include = prefix().join("include/errcat_ffi/cann");
    let lib = prefix().join("lib");
    let flags = [
        format!("-I{}", include.display()),
        format!("-L{}", lib.display()),
        format!("-Wl,-rpath,{}", lib.display()),
        "-lerror_manager".to_owned(),
    ];
    let exe = build_and_run_alone("include_class.cc", "minus-lerror_manager", &flags);
    // The library is named by its SONAME, whichever name linked it.
    assert!(needed(&exe).contains("liberrcat_ffi.so"));
}

/// The CMake packages, through `find_package(errcat_ffi)` and
/// `find_package(error_manager)`, every target: the compact ones build C
/// that includes "error_manager.h", the `error_manager` ones C++ that does.
/// CMake is not part of the machines' toolchain: run it with
/// `cargo test -p errcat-ffi --test link -- --ignored` where it is.
#[test]
#[ignore = "needs cmake"]
fn find_package_gives_targets_that_link_a_weak_only_program() {
    let project = work_dir().join("cmake-project");
    let build = work_dir().join("cmake-build");
    let _ = std::fs::remove_dir_all(&build);
    std::fs::create_dir_all(&project).expect("the folder is made");
    std::fs::write(
        project.join("CMakeLists.txt"),
        format!(
            "cmake_minimum_required(VERSION 3.13)\nproject(weak_only C CXX)\n\
             find_package(errcat_ffi 0.1 REQUIRED)\n\
             find_package(error_manager 0.1 REQUIRED)\n\
             add_executable(weak_shared {source})\n\
             target_link_libraries(weak_shared PRIVATE errcat_ffi::errcat_ffi)\n\
             target_link_options(weak_shared PRIVATE -Wl,--as-needed)\n\
             add_executable(weak_static {source})\n\
             target_link_libraries(weak_static PRIVATE errcat_ffi::errcat_ffi_static)\n\
             add_executable(compact_shared {compact})\n\
             target_link_libraries(compact_shared PRIVATE errcat_ffi::compact)\n\
             add_executable(compact_static {compact})\n\
             target_link_libraries(compact_static PRIVATE errcat_ffi::compact_static)\n\
             add_executable(class_shared {class})\n\
             target_link_libraries(class_shared PRIVATE error_manager)\n\
             add_executable(class_static {class})\n\
             target_link_libraries(class_static PRIVATE error_manager_static)\n",
            source = crate_dir().join("tests/c/weak_report_only.cc").display(),
            compact = crate_dir().join("tests/c/include_compact.c").display(),
            class = crate_dir().join("tests/c/include_class.cc").display(),
        ),
    )
    .expect("the project is written");
    let mut configure = Command::new("cmake");
    configure
        .arg("-S")
        .arg(&project)
        .arg("-B")
        .arg(&build)
        .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix().display()));
    succeed(configure);
    let mut make = Command::new("cmake");
    make.arg("--build").arg(&build);
    succeed(make);
    for exe in [
        "weak_shared",
        "weak_static",
        "compact_shared",
        "compact_static",
        "class_shared",
        "class_static",
    ] {
        let mut run = Command::new(build.join(exe));
        run.env_remove("LD_LIBRARY_PATH");
        let output = succeed(run);
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            "reported\n",
            "{exe}"
        );
    }
    let needed = needed(&build.join("compact_static"));
    assert!(!needed.contains("libstdc++"), "{needed}");
}
