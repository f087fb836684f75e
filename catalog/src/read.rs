//! From JSON text to a [`Catalog`], with every finding at its line.

use std::collections::HashMap;

use crate::check::analyze;
use crate::diagnostic::{CatalogErrors, DefectKind, Diagnostic, Findings, Severity, excerpt};
use crate::located::{Document, Member, Node, SyntaxError};
use crate::model::{Catalog, Entry, Key, Layout, NOT_APPLICABLE, Retired, Suggestion};
use crate::position::Position;

const LIST: &str = "error_info_list";

/// The catalog's list of retired codes, beside [`LIST`].
const RETIRED: &str = "retired";
const CAUSE: &str = "Possible Cause";
const SOLUTION: &str = "Solution";

/// A catalog read from its text, and what was found wrong with it.
///
/// Findings are bounded, so that a hostile catalog gets a short report: an
/// entry has at most one finding of each kind (the others are counted in
/// its message), values are quoted as excerpts, and at most
/// [`MAX_FINDINGS`](crate::MAX_FINDINGS) errors and as many warnings are kept, the
/// first by position; the others are counted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Loaded {
    /// The entries that are shaped as the format says (every field present
    /// with the right type), including those that break a rule such as the
    /// placeholder count; those are among the diagnostics.
    pub catalog: Catalog,
    /// The errors and warnings kept, in the order of their positions.
    pub diagnostics: Vec<Diagnostic>,
    /// How many errors were found beyond the [`MAX_FINDINGS`](crate::MAX_FINDINGS) kept.
    pub omitted_errors: usize,
    /// How many warnings were found beyond the [`MAX_FINDINGS`](crate::MAX_FINDINGS) kept.
    pub omitted_warnings: usize,
    /// The entries of `error_info_list` that are not in the catalog, the
    /// format not describing them (a field missing, of another type,
    /// unknown or written twice; an entry that is no object), in order:
    /// a tool that writes the catalog out names each, even when its
    /// findings were beyond those kept.
    pub left_out: Vec<LeftOut>,
}

/// An entry of `error_info_list` left out of the catalog read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftOut {
    /// Its 1-based number in `error_info_list`.
    pub number: usize,
    /// Where it starts.
    pub position: Position,
}

impl Loaded {
    /// Whether any finding is an error.
    pub fn has_errors(&self) -> bool {
        self.omitted_errors > 0 || self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// Whether the text is a catalog at all: no error about the file as
    /// a whole (not JSON, not an object with an `error_info_list` array,
    /// a field of its own unknown or written twice). A catalog may still
    /// have errors in its entries; `errcode history` leaves out the
    /// versions that are not catalogs, and compares the others.
    ///
    /// ```
    /// assert!(errcat_catalog::load(r#"{"error_info_list": [{"ErrCode": "EK0001"}]}"#).is_catalog());
    /// assert!(!errcat_catalog::load(r#"{"error_info_list": {}}"#).is_catalog());
    /// assert!(!errcat_catalog::load("[").is_catalog());
    /// ```
    pub fn is_catalog(&self) -> bool {
        !self
            .diagnostics
            .iter()
            .any(|d| d.is_error() && d.entry.is_none() && d.code.is_none())
    }

    /// The warnings.
    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .filter(|diagnostic| diagnostic.severity() == Severity::Warning)
    }

    /// The catalog when it has no error, or every error.
    pub fn into_result(self) -> Result<Catalog, CatalogErrors> {
        let errors = self.diagnostics.into_iter().filter(Diagnostic::is_error);
        match CatalogErrors::listing(errors, self.omitted_errors) {
            Some(errors) => Err(errors),
            None => Ok(self.catalog),
        }
    }
}

/// Reads a catalog from bytes: UTF-8, with or without a byte-order mark.
///
/// ```
/// let loaded = errcat_catalog::load_bytes(b"{\"error_info_list\": [\xff]}");
/// assert_eq!(loaded.diagnostics[0].to_string(), "1:22: invalid JSON: the text is not UTF-8 (byte 0xFF)");
/// ```
pub fn load_bytes(bytes: &[u8]) -> Loaded {
    match std::str::from_utf8(bytes) {
        Ok(text) => load(text),
        Err(error) => {
            let valid = &bytes[..error.valid_up_to()];
            // The prefix is valid UTF-8 by construction.
            let before = std::str::from_utf8(valid).unwrap_or_default();
            let line = before.matches('\n').count() as u32 + 1;
            let column = before
                .rsplit('\n')
                .next()
                .map_or(0, |last| last.chars().count()) as u32
                + 1;
            Loaded {
                catalog: Catalog::default(),
                left_out: Vec::new(),
                omitted_errors: 0,
                omitted_warnings: 0,
                diagnostics: vec![Diagnostic {
                    kind: DefectKind::InvalidJson,
                    position: Position { line, column },
                    code: None,
                    entry: None,
                    message: format!(
                        "invalid JSON: the text is not UTF-8 (byte 0x{:02X})",
                        bytes[error.valid_up_to()]
                    ),
                }],
            }
        }
    }
}

/// Reads a catalog in the CANN `error_code.json` format and checks every
/// entry, reporting every finding in one pass.
///
/// ```
/// let loaded = errcat_catalog::load(r#"{"error_info_list": [
///   {"ErrCode": "E61601", "ErrMessage": "In op [%s], the [%s] must be [%s]", "Arglist": "op_name,param_name"}
/// ]}"#);
/// assert_eq!(
///     loaded.diagnostics[0].to_string(),
///     "2: E61601: the message has 3 `%s` placeholders but Arglist names 2 (op_name, param_name)"
/// );
/// assert!(loaded.has_errors());
/// ```
pub fn load(text: &str) -> Loaded {
    read_text(text.strip_prefix('\u{feff}').unwrap_or(text)).0
}

/// Where the entries of a catalog's text are, for reading its next
/// version by the difference (see [`Versions`](crate::Versions)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Spans {
    /// Where the text of `error_info_list`'s items starts (after its `[`)
    /// and ends (its `]`), in bytes.
    pub(crate) list: (usize, usize),
    /// Every item of the list, in order.
    pub(crate) items: Vec<ItemSpan>,
}

/// One item of `error_info_list`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ItemSpan {
    /// Its first byte and the byte after its last.
    pub(crate) start: usize,
    pub(crate) end: usize,
    /// Whether it is an entry of the catalog (not left out).
    pub(crate) kept: bool,
}

/// [`load`] of a text without its byte-order mark, and where its entries
/// are: `None` when the text has a finding about the file as a whole
/// (whatever its severity), whose presence in the next version, and
/// whether it is among the findings kept, would depend on more than the
/// entries that changed.
pub(crate) fn read_text(text: &str) -> (Loaded, Option<Spans>) {
    let mut reader = CatalogReader::default();
    let read = Document::parse(text).and_then(|(document, root)| {
        reader.root(&document, root)?;
        reader.duplicates(&document);
        Ok(())
    });
    if let Err(error) = read {
        // Nothing found before the reader stopped stands: a text that is not
        // JSON has this one finding.
        reader = CatalogReader::default();
        reader.push(Diagnostic {
            kind: DefectKind::InvalidJson,
            position: error.position,
            code: None,
            entry: None,
            message: format!("invalid JSON: {}", error.message),
        });
    }
    let spans = reader.spans.take().filter(|_| !reader.whole_file_findings);
    let (diagnostics, omitted_errors, omitted_warnings) = reader.findings.finish();
    let loaded = Loaded {
        catalog: Catalog {
            entries: reader.entries,
            retired: reader.retired,
        },
        left_out: reader.left_out,
        diagnostics,
        omitted_errors,
        omitted_warnings,
    };
    (loaded, spans)
}

/// The items `nodes` of `document`, each read as [`load`] reads an entry
/// of `error_info_list`: the entry, or `None` for an item left out. The
/// entries' positions are `document`'s; their findings are not kept.
/// `None` when serde_json disagrees with its own reading of the items.
pub(crate) fn read_entries(
    document: &Document<'_>,
    nodes: &[Node<'_>],
) -> Option<Vec<Option<Entry>>> {
    let mut reader = CatalogReader::default();
    let mut read = Vec::with_capacity(nodes.len());
    for (index, node) in nodes.iter().enumerate() {
        let result = reader.entry(document, index + 1, *node);
        reader.end_entry();
        result.ok()?;
        read.push(reader.entries.pop());
    }
    Some(read)
}

#[derive(Default)]
struct CatalogReader {
    entries: Vec<Entry>,
    left_out: Vec<LeftOut>,
    retired: Vec<Retired>,
    findings: Findings,
    /// The findings of the entry being read, one of each kind, with how
    /// many more of that kind it has.
    entry_findings: Vec<(Diagnostic, usize)>,
    /// Every entry's code as written, its byte offset, and its number.
    codes: Vec<(String, usize, usize)>,
    /// Where `error_info_list` and its items are.
    spans: Option<Spans>,
    /// Whether a finding about the file as a whole (no entry, no code) was
    /// found, kept or not.
    whole_file_findings: bool,
}

/// Where each field of an entry is, for its findings.
#[derive(Default)]
struct Fields<'m, 'a> {
    /// The first member of each key, in the order written.
    members: Vec<(Key, &'m Member<'a>)>,
}

impl<'m, 'a> Fields<'m, 'a> {
    fn get(&self, key: Key) -> Option<&'m Member<'a>> {
        self.members
            .iter()
            .find(|(written, _)| *written == key)
            .map(|(_, member)| *member)
    }
}

/// The subject of an entry's findings: its code and its number.
struct Subject {
    code: Option<String>,
    entry: usize,
}

impl CatalogReader {
    fn push(&mut self, diagnostic: Diagnostic) {
        if diagnostic.entry.is_none() && diagnostic.code.is_none() {
            self.whole_file_findings = true;
        }
        self.findings.push(diagnostic);
    }

    /// A finding about the entry being read: the first of its kind, or
    /// counted in that first one.
    fn at(&mut self, kind: DefectKind, position: Position, subject: &Subject, message: String) {
        if let Some((_, more)) = self
            .entry_findings
            .iter_mut()
            .find(|(first, _)| first.kind == kind)
        {
            *more += 1;
            return;
        }
        self.entry_findings.push((
            Diagnostic {
                kind,
                position,
                code: subject.code.as_deref().map(excerpt),
                entry: Some(subject.entry),
                message,
            },
            0,
        ));
    }

    /// Hands the findings of the entry just read over, each saying how many
    /// more of its kind the entry has.
    fn end_entry(&mut self) {
        for (mut diagnostic, more) in std::mem::take(&mut self.entry_findings) {
            if more > 0 {
                diagnostic.message.push_str(&format!(
                    " (and {more} more {} finding{} in this entry)",
                    diagnostic.kind.name(),
                    if more == 1 { "" } else { "s" }
                ));
            }
            self.push(diagnostic);
        }
    }

    fn top(&mut self, kind: DefectKind, position: Position, message: String) {
        self.push(Diagnostic {
            kind,
            position,
            code: None,
            entry: None,
            message,
        });
    }

    fn root(&mut self, document: &Document<'_>, root: Node<'_>) -> Result<(), SyntaxError> {
        let Some(members) = document.object(root)? else {
            self.top(
                DefectKind::Schema,
                document.position(root.offset),
                format!(
                    "a catalog is an object with an \"{LIST}\" array, not {}",
                    root.kind()
                ),
            );
            return Ok(());
        };
        let mut list: Option<&Member> = None;
        let mut retired: Option<&Member> = None;
        for member in &members {
            if member.key == RETIRED && retired.is_none() {
                retired = Some(member);
            } else if member.key != LIST {
                self.top(
                    DefectKind::UnknownField,
                    document.position(member.key_offset),
                    format!(
                        "unknown field \"{}\" in the catalog object; its fields are \"{LIST}\" and \"{RETIRED}\"",
                        excerpt(&member.key)
                    ),
                );
            } else if let Some(first) = list {
                self.top(
                    DefectKind::DuplicateField,
                    document.position(member.key_offset),
                    format!(
                        "\"{LIST}\" is written twice (first at line {})",
                        document.line(first.key_offset)
                    ),
                );
            } else {
                list = Some(member);
            }
        }
        let Some(list) = list else {
            self.top(
                DefectKind::MissingField,
                document.position(root.offset),
                format!("missing required field \"{LIST}\""),
            );
            return Ok(());
        };
        let Some(items) = document.array(list.value)? else {
            self.top(
                DefectKind::FieldType,
                document.position(list.value.offset),
                format!(
                    "\"{LIST}\" must be an array of entries, not {}",
                    list.value.kind()
                ),
            );
            return Ok(());
        };
        let list_span = list.value.span();
        let mut spans = Spans {
            list: (list_span.start + 1, list_span.end - 1),
            items: Vec::with_capacity(items.len()),
        };
        for (index, item) in items.into_iter().enumerate() {
            let kept = self.entries.len();
            let read = self.entry(document, index + 1, item);
            self.end_entry();
            read?;
            let span = item.span();
            spans.items.push(ItemSpan {
                start: span.start,
                end: span.end,
                kept: self.entries.len() > kept,
            });
            if self.entries.len() == kept {
                self.left_out.push(LeftOut {
                    number: index + 1,
                    position: document.position(item.offset),
                });
            }
        }
        self.spans = Some(spans);
        if let Some(retired) = retired {
            self.retired_list(document, retired.value)?;
        }
        Ok(())
    }

    /// The `retired` list: `[{"ErrCode": "E10001", "since": "...",
    /// "replacement": "E10101"}]`.
    fn retired_list(&mut self, document: &Document<'_>, node: Node<'_>) -> Result<(), SyntaxError> {
        let Some(items) = document.array(node)? else {
            self.top(
                DefectKind::FieldType,
                document.position(node.offset),
                format!(
                    "\"{RETIRED}\" must be an array of retired codes, not {}",
                    node.kind()
                ),
            );
            return Ok(());
        };
        for item in items {
            let position = document.position(item.offset);
            let Some(members) = document.object(item)? else {
                self.top(
                    DefectKind::Schema,
                    position,
                    format!("a retired code is an object, not {}", item.kind()),
                );
                continue;
            };
            let mut code: Option<String> = None;
            let mut since = None;
            let mut replacement = None;
            let mut problems: Vec<(DefectKind, Position, String)> = Vec::new();
            for member in &members {
                let value = document.string(member.value)?;
                let at = document.position(member.key_offset);
                let slot = match member.key.as_str() {
                    "ErrCode" => &mut code,
                    "since" => &mut since,
                    "replacement" => &mut replacement,
                    other => {
                        problems.push((
                            DefectKind::UnknownField,
                            at,
                            format!(
                                "unknown field \"{}\" in a retired code; its fields are ErrCode, since, replacement",
                                excerpt(other)
                            ),
                        ));
                        continue;
                    }
                };
                match value {
                    Some(value) => *slot = Some(value),
                    None => problems.push((
                        DefectKind::FieldType,
                        document.position(member.value.offset),
                        format!(
                            "\"{}\" must be a string, not {}",
                            member.key,
                            member.value.kind()
                        ),
                    )),
                }
            }
            let Some(code) = code else {
                self.top(
                    DefectKind::MissingField,
                    position,
                    "a retired code has no \"ErrCode\"".to_owned(),
                );
                continue;
            };
            for written in [Some(&code), replacement.as_ref()].into_iter().flatten() {
                if let Err(why) = errcat_syntax::classify_code(written) {
                    problems.push((
                        DefectKind::MalformedCode,
                        position,
                        format!("`{}` is not an error code: {why}", excerpt(written)),
                    ));
                }
            }
            for (kind, at, message) in problems {
                self.push(Diagnostic {
                    kind,
                    position: at,
                    code: Some(excerpt(&code)),
                    entry: None,
                    message,
                });
            }
            if self.retired.iter().any(|known| known.code == code) {
                self.push(Diagnostic {
                    kind: DefectKind::DuplicateCode,
                    position,
                    code: Some(excerpt(&code)),
                    entry: None,
                    message: "the code is retired twice".to_owned(),
                });
                continue;
            }
            if let Some(defined) = self.entries.iter().find(|entry| entry.code == code) {
                self.push(Diagnostic {
                    kind: DefectKind::RetiredCodeUsed,
                    position: defined.position,
                    code: Some(excerpt(&code)),
                    entry: None,
                    message: format!(
                        "the code is retired (line {}) and defined again: a retired code is never reused; give the entry a new code",
                        position.line
                    ),
                });
            }
            self.retired.push(Retired {
                code,
                since,
                replacement,
                position,
            });
        }
        Ok(())
    }

    fn entry(
        &mut self,
        document: &Document<'_>,
        number: usize,
        node: Node<'_>,
    ) -> Result<(), SyntaxError> {
        let Some(members) = document.object(node)? else {
            let subject = Subject {
                code: None,
                entry: number,
            };
            self.at(
                DefectKind::Schema,
                document.position(node.offset),
                &subject,
                format!("an entry is an object, not {}", node.kind()),
            );
            return Ok(());
        };
        // The subject of every finding: the first `ErrCode` that is a string.
        let mut code = None;
        for member in &members {
            if member.key == Key::Code.name() {
                code = document.string(member.value)?;
                if code.is_some() {
                    break;
                }
            }
        }
        let subject = Subject {
            code,
            entry: number,
        };
        let position = document.position(node.offset);
        let mut fields = Fields::default();
        for member in &members {
            let Some(key) = Key::from_name(&member.key) else {
                self.at(
                    DefectKind::UnknownField,
                    document.position(member.key_offset),
                    &subject,
                    unknown_field(&member.key),
                );
                continue;
            };
            if let Some(first) = fields.get(key) {
                self.at(
                    DefectKind::DuplicateField,
                    document.position(member.key_offset),
                    &subject,
                    format!(
                        "\"{}\" is written twice in this entry (first at line {})",
                        member.key,
                        document.line(first.key_offset)
                    ),
                );
                continue;
            }
            fields.members.push((key, member));
        }
        let text =
            |reader: &mut Self, key: Key, required: bool| -> Result<Option<String>, SyntaxError> {
                let Some(member) = fields.get(key) else {
                    if required {
                        reader.at(
                            DefectKind::MissingField,
                            position,
                            &subject,
                            format!("missing required field \"{}\"", key.name()),
                        );
                    }
                    return Ok(None);
                };
                let text = document.string(member.value)?;
                if text.is_none() {
                    reader.at(
                        DefectKind::FieldType,
                        document.position(member.value.offset),
                        &subject,
                        format!(
                            "\"{}\" must be a string, not {}",
                            key.name(),
                            member.value.kind()
                        ),
                    );
                }
                Ok(text)
            };
        let code = text(self, Key::Code, true)?;
        let message = text(self, Key::Message, true)?;
        let arglist = text(self, Key::Arglist, true)?;
        let class = text(self, Key::Class, false)?;
        let title = text(self, Key::Title, false)?;
        let (suggestion, solution_first) = match fields.get(Key::Suggestion) {
            Some(member) => self.suggestion(document, member.value, &subject)?,
            None => (None, false),
        };
        if let Some(code) = &code {
            let offset = fields
                .get(Key::Code)
                .map_or(node.offset, |member| member.value.offset);
            self.codes.push((code.clone(), offset, number));
        }
        let (Some(code), Some(message), Some(arglist)) = (code, message, arglist) else {
            return Ok(());
        };
        let keys: Vec<Key> = fields.members.iter().map(|(key, _)| *key).collect();
        let entry = Entry {
            code,
            message,
            arglist,
            class,
            title,
            suggestion,
            layout: Layout::from_keys(&keys, solution_first).unwrap_or_default(),
            position,
        };
        let (_, problems) = analyze(&entry);
        for problem in problems {
            let position = fields
                .get(problem.key)
                .map_or(position, |member| document.position(member.value.offset));
            self.at(problem.kind, position, &subject, problem.message);
        }
        // Entries the format cannot describe stay out of the catalog;
        // entries that only break a rule stay in, so that tools can show them.
        if !self.entry_has_shape_errors() {
            self.entries.push(entry);
        }
        Ok(())
    }

    /// The `suggestion` object: the texts, and whether `Solution` comes first.
    fn suggestion(
        &mut self,
        document: &Document<'_>,
        node: Node<'_>,
        subject: &Subject,
    ) -> Result<(Option<Suggestion>, bool), SyntaxError> {
        let Some(members) = document.object(node)? else {
            self.at(
                DefectKind::FieldType,
                document.position(node.offset),
                subject,
                format!(
                    "\"suggestion\" must be an object with \"{CAUSE}\" and \"{SOLUTION}\", not {}",
                    node.kind()
                ),
            );
            return Ok((None, false));
        };
        let mut cause: Option<&Member> = None;
        let mut solution: Option<&Member> = None;
        for member in &members {
            let slot = match member.key.as_str() {
                CAUSE => &mut cause,
                SOLUTION => &mut solution,
                other => {
                    self.at(
                        DefectKind::UnknownField,
                        document.position(member.key_offset),
                        subject,
                        format!(
                            "unknown field \"{}\" in \"suggestion\"; its fields are \"{CAUSE}\" and \"{SOLUTION}\"",
                            excerpt(other)
                        ),
                    );
                    continue;
                }
            };
            match slot {
                Some(first) => self.at(
                    DefectKind::DuplicateField,
                    document.position(member.key_offset),
                    subject,
                    format!(
                        "\"{}\" is written twice in \"suggestion\" (first at line {})",
                        member.key,
                        document.line(first.key_offset)
                    ),
                ),
                None => *slot = Some(member),
            }
        }
        let solution_first = match (cause, solution) {
            (Some(cause), Some(solution)) => solution.key_offset < cause.key_offset,
            _ => false,
        };
        // `Some(None)` is a field written as "N/A"; `None`, a finding.
        let mut text = |member: Option<&Member>,
                        name: &str|
         -> Result<Option<Option<String>>, SyntaxError> {
            let Some(member) = member else {
                self.at(
                    DefectKind::MissingField,
                    document.position(node.offset),
                    subject,
                    format!(
                        "\"suggestion\" is missing \"{name}\" (write \"{NOT_APPLICABLE}\" when there is none)"
                    ),
                );
                return Ok(None);
            };
            Ok(match document.string(member.value)? {
                Some(text) if text == NOT_APPLICABLE => Some(None),
                Some(text) => Some(Some(text)),
                None => {
                    self.at(
                        DefectKind::FieldType,
                        document.position(member.value.offset),
                        subject,
                        format!("\"{name}\" must be a string, not {}", member.value.kind()),
                    );
                    None
                }
            })
        };
        let cause = text(cause, CAUSE)?;
        let solution = text(solution, SOLUTION)?;
        Ok(match (cause, solution) {
            (Some(cause), Some(solution)) => (Some(Suggestion { cause, solution }), solution_first),
            _ => (None, false),
        })
    }

    /// Whether the entry being read has an error about the shape of its JSON.
    fn entry_has_shape_errors(&self) -> bool {
        self.entry_findings.iter().any(|(diagnostic, _)| {
            matches!(
                diagnostic.kind,
                DefectKind::Schema
                    | DefectKind::MissingField
                    | DefectKind::FieldType
                    | DefectKind::UnknownField
                    | DefectKind::DuplicateField
            )
        })
    }

    /// Every code written by more than one entry, reported at each later one.
    fn duplicates(&mut self, document: &Document<'_>) {
        let mut first: HashMap<&str, (usize, usize)> = HashMap::new();
        let mut found = Vec::new();
        for (code, offset, number) in &self.codes {
            match first.get(code.as_str()) {
                Some((first_offset, first_number)) => found.push(Diagnostic {
                    kind: DefectKind::DuplicateCode,
                    position: document.position(*offset),
                    code: Some(excerpt(code)),
                    entry: Some(*number),
                    message: format!(
                        "the code is defined twice: first by entry {first_number} at line {}",
                        document.line(*first_offset)
                    ),
                }),
                None => {
                    first.insert(code, (*offset, *number));
                }
            }
        }
        for diagnostic in found {
            self.push(diagnostic);
        }
    }
}

/// The message for an unknown field, with the field it was likely meant to be.
fn unknown_field(name: &str) -> String {
    use errcat_syntax::edit_distance;
    let known: Vec<&str> = Key::ALL.iter().map(|key| key.name()).collect();
    let close = Key::ALL
        .iter()
        .map(|key| key.name())
        .filter(|known| {
            known.eq_ignore_ascii_case(name)
                || edit_distance(&name.to_ascii_lowercase(), &known.to_ascii_lowercase()) <= 2
        })
        .min_by_key(|known| edit_distance(name, known));
    let hint = close.map_or_else(String::new, |close| format!("; did you mean \"{close}\"?"));
    format!(
        "unknown field \"{}\"; the fields of an entry are {}{hint}",
        excerpt(name),
        known.join(", ")
    )
}
