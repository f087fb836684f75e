//! Every file the tool writes (`update`'s copies and catalogs, `export`'s
//! JSON and pages, `check --write-baseline`'s baseline) is written here, by
//! one function, [`replace`]:
//!
//! - whole or not at all: the bytes go to a new file in the same folder,
//!   flushed to the disk, which is then renamed over the old one, so that a
//!   run killed at any moment leaves the old file or the new one, never a
//!   part (a killed run may leave its hidden `.errcode-*` file beside it,
//!   which the walks pass over);
//! - inside the folder given: no symbolic link is written through or
//!   followed, dangling or not, neither the file's own name nor a folder
//!   between it and the folder given, checked as it is written (not when
//!   the tree was read);
//! - never over someone else's change: a file that no longer holds what
//!   was read from it is left as it is, and two runs at once take turns on
//!   a file (an advisory lock) so that the second sees the first's change;
//! - keeping the old file's permissions (a new file gets the umask's).

use std::fs::{self, File, Metadata};
use std::io::{Read as _, Seek as _, Write as _};
use std::path::{Component, Path, PathBuf};

use crate::paths;

/// What the file must be, just before it is replaced, for the new bytes to
/// go there.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Before<'a> {
    /// Nothing is there: a file (or link) that is there is left alone.
    Absent,
    /// The file holds these bytes, as they were read: a file that holds
    /// others, or is gone, was changed by someone else since.
    Holds(&'a [u8]),
    /// Whatever regular file is there is replaced, or none is (`export`'s
    /// output, which it reads nothing from).
    Anything,
}

/// Writes `bytes` to `path`, a file inside the folder `root` (or `root`
/// itself's folder, for a file given itself: pass its parent), as the
/// module says. The error names the file and says why, in a sentence
/// for an `errcode: ` line; when it is returned the file is as it was.
pub(crate) fn replace(
    root: &Path,
    path: &Path,
    bytes: &[u8],
    before: Before,
) -> Result<(), String> {
    let name = paths::name(path);
    let folder = inside(root, path)?;
    let existing = match fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => {
            return Err(format!("{name} is a symbolic link: not written through"));
        }
        Ok(metadata) if !metadata.is_file() => {
            return Err(format!("{name} is not a regular file: not written"));
        }
        Ok(metadata) => {
            read_only(&metadata, &name)?;
            Some(metadata)
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => None,
        Err(error) => return Err(format!("cannot write {name}: {error}")),
    };
    // The lock is held until the new file is in place: a second run that
    // waits for it then finds the new file, not the one it read before.
    let mut locked_file = match (before, &existing) {
        (Before::Absent, Some(_)) => {
            return Err(format!("{name} is there already: not written over"));
        }
        (Before::Holds(_), None) => {
            return Err(format!(
                "{name} was removed since errcode read it: not written"
            ));
        }
        (_, Some(_)) => Some(locked(path, &name)?),
        (_, None) => None,
    };
    let cannot = |error: std::io::Error| format!("cannot write {name}: {error}");
    let mut builder = tempfile::Builder::new();
    builder.prefix(".errcode-").suffix(".tmp");
    #[cfg(unix)]
    {
        // Created as any new file is (0666 less the umask); an existing
        // file's own permissions are set below.
        use std::os::unix::fs::PermissionsExt as _;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut temporary = builder.tempfile_in(&folder).map_err(cannot)?;
    if let Some(metadata) = &existing {
        keep_owner_and_permissions(temporary.as_file(), metadata).map_err(cannot)?;
    }
    // The file itself, not the wrapper, whose errors carry its hidden name.
    temporary.as_file_mut().write_all(bytes).map_err(cannot)?;
    temporary.as_file().sync_all().map_err(cannot)?;
    // Compared last, just before the rename, so that a change made while
    // the new file was written is seen too (the new file is then removed).
    if let (Before::Holds(old), Some(file)) = (before, locked_file.as_mut()) {
        still_holds(file, path, &name, old)?;
    }
    // A name made a link or a file since the check is not followed or
    // overwritten: `rename` replaces a link itself, and a new file's
    // rename fails when anything has the name.
    let persisted = match before {
        Before::Absent => temporary.persist_noclobber(path),
        _ => temporary.persist(path),
    };
    persisted.map_err(|error| cannot(error.error))?;
    // The rename itself made durable; a folder that cannot be synced (some
    // file systems refuse) still has the whole file.
    if let Ok(folder) = File::open(&folder) {
        let _ = folder.sync_all();
    }
    Ok(())
}

/// Moves the file at `from`, which must still hold `old`, to the new name
/// `to` in the same tree with `bytes` as its content: `to` is created (never
/// over anything there, a link included) before `from` is removed, so
/// that a run killed between leaves both, each whole.
pub(crate) fn move_to(
    root: &Path,
    from: &Path,
    old: &[u8],
    to: &Path,
    bytes: &[u8],
) -> Result<(), String> {
    let name = paths::name(from);
    inside(root, from)?;
    match fs::symlink_metadata(from) {
        Ok(metadata) if metadata.file_type().is_symlink() => {
            return Err(format!("{name} is a symbolic link: not moved"));
        }
        Ok(metadata) => read_only(&metadata, &name)?,
        Err(_) => {
            return Err(format!(
                "{name} was removed since errcode read it: not moved"
            ));
        }
    }
    let mut locked_file = locked(from, &name)?;
    still_holds(&mut locked_file, from, &name, old)?;
    replace(root, to, bytes, Before::Absent)
        .map_err(|why| format!("cannot rename {name} to {}: {why}", paths::name(to)))?;
    fs::remove_file(from).map_err(|error| {
        format!(
            "{} written, but cannot remove {name}: {error}",
            paths::name(to)
        )
    })
}

/// The folder `path` is in, when it is inside `root` and no folder between
/// them is a symbolic link (or no folder): else an error naming the part
/// that is. `root` itself may be a link (given on the command line, it is
/// followed, as the walks follow it).
fn inside(root: &Path, path: &Path) -> Result<PathBuf, String> {
    let name = paths::name(path);
    let root = paths::absolute(root);
    let absolute = paths::absolute(path);
    let outside = || format!("{name} is outside {}: not written", paths::name(&root));
    let below = absolute.strip_prefix(&root).map_err(|_| outside())?;
    let parts: Vec<Component> = below.components().collect();
    let Some((_, folders)) = parts.split_last() else {
        return Err(outside());
    };
    let mut folder = root.clone();
    for part in folders {
        let Component::Normal(part) = part else {
            return Err(outside());
        };
        folder.push(part);
        match fs::symlink_metadata(&folder) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                return Err(format!(
                    "{} is a symbolic link: not written through",
                    paths::name(&folder)
                ));
            }
            Ok(metadata) if metadata.is_dir() => {}
            Ok(_) => {
                return Err(format!(
                    "{} is not a folder: cannot write {name}",
                    paths::name(&folder)
                ));
            }
            Err(error) => return Err(format!("cannot write {name}: {error}")),
        }
    }
    Ok(folder)
}

/// A file no one may write (`chmod a-w`) is left as it is, whoever runs the
/// tool: the rename that replaces a file needs no permission on the file
/// itself, and root's writes pass any, so the file's own bits are asked.
fn read_only(metadata: &Metadata, name: &str) -> Result<(), String> {
    if metadata.permissions().readonly() {
        return Err(format!("{name} is read-only: not written"));
    }
    Ok(())
}

/// The file at `path` opened for writing (which it must allow) and
/// locked. Were the name made a link since it was looked at, the lock is
/// on the link's target, which is harmless: [`still_holds`] then finds
/// another file than the name's, and `rename` replaces the link itself.
fn locked(path: &Path, name: &str) -> Result<File, String> {
    let file = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .map_err(|error| format!("cannot write {name}: {error}"))?;
    // Called as the crate's: the standard library's own `File::lock` is
    // newer than the oldest compiler the crates build with.
    fs4::FileExt::lock(&file).map_err(|error| format!("cannot lock {name}: {error}"))?;
    Ok(file)
}

/// Whether `file` (opened at `path`) is still the file at `path` and
/// holds `old`: else an error saying it was changed.
fn still_holds(file: &mut File, path: &Path, name: &str, old: &[u8]) -> Result<(), String> {
    let changed = || {
        format!("{name} was changed since errcode read it: not written over; run the command again")
    };
    // The name may have been given to another file while the lock was
    // awaited (another run renamed its new file over it).
    let opened = file
        .metadata()
        .map_err(|error| format!("cannot read {name}: {error}"))?;
    let now = fs::symlink_metadata(path).map_err(|_| changed())?;
    if !same_file(&opened, &now) || opened.len() != old.len() as u64 {
        return Err(changed());
    }
    let mut held = Vec::new();
    held.try_reserve_exact(old.len())
        .map_err(|_| format!("cannot read {name}: not enough memory"))?;
    file.seek(std::io::SeekFrom::Start(0))
        .and_then(|_| file.read_to_end(&mut held))
        .map_err(|error| format!("cannot read {name}: {error}"))?;
    if held != old {
        return Err(changed());
    }
    Ok(())
}

#[cfg(unix)]
fn same_file(a: &Metadata, b: &Metadata) -> bool {
    use std::os::unix::fs::MetadataExt as _;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(a: &Metadata, b: &Metadata) -> bool {
    a.len() == b.len() && a.modified().ok() == b.modified().ok()
}

/// The new file given the old one's permissions, and its owner where the
/// tool may set it (run as root, a file someone else owns stays theirs).
fn keep_owner_and_permissions(file: &File, old: &Metadata) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        // Only root may give a file away; anyone else's new file is theirs.
        let _ = std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid()));
    }
    file.set_permissions(old.permissions())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// The names in a folder, sorted.
    fn names(folder: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(folder)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_file_is_replaced_whole_and_nothing_is_left_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.c");
        fs::write(&path, "old").unwrap();
        replace(dir.path(), &path, b"new", Before::Holds(b"old")).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
        assert_eq!(names(dir.path()), ["a.c"]);
    }

    #[test]
    fn a_file_changed_since_it_was_read_is_left_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.c");
        // Same length, other bytes; then another length.
        for theirs in ["olD", "older"] {
            fs::write(&path, theirs).unwrap();
            let why = replace(dir.path(), &path, b"new", Before::Holds(b"old")).unwrap_err();
            assert!(
                why.ends_with(
                    "a.c was changed since errcode read it: not written over; run the command again"
                ),
                "{why}"
            );
            assert_eq!(fs::read_to_string(&path).unwrap(), theirs);
            assert_eq!(names(dir.path()), ["a.c"]);
        }
        fs::remove_file(&path).unwrap();
        let why = replace(dir.path(), &path, b"new", Before::Holds(b"old")).unwrap_err();
        assert!(why.ends_with("a.c was removed since errcode read it: not written"));
        assert_eq!(names(dir.path()), Vec::<String>::new());
    }

    #[test]
    fn nothing_is_written_through_a_folder_made_a_link_out_of_the_tree() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("docs")).unwrap();
        for before in [Before::Absent, Before::Anything] {
            let why =
                replace(dir.path(), &dir.path().join("docs/a.md"), b"new", before).unwrap_err();
            assert!(
                why.ends_with("docs is a symbolic link: not written through"),
                "{why}"
            );
        }
        assert_eq!(names(outside.path()), Vec::<String>::new());
    }

    #[test]
    fn a_new_name_that_is_taken_or_a_dangling_link_is_not_written() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let planted = outside.path().join("planted.md");
        let link = dir.path().join("new.md");
        std::os::unix::fs::symlink(&planted, &link).unwrap();
        for before in [Before::Absent, Before::Anything] {
            let why = replace(dir.path(), &link, b"new", before).unwrap_err();
            assert!(why.ends_with("new.md is a symbolic link: not written through"));
        }
        assert!(!planted.exists());
        let taken = dir.path().join("taken.md");
        fs::write(&taken, "theirs").unwrap();
        let why = replace(dir.path(), &taken, b"new", Before::Absent).unwrap_err();
        assert!(why.ends_with("taken.md is there already: not written over"));
        assert_eq!(fs::read_to_string(&taken).unwrap(), "theirs");
    }

    #[test]
    fn a_path_outside_the_folder_given_is_not_written() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join("tree")).unwrap();
        let why = replace(
            &dir.path().join("tree"),
            &dir.path().join("tree/../escaped.c"),
            b"new",
            Before::Anything,
        )
        .unwrap_err();
        assert!(why.contains("escaped.c is outside"), "{why}");
        assert_eq!(names(dir.path()), ["tree"]);
    }

    #[test]
    fn a_move_creates_the_new_name_then_removes_the_old() {
        let dir = tempfile::tempdir().unwrap();
        let from = dir.path().join("EK0201-Old.md");
        let to = dir.path().join("EK0201-New.md");
        fs::write(&from, "old").unwrap();
        move_to(dir.path(), &from, b"old", &to, b"new").unwrap();
        assert_eq!(names(dir.path()), ["EK0201-New.md"]);
        assert_eq!(fs::read(&to).unwrap(), b"new");
        // Not when the page changed meanwhile.
        fs::write(&from, "theirs").unwrap();
        fs::remove_file(&to).unwrap();
        let why = move_to(dir.path(), &from, b"old", &to, b"new").unwrap_err();
        assert!(why.contains("was changed since errcode read it"), "{why}");
        assert_eq!(names(dir.path()), ["EK0201-Old.md"]);
    }
}
