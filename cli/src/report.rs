//! The findings of a run written out: as lines of text, as JSON, or as
//! SARIF 2.1.0 for code-scanning annotations. Text may show only each
//! file's first findings, saying how many more and how to see them all;
//! JSON and SARIF carry every finding kept. A file's findings beyond
//! those its reader keeps (a bound on memory for hostile files) are
//! counted, and every format says how many.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Value, json};

use crate::finding::{Finding, Kind, LeftOut};
use crate::paths;
use crate::policy::AcceptedBy;

/// How many findings of one file text shows unless told otherwise.
pub(crate) const DEFAULT_MAX_PER_FILE: usize = 100;

/// One file's findings as a format shows them.
#[derive(Default)]
struct PerFile<'a> {
    shown: Vec<&'a Finding>,
    /// Kept, but beyond the number a file shows.
    cut: usize,
    /// Counted by a reader that did not keep them.
    unkept: usize,
}

/// The findings of each file, at most `max` of each shown (0: all).
fn per_file<'a>(
    findings: &'a [Finding],
    left_out: &'a LeftOut,
    max: usize,
) -> BTreeMap<&'a str, PerFile<'a>> {
    let mut files: BTreeMap<&str, PerFile> = BTreeMap::new();
    for (file, (errors, warnings)) in &left_out.0 {
        files.entry(file.as_str()).or_default().unkept += errors + warnings;
    }
    for finding in findings {
        let file = files.entry(finding.file.as_str()).or_default();
        if max == 0 || file.shown.len() < max {
            file.shown.push(finding);
        } else {
            file.cut += 1;
        }
    }
    files
}

/// What a file's findings counted but not kept are: `... and 3 more
/// findings, counted but not kept (too many in one file)`.
fn unkept(count: usize) -> String {
    format!(
        "... and {count} more {}, counted but not kept (too many in one file)",
        errcat_syntax::noun(count, "finding")
    )
}

/// `FILE:LINE:COLUMN: CODE: what is wrong`, a line each, at most `max` a
/// file (0: every one), then `FILE: ... and N more findings` with the
/// option that shows them.
pub(crate) fn text(findings: &[Finding], left_out: &LeftOut, max: usize) -> String {
    let mut out = String::new();
    let place = anstyle::Style::new().bold();
    let warning = anstyle::AnsiColor::Yellow.on_default().bold();
    for (file, shown) in per_file(findings, left_out, max) {
        for finding in shown.shown {
            // Styled on a terminal only: `main` strips them elsewhere.
            let location = finding.location();
            let line = finding.to_string();
            let rest = line.strip_prefix(&location).unwrap_or(&line);
            let rest = match rest.strip_prefix(" warning:") {
                Some(rest) => format!(" {warning}warning:{warning:#}{rest}"),
                None => rest.to_owned(),
            };
            out.push_str(&format!("{place}{location}{place:#}{rest}\n"));
        }
        if shown.cut > 0 {
            out.push_str(&format!(
                "{}: ... and {} more {} (`--max-per-file 0` shows every one)\n",
                paths::shown(file),
                shown.cut,
                errcat_syntax::noun(shown.cut, "finding")
            ));
        }
        if shown.unkept > 0 {
            out.push_str(&format!(
                "{}: {}\n",
                paths::shown(file),
                unkept(shown.unkept)
            ));
        }
    }
    out
}

/// `text` as the data of a GitHub workflow command: `%`, CR and LF
/// escaped, as GitHub's toolkit escapes them.
fn github_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// `text` as a property of a GitHub workflow command: also `:` and `,`,
/// which end a property.
fn github_property(text: &str) -> String {
    github_data(text).replace(':', "%3A").replace(',', "%2C")
}

/// Every finding as a GitHub Actions annotation, `::error
/// file=F,line=L,col=C,title=errcode KIND::CODE: message` (`::warning`
/// for a warning), its related places on lines of their own; a file's
/// findings counted but not kept as one more annotation; before them, an
/// annotation per input that could not be used. Each text as a
/// line shows it ([`paths::shown`]), then escaped as GitHub reads it.
pub(crate) fn github(
    findings: &[Finding],
    left_out: &LeftOut,
    failures: &[Notification],
) -> String {
    let mut out = String::new();
    let annotation =
        |level: &str, file: &str, line: u32, column: u32, title: &str, message: &str| {
            let mut properties = vec![format!("file={}", github_property(file))];
            if line > 0 {
                properties.push(format!("line={line}"));
                if column > 0 {
                    properties.push(format!("col={column}"));
                }
            }
            properties.push(format!("title={}", github_property(title)));
            format!(
                "::{level} {}::{}\n",
                properties.join(","),
                github_data(message)
            )
        };
    // The inputs that could not be used first: what the run did not see.
    for failure in failures {
        let message = paths::shown(&failure.message);
        out.push_str(&match &failure.file {
            Some(file) => annotation("error", file, 0, 0, "errcode unreadable", &message),
            None => format!(
                "::error title={}::{}\n",
                github_property("errcode unreadable"),
                github_data(&message)
            ),
        });
    }
    for (file, shown) in per_file(findings, left_out, 0) {
        for finding in shown.shown {
            let mut message = String::new();
            if let Some(code) = &finding.code {
                message.push_str(&format!("{}: ", paths::shown(code)));
            }
            message.push_str(&paths::shown(&finding.message));
            for related in &finding.related {
                message.push_str(&format!("\n{}", related.shown()));
            }
            out.push_str(&annotation(
                finding.severity_name(),
                &finding.file,
                finding.line,
                finding.column,
                &format!("errcode {}", finding.kind.name()),
                &message,
            ));
        }
        if shown.unkept > 0 {
            let errors = left_out.0.get(file).is_some_and(|(errors, _)| *errors > 0);
            out.push_str(&annotation(
                if errors { "error" } else { "warning" },
                file,
                0,
                0,
                "errcode omitted",
                &unkept(shown.unkept),
            ));
        }
    }
    out
}

/// The closing line of a run with errors: `3 errors, 1 warning in 2 files`.
pub(crate) fn summary(findings: &[Finding], left_out: &LeftOut) -> String {
    let shown_errors = findings.iter().filter(|finding| finding.is_error()).count();
    let (left_errors, left_warnings) = left_out.total();
    let errors = shown_errors + left_errors;
    let warnings = findings.len() - shown_errors + left_warnings;
    let files: BTreeSet<&str> = findings
        .iter()
        .map(|finding| finding.file.as_str())
        .chain(left_out.0.keys().map(String::as_str))
        .collect();
    format!(
        "{}, {} in {}",
        errcat_syntax::counted(errors, "error"),
        errcat_syntax::counted(warnings, "warning"),
        errcat_syntax::counted(files.len(), "file")
    )
}

fn finding_json(finding: &Finding) -> Value {
    let mut value = json!({
        "file": finding.file,
        "line": if finding.line > 0 { json!(finding.line) } else { Value::Null },
        "column": if finding.column > 0 { json!(finding.column) } else { Value::Null },
        "severity": finding.severity_name(),
        "kind": finding.kind.name(),
        "code": finding.code,
        "entry": finding.entry,
        "message": finding.message,
    });
    if let Value::Object(object) = &mut value {
        if let Some(field) = finding.field {
            object.insert("field".to_owned(), json!(field.name()));
        }
        if let Some((file, line)) = &finding.other {
            object.insert("other_file".to_owned(), json!(file));
            object.insert("other_line".to_owned(), json!(line));
        }
        if !finding.related.is_empty() {
            let related: Vec<Value> = finding
                .related
                .iter()
                .map(|related| {
                    json!({
                        "file": related.file,
                        "line": related.line,
                        "column": related.column,
                        "note": related.note,
                    })
                })
                .collect();
            object.insert("uses".to_owned(), Value::Array(related));
        }
    }
    value
}

/// Every finding as a JSON array, a file's findings that its reader did
/// not keep counted by one more finding of kind `omitted`; `extra` are
/// findings about the run itself (an input that cannot be read).
pub(crate) fn json(findings: &[Finding], left_out: &LeftOut, extra: &[Value]) -> String {
    let mut values: Vec<Value> = extra.to_vec();
    for (file, shown) in per_file(findings, left_out, 0) {
        values.extend(shown.shown.into_iter().map(finding_json));
        if shown.unkept > 0 {
            let errors_left = left_out.0.get(file).is_some_and(|(errors, _)| *errors > 0);
            values.push(json!({
                "file": file,
                "line": null,
                "column": null,
                "severity": if errors_left { "error" } else { "warning" },
                "kind": "omitted",
                "code": null,
                "entry": null,
                "message": unkept(shown.unkept),
            }));
        }
    }
    // Serializing a `Value` of strings and numbers cannot fail.
    let mut text = serde_json::to_string_pretty(&Value::Array(values)).unwrap_or_default();
    text.push('\n');
    text
}

/// The file findings name `file` as a SARIF URI reference: its path's own
/// bytes (not the escapes that a line of text shows them with), `/`
/// between folders, each byte that is not a letter, digit or one of
/// `-._~/` percent-encoded.
fn uri(file: &str) -> String {
    percent_encoded(&paths::bytes_of_name(file))
}

fn percent_encoded(path: &[u8]) -> String {
    let mut out = String::with_capacity(path.len());
    for &byte in path {
        match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(char::from(byte));
            }
            other => out.push_str(&format!("%{other:02X}")),
        }
    }
    out
}

/// Whether a finding's `file` names a file to open: not a folder (a
/// crate of definitions, a tree's root), nor a place that is gone.
fn is_file(file: &str) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let bytes = paths::bytes_of_name(file);
        std::path::Path::new(std::ffi::OsStr::from_bytes(&bytes)).is_file()
    }
    #[cfg(not(unix))]
    {
        std::path::Path::new(file).is_file()
    }
}

/// Where a finding is: a file, with its line and column where known; a
/// logical location (`kind` `module`) for a folder, which no viewer opens.
fn location(file: &str, line: u32, column: u32) -> Value {
    if line == 0 && !is_file(file) {
        return json!({"logicalLocations": [{"fullyQualifiedName": file, "kind": "module"}]});
    }
    let mut physical = json!({
        "artifactLocation": {"uri": uri(file), "uriBaseId": "%SRCROOT%"},
    });
    if line > 0
        && let Value::Object(object) = &mut physical
    {
        let mut region = json!({"startLine": line});
        if column > 0 {
            region["startColumn"] = json!(column);
        }
        object.insert("region".to_owned(), region);
    }
    json!({"physicalLocation": physical})
}

/// The message without the places it quotes (`(error_code.json:3)`,
/// `src/table.c:2`, `HEAD~1:PATH:10:5`): their lines move when unrelated
/// lines do.
fn without_lines(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut chars = message.chars().peekable();
    while let Some(c) = chars.next() {
        if c == ':' && chars.peek().is_some_and(char::is_ascii_digit) {
            while chars.peek().is_some_and(char::is_ascii_digit) {
                chars.next();
            }
            continue;
        }
        out.push(c);
    }
    out
}

/// FNV-1a, 64 bits: the same on every machine and in every version.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A fingerprint per finding, in order: its file, kind, code, field and
/// message (less the lines it quotes) hashed, then its occurrence among
/// the findings before it that share them all (two sites alike in one
/// file). Stable across runs and lines moved; distinct per finding.
fn fingerprints<'a>(findings: impl Iterator<Item = &'a Finding>) -> Vec<String> {
    let mut seen: std::collections::HashMap<u64, usize> = std::collections::HashMap::new();
    findings
        .map(|finding| {
            let key = format!(
                "{}\u{0}{}\u{0}{}\u{0}{}\u{0}{}",
                finding.file,
                finding.kind.name(),
                finding.code.as_deref().unwrap_or_default(),
                finding.field.map_or("", |field| field.name()),
                without_lines(&finding.message)
            );
            let hash = fnv1a(&key);
            let occurrence = seen.entry(hash).or_insert(0);
            let fingerprint = format!("{hash:016x}:{occurrence}");
            *occurrence += 1;
            fingerprint
        })
        .collect()
}

/// Why a run could not do all it was asked: an input that cannot be used
/// (`file` may be null), for SARIF's `toolExecutionNotifications`.
pub(crate) struct Notification {
    pub(crate) file: Option<String>,
    pub(crate) message: String,
}

/// The findings as a SARIF 2.1.0 log of one run: a rule per kind found,
/// a result per finding (every one), the accepted ones with their
/// suppression (`inSource` for an allow comment, `external` for the
/// project file and the baseline), each with its own fingerprint (see
/// [`fingerprints`]); an invocation that says whether the run could use
/// every input, and why not, and the findings counted but not kept.
pub(crate) fn sarif(
    findings: &[Finding],
    accepted: &[(Finding, AcceptedBy)],
    left_out: &LeftOut,
    failures: &[Notification],
    successful: bool,
) -> String {
    let mut kinds: BTreeMap<Kind, usize> = BTreeMap::new();
    for finding in findings
        .iter()
        .chain(accepted.iter().map(|(finding, _)| finding))
    {
        let next = kinds.len();
        kinds.entry(finding.kind).or_insert(next);
    }
    // Rule indexes in the order of the rules array.
    let rules: Vec<Value> = kinds
        .keys()
        .map(|kind| {
            json!({
                "id": kind.name(),
                "shortDescription": {"text": kind.description()},
                "defaultConfiguration": {"level": match kind.default_severity() {
                    errcat::catalog::Severity::Error => "error",
                    errcat::catalog::Severity::Warning => "warning",
                }},
            })
        })
        .collect();
    let index: BTreeMap<Kind, usize> = kinds
        .keys()
        .enumerate()
        .map(|(index, kind)| (*kind, index))
        .collect();
    let result = |finding: &Finding, suppression: Option<&AcceptedBy>, fingerprint: &str| {
        let mut text = String::new();
        if let Some(code) = &finding.code {
            text.push_str(&format!("{code}: "));
        }
        text.push_str(&finding.message);
        let mut result = json!({
            "ruleId": finding.kind.name(),
            "ruleIndex": index.get(&finding.kind).copied().unwrap_or_default(),
            "level": finding.severity_name(),
            "message": {"text": text},
            "locations": [location(&finding.file, finding.line, finding.column)],
            "partialFingerprints": {"errcodeFinding/v2": fingerprint},
        });
        let mut related: Vec<Value> = Vec::new();
        let mut relate = |file: &str, line: u32, column: u32, text: &str| {
            let mut place = location(file, line, column);
            place["id"] = json!(related.len() + 1);
            place["message"] = json!({"text": text});
            related.push(place);
        };
        if let Some((file, line)) = &finding.other {
            relate(file, *line, 0, "the catalog's entry");
        }
        for place in finding.related.iter().filter(|place| place.line > 0) {
            relate(&place.file, place.line, place.column, &place.note);
        }
        if !related.is_empty() {
            result["relatedLocations"] = Value::Array(related);
        }
        if let Some(by) = suppression {
            let (kind, justification) = match by {
                AcceptedBy::InSource(line) => (
                    "inSource",
                    format!(
                        "`errcode: allow({})` at {}:{line}",
                        finding.kind.name(),
                        finding.file
                    ),
                ),
                AcceptedBy::Project(reason) => ("external", reason.clone()),
                AcceptedBy::Baseline => ("external", "in the baseline".to_owned()),
            };
            result["suppressions"] = json!([{"kind": kind, "justification": justification}]);
        }
        result
    };
    let all: Vec<(&Finding, Option<&AcceptedBy>)> = findings
        .iter()
        .map(|finding| (finding, None))
        .chain(accepted.iter().map(|(finding, by)| (finding, Some(by))))
        .collect();
    let prints = fingerprints(all.iter().map(|(finding, _)| *finding));
    let results: Vec<Value> = all
        .iter()
        .zip(&prints)
        .map(|((finding, by), print)| result(finding, *by, print))
        .collect();
    let mut notifications: Vec<Value> = failures
        .iter()
        .map(|failure| {
            let mut notification = json!({
                "level": "error",
                "message": {"text": failure.message},
            });
            if let Some(file) = &failure.file {
                notification["locations"] = json!([location(file, 0, 0)]);
            }
            notification
        })
        .collect();
    for (file, (errors, warnings)) in &left_out.0 {
        notifications.push(json!({
            "level": if *errors > 0 { "error" } else { "warning" },
            "message": {"text": unkept(errors + warnings)},
            "locations": [location(file, 0, 0)],
        }));
    }
    let root = paths::absolute(std::path::Path::new("."));
    let mut root_uri = format!("file://{}", percent_encoded(&path_bytes(&root)));
    if !root_uri.ends_with('/') {
        root_uri.push('/');
    }
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "errcode",
                "version": env!("CARGO_PKG_VERSION"),
                // Where the tool's rules are explained: the guide's chapter
                // on the tool, as docs.rs shows the released crate.
                "informationUri": "https://docs.rs/errcat/latest/errcat/guide/cli/index.html",
                "rules": rules,
            }},
            "originalUriBaseIds": {"%SRCROOT%": {"uri": root_uri}},
            "invocations": [{
                "executionSuccessful": successful && failures.is_empty(),
                "toolExecutionNotifications": notifications,
            }],
            "results": results,
        }],
    });
    let mut text = serde_json::to_string_pretty(&log).unwrap_or_default();
    text.push('\n');
    text
}

/// A path's own bytes.
#[cfg(unix)]
fn path_bytes(path: &std::path::Path) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    path.as_os_str().as_bytes().to_vec()
}

#[cfg(not(unix))]
fn path_bytes(path: &std::path::Path) -> Vec<u8> {
    paths::text_of(path).into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_escapes_data_and_properties_as_its_toolkit_does() {
        assert_eq!(github_data("50% a:b,c\r\nd"), "50%25 a:b,c%0D%0Ad");
        assert_eq!(github_property("50% a:b,c\r\nd"), "50%25 a%3Ab%2Cc%0D%0Ad");
    }

    #[test]
    fn fingerprints_leave_out_the_places_a_message_quotes() {
        assert_eq!(
            without_lines(
                "differs: \"a\" vs \"b\" (error_code.json:35), was at HEAD~1:x.json:10:5"
            ),
            "differs: \"a\" vs \"b\" (error_code.json), was at HEAD~1:x.json"
        );
    }

    #[test]
    fn uris_are_percent_encoded() {
        assert_eq!(uri("src/a b/c#d.c"), "src/a%20b/c%23d.c");
        assert_eq!(uri("docs/zh/错误.md"), "docs/zh/%E9%94%99%E8%AF%AF.md");
        // From the path's bytes, not the escapes its name shows.
        assert_eq!(uri("src/new\\nline.c"), "src/new%0Aline.c");
        assert_eq!(uri("src/back\\\\slash\\xff.c"), "src/back%5Cslash%FF.c");
    }
}
