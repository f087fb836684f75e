//! Where a command's catalog comes from: a file, a folder of Rust sources,
//! or the Profiling catalog built into the tool.

use std::path::Path;

use errcode::catalog::{Catalog, Diagnostic, Documentation, load_bytes};
use errcode::registry;
use errcode_profiling::InsufficientHostMemory;

use crate::outcome::Outcome;

/// A catalog and everything found wrong with it.
pub(crate) struct Source {
    /// The file as given on the command line; `None` for the built-in catalog.
    pub(crate) file: Option<String>,
    pub(crate) catalog: Catalog,
    /// What Rust definitions say beyond the catalog: empty unless the
    /// catalog was read from Rust sources.
    pub(crate) docs: Documentation,
    /// The first findings (see [`MAX_FINDINGS`](errcode::catalog::MAX_FINDINGS)).
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// How many errors were found beyond those in `diagnostics`.
    pub(crate) omitted_errors: usize,
    /// How many warnings were found beyond those in `diagnostics`.
    pub(crate) omitted_warnings: usize,
}

impl Source {
    /// The Profiling catalog linked into the tool, from its registry.
    pub(crate) fn built_in() -> Source {
        // Linking a function of the crate links its definitions into the registry.
        std::hint::black_box(
            <InsufficientHostMemory<'static> as errcode::ErrorCode>::report
                as fn(&InsufficientHostMemory<'static>),
        );
        Source {
            file: None,
            catalog: registry().to_catalog(),
            docs: Documentation::default(),
            diagnostics: Vec::new(),
            omitted_errors: 0,
            omitted_warnings: 0,
        }
    }

    /// The catalog in `path`, a JSON file or a folder of Rust sources: an
    /// unreadable file is an input error (exit status 2), a defective
    /// catalog is read with its diagnostics, and Rust sources that cannot
    /// be read as a catalog fail with a line for each problem.
    pub(crate) fn read(path: &Path) -> Result<Source, Outcome> {
        if path.is_dir() {
            let (catalog, docs) = crate::rust_catalog::read_folder(path).map_err(|problems| {
                Outcome::input_error(format!(
                    "{} cannot be read as a catalog:\n{problems}",
                    path.display()
                ))
            })?;
            return Ok(Source {
                file: Some(path.display().to_string()),
                catalog,
                docs,
                diagnostics: Vec::new(),
                omitted_errors: 0,
                omitted_warnings: 0,
            });
        }
        let bytes = std::fs::read(path).map_err(|error| {
            Outcome::input_error(format!("cannot read {}: {error}", path.display()))
        })?;
        let loaded = load_bytes(&bytes);
        Ok(Source {
            file: Some(path.display().to_string()),
            catalog: loaded.catalog,
            docs: Documentation::default(),
            diagnostics: loaded.diagnostics,
            omitted_errors: loaded.omitted_errors,
            omitted_warnings: loaded.omitted_warnings,
        })
    }

    /// `path`'s catalog, or the built-in one.
    pub(crate) fn open(path: Option<&Path>) -> Result<Source, Outcome> {
        match path {
            Some(path) => Source::read(path),
            None => Ok(Source::built_in()),
        }
    }

    /// How messages name the catalog.
    pub(crate) fn name(&self) -> String {
        match &self.file {
            Some(file) => file.clone(),
            None => "the built-in Profiling catalog".to_owned(),
        }
    }

    /// `FILE:LINE: CODE: ...`, a line per error, and `FILE: ... and N more
    /// findings` for those that were not kept.
    pub(crate) fn error_lines(&self) -> String {
        let file = self.name();
        let errors = self.diagnostics.iter().filter(|d| d.is_error());
        finding_lines(&file, errors, self.omitted_errors)
    }

    fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count() + self.omitted_errors
    }

    /// For commands that write a catalog out: it must have no error.
    pub(crate) fn valid(self) -> Result<Source, Outcome> {
        if self.error_count() == 0 {
            return Ok(self);
        }
        let mut outcome = Outcome::error(format!(
            "{} has {} error{}; fix {} first:",
            self.name(),
            self.error_count(),
            plural(self.error_count()),
            if self.error_count() == 1 {
                "it"
            } else {
                "them"
            }
        ));
        outcome.stderr.push_str(&self.error_lines());
        Err(outcome)
    }

    /// For commands that show a catalog: entries that break a rule are still
    /// shown, with a note, but a file that is not a catalog at all fails.
    pub(crate) fn readable(self) -> Result<(Source, String), Outcome> {
        let whole_file = self
            .diagnostics
            .iter()
            .any(|diagnostic| diagnostic.is_error() && diagnostic.entry.is_none());
        if whole_file {
            let mut outcome = Outcome::error(format!("{} is not a catalog:", self.name()));
            outcome.stderr.push_str(&self.error_lines());
            return Err(outcome);
        }
        let note = match self.error_count() {
            0 => String::new(),
            count => format!(
                "errcode: note: {} has {count} error{}; `errcode check {}` lists them\n",
                self.name(),
                plural(count),
                self.name()
            ),
        };
        Ok((self, note))
    }
}

/// `FILE:LINE: CODE: ...`, a line per finding, closed by `FILE: ... and N
/// more findings` when `omitted` were left out.
pub(crate) fn finding_lines<'a>(
    file: &str,
    findings: impl Iterator<Item = &'a Diagnostic>,
    omitted: usize,
) -> String {
    let mut lines: String = findings
        .map(|diagnostic| format!("{file}:{diagnostic}\n"))
        .collect();
    if omitted > 0 {
        lines.push_str(&format!(
            "{file}: ... and {omitted} more finding{}\n",
            plural(omitted)
        ));
    }
    lines
}

pub(crate) fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}
