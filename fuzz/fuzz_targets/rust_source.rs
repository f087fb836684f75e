//! The Rust reader on any text: never a panic, every place it tells
//! (definitions, their texts and fields, report sites, problems, and a
//! syntax error) is a line and column of the input, sites come in the
//! order written, and brackets nested past `MAX_DEPTH` are a `TooDeep`
//! problem, not a deeper recursion.
//!
//! The first byte picks the case: odd, the input is wrapped in
//! `MAX_DEPTH + 1` brackets inside an item; even, it is read as it is.

#![no_main]

#[path = "shared/place.rs"]
mod place;

use errcat_catalog::rust_source::{MAX_DEPTH, RustFile, RustProblem, read_rust};
use libfuzzer_sys::fuzz_target;
use place::{assert_within, line_widths};

fn check_places(text: &str, file: &RustFile) {
    let widths = line_widths(text.as_bytes(), false);
    let at = |at: errcat_catalog::Position, what: &str| {
        assert_within(&widths, at.line, at.column, what)
    };
    for definition in &file.definitions {
        at(definition.at, "a definition");
        at(definition.code.at, "a definition's code");
        for text in [
            &definition.title,
            &definition.class,
            &definition.message,
            &definition.cause,
            &definition.solution,
            &definition.args,
        ]
        .into_iter()
        .flatten()
        {
            at(text.at, "a definition's text");
        }
        if let Some((_, place)) = &definition.example {
            at(*place, "an example");
        }
        for field in &definition.fields {
            at(field.at, "a field");
        }
        // Any message gives a template and names without a panic.
        let _ = (definition.template(), definition.arg_names());
    }
    for site in &file.sites {
        at(site.at, "a site");
        at(site.code.at, "a site's code");
        assert!(site.at <= site.code.at, "a site's code before its macro");
        if let Some(place) = site.allowed_at {
            at(place, "an allow comment");
        }
    }
    assert!(
        file.sites.windows(2).all(|pair| pair[0].at <= pair[1].at),
        "sites out of order"
    );
    for problem in &file.problems {
        at(problem.at(), "a problem");
    }
}

fn read_checked(text: &str) -> Option<RustFile> {
    match read_rust(text) {
        Ok(file) => {
            check_places(text, &file);
            Some(file)
        }
        Err(error) => {
            let widths = line_widths(text.as_bytes(), false);
            assert_within(&widths, error.at.line, error.at.column, "a syntax error");
            assert!(!error.message.is_empty());
            None
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&case, input)) = data.split_first() else {
        return;
    };
    let Ok(input) = std::str::from_utf8(input) else {
        return;
    };
    if case % 2 == 1 {
        let text = format!(
            "const _: () = {}{input}\n{};\n",
            "(".repeat(MAX_DEPTH + 1),
            ")".repeat(MAX_DEPTH + 1)
        );
        // An input that leaves a bracket, string or comment open is no Rust;
        // any other is read, its depth told.
        if let Some(file) = read_checked(&text) {
            assert!(
                file.problems
                    .iter()
                    .any(|problem| matches!(problem, RustProblem::TooDeep(_))),
                "{:?}",
                file.problems
            );
        }
        return;
    }
    read_checked(input);
});
