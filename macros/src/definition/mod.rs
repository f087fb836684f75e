//! `#[error_code(...)]`: read the attribute and the struct, check them
//! together, expand.

// `include_catalog!` builds the same parts from a catalog entry and expands them here.
pub(crate) mod ast;
pub(crate) mod attr;
pub(crate) mod check;
pub(crate) mod expand;

use proc_macro2::TokenStream;
use quote::quote;

use crate::errors::Errors;

pub(crate) fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    let mut errors = Errors::default();
    let attr = attr::parse(args, &mut errors);
    let parsed = ast::parse(&item, &mut errors);
    let checked = match (&attr.code, &parsed) {
        (Some(code), Some(parsed)) => check::check(code, &attr, parsed, &mut errors),
        _ => None,
    };
    let generated = match (&attr.code, &parsed, &checked) {
        (Some(code), Some(parsed), Some(checked)) if errors.is_empty() => {
            expand::definition(code, &attr, parsed, checked, &expand::Origin::Attribute)
        }
        _ => expand::fallback(attr.code.as_ref(), parsed.as_ref()),
    };
    let errors = errors.to_compile_errors();
    quote! {
        #item
        #generated
        #errors
    }
}
