//! The registry: every definition linked into the binary, by code.

use errcat::registry;

// Linking the crates is what registers their definitions.
use dup_a::DefinedInA;
use dup_b::DefinedInB;
use errcat_profiling::InsufficientHostMemory;

#[test]
fn finds_a_definition_by_a_code_known_at_run_time() {
    let _ = InsufficientHostMemory {
        buf_size: "".into(),
    };
    let code = String::from("EK0201");
    let def = registry().get(&code).expect("EK0201 is linked in");
    assert_eq!(def.code(), "EK0201");
    assert_eq!(def.title(), Some("Resource_Error_Insufficient_Host_Memory"));
    assert_eq!(def.class(), Some("Profiling Errors"));
    assert_eq!(
        def.message(),
        "Failed to allocate %s host memory for Profiling."
    );
    assert_eq!(def.args(), ["buf_size"]);
    assert_eq!(def.fields(), ["buf_size"]);
    assert_eq!(
        def.cause(),
        Some("Allocation failed due to insufficient host memory.")
    );
    assert_eq!(
        def.solution(),
        Some("Stop unnecessary processes and ensure that the required memory is available.")
    );
    assert!(
        def.location().file.ends_with("profiling/src/lib.rs"),
        "{}",
        def.location()
    );
    assert!(!def.is_warning() && !def.is_internal());
}

#[test]
fn absent_optional_fields_are_none() {
    let def = registry().get("EK0001").unwrap();
    assert_eq!(def.cause(), None);
    assert_eq!(def.solution(), None);
    assert_eq!(def.args(), ["value", "param", "reason"]);
    let terminated = registry().get("EK9999").unwrap();
    assert!(terminated.is_internal());
    assert_eq!(terminated.args(), [] as [&str; 0]);
}

#[test]
fn unknown_and_malformed_codes_are_not_found() {
    assert!(registry().get("EK0299").is_none());
    assert!(registry().get("EK02").is_none());
    assert!(registry().get("").is_none());
    assert!(registry().get("EK02011").is_none());
}

#[test]
fn iterates_in_code_order() {
    let codes: Vec<&str> = registry().iter().map(|def| def.code()).collect();
    let mut sorted = codes.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(codes, sorted);
    let profiling: Vec<&str> = codes
        .iter()
        .copied()
        .filter(|code| code.starts_with("EK"))
        .collect();
    assert_eq!(
        profiling,
        [
            "EK0001", "EK0002", "EK0003", "EK0004", "EK0005", "EK0006", "EK0007", "EK0201",
            "EK0202", "EK0203", "EK0204", "EK9999"
        ]
    );
    assert_eq!(registry().len(), codes.len());
}

#[test]
fn a_code_defined_by_two_crates_is_a_conflict_with_both_locations() {
    let _ = (
        DefinedInA {
            what: String::new(),
        },
        DefinedInB {
            what: String::new(),
        },
    );
    let conflicts = registry().conflicts();
    assert_eq!(conflicts.len(), 1, "{conflicts:?}");
    let conflict = &conflicts[0];
    assert_eq!(conflict.code(), "EZ0900");
    let files: Vec<&str> = conflict.locations().map(|location| location.file).collect();
    assert_eq!(files.len(), 2);
    assert!(files[0].ends_with("dup-a/src/lib.rs"), "{files:?}");
    assert!(files[1].ends_with("dup-b/src/lib.rs"), "{files:?}");
    let messages: Vec<&str> = conflict
        .definitions()
        .iter()
        .map(|def| def.message())
        .collect();
    assert_eq!(messages, ["Defined in dup-a: %s.", "Defined in dup-b: %s."]);
    // `get` answers with the first definition by source location.
    assert_eq!(
        registry().get("EZ0900").unwrap().message(),
        "Defined in dup-a: %s."
    );
}

#[test]
fn expecting_a_code_with_a_conflict_fails_naming_both_definitions() {
    let _ = DefinedInA {
        what: String::new(),
    };
    let error = registry().expect_codes(["EZ0900"]).unwrap_err();
    assert!(error.codes().is_empty());
    assert_eq!(error.conflicts().len(), 1);
    assert_eq!(error.conflicts()[0].code(), "EZ0900");
    let text = error.to_string();
    let (a, b) = (
        registry().conflicts()[0].definitions()[0].location(),
        registry().conflicts()[0].definitions()[1].location(),
    );
    assert_eq!(
        text,
        format!(
            "EZ0900 is defined 2 times: at {a} (\"Defined in dup-a: %s.\") and at {b} \
             (\"Defined in dup-b: %s.\"), of which the first is the code's definition; keep one definition per code"
        )
    );
    // A missing code and a conflict, each said.
    let both = registry()
        .expect_codes(["EZ0999", "EZ0900", "EZ0900"])
        .unwrap_err();
    assert_eq!(both.codes(), ["EZ0999"]);
    assert_eq!(both.conflicts().len(), 1);
    assert!(
        both.to_string()
            .starts_with("1 code is not registered: EZ0999; ")
    );
    assert!(
        both.to_string()
            .contains("; EZ0900 is defined 2 times: at ")
    );
}
