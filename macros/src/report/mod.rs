//! The report macros, in two steps.
//!
//! 1. [`call`]: `msprof_env_error!("EK0201", ["buf_size"], [size])` is read and
//!    its code and keys checked on their own; it expands to the hidden macro
//!    that the definition of `EK0201` put in scope (via `errcode::__split_values!`,
//!    which lets the compiler split the values into expressions).
//! 2. [`checked`]: that macro calls `__report_checked!` with the definition's
//!    argument names next to the call's keys and values, which are checked
//!    against each other and expanded into a typed report.
//!
//! A code with no definition in scope fails at step 1's expansion: the
//! compiler cannot find the hidden macro named after the code.

mod call;
mod checked;

pub(crate) use call::expand as expand_call;
pub(crate) use checked::expand as expand_checked;

use proc_macro2::{Group, TokenStream, TokenTree};
use quote::quote;

/// `if false { let _ = (values,); }`: what a rejected report expands to, so its
/// values are still type-checked and count as used, without other errors.
fn consume_values<I>(values: I) -> TokenStream
where
    I: IntoIterator<Item = TokenStream>,
{
    let values = values.into_iter();
    quote!({
        if false {
            let _ = (#(#values,)*);
        }
    })
}

/// Splits the content of a group at its top-level commas.
fn split_commas(group: &Group) -> Vec<TokenStream> {
    let mut items = Vec::new();
    let mut current = TokenStream::new();
    for token in group.stream() {
        match &token {
            TokenTree::Punct(punct) if punct.as_char() == ',' => {
                items.push(std::mem::take(&mut current));
            }
            _ => current.extend([token]),
        }
    }
    if !current.is_empty() {
        items.push(current);
    }
    items
}
