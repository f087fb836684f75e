use errcode_syntax::{CodeKind, classify_code};
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
                literal: literal.clone(),
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

    /// The name under which a definition is found by its code: the code
    /// itself. A macro (the checks of a report) and a type alias (the
    /// definition's type) share it, so one glob import of the defining
    /// module brings both to a report site, and when a code is not in scope
    /// or is defined twice in a module, the compiler's message names it.
    pub(crate) fn hidden_ident(&self) -> Ident {
        Ident::new(&self.value, self.literal.span())
    }
}
