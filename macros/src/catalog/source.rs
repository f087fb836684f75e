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

/// Reads `file`: an absolute path, or a path relative to the directory of
/// the source file that holds the literal (at `span`), as `include_str!`
/// resolves its path. That file is known to the compiler wherever the crate
/// is built, so the same path works for a crate built by cargo, by a test
/// harness in a folder of its own (trybuild) or by rustc alone, and nothing
/// in the environment can point it elsewhere.
pub(crate) fn read(file: &str, span: Span) -> Result<Source, String> {
    let path = Path::new(file);
    let path = if path.is_absolute() {
        path.to_owned()
    } else {
        including_dir(span)
            .ok_or_else(|| {
                format!(
                    "cannot find the catalog `{file}`: the path is relative to the file that holds \
                     it, and this literal is not in a source file on disk (give an absolute path)"
                )
            })?
            .join(path)
    };
    let bytes = std::fs::read(&path).map_err(|error| {
        format!("cannot read the catalog `{file}` (relative to this source file's folder): {error}")
    })?;
    // The compiler resolves `include_bytes!` against the file that invokes
    // it, not against its own working directory as `std::fs` does.
    let located_path = lexically_normal(&path).to_string_lossy().into_owned();
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
