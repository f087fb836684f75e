//! `skip` fails the calling test with `CI=true` and lets it pass without:
//! each case runs this test binary again, on the one test that skips.

use std::process::Command;

// Run only by the two tests below, which set CI themselves.
#[test]
#[ignore = "run by the tests below, with and without CI=true"]
fn a_test_that_skips() {
    skip::skip("the input of this test is absent");
}

fn run_the_skipping_test(ci: Option<&str>) -> std::process::Output {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command.args(["--exact", "a_test_that_skips", "--ignored", "--nocapture"]);
    command.env_remove("CI");
    if let Some(value) = ci {
        command.env("CI", value);
    }
    command.output().unwrap()
}

#[test]
fn with_ci_true_a_skip_fails_and_names_what_is_missing() {
    let output = run_the_skipping_test(Some("true"));
    assert!(!output.status.success());
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    assert!(
        text.contains(
            "cannot run with CI=true, where a test may not skip: the input of this test is absent"
        ),
        "{text}"
    );
}

#[test]
fn elsewhere_a_skip_passes_and_says_so() {
    for ci in [None, Some("false")] {
        let output = run_the_skipping_test(ci);
        assert!(output.status.success());
        assert!(
            String::from_utf8_lossy(&output.stdout)
                .contains("skipped: the input of this test is absent")
        );
    }
}
