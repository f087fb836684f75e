//! How files are named in findings: relative to the working folder,
//! without `./`, `/` between folders, and with bytes that are no UTF-8
//! written `\xNN`, a `\` as `\\` and control characters as escapes
//! (`\n`), so that two names never print the same and no name can forge
//! a line of output.

use std::borrow::Cow;
use std::path::{Component, Path, PathBuf};
use std::sync::OnceLock;

/// The working folder, absolute, read once.
fn working_folder() -> &'static Path {
    static FOLDER: OnceLock<PathBuf> = OnceLock::new();
    FOLDER.get_or_init(|| std::env::current_dir().unwrap_or_default())
}

/// `path` made absolute against the working folder, `.` parts dropped and
/// `..` parts taken back where they can be (lexically: links are not
/// followed).
pub(crate) fn absolute(path: &Path) -> PathBuf {
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        working_folder().join(path)
    };
    normal(&joined)
}

/// `path` without `.` parts, `..` taken back lexically.
pub(crate) fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// `path` relative to `base` (both absolute and normal), with `..` where
/// `path` is not under `base`.
pub(crate) fn relative_to(path: &Path, base: &Path) -> PathBuf {
    let path: Vec<Component> = path.components().collect();
    let base: Vec<Component> = base.components().collect();
    let common = path.iter().zip(&base).take_while(|(a, b)| a == b).count();
    if common == 0 {
        return path.iter().collect();
    }
    let mut out = PathBuf::new();
    for _ in common..base.len() {
        out.push("..");
    }
    for component in &path[common..] {
        out.push(component.as_os_str());
    }
    out
}

/// How findings name `path`: relative to the working folder, without
/// `./`, in [`shown_path`]'s form (bytes that are no UTF-8 as `\xNN`,
/// `\` as `\\`, control characters escaped).
pub(crate) fn name(path: &Path) -> String {
    let absolute = absolute(path);
    let relative = relative_to(&absolute, working_folder());
    let shown = if relative.as_os_str().is_empty() {
        PathBuf::from(".")
    } else if path.is_absolute() && relative.starts_with("..") {
        // A path outside the working folder given whole stays whole.
        absolute
    } else {
        relative
    };
    shown_path(&shown)
}

/// `path` as a line of output shows it: [`text_of`]'s text, with a `\` in
/// a name written `\\` and control characters as escapes, so that the
/// text names one path only and stays on its line.
pub(crate) fn shown_path(path: &Path) -> String {
    text_of_with(path, |part| {
        let part = part.replace('\\', "\\\\");
        errcat::catalog::escape_controls(&part).into_owned()
    })
}

/// The bytes of the path that [`name`] (or [`shown_path`]) shows as
/// `name`: its escapes read back (`\\`, `\n`, `\r`, `\t`, `\u{...}`, and
/// `\xNN` for a byte that is no UTF-8), for formats that carry a path's
/// own bytes (SARIF's URIs) rather than a line's text of it. A name with
/// no escape is its own bytes.
pub(crate) fn bytes_of_name(name: &str) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(name.len());
    let mut rest = name;
    while let Some(at) = rest.find('\\') {
        bytes.extend_from_slice(&rest.as_bytes()[..at]);
        let escape = &rest[at + 1..];
        let (decoded, used): (Option<Vec<u8>>, usize) = match escape.chars().next() {
            Some('\\') => (Some(b"\\".to_vec()), 1),
            Some('n') => (Some(b"\n".to_vec()), 1),
            Some('r') => (Some(b"\r".to_vec()), 1),
            Some('t') => (Some(b"\t".to_vec()), 1),
            Some('x') => (
                escape
                    .get(1..3)
                    .and_then(|hex| u8::from_str_radix(hex, 16).ok())
                    .map(|byte| vec![byte]),
                3,
            ),
            Some('u') => escape
                .strip_prefix("u{")
                .and_then(|inner| inner.split_once('}'))
                .and_then(|(hex, _)| {
                    let character = char::from_u32(u32::from_str_radix(hex, 16).ok()?)?;
                    Some((Some(character.to_string().into_bytes()), hex.len() + 3))
                })
                .unwrap_or((None, 0)),
            _ => (None, 0),
        };
        match decoded {
            Some(decoded) => {
                bytes.extend_from_slice(&decoded);
                rest = &escape[used..];
            }
            // No escape this module writes: the `\` is the name's own.
            None => {
                bytes.push(b'\\');
                rest = escape;
            }
        }
    }
    bytes.extend_from_slice(rest.as_bytes());
    bytes
}

/// A path's text with `/` between its parts and bytes that are no UTF-8
/// as `\xNN` (what globs and keys are matched against).
pub(crate) fn text_of(path: &Path) -> String {
    text_of_with(path, |part| part.to_owned())
}

/// [`text_of`], each part's text (bytes that are no UTF-8 as `\xNN`)
/// passed through `part` first; a name's own `\` is escaped by `part`
/// before the `\xNN` of its bytes are added, so that those stay distinct.
fn text_of_with(path: &Path, part: impl Fn(&str) -> String) -> String {
    let mut text = String::new();
    for (index, component) in path.components().enumerate() {
        match component {
            Component::RootDir => {
                text.push('/');
                continue;
            }
            _ => {
                if index > 0 && !text.ends_with('/') {
                    text.push('/');
                }
            }
        }
        text.push_str(&os_text(component.as_os_str(), &part));
    }
    text
}

#[cfg(unix)]
fn os_text(part: &std::ffi::OsStr, valid: &impl Fn(&str) -> String) -> String {
    use std::os::unix::ffi::OsStrExt;
    bytes_text_with(part.as_bytes(), valid)
}

#[cfg(not(unix))]
fn os_text(part: &std::ffi::OsStr, valid: &impl Fn(&str) -> String) -> String {
    valid(&part.to_string_lossy())
}

/// `bytes` as text, each run of UTF-8 through `valid`, each byte that is no
/// UTF-8 as `\xNN`.
fn bytes_text_with(bytes: &[u8], valid: &impl Fn(&str) -> String) -> String {
    let mut text = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        text.push_str(&valid(chunk.valid()));
        for byte in chunk.invalid() {
            text.push_str(&format!("\\x{byte:02x}"));
        }
    }
    text
}

/// `text` for a line of text output: control characters (line breaks,
/// escape sequences) written as escapes, so that nothing a file holds can
/// start a line of its own or move the cursor.
pub(crate) fn shown(text: &str) -> Cow<'_, str> {
    errcat::catalog::escape_controls(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_relative_without_dot() {
        let here = working_folder();
        assert_eq!(name(Path::new("./src/a.c")), "src/a.c");
        assert_eq!(name(&here.join("src/b.c")), "src/b.c");
        assert_eq!(name(Path::new("src/./c/../d.c")), "src/d.c");
        assert_eq!(name(Path::new(".")), ".");
        assert_eq!(
            relative_to(Path::new("/a/b/c"), Path::new("/a/x")),
            PathBuf::from("../b/c")
        );
    }

    #[test]
    fn text_cannot_forge_a_line() {
        assert_eq!(shown("a\nb\x1b[2J"), "a\\nb\\u{1b}[2J");
        assert_eq!(shown("plain"), "plain");
    }

    #[cfg(unix)]
    #[test]
    fn names_read_back_to_the_bytes_of_their_paths() {
        use std::ffi::OsStr;
        use std::os::unix::ffi::OsStrExt;
        for bytes in [
            &b"src/a\nb.c"[..],
            b"src/a\\nb.c",
            b"src/\xff\xfe.c",
            b"src/\\xff.c",
            b"a\r\t\x1b[2J\xe2\x80\xae.c",
            b"plain/\xe9\x94\x99.md",
        ] {
            let shown = shown_path(Path::new(OsStr::from_bytes(bytes)));
            assert_eq!(bytes_of_name(&shown), bytes, "{shown}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn shown_paths_are_one_line_and_name_one_path() {
        use std::ffi::OsStr;
        use std::os::unix::ffi::OsStrExt;
        let shown = |bytes: &[u8]| shown_path(Path::new(OsStr::from_bytes(bytes)));
        assert_eq!(shown(b"src/a\nb.c"), "src/a\\nb.c");
        assert_eq!(shown(b"src/a\\nb.c"), "src/a\\\\nb.c");
        assert_eq!(shown(b"src/\xff.c"), "src/\\xff.c");
        assert_eq!(shown(b"src/\\xff.c"), "src/\\\\xff.c");
        assert_eq!(shown(b"/abs/\x1b[2J.c"), "/abs/\\u{1b}[2J.c");
        assert_eq!(
            text_of(Path::new(OsStr::from_bytes(b"a\\b/\xfe"))),
            "a\\b/\\xfe"
        );
    }
}
