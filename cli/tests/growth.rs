//! Time grows linearly with the input on the shapes of issue 26: C
//! brackets nested n deep, Rust brackets nested n deep, n lines of
//! `#ifdef A`, and a Rust message of n `{ `. Each shape runs at n, 2n, 4n
//! and 8n in the same test, and the processor time `errcode check` takes
//! (its user and system time, read by Python's `getrusage`, less that of
//! a run on an empty file) must grow at most 24 times from n to 8n:
//! linear growth is 8 times, quadratic 64. No time is compared with a
//! threshold of its own.

use std::path::Path;
use std::process::Command;

const CATALOG: &str = r#"{"error_info_list": [
  {"ErrCode": "EK0201", "ErrMessage": "Cannot get %s bytes.", "Arglist": "size"}
]}
"#;

/// Python runs the command and prints its exit status and the processor
/// seconds it took.
const TIMED: &str = "import resource, subprocess, sys\n\
run = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n\
usage = resource.getrusage(resource.RUSAGE_CHILDREN)\n\
print(run.returncode, usage.ru_utime + usage.ru_stime)\n";

fn python() -> Option<&'static str> {
    let found = Command::new("python3").arg("--version").output().is_ok();
    if !found {
        skip::skip("python3 is not installed");
    }
    found.then_some("python3")
}

/// The processor seconds of `errcode check` on a file named `name` holding
/// `text`, the least of three runs; each must end as a check does (0 or
/// 1), not by a signal.
fn seconds(python: &str, dir: &Path, name: &str, text: &str) -> f64 {
    std::fs::write(dir.join(name), text).unwrap();
    (0..3)
        .map(|_| {
            let output = Command::new(python)
                .current_dir(dir)
                .args(["-c", TIMED])
                .arg(env!("CARGO_BIN_EXE_errcode"))
                .args(["check", "error_code.json", "--against", name])
                .output()
                .unwrap();
            let printed = String::from_utf8(output.stdout).unwrap();
            let (status, seconds) = printed.trim().split_once(' ').unwrap();
            assert!(
                status == "0" || status == "1",
                "{name}: errcode ended with {status} on {} bytes",
                text.len()
            );
            seconds.parse::<f64>().unwrap()
        })
        .fold(f64::INFINITY, f64::min)
}

/// Runs `shape` at n, 2n, 4n and 8n and checks the growth.
fn linear(name: &str, n: usize, shape: impl Fn(usize) -> String) {
    let Some(python) = python() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("error_code.json"), CATALOG).unwrap();
    let base = seconds(python, dir.path(), name, "");
    let times: Vec<f64> = [1, 2, 4, 8]
        .iter()
        .map(|times| (seconds(python, dir.path(), name, &shape(n * times)) - base).max(1e-3))
        .collect();
    let growth = times[3] / times[0];
    println!(
        "{name}: n = {n}: {:.3} s, 2n {:.3} s, 4n {:.3} s, 8n {:.3} s (less {base:.3} s for an empty file): 8n / n = {growth:.1}",
        times[0], times[1], times[2], times[3]
    );
    assert!(
        growth <= 24.0,
        "{name}: from n = {n} to 8n the time grew {growth:.1} times ({times:?})"
    );
}

#[test]
fn c_brackets_nested_n_deep() {
    linear("deep.c", 800_000, |n| {
        format!(
            "void g(void) {{ f({}{}); }}\n",
            "(".repeat(n),
            ")".repeat(n)
        )
    });
}

#[test]
fn rust_brackets_nested_n_deep() {
    linear("deep.rs", 800_000, |n| {
        format!(
            "fn g() {{ let x = {}1{}; }}\n",
            "(".repeat(n),
            ")".repeat(n)
        )
    });
}

#[test]
fn n_lines_of_ifdef() {
    linear("ifdef.c", 160_000, |n| "#ifdef A\n".repeat(n));
}

#[test]
fn a_rust_message_of_n_braces() {
    linear("message.rs", 80_000, |n| {
        format!(
            "#[error_code(\"EK0201\", message = \"{}\")]\npub struct Low;\n",
            "{ ".repeat(n)
        )
    });
}
