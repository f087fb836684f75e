//! Compile-time diagnostics are part of the product: each case under
//! `ui-tests/fail/` must fail with exactly the reviewed `.stderr` next to it,
//! and each case under `ui-tests/pass/` must compile and run.

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("ui-tests/fail/*.rs");
    cases.pass("ui-tests/pass/*.rs");
}
