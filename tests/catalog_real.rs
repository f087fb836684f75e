//! The real CANN catalog (`../shared/cann/error_code.json`, 406 entries),
//! imported with `include_catalog!` by the `catalog-cann` test crate without
//! its defective entry E61601: every one of the 405 codes renders, through
//! the checked report macro and through `report_dynamic`, and the registry
//! exports the file back. Skipped, saying so, when the file is absent (a
//! failure with `CI=true`).

use errcat::catalog::{Catalog, Position, load};
use errcat::registry;
use serde_json::Value;

/// One entry as the C++ runtime reads it, parsed here with serde_json so
/// that the expectations do not come from the code under test.
struct Expected {
    code: String,
    message: String,
    names: Vec<String>,
    cause: Option<String>,
    solution: Option<String>,
}

fn copy_text() -> Option<String> {
    if !catalog_cann::AVAILABLE {
        skip::skip(format_args!(
            "the real catalog {} is absent (it sits beside the repository as shared/cann/error_code.json)",
            catalog_cann::SHARED
        ));
        return None;
    }
    Some(std::fs::read_to_string(catalog_cann::COPY).unwrap())
}

fn expected(text: &str) -> Vec<Expected> {
    let json: Value = serde_json::from_str(text).unwrap();
    let text_of = |value: Option<&Value>| -> Option<String> {
        value
            .and_then(Value::as_str)
            .filter(|text| *text != "N/A")
            .map(str::to_owned)
    };
    json["error_info_list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            let arglist = entry["Arglist"].as_str().unwrap();
            Expected {
                code: entry["ErrCode"].as_str().unwrap().to_owned(),
                message: entry["ErrMessage"].as_str().unwrap().to_owned(),
                names: if arglist.trim().is_empty() {
                    Vec::new()
                } else {
                    arglist
                        .split(',')
                        .map(|name| name.trim().to_owned())
                        .collect()
                },
                cause: text_of(
                    entry
                        .get("suggestion")
                        .and_then(|s| s.get("Possible Cause")),
                ),
                solution: text_of(entry.get("suggestion").and_then(|s| s.get("Solution"))),
            }
        })
        .collect()
}

/// The CANN rendering of a report whose every argument is `<name>`.
fn rendering(entry: &Expected) -> String {
    let mut message = String::new();
    let mut names = entry.names.iter();
    let mut chars = entry.message.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('%', Some('s')) => {
                chars.next();
                message.push_str(&format!("<{}>", names.next().unwrap()));
            }
            ('%', Some('%')) => {
                chars.next();
                message.push('%');
            }
            _ => message.push(c),
        }
    }
    let code = &entry.code;
    if code.starts_with('W') {
        return format!("{code}: {message}\r\n");
    }
    if code.ends_with("9999") || code.ends_with("8888") {
        return format!("{code}: Inner Error!\r\n{message}\r\n");
    }
    let mut text = format!("{code}: {message}\r\n");
    if let Some(cause) = &entry.cause {
        text.push_str(&format!("        PossibleCause: {cause}\r\n"));
    }
    if let Some(solution) = &entry.solution {
        text.push_str(&format!("        Solution: {solution}\r\n"));
    }
    text
}

fn take(code: &str) -> String {
    if code.starts_with('W') {
        errcat::take_warning_message()
    } else {
        errcat::take_error_message()
    }
    .unwrap_or_default()
}

#[test]
fn every_code_of_the_real_catalog_renders_with_placeholder_arguments() {
    let Some(text) = copy_text() else { return };
    let entries = expected(&text);
    assert_eq!(entries.len(), 405);
    assert!(entries.iter().all(|entry| entry.code != "E61601"));
    for entry in &entries {
        let expected = rendering(entry);
        assert!(
            registry().get(&entry.code).is_some(),
            "{} not registered",
            entry.code
        );

        assert!(catalog_cann::report_with_placeholders(&entry.code));
        assert_eq!(
            take(&entry.code),
            expected,
            "{} through msprof_env_error!",
            entry.code
        );

        let values: Vec<(String, String)> = entry
            .names
            .iter()
            .map(|name| (name.clone(), format!("<{name}>")))
            .collect();
        let args: Vec<(&str, &str)> = values
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .collect();
        errcat::report_dynamic(&entry.code, &args).unwrap();
        assert_eq!(
            take(&entry.code),
            expected,
            "{} through report_dynamic",
            entry.code
        );
    }
}

/// The copy's entries, from the registry, in the file's order.
fn exported(file: &Catalog) -> Catalog {
    let everything = registry().to_catalog();
    Catalog::new(
        file.entries
            .iter()
            .map(|entry| everything.get(&entry.code).unwrap().clone())
            .collect(),
    )
}

#[test]
fn the_registry_exports_the_real_catalog_back() {
    let Some(text) = copy_text() else { return };
    let mut file = load(&text).into_result().unwrap();
    let json = exported(&file).to_json();
    // The file writes one `"Solution":"` without the space after the colon;
    // everything else, field order, `Arglist` spacing and "N/A" included,
    // comes back byte for byte.
    assert_eq!(text.matches("\"Solution\":\"").count(), 1);
    assert_eq!(json, text.replace("\"Solution\":\"", "\"Solution\": \""));

    let mut again = load(&json).into_result().unwrap();
    for entry in file.entries.iter_mut().chain(again.entries.iter_mut()) {
        entry.position = Position::default();
    }
    assert_eq!(again, file);
}
