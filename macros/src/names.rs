//! Identifiers made of names a user wrote as text (argument names).

use proc_macro2::{Ident, Span};

/// The identifier of an argument name: a keyword (`type`) becomes a raw
/// identifier (`r#type`). The name is one `errcat_syntax::is_argument_name`
/// accepts.
pub(crate) fn ident(name: &str, span: Span) -> Ident {
    if errcat_syntax::needs_raw_identifier(name) {
        Ident::new_raw(name, span)
    } else {
        Ident::new(name, span)
    }
}
