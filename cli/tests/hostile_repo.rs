//! Hostile repositories and project files (issue 40): a cloned tree
//! nobody reviewed makes git write nothing (a revision that would be an
//! option is refused by name), makes no read block or grow without bound
//! (FIFOs, devices and files or blobs above `max-file-size` are refused by
//! name, wherever the tool reads: the project file, catalogs, previous
//! versions, baselines, `.clang-format`, git's blobs), and `history`
//! follows real histories: merges, renames, paths of any bytes, and many
//! versions in bounded memory. Every run is bounded in time and address
//! space, so that a regression fails the test instead of hanging it or
//! exhausting the machine.
#![cfg(unix)]

use std::ffi::OsStr;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::Command as Process;
use std::time::Duration;

/// What a run of `errcode` printed, and its exit status.
struct Run {
    stdout: String,
    stderr: String,
    /// `-1` for a run a signal ended (or the timeout).
    status: i32,
}

/// `errcode ARGS` in `dir`, killed after 60 seconds (status -1) and
/// limited to 2 GiB of address space, so that a read that blocks or
/// grows fails the test.
fn errcode(dir: &Path, args: &[&str]) -> Run {
    let output = assert_cmd::Command::new("sh")
        .current_dir(dir)
        .args(["-c", "ulimit -v 2097152 && exec \"$0\" \"$@\""])
        .arg(env!("CARGO_BIN_EXE_errcode"))
        .args(args)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    Run {
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
        status: output.status.code().unwrap_or(-1),
    }
}

fn git(dir: &Path, args: &[&str]) {
    let status = git_command(dir, args).status().unwrap();
    assert!(status.success(), "git {args:?}");
}

/// `git ARGS` in `dir`, as a fixed person at a fixed date.
fn git_command(dir: &Path, args: &[&str]) -> Process {
    let mut command = Process::new("git");
    command
        .current_dir(dir)
        .args([
            "-c",
            "user.name=Test",
            "-c",
            "user.email=test@example.invalid",
            "-c",
            "init.defaultBranch=main",
        ])
        .args(args)
        .env("GIT_AUTHOR_DATE", "2026-01-02T03:04:05Z")
        .env("GIT_COMMITTER_DATE", "2026-01-02T03:04:05Z");
    command
}

/// The output of `git ARGS` in `dir`.
fn git_output(dir: &Path, args: &[&str]) -> String {
    let output = Process::new("git")
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "git {args:?}");
    String::from_utf8(output.stdout).unwrap().trim().to_owned()
}

/// A catalog of the entries `(code, message, arglist)`.
fn catalog(entries: &[(&str, &str, &str)]) -> String {
    let rows: Vec<String> = entries
        .iter()
        .map(|(code, message, args)| {
            format!(
                "    {{\"ErrCode\": \"{code}\", \"ErrMessage\": \"{message}\", \"Arglist\": \"{args}\"}}"
            )
        })
        .collect();
    format!("{{\"error_info_list\": [\n{}\n]}}\n", rows.join(",\n"))
}

const V1: &[(&str, &str, &str)] = &[("EK0001", "Bad %s.", "value")];

fn write(dir: &Path, path: &str, text: &str) {
    let path = dir.join(path);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

fn mkfifo(path: &Path) {
    let status = Process::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success());
}

/// A repository in `dir/repo` (so that `..` is still inside the test's
/// folder) with the catalog committed once.
fn repository() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path().join("repo");
    fs::create_dir(&repo).unwrap();
    write(&repo, "error_code.json", &catalog(V1));
    git(&repo, &["init", "-q"]);
    git(&repo, &["add", "."]);
    git(&repo, &["commit", "-qm", "v1"]);
    (dir, repo)
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_revision_git_would_take_for_an_option_is_refused_and_nothing_is_written() {
    let (dir, repo) = repository();
    // The project file of the clone: `errcode check` alone used to have
    // git write `../pwned2`, outside the repository.
    write(
        &repo,
        "errcode.toml",
        "catalogs = [\"error_code.json\"]\nprevious = \"--output=../pwned2:y\"\n",
    );
    let run = errcode(&repo, &["check"]);
    assert_eq!(names(dir.path()), ["repo"]);
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (
            "",
            "errcode: errcode.toml: the previous version `--output=../pwned2:y` names a revision that starts with `-`, which git would read as an option: refused\n",
            2
        )
    );
    // The same on the command line, to an absolute path.
    let target = dir.path().join("pwned3");
    let option = format!("--previous=--output={}:x", target.display());
    let run = errcode(&repo, &["check", "error_code.json", &option]);
    assert_eq!(names(dir.path()), ["repo"]);
    assert_eq!(
        (run.stderr.as_str(), run.status),
        (
            format!(
                "errcode: the previous version `--output={}:x` names a revision that starts with `-`, which git would read as an option: refused\n",
                target.display()
            )
            .as_str(),
            2
        )
    );
    // A name that is no option is data on git's input, not an argument:
    // a path that looks like one is looked up, and is not there.
    let run = errcode(
        &repo,
        &["check", "error_code.json", "--previous", "HEAD:--output=x"],
    );
    assert_eq!(
        (run.stderr.as_str(), run.status),
        (
            "errcode: git cannot show HEAD:--output=x: git has no such file at that revision\n",
            2
        )
    );
    assert_eq!(names(dir.path()), ["repo"]);
    assert_eq!(names(&repo), [".git", "errcode.toml", "error_code.json"]);
}

#[test]
fn fifos_and_devices_are_refused_by_name_wherever_they_are_read() {
    let (_dir, repo) = repository();
    mkfifo(&repo.join("fifo"));
    std::os::unix::fs::symlink("/dev/zero", repo.join("zero")).unwrap();
    let refused = |name: &str, what: &str| {
        format!(
            "errcode: cannot read {what}{name}: not a regular file (a FIFO, socket or device): not read\n"
        )
    };
    for name in ["fifo", "zero"] {
        for (args, what) in [
            (
                vec!["check", "error_code.json", "--previous", name],
                "the previous version ",
            ),
            (
                vec!["check", "error_code.json", "--baseline", name],
                "the baseline ",
            ),
            (vec!["check", name], ""),
            (vec!["list", "--catalog", name], ""),
            (vec!["check", "--config", name], ""),
        ] {
            let run = errcode(&repo, &args);
            assert_eq!(
                (run.stderr.as_str(), run.status),
                (refused(name, what).as_str(), 2),
                "{args:?}"
            );
        }
    }
    // A project file found in the working folder that is no file is
    // refused by name, not passed over for one further up.
    for name in ["fifo", "zero"] {
        fs::rename(repo.join(name), repo.join("errcode.toml")).unwrap();
        let run = errcode(&repo, &["check"]);
        assert_eq!(
            (run.stderr.as_str(), run.status),
            (refused("errcode.toml", "").as_str(), 2)
        );
        fs::remove_file(repo.join("errcode.toml")).unwrap();
    }
}

#[test]
fn the_project_files_limit_bounds_every_read() {
    let (_dir, repo) = repository();
    write(
        &repo,
        "errcode.toml",
        "catalogs = [\"error_code.json\"]\nmax-file-size = 300\n",
    );
    let large = catalog(&[("EK0001", &"Bad %s. ".repeat(50), "value")]);
    write(&repo, "large.json", &large);
    let size = large.len();
    let too_large = |what: &str| {
        format!(
            "errcode: cannot read {what}large.json: {size} bytes, more than the limit of 300 (`max-file-size` in errcode.toml): not read\n"
        )
    };
    for (args, what) in [
        (
            vec!["check", "--previous", "large.json"],
            "the previous version ",
        ),
        (vec!["check", "--baseline", "large.json"], "the baseline "),
        (vec!["check", "large.json"], ""),
        (vec!["list", "--catalog", "large.json"], ""),
    ] {
        let run = errcode(&repo, &args);
        assert_eq!(
            (run.stderr.as_str(), run.status),
            (too_large(what).as_str(), 2),
            "{args:?}"
        );
    }
    // A blob: its size asked of git, and the blob not read.
    fs::copy(repo.join("large.json"), repo.join("error_code.json")).unwrap();
    git(&repo, &["commit", "-qam", "large"]);
    write(&repo, "error_code.json", &catalog(V1));
    git(&repo, &["commit", "-qam", "v1 again"]);
    let run = errcode(&repo, &["check", "--previous", "HEAD~1:error_code.json"]);
    assert_eq!(
        (run.stderr.as_str(), run.status),
        (
            format!("errcode: git cannot show HEAD~1:error_code.json: {size} bytes, more than the limit of 300 (`max-file-size` in errcode.toml): not read\n").as_str(),
            2
        )
    );
    // `history` leaves the version out, names it, and compares the next
    // with the last version it could read.
    let commit = git_output(&repo, &["rev-parse", "--short=10", "HEAD~1"]);
    let first = git_output(&repo, &["rev-parse", "--short=10", "HEAD~2"]);
    let run = errcode(&repo, &["history", "error_code.json"]);
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (
            format!("EK0001\n  2026-01-02 {first}  added\n2 versions of error_code.json read; 1 code, no change after the first version\n").as_str(),
            format!("errcode: 2026-01-02 {commit}: error_code.json: {size} bytes, more than the limit of 300 (`max-file-size` in errcode.toml): not read; left out\n").as_str(),
            0
        )
    );
}

/// Two C tables (in two folders) whose rows `update` rewrites, and the
/// catalog they follow.
fn write_tables(dir: &Path) {
    write(
        dir,
        "error_code.json",
        &catalog(&[("EK0201", "Cannot allocate %s.", "size")]),
    );
    for table in ["src/table.c", "src/more/table.c"] {
        write(
            dir,
            table,
            "static const ErrorInfoConfig ERROR_MAP[] = {\n    {\"EK0201\", \"Old.\", NULL, NULL, {\"size\"}},\n};\n",
        );
    }
}

#[test]
fn a_clang_format_that_is_no_file_or_too_large_is_named_once_and_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let clang_format = dir.path().join(".clang-format");
    let updated = "updated src/more/table.c (1 table row)\nupdated src/table.c (1 table row)\nupdated 2 files\n";
    let not_a_file = "errcode: cannot read .clang-format: not a regular file (a FIFO, socket or device): not read; its ColumnLimit is not used\n";
    let args = ["update", "error_code.json", "--against", "src"];
    // A FIFO used to block `update` for ever; a link to /dev/zero, to
    // fill the memory.
    mkfifo(&clang_format);
    write_tables(dir.path());
    let run = errcode(dir.path(), &args);
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (updated, not_a_file, 0)
    );
    fs::remove_file(&clang_format).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &clang_format).unwrap();
    write_tables(dir.path());
    let run = errcode(dir.path(), &args);
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (updated, not_a_file, 0)
    );
    // Larger than the project file's limit.
    fs::remove_file(&clang_format).unwrap();
    let text = format!("# {}\nColumnLimit: 80\n", "x".repeat(2000));
    fs::write(&clang_format, &text).unwrap();
    write(dir.path(), "errcode.toml", "max-file-size = \"1KiB\"\n");
    let run = errcode(
        dir.path(),
        &["update", "--dry-run", "error_code.json", "--against", "src"],
    );
    assert_eq!(
        (run.stdout.as_str(), run.stderr, run.status),
        (
            "every copy agrees with the catalog: nothing to update\n",
            format!(
                "errcode: cannot read .clang-format: {} bytes, more than the limit of 1024 (`max-file-size` in errcode.toml): not read; its ColumnLimit is not used\n",
                text.len()
            ),
            0
        )
    );
}

#[test]
fn previous_in_the_project_file_is_relative_to_its_folder() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "catalog/error_code.json",
        &catalog(&[("EK0001", "Bad %s.", "item")]),
    );
    write(dir.path(), "old/error_code.json", &catalog(V1));
    write(
        dir.path(),
        "errcode.toml",
        "catalogs = [\"catalog/error_code.json\"]\nprevious = \"old/error_code.json\"\n",
    );
    fs::create_dir(dir.path().join("src")).unwrap();
    let expected = "\
../catalog/error_code.json:2:5: EK0001: arg-renamed (SITES): \"value\" -> \"item\" (value -> item)
checked 1 entry in ../catalog/error_code.json
1 error, 0 warnings in 1 file
";
    // From a folder below the project file's, as from its own.
    let run = errcode(&dir.path().join("src"), &["check"]);
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (expected, "", 1)
    );
    let run = errcode(dir.path(), &["check"]);
    assert_eq!(
        (run.stdout.as_str(), run.status),
        (expected.replace("../", "").as_str(), 1)
    );
    // `./PATH` of a revision is relative to the project file's folder too.
    git(dir.path(), &["init", "-q"]);
    fs::copy(
        dir.path().join("old/error_code.json"),
        dir.path().join("catalog/error_code.json"),
    )
    .unwrap();
    git(dir.path(), &["add", "."]);
    git(dir.path(), &["commit", "-qm", "v1"]);
    write(
        dir.path(),
        "catalog/error_code.json",
        &catalog(&[("EK0001", "Bad %s.", "item")]),
    );
    git(dir.path(), &["commit", "-qam", "v2"]);
    write(
        dir.path(),
        "errcode.toml",
        "catalogs = [\"catalog/error_code.json\"]\nprevious = \"HEAD~1:./catalog/error_code.json\"\n",
    );
    let run = errcode(&dir.path().join("src"), &["check"]);
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (expected, "", 1)
    );
}

/// `history`'s lines with each commit's hash replaced by its message.
fn history(dir: &Path, args: &[&str]) -> (String, String, i32) {
    let run = errcode(dir, args);
    let log = git_output(dir, &["log", "--all", "--format=%h %s", "--abbrev=10"]);
    let mut stdout = run.stdout;
    let mut stderr = run.stderr;
    for line in log.lines() {
        let (hash, subject) = line.split_once(' ').unwrap();
        stdout = stdout.replace(hash, &format!("<{subject}>"));
        stderr = stderr.replace(hash, &format!("<{subject}>"));
    }
    (stdout, stderr, run.status)
}

#[test]
fn history_follows_merges_comparing_each_version_with_its_parent() {
    let (_dir, repo) = repository();
    // A side branch adds EK0002; the main line renames EK0001's argument
    // meanwhile; the merge brings EK0002 in.
    git(&repo, &["checkout", "-qb", "side"]);
    write(
        &repo,
        "error_code.json",
        &catalog(&[
            ("EK0001", "Bad %s.", "value"),
            ("EK0002", "Side %s.", "value"),
        ]),
    );
    git(&repo, &["commit", "-qam", "side"]);
    git(&repo, &["checkout", "-q", "main"]);
    write(
        &repo,
        "error_code.json",
        &catalog(&[("EK0001", "Bad %s.", "item")]),
    );
    git(&repo, &["commit", "-qam", "main"]);
    let merged = catalog(&[
        ("EK0001", "Bad %s.", "item"),
        ("EK0002", "Side %s.", "value"),
    ]);
    // The two sides conflict: the merge's text is the test's.
    let _ = git_command(&repo, &["merge", "-q", "--no-commit", "side"])
        .output()
        .unwrap();
    write(&repo, "error_code.json", &merged);
    git(&repo, &["commit", "-qam", "merge"]);
    // The first-parent line: the merge is a version, compared with the
    // main line's; the main line's commit is not compared with the side
    // branch's.
    assert_eq!(
        history(&repo, &["history", "error_code.json"]),
        (
            "EK0001\n  2026-01-02 <v1>  added\n  2026-01-02 <main>  SITES arg-renamed: \"value\" -> \"item\" (value -> item)\nEK0002\n  2026-01-02 <merge>  added\n3 versions of error_code.json read; 2 codes; SITES: arg-renamed 1; TEXT: code-added 1\n"
                .to_owned(),
            String::new(),
            0
        )
    );
    // With the side branch: its commit compared with its own parent, and
    // the merge with the main line's.
    assert_eq!(
        history(&repo, &["history", "--side-branches", "error_code.json"]),
        (
            "EK0001\n  2026-01-02 <v1>  added\n  2026-01-02 <main>  SITES arg-renamed: \"value\" -> \"item\" (value -> item)\nEK0002\n  2026-01-02 <side>  added\n  2026-01-02 <merge>  added\n4 versions of error_code.json read; 2 codes; SITES: arg-renamed 1; TEXT: code-added 2\n"
                .to_owned(),
            String::new(),
            0
        )
    );
}

#[test]
fn history_reads_a_blob_again_only_for_another_version() {
    let (_dir, repo) = repository();
    let mode = |mode: u32| {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(
            repo.join("error_code.json"),
            fs::Permissions::from_mode(mode),
        )
        .unwrap();
    };
    // A commit that changes the file's mode only has the blob of the
    // version before: a catalog with no change, or left out as it was.
    mode(0o755);
    git(&repo, &["commit", "-qam", "mode"]);
    write(&repo, "error_code.json", "{\"error_info_list\": [\n");
    git(&repo, &["commit", "-qam", "broken"]);
    mode(0o644);
    git(&repo, &["commit", "-qam", "broken mode"]);
    // Compared with the last version that was a catalog.
    write(
        &repo,
        "error_code.json",
        &catalog(&[("EK0001", "Bad value %s.", "value")]),
    );
    git(&repo, &["commit", "-qam", "fixed"]);
    assert_eq!(
        history(&repo, &["history", "error_code.json"]),
        (
            "EK0001\n  2026-01-02 <v1>  added\n  2026-01-02 <fixed>  LOGS message-anchor-changed: \"Bad %s.\" -> \"Bad value %s.\"\n3 versions of error_code.json read; 1 code; LOGS: message-anchor-changed 1\n"
                .to_owned(),
            "errcode: 2026-01-02 <broken>: error_code.json is not a catalog at this version; left out\nerrcode: 2026-01-02 <broken mode>: error_code.json is not a catalog at this version; left out\n"
                .to_owned(),
            0
        )
    );
}

#[test]
fn history_reads_paths_of_any_bytes_and_folders_named_like_commits() {
    // Folders git quotes or that look like its own output, and files that
    // look like an option or a pathspec pattern, with the other file
    // (`other.json`) a pattern would match.
    for path in [
        "commit 1111111111111111111111111111111111111111 2001-01-01/error_code.json".as_bytes(),
        "目录/error_code.json".as_bytes(),
        b"a\"b/error_code.json",
        b"a\tb/error_code.json",
        b"x\nM\x01\xff/error_code.json",
        b"--output=x.json",
        b":(glob)*.json",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path();
        let file = repo.join(OsStr::from_bytes(path));
        fs::create_dir_all(file.parent().unwrap()).unwrap();
        fs::write(&file, catalog(&[("EK0003", "First %s.", "value")])).unwrap();
        fs::write(repo.join("other.json"), catalog(V1)).unwrap();
        git(repo, &["init", "-q"]);
        git(repo, &["add", "."]);
        git(repo, &["commit", "-qm", "v1"]);
        fs::write(&file, catalog(&[("EK0003", "First %s.", "item")])).unwrap();
        fs::write(repo.join("other.json"), catalog(&[])).unwrap();
        git(repo, &["commit", "-qam", "v2"]);
        let shown = String::from_utf8_lossy(path)
            .replace('\t', "\\t")
            .replace('\n', "\\n")
            .replace('\u{1}', "\\u{1}")
            .replace('\u{fffd}', "\\xff");
        let output = Process::new(env!("CARGO_BIN_EXE_errcode"))
            .current_dir(repo)
            .arg("history")
            .arg(Path::new(".").join(OsStr::from_bytes(path)))
            .output()
            .unwrap();
        let mut stdout = String::from_utf8(output.stdout).unwrap();
        for line in git_output(repo, &["log", "--format=%h %s", "--abbrev=10"]).lines() {
            let (hash, subject) = line.split_once(' ').unwrap();
            stdout = stdout.replace(hash, &format!("<{subject}>"));
        }
        assert_eq!(
            (
                stdout,
                String::from_utf8(output.stderr).unwrap(),
                output.status.code()
            ),
            (
                format!(
                    "EK0003\n  2026-01-02 <v1>  added\n  2026-01-02 <v2>  SITES arg-renamed: \"value\" -> \"item\" (value -> item)\n2 versions of {shown} read; 1 code; SITES: arg-renamed 1\n"
                ),
                String::new(),
                Some(0)
            ),
            "{shown}"
        );
    }
}

/// Python runs the command and prints its exit status and the peak
/// resident set of the command's own process in bytes (its `VmHWM`,
/// polled: the git processes it runs are not counted).
const MEASURED: &str = r#"
import subprocess, sys, time
run = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
peak = 0
while run.poll() is None:
    try:
        for line in open(f"/proc/{run.pid}/status"):
            if line.startswith("VmHWM:"):
                peak = max(peak, int(line.split()[1]) * 1024)
    except OSError:
        pass
    time.sleep(0.002)
print(run.returncode, peak)
"#;

/// A repository whose `error_code.json` has `versions` versions of
/// `entries` entries each, one message changed per version, written
/// through `git fast-import`.
fn many_versions(versions: usize, entries: usize) -> (tempfile::TempDir, usize) {
    let dir = tempfile::tempdir().unwrap();
    git(dir.path(), &["init", "-q"]);
    let mut messages: Vec<String> = (0..entries)
        .map(|_| "Value %s of item %s is invalid.".to_owned())
        .collect();
    let mut stream = Vec::new();
    let mut size = 0;
    for version in 0..versions {
        messages[version % entries] = format!("Value %s of item %s is invalid ({version}).");
        let rows: Vec<(String, &str, &str)> = messages
            .iter()
            .enumerate()
            .map(|(index, message)| (format!("EK{index:04}"), message.as_str(), "value, item"))
            .collect();
        let rows: Vec<(&str, &str, &str)> = rows
            .iter()
            .map(|(code, message, args)| (code.as_str(), *message, *args))
            .collect();
        let text = catalog(&rows);
        size = text.len();
        stream.extend_from_slice(
            format!(
                "commit refs/heads/main\ncommitter T <t@example.invalid> {} +0000\ndata 1\nv\nM 100644 inline error_code.json\ndata {size}\n",
                1_700_000_000 + version
            )
            .as_bytes(),
        );
        stream.extend_from_slice(text.as_bytes());
        stream.push(b'\n');
    }
    let mut import = git_command(dir.path(), &["fast-import", "--quiet"])
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(import.stdin.as_mut().unwrap(), &stream).unwrap();
    drop(import.stdin.take());
    assert!(import.wait().unwrap().success());
    (dir, size)
}

/// Peak memory of `errcode history error_code.json` in `dir`, or `None`
/// (the test skips) without python3.
fn history_peak(dir: &Path) -> Option<u64> {
    if Process::new("python3").arg("--version").output().is_err() {
        skip::skip("python3 is not installed");
        return None;
    }
    let output = Process::new("python3")
        .current_dir(dir)
        .args(["-c", MEASURED, env!("CARGO_BIN_EXE_errcode")])
        .args(["history", "error_code.json"])
        .output()
        .unwrap();
    let printed = String::from_utf8(output.stdout).unwrap();
    let (status, peak) = printed.trim().split_once(' ').unwrap();
    assert_eq!(status, "0");
    Some(peak.parse().unwrap())
}

#[test]
fn history_holds_a_few_versions_whatever_their_number() {
    // 150 versions of a catalog of 200 kB: 30 MB of text, which reading
    // every version first held at once.
    let (two, size) = many_versions(2, 2000);
    let (many, _) = many_versions(150, 2000);
    let Some(base) = history_peak(two.path()) else {
        return;
    };
    let Some(peak) = history_peak(many.path()) else {
        return;
    };
    println!("history: peak {peak} bytes for 150 versions of {size} bytes, {base} for 2");
    assert!(
        peak <= base + 10 * size as u64,
        "peak {peak} bytes for 150 versions of {size} bytes (2 versions: {base})"
    );
}

/// Writes a blob of `size` NUL bytes into `repo`'s objects (a loose
/// object, compressed by Python's zlib: no file of that size is made)
/// and returns its object name.
fn write_zero_blob(repo: &Path, size: u64) -> Option<String> {
    const WRITE: &str = r#"
import hashlib, os, sys, zlib
size = int(sys.argv[1])
header = b"blob %d\0" % size
digest, packed = hashlib.sha1(header), zlib.compressobj(1)
chunk = bytes(1 << 20)
data = [packed.compress(header)]
digest_left = size
while digest_left:
    piece = chunk[:min(digest_left, len(chunk))]
    digest.update(piece)
    data.append(packed.compress(piece))
    digest_left -= len(piece)
data.append(packed.flush())
name = digest.hexdigest()
os.makedirs(f".git/objects/{name[:2]}", exist_ok=True)
with open(f".git/objects/{name[:2]}/{name[2:]}", "wb") as out:
    out.write(b"".join(data))
print(name)
"#;
    if Process::new("python3").arg("--version").output().is_err() {
        skip::skip("python3 is not installed");
        return None;
    }
    let output = Process::new("python3")
        .current_dir(repo)
        .args(["-c", WRITE, &size.to_string()])
        .output()
        .unwrap();
    assert!(output.status.success());
    Some(String::from_utf8(output.stdout).unwrap().trim().to_owned())
}

/// `errcode ARGS` in `dir` with at most `limit` bytes of address space.
fn errcode_within(dir: &Path, limit: u64, args: &[&str]) -> Run {
    let output = assert_cmd::Command::new("sh")
        .current_dir(dir)
        .args([
            "-c",
            &format!("ulimit -v {} && exec \"$0\" \"$@\"", limit / 1024),
        ])
        .arg(env!("CARGO_BIN_EXE_errcode"))
        .args(args)
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    Run {
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
        status: output.status.code().unwrap_or(-1),
    }
}

#[test]
fn a_blob_larger_than_the_memory_is_refused_by_its_size_never_read() {
    let (_dir, repo) = repository();
    // 1.5 GiB in the catalog's history, under a limit of 1 GiB of address
    // space: reading the versions whole used to abort.
    let size: u64 = 3 << 29;
    let Some(blob) = write_zero_blob(&repo, size) else {
        return;
    };
    git(
        &repo,
        &[
            "update-index",
            "--cacheinfo",
            &format!("100644,{blob},error_code.json"),
        ],
    );
    git(&repo, &["commit", "-qm", "huge"]);
    git(&repo, &["add", "error_code.json"]);
    git(&repo, &["commit", "-qm", "v1 again"]);
    let huge = git_output(&repo, &["rev-parse", "--short=10", "HEAD~1"]);
    let first = git_output(&repo, &["rev-parse", "--short=10", "HEAD~2"]);
    let refused = |limit: &str| {
        format!(
            "{size} bytes, more than the limit of {limit} (`max-file-size` in errcode.toml): not read"
        )
    };
    let run = errcode_within(&repo, 1 << 30, &["history", "error_code.json"]);
    assert_eq!(
        (run.stdout, run.stderr, run.status),
        (
            format!(
                "EK0001\n  2026-01-02 {first}  added\n2 versions of error_code.json read; 1 code, no change after the first version\n"
            ),
            format!(
                "errcode: 2026-01-02 {huge}: error_code.json: {}; left out\n",
                refused("16777216")
            ),
            0
        )
    );
    let run = errcode_within(
        &repo,
        1 << 30,
        &[
            "check",
            "error_code.json",
            "--previous",
            "HEAD~1:error_code.json",
        ],
    );
    assert_eq!(
        (run.stderr, run.status),
        (
            format!(
                "errcode: git cannot show HEAD~1:error_code.json: {}\n",
                refused("16777216")
            ),
            2
        )
    );
    // A limit that lets it in: the memory is asked for first, and refused.
    write(&repo, "errcode.toml", "max-file-size = \"2GiB\"\n");
    let run = errcode_within(
        &repo,
        1 << 30,
        &[
            "check",
            "error_code.json",
            "--previous",
            "HEAD~1:error_code.json",
        ],
    );
    assert_eq!(
        (run.stderr, run.status),
        (
            format!(
                "errcode: git cannot show HEAD~1:error_code.json: not enough memory for its {size} bytes\n"
            ),
            2
        )
    );
}

#[test]
fn history_runs_no_program_the_repositorys_configuration_names() {
    let (dir, repo) = repository();
    // A signed commit, and a configuration that has `git log` check
    // signatures with a program of the repository's choosing.
    write(
        &repo,
        "error_code.json",
        &catalog(&[("EK0001", "Bad %s.", "item")]),
    );
    git(&repo, &["add", "error_code.json"]);
    let tree = git_output(&repo, &["write-tree"]);
    let parent = git_output(&repo, &["rev-parse", "HEAD"]);
    let commit = format!(
        "tree {tree}\nparent {parent}\nauthor T <t@example.invalid> 1767323045 +0000\ncommitter T <t@example.invalid> 1767323045 +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n\nsigned\n"
    );
    let mut hash = git_command(&repo, &["hash-object", "-t", "commit", "-w", "--stdin"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(hash.stdin.as_mut().unwrap(), commit.as_bytes()).unwrap();
    drop(hash.stdin.take());
    let signed = hash.wait_with_output().unwrap();
    assert!(signed.status.success());
    let signed = String::from_utf8(signed.stdout).unwrap();
    git(&repo, &["update-ref", "HEAD", signed.trim()]);
    let marker = dir.path().join("ran");
    let program = dir.path().join("gpg");
    fs::write(
        &program,
        format!("#!/bin/sh\ntouch '{}'\nexit 1\n", marker.display()),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt as _;
    fs::set_permissions(&program, fs::Permissions::from_mode(0o755)).unwrap();
    git(&repo, &["config", "log.showSignature", "true"]);
    git(
        &repo,
        &["config", "gpg.program", &program.display().to_string()],
    );
    // The trap works: git's own log runs the program.
    let _ = git_command(&repo, &["log", "-1"]).output().unwrap();
    assert!(marker.exists(), "the repository's gpg.program did not run");
    fs::remove_file(&marker).unwrap();
    let run = errcode(&repo, &["history", "error_code.json"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .ends_with("2 versions of error_code.json read; 1 code; SITES: arg-renamed 1\n"),
        "{}",
        run.stdout
    );
    assert!(
        !marker.exists(),
        "errcode had git run the repository's gpg.program"
    );
}

#[test]
fn a_kept_page_above_the_limit_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "error_code.json",
        &catalog(&[("EK0201", "Cannot allocate %s.", "size")]),
    );
    write(dir.path(), "errcode.toml", "max-file-size = \"1KiB\"\n");
    let page = format!("# EK0201 Title\n\n{}\n", "Text. ".repeat(300));
    write(dir.path(), "keep/Errors/EK0201-Title.md", &page);
    let run = errcode(
        dir.path(),
        &[
            "export",
            "--format",
            "cann-docs",
            "--catalog",
            "error_code.json",
            "--out",
            "out",
            "--keep",
            "keep",
        ],
    );
    assert_eq!(
        (run.stderr, run.status),
        (
            format!(
                "errcode: cannot read keep/Errors/EK0201-Title.md: {} bytes, more than the limit of 1024 (`max-file-size` in errcode.toml): not read\n",
                page.len()
            ),
            2
        )
    );
    assert!(!dir.path().join("out").exists());
}
