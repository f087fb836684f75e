//! A finding of `check`: a defect of a catalog, a place where a copy of a
//! code (a C table row, a page, a report site, a Rust definition)
//! disagrees with the catalog, a text rule of CANN's review checklist, or
//! a file that could not be read whole.

use std::collections::BTreeMap;
use std::fmt;

use errcat::catalog::{Category, DefectKind, Diagnostic, Rule, Severity};

/// The kinds of findings, each with a stable name for machines, project
/// files, baselines and `errcode: allow(...)` comments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Kind {
    /// A defect of a catalog itself, by the catalog crate's kind.
    Catalog(CatalogKind),
    /// A change from the catalog's previous version, by its rule.
    Change(Rule),
    /// A field of a copy differs from the catalog's.
    Disagrees,
    /// A page differs from the catalog and changed after it did (by git):
    /// its text may be the newer, and `update` leaves it.
    CopyNewer,
    /// A table row, page or catalog copy of a code that no catalog defines.
    NotInCatalog,
    /// Warning: a Rust definition of a code that no catalog defines (a
    /// crate may define codes of its own).
    RustOnlyCode,
    /// A table that lists a code twice.
    DuplicateRow,
    /// A report site's code that no source defines.
    UndefinedCode,
    /// A report site's keys are not the Arglist's names.
    KeysDiffer,
    /// A report site passes another number of values than of keys.
    ValueCount,
    /// Warning: the catalog has no cause or solution (`N/A`) where a page
    /// has one.
    CatalogMissingText,
    /// Warning: a catalog code has no page in a language that has pages.
    MissingPage,
    /// With `--complete`: a catalog code that no copy defines (no Rust
    /// definition, catalog copy or table row).
    MissingCopy,
    /// A Rust file that does not parse. An error, not a warning: its
    /// definitions and report sites go unchecked, and a CI run must not
    /// pass on what it never read. (Exit status 2 stays for a path that
    /// cannot be read at all; this file was read, and is shown with the
    /// other findings.)
    Unparsed,
    /// Brackets nested deeper than the readers go: what is inside is not
    /// checked. An error for the same reason as [`Kind::Unparsed`].
    TooDeep,
    /// Warning: a part of a file that hides the rest of it (`#if 0` never
    /// closed, a raw string or comment never closed, a group too long).
    Unclosed,
    /// Warning: an `errcode: allow(...)` comment before no site or row.
    StrayAllow,
    /// Warning: an `errcode: allow(...)` comment that accepted nothing.
    UnusedAllow,
    /// Warning: an `errcode: allow(...)` comment naming no kind of finding.
    UnknownAllow,
    /// Warning: an `[[accept]]` table of the project file that accepted
    /// nothing.
    UnusedAccept,
    /// Warning: a constant that names two codes in two places, so the
    /// sites that use it are not checked.
    AmbiguousConstant,
    /// Warning: files of no known kind were skipped.
    Skipped,
    /// Warning: a message or suggestion starts with a lower-case letter.
    LowercaseStart,
    /// Warning: a suggestion or complete-sentence message without its period.
    MissingPeriod,
    /// Warning: `NA` or `N.A` instead of `N/A`.
    NaSpelling,
    /// Warning: a numbered item without a space after its number (`1.The`).
    NumberedItemSpace,
    /// Warning: a newline inside a suggestion.
    NewlineInSuggestion,
    /// Warning: an entry without a suggestion.
    MissingSuggestion,
    /// Warning: a literal value ending with a period fills a `%s` the
    /// template already follows with one.
    DoublePeriod,
}

/// The catalog crate's kinds, ordered (for sorting findings) and hashed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct CatalogKind(&'static str, bool);

impl CatalogKind {
    pub(crate) fn of(kind: DefectKind) -> CatalogKind {
        CatalogKind(kind.name(), kind.severity() == Severity::Error)
    }
}

/// Every kind but the catalog's own, for names.
const KINDS: &[Kind] = &[
    Kind::Disagrees,
    Kind::CopyNewer,
    Kind::NotInCatalog,
    Kind::RustOnlyCode,
    Kind::DuplicateRow,
    Kind::UndefinedCode,
    Kind::KeysDiffer,
    Kind::ValueCount,
    Kind::CatalogMissingText,
    Kind::MissingPage,
    Kind::MissingCopy,
    Kind::Unparsed,
    Kind::TooDeep,
    Kind::Unclosed,
    Kind::StrayAllow,
    Kind::UnusedAllow,
    Kind::UnknownAllow,
    Kind::UnusedAccept,
    Kind::AmbiguousConstant,
    Kind::Skipped,
    Kind::LowercaseStart,
    Kind::MissingPeriod,
    Kind::NaSpelling,
    Kind::NumberedItemSpace,
    Kind::NewlineInSuggestion,
    Kind::MissingSuggestion,
    Kind::DoublePeriod,
];

/// The catalog crate's kinds, by name.
const CATALOG_KINDS: &[DefectKind] = &[
    DefectKind::InvalidJson,
    DefectKind::Schema,
    DefectKind::MissingField,
    DefectKind::FieldType,
    DefectKind::UnknownField,
    DefectKind::DuplicateField,
    DefectKind::MalformedCode,
    DefectKind::DuplicateCode,
    DefectKind::StrayPercent,
    DefectKind::BadArgName,
    DefectKind::PlaceholderCount,
    DefectKind::RepeatedArg,
    DefectKind::UntrimmedText,
    DefectKind::ArgumentsDiffer,
    DefectKind::RetiredCodeUsed,
    DefectKind::NulCharacter,
];

impl Kind {
    /// The stable, kebab-case name.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Catalog(CatalogKind(name, _)) => name,
            Kind::Change(rule) => rule.name(),
            Kind::Disagrees => "disagrees",
            Kind::CopyNewer => "copy-newer",
            Kind::NotInCatalog => "not-in-catalog",
            Kind::RustOnlyCode => "rust-only-code",
            Kind::DuplicateRow => "duplicate-row",
            Kind::UndefinedCode => "undefined-code",
            Kind::KeysDiffer => "keys-differ",
            Kind::ValueCount => "value-count",
            Kind::CatalogMissingText => "catalog-missing-text",
            Kind::MissingPage => "missing-page",
            Kind::MissingCopy => "missing-copy",
            Kind::Unparsed => "unparsed-source",
            Kind::TooDeep => "too-deep",
            Kind::Unclosed => "unclosed",
            Kind::StrayAllow => "stray-allow",
            Kind::UnusedAllow => "unused-allow",
            Kind::UnknownAllow => "unknown-allow",
            Kind::UnusedAccept => "unused-accept",
            Kind::AmbiguousConstant => "ambiguous-constant",
            Kind::Skipped => "skipped-files",
            Kind::LowercaseStart => "lowercase-start",
            Kind::MissingPeriod => "missing-period",
            Kind::NaSpelling => "na-spelling",
            Kind::NumberedItemSpace => "numbered-item-space",
            Kind::NewlineInSuggestion => "newline-in-suggestion",
            Kind::MissingSuggestion => "missing-suggestion",
            Kind::DoublePeriod => "double-period",
        }
    }

    /// The kind of `name`, `None` for a name of no kind.
    pub(crate) fn named(name: &str) -> Option<Kind> {
        KINDS
            .iter()
            .copied()
            .find(|kind| kind.name() == name)
            .or_else(|| {
                CATALOG_KINDS
                    .iter()
                    .find(|kind| kind.name() == name)
                    .map(|kind| Kind::Catalog(CatalogKind::of(*kind)))
            })
            .or_else(|| Rule::named(name).map(Kind::Change))
    }

    /// Every kind's name, for messages that list them.
    pub(crate) fn all_names() -> Vec<&'static str> {
        let mut names: Vec<&str> = KINDS.iter().map(|kind| kind.name()).collect();
        names.extend(CATALOG_KINDS.iter().map(|kind| kind.name()));
        names.extend(Rule::ALL.iter().map(|rule| rule.name()));
        names
    }

    /// A sentence saying what the kind is about, for SARIF's rules.
    pub(crate) fn description(self) -> &'static str {
        match self {
            Kind::Catalog(_) => "A defect of the catalog itself.",
            Kind::Change(rule) => match rule.category() {
                Category::Sites => "A change from the previous catalog that breaks report sites.",
                Category::Logs => "A change from the previous catalog that breaks message parsers.",
                Category::Text => "A change from the previous catalog in wording only.",
            },
            Kind::Disagrees => "A copy of a code differs from the catalog.",
            Kind::CopyNewer => {
                "A page differs from the catalog and changed after it did: its text may be the newer."
            }
            Kind::NotInCatalog => "A copy of a code that no catalog defines.",
            Kind::RustOnlyCode => "A Rust definition of a code that no catalog defines.",
            Kind::DuplicateRow => "A table lists a code twice.",
            Kind::UndefinedCode => "A report site's code is defined nowhere.",
            Kind::KeysDiffer => "A report site's keys are not the code's argument names.",
            Kind::ValueCount => "A report site passes another number of values than of keys.",
            Kind::CatalogMissingText => "A page has a cause or solution that the catalog lacks.",
            Kind::MissingPage => "A code has no reference page in a language that has pages.",
            Kind::MissingCopy => "A catalog's code that no copy defines.",
            Kind::Unparsed => "A Rust source that does not parse is not checked.",
            Kind::TooDeep => "Brackets nest too deep for the reader: the inside is not checked.",
            Kind::Unclosed => {
                "Part of a file hides the rest of it from the compiler and the check."
            }
            Kind::StrayAllow => "An allow comment stands before no report site or table row.",
            Kind::UnusedAllow => "An allow comment accepted no finding.",
            Kind::UnknownAllow => "An allow comment names no kind of finding.",
            Kind::UnusedAccept => "An accept table of the project file accepted no finding.",
            Kind::AmbiguousConstant => "A constant names two codes, so its sites are not checked.",
            Kind::Skipped => "Files of no known kind were skipped.",
            Kind::LowercaseStart => "A text starts with a lower-case letter.",
            Kind::MissingPeriod => "A sentence without its closing period.",
            Kind::NaSpelling => "`NA` or `N.A` written for `N/A`.",
            Kind::NumberedItemSpace => "A numbered item without a space after its number.",
            Kind::NewlineInSuggestion => "A newline inside a suggestion.",
            Kind::MissingSuggestion => "An entry without a suggestion.",
            Kind::DoublePeriod => {
                "A value ending with a period fills a placeholder followed by one."
            }
        }
    }

    /// Whether findings of the kind are errors unless a project file says
    /// otherwise.
    pub(crate) fn default_severity(self) -> Severity {
        match self {
            Kind::Change(rule) => match rule.category() {
                Category::Sites | Category::Logs => Severity::Error,
                Category::Text => Severity::Warning,
            },
            Kind::Catalog(CatalogKind(_, true))
            | Kind::Disagrees
            | Kind::CopyNewer
            | Kind::NotInCatalog
            | Kind::DuplicateRow
            | Kind::UndefinedCode
            | Kind::KeysDiffer
            | Kind::ValueCount
            | Kind::Unparsed
            | Kind::MissingCopy
            | Kind::TooDeep => Severity::Error,
            _ => Severity::Warning,
        }
    }
}

/// The field of an entry a finding is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Field {
    Title,
    Message,
    Arglist,
    Cause,
    Solution,
}

impl Field {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Field::Title => "title",
            Field::Message => "message",
            Field::Arglist => "arglist",
            Field::Cause => "cause",
            Field::Solution => "solution",
        }
    }

    pub(crate) fn named(name: &str) -> Option<Field> {
        [
            Field::Title,
            Field::Message,
            Field::Arglist,
            Field::Cause,
            Field::Solution,
        ]
        .into_iter()
        .find(|field| field.name() == name)
    }
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Finding {
    /// The file, as findings name it (relative to the working folder).
    pub(crate) file: String,
    /// 1-based; 0 for a finding about a whole file or folder.
    pub(crate) line: u32,
    /// 1-based, in characters; 0 when unknown.
    pub(crate) column: u32,
    pub(crate) code: Option<String>,
    pub(crate) kind: Kind,
    /// What is wrong, in a sentence; a disagreement ends with the
    /// catalog's place, `(CATALOG:LINE)`.
    pub(crate) message: String,
    pub(crate) field: Option<Field>,
    /// The other copy: the catalog's entry, or a table's first row.
    pub(crate) other: Option<(String, u32)>,
    /// The kind's severity, or the project file's for it.
    pub(crate) severity: Severity,
    /// A catalog's defect: the entry's 1-based number in `error_info_list`.
    pub(crate) entry: Option<usize>,
    /// Places the finding concerns beyond its own: the report sites and
    /// table rows a change breaks.
    pub(crate) related: Vec<Related>,
    /// The line of the `errcode: allow(...)` comment that accepts the
    /// finding, at its site or row: it is no longer counted, and SARIF
    /// shows it suppressed in the source.
    pub(crate) allowed_at: Option<u32>,
}

/// A place a finding concerns, and how.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Related {
    pub(crate) file: String,
    pub(crate) line: u32,
    pub(crate) column: u32,
    /// What is there: `report site, keys "config, value, reason"`.
    pub(crate) note: String,
}

impl Related {
    /// `FILE:LINE:COLUMN: note`, as a line shows it; the note alone for
    /// what stands for the places not listed (`... and 3 more uses`), which
    /// have no file.
    pub(crate) fn shown(&self) -> String {
        if self.line == 0 {
            return format!("{} {}", self.file, crate::paths::shown(&self.note));
        }
        format!(
            "{}:{}:{}: {}",
            crate::paths::shown(&self.file),
            self.line,
            self.column,
            crate::paths::shown(&self.note)
        )
    }
}

impl Finding {
    /// A finding of `kind` at its default severity.
    pub(crate) fn new(
        file: impl Into<String>,
        line: u32,
        column: u32,
        code: Option<String>,
        kind: Kind,
        message: impl Into<String>,
    ) -> Finding {
        Finding {
            file: file.into(),
            line,
            column,
            code,
            kind,
            message: message.into(),
            field: None,
            other: None,
            severity: kind.default_severity(),
            entry: None,
            related: Vec::new(),
            allowed_at: None,
        }
    }

    /// A catalog's defect, in `file`.
    pub(crate) fn of_diagnostic(file: &str, diagnostic: &Diagnostic) -> Finding {
        let mut finding = Finding::new(
            file,
            diagnostic.position.line,
            diagnostic.position.column,
            diagnostic.subject(),
            Kind::Catalog(CatalogKind::of(diagnostic.kind)),
            diagnostic.message.clone(),
        );
        finding.severity = diagnostic.severity();
        finding.entry = diagnostic.entry;
        finding
    }

    pub(crate) fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Whether the finding is a change that breaks report sites.
    pub(crate) fn is_sites_change(&self) -> bool {
        matches!(self.kind, Kind::Change(rule) if rule.category() == Category::Sites)
    }

    /// `FILE:LINE:COLUMN:`, `FILE:` alone for a whole file or folder, as a
    /// line shows it.
    pub(crate) fn location(&self) -> String {
        let mut location = format!("{}:", crate::paths::shown(&self.file));
        if self.line > 0 {
            location.push_str(&format!("{}:", self.line));
            if self.column > 0 {
                location.push_str(&format!("{}:", self.column));
            }
        }
        location
    }

    pub(crate) fn severity_name(&self) -> &'static str {
        match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

impl fmt::Display for Finding {
    /// `FILE:LINE:COLUMN: [warning: ]CODE: message`; `FILE:` alone for a
    /// finding about a whole file or folder (line 0).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.location())?;
        if !self.is_error() {
            f.write_str(" warning:")?;
        }
        if let Some(code) = &self.code {
            write!(f, " {}:", crate::paths::shown(code))?;
        }
        write!(f, " {}", crate::paths::shown(&self.message))?;
        for related in &self.related {
            write!(f, "\n    {}", related.shown())?;
        }
        Ok(())
    }
}

/// Findings not kept, by file: errors and warnings. A catalog keeps its
/// first findings, and a file read against it its first thousands; the
/// rest are counted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct LeftOut(pub(crate) BTreeMap<String, (usize, usize)>);

impl LeftOut {
    pub(crate) fn add(&mut self, file: &str, errors: usize, warnings: usize) {
        if errors + warnings == 0 {
            return;
        }
        let count = self.0.entry(file.to_owned()).or_default();
        count.0 += errors;
        count.1 += warnings;
    }

    pub(crate) fn extend(&mut self, other: LeftOut) {
        for (file, (errors, warnings)) in other.0 {
            self.add(&file, errors, warnings);
        }
    }

    /// All files' errors and warnings.
    pub(crate) fn total(&self) -> (usize, usize) {
        self.0.values().fold((0, 0), |(errors, warnings), (e, w)| {
            (errors + e, warnings + w)
        })
    }

    /// Without the warnings (a run that shows none).
    pub(crate) fn errors_only(mut self) -> LeftOut {
        self.0.retain(|_, (errors, warnings)| {
            *warnings = 0;
            *errors > 0
        });
        self
    }
}
