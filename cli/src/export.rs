//! `errcode export --format json|markdown --out PATH`.

use std::fs;
use std::path::Path;

use crate::args::ExportFormat;
use crate::outcome::Outcome;
use crate::source::{Source, plural};

/// The `--out` that names standard output.
const STDOUT: &str = "-";

pub(crate) fn run(format: ExportFormat, catalog: Option<&Path>, out: &Path) -> Outcome {
    let to_stdout = out.as_os_str() == STDOUT;
    if to_stdout && format == ExportFormat::Markdown {
        return Outcome::input_error(format!(
            "a Markdown reference is a folder of pages: give --out a folder, not {STDOUT}"
        ));
    }
    let source = match Source::open(catalog).and_then(Source::valid) {
        Ok(source) => source,
        Err(failure) => return failure,
    };
    if to_stdout {
        return Outcome::printed(source.catalog.to_json());
    }
    let count = source.catalog.entries.len();
    let written = match format {
        ExportFormat::Json => fs::write(out, source.catalog.to_json())
            .map_err(|error| format!("cannot write {}: {error}", out.display())),
        ExportFormat::Markdown => write_pages(&source, out),
    };
    match written {
        Ok(()) => Outcome::printed(format!(
            "wrote {count} code{} from {} to {}\n",
            plural(count),
            source.name(),
            out.display()
        )),
        Err(message) => Outcome::input_error(message),
    }
}

/// Writes the reference's pages under `folder`, creating what is missing.
fn write_pages(source: &Source, folder: &Path) -> Result<(), String> {
    if folder.is_file() {
        return Err(format!(
            "{} is a file; a Markdown reference is a folder of pages",
            folder.display()
        ));
    }
    for page in source.catalog.to_markdown() {
        let path = folder.join(&page.path);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)
                .map_err(|error| format!("cannot create {}: {error}", parent.display()))?;
        }
        fs::write(&path, &page.text)
            .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
    }
    Ok(())
}
