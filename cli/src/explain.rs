//! `errcode explain CODE`: everything known about one code.

use std::path::{Path, PathBuf};

use errcat::catalog::{Catalog, Entry, Position, Suggestion, field_name};
use errcat::{register_catalog_json, registry, report_dynamic};
use errcat_syntax::classify_code;

use errcat_catalog::c_source::{Layout, SiteCode};

use crate::against::{Content, kind_of, read_whole};
use crate::outcome::Outcome;
use crate::paths::{self, shown};
use crate::source::Source;
use crate::walk::walk;

/// Every file of a known kind under the `--against` paths, read whole.
struct Sources {
    files: Vec<(String, Content)>,
    unreadable: Vec<String>,
}

impl Sources {
    fn read(paths_given: &[PathBuf]) -> Sources {
        let walked = walk(paths_given, &[], crate::walk::DEFAULT_MAX_FILE_SIZE);
        let mut files = Vec::new();
        let mut unreadable = walked.unreadable.clone();
        for file in &walked.files {
            let Some(kind) = kind_of(&file.path) else {
                continue;
            };
            match crate::walk::read_file(&file.path, walked.max_size) {
                Ok(bytes) => {
                    if let Some(content) = read_whole(&kind, &bytes) {
                        files.push((paths::name(&file.path), content));
                    }
                }
                Err(failure) => unreadable.push(failure.describe(&file.path, walked.max_size)),
            }
        }
        Sources { files, unreadable }
    }
}

pub(crate) fn run(code: &str, catalog: Option<&Path>, against: &[PathBuf]) -> Outcome {
    // Codes are upper case; `ek0201` is how one is often typed.
    let code = &code.to_ascii_uppercase();
    let (mut source, mut note) = match Source::open(catalog).and_then(Source::readable) {
        Ok(opened) => opened,
        Err(failure) => return failure,
    };
    let sources = (!against.is_empty()).then(|| Sources::read(against));
    let mut copies = String::new();
    if let Some(sources) = &sources {
        for why in &sources.unreadable {
            note.push_str(&crate::outcome::note_line(why));
        }
        copies = copies_of(
            code,
            source
                .defined
                .get(code)
                .map(|defined| defined.item.as_str()),
            sources,
        );
        if source.catalog.get(code).is_none()
            && let Some((file, entry)) = defined_in(code, sources)
        {
            // A code no catalog has is explained from its definition.
            source = Source {
                file: Some(file),
                catalog: Catalog::new(vec![entry]),
                diagnostics: Vec::new(),
                omitted_errors: 0,
                omitted_warnings: 0,
                docs: Default::default(),
                refused: Vec::new(),
                defined: Default::default(),
                left_out: Vec::new(),
            };
        }
    }
    let Some(entry) = source.catalog.get(code) else {
        if let Some(retired) = source.catalog.retired(code) {
            // A retired code is explained as rustc's error index explains
            // one: it is no longer reported, and what replaced it.
            let mut text = format!(
                "{}: retired\n{}\n",
                shown(code),
                shown(&capitalized(&retired.describe()))
            );
            if let Some(file) = source.file_of(code) {
                text.push_str(&format!("Retired at: {file}:{}\n", retired.position.line));
            }
            if let Some(replacement) = retired
                .replacement
                .as_deref()
                .and_then(|replacement| source.catalog.get(replacement))
            {
                text.push_str(&format!(
                    "\n{}: {}\n",
                    shown(&replacement.code),
                    shown(&replacement.message)
                ));
            }
            text.push_str(&copies);
            return Outcome {
                stdout: text,
                stderr: note,
                ..Outcome::default()
            };
        }
        let mut outcome = Outcome::error(unknown(code, &source));
        outcome.stderr.insert_str(0, &note);
        return outcome;
    };
    // Every text of the catalog as a line shows it: none can start a line
    // of its own (`Class: C\r\nEK9999: forged`), move the cursor or turn
    // the line around.
    let mut text = String::new();
    text.push_str(&shown(&entry.code));
    if let Some(title) = &entry.title {
        text.push_str(&format!(": {}", shown(title)));
    }
    text.push('\n');
    if let Some(class) = &entry.class {
        text.push_str(&format!("Class: {}\n", shown(class)));
    }
    text.push_str(&format!("Kind: {}\n", kind(&entry.code)));
    match source.file_of(code) {
        Some(file) => text.push_str(&format!("Defined at: {file}:{}\n", entry.position.line)),
        None => {
            if let Some(def) = registry().get(code) {
                text.push_str(&format!("Defined at: {}\n", def.location()));
            }
        }
    }
    text.push_str(&format!("\nMessage: {}\n", shown(&entry.message)));
    let names = entry.names();
    if names.is_empty() {
        text.push_str("Arguments: none\n");
    } else {
        text.push_str(&format!("Arguments: {}\n", shown(&names.join(", "))));
    }
    text.push_str(&format!(
        "\nPossible cause: {}\nSolution: {}\n",
        shown(entry.cause().unwrap_or("N/A")),
        shown(entry.solution().unwrap_or("N/A"))
    ));
    let problems: Vec<String> = source
        .diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.code.as_deref() == Some(code))
        .map(|diagnostic| format!("  {}\n", shown(&diagnostic.to_string())))
        .collect();
    if !problems.is_empty() {
        text.push_str("\nProblems:\n");
        text.extend(problems);
    }
    if let Some(rendered) = render(entry, source.file.is_some()) {
        text.push_str("\nAs reported, with each argument shown by name:\n");
        for line in rendered.lines() {
            text.push_str(&format!("  {}\n", shown(line)));
        }
        let fields = entry
            .definition()
            .map(|definition| definition.fields)
            .unwrap_or_default();
        let keys: Vec<String> = fields.iter().map(|name| format!("{name:?}")).collect();
        let values: Vec<String> = fields.iter().map(|name| field_name(name)).collect();
        text.push_str(&format!(
            "\nReport it from Rust:\n  errcat::report!({}, [{}], [{}]);\n",
            shown(&format!("{:?}", entry.code)),
            shown(&keys.join(", ")),
            shown(&values.join(", "))
        ));
    }
    text.push_str(&copies);
    Outcome {
        stdout: text,
        stderr: note,
        ..Outcome::default()
    }
}

/// How many report sites `explain` lists before counting the rest.
const SITES_LISTED: usize = 20;

/// The code's copies and report sites among `sources`, as `explain` lists
/// them; the Rust fields' doc comments and examples with their definition.
/// `item` is the Rust type or variant that defines the code, when the
/// catalog is a folder of Rust sources: the reports of its values
/// (`.report()`, `.reported()`) are its sites too.
fn copies_of(code: &str, item: Option<&str>, sources: &Sources) -> String {
    // The definition's item, from the catalog or from a definition among
    // the sources.
    let item: Option<String> = item.map(str::to_owned).or_else(|| {
        sources.files.iter().find_map(|(_, content)| match content {
            Content::Rust(Ok(rust)) => rust
                .definitions
                .iter()
                .find(|definition| definition.code.value == code)
                .map(|definition| definition.item.clone()),
            _ => None,
        })
    });
    let mut copies = Vec::new();
    let mut sites = Vec::new();
    let mut fields = Vec::new();
    // Names that give a code (constants, enumerators of X-macro tables),
    // so that a site written with one is listed too.
    let mut names: std::collections::HashMap<&str, std::collections::BTreeSet<&str>> =
        std::collections::HashMap::new();
    for (_, content) in &sources.files {
        if let Content::C(c) = content {
            for constant in &c.constants {
                names
                    .entry(&constant.name)
                    .or_default()
                    .insert(&constant.code);
            }
            for row in &c.rows {
                if let Some(enumerator) = &row.enumerator {
                    names.entry(enumerator).or_default().insert(&row.code);
                }
            }
        }
    }
    let names_code = |site: &SiteCode| match site {
        SiteCode::Literal(literal) => literal == code,
        SiteCode::Named(_) => names
            .get(site.last())
            .is_some_and(|codes| codes.len() == 1 && codes.contains(code)),
    };
    for (path, content) in &sources.files {
        match content {
            Content::C(c) => {
                for row in c.rows.iter().filter(|row| row.code == code) {
                    let layout = match row.layout {
                        Layout::StructArray => "C table row",
                        Layout::XMacro => "X-macro row",
                    };
                    copies.push(format!("  {path}:{} ({layout})\n", row.at.line));
                }
                for site in c.sites.iter().filter(|site| names_code(&site.code)) {
                    match &site.code {
                        SiteCode::Named(name) => {
                            sites.push(format!(
                                "  {path}:{} (through {})\n",
                                site.at.line,
                                shown(name)
                            ));
                        }
                        SiteCode::Literal(_) => sites.push(format!("  {path}:{}\n", site.at.line)),
                    }
                }
            }
            Content::Rust(Ok(rust)) => {
                for definition in rust.definitions.iter().filter(|d| d.code.value == code) {
                    copies.push(format!(
                        "  {path}:{} (Rust definition {})\n",
                        definition.code.at.line,
                        shown(&definition.item)
                    ));
                    for field in definition.fields.iter().filter(|field| !field.source) {
                        let doc = field.doc.as_deref().unwrap_or("(no doc comment)");
                        fields.push(format!(
                            "  {}: {}\n",
                            shown(&field.name),
                            shown(&doc.replace('\n', " "))
                        ));
                    }
                    if let Some((example, _)) = &definition.example {
                        fields.push(format!("  example: {}\n", shown(&example.join(", "))));
                    }
                }
                for site in rust.sites.iter().filter(|site| site.code.value == code) {
                    sites.push(format!("  {path}:{}\n", site.code.at.line));
                }
                if let Some(item) = &item {
                    for site in rust.value_sites.iter().filter(|site| site.builds(item)) {
                        sites.push(format!(
                            "  {path}:{} ({})\n",
                            site.at.line,
                            shown(&format!("{}.{}()", site.path, site.method))
                        ));
                    }
                }
            }
            Content::Rust(Err(_)) => {}
            Content::Page(page) if page.code == code => {
                copies.push(format!("  {path}:{} (reference page)\n", page.at.line));
            }
            Content::Page(_) => {}
            Content::Json(catalog) => {
                if let Some(entry) = catalog.get(code) {
                    copies.push(format!(
                        "  {path}:{} (catalog entry)\n",
                        entry.position.line
                    ));
                }
            }
        }
    }
    let mut text = String::new();
    if !fields.is_empty() {
        text.push_str("\nArguments, as the Rust definition documents them:\n");
        text.extend(fields);
    }
    if !copies.is_empty() {
        text.push_str("\nCopies:\n");
        text.extend(copies);
    }
    if !sites.is_empty() {
        text.push_str(&format!("\nReport sites ({}):\n", sites.len()));
        let more = sites.len().saturating_sub(SITES_LISTED);
        text.extend(sites.into_iter().take(SITES_LISTED));
        if more > 0 {
            text.push_str(&format!("  ... and {more} more\n"));
        }
    }
    text
}

/// The code's first definition among `sources` (a Rust definition, then a
/// table row) as a catalog entry, with the file it is in.
fn defined_in(code: &str, sources: &Sources) -> Option<(String, Entry)> {
    let rust = sources
        .files
        .iter()
        .find_map(|(path, content)| match content {
            Content::Rust(Ok(rust)) => rust
                .definitions
                .iter()
                .find(|definition| definition.code.value == code)
                .map(|definition| (path, definition)),
            _ => None,
        });
    if let Some((path, definition)) = rust {
        let mut entry = Entry::new(
            code,
            definition.template().unwrap_or_default(),
            definition.arg_names().0.join(", "),
        );
        entry.title = definition.title.as_ref().map(|title| title.value.clone());
        entry.class = definition.class.as_ref().map(|class| class.value.clone());
        let cause = definition.cause.as_ref().map(|text| text.value.clone());
        let solution = definition.solution.as_ref().map(|text| text.value.clone());
        if cause.is_some() || solution.is_some() {
            entry.suggestion = Some(Suggestion::new(cause, solution));
        }
        entry.position = Position::new(definition.code.at.line, definition.code.at.column);
        return Some((path.clone(), entry));
    }
    sources.files.iter().find_map(|(path, content)| {
        let Content::C(c) = content else {
            return None;
        };
        let row = c.rows.iter().find(|row| row.code == code)?;
        let mut entry = Entry::new(code, row.message.clone(), row.names.join(", "));
        let text = |field: &Option<errcat_catalog::c_source::RowText>| {
            field.as_ref().and_then(|field| field.text.clone())
        };
        let (cause, solution) = (text(&row.cause), text(&row.solution));
        if cause.is_some() || solution.is_some() {
            entry.suggestion = Some(Suggestion::new(cause, solution));
        }
        entry.position = row.at;
        Some((path.clone(), entry))
    })
}

fn kind(code: &str) -> &'static str {
    match classify_code(code) {
        Ok(kind) if kind.internal => "internal error (rendered as `Inner Error!`)",
        Ok(kind) if kind.warning => "warning",
        _ => "error",
    }
}

/// The message as the runtime renders a report of the entry, with `<name>`
/// for each argument; `None` for an entry that cannot be registered.
fn render(entry: &Entry, from_file: bool) -> Option<String> {
    let definition = entry.definition().ok()?;
    if from_file {
        // The file's entry takes over the code in this process's registry.
        let single = Catalog::new(vec![entry.clone()]);
        register_catalog_json(&single.to_json(), u32::MAX).ok()?;
    }
    let values: Vec<String> = definition
        .fields
        .iter()
        .map(|name| format!("<{name}>"))
        .collect();
    let args: Vec<(&str, &str)> = definition
        .fields
        .iter()
        .map(String::as_str)
        .zip(values.iter().map(String::as_str))
        .collect();
    report_dynamic(&entry.code, &args).ok()?;
    let rendered = if definition.kind.warning {
        errcat::take_warning_message()
    } else {
        errcat::take_error_message()
    }?;
    Some(rendered.replace("\r\n", "\n"))
}

/// Why `code` is not explained: not a code, or not in the catalog (with the
/// closest code it has).
fn unknown(code: &str, source: &Source) -> String {
    if let Err(why) = classify_code(code) {
        return format!("`{code}` is not an error code: {why}");
    }
    let closest = source
        .catalog
        .entries
        .iter()
        .map(|entry| (differences(code, &entry.code), entry.code.as_str()))
        .filter(|&(distance, _)| distance <= 2)
        .min();
    let hint = closest.map_or_else(String::new, |(_, close)| format!("; did you mean {close}?"));
    format!("no code {code} in {}{hint}", source.name())
}

/// How many characters differ between two codes of the same length.
fn differences(a: &str, b: &str) -> usize {
    if a.chars().count() != b.chars().count() {
        return usize::MAX;
    }
    a.chars().zip(b.chars()).filter(|(x, y)| x != y).count()
}

/// `text` with its first letter in upper case.
fn capitalized(text: &str) -> String {
    let mut characters = text.chars();
    characters.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(characters).collect()
    })
}
