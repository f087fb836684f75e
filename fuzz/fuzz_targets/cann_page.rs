//! The reference page reader on any text: never a panic, every place it
//! tells (the `#` line, the title, template, cause and solution) is a line
//! and column of the page, and a text it reads is on the page: each line
//! of a template is one of the page's lines, outside HTML comments.

#![no_main]

#[path = "shared/place.rs"]
mod place;

use errcat_catalog::read_page;
use libfuzzer_sys::fuzz_target;
use place::{assert_within, line_widths};

fuzz_target!(|input: (&str, &str)| {
    let (code, text) = input;
    let page = read_page(code, text);
    let widths = line_widths(text.as_bytes(), false);
    assert_within(&widths, page.at.line, page.at.column, "the page");
    for (what, found) in [
        ("the title", &page.title),
        ("the template", &page.template),
        ("the cause", &page.cause),
        ("the solution", &page.solution),
    ] {
        if let Some(found) = found {
            assert_within(&widths, found.at.line, found.at.column, what);
        }
    }
    if let Some(template) = &page.template {
        for line in template.text.split('\n') {
            assert!(
                text.contains(line),
                "template line {line:?} not on the page"
            );
        }
    }
});
