//! Compile-time diagnostics are part of the product: each case under
//! `ui-tests/fail/` must fail with exactly the reviewed `.stderr` next to it,
//! and each case under `ui-tests/pass/` must compile and run.
//!
//! The expected `.stderr` files hold the compiler's own words next to the
//! macros' (a missing import, a trait bound), and those change between
//! compiler releases. The cases therefore run on the compiler they were
//! reviewed with, named in `ui-tests/blessed-rustc-version`, and are skipped,
//! saying so, on any other; with `CI=true` the test fails instead, naming
//! both compilers. To review them on a new compiler: run
//! `TRYBUILD=overwrite cargo test --test ui`, read every changed `.stderr`,
//! and write `rustc --version` into that file.

use std::process::Command;

#[test]
fn ui() {
    let blessed = include_str!("../ui-tests/blessed-rustc-version").trim();
    let current = Command::new(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()))
        .arg("--version")
        .output()
        .ok()
        .and_then(|output| String::from_utf8(output.stdout).ok())
        .map(|version| version.trim().to_owned())
        .unwrap_or_default();
    if current != blessed {
        skip::skip(format_args!(
            "the UI cases were reviewed with `{blessed}`, and this is `{current}`; \
             see tests/ui.rs for how to review them on this compiler"
        ));
        return;
    }
    // trybuild builds the cases in a crate of its own under the target
    // folder; `include_catalog!` paths in them are looked for beside each
    // case's own file when the crate's directory has no such file.
    let cases = trybuild::TestCases::new();
    cases.compile_fail("ui-tests/fail/*.rs");
    cases.pass("ui-tests/pass/*.rs");
}
