//! Findings are bounded: one of each kind per entry, quoted values cut to an
//! excerpt, and at most `MAX_FINDINGS` errors (and as many warnings) kept,
//! with a count of the rest. Hostile catalogs cost time and memory in
//! proportion to their size, and their reports stay short.

use errcat_catalog::{DefectKind, MAX_FINDINGS, load};

fn one_entry(code: &str, message: &str, arglist: &str) -> String {
    format!(
        r#"{{"error_info_list": [{{"ErrCode": "{code}", "ErrMessage": "{message}", "Arglist": "{arglist}"}}]}}"#
    )
}

#[test]
fn a_million_commas_are_one_short_finding() {
    let loaded = load(&one_entry("EX0001", "%s", &",".repeat(1_000_000)));
    assert_eq!(loaded.diagnostics.len(), 1);
    let finding = &loaded.diagnostics[0];
    assert_eq!(finding.kind, DefectKind::BadArgName);
    assert_eq!(
        finding.to_string(),
        "1: EX0001: Arglist has an empty name (\",,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,...\"): \
         every name between commas must name an argument (and 1000000 more bad names)"
    );
    assert_eq!(loaded.omitted_errors, 0);
    assert!(loaded.catalog.entries[0].definition().is_err());
}

#[test]
fn every_bad_name_of_an_entry_is_one_finding() {
    let loaded = load(&one_entry("EX0001", "%s %s %s", "buf size, self, ok"));
    let lines: Vec<String> = loaded.diagnostics.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "1: EX0001: Arglist name `buf size` is not an identifier (letters, digits and `_`, \
          not starting with a digit) (and 1 more bad name: `self`)"
        ]
    );
}

#[test]
fn every_stray_percent_of_a_message_is_one_finding() {
    let message = "%d ".repeat(200_000);
    let loaded = load(&one_entry("EX0001", &message, ""));
    let lines: Vec<String> = loaded.diagnostics.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "1: EX0001: `%d` at byte 0 is not a placeholder: the only placeholder is `%s`; \
          write `%%` for a literal percent sign (and 199999 more stray `%`)"
        ]
    );
}

#[test]
fn long_values_are_quoted_as_excerpts() {
    let code = "X".repeat(1_000_000);
    let names: Vec<String> = (0..100_000).map(|index| format!("name{index}")).collect();
    let loaded = load(&one_entry(&code, "%s", &names.join(",")));
    let lines: Vec<String> = loaded.diagnostics.iter().map(ToString::to_string).collect();
    let excerpt = format!("{}...", "X".repeat(40));
    assert_eq!(
        lines,
        [
            format!(
                "1: {excerpt}: `{excerpt}` is not an error code: a code is six characters: `E` or \
                 `W`, an uppercase letter or digit, then four digits (like `EK0201`); this one has \
                 1000000 characters"
            ),
            format!(
                "1: {excerpt}: the message has 1 `%s` placeholder but Arglist names 100000 \
                 (name0, name1, name2, name3, name4, name5, ...)"
            ),
        ]
    );
}

#[test]
fn a_name_repeated_many_times_is_one_warning() {
    let arglist = vec!["value"; 100_000].join(",");
    let message = "%s".repeat(100_000);
    let loaded = load(&one_entry("EX0001", &message, &arglist));
    let lines: Vec<String> = loaded.diagnostics.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "1: warning: EX0001: Arglist names `value` 100000 times (placeholders 1, 2, 3, 4, 5, 6, \
          ...): one value fills all of them"
        ]
    );
}

#[test]
fn findings_of_one_kind_in_an_entry_are_one_finding() {
    let loaded = load(r#"{"error_info_list": [{"Code": 1, "Message": 2}]}"#);
    let lines: Vec<String> = loaded.diagnostics.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "1: entry 1: missing required field \"ErrCode\" (and 2 more missing-field findings in this entry)",
            "1: entry 1: unknown field \"Code\"; the fields of an entry are errClass, errTitle, \
             ErrCode, ErrMessage, Arglist, suggestion (and 1 more unknown-field finding in this entry)",
        ]
    );
}

#[test]
fn at_most_max_findings_errors_are_kept_and_the_rest_counted() {
    let entries: Vec<String> = (0..1000)
        .map(|index| {
            format!("{{\"ErrCode\": \"EX{index:04}\", \"ErrMessage\": \"%s\", \"Arglist\": \"\"}}")
        })
        .collect();
    let text = format!("{{\"error_info_list\": [\n{}\n]}}", entries.join(",\n"));
    let loaded = load(&text);
    assert_eq!(loaded.diagnostics.len(), MAX_FINDINGS);
    assert_eq!(loaded.omitted_errors, 1000 - MAX_FINDINGS);
    // The first ones, by line.
    assert_eq!(loaded.diagnostics[0].position.line, 2);
    assert_eq!(
        loaded.diagnostics[MAX_FINDINGS - 1].position.line,
        MAX_FINDINGS as u32 + 1
    );
    assert!(loaded.has_errors());
    let errors = loaded.into_result().unwrap_err();
    assert_eq!(errors.len(), MAX_FINDINGS);
    assert_eq!(errors.omitted(), 1000 - MAX_FINDINGS);
    let text = errors.to_string();
    assert_eq!(text.lines().count(), MAX_FINDINGS + 1);
    assert_eq!(text.lines().last(), Some("... and 900 more findings"));
}

#[test]
fn warnings_do_not_crowd_out_errors() {
    let mut entries: Vec<String> = (0..500)
        .map(|index| {
            format!(
                "{{\"ErrCode\": \"EX{index:04}\", \"ErrMessage\": \"%s%s\", \"Arglist\": \"a,a\"}}"
            )
        })
        .collect();
    entries.push(r#"{"ErrCode": "EX9000", "ErrMessage": "%s", "Arglist": ""}"#.to_owned());
    let text = format!("{{\"error_info_list\": [\n{}\n]}}", entries.join(",\n"));
    let loaded = load(&text);
    assert_eq!(loaded.omitted_warnings, 500 - MAX_FINDINGS);
    assert_eq!(loaded.omitted_errors, 0);
    let errors = loaded.into_result().unwrap_err();
    assert_eq!(
        errors.to_string(),
        "502: EX9000: the message has 1 `%s` placeholder but Arglist is empty"
    );
}
