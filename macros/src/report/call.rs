//! Step 1 of a report: `(CODE, [keys...], [values...])`.

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use quote::{quote, quote_spanned};
use syn::LitStr;
use syn::parse::{ParseStream, Parser};
use syn::spanned::Spanned;

use super::{consume_values, split_commas};
use crate::code::Code;
use crate::errors::Errors;
use errcat_syntax::{is_argument_name, pack_code};

const SHAPE: &str = "a report takes the code, the argument names and their values: \
                     (\"EK0201\", [\"buf_size\"], [size])";

struct Call {
    code: LitStr,
    keys: Group,
    values: Group,
}

pub(crate) fn expand(input: TokenStream) -> TokenStream {
    let krate = crate::krate::path();
    let call = match parse.parse2(input.clone()) {
        Ok(call) => call,
        Err(error) => {
            let error = error.to_compile_error();
            // A well-formed code is still looked up, with nothing to check,
            // so that a code no crate defines is reported as well.
            let lookup = leading_code(input).map(|code| check_defined(&krate, &code));
            return quote!({ #error #lookup });
        }
    };
    let mut errors = Errors::default();
    let code = Code::check(&call.code, &mut errors);
    let keys = split_commas(&call.keys);
    let names = check_keys(&call, &keys, code.as_ref(), &mut errors);
    let values = split_commas(&call.values);
    if let Some(code) = &code
        && errors.is_empty()
    {
        check_counts(code, &call, &keys, &values, &mut errors);
    }
    let Some(code) = code else {
        let errors = errors.to_compile_errors();
        let consume = consume_values(values);
        return quote!({ #errors #consume });
    };
    let site = code.hidden_ident();
    if !errors.is_empty() {
        // Keys rejected here: the code is still looked up, so that an
        // undefined one is reported too, and the values still count as used.
        let errors = errors.to_compile_errors();
        let defined = check_defined(&krate, &code);
        let consume = consume_values(values);
        return quote!({
            #errors
            #defined
            #consume
        });
    }
    let count = keys.len();
    // The site's check, with each of its mistakes raised at the token to
    // change: the code (undefined, retired), a name (not the definition's),
    // the list of names (one missing).
    let check = check(&krate, &code, &call, &keys, count);
    let values = values.iter().zip(&names).map(|(value, name)| {
        let span = value
            .clone()
            .into_iter()
            .next()
            .map_or(call.values.span(), |token| token.span());
        let typed = typed_value(&krate, &code, name, value, span);
        // A text is kept as text, anything else is written through its
        // `Display` (`errcat::__private::Probe`); a value that has none
        // fails here, at the value, with `ArgDisplay`'s message.
        let krate = crate::definition::expand::respan(krate.clone(), span);
        quote_spanned!(span=> match &(#value) {
            value => {
                #typed
                #krate::__private::Probe(value).errcode_value(value)
            }
        })
    });
    // The values in the site's order, and the order of the definition's
    // arguments, which the report puts them in.
    // At the macro's: the report's location is the caller's.
    let report = quote! {
        #krate::__private::report_by_code(ERRCAT_SITE, [#(#values),*])
    };
    let for_values = (count > 0).then(|| for_values(&krate, &code));
    quote! {
        {
            #for_values
            // The site's type and its check share the code's name (a
            // struct with braces is a type only), which the compiler's
            // error of a failed check names: "evaluation of `main::EK0201`".
            #[allow(dead_code)]
            struct #site {}
            #check
            #report
        }
    }
}

/// What a site's values need: the trait that picks the form of a value
/// that is not text (`errcat::__private::ShowValue`), and the defining
/// type, found by the lookup, which each value's type check asks for its
/// argument's type (`ArgProbe`: the type of an argument that is not text,
/// or `Unchecked` for text, a name the definition does not have, a code
/// without a definition, where anything goes and the verdict says what is
/// wrong).
fn for_values(krate: &TokenStream, code: &Code) -> TokenStream {
    let lookup = lookup(krate, code);
    quote! {
        #[allow(unused_imports)]
        use #krate::__private::{ShowValue as _, Typed as _, Untyped as _};
        let errcat_definition = {
            #[allow(unused_imports)]
            use #krate::__private::Undefined as _;
            #lookup.definition()
        };
    }
}

/// The type check of one value (`value`, a reference to it, in scope): a
/// reference to it cast to `dyn ReportValue<Argument's type, Code, Name>`,
/// or a numeric literal given the argument's type, in code that never runs
/// (`if false`, which the compiler drops before generating code).
/// The cast is at the value, so that a value that does not convert fails
/// there, with `ReportValue`'s message naming the code and the argument.
fn typed_value(
    krate: &TokenStream,
    code: &Code,
    name: &str,
    value: &TokenStream,
    span: proc_macro2::Span,
) -> TokenStream {
    let packed = proc_macro2::Literal::u64_suffixed(pack_code(&code.value).unwrap_or_default());
    let key = proc_macro2::Literal::u64_suffixed(crate::names::key(name));
    let site = code.hidden_ident();
    let check = if is_numeric_literal(value) {
        quote_spanned!(span=> let _ = [field.literal(), #value];)
    } else {
        let name = crate::names::ident(name, proc_macro2::Span::call_site());
        quote! {
            #[allow(non_camel_case_types, dead_code)]
            struct #name {}
            let mut slot = field.slot(#site {}, #name {});
        }
        .into_iter()
        .chain(quote_spanned!(span=> slot = value;))
        .chain(quote!(let _ = &slot;))
        .collect()
    };
    quote! {
        if false {
            let field = (&#krate::__private::ArgProbe::<_, #packed, #key>::new(errcat_definition))
                .errcat_field();
            #check
        }
    }
}

/// An integer or float literal without a suffix, or one negated: a value
/// that takes its type from where it goes.
fn is_numeric_literal(value: &TokenStream) -> bool {
    let mut tokens = value.clone().into_iter().peekable();
    if matches!(tokens.peek(), Some(TokenTree::Punct(punct)) if punct.as_char() == '-') {
        tokens.next();
    }
    let Some(TokenTree::Literal(literal)) = tokens.next() else {
        return false;
    };
    if tokens.next().is_some() {
        return false;
    }
    match syn::Lit::new(literal) {
        syn::Lit::Int(int) => int.suffix().is_empty(),
        syn::Lit::Float(float) => float.suffix().is_empty(),
        _ => false,
    }
}

/// The site's constants: the verdict, its code looked up
/// (`errcat::__private::Lookup`, which finds the definition or none without
/// an error of the compiler's) and checked (`check_site`), which always
/// evaluates; the check, named after the code, an `assert!` per place a
/// mistake can be, at that place's tokens, failing with the verdict's
/// message; and the checked site the report reads. The build's error is
/// then errcode's sentence at the token to change, with no frame of
/// errcat's; and since no code uses the check, the compiler adds no note of
/// a use of a failed constant. The site's type, named after the code, is
/// the lookup's.
fn check(
    krate: &TokenStream,
    code: &Code,
    call: &Call,
    keys: &[TokenStream],
    count: usize,
) -> TokenStream {
    let site = code.hidden_ident();
    let found = found(krate, code);
    let code_literal = &code.value;
    let at_code = raise(code.literal.span(), quote!(verdict.at_code()));
    let at_key = keys.iter().enumerate().map(|(index, key)| {
        let span = key.span();
        raise(span, quote!(verdict.at_key(#index)))
    });
    let at_keys = raise(call.keys.span(), quote!(verdict.at_keys()));
    quote! {
        const ERRCAT_VERDICT: #krate::__private::Verdict<#count> = {
            #found
            #krate::__private::check_site(#code_literal, found.site, near, [#(#keys),*])
        };
        #[allow(dead_code)]
        const #site: () = {
            let verdict = &ERRCAT_VERDICT;
            #at_code
            #(#at_key)*
            #at_keys
        };
        const ERRCAT_SITE: #krate::__private::Checked<#count> = ERRCAT_VERDICT.checked();
    }
}

/// `assert!(!verdict.at_...(), "{}", verdict.message());` at `span`: the
/// panic of a failed check is in the site's own constant, where the
/// compiler reports it at the `assert!`, which is at the token to change.
fn raise(span: proc_macro2::Span, wrong: TokenStream) -> TokenStream {
    let wrong = crate::definition::expand::respan(wrong, span);
    quote_spanned!(span=> ::core::assert!(!#wrong, "{}", verdict.message());)
}

/// A site whose names were rejected still has its code checked: a code no
/// crate in reach defines is reported too.
fn check_defined(krate: &TokenStream, code: &Code) -> TokenStream {
    let site = code.hidden_ident();
    let found = found(krate, code);
    let code_literal = &code.value;
    let at_code = raise(code.literal.span(), quote!(verdict.at_code()));
    quote! {
        #[allow(dead_code)]
        struct #site {}
        #[allow(dead_code)]
        const #site: () = {
            #found
            let verdict = #krate::__private::check_site(#code_literal, found.site, near, []);
            if !verdict.defined() {
                #at_code
            }
        };
    }
}

/// `found`, the site's lookup (`errcat::__private::Found`), and `near`, for
/// a code no crate in reach defines, the definition of the nearest code
/// one slip away that is (`errcat::__private::NearProbe`), as statements
/// of a constant. The question for near codes is a method call in a closure
/// never called, whose answer is its type; a defined code's lookup answers
/// it at once (`NoNear`), and no code of the list is looked up.
fn found(krate: &TokenStream, code: &Code) -> TokenStream {
    let lookup = lookup(krate, code);
    let near =
        errcat_syntax::near_codes(&code.value)
            .iter()
            .rev()
            .fold(quote!(()), |rest, near| {
                let packed =
                    proc_macro2::Literal::u64_suffixed(pack_code(near).unwrap_or_default());
                quote!((#krate::__private::Code<#packed>, #rest))
            });
    quote! {
        #[allow(unused_imports)]
        use #krate::__private::{NearStep as _, Undefined as _};
        let found = #lookup;
        let probe = found.near::<#near>();
        let near = #krate::__private::near_of(&move || probe.errcat_near());
    }
}

/// `errcat::__private::Lookup::<errcat::__private::Code<PACKED>, _, CODE>::SITE`:
/// the definition of the code, wherever it is, or `None`, and its defining
/// type (`errcat::__private::Found`).
fn lookup(krate: &TokenStream, code: &Code) -> TokenStream {
    let packed = pack_code(&code.value).unwrap_or_default();
    // At the literal: an error of the compiler's in the lookup (a code two
    // crates define) points at the code.
    let span = code.literal.span();
    let mut packed = proc_macro2::Literal::u64_suffixed(packed);
    packed.set_span(span);
    let site = code.hidden_ident();
    let krate = crate::definition::expand::respan(krate.clone(), span);
    quote_spanned! {span=>
        #krate::__private::Lookup::<#krate::__private::Code<#packed>, _, #site>::SITE
    }
}

/// As many values as names: each name takes the value in its place.
fn check_counts(
    code: &Code,
    call: &Call,
    keys: &[TokenStream],
    values: &[TokenStream],
    errors: &mut Errors,
) {
    let plural = |count: usize| if count == 1 { "" } else { "s" };
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
                "{}: the argument {} has no value ({counts}); give a value for each name, in the same order",
                code.value, key
            ),
        );
    } else if values.len() > keys.len() {
        let span = values[keys.len()]
            .clone()
            .into_iter()
            .next()
            .map_or(call.values.span(), |token| token.span());
        errors.at(
            span,
            format_args!(
                "{}: this value has no argument name ({counts}); name it in the list of names, or remove it",
                code.value
            ),
        );
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

/// Each key is a string literal naming an argument, given once. Returns
/// the names accepted, in order: every key's when nothing is reported.
fn check_keys(
    call: &Call,
    keys: &[TokenStream],
    code: Option<&Code>,
    errors: &mut Errors,
) -> Vec<String> {
    let code = code.map_or_else(|| call.code.value(), |code| code.value.clone());
    let mut seen: Vec<String> = Vec::new();
    for key in keys.iter().cloned() {
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
    seen
}
