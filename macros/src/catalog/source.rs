//! Finding and reading the catalog file.

use std::path::PathBuf;

/// Relative catalog paths are resolved against this variable when it is set,
/// instead of `CARGO_MANIFEST_DIR`: test harnesses such as trybuild build a
/// test crate in a folder of their own, away from its files.
const BASE_DIR_OVERRIDE: &str = "ERRCODE_CATALOG_BASE_DIR";

/// The catalog's bytes and the absolute path the expansion names, so that
/// the compiler tracks the file.
pub(crate) struct Source {
    pub(crate) bytes: Vec<u8>,
    pub(crate) tracked_path: String,
}

/// Reads `file`, relative to the including crate's directory unless absolute.
pub(crate) fn read(file: &str) -> Result<Source, String> {
    let path = PathBuf::from(file);
    let path = if path.is_absolute() {
        path
    } else {
        let base = std::env::var_os(BASE_DIR_OVERRIDE)
            .or_else(|| std::env::var_os("CARGO_MANIFEST_DIR"))
            .ok_or_else(|| {
                format!(
                    "cannot find the catalog `{file}`: CARGO_MANIFEST_DIR is not set, so a relative path \
                     has nothing to be relative to (build with cargo, or give an absolute path)"
                )
            })?;
        PathBuf::from(base).join(path)
    };
    let bytes = std::fs::read(&path).map_err(|error| {
        format!("cannot read the catalog `{file}` (relative to the crate's directory): {error}")
    })?;
    let tracked_path = path
        .to_str()
        .ok_or_else(|| format!("the path of the catalog `{file}` is not valid UTF-8"))?
        .to_owned();
    Ok(Source {
        bytes,
        tracked_path,
    })
}
