//! Compile-time diagnostics are part of the product: each case under
//! `ui-tests/fail/` must fail with exactly the reviewed `.stderr` next to it,
//! and each case under `ui-tests/pass/` must compile and run.

#[test]
fn ui() {
    // trybuild builds the cases in a crate of its own under the target
    // folder; `include_catalog!` paths in them are relative to each case's
    // own file, as `include_str!` paths are, so they need nothing set here.
    let cases = trybuild::TestCases::new();
    cases.compile_fail("ui-tests/fail/*.rs");
    cases.pass("ui-tests/pass/*.rs");
}
