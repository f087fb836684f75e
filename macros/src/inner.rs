//! `report_inner_error!("E19999", "format", args...)`: an internal error whose
//! message is a format string, checked by the compiler as `format!` is.

use proc_macro2::TokenStream;
use quote::quote;
use syn::LitStr;
use syn::parse::{ParseStream, Parser};

use crate::code::Code;
use crate::errors::Errors;

pub(crate) fn expand(macro_name: &str, input: TokenStream) -> TokenStream {
    let parser = |input: ParseStream| {
        let code: LitStr = input.parse().map_err(|error| {
            syn::Error::new(
                error.span(),
                format_args!("{macro_name}! takes the code as a string literal, then a format string: (\"E19999\", \"...\", args)"),
            )
        })?;
        input.parse::<syn::Token![,]>()?;
        if input.is_empty() {
            return Err(input.error("expected a format string after the code"));
        }
        let format: TokenStream = input.parse()?;
        Ok((code, format))
    };
    let (literal, format) = match parser.parse2(input) {
        Ok(parsed) => parsed,
        Err(error) => return error.to_compile_error(),
    };
    let mut errors = Errors::default();
    let code = Code::check(&literal, &mut errors);
    if let Some(code) = &code
        && !code.kind.internal
    {
        errors.at(
            literal.span(),
            format_args!(
                "{macro_name}! takes an internal (xx9999) or parameter-check (xx8888) code, and {} is neither; \
                 report it with its arguments by name, as msprof_env_error! does",
                code.value
            ),
        );
    }
    match code.filter(|_| errors.is_empty()) {
        Some(code) => {
            let value = &code.value;
            let warning = code.kind.warning;
            let krate = crate::krate::path();
            quote! {
                #krate::__private::report_formatted(
                    #value, #warning, ::core::format_args!(#format)
                )
            }
        }
        None => {
            let errors = errors.to_compile_errors();
            quote!({
                #errors
                if false {
                    let _ = ::core::format_args!(#format);
                }
            })
        }
    }
}
