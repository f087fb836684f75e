//! `errcode check FILE... [--against PATH]...`: the defects of every
//! catalog, and where the other copies of their codes disagree with them,
//! a line each.

use std::path::PathBuf;

use errcode::catalog::{Diagnostic, Severity};
use serde_json::{Value, json};

use crate::against::{Checked, compare};
use crate::args::CheckFormat;
use crate::outcome::{Outcome, Status};
use crate::source::{Source, finding_lines, plural};

pub(crate) fn run(
    files: &[PathBuf],
    against: &[PathBuf],
    warn: bool,
    format: CheckFormat,
) -> Outcome {
    let mut outcome = Outcome::default();
    let mut findings: Vec<Value> = Vec::new();
    let mut read: Vec<Source> = Vec::new();
    let mut warnings = 0;
    for path in files {
        let file = path.display().to_string();
        let source = match Source::read(path) {
            Ok(source) => source,
            Err(unreadable) => {
                outcome.status = outcome.status.max(unreadable.status);
                match format {
                    CheckFormat::Text => outcome.stderr.push_str(&unreadable.stderr),
                    CheckFormat::Json => findings.push(json!({
                        "file": file,
                        "line": null,
                        "column": null,
                        "severity": "error",
                        "kind": "unreadable",
                        "code": null,
                        "entry": null,
                        "message": unreadable.stderr.trim_end().trim_start_matches("errcode: "),
                    })),
                }
                continue;
            }
        };
        if source.omitted_errors > 0 || source.diagnostics.iter().any(Diagnostic::is_error) {
            outcome.status = outcome.status.max(Status::Failure);
        }
        let shown = source
            .diagnostics
            .iter()
            .filter(|diagnostic| warn || diagnostic.is_error());
        let left_out = source.omitted_errors + if warn { source.omitted_warnings } else { 0 };
        if warn {
            warnings += source.diagnostics.iter().filter(|d| !d.is_error()).count()
                + source.omitted_warnings;
        }
        match format {
            CheckFormat::Text => outcome
                .stdout
                .push_str(&finding_lines(&file, shown, left_out)),
            CheckFormat::Json => {
                findings.extend(shown.map(|diagnostic| finding(&file, diagnostic)));
                // The cap closes with one more finding, of the same keys,
                // that says how many were left out.
                if left_out > 0 {
                    findings.push(json!({
                        "file": file,
                        "line": null,
                        "column": null,
                        "severity": if source.omitted_errors > 0 { "error" } else { "warning" },
                        "kind": "omitted",
                        "code": null,
                        "entry": null,
                        "message": format!("... and {left_out} more findings"),
                    }));
                }
            }
        }
        read.push(source);
    }
    let mut summary = String::new();
    if !against.is_empty() {
        let checked: Vec<Checked> = read
            .iter()
            .map(|source| Checked {
                file: source.name(),
                catalog: &source.catalog,
            })
            .collect();
        let compared = compare(&checked, against, warn);
        for why in &compared.unreadable {
            outcome.status = Status::InputError;
            match format {
                CheckFormat::Text => outcome.stderr.push_str(&format!("errcode: {why}\n")),
                CheckFormat::Json => findings.push(json!({
                    "file": null,
                    "line": null,
                    "column": null,
                    "severity": "error",
                    "kind": "unreadable",
                    "code": null,
                    "entry": null,
                    "message": why,
                })),
            }
        }
        let mut found = compared.findings;
        if warn {
            for checked in &checked {
                for entry in &checked.catalog.entries {
                    crate::text_rules::entry_rules(&checked.file, entry, &mut found);
                }
            }
            found.sort();
        }
        if found.iter().any(|finding| finding.is_error()) {
            outcome.status = outcome.status.max(Status::Failure);
        }
        warnings += found.iter().filter(|finding| !finding.is_error()).count();
        for finding in &found {
            match format {
                CheckFormat::Text => outcome.stdout.push_str(&format!("{finding}\n")),
                CheckFormat::Json => findings.push(finding.to_json()),
            }
        }
        summary = format!(" against {}", compared.tally);
    }
    if format == CheckFormat::Text && outcome.status == Status::Success {
        let entries: Vec<String> = read
            .iter()
            .map(|source| {
                let count = source.catalog.entries.len();
                format!(
                    "{count} entr{} in {}",
                    if count == 1 { "y" } else { "ies" },
                    source.name()
                )
            })
            .collect();
        let warned = match warnings {
            0 => String::new(),
            count => format!(", {count} warning{}", plural(count)),
        };
        outcome.stdout.push_str(&format!(
            "checked {}{summary}: no errors{warned}\n",
            entries.join(" and ")
        ));
    }
    if format == CheckFormat::Json {
        let output = Value::Array(findings);
        // Serializing a `Value` of strings and numbers cannot fail.
        outcome.stdout = serde_json::to_string_pretty(&output).unwrap_or_default();
        outcome.stdout.push('\n');
    }
    outcome
}

fn finding(file: &str, diagnostic: &Diagnostic) -> Value {
    json!({
        "file": file,
        "line": diagnostic.position.line,
        "column": diagnostic.position.column,
        "severity": match diagnostic.severity() {
            Severity::Error => "error",
            Severity::Warning => "warning",
        },
        "kind": diagnostic.kind.name(),
        "code": diagnostic.code,
        "entry": diagnostic.entry,
        "message": diagnostic.message,
    })
}
