//! How a report macro converts each value into its field's type, so that a
//! value of the wrong type is one short error that names the value's type,
//! the argument's and the definition's, rather than the compiler's list of
//! every `From` impl of the argument's type.
//!
//! A report site writes each value as `<_ as Fill<_, S>>::fill(value)` in
//! the struct literal of the definition `S`, so the field's type `T` comes
//! from the literal. [`Fill`] holds for every value that converts with
//! `Into<T>`; for one that does not, `#[diagnostic::do_not_recommend]` makes
//! the compiler report the unmet `Fill` bound with its own message, not the
//! `Into`/`From` bounds behind it. One generic item per value type, field
//! type and definition, and no closure, is what a value costs the build.

/// A value that fills an argument of type `T` of the definition `S`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "a `{Self}` cannot be the value of a `{T}` argument of `{S}`",
    label = "this value is a `{Self}`; the argument it fills is a `{T}`, which has no `From<{Self}>`",
    note = "a report converts each value into its argument's type with `Into`"
)]
pub trait Fill<T, S: ?Sized> {
    /// The value converted into the argument's type.
    fn fill(self) -> T;
}

#[diagnostic::do_not_recommend]
impl<V: Into<T>, T, S: ?Sized> Fill<T, S> for V {
    fn fill(self) -> T {
        self.into()
    }
}
