//! `check --against PATH`: the other sources of a catalog's codes (C
//! tables, reference pages, report sites, Rust definitions, other copies
//! of the catalog), read from files and folders, and every place where
//! they disagree with the catalogs.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use errcode::catalog::cann_page::{Language, numbered_items, template_line};
use errcode::catalog::{Catalog, Entry, Position, cann_page, load_bytes};

use crate::c_source::{CFile, Layout, read_c};
use crate::finding::{Field, Finding, Kind};
use crate::page_source::{Page, read_page};
use crate::rust_source::{RustFile, RustSyntaxError, read_rust};
use crate::source::plural;

/// Extensions of C and C++ sources and headers.
const C_EXTENSIONS: &[&str] = &[
    "c", "cc", "cpp", "cxx", "c++", "h", "hh", "hpp", "hxx", "h++", "inl", "ipp", "tpp",
];

/// What a file holds, by its kind.
pub(crate) enum Content {
    C(CFile),
    Rust(Result<RustFile, RustSyntaxError>),
    Page(Page),
    /// Another `error_code.json`.
    Json(Catalog),
}

/// One file read.
pub(crate) struct SourceFile {
    pub(crate) path: String,
    pub(crate) content: Content,
}

/// Every source under the `--against` paths.
#[derive(Default)]
pub(crate) struct Sources {
    pub(crate) files: Vec<SourceFile>,
    /// `cannot read PATH: why`, a line each.
    pub(crate) unreadable: Vec<String>,
}

impl Sources {
    /// Reads every file under `paths` (folders recursively, hidden folders
    /// and symbolic links to folders left out), in name order.
    pub(crate) fn read(paths: &[PathBuf]) -> Sources {
        let mut sources = Sources::default();
        for root in paths {
            let mut files = Vec::new();
            if let Err(why) = walk(root, &mut files) {
                sources.unreadable.push(why);
                continue;
            }
            for path in files {
                match read_file(&path) {
                    Ok(Some(content)) => sources.files.push(SourceFile {
                        path: path.display().to_string(),
                        content,
                    }),
                    Ok(None) => {}
                    Err(why) => sources.unreadable.push(why),
                }
            }
        }
        sources
    }
}

fn walk(path: &Path, files: &mut Vec<PathBuf>) -> Result<(), String> {
    let metadata = std::fs::metadata(path)
        .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    if !metadata.is_dir() {
        files.push(path.to_path_buf());
        return Ok(());
    }
    let mut entries: Vec<(PathBuf, std::fs::FileType)> = std::fs::read_dir(path)
        .and_then(|entries| {
            entries
                .map(|entry| entry.and_then(|entry| Ok((entry.path(), entry.file_type()?))))
                .collect()
        })
        .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    for (entry, kind) in entries {
        let hidden = entry
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with('.'));
        if kind.is_dir() {
            if !hidden {
                walk(&entry, files)?;
            }
        } else if kind.is_file() || (kind.is_symlink() && entry.is_file()) {
            files.push(entry);
        }
    }
    Ok(())
}

/// The kinds of files, by their names.
enum FileKind {
    C,
    Rust,
    /// A `<CODE>-<Title>.md` page, with the code of its name.
    Page(String),
    /// A `.json` file, a catalog if it reads as one.
    Json,
}

/// The kind of `path` by its name; `None` for a file of no known kind.
fn kind_of(path: &Path) -> Option<FileKind> {
    let name = path.file_name()?.to_string_lossy();
    if let Some((code, _)) = cann_page::parse_page_file_name(&name) {
        return Some(FileKind::Page(code.to_owned()));
    }
    let extension = path.extension()?.to_string_lossy().to_ascii_lowercase();
    match extension.as_str() {
        "rs" => Some(FileKind::Rust),
        "json" => Some(FileKind::Json),
        extension if C_EXTENSIONS.contains(&extension) => Some(FileKind::C),
        _ => None,
    }
}

/// The file's content by its kind; `None` for a file of no known kind (a
/// `.json` file that is not a catalog included).
fn read_file(path: &Path) -> Result<Option<Content>, String> {
    let Some(kind) = kind_of(path) else {
        return Ok(None);
    };
    let bytes =
        std::fs::read(path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    // Sources in other encodings keep their ASCII (codes, keys) intact.
    let text = || String::from_utf8_lossy(&bytes);
    Ok(Some(match kind {
        FileKind::Json => {
            let loaded = load_bytes(&bytes);
            let catalog = !loaded.catalog.entries.is_empty()
                && !loaded
                    .diagnostics
                    .iter()
                    .any(|diagnostic| diagnostic.is_error() && diagnostic.entry.is_none());
            if !catalog {
                return Ok(None);
            }
            Content::Json(loaded.catalog)
        }
        FileKind::Page(code) => Content::Page(read_page(&code, &text())),
        FileKind::Rust => Content::Rust(read_rust(&text())),
        FileKind::C => Content::C(read_c(&text())),
    }))
}

/// A catalog being checked, with the name its findings give it.
pub(crate) struct Checked<'a> {
    pub(crate) file: String,
    pub(crate) catalog: &'a Catalog,
}

/// A definition of a code, for its report sites: its names and template,
/// and where it is (a catalog entry; `None` for a table row or Rust
/// definition, whose own row is reported when no catalog has the code).
#[derive(Clone)]
struct Definition {
    names: Vec<String>,
    template: String,
    origin: Option<(String, u32)>,
}

/// A report site whose code no catalog defines, kept until every file is
/// read: a table or Rust definition elsewhere may define it.
struct Deferred {
    file: String,
    code: String,
    at: Position,
    keys: Option<Vec<String>>,
    values: Option<Vec<Option<String>>>,
}

/// What one thread found in its share of the files.
#[derive(Default)]
struct Partial {
    findings: Vec<Finding>,
    deferred: Vec<Deferred>,
    /// Codes defined by table rows, Rust definitions and catalog copies, by
    /// the index of the first file that defines each.
    defined: HashMap<String, (usize, Definition)>,
    /// Per language, the codes with a page, and the first page's index and path.
    paged: HashMap<Language, (HashSet<String>, (usize, String))>,
    tally: Tally,
    unreadable: Vec<(usize, String)>,
    /// The roots of the files that turned out to be of no known kind.
    skipped: Vec<usize>,
}

/// How many of each thing were read.
#[derive(Default, Clone, Copy)]
struct Tally {
    files: usize,
    rows: usize,
    pages: usize,
    sites: usize,
    definitions: usize,
    copies: usize,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.files += other.files;
        self.rows += other.rows;
        self.pages += other.pages;
        self.sites += other.sites;
        self.definitions += other.definitions;
        self.copies += other.copies;
    }

    /// `12 files (3 table rows, 1 page, 40 report sites, 0 Rust definitions)`.
    fn describe(self) -> String {
        let count = |count: usize, what: &str| format!("{count} {what}{}", plural(count));
        let mut parts = vec![
            count(self.rows, "table row"),
            count(self.pages, "page"),
            count(self.sites, "report site"),
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
    /// In file and line order; warnings only with `warn`.
    pub(crate) findings: Vec<Finding>,
    /// `cannot read PATH: why`, a line each.
    pub(crate) unreadable: Vec<String>,
    /// What was read, for the closing line.
    pub(crate) tally: String,
}

/// How many threads read files: the machines this runs on have two cores.
const THREADS: usize = 2;

/// Every disagreement between `catalogs` and the sources under `paths`,
/// and (with `warn`) the warnings, in file and line order.
///
/// Files are read and compared as they come, by two threads, and dropped:
/// memory holds the catalogs, one file per thread, and the report sites of
/// codes no catalog has (until the tables and Rust definitions that may
/// define them are all read).
pub(crate) fn compare(catalogs: &[Checked], paths: &[PathBuf], warn: bool) -> Compared {
    let mut entries: HashMap<&str, (&Checked, &Entry)> = HashMap::new();
    for checked in catalogs {
        for entry in &checked.catalog.entries {
            entries
                .entry(entry.code.as_str())
                .or_insert((checked, entry));
        }
    }
    let mut unreadable = Vec::new();
    let mut files: Vec<(PathBuf, usize)> = Vec::new();
    let mut skipped: Vec<(String, usize)> = Vec::new();
    for root in paths {
        let mut found = Vec::new();
        if let Err(why) = walk(root, &mut found) {
            unreadable.push(why);
            continue;
        }
        let before = found.len();
        found.retain(|path| kind_of(path).is_some());
        skipped.push((root.display().to_string(), before - found.len()));
        files.extend(found.into_iter().map(|path| (path, skipped.len() - 1)));
    }
    let partials: Vec<Partial> = std::thread::scope(|scope| {
        let entries = &entries;
        let files = &files;
        let workers: Vec<_> = (0..THREADS)
            .map(|thread| {
                scope.spawn(move || {
                    let mut partial = Partial::default();
                    for index in (thread..files.len()).step_by(THREADS) {
                        let (path, root) = &files[index];
                        if !partial.file(index, path, entries, warn) {
                            partial.skipped.push(*root);
                        }
                    }
                    partial
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| worker.join().unwrap_or_default())
            .collect()
    });
    let mut out = Vec::new();
    let mut tally = Tally::default();
    let mut defined: HashMap<String, (usize, Definition)> = HashMap::new();
    let mut paged: HashMap<Language, (HashSet<String>, (usize, String))> = HashMap::new();
    let mut deferred = Vec::new();
    let mut failed: Vec<(usize, String)> = Vec::new();
    for partial in partials {
        out.extend(partial.findings);
        tally.add(partial.tally);
        deferred.extend(partial.deferred);
        failed.extend(partial.unreadable);
        for root in partial.skipped {
            skipped[root].1 += 1;
        }
        for (code, (index, definition)) in partial.defined {
            match defined.get(&code) {
                Some((first, _)) if *first < index => {}
                _ => {
                    defined.insert(code, (index, definition));
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
    unreadable.extend(failed.into_iter().map(|(_, why)| why));
    for site in &deferred {
        let here = Here {
            file: &site.file,
            entries: &entries,
        };
        let definition = defined.get(&site.code).map(|(_, definition)| definition);
        let using = Use {
            code: &site.code,
            at: site.at,
            keys: site.keys.as_deref(),
            values: site.values.as_deref(),
        };
        here.site(&using, definition, warn, &mut out);
    }
    if warn {
        for (language, (codes, (_, first))) in &paged {
            for checked in catalogs {
                for entry in &checked.catalog.entries {
                    if !codes.contains(entry.code.as_str()) {
                        out.push(Finding {
                            file: checked.file.clone(),
                            line: entry.position.line,
                            column: entry.position.column,
                            code: Some(entry.code.clone()),
                            kind: Kind::MissingPage,
                            message: format!(
                                "no {} reference page (pages such as {first} have the others)",
                                match language {
                                    Language::English => "English",
                                    Language::Chinese => "Chinese",
                                }
                            ),
                            field: None,
                            other: None,
                        });
                    }
                }
            }
        }
        for (root, skipped) in &skipped {
            if *skipped > 0 {
                out.push(Finding {
                    file: root.clone(),
                    line: 0,
                    column: 0,
                    code: None,
                    kind: Kind::Skipped,
                    message: format!(
                        "{skipped} file{} of no known kind skipped (known: C and C++ sources, Rust, <CODE>-<Title>.md pages, error_code.json catalogs)",
                        plural(*skipped)
                    ),
                    field: None,
                    other: None,
                });
            }
        }
    }
    if !warn {
        out.retain(Finding::is_error);
    }
    out.sort();
    out.dedup();
    Compared {
        findings: out,
        unreadable,
        tally: tally.describe(),
    }
}

impl Partial {
    /// Reads file `index` and compares it, keeping what the other files
    /// need; `false` for a file of no known kind.
    fn file(
        &mut self,
        index: usize,
        path: &Path,
        entries: &HashMap<&str, (&Checked, &Entry)>,
        warn: bool,
    ) -> bool {
        let content = match read_file(path) {
            Ok(Some(content)) => content,
            Ok(None) => return false,
            Err(why) => {
                self.unreadable.push((index, why));
                return true;
            }
        };
        let file = path.display().to_string();
        let here = Here {
            file: &file,
            entries,
        };
        let out = &mut self.findings;
        self.tally.files += 1;
        let mut define =
            |code: &str, names: Vec<String>, template: &str| match self.defined.get(code) {
                Some((first, _)) if *first <= index => {}
                _ => {
                    self.defined.insert(
                        code.to_owned(),
                        (
                            index,
                            Definition {
                                names,
                                template: template.to_owned(),
                                origin: None,
                            },
                        ),
                    );
                }
            };
        let mut sites: Vec<Use> = Vec::new();
        match &content {
            Content::C(c) => {
                self.tally.rows += c.rows.len();
                self.tally.sites += c.sites.len();
                here.table(c, out);
                for row in &c.rows {
                    define(&row.code, row.names.clone(), &row.message);
                }
                sites.extend(c.sites.iter().map(|site| Use {
                    code: &site.code,
                    at: site.at,
                    keys: site.keys.as_deref(),
                    values: site.values.as_deref(),
                }));
            }
            Content::Rust(Ok(rust)) => {
                self.tally.definitions += rust.definitions.len();
                self.tally.sites += rust.sites.len();
                here.rust(rust, out);
                for definition in &rust.definitions {
                    let template = definition.template().unwrap_or_default();
                    define(&definition.code.value, definition.arg_names().0, &template);
                }
                sites.extend(rust.sites.iter().map(|site| Use {
                    code: &site.code.value,
                    at: Position::new(site.code.at.line, site.code.at.column),
                    keys: site.keys.as_deref(),
                    values: site.values.as_deref(),
                }));
            }
            Content::Rust(Err(error)) => out.push(Finding {
                file: file.clone(),
                line: error.at.line,
                column: error.at.column,
                code: None,
                kind: Kind::Unparsed,
                message: format!(
                    "Rust that does not parse, so its definitions and report sites are not checked: {}",
                    error.message
                ),
                field: None,
                other: None,
            }),
            Content::Page(page) => {
                self.tally.pages += 1;
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
                here.page(page, out);
            }
            Content::Json(catalog) => {
                self.tally.copies += catalog.entries.len();
                here.json(catalog, out);
                for entry in &catalog.entries {
                    let names = entry
                        .names()
                        .iter()
                        .map(|name| (*name).to_owned())
                        .collect();
                    define(&entry.code, names, &entry.message);
                }
            }
        }
        for site in sites {
            match entries.get(site.code) {
                Some((checked, entry)) => {
                    let definition = Definition {
                        names: entry
                            .names()
                            .iter()
                            .map(|name| (*name).to_owned())
                            .collect(),
                        template: entry.message.clone(),
                        origin: Some((checked.file.clone(), entry.position.line)),
                    };
                    here.site(&site, Some(&definition), warn, out);
                }
                None => self.deferred.push(Deferred {
                    file: file.clone(),
                    code: site.code.to_owned(),
                    at: site.at,
                    keys: site.keys.map(<[String]>::to_vec),
                    values: site.values.map(<[Option<String>]>::to_vec),
                }),
            }
        }
        true
    }
}

/// A report site, of C or Rust.
struct Use<'a> {
    code: &'a str,
    at: Position,
    keys: Option<&'a [String]>,
    values: Option<&'a [Option<String>]>,
}

/// The file being compared, and the catalogs' entries.
struct Here<'a> {
    file: &'a str,
    entries: &'a HashMap<&'a str, (&'a Checked<'a>, &'a Entry)>,
}

/// A text as a finding quotes it: `"text"` (escaped), or `none`.
fn quote(text: Option<&str>) -> String {
    text.map_or_else(|| "none".to_owned(), |text| format!("{text:?}"))
}

/// `"N/A"` and absence are the same.
fn present(text: Option<&str>) -> Option<&str> {
    text.filter(|text| *text != errcode::catalog::NOT_APPLICABLE)
}

impl Here<'_> {
    fn finding(&self, at: Position, code: &str, kind: Kind, message: String) -> Finding {
        Finding {
            file: self.file.to_owned(),
            line: at.line,
            column: at.column,
            code: Some(code.to_owned()),
            kind,
            message,
            field: None,
            other: None,
        }
    }

    /// `field differs: "catalog" vs "this" (CATALOG:LINE)` when they differ.
    #[allow(clippy::too_many_arguments)]
    fn differ(
        &self,
        out: &mut Vec<Finding>,
        at: Position,
        code: &str,
        field: Field,
        catalog: Option<&str>,
        this: Option<&str>,
        same: bool,
    ) {
        if same {
            return;
        }
        let Some((checked, entry)) = self.entries.get(code) else {
            return;
        };
        let mut finding = self.finding(
            at,
            code,
            Kind::Disagrees,
            format!(
                "{} differs: {} vs {} ({}:{})",
                field.name(),
                quote(catalog),
                quote(this),
                checked.file,
                entry.position.line
            ),
        );
        finding.field = Some(field);
        finding.other = Some((checked.file.clone(), entry.position.line));
        out.push(finding);
    }

    fn entry(&self, code: &str) -> Option<&Entry> {
        self.entries.get(code).map(|(_, entry)| *entry)
    }

    fn not_in_catalog(&self, out: &mut Vec<Finding>, at: Position, code: &str, what: &str) {
        out.push(self.finding(
            at,
            code,
            Kind::NotInCatalog,
            format!("{what} of a code that no catalog defines"),
        ));
    }

    fn table(&self, c: &CFile, out: &mut Vec<Finding>) {
        let mut seen: HashMap<(Layout, &str), u32> = HashMap::new();
        for row in &c.rows {
            if let Some(first) = seen.insert((row.layout, &row.code), row.at.line) {
                let mut finding = self.finding(
                    row.at,
                    &row.code,
                    Kind::DuplicateRow,
                    format!(
                        "the table lists the code twice (first at {}:{first})",
                        self.file
                    ),
                );
                finding.other = Some((self.file.to_owned(), first));
                // The first row counts; keep the first line as the one seen.
                seen.insert((row.layout, &row.code), first);
                out.push(finding);
                continue;
            }
            let Some(entry) = self.entry(&row.code) else {
                self.not_in_catalog(out, row.at, &row.code, "table row");
                continue;
            };
            let code = row.code.as_str();
            self.differ(
                out,
                row.message_at,
                code,
                Field::Message,
                Some(&entry.message),
                Some(&row.message),
                entry.message == row.message,
            );
            let names = entry.names();
            let catalog_names = names.join(", ");
            let row_names = row.names.join(", ");
            self.differ(
                out,
                row.names_at,
                code,
                Field::Arglist,
                Some(&catalog_names),
                Some(&row_names),
                names == row.names,
            );
            for (field, catalog, copy) in [
                (Field::Cause, entry.cause(), &row.cause),
                (Field::Solution, entry.solution(), &row.solution),
            ] {
                if let Some((text, at)) = copy {
                    let this = present(text.as_deref());
                    self.differ(
                        out,
                        *at,
                        code,
                        field,
                        catalog,
                        this,
                        present(catalog) == this,
                    );
                }
            }
        }
    }

    fn rust(&self, rust: &RustFile, out: &mut Vec<Finding>) {
        for definition in &rust.definitions {
            let code = definition.code.value.as_str();
            let at = |at: crate::rust_source::At| Position::new(at.line, at.column);
            let Some(entry) = self.entry(code) else {
                // A crate may define codes of its own: a warning, not an error.
                out.push(self.finding(
                    at(definition.code.at),
                    code,
                    Kind::RustOnlyCode,
                    format!(
                        "Rust definition {} of a code that no catalog defines",
                        definition.item
                    ),
                ));
                continue;
            };
            if let Some(title) = &definition.title {
                let catalog = entry.title.as_deref();
                self.differ(
                    out,
                    at(title.at),
                    code,
                    Field::Title,
                    catalog,
                    Some(&title.value),
                    catalog == Some(title.value.as_str()),
                );
            }
            if let (Some(message), Some(template)) = (&definition.message, definition.template()) {
                self.differ(
                    out,
                    at(message.at),
                    code,
                    Field::Message,
                    Some(&entry.message),
                    Some(&template),
                    entry.message == template,
                );
            }
            let (names, _) = definition.arg_names();
            let catalog_names = entry.names();
            let place = definition
                .args
                .as_ref()
                .map_or(definition.at, |args| args.at);
            self.differ(
                out,
                at(place),
                code,
                Field::Arglist,
                Some(&catalog_names.join(", ")),
                Some(&names.join(", ")),
                catalog_names == names,
            );
            for (field, catalog, copy) in [
                (Field::Cause, entry.cause(), &definition.cause),
                (Field::Solution, entry.solution(), &definition.solution),
            ] {
                let this = present(copy.as_ref().map(|text| text.value.as_str()));
                let place = copy.as_ref().map_or(definition.at, |text| text.at);
                self.differ(
                    out,
                    at(place),
                    code,
                    field,
                    catalog,
                    this,
                    present(catalog) == this,
                );
            }
        }
    }

    fn page(&self, page: &Page, out: &mut Vec<Finding>) {
        let code = page.code.as_str();
        let Some(entry) = self.entry(code) else {
            self.not_in_catalog(out, page.at, code, "reference page");
            return;
        };
        if let Some(title) = &page.title {
            // `# E61501` is the page of an entry without a title.
            let catalog = entry
                .title
                .as_deref()
                .map(str::trim)
                .filter(|t| !t.is_empty());
            let this = Some(title.text.as_str()).filter(|t| !t.is_empty());
            self.differ(
                out,
                title.at,
                code,
                Field::Title,
                catalog,
                this,
                catalog == this,
            );
        }
        let catalog_template = template_line(&entry.message);
        match &page.template {
            Some(template) => {
                let this = template_line(&template.text);
                self.differ(
                    out,
                    template.at,
                    code,
                    Field::Message,
                    Some(&catalog_template),
                    Some(&this),
                    catalog_template == this,
                );
            }
            None => self.differ(
                out,
                page.at,
                code,
                Field::Message,
                Some(&catalog_template),
                None,
                false,
            ),
        }
        let Some(language) = page.language else {
            return;
        };
        for (field, catalog, copy) in [
            (Field::Cause, entry.cause(), &page.cause),
            (Field::Solution, entry.solution(), &page.solution),
        ] {
            let catalog = present(catalog);
            let this = present(copy.as_ref().map(|text| text.text.as_str()));
            let same = match language {
                Language::English => catalog.map(one_line) == this.map(one_line),
                // A Chinese page holds a translation, whose words cannot be
                // compared; but a section the catalog has and the page lacks
                // (or the other way round) is drift in any language.
                Language::Chinese => catalog.is_some() == this.is_some(),
            };
            let at = copy.as_ref().map_or(page.at, |text| text.at);
            self.differ(out, at, code, field, catalog, this, same);
        }
    }

    fn json(&self, catalog: &Catalog, out: &mut Vec<Finding>) {
        for copy in &catalog.entries {
            let code = copy.code.as_str();
            let at = copy.position;
            let Some(entry) = self.entry(code) else {
                self.not_in_catalog(out, at, code, "catalog entry");
                continue;
            };
            let title = copy.title.as_deref();
            self.differ(
                out,
                at,
                code,
                Field::Title,
                entry.title.as_deref(),
                title,
                entry.title.as_deref() == title,
            );
            self.differ(
                out,
                at,
                code,
                Field::Message,
                Some(&entry.message),
                Some(&copy.message),
                entry.message == copy.message,
            );
            self.differ(
                out,
                at,
                code,
                Field::Arglist,
                Some(&entry.names().join(", ")),
                Some(&copy.names().join(", ")),
                entry.names() == copy.names(),
            );
            self.differ(
                out,
                at,
                code,
                Field::Cause,
                entry.cause(),
                copy.cause(),
                present(entry.cause()) == present(copy.cause()),
            );
            self.differ(
                out,
                at,
                code,
                Field::Solution,
                entry.solution(),
                copy.solution(),
                present(entry.solution()) == present(copy.solution()),
            );
        }
    }

    fn site(
        &self,
        site: &Use,
        definition: Option<&Definition>,
        warn: bool,
        out: &mut Vec<Finding>,
    ) {
        let code = site.code;
        let Some(definition) = definition else {
            if !exempt(code) {
                out.push(
                    self.finding(
                        site.at,
                        code,
                        Kind::UndefinedCode,
                        "reported here, but no catalog, table or Rust definition defines the code"
                            .to_owned(),
                    ),
                );
            }
            return;
        };
        let names = &definition.names;
        let template = definition.template.as_str();
        let origin = definition
            .origin
            .as_ref()
            .map(|(file, line)| (file.as_str(), *line));
        let Some(keys) = site.keys else { return };
        let place = origin.map_or_else(String::new, |(file, line)| format!(" ({file}:{line})"));
        let wanted: HashSet<&str> = names.iter().map(String::as_str).collect();
        let given: HashSet<&str> = keys.iter().map(String::as_str).collect();
        if wanted != given {
            let mut missing: Vec<&str> = names
                .iter()
                .map(String::as_str)
                .filter(|name| !given.contains(name))
                .collect();
            missing.dedup();
            let extra: Vec<&str> = keys
                .iter()
                .map(String::as_str)
                .filter(|key| !wanted.contains(key))
                .collect();
            let mut what = Vec::new();
            if !missing.is_empty() {
                what.push(format!("missing {}", missing.join(", ")));
            }
            if !extra.is_empty() {
                what.push(format!("not in Arglist: {}", extra.join(", ")));
            }
            let mut finding = self.finding(
                site.at,
                code,
                Kind::KeysDiffer,
                format!(
                    "keys differ from Arglist: {:?} vs {:?}{place}; {}",
                    names.join(", "),
                    keys.join(", "),
                    what.join("; ")
                ),
            );
            finding.field = Some(Field::Arglist);
            finding.other = origin.map(|(file, line)| (file.to_owned(), line));
            out.push(finding);
        }
        let Some(values) = site.values else { return };
        if values.len() != keys.len() {
            out.push(self.finding(
                site.at,
                code,
                Kind::ValueCount,
                format!(
                    "{} key{} but {} value{}",
                    keys.len(),
                    plural(keys.len()),
                    values.len(),
                    plural(values.len())
                ),
            ));
            return;
        }
        if warn {
            crate::text_rules::double_period(
                self.file, site.at, code, template, names, keys, values, out,
            );
        }
    }
}

/// Codes a site may use without a definition: internal (`…9999`),
/// parameter-check (`…8888`) and the user-defined range `EU0000`–`EU9999`.
fn exempt(code: &str) -> bool {
    code.ends_with("9999") || code.ends_with("8888") || code.starts_with("EU")
}

/// A cause or solution compared across its two forms: a numbered list in
/// one line or one item per line. Spacing aside (runs of spaces, and a
/// missing space after an item's number, which `--warn` reports in the
/// catalog), every word and sign must be the same.
fn one_line(text: &str) -> String {
    let spaced = match numbered_items(text) {
        Some(items) => items
            .iter()
            .map(|item| match item.split_once('.') {
                Some((number, rest)) => format!("{number}. {}", rest.trim()),
                None => (*item).to_owned(),
            })
            .collect::<Vec<_>>()
            .join(" "),
        None => text.to_owned(),
    };
    spaced.split_whitespace().collect::<Vec<_>>().join(" ")
}
