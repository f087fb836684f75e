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
    /// Per path given, how many of its files are of no known kind.
    pub(crate) skipped: Vec<(String, usize)>,
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
            let mut skipped = 0;
            for path in files {
                match read_file(&path) {
                    Ok(Some(content)) => sources.files.push(SourceFile {
                        path: path.display().to_string(),
                        content,
                    }),
                    Ok(None) => skipped += 1,
                    Err(why) => sources.unreadable.push(why),
                }
            }
            sources.skipped.push((root.display().to_string(), skipped));
        }
        sources
    }

    /// What was read, for the closing line: `12 files (3 table rows, 1
    /// page, 40 report sites, 0 Rust definitions)`.
    pub(crate) fn tally(&self) -> String {
        let (mut rows, mut pages, mut sites, mut definitions, mut copies) = (0, 0, 0, 0, 0);
        for file in &self.files {
            match &file.content {
                Content::C(c) => {
                    rows += c.rows.len();
                    sites += c.sites.len();
                }
                Content::Rust(Ok(rust)) => {
                    definitions += rust.definitions.len();
                    sites += rust.sites.len();
                }
                Content::Rust(Err(_)) => {}
                Content::Page(_) => pages += 1,
                Content::Json(catalog) => copies += catalog.entries.len(),
            }
        }
        let count = |count: usize, what: &str| format!("{count} {what}{}", plural(count));
        let mut parts = vec![
            count(rows, "table row"),
            count(pages, "page"),
            count(sites, "report site"),
            count(definitions, "Rust definition"),
        ];
        if copies > 0 {
            parts.push(count(copies, "catalog copy entry"));
        }
        format!("{} ({})", count(self.files.len(), "file"), parts.join(", "))
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

/// The file's content by its kind; `None` for a file of no known kind.
fn read_file(path: &Path) -> Result<Option<Content>, String> {
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let extension = path
        .extension()
        .map(|extension| extension.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let page_code = cann_page::parse_page_file_name(&name).map(|(code, _)| code.to_owned());
    let known = C_EXTENSIONS.contains(&extension.as_str())
        || extension == "rs"
        || extension == "json"
        || page_code.is_some();
    if !known {
        return Ok(None);
    }
    let bytes =
        std::fs::read(path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    if extension == "json" {
        let loaded = load_bytes(&bytes);
        let catalog = !loaded.catalog.entries.is_empty()
            && !loaded
                .diagnostics
                .iter()
                .any(|diagnostic| diagnostic.is_error() && diagnostic.entry.is_none());
        return Ok(catalog.then_some(Content::Json(loaded.catalog)));
    }
    // Sources in other encodings keep their ASCII (codes, keys) intact.
    let text = String::from_utf8_lossy(&bytes);
    Ok(Some(match page_code {
        Some(code) => Content::Page(read_page(&code, &text)),
        None if extension == "rs" => Content::Rust(read_rust(&text)),
        None => Content::C(read_c(&text)),
    }))
}

/// A catalog being checked, with the name its findings give it.
pub(crate) struct Checked<'a> {
    pub(crate) file: String,
    pub(crate) catalog: &'a Catalog,
}

/// Where a code is defined, for its report sites: its names and template.
struct Definition<'a> {
    names: Vec<String>,
    template: &'a str,
    file: &'a str,
    line: u32,
}

/// Every disagreement between `catalogs` and `sources`, and (with `warn`)
/// the warnings, in file and line order.
pub(crate) fn compare(catalogs: &[Checked], sources: &Sources, warn: bool) -> Vec<Finding> {
    let mut entries: HashMap<&str, (&Checked, &Entry)> = HashMap::new();
    for checked in catalogs {
        for entry in &checked.catalog.entries {
            entries
                .entry(entry.code.as_str())
                .or_insert((checked, entry));
        }
    }
    let mut out = Vec::new();
    let mut definitions: HashMap<&str, Definition> = HashMap::new();
    for (code, (checked, entry)) in &entries {
        definitions.insert(
            code,
            Definition {
                names: entry
                    .names()
                    .iter()
                    .map(|name| (*name).to_owned())
                    .collect(),
                template: &entry.message,
                file: &checked.file,
                line: entry.position.line,
            },
        );
    }
    // Copies that define codes, for the report sites of codes no catalog has.
    let mut templates: Vec<(&str, String, &str, u32)> = Vec::new();
    for file in &sources.files {
        match &file.content {
            Content::C(c) => {
                for row in &c.rows {
                    templates.push((&row.code, row.names.join(","), &row.message, row.at.line));
                }
            }
            Content::Rust(Ok(rust)) => {
                for definition in &rust.definitions {
                    let names = definition.arg_names().0.join(",");
                    templates.push((&definition.code.value, names, "", definition.at.line));
                }
            }
            Content::Json(catalog) => {
                for entry in &catalog.entries {
                    templates.push((
                        &entry.code,
                        entry.arglist.clone(),
                        &entry.message,
                        entry.position.line,
                    ));
                }
            }
            _ => {}
        }
    }
    let mut defined_elsewhere: HashMap<&str, (Vec<String>, &str)> = HashMap::new();
    for (code, names, template, _) in &templates {
        defined_elsewhere.entry(code).or_insert_with(|| {
            (
                names
                    .split(',')
                    .map(str::trim)
                    .filter(|name| !name.is_empty())
                    .map(str::to_owned)
                    .collect(),
                template,
            )
        });
    }
    let mut languages: HashMap<Language, (HashSet<&str>, &str)> = HashMap::new();
    for file in &sources.files {
        let here = Here {
            file: &file.path,
            entries: &entries,
        };
        match &file.content {
            Content::C(c) => here.table(c, &mut out),
            Content::Rust(Ok(rust)) => here.rust(rust, &mut out),
            Content::Rust(Err(error)) => {
                if warn {
                    out.push(Finding {
                        file: file.path.clone(),
                        line: error.at.line,
                        column: error.at.column,
                        code: None,
                        kind: Kind::Unparsed,
                        message: format!("not read: Rust that does not parse: {}", error.message),
                        field: None,
                        other: None,
                    });
                }
            }
            Content::Page(page) => {
                if let Some(language) = page.language {
                    languages
                        .entry(language)
                        .or_insert_with(|| (HashSet::new(), &file.path))
                        .0
                        .insert(&page.code);
                }
                here.page(page, &mut out);
            }
            Content::Json(catalog) => here.json(catalog, &mut out),
        }
        let sites: Vec<Use> = match &file.content {
            Content::C(c) => c
                .sites
                .iter()
                .map(|site| Use {
                    code: &site.code,
                    at: site.at,
                    keys: site.keys.as_deref(),
                    values: site.values.as_deref(),
                })
                .collect(),
            Content::Rust(Ok(rust)) => rust
                .sites
                .iter()
                .map(|site| Use {
                    code: &site.code.value,
                    at: Position::new(site.code.at.line, site.code.at.column),
                    keys: site.keys.as_deref(),
                    values: site.values.as_deref(),
                })
                .collect(),
            _ => Vec::new(),
        };
        for site in sites {
            here.site(&site, &definitions, &defined_elsewhere, warn, &mut out);
        }
    }
    if warn {
        for (language, (paged, first)) in &languages {
            for checked in catalogs {
                for entry in &checked.catalog.entries {
                    if !paged.contains(entry.code.as_str()) {
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
        for (root, skipped) in &sources.skipped {
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
    out
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
            let catalog = entry.title.as_deref().map(str::trim);
            self.differ(
                out,
                title.at,
                code,
                Field::Title,
                catalog,
                Some(&title.text),
                catalog == Some(title.text.as_str()),
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
        if page.language != Some(Language::English) {
            // Other languages hold translations of the cause and solution.
            return;
        }
        for (field, catalog, copy) in [
            (Field::Cause, entry.cause(), &page.cause),
            (Field::Solution, entry.solution(), &page.solution),
        ] {
            let catalog = present(catalog);
            let this = present(copy.as_ref().map(|text| text.text.as_str()));
            let same = catalog.map(one_line) == this.map(one_line);
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
        definitions: &HashMap<&str, Definition>,
        elsewhere: &HashMap<&str, (Vec<String>, &str)>,
        warn: bool,
        out: &mut Vec<Finding>,
    ) {
        let code = site.code;
        let (names, template, origin) = match (definitions.get(code), elsewhere.get(code)) {
            (Some(definition), _) => (
                definition.names.clone(),
                definition.template,
                Some((definition.file, definition.line)),
            ),
            (None, Some((names, template))) => (names.clone(), *template, None),
            (None, None) => {
                if !exempt(code) {
                    out.push(self.finding(
                        site.at,
                        code,
                        Kind::UndefinedCode,
                        "reported here, but no catalog, table or Rust definition defines the code"
                            .to_owned(),
                    ));
                }
                return;
            }
        };
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
                self.file, site.at, code, template, &names, keys, values, out,
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
