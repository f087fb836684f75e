//! The kinds of files `--against` reads, by their names, and each read
//! whole (for `explain` and `update`, which keep what they read).

use std::path::Path;

use errcat::catalog::{Catalog, PageContent, cann_page, load_bytes, read_page};
use errcat_catalog::c_source::{CFile, read_c};

use errcat_catalog::rust_source::{RustFile, RustSyntaxError, read_rust};

/// Extensions of C and C++ sources and headers.
const C_EXTENSIONS: &[&str] = &[
    "c", "cc", "cpp", "cxx", "c++", "h", "hh", "hpp", "hxx", "h++", "inl", "ipp", "tpp",
];

/// The kinds of files, by their names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum FileKind {
    C,
    Rust,
    /// A `<CODE>-<Title>.md` page, with the code of its name.
    Page(String),
    /// A `.json` file, a catalog if it reads as one.
    Json,
}

/// The kind of `path` by its name; `None` for a file of no known kind.
pub(crate) fn kind_of(path: &Path) -> Option<FileKind> {
    let name = path.file_name()?.to_string_lossy();
    if let Some((code, _)) = cann_page::parse_page_file_name(&name) {
        return Some(FileKind::Page(code.to_owned()));
    }
    let extension = path.extension()?.to_string_lossy().to_ascii_lowercase();
    match extension.as_str() {
        "rs" => Some(FileKind::Rust),
        "json" => Some(FileKind::Json),
        extension if C_EXTENSIONS.contains(&extension) => Some(FileKind::C),
        _ => None,
    }
}

/// What a file holds, by its kind.
pub(crate) enum Content {
    C(CFile),
    Rust(Result<RustFile, RustSyntaxError>),
    Page(PageContent),
    /// Another `error_code.json`.
    Json(Catalog),
}

/// `bytes` as text: sources in other encodings keep their ASCII (codes,
/// keys) intact.
pub(crate) fn text(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

/// A `.json` file's catalog, `None` when it is no catalog (a
/// `package.json`, a file that is not JSON).
pub(crate) fn json_catalog(bytes: &[u8]) -> Option<Catalog> {
    let loaded = load_bytes(bytes);
    let catalog = !loaded.catalog.entries.is_empty()
        && !loaded
            .diagnostics
            .iter()
            .any(|diagnostic| diagnostic.is_error() && diagnostic.entry.is_none());
    catalog.then_some(loaded.catalog)
}

/// The content of `bytes`, a file of `kind`; `None` for a `.json` file
/// that is no catalog.
pub(crate) fn read_whole(kind: &FileKind, bytes: &[u8]) -> Option<Content> {
    Some(match kind {
        FileKind::Json => Content::Json(json_catalog(bytes)?),
        FileKind::Page(code) => Content::Page(read_page(code, &text(bytes))),
        FileKind::Rust => Content::Rust(read_rust(&text(bytes))),
        FileKind::C => Content::C(read_c(bytes)),
    })
}
