//! Finding and reading the catalog file.

use std::path::{Component, Path, PathBuf};

use proc_macro2::Span;

/// The catalog's bytes and the absolute path the expansion names, so that
/// the compiler tracks the file.
pub(crate) struct Source {
    pub(crate) bytes: Vec<u8>,
    pub(crate) tracked_path: String,
    /// The file as the compiler names source files (as `file!()` does,
    /// usually relative to the workspace): where definitions say they are.
    pub(crate) located_path: String,
}

/// Reads `file`: an absolute path, or a path relative to the including
/// crate's directory (`CARGO_MANIFEST_DIR`), as the documentation says.
/// A relative path that names no file there is looked for next to the
/// source file that holds the literal (at `span`), as `include_str!`
/// resolves its path: a crate built by a test harness in a folder of its
/// own (trybuild) finds its catalogs so, and nothing in the environment can
/// point either base elsewhere.
pub(crate) fn read(file: &str, span: Span) -> Result<Source, String> {
    let path = Path::new(file);
    let (path, located) = if path.is_absolute() {
        (path.to_owned(), None)
    } else {
        let in_crate =
            std::env::var_os("CARGO_MANIFEST_DIR").map(|dir| PathBuf::from(dir).join(path));
        let beside = including_dir(span).map(|dir| dir.join(path));
        match (in_crate, beside) {
            (Some(in_crate), _) if in_crate.is_file() => (in_crate, Some(lexically_normal(path))),
            (_, Some(beside)) if beside.is_file() => (beside, None),
            (Some(in_crate), _) => (in_crate, Some(lexically_normal(path))),
            (None, Some(beside)) => (beside, None),
            (None, None) => {
                return Err(format!(
                    "cannot find the catalog `{file}`: a relative path is relative to the crate's \
                     directory, and CARGO_MANIFEST_DIR is not set (build with cargo, or give an absolute path)"
                ));
            }
        }
    };
    let bytes = std::fs::read(&path).map_err(|error| {
        format!(
            "cannot read the catalog `{file}` (relative to the crate's directory, or to this \
             source file's folder): {error}"
        )
    })?;
    // Where definitions say they are: the path as written, relative to the
    // crate, or as the compiler names the file that holds the literal.
    let located_path = located
        .unwrap_or_else(|| lexically_normal(&path))
        .to_string_lossy()
        .into_owned();
    let tracked = std::path::absolute(&path).unwrap_or(path);
    let tracked_path = tracked
        .to_str()
        .ok_or_else(|| format!("the path of the catalog `{file}` is not valid UTF-8"))?
        .to_owned();
    Ok(Source {
        bytes,
        tracked_path,
        located_path,
    })
}

/// `path` without `.` and with each `..` taking out the folder before it,
/// as far as the path names one: `tests/../errors/x.json` is
/// `errors/x.json`.
fn lexically_normal(path: &Path) -> PathBuf {
    let mut normal = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir
                if matches!(normal.components().next_back(), Some(Component::Normal(_))) =>
            {
                normal.pop();
            }
            other => normal.push(other),
        }
    }
    normal
}

/// The folder of the source file `span` is in, when it is a file on disk
/// and the macro runs in the compiler.
fn including_dir(span: Span) -> Option<PathBuf> {
    if !proc_macro::is_available() {
        return None;
    }
    let file = span.unwrap().local_file()?;
    Some(file.parent().map_or_else(PathBuf::new, Path::to_owned))
}
