//! Rust sources read without building them: the `#[error_code(...)]`
//! definitions of a file (structs, and the variants of `#[error_code]`
//! enums) and its report sites (`msprof_env_error!(...)` and the other
//! report macros), each with its line and column.
//!
//! The reader ([`read_rust_with`]) is a lexer and a reader of its own, one
//! pass over the text that tells each definition and site as it closes: a
//! hostile file cannot make it recurse without bound (brackets deeper than
//! [`MAX_DEPTH`] are passed over, with a [`RustProblem::TooDeep`]), hold
//! more than the file's own size, or take more than linear time. `syn`
//! checks the grammar one top-level item at a time, so that a
//! file `rustc` would refuse is still an error.
//!
//! The module stands beside [`c_source`](crate::c_source), behind the
//! same `sources` feature (it needs `syn`, `proc-macro2` and
//! `unicode-ident` besides), so that every tool that reads Rust sources
//! reads them the same way: the `errcode` tool's `check --against`
//! compares them with catalogs, `explain` shows them, and an export
//! builds a catalog from them.
//!
//! Keys this reader does not know are skipped, never an error: a newer
//! `#[error_code]` may have more.

mod check;
mod lex;
mod read;

use std::fmt;

use crate::position::Position;

pub use crate::c_source::{MAX_DEPTH, MAX_ITEMS};
pub use check::{STACK_SIZE, mark_reading_stack};

/// A text of a definition and where its literal is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    /// The literal's decoded text.
    pub value: String,
    /// Where the literal starts.
    pub at: Position,
}

/// A field of a definition, in declaration order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RustField {
    /// The field's name; a tuple field's index (`"0"`).
    pub name: String,
    /// Its doc comment, lines joined with `\n`, each without the one space
    /// that follows `///`.
    pub doc: Option<String>,
    /// Marked `#[source]`: the error that caused this one, not an argument.
    pub source: bool,
    /// Where the field's name starts; for a tuple field, its type.
    pub at: Position,
}

/// Where a definition's argument names come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgsFrom {
    /// `args = "a, b"`.
    Explicit,
    /// Named placeholders in the message, `{buf_size}`, in their order.
    Placeholders,
    /// The fields in declaration order, `#[source]` left out.
    Fields,
}

/// One `#[error_code("CODE", ...)]` definition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RustDefinition {
    /// The code literal.
    pub code: Text,
    /// The struct's name, or `Enum::Variant`.
    pub item: String,
    /// `title = "..."`.
    pub title: Option<Text>,
    /// `class = "..."`.
    pub class: Option<Text>,
    /// `message` as written (named placeholders and all).
    pub message: Option<Text>,
    /// `cause = "..."`.
    pub cause: Option<Text>,
    /// `solution = "..."`.
    pub solution: Option<Text>,
    /// `args = "..."` as written.
    pub args: Option<Text>,
    /// `retired = "2.0"`: since when the code is no longer reported.
    pub retired: Option<Text>,
    /// `replacement = "EV0013"`: the code to report instead of a retired one.
    pub replacement: Option<Text>,
    /// `example = "x"` or `example = ["a", "b"]`, with where it is.
    pub example: Option<(Vec<String>, Position)>,
    /// The struct's or variant's fields, in declaration order.
    pub fields: Vec<RustField>,
    /// The item's (or variant's) name.
    pub at: Position,
}

impl RustDefinition {
    /// The message as a catalog writes it: each named placeholder `{name}`
    /// a `%s`, `{{` and `}}` single braces; `None` without a message.
    pub fn template(&self) -> Option<String> {
        self.message
            .as_ref()
            .map(|message| named_placeholders(&message.value).0)
    }

    /// The argument names, one per placeholder, and where they come from.
    pub fn arg_names(&self) -> (Vec<String>, ArgsFrom) {
        if let Some(args) = &self.args {
            let names = args
                .value
                .split(',')
                .map(|name| name.trim().to_owned())
                .collect::<Vec<_>>();
            let names = if args.value.trim().is_empty() {
                Vec::new()
            } else {
                names
            };
            return (names, ArgsFrom::Explicit);
        }
        if let Some(message) = &self.message {
            let (_, names) = named_placeholders(&message.value);
            if !names.is_empty() {
                return (names, ArgsFrom::Placeholders);
            }
        }
        let names = self
            .fields
            .iter()
            .filter(|field| !field.source)
            .map(|field| field.name.clone())
            .collect();
        (names, ArgsFrom::Fields)
    }
}

/// A report macro's call, `msprof_env_error!("EK0201", ["buf_size"], [size])`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RustSite {
    /// The macro's name, such as `msprof_env_error`.
    pub macro_name: String,
    /// The code literal.
    pub code: Text,
    /// The keys, when each is a string literal; `None` for a call that has
    /// none (`msprof_inner_error!`) or whose keys are not all literals.
    pub keys: Option<Vec<String>>,
    /// How many values the call passes, when it passes a list of them.
    pub values: Option<Vec<Option<String>>>,
    /// The macro's name.
    pub at: Position,
    /// The kinds of findings an `errcode: allow(...)` comment before the
    /// site's line accepts.
    pub allowed: Vec<String>,
    /// Where that comment is.
    pub allowed_at: Option<Position>,
}

/// A report of a value, `DeviceError::NotFound { device_id }.reported()`
/// or `Busy.report()`: the path the value is built by, which names a
/// definition's type (or variant) rather than its code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RustValueSite {
    /// The path as written, `DeviceError::NotFound`.
    pub path: String,
    /// `report` or `reported`.
    pub method: String,
    /// The path's first name.
    pub at: Position,
}

impl RustValueSite {
    /// Whether the value is one of `item` (`Enum::Variant` or `Struct`,
    /// as [`RustDefinition::item`] says): the path ends with its names, or
    /// is `Self::Variant`.
    pub fn builds(&self, item: &str) -> bool {
        let path: Vec<&str> = self.path.split("::").collect();
        let item: Vec<&str> = item.split("::").collect();
        if path.len() == 2 && path[0] == "Self" {
            return item.len() == 2 && item[1] == path[1];
        }
        path.ends_with(&item)
    }
}

/// Something in a file that keeps part of it from being read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RustProblem {
    /// Brackets nested deeper than [`MAX_DEPTH`]: what is inside is not read.
    TooDeep(Position),
    /// A bracket group with more than [`MAX_ITEMS`] items (fields, keys,
    /// values): the rest are not read.
    TooManyItems(Position),
}

impl RustProblem {
    /// Where the unread part starts.
    pub fn at(self) -> Position {
        match self {
            RustProblem::TooDeep(at) | RustProblem::TooManyItems(at) => at,
        }
    }

    /// What went unread, for a finding.
    pub fn describe(self) -> String {
        match self {
            RustProblem::TooDeep(_) => {
                format!("brackets nest deeper than {MAX_DEPTH} here: what is inside is not read")
            }
            RustProblem::TooManyItems(_) => {
                format!("more than {MAX_ITEMS} items in one bracket group: the rest are not read")
            }
        }
    }
}

/// What one Rust file holds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RustFile {
    /// In the order their items close.
    pub definitions: Vec<RustDefinition>,
    /// In the order they are written.
    pub sites: Vec<RustSite>,
    /// Reports of values, in the order they are written.
    pub value_sites: Vec<RustValueSite>,
    /// What went unread, in the order met.
    pub problems: Vec<RustProblem>,
}

/// What the reader tells as it reads.
pub trait RustVisitor {
    /// A definition, once its item is read.
    fn definition(&mut self, definition: RustDefinition);
    /// A report site, once its call is read (a site inside another's
    /// arguments comes before it).
    fn site(&mut self, site: RustSite);
    /// A report of a value, once its `.report()` is read.
    fn value_site(&mut self, _site: RustValueSite) {}
    /// A part of the file passed over, where it starts.
    fn problem(&mut self, problem: RustProblem);
}

impl RustVisitor for RustFile {
    fn definition(&mut self, definition: RustDefinition) {
        self.definitions.push(definition);
    }

    fn site(&mut self, site: RustSite) {
        self.sites.push(site);
    }

    fn value_site(&mut self, site: RustValueSite) {
        self.value_sites.push(site);
    }

    fn problem(&mut self, problem: RustProblem) {
        self.problems.push(problem);
    }
}

/// A file `syn` cannot parse, with where and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RustSyntaxError {
    /// Where the text stops being Rust.
    pub at: Position,
    /// Why, in `syn`'s or the lexer's words.
    pub message: String,
}

impl fmt::Display for RustSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.at.line, self.at.column, self.message)
    }
}

impl std::error::Error for RustSyntaxError {}

/// The report macros whose first three arguments are a code, its keys and
/// their values.
const BY_NAME: &[&str] = &[
    "msprof_env_error",
    "msprof_input_error",
    "report_env_error",
    "report_input_error",
    "report",
];

/// The report macros that take a code and a format string.
const INNER: &[&str] = &["msprof_inner_error", "report_inner_error"];

/// Reads the definitions and report sites of one file's text.
///
/// ```
/// use errcat_catalog::rust_source::read_rust;
///
/// let file = read_rust(
///     r#"#[error_code("EK0201", message = "{size} left.")] struct Low { size: u64 }"#,
/// )?;
/// let low = &file.definitions[0];
/// assert_eq!(low.template().as_deref(), Some("%s left."));
/// assert_eq!((low.code.at.line, low.code.at.column), (1, 14));
/// # Ok::<(), errcat_catalog::rust_source::RustSyntaxError>(())
/// ```
pub fn read_rust(text: &str) -> Result<RustFile, RustSyntaxError> {
    let mut file = RustFile::default();
    read_rust_with(text, &mut file)?;
    // Sites inside another's arguments close first; keep them in order.
    file.sites.sort_by_key(|site| site.at);
    Ok(file)
}

/// Reads one file's text, telling `visitor` each definition, site and
/// problem; a file that is no Rust (a bracket, string or comment never
/// closed, a stray character, or what `syn` refuses) is an error, and
/// then nothing is told.
pub fn read_rust_with(text: &str, visitor: &mut dyn RustVisitor) -> Result<(), RustSyntaxError> {
    check::check(text)?;
    read::Reader::new(text, visitor)
        .read()
        .map_err(|error| RustSyntaxError {
            at: error.at,
            message: error.message,
        })
}

/// A message's template and its named placeholders: `{name}` is `%s`
/// (`name` an identifier), `{{` and `}}` are single braces; any other brace
/// is kept as written.
pub fn named_placeholders(message: &str) -> (String, Vec<String>) {
    let mut template = String::with_capacity(message.len());
    let mut names = Vec::new();
    let mut rest = message;
    while let Some(brace) = rest.find(['{', '}']) {
        template.push_str(&rest[..brace]);
        let tail = &rest[brace..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            template.push_str(&tail[..1]);
            rest = &tail[2..];
            continue;
        }
        // A name holds no brace: the search stops at the next one, so that
        // no text is searched twice.
        if tail.starts_with('{')
            && let Some(close) = tail[1..].find(['{', '}']).map(|offset| offset + 1)
            && tail[close..].starts_with('}')
        {
            let name = &tail[1..close];
            if errcat_syntax::is_identifier(name) {
                template.push_str("%s");
                names.push(name.to_owned());
                rest = &tail[close + 1..];
                continue;
            }
        }
        template.push_str(&tail[..1]);
        rest = &tail[1..];
    }
    template.push_str(rest);
    (template, names)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEFINITIONS: &str = r#"
use errcat::error_code;

/// Out of memory.
#[derive(Debug)]
#[error_code("EK0201",
    title = "Low_Memory",
    class = "Memory",
    message = "Cannot get %s bytes.",
    cause = "Too little.",
    solution = "Free some.",
    example = "4096B",
    future_key = "ignored")]
pub struct LowMemory {
    /// the memory size
    /// in bytes
    pub size: String,
}

#[errcat::error_code("EK0202", message = "Failed to allocate {buf_size} for {{owner}} {who}.")]
struct Named { who: String, buf_size: String }

#[error_code("EK0203", message = "%s then %s.", args = "second, first", example = ["a", "b"])]
struct Explicit { first: String, second: String }

#[derive(Debug)]
#[error_code]
pub enum DriverError {
    #[error_code("EZ0001", message = "Device %s was not found.")]
    NotFound { device_id: u32 },
    #[error_code("EZ0002", message = "Device %s failed.")]
    Io { device_id: u32, #[source] source: std::io::Error },
    Plain,
}

mod inner {
    #[error_code("EZ0003", message = "Nothing.")]
    pub struct Unit;
}
"#;

    #[test]
    fn definitions_with_their_texts_fields_and_places() {
        let file = read_rust(DEFINITIONS).unwrap();
        let codes: Vec<(&str, &str)> = file
            .definitions
            .iter()
            .map(|d| (d.code.value.as_str(), d.item.as_str()))
            .collect();
        assert_eq!(
            codes,
            [
                ("EK0201", "LowMemory"),
                ("EK0202", "Named"),
                ("EK0203", "Explicit"),
                ("EZ0001", "DriverError::NotFound"),
                ("EZ0002", "DriverError::Io"),
                ("EZ0003", "Unit"),
            ]
        );
        let low = &file.definitions[0];
        assert_eq!(
            low.code.at,
            Position {
                line: 6,
                column: 14
            }
        );
        assert_eq!(
            low.at,
            Position {
                line: 14,
                column: 12
            }
        );
        assert_eq!(low.title.as_ref().unwrap().value, "Low_Memory");
        assert_eq!(low.class.as_ref().unwrap().value, "Memory");
        assert_eq!(low.cause.as_ref().unwrap().value, "Too little.");
        assert_eq!(
            low.solution.as_ref().unwrap().at,
            Position {
                line: 11,
                column: 16
            }
        );
        assert_eq!(
            low.example,
            Some((
                vec!["4096B".to_owned()],
                Position {
                    line: 12,
                    column: 15
                }
            ))
        );
        assert_eq!(low.template().as_deref(), Some("Cannot get %s bytes."));
        assert_eq!(low.arg_names(), (vec!["size".to_owned()], ArgsFrom::Fields));
        assert_eq!(
            low.fields,
            [RustField {
                name: "size".to_owned(),
                doc: Some("the memory size\nin bytes".to_owned()),
                source: false,
                at: Position {
                    line: 17,
                    column: 9
                },
            }]
        );
        let named = &file.definitions[1];
        assert_eq!(
            named.template().as_deref(),
            Some("Failed to allocate %s for {owner} %s.")
        );
        assert_eq!(
            named.arg_names(),
            (
                vec!["buf_size".to_owned(), "who".to_owned()],
                ArgsFrom::Placeholders
            )
        );
        let explicit = &file.definitions[2];
        assert_eq!(
            explicit.arg_names(),
            (
                vec!["second".to_owned(), "first".to_owned()],
                ArgsFrom::Explicit
            )
        );
        assert_eq!(
            explicit.example.as_ref().unwrap().0,
            ["a".to_owned(), "b".to_owned()]
        );
        assert_eq!(
            file.definitions[4].arg_names().0,
            ["device_id".to_owned()],
            "#[source] is no argument"
        );
        assert!(file.definitions[5].fields.is_empty());
    }

    #[test]
    fn report_sites_anywhere_with_literal_keys_and_values() {
        let file = read_rust(
            r#"
fn f(size: u64) {
    errcat::msprof_env_error!("EK0201", ["buf_size"], [format!("{size}B")]);
    assert!(run(|| msprof_input_error!("EK0003", ["config", "value"], ["a", "b.", ])));
    msprof_env_error!("EK0201", KEYS, [x]);
    msprof_inner_error!("EK9999", "queue {} overflowed", 3);
    msprof_env_error!(code, ["a"], [b]);
    not_a_report!("EK0201", ["x"], [y]);
}
"#,
        )
        .unwrap();
        // Macro, code, keys, how many values, place.
        type Seen<'a> = (
            &'a str,
            &'a str,
            Option<Vec<String>>,
            Option<usize>,
            Position,
        );
        let sites: Vec<Seen> = file
            .sites
            .iter()
            .map(|site| {
                (
                    site.macro_name.as_str(),
                    site.code.value.as_str(),
                    site.keys.clone(),
                    site.values.as_ref().map(Vec::len),
                    site.at,
                )
            })
            .collect();
        assert_eq!(
            sites,
            [
                (
                    "msprof_env_error",
                    "EK0201",
                    Some(vec!["buf_size".to_owned()]),
                    Some(1),
                    Position {
                        line: 3,
                        column: 13
                    }
                ),
                (
                    "msprof_input_error",
                    "EK0003",
                    Some(vec!["config".to_owned(), "value".to_owned()]),
                    Some(2),
                    Position {
                        line: 4,
                        column: 20
                    }
                ),
                (
                    "msprof_env_error",
                    "EK0201",
                    None,
                    Some(1),
                    Position { line: 5, column: 5 }
                ),
                (
                    "msprof_inner_error",
                    "EK9999",
                    None,
                    None,
                    Position { line: 6, column: 5 }
                ),
            ]
        );
        assert_eq!(
            file.sites[1].values,
            Some(vec![Some("a".to_owned()), Some("b.".to_owned())])
        );
        assert_eq!(file.sites[0].values, Some(vec![None]));
    }

    #[test]
    fn a_file_that_does_not_parse_says_where() {
        let error = read_rust("struct A {\n  x: ,\n}\n").unwrap_err();
        assert_eq!(error.at.line, 2);
        let unclosed = read_rust("fn f() {\n").unwrap_err();
        assert_eq!(unclosed.at.line, 1);
    }

    #[test]
    fn braces_that_name_nothing_stay() {
        assert_eq!(
            named_placeholders("{} {0} {a b} {{x}} }{ {ok}"),
            ("{} {0} {a b} {x} }{ %s".to_owned(), vec!["ok".to_owned()])
        );
    }
}
