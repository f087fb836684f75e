//! What the CLI's test files share: running `errcode` in a folder.

use std::path::Path;

use assert_cmd::Command;

/// What a run of `errcode` printed, and its exit status.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    /// `-1` for a run a signal ended (a crash), which no test expects.
    pub status: i32,
}

/// Runs `errcode ARGS` in `dir`.
pub fn errcode(dir: &Path, args: &[&str]) -> Run {
    let output = Command::cargo_bin("errcode")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    Run {
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
        status: output.status.code().unwrap_or(-1),
    }
}
