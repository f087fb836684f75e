//! What a definition's values are to the layers above: generated code
//! implements [`Defined`] for each definition's type, and `#[source]` fields
//! are seen through [`AsDynError`]. A compiled definition and the one in
//! force may order their fields differently ([`FieldMap`]).

use core::fmt;

use super::ErrorDef;

/// What generated code implements for each definition; `errcat::ErrorCode`
/// comes with it.
#[doc(hidden)]
pub trait Defined {
    /// The definition this value's type was compiled with. A transparent
    /// variant has none of its own: every caller asks
    /// [`transparent`](Self::transparent) first.
    fn compiled_definition(&self) -> &'static ErrorDef;

    /// Writes the value of the argument `compiled_definition().fields()[index]`;
    /// an index out of range writes nothing. A definition with no arguments
    /// keeps this one, which writes nothing: one function less to compile
    /// for each.
    fn write_arg(&self, index: usize, out: &mut dyn fmt::Write) -> fmt::Result {
        let _ = (index, out);
        Ok(())
    }

    /// For a transparent variant (`#[error_code(transparent)]`), the error it
    /// wraps, whose definition, if it has one, is this value's.
    fn transparent(&self) -> Option<&(dyn std::error::Error + 'static)> {
        None
    }
}

/// Where each field of a definition in force is among the fields of the
/// compiled one it replaces: a registered catalog may name the same
/// arguments in another order (a translation puts them where its language
/// wants them).
#[derive(Clone, Copy)]
pub(crate) struct FieldMap {
    compiled: &'static ErrorDef,
    in_force: &'static ErrorDef,
}

impl FieldMap {
    pub(crate) fn new(compiled: &'static ErrorDef, in_force: &'static ErrorDef) -> Self {
        FieldMap { compiled, in_force }
    }

    /// Whether the definition in force is the compiled one: each field is
    /// its own.
    pub(crate) fn is_identity(&self) -> bool {
        core::ptr::eq(self.compiled, self.in_force)
    }

    /// The index among the compiled fields of field `index` of the definition in force.
    pub(crate) fn compiled(&self, index: usize) -> usize {
        if core::ptr::eq(self.compiled, self.in_force) {
            return index;
        }
        let name = self.in_force.fields().get(index);
        self.compiled
            .fields()
            .iter()
            .position(|field| Some(field) == name)
            .unwrap_or(usize::MAX)
    }
}

/// What `#[source]` fields are seen as: `Error::source` hands out a
/// `&(dyn Error + 'static)`, whether the field holds an error type or a
/// `Box<dyn Error + Send + Sync>` (reached through `Deref`).
#[doc(hidden)]
pub trait AsDynError<'a> {
    fn as_dyn_error(&self) -> &(dyn std::error::Error + 'a);
}

impl<'a, T: std::error::Error + 'a> AsDynError<'a> for T {
    fn as_dyn_error(&self) -> &(dyn std::error::Error + 'a) {
        self
    }
}

impl<'a> AsDynError<'a> for dyn std::error::Error + 'a {
    fn as_dyn_error(&self) -> &(dyn std::error::Error + 'a) {
        self
    }
}

impl<'a> AsDynError<'a> for dyn std::error::Error + Send + 'a {
    fn as_dyn_error(&self) -> &(dyn std::error::Error + 'a) {
        self
    }
}

impl<'a> AsDynError<'a> for dyn std::error::Error + Send + Sync + 'a {
    fn as_dyn_error(&self) -> &(dyn std::error::Error + 'a) {
        self
    }
}
