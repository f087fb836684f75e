//! What changed between two versions of a catalog, as a schema checker
//! tells the changes between two versions of a schema: each change under a
//! rule with a stable name, each rule in one category, by what it breaks.
//!
//! - [`Category::Sites`]: report sites (and tables, and other crates'
//!   definitions) that pass the code's arguments by name or position.
//! - [`Category::Logs`]: tools that parse rendered messages: the number of
//!   placeholders, the fixed text that touches each placeholder, the title
//!   and the class.
//! - [`Category::Text`]: wording only: a message's other words, the cause,
//!   the solution; and codes added or retired.

use std::collections::HashMap;

use errcat_syntax::{CodeKind, code_kind, parse_template};

use crate::model::{Catalog, Entry, NOT_APPLICABLE, Retired};
use crate::position::Position;

/// What a change breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    /// Report sites and tables that use the code.
    Sites,
    /// Tools that parse the rendered messages.
    Logs,
    /// Nothing but what people read.
    Text,
}

impl Category {
    /// `SITES`, `LOGS`, `TEXT`.
    pub const fn name(self) -> &'static str {
        match self {
            Category::Sites => "SITES",
            Category::Logs => "LOGS",
            Category::Text => "TEXT",
        }
    }

    /// The category of `name`, in any case.
    pub fn named(name: &str) -> Option<Category> {
        [Category::Sites, Category::Logs, Category::Text]
            .into_iter()
            .find(|category| category.name().eq_ignore_ascii_case(name))
    }
}

/// A rule a change falls under, with its stable name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// A code the previous version had is gone, and not retired.
    CodeRemoved,
    /// An argument name replaced by another at the same place.
    ArgRenamed,
    /// An argument the previous version had is gone.
    ArgRemoved,
    /// An argument the previous version did not have.
    ArgAdded,
    /// The same arguments in another order: positional copies swap values.
    ArgsReordered,
    /// The same entry (message and arguments) under a code of another kind
    /// (error and warning, user and internal), which CANN's codes spell in
    /// their letters and digits: every site of the old code must change.
    KindChanged,
    /// The message has another number of placeholders.
    PlaceholderCountChanged,
    /// The fixed text touching a placeholder changed: a pattern made from
    /// the previous message no longer matches.
    MessageAnchorChanged,
    /// The title changed.
    TitleChanged,
    /// The class changed.
    ClassChanged,
    /// The message's other words changed.
    MessageReworded,
    /// The possible cause changed.
    CauseChanged,
    /// The solution changed.
    SolutionChanged,
    /// A code the previous version did not have.
    CodeAdded,
    /// A code the previous version had, now in the `retired` list.
    CodeRetired,
}

impl Rule {
    /// Every rule, in the order of their categories.
    pub const ALL: [Rule; 15] = [
        Rule::CodeRemoved,
        Rule::ArgRenamed,
        Rule::ArgRemoved,
        Rule::ArgAdded,
        Rule::ArgsReordered,
        Rule::KindChanged,
        Rule::PlaceholderCountChanged,
        Rule::MessageAnchorChanged,
        Rule::TitleChanged,
        Rule::ClassChanged,
        Rule::MessageReworded,
        Rule::CauseChanged,
        Rule::SolutionChanged,
        Rule::CodeAdded,
        Rule::CodeRetired,
    ];

    /// The stable, kebab-case name: `args-reordered`.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::CodeRemoved => "code-removed",
            Rule::ArgRenamed => "arg-renamed",
            Rule::ArgRemoved => "arg-removed",
            Rule::ArgAdded => "arg-added",
            Rule::ArgsReordered => "args-reordered",
            Rule::KindChanged => "kind-changed",
            Rule::PlaceholderCountChanged => "placeholder-count-changed",
            Rule::MessageAnchorChanged => "message-anchor-changed",
            Rule::TitleChanged => "title-changed",
            Rule::ClassChanged => "class-changed",
            Rule::MessageReworded => "message-reworded",
            Rule::CauseChanged => "cause-changed",
            Rule::SolutionChanged => "solution-changed",
            Rule::CodeAdded => "code-added",
            Rule::CodeRetired => "code-retired",
        }
    }

    /// The rule named `name`.
    pub fn named(name: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|rule| rule.name() == name)
    }

    /// What the rule's changes break.
    pub const fn category(self) -> Category {
        match self {
            Rule::CodeRemoved
            | Rule::ArgRenamed
            | Rule::ArgRemoved
            | Rule::ArgAdded
            | Rule::ArgsReordered
            | Rule::KindChanged => Category::Sites,
            Rule::PlaceholderCountChanged
            | Rule::MessageAnchorChanged
            | Rule::TitleChanged
            | Rule::ClassChanged => Category::Logs,
            Rule::MessageReworded
            | Rule::CauseChanged
            | Rule::SolutionChanged
            | Rule::CodeAdded
            | Rule::CodeRetired => Category::Text,
        }
    }
}

/// One change of one code between two versions.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Change {
    /// The code.
    pub code: String,
    /// The rule it falls under.
    pub rule: Rule,
    /// What changed, in a phrase: `"config, value, reason" -> "value,
    /// config, reason"`.
    pub detail: String,
    /// Where the code is in the previous version (line 0 when it had none).
    pub before: Position,
    /// Where it is in this version (line 0 when it has none).
    pub after: Position,
}

/// `N/A`, an empty text and none are the same.
fn present(text: Option<&str>) -> Option<&str> {
    text.filter(|text| *text != NOT_APPLICABLE && !text.trim().is_empty())
}

fn quoted(text: Option<&str>) -> String {
    text.map_or_else(|| "none".to_owned(), |text| format!("{text:?}"))
}

/// The changes from `previous` to `current`, code by code in the order of
/// `current` (then the codes `previous` alone has, in its order), each
/// code's changes in the order of [`Rule::ALL`].
///
/// ```
/// use errcat_catalog::{Rule, changes, load};
/// let old = load(r#"{"error_info_list": [
///   {"ErrCode": "EK0003", "ErrMessage": "Failed to set the %s to %s. Reason: %s.", "Arglist": "config, value, reason"}
/// ]}"#).catalog;
/// let new = load(r#"{"error_info_list": [
///   {"ErrCode": "EK0003", "ErrMessage": "Value %s for %s is invalid. Reason: %s.", "Arglist": "value, config, reason"}
/// ]}"#).catalog;
/// let rules: Vec<Rule> = changes(&old, &new).iter().map(|change| change.rule).collect();
/// assert_eq!(rules, [Rule::ArgsReordered, Rule::MessageAnchorChanged]);
/// ```
pub fn changes(previous: &Catalog, current: &Catalog) -> Vec<Change> {
    let previous: Vec<&Entry> = previous.entries.iter().collect();
    let entries: Vec<&Entry> = current.entries.iter().collect();
    changes_of(&previous, &entries, &current.retired)
}

/// [`changes`] from the entries `previous` to the entries `current`, of a
/// catalog whose retired codes are `retired`. Given only the entries of
/// some codes (every entry of each, in order), it gives the changes of
/// those codes that [`changes`] gives of the whole catalogs, in the same
/// order: what happens to a code depends on its own entries, and on the
/// entries of the codes added and gone (a kind change pairs one of each).
pub(crate) fn changes_of(
    previous: &[&Entry],
    current: &[&Entry],
    retired: &[Retired],
) -> Vec<Change> {
    // Looked up once per code gone: a map, made when first needed (the
    // first of each code, as `Catalog::retired` finds it).
    let mut retired_codes: Option<HashMap<&str, &Retired>> = None;
    let mut retired_as = |code: &str| {
        retired_codes
            .get_or_insert_with(|| {
                let mut codes = HashMap::new();
                for item in retired {
                    codes.entry(item.code.as_str()).or_insert(item);
                }
                codes
            })
            .get(code)
            .copied()
    };
    let mut before: HashMap<&str, &Entry> = HashMap::new();
    for entry in previous {
        before.entry(entry.code.as_str()).or_insert(entry);
    }
    let mut out = Vec::new();
    // The first entry of each code of `current`.
    let mut seen: HashMap<&str, &Entry> = HashMap::new();
    for entry in current {
        if seen.contains_key(entry.code.as_str()) {
            continue;
        }
        seen.insert(entry.code.as_str(), entry);
        match before.get(entry.code.as_str()) {
            Some(old) => entry_changes(old, entry, &mut out),
            None => out.push(Change {
                code: entry.code.clone(),
                rule: Rule::CodeAdded,
                detail: format!("{:?}", entry.message),
                before: Position::default(),
                after: entry.position,
            }),
        }
    }
    // A code gone and a code added with the same message and arguments but
    // another kind: one change, at the new code.
    let mut moved: HashMap<&str, ()> = HashMap::new();
    let mut added: HashMap<(&str, Vec<&str>), &Entry> = HashMap::new();
    for change in out.iter().filter(|change| change.rule == Rule::CodeAdded) {
        if let Some(entry) = seen.get(change.code.as_str()) {
            added
                .entry((entry.message.as_str(), entry.names()))
                .or_insert(entry);
        }
    }
    let mut kind_changes = Vec::new();
    for old in previous {
        if seen.contains_key(old.code.as_str()) || retired_as(&old.code).is_some() {
            continue;
        }
        let Some(new) = added.get(&(old.message.as_str(), old.names())) else {
            continue;
        };
        let (Some(was), Some(now)) = (code_kind(&old.code), code_kind(&new.code)) else {
            continue;
        };
        if was == now || moved.contains_key(new.code.as_str()) {
            continue;
        }
        moved.insert(new.code.as_str(), ());
        moved.insert(old.code.as_str(), ());
        kind_changes.push(Change {
            code: new.code.clone(),
            rule: Rule::KindChanged,
            detail: format!(
                "{} ({}) is now {} ({}), with the same message and arguments: every site that reports {} must report {}",
                old.code,
                kind_words(was),
                new.code,
                kind_words(now),
                old.code,
                new.code
            ),
            before: old.position,
            after: new.position,
        });
    }
    out.retain(|change| {
        !(change.rule == Rule::CodeAdded && moved.contains_key(change.code.as_str()))
    });
    out.extend(kind_changes);
    let mut gone: HashMap<&str, ()> = HashMap::new();
    for old in previous {
        if seen.contains_key(old.code.as_str())
            || moved.contains_key(old.code.as_str())
            || gone.insert(old.code.as_str(), ()).is_some()
        {
            continue;
        }
        let (rule, detail, after) = match retired_as(&old.code) {
            Some(retired) => (Rule::CodeRetired, retired.describe(), retired.position),
            None => (
                Rule::CodeRemoved,
                "the code is gone, and not retired".to_owned(),
                Position::default(),
            ),
        };
        out.push(Change {
            code: old.code.clone(),
            rule,
            detail,
            before: old.position,
            after,
        });
    }
    out
}

/// "error, user" or "warning, internal".
fn kind_words(kind: CodeKind) -> &'static str {
    match (kind.warning, kind.internal) {
        (false, false) => "error, user",
        (false, true) => "error, internal",
        (true, false) => "warning, user",
        (true, true) => "warning, internal",
    }
}

fn entry_changes(old: &Entry, new: &Entry, out: &mut Vec<Change>) {
    let mut push = |rule: Rule, detail: String| {
        out.push(Change {
            code: new.code.clone(),
            rule,
            detail,
            before: old.position,
            after: new.position,
        });
    };
    let (old_names, new_names) = (old.names(), new.names());
    if old_names != new_names {
        let arglists = format!("{:?} -> {:?}", old_names.join(", "), new_names.join(", "));
        let mut old_sorted = old_names.clone();
        let mut new_sorted = new_names.clone();
        old_sorted.sort_unstable();
        new_sorted.sort_unstable();
        if old_sorted == new_sorted {
            push(
                Rule::ArgsReordered,
                format!("{arglists}: positional copies now pass these values in another order"),
            );
        } else if old_names.len() == new_names.len() {
            let renamed: Vec<String> = old_names
                .iter()
                .zip(&new_names)
                .filter(|(a, b)| a != b)
                .map(|(a, b)| format!("{a} -> {b}"))
                .collect();
            push(
                Rule::ArgRenamed,
                format!("{arglists} ({})", renamed.join(", ")),
            );
        } else {
            let removed: Vec<&str> = old_names
                .iter()
                .copied()
                .filter(|name| !new_names.contains(name))
                .collect();
            let added: Vec<&str> = new_names
                .iter()
                .copied()
                .filter(|name| !old_names.contains(name))
                .collect();
            if !removed.is_empty() {
                push(
                    Rule::ArgRemoved,
                    format!("{arglists}: {} no longer passed", removed.join(", ")),
                );
            }
            if !added.is_empty() {
                push(
                    Rule::ArgAdded,
                    format!("{arglists}: {} must now be passed", added.join(", ")),
                );
            }
            if removed.is_empty() && added.is_empty() {
                // Only how often a name repeats changed.
                push(Rule::ArgsReordered, arglists);
            }
        }
    }
    let (old_template, new_template) = (parse_template(&old.message), parse_template(&new.message));
    if let (Ok(old_template), Ok(new_template)) = (&old_template, &new_template) {
        let (old_count, new_count) = (old_template.pieces.len() - 1, new_template.pieces.len() - 1);
        if old_count != new_count {
            push(
                Rule::PlaceholderCountChanged,
                format!(
                    "{old_count} -> {new_count}: {:?} -> {:?}",
                    old.message, new.message
                ),
            );
        } else if old.message != new.message {
            let anchored = anchors(&old_template.pieces) != anchors(&new_template.pieces);
            let rule = if anchored && old_count > 0 {
                Rule::MessageAnchorChanged
            } else {
                Rule::MessageReworded
            };
            push(rule, format!("{:?} -> {:?}", old.message, new.message));
        }
    } else if old.message != new.message {
        push(
            Rule::MessageAnchorChanged,
            format!("{:?} -> {:?}", old.message, new.message),
        );
    }
    let trimmed = |text: &Option<String>| {
        text.as_deref()
            .map(str::trim)
            .filter(|text| !text.is_empty())
            .map(str::to_owned)
    };
    if trimmed(&old.title) != trimmed(&new.title) {
        push(
            Rule::TitleChanged,
            format!(
                "{} -> {}",
                quoted(trimmed(&old.title).as_deref()),
                quoted(trimmed(&new.title).as_deref())
            ),
        );
    }
    if trimmed(&old.class) != trimmed(&new.class) {
        push(
            Rule::ClassChanged,
            format!(
                "{} -> {}",
                quoted(trimmed(&old.class).as_deref()),
                quoted(trimmed(&new.class).as_deref())
            ),
        );
    }
    for (rule, before, after) in [
        (Rule::CauseChanged, old.cause(), new.cause()),
        (Rule::SolutionChanged, old.solution(), new.solution()),
    ] {
        let (before, after) = (present(before), present(after));
        if before != after {
            push(rule, format!("{} -> {}", quoted(before), quoted(after)));
        }
    }
}

/// The fixed text that touches each placeholder: the end of the piece
/// before it back to the start of its last word, and the start of the
/// piece after it to the end of its first word. A pattern built from the
/// message matches the same messages while these stay.
fn anchors(pieces: &[String]) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    for index in 1..pieces.len() {
        let before = pieces[index - 1].as_str();
        let after = pieces[index].as_str();
        let tail = before
            .trim_end_matches(' ')
            .rfind(' ')
            .map_or(before, |space| &before[space + 1..]);
        let lead_spaces = after.len() - after.trim_start_matches(' ').len();
        let head_end = after[lead_spaces..]
            .find(' ')
            .map_or(after.len(), |space| lead_spaces + space);
        out.push((tail, &after[..head_end]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog(entries: &str) -> Catalog {
        crate::load(&format!("{{\"error_info_list\": [{entries}]}}")).catalog
    }

    fn rules(old: &str, new: &str) -> Vec<(String, &'static str, String)> {
        changes(&catalog(old), &catalog(new))
            .into_iter()
            .map(|change| (change.code, change.rule.name(), change.detail))
            .collect()
    }

    #[test]
    fn arguments_each_rule_of_its_own() {
        let entry = |arglist: &str, message: &str| {
            format!(
                "{{\"ErrCode\": \"EP0002\", \"ErrMessage\": \"{message}\", \"Arglist\": \"{arglist}\"}}"
            )
        };
        assert_eq!(
            rules(&entry("path, reason", "%s: %s."), &entry("value, item, path, expected_value", "%s %s %s %s.")),
            [
                ("EP0002".to_owned(), "arg-removed", "\"path, reason\" -> \"value, item, path, expected_value\": reason no longer passed".to_owned()),
                ("EP0002".to_owned(), "arg-added", "\"path, reason\" -> \"value, item, path, expected_value\": value, item, expected_value must now be passed".to_owned()),
                ("EP0002".to_owned(), "placeholder-count-changed", "2 -> 4: \"%s: %s.\" -> \"%s %s %s %s.\"".to_owned()),
            ]
        );
        assert_eq!(
            rules(&entry("a, b", "%s and %s."), &entry("a, c", "%s and %s.")),
            [(
                "EP0002".to_owned(),
                "arg-renamed",
                "\"a, b\" -> \"a, c\" (b -> c)".to_owned()
            )]
        );
    }

    #[test]
    fn messages_by_what_a_parser_keys_on() {
        let entry = |message: &str| {
            format!(
                "{{\"ErrCode\": \"EE1015\", \"ErrMessage\": \"{message}\", \"Arglist\": \"stage, reason\"}}"
            )
        };
        // A word away from every placeholder: wording.
        assert_eq!(
            rules(
                &entry("%s failed. Reason: The driver version capacity is insufficient. %s"),
                &entry("%s failed. Reason: The driver version capability is insufficient. %s")
            )[0]
            .1,
            "message-reworded"
        );
        // The text touching a placeholder: parsers.
        assert_eq!(
            rules(
                &entry("%s failed. Reason: %s"),
                &entry("%s failed. Reason:  %s")
            )[0]
            .1,
            "message-anchor-changed"
        );
        assert_eq!(
            rules(
                &entry("%s failed. Reason: %s"),
                &entry("%s has failed. Reason: %s")
            )[0]
            .1,
            "message-anchor-changed"
        );
    }

    #[test]
    fn codes_added_removed_and_retired() {
        let old = catalog(
            r#"{"ErrCode": "E10001", "ErrMessage": "A.", "Arglist": ""},
               {"ErrCode": "E10004", "ErrMessage": "B.", "Arglist": ""}"#,
        );
        let new = crate::load(
            r#"{"error_info_list": [{"ErrCode": "E10101", "ErrMessage": "A.", "Arglist": ""}],
                "retired": [{"ErrCode": "E10001", "since": "8.0", "replacement": "E10101"}]}"#,
        )
        .catalog;
        let found: Vec<(String, &str, String)> = changes(&old, &new)
            .into_iter()
            .map(|change| (change.code, change.rule.name(), change.detail))
            .collect();
        assert_eq!(
            found,
            [
                ("E10101".to_owned(), "code-added", "\"A.\"".to_owned()),
                (
                    "E10001".to_owned(),
                    "code-retired",
                    "no longer reported (retired in 8.0); report E10101 instead".to_owned()
                ),
                (
                    "E10004".to_owned(),
                    "code-removed",
                    "the code is gone, and not retired".to_owned()
                ),
            ]
        );
    }

    #[test]
    fn the_same_entry_under_a_code_of_another_kind_is_one_sites_change() {
        let entry = |code: &str, message: &str| {
            format!(r#"{{"ErrCode": "{code}", "ErrMessage": "{message}", "Arglist": "path"}}"#)
        };
        let old = [
            entry("EK0301", "Path %s is slow."),
            entry("EK0302", "Path %s is gone."),
        ]
        .join(",");
        // EK0301 became a warning; EK0302 went away while EK0303, of the
        // same kind, says the same: that is a removal and an addition.
        let new = [
            entry("WK0301", "Path %s is slow."),
            entry("EK0303", "Path %s is gone."),
        ]
        .join(",");
        assert_eq!(
            rules(&old, &new),
            [
                ("EK0303".to_owned(), "code-added", "\"Path %s is gone.\"".to_owned()),
                (
                    "WK0301".to_owned(),
                    "kind-changed",
                    "EK0301 (error, user) is now WK0301 (warning, user), with the same message and arguments: \
                     every site that reports EK0301 must report WK0301"
                        .to_owned()
                ),
                ("EK0302".to_owned(), "code-removed", "the code is gone, and not retired".to_owned()),
            ]
        );
        assert_eq!(Rule::KindChanged.category(), Category::Sites);
    }

    #[test]
    fn every_rule_has_one_category() {
        for rule in Rule::ALL {
            assert_eq!(Rule::named(rule.name()), Some(rule));
        }
        assert_eq!(Category::named("sites"), Some(Category::Sites));
    }
}
