//! The item under `#[error_code]`: a struct with named fields or a unit
//! struct, or an enum whose variants are such, each with its own
//! `#[error_code(...)]`.

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::spanned::Spanned;
use syn::{
    Attribute, Data, DeriveInput, Fields, GenericParam, Generics, Ident, Meta, Type, Visibility,
};

use crate::errors::{Errors, closest};

/// The field attributes the macro reads.
const FIELD_ATTRIBUTES: &[&str] = &["source"];

/// The attributes rustc itself reads on a field, which pass through.
const BUILTIN_ATTRIBUTES: &[&str] = &[
    "doc",
    "cfg",
    "cfg_attr",
    "allow",
    "warn",
    "deny",
    "forbid",
    "expect",
    "deprecated",
];

pub(crate) struct Field {
    /// As written, `r#type` included.
    pub(crate) ident: Ident,
    /// The argument name: the identifier without `r#`.
    pub(crate) name: String,
    pub(crate) ty: Type,
}

/// The fields of a struct or a variant: its arguments, and the one marked
/// `#[source]`, which is not an argument.
pub(crate) struct Body {
    pub(crate) args: Vec<Field>,
    pub(crate) source: Option<Field>,
    /// `Name;` or `Name`, rather than `Name { ... }`.
    pub(crate) unit: bool,
    /// Fields the macro cannot use (a tuple's), already reported: the
    /// definition is not checked against them.
    pub(crate) rejected: bool,
}

pub(crate) struct Variant {
    pub(crate) ident: Ident,
    /// The arguments of the variant's `#[error_code(...)]`, and where it is.
    pub(crate) attr: Option<(TokenStream, Span)>,
    pub(crate) body: Body,
}

pub(crate) enum Shape {
    Struct(Box<Body>),
    Enum(Vec<Variant>),
}

pub(crate) struct Item {
    pub(crate) ident: Ident,
    pub(crate) vis: Visibility,
    pub(crate) generics: Generics,
    pub(crate) shape: Shape,
}

/// Reads the item. `None` (with the reason reported) for anything but a
/// struct or enum of named fields without type parameters.
pub(crate) fn parse(item: &TokenStream, errors: &mut Errors) -> Option<Item> {
    let input = match syn::parse2::<DeriveInput>(item.clone()) {
        Ok(input) => input,
        Err(_) => {
            let (span, what) = item_keyword(item);
            errors.at(
                span,
                format_args!(
                    "#[error_code] goes on a struct with named fields or an enum, not on {what}"
                ),
            );
            return None;
        }
    };
    let shape = match &input.data {
        Data::Struct(data) => Shape::Struct(Box::new(body(&data.fields, "a struct", errors)?)),
        Data::Enum(data) => {
            let mut variants = Vec::with_capacity(data.variants.len());
            for variant in &data.variants {
                let what = format!("variant `{}`", variant.ident);
                let mut attr = None;
                for attribute in &variant.attrs {
                    if !attribute.path().is_ident("error_code") {
                        continue;
                    }
                    match &attribute.meta {
                        Meta::List(list) if attr.is_none() => {
                            attr = Some((list.tokens.clone(), list.delimiter.span().join()));
                        }
                        Meta::List(_) => errors.at(
                            attribute.span(),
                            format_args!("{what} has two #[error_code(...)]; keep one"),
                        ),
                        other => errors.at(
                            other.span(),
                            format_args!(
                                "{what} needs its code and message: #[error_code(\"EK0201\", message = \"...\")]"
                            ),
                        ),
                    }
                }
                variants.push(Variant {
                    ident: variant.ident.clone(),
                    attr,
                    body: body(&variant.fields, &what, errors)?,
                });
            }
            Shape::Enum(variants)
        }
        Data::Union(data) => {
            errors.at(
                data.union_token.span,
                "#[error_code] goes on a struct with named fields or an enum, not on a union",
            );
            return None;
        }
    };
    let mut generic_ok = true;
    for param in &input.generics.params {
        if !matches!(param, GenericParam::Lifetime(_)) {
            errors.at(
                param.span(),
                "#[error_code] types take lifetime parameters only: each field's type must be known to show its value",
            );
            generic_ok = false;
        }
    }
    if !generic_ok {
        return None;
    }
    Some(Item {
        ident: input.ident,
        vis: input.vis,
        generics: input.generics,
        shape,
    })
}

/// Reads the fields of a struct or variant, checking their attributes.
fn body(fields: &Fields, what: &str, errors: &mut Errors) -> Option<Body> {
    match fields {
        Fields::Named(named) => {
            let mut args = Vec::new();
            let mut source: Option<Field> = None;
            for field in &named.named {
                let Some(ident) = field.ident.clone() else {
                    continue;
                };
                let name = ident.to_string().trim_start_matches("r#").to_owned();
                let field_value = Field {
                    ident,
                    name,
                    ty: field.ty.clone(),
                };
                if !check_field_attributes(&field.attrs, &field_value, errors) {
                    args.push(field_value);
                } else if let Some(first) = &source {
                    errors.at(
                        field_value.ident.span(),
                        format_args!(
                            "{what} has two #[source] fields (`{}` and `{}`); an error has one source",
                            first.name, field_value.name
                        ),
                    );
                } else {
                    source = Some(field_value);
                }
            }
            Some(Body {
                args,
                source,
                unit: false,
                rejected: false,
            })
        }
        Fields::Unit => Some(Body {
            args: Vec::new(),
            source: None,
            unit: true,
            rejected: false,
        }),
        Fields::Unnamed(unnamed) => {
            errors.at(
                unnamed.span(),
                format_args!(
                    "#[error_code] needs named fields on {what}: the field names are the argument names of the message"
                ),
            );
            // Rejected, but read on: its code's report sites stay quiet.
            Some(Body {
                args: Vec::new(),
                source: None,
                unit: true,
                rejected: true,
            })
        }
    }
}

/// Checks a field's attributes; returns whether it is marked `#[source]`.
fn check_field_attributes(attrs: &[Attribute], field: &Field, errors: &mut Errors) -> bool {
    // A misspelled `#[source]` counts as one: the field is no argument, so
    // the placeholder count is not reported wrong as well.
    let mut source = false;
    for attr in attrs {
        let path = attr.path();
        // Tool attributes (`rustfmt::skip`, `clippy::...`) pass through.
        if path.segments.len() != 1 {
            continue;
        }
        let name = path.segments[0].ident.to_string();
        if BUILTIN_ATTRIBUTES.contains(&name.as_str()) {
            continue;
        }
        if name == "source" {
            if !matches!(attr.meta, Meta::Path(_)) {
                errors.at(
                    attr.meta.span(),
                    "#[source] takes no arguments: it marks the field whose error caused this one",
                );
            }
            source = true;
            continue;
        }
        let close = closest(&name, FIELD_ATTRIBUTES);
        source |= close == Some("source");
        let suggestion = close
            .map(|close| format!("did you mean `#[{close}]`? "))
            .unwrap_or_default();
        errors.at(
            path.span(),
            format_args!(
                "unknown attribute `#[{name}]` on field `{}` of an #[error_code] definition; {suggestion}\
                 the only one it reads is `#[source]`, on the field holding the error that caused this one",
                field.name
            ),
        );
    }
    source
}

/// The item as the compiler gets it back: without the attributes that only
/// `#[error_code]` reads (`#[source]`, a variant's `#[error_code(...)]`).
pub(crate) fn strip_helper_attributes(item: &TokenStream) -> TokenStream {
    let Ok(mut input) = syn::parse2::<DeriveInput>(item.clone()) else {
        return item.clone();
    };
    let keep =
        |attr: &Attribute| !attr.path().is_ident("source") && !attr.path().is_ident("error_code");
    // Unknown field attributes are reported by the macro, at the attribute:
    // the compiler's "cannot find attribute" would say it again.
    let keep_on_field = |attr: &Attribute| {
        let path = attr.path();
        path.segments.len() != 1
            || path
                .get_ident()
                .is_some_and(|ident| BUILTIN_ATTRIBUTES.contains(&ident.to_string().as_str()))
    };
    let strip_fields = |fields: &mut Fields| {
        for field in fields.iter_mut() {
            field.attrs.retain(keep_on_field);
        }
    };
    match &mut input.data {
        Data::Struct(data) => strip_fields(&mut data.fields),
        Data::Enum(data) => {
            for variant in &mut data.variants {
                variant.attrs.retain(keep);
                strip_fields(&mut variant.fields);
            }
        }
        Data::Union(_) => {}
    }
    quote::ToTokens::into_token_stream(input)
}

/// The keyword that says what an unsupported item is, for the error.
fn item_keyword(item: &TokenStream) -> (Span, String) {
    let mut tokens = item.clone().into_iter().peekable();
    while let Some(token) = tokens.next() {
        match &token {
            // `#[attr]`: skip the bracket group that follows.
            TokenTree::Punct(punct) if punct.as_char() == '#' => {
                tokens.next();
            }
            TokenTree::Ident(ident) if ident == "pub" => {
                if let Some(TokenTree::Group(_)) = tokens.peek() {
                    tokens.next();
                }
            }
            TokenTree::Ident(ident)
                if ["async", "unsafe", "extern"].contains(&ident.to_string().as_str()) => {}
            // `extern "C" fn`: the ABI string.
            TokenTree::Literal(_) => {}
            TokenTree::Ident(ident)
                if ident == "const"
                    && matches!(tokens.peek(), Some(TokenTree::Ident(next)) if next == "fn" || next == "async" || next == "unsafe" || next == "extern") =>
                {}
            TokenTree::Ident(ident) => {
                let what = match ident.to_string().as_str() {
                    "fn" => "a function".to_owned(),
                    "trait" => "a trait".to_owned(),
                    "impl" => "an impl block".to_owned(),
                    "mod" => "a module".to_owned(),
                    "type" => "a type alias".to_owned(),
                    "static" => "a static".to_owned(),
                    "const" => "a constant".to_owned(),
                    other => format!("`{other}`"),
                };
                return (ident.span(), what);
            }
            other => return (other.span(), "this item".to_owned()),
        }
    }
    (Span::call_site(), "this item".to_owned())
}
