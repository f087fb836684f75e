//! `#[error_code(...)]`: read the attribute and the item, check them
//! together, expand. On a struct the attribute holds the definition; on an
//! enum it is empty and each variant carries its own.

// `include_catalog!` builds the same parts from a catalog entry and expands them here.
pub(crate) mod ast;
pub(crate) mod attr;
pub(crate) mod check;
pub(crate) mod docs;
pub(crate) mod expand;

use proc_macro2::{Span, TokenStream};
use quote::quote;

use crate::code::Code;
use crate::errors::Errors;
use ast::{Item, Shape};
use attr::Attr;
use check::Checked;
use docs::Docs;
use expand::{Origin, Unit};

pub(crate) fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    let mut errors = Errors::default();
    let krate = crate::krate::path();
    let parsed = ast::parse(&item, &args, &mut errors);
    let mut docs = Docs::default();
    let generated = match &parsed {
        Some(parsed) => match &parsed.shape {
            Shape::Struct(_) => expand_struct(&krate, args, parsed, &mut docs, &mut errors),
            Shape::Enum(_) => expand_enum(&krate, args, parsed, &mut docs, &mut errors),
        },
        // The attribute's own problems are worth reporting all the same
        // (an enum's is empty).
        None if !args.is_empty() => {
            let _ = attr::parse(args, "this definition", &mut errors);
            TokenStream::new()
        }
        None => TokenStream::new(),
    };
    let stripped = ast::strip_helper_attributes(&item, &docs);
    let errors = errors.to_compile_errors();
    quote! {
        #stripped
        #generated
        #errors
    }
}

fn expand_struct(
    krate: &TokenStream,
    args: TokenStream,
    item: &Item,
    docs: &mut Docs,
    errors: &mut Errors,
) -> TokenStream {
    let Shape::Struct(body) = &item.shape else {
        return TokenStream::new();
    };
    let attr = attr::parse(args, &format!("struct `{}`", item.ident), errors);
    if let Some(span) = attr.transparent {
        errors.at(
            span,
            format_args!(
                "#[error_code(transparent)] goes on a variant of an #[error_code] enum, which then shows \
                 the error it wraps; struct `{}` needs a code and message of its own",
                item.ident
            ),
        );
        return TokenStream::new();
    }
    let owner = format!("`{}`", item.ident);
    check_report_on_from(&attr, body, &owner, errors);
    let checked = check_unit(attr.code.as_ref(), &attr, &owner, body, errors);
    if let (Some(code), Some(checked)) = (&attr.code, &checked) {
        docs.item = Some(docs::definition(code, &attr, checked, &body.args));
        docs.item_retired = docs::retired(code, &attr);
    }
    let unit = Unit {
        code: attr.code.as_ref(),
        attr: &attr,
        body,
        variant: None,
        transparent: false,
        checked: checked.as_ref().filter(|_| errors.is_empty()),
        origin: &Origin::Attribute,
    };
    expand::expand(krate, item, &[unit])
}

fn expand_enum(
    krate: &TokenStream,
    args: TokenStream,
    item: &Item,
    docs: &mut Docs,
    errors: &mut Errors,
) -> TokenStream {
    let Shape::Enum(variants) = &item.shape else {
        return TokenStream::new();
    };
    if !args.is_empty() {
        let enum_attr = attr::parse(
            args,
            &format!("enum `{}`", item.ident),
            &mut Errors::default(),
        );
        let span = enum_attr.code_span.unwrap_or_else(Span::call_site);
        errors.at(
            span,
            format_args!(
                "on an enum, #[error_code] takes no arguments: each variant carries its own \
                 #[error_code(\"CODE\", message = \"...\")]{}",
                match &enum_attr.code {
                    Some(code) => format!("; move `{}` and its keys onto a variant", code.value),
                    None => String::new(),
                }
            ),
        );
    }
    if variants.is_empty() {
        errors.at(
            item.ident.span(),
            format_args!(
                "enum `{}` has no variants: an #[error_code] enum defines one code per variant",
                item.ident
            ),
        );
        return TokenStream::new();
    }
    let mut attrs: Vec<Attr> = Vec::with_capacity(variants.len());
    for variant in variants {
        let attr = match &variant.attr {
            Some((tokens, _)) => attr::parse(
                tokens.clone(),
                &format!("variant `{}`", variant.ident),
                errors,
            ),
            None => {
                errors.at(
                    variant.ident.span(),
                    format_args!(
                        "variant `{}` of enum `{}` has no code: each variant of an #[error_code] enum carries its own \
                         #[error_code(\"CODE\", message = \"...\")], or #[error_code(transparent)] to show the one error it wraps",
                        variant.ident, item.ident
                    ),
                );
                Attr::default()
            }
        };
        attrs.push(attr);
    }
    // One code, one variant: a report names a variant by its code.
    for (index, attr) in attrs.iter().enumerate() {
        let Some(code) = &attr.code else { continue };
        if let Some(first) = attrs[..index].iter().position(|other| {
            other
                .code
                .as_ref()
                .is_some_and(|other| other.value == code.value)
        }) {
            errors.at(
                code.literal.span(),
                format_args!(
                    "{} is the code of both `{}` and `{}`; each variant has a code of its own",
                    code.value, variants[first].ident, variants[index].ident
                ),
            );
        }
    }
    let checked: Vec<Option<Checked>> = variants
        .iter()
        .zip(&attrs)
        .map(|(variant, attr)| {
            let owner = format!("`{}::{}`", item.ident, variant.ident);
            variant.attr.as_ref()?;
            check_report_on_from(attr, &variant.body, &owner, errors);
            if variant.transparent.is_some() {
                return None;
            }
            check_unit(attr.code.as_ref(), attr, &owner, &variant.body, errors)
        })
        .collect();
    let valid = errors.is_empty();
    if valid {
        let mut table = String::from(docs::TABLE_HEAD);
        for ((variant, attr), checked) in variants.iter().zip(&attrs).zip(&checked) {
            let name = variant.ident.to_string();
            let doc = match (&attr.code, checked) {
                (Some(code), Some(checked)) => {
                    table.push_str(&docs::table_row(
                        &name,
                        Some(&code.value),
                        Some(&checked.template),
                    ));
                    if let Some(retired) = docs::retired(code, attr) {
                        docs.variants_retired.push((name.clone(), retired));
                    }
                    docs::definition(code, attr, checked, &variant.body.args)
                }
                _ => {
                    table.push_str(&docs::table_row(&name, None, None));
                    docs::TRANSPARENT.to_owned()
                }
            };
            docs.variants.push((name, doc));
        }
        docs.item = Some(table);
    }
    let units: Vec<Unit<'_>> = variants
        .iter()
        .zip(&attrs)
        .zip(&checked)
        .map(|((variant, attr), checked)| Unit {
            code: attr.code.as_ref(),
            attr,
            body: &variant.body,
            variant: Some(&variant.ident),
            transparent: variant.transparent.is_some() && !variant.body.rejected,
            checked: checked.as_ref().filter(|_| valid),
            origin: &Origin::Attribute,
        })
        .collect();
    expand::expand(krate, item, &units)
}

/// `report` makes the `From` of a `#[from]` field report: a definition
/// without one has nothing it could apply to.
fn check_report_on_from(attr: &Attr, body: &ast::Body, owner: &str, errors: &mut Errors) {
    let Some(span) = attr.report_on_from else {
        return;
    };
    if body.from.is_some() || body.rejected {
        return;
    }
    let code = attr
        .code
        .as_ref()
        .map(|code| format!("{}: ", code.value))
        .unwrap_or_default();
    errors.at(
        span,
        format_args!(
            "{code}`report` makes the `From` of a `#[from]` field report the error it builds, so that `?` \
             reports it, and {owner} has no `#[from]` field; mark its source `#[from]`, or remove `report`"
        ),
    );
}

fn check_unit(
    code: Option<&Code>,
    attr: &Attr,
    owner: &str,
    body: &ast::Body,
    errors: &mut Errors,
) -> Option<Checked> {
    if body.rejected {
        return None;
    }
    let code = code?;
    let checked = check::check(code, attr, owner, &body.args, errors);
    // One example value per argument, in the order of `args`.
    if let (Some((values, span)), Some(checked)) = (&attr.example, &checked)
        && values.len() != checked.fields.len()
    {
        let names: Vec<&str> = checked
            .fields
            .iter()
            .map(|&index| body.args[index].name.as_str())
            .collect();
        let plural = |count: usize| if count == 1 { "" } else { "s" };
        errors.at(
            *span,
            format_args!(
                "{}: `example` has {} value{} but the message has {} argument{} ({}); give one value per argument, in this order",
                code.value,
                values.len(),
                plural(values.len()),
                names.len(),
                plural(names.len()),
                if names.is_empty() { "none".to_owned() } else { names.join(", ") }
            ),
        );
        return None;
    }
    // `#[from]` builds the value from its source alone, capturing its
    // backtraces: any other field would need a value `From` cannot give.
    if let (Some(from), Some(source)) = (body.from, &body.source)
        && !body.args.is_empty()
    {
        let others: Vec<String> = body
            .args
            .iter()
            .map(|field| format!("`{}`", field.name))
            .collect();
        errors.at(
            from,
            format_args!(
                "{}: #[from] converts the source alone into {owner}, but {} {} no value it could take \
                 (every field but the source must be a `Backtrace`, which it captures); remove #[from] \
                 and build the error with `.map_err(|{}| ...)`",
                code.value,
                others.join(", "),
                if others.len() == 1 { "has" } else { "have" },
                source.name
            ),
        );
        return None;
    }
    checked
}
