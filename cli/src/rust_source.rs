//! Rust sources read with `syn`, without building them: the
//! `#[error_code(...)]` definitions of a file (structs, and the variants of
//! `#[error_code]` enums) and its report sites (`msprof_env_error!(...)` and
//! the other report macros), each with its line and column.
//!
//! The module stands alone (it needs `syn` and `proc-macro2` only), so that
//! every command that reads Rust sources reads them the same way: `check
//! --against` compares them with catalogs, `explain` shows them, and an
//! export can build a catalog from them.
//!
//! Keys this reader does not know are skipped, never an error: a newer
//! `#[error_code]` may have more.

use std::fmt;

use proc_macro2::{Delimiter, Group, Span, TokenStream, TokenTree};
use syn::parse::{ParseStream, Parser};
use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::{Attribute, Fields, LitStr};

/// A 1-based line and column (columns count characters) in a source file.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct At {
    pub(crate) line: u32,
    pub(crate) column: u32,
}

impl At {
    fn of(span: Span) -> At {
        let start = span.start();
        At {
            line: u32::try_from(start.line).unwrap_or(u32::MAX),
            column: u32::try_from(start.column + 1).unwrap_or(u32::MAX),
        }
    }
}

/// A text of a definition and where its literal is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Text {
    pub(crate) value: String,
    pub(crate) at: At,
}

impl Text {
    fn of(literal: &LitStr) -> Text {
        Text {
            value: literal.value(),
            at: At::of(literal.span()),
        }
    }
}

/// A field of a definition, in declaration order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RustField {
    /// The field's name; a tuple field's index (`"0"`).
    pub(crate) name: String,
    /// Its doc comment, lines joined with `\n`, each without the one space
    /// that follows `///`.
    pub(crate) doc: Option<String>,
    /// Marked `#[source]`: the error that caused this one, not an argument.
    pub(crate) source: bool,
    pub(crate) at: At,
}

/// Where a definition's argument names come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ArgsFrom {
    /// `args = "a, b"`.
    Explicit,
    /// Named placeholders in the message, `{buf_size}`, in their order.
    Placeholders,
    /// The fields in declaration order, `#[source]` left out.
    Fields,
}

/// One `#[error_code("CODE", ...)]` definition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RustDefinition {
    /// The code literal.
    pub(crate) code: Text,
    /// The struct's name, or `Enum::Variant`.
    pub(crate) item: String,
    pub(crate) title: Option<Text>,
    pub(crate) class: Option<Text>,
    /// `message` as written (named placeholders and all).
    pub(crate) message: Option<Text>,
    pub(crate) cause: Option<Text>,
    pub(crate) solution: Option<Text>,
    /// `args = "..."` as written.
    pub(crate) args: Option<Text>,
    /// `example = "x"` or `example = ["a", "b"]`, with where it is.
    pub(crate) example: Option<(Vec<String>, At)>,
    pub(crate) fields: Vec<RustField>,
    /// The item's (or variant's) name.
    pub(crate) at: At,
}

impl RustDefinition {
    /// The message as a catalog writes it: each named placeholder `{name}`
    /// a `%s`, `{{` and `}}` single braces; `None` without a message.
    pub(crate) fn template(&self) -> Option<String> {
        self.message
            .as_ref()
            .map(|message| named_placeholders(&message.value).0)
    }

    /// The argument names, one per placeholder, and where they come from.
    pub(crate) fn arg_names(&self) -> (Vec<String>, ArgsFrom) {
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
pub(crate) struct RustSite {
    /// The macro's name, such as `msprof_env_error`.
    pub(crate) macro_name: String,
    /// The code literal.
    pub(crate) code: Text,
    /// The keys, when each is a string literal; `None` for a call that has
    /// none (`msprof_inner_error!`) or whose keys are not all literals.
    pub(crate) keys: Option<Vec<String>>,
    /// How many values the call passes, when it passes a list of them.
    pub(crate) values: Option<Vec<Option<String>>>,
    /// The macro's name.
    pub(crate) at: At,
}

/// What one Rust file holds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct RustFile {
    pub(crate) definitions: Vec<RustDefinition>,
    pub(crate) sites: Vec<RustSite>,
}

/// A file `syn` cannot parse, with where and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RustSyntaxError {
    pub(crate) at: At,
    pub(crate) message: String,
}

impl fmt::Display for RustSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.at.line, self.at.column, self.message)
    }
}

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
/// ```ignore
/// let file = read_rust(r#"#[error_code("EK0201", message = "{size} left.")] struct Low { size: u64 }"#)?;
/// assert_eq!(file.definitions[0].template().as_deref(), Some("%s left."));
/// ```
pub(crate) fn read_rust(text: &str) -> Result<RustFile, RustSyntaxError> {
    let read = read_spanned(text);
    // Spans are kept per thread for the life of the process: drop them, so
    // that reading a tree of files takes the memory of one file.
    proc_macro2::extra::invalidate_current_thread_spans();
    read
}

fn read_spanned(text: &str) -> Result<RustFile, RustSyntaxError> {
    let tokens: TokenStream =
        text.parse()
            .map_err(|error: proc_macro2::LexError| RustSyntaxError {
                at: At::of(error.span()),
                // proc-macro2 only says "cannot parse string into token
                // stream": these are what makes lexing fail.
                message: "a bracket, string or comment that is not closed, or a stray character"
                    .to_owned(),
            })?;
    let mut file = RustFile::default();
    scan_sites(tokens.clone(), &mut file.sites);
    let parsed = syn::parse2::<syn::File>(tokens).map_err(|error| RustSyntaxError {
        at: At::of(error.span()),
        message: error.to_string(),
    })?;
    let mut visitor = Definitions {
        found: &mut file.definitions,
    };
    visitor.visit_file(&parsed);
    Ok(file)
}

struct Definitions<'a> {
    found: &'a mut Vec<RustDefinition>,
}

impl<'ast> Visit<'ast> for Definitions<'_> {
    fn visit_item_struct(&mut self, item: &'ast syn::ItemStruct) {
        if let Some(attr) = error_code_attr(&item.attrs) {
            let name = item.ident.to_string();
            if let Some(definition) =
                definition(attr, name, At::of(item.ident.span()), &item.fields)
            {
                self.found.push(definition);
            }
        }
        syn::visit::visit_item_struct(self, item);
    }

    fn visit_item_enum(&mut self, item: &'ast syn::ItemEnum) {
        if error_code_attr(&item.attrs).is_some() {
            for variant in &item.variants {
                let Some(attr) = error_code_attr(&variant.attrs) else {
                    continue;
                };
                let name = format!("{}::{}", item.ident, variant.ident);
                if let Some(definition) =
                    definition(attr, name, At::of(variant.ident.span()), &variant.fields)
                {
                    self.found.push(definition);
                }
            }
        }
        syn::visit::visit_item_enum(self, item);
    }
}

/// The `#[error_code]` (or `#[errcode::error_code]`) among `attrs`.
fn error_code_attr(attrs: &[Attribute]) -> Option<&Attribute> {
    attrs.iter().find(|attr| {
        attr.path()
            .segments
            .last()
            .is_some_and(|segment| segment.ident == "error_code")
    })
}

/// The definition an attribute with a code literal makes; `None` for one
/// without (it does not compile, and names no code to compare).
fn definition(attr: &Attribute, item: String, at: At, fields: &Fields) -> Option<RustDefinition> {
    let tokens = match &attr.meta {
        syn::Meta::List(list) => list.tokens.clone(),
        _ => return None,
    };
    let mut parts = split_top_level(tokens).into_iter();
    let code = string_literal(&parts.next()?)?;
    let mut definition = RustDefinition {
        code: Text::of(&code),
        item,
        title: None,
        class: None,
        message: None,
        cause: None,
        solution: None,
        args: None,
        example: None,
        fields: read_fields(fields),
        at,
    };
    for part in parts {
        let mut part = part.into_iter();
        let (Some(TokenTree::Ident(key)), Some(TokenTree::Punct(eq))) = (part.next(), part.next())
        else {
            continue;
        };
        if eq.as_char() != '=' {
            continue;
        }
        let value: Vec<TokenTree> = part.collect();
        let key = key.to_string();
        if key == "example" {
            definition.example = example(&value);
            continue;
        }
        let Some(literal) = string_literal(&value) else {
            continue;
        };
        let slot = match key.as_str() {
            "title" => &mut definition.title,
            "class" => &mut definition.class,
            "message" => &mut definition.message,
            "cause" => &mut definition.cause,
            "solution" => &mut definition.solution,
            "args" => &mut definition.args,
            _ => continue,
        };
        *slot = Some(Text::of(&literal));
    }
    Some(definition)
}

/// `"x"` or `["a", "b"]`.
fn example(value: &[TokenTree]) -> Option<(Vec<String>, At)> {
    if let Some(literal) = string_literal(value) {
        return Some((vec![literal.value()], At::of(literal.span())));
    }
    let [TokenTree::Group(group)] = value else {
        return None;
    };
    if group.delimiter() != Delimiter::Bracket {
        return None;
    }
    let values = split_top_level(group.stream())
        .iter()
        .map(|item| string_literal(item).map(|literal| literal.value()))
        .collect::<Option<Vec<_>>>()?;
    Some((values, At::of(group.span())))
}

fn read_fields(fields: &Fields) -> Vec<RustField> {
    fields
        .iter()
        .enumerate()
        .map(|(index, field)| {
            let (name, at) = match &field.ident {
                Some(ident) => (ident.to_string(), At::of(ident.span())),
                None => (index.to_string(), At::of(field.ty.span())),
            };
            RustField {
                name: name.trim_start_matches("r#").to_owned(),
                doc: doc_comment(&field.attrs),
                source: field
                    .attrs
                    .iter()
                    .any(|attr| attr.path().is_ident("source")),
                at,
            }
        })
        .collect()
}

/// The `///` lines of `attrs`, joined with `\n`.
fn doc_comment(attrs: &[Attribute]) -> Option<String> {
    let lines: Vec<String> = attrs
        .iter()
        .filter(|attr| attr.path().is_ident("doc"))
        .filter_map(|attr| match &attr.meta {
            syn::Meta::NameValue(pair) => match &pair.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(text),
                    ..
                }) => Some(text.value()),
                _ => None,
            },
            _ => None,
        })
        .map(|line| {
            line.strip_prefix(' ')
                .unwrap_or(&line)
                .trim_end()
                .to_owned()
        })
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// A message's template and its named placeholders: `{name}` is `%s`
/// (`name` an identifier), `{{` and `}}` are single braces; any other brace
/// is kept as written.
pub(crate) fn named_placeholders(message: &str) -> (String, Vec<String>) {
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
        if let Some(close) = tail.find('}').filter(|_| tail.starts_with('{')) {
            let name = &tail[1..close];
            if errcode_syntax::is_identifier(name) {
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

/// Every report macro call in `tokens`, those inside other macros' bodies
/// included.
fn scan_sites(tokens: TokenStream, sites: &mut Vec<RustSite>) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (index, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Ident(name) => {
                let name_text = name.to_string();
                let by_name = BY_NAME.contains(&name_text.as_str());
                if !by_name && !INNER.contains(&name_text.as_str()) {
                    continue;
                }
                let (Some(TokenTree::Punct(bang)), Some(TokenTree::Group(body))) =
                    (trees.get(index + 1), trees.get(index + 2))
                else {
                    continue;
                };
                if bang.as_char() != '!' {
                    continue;
                }
                if let Some(site) = site(name_text, At::of(name.span()), body, by_name) {
                    sites.push(site);
                }
            }
            TokenTree::Group(group) => scan_sites(group.stream(), sites),
            _ => {}
        }
    }
}

fn site(macro_name: String, at: At, body: &Group, by_name: bool) -> Option<RustSite> {
    let parts = split_top_level(body.stream());
    let code = string_literal(parts.first()?)?;
    let (keys, values) = if by_name {
        let keys = parts.get(1).and_then(|keys| literal_list(keys));
        let values = parts.get(2).and_then(|values| match values.as_slice() {
            [TokenTree::Group(group)] if group.delimiter() == Delimiter::Bracket => Some(
                split_top_level(group.stream())
                    .iter()
                    .map(|value| string_literal(value).map(|literal| literal.value()))
                    .collect(),
            ),
            _ => None,
        });
        (keys.flatten(), values)
    } else {
        (None, None)
    };
    Some(RustSite {
        macro_name,
        code: Text::of(&code),
        keys,
        values,
        at,
    })
}

/// `["a", "b"]`: `Some(Some(names))` when each is a string literal,
/// `Some(None)` for a bracketed list of something else.
fn literal_list(tokens: &[TokenTree]) -> Option<Option<Vec<String>>> {
    let [TokenTree::Group(group)] = tokens else {
        return None;
    };
    if group.delimiter() != Delimiter::Bracket {
        return None;
    }
    Some(
        split_top_level(group.stream())
            .iter()
            .map(|key| string_literal(key).map(|literal| literal.value()))
            .collect(),
    )
}

/// One string literal alone, as `syn` reads it (escapes decoded).
fn string_literal(tokens: &[TokenTree]) -> Option<LitStr> {
    let [TokenTree::Literal(literal)] = tokens else {
        return None;
    };
    let parser = |input: ParseStream| input.parse::<LitStr>();
    parser
        .parse2(TokenTree::Literal(literal.clone()).into())
        .ok()
}

/// `tokens` split at their top-level commas; a trailing comma makes no
/// empty part.
fn split_top_level(tokens: TokenStream) -> Vec<Vec<TokenTree>> {
    let mut parts = vec![Vec::new()];
    for tree in tokens {
        match &tree {
            TokenTree::Punct(punct) if punct.as_char() == ',' => parts.push(Vec::new()),
            _ => parts.last_mut().map_or((), |part| part.push(tree)),
        }
    }
    if parts.last().is_some_and(Vec::is_empty) {
        parts.pop();
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEFINITIONS: &str = r#"
use errcode::error_code;

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

#[errcode::error_code("EK0202", message = "Failed to allocate {buf_size} for {{owner}} {who}.")]
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
            At {
                line: 6,
                column: 14
            }
        );
        assert_eq!(
            low.at,
            At {
                line: 14,
                column: 12
            }
        );
        assert_eq!(low.title.as_ref().unwrap().value, "Low_Memory");
        assert_eq!(low.class.as_ref().unwrap().value, "Memory");
        assert_eq!(low.cause.as_ref().unwrap().value, "Too little.");
        assert_eq!(
            low.solution.as_ref().unwrap().at,
            At {
                line: 11,
                column: 16
            }
        );
        assert_eq!(
            low.example,
            Some((
                vec!["4096B".to_owned()],
                At {
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
                at: At {
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
    errcode::msprof_env_error!("EK0201", ["buf_size"], [format!("{size}B")]);
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
        type Seen<'a> = (&'a str, &'a str, Option<Vec<String>>, Option<usize>, At);
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
                    At {
                        line: 3,
                        column: 14
                    }
                ),
                (
                    "msprof_input_error",
                    "EK0003",
                    Some(vec!["config".to_owned(), "value".to_owned()]),
                    Some(2),
                    At {
                        line: 4,
                        column: 20
                    }
                ),
                (
                    "msprof_env_error",
                    "EK0201",
                    None,
                    Some(1),
                    At { line: 5, column: 5 }
                ),
                (
                    "msprof_inner_error",
                    "EK9999",
                    None,
                    None,
                    At { line: 6, column: 5 }
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
