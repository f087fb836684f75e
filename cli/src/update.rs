//! `errcode update [FILE...] [--against PATH]... [--dry-run] [--adopt-pages]`:
//! the copies a tree already has rewritten from its catalogs, and nothing
//! else: the rows its C tables have, in their order and layout; the
//! reference pages that exist, their hand-written parts kept; the links
//! their index pages have. With `--adopt-pages`, the English pages' causes
//! and solutions the catalog lacks are copied into the catalog first.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use errcat::catalog::cann_page::Language;
use errcat::catalog::{
    Documentation, Entry, SuggestionPart, load, read_page, retired_page, set_suggestion,
    update_index, update_page,
};
use errcat_catalog::WrittenText;
use errcat_catalog::c_source::{RowShift, TableChange, TableStyle, update_table};

use crate::against::{FileKind, kind_of};
use crate::check::{Inputs, walk_all};
use crate::git::{Changed, EntryChanges, copy_is_newer, last_change, lines_changed};
use crate::outcome::{Outcome, Status};
use crate::paths;
use crate::replace::{Before, move_to, replace};
use crate::source::Source;
use crate::walk::{Walked, read_file};

/// What `update` is asked.
pub(crate) struct UpdateArgs {
    pub(crate) files: Vec<PathBuf>,
    pub(crate) against: Vec<PathBuf>,
    pub(crate) exclude: Vec<String>,
    pub(crate) dry_run: bool,
    pub(crate) adopt_pages: bool,
    pub(crate) overwrite_newer: bool,
    pub(crate) config: Option<PathBuf>,
}

/// One file's new content.
struct Change {
    path: PathBuf,
    /// The folder given that the file was found in (the file's own folder
    /// for a file given itself): nothing is written outside it.
    root: PathBuf,
    old: Vec<u8>,
    new: Vec<u8>,
    /// A page whose title changed moves to its new name.
    rename: Option<PathBuf>,
    /// What changed, for the closing lines: `3 table rows`.
    what: String,
}

impl Change {
    /// The file at `path` rewritten from `old` to `new`, when they differ.
    fn of(path: &Path, root: &Path, old: Vec<u8>, new: Vec<u8>, what: &str) -> Option<Change> {
        (new != old).then(|| Change {
            path: path.to_path_buf(),
            root: root.to_path_buf(),
            old,
            new,
            rename: None,
            what: what.to_owned(),
        })
    }
}

pub(crate) fn run(args: UpdateArgs) -> Outcome {
    let inputs = match Inputs::gather(
        &args.files,
        &args.against,
        &args.exclude,
        args.config.as_deref(),
    ) {
        Ok(inputs) => inputs,
        Err(failure) => return failure,
    };
    if inputs.against.is_empty() {
        return Outcome::input_error(
            "nothing to update: name the copies with --against PATH (or `against` in errcode.toml)",
        );
    }
    let mut sources: Vec<(PathBuf, Source)> = Vec::new();
    for path in &inputs.catalogs {
        match Source::read_within(path, inputs.max_size).and_then(Source::readable) {
            Ok((source, _)) => sources.push((path.clone(), source)),
            Err(failure) => return failure,
        }
    }
    let walked = walk_all(&inputs);
    let mut outcome = Outcome::default();
    for why in &walked.unreadable {
        outcome.status = Status::InputError;
        outcome.note(why);
    }
    let mut changes: Vec<Change> = Vec::new();
    let root_of = |walked: &Walked| -> PathBuf {
        if walked.given {
            walked
                .path
                .parent()
                .map(Path::to_path_buf)
                .unwrap_or_default()
        } else {
            inputs.against[walked.root].clone()
        }
    };
    let pages: Vec<(PathBuf, String, PathBuf)> = walked
        .files
        .iter()
        .filter_map(|walked| match kind_of(&walked.path) {
            Some(FileKind::Page(code)) => Some((walked.path.clone(), code, root_of(walked))),
            _ => None,
        })
        .collect();
    if args.adopt_pages {
        match adopt(&mut sources, &pages, inputs.max_size) {
            Ok(adopted) => changes.extend(adopted),
            Err(why) => return Outcome::input_error(why),
        }
    }
    let mut entries: HashMap<&str, (&Entry, &Documentation)> = HashMap::new();
    for (_, source) in &sources {
        for entry in &source.catalog.entries {
            entries
                .entry(entry.code.as_str())
                .or_insert((entry, &source.docs));
        }
    }
    let catalog = errcat::catalog::Catalog::new(
        entries
            .values()
            .map(|(entry, _)| (*entry).clone())
            .collect(),
    );
    let mut styles: HashMap<Option<PathBuf>, TableStyle> = HashMap::new();
    let mut problems = false;
    // When each entry last changed, asked of git when a copy differs.
    let mut entry_changes = EntryChanges::new(
        sources
            .iter()
            .map(|(path, source)| (path.clone(), &source.catalog))
            .collect(),
    );
    // Tables.
    for walked in &walked.files {
        if kind_of(&walked.path) != Some(FileKind::C) {
            continue;
        }
        let Some(bytes) = read_walked(&walked.path, inputs.max_size, &mut outcome) else {
            continue;
        };
        let name = paths::name(&walked.path);
        let style = style_for(&walked.path, &mut styles, inputs.max_size, &mut outcome);
        let mut update = update_table(&bytes, &catalog, &style);
        // Rows whose lines changed after the catalogs did (by git) may hold
        // the newer text: the file is updated without them.
        let held = if args.overwrite_newer {
            Vec::new()
        } else {
            newer_rows(&walked.path, &bytes, &update.changes, |code| {
                entry_changes.of(code)
            })
        };
        if !held.is_empty() {
            let codes: Vec<&str> = held.iter().map(|(code, _)| code.as_str()).collect();
            let rest = errcat::catalog::Catalog::new(
                catalog
                    .entries
                    .iter()
                    .filter(|entry| !codes.contains(&entry.code.as_str()))
                    .cloned()
                    .collect(),
            );
            update = update_table(&bytes, &rest, &style);
            update.changes.retain(|change| {
                !matches!(change, TableChange::NotInCatalog { code, .. } if codes.contains(&code.as_str()))
            });
            for (code, line) in &held {
                problems = true;
                outcome.note(format!(
                    "{name}:{line}: {code}: copy-newer: the row changed after the catalog did (git), so its text may be the newer one: left as it is; bring its text into the catalog, or rewrite the row with `--overwrite-newer`"
                ));
            }
        }
        let mut rows = 0;
        for change in &update.changes {
            match change {
                TableChange::Updated { .. } => rows += 1,
                TableChange::NotInCatalog { code, line } => outcome.note(format!(
                    "{name}:{line}: {code}: no catalog has the code: the row is left as it is"
                )),
                TableChange::TooManyNames {
                    code,
                    line,
                    names,
                    bound,
                    value,
                } => {
                    problems = true;
                    outcome.note(format!(
                        "{name}:{line}: {code}: the catalog names {names} arguments, more than the table's rows hold ({bound} is {value}): the row is left as it is; raise {bound} first"
                    ));
                }
                TableChange::Nested { code, line } => {
                    problems = true;
                    outcome.note(format!(
                        "{name}:{line}: {code}: the row is inside another row's brackets, or holds one: both are left as they are"
                    ));
                }
                TableChange::RowsShifted { code, line, shift } => {
                    problems = true;
                    let what = match shift {
                        RowShift::Lost => "would no longer be read as a row",
                        RowShift::Gained => "would be read as a row, which it is not (at this line of the rewritten text)",
                        _ => "would be read with other text (inside another row's brackets, holding one, or with other fields)",
                    };
                    outcome.note(format!(
                        "{name}:{line}: {code}: rewritten, the file's rows would pair their brackets differently and the row {what}: {name} is left unchanged"
                    ));
                }
                TableChange::NotUtf8 { code, line } => {
                    problems = true;
                    outcome.note(format!(
                        "{name}:{line}: {code}: the row's lines hold bytes that are not UTF-8 and its new text does not fit where the old was: the row is left as it is; write its lines in UTF-8 first"
                    ));
                }
                TableChange::TooWide { code, line } => outcome.note(format!(
                    "{name}:{line}: {code}: the rewritten row has a line wider than {} columns (a word too long, or a comment in the row)",
                    style.column_limit
                )),
                _ => {}
            }
        }
        if update.changed() {
            changes.push(Change {
                path: walked.path.clone(),
                root: root_of(walked),
                old: bytes,
                new: update.text,
                rename: None,
                what: errcat_syntax::counted(rows, "table row"),
            });
        }
    }
    let mut newer = |path: &Path, code: &str| -> bool {
        !args.overwrite_newer && copy_is_newer(last_change(path), entry_changes.of(code))
    };
    // Pages, and the titles of the codes whose pages each folder holds.
    let mut folders: BTreeMap<PathBuf, Vec<(String, String)>> = BTreeMap::new();
    for (path, _, root) in &pages {
        let Some(bytes) = read_walked(path, inputs.max_size, &mut outcome) else {
            continue;
        };
        // The page's line ends, BOM and bytes that are not UTF-8 are kept:
        // only the lines the catalog changes are written.
        let written = WrittenText::read(&bytes);
        let text = written.text();
        let name = paths::name(path);
        let page = read_page(&kind_code(path).unwrap_or_default(), text);
        let retired = sources
            .iter()
            .find_map(|(_, source)| source.catalog.retired(&page.code));
        if let (None, Some(retired)) = (entries.get(page.code.as_str()), retired) {
            // A retired code's page says so, over what it said.
            let chinese = page.language == Some(Language::Chinese)
                || path.components().any(|part| part.as_os_str() == "zh");
            let language = if chinese {
                Language::Chinese
            } else {
                Language::English
            };
            let updated = retired_page(retired, language, Some(text));
            let Some(updated) = rewritten(&written, &updated, &name, &mut outcome, &mut problems)
            else {
                continue;
            };
            if updated != bytes && newer(path, &page.code) {
                problems = true;
                outcome.note(held_back(&name, &page.code));
                continue;
            }
            changes.extend(Change::of(
                path,
                root,
                bytes,
                updated,
                "page of a retired code",
            ));
            continue;
        }
        let Some((entry, docs)) = entries.get(page.code.as_str()) else {
            outcome.note(format!(
                "{name}: {}: no catalog has the code: the page is left as it is",
                page.code
            ));
            continue;
        };
        let Some(language) = page.language else {
            outcome.note(format!(
                "{name}: {}: the page has no section heading of either language: left as it is",
                page.code
            ));
            continue;
        };
        let updated = update_page(entry, language, docs.get(&entry.code), text);
        for part in &updated.dropped {
            outcome.note(format!("{name}: {}: {part}", entry.code));
        }
        if updated.untranslated {
            outcome.note(format!(
                "{name}: {}: the page carries the catalog's English text, having no translation of it",
                entry.code
            ));
        }
        let folder = path.parent().map(Path::to_path_buf).unwrap_or_default();
        folders
            .entry(folder.clone())
            .or_default()
            .push((entry.code.clone(), entry.title.clone().unwrap_or_default()));
        let renamed = path
            .file_name()
            .is_some_and(|file| file.to_string_lossy() != updated.file_name)
            .then(|| folder.join(&updated.file_name));
        let Some(new) = rewritten(&written, &updated.text, &name, &mut outcome, &mut problems)
        else {
            continue;
        };
        if new != bytes && newer(path, &entry.code) {
            problems = true;
            outcome.note(held_back(&name, &entry.code));
            continue;
        }
        if new != bytes || renamed.is_some() {
            changes.push(Change {
                path: path.clone(),
                root: root.clone(),
                old: bytes,
                new,
                rename: renamed,
                what: format!(
                    "{} page",
                    match language {
                        Language::English => "English",
                        Language::Chinese => "Chinese",
                    }
                ),
            });
        }
    }
    // Index pages: the `.md` files beside code pages that are none.
    for walked in &walked.files {
        let path = &walked.path;
        let is_markdown = path.extension().is_some_and(|extension| extension == "md");
        if !is_markdown || kind_of(path).is_some() {
            continue;
        }
        let Some(titles) = path.parent().and_then(|folder| folders.get(folder)) else {
            continue;
        };
        let Some(bytes) = read_walked(path, inputs.max_size, &mut outcome) else {
            continue;
        };
        let written = WrittenText::read(&bytes);
        let titles: Vec<(&str, &str)> = titles
            .iter()
            .map(|(code, title)| (code.as_str(), title.as_str()))
            .collect();
        let updated = update_index(written.text(), &titles);
        let Some(updated) = rewritten(
            &written,
            &updated,
            &paths::name(path),
            &mut outcome,
            &mut problems,
        ) else {
            continue;
        };
        changes.extend(Change::of(
            path,
            &root_of(walked),
            bytes,
            updated,
            "index page",
        ));
    }
    changes.sort_by(|a, b| a.path.cmp(&b.path));
    if args.dry_run {
        for change in &changes {
            outcome.stdout.push_str(&diff(change));
        }
        if !changes.is_empty() {
            outcome.status = outcome.status.max(Status::Failure);
            outcome.note(format!(
                "{} out of date: `errcode update` rewrites {}",
                errcat_syntax::counted(changes.len(), "file"),
                if changes.len() == 1 { "it" } else { "them" }
            ));
        } else if problems {
            outcome.status = outcome.status.max(Status::Failure);
        } else {
            outcome
                .stdout
                .push_str("every copy agrees with the catalog: nothing to update\n");
        }
        return outcome;
    }
    // Each file is said as it is written, so that a run stopped midway
    // has said what it wrote; a file that cannot be written is named, and
    // the others are written all the same.
    let mut written = 0;
    let mut failed = 0;
    // The notes on what was read come first, as they were found.
    crate::outcome::eprint_now(&std::mem::take(&mut outcome.stderr));
    for change in &changes {
        if let Err(why) = write(change) {
            failed += 1;
            outcome.status = Status::InputError;
            crate::outcome::eprint_now(&crate::outcome::note_line(why));
            continue;
        }
        written += 1;
        let name = paths::name(&change.path);
        crate::outcome::print_now(&match &change.rename {
            Some(to) => format!(
                "updated {name} ({}), renamed to {}\n",
                change.what,
                paths::name(to)
            ),
            None => format!("updated {name} ({})\n", change.what),
        });
    }
    if problems {
        outcome.status = outcome.status.max(Status::Failure);
    }
    if changes.is_empty() {
        // A copy left for a problem does not agree: nothing is said of all.
        if !problems {
            outcome
                .stdout
                .push_str("every copy agrees with the catalog: nothing to update\n");
        }
    } else {
        outcome.stdout.push_str(&format!(
            "updated {}\n",
            errcat_syntax::counted(written, "file")
        ));
    }
    if failed > 0 {
        outcome.note(format!(
            "{} not written (named above): {} left as {} {}; the others were written whole",
            errcat_syntax::counted(failed, "file"),
            if failed == 1 { "it is" } else { "they are" },
            if failed == 1 { "it" } else { "they" },
            if failed == 1 { "was" } else { "were" },
        ));
    }
    outcome
}

/// The rows `changes` updates whose lines changed after the catalogs did
/// (by git blame) than their entries did (see [`copy_is_newer`]), by
/// code and line.
fn newer_rows(
    path: &Path,
    bytes: &[u8],
    changes: &[TableChange],
    mut entry_changed: impl FnMut(&str) -> Option<Changed>,
) -> Vec<(String, u32)> {
    let updated: Vec<(&str, u32)> = changes
        .iter()
        .filter_map(|change| match change {
            TableChange::Updated { code, line, .. } => Some((code.as_str(), *line)),
            _ => None,
        })
        .collect();
    // Outside a repository (or untracked) one question, not one a row.
    if updated.is_empty() || last_change(path).is_none() {
        return Vec::new();
    }
    let file = errcat_catalog::c_source::read_c(bytes);
    let mut held = Vec::new();
    for row in &file.rows {
        if !updated.contains(&(row.code.as_str(), row.at.line)) {
            continue;
        }
        let last = 1 + bytes[..row.span.end.min(bytes.len())]
            .iter()
            .filter(|byte| **byte == b'\n')
            .count();
        let last = u32::try_from(last).unwrap_or(u32::MAX);
        let changed = lines_changed(path, row.start.line, last);
        if changed.is_some() && copy_is_newer(changed, entry_changed(&row.code)) {
            held.push((row.code.clone(), row.at.line));
        }
    }
    held
}

/// The note for a page left because it is newer than the catalog.
fn held_back(name: &str, code: &str) -> String {
    format!(
        "{name}: {code}: copy-newer: the page changed after the catalog did (git), so its text may be the newer one: left as it is; bring its text into the catalog, or rewrite the page with `--overwrite-newer`"
    )
}

/// The bytes of a page whose text became `new` (see [`WrittenText`]), or
/// `None` and why on standard error (a problem: update exits 1): the file
/// is left as it is.
fn rewritten(
    written: &WrittenText<'_>,
    new: &str,
    name: &str,
    outcome: &mut Outcome,
    problems: &mut bool,
) -> Option<Vec<u8>> {
    match written.rewrite(new) {
        Ok(bytes) => Some(bytes),
        Err(why) => {
            *problems = true;
            outcome.note(format!("{name}: {why}"));
            None
        }
    }
}

fn kind_code(path: &Path) -> Option<String> {
    match kind_of(path)? {
        FileKind::Page(code) => Some(code),
        _ => None,
    }
}

/// Copies the English pages' causes and solutions that the catalogs lack
/// into the catalogs' files (JSON, edited in place), and the catalogs
/// read again.
fn adopt(
    sources: &mut [(PathBuf, Source)],
    pages: &[(PathBuf, String, PathBuf)],
    max_size: u64,
) -> Result<Vec<Change>, String> {
    // By catalog, its new text.
    let mut texts: BTreeMap<usize, (Vec<u8>, String)> = BTreeMap::new();
    for (path, code, _) in pages {
        // A page that cannot be read is named when it is updated.
        let Ok(bytes) = read_file(path, max_size) else {
            continue;
        };
        let page = read_page(code, WrittenText::read(&bytes).text());
        if page.language != Some(Language::English) {
            continue;
        }
        let Some(index) = sources
            .iter()
            .position(|(_, source)| source.catalog.get(&page.code).is_some())
        else {
            continue;
        };
        let (catalog_path, source) = &sources[index];
        let Some(entry) = source.catalog.get(&page.code) else {
            continue;
        };
        for (part, catalog, page_text) in [
            (SuggestionPart::Cause, entry.cause(), &page.cause),
            (SuggestionPart::Solution, entry.solution(), &page.solution),
        ] {
            let lacking = catalog.is_none_or(|text| text.trim().is_empty() || text == "N/A");
            let Some(page_text) = page_text.as_ref().filter(|_| lacking) else {
                continue;
            };
            if catalog_path.is_dir() {
                return Err(format!(
                    "{}: {}: the catalog is Rust sources: write the page's text into the definition's `{}` by hand",
                    paths::name(catalog_path),
                    page.code,
                    match part {
                        SuggestionPart::Cause => "cause",
                        SuggestionPart::Solution => "solution",
                    }
                ));
            }
            let (_, text) = match texts.get_mut(&index) {
                Some(text) => text,
                None => {
                    let bytes = read_file(catalog_path, max_size)
                        .map_err(|failure| failure.describe(catalog_path, max_size))?;
                    let text = String::from_utf8(bytes.clone())
                        .map_err(|_| format!("{} is not UTF-8", paths::name(catalog_path)))?;
                    texts.entry(index).or_insert((bytes, text))
                }
            };
            *text = set_suggestion(text, &page.code, part, &page_text.text)
                .map_err(|why| format!("{}: {why}", paths::name(catalog_path)))?;
        }
    }
    let mut changes = Vec::new();
    for (index, (old, text)) in texts {
        let (path, source) = &mut sources[index];
        let loaded = load(&text);
        source.catalog = loaded.catalog;
        let adopted = source_difference(&old, &text);
        changes.push(Change {
            path: path.clone(),
            // The catalog was given itself: its folder.
            root: path.parent().map(Path::to_path_buf).unwrap_or_default(),
            old,
            new: text.into_bytes(),
            rename: None,
            what: format!(
                "{} adopted from the pages",
                errcat_syntax::counted(adopted, "text")
            ),
        });
    }
    Ok(changes)
}

/// How many lines differ between two texts.
fn source_difference(old: &[u8], new: &str) -> usize {
    let old = String::from_utf8_lossy(old);
    similar::TextDiff::from_lines(old.as_ref(), new)
        .iter_all_changes()
        .filter(|change| change.tag() == similar::ChangeTag::Insert)
        .count()
}

/// The bytes of a file the walk found, or `None` and the reason on
/// standard error (it changed since: a FIFO now, or larger than the limit).
fn read_walked(path: &Path, max_size: u64, outcome: &mut Outcome) -> Option<Vec<u8>> {
    match read_file(path, max_size) {
        Ok(bytes) => Some(bytes),
        Err(failure) => {
            outcome.stderr.push_str(&format!(
                "errcode: {}; left as it is\n",
                failure.describe(path, max_size)
            ));
            None
        }
    }
}

/// The `.clang-format` `ColumnLimit` that applies to `path`: the nearest
/// `.clang-format` in its folder or one above, else 120 columns. One that
/// cannot be read (not a file, larger than `max_size`) is named on
/// standard error, once, and the default applies.
fn style_for(
    path: &Path,
    styles: &mut HashMap<Option<PathBuf>, TableStyle>,
    max_size: u64,
    outcome: &mut Outcome,
) -> TableStyle {
    let folder = paths::absolute(path)
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let nearest = folder
        .ancestors()
        .map(|dir| dir.join(".clang-format"))
        .find(|file| file.symlink_metadata().is_ok());
    if let Some(style) = styles.get(&nearest) {
        return *style;
    }
    let style = match &nearest {
        None => TableStyle::default(),
        Some(file) => match read_file(file, max_size) {
            Ok(bytes) => TableStyle::from_clang_format(&String::from_utf8_lossy(&bytes)),
            Err(failure) => {
                outcome.stderr.push_str(&format!(
                    "errcode: {}; its ColumnLimit is not used\n",
                    failure.describe(file, max_size)
                ));
                TableStyle::default()
            }
        },
    };
    styles.insert(nearest, style);
    style
}

/// A change as a unified diff.
fn diff(change: &Change) -> String {
    let old = String::from_utf8_lossy(&change.old);
    let new = String::from_utf8_lossy(&change.new);
    let before = paths::name(&change.path);
    let after = change
        .rename
        .as_deref()
        .map_or_else(|| before.clone(), paths::name);
    similar::TextDiff::from_lines(old.as_ref(), new.as_ref())
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{before}"), &format!("b/{after}"))
        .to_string()
}

/// Writes a change (see [`replace`]): never through a symbolic link,
/// never over a change made since the file was read, and a renamed page
/// never over a file (or link) that has its new name.
fn write(change: &Change) -> Result<(), String> {
    match &change.rename {
        None => replace(
            &change.root,
            &change.path,
            &change.new,
            Before::Holds(&change.old),
        ),
        Some(to) => move_to(&change.root, &change.path, &change.old, to, &change.new),
    }
}
