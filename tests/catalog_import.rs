//! `include_catalog!`: the structs, the checked reports, and the registry's
//! export of the imported entries, which reads back as the file.

use errcat::catalog::{Catalog, Position};
use errcat::registry;

errcat::include_catalog!("ui-tests/catalogs/valid.json");

const VALID: &str = include_str!("../ui-tests/catalogs/valid.json");

#[test]
fn structs_are_named_after_the_codes_and_render_their_messages() {
    let memory = EX0201 {
        buf_size: "4096B".into(),
    };
    assert_eq!(memory.to_string(), "Failed to allocate 4096B host memory.");
    assert_eq!(format!("{memory:?}"), "EX0201 { buf_size: \"4096B\" }");
    memory.report();
    assert_eq!(
        errcat::take_error_message().unwrap(),
        "EX0201: Failed to allocate 4096B host memory.\r\n\
         \x20       PossibleCause: Allocation failed due to insufficient host memory.\r\n\
         \x20       Solution: Stop unnecessary processes.\r\n"
    );
    // One field fills both placeholders of a repeated name.
    let repeated = EX0003 {
        op_name: "Add".into(),
        value: "120%".into(),
        param: "ratio".into(),
    };
    assert_eq!(
        repeated.to_string(),
        "In Add, 120% is ratio but 120% must be at most 100%."
    );
    assert_eq!(
        EX0004.to_string(),
        "An unknown error occurred. Please check the log."
    );
}

#[test]
fn report_macros_are_checked_against_the_file() {
    let function = String::from("cast");
    errcat::msprof_env_error!("WX0001", ["function", "type"], [function, "bf16"]);
    assert_eq!(
        errcat::take_warning_message().unwrap(),
        "WX0001: Failed to cast because bf16 is not supported.\r\n"
    );
    errcat::report_env_error!("EX9999", ["message"], ["queue overflow"]);
    assert_eq!(
        errcat::take_error_message().unwrap(),
        "EX9999: Inner Error!\r\nqueue overflow\r\n"
    );
}

#[test]
fn definitions_point_at_their_entry_in_the_file() {
    let def = registry().get("WX0001").unwrap();
    assert_eq!(def.location().file, "ui-tests/catalogs/valid.json");
    assert_eq!((def.location().line, def.location().column), (14, 5));
    assert_eq!(def.args(), ["function", "type"]);
    assert!(def.is_warning());
    assert!(registry().get("EX9999").unwrap().is_internal());
}

/// A catalog registers its entries in one batch: each is still in the
/// registry, and each struct is found behind `dyn Error` with its own
/// definition.
#[test]
fn every_entry_is_registered_and_found_behind_dyn_error() {
    for code in ["EX0201", "WX0001", "EX0003", "EX0004", "EX9999"] {
        assert_eq!(registry().get(code).map(|def| def.code()), Some(code));
    }
    let boxed: Box<dyn std::error::Error> = Box::new(EX0201 {
        buf_size: "1B".into(),
    });
    let def = errcat::definition_of(boxed.as_ref()).unwrap();
    assert_eq!(def.code(), "EX0201");
    assert!(core::ptr::eq(def, registry().get("EX0201").unwrap()));
    let boxed: Box<dyn std::error::Error> = Box::new(EX0004);
    assert_eq!(
        errcat::definition_of(boxed.as_ref()).map(|def| def.code()),
        Some("EX0004")
    );
}

/// The imported entries, from the registry, in the file's order.
fn exported() -> Catalog {
    let everything = registry().to_catalog();
    let file = errcat::catalog::load(VALID).into_result().unwrap();
    Catalog::new(
        file.entries
            .iter()
            .map(|entry| everything.get(&entry.code).unwrap().clone())
            .collect(),
    )
}

#[test]
fn export_writes_the_file_back_byte_for_byte() {
    assert_eq!(exported().to_json(), VALID);
}

#[test]
fn import_export_import_gives_identical_entries() {
    let mut first = errcat::catalog::load(VALID).into_result().unwrap();
    let mut second = errcat::catalog::load(&exported().to_json())
        .into_result()
        .unwrap();
    for entry in first.entries.iter_mut().chain(second.entries.iter_mut()) {
        entry.position = Position::default();
    }
    assert_eq!(first, second);
    // Field order and "N/A" survive: WX0001 has `ErrCode` first and an all-N/A suggestion.
    let wx = second.get("WX0001").unwrap();
    assert_eq!(wx.layout, first.get("WX0001").unwrap().layout);
    assert_eq!(wx.arglist, "function, type");
    let suggestion = wx.suggestion.as_ref().unwrap();
    assert_eq!(
        (suggestion.cause.as_deref(), suggestion.solution.as_deref()),
        (None, None)
    );
}

#[test]
fn hand_written_definitions_export_in_the_usual_order() {
    #[derive(Debug)]
    #[errcat::error_code(
        "EX0501",
        title = "Resource_Error",
        class = "Example Errors",
        message = "Insufficient disk space. Reason: %s.",
        solution = "Free some space."
    )]
    pub struct DiskSpace {
        pub reason: String,
    }
    let _ = DiskSpace {
        reason: String::new(),
    };
    let entry = registry().to_catalog().get("EX0501").unwrap().clone();
    assert_eq!(
        Catalog::new(vec![entry]).to_json(),
        "{\n  \"error_info_list\": [\n    {\n      \"errClass\": \"Example Errors\",\n      \"errTitle\": \"Resource_Error\",\n      \"ErrCode\": \"EX0501\",\n      \"ErrMessage\": \"Insufficient disk space. Reason: %s.\",\n      \"Arglist\": \"reason\",\n      \"suggestion\": {\n        \"Possible Cause\": \"N/A\",\n        \"Solution\": \"Free some space.\"\n      }\n    }\n  ]\n}\n"
    );
}

#[test]
fn markdown_reference_has_a_page_per_code_and_an_index_per_class() {
    let pages = exported().to_markdown();
    let paths: Vec<&str> = pages.iter().map(|page| page.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "index.md",
            "classes/example-errors.md",
            "classes/unclassified.md",
            "codes/EX0003.md",
            "codes/EX0004.md",
            "codes/EX0201.md",
            "codes/EX9999.md",
            "codes/WX0001.md"
        ]
    );
    assert_eq!(
        pages[1].text,
        "# Example Errors\n\n[All classes](../index.md)\n\n| Code | Title | Message |\n| --- | --- | --- |\n\
         | [EX0003](../codes/EX0003.md) | Invalid\\_Argument | In `{op_name}`, `{value}` is `{param}` but `{value}` must be at most 100%. |\n\
         | [EX0004](../codes/EX0004.md) | System\\_Terminated | An unknown error occurred. Please check the log. |\n\
         | [EX0201](../codes/EX0201.md) | Resource\\_Error\\_Insufficient\\_Host\\_Memory | Failed to allocate `{buf_size}` host memory. |\n"
    );
    assert_eq!(
        pages[7].text,
        "# WX0001: Not\\_Supported\n\nClass: [Unclassified](../classes/unclassified.md)  \nKind: warning\n\n\
         ## Message\n\nFailed to `{function}` because `{type}` is not supported.\n\n\
         | Argument | Fills placeholder |\n| --- | --- |\n| `function` | 1 |\n| `type` | 2 |\n\n\
         Template: `Failed to %s because %s is not supported.`\n"
    );
}
