//! Compiles the parts of the library written in C and C++, and hands the
//! target triple to the tests, which compile C and C++ programs for it:
//!
//! - `FormatReportInner`, the one function of the compact header that is
//!   variadic and therefore written in C (`src/format_report_inner.c`);
//! - the C++ face of CANN's error-message framework (`src/err_msg.cc`,
//!   over `src/ge.rs`), which needs `std::vector`, `std::unique_ptr` and
//!   `va_list`.
//!
//! rustc exports from a cdylib only the symbols Rust defines. For
//! `FormatReportInner`, on the architectures `src/lib.rs` has a trampoline
//! for, the C function is named `errcode_ffi_format_report_inner` and Rust
//! defines `FormatReportInner` as a jump to it. The C++ layer is not
//! referenced from Rust at all (so that a C program linking the static
//! library for the compact ABI does not pull it in, nor need the C++
//! runtime): it is linked whole into the shared library, and on Linux a
//! version script of its own (`cxx_exports.map`), merged by the linker with
//! rustc's, exports its symbols.

fn main() {
    println!("cargo::rerun-if-changed=src/format_report_inner.c");
    println!("cargo::rerun-if-changed=src/err_msg.cc");
    println!("cargo::rerun-if-changed=include/cann/base/err_msg.h");
    println!("cargo::rerun-if-changed=include/cann/base/err_mgr.h");
    println!("cargo::rerun-if-changed=include/cann/error_manager.h");
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let trampoline = matches!(arch.as_str(), "x86_64" | "aarch64");
    let mut build = cc::Build::new();
    if trampoline {
        build.define("ERRCODE_FFI_TRAMPOLINE", None);
    }
    build
        .file("src/format_report_inner.c")
        .warnings(true)
        .extra_warnings(true)
        .warnings_into_errors(true)
        .compile("errcode_ffi_format");

    let mut cpp = cc::Build::new();
    cpp.cpp(true)
        .link_lib_modifier("+whole-archive")
        .std("c++14")
        .include("include/cann")
        .file("src/err_msg.cc")
        .warnings(true)
        .extra_warnings(true)
        .warnings_into_errors(true)
        .compile("errcode_ffi_cxx");

    println!("cargo::rerun-if-changed=cxx_exports.map");
    if std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux") {
        let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
        println!("cargo::rustc-cdylib-link-arg=-Wl,--version-script={dir}/cxx_exports.map");
        // A program linked to the shared library records this name, which
        // `install.sh` installs it under (CANN's liberror_manager.so is
        // named the same way, without a version).
        println!("cargo::rustc-cdylib-link-arg=-Wl,-soname,liberrcat_ffi.so");
    }
    let target = std::env::var("TARGET").expect("cargo sets TARGET for build scripts");
    println!("cargo::rustc-env=ERRCODE_FFI_TARGET={target}");
}
