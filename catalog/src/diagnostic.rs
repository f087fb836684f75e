//! What is wrong with a catalog, where, and in which entry; and the bounds
//! that keep the findings of a hostile catalog short.

use core::fmt;
use std::collections::BinaryHeap;

use crate::position::Position;

/// How many errors of one catalog are kept, and how many warnings: the
/// rest are counted ([`Loaded::omitted_errors`](crate::Loaded::omitted_errors),
/// [`CatalogErrors::omitted`]) and shown as one closing
/// `... and N more findings` line.
pub const MAX_FINDINGS: usize = 100;

/// How many characters of a value a finding quotes.
const EXCERPT_CHARS: usize = 40;

/// How many items of a list (names, placeholder numbers) a finding quotes.
const EXCERPT_ITEMS: usize = 6;

/// `text` as a finding quotes it: its first [`EXCERPT_CHARS`] characters,
/// and `...` when it goes on.
pub(crate) fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_owned(),
    }
}

/// The first few `items`, each an excerpt, joined with `, `, and `...` when
/// there are more.
pub(crate) fn excerpt_list<T: AsRef<str>>(items: impl IntoIterator<Item = T>) -> String {
    let mut items = items.into_iter();
    let mut quoted: Vec<String> = items
        .by_ref()
        .take(EXCERPT_ITEMS)
        .map(|item| excerpt(item.as_ref()))
        .collect();
    if items.next().is_some() {
        quoted.push("...".to_owned());
    }
    quoted.join(", ")
}

/// `... and N more findings`, the line that closes a cut list.
pub(crate) fn more_findings(omitted: usize) -> String {
    format!(
        "... and {omitted} more finding{}",
        if omitted == 1 { "" } else { "s" }
    )
}

/// The findings of one catalog as they are found, keeping the first
/// [`MAX_FINDINGS`](crate::MAX_FINDINGS) errors and warnings by position, however many there
/// are, and counting the others.
#[derive(Default)]
pub(crate) struct Findings {
    errors: Kept,
    warnings: Kept,
}

/// The first findings by position (then by order found), as a heap whose
/// top is the last of them, to drop when an earlier one comes.
#[derive(Default)]
struct Kept {
    heap: BinaryHeap<Ranked>,
    found: usize,
    omitted: usize,
}

/// A finding ranked by its position, then by the order it was found in.
struct Ranked {
    position: Position,
    order: usize,
    diagnostic: Diagnostic,
}

impl Ranked {
    fn rank(&self) -> (Position, usize) {
        (self.position, self.order)
    }
}

impl PartialEq for Ranked {
    fn eq(&self, other: &Self) -> bool {
        self.rank() == other.rank()
    }
}

impl Eq for Ranked {}

impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ranked {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl Kept {
    fn push(&mut self, diagnostic: Diagnostic) {
        let ranked = Ranked {
            position: diagnostic.position,
            order: self.found,
            diagnostic,
        };
        self.found += 1;
        if self.heap.len() < MAX_FINDINGS {
            self.heap.push(ranked);
            return;
        }
        self.omitted += 1;
        let mut last = match self.heap.peek_mut() {
            Some(last) => last,
            None => return,
        };
        if ranked < *last {
            *last = ranked;
        }
    }
}

impl Findings {
    pub(crate) fn push(&mut self, diagnostic: Diagnostic) {
        match diagnostic.severity() {
            Severity::Error => self.errors.push(diagnostic),
            Severity::Warning => self.warnings.push(diagnostic),
        }
    }

    /// The kept findings in the order of their positions, and how many
    /// errors and warnings were left out.
    pub(crate) fn finish(self) -> (Vec<Diagnostic>, usize, usize) {
        let mut kept: Vec<Ranked> = self
            .errors
            .heap
            .into_iter()
            .chain(self.warnings.heap)
            .collect();
        kept.sort_by_key(|ranked| (ranked.position, ranked.diagnostic.severity(), ranked.order));
        let kept = kept.into_iter().map(|ranked| ranked.diagnostic).collect();
        (kept, self.errors.omitted, self.warnings.omitted)
    }
}

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
    /// A code of the `retired` list that the catalog defines again.
    RetiredCodeUsed,
    /// A NUL character (`\u0000`) in a text: C strings end at it, so a C
    /// table would cut the text short there.
    NulCharacter,
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
            DefectKind::RetiredCodeUsed => "retired-code-used",
            DefectKind::NulCharacter => "nul-character",
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
#[non_exhaustive]
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

/// The errors of a catalog that cannot be used; see [`load`](crate::load).
/// At most [`MAX_FINDINGS`](crate::MAX_FINDINGS) are listed; [`omitted`](Self::omitted) counts
/// the others.
///
/// Its `Display` is one [`Diagnostic`](crate::Diagnostic) a line, closed by
/// `... and N more findings` when some were left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogErrors {
    errors: Vec<Diagnostic>,
    omitted: usize,
}

impl CatalogErrors {
    /// The first [`MAX_FINDINGS`](crate::MAX_FINDINGS) errors among `diagnostics`, counting the
    /// others; `None` when there is none.
    pub fn from_diagnostics(diagnostics: &[Diagnostic]) -> Option<CatalogErrors> {
        CatalogErrors::listing(diagnostics.iter().filter(|d| d.is_error()).cloned(), 0)
    }

    /// The first [`MAX_FINDINGS`](crate::MAX_FINDINGS) of `errors`, with `omitted` more left
    /// out before; `None` when there is none at all.
    pub(crate) fn listing(
        errors: impl IntoIterator<Item = Diagnostic>,
        omitted: usize,
    ) -> Option<CatalogErrors> {
        let mut errors = errors.into_iter();
        let listed: Vec<Diagnostic> = errors.by_ref().take(MAX_FINDINGS).collect();
        let omitted = omitted + errors.count();
        (!listed.is_empty() || omitted > 0).then_some(CatalogErrors {
            errors: listed,
            omitted,
        })
    }

    /// The errors listed, in the order of their positions.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &Diagnostic> {
        self.errors.iter()
    }

    /// How many errors are listed: at least one, at most [`MAX_FINDINGS`](crate::MAX_FINDINGS).
    pub fn len(&self) -> usize {
        self.errors.len()
    }

    /// Always `false`: there is at least one error.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// Errors known to be errors, at most [`MAX_FINDINGS`](crate::MAX_FINDINGS) and at least one.
    pub(crate) fn new(errors: Vec<Diagnostic>) -> CatalogErrors {
        CatalogErrors { errors, omitted: 0 }
    }

    /// How many more errors there are than are listed.
    pub fn omitted(&self) -> usize {
        self.omitted
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
        if self.omitted > 0 {
            write!(f, "\n{}", more_findings(self.omitted))?;
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
