//! What is wrong with a catalog, where, and in which entry.

use core::fmt;

use crate::position::Position;

/// Whether a finding makes the catalog unusable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The catalog cannot be imported, registered or exported.
    Error,
    /// Legal, but often a mistake.
    Warning,
}

/// The kinds of findings, each with a stable name for machines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DefectKind {
    /// The text is not JSON (or not UTF-8).
    InvalidJson,
    /// The JSON is not shaped as a catalog: no `error_info_list` array, or
    /// an entry that is not an object.
    Schema,
    /// A required field is missing.
    MissingField,
    /// A field has the wrong JSON type.
    FieldType,
    /// A field that the format does not have.
    UnknownField,
    /// A field written twice in one object.
    DuplicateField,
    /// A code that is not `E`/`W`, a letter or digit, and four digits.
    MalformedCode,
    /// A code defined by two entries.
    DuplicateCode,
    /// A `%` in the message that is neither `%s` nor `%%`.
    StrayPercent,
    /// An `Arglist` name that is empty or cannot name a field.
    BadArgName,
    /// The message's `%s` count differs from the number of `Arglist` names.
    PlaceholderCount,
    /// Warning: one `Arglist` name fills several placeholders.
    RepeatedArg,
    /// Warning: a class or title with spaces around it.
    UntrimmedText,
    /// An entry registered at run time names other arguments than the
    /// definition of its code compiled into the program.
    ArgumentsDiffer,
}

impl DefectKind {
    /// The stable, kebab-case name of the kind, such as `"placeholder-count"`.
    pub fn name(self) -> &'static str {
        match self {
            DefectKind::InvalidJson => "invalid-json",
            DefectKind::Schema => "schema",
            DefectKind::MissingField => "missing-field",
            DefectKind::FieldType => "field-type",
            DefectKind::UnknownField => "unknown-field",
            DefectKind::DuplicateField => "duplicate-field",
            DefectKind::MalformedCode => "malformed-code",
            DefectKind::DuplicateCode => "duplicate-code",
            DefectKind::StrayPercent => "stray-percent",
            DefectKind::BadArgName => "bad-arg-name",
            DefectKind::PlaceholderCount => "placeholder-count",
            DefectKind::RepeatedArg => "repeated-arg",
            DefectKind::UntrimmedText => "untrimmed-text",
            DefectKind::ArgumentsDiffer => "arguments-differ",
        }
    }

    /// Whether findings of this kind are errors or warnings.
    pub fn severity(self) -> Severity {
        match self {
            DefectKind::RepeatedArg | DefectKind::UntrimmedText => Severity::Warning,
            _ => Severity::Error,
        }
    }
}

/// One finding in a catalog.
///
/// Its `Display` is `LINE: CODE: what is wrong` (with `warning: ` before the
/// code for warnings); a tool puts the file name and `:` in front.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// What kind of finding it is; its [`severity`](DefectKind::severity) says
    /// whether it is an error.
    pub kind: DefectKind,
    /// Where it is: the field at fault, or the entry.
    pub position: Position,
    /// The entry's `ErrCode` as written, when it has one that is a string.
    pub code: Option<String>,
    /// The entry's 1-based number in `error_info_list`, when it is about one entry.
    pub entry: Option<usize>,
    /// What is wrong, in a sentence.
    pub message: String,
}

impl Diagnostic {
    /// A finding about an entry (`entry` is its 1-based number, `code` its
    /// code as written) or, with neither, about the whole catalog.
    pub fn new(
        kind: DefectKind,
        position: Position,
        code: Option<String>,
        entry: Option<usize>,
        message: String,
    ) -> Self {
        Diagnostic {
            kind,
            position,
            code,
            entry,
            message,
        }
    }

    /// Whether the finding is an error or a warning.
    pub fn severity(&self) -> Severity {
        self.kind.severity()
    }

    /// Whether the finding is an error.
    pub fn is_error(&self) -> bool {
        self.severity() == Severity::Error
    }

    /// What the message is about: the code, `entry N` for an entry without
    /// a code, or nothing for the file as a whole.
    pub fn subject(&self) -> Option<String> {
        match (&self.code, self.entry) {
            (Some(code), _) => Some(code.clone()),
            (None, Some(entry)) => Some(format!("entry {entry}")),
            (None, None) => None,
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.position.line)?;
        if self.kind == DefectKind::InvalidJson {
            write!(f, "{}:", self.position.column)?;
        }
        if self.severity() == Severity::Warning {
            f.write_str(" warning:")?;
        }
        if let Some(subject) = self.subject() {
            write!(f, " {subject}:")?;
        }
        write!(f, " {}", self.message)
    }
}

/// Every error of a catalog that cannot be used; see [`load`](crate::load).
///
/// Its `Display` is one [`Diagnostic`] a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogErrors {
    errors: Vec<Diagnostic>,
}

impl CatalogErrors {
    /// The errors among `diagnostics`; `None` when there is none.
    pub fn from_diagnostics(diagnostics: &[Diagnostic]) -> Option<CatalogErrors> {
        let errors: Vec<Diagnostic> = diagnostics
            .iter()
            .filter(|diagnostic| diagnostic.is_error())
            .cloned()
            .collect();
        (!errors.is_empty()).then_some(CatalogErrors { errors })
    }

    /// Errors that are known to be errors and not empty.
    pub(crate) fn new(errors: Vec<Diagnostic>) -> CatalogErrors {
        CatalogErrors { errors }
    }

    /// The errors, in the order of their positions.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &Diagnostic> {
        self.errors.iter()
    }

    /// How many errors there are (at least one).
    pub fn len(&self) -> usize {
        self.errors.len()
    }

    /// Always `false`: there is at least one error.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }
}

impl fmt::Display for CatalogErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, error) in self.errors.iter().enumerate() {
            if index > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{error}")?;
        }
        Ok(())
    }
}

impl std::error::Error for CatalogErrors {}

impl IntoIterator for CatalogErrors {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;

    fn into_iter(self) -> Self::IntoIter {
        self.errors.into_iter()
    }
}
