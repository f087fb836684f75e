//! Proc macros of [`errcat`](https://docs.rs/errcat). Use them through the
//! `errcat` crate, which documents them; the expansions name `::errcat`.
//!
//! Each macro is a pipeline of small steps, one file each: parse the input,
//! check it while collecting every problem in an `Errors`
//! list, then expand. A definition that fails its checks still expands to a
//! fallback, so the only errors a user sees are the ones to fix.

#[cfg(feature = "catalog")]
mod catalog;
mod code;
mod definition;
mod errors;
mod inner;
mod krate;
mod names;
mod report;

use proc_macro::TokenStream;

// Documented where users see it: the `errcat` re-export.
#[proc_macro_attribute]
pub fn error_code(args: TokenStream, item: TokenStream) -> TokenStream {
    definition::expand(args.into(), item.into()).into()
}

// Documented where users see it: the `errcat` re-export.
#[cfg(feature = "catalog")]
#[proc_macro]
pub fn include_catalog(input: TokenStream) -> TokenStream {
    catalog::expand(input.into()).into()
}

// Documented where users see it: the `errcat` re-export.
#[proc_macro]
pub fn report(input: TokenStream) -> TokenStream {
    report::expand_call(input.into()).into()
}

// Documented where users see it: the `errcat` re-export.
#[proc_macro]
pub fn msprof_env_error(input: TokenStream) -> TokenStream {
    report::expand_call(input.into()).into()
}

// Documented where users see it: the `errcat` re-export.
#[proc_macro]
pub fn msprof_input_error(input: TokenStream) -> TokenStream {
    report::expand_call(input.into()).into()
}

// Documented where users see it: the `errcat` re-export.
#[proc_macro]
pub fn report_input_error(input: TokenStream) -> TokenStream {
    report::expand_call(input.into()).into()
}

// Documented where users see it: the `errcat` re-export.
#[proc_macro]
pub fn report_env_error(input: TokenStream) -> TokenStream {
    report::expand_call(input.into()).into()
}

// Documented where users see it: the `errcat` re-export.
#[proc_macro]
pub fn report_inner_error(input: TokenStream) -> TokenStream {
    inner::expand("report_inner_error", input.into()).into()
}

// Documented where users see it: the `errcat` re-export.
#[proc_macro]
pub fn msprof_inner_error(input: TokenStream) -> TokenStream {
    inner::expand("msprof_inner_error", input.into()).into()
}
