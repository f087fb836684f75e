//! `errcode export --format json|markdown|cann-docs --out PATH`.

use std::fs;
use std::path::{Path, PathBuf};

use errcat::catalog::cann_page::Language;
use errcat::catalog::{KeptReference, Page};

use crate::args::ExportFormat;
use crate::outcome::Outcome;
use crate::paths;
use crate::replace::{Before, replace};
use crate::source::{Source, plural};

/// The `--out` that names standard output.
const STDOUT: &str = "-";

pub(crate) fn run(
    format: ExportFormat,
    catalog: Option<&Path>,
    out: &Path,
    language: Language,
    keep: Option<&Path>,
) -> Outcome {
    let to_stdout = out.as_os_str() == STDOUT;
    if to_stdout && format != ExportFormat::Json {
        return Outcome::input_error(format!(
            "a reference is a folder of pages: give --out a folder, not {STDOUT}"
        ));
    }
    if keep.is_some() && format != ExportFormat::CannDocs {
        return Outcome::input_error(
            "--keep regenerates CANN's pages: it goes with --format cann-docs",
        );
    }
    let (source, refused) = match Source::open(catalog).and_then(Source::whole) {
        Ok(opened) => opened,
        Err(failure) => return failure,
    };
    let mut outcome = written(format, &source, out, to_stdout, language, keep);
    // Entries that are not whole are left out, each named, and the run
    // fails; the others are written all the same.
    if !refused.is_empty() {
        outcome.stderr.insert_str(0, &refused);
        outcome.status = outcome.status.max(crate::outcome::Status::Failure);
    }
    outcome
}

fn written(
    format: ExportFormat,
    source: &Source,
    out: &Path,
    to_stdout: bool,
    language: Language,
    keep: Option<&Path>,
) -> Outcome {
    if to_stdout {
        return Outcome::printed(source.catalog.to_json());
    }
    let count = source.catalog.entries.len();
    let written = match format {
        ExportFormat::Json => replace(
            out.parent().unwrap_or(Path::new("")),
            out,
            source.catalog.to_json().as_bytes(),
            Before::Anything,
        ),
        ExportFormat::Markdown => write_pages(&source.catalog.to_markdown(), out),
        ExportFormat::CannDocs => {
            return cann_docs(source, out, language, keep);
        }
    };
    match written {
        Ok(()) => Outcome::printed(format!(
            "wrote {count} code{} from {} to {}\n",
            plural(count),
            source.name(),
            paths::name(out)
        )),
        Err(message) => Outcome::input_error(message),
    }
}

/// CANN's reference pages for `source`'s catalog, in `language`, keeping
/// what the pages under `keep` wrote by hand.
fn cann_docs(source: &Source, out: &Path, language: Language, keep: Option<&Path>) -> Outcome {
    let kept = match keep.map(read_reference).transpose() {
        Ok(kept) => kept.unwrap_or_default(),
        Err(message) => return Outcome::input_error(message),
    };
    let reference = match source.catalog.to_cann_docs(language, &source.docs, &kept) {
        Ok(reference) => reference,
        // A valid catalog always converts; the errors are named all the same.
        Err(errors) => {
            let mut outcome = Outcome::error(format!("{} cannot be exported:", source.name()));
            for error in errors.iter() {
                outcome.stderr.push_str(&format!(
                    "{}\n",
                    crate::paths::shown(&format!("{}:{error}", source.name()))
                ));
            }
            return outcome;
        }
    };
    if let Err(message) = write_pages(&reference.pages, out) {
        return Outcome::input_error(message);
    }
    let count = source.catalog.entries.len();
    let mut report = format!(
        "wrote {} page{} ({count} code{} and their index pages) from {} to {}\n",
        reference.pages.len(),
        plural(reference.pages.len()),
        plural(count),
        source.name(),
        paths::name(out)
    );
    if let Some(keep) = keep {
        let regenerated = source
            .catalog
            .entries
            .iter()
            .filter(|entry| kept.page(&entry.code).is_some())
            .count();
        report.push_str(&format!(
            "{regenerated} of them regenerated from the pages in {}\n",
            paths::name(keep)
        ));
    }
    let mut outcome = Outcome::printed(String::new());
    for (code, part) in &reference.dropped {
        outcome.note(format!("{code}: {part}"));
    }
    let untranslated = reference.untranslated.len();
    if untranslated > 0 {
        report.push_str(&format!(
            "{untranslated} Chinese page{} carr{} the English cause or solution, with no translation to keep: {}\n",
            plural(untranslated),
            if untranslated == 1 { "ies" } else { "y" },
            paths::shown(&reference.untranslated.join(", "))
        ));
    }
    outcome.stdout = report;
    outcome
}

/// The `.md` pages under `folder`, at any depth, for `--keep`.
fn read_reference(folder: &Path) -> Result<KeptReference, String> {
    if !folder.is_dir() {
        return Err(format!(
            "{} is not a folder: --keep takes the folder of an existing reference",
            paths::name(folder)
        ));
    }
    // Each page within the project file's limit, as every file read.
    let max_size = crate::project::Project::max_file_size()?;
    let mut kept = KeptReference::default();
    let mut pending: Vec<(PathBuf, String)> = vec![(folder.to_path_buf(), String::new())];
    while let Some((dir, relative)) = pending.pop() {
        let entries = fs::read_dir(&dir)
            .map_err(|error| format!("cannot read {}: {error}", paths::name(&dir)))?;
        for entry in entries {
            let entry =
                entry.map_err(|error| format!("cannot read {}: {error}", paths::name(&dir)))?;
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            let inner = if relative.is_empty() {
                name.clone()
            } else {
                format!("{relative}/{name}")
            };
            // `file_type` does not follow links: a link to a folder above
            // cannot make the walk endless.
            let kind = entry
                .file_type()
                .map_err(|error| format!("cannot read {}: {error}", paths::name(&path)))?;
            if kind.is_dir() {
                pending.push((path, inner));
            } else if kind.is_file() && name.ends_with(".md") {
                let text = crate::walk::read_text(&path, max_size, "")?;
                kept.add(&inner, &text);
            }
        }
    }
    Ok(kept)
}

/// Writes a reference's pages under `folder`, creating what is missing.
/// Nothing is written through a symbolic link inside `folder` (a link
/// given as `folder` itself is followed): a link where a page or one of
/// its folders goes is an error that names it ([`replace`] checks each as
/// it writes).
fn write_pages(pages: &[Page], folder: &Path) -> Result<(), String> {
    if folder.is_file() {
        return Err(format!(
            "{} is a file; a reference is a folder of pages",
            paths::name(folder)
        ));
    }
    fs::create_dir_all(folder)
        .map_err(|error| format!("cannot create {}: {error}", paths::name(folder)))?;
    for page in pages {
        let mut path = folder.to_path_buf();
        let parts: Vec<&str> = page.path.split('/').collect();
        for (index, part) in parts.iter().enumerate() {
            // Page paths are made of single names (`file_name_part`);
            // anything else would leave the folder.
            let single = !part.is_empty()
                && *part != "."
                && *part != ".."
                && Path::new(part).components().count() == 1;
            if !single {
                return Err(format!(
                    "{} is no path inside {}: not written",
                    paths::shown(&page.path),
                    paths::name(folder)
                ));
            }
            path.push(part);
            // A folder that is missing is made; one that is there, as
            // anything (a link too), is left for `replace` to judge.
            let last = index + 1 == parts.len();
            if !last && fs::symlink_metadata(&path).is_err() {
                fs::create_dir(&path)
                    .map_err(|error| format!("cannot create {}: {error}", paths::name(&path)))?;
            }
        }
        replace(folder, &path, page.text.as_bytes(), Before::Anything)?;
    }
    Ok(())
}
