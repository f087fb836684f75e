//! The template parser on any text: it never panics, a template it accepts
//! is exactly its pieces joined by `%s` (with `%` written `%%` again), and
//! every error points at a `%` of the input.

#![no_main]

use errcat_syntax::parse_template;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|template: &str| {
    match parse_template(template) {
        Ok(parsed) => {
            assert_eq!(parsed.placeholders() + 1, parsed.pieces.len());
            let rebuilt: Vec<String> = parsed.pieces.iter().map(|piece| piece.replace('%', "%%")).collect();
            assert_eq!(rebuilt.join("%s"), template);
        }
        Err(errors) => {
            assert!(!errors.is_empty());
            for error in errors {
                assert_eq!(template.as_bytes()[error.offset], b'%');
                let _ = error.to_string();
            }
        }
    }
});
