//! Step 2 of a report: the call's keys and values against the definition's
//! argument names.

use proc_macro2::{Delimiter, Group, Ident, Span, TokenStream, TokenTree};
use quote::{quote, quote_spanned};
use syn::parse::{ParseStream, Parser};
use syn::{LitBool, LitStr};

use super::{consume_values, split_commas};
use crate::errors::{Errors, closest};

/// What the definition's hidden macro passes on: `(CODE VALID [names...]
/// VARIANT SOURCE LIFETIMES {BACKTRACES})` (the variant `_` for a struct, the
/// source field's name or `""`, how many lifetime parameters the type has,
/// the initializers of its backtrace fields), then
/// the call: `CODE [keys...] [] [(value) ...]`, the empty
/// group carrying the span of the call's values. Keys of `_` mean that
/// step 1 rejected them.
struct Checked {
    valid: bool,
    names: Vec<String>,
    variant: Option<Ident>,
    source: String,
    lifetimes: usize,
    backtraces: TokenStream,
    code: LitStr,
    keys: Option<Group>,
    values_span: Span,
    values: Vec<TokenStream>,
}

pub(crate) fn expand(input: TokenStream) -> TokenStream {
    let checked = match parse.parse2(input) {
        Ok(checked) => checked,
        Err(error) => return error.to_compile_error(),
    };
    let values = &checked.values;
    let Some(key_group) = checked.keys.as_ref().filter(|_| checked.valid) else {
        // The definition or the call was rejected, and its errors say why.
        return consume_values(values.iter().cloned());
    };
    let keys: Vec<LitStr> = split_commas(key_group)
        .into_iter()
        .filter_map(|key| syn::parse2(key).ok())
        .collect();
    let mut errors = Errors::default();
    check(&checked, key_group, &keys, &mut errors);
    if !errors.is_empty() {
        let errors = errors.to_compile_errors();
        let consume = consume_values(values.iter().cloned());
        return quote!({ #errors #consume });
    }
    let alias = Ident::new(&checked.code.value(), checked.code.span());
    let constructor = match &checked.variant {
        Some(variant) => quote!(#alias::#variant),
        None => quote!(#alias),
    };
    let backtraces = &checked.backtraces;
    let krate = crate::krate::path();
    let typed = {
        let lifetimes = (checked.lifetimes > 0).then(|| {
            let underscores = (0..checked.lifetimes).map(|_| quote!('_));
            quote!(<#(#underscores),*>)
        });
        quote!(#alias #lifetimes)
    };
    let fields = keys.iter().zip(values).map(|(key, value)| {
        let field = field_ident(key);
        let span = value_span(value).unwrap_or(checked.values_span);
        if is_untyped_number(value) {
            // `7` for a `u32` field: a literal without a suffix takes the
            // field's type, as in a struct literal; through `Into` it would
            // be an `i32` first, which no smaller integer type is `From`.
            return quote!(#field: #value);
        }
        // The struct literal gives the call its field's type; the
        // definition's type is named for the message of a value that does
        // not convert, which points at the value.
        let convert = quote_spanned! {span=>
            <_ as #krate::__private::Fill<_, #typed>>::fill(#value)
        };
        quote!(#field: #convert)
    });
    // A `match` rather than a `let`: temporaries in the values (a
    // `&*id.to_string()`) live until the report is made.
    quote! {
        {
            #[allow(deprecated)]
            match (#constructor {
                #(#fields,)*
                #backtraces
            }) {
                report => #krate::__private::report_defined(&report),
            }
        }
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
    let variant = if definition.peek(syn::Token![_]) {
        definition.parse::<syn::Token![_]>()?;
        None
    } else {
        Some(definition.parse::<Ident>()?)
    };
    let source = definition.parse::<LitStr>()?.value();
    let lifetimes = definition.parse::<syn::LitInt>()?.base10_parse()?;
    let backtraces = definition
        .parse::<TokenTree>()
        .and_then(expect_group)?
        .stream();
    let code = input.parse()?;
    let keys = if input.peek(syn::Token![_]) {
        input.parse::<syn::Token![_]>()?;
        None
    } else {
        Some(input.parse::<TokenTree>().and_then(expect_group)?)
    };
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
        variant,
        source,
        lifetimes,
        backtraces,
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

fn check(checked: &Checked, key_group: &Group, keys: &[LitStr], errors: &mut Errors) {
    let code = checked.code.value();
    if !checked.source.is_empty() {
        errors.at(
            checked.code.span(),
            format_args!(
                "{code} has a #[source] field, `{}`, which a report macro cannot fill: build the error \
                 and call `.report()` on it (with `use errcode::ErrorCode;`)",
                checked.source
            ),
        );
        return;
    }
    let names = &checked.names;
    let expected = if names.is_empty() {
        "it has no arguments".to_owned()
    } else {
        format!("its arguments are: {}", names.join(", "))
    };
    let candidates: Vec<&str> = names.iter().map(String::as_str).collect();
    // A name suggested for a misspelled key is not reported missing as well:
    // fixing the spelling fixes both.
    let mut suggested: Vec<&str> = Vec::new();
    for key in keys {
        let name = key.value();
        if !names.contains(&name) {
            let close = closest(&name, &candidates);
            suggested.extend(close);
            let suggestion = close
                .map(|close| format!("; did you mean \"{close}\"?"))
                .unwrap_or_default();
            errors.at(
                key.span(),
                format_args!("{code} has no argument \"{name}\" ({expected}){suggestion}"),
            );
        }
    }
    let given: Vec<String> = keys.iter().map(LitStr::value).collect();
    let missing: Vec<&str> = candidates
        .iter()
        .copied()
        .filter(|name| !given.iter().any(|given| given == name) && !suggested.contains(name))
        .collect();
    if !missing.is_empty() {
        let what = if missing.len() == 1 {
            "argument"
        } else {
            "arguments"
        };
        errors.at(
            key_group.span(),
            format_args!(
                "{code}: missing {what} {} ({expected}); add each with its value",
                missing
                    .iter()
                    .map(|name| format!("\"{name}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
    }
    let values = &checked.values;
    let counts = format!(
        "{} name{}, {} value{}",
        keys.len(),
        plural(keys.len()),
        values.len(),
        plural(values.len())
    );
    if keys.len() > values.len() {
        let key = &keys[values.len()];
        errors.at(
            key.span(),
            format_args!(
                "{code}: the argument \"{}\" has no value ({counts}); give a value for each name, in the same order",
                key.value(),
            ),
        );
    } else if values.len() > keys.len() {
        let span = values
            .get(keys.len())
            .and_then(value_span)
            .unwrap_or(checked.values_span);
        errors.at(
            span,
            format_args!(
                "{code}: this value has no argument name ({counts}); name it in the list of names, or remove it"
            ),
        );
    }
}

/// Where a value was written. `__split_values!` wraps each value in
/// parentheses and an invisible group, both spanned at the macro's
/// expansion; the tokens inside keep the spans of the report site.
/// Whether `value` is a number literal without a suffix (`7`, `-7`, `2.5`,
/// `1_000`), seen through the groups the value arrives in.
fn is_untyped_number(value: &TokenStream) -> bool {
    let mut tokens: Vec<TokenTree> = value.clone().into_iter().collect();
    while let [TokenTree::Group(group)] = tokens.as_slice() {
        if !matches!(group.delimiter(), Delimiter::Parenthesis | Delimiter::None) {
            return false;
        }
        tokens = group.stream().into_iter().collect();
    }
    let literal = match tokens.as_slice() {
        [TokenTree::Literal(literal)] => literal,
        [TokenTree::Punct(minus), TokenTree::Literal(literal)] if minus.as_char() == '-' => literal,
        _ => return false,
    };
    let text = literal.to_string();
    text.starts_with(|c: char| c.is_ascii_digit())
        && text
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '_' | '.' | 'e' | 'E' | '+' | '-'))
}

fn value_span(value: &TokenStream) -> Option<Span> {
    let mut first = match value.clone().into_iter().next()? {
        TokenTree::Group(group) if group.delimiter() == Delimiter::Parenthesis => {
            group.stream().into_iter().next()?
        }
        other => other,
    };
    while let TokenTree::Group(group) = &first {
        if group.delimiter() != Delimiter::None {
            break;
        }
        first = group.stream().into_iter().next()?;
    }
    Some(first.span())
}

fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}

/// A field named by a key; keywords (`type`, `gen`) become raw
/// identifiers, by the rule the definitions and catalogs use. Keys that can
/// name no field are rejected by step 1 and never get here.
fn field_ident(key: &LitStr) -> Ident {
    let name = key.value();
    if errcode_syntax::needs_raw_identifier(&name) {
        Ident::new_raw(&name, key.span())
    } else {
        Ident::new(&name, key.span())
    }
}
