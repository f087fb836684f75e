//! What `errcode codegen` writes compiles (the `catalog-codegen` test crate
//! builds it) and defines what the catalog says.

// A glob import brings the hidden items report sites find codes by.
use catalog_codegen::valid::*;
use errcat::registry;

#[test]
fn generated_definitions_report_as_the_catalog_says() {
    EX0201 {
        buf_size: "64B".into(),
    }
    .report();
    assert_eq!(
        errcat::take_error_message().unwrap(),
        "EX0201: Failed to allocate 64B host memory.\r\n\
         \x20       PossibleCause: Allocation failed due to insufficient host memory.\r\n\
         \x20       Solution: Stop unnecessary processes.\r\n"
    );
    errcat::msprof_env_error!("WX0001", ["function", "type"], ["cast", "bf16"]);
    assert_eq!(
        errcat::take_warning_message().unwrap(),
        "WX0001: Failed to cast because bf16 is not supported.\r\n"
    );
    let repeated = EX0003 {
        op_name: "Add".into(),
        value: "7".into(),
        param: "ratio".into(),
    };
    assert_eq!(
        repeated.to_string(),
        "In Add, 7 is ratio but 7 must be at most 100%."
    );
    let _ = WX0001 {
        function: String::new(),
        r#type: String::new(),
    };
    let def = registry().get("EX0003").unwrap();
    assert_eq!(def.args(), ["op_name", "value", "param", "value"]);
    assert_eq!(def.solution(), Some("Lower the value."));
    assert_eq!(def.cause(), None);
}

#[test]
fn the_real_catalog_converts_to_definitions_that_compile() {
    if !catalog_codegen::cann::AVAILABLE {
        skip::skip("the real catalog ../shared/cann/error_code.json is absent");
        return;
    }
    // Checked through the registry, not by naming a generated type: the types
    // exist only when the catalog does, and a fresh clone must compile.
    let ei0003 = registry().get("EI0003").unwrap();
    assert_eq!(ei0003.fields().len(), 3);
    // 405 codes of the real catalog and the 5 of the example, all registered.
    assert_eq!(registry().len(), 410);
    assert!(registry().conflicts().is_empty());
    let def = registry().get("E50031").unwrap();
    assert_eq!(def.args().len(), 10);
    assert_eq!(def.fields().len(), 6);
}
