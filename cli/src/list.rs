//! `errcode list`: a table of codes, titles and messages.

use std::path::Path;

use errcat::catalog::Entry;

use crate::outcome::Outcome;
use crate::paths;
use crate::source::Source;

/// The class of entries without one, as `--class` names it.
const UNCLASSIFIED: &str = "Unclassified";

pub(crate) fn run(catalog: Option<&Path>, class: Option<&str>) -> Outcome {
    let (source, note) = match Source::open(catalog).and_then(Source::readable) {
        Ok(opened) => opened,
        Err(failure) => return failure,
    };
    let entries: Vec<&Entry> = source
        .catalog
        .entries
        .iter()
        .filter(|entry| class.is_none_or(|class| same_class(entry, class)))
        .collect();
    if let (Some(class), true) = (class, entries.is_empty()) {
        let mut classes: Vec<String> = source
            .catalog
            .entries
            .iter()
            .map(|entry| paths::shown(&class_of(entry)).into_owned())
            .collect();
        classes.sort();
        classes.dedup();
        let mut outcome = Outcome::error(format!(
            "no code in {} has the class {class:?}; its classes are: {}",
            source.name(),
            classes.join(", ")
        ));
        outcome.stderr.insert_str(0, &note);
        return outcome;
    }
    // Every text as a line shows it: a catalog's text cannot start a line
    // of its own, move the cursor or turn the line around.
    let rows: Vec<(String, String, String)> = entries
        .iter()
        .map(|entry| {
            (
                paths::shown(&entry.code).into_owned(),
                paths::shown(title(entry)).into_owned(),
                paths::shown(&entry.message).into_owned(),
            )
        })
        .collect();
    let code_width = rows
        .iter()
        .map(|(code, _, _)| code.chars().count())
        .chain(["CODE".len()])
        .max()
        .unwrap_or(0);
    let title_width = rows
        .iter()
        .map(|(_, title, _)| title.chars().count())
        .chain(["TITLE".len()])
        .max()
        .unwrap_or(0);
    let mut text = format!(
        "{:code_width$}  {:title_width$}  MESSAGE\n",
        "CODE", "TITLE"
    );
    for (code, title, message) in rows {
        text.push_str(&format!(
            "{code:code_width$}  {title:title_width$}  {message}\n"
        ));
    }
    Outcome {
        stdout: text,
        stderr: note,
        ..Outcome::default()
    }
}

fn title(entry: &Entry) -> &str {
    entry.title.as_deref().map_or("-", str::trim)
}

fn class_of(entry: &Entry) -> String {
    match entry.class.as_deref().map(str::trim) {
        Some(class) if !class.is_empty() => class.to_owned(),
        _ => UNCLASSIFIED.to_owned(),
    }
}

fn same_class(entry: &Entry, wanted: &str) -> bool {
    class_of(entry).eq_ignore_ascii_case(wanted.trim())
}
