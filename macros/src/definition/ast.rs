//! The item under `#[error_code]`: a struct with named fields, or a unit struct.

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{
    Data, DeriveInput, Fields, GenericParam, Generics, Ident, Path, Token, Type, Visibility,
};

use crate::errors::Errors;

pub(crate) struct Field {
    /// As written, `r#type` included.
    pub(crate) ident: Ident,
    /// The argument name: the identifier without `r#`.
    pub(crate) name: String,
    pub(crate) ty: Type,
}

pub(crate) struct Struct {
    pub(crate) ident: Ident,
    pub(crate) vis: Visibility,
    pub(crate) generics: Generics,
    pub(crate) fields: Vec<Field>,
    pub(crate) derives_debug: bool,
}

/// Reads the item. `None` (with the reason reported) for anything but a
/// struct with named fields or a unit struct without type parameters.
pub(crate) fn parse(item: &TokenStream, errors: &mut Errors) -> Option<Struct> {
    let input = match syn::parse2::<DeriveInput>(item.clone()) {
        Ok(input) => input,
        Err(_) => {
            let (span, what) = item_keyword(item);
            errors.at(
                span,
                format_args!("#[error_code] goes on a struct with named fields, not on {what}"),
            );
            return None;
        }
    };
    let fields = match &input.data {
        Data::Struct(data) => match &data.fields {
            Fields::Named(named) => named
                .named
                .iter()
                .filter_map(|field| {
                    let ident = field.ident.clone()?;
                    let name = ident.to_string().trim_start_matches("r#").to_owned();
                    Some(Field {
                        ident,
                        name,
                        ty: field.ty.clone(),
                    })
                })
                .collect(),
            Fields::Unit => Vec::new(),
            Fields::Unnamed(unnamed) => {
                errors.at(
                    unnamed.span(),
                    "#[error_code] needs named fields: the field names are the argument names of the message",
                );
                return None;
            }
        },
        Data::Enum(data) => {
            errors.at(
                data.enum_token.span,
                "#[error_code] goes on a struct with named fields, not on an enum",
            );
            return None;
        }
        Data::Union(data) => {
            errors.at(
                data.union_token.span,
                "#[error_code] goes on a struct with named fields, not on a union",
            );
            return None;
        }
    };
    let mut generic_ok = true;
    for param in &input.generics.params {
        if !matches!(param, GenericParam::Lifetime(_)) {
            errors.at(
                param.span(),
                "#[error_code] structs take lifetime parameters only: each field's type must be known to show its value",
            );
            generic_ok = false;
        }
    }
    if !generic_ok {
        return None;
    }
    let derives_debug = input.attrs.iter().any(|attr| {
        attr.path().is_ident("derive")
            && attr
                .parse_args_with(Punctuated::<Path, Token![,]>::parse_terminated)
                .is_ok_and(|paths| {
                    paths
                        .iter()
                        .any(|path| path.segments.last().is_some_and(|s| s.ident == "Debug"))
                })
    });
    Some(Struct {
        ident: input.ident,
        vis: input.vis,
        generics: input.generics,
        fields,
        derives_debug,
    })
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
                    "enum" => "an enum".to_owned(),
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
