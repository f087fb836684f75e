//! The text rules of CANN's review checklist for error messages, each a
//! warning of its own kind: capitals, closing periods, `N/A`, numbered
//! items, newlines and missing suggestions in a catalog's entries, and the
//! double period a report site's literal value makes.

use errcat::catalog::{Entry, Position};
use errcat_syntax::parse_template;

use crate::finding::{Field, Finding, Kind};

/// Ends of a sentence.
const PERIODS: &[char] = &['.', '。', '!', '?', '！', '？'];

/// How many characters of a text a rule's finding quotes.
const QUOTED: usize = 60;

fn excerpt(text: &str) -> String {
    match text.char_indices().nth(QUOTED) {
        Some((cut, _)) => format!("{:?}...", &text[..cut]),
        None => format!("{text:?}"),
    }
}

/// The warnings of one catalog entry.
pub(crate) fn entry_rules(file: &str, entry: &Entry, out: &mut Vec<Finding>) {
    let mut warn = |kind: Kind, field: Field, message: String| {
        let mut finding = Finding::new(
            file,
            entry.position.line,
            entry.position.column,
            Some(entry.code.clone()),
            kind,
            message,
        );
        finding.field = Some(field);
        out.push(finding);
    };
    let message = entry.message.trim();
    if starts_lower_case(message) {
        warn(
            Kind::LowercaseStart,
            Field::Message,
            format!(
                "the message starts with a lower-case letter: {}",
                excerpt(message)
            ),
        );
    }
    if !message.ends_with("%s") && !message.ends_with(PERIODS) && !message.is_empty() {
        warn(
            Kind::MissingPeriod,
            Field::Message,
            format!(
                "the message does not end with a period: {}",
                excerpt(message)
            ),
        );
    }
    let Some(suggestion) = &entry.suggestion else {
        warn(
            Kind::MissingSuggestion,
            Field::Cause,
            "the entry has no suggestion (Possible Cause and Solution; N/A where there is none)"
                .to_owned(),
        );
        return;
    };
    for (field, name, text) in [
        (Field::Cause, "Possible Cause", &suggestion.cause),
        (Field::Solution, "Solution", &suggestion.solution),
    ] {
        let Some(text) = text.as_deref() else {
            continue;
        };
        let trimmed = text.trim();
        if matches!(trimmed, "NA" | "N.A" | "N.A." | "na" | "n/a") {
            warn(
                Kind::NaSpelling,
                field,
                format!("{name} is {trimmed:?}: write \"N/A\""),
            );
            continue;
        }
        if starts_lower_case(trimmed) {
            warn(
                Kind::LowercaseStart,
                field,
                format!(
                    "{name} starts with a lower-case letter: {}",
                    excerpt(trimmed)
                ),
            );
        }
        if !trimmed.ends_with(PERIODS) && !trimmed.is_empty() {
            warn(
                Kind::MissingPeriod,
                field,
                format!("{name} does not end with a period: {}", excerpt(trimmed)),
            );
        }
        if let Some(item) = unspaced_item(trimmed) {
            warn(
                Kind::NumberedItemSpace,
                field,
                format!("{name} has no space after a numbered item's number: {item:?}"),
            );
        }
        if text.contains('\n') {
            warn(
                Kind::NewlineInSuggestion,
                field,
                format!("{name} has a newline: separate its items with a space instead"),
            );
        }
    }
}

/// Whether the first letter, placeholders aside, is lower case: a text
/// that starts with `%s` is left alone (its value starts it).
fn starts_lower_case(text: &str) -> bool {
    let mut rest = text;
    loop {
        if rest.starts_with("%s") {
            return false;
        }
        let Some(first) = rest.chars().next() else {
            return false;
        };
        if first.is_alphabetic() {
            return first.is_lowercase();
        }
        rest = &rest[first.len_utf8()..];
    }
}

/// The first `1.The` of a numbered list: a number at the start or after a
/// space or sentence end, its dot, and a capital straight after.
fn unspaced_item(text: &str) -> Option<&str> {
    let bytes = text.as_bytes();
    for (index, byte) in bytes.iter().enumerate() {
        if !byte.is_ascii_digit() {
            continue;
        }
        let starts = index == 0
            || text[..index]
                .chars()
                .next_back()
                .is_some_and(|before| before.is_whitespace() || PERIODS.contains(&before));
        if !starts {
            continue;
        }
        let digits = bytes[index..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let after = index + digits;
        if bytes.get(after) != Some(&b'.') {
            continue;
        }
        let Some(next) = text[after + 1..].chars().next() else {
            continue;
        };
        // An item starts with a capital; `2.x` is a version.
        if next.is_uppercase() {
            let end = text[after + 1..]
                .find(char::is_whitespace)
                .map_or(text.len(), |space| after + 1 + space);
            return Some(&text[index..end]);
        }
    }
    None
}

/// The checklist's double period: a literal value that ends with a period,
/// given for a `%s` the template already follows with one.
#[allow(clippy::too_many_arguments)]
pub(crate) fn double_period(
    file: &str,
    at: Position,
    code: &str,
    template: &str,
    names: &[String],
    keys: &[String],
    values: &[Option<String>],
    out: &mut Vec<Finding>,
) {
    let Ok(template) = parse_template(template) else {
        return;
    };
    for (key, value) in keys.iter().zip(values) {
        let Some(value) = value.as_deref().filter(|value| value.ends_with('.')) else {
            continue;
        };
        let doubled = names
            .iter()
            .enumerate()
            .filter(|(_, name)| *name == key)
            .any(|(slot, _)| {
                template
                    .pieces
                    .get(slot + 1)
                    .is_some_and(|after| after.starts_with('.'))
            });
        if doubled {
            let mut finding = Finding::new(
                file,
                at.line,
                at.column,
                Some(code.to_owned()),
                Kind::DoublePeriod,
                format!(
                    "value {value:?} for {key} ends with a period, and the message already puts one after its %s: drop the value's period"
                ),
            );
            finding.field = Some(Field::Message);
            out.push(finding);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_letters_placeholders_aside() {
        assert!(starts_lower_case("failed to open."));
        assert!(starts_lower_case("[--x] is bad."));
        assert!(!starts_lower_case("%s failed."));
        assert!(!starts_lower_case("[%s] is bad."));
        assert!(!starts_lower_case("Failed."));
        assert!(!starts_lower_case("主机内存不足。"));
        assert!(!starts_lower_case(""));
    }

    #[test]
    fn numbered_items_need_a_space() {
        assert_eq!(unspaced_item("1.Check a. 2. Check b."), Some("1.Check"));
        assert_eq!(unspaced_item("1. Check a.2.Check b."), Some("2.Check"));
        assert_eq!(unspaced_item("Use version 1.2 or 2.x."), None);
        assert_eq!(unspaced_item("1. Check a. 2. Check b."), None);
    }
}
