//! C and C++ sources as copies of a catalog: the tables that copy its
//! entries (struct-array `ERROR_MAP` rows and X-macro rows), the report
//! sites that use its codes, and the constants that name codes; read as a
//! compiler reads them, written anew ([`Catalog::to_c_error_map`],
//! [`Catalog::to_c_xmacro`]) and updated in place ([`update_table`]).
//!
//! The reader never guesses: a row is a row only in one of the two
//! layouts, and a site's keys or values are read only when they are
//! written as a list of literals. It reads in one pass, in memory bounded
//! by the file's size, and bounds nesting by [`MAX_DEPTH`], not by the
//! stack.
//!
//! [`Catalog::to_c_error_map`]: crate::Catalog::to_c_error_map
//! [`Catalog::to_c_xmacro`]: crate::Catalog::to_c_xmacro

mod context;
mod lex;
mod scan;
mod update;
mod write;

#[cfg(test)]
mod tests;

use std::ops::Range;

use crate::position::Position;

pub use context::{
    Assertion, FileContext, Guard, LogCall, SiteContext, list_items, read_context, read_macro_uses,
};
pub use lex::allowed_kinds;
pub use update::{RowShift, TableChange, TableStyle, TableUpdate, update_table};

/// How deep brackets may nest before the reader stops looking inside: a
/// [`Problem::TooDeep`] names the place, and what is deeper goes unread.
pub const MAX_DEPTH: usize = 256;

/// How many items of one bracket group are read (a table's rows, a call's
/// arguments): the rest are passed over, and [`Problem::TooManyItems`]
/// says so.
pub const MAX_ITEMS: usize = 65_536;

/// The two table layouts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Layout {
    /// `{"EK0201", "message", cause-or-NULL, solution-or-NULL, {"name"}}`.
    StructArray,
    /// `X(EK0201, "EK0201", ("name"), "message ErrorCode=EK0201.\n", LEVEL)`.
    XMacro,
}

/// A text field of a row (a cause or a solution): its text, `None` for
/// `NULL`, and where its literal is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowText {
    /// The decoded text; `None` for `NULL` or `nullptr`.
    pub text: Option<String>,
    /// Where the field starts.
    pub at: Position,
    /// The field's bytes in the file (adjacent literals and the comments
    /// between them included).
    pub span: Range<usize>,
}

/// One row of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// Which of the two layouts the row is written in.
    pub layout: Layout,
    /// The code literal's text.
    pub code: String,
    /// The code literal.
    pub at: Position,
    /// Where the row starts: its `{`, or the X-macro's name.
    pub start: Position,
    /// The whole row's bytes in the file.
    pub span: Range<usize>,
    /// The X-macro's first argument, the enumerator the row defines (the
    /// code itself in CANN's table); `None` for a struct-array row.
    pub enumerator: Option<String>,
    /// The message, the X-macro's ` ErrorCode=<code>.` and line end taken off.
    pub message: String,
    /// Where the message is.
    pub message_at: Position,
    /// The message's bytes, its literals as written.
    pub message_span: Range<usize>,
    /// Whether the X-macro's message ends with its ` ErrorCode=<code>.` and
    /// line end (written back when the row is updated).
    pub message_suffix: bool,
    /// The argument names.
    pub names: Vec<String>,
    /// Where the names' list is.
    pub names_at: Position,
    /// The names' list, its brackets included.
    pub names_span: Range<usize>,
    /// The cause: `None` in X-macro rows, which have none.
    pub cause: Option<RowText>,
    /// The solution: `None` in X-macro rows, which have none.
    pub solution: Option<RowText>,
    /// The kinds of findings an `errcode: allow(...)` comment on the line
    /// before the row accepts.
    pub allowed: Vec<String>,
    /// Where that comment is.
    pub allowed_at: Option<Position>,
}

/// How a report site names its code.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SiteCode {
    /// A string literal of a code's shape: `"EH0001"`.
    Literal(String),
    /// A name: a constant whose value is a code (`acl::INVALID_PARAM_MSG`,
    /// `INVALID_PARAM_MSG`), or an enumerator a table maps to a code
    /// (`ErrorCode::EE1017`); as written, `::` and all.
    Named(String),
}

impl SiteCode {
    /// The last part of a name (`INVALID_PARAM_MSG` of
    /// `acl::INVALID_PARAM_MSG`), or the literal.
    pub fn last(&self) -> &str {
        match self {
            SiteCode::Literal(code) => code,
            SiteCode::Named(path) => path.rsplit("::").next().unwrap_or(path),
        }
    }
}

/// A call that names a code among its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Site {
    /// The code, or the name that gives it.
    pub code: SiteCode,
    /// Where the code's argument is.
    pub at: Position,
    /// Where the call starts: the called name.
    pub start: Position,
    /// The keys that follow the code, when written as a list of literals.
    pub keys: Option<Vec<String>>,
    /// The values that follow the keys, when written as a list; each
    /// literal value's text.
    pub values: Option<Vec<Option<String>>>,
    /// How many arguments follow the code's in the call: the values of a
    /// macro that formats the code's template with them
    /// (`RT_LOG_OUTER_MSG_WITH_FUNC(ErrorCode::EE1013, size, "malloc")`).
    pub after: usize,
    /// The kinds of findings an `errcode: allow(...)` comment on the line
    /// before the call accepts.
    pub allowed: Vec<String>,
    /// Where that comment is.
    pub allowed_at: Option<Position>,
}

/// A name given a code's literal: `#define INVALID_PARAM_MSG "EH0001"`,
/// `constexpr const char* INVALID_PARAM_MSG = "EH0001";`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Constant {
    /// The name, without any scope.
    pub name: String,
    /// The code.
    pub code: String,
    /// The name's place.
    pub at: Position,
}

/// An integer a name is given by `#define NAME 3`, as a table's bound is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Define {
    /// The macro's name.
    pub name: String,
    /// Its value.
    pub value: u64,
    /// The name's place.
    pub at: Position,
}

/// An array member declared with a bound, `char* argList[MAX_ARG_NUMBER];`,
/// as the struct of a table's rows declares its names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArrayMember {
    /// The member's name (`argList`).
    pub name: String,
    /// The bound as written: a number or a macro's name.
    pub bound: String,
    /// The member's place.
    pub at: Position,
}

/// What keeps part of a file from being read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// Brackets nested deeper than [`MAX_DEPTH`]: what is inside is not read.
    TooDeep(Position),
    /// A bracket group with more than [`MAX_ITEMS`] items: the rest are not read.
    TooManyItems(Position),
    /// `#if 0` (or the `#else` of `#if 1`) never closed: the rest of the
    /// file is left out, as the compiler leaves it.
    UnclosedConditional(Position),
    /// A raw string never closed: the rest of the file is its text.
    UnclosedRawString(Position),
    /// A block comment never closed: the rest of the file is comment.
    UnclosedComment(Position),
    /// An `errcode: allow(...)` comment on no line before a row or a site.
    StrayAllow(Position),
}

impl Problem {
    /// Where the problem is.
    pub fn at(&self) -> Position {
        match self {
            Problem::TooDeep(at)
            | Problem::TooManyItems(at)
            | Problem::UnclosedConditional(at)
            | Problem::UnclosedRawString(at)
            | Problem::UnclosedComment(at)
            | Problem::StrayAllow(at) => *at,
        }
    }

    /// What the problem is, in a sentence.
    pub fn describe(&self) -> String {
        match self {
            Problem::TooDeep(_) => format!(
                "brackets nest deeper than {MAX_DEPTH} here: what is inside is not read"
            ),
            Problem::TooManyItems(_) => format!(
                "more than {MAX_ITEMS} items in one bracket group: the rest are not read"
            ),
            Problem::UnclosedConditional(_) => {
                "this `#if` leaves code out and is never closed: the rest of the file is not read"
                    .to_owned()
            }
            Problem::UnclosedRawString(_) => {
                "this raw string is never closed: the rest of the file is read as its text"
                    .to_owned()
            }
            Problem::UnclosedComment(_) => {
                "this comment is never closed: the rest of the file is read as comment".to_owned()
            }
            Problem::StrayAllow(_) => {
                "this `errcode: allow(...)` comment is not on the line before a report site or table row"
                    .to_owned()
            }
        }
    }
}

/// What a reader is told of a file, in the order found.
pub trait Visitor {
    /// A table row.
    fn row(&mut self, row: Row);
    /// A report site.
    fn site(&mut self, site: Site);
    /// A constant whose value is a code.
    fn constant(&mut self, constant: Constant) {
        let _ = constant;
    }
    /// An integer `#define`.
    fn define(&mut self, define: Define) {
        let _ = define;
    }
    /// An array member with a bound.
    fn array_member(&mut self, member: ArrayMember) {
        let _ = member;
    }
    /// What keeps part of the file from being read.
    fn problem(&mut self, problem: Problem);
}

/// Everything one C or C++ file holds, gathered by [`read_c`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CFile {
    /// The table rows, in file order.
    pub rows: Vec<Row>,
    /// The report sites, in file order.
    pub sites: Vec<Site>,
    /// The constants whose values are codes.
    pub constants: Vec<Constant>,
    /// The integer `#define`s.
    pub defines: Vec<Define>,
    /// The array members declared with a bound.
    pub array_members: Vec<ArrayMember>,
    /// What kept parts of the file from being read.
    pub problems: Vec<Problem>,
}

impl Visitor for CFile {
    fn row(&mut self, row: Row) {
        self.rows.push(row);
    }
    fn site(&mut self, site: Site) {
        self.sites.push(site);
    }
    fn constant(&mut self, constant: Constant) {
        self.constants.push(constant);
    }
    fn define(&mut self, define: Define) {
        self.defines.push(define);
    }
    fn array_member(&mut self, member: ArrayMember) {
        self.array_members.push(member);
    }
    fn problem(&mut self, problem: Problem) {
        self.problems.push(problem);
    }
}

/// Reads the tables, report sites and constants of one file's bytes,
/// telling `visitor` of each as it is found.
///
/// ```
/// use errcat_catalog::c_source::{CFile, SiteCode, read_c_with};
/// let mut file = CFile::default();
/// read_c_with(br#"
/// static const ErrorInfoConfig ERROR_MAP[] = {
///     {"EK0201", "Failed to allocate %s.", NULL, NULL, {"buf_size"}},
/// };
/// void f() { REPORT_INPUT_ERROR("EK0201", {"buf_size"}, {size}); }
/// "#, &mut file);
/// assert_eq!(file.rows[0].names, ["buf_size"]);
/// assert_eq!(file.sites[0].code, SiteCode::Literal("EK0201".to_owned()));
/// assert_eq!(file.sites[0].keys.as_deref(), Some(&["buf_size".to_owned()][..]));
/// ```
pub fn read_c_with(bytes: &[u8], visitor: &mut impl Visitor) {
    scan::scan(bytes, visitor);
}

/// Everything one file's bytes hold.
pub fn read_c(bytes: &[u8]) -> CFile {
    let mut file = CFile::default();
    read_c_with(bytes, &mut file);
    file
}

/// Whether `text` has a code's shape: `E` or `W`, an upper-case letter or
/// digit, four digits.
pub fn is_code_shaped(text: &str) -> bool {
    errcat_syntax::classify_code(text).is_ok()
}
