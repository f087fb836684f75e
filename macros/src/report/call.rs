//! Step 1 of a report: `(CODE, [keys...], [values...])`.

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use quote::{ToTokens, quote};
use syn::LitStr;
use syn::parse::{ParseStream, Parser};
use syn::spanned::Spanned;

use super::{consume_values, split_commas};
use crate::code::Code;
use crate::errors::Errors;
use errcode_syntax::is_argument_name;

const SHAPE: &str = "a report takes the code, the argument names and their values: \
                     (\"EK0201\", [\"buf_size\"], [size])";

struct Call {
    code: LitStr,
    keys: Group,
    values: Group,
}

pub(crate) fn expand(input: TokenStream) -> TokenStream {
    let call = match parse.parse2(input.clone()) {
        Ok(call) => call,
        Err(error) => {
            let error = error.to_compile_error();
            // A well-formed code is still looked up, with nothing to check,
            // so that its definition's import counts as used.
            let lookup = leading_code(input).map(|code| {
                let finder = code.hidden_ident();
                let code_literal = &code.literal;
                let krate = crate::krate::path();
                quote!(#finder! { (#krate) #code_literal _ [] [] })
            });
            return quote!({ #error #lookup });
        }
    };
    let mut errors = Errors::default();
    let code = Code::check(&call.code, &mut errors);
    check_keys(&call, code.as_ref(), &mut errors);
    let Some(code) = code else {
        let errors = errors.to_compile_errors();
        let consume = consume_values(split_commas(&call.values));
        return quote!({ #errors #consume });
    };
    let finder = code.hidden_ident();
    let code_literal = &call.code;
    // Keys rejected here go on as `_`, which step 2 takes as "only consume
    // the values": the definition is still looked up, so its import counts
    // as used and an undefined code is still reported.
    let keys = if errors.is_empty() {
        call.keys.to_token_stream()
    } else {
        quote!(_)
    };
    let mut values_marker = Group::new(Delimiter::Bracket, TokenStream::new());
    values_marker.set_span(call.values.span());
    let mut values = Group::new(Delimiter::Bracket, call.values.stream());
    values.set_span(call.values.span());
    let errors = errors.to_compile_errors();
    let krate = crate::krate::path();
    quote! {
        #errors
        #krate::__split_values! {
            #finder (#krate) (#code_literal #keys #values_marker) #values
        }
    }
}

fn parse(input: ParseStream) -> syn::Result<Call> {
    let code: LitStr = input.parse().map_err(|error| {
        syn::Error::new(
            error.span(),
            format_args!("expected the code as a string literal; {SHAPE}"),
        )
    })?;
    input.parse::<syn::Token![,]>()?;
    let keys = list(input, "the argument names")?;
    input.parse::<syn::Token![,]>()?;
    let values = list(input, "the values")?;
    if input.peek(syn::Token![,]) {
        input.parse::<syn::Token![,]>()?;
    }
    if !input.is_empty() {
        return Err(input.error(format_args!("unexpected tokens after the values; {SHAPE}")));
    }
    Ok(Call { code, keys, values })
}

/// The code a call starts with, when it is a well-formed code literal.
fn leading_code(input: TokenStream) -> Option<Code> {
    let literal = (|input: ParseStream| {
        let literal: LitStr = input.parse()?;
        input.parse::<TokenStream>()?;
        Ok(literal)
    })
    .parse2(input)
    .ok()?;
    Code::check(&literal, &mut Errors::default())
}

/// A `[...]` or `{...}` group.
fn list(input: ParseStream, what: &str) -> syn::Result<Group> {
    let span = input.span();
    match input.parse::<TokenTree>() {
        Ok(TokenTree::Group(group))
            if matches!(group.delimiter(), Delimiter::Bracket | Delimiter::Brace) =>
        {
            Ok(group)
        }
        Ok(other) => Err(syn::Error::new(
            other.span(),
            format_args!("expected {what} in brackets `[...]` (or braces); {SHAPE}"),
        )),
        Err(_) => Err(syn::Error::new(
            span,
            format_args!("expected {what} in brackets `[...]`; {SHAPE}"),
        )),
    }
}

/// Each key is a string literal naming an argument, given once.
fn check_keys(call: &Call, code: Option<&Code>, errors: &mut Errors) {
    let code = code.map_or_else(|| call.code.value(), |code| code.value.clone());
    let mut seen: Vec<String> = Vec::new();
    for key in split_commas(&call.keys) {
        let span = key.span();
        let literal = match syn::parse2::<LitStr>(key.clone()) {
            Ok(literal) => literal,
            Err(_) => {
                let hint = match syn::parse2::<syn::Ident>(key) {
                    Ok(ident) => format!(": write \"{ident}\""),
                    Err(_) => ", like \"buf_size\"".to_owned(),
                };
                errors.at(
                    span,
                    format_args!("{code}: an argument name is a string literal{hint}"),
                );
                continue;
            }
        };
        let name = literal.value();
        if !is_argument_name(&name) {
            errors.at(
                literal.span(),
                format_args!("{code}: {name:?} is not an argument name: names are identifiers, like \"buf_size\""),
            );
        } else if seen.contains(&name) {
            errors.at(
                literal.span(),
                format_args!(
                    "{code}: the argument \"{name}\" is given twice; give each argument once"
                ),
            );
        } else {
            seen.push(name);
        }
    }
}
