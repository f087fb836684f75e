//! `errcode codegen` of a catalog whose texts try to become code (issue 26,
//! defect 8): the `catalog-hostile` test crate compiles the output, so a
//! bare `\r` or a bidirectional control in a doc comment would fail the
//! build, and a title or file name whose line break let code through would
//! register a code of its own.

use catalog_hostile::hostile::*;
use errcat::registry;

#[test]
fn a_title_and_a_file_name_with_code_after_a_line_break_stay_texts() {
    let _ = EZ7702 {
        what: String::new(),
    };
    assert!(
        registry().get("EZ7799").is_none(),
        "the title's line became a definition"
    );
    assert!(
        registry().get("EZ7798").is_none(),
        "the file name's line became a definition"
    );
    let def = registry().get("EZ7701").unwrap();
    assert_eq!(
        def.title(),
        Some(
            "Low\n#[derive(Debug)] #[errcat::error_code(\"EZ7799\", message = \"Injected.\")] pub struct Injected; //"
        )
    );
    assert_eq!(def.class(), Some("Mem\r\nory */ /* \u{202e}"));
    assert_eq!(
        def.cause(),
        Some("A bare\rreturn, a \u{202e}reversal\u{202c} and a ``` fence.")
    );
    assert_eq!(
        def.solution(),
        Some("Free memory.\u{2028}Then retry.\n2. /* Or */ wait.")
    );
    EZ7701 {
        buf_size: "64B".into(),
    }
    .report();
    assert!(
        errcat::take_error_message()
            .unwrap()
            .starts_with("EZ7701: Failed to allocate 64B.\r\n")
    );
}
