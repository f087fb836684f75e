//! A catalog over its versions: `check --previous` (the changes since one
//! version, as findings) and `errcode history` (per code, when each of
//! its versions added, changed and removed it).

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use errcat::catalog::{Catalog, Category, Loaded, Rule, Versions, changes, load_bytes};

use crate::finding::{Finding, Kind};
use crate::git;
use crate::outcome::Outcome;
use crate::paths;
use crate::source::Source;

/// Where the previous version comes from, and so what its relative
/// paths are relative to.
#[derive(Debug, Clone)]
pub(crate) enum Previous {
    /// `--previous`: a file relative to the working folder, or `REV:PATH`
    /// read in the repository the catalog is in (`./PATH` relative to the
    /// catalog's folder).
    Given(String),
    /// `previous` in the project file `file` (as messages name it), whose
    /// folder is `root`: a file, or `./PATH` of `REV:PATH`, relative to it.
    Project {
        spec: String,
        file: String,
        root: PathBuf,
    },
}

/// The previous version (a file, or `REV:PATH` in git) for the catalog at
/// `catalog`: its name for findings, and its catalog, read within
/// `max_size` bytes.
fn previous(
    previous: &Previous,
    catalog: &Path,
    max_size: u64,
) -> Result<(String, Catalog, bool), String> {
    let (spec, files_in, git_in, given_in) = match previous {
        Previous::Given(spec) => (
            spec,
            paths::absolute(Path::new(".")),
            git::folder_of(catalog),
            String::new(),
        ),
        Previous::Project { spec, file, root } => {
            (spec, root.clone(), root.clone(), format!("{file}: "))
        }
    };
    let file = files_in.join(spec);
    // A file of that name is the file, whatever it holds (`v1:a.json`).
    let exists = std::fs::symlink_metadata(&file).is_ok();
    let revision = !exists && spec.contains(':');
    let (name, bytes) = if revision {
        if let Some(why) = git::refused_revision(spec) {
            return Err(format!(
                "{given_in}the previous version `{}` names a revision that {why}",
                paths::shown(spec)
            ));
        }
        (spec.clone(), git::show(spec, &git_in, max_size)?)
    } else {
        let bytes = crate::walk::read_file(&file, max_size).map_err(|failure| {
            failure.describe_named(
                &format!("the previous version {}", paths::name(&file)),
                max_size,
            )
        })?;
        (paths::name(&file), bytes)
    };
    let loaded = load_bytes(&bytes);
    if !loaded.is_catalog() {
        return Err(format!(
            "the previous version {name} is not a catalog: `errcode check {name}` says why"
        ));
    }
    Ok((name, loaded.catalog, revision))
}

/// The changes from the previous version `spec` to `current` (read from
/// `path`), a finding each: at the code's entry, or at the previous
/// version's for a code that is gone.
pub(crate) fn previous_changes(
    spec: &Previous,
    path: &Path,
    current: &Source,
    max_size: u64,
) -> Result<Vec<Finding>, String> {
    let (name, old, revision) = previous(spec, path, max_size)?;
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
            } else if revision {
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

/// What became of the version before, whose blob the next version may
/// have again (a commit that changed only the file's mode).
enum Became {
    Catalog,
    LeftOut(String),
}

/// `errcode history FILE`: per code, its additions, changes and removals,
/// each version compared with its parent's. The versions are read one at
/// a time, each by its difference from the last (see
/// [`Versions`](errcat::catalog::Versions)): at most a few texts and two
/// catalogs are held, whatever the number of commits; each blob within
/// `max_size` bytes.
pub(crate) fn run(file: &Path, only: Option<&str>, lines: git::Lines, max_size: u64) -> Outcome {
    let versions = match git::history(file, lines) {
        Ok(versions) => versions,
        Err(why) => return Outcome::input_error(why),
    };
    if versions.is_empty() {
        return Outcome::input_error(format!(
            "{} has no history in git: is it committed?",
            paths::name(file)
        ));
    }
    // What each version reads, in order: its blob, unless it is the blob
    // of the version before, and its parent's, unless that is the blob of
    // the version before (the one read last, on one line of commits).
    let mut plan = Vec::new();
    let mut reads = Vec::with_capacity(versions.len());
    for (index, version) in versions.iter().enumerate() {
        let previous = index
            .checked_sub(1)
            .and_then(|index| versions[index].after.as_ref());
        let parent = version
            .before
            .as_ref()
            .filter(|before| Some(*before) != previous);
        let again =
            version.before.is_some() && parent.is_none() && version.after.as_ref() == previous;
        if let Some(after) = version.after.as_ref().filter(|_| !again) {
            plan.push(after.clone());
        }
        if let (Some(parent), Some(_)) = (parent, &version.after) {
            plan.push(parent.clone());
        }
        reads.push((again, parent.is_some()));
    }
    let mut blobs = match git::Stream::new(&git::folder_of(file), plan, max_size) {
        Ok(blobs) => blobs,
        Err(why) => return Outcome::input_error(why),
    };
    let only = only.map(str::to_ascii_uppercase);
    let mut events: BTreeMap<String, Vec<Event>> = BTreeMap::new();
    let mut per_rule: BTreeMap<Rule, usize> = BTreeMap::new();
    let mut unread = Vec::new();
    let mut catalogs = Versions::new();
    let mut before = Became::Catalog;
    let mut read = 0;
    for (version, (again, parent_read)) in versions.iter().zip(reads) {
        let at = || {
            format!(
                "{} {}: {}",
                version.date,
                short(&version.commit),
                version.path_shown()
            )
        };
        if version.after.is_none() {
            unread.push(format!("{} is deleted at this version", at()));
            continue;
        }
        if again {
            // The same text as the version before: a catalog, with no
            // change; or left out as that one was.
            match &before {
                Became::Catalog => read += 1,
                Became::LeftOut(why) => unread.push(format!("{}{why}", at())),
            }
            continue;
        }
        let current = blobs.next();
        // What the commit changed: from its parent's version, read when it
        // is not the version before (a side branch's commit after another
        // branch's). A parent that is no catalog stands for the last
        // version that was one.
        let parent = parent_read.then(|| blobs.next());
        let bytes = match current {
            Ok(bytes) => bytes,
            // Git no longer answers in step: no later blob can be read.
            Err(git::BlobFailure::Git(why)) => {
                return Outcome::input_error(format!("{}: {why}", at()));
            }
            Err(failure) => {
                let why = format!(": {}; left out", failure.describe(max_size));
                unread.push(format!("{}{why}", at()));
                before = Became::LeftOut(why);
                continue;
            }
        };
        let parent = match parent {
            Some(Ok(bytes)) => {
                let loaded = load_bytes(&bytes);
                blobs.recycle(bytes);
                Some(loaded).filter(Loaded::is_catalog)
            }
            Some(Err(git::BlobFailure::Git(why))) => {
                return Outcome::input_error(format!("{}: {why}", at()));
            }
            Some(Err(_)) | None => None,
        };
        let added = version.before.is_none();
        let found = match (&parent, added) {
            (_, true) => catalogs.read_against(bytes, &Catalog::default()),
            (Some(parent), false) => catalogs.read_against(bytes, &parent.catalog),
            (None, false) => catalogs.read(bytes),
        };
        if let Some(spare) = catalogs.spare() {
            blobs.recycle(spare);
        }
        let Some(found) = found else {
            let why = " is not a catalog at this version; left out".to_owned();
            unread.push(format!("{}{why}", at()));
            before = Became::LeftOut(why);
            continue;
        };
        before = Became::Catalog;
        read += 1;
        for change in found {
            if only.as_deref().is_some_and(|code| code != change.code) {
                continue;
            }
            // The codes of the version that added the file are all added;
            // counting them would say nothing of the catalog's evolution.
            if !added {
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
        // Through the one escaping of notes, like every other command's.
        stderr.push_str(&crate::outcome::note_line(line));
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
