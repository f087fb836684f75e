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

    /// The hidden name under which a definition is found by its code: a
    /// macro (the checks of a report) and a type alias (the struct) share it,
    /// so one import or glob import brings both to a report site.
    pub(crate) fn hidden_ident(&self) -> Ident {
        Ident::new(&format!("__errcode_{}", self.value), self.literal.span())
    }
}
