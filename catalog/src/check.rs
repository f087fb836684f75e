//! The rules of one entry: its code, its template, its `Arglist`, and how
//! they agree. The proc macro, the runtime and the command-line tool all
//! check entries here, with the grammar of `errcode-syntax`.

use errcode_syntax::{CodeKind, can_be_raw, classify_code, is_identifier, parse_template};

use crate::diagnostic::{CatalogErrors, DefectKind, Diagnostic};
use crate::model::{Entry, Key};

/// A checked entry, split the way reporting uses it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Definition {
    /// What the code says about itself (warning, internal).
    pub kind: CodeKind,
    /// The template's literal text around its placeholders, `%%` already `%`.
    pub pieces: Vec<String>,
    /// The name that fills each placeholder, trimmed; names may repeat.
    pub args: Vec<String>,
    /// The distinct names, in order of first appearance: the values a report gives.
    pub fields: Vec<String>,
    /// For each placeholder, the index in `fields` of its value.
    pub slots: Vec<usize>,
}

/// A finding about one entry, at one of its fields.
pub(crate) struct Problem {
    pub(crate) kind: DefectKind,
    pub(crate) key: Key,
    pub(crate) message: String,
}

impl Entry {
    /// The entry split for reporting, or every error it has on its own
    /// (a duplicate code is the catalog's business, see [`load`](crate::load)).
    /// The errors are placed at the entry.
    ///
    /// ```
    /// let loaded = errcode_catalog::load(r#"{"error_info_list": [
    ///     {"ErrCode": "EI0003", "ErrMessage": "In %s, %s is %s; %s again.", "Arglist": "op, value, param, value"}
    /// ]}"#);
    /// let definition = loaded.catalog.entries[0].definition().unwrap();
    /// assert_eq!(definition.fields, ["op", "value", "param"]);
    /// assert_eq!(definition.slots, [0, 1, 2, 1]);
    /// ```
    pub fn definition(&self) -> Result<Definition, CatalogErrors> {
        let (definition, problems) = analyze(self);
        let diagnostics: Vec<Diagnostic> = problems
            .into_iter()
            .map(|problem| Diagnostic {
                kind: problem.kind,
                position: self.position,
                code: Some(self.code.clone()),
                entry: None,
                message: problem.message,
            })
            .collect();
        match (CatalogErrors::from_diagnostics(&diagnostics), definition) {
            (None, Some(definition)) => Ok(definition),
            (Some(errors), _) => Err(errors),
            // Every way to get no definition records an error; this arm
            // only keeps the function total.
            (None, None) => Err(CatalogErrors::new(vec![Diagnostic {
                kind: DefectKind::Schema,
                position: self.position,
                code: Some(self.code.clone()),
                entry: None,
                message: "the entry cannot be used".to_owned(),
            }])),
        }
    }
}

/// Checks one entry: its definition when it has no error, and every finding.
pub(crate) fn analyze(entry: &Entry) -> (Option<Definition>, Vec<Problem>) {
    let mut problems = Vec::new();
    let mut problem =
        |kind: DefectKind, key: Key, message: String| problems.push(Problem { kind, key, message });
    let kind = match classify_code(&entry.code) {
        Ok(kind) => Some(kind),
        Err(why) => {
            problem(
                DefectKind::MalformedCode,
                Key::Code,
                format!("`{}` is not an error code: {why}", entry.code),
            );
            None
        }
    };
    let pieces = match parse_template(&entry.message) {
        Ok(template) => Some(template.pieces),
        Err(strays) => {
            for stray in strays {
                problem(DefectKind::StrayPercent, Key::Message, stray.to_string());
            }
            None
        }
    };
    let names = entry.names();
    let mut names_ok = true;
    for name in &names {
        let why = if name.is_empty() {
            Some(format!(
                "Arglist has an empty name (\"{}\"): every name between commas must name an argument",
                entry.arglist
            ))
        } else if !is_identifier(name) {
            Some(format!(
                "Arglist name `{name}` is not an identifier (letters, digits and `_`, not starting with a digit)"
            ))
        } else if !can_be_raw(name) {
            Some(format!(
                "Arglist name `{name}` cannot name a Rust field, not even as a raw identifier"
            ))
        } else {
            None
        };
        if let Some(why) = why {
            names_ok = false;
            problem(DefectKind::BadArgName, Key::Arglist, why);
        }
    }
    let mut count_ok = true;
    if let Some(pieces) = &pieces {
        let placeholders = pieces.len() - 1;
        if placeholders != names.len() {
            count_ok = false;
            let named = if names.is_empty() {
                "Arglist is empty".to_owned()
            } else {
                format!(
                    "Arglist names {} ({})",
                    names.len(),
                    names
                        .iter()
                        .map(|name| if name.is_empty() { "\"\"" } else { name })
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            problem(
                DefectKind::PlaceholderCount,
                Key::Arglist,
                format!(
                    "the message has {placeholders} `%s` placeholder{} but {named}",
                    if placeholders == 1 { "" } else { "s" }
                ),
            );
        }
    }
    let mut fields: Vec<String> = Vec::new();
    let mut slots = Vec::with_capacity(names.len());
    for name in &names {
        let slot = match fields.iter().position(|field| field == name) {
            Some(slot) => slot,
            None => {
                fields.push((*name).to_owned());
                fields.len() - 1
            }
        };
        slots.push(slot);
    }
    for field in fields.iter().filter(|field| !field.is_empty()) {
        let placeholders: Vec<String> = names
            .iter()
            .enumerate()
            .filter(|(_, name)| *name == field)
            .map(|(index, _)| (index + 1).to_string())
            .collect();
        if placeholders.len() > 1 {
            problem(
                DefectKind::RepeatedArg,
                Key::Arglist,
                format!(
                    "Arglist names `{field}` {} times (placeholders {}): one value fills all of them",
                    placeholders.len(),
                    placeholders.join(", ")
                ),
            );
        }
    }
    for (key, text) in [(Key::Class, &entry.class), (Key::Title, &entry.title)] {
        if let Some(text) = text {
            if text.trim() != text {
                problem(
                    DefectKind::UntrimmedText,
                    key,
                    format!(
                        "{} {text:?} has spaces around it, so it differs from {:?}",
                        key.name(),
                        text.trim()
                    ),
                );
            }
        }
    }
    let definition = match (kind, pieces) {
        (Some(kind), Some(pieces)) if names_ok && count_ok => Some(Definition {
            kind,
            pieces,
            args: names.iter().map(|name| (*name).to_owned()).collect(),
            fields,
            slots,
        }),
        _ => None,
    };
    (definition, problems)
}
