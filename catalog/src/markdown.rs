//! A catalog as a Markdown reference: a page per code, an index per class,
//! and a top index of the classes.

use std::collections::{BTreeMap, HashSet};

use errcat_syntax::classify_code;

use crate::model::{Catalog, Entry};

/// The class of entries that have none.
const UNCLASSIFIED: &str = "Unclassified";

/// One Markdown file of a reference.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Page {
    /// Where the page goes, relative to the reference's folder, with `/`
    /// between folders: `index.md`, `classes/profiling-errors.md`, `codes/EK0201.md`.
    pub path: String,
    /// The Markdown text.
    pub text: String,
}

impl Catalog {
    /// The catalog as a Markdown reference: `index.md` lists the classes,
    /// `classes/<class>.md` lists each class's codes with their titles and
    /// messages, and `codes/<CODE>.md` gives everything about one code (its
    /// title, its message with the arguments named, its possible cause and
    /// its solution). Pages link to each other with relative links.
    ///
    /// Classes are grouped by their trimmed text; entries without a class
    /// are listed as "Unclassified".
    ///
    /// ```
    /// let catalog = errcat_catalog::load(r#"{"error_info_list": [
    ///   {"errClass": "Profiling Errors", "errTitle": "Resource_Error", "ErrCode": "EK0203",
    ///    "ErrMessage": "Failed to create host thread for Profiling. Reason: %s.", "Arglist": "reason"}
    /// ]}"#).into_result().unwrap();
    /// let pages = catalog.to_markdown();
    /// let paths: Vec<&str> = pages.iter().map(|page| page.path.as_str()).collect();
    /// assert_eq!(paths, ["index.md", "classes/profiling-errors.md", "codes/EK0203.md"]);
    /// assert!(pages[2].text.contains("Failed to create host thread for Profiling. Reason: `{reason}`."));
    /// ```
    pub fn to_markdown(&self) -> Vec<Page> {
        let mut classes: BTreeMap<String, Vec<&Entry>> = BTreeMap::new();
        for entry in &self.entries {
            classes.entry(class_name(entry)).or_default().push(entry);
        }
        // "Unclassified" goes last, after the named classes.
        let mut ordered: Vec<(String, Vec<&Entry>)> = classes.into_iter().collect();
        ordered.sort_by_key(|(name, _)| (name == UNCLASSIFIED, name.clone()));
        let mut paths = Paths::default();
        let class_files: Vec<String> = ordered
            .iter()
            .map(|(name, _)| paths.unique("classes", &slug(name)))
            .collect();
        let mut code_files: Vec<(&Entry, String, usize)> = Vec::new();
        for (class_index, (_, entries)) in ordered.iter_mut().enumerate() {
            entries.sort_by(|a, b| a.code.cmp(&b.code));
            for entry in entries.iter() {
                let stem = if classify_code(&entry.code).is_ok() {
                    entry.code.clone()
                } else {
                    slug(&entry.code)
                };
                code_files.push((entry, paths.unique("codes", &stem), class_index));
            }
        }

        let mut pages = Vec::with_capacity(1 + ordered.len() + code_files.len());
        let mut index = String::from("# Error codes\n\n| Class | Codes |\n| --- | --- |\n");
        for ((name, entries), file) in ordered.iter().zip(&class_files) {
            index.push_str(&format!(
                "| [{}]({file}) | {} |\n",
                escape(name),
                entries.len()
            ));
        }
        pages.push(Page {
            path: "index.md".to_owned(),
            text: index,
        });
        for (class_index, ((name, _), file)) in ordered.iter().zip(&class_files).enumerate() {
            let mut text = format!(
                "# {}\n\n[All classes](../index.md)\n\n| Code | Title | Message |\n| --- | --- | --- |\n",
                escape(name)
            );
            for (entry, code_file, _) in code_files
                .iter()
                .filter(|(_, _, class)| *class == class_index)
            {
                text.push_str(&format!(
                    "| [{}](../{code_file}) | {} | {} |\n",
                    escape(&entry.code),
                    entry.title.as_deref().map_or_else(String::new, escape),
                    one_line(&message_with_arguments(entry)),
                ));
            }
            pages.push(Page {
                path: file.clone(),
                text,
            });
        }
        for (entry, file, class_index) in &code_files {
            let (class_name, _) = &ordered[*class_index];
            pages.push(Page {
                path: file.clone(),
                text: code_page(entry, class_name, &class_files[*class_index]),
            });
        }
        // A retired code keeps a page that says it is no longer reported,
        // as rustc's error index keeps one for each retired error.
        for retired in &self.retired {
            let stem = if classify_code(&retired.code).is_ok() {
                retired.code.clone()
            } else {
                slug(&retired.code)
            };
            let file = paths.unique("codes", &stem);
            let mut text = format!(
                "# {}\n\n[All classes](../index.md)\n\n**No longer reported.** ",
                escape(&retired.code)
            );
            match &retired.since {
                Some(since) => text.push_str(&format!("Retired in {}.", escape(since))),
                None => text.push_str("Retired."),
            }
            if let Some(replacement) = &retired.replacement {
                match code_files
                    .iter()
                    .find(|(entry, _, _)| entry.code == *replacement)
                {
                    Some((_, replacement_file, _)) => text.push_str(&format!(
                        " Report [{}](../{replacement_file}) instead.",
                        escape(replacement)
                    )),
                    None => text.push_str(&format!(" Report {} instead.", escape(replacement))),
                }
            }
            text.push('\n');
            pages.push(Page { path: file, text });
        }
        pages
    }
}

fn code_page(entry: &Entry, class_name: &str, class_file: &str) -> String {
    let mut text = format!("# {}", escape(&entry.code));
    if let Some(title) = &entry.title {
        text.push_str(&format!(": {}", escape(title)));
    }
    text.push_str("\n\n");
    let kind = match classify_code(&entry.code) {
        Ok(kind) if kind.internal => "internal error",
        Ok(kind) if kind.warning => "warning",
        _ => "error",
    };
    text.push_str(&format!(
        "Class: [{}](../{class_file})  \nKind: {kind}\n\n## Message\n\n{}\n\n",
        escape(class_name),
        paragraph(&message_with_arguments(entry))
    ));
    let names = entry.names();
    if names.is_empty() {
        text.push_str("The message has no arguments.\n\n");
    } else {
        text.push_str("| Argument | Fills placeholder |\n| --- | --- |\n");
        let mut seen: Vec<&str> = Vec::new();
        for name in &names {
            if seen.contains(name) {
                continue;
            }
            seen.push(name);
            let places: Vec<String> = names
                .iter()
                .enumerate()
                .filter(|(_, other)| *other == name)
                .map(|(index, _)| (index + 1).to_string())
                .collect();
            text.push_str(&format!("| `{name}` | {} |\n", places.join(", ")));
        }
        text.push('\n');
    }
    text.push_str(&format!("Template: {}\n", code_span(&entry.message)));
    for (heading, body) in [
        ("Possible cause", entry.cause()),
        ("Solution", entry.solution()),
    ] {
        if let Some(body) = body {
            text.push_str(&format!("\n## {heading}\n\n{}\n", paragraph(&escape(body))));
        }
    }
    text
}

/// The message with each placeholder shown as its argument's name, the
/// literal text escaped.
fn message_with_arguments(entry: &Entry) -> String {
    match entry.definition() {
        Ok(definition) => {
            let mut text = String::new();
            for (index, piece) in definition.pieces.iter().enumerate() {
                text.push_str(&escape(piece));
                if let Some(name) = definition.args.get(index) {
                    text.push_str(&format!("`{{{name}}}`"));
                }
            }
            text
        }
        Err(_) => escape(&entry.message),
    }
}

fn class_name(entry: &Entry) -> String {
    match entry.class.as_deref().map(str::trim) {
        Some(class) if !class.is_empty() => class.to_owned(),
        _ => UNCLASSIFIED.to_owned(),
    }
}

/// Backslash-escapes what Markdown would read as markup, so that texts show
/// as written.
///
/// ```
/// assert_eq!(errcat_catalog::escape_markdown("a_b *c* <d>"), r"a\_b \*c\* \<d\>");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let digits = line.chars().take_while(char::is_ascii_digit).count();
        for (index, c) in line.chars().enumerate() {
            let list_marker = index == digits && digits > 0 && matches!(c, '.' | ')');
            let line_start = index == 0 && matches!(c, '#' | '-' | '+' | '=' | '>');
            if list_marker
                || line_start
                || matches!(
                    c,
                    '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '~' | '&'
                )
            {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out
}

/// A Markdown code span showing `text` as is, whatever backticks it holds.
///
/// ```
/// assert_eq!(errcat_catalog::code_span("a`b"), "``a`b``");
/// ```
pub fn code_span(text: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{}{pad}{fence}", text.replace('\n', " "))
}

/// Newlines in a text become Markdown hard line breaks.
fn paragraph(text: &str) -> String {
    text.trim_end_matches('\n').replace('\n', "\\\n")
}

/// A text for a table cell: on one line.
fn one_line(text: &str) -> String {
    text.replace('\n', " ")
}

/// A file name from a text: lowercase letters and digits, `-` for the rest.
fn slug(text: &str) -> String {
    let mut slug = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-').to_owned();
    if slug.is_empty() {
        "page".to_owned()
    } else {
        slug
    }
}

/// Hands out page paths, none twice.
#[derive(Default)]
struct Paths {
    taken: HashSet<String>,
}

impl Paths {
    fn unique(&mut self, folder: &str, stem: &str) -> String {
        let mut path = format!("{folder}/{stem}.md");
        let mut number = 2;
        while self.taken.contains(&path) {
            path = format!("{folder}/{stem}-{number}.md");
            number += 1;
        }
        self.taken.insert(path.clone());
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_exact() {
        let catalog = crate::load(
            r#"{"error_info_list": [
  {"errClass": "Profiling Errors", "errTitle": "Resource_Error_Insufficient_Host_Memory", "ErrCode": "EK0201",
   "ErrMessage": "Failed to allocate %s host memory for Profiling.", "Arglist": "buf_size",
   "suggestion": {"Possible Cause": "Allocation failed due to insufficient host memory.", "Solution": "1. Stop processes.\n2. Retry."}},
  {"ErrCode": "EI0003", "ErrMessage": "In %s, %s [%s] is %s_x.", "Arglist": "op, value, param, value"},
  {"errClass": "HCCL Errors ", "ErrCode": "EI0001", "ErrMessage": "Bad.", "Arglist": ""}
]}"#,
        )
        .catalog;
        let pages = catalog.to_markdown();
        let paths: Vec<&str> = pages.iter().map(|page| page.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "index.md",
                "classes/hccl-errors.md",
                "classes/profiling-errors.md",
                "classes/unclassified.md",
                "codes/EI0001.md",
                "codes/EK0201.md",
                "codes/EI0003.md"
            ]
        );
        assert_eq!(
            pages[0].text,
            "# Error codes\n\n| Class | Codes |\n| --- | --- |\n\
             | [HCCL Errors](classes/hccl-errors.md) | 1 |\n\
             | [Profiling Errors](classes/profiling-errors.md) | 1 |\n\
             | [Unclassified](classes/unclassified.md) | 1 |\n"
        );
        assert_eq!(
            pages[3].text,
            "# Unclassified\n\n[All classes](../index.md)\n\n| Code | Title | Message |\n| --- | --- | --- |\n\
             | [EI0003](../codes/EI0003.md) |  | In `{op}`, `{value}` \\[`{param}`\\] is `{value}`\\_x. |\n"
        );
        assert_eq!(
            pages[5].text,
            "# EK0201: Resource\\_Error\\_Insufficient\\_Host\\_Memory\n\n\
             Class: [Profiling Errors](../classes/profiling-errors.md)  \nKind: error\n\n\
             ## Message\n\nFailed to allocate `{buf_size}` host memory for Profiling.\n\n\
             | Argument | Fills placeholder |\n| --- | --- |\n| `buf_size` | 1 |\n\n\
             Template: `Failed to allocate %s host memory for Profiling.`\n\n\
             ## Possible cause\n\nAllocation failed due to insufficient host memory.\n\n\
             ## Solution\n\n1\\. Stop processes.\\\n2\\. Retry.\n"
        );
        assert_eq!(
            pages[6].text,
            "# EI0003\n\nClass: [Unclassified](../classes/unclassified.md)  \nKind: error\n\n\
             ## Message\n\nIn `{op}`, `{value}` \\[`{param}`\\] is `{value}`\\_x.\n\n\
             | Argument | Fills placeholder |\n| --- | --- |\n| `op` | 1 |\n| `value` | 2, 4 |\n| `param` | 3 |\n\n\
             Template: `In %s, %s [%s] is %s_x.`\n"
        );
        assert!(pages[4].text.contains("The message has no arguments.\n"));
    }

    #[test]
    fn slugs_and_paths_never_clash() {
        assert_eq!(slug("HCCL Errors "), "hccl-errors");
        assert_eq!(code_span("a `b`"), "`` a `b` ``");
        assert_eq!(code_span("%s"), "`%s`");
        assert_eq!(slug("../../etc"), "etc");
        assert_eq!(slug("!!"), "page");
        let mut paths = Paths::default();
        assert_eq!(paths.unique("classes", "a"), "classes/a.md");
        assert_eq!(paths.unique("classes", "a"), "classes/a-2.md");
    }
}
