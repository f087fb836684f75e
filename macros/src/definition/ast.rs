//! The item under `#[error_code]`: a struct with named fields or a unit
//! struct, or an enum whose variants are such, each with its own
//! `#[error_code(...)]`.

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use syn::spanned::Spanned;
use syn::{
    Attribute, Data, DeriveInput, Fields, GenericParam, Generics, Ident, Meta, Type, Visibility,
};

use super::docs::Docs;
use crate::errors::{Errors, closest};

/// The field attributes the macro reads.
const FIELD_ATTRIBUTES: &[&str] = &["source", "from", "error_code"];

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
    /// The argument name: the identifier without `r#`; `0` for the field
    /// of a one-field tuple variant.
    pub(crate) name: String,
    pub(crate) ty: Type,
    /// The field's doc comment, its lines joined by newlines: the
    /// argument's description in the type's docs.
    pub(crate) doc: String,
    /// `#[error_code(display = path.display())]`: the expression whose
    /// `Display` shows the value, in which the field's name is a reference
    /// to it. Kept as tokens: the compiler reads them, where they are.
    pub(crate) display: Option<TokenStream>,
}

/// A field of type `Backtrace` or `Option<Backtrace>`: no argument, but
/// captured when `#[from]` builds the value.
pub(crate) struct BacktraceField {
    pub(crate) field: Field,
    pub(crate) optional: bool,
}

/// The fields of a struct or a variant: its arguments, the one marked
/// `#[source]` (or `#[from]`) and its backtraces, which are not arguments.
/// A transparent variant's one field is its `source`.
pub(crate) struct Body {
    pub(crate) args: Vec<Field>,
    pub(crate) source: Option<Field>,
    /// Where `#[from]` is, when the source field has it.
    pub(crate) from: Option<Span>,
    pub(crate) backtraces: Vec<BacktraceField>,
    /// `Name(field)`: a transparent variant's one unnamed field.
    pub(crate) tuple: bool,
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
    /// `#[error_code(transparent)]`: where `transparent` is.
    pub(crate) transparent: Option<Span>,
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
/// struct or enum of named fields without type parameters. `args` are the
/// struct's `#[error_code(...)]` arguments, whose code names the definition
/// in the errors of its fields.
pub(crate) fn parse(item: &TokenStream, args: &TokenStream, errors: &mut Errors) -> Option<Item> {
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
        Data::Struct(data) => {
            let code = leading_code(args);
            Shape::Struct(Box::new(body(
                &data.fields,
                "a struct",
                code.as_deref(),
                false,
                errors,
            )?))
        }
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
                let transparent = attr
                    .as_ref()
                    .and_then(|(tokens, _)| transparent_span(tokens));
                let code = attr.as_ref().and_then(|(tokens, _)| leading_code(tokens));
                variants.push(Variant {
                    ident: variant.ident.clone(),
                    body: body(
                        &variant.fields,
                        &what,
                        code.as_deref(),
                        transparent.is_some(),
                        errors,
                    )?,
                    attr,
                    transparent,
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

/// The code an `#[error_code(...)]` starts with, when it starts with a
/// string literal; its form is checked with the rest of the arguments.
fn leading_code(tokens: &TokenStream) -> Option<String> {
    match tokens.clone().into_iter().next()? {
        TokenTree::Literal(literal) => {
            syn::parse2::<syn::LitStr>(TokenTree::Literal(literal).into())
                .ok()
                .map(|code| code.value())
        }
        _ => None,
    }
}

/// `transparent`, when it is all an `#[error_code(...)]` says, or
/// `transparent, report`.
pub(crate) fn transparent_span(tokens: &TokenStream) -> Option<Span> {
    let tokens: Vec<TokenTree> = tokens.clone().into_iter().collect();
    match tokens.as_slice() {
        [TokenTree::Ident(ident)] if ident == "transparent" => Some(ident.span()),
        [
            TokenTree::Ident(ident),
            TokenTree::Punct(comma),
            TokenTree::Ident(report),
        ] if ident == "transparent" && comma.as_char() == ',' && report == "report" => {
            Some(ident.span())
        }
        _ => None,
    }
}

/// Reads the fields of a struct or variant, checking their attributes.
fn body(
    fields: &Fields,
    what: &str,
    code: Option<&str>,
    transparent: bool,
    errors: &mut Errors,
) -> Option<Body> {
    let empty = |unit: bool, rejected: bool| Body {
        args: Vec::new(),
        source: None,
        from: None,
        backtraces: Vec::new(),
        tuple: false,
        unit,
        rejected,
    };
    if transparent {
        return Some(transparent_body(fields, what, errors).unwrap_or_else(|| empty(true, true)));
    }
    match fields {
        Fields::Named(named) => {
            let mut body = empty(false, false);
            for field in &named.named {
                let Some(ident) = field.ident.clone() else {
                    continue;
                };
                let name = ident.to_string().trim_start_matches("r#").to_owned();
                let mut field_value = Field {
                    ident,
                    name,
                    ty: copy_type(&field.ty),
                    doc: doc_of(&field.attrs),
                    display: None,
                };
                let marks = check_field_attributes(&field.attrs, &field_value, code, errors);
                field_value.display = marks.display.as_ref().map(|(_, tokens)| tokens.clone());
                if !marks.source {
                    match backtrace_kind(&field_value.ty) {
                        Some(optional) => {
                            if let Some((span, _)) = &marks.display {
                                errors.at(
                                    *span,
                                    format_args!(
                                        "{}field `{}` is a backtrace, which the message does not show: \
                                         `display` goes on a field that fills a placeholder; remove it",
                                        code_prefix(code),
                                        field_value.name
                                    ),
                                );
                            }
                            body.backtraces.push(BacktraceField {
                                field: field_value,
                                optional,
                            });
                        }
                        None => body.args.push(field_value),
                    }
                } else if let Some(first) = &body.source {
                    errors.at(
                        field_value.ident.span(),
                        format_args!(
                            "{what} has two #[source] fields (`{}` and `{}`); an error has one source",
                            first.name, field_value.name
                        ),
                    );
                } else {
                    body.from = marks.from;
                    body.source = Some(field_value);
                }
            }
            Some(body)
        }
        Fields::Unit => Some(empty(true, false)),
        Fields::Unnamed(unnamed) => {
            errors.at(
                unnamed.span(),
                format_args!(
                    "#[error_code] needs named fields on {what}: the field names are the argument names of the message"
                ),
            );
            // Rejected, but read on: its code's report sites stay quiet.
            Some(empty(true, true))
        }
    }
}

/// The one field of a transparent variant, named or not, as its source.
fn transparent_body(fields: &Fields, what: &str, errors: &mut Errors) -> Option<Body> {
    if fields.len() != 1 {
        errors.at(
            if fields.is_empty() {
                Span::call_site()
            } else {
                fields.span()
            },
            format_args!(
                "{what} is transparent, so it wraps one error and shows it: give it exactly one field, \
                 `{}(std::io::Error)` (it has {})",
                what.trim_start_matches("variant `").trim_end_matches('`'),
                fields.len()
            ),
        );
        return None;
    }
    let field = fields.iter().next()?;
    let (ident, name) = match &field.ident {
        Some(ident) => (
            ident.clone(),
            ident.to_string().trim_start_matches("r#").to_owned(),
        ),
        None => (Ident::new("wrapped", field.ty.span()), "0".to_owned()),
    };
    let wrapped = Field {
        ident,
        name,
        ty: copy_type(&field.ty),
        doc: doc_of(&field.attrs),
        display: None,
    };
    let marks = check_field_attributes(&field.attrs, &wrapped, None, errors);
    Some(Body {
        args: Vec::new(),
        source: Some(wrapped),
        from: marks.from,
        backtraces: Vec::new(),
        tuple: field.ident.is_none(),
        unit: false,
        rejected: false,
    })
}

/// `Some(false)` for a field of type `Backtrace`, `Some(true)` for
/// `Option<Backtrace>` (by the last path segment, as `thiserror` tells
/// them), `None` for any other.
fn backtrace_kind(ty: &Type) -> Option<bool> {
    let Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    if last.ident == "Backtrace" && last.arguments.is_empty() {
        return Some(false);
    }
    if last.ident != "Option" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(arguments) = &last.arguments else {
        return None;
    };
    match arguments.args.first() {
        Some(syn::GenericArgument::Type(inner)) if arguments.args.len() == 1 => {
            (backtrace_kind(inner) == Some(false)).then_some(true)
        }
        _ => None,
    }
}

/// A field's `///` lines, trimmed, joined by newlines.
fn doc_of(attrs: &[Attribute]) -> String {
    let lines: Vec<String> = attrs
        .iter()
        .filter(|attr| attr.path().is_ident("doc"))
        .filter_map(|attr| match &attr.meta {
            Meta::NameValue(pair) => match &pair.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(text),
                    ..
                }) => Some(text.value().trim().to_owned()),
                _ => None,
            },
            _ => None,
        })
        .collect();
    lines.join("\n").trim().to_owned()
}

/// What a field's attributes mark it as.
#[derive(Default)]
struct Marks {
    /// `#[source]`, or `#[from]`, which implies it.
    source: bool,
    from: Option<Span>,
    /// `#[error_code(display = ...)]`: where `display` is, and the expression.
    display: Option<(Span, TokenStream)>,
}

/// Checks a field's attributes; returns what they mark it as. `code` is the
/// definition's, which the errors name.
fn check_field_attributes(
    attrs: &[Attribute],
    field: &Field,
    code: Option<&str>,
    errors: &mut Errors,
) -> Marks {
    // A misspelled `#[source]` counts as one: the field is no argument, so
    // the placeholder count is not reported wrong as well.
    let mut marks = Marks::default();
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
        if name == "source" || name == "from" {
            if !matches!(attr.meta, Meta::Path(_)) {
                errors.at(
                    attr.meta.span(),
                    format_args!(
                        "#[{name}] takes no arguments: it marks the field whose error caused this one"
                    ),
                );
            }
            marks.source = true;
            if name == "from" {
                marks.from = Some(attr.path().span());
            }
            continue;
        }
        if name == "error_code" {
            if let Some(display) = display_adapter(attr, field, code, errors) {
                if marks.display.is_some() {
                    errors.at(
                        display.0,
                        format_args!(
                            "{}field `{}` has two `display` adapters; keep one",
                            code_prefix(code),
                            field.name
                        ),
                    );
                } else {
                    marks.display = Some(display);
                }
            }
            continue;
        }
        let close = closest(&name, FIELD_ATTRIBUTES);
        marks.source |= matches!(close, Some("source" | "from"));
        let suggestion = close
            .map(|close| format!("did you mean `#[{close}]`? "))
            .unwrap_or_default();
        let definition = code.map_or_else(
            || "an #[error_code] definition".to_owned(),
            |code| format!("the definition of {code}"),
        );
        errors.at(
            path.span(),
            format_args!(
                "unknown attribute `#[{name}]` on field `{}` of {definition}; {suggestion}\
                 the ones it reads are `#[source]`, on the field holding the error that caused this one, \
                 `#[from]`, which also converts that error into this one, and \
                 `#[error_code(display = ...)]`, which shows a value that is not `Display`",
                field.name
            ),
        );
    }
    if let (true, Some((span, _))) = (marks.source, &marks.display) {
        errors.at(
            *span,
            format_args!(
                "{}field `{}` is the source, which the message does not show: `display` goes on a field \
                 that fills a placeholder; remove it",
                code_prefix(code),
                field.name
            ),
        );
        marks.display = None;
    }
    marks
}

/// `EK0201: `, or nothing where the definition's code is not known.
fn code_prefix(code: Option<&str>) -> String {
    code.map(|code| format!("{code}: ")).unwrap_or_default()
}

/// `#[error_code(display = path.display())]` on a field: where `display`
/// is, and the expression after `=`, left to the compiler to read.
fn display_adapter(
    attr: &Attribute,
    field: &Field,
    code: Option<&str>,
    errors: &mut Errors,
) -> Option<(Span, TokenStream)> {
    let name = &field.name;
    let usage = format!(
        "on a field, #[error_code] takes the expression that shows its value: \
         `#[error_code(display = {name}.display())]`, in which `{name}` is a reference to the field"
    );
    let Meta::List(list) = &attr.meta else {
        errors.at(
            attr.meta.span(),
            format_args!("{}{usage}", code_prefix(code)),
        );
        return None;
    };
    let mut tokens = list.tokens.clone().into_iter();
    let key = match tokens.next() {
        Some(TokenTree::Ident(key)) => key,
        Some(other) => {
            errors.at(other.span(), format_args!("{}{usage}", code_prefix(code)));
            return None;
        }
        None => {
            errors.at(
                list.delimiter.span().join(),
                format_args!("{}{usage}", code_prefix(code)),
            );
            return None;
        }
    };
    if key != "display" {
        let suggestion = closest(&key.to_string(), &["display"])
            .map(|close| format!("did you mean `{close}`? "))
            .unwrap_or_default();
        errors.at(
            key.span(),
            format_args!(
                "{}unknown key `{key}` in #[error_code] on field `{name}`; {suggestion}{usage}",
                code_prefix(code)
            ),
        );
        return None;
    }
    match tokens.next() {
        Some(TokenTree::Punct(punct)) if punct.as_char() == '=' => {}
        _ => {
            errors.at(key.span(), format_args!("{}{usage}", code_prefix(code)));
            return None;
        }
    }
    let expression: TokenStream = tokens.collect();
    if expression.is_empty() {
        errors.at(key.span(), format_args!("{}{usage}", code_prefix(code)));
        return None;
    }
    Some((key.span(), expression))
}

/// The item as the compiler gets it back: without the attributes that only
/// `#[error_code]` reads (`#[source]`, a variant's `#[error_code(...)]`).
/// The docs `#[error_code]` writes are appended after the user's own.
pub(crate) fn strip_helper_attributes(item: &TokenStream, docs: &Docs) -> TokenStream {
    if let Some(item) = struct_without_field_attributes(item, docs) {
        return item;
    }
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
    let doc = |text: &str| -> Attribute { syn::parse_quote!(#[doc = #text]) };
    let deprecated = |tokens: &TokenStream| -> Attribute { syn::parse_quote!(#tokens) };
    if let Some(text) = &docs.item {
        input.attrs.push(doc(text));
    }
    input
        .attrs
        .extend(docs.item_retired.as_ref().map(deprecated));
    match &mut input.data {
        Data::Struct(data) => strip_fields(&mut data.fields),
        Data::Enum(data) => {
            for variant in &mut data.variants {
                variant.attrs.retain(keep);
                strip_fields(&mut variant.fields);
                let name = variant.ident.to_string();
                if let Some((_, text)) = docs.variants.iter().find(|(variant, _)| *variant == name)
                {
                    variant.attrs.push(doc(text));
                }
                if let Some((_, retired)) = docs
                    .variants_retired
                    .iter()
                    .find(|(variant, _)| *variant == name)
                {
                    variant.attrs.push(deprecated(retired));
                }
            }
        }
        Data::Union(_) => {}
    }
    quote::ToTokens::into_token_stream(input)
}

/// A struct whose fields have no attributes, which is most of them, has
/// nothing to strip: its tokens as they came, the docs inserted after its
/// own attributes. Parsing and printing it again with `syn` was an eighth
/// of what the macro costs a build, which runs it unoptimised. `None` for
/// any other item, left to the parse.
fn struct_without_field_attributes(item: &TokenStream, docs: &Docs) -> Option<TokenStream> {
    let tokens: Vec<TokenTree> = item.clone().into_iter().collect();
    let mut is_struct = false;
    let mut attributes_end = None;
    for (index, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Punct(punct) if punct.as_char() == '#' && attributes_end.is_none() => {}
            TokenTree::Group(group)
                if group.delimiter() == Delimiter::Bracket && attributes_end.is_none() => {}
            TokenTree::Ident(ident) if ident == "enum" || ident == "union" => return None,
            TokenTree::Ident(ident) => {
                attributes_end.get_or_insert(index);
                is_struct |= ident == "struct";
            }
            TokenTree::Group(group) if is_struct => {
                // The fields (or a where clause's or generics' groups, in
                // which a `#` would only send the item to the parse).
                let attributed = group.stream().into_iter().any(
                    |token| matches!(&token, TokenTree::Punct(punct) if punct.as_char() == '#'),
                );
                if attributed {
                    return None;
                }
            }
            _ => {
                attributes_end.get_or_insert(index);
            }
        }
    }
    let attributes_end = attributes_end.filter(|_| is_struct)?;
    let doc = docs.item.as_ref().map(|text| quote::quote!(#[doc = #text]));
    let mut out: TokenStream = tokens[..attributes_end].iter().cloned().collect();
    out.extend(doc);
    out.extend(docs.item_retired.clone());
    out.extend(tokens[attributes_end..].iter().cloned());
    Some(out)
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

/// A copy of `ty` (see [`reparsed`]).
fn copy_type(ty: &Type) -> Type {
    reparsed(ty).unwrap_or_else(|| Type::Verbatim(quote::ToTokens::to_token_stream(ty)))
}

/// A copy of `item`, read again from its tokens (which keep their spans).
/// syn's `Clone` impls are a feature of their own (`clone-impls`), which
/// every user of the macros would compile for the few copies made here;
/// what has been parsed once parses again, so `None` is not expected.
pub(crate) fn reparsed<T: syn::parse::Parse + quote::ToTokens>(item: &T) -> Option<T> {
    syn::parse2(item.to_token_stream()).ok()
}
