//! The report macros: `msprof_env_error!("EK0201", ["buf_size"], [size])`
//! is read and its code, keys and values checked on their own ([`call`]);
//! it expands to one constant, which looks the code's definition up through
//! the trait every definition implements for its code
//! (`errcat::__private::Find`), in whichever crate it is, and checks the
//! keys against the definition's arguments as the compiler evaluates it;
//! and the report, with each value seen by its type
//! (`errcat::__private::Probe`: a text is written as it is).

mod call;

pub(crate) use call::expand as expand_call;

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
