//! Compile-time diagnostics are part of the product: each case under
//! `ui-tests/fail/` must fail with exactly the reviewed `.stderr` next to it,
//! and each case under `ui-tests/pass/` must compile and run.

#[test]
fn ui() {
    // trybuild builds the cases in a crate of its own under the target folder;
    // `include_catalog!` paths in them are relative to this package instead.
    // SAFETY: set before trybuild starts any thread, in the only test here.
    unsafe { std::env::set_var("ERRCODE_CATALOG_BASE_DIR", env!("CARGO_MANIFEST_DIR")) };
    let cases = trybuild::TestCases::new();
    cases.compile_fail("ui-tests/fail/*.rs");
    cases.pass("ui-tests/pass/*.rs");
}
