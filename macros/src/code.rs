use errcat_syntax::{CodeKind, classify_code};
use proc_macro2::Ident;
use syn::LitStr;

use crate::errors::Errors;

/// A code literal that passed its checks.
pub(crate) struct Code {
    pub(crate) literal: LitStr,
    pub(crate) value: String,
    pub(crate) kind: CodeKind,
}

impl Code {
    /// Checks a code literal; a malformed one is reported at the literal.
    pub(crate) fn check(literal: &LitStr, errors: &mut Errors) -> Option<Code> {
        let value = literal.value();
        match classify_code(&value) {
            Ok(kind) => Some(Code {
                // Made again rather than cloned: syn's `Clone` impls are a
                // feature every user's build would pay for (see `copy_type`).
                literal: LitStr::new(&value, literal.span()),
                value,
                kind,
            }),
            Err(why) => {
                errors.at(
                    literal.span(),
                    format_args!("`{value}` is not an error code: {why}"),
                );
                None
            }
        }
    }

    /// The code as an identifier, at the literal: the type alias of a
    /// definition (a second definition of the code in one module clashes by
    /// it), and a report site's own type, which the message of a failed
    /// lookup names.
    pub(crate) fn hidden_ident(&self) -> Ident {
        Ident::new(&self.value, self.literal.span())
    }
}
