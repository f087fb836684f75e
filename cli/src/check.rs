//! `errcode check FILE...`: every defect of every file, a line each.

use std::path::PathBuf;

use errcode::catalog::{Diagnostic, Severity};
use serde_json::{Value, json};

use crate::args::CheckFormat;
use crate::outcome::Outcome;
use crate::source::Source;

pub(crate) fn run(files: &[PathBuf], warn: bool, format: CheckFormat) -> Outcome {
    let mut outcome = Outcome::default();
    let mut findings: Vec<Value> = Vec::new();
    for path in files {
        let file = path.display().to_string();
        let source = match Source::read(path) {
            Ok(source) => source,
            Err(unreadable) => {
                outcome.failed = true;
                match format {
                    CheckFormat::Text => outcome.stderr.push_str(&unreadable.stderr),
                    CheckFormat::Json => findings.push(json!({
                        "file": file,
                        "severity": "error",
                        "kind": "unreadable",
                        "message": unreadable.stderr.trim_end().trim_start_matches("errcode: "),
                    })),
                }
                continue;
            }
        };
        for diagnostic in &source.diagnostics {
            if diagnostic.is_error() {
                outcome.failed = true;
            } else if !warn {
                continue;
            }
            match format {
                CheckFormat::Text => {
                    outcome.stdout.push_str(&format!("{file}:{diagnostic}\n"));
                }
                CheckFormat::Json => findings.push(finding(&file, diagnostic)),
            }
        }
    }
    if format == CheckFormat::Json {
        // Serializing a `Value` of strings and numbers cannot fail.
        outcome.stdout = serde_json::to_string_pretty(&Value::Array(findings)).unwrap_or_default();
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
