//! `check --against PATH`: the other sources of a catalog's codes (C
//! tables, reference pages, report sites, Rust definitions, other copies
//! of the catalog), read from files and folders, and every place where
//! they disagree with the catalogs.
//!
//! Report sites that name their code through a constant
//! (`acl::INVALID_PARAM_MSG`) or an enumerator a table maps to a code
//! (`ErrorCode::EE1017`) are checked like those that write it, once every
//! file has told its constants and tables.

mod copies;
mod files;
mod rust;
#[cfg(test)]
mod tests;

use std::collections::{BTreeSet, HashMap, HashSet};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;

use errcat::catalog::Position;
use errcat::catalog::cann_page::Language;
use errcat_catalog::c_source::{
    Constant, Layout, Problem, Row, Site, SiteCode, Visitor, read_c_with,
};

pub(crate) use copies::Checked;
use copies::{Definition, Entries, Here, MissingText, Use};
pub(crate) use files::{Content, FileKind, kind_of, read_whole};

use crate::finding::{Field, Finding, Kind, LeftOut, Related};
use crate::paths;
use crate::source::plural;
use crate::walk::{Skip, Walk, Walked};
use errcat_catalog::rust_source::read_rust_with;

/// How many threads read files: one per core this process may use
/// (`available_parallelism`, which a container's CPU quota lowers), one
/// when that is not known.
fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

/// How many findings of one file are kept: a hostile file can make one
/// per row, and the rest are counted instead.
const KEPT_PER_FILE: usize = 10_000;

/// A report site whose code is not known until every file is read: a
/// name to resolve, or a code no catalog has (a table or Rust definition
/// elsewhere may define it).
struct Deferred {
    file: String,
    code: SiteCode,
    at: Position,
    keys: Option<Vec<String>>,
    values: Option<Vec<Option<String>>>,
    /// How many arguments follow the code's (see [`Site::after`]).
    after: usize,
    allowed: Vec<String>,
    allowed_at: Option<Position>,
}

/// Where a constant gives a name its code.
#[derive(Clone)]
struct Named {
    code: String,
    file: String,
    line: u32,
}

/// What one thread found in its share of the files.
#[derive(Default)]
struct Partial {
    findings: Vec<Finding>,
    deferred: Vec<Deferred>,
    /// Codes defined by table rows, Rust definitions and catalog copies, by
    /// the index of the first file that defines each.
    defined: HashMap<String, (usize, Definition)>,
    /// Constants by name, each place with its code.
    constants: HashMap<String, Vec<(usize, Named)>>,
    /// Enumerators of X-macro tables, with the code each stands for.
    enumerators: HashMap<String, (usize, String)>,
    /// Per language, the codes with a page, and the first page's index and path.
    paged: HashMap<Language, (HashSet<String>, (usize, String))>,
    missing_text: Vec<(usize, MissingText)>,
    tally: Tally,
    unreadable: Vec<(usize, String)>,
    /// Files passed over while reading (unreadable in a folder walked).
    skipped: Vec<(usize, PathBuf, Skip)>,
    /// Findings left out because a file had too many.
    left_out: LeftOut,
    /// Where the codes asked about are used: sites, rows, definitions.
    uses: HashMap<String, Vec<Related>>,
    /// The codes whose uses are asked for.
    wanted: HashSet<String>,
}

/// How many uses of one code are listed.
const USES_LISTED: usize = 50;

impl Partial {
    /// Notes a use of `code` at `file` and `at`, when its uses are asked for.
    fn used(&mut self, code: &str, file: &str, at: Position, note: impl FnOnce() -> String) {
        if !self.wanted.contains(code) {
            return;
        }
        self.uses.entry(code.to_owned()).or_default().push(Related {
            file: file.to_owned(),
            line: at.line,
            column: at.column,
            note: note(),
        });
    }
}

/// What a use's keys are, for a note: `report site, keys "a, b"`.
fn site_note(keys: Option<&[String]>, through: Option<&str>) -> String {
    let through = through.map_or_else(String::new, |name| format!(" through {name}"));
    match keys {
        Some(keys) => format!("report site{through}, keys {:?}", keys.join(", ")),
        None => format!("report site{through}, keys not written as literals"),
    }
}

/// How many of each thing were read.
#[derive(Default, Clone, Copy)]
pub(crate) struct Tally {
    pub(crate) files: usize,
    pub(crate) rows: usize,
    pub(crate) pages: usize,
    pub(crate) sites: usize,
    /// Sites that name their code through a constant or an enumerator, the
    /// name resolved.
    pub(crate) named_sites: usize,
    pub(crate) definitions: usize,
    pub(crate) copies: usize,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.files += other.files;
        self.rows += other.rows;
        self.pages += other.pages;
        self.sites += other.sites;
        self.named_sites += other.named_sites;
        self.definitions += other.definitions;
        self.copies += other.copies;
    }

    /// `12 files (3 table rows, 1 page, 40 report sites, 0 Rust definitions)`.
    pub(crate) fn describe(self) -> String {
        let count = errcat_syntax::counted;
        let mut sites = count(self.sites + self.named_sites, "report site");
        if self.named_sites > 0 {
            sites.push_str(&format!(
                " ({} through a constant or an enumerator)",
                self.named_sites
            ));
        }
        let mut parts = vec![
            count(self.rows, "table row"),
            count(self.pages, "page"),
            sites,
            count(self.definitions, "Rust definition"),
        ];
        if self.copies > 0 {
            parts.push(count(self.copies, "catalog copy entry"));
        }
        format!("{} ({})", count(self.files, "file"), parts.join(", "))
    }
}

/// What `check --against` found.
pub(crate) struct Compared {
    /// In file and line order, errors and warnings (those that only
    /// `warn` asks for only with it).
    pub(crate) findings: Vec<Finding>,
    /// `cannot read PATH: why`, a line each: inputs that cannot be used.
    pub(crate) unreadable: Vec<String>,
    /// What was read, for the closing line.
    pub(crate) tally: Tally,
    /// Findings left out because a file had too many.
    pub(crate) left_out: LeftOut,
    /// For each code asked about, the sites, table rows and definitions
    /// that use it, in file order (at most [`USES_LISTED`], then a count).
    pub(crate) uses: HashMap<String, Vec<Related>>,
    /// The codes that table rows, Rust definitions and catalog copies define.
    pub(crate) defined: HashSet<String>,
}

/// Reads files `0..count` on [`threads`] threads, each file by `read`
/// into its thread's [`Partial`]. A panic while reading a file (a defect
/// of errcode) is caught and becomes an input error that names the file
/// (`name`), so that the run fails with exit status 2 and says which file
/// to report; the other files are read all the same. Each thread's
/// [`Partial`] notes the uses of the codes in `wanted`.
fn read_files(
    count: usize,
    wanted: &HashSet<String>,
    name: impl Fn(usize) -> String + Sync,
    read: impl Fn(&mut Partial, usize) + Sync,
) -> Vec<Partial> {
    let threads = threads().min(count.max(1));
    std::thread::scope(|scope| {
        let (name, read) = (&name, &read);
        let workers: Vec<_> = (0..threads)
            .map(|thread| {
                // A stack `syn` needs for the pieces of Rust it is given
                // (see `rust_source::STACK_SIZE`).
                std::thread::Builder::new()
                    .stack_size(errcat_catalog::rust_source::STACK_SIZE)
                    .spawn_scoped(scope, move || {
                        errcat_catalog::rust_source::mark_reading_stack();
                        let mut partial = Partial {
                            wanted: wanted.clone(),
                            ..Partial::default()
                        };
                        for index in (thread..count).step_by(threads) {
                            let outcome = catch_unwind(AssertUnwindSafe(|| read(&mut partial, index)));
                            if let Err(panic) = outcome {
                                let why = panic
                                    .downcast_ref::<&str>()
                                    .map(|why| (*why).to_owned())
                                    .or_else(|| panic.downcast_ref::<String>().cloned())
                                    .unwrap_or_default();
                                partial.unreadable.push((
                                    index,
                                    format!(
                                        "reading {} failed (a defect of errcode; please report it): {why}",
                                        name(index)
                                    ),
                                ));
                            }
                        }
                        partial
                    })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| {
                worker
                    .map_err(|error| format!("no reading thread could be started: {error}"))
                    .and_then(|worker| {
                        worker
                            .join()
                            .map_err(|_| "a reading thread failed".to_owned())
                    })
                    .unwrap_or_else(|why| {
                        let mut partial = Partial::default();
                        partial.unreadable.push((usize::MAX, why));
                        partial
                    })
            })
            .collect()
    })
}

/// Every disagreement between `catalogs` and the files `walk` found under
/// `roots`, and (with `warn`) the warnings, in file and line order.
///
/// Files are read and compared as they come, by a thread per core, and dropped:
/// memory holds the catalogs, one file per thread, and the report sites
/// that must wait for every file (names to resolve, codes no catalog has).
pub(crate) fn compare(
    catalogs: &[Checked],
    walk: &Walk,
    roots: &[PathBuf],
    warn: bool,
    wanted: &HashSet<String>,
) -> Compared {
    let mut entries = Entries::default();
    for checked in catalogs {
        for entry in &checked.catalog.entries {
            entries
                .codes
                .entry(entry.code.as_str())
                .or_insert((checked, entry));
        }
        for retired in &checked.catalog.retired {
            entries
                .retired
                .entry(retired.code.as_str())
                .or_insert((checked, retired));
        }
    }
    let mut unknown_kind = vec![0usize; roots.len()];
    let mut files: Vec<(&Walked, FileKind)> = Vec::new();
    for walked in &walk.files {
        match kind_of(&walked.path) {
            Some(kind) => files.push((walked, kind)),
            None => unknown_kind[walked.root] += 1,
        }
    }
    let partials = read_files(
        files.len(),
        wanted,
        |index| paths::name(&files[index].0.path),
        |partial, index| {
            let (walked, kind) = &files[index];
            partial.file(index, walked, kind, &entries, warn, walk.max_size);
        },
    );
    let mut out = Vec::new();
    let mut tally = Tally::default();
    let mut defined: HashMap<String, (usize, Definition)> = HashMap::new();
    let mut constants: HashMap<String, Vec<(usize, Named)>> = HashMap::new();
    let mut enumerators: HashMap<String, (usize, String)> = HashMap::new();
    let mut paged: HashMap<Language, (HashSet<String>, (usize, String))> = HashMap::new();
    let mut deferred = Vec::new();
    let mut failed: Vec<(usize, String)> = Vec::new();
    let mut missing_text: Vec<(usize, MissingText)> = Vec::new();
    let mut skipped: Vec<(usize, PathBuf, Skip)> = Vec::new();
    let mut left_out = LeftOut::default();
    let mut uses: HashMap<String, Vec<Related>> = HashMap::new();
    for partial in partials {
        for (code, places) in partial.uses {
            uses.entry(code).or_default().extend(places);
        }
        out.extend(partial.findings);
        tally.add(partial.tally);
        deferred.extend(partial.deferred);
        failed.extend(partial.unreadable);
        missing_text.extend(partial.missing_text);
        skipped.extend(partial.skipped);
        left_out.extend(partial.left_out);
        for (code, (index, definition)) in partial.defined {
            match defined.get(&code) {
                Some((first, _)) if *first < index => {}
                _ => {
                    defined.insert(code, (index, definition));
                }
            }
        }
        for (name, places) in partial.constants {
            constants.entry(name).or_default().extend(places);
        }
        for (name, (index, code)) in partial.enumerators {
            match enumerators.get(&name) {
                Some((first, _)) if *first < index => {}
                _ => {
                    enumerators.insert(name, (index, code));
                }
            }
        }
        for (language, (codes, first)) in partial.paged {
            let (all, earliest) = paged
                .entry(language)
                .or_insert_with(|| (HashSet::new(), first.clone()));
            all.extend(codes);
            if first.0 < earliest.0 {
                *earliest = first;
            }
        }
    }
    failed.sort();
    let unreadable: Vec<String> = walk
        .unreadable
        .iter()
        .cloned()
        .chain(failed.into_iter().map(|(_, why)| why))
        .collect();
    // Names resolved, each to its one code.
    let mut resolved_names: HashMap<&str, Resolution> = HashMap::new();
    let resolve = |name: &str| -> Resolution {
        if let Some((_, code)) = enumerators.get(name) {
            return Resolution::Enumerator(code.clone());
        }
        let Some(places) = constants.get(name) else {
            return Resolution::Unknown;
        };
        let codes: BTreeSet<&str> = places
            .iter()
            .map(|(_, named)| named.code.as_str())
            .collect();
        if codes.len() == 1 {
            return Resolution::Code(places[0].1.code.clone());
        }
        let mut places: Vec<&(usize, Named)> = places.iter().collect();
        places.sort_by_key(|(index, _)| *index);
        let mut seen = BTreeSet::new();
        let described: Vec<String> = places
            .iter()
            .filter(|(_, named)| seen.insert(named.code.clone()))
            .map(|(_, named)| format!("{} ({}:{})", named.code, named.file, named.line))
            .collect();
        Resolution::Ambiguous(described.join(", "))
    };
    let mut ambiguous_told: HashSet<String> = HashSet::new();
    deferred.sort_by(|a, b| (&a.file, a.at).cmp(&(&b.file, b.at)));
    for site in &deferred {
        let here = Here {
            file: &site.file,
            entries: &entries,
        };
        let (code, through, formats) = match &site.code {
            SiteCode::Literal(code) => (code.clone(), None, None),
            SiteCode::Named(path) => {
                let name = site.code.last();
                let resolution = resolved_names
                    .entry(name)
                    .or_insert_with(|| resolve(name))
                    .clone();
                match resolution {
                    Resolution::Code(code) => {
                        tally.named_sites += 1;
                        (code, Some(path.as_str()), None)
                    }
                    // An X-macro table's enumerator: the macro formats the
                    // row's template with the arguments that follow it. A
                    // call given the enumerator alone formats nothing
                    // (`SetLastError(ErrorCode::EE1018)`): nothing to count.
                    Resolution::Enumerator(code) => {
                        tally.named_sites += 1;
                        let formats = (site.after > 0).then_some(site.after);
                        (code, Some(path.as_str()), formats)
                    }
                    Resolution::Ambiguous(codes) => {
                        if ambiguous_told.insert(name.to_owned()) {
                            out.push(Finding::new(
                                site.file.clone(),
                                site.at.line,
                                site.at.column,
                                None,
                                Kind::AmbiguousConstant,
                                format!(
                                    "{path} names more than one code: {codes}; the report sites that use it are not checked"
                                ),
                            ));
                        }
                        continue;
                    }
                    Resolution::Unknown => continue,
                }
            }
        };
        let definition = match entries.get(code.as_str()) {
            Some((checked, entry)) => Some(catalog_definition(checked, entry)),
            None => defined.get(&code).map(|(_, definition)| definition.clone()),
        };
        let using = Use {
            code: &code,
            through,
            at: site.at,
            keys: site.keys.as_deref(),
            values: site.values.as_deref(),
            formats,
        };
        // A site that names its code with a literal was noted where it was
        // read; one that names it through a name is noted once resolved.
        if through.is_some() && wanted.contains(&code) {
            uses.entry(code.clone()).or_default().push(Related {
                file: site.file.clone(),
                line: site.at.line,
                column: site.at.column,
                note: site_note(site.keys.as_deref(), through),
            });
        }
        let mut found = Vec::new();
        here.site(&using, definition.as_ref(), warn, &mut found);
        allow(
            &site.file,
            site.allowed_at.unwrap_or(site.at),
            &site.allowed,
            found,
            &mut out,
        );
    }
    // A page's text the catalog lacks: once per code and field, at the
    // English page when there is one.
    missing_text.sort_by_key(|(index, missing)| (missing.language != Language::English, *index));
    let mut told: HashSet<(String, Field)> = HashSet::new();
    for (_, missing) in missing_text {
        if !told.insert((missing.code.clone(), missing.field)) {
            continue;
        }
        let mut finding = Finding::new(
            missing.file,
            missing.at.line,
            missing.at.column,
            Some(missing.code),
            Kind::CatalogMissingText,
            format!(
                "the catalog has no {field}, but the page has one: {:?}; `errcode update --adopt-pages` copies the English text into the catalog",
                excerpt(&missing.text),
                field = missing.field.name(),
            ),
        );
        finding.field = Some(missing.field);
        out.push(finding);
    }
    if warn {
        for (language, (codes, (_, first))) in &paged {
            for checked in catalogs {
                for entry in &checked.catalog.entries {
                    if !codes.contains(entry.code.as_str()) {
                        out.push(Finding::new(
                            checked.file_of(&entry.code),
                            entry.position.line,
                            entry.position.column,
                            Some(entry.code.clone()),
                            Kind::MissingPage,
                            format!(
                                "no {} reference page (pages such as {first} have the others)",
                                match language {
                                    Language::English => "English",
                                    Language::Chinese => "Chinese",
                                }
                            ),
                        ));
                    }
                }
            }
        }
        for (root, count) in unknown_kind.iter().enumerate() {
            if *count > 0 {
                out.push(Finding::new(
                    paths::name(&roots[root]),
                    0,
                    0,
                    None,
                    Kind::Skipped,
                    format!(
                        "{count} file{} of no known kind skipped (known: C and C++ sources, Rust, <CODE>-<Title>.md pages, error_code.json catalogs)",
                        plural(*count)
                    ),
                ));
            }
        }
    }
    let max_size = walk.max_size;
    let mut passed_over: Vec<(PathBuf, Skip)> = walk.skipped.clone();
    skipped.sort_by_key(|(index, _, _)| *index);
    passed_over.extend(skipped.into_iter().map(|(_, path, skip)| (path, skip)));
    for (path, skip) in passed_over {
        out.push(Finding::new(
            paths::name(&path),
            0,
            0,
            None,
            Kind::Skipped,
            format!("skipped: {}", skip.describe(max_size)),
        ));
    }
    out.sort();
    out.dedup();
    for places in uses.values_mut() {
        places.sort();
        if places.len() > USES_LISTED {
            let more = places.len() - USES_LISTED;
            places.truncate(USES_LISTED);
            places.push(Related {
                file: "...".to_owned(),
                line: 0,
                column: 0,
                note: format!("and {more} more {}", errcat_syntax::noun(more, "use")),
            });
        }
    }
    Compared {
        findings: out,
        unreadable,
        tally,
        left_out,
        uses,
        defined: defined.into_keys().collect(),
    }
}

#[derive(Clone)]
enum Resolution {
    /// A constant's one code.
    Code(String),
    /// The code an X-macro table's enumerator stands for.
    Enumerator(String),
    /// The codes, each with where it is given.
    Ambiguous(String),
    Unknown,
}

fn excerpt(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_owned(),
    }
}

/// A catalog entry as the definition its report sites are checked against.
fn catalog_definition(checked: &Checked, entry: &errcat::catalog::Entry) -> Definition {
    Definition {
        names: entry
            .names()
            .iter()
            .map(|name| (*name).to_owned())
            .collect(),
        template: entry.message.clone(),
        origin: Some((checked.file_of(&entry.code), entry.position.line)),
        copy: None,
    }
}

/// `found`, the findings of one row or site, those its allow comment (at
/// `at`) accepts marked so; the comment's kinds that name no kind, or
/// accept nothing, are findings of their own.
fn allow(
    file: &str,
    at: Position,
    allowed: &[String],
    found: Vec<Finding>,
    out: &mut Vec<Finding>,
) {
    if allowed.is_empty() {
        out.extend(found);
        return;
    }
    let mut used: HashSet<&str> = HashSet::new();
    for mut finding in found {
        let name = finding.kind.name();
        if let Some(kind) = allowed.iter().find(|kind| kind.as_str() == name) {
            used.insert(kind.as_str());
            // Kept, marked: SARIF shows it suppressed in the source.
            finding.allowed_at = Some(at.line);
        }
        out.push(finding);
    }
    for kind in allowed {
        if used.contains(kind.as_str()) {
            continue;
        }
        let (finding_kind, message) = match Kind::named(kind) {
            None => (
                Kind::UnknownAllow,
                format!(
                    "`errcode: allow({kind})` names no kind of finding (kinds: {})",
                    Kind::all_names().join(", ")
                ),
            ),
            Some(_) => (
                Kind::UnusedAllow,
                format!("`errcode: allow({kind})` accepts nothing here: remove it"),
            ),
        };
        out.push(Finding::new(
            file,
            at.line,
            at.column,
            None,
            finding_kind,
            message,
        ));
    }
}

/// A table's rows of one code after the first: the places, for one finding.
struct Duplicate {
    first: Position,
    again: Vec<Position>,
    count: usize,
    allowed: bool,
}

/// The C reader's visitor: rows and sites compared as they come.
struct CCompare<'p, 'h> {
    partial: &'p mut Partial,
    here: &'h Here<'h>,
    index: usize,
    warn: bool,
    seen: HashMap<(Layout, String), Duplicate>,
    found: Vec<Finding>,
}

impl Visitor for CCompare<'_, '_> {
    fn row(&mut self, row: Row) {
        self.partial.tally.rows += 1;
        let allowed_duplicate = row
            .allowed
            .iter()
            .any(|kind| kind == Kind::DuplicateRow.name());
        if let Some(duplicate) = self.seen.get_mut(&(row.layout, row.code.clone())) {
            if !allowed_duplicate {
                duplicate.count += 1;
                if duplicate.again.len() < 5 {
                    duplicate.again.push(row.at);
                }
            } else {
                duplicate.allowed = true;
            }
            return;
        }
        self.seen.insert(
            (row.layout, row.code.clone()),
            Duplicate {
                first: row.at,
                again: Vec::new(),
                count: 0,
                allowed: false,
            },
        );
        let layout = match row.layout {
            Layout::StructArray => "table row",
            Layout::XMacro => "X-macro row",
        };
        let names = row.names.join(", ");
        self.partial.used(&row.code, self.here.file, row.at, || {
            format!("{layout}, names {names:?}")
        });
        let mut found = Vec::new();
        self.here.table_row(&row, &mut found);
        allow(
            self.here.file,
            row.allowed_at.unwrap_or(row.at),
            &row.allowed,
            found,
            &mut self.found,
        );
        if let Some(enumerator) = &row.enumerator {
            self.partial
                .enumerators
                .entry(enumerator.clone())
                .or_insert((self.index, row.code.clone()));
        }
        define(
            &mut self.partial.defined,
            self.index,
            &row.code,
            row.names.clone(),
            &row.message,
            Some((self.here.file.to_owned(), row.at.line)),
        );
    }

    fn site(&mut self, site: Site) {
        if let SiteCode::Literal(code) = &site.code {
            self.partial.tally.sites += 1;
            self.partial.used(code, self.here.file, site.at, || {
                site_note(site.keys.as_deref(), None)
            });
            if let Some((checked, entry)) = self.here.entries.get(code.as_str()) {
                let definition = catalog_definition(checked, entry);
                let using = Use {
                    code,
                    through: None,
                    at: site.at,
                    keys: site.keys.as_deref(),
                    values: site.values.as_deref(),
                    formats: None,
                };
                let mut found = Vec::new();
                self.here
                    .site(&using, Some(&definition), self.warn, &mut found);
                allow(
                    self.here.file,
                    site.allowed_at.unwrap_or(site.at),
                    &site.allowed,
                    found,
                    &mut self.found,
                );
                return;
            }
        }
        self.partial.deferred.push(Deferred {
            file: self.here.file.to_owned(),
            code: site.code,
            at: site.at,
            keys: site.keys,
            values: site.values,
            after: site.after,
            allowed: site.allowed,
            allowed_at: site.allowed_at,
        });
    }

    fn constant(&mut self, constant: Constant) {
        self.partial
            .constants
            .entry(constant.name)
            .or_default()
            .push((
                self.index,
                Named {
                    code: constant.code,
                    file: self.here.file.to_owned(),
                    line: constant.at.line,
                },
            ));
    }

    fn problem(&mut self, problem: Problem) {
        let kind = match problem {
            Problem::TooDeep(_) => Kind::TooDeep,
            Problem::StrayAllow(_) => Kind::StrayAllow,
            _ => Kind::Unclosed,
        };
        let at = problem.at();
        self.found.push(Finding::new(
            self.here.file,
            at.line,
            at.column,
            None,
            kind,
            problem.describe(),
        ));
    }
}

/// Notes that file `index` defines `code`: by a Rust definition (`copy`
/// `None`), or by a table row or catalog copy at `copy`.
fn define(
    defined: &mut HashMap<String, (usize, Definition)>,
    index: usize,
    code: &str,
    names: Vec<String>,
    template: &str,
    copy: Option<(String, u32)>,
) {
    match defined.get(code) {
        Some((first, _)) if *first <= index => {}
        _ => {
            defined.insert(
                code.to_owned(),
                (
                    index,
                    Definition {
                        names,
                        template: template.to_owned(),
                        origin: None,
                        copy,
                    },
                ),
            );
        }
    }
}

impl Partial {
    /// Reads file `index` and compares it, keeping what the other files need.
    fn file(
        &mut self,
        index: usize,
        walked: &Walked,
        kind: &FileKind,
        entries: &Entries,
        warn: bool,
        max_size: u64,
    ) {
        let bytes = match crate::walk::read_file(&walked.path, max_size) {
            Ok(bytes) => bytes,
            // A file given that cannot be read, or a file too large for
            // the memory left, is an input error; a file in a folder that
            // cannot be read is passed over.
            Err(failure) => {
                match failure.skip().filter(|_| !walked.given) {
                    Some(skip) => self.skipped.push((index, walked.path.clone(), skip)),
                    None => self
                        .unreadable
                        .push((index, failure.describe(&walked.path, max_size))),
                }
                return;
            }
        };
        let file = paths::name(&walked.path);
        let here = Here {
            file: &file,
            entries,
        };
        let mut found: Vec<Finding> = Vec::new();
        match kind {
            FileKind::C => {
                self.tally.files += 1;
                let mut visit = CCompare {
                    partial: self,
                    here: &here,
                    index,
                    warn,
                    seen: HashMap::new(),
                    found: Vec::new(),
                };
                read_c_with(&bytes, &mut visit);
                let mut duplicates: Vec<((Layout, String), Duplicate)> = visit
                    .seen
                    .drain()
                    .filter(|(_, duplicate)| duplicate.count > 0 || duplicate.allowed)
                    .collect();
                duplicates.sort_by_key(|(_, duplicate)| duplicate.first);
                found = std::mem::take(&mut visit.found);
                for ((_, code), duplicate) in duplicates {
                    if duplicate.count == 0 {
                        continue;
                    }
                    let lines: Vec<String> = duplicate
                        .again
                        .iter()
                        .map(|at| at.line.to_string())
                        .collect();
                    let more = duplicate.count - duplicate.again.len();
                    let again = if more > 0 {
                        format!("{} and {more} more", lines.join(", "))
                    } else {
                        lines.join(", ")
                    };
                    let times = duplicate.count + 1;
                    let mut finding = here.finding(
                        duplicate.again[0],
                        &code,
                        Kind::DuplicateRow,
                        format!(
                            "the table lists the code {times} times: first at {file}:{}, again at line{} {again}",
                            duplicate.first.line,
                            plural(duplicate.count),
                        ),
                    );
                    finding.other = Some((file.clone(), duplicate.first.line));
                    found.push(finding);
                }
            }
            FileKind::Rust => {
                self.tally.files += 1;
                let text = files::text(&bytes);
                let mut visit = rust::RustCompare {
                    partial: self,
                    here: &here,
                    index,
                    warn,
                    found: Vec::new(),
                    left_out: (0, 0),
                };
                let read = read_rust_with(&text, &mut visit);
                let (errors, warnings) = visit.left_out;
                found = visit.found;
                if errors + warnings > 0 {
                    self.left_out.add(&file, errors, warnings);
                }
                if let Err(error) = read {
                    found.push(Finding::new(
                        file.clone(),
                        error.at.line,
                        error.at.column,
                        None,
                        Kind::Unparsed,
                        format!(
                            "Rust that does not parse, so its definitions and report sites are not checked: {}",
                            error.message
                        ),
                    ));
                }
            }
            FileKind::Page(code) => {
                self.tally.files += 1;
                self.tally.pages += 1;
                // Read as `update` reads it: BOM set apart, CRLF as LF.
                let page = errcat::catalog::read_page(
                    code,
                    errcat_catalog::WrittenText::read(&bytes).text(),
                );
                if let Some(language) = page.language {
                    let (codes, first) = self
                        .paged
                        .entry(language)
                        .or_insert_with(|| (HashSet::new(), (index, file.clone())));
                    codes.insert(page.code.clone());
                    if index < first.0 {
                        *first = (index, file.clone());
                    }
                }
                let mut missing = Vec::new();
                here.page(&page, &mut found, &mut missing);
                self.missing_text
                    .extend(missing.into_iter().map(|missing| (index, missing)));
            }
            FileKind::Json => {
                let Some(catalog) = files::json_catalog(&bytes) else {
                    return;
                };
                self.tally.files += 1;
                self.tally.copies += catalog.entries.len();
                here.json(&catalog, &mut found);
                for entry in &catalog.entries {
                    let names = entry
                        .names()
                        .iter()
                        .map(|name| (*name).to_owned())
                        .collect();
                    define(
                        &mut self.defined,
                        index,
                        &entry.code,
                        names,
                        &entry.message,
                        Some((file.clone(), entry.position.line)),
                    );
                }
            }
        }
        if found.len() > KEPT_PER_FILE {
            let (mut errors, mut warnings) = (0, 0);
            for finding in found.drain(KEPT_PER_FILE..) {
                if finding.is_error() {
                    errors += 1;
                } else {
                    warnings += 1;
                }
            }
            self.left_out.add(&file, errors, warnings);
        }
        self.findings.extend(found);
    }
}
