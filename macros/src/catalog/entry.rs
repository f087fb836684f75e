//! One catalog entry as the parts of an `#[error_code]` definition, expanded
//! by the same code as a hand-written one.

use errcat_catalog::{Definition, Entry, is_argument_name};
use errcat_syntax::classify_code;
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;
use syn::{LitStr, parse_quote};

use crate::code::Code;
use crate::definition::ast::{Body, Field, Item, Shape};
use crate::definition::attr::Attr;
use crate::definition::check::Checked;
use crate::definition::expand::{self, Origin, Parts, Unit};

/// The struct of `entry`, named after its code, and the parts of its
/// definition, whose static is `DEFINITION_<index>`; or, for an entry with
/// errors (reported by the caller), a fallback that keeps its uses quiet.
/// An entry whose code is malformed expands to nothing.
pub(crate) fn expand(
    krate: &TokenStream,
    vis: &syn::Visibility,
    entry: &Entry,
    index: usize,
    file: &str,
    span: Span,
) -> Option<(TokenStream, Parts)> {
    let Ok(kind) = classify_code(&entry.code) else {
        return None;
    };
    let code = Code {
        literal: LitStr::new(&entry.code, span),
        value: entry.code.clone(),
        kind,
    };
    let definition = entry.definition().ok();
    let names: Vec<String> = match &definition {
        Some(definition) => definition.fields.clone(),
        None => usable_names(entry),
    };
    let ident = Ident::new(&entry.code, Span::call_site());
    let fields: Vec<Field> = names
        .iter()
        .map(|name| Field {
            ident: field_ident(name),
            name: name.clone(),
            ty: parse_quote!(::std::string::String),
            doc: String::new(),
            display: None,
        })
        .collect();
    let item = Item {
        ident,
        // No visibility written means `pub`, as before there was a way to
        // write one; `pub(self)` makes the items private.
        vis: match vis {
            syn::Visibility::Inherited => parse_quote!(pub),
            vis => crate::definition::ast::reparsed(vis).unwrap_or_else(|| parse_quote!(pub)),
        },
        generics: Default::default(),
        shape: Shape::Struct(Box::new(Body {
            unit: fields.is_empty(),
            args: fields,
            source: None,
            from: None,
            backtraces: Vec::new(),
            tuple: false,
            rejected: false,
        })),
    };
    let Shape::Struct(body) = &item.shape else {
        return None;
    };
    let declaration = declaration(entry, &item, body);
    let attr = attr(entry, span);
    let checked = definition
        .as_ref()
        .map(|definition| checked(definition, &entry.message));
    let origin = Origin::Catalog {
        file: file.to_owned(),
        line: entry.position.line,
        column: entry.position.column,
        layout: entry.layout.bits(),
        arglist: entry.arglist.clone(),
    };
    let unit = Unit {
        code: Some(&code),
        attr: &attr,
        body,
        variant: None,
        transparent: false,
        checked: checked.as_ref(),
        origin: &origin,
    };
    Some((declaration, expand::parts(krate, &item, &[unit], index)))
}

/// The struct itself, with the docs a user's `missing_docs` asks for.
fn declaration(entry: &Entry, item: &Item, body: &Body) -> TokenStream {
    let ident = &item.ident;
    let vis = &item.vis;
    let title = entry
        .title
        .as_deref()
        .map_or_else(String::new, |title| format!(" ({})", title.trim()));
    let doc = format!("{}{title}: {}", entry.code, code_span(&entry.message));
    let fields = body.args.iter().map(|field| {
        let field_ident = &field.ident;
        let ty = &field.ty;
        let doc = format!("The value of `{}` in the message.", field.name);
        quote! {
            #[doc = #doc]
            #vis #field_ident: #ty,
        }
    });
    let body = if body.args.is_empty() {
        quote!(;)
    } else {
        quote!({ #(#fields)* })
    };
    quote! {
        #[doc = #doc]
        // A catalog has more codes than one program reports, and its argument
        // names, which report sites use, need not be snake case (`data_H`).
        #[allow(dead_code, non_snake_case)]
        #[derive(Debug, Clone, PartialEq, Eq)]
        #vis struct #ident #body
    }
}

fn attr(entry: &Entry, span: Span) -> Attr {
    let literal = |text: &str| LitStr::new(text, span);
    Attr {
        message: Some(literal(&entry.message)),
        title: entry.title.as_deref().map(literal),
        class: entry.class.as_deref().map(literal),
        cause: entry.cause().map(literal),
        solution: entry.solution().map(literal),
        ..Attr::default()
    }
}

/// The struct's fields are the definition's distinct names, in order.
fn checked(definition: &Definition, message: &str) -> Checked {
    Checked {
        template: message.to_owned(),
        pieces: definition.pieces.clone(),
        args: definition.args.clone(),
        fields: (0..definition.fields.len()).collect(),
        slots: definition.slots.clone(),
    }
}

/// For an entry with errors: its distinct names that can name a field.
fn usable_names(entry: &Entry) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for name in entry.names() {
        if is_argument_name(name) && !names.iter().any(|seen| seen == name) {
            names.push(name.to_owned());
        }
    }
    names
}

/// A keyword name (`type`) becomes a raw identifier (`r#type`).
fn field_ident(name: &str) -> Ident {
    crate::names::ident(name, Span::call_site())
}

/// `text` as a Markdown code span in the docs, so that `[%s]` is not read as a link.
fn code_span(text: &str) -> String {
    let fence = if text.contains('`') { "``" } else { "`" };
    format!("{fence} {} {fence}", text.replace('\n', " "))
}
