//! How a report macro converts each value into its field's type, so that a
//! value of the wrong type is one short error that names the value's type,
//! the argument's and the definition's, rather than the compiler's list of
//! every `From` impl of the argument's type.
//!
//! The value goes through `Into<T>` when it can ([`ViaInto`], a method on
//! `Arg` itself); when it cannot, method resolution falls back to the same
//! method on `&Arg` ([`NotInto`]), whose bound no type meets and whose
//! message says what went wrong. `T` is known before the method is chosen:
//! [`field_of`] reads it from a closure that borrows the field.

use core::marker::PhantomData;

/// The type `T` of a field of the definition `S`.
#[doc(hidden)]
pub struct FieldOf<S, T>(PhantomData<fn(&S) -> &T>);

/// The type of the field `borrow` reads. The closure is never called, and
/// taken by its own type rather than as a `fn` pointer so that it is never
/// compiled to code either: it only names a type.
#[doc(hidden)]
pub fn field_of<S, T, F: FnOnce(&S) -> &T>(borrow: F) -> FieldOf<S, T> {
    let _ = borrow;
    FieldOf(PhantomData)
}

/// A value on its way into a field of type `T` of the definition `S`,
/// which the error of a value that does not convert names.
#[doc(hidden)]
pub struct Arg<V, T, S>(V, PhantomData<fn(&S) -> &T>);

impl<V, T, S> Arg<V, T, S> {
    #[doc(hidden)]
    pub fn new(value: V, field: FieldOf<S, T>) -> Self {
        let _ = field;
        Arg(value, PhantomData)
    }
}

/// The conversion of a value that converts.
#[doc(hidden)]
pub trait ViaInto<T> {
    fn into_arg(self) -> T;
}

impl<V: Into<T>, T, S> ViaInto<T> for Arg<V, T, S> {
    fn into_arg(self) -> T {
        self.0.into()
    }
}

/// The conversion of a value that does not convert: never compiles.
#[doc(hidden)]
pub trait NotInto<V, T, S> {
    fn into_arg(self) -> T
    where
        V: CannotFill<T, S>;
}

impl<V, T, S> NotInto<V, T, S> for &Arg<V, T, S> {
    fn into_arg(self) -> T
    where
        V: CannotFill<T, S>,
    {
        CannotFill::unreachable(&self.0)
    }
}

/// The message of a value that cannot fill its field.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "a `{Self}` cannot be the value of a `{T}` argument of `{S}`",
    label = "this value is a `{Self}`; the argument it fills is a `{T}`, which has no `From<{Self}>`",
    note = "a report converts each value into its argument's type with `Into`"
)]
pub trait CannotFill<T, S> {
    /// No value of a type that meets the bound exists.
    fn unreachable(value: &Self) -> T;
}

/// The one type that meets the bound, so that the compiler does not
/// suggest adding an implementation.
#[doc(hidden)]
pub enum Never {}

#[diagnostic::do_not_recommend]
impl CannotFill<Never, Never> for Never {
    fn unreachable(value: &Self) -> Never {
        match *value {}
    }
}
