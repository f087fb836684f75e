//! A catalog as CANN's own reference (`docs/<lang>/error_code_ref`): a page
//! per code, `<CODE>-<Title>.md`, in a folder per class with an index page,
//! in exactly the layout of CANN's hand-written pages, in English or Chinese.
//!
//! What the catalog does not hold comes from elsewhere: what each
//! placeholder means and an example come from the page being regenerated
//! ([`KeptReference`]), then from Rust definitions ([`Documentation`]: a
//! field's doc comment, the `example` key), and a placeholder's meaning last
//! from its argument's name. A Chinese page's cause and solution are the
//! kept page's translation, or the catalog's English text when there is none.

mod read;

use std::collections::{BTreeMap, BTreeSet};

use errcat_syntax::parse_template;

use crate::cann_page::{
    Language, Section, class_file_stem, index_page, numbered_lines, page_file_name,
    parse_page_file_name, template_line, title_line, unescape_title,
};
use crate::diagnostic::{CatalogErrors, Diagnostic};
use crate::markdown::Page;
use crate::model::{Catalog, Entry, Retired};

pub use read::{PageContent, PageText, read_page};

/// What Rust definitions say about their codes beyond the catalog's fields:
/// what each argument means and an example, by code.
///
/// ```
/// use errcat_catalog::{Documentation, Documented};
/// let mut docs = Documentation::default();
/// docs.insert("EK0201", Documented::new([("buf_size", "the memory size")], ["100M"]));
/// assert_eq!(docs.get("EK0201").unwrap().description("buf_size").as_deref(), Some("memory size"));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Documentation {
    codes: BTreeMap<String, Documented>,
}

impl Documentation {
    /// Records what is known about `code`, replacing what was recorded.
    pub fn insert(&mut self, code: impl Into<String>, documented: Documented) {
        self.codes.insert(code.into(), documented);
    }

    /// What is known about `code`.
    pub fn get(&self, code: &str) -> Option<&Documented> {
        self.codes.get(code)
    }

    /// Whether nothing is known about any code.
    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }
}

/// What a Rust definition says about one code.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Documented {
    /// By argument name, the field's doc comment as written.
    pub docs: BTreeMap<String, String>,
    /// The `example` key: one value per argument, in order.
    pub example: Vec<String>,
}

impl Documented {
    /// The doc comments of `docs` (argument name, doc comment) and the
    /// example's values.
    pub fn new<'a>(
        docs: impl IntoIterator<Item = (&'a str, &'a str)>,
        example: impl IntoIterator<Item = impl Into<String>>,
    ) -> Documented {
        Documented {
            docs: docs
                .into_iter()
                .map(|(name, doc)| (name.to_owned(), doc.to_owned()))
                .collect(),
            example: example.into_iter().map(Into::into).collect(),
        }
    }

    /// The doc comment of the argument `name`, trimmed, when it has one.
    pub fn doc(&self, name: &str) -> Option<&str> {
        self.docs
            .get(name)
            .map(|doc| doc.trim())
            .filter(|doc| !doc.is_empty())
    }

    /// What the argument `name` means, as a page writes it, when its doc
    /// comment says ([`description_of_doc`]).
    pub fn description(&self, name: &str) -> Option<String> {
        description_of_doc(name, self.docs.get(name)?)
    }
}

/// What a field's doc comment says about its argument, as a placeholder
/// sentence writes it: the first paragraph on one line, without a leading
/// "the" (the English sentence for one placeholder puts its own) or a final
/// period, its first letter in lower case unless the word is an acronym
/// (`API name`). `None` for an empty comment and for the comment `errcode
/// codegen` writes when it knows no description ([`crate::field_doc`]).
///
/// ```
/// use errcat_catalog::description_of_doc;
/// assert_eq!(description_of_doc("buf_size", " The memory size.\n\nIn bytes."), Some("memory size".to_owned()));
/// assert_eq!(description_of_doc("api", "API name"), Some("API name".to_owned()));
/// assert_eq!(description_of_doc("reason", &errcat_catalog::field_doc("reason")), None);
/// ```
pub fn description_of_doc(name: &str, doc: &str) -> Option<String> {
    let doc = doc.trim();
    if doc == crate::rust::field_doc(name) {
        return None;
    }
    let paragraph = doc.split("\n\n").next().unwrap_or_default();
    let line = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
    let line = line.strip_suffix('.').unwrap_or(&line);
    let line = ["the ", "The "]
        .into_iter()
        .find_map(|article| line.strip_prefix(article))
        .unwrap_or(line);
    let mut characters = line.chars();
    let first = characters.next()?;
    let rest = characters.as_str();
    let acronym = rest.chars().next().is_some_and(char::is_uppercase);
    Some(if acronym {
        line.to_owned()
    } else {
        first.to_lowercase().chain(rest.chars()).collect()
    })
}

/// An existing reference whose hand-written parts a regenerated page keeps:
/// for each code, where its page is and what it says (see [`KeptPage`]),
/// and the index page of each folder.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeptReference {
    pages: BTreeMap<String, KeptPage>,
    /// By folder (`""` for the top), its index page.
    indexes: BTreeMap<String, KeptIndex>,
}

/// What a regenerated index page keeps of the existing one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct KeptIndex {
    /// The file name.
    name: String,
    /// The first line, `# <class>`, without its line end.
    heading: String,
    /// The lines as written, by their text without trailing whitespace: a
    /// link line written with trailing spaces is written back with them.
    lines: BTreeMap<String, String>,
    /// Whether the page ends without a line end.
    unterminated: bool,
}

impl KeptReference {
    /// Adds the page at `path` (relative to the reference's folder, `/`
    /// between folders) with its `text`. A page named `<CODE>-<Title>.md`
    /// is a code's page; any other `.md` is its folder's index. Other
    /// files are left out.
    pub fn add(&mut self, path: &str, text: &str) {
        let (folder, name) = path.rsplit_once('/').unwrap_or(("", path));
        if let Some((code, _)) = parse_page_file_name(name) {
            let mut page = KeptPage::parse(folder, text);
            page.name = name.to_owned();
            page.text = text.to_owned();
            self.pages.insert(code.to_owned(), page);
        } else if name.ends_with(".md") {
            let heading = text
                .lines()
                .next()
                .unwrap_or_default()
                .trim_end()
                .to_owned();
            let lines = text
                .lines()
                .filter(|line| !line.trim().is_empty())
                .map(|line| (line.trim_end().to_owned(), line.to_owned()))
                .collect();
            self.indexes.insert(
                folder.to_owned(),
                KeptIndex {
                    name: name.to_owned(),
                    heading,
                    lines,
                    unterminated: unterminated(text),
                },
            );
        }
    }

    /// The kept page of `code`.
    pub fn page(&self, code: &str) -> Option<&KeptPage> {
        self.pages.get(code)
    }

    /// The folder and file name of `code`'s kept page.
    pub fn path_of(&self, code: &str) -> Option<(&str, &str)> {
        self.pages
            .get(code)
            .filter(|page| !page.name.is_empty())
            .map(|page| (page.folder.as_str(), page.name.as_str()))
    }

    /// How many code pages are kept.
    pub fn len(&self) -> usize {
        self.pages.len()
    }

    /// Whether no code page is kept.
    pub fn is_empty(&self) -> bool {
        self.pages.is_empty()
    }
}

/// The parts of an existing code page that a regenerated page keeps.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeptPage {
    /// The folder the page is in, relative to the reference.
    pub folder: String,
    /// The page's file name.
    pub name: String,
    /// The page as written.
    pub text: String,
    /// The lines between `## Symptom` and the template's block: the
    /// placeholder sentence; empty when the page has none.
    pub sentence: Vec<String>,
    /// The template's block: its opening fence and its text.
    pub template: Option<(String, String)>,
    /// The lines between the template's block and the example's block
    /// (`Error example:`), the example block's fence and its text.
    pub example: Option<(Vec<String>, String, String)>,
    /// The text under `## Possible Cause`, as written.
    pub cause: Option<String>,
    /// The text under `## Solution`, as written.
    pub solution: Option<String>,
    /// Whether the page ends without a line end (after its last line), as
    /// pages edited in some tools do; the regenerated page ends the same.
    pub unterminated: bool,
    /// The HTML comments (`<!-- ... -->`) that end the page, with the blank
    /// lines before them: a writer's note, no part of the last section's
    /// text, kept at the end when that text is rewritten.
    pub trailer: Vec<String>,
}

impl KeptPage {
    /// Reads a page in CANN's layout; parts it cannot find are `None`.
    pub fn parse(folder: &str, text: &str) -> KeptPage {
        let mut page = KeptPage {
            folder: folder.to_owned(),
            unterminated: unterminated(text),
            ..KeptPage::default()
        };
        let mut sections: Vec<(Option<Section>, Vec<&str>)> = vec![(None, Vec::new())];
        let mut fenced = false;
        for line in text.lines() {
            if line.starts_with("```") {
                fenced = !fenced;
            }
            match Section::from_heading(line).filter(|_| !fenced) {
                Some((section, _)) => sections.push((Some(section), Vec::new())),
                None => sections
                    .last_mut()
                    .map_or((), |(_, lines)| lines.push(line)),
            }
        }
        if let Some((_, lines)) = sections.last_mut() {
            let start = trailing_comments(lines);
            page.trailer = lines
                .split_off(start)
                .into_iter()
                .map(str::to_owned)
                .collect();
        }
        for (section, lines) in sections {
            let body = trim_blank_lines(&lines);
            match section {
                Some(Section::Symptom) => page.read_symptom(body),
                Some(Section::PossibleCause) => page.cause = Some(body.join("\n")),
                Some(Section::Solution) => page.solution = Some(body.join("\n")),
                None => {}
            }
        }
        page
    }

    fn read_symptom(&mut self, lines: &[&str]) {
        // Paragraphs and fenced blocks, in order.
        let mut before: Vec<String> = Vec::new();
        let mut blocks: Vec<(Vec<String>, String, String)> = Vec::new();
        let mut iter = lines.iter();
        while let Some(line) = iter.next() {
            if let Some(fence) = line.strip_prefix("```").map(|_| line.trim_end()) {
                let mut body: Vec<&str> = Vec::new();
                for inner in iter.by_ref() {
                    if inner.trim_end() == "```" {
                        break;
                    }
                    body.push(inner);
                }
                let paragraph = trim_blank_lines_owned(std::mem::take(&mut before));
                blocks.push((paragraph, fence.to_owned(), body.join("\n")));
            } else {
                before.push((*line).to_owned());
            }
        }
        let mut blocks = blocks.into_iter();
        if let Some((sentence, fence, template)) = blocks.next() {
            self.sentence = sentence;
            self.template = Some((fence, template));
        }
        self.example = blocks.next();
    }
}

/// Where the HTML comments that end `lines` start, with the blank lines
/// before them (`lines.len()` when the lines end otherwise). Only whole
/// lines: a comment that begins on a line of text is that text's.
fn trailing_comments(lines: &[&str]) -> usize {
    let mut start = lines.len();
    let mut end = lines.len();
    loop {
        while end > 0 && lines[end - 1].trim().is_empty() {
            end -= 1;
        }
        if end == 0 || !lines[end - 1].trim_end().ends_with("-->") {
            return start;
        }
        let Some(open) = lines[..end]
            .iter()
            .rposition(|line| line.trim_start().starts_with("<!--"))
        else {
            return start;
        };
        // A comment that closes before its last line is not one block.
        if lines[open..end - 1].iter().any(|line| line.contains("-->")) {
            return start;
        }
        start = open;
        while start > 0 && lines[start - 1].trim().is_empty() {
            start -= 1;
        }
        end = open;
    }
}

fn trim_blank_lines<'a, 'b>(lines: &'a [&'b str]) -> &'a [&'b str] {
    let start = lines
        .iter()
        .position(|line| !line.trim().is_empty())
        .unwrap_or(lines.len());
    let end = lines
        .iter()
        .rposition(|line| !line.trim().is_empty())
        .map_or(start, |end| end + 1);
    &lines[start..end]
}

fn trim_blank_lines_owned(lines: Vec<String>) -> Vec<String> {
    let borrowed: Vec<&str> = lines.iter().map(String::as_str).collect();
    trim_blank_lines(&borrowed)
        .iter()
        .map(|line| (*line).to_owned())
        .collect()
}

/// A reference written by [`Catalog::to_cann_docs`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct CannReference {
    /// The pages, each code's page then its folder's index, folders in
    /// order of their first code.
    pub pages: Vec<Page>,
    /// The codes whose Chinese page carries the English cause or solution:
    /// the kept reference had no translation of it.
    pub untranslated: Vec<String>,
    /// The hand-written parts of kept pages that could not be kept, by code.
    pub dropped: Vec<(String, DroppedPart)>,
}

/// A hand-written part of a kept page that a regenerated page could not
/// keep, and why: the writer is told, never left to find it gone.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DroppedPart {
    /// The placeholder sentence, which describes another number of
    /// placeholders than the message now has (or could not be read): a
    /// sentence of the argument names replaces it.
    Sentence {
        /// The sentence as the page had it.
        sentence: String,
        /// How many placeholders the message now has.
        placeholders: usize,
    },
    /// The error example, whose values no longer fill the message: it had
    /// `values` values (`None`: they could not be read from it), the
    /// message now has `placeholders` placeholders.
    Example {
        /// The example as the page had it.
        example: String,
        /// How many values could be read from it with the old template.
        values: Option<usize>,
        /// How many placeholders the message now has.
        placeholders: usize,
    },
}

impl std::fmt::Display for DroppedPart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let excerpt = |text: &str| match text.char_indices().nth(60) {
            Some((cut, _)) => format!("{:?}...", &text[..cut]),
            None => format!("{text:?}"),
        };
        match self {
            DroppedPart::Sentence {
                sentence,
                placeholders,
            } => write!(
                f,
                "the placeholder sentence {} was rewritten: it does not describe the message's {}",
                excerpt(sentence),
                errcat_syntax::counted(*placeholders, "placeholder")
            ),
            DroppedPart::Example {
                example,
                values: Some(values),
                placeholders,
            } => write!(
                f,
                "the error example {} was dropped: it has {} and the message now has {}",
                excerpt(example),
                errcat_syntax::counted(*values, "value"),
                errcat_syntax::counted(*placeholders, "placeholder")
            ),
            DroppedPart::Example { example, .. } => write!(
                f,
                "the error example {} was dropped: its values cannot be read with the old message",
                excerpt(example)
            ),
        }
    }
}

impl Catalog {
    /// The catalog as CANN's reference in `language`: a page per code,
    /// `<folder>/<CODE>-<Title>.md`, and an index page per folder listing its
    /// codes. A code's folder is its kept page's, else that of a kept page
    /// of its class, else its class with spaces as `-` (`Profiling-Errors`);
    /// a code without a class is at the top, and the top folder has no index.
    ///
    /// Fails with every error of the catalog when an entry is not valid.
    ///
    /// ```
    /// use errcat_catalog::{Documentation, KeptReference, cann_page::Language};
    /// let catalog = errcat_catalog::load(r#"{"error_info_list": [
    ///   {"errClass": "Profiling Errors", "errTitle": "Resource_Error", "ErrCode": "EK0203",
    ///    "ErrMessage": "Failed to create host thread. Reason: %s.", "Arglist": "reason"}
    /// ]}"#).into_result().unwrap();
    /// let reference = catalog
    ///     .to_cann_docs(Language::English, &Documentation::default(), &KeptReference::default())
    ///     .unwrap();
    /// assert_eq!(reference.pages[0].path, "Profiling-Errors/EK0203-Resource_Error.md");
    /// assert!(reference.pages[0].text.contains("The placeholder %s indicates the reason."));
    /// assert_eq!(reference.pages[1].path, "Profiling-Errors/Profiling-Errors.md");
    /// ```
    pub fn to_cann_docs(
        &self,
        language: Language,
        docs: &Documentation,
        kept: &KeptReference,
    ) -> Result<CannReference, CatalogErrors> {
        let mut errors: Vec<Diagnostic> = Vec::new();
        // A class's folder, as the kept reference files it.
        let mut class_folders: BTreeMap<String, String> = BTreeMap::new();
        for entry in &self.entries {
            // A page kept at the top (CANN's `EZ2001`) names no folder.
            if let (Some(class), Some(page)) = (
                &entry.class,
                kept.page(&entry.code)
                    .filter(|page| !page.folder.is_empty()),
            ) {
                class_folders
                    .entry(class.trim().to_owned())
                    .or_insert_with(|| page.folder.clone());
            }
        }
        let mut folders: Vec<(String, Option<String>, Vec<&Entry>)> = Vec::new();
        let mut written: BTreeSet<&str> = BTreeSet::new();
        for entry in &self.entries {
            if let Err(entry_errors) = entry.definition() {
                errors.extend(entry_errors);
                continue;
            }
            if !written.insert(&entry.code) {
                continue;
            }
            let class = entry
                .class
                .as_deref()
                .map(str::trim)
                .filter(|class| !class.is_empty());
            let folder = match (kept.page(&entry.code), class) {
                (Some(page), _) => page.folder.clone(),
                (None, Some(class)) => class_folders
                    .get(class)
                    .cloned()
                    .unwrap_or_else(|| class_file_stem(class)),
                (None, None) => String::new(),
            };
            match folders.iter_mut().find(|(name, _, _)| *name == folder) {
                Some((_, first_class, entries)) => {
                    if first_class.is_none() {
                        *first_class = class.map(str::to_owned);
                    }
                    entries.push(entry);
                }
                None => folders.push((folder, class.map(str::to_owned), vec![entry])),
            }
        }
        if let Some(errors) = CatalogErrors::from_diagnostics(&errors) {
            return Err(errors);
        }
        let mut reference = CannReference {
            pages: Vec::new(),
            untranslated: Vec::new(),
            dropped: Vec::new(),
        };
        // A retired code's page says it is no longer reported, where its
        // kept page was (or at the top), over what that page said.
        for retired in &self.retired {
            let kept_page = kept.page(&retired.code);
            let (folder, name) = match kept.path_of(&retired.code) {
                Some((folder, name)) => (folder.to_owned(), name.to_owned()),
                None => (String::new(), format!("{}.md", retired.code)),
            };
            reference.pages.push(Page {
                path: in_folder(&folder, &name),
                text: retired_page(retired, language, kept_page.map(|page| page.text.as_str())),
            });
        }
        for (folder, class, mut entries) in folders {
            entries.sort_by(|a, b| a.code.cmp(&b.code));
            for entry in &entries {
                let page = code_page(
                    entry,
                    language,
                    docs.get(&entry.code),
                    kept.page(&entry.code),
                );
                if page.untranslated {
                    reference.untranslated.push(entry.code.clone());
                }
                reference.dropped.extend(
                    page.dropped
                        .into_iter()
                        .map(|part| (entry.code.clone(), part)),
                );
                reference.pages.push(Page {
                    path: in_folder(&folder, &file_name(entry)),
                    text: page.text,
                });
            }
            // The top folder has no index: its codes have no class, or
            // their kept pages are there.
            let Some(class) = class.filter(|_| !folder.is_empty()) else {
                continue;
            };
            let kept_index = kept.indexes.get(&folder);
            let index_name = kept_index.map_or_else(
                || format!("{}.md", class_file_stem(&class)),
                |index| index.name.clone(),
            );
            let titles: Vec<(&str, &str)> = entries
                .iter()
                .map(|entry| {
                    (
                        entry.code.as_str(),
                        entry.title.as_deref().unwrap_or_default(),
                    )
                })
                .collect();
            let mut text = index_page(&class, &titles);
            // The kept index's title: a folder may gather classes the
            // catalog spells two ways (`TEFusion Errors`, `TE Fusion Errors`).
            if let Some(index) = kept_index.filter(|index| index.heading.starts_with("# ")) {
                let rest = text.split_once('\n').map_or("", |(_, rest)| rest);
                text = format!("{}\n{rest}", index.heading);
            }
            if let Some(index) = kept_index {
                text = index.as_written(&text);
            }
            reference.pages.push(Page {
                path: in_folder(&folder, &index_name),
                text,
            });
        }
        Ok(reference)
    }
}

/// A code's page regenerated in place by [`update_page`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct PageUpdate {
    /// The page's new text.
    pub text: String,
    /// The page's file name from the entry's title, `<CODE>-<Title>.md`:
    /// another name than the page has when the title changed.
    pub file_name: String,
    /// The hand-written parts that could not be kept.
    pub dropped: Vec<DroppedPart>,
    /// Whether a Chinese page now carries the catalog's English cause or
    /// solution, having had no translation of it.
    pub untranslated: bool,
}

/// The page `text` of `entry` in `language`, regenerated from the catalog
/// as `export --keep` regenerates it: its placeholder sentence, example,
/// fences and (Chinese) translations kept while they still fit the
/// message, each part that cannot be kept named in
/// [`dropped`](PageUpdate::dropped).
///
/// ```
/// use errcat_catalog::{Entry, update_page};
/// use errcat_catalog::cann_page::Language;
/// let entry = Entry::new("EK0201", "Cannot allocate %s.", "buf_size");
/// let page = "# EK0201\n\n## Symptom\n\nThe following is error format. The placeholder %s indicates the size.\n\n```text\nFailed to allocate %s.\n```\n";
/// let updated = update_page(&entry, Language::English, None, page);
/// assert_eq!(updated.text, page.replace("Failed to allocate", "Cannot allocate"));
/// assert!(updated.dropped.is_empty());
/// ```
pub fn update_page(
    entry: &Entry,
    language: Language,
    documented: Option<&Documented>,
    text: &str,
) -> PageUpdate {
    let kept = KeptPage::parse("", text);
    let page = code_page(entry, language, documented, Some(&kept));
    PageUpdate {
        text: page.text,
        file_name: file_name(entry),
        dropped: page.dropped,
        untranslated: page.untranslated,
    }
}

/// An index page `text` with each existing link to a code of `titles`
/// written for its title (`- [EK0201 Resource\_Error](EK0201-Resource_Error.md)`);
/// every other line as it is. No link is added: an index links only to
/// pages that exist.
///
/// ```
/// use errcat_catalog::update_index;
/// let index = "# Profiling Errors\n\n- [EK0201 Old](EK0201-Old.md)\n\n- [EK0202 Kept](EK0202-Kept.md)\n";
/// assert_eq!(
///     update_index(index, &[("EK0201", "New_Title")]),
///     "# Profiling Errors\n\n- [EK0201 New\\_Title](EK0201-New_Title.md)\n\n- [EK0202 Kept](EK0202-Kept.md)\n"
/// );
/// ```
pub fn update_index(text: &str, titles: &[(&str, &str)]) -> String {
    let titles: BTreeMap<&str, &str> = titles.iter().copied().collect();
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        out.push_str(&index_line(line, &titles).unwrap_or_else(|| line.to_owned()));
    }
    out
}

/// A link line `PREFIX[CODE Title](target)SUFFIX` written for the code's
/// title in `titles`; `None` for any other line.
fn index_line(line: &str, titles: &BTreeMap<&str, &str>) -> Option<String> {
    let open = line.find('[')?;
    let rest = &line[open + 1..];
    let label_end = rest.find("](")?;
    let label = &rest[..label_end];
    let code = label.split(' ').next()?;
    let title = titles.get(code)?;
    let target_rest = &rest[label_end + 2..];
    let close = target_rest.find(')')?;
    let suffix = &target_rest[close + 1..];
    let title = title.trim();
    let (label, target) = if title.is_empty() {
        (code.to_owned(), format!("{code}.md"))
    } else {
        (
            format!("{code} {}", crate::cann_page::escape_title(title)),
            page_file_name(code, title),
        )
    };
    Some(format!("{}[{label}]({target}){suffix}", &line[..open]))
}

/// The sentence that opens a retired code's page.
fn retired_note(retired: &Retired, language: Language) -> String {
    match language {
        Language::English => {
            let mut note = String::from("This error code is no longer reported");
            if let Some(since) = &retired.since {
                note.push_str(&format!(" (retired in {since})"));
            }
            note.push('.');
            if let Some(replacement) = &retired.replacement {
                note.push_str(&format!(" Report {replacement} instead."));
            }
            note
        }
        Language::Chinese => {
            let mut note = String::from("该错误码已不再上报");
            if let Some(since) = &retired.since {
                note.push_str(&format!("（自{since}起废弃）"));
            }
            note.push('。');
            if let Some(replacement) = &retired.replacement {
                note.push_str(&format!("请改为上报{replacement}。"));
            }
            note
        }
    }
}

/// A retired code's page: its title line, the note that it is no longer
/// reported, and what the kept page `kept` said of it below, as rustc's
/// error index keeps a retired error's explanation under its note.
///
/// ```
/// use errcat_catalog::{Retired, retired_page};
/// use errcat_catalog::cann_page::Language;
/// let mut retired = Retired::new("E10001");
/// retired.replacement = Some("E10101".to_owned());
/// assert_eq!(
///     retired_page(&retired, Language::English, Some("# E10001 Invalid\\_Argument\n\n## Symptom\n\nOld.\n")),
///     "# E10001 Invalid\\_Argument\n\nThis error code is no longer reported. Report E10101 instead.\n\n## Symptom\n\nOld.\n"
/// );
/// ```
pub fn retired_page(retired: &Retired, language: Language, kept: Option<&str>) -> String {
    let note = retired_note(retired, language);
    let mut lines = kept
        .map(|text| text.lines())
        .into_iter()
        .flatten()
        .peekable();
    let title = match lines.peek() {
        Some(line) if line.starts_with(&format!("# {}", retired.code)) => {
            let line = (*line).to_owned();
            lines.next();
            line
        }
        _ => format!("# {}", retired.code),
    };
    let mut text = format!("{title}\n\n{note}\n");
    // What the page said, without a note an earlier export put there.
    let rest: Vec<&str> = lines
        .filter(|line| {
            !line.starts_with("This error code is no longer reported")
                && !line.starts_with("该错误码已不再上报")
        })
        .collect();
    let rest = trim_blank_lines(&rest);
    if !rest.is_empty() {
        text.push('\n');
        text.push_str(&rest.join("\n"));
        text.push('\n');
    }
    text
}

fn in_folder(folder: &str, name: &str) -> String {
    if folder.is_empty() {
        name.to_owned()
    } else {
        format!("{folder}/{name}")
    }
}

/// `<CODE>-<Title>.md`, or `<CODE>.md` for an entry without a title.
fn file_name(entry: &Entry) -> String {
    match entry
        .title
        .as_deref()
        .map(str::trim)
        .filter(|title| !title.is_empty())
    {
        Some(title) => page_file_name(&entry.code, title),
        None => format!("{}.md", entry.code),
    }
}

struct CodePage {
    text: String,
    untranslated: bool,
    dropped: Vec<DroppedPart>,
}

fn code_page(
    entry: &Entry,
    language: Language,
    documented: Option<&Documented>,
    kept: Option<&KeptPage>,
) -> CodePage {
    let mut text = match entry
        .title
        .as_deref()
        .map(str::trim)
        .filter(|title| !title.is_empty())
    {
        Some(title) => title_line(&entry.code, title),
        None => format!("# {}", entry.code),
    };
    text.push_str("\n\n");
    text.push_str(Section::Symptom.heading(language));
    text.push_str("\n\n");
    let names = entry.names();
    let template = template_line(&entry.message);
    let kept_template = kept.and_then(|page| page.template.as_ref());
    let same_template = kept_template.is_some_and(|(_, kept)| *kept == template);
    // The hand-written sentence is kept while it still describes as many
    // placeholders as the template has, or while the template is the one it
    // was written for (a sentence written by hand may not parse).
    let kept_sentence = kept.filter(|page| {
        same_template
            || (page.sentence.len() == 1
                && language
                    .parse_placeholder_sentence(&page.sentence[0])
                    .is_some_and(|described| described.len() == names.len()))
    });
    let mut dropped = Vec::new();
    if kept_sentence.is_none()
        && let Some(page) = kept.filter(|page| !page.sentence.is_empty())
    {
        dropped.push(DroppedPart::Sentence {
            sentence: page.sentence.join("\n"),
            placeholders: names.len(),
        });
    }
    match kept_sentence {
        Some(page) => {
            for line in &page.sentence {
                text.push_str(line);
                text.push('\n');
            }
            if !page.sentence.is_empty() {
                text.push('\n');
            }
        }
        None => {
            // A placeholder the new template still has keeps the page's own
            // description (a translation); the others are described anew.
            let carried = kept.map_or_else(Vec::new, |page| {
                carried_descriptions(page, language, &entry.message)
            });
            let descriptions: Vec<String> = names
                .iter()
                .enumerate()
                .map(|(index, name)| {
                    carried
                        .get(index)
                        .cloned()
                        .flatten()
                        .or_else(|| documented.and_then(|docs| docs.description(name)))
                        .unwrap_or_else(|| (*name).to_owned())
                })
                .collect();
            let descriptions: Vec<&str> = descriptions.iter().map(String::as_str).collect();
            text.push_str(&language.placeholder_sentence(&descriptions));
            text.push_str("\n\n");
        }
    }
    let template_fence =
        kept_template.map_or_else(|| fence_for(&template), |(fence, _)| fence.clone());
    push_block(&mut text, &template_fence, &template);
    // An example written for another template keeps its values when they
    // can be read back with that template and still fill this one.
    let kept_example = match kept.and_then(|page| Some((page.example.as_ref()?, page))) {
        Some((example, _)) if same_template => Some(example.clone()),
        Some(((label, fence, example), page)) => {
            let old = page
                .template
                .as_ref()
                .map(|(_, old)| old.replace("\\n", "\n"));
            // Spacing the page's writer got wrong in one and not the other
            // (`profiling.  %s` over `profiling. Reason`) does not lose it.
            let values = old.as_deref().and_then(|old| {
                example_values(old, example)
                    .or_else(|| example_values(&single_spaced(old), &single_spaced(example)))
            });
            let placeholders =
                parse_template(&entry.message).map_or(names.len(), |t| t.pieces.len() - 1);
            match values {
                Some(values) if values.len() == placeholders => {
                    rendered_example(entry, &names, &values)
                        .map(|example| (label.clone(), fence.clone(), example))
                }
                values => {
                    dropped.push(DroppedPart::Example {
                        example: example.clone(),
                        values: values.map(|values| values.len()),
                        placeholders,
                    });
                    None
                }
            }
        }
        None => None,
    };
    match kept_example.as_ref() {
        Some((label, fence, example)) => {
            text.push('\n');
            for line in label {
                text.push_str(line);
                text.push('\n');
            }
            text.push('\n');
            push_block(&mut text, fence, example);
        }
        None => {
            if let Some(example) =
                documented.and_then(|docs| rendered_example(entry, &names, &docs.example))
            {
                text.push('\n');
                text.push_str(language.example_label());
                text.push_str("\n\n");
                push_block(&mut text, &fence_for(&example), &example);
            }
        }
    }
    let mut untranslated = false;
    let sections = [
        (
            Section::PossibleCause,
            entry.cause(),
            kept.and_then(|page| page.cause.as_deref()),
        ),
        (
            Section::Solution,
            entry.solution(),
            kept.and_then(|page| page.solution.as_deref()),
        ),
    ];
    for (section, catalog_text, kept_text) in sections {
        let catalog_text = catalog_text.filter(|text| !text.trim().is_empty());
        let body = match (language, catalog_text, kept_text) {
            // What the catalog does not say (`N/A`), a page may say by hand.
            (_, None, Some(kept)) => kept.to_owned(),
            (_, None, None) => continue,
            (Language::Chinese, Some(_), Some(translation)) => translation.to_owned(),
            (Language::Chinese, Some(english), None) => {
                untranslated = true;
                numbered_lines(english)
            }
            // The page's own layout of the catalog's words (a blank line
            // between items, `set\_env.sh`) is the writer's to keep.
            (Language::English, Some(english), Some(kept)) if says_the_same(kept, english) => {
                kept.to_owned()
            }
            (Language::English, Some(english), _) => numbered_lines(english),
        };
        text.push('\n');
        text.push_str(section.heading(language));
        text.push_str("\n\n");
        text.push_str(&body);
        text.push('\n');
    }
    for line in kept.map_or(&[][..], |page| page.trailer.as_slice()) {
        text.push_str(line);
        text.push('\n');
    }
    if kept.is_some_and(|page| page.unterminated) {
        text.pop();
    }
    CodePage {
        text,
        untranslated,
        dropped,
    }
}

/// The page's own placeholder descriptions carried to the placeholders of
/// `message`, by position: a placeholder takes the description of the old
/// template's placeholder with the same text just before it, or else just
/// after it (each old one used once), so that a placeholder added or
/// removed elsewhere keeps the others' descriptions (translations above
/// all). `None` where no old placeholder matches; empty when the page's
/// sentence or template cannot be read.
fn carried_descriptions(page: &KeptPage, language: Language, message: &str) -> Vec<Option<String>> {
    let (Ok(new), Some((_, old)), [sentence]) = (
        parse_template(message),
        page.template.as_ref(),
        page.sentence.as_slice(),
    ) else {
        return Vec::new();
    };
    let Ok(old) = parse_template(&old.replace("\\n", "\n")) else {
        return Vec::new();
    };
    let Some(described) = language
        .parse_placeholder_sentence(sentence)
        .filter(|described| described.len() == old.placeholders())
    else {
        return Vec::new();
    };
    let mut used = vec![false; described.len()];
    (0..new.placeholders())
        .map(|index| {
            let (before, after) = (&new.pieces[index], &new.pieces[index + 1]);
            let found = (0..described.len())
                .find(|&old_index| {
                    !used[old_index] && !before.is_empty() && old.pieces[old_index] == *before
                })
                .or_else(|| {
                    (0..described.len()).find(|&old_index| {
                        !used[old_index] && !after.is_empty() && old.pieces[old_index + 1] == *after
                    })
                })?;
            used[found] = true;
            Some(described[found].to_owned())
        })
        .collect()
}

/// Whether `text` has a last line without a line end.
fn unterminated(text: &str) -> bool {
    !text.is_empty() && !text.ends_with('\n')
}

impl KeptIndex {
    /// The index page `text` with the kept page's own spelling of the lines
    /// both hold (trailing whitespace) and its end.
    fn as_written(&self, text: &str) -> String {
        let mut written = String::with_capacity(text.len());
        for line in text.lines() {
            written.push_str(self.lines.get(line).map_or(line, String::as_str));
            written.push('\n');
        }
        if self.unterminated {
            written.pop();
        }
        written
    }
}

/// Whether a page's text says what the catalog's does, in other spacing
/// and with Markdown escapes.
fn says_the_same(page: &str, catalog: &str) -> bool {
    let words = |text: &str| -> String {
        text.chars()
            .filter(|character| !character.is_whitespace())
            .collect()
    };
    words(&unescape_title(page)) == words(catalog)
}

/// ```` ```text ````, or a longer fence when the text holds three backticks.
pub(crate) fn fence_for(text: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for character in text.chars() {
        run = if character == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    format!("{}text", "`".repeat(3.max(longest + 1)))
}

fn push_block(text: &mut String, fence: &str, body: &str) {
    let closing: String = fence
        .chars()
        .take_while(|character| *character == '`')
        .collect();
    text.push_str(fence);
    text.push('\n');
    text.push_str(body);
    text.push('\n');
    text.push_str(&closing);
    text.push('\n');
}

/// The message with the example's values in its placeholders: one value per
/// placeholder, or one per distinct argument name (a name that fills several
/// placeholders gives each the same value). `None` when the count fits
/// neither.
fn rendered_example(entry: &Entry, names: &[&str], values: &[String]) -> Option<String> {
    if values.is_empty() {
        return None;
    }
    let template = parse_template(&entry.message).ok()?;
    let mut distinct: Vec<&str> = Vec::new();
    for name in names {
        if !distinct.contains(name) {
            distinct.push(name);
        }
    }
    let per_placeholder: Vec<&str> = if values.len() == names.len() {
        values.iter().map(String::as_str).collect()
    } else if values.len() == distinct.len() {
        names
            .iter()
            .map(|name| {
                let index = distinct
                    .iter()
                    .position(|known| known == name)
                    .unwrap_or_default();
                values[index].as_str()
            })
            .collect()
    } else {
        return None;
    };
    let mut rendered = String::new();
    for (index, piece) in template.pieces.iter().enumerate() {
        rendered.push_str(piece);
        if let Some(value) = per_placeholder.get(index) {
            rendered.push_str(value);
        }
    }
    // An example shows the message as printed: its line breaks are kept.
    Some(rendered)
}

/// The values an example gives a template's placeholders: the text
/// between its literal pieces, each piece found after the one before.
/// `None` when the example does not read as the template filled in.
fn example_values(template: &str, example: &str) -> Option<Vec<String>> {
    let template = parse_template(template).ok()?;
    let pieces = &template.pieces;
    let mut rest = example.strip_prefix(pieces.first()?.as_str())?;
    let mut values = Vec::new();
    for (index, piece) in pieces.iter().enumerate().skip(1) {
        let last = index + 1 == pieces.len();
        let end = if last {
            rest.len()
                .checked_sub(piece.len())
                .filter(|end| rest[*end..] == **piece)?
        } else if piece.is_empty() {
            // Two placeholders side by side: where one value ends is unknown.
            return None;
        } else {
            rest.find(piece.as_str())?
        };
        values.push(rest[..end].to_owned());
        rest = &rest[end + piece.len()..];
    }
    Some(values)
}

/// `text` with each run of spaces one space.
fn single_spaced(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split(' ').filter(|word| !word.is_empty()) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog(json: &str) -> Catalog {
        crate::load(json).into_result().unwrap()
    }

    #[test]
    fn description_of_doc_reads_like_a_page() {
        assert_eq!(
            description_of_doc("a", "the memory size"),
            Some("memory size".to_owned())
        );
        assert_eq!(
            description_of_doc("a", "Parameter value."),
            Some("parameter value".to_owned())
        );
        assert_eq!(
            description_of_doc("a", "AI Core error\n information"),
            Some("AI Core error information".to_owned())
        );
        assert_eq!(description_of_doc("a", "  "), None);
        assert_eq!(
            description_of_doc("a", "The value of `a` in the message."),
            None
        );
    }

    #[test]
    fn example_values_per_placeholder_or_per_name() {
        let entry = Entry::new("EK0001", "In %s, %s is %s (100%%).", "op, v, v");
        let names = entry.names();
        let values = |list: &[&str]| {
            list.iter()
                .map(|value| (*value).to_owned())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            rendered_example(&entry, &names, &values(&["Add", "7", "8"])).as_deref(),
            Some("In Add, 7 is 8 (100%).")
        );
        assert_eq!(
            rendered_example(&entry, &names, &values(&["Add", "7"])).as_deref(),
            Some("In Add, 7 is 7 (100%).")
        );
        assert_eq!(rendered_example(&entry, &names, &values(&["Add"])), None);
        assert_eq!(rendered_example(&entry, &names, &[]), None);
    }

    #[test]
    fn a_fence_longer_than_the_text_s_backticks() {
        assert_eq!(fence_for("plain"), "```text");
        assert_eq!(fence_for("a ```` b"), "`````text");
    }

    #[test]
    fn kept_page_parts() {
        let page = KeptPage::parse(
            "RTS-Errors",
            "# EE0001 A\\_B\n\n## Symptom\n\nSentence.\n\n```\nT %s.\n```\n\nError example:\n\n```text\nT 1.\nmore\n```\n\n## Solution\n\n1. a\n\n2. b\n",
        );
        assert_eq!(page.folder, "RTS-Errors");
        assert_eq!(page.sentence, ["Sentence."]);
        assert_eq!(page.template, Some(("```".to_owned(), "T %s.".to_owned())));
        assert_eq!(
            page.example,
            Some((
                vec!["Error example:".to_owned()],
                "```text".to_owned(),
                "T 1.\nmore".to_owned()
            ))
        );
        assert_eq!(page.cause, None);
        assert_eq!(page.solution.as_deref(), Some("1. a\n\n2. b"));
    }

    #[test]
    fn a_page_without_anything_known_beyond_the_catalog() {
        let catalog = catalog(
            r#"{"error_info_list": [
  {"errClass": "Demo Errors", "errTitle": "Config_Error", "ErrCode": "EX0002",
   "ErrMessage": "Option %s in %s is invalid.", "Arglist": "option, file",
   "suggestion": {"Possible Cause": "1. A typo.  2. An old file.", "Solution": "Fix the option."}},
  {"errClass": "Demo Errors", "errTitle": "System_Terminated", "ErrCode": "EX0001",
   "ErrMessage": "Stopped.", "Arglist": "", "suggestion": {"Possible Cause": "N/A", "Solution": "N/A"}},
  {"ErrCode": "EX0003", "ErrMessage": "No class.", "Arglist": ""}
]}"#,
        );
        let reference = catalog
            .to_cann_docs(
                Language::English,
                &Documentation::default(),
                &KeptReference::default(),
            )
            .unwrap();
        let pages: Vec<(&str, &str)> = reference
            .pages
            .iter()
            .map(|page| (page.path.as_str(), page.text.as_str()))
            .collect();
        assert_eq!(
            pages,
            [
                (
                    "Demo-Errors/EX0001-System_Terminated.md",
                    "# EX0001 System\\_Terminated\n\n## Symptom\n\nThe following is error format.\n\n```text\nStopped.\n```\n"
                ),
                (
                    "Demo-Errors/EX0002-Config_Error.md",
                    "# EX0002 Config\\_Error\n\n## Symptom\n\nThe following is error format. The meanings of the placeholders %s in sequence are: option, file.\n\n```text\nOption %s in %s is invalid.\n```\n\n## Possible Cause\n\n1. A typo.\n2. An old file.\n\n## Solution\n\nFix the option.\n"
                ),
                (
                    "Demo-Errors/Demo-Errors.md",
                    "# Demo Errors\n\n- [EX0001 System\\_Terminated](EX0001-System_Terminated.md)\n\n- [EX0002 Config\\_Error](EX0002-Config_Error.md)\n"
                ),
                (
                    "EX0003.md",
                    "# EX0003\n\n## Symptom\n\nThe following is error format.\n\n```text\nNo class.\n```\n"
                ),
            ]
        );
        assert!(reference.untranslated.is_empty());
    }

    #[test]
    fn rust_documentation_describes_and_exemplifies() {
        let catalog = catalog(
            r#"{"error_info_list": [
  {"errClass": "Demo Errors", "errTitle": "Resource_Error", "ErrCode": "EX0201",
   "ErrMessage": "Failed to allocate %s host memory.", "Arglist": "buf_size",
   "suggestion": {"Possible Cause": "Too little memory.", "Solution": "N/A"}}
]}"#,
        );
        let mut docs = Documentation::default();
        docs.insert(
            "EX0201",
            Documented::new([("buf_size", "The memory size.")], ["100M"]),
        );
        let reference = catalog
            .to_cann_docs(Language::Chinese, &docs, &KeptReference::default())
            .unwrap();
        assert_eq!(
            reference.pages[0].text,
            "# EX0201 Resource\\_Error\n\n## 错误信息\n\n报错格式如下，占位符%s表示memory size：\n\n```text\nFailed to allocate %s host memory.\n```\n\n报错示例如下：\n\n```text\nFailed to allocate 100M host memory.\n```\n\n## 可能原因\n\nToo little memory.\n"
        );
        assert_eq!(reference.untranslated, ["EX0201"]);
    }

    #[test]
    fn a_kept_page_keeps_its_hand_written_parts() {
        let catalog = catalog(
            r#"{"error_info_list": [
  {"errClass": "Demo Errors", "errTitle": "Resource_Error", "ErrCode": "EX0201",
   "ErrMessage": "Failed to allocate %s host memory.", "Arglist": "buf_size",
   "suggestion": {"Possible Cause": "Too little memory.", "Solution": "1. Stop a. 2. Stop b."}}
]}"#,
        );
        let page = "# EX0201 Resource\\_Error\n\n## 错误信息\n\n报错格式如下，占位符%s的含义为内存大小：\n\n```\nFailed to allocate %s host memory.\n```\n\n报错示例：\n\n```text\nFailed to allocate 1G host memory.\n```\n\n## 解决方法\n\n1. 停止a。\n2. 停止b。\n";
        let mut kept = KeptReference::default();
        kept.add("demo/EX0201-Resource_Error.md", page);
        kept.add("demo/Demo.md", "# Demo Errors\n");
        let reference = catalog
            .to_cann_docs(Language::Chinese, &Documentation::default(), &kept)
            .unwrap();
        assert_eq!(reference.pages[0].path, "demo/EX0201-Resource_Error.md");
        assert_eq!(
            reference.pages[0].text,
            "# EX0201 Resource\\_Error\n\n## 错误信息\n\n报错格式如下，占位符%s的含义为内存大小：\n\n```\nFailed to allocate %s host memory.\n```\n\n报错示例：\n\n```text\nFailed to allocate 1G host memory.\n```\n\n## 可能原因\n\nToo little memory.\n\n## 解决方法\n\n1. 停止a。\n2. 停止b。\n"
        );
        assert_eq!(reference.pages[1].path, "demo/Demo.md");
        assert_eq!(reference.untranslated, ["EX0201"]);
    }

    #[test]
    fn a_comment_that_ends_the_page_is_kept_when_the_solution_is_rewritten() {
        let entry = Entry::new("EK0201", "Cannot allocate %s.", "size");
        let mut entry = entry;
        entry.suggestion = Some(crate::Suggestion {
            cause: None,
            solution: Some("Free memory.".to_owned()),
        });
        let page = "# EK0201\n\n## Symptom\n\nThe following is error format. The placeholder %s indicates the size.\n\n```text\nCannot allocate %s.\n```\n\n## Solution\n\nStop processes.\n\n<!-- Reviewed by\n     the memory team. -->\n<!-- keep -->\n";
        let updated = update_page(&entry, Language::English, None, page);
        assert_eq!(
            updated.text,
            page.replace("Stop processes.", "Free memory.")
        );
        // A page that ends without one is as it was.
        let plain = "# EK0201\n\n## Symptom\n\nThe following is error format. The placeholder %s indicates the size.\n\n```text\nCannot allocate %s.\n```\n\n## Solution\n\nFree memory. <!-- inline -->\n";
        assert_eq!(KeptPage::parse("", plain).trailer, Vec::<String>::new());
    }

    #[test]
    fn a_translated_description_is_kept_for_a_placeholder_the_new_template_still_has() {
        let entry = Entry::new(
            "EK0201",
            "Failed to allocate %s via %s.",
            "buf_size, alloc_interface",
        );
        let page = "# EK0201\n\n## 错误信息\n\n报错格式如下，占位符%s的含义为内存大小：\n\n```text\nFailed to allocate %s.\n```\n";
        let sentence = Language::Chinese.placeholder_sentence(&["内存大小", "alloc_interface"]);
        let updated = update_page(&entry, Language::Chinese, None, page);
        assert_eq!(
            updated.text,
            format!(
                "# EK0201\n\n## 错误信息\n\n{sentence}\n\n```text\nFailed to allocate %s via %s.\n```\n"
            )
        );
        assert!(sentence.contains("内存大小"), "{sentence}");
    }

    #[test]
    fn a_kept_english_section_keeps_its_layout_while_it_says_the_same() {
        let catalog = catalog(
            r#"{"error_info_list": [
  {"errClass": "Demo Errors", "errTitle": "Resource_Error", "ErrCode": "EX0201",
   "ErrMessage": "Stopped.", "Arglist": "",
   "suggestion": {"Possible Cause": "1. Run set_env.sh. 2.Retry.", "Solution": "N/A"}},
  {"errClass": "Demo Errors", "errTitle": "Resource_Error", "ErrCode": "EX0202",
   "ErrMessage": "Stopped.", "Arglist": "",
   "suggestion": {"Possible Cause": "A new cause.", "Solution": "N/A"}}
]}"#,
        );
        let page = |code: &str| {
            format!(
                "# {code} Resource\\_Error\n\n## Symptom\n\n```text\nStopped.\n```\n\n## Possible Cause\n\n1. Run set\\_env.sh.\n\n2. Retry.\n\n## Solution\n\nAsk for help.\n"
            )
        };
        let mut kept = KeptReference::default();
        kept.add("Demo-Errors/EX0201-Resource_Error.md", &page("EX0201"));
        kept.add("Demo-Errors/EX0202-Resource_Error.md", &page("EX0202"));
        let reference = catalog
            .to_cann_docs(Language::English, &Documentation::default(), &kept)
            .unwrap();
        assert_eq!(reference.pages[0].text, page("EX0201"));
        assert_eq!(
            reference.pages[1].text,
            "# EX0202 Resource\\_Error\n\n## Symptom\n\n```text\nStopped.\n```\n\n## Possible Cause\n\nA new cause.\n\n## Solution\n\nAsk for help.\n"
        );
    }

    #[test]
    fn a_changed_template_keeps_the_examples_values_or_says_it_drops_them() {
        let catalog = catalog(
            r#"{"error_info_list": [
  {"errClass": "Demo Errors", "errTitle": "Resource_Error", "ErrCode": "EX0201",
   "ErrMessage": "Cannot allocate %s of host memory.", "Arglist": "buf_size"},
  {"errClass": "Demo Errors", "errTitle": "Resource_Error", "ErrCode": "EX0202",
   "ErrMessage": "Cannot allocate %s of %s memory.", "Arglist": "buf_size, kind"}
]}"#,
        );
        let page = |code: &str| {
            format!(
                "# {code} Resource\\_Error\n\n## Symptom\n\nThe following is error format. The placeholder %s indicates the memory size.\n\n```text\nFailed to allocate %s host memory.\n```\n\nError example:\n\n```text\nFailed to allocate 1G host memory.\n```\n"
            )
        };
        let mut kept = KeptReference::default();
        kept.add("Demo-Errors/EX0201-Resource_Error.md", &page("EX0201"));
        kept.add("Demo-Errors/EX0202-Resource_Error.md", &page("EX0202"));
        let reference = catalog
            .to_cann_docs(Language::English, &Documentation::default(), &kept)
            .unwrap();
        // One placeholder still: the example's value fills the new message.
        assert_eq!(
            reference.pages[0].text,
            "# EX0201 Resource\\_Error\n\n## Symptom\n\nThe following is error format. The placeholder %s indicates the memory size.\n\n```text\nCannot allocate %s of host memory.\n```\n\nError example:\n\n```text\nCannot allocate 1G of host memory.\n```\n"
        );
        // Two now: the sentence and the example cannot be kept, and say so.
        assert_eq!(
            reference.pages[1].text,
            "# EX0202 Resource\\_Error\n\n## Symptom\n\nThe following is error format. The meanings of the placeholders %s in sequence are: buf_size, kind.\n\n```text\nCannot allocate %s of %s memory.\n```\n"
        );
        let dropped: Vec<String> = reference
            .dropped
            .iter()
            .map(|(code, part)| format!("{code}: {part}"))
            .collect();
        assert_eq!(
            dropped,
            [
                "EX0202: the placeholder sentence \"The following is error format. The placeholder %s indicates \"... was rewritten: it does not describe the message's 2 placeholders",
                "EX0202: the error example \"Failed to allocate 1G host memory.\" was dropped: it has 1 value and the message now has 2 placeholders",
            ]
        );
    }

    #[test]
    fn example_values_are_read_back_with_their_template() {
        assert_eq!(
            example_values(
                "Value %s for %s is invalid.",
                "Value 7 for size is invalid."
            ),
            Some(vec!["7".to_owned(), "size".to_owned()])
        );
        assert_eq!(example_values("%s%s", "ab"), None);
        assert_eq!(example_values("Value %s.", "Other 7."), None);
        assert_eq!(
            example_values("No placeholder.", "No placeholder."),
            Some(vec![])
        );
    }
}
