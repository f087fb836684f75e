//! One definition per code: a code defined by two crates (dup-a and dup-b)
//! or two modules has one definition for every report, typed, by macro or
//! by code at run time, and `expect_codes` says so readably.

use errcat::registry;

use dup_a::DefinedInA;
use dup_b::DefinedInB;

/// The same code with other argument names, in two modules of this file:
/// the first by source location is the code's definition; the second's
/// values cannot fill its placeholders, so its reports keep their own.
mod first_by_location {
    #[derive(Debug)]
    #[errcat::error_code("EZ0901", message = "First: {device_id}.")]
    pub struct First {
        pub device_id: u32,
    }
}

mod second_by_location {
    #[derive(Debug)]
    #[errcat::error_code("EZ0901", message = "Second: {path}.")]
    pub struct Second {
        pub path: String,
    }
}

#[test]
fn a_code_defined_twice_has_one_definition_for_every_report() {
    use errcat::ErrorCode;

    let b = DefinedInB { what: "b".into() };
    let a = DefinedInA { what: "a".into() };
    // dup-a's file sorts first: its definition is the code's, everywhere.
    let first = registry().get("EZ0900").unwrap();
    assert_eq!(first.message(), "Defined in dup-a: %s.");
    assert!(std::ptr::eq(b.definition(), first));
    assert!(std::ptr::eq(a.definition(), first));
    assert_eq!(b.to_string(), "Defined in dup-a: b.");
    b.report();
    a.report();
    // (A report site by code sees both definitions here, and fails to
    // build naming both: `ui-tests/fail/report_code_defined_twice.rs`.)
    errcat::report_dynamic("EZ0900", &[("what", "dynamic")]).unwrap();
    assert_eq!(
        errcat::take_error_message_with(errcat::Layout::Plain).as_deref(),
        Some(
            "EZ0900: Defined in dup-a: b.\n\
             \x20       TraceBack (most recent call last):\n\
             \x20       EZ0900: Defined in dup-a: a.\n\
             \x20       EZ0900: Defined in dup-a: dynamic.\n"
        )
    );
}

#[test]
fn a_second_definition_with_other_arguments_keeps_its_own() {
    use errcat::ErrorCode;

    let first = first_by_location::First { device_id: 7 };
    let second = second_by_location::Second {
        path: "/dev/x".into(),
    };
    assert_eq!(registry().get("EZ0901").unwrap().message(), "First: %s.");
    assert_eq!(first.to_string(), "First: 7.");
    // Nothing of its value is lost to the other definition's placeholders.
    assert_eq!(second.to_string(), "Second: /dev/x.");
    assert_eq!(second.definition().message(), "Second: %s.");
    let error = registry().expect_codes(["EZ0901"]).unwrap_err();
    assert_eq!(error.conflicts()[0].definitions().len(), 2);
}

#[test]
fn a_failed_expectation_unwrapped_shows_its_sentence() {
    let _ = (
        DefinedInA {
            what: String::new(),
        },
        DefinedInB {
            what: String::new(),
        },
    );
    let error = registry().expect_codes(["EZ0998", "EZ0900"]).unwrap_err();
    let unwrapped = std::panic::catch_unwind(|| {
        registry().expect_codes(["EZ0998", "EZ0900"]).unwrap();
    })
    .unwrap_err();
    let text = unwrapped.downcast_ref::<String>().unwrap();
    assert_eq!(
        *text,
        format!("called `Result::unwrap()` on an `Err` value: {error}")
    );
    assert!(text.contains("1 code is not registered: EZ0998"), "{text}");
    assert!(!text.contains("RawDef"), "{text}");
    assert!(!text.contains("pieces"), "{text}");
    assert_eq!(
        format!("{:?}", error.conflicts()[0]),
        format!("Conflict({:?})", error.conflicts()[0].to_string())
    );
}

#[test]
fn expect_unique_codes_names_every_code_defined_twice_and_each_definition() {
    let _ = (
        DefinedInA {
            what: String::new(),
        },
        DefinedInB {
            what: String::new(),
        },
    );
    let error = registry().expect_unique_codes().unwrap_err();
    let codes: Vec<&str> = error.conflicts().iter().map(|c| c.code()).collect();
    assert_eq!(codes, ["EZ0900", "EZ0901"]);
    assert!(error.codes().is_empty());
    assert_eq!(
        error.to_string(),
        "EZ0900 is defined 2 times: at tests/support/dup-a/src/lib.rs:7:14 (\"Defined in dup-a: %s.\") \
         and at tests/support/dup-b/src/lib.rs:7:14 (\"Defined in dup-b: %s.\"), of which the first is \
         the code's definition; keep one definition per code; \
         EZ0901 is defined 2 times: at tests/one_definition.rs:15:26 (\"First: %s.\") and at \
         tests/one_definition.rs:23:26 (\"Second: %s.\"), of which the first is the code's \
         definition; keep one definition per code"
    );
}
