//! The `retired` list beside `error_info_list`: read with its places,
//! written back as read, and a retired code defined again an error.

use errcat_catalog::{DefectKind, load};

const CATALOG: &str = r#"{
  "error_info_list": [
    {
      "ErrCode": "E10101",
      "ErrMessage": "Value %s is invalid.",
      "Arglist": "value"
    }
  ],
  "retired": [
    {
      "ErrCode": "E10001",
      "since": "8.0.RC1",
      "replacement": "E10101"
    },
    {
      "ErrCode": "E10004"
    }
  ]
}
"#;

#[test]
fn retired_codes_are_read_and_written_back() {
    let loaded = load(CATALOG);
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    let catalog = loaded.catalog;
    let retired: Vec<(&str, Option<&str>, Option<&str>, u32)> = catalog
        .retired
        .iter()
        .map(|retired| {
            (
                retired.code.as_str(),
                retired.since.as_deref(),
                retired.replacement.as_deref(),
                retired.position.line,
            )
        })
        .collect();
    assert_eq!(
        retired,
        [
            ("E10001", Some("8.0.RC1"), Some("E10101"), 10),
            ("E10004", None, None, 15)
        ]
    );
    assert_eq!(catalog.to_json(), CATALOG);
    assert_eq!(
        catalog.retired("E10001").unwrap().describe(),
        "no longer reported (retired in 8.0.RC1); report E10101 instead"
    );
}

#[test]
fn a_retired_code_defined_again_and_malformed_items_are_errors() {
    let loaded = load(
        r#"{"error_info_list": [{"ErrCode": "E10001", "ErrMessage": "Back.", "Arglist": ""}],
            "retired": [{"ErrCode": "E10001"}, {"ErrCode": "X1", "when": "now"}, {"since": "1"}, {"ErrCode": "E10001"}]}"#,
    );
    let found: Vec<(DefectKind, Option<&str>, u32, &str)> = loaded
        .diagnostics
        .iter()
        .map(|d| {
            (
                d.kind,
                d.code.as_deref(),
                d.position.column,
                d.message.as_str(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            (
                DefectKind::RetiredCodeUsed,
                Some("E10001"),
                22,
                "the code is retired (line 2) and defined again: a retired code is never reused; give the entry a new code"
            ),
            (
                DefectKind::MalformedCode,
                Some("X1"),
                48,
                "`X1` is not an error code: a code is six characters: `E` or `W`, an uppercase letter or digit, then four digits (like `EK0201`); this one has 2 characters"
            ),
            (
                DefectKind::UnknownField,
                Some("X1"),
                66,
                "unknown field \"when\" in a retired code; its fields are ErrCode, since, replacement"
            ),
            (
                DefectKind::MissingField,
                None,
                82,
                "a retired code has no \"ErrCode\""
            ),
            (
                DefectKind::DuplicateCode,
                Some("E10001"),
                98,
                "the code is retired twice"
            ),
        ]
    );
}
