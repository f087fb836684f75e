//! What `#[error_code]` appends to the rustdoc of the type and of each
//! variant, so that `cargo doc` of a crate of definitions is its error
//! reference: code, title, class, template, arguments (with the fields' own
//! doc comments), example, cause and solution. It follows the user's own
//! doc comment, whose first line stays the summary.

use proc_macro2::TokenStream;

use super::ast::Field;
use super::attr::Attr;
use super::check::Checked;
use crate::code::Code;

/// The generated docs of an item: its own, and each variant's by name.
#[derive(Default)]
pub(crate) struct Docs {
    pub(crate) item: Option<String>,
    pub(crate) variants: Vec<(String, String)>,
    /// `#[deprecated(note)]` for a retired struct.
    pub(crate) item_retired: Option<TokenStream>,
    /// The same for each retired variant, by name.
    pub(crate) variants_retired: Vec<(String, TokenStream)>,
}

/// The `#[deprecated(note)]` a retired definition's type or variant gets:
/// every use of it in code warns, in any crate. The version or date it is
/// retired since is in the note ("EV0003 is retired since 2.0: ..."), not
/// in `since`: clippy's `deprecated_semver`, denied by default, fails the
/// user's crate on a `since` that is not semver, and `retired` takes any
/// version ("1.2", "8.0.RC1") or a date.
pub(crate) fn retired(code: &Code, attr: &Attr) -> Option<TokenStream> {
    let note = format!("{} is {}", code.value, attr.retired_note()?);
    Some(quote::quote!(#[deprecated(note = #note)]))
}

/// The reference of one definition.
pub(crate) fn definition(code: &Code, attr: &Attr, checked: &Checked, fields: &[Field]) -> String {
    let mut doc = String::from("\n**Error code `");
    doc.push_str(&code.value);
    doc.push_str("`**");
    if let Some(note) = attr.retired_note() {
        doc.push_str(" (");
        doc.push_str(&escape(&note));
        doc.push(')');
    }
    let texts = |literal: &Option<syn::LitStr>| literal.as_ref().map(syn::LitStr::value);
    match (texts(&attr.title), texts(&attr.class)) {
        (Some(title), Some(class)) => {
            doc.push_str(&format!(" ({}, {})", escape(&title), escape(&class)))
        }
        (Some(one), None) | (None, Some(one)) => doc.push_str(&format!(" ({})", escape(&one))),
        (None, None) => {}
    }
    doc.push_str("\n\n");
    doc.push_str(&fenced(&checked.template));
    let names: Vec<&Field> = checked.fields.iter().map(|&index| &fields[index]).collect();
    if !names.is_empty() {
        doc.push_str("\nArguments, in the order of `args`:\n\n");
        for field in &names {
            doc.push_str(&format!("- `{}`", field.name));
            if !field.doc.is_empty() {
                doc.push_str(": ");
                doc.push_str(&field.doc.replace('\n', " "));
            }
            doc.push('\n');
        }
    }
    if let Some((values, _)) = &attr.example
        && values.len() == names.len()
    {
        let values: Vec<String> = values.iter().map(syn::LitStr::value).collect();
        let mut filled = String::new();
        for (index, piece) in checked.pieces.iter().enumerate() {
            filled.push_str(piece);
            if let Some(&slot) = checked.slots.get(index) {
                filled.push_str(&values[slot]);
            }
        }
        doc.push_str("\nExample:\n\n");
        doc.push_str(&fenced(&format!("{}: {filled}", code.value)));
    }
    for (label, text) in [
        ("Possible cause", texts(&attr.cause)),
        ("Solution", texts(&attr.solution)),
    ] {
        if let Some(text) = text {
            doc.push_str(&format!("\n{label}: {}\n", escape(&text)));
        }
    }
    doc
}

/// The line of an enum's table for one variant.
pub(crate) fn table_row(variant: &str, code: Option<&str>, template: Option<&str>) -> String {
    match (code, template) {
        (Some(code), Some(template)) => format!(
            "| `{code}` | [`{variant}`](Self::{variant}) | {} |\n",
            escape(template)
        ),
        _ => format!("| | [`{variant}`](Self::{variant}) | the error it wraps |\n"),
    }
}

/// The head of an enum's table of codes.
pub(crate) const TABLE_HEAD: &str =
    "\n**Error codes**\n\n| Code | Variant | Message |\n| --- | --- | --- |\n";

/// What a transparent variant's docs say.
pub(crate) const TRANSPARENT: &str =
    "\nTransparent: shows the error it wraps, and reports its code when it has one.\n";

/// A text in a fenced block, with a fence longer than any run of
/// backticks in it.
fn fenced(text: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{fence}text\n{text}\n{fence}\n")
}

/// A text as Markdown shows it as written: ASCII punctuation that Markdown
/// reads (emphasis, links, HTML, code) behind a backslash.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '&' | '#' | '|' | '~'
        ) {
            escaped.push('\\');
        }
        if c == '\n' {
            escaped.push(' ');
        } else {
            escaped.push(c);
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    /// The doc comment of the item `#[error_code]` expands `item` to, and of
    /// each of its variants.
    fn docs_of(args: proc_macro2::TokenStream, item: proc_macro2::TokenStream) -> Vec<String> {
        let expanded = super::super::expand(args, item);
        // The item comes first, then what is generated for it.
        let parser = |input: syn::parse::ParseStream| {
            let item: syn::DeriveInput = input.parse()?;
            input.parse::<proc_macro2::TokenStream>()?;
            Ok(item)
        };
        let item = syn::parse::Parser::parse2(parser, expanded).unwrap();
        let doc = |attrs: &[syn::Attribute]| -> String {
            attrs
                .iter()
                .filter_map(|attr| match &attr.meta {
                    syn::Meta::NameValue(pair) if pair.path.is_ident("doc") => match &pair.value {
                        syn::Expr::Lit(syn::ExprLit {
                            lit: syn::Lit::Str(text),
                            ..
                        }) => Some(text.value()),
                        _ => None,
                    },
                    _ => None,
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        let mut docs = vec![doc(&item.attrs)];
        if let syn::Data::Enum(data) = &item.data {
            docs.extend(data.variants.iter().map(|variant| doc(&variant.attrs)));
        }
        docs
    }

    #[test]
    fn a_struct_gets_its_reference_after_the_users_doc() {
        let docs = docs_of(
            quote!(
                "EK0201",
                title = "Resource_Error_Insufficient_Host_Memory",
                class = "Profiling Errors",
                message = "Failed to allocate {buf_size} host memory for <Profiling>.",
                example = "100M",
                cause = "Allocation failed due to insufficient host memory.",
                solution = "Stop unnecessary processes."
            ),
            quote!(
                /// Host memory ran out.
                #[derive(Debug)]
                pub struct InsufficientHostMemory {
                    /// the memory size
                    pub buf_size: String,
                }
            ),
        );
        assert_eq!(
            docs,
            [" Host memory ran out.\n\
              \n\
              **Error code `EK0201`** (Resource\\_Error\\_Insufficient\\_Host\\_Memory, Profiling Errors)\n\
              \n\
              ```text\n\
              Failed to allocate %s host memory for <Profiling>.\n\
              ```\n\
              \n\
              Arguments, in the order of `args`:\n\
              \n\
              - `buf_size`: the memory size\n\
              \n\
              Example:\n\
              \n\
              ```text\n\
              EK0201: Failed to allocate 100M host memory for <Profiling>.\n\
              ```\n\
              \n\
              Possible cause: Allocation failed due to insufficient host memory.\n\
              \n\
              Solution: Stop unnecessary processes.\n"]
        );
    }

    #[test]
    fn an_enum_gets_a_table_and_each_variant_its_reference() {
        let docs = docs_of(
            quote!(),
            quote!(
                #[derive(Debug)]
                pub enum AppError {
                    /// Busy.
                    #[error_code("EZ0101", message = "Device {device_id} | {task} is busy.", example = ["3", "copy"])]
                    Busy { device_id: u32, task: String },
                    #[error_code(transparent)]
                    Io(std::io::Error),
                }
            ),
        );
        assert_eq!(
            docs,
            [
                "\n**Error codes**\n\n| Code | Variant | Message |\n| --- | --- | --- |\n\
                 | `EZ0101` | [`Busy`](Self::Busy) | Device %s \\| %s is busy. |\n\
                 | | [`Io`](Self::Io) | the error it wraps |\n",
                " Busy.\n\n**Error code `EZ0101`**\n\n```text\nDevice %s | %s is busy.\n```\n\
                 \nArguments, in the order of `args`:\n\n- `device_id`\n- `task`\n\
                 \nExample:\n\n```text\nEZ0101: Device 3 | copy is busy.\n```\n",
                "\nTransparent: shows the error it wraps, and reports its code when it has one.\n",
            ]
        );
    }

    #[test]
    fn escapes_what_markdown_reads() {
        assert_eq!(
            escape("Use <size> * 2 [MB] or a_b & `c`"),
            "Use \\<size\\> \\* 2 \\[MB\\] or a\\_b \\& \\`c\\`"
        );
        assert_eq!(fenced("a ``` b"), "````text\na ``` b\n````\n");
        assert_eq!(fenced("plain"), "```text\nplain\n```\n");
    }
}
