//! Each kind of copy compared with the catalogs' entry of its code: a table
//! row, a Rust definition, a page, a catalog copy's entry, a report site.

use std::collections::{HashMap, HashSet};

use errcat::catalog::cann_page::{Language, numbered_items, template_line};
use errcat::catalog::{Catalog, DefectKind, Entry, PageContent, Position, Retired};
use errcat_catalog::c_source::Row;

use crate::finding::{CatalogKind, Field, Finding, Kind};
use crate::rust_catalog::DefinedIn;
use crate::source::plural;
use errcat_catalog::rust_source::RustDefinition;

/// A catalog being checked, with the name its findings give it.
pub(crate) struct Checked<'a> {
    pub(crate) file: String,
    pub(crate) catalog: &'a Catalog,
    /// By code, where it is defined, for a catalog read from a folder of
    /// Rust sources (whose name is the folder's).
    pub(crate) defined: &'a HashMap<String, DefinedIn>,
}

impl Checked<'_> {
    /// The file that defines `code`: its own for a Rust definition, else
    /// the catalog's.
    pub(crate) fn file_of(&self, code: &str) -> String {
        match self.defined.get(code) {
            Some(defined) => defined.file.clone(),
            None => self.file.clone(),
        }
    }
}

/// A definition of a code, for its report sites: its names and template,
/// and where it is (a catalog entry; `None` for a table row or Rust
/// definition, whose own row is reported when no catalog has the code).
#[derive(Clone)]
pub(crate) struct Definition {
    pub(crate) names: Vec<String>,
    pub(crate) template: String,
    pub(crate) origin: Option<(String, u32)>,
    /// For a code no catalog has, where a table row or catalog copy gives
    /// it: a copy defines nothing, so its sites are not in the catalog
    /// either. `None` for a Rust definition (a crate may define codes of
    /// its own) and for a catalog entry.
    pub(crate) copy: Option<(String, u32)>,
}

/// A report site, of C or Rust, its code known.
pub(crate) struct Use<'a> {
    pub(crate) code: &'a str,
    /// How the site names the code when not by a literal:
    /// `acl::INVALID_PARAM_MSG`.
    pub(crate) through: Option<&'a str>,
    pub(crate) at: Position,
    pub(crate) keys: Option<&'a [String]>,
    pub(crate) values: Option<&'a [Option<String>]>,
    /// How many values a macro formats the code's template with: the
    /// arguments after an X-macro table's enumerator
    /// (`RT_LOG_OUTER_MSG_WITH_FUNC(ErrorCode::EE1013, size, "malloc")`),
    /// for a site without keys.
    pub(crate) formats: Option<usize>,
}

/// A page's cause or solution where the catalog has none.
pub(crate) struct MissingText {
    pub(crate) code: String,
    pub(crate) field: Field,
    pub(crate) language: Language,
    pub(crate) file: String,
    pub(crate) at: Position,
    pub(crate) text: String,
}

/// The entries of every catalog checked, by code (the first catalog's
/// where two have a code), and the codes they retired.
#[derive(Default)]
pub(crate) struct Entries<'a> {
    pub(crate) codes: HashMap<&'a str, (&'a Checked<'a>, &'a Entry)>,
    pub(crate) retired: HashMap<&'a str, (&'a Checked<'a>, &'a Retired)>,
}

impl<'a> Entries<'a> {
    pub(crate) fn get(&self, code: &str) -> Option<&(&'a Checked<'a>, &'a Entry)> {
        self.codes.get(code)
    }
}

/// The file being compared, and the catalogs' entries.
pub(crate) struct Here<'a> {
    pub(crate) file: &'a str,
    pub(crate) entries: &'a Entries<'a>,
}

/// A text as a finding quotes it: `"text"` (escaped), or `none`.
fn quote(text: Option<&str>) -> String {
    text.map_or_else(|| "none".to_owned(), |text| format!("{text:?}"))
}

/// `"N/A"`, an empty text and absence are the same.
fn present(text: Option<&str>) -> Option<&str> {
    text.filter(|text| *text != errcat::catalog::NOT_APPLICABLE && !text.trim().is_empty())
}

impl Here<'_> {
    pub(crate) fn finding(&self, at: Position, code: &str, kind: Kind, message: String) -> Finding {
        Finding::new(
            self.file,
            at.line,
            at.column,
            Some(code.to_owned()),
            kind,
            message,
        )
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
                checked.file_of(code),
                entry.position.line
            ),
        );
        finding.field = Some(field);
        finding.other = Some((checked.file_of(code), entry.position.line));
        out.push(finding);
    }

    pub(crate) fn entry(&self, code: &str) -> Option<&Entry> {
        self.entries.get(code).map(|(_, entry)| *entry)
    }

    fn not_in_catalog(&self, out: &mut Vec<Finding>, at: Position, code: &str, what: &str) {
        if self.retired_use(out, at, code, what) {
            return;
        }
        out.push(self.finding(
            at,
            code,
            Kind::NotInCatalog,
            format!("{what} of a code that no catalog defines"),
        ));
    }

    /// A use of a code the catalog retired, an error: `true` when the code
    /// is retired.
    fn retired_use(&self, out: &mut Vec<Finding>, at: Position, code: &str, what: &str) -> bool {
        let Some((checked, retired)) = self.entries.retired.get(code) else {
            return false;
        };
        let mut finding = self.finding(
            at,
            code,
            Kind::Catalog(CatalogKind::of(DefectKind::RetiredCodeUsed)),
            format!(
                "{what} of a retired code: {} ({}:{})",
                retired.describe(),
                checked.file_of(code),
                retired.position.line
            ),
        );
        finding.other = Some((checked.file_of(code), retired.position.line));
        out.push(finding);
        true
    }

    /// A table row against the catalog's entry of its code.
    pub(crate) fn table_row(&self, row: &Row, out: &mut Vec<Finding>) {
        let Some(entry) = self.entry(&row.code) else {
            self.not_in_catalog(out, row.at, &row.code, "table row");
            return;
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
        self.differ(
            out,
            row.names_at,
            code,
            Field::Arglist,
            Some(&names.join(", ")),
            Some(&row.names.join(", ")),
            names == row.names,
        );
        for (field, catalog, copy) in [
            (Field::Cause, entry.cause(), &row.cause),
            (Field::Solution, entry.solution(), &row.solution),
        ] {
            if let Some(copy) = copy {
                let this = present(copy.text.as_deref());
                self.differ(
                    out,
                    copy.at,
                    code,
                    field,
                    catalog,
                    this,
                    present(catalog) == this,
                );
            }
        }
    }

    /// A Rust definition against its code's entry.
    pub(crate) fn rust(&self, definition: &RustDefinition, out: &mut Vec<Finding>) {
        {
            let code = definition.code.value.as_str();
            // A definition marked retired copies the catalog's `retired`
            // list, not an entry: it disagrees only with a code the catalog
            // still defines.
            if let Some(since) = &definition.retired {
                if self.entry(code).is_some() {
                    out.push(self.finding(
                        since.at,
                        code,
                        Kind::Disagrees,
                        format!(
                            "Rust definition {} retires the code (since {}), which the catalog still defines",
                            definition.item,
                            since.value.trim()
                        ),
                    ));
                }
                return;
            }
            let Some(entry) = self.entry(code) else {
                if self.retired_use(out, definition.code.at, code, "Rust definition") {
                    return;
                }
                // A crate may define codes of its own: a warning, not an error.
                out.push(self.finding(
                    definition.code.at,
                    code,
                    Kind::RustOnlyCode,
                    format!(
                        "Rust definition {} of a code that no catalog defines",
                        definition.item
                    ),
                ));
                return;
            };
            if let Some(title) = &definition.title {
                let catalog = entry.title.as_deref();
                self.differ(
                    out,
                    title.at,
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
                    message.at,
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
                place,
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
                    place,
                    code,
                    field,
                    catalog,
                    this,
                    present(catalog) == this,
                );
            }
        }
    }

    /// A page against its code's entry; a cause or solution the page has
    /// and the catalog lacks goes to `missing`, to be told once per code.
    pub(crate) fn page(
        &self,
        page: &PageContent,
        out: &mut Vec<Finding>,
        missing: &mut Vec<MissingText>,
    ) {
        let code = page.code.as_str();
        let Some(entry) = self.entry(code) else {
            // A retired code keeps its page: it says the code is no longer
            // reported, and what replaced it.
            if !self.entries.retired.contains_key(code) {
                self.not_in_catalog(out, page.at, code, "reference page");
            }
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
            let at = copy.as_ref().map_or(page.at, |text| text.at);
            if let (None, Some(text)) = (catalog, this) {
                // The page's writer knew more than the catalog says: one
                // policy for every page of the code (see `MissingText`).
                missing.push(MissingText {
                    code: code.to_owned(),
                    field,
                    language,
                    file: self.file.to_owned(),
                    at,
                    text: text.to_owned(),
                });
                continue;
            }
            let same = match language {
                Language::English => catalog.map(one_line) == this.map(one_line),
                // A Chinese page holds a translation, whose words cannot be
                // compared; but a section the catalog has and the page lacks
                // is drift in any language.
                Language::Chinese => catalog.is_some() == this.is_some(),
            };
            self.differ(out, at, code, field, catalog, this, same);
        }
    }

    pub(crate) fn json(&self, catalog: &Catalog, out: &mut Vec<Finding>) {
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

    pub(crate) fn site(
        &self,
        site: &Use,
        definition: Option<&Definition>,
        warn: bool,
        out: &mut Vec<Finding>,
    ) {
        let code = site.code;
        let through = site
            .through
            .map_or_else(String::new, |name| format!(" (the code of {name})"));
        if self.retired_use(out, site.at, code, &format!("report site{through}")) {
            return;
        }
        if let Some((file, line)) = definition.and_then(|definition| definition.copy.as_ref()) {
            let mut finding = self.finding(
                site.at,
                code,
                Kind::NotInCatalog,
                format!(
                    "reported here{through}, but no catalog defines the code (only a copy does, at {file}:{line})"
                ),
            );
            finding.other = Some((file.clone(), *line));
            out.push(finding);
            return;
        }
        let Some(definition) = definition else {
            if !exempt(code) {
                out.push(self.finding(
                    site.at,
                    code,
                    Kind::UndefinedCode,
                    format!(
                        "reported here{through}, but no catalog, table or Rust definition defines the code"
                    ),
                ));
            }
            return;
        };
        let names = &definition.names;
        let template = definition.template.as_str();
        let origin = definition
            .origin
            .as_ref()
            .map(|(file, line)| (file.as_str(), *line));
        let place = origin.map_or_else(String::new, |(file, line)| format!(" ({file}:{line})"));
        let Some(keys) = site.keys else {
            if let Some(given) = site.formats {
                let wanted = errcat_syntax::parse_template(template)
                    .map_or(names.len(), |parsed| parsed.placeholders());
                if given != wanted {
                    let mut finding = self.finding(
                        site.at,
                        code,
                        Kind::ValueCount,
                        format!(
                            "{given} value{} for the {wanted} placeholder{} of the template{through}{place}",
                            plural(given),
                            plural(wanted)
                        ),
                    );
                    finding.other = origin.map(|(file, line)| (file.to_owned(), line));
                    out.push(finding);
                }
            }
            return;
        };
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
                    "keys differ from Arglist{through}: {:?} vs {:?}{place}; {}",
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
                    "{} key{} but {} value{}{through}",
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
