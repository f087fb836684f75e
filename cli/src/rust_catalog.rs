//! A catalog from a folder of Rust sources, read with `syn` and never
//! built: an entry per `#[error_code]` definition, and what the definitions
//! say beyond the catalog (field doc comments, the `example` key) for the
//! reference pages.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use errcat::catalog::{
    Catalog, Documentation, Documented, Entry, Layout, Position, Retired, Suggestion,
};

use errcat_catalog::rust_source::read_rust;

/// At most this many `.rs` files are read from one folder: a folder with
/// more is not a crate's sources (a home directory given by mistake).
const MAX_FILES: usize = 10_000;

/// The definitions of a folder of Rust sources.
pub(crate) struct Folder {
    /// An entry per definition that can be one.
    pub(crate) catalog: Catalog,
    pub(crate) docs: Documentation,
    /// A line per definition (or file) that could not be read:
    /// `FILE:LINE: CODE: why`.
    pub(crate) problems: Vec<String>,
    /// By code, where it is defined.
    pub(crate) defined: HashMap<String, DefinedIn>,
}

/// Where a Rust catalog's code is defined.
pub(crate) struct DefinedIn {
    /// The file, as findings name it.
    pub(crate) file: String,
    /// The struct, or `Enum::Variant`.
    pub(crate) item: String,
}

/// The catalog of the `#[error_code]` definitions in the `.rs` files under
/// `folder` (files in path order, definitions in file order), and their
/// documentation, with one line per problem: a file that cannot be
/// parsed, a definition without a message. Fails when a file cannot be
/// read (or is larger than `max_size`), or the folder holds too many
/// files to be a crate's.
pub(crate) fn read_folder(folder: &Path, max_size: u64) -> Result<Folder, String> {
    let files = rust_files(folder)?;
    // One thread with the stack the Rust reader needs, rather than one per file.
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(errcat_catalog::rust_source::STACK_SIZE)
            .spawn_scoped(scope, || {
                errcat_catalog::rust_source::mark_reading_stack();
                read_files(files, max_size)
            })
            .map_err(|error| format!("no reading thread could be started: {error}"))?
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

fn read_files(files: Vec<PathBuf>, max_size: u64) -> Result<Folder, String> {
    let mut entries: Vec<Entry> = Vec::new();
    let mut retired: Vec<Retired> = Vec::new();
    let mut docs = Documentation::default();
    let mut problems: Vec<String> = Vec::new();
    let mut seen: HashMap<String, (PathBuf, u32)> = HashMap::new();
    let mut defined: HashMap<String, DefinedIn> = HashMap::new();
    for path in files {
        let bytes = crate::walk::read_file(&path, max_size)
            .map_err(|failure| failure.describe(&path, max_size))?;
        let text = String::from_utf8_lossy(&bytes);
        let file = match read_rust(&text) {
            Ok(file) => {
                for problem in &file.problems {
                    let at = problem.at();
                    problems.push(format!(
                        "{}:{}:{}: {}",
                        crate::paths::name(&path),
                        at.line,
                        at.column,
                        problem.describe()
                    ));
                }
                file
            }
            Err(error) => {
                problems.push(format!(
                    "{}:{}:{}: {}",
                    crate::paths::name(&path),
                    error.at.line,
                    error.at.column,
                    error.message
                ));
                continue;
            }
        };
        for definition in file.definitions {
            let code = definition.code.value.clone();
            let Some(message) = definition.template() else {
                problems.push(format!(
                    "{}:{}: {code}: the definition has no `message`, so it has no catalog entry",
                    crate::paths::name(&path),
                    definition.code.at.line
                ));
                continue;
            };
            let (names, _) = definition.arg_names();
            let mut entry = Entry::new(code.clone(), message, names.join(", "));
            entry.title = definition.title.as_ref().map(|text| text.value.clone());
            entry.class = definition.class.as_ref().map(|text| text.value.clone());
            let cause = definition.cause.as_ref().map(|text| text.value.clone());
            let solution = definition.solution.as_ref().map(|text| text.value.clone());
            if cause.is_some() || solution.is_some() {
                entry.suggestion = Some(Suggestion::new(cause, solution));
            }
            entry.layout = Layout::canonical(
                entry.class.is_some(),
                entry.title.is_some(),
                entry.suggestion.is_some(),
            );
            entry.position = Position::new(definition.at.line, definition.at.column);
            let field_docs: Vec<(&str, &str)> = definition
                .fields
                .iter()
                .filter_map(|field| Some((field.name.as_str(), field.doc.as_deref()?)))
                .collect();
            let example = definition
                .example
                .as_ref()
                .map(|(values, _)| values.clone())
                .unwrap_or_default();
            // The rules a catalog's entries keep, checked here to name the
            // Rust file and line.
            if let Err(errors) = entry.definition() {
                for error in errors.iter() {
                    problems.push(format!(
                        "{}:{}: {code}: {}",
                        crate::paths::name(&path),
                        definition.code.at.line,
                        error.message
                    ));
                }
                continue;
            }
            if let Some((first, line)) = seen.get(&code) {
                problems.push(format!(
                    "{}:{}: {code}: the code is defined twice: first at {}:{line}",
                    crate::paths::name(&path),
                    definition.code.at.line,
                    crate::paths::name(first)
                ));
                continue;
            }
            seen.insert(code.clone(), (path.clone(), definition.code.at.line));
            defined.insert(
                code.clone(),
                DefinedIn {
                    file: crate::paths::name(&path),
                    item: definition.item.clone(),
                },
            );
            // `#[error_code(retired = "2.0", replacement = "EV0013")]`: the
            // catalog's `retired` list, as a JSON catalog writes it; the
            // definition is no entry, as the code is reported no more.
            if let Some(since) = &definition.retired {
                let mut mark = Retired::new(code);
                mark.since = Some(since.value.trim().to_owned());
                mark.replacement = definition
                    .replacement
                    .as_ref()
                    .map(|text| text.value.clone());
                mark.position = entry.position;
                retired.push(mark);
                continue;
            }
            docs.insert(code, Documented::new(field_docs, example));
            entries.push(entry);
        }
    }
    let mut catalog = Catalog::new(entries);
    catalog.retired = retired;
    Ok(Folder {
        catalog,
        docs,
        problems,
        defined,
    })
}

/// The `.rs` files under `folder`, at any depth, in path order; `target`
/// folders (build output) and hidden ones are left out.
fn rust_files(folder: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries = fs::read_dir(&dir)
            .map_err(|error| format!("cannot read {}: {error}", crate::paths::name(&dir)))?;
        for entry in entries {
            let entry = entry
                .map_err(|error| format!("cannot read {}: {error}", crate::paths::name(&dir)))?;
            let name = entry.file_name();
            let name = name.to_string_lossy();
            // `file_type` does not follow links: a link to a folder above
            // cannot make the walk endless.
            let kind = entry.file_type().map_err(|error| {
                format!("cannot read {}: {error}", crate::paths::name(&entry.path()))
            })?;
            if kind.is_dir() && name != "target" && !name.starts_with('.') {
                pending.push(entry.path());
            } else if kind.is_file() && name.ends_with(".rs") {
                files.push(entry.path());
                if files.len() > MAX_FILES {
                    return Err(format!(
                        "{} holds more than {MAX_FILES} .rs files: give the folder of one crate's sources",
                        crate::paths::name(folder)
                    ));
                }
            }
        }
    }
    files.sort();
    Ok(files)
}
