//! The EK0201 cycle of CANN's C++ framework served by errcode
//! (`REPORT_PREDEFINED_ERR_MSG` in msprof's shape + `GetErrMgrErrorMessage`):
//! compiles `benches/cpp/framework.cc` with the system C++ compiler at -O2
//! against the static library cargo built for this bench, and runs it. The
//! program prints the cost per cycle at 10^3 and 10^6 consecutive cycles
//! (flat means the two agree) and the allocations of a cycle.
//!
//! CANN's `ErrorManager` cannot be built here (nlohmann/json, securec, mmpa
//! and dlog are not on the machine), so the ratio it prints is against the
//! figure the issue measured, 3,800 ns a cycle, and says so.
//!
//! `cargo bench -p errcode-ffi --bench cpp_framework` (`-- 5` for 5 runs).

use std::path::Path;
use std::process::Command;

fn main() {
    let exe = std::env::current_exe().expect("the bench has a path");
    let deps = exe.parent().expect("the bench is in a directory");
    let archive = deps.join("liberrcode_ffi.a");
    assert!(archive.exists(), "{} is missing", archive.display());
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let target = env!("ERRCODE_FFI_TARGET");
    let compiler = cc::Build::new()
        .cpp(true)
        .target(target)
        .host(target)
        .opt_level(2)
        .cargo_metadata(false)
        .try_get_compiler()
        .unwrap_or_else(|error| panic!("no C++ compiler for {target}: {error}"));
    let program = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cpp_framework_bench");
    let status = compiler
        .to_command()
        .arg("-std=c++14")
        .arg(format!("-I{}", crate_dir.join("include/cann").display()))
        .arg(crate_dir.join("benches/cpp/framework.cc"))
        .arg("-o")
        .arg(&program)
        .arg(&archive)
        .arg("-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc")
        .args(["-lpthread", "-ldl", "-lm"])
        .status()
        .expect("the C++ compiler runs");
    assert!(status.success(), "building the bench program failed");
    // `cargo bench` passes `--bench`; a number is the count of runs.
    let runs = std::env::args()
        .skip(1)
        .find(|arg| arg.parse::<u32>().is_ok())
        .unwrap_or_else(|| "11".to_owned());
    let status = Command::new(&program)
        .arg(runs)
        .status()
        .expect("the bench program runs");
    assert!(status.success(), "the bench program failed");
}
