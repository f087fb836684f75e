//! `errcode explain CODE`: everything known about one code.

use std::path::{Path, PathBuf};

use errcode::catalog::{Catalog, Entry, field_name};
use errcode::{register_catalog_json, registry, report_dynamic};
use errcode_syntax::classify_code;

use crate::outcome::Outcome;
use crate::source::Source;

pub(crate) fn run(code: &str, catalog: Option<&Path>, _against: &[PathBuf]) -> Outcome {
    // Codes are upper case; `ek0201` is how one is often typed.
    let code = &code.to_ascii_uppercase();
    let (source, note) = match Source::open(catalog).and_then(Source::readable) {
        Ok(opened) => opened,
        Err(failure) => return failure,
    };
    let Some(entry) = source.catalog.get(code) else {
        let mut outcome = Outcome::error(unknown(code, &source));
        outcome.stderr.insert_str(0, &note);
        return outcome;
    };
    let mut text = String::new();
    text.push_str(&entry.code);
    if let Some(title) = &entry.title {
        text.push_str(&format!(": {title}"));
    }
    text.push('\n');
    if let Some(class) = &entry.class {
        text.push_str(&format!("Class: {class}\n"));
    }
    text.push_str(&format!("Kind: {}\n", kind(&entry.code)));
    match &source.file {
        Some(file) => text.push_str(&format!("Defined at: {file}:{}\n", entry.position.line)),
        None => {
            if let Some(def) = registry().get(code) {
                text.push_str(&format!("Defined at: {}\n", def.location()));
            }
        }
    }
    text.push_str(&format!("\nMessage: {}\n", entry.message));
    let names = entry.names();
    if names.is_empty() {
        text.push_str("Arguments: none\n");
    } else {
        text.push_str(&format!("Arguments: {}\n", names.join(", ")));
    }
    text.push_str(&format!(
        "\nPossible cause: {}\nSolution: {}\n",
        entry.cause().unwrap_or("N/A"),
        entry.solution().unwrap_or("N/A")
    ));
    let problems: Vec<String> = source
        .diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.code.as_deref() == Some(code))
        .map(|diagnostic| format!("  {diagnostic}\n"))
        .collect();
    if !problems.is_empty() {
        text.push_str("\nProblems:\n");
        text.extend(problems);
    }
    if let Some(rendered) = render(entry, source.file.is_some()) {
        text.push_str("\nAs reported, with each argument shown by name:\n");
        for line in rendered.lines() {
            text.push_str(&format!("  {line}\n"));
        }
        let fields = entry
            .definition()
            .map(|definition| definition.fields)
            .unwrap_or_default();
        let keys: Vec<String> = fields.iter().map(|name| format!("{name:?}")).collect();
        let values: Vec<String> = fields.iter().map(|name| field_name(name)).collect();
        text.push_str(&format!(
            "\nReport it from Rust:\n  errcode::msprof_env_error!({:?}, [{}], [{}]);\n",
            entry.code,
            keys.join(", "),
            values.join(", ")
        ));
    }
    Outcome {
        stdout: text,
        stderr: note,
        ..Outcome::default()
    }
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
        errcode::take_warning_message()
    } else {
        errcode::take_error_message()
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
