//! Step 2 of a report: the call's keys and values against the definition's
//! argument names.

use proc_macro2::{Group, Ident, Span, TokenStream, TokenTree};
use quote::quote;
use syn::parse::{ParseStream, Parser};
use syn::{LitBool, LitStr};

use super::{consume_values, split_commas};
use crate::errors::Errors;

/// What the definition's hidden macro passes on: `(CODE VALID [names...])`,
/// then the call: `CODE [keys...] [] [(value) ...]`, the empty group carrying
/// the span of the call's values.
struct Checked {
    valid: bool,
    names: Vec<String>,
    code: LitStr,
    keys: Group,
    values_span: Span,
    values: Vec<TokenStream>,
}

pub(crate) fn expand(input: TokenStream) -> TokenStream {
    let checked = match parse.parse2(input) {
        Ok(checked) => checked,
        Err(error) => return error.to_compile_error(),
    };
    let values = &checked.values;
    if !checked.valid {
        // The definition was rejected and its errors say why.
        return consume_values(values.iter().cloned());
    }
    let keys: Vec<LitStr> = split_commas(&checked.keys)
        .into_iter()
        .filter_map(|key| syn::parse2(key).ok())
        .collect();
    let mut errors = Errors::default();
    check(&checked, &keys, &mut errors);
    if !errors.is_empty() {
        let errors = errors.to_compile_errors();
        let consume = consume_values(values.iter().cloned());
        return quote!({ #errors #consume });
    }
    let alias = Ident::new(
        &format!("__errcode_{}", checked.code.value()),
        checked.code.span(),
    );
    let fields = keys.iter().map(|key| field_ident(key));
    quote! {
        ::errcode::__private::report_defined(&#alias {
            #(#fields: ::core::convert::Into::into(#values),)*
        })
    }
}

fn parse(input: ParseStream) -> syn::Result<Checked> {
    let definition;
    syn::parenthesized!(definition in input);
    definition.parse::<LitStr>()?;
    let valid = definition.parse::<LitBool>()?.value;
    let names;
    syn::bracketed!(names in definition);
    let names = names
        .parse_terminated(<LitStr as syn::parse::Parse>::parse, syn::Token![,])?
        .iter()
        .map(LitStr::value)
        .collect();
    let code = input.parse()?;
    let keys: Group = input.parse::<TokenTree>().and_then(expect_group)?;
    let values_span = input.parse::<TokenTree>().and_then(expect_group)?.span();
    let values = input
        .parse::<TokenTree>()
        .and_then(expect_group)?
        .stream()
        .into_iter()
        .map(TokenStream::from)
        .collect();
    Ok(Checked {
        valid,
        names,
        code,
        keys,
        values_span,
        values,
    })
}

fn expect_group(token: TokenTree) -> syn::Result<Group> {
    match token {
        TokenTree::Group(group) => Ok(group),
        other => Err(syn::Error::new(other.span(), "expected a group")),
    }
}

fn check(checked: &Checked, keys: &[LitStr], errors: &mut Errors) {
    let code = checked.code.value();
    let names = &checked.names;
    let expected = if names.is_empty() {
        "it has no arguments".to_owned()
    } else {
        format!("its arguments are: {}", names.join(", "))
    };
    for key in keys {
        let name = key.value();
        if !names.contains(&name) {
            let suggestion = closest(&name, names)
                .map(|close| format!("; did you mean \"{close}\"?"))
                .unwrap_or_default();
            errors.at(
                key.span(),
                format_args!("{code} has no argument \"{name}\" ({expected}){suggestion}"),
            );
        }
    }
    let given: Vec<String> = keys.iter().map(LitStr::value).collect();
    let missing: Vec<&str> = names
        .iter()
        .filter(|name| !given.contains(name))
        .map(String::as_str)
        .collect();
    if !missing.is_empty() {
        let what = if missing.len() == 1 {
            "argument"
        } else {
            "arguments"
        };
        errors.at(
            checked.keys.span(),
            format_args!(
                "{code}: missing {what} {} ({expected})",
                missing
                    .iter()
                    .map(|name| format!("\"{name}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
    }
    let values = &checked.values;
    if keys.len() > values.len() {
        let key = &keys[values.len()];
        errors.at(
            key.span(),
            format_args!(
                "{code}: the argument \"{}\" has no value ({} names, {} values)",
                key.value(),
                keys.len(),
                values.len()
            ),
        );
    } else if values.len() > keys.len() {
        let span = values
            .get(keys.len())
            .and_then(|value| value.clone().into_iter().next())
            .map_or(checked.values_span, |token| token.span());
        errors.at(
            span,
            format_args!(
                "{code}: this value has no argument name ({} names, {} values)",
                keys.len(),
                values.len()
            ),
        );
    }
}

/// A field named by a key; keywords (`type`) become raw identifiers.
fn field_ident(key: &LitStr) -> Ident {
    let name = key.value();
    match syn::parse_str::<Ident>(&name) {
        Ok(_) => Ident::new(&name, key.span()),
        Err(_) => Ident::new_raw(&name, key.span()),
    }
}

/// The name within two edits of `name`, if there is exactly one best.
fn closest<'a>(name: &str, names: &'a [String]) -> Option<&'a str> {
    names
        .iter()
        .map(|candidate| (edit_distance(name, candidate), candidate))
        .filter(|&(distance, _)| distance <= 2)
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, candidate)| candidate.as_str())
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = previous + usize::from(ca != cb);
            previous = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(previous + 1);
        }
    }
    row[b.len()]
}
