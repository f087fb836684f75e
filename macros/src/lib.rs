//! Proc macros of [`errcode`](https://docs.rs/errcode). Use them through the
//! `errcode` crate, which documents them; the expansions name `::errcode`.
//!
//! Each macro is a pipeline of small steps, one file each: parse the input,
//! check it while collecting every problem in an `Errors`
//! list, then expand. A definition that fails its checks still expands to a
//! fallback, so the only errors a user sees are the ones to fix.

mod catalog;
mod code;
mod definition;
mod errors;
mod inner;
mod krate;
mod report;

use proc_macro::TokenStream;

/// Defines an error code on a struct. See `errcode::error_code`.
#[proc_macro_attribute]
pub fn error_code(args: TokenStream, item: TokenStream) -> TokenStream {
    definition::expand(args.into(), item.into()).into()
}

/// Defines every entry of a catalog file. See `errcode::include_catalog!`.
#[proc_macro]
pub fn include_catalog(input: TokenStream) -> TokenStream {
    catalog::expand(input.into()).into()
}

/// Reports a defined code with its arguments by name. See `errcode::msprof_env_error!`.
#[proc_macro]
pub fn msprof_env_error(input: TokenStream) -> TokenStream {
    report::expand_call(input.into()).into()
}

/// Reports a defined code with its arguments by name. See `errcode::msprof_input_error!`.
#[proc_macro]
pub fn msprof_input_error(input: TokenStream) -> TokenStream {
    report::expand_call(input.into()).into()
}

/// Reports a defined code with its arguments by name. See `errcode::report_input_error!`.
#[proc_macro]
pub fn report_input_error(input: TokenStream) -> TokenStream {
    report::expand_call(input.into()).into()
}

/// Reports a defined code with its arguments by name. See `errcode::report_env_error!`.
#[proc_macro]
pub fn report_env_error(input: TokenStream) -> TokenStream {
    report::expand_call(input.into()).into()
}

/// Reports an internal error with a format string. See `errcode::report_inner_error!`.
#[proc_macro]
pub fn report_inner_error(input: TokenStream) -> TokenStream {
    inner::expand("report_inner_error", input.into()).into()
}

/// Reports an internal error with a format string. See `errcode::msprof_inner_error!`.
#[proc_macro]
pub fn msprof_inner_error(input: TokenStream) -> TokenStream {
    inner::expand("msprof_inner_error", input.into()).into()
}

/// The second step of a report: the definition's hidden macro calls it with
/// the definition's arguments and the report's keys and values.
#[doc(hidden)]
#[proc_macro]
pub fn __report_checked(input: TokenStream) -> TokenStream {
    report::expand_checked(input.into()).into()
}
