//! The C and C++ reader on any bytes: never a panic, every place it tells
//! (rows, sites, constants, defines, members, problems) is a line and
//! column of the input, every span lies within it, and brackets nested
//! past `MAX_DEPTH` are a `TooDeep` problem at the bracket that goes too
//! deep, not a deeper recursion. A table updated from a catalog is
//! updated once and for all: updating its output again changes nothing.
//!
//! The first byte picks the case: odd, the input follows `MAX_DEPTH + 1`
//! open brackets; even, it is read as it is and its tables are updated.

#![no_main]

#[path = "shared/place.rs"]
mod place;

use std::ops::Range;
use std::sync::LazyLock;

use errcat_catalog::c_source::{
    ArrayMember, Constant, Define, MAX_DEPTH, Problem, Row, Site, TableChange, TableStyle, Visitor,
    read_c, update_table,
};
use errcat_catalog::{Catalog, Position};
use libfuzzer_sys::fuzz_target;
use place::{assert_within, line_widths};

/// Entries of both layouts' shapes, with names, causes and solutions, so
/// that rows of these codes are rewritten.
static CATALOG: LazyLock<Catalog> = LazyLock::new(|| {
    errcat_catalog::load(
        r#"{"error_info_list": [
  {"ErrCode": "EK0201", "ErrMessage": "Failed to allocate %s host memory for %s.", "Arglist": "buf_size, owner",
   "PossibleCause": "Allocation failed due to insufficient host memory.", "Solution": "Stop unnecessary processes."},
  {"ErrCode": "EH0001", "ErrMessage": "Value [%s] for parameter [%s] is invalid. Reason: %s.", "Arglist": "value, param, reason"},
  {"ErrCode": "E19999", "ErrMessage": "%s", "Arglist": "errmsg"}
]}"#,
    )
    .catalog
});

/// Checks each place as the reader tells it.
struct Checked<'a> {
    widths: &'a [u32],
    len: usize,
    problems: Vec<Problem>,
}

impl Checked<'_> {
    fn place(&self, at: Position, what: &str) {
        assert_within(self.widths, at.line, at.column, what);
    }

    fn span(&self, span: &Range<usize>, what: &str) {
        assert!(
            span.start <= span.end && span.end <= self.len,
            "{what} spans {span:?} of {} bytes",
            self.len
        );
    }
}

impl Visitor for Checked<'_> {
    fn row(&mut self, row: Row) {
        self.place(row.at, "a row's code");
        self.place(row.start, "a row");
        self.place(row.names_at, "a row's names");
        self.span(&row.span, "a row");
        self.span(&row.names_span, "a row's names");
        assert!(
            row.span.start <= row.names_span.start && row.names_span.end <= row.span.end,
            "a row's names {:?} outside the row {:?}",
            row.names_span,
            row.span
        );
        for text in [&row.cause, &row.solution].into_iter().flatten() {
            self.place(text.at, "a row's text");
            self.span(&text.span, "a row's text");
        }
        if let Some(at) = row.allowed_at {
            self.place(at, "an allow comment");
        }
    }

    fn site(&mut self, site: Site) {
        self.place(site.at, "a site's code");
        self.place(site.start, "a site");
        assert!(site.start <= site.at, "a site's code before its call");
        if let Some(at) = site.allowed_at {
            self.place(at, "an allow comment");
        }
    }

    fn constant(&mut self, constant: Constant) {
        self.place(constant.at, "a constant");
    }

    fn define(&mut self, define: Define) {
        self.place(define.at, "a define");
    }

    fn array_member(&mut self, member: ArrayMember) {
        self.place(member.at, "an array member");
    }

    fn problem(&mut self, problem: Problem) {
        self.place(problem.at(), "a problem");
        self.problems.push(problem);
    }
}

fn read_checked(bytes: &[u8]) -> Vec<Problem> {
    let widths = line_widths(bytes, true);
    let mut checked = Checked {
        widths: &widths,
        len: bytes.len(),
        problems: Vec::new(),
    };
    errcat_catalog::c_source::read_c_with(bytes, &mut checked);
    checked.problems
}

fuzz_target!(|data: &[u8]| {
    let Some((&case, input)) = data.split_first() else {
        return;
    };
    if case % 2 == 1 {
        let mut deep = b"f".to_vec();
        deep.extend(std::iter::repeat_n(b'(', MAX_DEPTH + 1));
        deep.extend_from_slice(input);
        let problems = read_checked(&deep);
        let too_deep = Problem::TooDeep(Position::new(1, 2 + MAX_DEPTH as u32));
        assert!(problems.contains(&too_deep), "{problems:?}");
        return;
    }
    read_checked(input);
    let once = update_table(input, &CATALOG, &TableStyle::default());
    if once.text == input {
        assert!(!once.changed(), "rows told rewritten, bytes the same");
        return;
    }
    read_checked(&once.text);
    let twice = update_table(&once.text, &CATALOG, &TableStyle::default());
    let rewritten: Vec<&TableChange> = twice
        .changes
        .iter()
        .filter(|change| matches!(change, TableChange::Updated { .. }))
        .collect();
    assert!(rewritten.is_empty(), "updated again: {rewritten:?}");
    assert_eq!(twice.text, once.text, "updated again");
    // Every row of the input is still a row, with its code (rows inside
    // rows are left as they are); rows are told as they close, so that a
    // rewritten row may come before or after one it came after.
    let codes = |bytes: &[u8]| {
        let mut codes: Vec<String> = read_c(bytes).rows.into_iter().map(|row| row.code).collect();
        codes.sort();
        codes
    };
    assert_eq!(codes(&once.text), codes(input));
});
