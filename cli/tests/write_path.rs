//! The write path (issues 37 and 40): what `errcode update` writes is
//! whole or not written at all, a run killed at any moment leaves every
//! file old or new, a file that cannot be written is named and not
//! counted while the others are written, a file changed since it was read
//! is not written over, two runs at once do not both write a file, and no
//! page is created through a symbolic link out of the tree.
#![cfg(unix)]

use std::fs;
use std::io::{BufRead as _, BufReader, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::errcode;

/// How many codes the generated catalog has, and so rows each table: each
/// table is 2.5 MB, and the tables 7.5 MB, which a debug build rewrites in
/// seconds (the old `update` was killed with a 12 MB table half-written).
const CODES: usize = 4000;

/// The generated catalog: `CODES` entries whose messages are long, so
/// that each table of them is megabytes.
fn catalog() -> String {
    let entries: Vec<String> = (0..CODES)
        .map(|code| {
            format!(
                "  {{\"ErrCode\": \"EK{code:04}\", \"ErrMessage\": \"New text {code} {}.\", \"Arglist\": \"\"}}",
                "new words ".repeat(59)
            )
        })
        .collect();
    format!("{{\"error_info_list\": [\n{}\n]}}\n", entries.join(",\n"))
}

/// A C table of every code, with messages the catalog no longer has.
fn old_table() -> String {
    let mut text =
        String::from("#define MAX_ARG_NUMBER 1\nstatic const ErrorInfoConfig ERROR_MAP[] = {\n");
    for code in 0..CODES {
        text.push_str(&format!(
            "    {{\"EK{code:04}\", \"Old text {code} {}.\", NULL, NULL, {{}}}},\n",
            "old words ".repeat(58)
        ));
    }
    text.push_str("};\n");
    text
}

/// The tables of the large tree.
const TABLES: [&str; 3] = ["src/t0.c", "src/t1.c", "src/t2.c"];

/// A tree of `TABLES`, each an old table, and the catalog.
fn large_tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("error_code.json"), catalog()).unwrap();
    fs::create_dir_all(dir.path().join("src")).unwrap();
    let table = old_table();
    for name in TABLES {
        fs::write(dir.path().join(name), &table).unwrap();
    }
    dir
}

/// `errcode update error_code.json --against src` in `dir`, not waited for,
/// its standard output a pipe.
fn spawn_update(dir: &Path) -> std::process::Child {
    Command::new(assert_cmd::cargo::cargo_bin("errcode"))
        .current_dir(dir)
        .args(["update", "error_code.json", "--against", "src"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Every file under `dir`, relative, sorted.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if fs::symlink_metadata(&path).unwrap().is_dir() {
                pending.push(path);
            } else {
                files.push(path.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    files.sort();
    files
}

#[test]
fn a_run_killed_at_any_moment_leaves_each_file_old_or_new() {
    let old = old_table();
    // The new tables, from a run let finish.
    let finished = large_tree();
    let started = Instant::now();
    let run = errcode(
        finished.path(),
        &["update", "error_code.json", "--against", "src"],
    );
    let whole_run = started.elapsed();
    assert!(run.stderr.is_empty(), "{:.2000}", run.stderr);
    assert_eq!(
        (run.stdout.as_str(), run.status),
        (
            &*format!(
                "updated src/t0.c ({CODES} table rows)\nupdated src/t1.c ({CODES} table rows)\nupdated src/t2.c ({CODES} table rows)\nupdated 3 files\n"
            ),
            0
        )
    );
    let new = fs::read(finished.path().join("src/t0.c")).unwrap();
    assert_ne!(new, old.as_bytes());
    eprintln!(
        "a whole run over {} bytes of tables: {whole_run:?}",
        TABLES.len() * old.len()
    );

    // Killed as soon as a table changes on the disk (whatever the change:
    // a file truncated, written or renamed over), so that the kill lands
    // among the writes however they are made; then a little later each
    // round.
    let delays = [0u64, 0, 1, 4];
    let mut mixed = 0;
    for (round, delay_ms) in delays.into_iter().enumerate() {
        let dir = large_tree();
        let stamps = |dir: &Path| -> Vec<Option<(u64, std::time::SystemTime, u64)>> {
            use std::os::unix::fs::MetadataExt as _;
            TABLES
                .iter()
                .map(|name| {
                    let metadata = fs::metadata(dir.join(name)).ok()?;
                    Some((metadata.len(), metadata.modified().ok()?, metadata.ino()))
                })
                .collect()
        };
        let before = stamps(dir.path());
        let mut child = spawn_update(dir.path());
        let deadline = Instant::now() + Duration::from_secs(600);
        while stamps(dir.path()) == before {
            assert!(Instant::now() < deadline, "no table changed");
            if child.try_wait().unwrap().is_some() {
                break;
            }
            std::hint::spin_loop();
        }
        std::thread::sleep(Duration::from_millis(delay_ms));
        // SIGKILL: nothing of the tool runs after it.
        child.kill().unwrap();
        child.wait().unwrap();
        let mut said = String::new();
        std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut said).unwrap();
        let mut states = Vec::new();
        for name in TABLES {
            let bytes = fs::read(dir.path().join(name)).unwrap();
            let state = if bytes == new {
                "new"
            } else if bytes == old.as_bytes() {
                "old"
            } else {
                panic!(
                    "{name} is neither old nor new killed {delay_ms} ms after a table changed: {} bytes (old {}, new {})",
                    bytes.len(),
                    old.len(),
                    new.len()
                );
            };
            states.push(state);
        }
        // What it said it wrote, it wrote.
        for (name, state) in TABLES.iter().zip(&states) {
            if said.contains(&format!("updated {name} (")) {
                assert_eq!(*state, "new", "{name}: said written, so written");
            }
        }
        if states.contains(&"old") {
            mixed += 1;
        }
        // Nothing but the tables, and perhaps the hidden file being
        // written when the run was killed, which walks pass over.
        for file in files_under(dir.path()) {
            let name = file.to_string_lossy().into_owned();
            assert!(
                name == "error_code.json"
                    || TABLES.contains(&name.as_str())
                    || (name.starts_with("src/.errcode-") && name.ends_with(".tmp")),
                "{name}"
            );
        }
        // The next run finishes the work (once: each run takes seconds).
        if round + 1 == delays.len() {
            let again = errcode(
                dir.path(),
                &["update", "error_code.json", "--against", "src"],
            );
            assert_eq!(again.status, 0, "{:.2000}", again.stderr);
            for name in TABLES {
                assert!(fs::read(dir.path().join(name)).unwrap() == new, "{name}");
            }
        }
    }
    eprintln!(
        "runs killed with some tables still old: {mixed} of {}",
        delays.len()
    );
}

/// Three small tables, each a row the catalog has changed.
fn small_tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("error_code.json"),
        "{\"error_info_list\": [{\"ErrCode\": \"EK0201\", \"ErrMessage\": \"Cannot get %s bytes.\", \"Arglist\": \"size\"}]}\n",
    )
    .unwrap();
    fs::create_dir_all(dir.path().join("src")).unwrap();
    for name in ["src/a.c", "src/b.c", "src/z.c"] {
        fs::write(dir.path().join(name), SMALL_OLD).unwrap();
    }
    dir
}

const SMALL_OLD: &str = "{\"EK0201\", \"Wrong.\", NULL, NULL, {\"size\"}},\n";
const SMALL_NEW: &str = "{\"EK0201\", \"Cannot get %s bytes.\", NULL, NULL, {\"size\"}},\n";

#[test]
fn a_read_only_file_is_named_not_counted_and_the_others_are_written() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = small_tree();
    let read_only = dir.path().join("src/b.c");
    fs::set_permissions(&read_only, fs::Permissions::from_mode(0o444)).unwrap();
    // A note on what was read comes before the notes of the writes.
    fs::write(
        dir.path().join("src/n.c"),
        "{\"EK0999\", \"Other.\", NULL, NULL, {}},\n",
    )
    .unwrap();
    let run = errcode(
        dir.path(),
        &["update", "error_code.json", "--against", "src"],
    );
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (
            "updated src/a.c (1 table row)\nupdated src/z.c (1 table row)\nupdated 2 files\n",
            "errcode: src/n.c:1: EK0999: no catalog has the code: the row is left as it is\n\
             errcode: src/b.c is read-only: not written\n\
             errcode: 1 file not written (named above): it is left as it was; the others were written whole\n",
            2
        )
    );
    assert_eq!(fs::read_to_string(&read_only).unwrap(), SMALL_OLD);
    assert_eq!(
        fs::metadata(&read_only).unwrap().permissions().mode() & 0o777,
        0o444
    );
    for name in ["src/a.c", "src/z.c"] {
        assert_eq!(
            fs::read_to_string(dir.path().join(name)).unwrap(),
            SMALL_NEW
        );
    }
}

#[test]
fn a_file_that_cannot_be_written_is_named_and_left_whole() {
    // A write that truly fails, for root too: a file-size limit
    // (`ulimit -f`) smaller than one table's new text but not the
    // others', with SIGXFSZ ignored so that the write returns EFBIG.
    let dir = small_tree();
    let big = format!("{}{SMALL_OLD}", "/* a long comment */\n".repeat(400));
    fs::write(dir.path().join("src/b.c"), &big).unwrap();
    let output = Command::new("sh")
        .current_dir(dir.path())
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 8; exec \"$0\" update error_code.json --against src")
        .arg(assert_cmd::cargo::cargo_bin("errcode"))
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        (stdout.as_str(), stderr.as_str(), output.status.code()),
        (
            "updated src/a.c (1 table row)\nupdated src/z.c (1 table row)\nupdated 2 files\n",
            "errcode: cannot write src/b.c: File too large (os error 27)\n\
             errcode: 1 file not written (named above): it is left as it was; the others were written whole\n",
            Some(2)
        )
    );
    assert_eq!(fs::read_to_string(dir.path().join("src/b.c")).unwrap(), big);
    // And no half-written file beside it.
    assert_eq!(
        files_under(dir.path()),
        ["error_code.json", "src/a.c", "src/b.c", "src/z.c"].map(PathBuf::from)
    );
}

#[test]
fn a_file_changed_since_it_was_read_is_not_written_over() {
    let dir = small_tree();
    let changed = dir.path().join("src/z.c");
    // Another writer holds src/z.c (the lock `update` takes on each file
    // it replaces) until it has changed it.
    let held = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&changed)
        .unwrap();
    fs4::FileExt::lock(&held).unwrap();
    let mut child = spawn_update(dir.path());
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert_eq!(line, "updated src/a.c (1 table row)\n");
    line.clear();
    stdout.read_line(&mut line).unwrap();
    assert_eq!(line, "updated src/b.c (1 table row)\n");
    // `update` has read src/z.c and waits for it.
    let mut other = fs::OpenOptions::new().append(true).open(&changed).unwrap();
    other.write_all(b"/* someone else's line */\n").unwrap();
    fs4::FileExt::unlock(&held).unwrap();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        (
            rest.as_str(),
            String::from_utf8(output.stderr).unwrap().as_str(),
            output.status.code()
        ),
        (
            "updated 2 files\n",
            "errcode: src/z.c was changed since errcode read it: not written over; run the command again\n\
             errcode: 1 file not written (named above): it is left as it was; the others were written whole\n",
            Some(2)
        )
    );
    assert_eq!(
        fs::read_to_string(&changed).unwrap(),
        format!("{SMALL_OLD}/* someone else's line */\n")
    );
}

#[test]
fn two_runs_at_once_write_each_file_once() {
    let dir = large_tree();
    let first = spawn_update(dir.path());
    let second = spawn_update(dir.path());
    let runs = [
        first.wait_with_output().unwrap(),
        second.wait_with_output().unwrap(),
    ];
    let stdouts: Vec<String> = runs
        .iter()
        .map(|run| String::from_utf8(run.stdout.clone()).unwrap())
        .collect();
    for name in TABLES {
        let line = format!("updated {name} ({CODES} table rows)\n");
        let writers = stdouts.iter().filter(|out| out.contains(&line)).count();
        assert_eq!(writers, 1, "{name}: {stdouts:?}");
    }
    // What the other run read and found replaced, it names and leaves.
    for run in &runs {
        let stderr = String::from_utf8(run.stderr.clone()).unwrap();
        for line in stderr.lines() {
            assert!(
                line.ends_with(
                    "was changed since errcode read it: not written over; run the command again"
                ) || line.contains("not written (named above)"),
                "{line:.2000}"
            );
        }
    }
    let again = errcode(
        dir.path(),
        &["update", "error_code.json", "--against", "src"],
    );
    assert_eq!(
        again.stdout,
        "every copy agrees with the catalog: nothing to update\n"
    );
}

const PAGE_CATALOG: &str = r#"{"error_info_list": [
  {"errClass": "Profiling Errors", "errTitle": "Resource_Error_Host_Memory", "ErrCode": "EK0201",
   "ErrMessage": "Cannot allocate %s.", "Arglist": "size",
   "suggestion": {"Possible Cause": "Too little memory.", "Solution": "Free some."}}
]}
"#;

const PAGE: &str = "# EK0201 Resource\\_Error\n\n## Symptom\n\nThe following is error format. The placeholder %s indicates the memory size.\n\n```text\nCannot allocate %s.\n```\n\nError example:\n\n```text\nCannot allocate 1G.\n```\n\n## Possible Cause\n\nToo little memory.\n\n## Solution\n\nFree some.\n";

#[test]
fn a_renamed_page_is_never_created_through_a_link_out_of_the_tree() {
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("error_code.json"), PAGE_CATALOG).unwrap();
    let folder = dir.path().join("docs/en/Profiling-Errors");
    fs::create_dir_all(&folder).unwrap();
    fs::write(folder.join("EK0201-Resource_Error.md"), PAGE).unwrap();
    // The page's new name: a link to a file, not there yet, outside.
    let planted = outside.path().join("planted.md");
    std::os::unix::fs::symlink(
        &planted,
        folder.join("EK0201-Resource_Error_Host_Memory.md"),
    )
    .unwrap();
    let run = errcode(
        dir.path(),
        &["update", "error_code.json", "--against", "docs"],
    );
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (
            "updated 0 files\n",
            "errcode: cannot rename docs/en/Profiling-Errors/EK0201-Resource_Error.md to docs/en/Profiling-Errors/EK0201-Resource_Error_Host_Memory.md: docs/en/Profiling-Errors/EK0201-Resource_Error_Host_Memory.md is a symbolic link: not written through\n\
             errcode: 1 file not written (named above): it is left as it was; the others were written whole\n",
            2
        )
    );
    assert!(!planted.exists(), "created outside the tree");
    assert_eq!(files_under(outside.path()), Vec::<PathBuf>::new());
    assert_eq!(
        fs::read_to_string(folder.join("EK0201-Resource_Error.md")).unwrap(),
        PAGE
    );
}

#[test]
fn a_folder_made_a_link_out_of_the_tree_is_not_written_through() {
    // A folder of the tree that is a link out: the walk does not follow
    // it, and `export` does not write through it either.
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("error_code.json"), PAGE_CATALOG).unwrap();
    fs::create_dir_all(dir.path().join("out")).unwrap();
    std::os::unix::fs::symlink(outside.path(), dir.path().join("out/Profiling-Errors")).unwrap();
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
        ],
    );
    assert_eq!(
        (run.stderr.as_str(), run.status),
        (
            "errcode: out/Profiling-Errors is a symbolic link: not written through\n",
            2
        )
    );
    assert_eq!(files_under(outside.path()), Vec::<PathBuf>::new());
}

#[test]
fn a_written_file_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = small_tree();
    let table = dir.path().join("src/a.c");
    fs::set_permissions(&table, fs::Permissions::from_mode(0o640)).unwrap();
    let run = errcode(
        dir.path(),
        &["update", "error_code.json", "--against", "src"],
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(fs::read_to_string(&table).unwrap(), SMALL_NEW);
    assert_eq!(
        fs::metadata(&table).unwrap().permissions().mode() & 0o777,
        0o640
    );
}
