//! Where a command's catalog comes from: a file, a folder of Rust sources,
//! or the Profiling catalog built into the tool.

use std::path::Path;

use errcat::catalog::{Catalog, Diagnostic, Documentation, LeftOut, load_bytes};
use errcat::registry;
use errcat_profiling::InsufficientHostMemory;

use crate::outcome::{Outcome, note_line};
use crate::rust_catalog::DefinedIn;

/// A catalog and everything found wrong with it.
pub(crate) struct Source {
    /// The file as given on the command line; `None` for the built-in catalog.
    pub(crate) file: Option<String>,
    pub(crate) catalog: Catalog,
    /// What Rust definitions say beyond the catalog: empty unless the
    /// catalog was read from Rust sources.
    pub(crate) docs: Documentation,
    /// The first findings (see [`MAX_FINDINGS`](errcat::catalog::MAX_FINDINGS)).
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// How many errors were found beyond those in `diagnostics`.
    pub(crate) omitted_errors: usize,
    /// How many warnings were found beyond those in `diagnostics`.
    pub(crate) omitted_warnings: usize,
    /// Rust sources: the definitions that could not be read, a line each
    /// (`FILE:LINE: CODE: why`); the catalog holds the others.
    pub(crate) refused: Vec<String>,
    /// Rust sources: by code, the file and item that define it (empty for
    /// a JSON catalog, whose codes are all in its own file).
    pub(crate) defined: std::collections::HashMap<String, DefinedIn>,
    /// A JSON catalog: the entries the format cannot describe (a field
    /// that is a number), which are not in `catalog`.
    pub(crate) left_out: Vec<LeftOut>,
}

impl Source {
    /// The file that defines `code`, as findings name it.
    pub(crate) fn file_of(&self, code: &str) -> Option<String> {
        match self.defined.get(code) {
            Some(defined) => Some(defined.file.clone()),
            None => self.file.clone(),
        }
    }
}

impl Source {
    /// The Profiling catalog linked into the tool, from its registry.
    pub(crate) fn built_in() -> Source {
        // Linking a function of the crate links its definitions into the registry.
        std::hint::black_box(
            <InsufficientHostMemory<'static> as errcat::ErrorCode>::report
                as fn(&InsufficientHostMemory<'static>),
        );
        Source {
            file: None,
            catalog: registry().to_catalog(),
            docs: Documentation::default(),
            diagnostics: Vec::new(),
            omitted_errors: 0,
            omitted_warnings: 0,
            refused: Vec::new(),
            defined: Default::default(),
            left_out: Vec::new(),
        }
    }

    /// The catalog in `path`, a JSON file or a folder of Rust sources,
    /// each file within the project file's `max-file-size`: an unreadable
    /// file, or a folder without a definition, is an input error (exit
    /// status 2); a defective catalog is read with its diagnostics, and
    /// Rust definitions that cannot be read are listed in
    /// [`refused`](Self::refused).
    pub(crate) fn read(path: &Path) -> Result<Source, Outcome> {
        let max_size = crate::project::Project::max_file_size().map_err(Outcome::input_error)?;
        Source::read_within(path, max_size)
    }

    /// [`read`](Self::read), a file larger than `max_size` refused (the
    /// limit of the project file a command was given).
    pub(crate) fn read_within(path: &Path, max_size: u64) -> Result<Source, Outcome> {
        let name = crate::paths::name(path);
        if path.is_dir() {
            let folder = crate::rust_catalog::read_folder(path, max_size).map_err(|why| {
                Outcome::input_error(format!("{name} cannot be read as a catalog: {why}"))
            })?;
            if folder.catalog.entries.is_empty()
                && folder.catalog.retired.is_empty()
                && folder.problems.is_empty()
            {
                return Err(Outcome::input_error(format!(
                    "no `#[error_code]` definitions in {name}"
                )));
            }
            return Ok(Source {
                file: Some(name),
                catalog: folder.catalog,
                docs: folder.docs,
                diagnostics: Vec::new(),
                omitted_errors: 0,
                omitted_warnings: 0,
                refused: folder.problems,
                defined: folder.defined,
                left_out: Vec::new(),
            });
        }
        let bytes = crate::walk::read_file(path, max_size)
            .map_err(|failure| Outcome::input_error(failure.describe(path, max_size)))?;
        let loaded = load_bytes(&bytes);
        Ok(Source {
            file: Some(name),
            catalog: loaded.catalog,
            docs: Documentation::default(),
            diagnostics: loaded.diagnostics,
            omitted_errors: loaded.omitted_errors,
            omitted_warnings: loaded.omitted_warnings,
            refused: Vec::new(),
            defined: Default::default(),
            left_out: loaded.left_out,
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

    pub(crate) fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count() + self.omitted_errors
    }

    /// For commands that write a catalog out: the entries that are whole,
    /// and the `errcode: ...` lines that name each entry left out with its
    /// errors (empty when every entry is whole). A file that is no catalog
    /// at all fails.
    pub(crate) fn whole(mut self) -> Result<(Source, String), Outcome> {
        if let Some(failure) = self.not_a_catalog() {
            return Err(failure);
        }
        let mut refused = String::new();
        for line in &self.refused {
            refused.push_str(&note_line(format!("left out: {line}")));
        }
        let name = self.name();
        // Entries the reader could not take (a field that is a number) are
        // named with their errors, or by their place when those were
        // beyond the findings kept.
        for left_out in &self.left_out {
            let mut named = false;
            for error in self
                .diagnostics
                .iter()
                .filter(|d| d.is_error() && d.entry == Some(left_out.number))
            {
                named = true;
                refused.push_str(&note_line(format!("left out: {name}:{error}")));
            }
            if !named {
                refused.push_str(&note_line(format!(
                    "left out: {name}:{}: entry {}: not in the catalog's format; `errcode check {name}` says why",
                    left_out.position.line, left_out.number
                )));
            }
        }
        let mut kept = Vec::new();
        for entry in std::mem::take(&mut self.catalog.entries) {
            match entry.definition() {
                Ok(_) => kept.push(entry),
                Err(errors) => {
                    // The reader's findings place the error at its field.
                    let read: Vec<&Diagnostic> = self
                        .diagnostics
                        .iter()
                        .filter(|d| d.is_error() && d.code.as_deref() == Some(entry.code.as_str()))
                        .collect();
                    if read.is_empty() {
                        for error in errors.iter() {
                            refused.push_str(&note_line(format!("left out: {name}:{error}")));
                        }
                    }
                    for error in read {
                        refused.push_str(&note_line(format!("left out: {name}:{error}")));
                    }
                }
            }
        }
        // Two entries of one code: the first is written, as a registry
        // keeps the first; the others are named.
        let mut seen = std::collections::HashSet::new();
        kept.retain(|entry| {
            let first = seen.insert(entry.code.clone());
            if !first {
                refused.push_str(&note_line(format!(
                    "left out: {name}:{}: {}: the code is defined twice; the first definition is written",
                    entry.position.line, entry.code
                )));
            }
            first
        });
        self.catalog.entries = kept;
        Ok((self, refused))
    }

    /// The failure of a text that is no catalog at all (not JSON, not the
    /// schema), exit status 2 as for a file that cannot be read.
    fn not_a_catalog(&self) -> Option<Outcome> {
        let whole_file = self
            .diagnostics
            .iter()
            .any(|diagnostic| diagnostic.is_error() && diagnostic.entry.is_none());
        whole_file.then(|| {
            let mut outcome = Outcome::input_error(format!("{} is not a catalog:", self.name()));
            outcome.stderr.push_str(&self.error_lines());
            outcome
        })
    }

    /// For commands that show a catalog: entries that break a rule are still
    /// shown, with a note, but a file that is not a catalog at all fails.
    pub(crate) fn readable(self) -> Result<(Source, String), Outcome> {
        if let Some(failure) = self.not_a_catalog() {
            return Err(failure);
        }
        let mut note = match self.error_count() {
            0 => String::new(),
            count => format!(
                "errcode: note: {} has {count} error{}; `errcode check {}` lists them\n",
                self.name(),
                plural(count),
                self.name()
            ),
        };
        // Rust definitions that could not be read (a file that does not
        // parse, brackets nested too deep) are not shown: say which.
        for line in &self.refused {
            note.push_str(&note_line(format!("note: left out: {line}")));
        }
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
        .map(|diagnostic| format!("{}\n", crate::paths::shown(&format!("{file}:{diagnostic}"))))
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
