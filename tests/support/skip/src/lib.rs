//! A test whose input is absent (the real catalog beside the repository,
//! the compiler the UI cases were reviewed with) skips on a developer's
//! machine, saying so, and fails in CI, where a skip would turn a missing
//! input into a green run.

use std::fmt::Display;

/// Whether the environment says this is a CI run: `CI=true`, as CI
/// services set it and `.ci/run` runs.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|value| value == "true")
}

/// Says why the calling test does not run: prints `skipped: {why}`, or,
/// with `CI=true`, panics with the reason so that the test fails. The
/// caller returns right after.
#[track_caller]
pub fn skip(why: impl Display) {
    if in_ci() {
        panic!("cannot run with CI=true, where a test may not skip: {why}");
    }
    println!("skipped: {why}");
}
