//! Versions of a file in git: one version by `REV:PATH`, and the commits
//! that changed a file, following renames, with the blobs before and
//! after each. A repository is input like any other: nothing it holds is
//! ever passed to git where git could read it as an option (names go
//! through `cat-file`'s input, paths after `--`, literally), every blob's
//! size is asked before it is read and a blob above the limit is refused,
//! and git's output is read NUL-separated, so that no path can pass for
//! git's own text.

use std::collections::VecDeque;
use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use crate::paths;

fn git(dir: &Path) -> Command {
    let mut command = Command::new("git");
    command
        .arg("-C")
        .arg(dir)
        // A repository's own configuration names no program run for a read.
        .args(["-c", "core.fsmonitor=false"]);
    // Nothing of the user's pager or colours in what is read back, and a
    // path is a path: no pathspec magic (`:(glob)`, `:/`) in a file's name.
    command
        .env("GIT_PAGER", "cat")
        .env("LC_ALL", "C")
        .env("GIT_LITERAL_PATHSPECS", "1")
        .stdin(Stdio::null());
    command
}

/// The folder `path` is in (or `path`, a folder).
pub(crate) fn folder_of(path: &Path) -> PathBuf {
    let absolute = paths::absolute(path);
    if absolute.is_dir() {
        absolute
    } else {
        absolute.parent().map(Path::to_path_buf).unwrap_or(absolute)
    }
}

/// Why `spec` (`REV:PATH`) cannot be a name given to git, if it cannot:
/// a revision that starts with `-` would be read as an option by any git
/// command that took it as an argument, and a line break would end the
/// name early in `cat-file`'s input.
pub(crate) fn refused_revision(spec: &str) -> Option<&'static str> {
    if spec.starts_with('-') {
        Some("starts with `-`, which git would read as an option: refused")
    } else if spec.contains(['\n', '\r', '\0']) {
        Some("holds a line break or a NUL byte: refused")
    } else {
        None
    }
}

/// A blob's object name, type and size, as `cat-file --batch-check` says.
struct Object {
    name: String,
    kind: String,
    size: u64,
}

/// Why a blob's bytes could not be had.
#[derive(Debug)]
pub(crate) enum BlobFailure {
    /// Git has no such object, or it is no file (a folder, a submodule).
    Missing(String),
    /// Larger than the limit: its size.
    TooLarge(u64),
    /// There is not enough memory for its bytes: its size.
    Memory(u64),
    /// Git failed, or answered what it was not asked: why. The blobs
    /// after it cannot be read from the same processes.
    Git(String),
}

impl BlobFailure {
    /// Why, after `NAME: `.
    pub(crate) fn describe(&self, limit: u64) -> String {
        match self {
            BlobFailure::Missing(why) | BlobFailure::Git(why) => why.clone(),
            BlobFailure::TooLarge(size) => format!(
                "{size} bytes, more than the limit of {limit} (`max-file-size` in errcode.toml): not read"
            ),
            BlobFailure::Memory(size) => format!("not enough memory for its {size} bytes"),
        }
    }
}

/// One `git cat-file` process answering requests one line at a time.
struct Batch {
    child: Child,
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
}

impl Batch {
    fn start(dir: &Path, mode: &str) -> Result<Batch, String> {
        let mut child = git(dir)
            .args(["cat-file", mode])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| format!("cannot run git to read versions: {error}"))?;
        let input = child.stdin.take();
        let output = child.stdout.take().ok_or("git cat-file has no output")?;
        // A pipe of 1 MiB (Linux's limit for a pipe of any user) rather
        // than 64 KiB: git writes the versions asked ahead (see
        // `BYTES_AHEAD`) without waiting on the tool's reading, and
        // `history` of 10,000 versions took a tenth less time. Only speed
        // depends on it: a refusal is left at that.
        #[cfg(target_os = "linux")]
        let _ = rustix::pipe::fcntl_setpipe_size(&output, 1 << 20);
        Ok(Batch {
            child,
            input,
            output: BufReader::new(output),
        })
    }

    /// Asks for `name`; its answer is read by [`receive`](Self::receive),
    /// in the order asked. Git answers each request whole before it reads
    /// the next: the tool asks no more than what git's pipe holds of
    /// answers not yet read, or reads them meanwhile.
    fn send(&mut self, name: &str) -> Result<(), String> {
        self.send_all(&format!("{name}\n"))
    }

    /// Asks for each name of `names`, a line each, in one write.
    fn send_all(&mut self, names: &str) -> Result<(), String> {
        let input = self
            .input
            .as_mut()
            .ok_or_else(|| "git cat-file stopped answering".to_owned())?;
        input
            .write_all(names.as_bytes())
            .and_then(|()| input.flush())
            .map_err(|error| {
                format!(
                    "cannot ask git for {}: {error}",
                    names.lines().next().unwrap_or_default()
                )
            })
    }

    /// The header line of the next answer: `OID TYPE SIZE`, or `None` for
    /// `NAME missing` (or `ambiguous`).
    fn receive(&mut self) -> Result<Option<Object>, String> {
        let gone = || "git cat-file stopped answering".to_owned();
        let mut header = Vec::new();
        self.output
            .read_until(b'\n', &mut header)
            .map_err(|error| format!("cannot read from git: {error}"))?;
        if header.pop() != Some(b'\n') {
            return Err(gone());
        }
        // `NAME missing` (or `ambiguous`) echoes the name, which may hold
        // spaces: only a hexadecimal object name and a size make an answer.
        let header = String::from_utf8_lossy(&header);
        let fields: Vec<&str> = header.splitn(3, ' ').collect();
        Ok(match fields.as_slice() {
            [oid, kind, size] if oid.bytes().all(|byte| byte.is_ascii_hexdigit()) => {
                size.parse().ok().map(|size| Object {
                    name: (*oid).to_owned(),
                    kind: (*kind).to_owned(),
                    size,
                })
            }
            _ => None,
        })
    }
}

impl Drop for Batch {
    fn drop(&mut self) {
        // Its input closed, cat-file ends.
        self.input.take();
        let _ = self.child.wait();
    }
}

/// Blobs read from one repository through two processes (`cat-file
/// --batch-check` for sizes, `--batch` for bytes), whatever the number of
/// blobs read.
pub(crate) struct Blobs {
    sizes: Batch,
    bytes: Batch,
}

impl Blobs {
    /// Reads blobs of the repository that holds the folder `dir`.
    pub(crate) fn new(dir: &Path) -> Result<Blobs, String> {
        Ok(Blobs {
            sizes: Batch::start(dir, "--batch-check")?,
            bytes: Batch::start(dir, "--batch")?,
        })
    }

    /// The bytes of the file `name` names (`REV:PATH`, or a blob's object
    /// name), at most `max_size` of them: its size is asked first, and a
    /// larger one is refused, not read.
    pub(crate) fn read(&mut self, name: &str, max_size: u64) -> Result<Vec<u8>, BlobFailure> {
        self.sizes.send(name).map_err(BlobFailure::Git)?;
        self.read_asked(max_size)
    }

    /// [`read`](Self::read) of the next name whose size was asked.
    fn read_asked(&mut self, max_size: u64) -> Result<Vec<u8>, BlobFailure> {
        let (name, size) = self.sized(max_size)?;
        let text = reserve(size, &mut Vec::new())?;
        // By its object name: the same blob whatever changed meanwhile.
        self.bytes.send(&name).map_err(BlobFailure::Git)?;
        self.receive_bytes(size, text)
    }

    /// The object name and size of the next name whose size was asked,
    /// or why it is not read: no file, or larger than `max_size`.
    fn sized(&mut self, max_size: u64) -> Result<(String, u64), BlobFailure> {
        let object = self
            .sizes
            .receive()
            .map_err(BlobFailure::Git)?
            .ok_or_else(|| BlobFailure::Missing("git has no such file at that revision".into()))?;
        if object.kind != "blob" {
            return Err(BlobFailure::Missing(format!(
                "git has a {} there, not a file",
                object.kind
            )));
        }
        if object.size > max_size {
            return Err(BlobFailure::TooLarge(object.size));
        }
        Ok((object.name, object.size))
    }

    /// The bytes of the next blob asked of `--batch`, of `size` bytes,
    /// into `text`.
    fn receive_bytes(&mut self, size: u64, mut text: Vec<u8>) -> Result<Vec<u8>, BlobFailure> {
        let answer = self
            .bytes
            .receive()
            .map_err(BlobFailure::Git)?
            .ok_or_else(|| BlobFailure::Git("git cat-file lost the blob".into()))?;
        if answer.size != size {
            return Err(BlobFailure::Git(format!(
                "git cat-file gave {} bytes for a blob of {size}",
                answer.size
            )));
        }
        (&mut self.bytes.output)
            .take(size)
            .read_to_end(&mut text)
            .map_err(|error| BlobFailure::Git(format!("cannot read from git: {error}")))?;
        let mut newline = [0u8; 1];
        self.bytes
            .output
            .read_exact(&mut newline)
            .map_err(|error| BlobFailure::Git(format!("cannot read from git: {error}")))?;
        if text.len() as u64 != size {
            return Err(BlobFailure::Git("git cat-file stopped answering".into()));
        }
        Ok(text)
    }
}

/// Memory for a blob of `size` bytes, asked before the blob is: a blob
/// within the limit but beyond the memory is refused, not read.
///
/// The memory of blobs read before (`spares`) is used again: so many
/// versions are read that memory asked anew for each costs (see
/// `Versions::spare`), and, asked amid the small allocations that last
/// (the history's events), it leaves holes too small for the next
/// versions: the tool's resident memory grew with the number of
/// versions. A spare is dropped only when it is too small (the catalog
/// grew: memory asked anew has an eighth more for that) or more than
/// four times the size, so what is held stays a few versions.
fn reserve(size: u64, spares: &mut Vec<Vec<u8>>) -> Result<Vec<u8>, BlobFailure> {
    let capacity = usize::try_from(size)
        .map_err(|_| BlobFailure::Memory(size))?
        .saturating_add(1);
    let most = capacity.saturating_mul(4).saturating_add(64 << 10);
    while let Some(mut spare) = spares.pop() {
        if (capacity..=most).contains(&spare.capacity()) {
            spare.clear();
            return Ok(spare);
        }
    }
    let mut text = Vec::new();
    text.try_reserve_exact(capacity.saturating_add(capacity / 8))
        .or_else(|_| text.try_reserve_exact(capacity))
        .map_err(|_| BlobFailure::Memory(size))?;
    Ok(text)
}

/// Blobs read one after another, in the order their names were given,
/// each asked of git well before it is read: git inflates and sends the
/// next versions while the caller compares the last. One thread: on a
/// machine of two cores, a thread of its own for reading made more
/// switches between threads and processes than it saved.
pub(crate) struct Stream {
    blobs: Blobs,
    names: Vec<String>,
    max_size: u64,
    /// The blobs sized and not yet read, in order.
    slots: VecDeque<Slot>,
    /// How many names' sizes were asked, and how many were read.
    sizes_asked: usize,
    sized: usize,
    /// The bytes asked of `--batch` and not yet read.
    bytes_ahead: u64,
    /// Memory of blobs read before, to read others into.
    spares: Vec<Vec<u8>>,
    /// Git failed: no answer after can be trusted to be in step.
    failed: bool,
}

/// How many sizes are asked ahead of the blob read, and how few may be
/// left before more are asked, all in one write: their answers wait in
/// git's pipe, each there when its blob is wanted, and git's reading of
/// them wakes it a few times, not at each. A name and its answer are
/// under 80 bytes: 48 of them fill neither pipe (4 KiB at the least), so
/// git never waits on the tool's reading while the tool writes.
const SIZES_AHEAD: usize = 48;
const SIZES_LOW: usize = 24;

/// How many bytes of blobs are asked ahead of the one read (beyond it):
/// git inflates and writes them meanwhile, rather than each process
/// waiting on the other at every version (asked one at a time, `history`
/// of 10,000 versions took half again as long, most of it switching
/// between the processes). Their memory is held from when they are
/// asked: about eight versions of a catalog of 120 kB (256 KiB ahead was
/// slower, 512 KiB no faster). Git waits on a full pipe while the tool
/// reads it, never the reverse: what the tool writes is a line per blob,
/// at most [`SIZES_AHEAD`] of them.
const BYTES_AHEAD: u64 = 1 << 20;

/// A blob whose size was read from `--batch-check`.
enum Slot {
    /// Not read: why.
    Refused(BlobFailure),
    /// Its object name and size, not yet asked of `--batch`.
    Sized(String, u64),
    /// Asked of `--batch`: its size, and the memory for its bytes.
    Asked(u64, Vec<u8>),
}

impl Stream {
    /// Reads the blobs `names` (object names) of the repository that
    /// holds the folder `dir`, each as [`Blobs::read`] reads one.
    pub(crate) fn new(dir: &Path, names: Vec<String>, max_size: u64) -> Result<Stream, String> {
        Ok(Stream {
            blobs: Blobs::new(dir)?,
            names,
            max_size,
            slots: VecDeque::new(),
            sizes_asked: 0,
            sized: 0,
            bytes_ahead: 0,
            spares: Vec::new(),
            failed: false,
        })
    }

    /// The next blob's bytes, or why they could not be had.
    pub(crate) fn next(&mut self) -> Result<Vec<u8>, BlobFailure> {
        let stopped = || BlobFailure::Git("git cat-file stopped answering".into());
        if self.failed {
            return Err(stopped());
        }
        let blob = match self
            .ahead()
            .and_then(|()| self.slots.pop_front().ok_or_else(stopped))
        {
            Ok(Slot::Refused(failure)) => Err(failure),
            Ok(Slot::Asked(size, text)) => {
                self.bytes_ahead -= size;
                self.blobs.receive_bytes(size, text)
            }
            // The first blob sized is always asked (see `ahead`).
            Ok(Slot::Sized(..)) => Err(stopped()),
            Err(failure) => Err(failure),
        };
        self.failed = matches!(blob, Err(BlobFailure::Git(_)));
        blob
    }

    /// Hands the memory of a blob no longer needed back, to read another
    /// into. Those of the blobs asked ahead come back, and the caller's
    /// few: no more are kept.
    pub(crate) fn recycle(&mut self, spare: Vec<u8>) {
        if self.spares.len() < 16 {
            self.spares.push(spare);
        }
    }

    /// Asks ahead: the sizes of the next names, and the bytes of the blobs
    /// sized, in order, within [`BYTES_AHEAD`] bytes beyond the first
    /// (which is always asked, whatever its size).
    fn ahead(&mut self) -> Result<(), BlobFailure> {
        let names = &self.names;
        if self.sizes_asked - self.sized <= SIZES_LOW && self.sizes_asked < names.len() {
            let more = (self.sized + SIZES_AHEAD).min(names.len());
            let mut request = String::new();
            for name in &names[self.sizes_asked..more] {
                request.push_str(name);
                request.push('\n');
            }
            self.blobs
                .sizes
                .send_all(&request)
                .map_err(BlobFailure::Git)?;
            self.sizes_asked = more;
        }
        while self.sized < self.sizes_asked && self.slots.len() < SIZES_AHEAD {
            self.slots.push_back(match self.blobs.sized(self.max_size) {
                Ok((name, size)) => Slot::Sized(name, size),
                Err(BlobFailure::Git(why)) => return Err(BlobFailure::Git(why)),
                Err(failure) => Slot::Refused(failure),
            });
            self.sized += 1;
        }
        for slot in self.slots.iter_mut() {
            let Slot::Sized(name, size) = slot else {
                continue;
            };
            let size = *size;
            if self.bytes_ahead > 0 && self.bytes_ahead + size > BYTES_AHEAD {
                break;
            }
            match reserve(size, &mut self.spares) {
                Ok(text) => {
                    self.blobs.bytes.send(name).map_err(BlobFailure::Git)?;
                    self.bytes_ahead += size;
                    *slot = Slot::Asked(size, text);
                }
                Err(failure) => *slot = Slot::Refused(failure),
            }
        }
        Ok(())
    }
}

/// The text of `spec`, `REV:PATH`, in the repository that holds the folder
/// `dir`, at most `max_size` bytes. `PATH` is from the repository's top,
/// or relative to `dir` when it starts with `./`. The name reaches git on
/// `cat-file`'s input, never as an argument.
pub(crate) fn show(spec: &str, dir: &Path, max_size: u64) -> Result<Vec<u8>, String> {
    if let Some(why) = refused_revision(spec) {
        return Err(format!("the revision {spec} {why}"));
    }
    Blobs::new(dir)?
        .read(spec, max_size)
        .map_err(|failure| format!("git cannot show {spec}: {}", failure.describe(max_size)))
}

/// A commit that changed the file: the blobs before (in its first parent)
/// and after.
#[derive(Debug, Clone)]
pub(crate) struct Version {
    pub(crate) commit: String,
    /// `2026-08-11`.
    pub(crate) date: String,
    /// The file's path at that commit (before it, for a deletion), from
    /// the repository's top, as git has it: any bytes.
    pub(crate) path: Vec<u8>,
    /// The blob in the commit's first parent; `None` when the commit
    /// added the file.
    pub(crate) before: Option<String>,
    /// The blob in the commit; `None` when the commit deleted the file.
    pub(crate) after: Option<String>,
}

impl Version {
    /// Its path as a line of output shows it.
    pub(crate) fn path_shown(&self) -> String {
        paths::shown_path(Path::new(os_str(&self.path)))
    }
}

#[cfg(unix)]
fn os_str(bytes: &[u8]) -> &OsStr {
    use std::os::unix::ffi::OsStrExt;
    OsStr::from_bytes(bytes)
}

#[cfg(not(unix))]
fn os_str(bytes: &[u8]) -> &OsStr {
    OsStr::new(std::str::from_utf8(bytes).unwrap_or("?"))
}

/// Which commits are versions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lines {
    /// The first-parent line: the branch's own commits and its merges,
    /// each merge compared with its first parent.
    FirstParent,
    /// Also the commits of the branches merged into it.
    SideBranches,
}

/// The commits that changed `file`, oldest first (parents before
/// children), across renames: what each is compared with is its own
/// first parent's version, never the version listed before it.
pub(crate) fn history(file: &Path, lines: Lines) -> Result<Vec<Version>, String> {
    let dir = folder_of(file);
    let name = file
        .file_name()
        .ok_or_else(|| format!("{} names no file", paths::name(file)))?;
    let mut command = git(&dir);
    command.args([
        "log",
        "-z",
        "--raw",
        "--no-abbrev",
        "--follow",
        "--topo-order",
        // No program the repository's configuration names: no external
        // diff, no text conversion, no signature check (`gpg.program`).
        "--no-ext-diff",
        "--no-textconv",
        "--no-show-signature",
        "--diff-merges=first-parent",
        "--format=%H %ad",
        "--date=short",
    ]);
    if lines == Lines::FirstParent {
        command.arg("--first-parent");
    }
    // The path, relative to git's working folder, after `--`: never an
    // option, and (GIT_LITERAL_PATHSPECS) never a pattern.
    command.arg("--").arg(name);
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| format!("cannot run git to read the history: {error}"))?;
    let stdout = child.stdout.take().ok_or("git log has no output")?;
    // Standard error read from a thread of its own: git writes both.
    let mut stderr = child.stderr.take().ok_or("git log has no error output")?;
    let errors = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = (&mut stderr).take(64 * 1024).read_to_end(&mut text);
        let _ = std::io::copy(&mut stderr, &mut std::io::sink());
        text
    });
    let read = read_log(BufReader::new(stdout));
    let status = child
        .wait()
        .map_err(|error| format!("cannot run git to read the history: {error}"))?;
    let errors = errors.join().unwrap_or_default();
    if !status.success() {
        return Err(format!(
            "git cannot read the history of {}: {}",
            paths::name(file),
            paths::shown(String::from_utf8_lossy(&errors).trim())
        ));
    }
    let mut versions = read?;
    versions.reverse();
    Ok(versions)
}

/// `git log -z --raw` output: per commit a `HASH DATE` record, then per
/// file changed a `:MODE MODE OLD NEW STATUS` record and its path (two
/// paths for a rename or copy), each NUL-terminated. The records are told
/// apart by position, never by what a path looks like.
fn read_log(mut log: impl BufRead) -> Result<Vec<Version>, String> {
    let mut versions: Vec<Version> = Vec::new();
    let mut next = || -> Result<Option<Vec<u8>>, String> {
        let mut record = Vec::new();
        let read = log
            .read_until(b'\0', &mut record)
            .map_err(|error| format!("cannot read from git: {error}"))?;
        if read == 0 {
            return Ok(None);
        }
        if record.last() == Some(&b'\0') {
            record.pop();
        }
        Ok(Some(record))
    };
    let unexpected = |record: &[u8]| {
        format!(
            "git log wrote {:?} where a commit or a change was expected",
            String::from_utf8_lossy(record)
        )
    };
    while let Some(record) = next()? {
        // Git separates a commit's record from its changes with a line break.
        let record = record.strip_prefix(b"\n").unwrap_or(&record);
        if record.is_empty() {
            continue;
        }
        if let Some(change) = record.strip_prefix(b":") {
            let change = String::from_utf8_lossy(change).into_owned();
            let fields: Vec<&str> = change.split(' ').collect();
            let [_, _, old, new, status] = fields.as_slice() else {
                return Err(unexpected(record));
            };
            let renamed = status.starts_with(['R', 'C']);
            let mut path = next()?.ok_or_else(|| unexpected(record))?;
            if renamed {
                path = next()?.ok_or_else(|| unexpected(record))?;
            }
            let Some(version) = versions.last_mut() else {
                return Err(unexpected(record));
            };
            let blob = |oid: &str| (!oid.bytes().all(|byte| byte == b'0')).then(|| oid.to_owned());
            // With --follow, git lists the followed file alone; a second
            // change of one commit would be another file.
            if version.path.is_empty() {
                version.path = path;
                version.before = blob(old);
                version.after = blob(new);
            }
            continue;
        }
        let header = String::from_utf8_lossy(record);
        let Some((commit, date)) = header.split_once(' ') else {
            return Err(unexpected(record));
        };
        if !commit.bytes().all(|byte| byte.is_ascii_hexdigit()) {
            return Err(unexpected(record));
        }
        versions.push(Version {
            commit: commit.to_owned(),
            date: date.to_owned(),
            path: Vec::new(),
            before: None,
            after: None,
        });
    }
    // A commit listed without a change of the file (a merge git keeps for
    // the shape of history) is no version.
    versions.retain(|version| !version.path.is_empty());
    Ok(versions)
}

/// The previous version of `file` for a branch's changes, as `REV:./NAME`
/// (relative to `file`'s folder): REV the merge base of `reference` and
/// `HEAD`, where the branch left `reference`, so that what `reference`
/// changed since is not counted. The one name git takes as an argument
/// here is refused as [`refused_revision`] refuses one, and passed after
/// `--end-of-options` all the same.
pub(crate) fn merge_base_spec(reference: &str, file: &Path) -> Result<String, String> {
    if let Some(why) = refused_revision(reference) {
        return Err(format!("the reference {} {why}", paths::shown(reference)));
    }
    let what = format!("find where HEAD left {}", paths::shown(reference));
    let output = git(&folder_of(file))
        .args(["merge-base", "--end-of-options", reference, "HEAD"])
        .output()
        .map_err(|error| format!("cannot run git to {what}: {error}"))?;
    let base = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    if !output.status.success() || base.is_empty() || !base.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(format!(
            "git cannot {what}: {}",
            paths::shown(String::from_utf8_lossy(&output.stderr).trim())
        ));
    }
    let name = file
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    Ok(format!("{base}:./{name}"))
}

/// When `path` (a file, or a folder of Rust sources) last changed in its
/// repository: `Uncommitted` when its text differs from `HEAD`'s, else
/// its last commit's committer time; `None` outside a repository, for a
/// path git does not track, or when git cannot be run. The path goes to
/// git after `--`, a literal pathspec.
pub(crate) fn last_change(path: &Path) -> Option<Changed> {
    let absolute = paths::absolute(path);
    let (dir, name) = if absolute.is_dir() {
        (absolute.clone(), OsStr::new(".").to_owned())
    } else {
        (
            absolute.parent()?.to_path_buf(),
            absolute.file_name()?.to_owned(),
        )
    };
    let log = git(&dir)
        .args(["log", "-1", "--format=%ct", "--"])
        .arg(&name)
        .output()
        .ok()?;
    let time: u64 = String::from_utf8_lossy(&log.stdout).trim().parse().ok()?;
    if !log.status.success() {
        return None;
    }
    let status = git(&dir)
        .args(["status", "--porcelain", "-z", "--untracked-files=no", "--"])
        .arg(&name)
        .output()
        .ok()?;
    if !status.status.success() {
        return None;
    }
    Some(if status.stdout.is_empty() {
        Changed::Committed(time)
    } else {
        Changed::Uncommitted
    })
}

/// When lines `first..=last` of `file` last changed: `Uncommitted` when
/// one differs from `HEAD`'s, else the latest committer time of theirs,
/// by `git blame`; `None` outside a repository, for a file git does not
/// track, or when git cannot be run. The file goes to git after `--`.
pub(crate) fn lines_changed(file: &Path, first: u32, last: u32) -> Option<Changed> {
    let absolute = paths::absolute(file);
    let dir = absolute.parent()?;
    let name = absolute.file_name()?;
    let output = git(dir)
        .args(["blame", "--porcelain", "-L"])
        .arg(format!("{first},{last}"))
        .arg("--")
        .arg(name)
        .output()
        .ok()?;
    if !output.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let mut latest = None;
    for line in text.lines() {
        // A header: the commit's 40 (or 64) hex digits, then line numbers.
        let first_word = line.split(' ').next().unwrap_or_default();
        if first_word.len() >= 40
            && first_word.bytes().all(|byte| byte == b'0')
            && line.contains(' ')
        {
            return Some(Changed::Uncommitted);
        }
        if let Some(time) = line.strip_prefix("committer-time ") {
            let time = Changed::Committed(time.trim().parse().ok()?);
            latest = latest.max(Some(time));
        }
    }
    latest
}

/// When each catalog entry last changed, asked of git once per code: the
/// entry's own lines of a JSON catalog (from its first line to the next
/// entry's), by blame, so that an edit of another entry does not make a
/// copy of this one older than the catalog; a folder of Rust sources, its
/// last change.
pub(crate) struct EntryChanges<'a> {
    catalogs: Vec<(PathBuf, &'a errcat::catalog::Catalog)>,
    known: std::collections::HashMap<String, Option<Changed>>,
}

impl<'a> EntryChanges<'a> {
    pub(crate) fn new(catalogs: Vec<(PathBuf, &'a errcat::catalog::Catalog)>) -> Self {
        EntryChanges {
            catalogs,
            known: std::collections::HashMap::new(),
        }
    }

    /// When `code`'s entry last changed (`None`: not known to git).
    pub(crate) fn of(&mut self, code: &str) -> Option<Changed> {
        if let Some(known) = self.known.get(code) {
            return *known;
        }
        let changed = self.ask(code);
        self.known.insert(code.to_owned(), changed);
        changed
    }

    fn ask(&self, code: &str) -> Option<Changed> {
        let (path, catalog) = self
            .catalogs
            .iter()
            .find(|(_, catalog)| catalog.get(code).is_some())?;
        let first = catalog.get(code)?.position.line;
        if path.is_dir() || first == 0 {
            return last_change(path);
        }
        let next = catalog
            .entries
            .iter()
            .map(|entry| entry.position.line)
            .filter(|line| *line > first)
            .min();
        let last = match next {
            Some(next) => next - 1,
            None => {
                let bytes = std::fs::read(path).ok()?;
                let lines = bytes.iter().filter(|byte| **byte == b'\n').count()
                    + usize::from(!bytes.ends_with(b"\n"));
                u32::try_from(lines).ok()?.max(first)
            }
        };
        lines_changed(path, first, last)
    }
}

/// Whether a copy that differs from the catalogs changed after they did
/// (see [`last_change`]): then its text may be the newer one, which
/// `check` names (`copy-newer`) and `update` leaves. Unknown on either
/// side (no repository, a file git does not track) is not newer: the
/// catalog is the source, as without git.
pub(crate) fn copy_is_newer(copy: Option<Changed>, catalogs: Option<Changed>) -> bool {
    matches!((copy, catalogs), (Some(copy), Some(catalogs)) if copy > catalogs)
}

/// When a path last changed (see [`last_change`]); later compares greater.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Changed {
    /// In the commit of this committer time (seconds since 1970).
    Committed(u64),
    /// In the work tree, after every commit.
    Uncommitted,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_that_looks_like_a_record_is_read_as_a_path() {
        let log = b"2222222222222222222222222222222222222222 2026-01-03\0\n:100644 100644 aaaa bbbb R090\0commit 1111111111111111111111111111111111111111 2001-01-01/e.json\0:100644 100644 cccc dddd M\0\
1111111111111111111111111111111111111111 2026-01-02\0\n:000000 100644 0000 aaaa A\0commit 1111111111111111111111111111111111111111 2001-01-01/e.json\0";
        let versions = read_log(&log[..]).unwrap();
        assert_eq!(versions.len(), 2);
        assert_eq!(versions[0].path, b":100644 100644 cccc dddd M");
        assert_eq!(versions[0].before.as_deref(), Some("aaaa"));
        assert_eq!(versions[0].after.as_deref(), Some("bbbb"));
        assert_eq!(
            versions[1].path,
            b"commit 1111111111111111111111111111111111111111 2001-01-01/e.json"
        );
        assert_eq!(versions[1].before, None);
    }
}
