//! Versions of a file in git: one version by `REV:PATH` (`git show`), and
//! every version of a file's history, each read once through one `git
//! cat-file --batch`, following renames.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::paths;

/// A commit that changed the file, oldest first.
#[derive(Debug, Clone)]
pub(crate) struct Version {
    pub(crate) commit: String,
    /// `2026-08-11`.
    pub(crate) date: String,
    /// The file's path at that commit, from the repository's top.
    pub(crate) path: String,
    pub(crate) text: Vec<u8>,
}

fn git(dir: &Path) -> Command {
    let mut command = Command::new("git");
    command.arg("-C").arg(dir);
    // Nothing of the user's pager or colours in what is read back.
    command.env("GIT_PAGER", "cat").env("LC_ALL", "C");
    command
}

fn run(command: &mut Command, what: &str) -> Result<Vec<u8>, String> {
    let output = command
        .stdin(Stdio::null())
        .output()
        .map_err(|error| format!("cannot run git to {what}: {error}"))?;
    if !output.status.success() {
        return Err(format!(
            "git cannot {what}: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    Ok(output.stdout)
}

/// Whether `spec` names a version in git (`REV:PATH`) rather than a file.
pub(crate) fn is_revision(spec: &str) -> bool {
    !Path::new(spec).exists() && spec.contains(':')
}

/// The text of `spec`, `REV:PATH`, in the repository that holds `near` (a
/// file or folder). `PATH` is from the repository's top, or relative to
/// `near`'s folder when it starts with `./`.
pub(crate) fn show(spec: &str, near: &Path) -> Result<Vec<u8>, String> {
    let dir = folder_of(near);
    run(git(&dir).arg("show").arg(spec), &format!("show {spec}"))
}

fn folder_of(path: &Path) -> PathBuf {
    let absolute = paths::absolute(path);
    if absolute.is_dir() {
        absolute
    } else {
        absolute.parent().map(Path::to_path_buf).unwrap_or(absolute)
    }
}

/// Every version of `file` in its repository's history, oldest first,
/// across renames.
pub(crate) fn history(file: &Path) -> Result<Vec<Version>, String> {
    let dir = folder_of(file);
    let top = run(
        git(&dir).args(["rev-parse", "--show-toplevel"]),
        "find the repository",
    )?;
    let top = PathBuf::from(String::from_utf8_lossy(&top).trim());
    let relative = paths::relative_to(&paths::absolute(file), &paths::normal(&top));
    let relative = paths::text_of(&relative);
    // One line per commit, then the file's name at that commit.
    let log = run(
        git(&top).args([
            "log",
            "--follow",
            "--format=commit %H %ad",
            "--date=short",
            "--name-only",
            "--",
            &relative,
        ]),
        &format!("read the history of {relative}"),
    )?;
    let mut commits: Vec<(String, String, String)> = Vec::new();
    for line in String::from_utf8_lossy(&log).lines() {
        if let Some(rest) = line.strip_prefix("commit ") {
            let (commit, date) = rest.split_once(' ').unwrap_or((rest, ""));
            commits.push((commit.to_owned(), date.to_owned(), String::new()));
        } else if !line.trim().is_empty()
            && let Some(last) = commits.last_mut()
            && last.2.is_empty()
        {
            last.2 = line.trim().to_owned();
        }
    }
    commits.reverse();
    // Each version read once, through one process.
    let mut batch = git(&top)
        .args(["cat-file", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|error| format!("cannot run git to read the versions: {error}"))?;
    let mut input = batch.stdin.take().ok_or("git cat-file has no input")?;
    let requests: String = commits
        .iter()
        .map(|(commit, _, path)| format!("{commit}:{path}\n"))
        .collect();
    // Written from a thread of its own: git writes while it reads.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(requests.as_bytes());
    });
    let mut output = BufReader::new(batch.stdout.take().ok_or("git cat-file has no output")?);
    let mut versions = Vec::new();
    for (commit, date, path) in commits {
        let mut header = String::new();
        output
            .read_line(&mut header)
            .map_err(|error| format!("cannot read from git: {error}"))?;
        // `<sha> blob <size>`, or `<object> missing` for a deleted file.
        let fields: Vec<&str> = header.split_whitespace().collect();
        let [_, "blob", size] = fields.as_slice() else {
            continue;
        };
        let size: usize = size.parse().map_err(|_| format!("git said {header:?}"))?;
        let mut text = vec![0; size];
        output
            .read_exact(&mut text)
            .map_err(|error| format!("cannot read from git: {error}"))?;
        let mut newline = [0u8; 1];
        let _ = output.read_exact(&mut newline);
        versions.push(Version {
            commit,
            date,
            path,
            text,
        });
    }
    let _ = writer.join();
    let _ = batch.wait();
    Ok(versions)
}

/// The previous version of `file` for a branch's changes, as `REV:PATH`:
/// REV the merge base of `reference` and `HEAD` (where the branch left
/// `reference`, so that what `reference` changed since is not counted),
/// PATH the file's from the repository's top. `reference` is taken as a
/// revision even when it starts with `-` (`--end-of-options`).
pub(crate) fn merge_base_spec(reference: &str, file: &Path) -> Result<String, String> {
    let dir = folder_of(file);
    let what = format!("find where HEAD left {reference}");
    let base = run(
        git(&dir).args(["merge-base", "--end-of-options", reference, "HEAD"]),
        &what,
    )?;
    let base = String::from_utf8_lossy(&base).trim().to_owned();
    if base.is_empty() || !base.bytes().all(|byte| byte.is_ascii_hexdigit()) {
        return Err(format!("git cannot {what}: it said {base:?}"));
    }
    let top = run(
        git(&dir).args(["rev-parse", "--show-toplevel"]),
        "find the repository",
    )?;
    let top = PathBuf::from(String::from_utf8_lossy(&top).trim());
    let relative = paths::relative_to(&paths::absolute(file), &paths::normal(&top));
    Ok(format!("{base}:{}", paths::text_of(&relative)))
}
