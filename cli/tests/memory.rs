//! Memory on large inputs (issue 26): `errcode check --against` holds at
//! most four times the largest file it reads, plus what it needs for an
//! empty file, on C tables and calls, on Rust definitions and report
//! sites, and on a file of NUL bytes. Peak memory is the child's resident
//! set, read by Python's `getrusage`. A file the memory left cannot hold
//! is an error that names it (exit 2), not an abort.

use std::path::Path;
use std::process::Command;

/// The code the inputs copy and report, as they write it: the inputs
/// agree with it, so that what is measured is reading, not findings
/// (which are bounded apart, by `MAX_FINDINGS`).
const CATALOG: &str = r#"{"error_info_list": [
  {"errClass": "Memory", "errTitle": "Low_Memory", "ErrCode": "EK0201",
   "ErrMessage": "Failed to allocate %s host memory for %s.", "Arglist": "buf_size, owner",
   "suggestion": {"Possible Cause": "Too little memory.", "Solution": "Free some."}}
]}
"#;

/// Python runs the command and prints its exit status, the peak resident
/// set of the child in bytes, and the child's standard error. With a
/// second argument `LIMIT --`, the child's address space is limited to
/// LIMIT bytes first.
const MEASURED: &str = r#"
import resource, subprocess, sys
args = sys.argv[1:]
limit = None
if args[1:2] == ['--']:
    limit, args = int(args[0]), args[2:]
def limited():
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
run = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    preexec_fn=limited if limit else None)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(run.returncode, usage.ru_maxrss * 1024)
sys.stdout.write(run.stderr.decode('utf-8', 'replace'))
"#;

fn python() -> Option<&'static str> {
    let found = Command::new("python3").arg("--version").output().is_ok();
    if !found {
        skip::skip("python3 is not installed");
    }
    found.then_some("python3")
}

/// A folder with the catalog and a project file that lets files of any
/// size in (the default limit, 16 MiB, would pass over the large ones).
fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("error_code.json"), CATALOG).unwrap();
    std::fs::write(
        dir.path().join("errcode.toml"),
        "max-file-size = \"8GiB\"\n",
    )
    .unwrap();
    dir
}

struct Run {
    status: i32,
    peak: u64,
    stderr: String,
}

/// `errcode check error_code.json --against NAME` in `dir`, under an
/// address-space limit if one is given.
fn check(python: &str, dir: &Path, name: &str, limit: Option<u64>) -> Run {
    let mut command = Command::new(python);
    command.current_dir(dir).args(["-c", MEASURED]);
    if let Some(limit) = limit {
        command.args([limit.to_string().as_str(), "--"]);
    }
    let output = command
        .arg(env!("CARGO_BIN_EXE_errcode"))
        .args(["check", "error_code.json", "--against", name])
        .output()
        .unwrap();
    let printed = String::from_utf8(output.stdout).unwrap();
    let (first, stderr) = printed.split_once('\n').unwrap();
    let (status, peak) = first.split_once(' ').unwrap();
    Run {
        status: status.parse().unwrap(),
        peak: peak.parse().unwrap(),
        stderr: stderr.to_owned(),
    }
}

/// Writes `text` as `name`, checks it, and asserts peak memory at most
/// four times its size plus the peak on an empty file.
fn within_four_times(name: &str, text: &[u8]) {
    let Some(python) = python() else {
        return;
    };
    let dir = folder();
    std::fs::write(dir.path().join("empty"), "").unwrap();
    let base = check(python, dir.path(), "empty", None);
    assert_eq!(base.status, 0, "{}", base.stderr);
    std::fs::write(dir.path().join(name), text).unwrap();
    let run = check(python, dir.path(), name, None);
    assert_eq!(run.status, 0, "{name}: {}", run.stderr);
    let size = text.len() as u64;
    let per_byte = run.peak.saturating_sub(base.peak) as f64 / size as f64;
    println!(
        "{name}: {size} bytes: peak {} bytes, {} for an empty file: {per_byte:.2} bytes a byte",
        run.peak, base.peak
    );
    assert!(
        run.peak <= 4 * size + base.peak,
        "{name}: peak {} bytes for {size} bytes of input (an empty file: {}): {per_byte:.2} bytes a byte",
        run.peak,
        base.peak
    );
}

/// About `size` bytes of C: an `ERROR_MAP` table with the code's row,
/// then a function of report calls with keys and values, comments and
/// string literals.
fn c_source(size: usize) -> Vec<u8> {
    let mut text = String::from(
        "/* The table. */\nstatic const ErrorInfoConfig ERROR_MAP[] = {\n    {\"EK0201\", \"Failed to allocate %s host memory for %s.\", \"Too little memory.\", \"Free some.\", {\"buf_size\", \"owner\"}},\n};\n\nvoid Report(size_t size) {\n",
    );
    while text.len() < size {
        text.push_str(
            "    REPORT_INPUT_ERROR(\"EK0201\", std::vector<std::string>({\"buf_size\", \"owner\"}),\n        std::vector<std::string>({std::to_string(size), \"host\"})); // why\n",
        );
    }
    text.push_str("}\n");
    text.into_bytes()
}

/// About `size` bytes of Rust: `#[error_code]` structs, each with a
/// function that reports it.
fn rust_source(size: usize) -> Vec<u8> {
    let mut text = String::from("use errcat::error_code;\n\n");
    let mut item = 0;
    while text.len() < size {
        text.push_str(&format!(
            "/// Out of memory.\n#[error_code(\"EK0201\", title = \"Low_Memory\", class = \"Memory\", message = \"Failed to allocate {{buf_size}} host memory for {{owner}}.\", cause = \"Too little memory.\", solution = \"Free some.\")]\npub struct Low{item} {{\n    pub buf_size: u64,\n    pub owner: String,\n}}\n\nfn report{item}(size: u64) {{\n    errcat::msprof_env_error!(\"EK0201\", [\"buf_size\", \"owner\"], [format!(\"{{size}}B\"), \"host\"]);\n}}\n\n"
        ));
        item += 1;
    }
    text.into_bytes()
}

#[test]
fn a_large_c_file_takes_at_most_four_times_its_size() {
    within_four_times("large.c", &c_source(6 << 20));
}

#[test]
fn a_large_rust_file_takes_at_most_four_times_its_size() {
    within_four_times("large.rs", &rust_source(3 << 20));
}

#[test]
fn ten_megabytes_of_nul_bytes_take_at_most_four_times_their_size() {
    within_four_times("nul.c", &vec![0u8; 10_000_000]);
}

#[test]
fn a_file_the_memory_left_cannot_hold_is_an_error_naming_it() {
    let Some(python) = python() else {
        return;
    };
    let dir = folder();
    // 3 GiB of NUL bytes that take no room on the disk (a sparse file),
    // under a limit of 1 GiB of address space: errcode asks for the
    // file's memory before reading it, and is refused.
    let huge = std::fs::File::create(dir.path().join("huge.c")).unwrap();
    huge.set_len(3 << 30).unwrap();
    drop(huge);
    let run = check(python, dir.path(), "huge.c", Some(1 << 30));
    assert_eq!(
        run.stderr,
        "errcode: cannot read huge.c: not enough memory for its 3221225472 bytes\n"
    );
    assert_eq!(run.status, 2);
}
