//! A catalog over its versions: `check --previous` (the changes since one
//! version, as findings) and `errcode history` (per code, when each of
//! its versions added, changed and removed it).

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use errcat::catalog::{Catalog, Category, Rule, changes, load_bytes};

use crate::finding::{Finding, Kind};
use crate::git;
use crate::outcome::Outcome;
use crate::paths;
use crate::source::Source;

/// The previous version `spec` (a file, or `REV:PATH` in the repository of
/// `catalog`): its name for findings, and its catalog.
fn previous(spec: &str, catalog: &Path) -> Result<(String, Catalog), String> {
    let (name, bytes) = if git::is_revision(spec) {
        (spec.to_owned(), git::show(spec, catalog)?)
    } else {
        let path = Path::new(spec);
        let bytes = std::fs::read(path)
            .map_err(|error| format!("cannot read {}: {error}", paths::name(path)))?;
        (paths::name(path), bytes)
    };
    let loaded = load_bytes(&bytes);
    let unusable = loaded
        .diagnostics
        .iter()
        .any(|d| d.is_error() && d.entry.is_none() && d.code.is_none());
    if unusable {
        return Err(format!(
            "the previous version {name} is not a catalog: `errcode check {name}` says why"
        ));
    }
    Ok((name, loaded.catalog))
}

/// The changes from the previous version `spec` to `current` (read from
/// `path`), a finding each: at the code's entry, or at the previous
/// version's for a code that is gone.
pub(crate) fn previous_changes(
    spec: &str,
    path: &Path,
    current: &Source,
) -> Result<Vec<Finding>, String> {
    let (name, old) = previous(spec, path)?;
    let file = current.name();
    let now: HashMap<&str, errcat::catalog::Position> = current
        .catalog
        .entries
        .iter()
        .map(|entry| (entry.code.as_str(), entry.position))
        .collect();
    Ok(changes(&old, &current.catalog)
        .into_iter()
        .map(|change| {
            let mut message = format!(
                "{} ({}): {}",
                change.rule.name(),
                change.rule.category().name(),
                change.detail
            );
            // A code that is gone is shown where it was: in a previous
            // version that is a file, there; in one that is a revision
            // (`REV:PATH`, no file to open), at the current entry that
            // followed it, the revision's place named in the message.
            let (place, at) = if change.after.line > 0 {
                (file.clone(), change.after)
            } else if git::is_revision(spec) {
                message.push_str(&format!(
                    " (was at {name}:{}:{})",
                    change.before.line, change.before.column
                ));
                (
                    file.clone(),
                    where_it_was(&old, &current.catalog, &now, &change.code),
                )
            } else {
                (name.clone(), change.before)
            };
            if change.rule == Rule::CodeRemoved {
                message
                    .push_str("; if that is deliberate, list it in the catalog's `retired` list");
            }
            let mut finding = Finding::new(
                place,
                at.line,
                at.column,
                Some(change.code),
                Kind::Change(change.rule),
                message,
            );
            if change.before.line > 0 && change.after.line > 0 {
                finding.other = Some((name.clone(), change.before.line));
            }
            finding
        })
        .collect())
}

/// Where in `current` the entry of `code`, which only `old` has, was: the
/// first entry after it in `old` that `current` still has, else the last
/// entry of `current`, else the top of the file.
fn where_it_was(
    old: &Catalog,
    current: &Catalog,
    now: &HashMap<&str, errcat::catalog::Position>,
    code: &str,
) -> errcat::catalog::Position {
    old.entries
        .iter()
        .skip_while(|entry| entry.code != code)
        .skip(1)
        .find_map(|entry| now.get(entry.code.as_str()).copied())
        .or_else(|| current.entries.last().map(|entry| entry.position))
        .unwrap_or(errcat::catalog::Position::new(1, 1))
}

/// What happened to one code in one version.
struct Event {
    date: String,
    commit: String,
    what: String,
}

/// `errcode history FILE`: per code, its additions, changes and removals.
pub(crate) fn run(file: &Path, only: Option<&str>) -> Outcome {
    let versions = match git::history(file) {
        Ok(versions) => versions,
        Err(why) => return Outcome::input_error(why),
    };
    if versions.is_empty() {
        return Outcome::input_error(format!(
            "{} has no history in git: is it committed?",
            paths::name(file)
        ));
    }
    let only = only.map(str::to_ascii_uppercase);
    let mut events: BTreeMap<String, Vec<Event>> = BTreeMap::new();
    let mut per_rule: BTreeMap<Rule, usize> = BTreeMap::new();
    let mut unread = Vec::new();
    let mut previous = Catalog::default();
    let mut read = 0;
    for version in &versions {
        let loaded = load_bytes(&version.text);
        let unusable = loaded
            .diagnostics
            .iter()
            .any(|d| d.is_error() && d.entry.is_none() && d.code.is_none());
        if unusable {
            unread.push(format!(
                "{} {}: {} is not a catalog at this version; left out",
                version.date,
                short(&version.commit),
                version.path
            ));
            continue;
        }
        read += 1;
        for change in changes(&previous, &loaded.catalog) {
            if only.as_deref().is_some_and(|code| code != change.code) {
                continue;
            }
            // The first version's codes are all added; counting them would
            // say nothing of the catalog's evolution.
            if read > 1 {
                *per_rule.entry(change.rule).or_insert(0) += 1;
            }
            let what = match change.rule {
                Rule::CodeAdded => "added".to_owned(),
                Rule::CodeRemoved => "SITES code-removed".to_owned(),
                Rule::CodeRetired => format!("retired: {}", change.detail),
                rule => format!(
                    "{} {}: {}",
                    rule.category().name(),
                    rule.name(),
                    change.detail
                ),
            };
            events.entry(change.code).or_default().push(Event {
                date: version.date.clone(),
                commit: short(&version.commit).to_owned(),
                what,
            });
        }
        previous = loaded.catalog;
    }
    let mut out = String::new();
    for (code, events) in &events {
        out.push_str(code);
        out.push('\n');
        for event in events {
            out.push_str(&format!(
                "  {} {}  {}\n",
                event.date,
                event.commit,
                paths::shown(&event.what)
            ));
        }
    }
    let mut summary = format!(
        "{} of {} read; {}",
        errcat_syntax::counted(read, "version"),
        paths::name(file),
        errcat_syntax::counted(events.len(), "code")
    );
    if per_rule.is_empty() {
        summary.push_str(", no change after the first version");
    } else {
        for category in [Category::Sites, Category::Logs, Category::Text] {
            let rules: Vec<String> = per_rule
                .iter()
                .filter(|(rule, _)| rule.category() == category)
                .map(|(rule, count)| format!("{} {count}", rule.name()))
                .collect();
            if !rules.is_empty() {
                summary.push_str(&format!("; {}: {}", category.name(), rules.join(", ")));
            }
        }
    }
    out.push_str(&summary);
    out.push('\n');
    let mut stderr = String::new();
    for line in unread {
        stderr.push_str(&format!("errcode: {line}\n"));
    }
    Outcome {
        stdout: out,
        stderr,
        ..Outcome::default()
    }
}

fn short(commit: &str) -> &str {
    commit.get(..10).unwrap_or(commit)
}
