//! The files under the `--against` paths, as `rg` walks a tree: folders
//! in name order, hidden ones left out, excluded paths left out, what a
//! repository's `.gitignore` files leave out left out, nothing
//! followed out of the folder given, and every file passed over for a
//! reason of its own (a link out, a FIFO, a file too large, one that
//! cannot be read) named, so that `--warn` can list it. And the one way
//! the tool reads a file, [`read_file`]: bounded, and never blocked.

use std::fs;
use std::io::Read as _;
use std::path::{Path, PathBuf};

use globset::{Glob, GlobBuilder, GlobSet, GlobSetBuilder};
use ignore::gitignore::{Gitignore, GitignoreBuilder};

use crate::paths;

/// The size above which a file is passed over unless the project file
/// sets another: no table, page or source of a catalog's codes is near it.
pub(crate) const DEFAULT_MAX_FILE_SIZE: u64 = 16 * 1024 * 1024;

/// Paths left out of a walk, as globs relative to a folder.
#[derive(Debug, Clone, Default)]
pub(crate) struct Excludes {
    /// The folder the globs are relative to (absolute).
    base: PathBuf,
    files: GlobSet,
    /// `tests/ut` of `tests/ut/**`: a folder left out whole.
    folders: GlobSet,
    empty: bool,
}

impl Excludes {
    /// The globs `patterns`, relative to `base` (`*` matches within a
    /// folder's name, `**` across folders).
    pub(crate) fn new(base: &Path, patterns: &[String]) -> Result<Excludes, String> {
        let mut files = GlobSetBuilder::new();
        let mut folders = GlobSetBuilder::new();
        let glob = |pattern: &str| -> Result<Glob, String> {
            GlobBuilder::new(pattern)
                .literal_separator(true)
                .build()
                .map_err(|error| format!("exclude pattern `{pattern}`: {error}"))
        };
        for pattern in patterns {
            let pattern = pattern.trim_start_matches("./").trim_end_matches('/');
            files.add(glob(pattern)?);
            folders.add(glob(pattern)?);
            if let Some(folder) = pattern.strip_suffix("/**") {
                folders.add(glob(folder)?);
            }
        }
        let build = |builder: GlobSetBuilder| {
            builder
                .build()
                .map_err(|error| format!("exclude patterns: {error}"))
        };
        Ok(Excludes {
            base: paths::absolute(base),
            files: build(files)?,
            folders: build(folders)?,
            empty: patterns.is_empty(),
        })
    }

    fn relative(&self, path: &Path) -> String {
        paths::text_of(&paths::relative_to(&paths::absolute(path), &self.base))
    }

    fn excludes_file(&self, path: &Path) -> bool {
        !self.empty && self.files.is_match(self.relative(path))
    }

    fn excludes_folder(&self, path: &Path) -> bool {
        !self.empty && self.folders.is_match(self.relative(path))
    }
}

/// Why a file was passed over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Skip {
    /// A symbolic link to a place outside the folder given.
    LinkOut,
    /// A symbolic link to a folder (never followed: it could loop).
    LinkToFolder,
    /// A FIFO, socket or device: reading it could block.
    NotAFile,
    /// Larger than the limit.
    TooLarge(u64),
    /// It cannot be read: why.
    Unreadable(String),
}

impl Skip {
    pub(crate) fn describe(&self, limit: u64) -> String {
        match self {
            Skip::LinkOut => {
                "a symbolic link to a place outside the folder given: not followed".to_owned()
            }
            Skip::LinkToFolder => "a symbolic link to a folder: not followed".to_owned(),
            Skip::NotAFile => "not a regular file (a FIFO, socket or device): not read".to_owned(),
            Skip::TooLarge(size) => format!(
                "{size} bytes, more than the limit of {limit} (`max-file-size` in errcode.toml): not read"
            ),
            Skip::Unreadable(why) => format!("cannot be read: {why}"),
        }
    }
}

/// A file found, and the root it was found under.
#[derive(Debug, Clone)]
pub(crate) struct Walked {
    pub(crate) path: PathBuf,
    /// The index of its root among the paths walked.
    pub(crate) root: usize,
    /// Whether it was given itself, not found in a folder given.
    pub(crate) given: bool,
}

/// What a walk found.
#[derive(Debug, Default)]
pub(crate) struct Walk {
    pub(crate) files: Vec<Walked>,
    /// Files passed over, with why.
    pub(crate) skipped: Vec<(PathBuf, Skip)>,
    /// Paths given that cannot be read at all: `cannot read PATH: why`.
    pub(crate) unreadable: Vec<String>,
    /// The size above which files were passed over.
    pub(crate) max_size: u64,
}

/// The files under `roots` (a file given is taken as it is; a link given
/// is followed).
pub(crate) fn walk(roots: &[PathBuf], excludes: &[Excludes], max_size: u64) -> Walk {
    let mut walk = Walk {
        max_size,
        ..Walk::default()
    };
    for (index, root) in roots.iter().enumerate() {
        let metadata = match fs::metadata(root) {
            Ok(metadata) => metadata,
            Err(error) => {
                walk.unreadable
                    .push(format!("cannot read {}: {error}", paths::name(root)));
                continue;
            }
        };
        if metadata.is_dir() {
            let inside = fs::canonicalize(root).unwrap_or_else(|_| paths::absolute(root));
            folder(root, &inside, index, excludes, max_size, &mut walk);
        } else if metadata.is_file() {
            if metadata.len() > max_size {
                walk.skipped
                    .push((root.clone(), Skip::TooLarge(metadata.len())));
            } else {
                walk.files.push(Walked {
                    path: root.clone(),
                    root: index,
                    given: true,
                });
            }
        } else {
            walk.skipped.push((root.clone(), Skip::NotAFile));
        }
    }
    walk
}

fn folder(
    dir: &Path,
    inside: &Path,
    root: usize,
    excludes: &[Excludes],
    max_size: u64,
    walk: &mut Walk,
) {
    // Depth first in name order, with a list of open folders rather than
    // recursion: depth is no limit. Each open folder has its `.gitignore`.
    let mut open: Vec<std::vec::IntoIter<(PathBuf, std::io::Result<fs::FileType>)>> =
        vec![entries_of(dir, walk).into_iter()];
    let mut ignores = GitIgnores::above(dir, max_size);
    ignores.enter(dir, max_size);
    while let Some(entries) = open.last_mut() {
        let Some((path, kind)) = entries.next() else {
            open.pop();
            ignores.leave();
            continue;
        };
        let hidden = path
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with('.'));
        let kind = match kind {
            Ok(kind) => kind,
            Err(error) => {
                walk.skipped
                    .push((path, Skip::Unreadable(error.to_string())));
                continue;
            }
        };
        if kind.is_dir() {
            if !hidden
                && !excludes.iter().any(|set| set.excludes_folder(&path))
                && !ignores.ignores(&path, true)
            {
                let inner = entries_of(&path, walk);
                open.push(inner.into_iter());
                ignores.enter(&path, max_size);
            }
            continue;
        }
        if excludes.iter().any(|set| set.excludes_file(&path)) || ignores.ignores(&path, false) {
            continue;
        }
        if kind.is_symlink() {
            match fs::canonicalize(&path) {
                Ok(target) if !target.starts_with(inside) => {
                    walk.skipped.push((path, Skip::LinkOut));
                    continue;
                }
                Ok(target) if target.is_dir() => {
                    walk.skipped.push((path, Skip::LinkToFolder));
                    continue;
                }
                Ok(_) => {}
                Err(error) => {
                    walk.skipped
                        .push((path, Skip::Unreadable(error.to_string())));
                    continue;
                }
            }
        }
        // The type of what a link names, or of the file itself.
        match fs::metadata(&path) {
            Ok(metadata) if metadata.is_file() => {
                if metadata.len() > max_size {
                    walk.skipped.push((path, Skip::TooLarge(metadata.len())));
                } else {
                    walk.files.push(Walked {
                        path,
                        root,
                        given: false,
                    });
                }
            }
            Ok(_) => walk.skipped.push((path, Skip::NotAFile)),
            Err(error) => walk
                .skipped
                .push((path, Skip::Unreadable(error.to_string()))),
        }
    }
}

/// The `.gitignore` files that apply where a walk is, as git reads them:
/// the repository's `.git/info/exclude`, then each folder's own, from the
/// repository's top down; the innermost that says anything decides (a
/// `!pattern` brings a path back). Outside a repository there are none,
/// as for `rg`. A `.gitignore` is read only when it is a regular file (no
/// link, no FIFO) of at most the walk's size limit.
struct GitIgnores {
    /// Outermost first; `None` for a folder without one.
    stack: Vec<Option<Gitignore>>,
    /// Whether the walk is inside a repository at all.
    in_repository: bool,
}

impl GitIgnores {
    /// The ignore files of the folders above `dir`, up to its repository's top.
    fn above(dir: &Path, max_size: u64) -> GitIgnores {
        let absolute = paths::absolute(dir);
        let top = absolute
            .ancestors()
            .find(|folder| fs::symlink_metadata(folder.join(".git")).is_ok());
        let Some(top) = top else {
            return GitIgnores {
                stack: Vec::new(),
                in_repository: false,
            };
        };
        let mut stack = vec![ignore_file(top, &top.join(".git/info/exclude"), max_size)];
        let mut above: Vec<&Path> = absolute
            .ancestors()
            .skip(1)
            .take_while(|folder| folder.starts_with(top))
            .collect();
        above.reverse();
        for folder in above {
            stack.push(ignore_file(folder, &folder.join(".gitignore"), max_size));
        }
        GitIgnores {
            stack,
            in_repository: true,
        }
    }

    /// The walk enters `folder`: its own `.gitignore` applies.
    fn enter(&mut self, folder: &Path, max_size: u64) {
        if self.in_repository {
            let folder = paths::absolute(folder);
            let own = ignore_file(&folder, &folder.join(".gitignore"), max_size);
            self.stack.push(own);
        }
    }

    /// The walk leaves the innermost folder.
    fn leave(&mut self) {
        self.stack.pop();
    }

    /// Whether the innermost ignore file that matches `path` leaves it out.
    fn ignores(&self, path: &Path, is_dir: bool) -> bool {
        if !self.in_repository {
            return false;
        }
        let path = paths::absolute(path);
        for ignore in self.stack.iter().rev().flatten() {
            let matched = ignore.matched(&path, is_dir);
            if matched.is_ignore() {
                return true;
            }
            if matched.is_whitelist() {
                return false;
            }
        }
        false
    }
}

/// The ignore file `file`, its patterns relative to `root`: `None` when
/// there is none, or it is no regular file, or it is larger than `max_size`.
fn ignore_file(root: &Path, file: &Path, max_size: u64) -> Option<Gitignore> {
    if !fs::symlink_metadata(file).ok()?.is_file() {
        return None;
    }
    // Read as every file of the walk is (its type and size those of the
    // file opened), then given to the matcher line by line.
    let bytes = read_file(file, max_size).ok()?;
    let mut builder = GitignoreBuilder::new(root);
    for line in String::from_utf8_lossy(&bytes).lines() {
        // A pattern that is no glob is left out, as git leaves it out.
        let _ = builder.add_line(Some(file.to_path_buf()), line);
    }
    builder.build().ok()
}

/// A folder's entries in name order; a folder that cannot be read is
/// passed over, and named.
fn entries_of(dir: &Path, walk: &mut Walk) -> Vec<(PathBuf, std::io::Result<fs::FileType>)> {
    match fs::read_dir(dir) {
        Ok(entries) => {
            let mut entries: Vec<(PathBuf, std::io::Result<fs::FileType>)> = entries
                .filter_map(Result::ok)
                .map(|entry| (entry.path(), entry.file_type()))
                .collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            entries
        }
        Err(error) => {
            walk.skipped
                .push((dir.to_path_buf(), Skip::Unreadable(error.to_string())));
            Vec::new()
        }
    }
}

/// Why a file's bytes could not be had.
#[derive(Debug)]
pub(crate) enum ReadFailure {
    /// It cannot be opened or read.
    Io(std::io::Error),
    /// Not a regular file once opened (it changed since the walk).
    NotAFile,
    /// Larger than the limit once opened.
    TooLarge(u64),
    /// There is not enough memory for its bytes.
    Memory(u64),
}

impl ReadFailure {
    /// Why a file was passed over, for those failures that pass it over
    /// (all but [`Memory`](ReadFailure::Memory), which is an error).
    pub(crate) fn skip(&self) -> Option<Skip> {
        match self {
            ReadFailure::Io(error) => Some(Skip::Unreadable(error.to_string())),
            ReadFailure::NotAFile => Some(Skip::NotAFile),
            ReadFailure::TooLarge(size) => Some(Skip::TooLarge(*size)),
            ReadFailure::Memory(_) => None,
        }
    }

    /// `cannot read FILE: why`.
    pub(crate) fn describe(&self, path: &Path, limit: u64) -> String {
        self.describe_named(&paths::name(path), limit)
    }

    /// `cannot read NAME: why`, the file named as given (`the baseline
    /// base.json`).
    pub(crate) fn describe_named(&self, name: &str, limit: u64) -> String {
        match self {
            ReadFailure::Io(error) => format!("cannot read {name}: {error}"),
            ReadFailure::Memory(size) => {
                format!("cannot read {name}: not enough memory for its {size} bytes")
            }
            other => {
                let why = other
                    .skip()
                    .map(|skip| skip.describe(limit))
                    .unwrap_or_default();
                format!("cannot read {name}: {why}")
            }
        }
    }
}

/// The bytes of the file at `path`, at most `max_size` of them: the one
/// way the tool opens a file to read it, whatever the file (a file of a
/// walk, a catalog, the project file, a baseline, a previous version, a
/// `.clang-format`), so that none can block it or exhaust its memory. Its
/// type and size are those of the file opened (not of the path as a walk
/// saw it); it is opened without waiting for a writer, so that a FIFO put
/// in its place meanwhile is refused, not waited on; and the memory for
/// its bytes is asked for before they are read, so that a file too large
/// for the memory left is a failure that names it, not an abort.
pub(crate) fn read_file(path: &Path, max_size: u64) -> Result<Vec<u8>, ReadFailure> {
    // A device is not opened at all (opening one can act on it): its type
    // is seen first.
    if !fs::metadata(path).map_err(ReadFailure::Io)?.is_file() {
        return Err(ReadFailure::NotAFile);
    }
    let file = open_without_waiting(path).map_err(ReadFailure::Io)?;
    let metadata = file.metadata().map_err(ReadFailure::Io)?;
    if !metadata.is_file() {
        return Err(ReadFailure::NotAFile);
    }
    let size = metadata.len();
    if size > max_size {
        return Err(ReadFailure::TooLarge(size));
    }
    let capacity = usize::try_from(size)
        .ok()
        .and_then(|size| size.checked_add(1))
        .ok_or(ReadFailure::Memory(size))?;
    let mut bytes = Vec::new();
    bytes
        .try_reserve_exact(capacity)
        .map_err(|_| ReadFailure::Memory(size))?;
    // A file that grew since is read to the limit, and refused past it.
    file.take(max_size.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadFailure::Io)?;
    let read = bytes.len() as u64;
    if read > max_size {
        return Err(ReadFailure::TooLarge(read));
    }
    Ok(bytes)
}

/// `path` opened for reading; a FIFO is opened without waiting for a
/// writer (`O_NONBLOCK`, which changes nothing for a regular file's reads).
#[cfg(unix)]
fn open_without_waiting(path: &Path) -> std::io::Result<fs::File> {
    use std::os::unix::fs::OpenOptionsExt as _;
    fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_without_waiting(path: &Path) -> std::io::Result<fs::File> {
    fs::File::open(path)
}

/// The text of the file at `path` (see [`read_file`]), for a file that
/// must be UTF-8: any failure as `cannot read FILE: why`, naming it as
/// `what` (`the baseline `, or empty).
pub(crate) fn read_text(path: &Path, max_size: u64, what: &str) -> Result<String, String> {
    let name = paths::name(path);
    let bytes = read_file(path, max_size)
        .map_err(|failure| failure.describe_named(&format!("{what}{name}"), max_size))?;
    String::from_utf8(bytes).map_err(|_| format!("cannot read {what}{name}: it is not UTF-8"))
}
