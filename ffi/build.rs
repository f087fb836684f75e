//! Compiles `FormatReportInner`, the one function of the header that is
//! variadic and therefore written in C (`src/format_report_inner.c`), and
//! hands the target triple to the tests, which compile C programs for it.
//!
//! rustc exports from a cdylib only the symbols Rust defines, so on the
//! architectures `src/lib.rs` has a trampoline for, the C function is named
//! `errcode_ffi_format_report_inner` and Rust defines `FormatReportInner` as a
//! jump to it; elsewhere the C function is `FormatReportInner` itself, which
//! the static library has and the shared library then lacks.

fn main() {
    println!("cargo::rerun-if-changed=src/format_report_inner.c");
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let mut build = cc::Build::new();
    if matches!(arch.as_str(), "x86_64" | "aarch64") {
        build.define("ERRCODE_FFI_TRAMPOLINE", None);
    }
    build
        .file("src/format_report_inner.c")
        .warnings(true)
        .extra_warnings(true)
        .warnings_into_errors(true)
        .compile("errcode_ffi_format");
    let target = std::env::var("TARGET").expect("cargo sets TARGET for build scripts");
    println!("cargo::rustc-env=ERRCODE_FFI_TARGET={target}");
}
