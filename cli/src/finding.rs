//! A finding of `check --against`: where a copy of a code (a C table row,
//! a page, a report site, a Rust definition) disagrees with the catalog,
//! or breaks a text rule of CANN's review checklist.

use std::fmt;

use errcode::catalog::Severity;
use serde_json::{Value, json};

/// The kinds of findings about copies, each with a stable name for machines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Kind {
    /// A field of a copy differs from the catalog's.
    Disagrees,
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
    /// Warning: a catalog code has no page in a language that has pages.
    MissingPage,
    /// A Rust file that does not parse. An error, not a warning: its
    /// definitions and report sites go unchecked, and a CI run must not
    /// pass on what it never read. (Exit status 2 stays for a path that
    /// cannot be read at all; this file was read, and is shown with the
    /// other findings.)
    Unparsed,
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

impl Kind {
    /// The stable, kebab-case name.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Disagrees => "disagrees",
            Kind::NotInCatalog => "not-in-catalog",
            Kind::RustOnlyCode => "rust-only-code",
            Kind::DuplicateRow => "duplicate-row",
            Kind::UndefinedCode => "undefined-code",
            Kind::KeysDiffer => "keys-differ",
            Kind::ValueCount => "value-count",
            Kind::MissingPage => "missing-page",
            Kind::Unparsed => "unparsed-source",
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

    pub(crate) fn severity(self) -> Severity {
        match self {
            Kind::Disagrees
            | Kind::NotInCatalog
            | Kind::DuplicateRow
            | Kind::UndefinedCode
            | Kind::KeysDiffer
            | Kind::ValueCount
            | Kind::Unparsed => Severity::Error,
            _ => Severity::Warning,
        }
    }
}

/// The field of an entry a disagreement is about.
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
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Finding {
    pub(crate) file: String,
    pub(crate) line: u32,
    pub(crate) column: u32,
    pub(crate) code: Option<String>,
    pub(crate) kind: Kind,
    /// What is wrong, in a sentence; a disagreement ends with the
    /// catalog's place, `(CATALOG:LINE)`.
    pub(crate) message: String,
    pub(crate) field: Option<Field>,
    /// The other copy: the catalog's entry, or a table's first row.
    pub(crate) other: Option<(String, u32)>,
}

impl Finding {
    pub(crate) fn is_error(&self) -> bool {
        self.kind.severity() == Severity::Error
    }

    pub(crate) fn to_json(&self) -> Value {
        let mut value = json!({
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "severity": match self.kind.severity() {
                Severity::Error => "error",
                Severity::Warning => "warning",
            },
            "kind": self.kind.name(),
            "code": self.code,
            "entry": null,
            "message": self.message,
        });
        if let Value::Object(object) = &mut value {
            if let Some(field) = self.field {
                object.insert("field".to_owned(), json!(field.name()));
            }
            if let Some((file, line)) = &self.other {
                object.insert("other_file".to_owned(), json!(file));
                object.insert("other_line".to_owned(), json!(line));
            }
        }
        value
    }
}

impl fmt::Display for Finding {
    /// `FILE:LINE: [warning: ]CODE: message`; `FILE:` alone for a
    /// finding about a whole folder (line 0).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.file)?;
        if self.line > 0 {
            write!(f, "{}:", self.line)?;
        }
        if !self.is_error() {
            f.write_str(" warning:")?;
        }
        if let Some(code) = &self.code {
            write!(f, " {code}:")?;
        }
        write!(f, " {}", self.message)
    }
}
