//! The rules of one entry: its code, its template, its `Arglist`, and how
//! they agree. The proc macro, the runtime and the command-line tool all
//! check entries here, with the grammar of `errcat-syntax`.

use std::collections::HashMap;

use errcat_syntax::{CodeKind, classify_code, is_argument_name, is_identifier, parse_template};

use crate::diagnostic::{CatalogErrors, DefectKind, Diagnostic, excerpt, excerpt_list};
use crate::model::{Entry, Key};

/// A checked entry, split the way reporting uses it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
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
    /// let loaded = errcat_catalog::load(r#"{"error_info_list": [
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

/// Checks one entry: its definition when it has no error, and its findings,
/// at most one of each kind (a second bad name or stray `%` is counted in
/// the first one's message), in time and memory linear in the entry.
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
                format!("`{}` is not an error code: {why}", excerpt(&entry.code)),
            );
            None
        }
    };
    let pieces = match parse_template(&entry.message) {
        Ok(template) => Some(template.pieces),
        Err(strays) => {
            if let Some(first) = strays.first() {
                problem(
                    DefectKind::StrayPercent,
                    Key::Message,
                    format!("{first}{}", more(strays.len() - 1, "stray `%`")),
                );
            }
            None
        }
    };
    let names = entry.names();
    let bad_names: Vec<&str> = names
        .iter()
        .copied()
        .filter(|name| !is_argument_name(name))
        .collect();
    let names_ok = bad_names.is_empty();
    if let Some(first) = bad_names.first() {
        let why = if first.is_empty() {
            format!(
                "Arglist has an empty name (\"{}\"): every name between commas must name an argument",
                excerpt(&entry.arglist)
            )
        } else if !is_identifier(first) {
            format!(
                "Arglist name `{}` is not an identifier (letters, digits and `_`, not starting with a digit)",
                excerpt(first)
            )
        } else {
            format!("Arglist name `{first}` cannot name a Rust field, not even as a raw identifier")
        };
        let others = &bad_names[1..];
        let listed = if others.iter().all(|name| name.is_empty()) {
            String::new()
        } else {
            format!(
                ": {}",
                excerpt_list(others.iter().map(|name| if name.is_empty() {
                    "\"\"".to_owned()
                } else {
                    format!("`{name}`")
                }))
            )
        };
        let more = match others.len() {
            0 => String::new(),
            count => format!(" (and {count} more bad name{}{listed})", plural(count)),
        };
        problem(DefectKind::BadArgName, Key::Arglist, format!("{why}{more}"));
    }
    let mut count_ok = true;
    // A bad name is reported first: an empty name between two commas also
    // makes a count that says nothing new.
    if let (Some(pieces), true) = (&pieces, names_ok) {
        let placeholders = pieces.len() - 1;
        if placeholders != names.len() {
            count_ok = false;
            let named = if names.is_empty() {
                "Arglist is empty".to_owned()
            } else {
                format!("Arglist names {} ({})", names.len(), excerpt_list(&names))
            };
            problem(
                DefectKind::PlaceholderCount,
                Key::Arglist,
                format!(
                    "the message has {placeholders} `%s` placeholder{} but {named}",
                    plural(placeholders)
                ),
            );
        }
    }
    let mut fields: Vec<String> = Vec::new();
    let mut slot_of: HashMap<&str, usize> = HashMap::new();
    let mut uses: Vec<Vec<usize>> = Vec::new();
    let mut slots = Vec::with_capacity(names.len());
    for (placeholder, name) in names.iter().enumerate() {
        let slot = *slot_of.entry(name).or_insert_with(|| {
            fields.push((*name).to_owned());
            uses.push(Vec::new());
            fields.len() - 1
        });
        uses[slot].push(placeholder + 1);
        slots.push(slot);
    }
    let repeated: Vec<(&String, &Vec<usize>)> = fields
        .iter()
        .zip(&uses)
        .filter(|(field, uses)| !field.is_empty() && uses.len() > 1)
        .collect();
    if let Some((field, placeholders)) = repeated.first() {
        problem(
            DefectKind::RepeatedArg,
            Key::Arglist,
            format!(
                "Arglist names `{}` {} times (placeholders {}): one value fills all of them{}",
                excerpt(field),
                placeholders.len(),
                excerpt_list(placeholders.iter().map(ToString::to_string)),
                match repeated.len() - 1 {
                    0 => String::new(),
                    others => format!(
                        " (and {others} more repeated name{}: {})",
                        plural(others),
                        excerpt_list(repeated[1..].iter().map(|(field, _)| format!("`{field}`")))
                    ),
                }
            ),
        );
    }
    let untrimmed: Vec<(Key, &String)> = [(Key::Class, &entry.class), (Key::Title, &entry.title)]
        .into_iter()
        .filter_map(|(key, text)| Some((key, text.as_ref()?)))
        .filter(|(_, text)| text.trim() != text.as_str())
        .collect();
    if let Some((key, text)) = untrimmed.first() {
        problem(
            DefectKind::UntrimmedText,
            *key,
            format!(
                "{} {:?} has spaces around it, so it differs from {:?}{}",
                key.name(),
                excerpt(text),
                excerpt(text.trim()),
                match untrimmed.get(1) {
                    Some((other, _)) => format!(" (and so has {})", other.name()),
                    None => String::new(),
                }
            ),
        );
    }
    // Code and Arglist are refused by their own rules; the texts are free
    // but for NUL, where a C string ends.
    let texts = [
        (Key::Message, Some(entry.message.as_str())),
        (Key::Class, entry.class.as_deref()),
        (Key::Title, entry.title.as_deref()),
        (Key::Suggestion, entry.cause()),
        (Key::Suggestion, entry.solution()),
    ];
    let with_nul: Vec<Key> = texts
        .iter()
        .filter(|(_, text)| text.is_some_and(|text| text.contains('\0')))
        .map(|(key, _)| *key)
        .collect();
    let nul_free = with_nul.is_empty();
    if let Some(first) = with_nul.first() {
        problem(
            DefectKind::NulCharacter,
            *first,
            format!(
                "{} holds a NUL character (\\u0000): a C string ends there, so C tables would cut the text short; remove it{}",
                first.name(),
                match with_nul.len() - 1 {
                    0 => String::new(),
                    others => format!(" (and {others} more text{} with one)", plural(others)),
                }
            ),
        );
    }
    let definition = match (kind, pieces) {
        (Some(kind), Some(pieces)) if names_ok && count_ok && nul_free => Some(Definition {
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

/// ` (and N more WHAT)`, or nothing when there are no more.
fn more(count: usize, what: &str) -> String {
    match count {
        0 => String::new(),
        _ => format!(" (and {count} more {what})"),
    }
}

fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}
