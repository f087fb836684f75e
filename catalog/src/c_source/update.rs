//! A C table brought in line with a catalog in place: only the rows it
//! already has, in its order, each rewritten only where a field differs,
//! in the row's own layout, within the file's line width. Comments,
//! guards, includes and every other byte stay as they are.

use std::collections::HashMap;
use std::ops::Range;

use super::lex::{Tok, Tokens};
use super::scan::{bracket_index, opener_of};
use super::write::c_string;
use super::{CFile, Layout, Row, read_c};
use crate::model::{Catalog, Entry, NOT_APPLICABLE};

/// How the file is formatted: the width its lines keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableStyle {
    /// The most characters a line may have: the file's `.clang-format`
    /// `ColumnLimit`, else 120.
    pub column_limit: usize,
}

impl Default for TableStyle {
    fn default() -> Self {
        TableStyle { column_limit: 120 }
    }
}

impl TableStyle {
    /// The style a `.clang-format` file's text gives: its `ColumnLimit`
    /// (a limit of 0, "no limit", keeps the default).
    ///
    /// ```
    /// use errcat_catalog::c_source::TableStyle;
    /// let style = TableStyle::from_clang_format("BasedOnStyle: Google\nColumnLimit: 100\n");
    /// assert_eq!(style.column_limit, 100);
    /// assert_eq!(TableStyle::from_clang_format("BasedOnStyle: LLVM\n").column_limit, 120);
    /// ```
    pub fn from_clang_format(text: &str) -> TableStyle {
        let limit = text.lines().find_map(|line| {
            let line = line.split('#').next().unwrap_or_default().trim();
            let value = line.strip_prefix("ColumnLimit:")?;
            value.trim().parse::<usize>().ok()
        });
        match limit {
            Some(limit) if limit > 0 => TableStyle {
                column_limit: limit,
            },
            _ => TableStyle::default(),
        }
    }
}

/// What [`update_table`] did to one row, or why it left it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TableChange {
    /// The row was rewritten: the fields that differed (`message`,
    /// `arglist`, `cause`, `solution`).
    Updated {
        /// The row's code.
        code: String,
        /// The row's line.
        line: u32,
        /// The fields rewritten.
        fields: Vec<&'static str>,
    },
    /// The catalog has no entry of the row's code: the row stays.
    NotInCatalog {
        /// The row's code.
        code: String,
        /// The row's line.
        line: u32,
    },
    /// The catalog's entry names more arguments than the table's rows can
    /// hold: the row stays, and the bound must grow first.
    TooManyNames {
        /// The row's code.
        code: String,
        /// The row's line.
        line: u32,
        /// How many names the catalog's entry has.
        names: usize,
        /// The bound as the file writes it (`MAX_ARG_NUMBER`).
        bound: String,
        /// Its value.
        value: u64,
    },
    /// The row is inside another row's brackets, or holds another row: the
    /// two cannot both be rewritten, and both stay.
    Nested {
        /// The row's code.
        code: String,
        /// The row's line.
        line: u32,
    },
    /// The rewritten row has a line longer than the file's width: a word
    /// longer than the line, or a comment that keeps the row from being
    /// laid out again.
    TooWide {
        /// The row's code.
        code: String,
        /// The row's line.
        line: u32,
    },
    /// The row's lines hold bytes that are not UTF-8 and its new fields
    /// do not fit where the old ones were: laid out anew, the row would
    /// lose those bytes, so it is left as it is.
    NotUtf8 {
        /// The row's code.
        code: String,
        /// The row's line.
        line: u32,
    },
    /// Rewritten, the file would not read as the rows it has: a row's new
    /// text would pair the brackets after it differently (as an unclosed
    /// literal in a row can), and a row would be lost, gained or moved.
    /// No row of the file is rewritten: its text stays as it is, and the
    /// rows' other changes are not made.
    RowsShifted {
        /// The code of the first row, in the file's order, that would not
        /// be read as it is.
        code: String,
        /// That row's line: in the file as it is, or for a row gained, in
        /// the text the update would have written.
        line: u32,
        /// What would become of the row.
        shift: RowShift,
    },
}

/// What rewriting a file's rows would do to one row of it
/// ([`TableChange::RowsShifted`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum RowShift {
    /// The row would no longer be read as a row.
    Lost,
    /// Text that is no row would be read as one.
    Gained,
    /// The row would be read with other text: inside another row's
    /// brackets, holding another row, or with fields other than its own
    /// or the catalog's.
    Moved,
}

/// A table's text brought in line with a catalog, and what was done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableUpdate {
    /// The file's new bytes.
    pub text: Vec<u8>,
    /// Per row that is not as the catalog has it, what was done.
    pub changes: Vec<TableChange>,
}

impl TableUpdate {
    /// Whether any row was rewritten.
    pub fn changed(&self) -> bool {
        self.changes
            .iter()
            .any(|change| matches!(change, TableChange::Updated { .. }))
    }
}

/// The table rows of `bytes` (a C or C++ file) rewritten from `catalog`:
/// a row's message, names, cause and solution become the catalog's where
/// they differ. Rows of codes the catalog lacks stay and are reported;
/// rows the catalog gives more names than the table's bound (its
/// `argList[MAX_ARG_NUMBER]`, read from the file) stay and are reported.
///
/// ```
/// use errcat_catalog::c_source::{TableStyle, update_table};
/// let catalog = errcat_catalog::load(r#"{"error_info_list": [
///   {"ErrCode": "EK0201", "ErrMessage": "Failed to allocate %s.", "Arglist": "buf_size"}
/// ]}"#).catalog;
/// let table = b"// Kept.\nstatic const ErrorInfoConfig ERROR_MAP[] = {\n    {\"EK0201\", \"Cannot allocate %s.\", NULL, NULL, {\"size\"}},\n};\n";
/// let updated = update_table(table, &catalog, &TableStyle::default());
/// assert_eq!(
///     String::from_utf8(updated.text).unwrap(),
///     "// Kept.\nstatic const ErrorInfoConfig ERROR_MAP[] = {\n    {\"EK0201\", \"Failed to allocate %s.\", NULL, NULL, {\"buf_size\"}},\n};\n"
/// );
/// ```
pub fn update_table(bytes: &[u8], catalog: &Catalog, style: &TableStyle) -> TableUpdate {
    let file = read_c(bytes);
    let mut entries: HashMap<&str, &Entry> = HashMap::new();
    for entry in &catalog.entries {
        entries.entry(entry.code.as_str()).or_insert(entry);
    }
    let bound = table_bound(&file);
    let nested = nested_rows(&file.rows);
    let mut edits: Vec<(usize, Range<usize>, Vec<u8>)> = Vec::new();
    // Per row, the fields it is rewritten to, if it is, and (once the
    // edits are made) where its new text is.
    let mut rewritten: Vec<Option<(Wanted, Range<usize>)>> = Vec::new();
    rewritten.resize_with(file.rows.len(), || None);
    let mut changes = Vec::new();
    for (index, (row, &nested)) in file.rows.iter().zip(&nested).enumerate() {
        let line = row.at.line;
        let code = row.code.clone();
        let Some(entry) = entries.get(row.code.as_str()) else {
            changes.push(TableChange::NotInCatalog { code, line });
            continue;
        };
        if nested {
            changes.push(TableChange::Nested { code, line });
            continue;
        }
        let wanted = Wanted::of(row, entry);
        let fields = wanted.differing(row);
        if fields.is_empty() {
            continue;
        }
        if row.layout == Layout::StructArray
            && let Some((name, value)) = &bound
            && wanted.names.len() as u64 > *value
        {
            changes.push(TableChange::TooManyNames {
                code,
                line,
                names: wanted.names.len(),
                bound: name.clone(),
                value: *value,
            });
            continue;
        }
        let rewrite = match rewrite_row(bytes, row, &wanted, &fields, style) {
            Ok(rewrite) => rewrite,
            Err(Unrewritable::TooWide) => {
                changes.push(TableChange::TooWide { code, line });
                continue;
            }
            Err(Unrewritable::NotUtf8) => {
                changes.push(TableChange::NotUtf8 { code, line });
                continue;
            }
        };
        if !rewrite.fits {
            changes.push(TableChange::TooWide {
                code: code.clone(),
                line,
            });
        }
        edits.push((index, rewrite.range, rewrite.text));
        rewritten[index] = Some((wanted, 0..0));
        changes.push(TableChange::Updated { code, line, fields });
    }
    if edits.is_empty() {
        return TableUpdate {
            text: bytes.to_vec(),
            changes,
        };
    }
    let mut text = bytes.to_vec();
    edits.sort_by_key(|(_, range, _)| range.start);
    // How much longer the text before the next edit has grown.
    let mut grown = 0isize;
    for (index, range, replacement) in &edits {
        if let Some((_, new)) = &mut rewritten[*index] {
            let start = range.start.saturating_add_signed(grown);
            *new = start..start + replacement.len();
        }
        grown += replacement.len() as isize - range.len() as isize;
    }
    for (_, range, replacement) in edits.into_iter().rev() {
        text.splice(range, replacement);
    }
    // The new text read again must hold the same rows, in the same order
    // and nesting: a rewritten field that ends in an unclosed literal, laid
    // out anew, can swallow the line end that closed it, and the brackets
    // after it pair differently. Such a file is left as it is.
    if let Some(shifted) = shifted_row(bytes, &file.rows, &nested, &rewritten, &text) {
        changes.retain(|change| {
            !matches!(
                change,
                TableChange::Updated { .. } | TableChange::TooWide { .. }
            )
        });
        changes.push(shifted);
        return TableUpdate {
            text: bytes.to_vec(),
            changes,
        };
    }
    TableUpdate { text, changes }
}

/// The first row, in the file's order (`bytes`), that `text` (its rows
/// rewritten) does not read as expected: each row not rewritten with
/// the same layout and bytes, each rewritten one within its new text
/// and with the catalog's fields, every one as nested as before, and no
/// other row.
fn shifted_row(
    bytes: &[u8],
    rows: &[Row],
    nested: &[bool],
    rewritten: &[Option<(Wanted, Range<usize>)>],
    text: &[u8],
) -> Option<TableChange> {
    let read = read_c(text);
    let read_nested = nested_rows(&read.rows);
    let in_order = |rows: &[Row]| {
        let mut order: Vec<usize> = (0..rows.len()).collect();
        order.sort_by_key(|&index| rows[index].span.start);
        order
    };
    let before = in_order(rows);
    let after = in_order(&read.rows);
    let shifted = |row: &Row, shift: RowShift| TableChange::RowsShifted {
        code: row.code.clone(),
        line: row.at.line,
        shift,
    };
    for (place, &old) in before.iter().enumerate() {
        let row = &rows[old];
        let Some(&new) = after.get(place) else {
            return Some(shifted(row, RowShift::Lost));
        };
        let found = &read.rows[new];
        if found.code != row.code {
            // A row of this code further on is this row moved; none is
            // this row lost, or a row gained before it.
            let further = |code: &str, order: &[usize], rows: &[Row]| {
                order[place..].iter().any(|&index| rows[index].code == code)
            };
            return Some(if !further(&row.code, &after, &read.rows) {
                shifted(row, RowShift::Lost)
            } else if !further(&found.code, &before, rows) {
                shifted(found, RowShift::Gained)
            } else {
                shifted(row, RowShift::Moved)
            });
        }
        let same = found.layout == row.layout
            && read_nested[new] == nested[old]
            && match &rewritten[old] {
                Some((wanted, new)) => {
                    new.start <= found.span.start
                        && found.span.end <= new.end
                        && wanted.differing(found).is_empty()
                }
                None => text[found.span.clone()] == bytes[row.span.clone()],
            };
        if !same {
            return Some(shifted(row, RowShift::Moved));
        }
    }
    after
        .get(before.len())
        .map(|&new| shifted(&read.rows[new], RowShift::Gained))
}

/// For each row, whether it is inside another row's span or holds one.
/// Spans are bracket groups: two are nested or apart, never crossed.
fn nested_rows(rows: &[Row]) -> Vec<bool> {
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by_key(|&index| {
        (
            rows[index].span.start,
            std::cmp::Reverse(rows[index].span.end),
        )
    });
    let mut nested = vec![false; rows.len()];
    // The outermost row reached so far, and where it ends.
    let mut outer: Option<(usize, usize)> = None;
    for index in order {
        match outer {
            Some((holder, end)) if rows[index].span.start < end => {
                nested[holder] = true;
                nested[index] = true;
            }
            _ => outer = Some((index, rows[index].span.end)),
        }
    }
    nested
}

/// The bound of a row's names: the array member whose name says it holds
/// arguments (`argList[MAX_ARG_NUMBER]`), its size read from the file.
fn table_bound(file: &CFile) -> Option<(String, u64)> {
    file.array_members.iter().find_map(|member| {
        if !member.name.to_ascii_lowercase().contains("arg") {
            return None;
        }
        if let Some(value) = super::lex::integer(&member.bound) {
            return Some((member.bound.clone(), value));
        }
        let define = file
            .defines
            .iter()
            .rev()
            .find(|define| define.name == member.bound)?;
        Some((member.bound.clone(), define.value))
    })
}

/// A row's fields as the catalog has them.
struct Wanted {
    /// The message as the row writes it (an X-macro row's suffix included).
    message: String,
    /// The message as compared (without the suffix).
    compared: String,
    names: Vec<String>,
    cause: Option<String>,
    solution: Option<String>,
}

/// `N/A` and an empty text are no text.
fn present(text: Option<&str>) -> Option<&str> {
    text.filter(|text| *text != NOT_APPLICABLE && !text.trim().is_empty())
}

impl Wanted {
    fn of(row: &Row, entry: &Entry) -> Wanted {
        let message = match row.layout {
            Layout::XMacro if row.message_suffix => {
                format!("{} ErrorCode={}.\n", entry.message, row.code)
            }
            _ => entry.message.clone(),
        };
        Wanted {
            message,
            compared: entry.message.clone(),
            names: entry
                .names()
                .iter()
                .map(|name| (*name).to_owned())
                .collect(),
            cause: present(entry.cause()).map(str::to_owned),
            solution: present(entry.solution()).map(str::to_owned),
        }
    }

    fn differing(&self, row: &Row) -> Vec<&'static str> {
        let mut fields = Vec::new();
        if row.message != self.compared {
            fields.push("message");
        }
        if row.names != self.names {
            fields.push("arglist");
        }
        for (name, field, wanted) in [
            ("cause", &row.cause, &self.cause),
            ("solution", &row.solution, &self.solution),
        ] {
            if let Some(field) = field
                && present(field.text.as_deref()) != wanted.as_deref()
            {
                fields.push(name);
            }
        }
        fields
    }
}

/// How a row's lines end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ends {
    /// Outside a macro.
    Plain,
    /// In a macro, each `\` at this column.
    Aligned(usize),
    /// In a macro, each `\` after a space after the text.
    Unaligned,
}

/// Why a row cannot be rewritten.
enum Unrewritable {
    /// Its new lines would be too wide ([`TableChange::TooWide`]).
    TooWide,
    /// It would be laid out anew over bytes that are not UTF-8
    /// ([`TableChange::NotUtf8`]).
    NotUtf8,
}

/// A row's new text and the bytes it replaces.
struct Rewrite {
    range: Range<usize>,
    text: Vec<u8>,
    /// Whether every line is within the width.
    fits: bool,
}

/// The byte ranges of the row's arguments, each from after the comma (or
/// bracket) before it to the comma (or bracket) after it, comments
/// included, spaces around left out.
fn argument_ranges(bytes: &[u8], row: &Row) -> Option<(usize, Vec<Range<usize>>, usize)> {
    let text = &bytes[row.span.clone()];
    // Brackets are matched as the reader matches them: a closer with no
    // opener of its kind is punctuation, and one that has an opener closes
    // the groups opened after it too. The row's group is the first one;
    // it ends where it closes.
    let mut opened: Vec<u8> = Vec::new();
    // How many of each kind, `(`, `[`, `{`, are open.
    let mut counts = [0usize; 3];
    let mut open = None;
    let mut separators: Vec<(usize, usize)> = Vec::new();
    let mut close = None;
    for token in Tokens::new(text) {
        match token.tok {
            Tok::Punct(bracket @ (b'(' | b'[' | b'{')) => {
                opened.push(bracket);
                counts[bracket_index(bracket)] += 1;
                if opened.len() == 1 {
                    open = Some(token.end);
                }
            }
            Tok::Punct(closer @ (b')' | b']' | b'}')) => {
                if counts[bracket_index(closer)] == 0 {
                    continue;
                }
                // Each bracket is pushed and popped once: linear.
                while let Some(popped) = opened.pop() {
                    counts[bracket_index(popped)] -= 1;
                    if popped == opener_of(closer) {
                        break;
                    }
                }
                if opened.is_empty() {
                    close = Some(token.start);
                    break;
                }
            }
            Tok::Punct(b',') if opened.len() == 1 => separators.push((token.start, token.end)),
            _ => {}
        }
    }
    let (open, close) = (open?, close?);
    let mut ranges = Vec::new();
    let mut start = open;
    for (comma, after) in separators.iter().copied().chain([(close, close)]) {
        ranges.push(trimmed(text, start..comma));
        start = after;
    }
    let base = row.span.start;
    let ranges = ranges
        .into_iter()
        .map(|range| range.start + base..range.end + base)
        .collect();
    Some((open + base, ranges, close + base))
}

/// `range` without the whitespace (and line continuations) at its ends.
fn trimmed(text: &[u8], range: Range<usize>) -> Range<usize> {
    let mut start = range.start;
    let mut end = range.end;
    while start < end && (text[start].is_ascii_whitespace() || text[start] == b'\\') {
        start += 1;
    }
    while end > start && (text[end - 1].is_ascii_whitespace() || text[end - 1] == b'\\') {
        end -= 1;
    }
    start..end
}

/// How many characters `bytes` are (UTF-8 continuation bytes not counted).
fn width(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .filter(|byte| !(0x80..0xc0).contains(*byte))
        .count()
}

/// The start of the line `index` is on.
fn line_start(bytes: &[u8], index: usize) -> usize {
    bytes[..index]
        .iter()
        .rposition(|byte| *byte == b'\n' || *byte == b'\r')
        .map_or(0, |at| at + 1)
}

/// The end of the line `index` is on (before its line end).
fn line_end(bytes: &[u8], index: usize) -> usize {
    bytes[index..]
        .iter()
        .position(|byte| *byte == b'\n' || *byte == b'\r')
        .map_or(bytes.len(), |at| index + at)
}

/// A piece of a row as laid out: text that may not be split, or a string
/// literal's text that may be split at its spaces.
enum Part {
    Fixed(String),
    Text(String),
}

impl Part {
    fn literal(text: &str) -> Part {
        Part::Text(text.to_owned())
    }

    /// The part on one line.
    fn whole(&self) -> String {
        match self {
            Part::Fixed(text) => text.clone(),
            Part::Text(text) => c_string(text),
        }
    }
}

fn rewrite_row(
    bytes: &[u8],
    row: &Row,
    wanted: &Wanted,
    fields: &[&str],
    style: &TableStyle,
) -> Result<Rewrite, Unrewritable> {
    let (open, ranges, close) = argument_ranges(bytes, row).ok_or(Unrewritable::TooWide)?;
    let raw = |index: usize| -> Option<String> {
        let range = ranges.get(index)?;
        Some(String::from_utf8_lossy(&bytes[range.clone()]).into_owned())
    };
    let names = |open: char, close: char| {
        let names: Vec<String> = wanted.names.iter().map(|name| c_string(name)).collect();
        Part::Fixed(format!("{open}{}{close}", names.join(", ")))
    };
    let text_or_null = |text: &Option<String>| match text {
        Some(text) => Part::literal(text),
        None => Part::Fixed("NULL".to_owned()),
    };
    let changed = |field: &str| fields.contains(&field);
    // Each argument: the catalog's where it differs, else as written (a
    // string literal written over several lines is laid out anew from its
    // text; other arguments keep their bytes, comments and all).
    let mut parts: Vec<Part> = Vec::new();
    // Per argument, whether the catalog's field differs from it.
    let mut differs: Vec<bool> = Vec::new();
    for index in 0..ranges.len() {
        let as_written = raw(index).ok_or(Unrewritable::TooWide)?;
        let multiline = as_written.contains('\n') || as_written.contains('\r');
        differs.push(match (row.layout, index) {
            (Layout::StructArray, 1) | (Layout::XMacro, 3) => changed("message"),
            (Layout::StructArray, 2) => changed("cause"),
            (Layout::StructArray, 3) => changed("solution"),
            (Layout::StructArray, 4) | (Layout::XMacro, 2) => changed("arglist"),
            _ => false,
        });
        let part = match (row.layout, index) {
            (Layout::StructArray, 1) | (Layout::XMacro, 3) if changed("message") || multiline => {
                Part::literal(&wanted.message)
            }
            (Layout::StructArray, 2) if changed("cause") || multiline => {
                text_or_null(&wanted.cause)
            }
            (Layout::StructArray, 3) if changed("solution") || multiline => {
                text_or_null(&wanted.solution)
            }
            (Layout::StructArray, 4) if changed("arglist") || multiline => names('{', '}'),
            (Layout::XMacro, 2) if changed("arglist") || multiline => names('(', ')'),
            _ if multiline || as_written.contains("//") => return Err(Unrewritable::TooWide),
            _ => Part::Fixed(as_written),
        };
        parts.push(part);
    }
    let head = String::from_utf8_lossy(&bytes[row.span.start..open]).into_owned();
    let tail = String::from_utf8_lossy(&bytes[close..row.span.end]).into_owned();
    let first_line = line_start(bytes, row.span.start);
    let indent = width(&bytes[first_line..row.span.start]);
    let align = indent + width(head.as_bytes());
    // In a macro, each line ends with a `\` at the row's column for it:
    // the column of the `\` on the row's first line, or on the line before.
    let end_of_first = line_end(bytes, row.span.start);
    let line_text = &bytes[first_line..end_of_first];
    let newline = if bytes.get(end_of_first..end_of_first + 2) == Some(b"\r\n") {
        "\r\n"
    } else if bytes.get(end_of_first) == Some(&b'\r') {
        "\r"
    } else {
        "\n"
    };
    let continued = |line: &[u8]| line.trim_ascii_end().ends_with(b"\\");
    let previous_line = (first_line > 0).then(|| {
        let end = first_line
            - 1
            - usize::from(first_line >= 2 && &bytes[first_line - 2..first_line] == b"\r\n");
        &bytes[line_start(bytes, end)..end]
    });
    // In a macro each line ends with `\`: aligned at one column, as
    // clang-format pads them (two spaces or more before it, or at the
    // width's last column), or right after the text.
    let macro_line = if continued(line_text) {
        Some(line_text)
    } else {
        previous_line.filter(|line| continued(line))
    };
    // A row on a directive's only line (`#define ROW {...}`) that is laid
    // out over several lines must continue the directive with `\`, or its
    // lines after the first leave it.
    let directive = line_text.trim_ascii_start().starts_with(b"#");
    let ends = match macro_line {
        None if directive => Ends::Unaligned,
        None => Ends::Plain,
        Some(line) => {
            let text = line.trim_ascii_end();
            let column = width(text) - 1;
            let padded = text[..text.len() - 1].ends_with(b"  ");
            if padded || column + 1 == style.column_limit {
                Ends::Aligned(column)
            } else {
                Ends::Unaligned
            }
        }
    };
    let limit = match ends {
        // At least one space before the `\`.
        Ends::Aligned(column) => column.saturating_sub(1).min(style.column_limit),
        Ends::Unaligned => style.column_limit.saturating_sub(2),
        Ends::Plain => style.column_limit,
    };
    // What follows the row on its last line (`},` or `,`), up to a macro's `\`.
    let after_end = line_end(bytes, row.span.end);
    let after = &bytes[row.span.end..after_end];
    let last_continued = ends != Ends::Plain && continued(after);
    let after_text = if last_continued {
        after.trim_ascii_end().strip_suffix(b"\\").unwrap_or(after)
    } else {
        after
    };
    let trailing = width(after_text.trim_ascii_end());
    if let Some(spliced) = splice_fields(bytes, row, &ranges, &parts, &differs, ends, style) {
        return Ok(spliced);
    }
    // Laid out anew, the row is written from text: bytes of its lines
    // that are not UTF-8 would be lost.
    if std::str::from_utf8(&bytes[first_line..after_end]).is_err() {
        return Err(Unrewritable::NotUtf8);
    }
    let one_line = format!(
        "{head}{}{tail}",
        parts.iter().map(Part::whole).collect::<Vec<_>>().join(", ")
    );
    let mut lines: Vec<String> = if indent + width(one_line.as_bytes()) + trailing <= limit {
        vec![one_line]
    } else {
        lay_out(
            row.layout, &head, &tail, &parts, align, indent, limit, trailing,
        )
    };
    let fits = lines.iter().enumerate().all(|(index, line)| {
        let start = if index == 0 { indent } else { 0 };
        let extra = if index + 1 == lines.len() {
            trailing
        } else {
            0
        };
        start + width(line.as_bytes()) + extra <= limit
    });
    let mut range_end = row.span.end;
    let count = lines.len();
    match ends {
        Ends::Aligned(column) => {
            // Every new line ends at the row's `\`; the last line keeps its own.
            for (index, line) in lines.iter_mut().enumerate() {
                let start = if index == 0 { indent } else { 0 };
                let used = start + width(line.as_bytes());
                if index + 1 < count {
                    line.push_str(&" ".repeat(column.saturating_sub(used).max(1)));
                    line.push('\\');
                } else if last_continued {
                    let kept = after_text.trim_ascii_end();
                    line.push_str(&String::from_utf8_lossy(kept));
                    line.push_str(&" ".repeat(column.saturating_sub(used + width(kept)).max(1)));
                }
            }
            if last_continued {
                // The old text and padding before the last line's `\` are replaced.
                range_end = row.span.end + after.trim_ascii_end().len() - 1;
            }
        }
        Ends::Unaligned => {
            for line in lines.iter_mut().take(count.saturating_sub(1)) {
                line.push_str(" \\");
            }
        }
        Ends::Plain => {}
    }
    Ok(Rewrite {
        range: row.span.start..range_end,
        text: lines.join(newline).into_bytes(),
        fits,
    })
}

/// The row with only the arguments whose field differs replaced, each in
/// place, and every other byte (its line layout, comments, the text
/// around them) as written; `None` when that cannot be: a field to
/// replace is written over several lines, or a line it is on would be
/// wider than the style allows (then the row is laid out anew). In a
/// macro, a line whose `\` is aligned keeps it at its column.
fn splice_fields(
    bytes: &[u8],
    row: &Row,
    ranges: &[Range<usize>],
    parts: &[Part],
    differs: &[bool],
    ends: Ends,
    style: &TableStyle,
) -> Option<Rewrite> {
    let first_line = line_start(bytes, row.span.start);
    let region_end = line_end(bytes, row.span.end);
    let mut region = bytes[first_line..region_end].to_vec();
    for (index, range) in ranges.iter().enumerate().rev() {
        if !differs[index] {
            continue;
        }
        let written = &bytes[range.clone()];
        if written.contains(&b'\n') || written.contains(&b'\r') {
            return None;
        }
        let relative = range.start - first_line..range.end - first_line;
        region.splice(relative, parts[index].whole().into_bytes());
    }
    let old_lines: Vec<&[u8]> = bytes[first_line..region_end]
        .split(|b| *b == b'\n')
        .collect();
    let mut lines: Vec<Vec<u8>> = Vec::new();
    for (number, line) in region.split(|b| *b == b'\n').enumerate() {
        if old_lines.get(number) == Some(&line) {
            lines.push(line.to_vec());
            continue;
        }
        let (line, cr) = match line.strip_suffix(b"\r") {
            Some(line) => (line, true),
            None => (line, false),
        };
        let continued = ends != Ends::Plain && line.trim_ascii_end().ends_with(b"\\");
        let text = if continued {
            line.trim_ascii_end()
                .strip_suffix(b"\\")
                .unwrap_or(line)
                .trim_ascii_end()
        } else {
            line
        };
        let mut new = text.to_vec();
        match ends {
            Ends::Aligned(column) if continued => {
                if width(text) + 1 > column {
                    return None;
                }
                new.resize(new.len() + column - width(text), b' ');
                new.push(b'\\');
            }
            _ if continued => {
                if width(text) + 2 > style.column_limit {
                    return None;
                }
                new.extend_from_slice(b" \\");
            }
            _ if width(text) > style.column_limit => return None,
            _ => {}
        }
        if cr {
            new.push(b'\r');
        }
        lines.push(new);
    }
    let text = lines.join(&b'\n');
    let prefix = row.span.start - first_line;
    Some(Rewrite {
        range: row.span.start..region_end,
        text: text[prefix..].to_vec(),
        fits: true,
    })
}

/// The row over several lines: a struct-array row one argument a line (as
/// clang-format lays out a braced list that does not fit), an X-macro row
/// with its arguments packed; continuation lines start under the first
/// argument, and a string literal too long for its line is split after a
/// space into adjacent literals.
#[allow(clippy::too_many_arguments)]
fn lay_out(
    layout: Layout,
    head: &str,
    tail: &str,
    parts: &[Part],
    align: usize,
    indent: usize,
    limit: usize,
    trailing: usize,
) -> Vec<String> {
    let pad = " ".repeat(align);
    let mut lines: Vec<String> = vec![head.to_owned()];
    // The column the current line has reached.
    let mut column = indent + width(head.as_bytes());
    let mut first_on_line = true;
    for (index, part) in parts.iter().enumerate() {
        let last = index + 1 == parts.len();
        // What must follow the part on its line: `,` or the row's end.
        let follow = if last {
            width(tail.as_bytes()) + trailing
        } else {
            1
        };
        let separator = if first_on_line { 0 } else { 1 };
        let whole = part.whole();
        let packs = layout == Layout::XMacro || index == 0;
        if !(packs && column + separator + width(whole.as_bytes()) + follow <= limit) {
            if !first_on_line {
                lines.push(pad.clone());
                column = align;
            }
        } else if !first_on_line {
            if let Some(line) = lines.last_mut() {
                line.push(' ');
            }
            column += 1;
        }
        let pieces = match part {
            Part::Text(text) if column + width(whole.as_bytes()) + follow > limit => split_literal(
                text,
                limit.saturating_sub(column + follow).max(8),
                limit.saturating_sub(align + follow).max(8),
            ),
            _ => vec![whole],
        };
        for (number, piece) in pieces.iter().enumerate() {
            if number > 0 {
                lines.push(pad.clone());
                column = align;
            }
            if let Some(line) = lines.last_mut() {
                line.push_str(piece);
            }
            column += width(piece.as_bytes());
        }
        if last {
            if let Some(line) = lines.last_mut() {
                line.push_str(tail);
            }
        } else {
            if let Some(line) = lines.last_mut() {
                line.push(',');
            }
            column += 1;
            if layout == Layout::StructArray {
                // One argument a line.
                lines.push(pad.clone());
                column = align;
                first_on_line = true;
                continue;
            }
        }
        first_on_line = false;
    }
    lines
}

/// `text` as adjacent C literals, the first at most `first` characters
/// wide, the others at most `rest`; each piece ends after a space where
/// it can.
fn split_literal(text: &str, first: usize, rest: usize) -> Vec<String> {
    let mut pieces: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut words = text.split_inclusive(' ').peekable();
    while let Some(word) = words.next() {
        let room = if pieces.is_empty() { first } else { rest };
        let candidate = format!("{current}{word}");
        if !current.is_empty() && width(c_string(&candidate).as_bytes()) > room {
            pieces.push(c_string(&current));
            current = word.to_owned();
        } else {
            current = candidate;
        }
        if words.peek().is_none() {
            break;
        }
    }
    if !current.is_empty() || pieces.is_empty() {
        pieces.push(c_string(&current));
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog() -> Catalog {
        crate::load(
            r#"{"error_info_list": [
  {"ErrCode": "EE1001", "ErrMessage": "The argument is invalid. Reason: %s", "Arglist": "extend_info",
   "suggestion": {"Possible Cause": "N/A", "Solution": "1. Check the input parameter range of the function. 2. Check the function invocation relationship."}},
  {"ErrCode": "EK0201", "ErrMessage": "Failed to allocate %s host memory for Profiling.", "Arglist": "buf_size",
   "suggestion": {"Possible Cause": "Allocation failed due to insufficient host memory.", "Solution": "Stop unnecessary processes and ensure that the required memory is available."}},
  {"ErrCode": "EE1003", "ErrMessage": "%s failed because value %s for parameter %s is invalid. Expected value: %s, and more words to make it long.", "Arglist": "func, value, param, expect"},
  {"ErrCode": "EK0004", "ErrMessage": "The current system or device does not support %s.", "Arglist": "intf"},
  {"ErrCode": "EK0001", "ErrMessage": "Value %s for parameter %s is invalid. Reason: %s.", "Arglist": "value, param, reason, extra"}
]}"#,
        )
        .catalog
    }

    fn updated(text: &str) -> (String, Vec<TableChange>) {
        let update = update_table(text.as_bytes(), &catalog(), &TableStyle::default());
        (String::from_utf8(update.text).unwrap(), update.changes)
    }

    #[test]
    fn only_differing_rows_change_and_everything_else_stays() {
        let table = concat!(
            "#include \"x.h\"\n",
            "#define MAX_ARG_NUMBER 3\n",
            "typedef struct { char* errorId; char* argList[MAX_ARG_NUMBER]; } ErrorInfoConfig;\n",
            "static const ErrorInfoConfig ERROR_MAP[] = {\n",
            "    // GE Errors\n",
            "    {\"E10004\", \"Value for [--%s] is empty.\", NULL, NULL /* solution */, {\"parameter\"}},\n",
            "    {\"EE1001\", \"The argument is invalid.Reason: %s\", NULL, NULL, {\"extendInfo\"}},\n",
            "    {\"EK0001\", \"Value %s for parameter %s is invalid. Reason: %s.\", NULL, NULL, {\"value\", \"param\", \"reason\"}},\n",
            "    {\"EK0004\", \"[%s] is not supported in %s.\", NULL, NULL /* kept */, {\"intf\", \"platform\"}},\n",
            "    {\"EK0201\",\n",
            "     \"Failed to allocate host memory for Profiling: %s.\",\n",
            "     \"Available memory is insufficient.\",\n",
            "     \"Close unused applications.\",\n",
            "     {\"buf_size\"}},\n",
            "};\n",
        );
        let (text, changes) = updated(table);
        assert_eq!(
            text,
            concat!(
                "#include \"x.h\"\n",
                "#define MAX_ARG_NUMBER 3\n",
                "typedef struct { char* errorId; char* argList[MAX_ARG_NUMBER]; } ErrorInfoConfig;\n",
                "static const ErrorInfoConfig ERROR_MAP[] = {\n",
                "    // GE Errors\n",
                "    {\"E10004\", \"Value for [--%s] is empty.\", NULL, NULL /* solution */, {\"parameter\"}},\n",
                "    {\"EE1001\",\n",
                "     \"The argument is invalid. Reason: %s\",\n",
                "     NULL,\n",
                "     \"1. Check the input parameter range of the function. 2. Check the function invocation relationship.\",\n",
                "     {\"extend_info\"}},\n",
                "    {\"EK0001\", \"Value %s for parameter %s is invalid. Reason: %s.\", NULL, NULL, {\"value\", \"param\", \"reason\"}},\n",
                "    {\"EK0004\", \"The current system or device does not support %s.\", NULL, NULL /* kept */, {\"intf\"}},\n",
                "    {\"EK0201\",\n",
                "     \"Failed to allocate %s host memory for Profiling.\",\n",
                "     \"Allocation failed due to insufficient host memory.\",\n",
                "     \"Stop unnecessary processes and ensure that the required memory is available.\",\n",
                "     {\"buf_size\"}},\n",
                "};\n",
            )
        );
        assert_eq!(
            changes,
            [
                TableChange::NotInCatalog {
                    code: "E10004".to_owned(),
                    line: 6
                },
                TableChange::Updated {
                    code: "EE1001".to_owned(),
                    line: 7,
                    fields: vec!["message", "arglist", "solution"]
                },
                TableChange::TooManyNames {
                    code: "EK0001".to_owned(),
                    line: 8,
                    names: 4,
                    bound: "MAX_ARG_NUMBER".to_owned(),
                    value: 3
                },
                TableChange::Updated {
                    code: "EK0004".to_owned(),
                    line: 9,
                    fields: vec!["message", "arglist"]
                },
                TableChange::Updated {
                    code: "EK0201".to_owned(),
                    line: 10,
                    fields: vec!["message", "cause", "solution"]
                },
            ]
        );
        // Updated again, nothing changes.
        let (again, changes) = updated(&text);
        assert_eq!(again, text);
        assert!(
            changes
                .iter()
                .all(|change| !matches!(change, TableChange::Updated { .. }))
        );
    }

    #[test]
    fn x_macro_rows_keep_their_backslashes_aligned() {
        let line = |content: &str| format!("{content:<119}\\\n");
        let mut table = String::from("#define RUNTIME_ERROR_CODE_TABLE(X)");
        table.push_str(&" ".repeat(119 - 35));
        table.push_str("\\\n");
        table.push_str(&line("    /* EE1001 - Invalid_Argument */"));
        table.push_str(&line(
            "    X(EE1001, \"EE1001\", (\"extend_info\"), \"The argument is invalid. Reason: %s. ErrorCode=EE1001.\\n\", DLOG_ERROR)",
        ));
        table.push_str(&line(
            "    X(EE1003, \"EE1003\", (\"func\", \"value\", \"param\", \"expect\"),",
        ));
        table.push_str(&line(
            "      \"%s failed because value %s for parameter %s is invalid. \"",
        ));
        table.push_str(&line("      \"Expected value: %s. ErrorCode=EE1003.\\n\","));
        table.push_str("      DLOG_ERROR)\n\nint after;\n");
        let (text, changes) = updated(&table);
        let mut expected = String::from("#define RUNTIME_ERROR_CODE_TABLE(X)");
        expected.push_str(&" ".repeat(119 - 35));
        expected.push_str("\\\n");
        expected.push_str(&line("    /* EE1001 - Invalid_Argument */"));
        expected.push_str(&line(
            "    X(EE1001, \"EE1001\", (\"extend_info\"), \"The argument is invalid. Reason: %s ErrorCode=EE1001.\\n\", DLOG_ERROR)",
        ));
        expected.push_str(&line(
            "    X(EE1003, \"EE1003\", (\"func\", \"value\", \"param\", \"expect\"),",
        ));
        expected.push_str(&line("      \"%s failed because value %s for parameter %s is invalid. Expected value: %s, and more words to make it long. \""));
        expected.push_str("      \"ErrorCode=EE1003.\\n\", DLOG_ERROR)\n\nint after;\n");
        assert_eq!(text, expected);
        assert_eq!(changes.len(), 2);
        for line in text.lines() {
            assert!(line.chars().count() <= 120, "{line}");
        }
    }

    #[test]
    fn the_width_comes_from_clang_format() {
        assert_eq!(
            TableStyle::from_clang_format("ColumnLimit: 80 # narrow\n").column_limit,
            80
        );
        assert_eq!(
            TableStyle::from_clang_format("ColumnLimit: 0\n").column_limit,
            120
        );
    }
}
