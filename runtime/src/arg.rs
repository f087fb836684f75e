//! How a report macro converts each value into its field's type, so that a
//! value of the wrong type is one short error that names the field and its
//! type, rather than the compiler's list of every `From` impl of the type.
//!
//! The value goes through `Into<T>` when it can ([`ViaInto`], a method on
//! `Arg` itself); when it cannot, method resolution falls back to the same
//! method on `&Arg` ([`NotInto`]), whose bound no type meets and whose
//! message says what went wrong. `T` is known before the method is chosen:
//! [`field_of`] reads it from a closure that borrows the field.

use core::marker::PhantomData;

/// The type `T` of a field.
#[doc(hidden)]
pub struct FieldOf<T>(PhantomData<fn() -> T>);

/// The type of the field `borrow` reads. The closure is never called, and
/// taken by its own type rather than as a `fn` pointer so that it is never
/// compiled to code either: it only names a type.
#[doc(hidden)]
pub fn field_of<S, T, F: FnOnce(&S) -> &T>(borrow: F) -> FieldOf<T> {
    let _ = borrow;
    FieldOf(PhantomData)
}

/// A value on its way into a field of type `T`.
#[doc(hidden)]
pub struct Arg<V, T>(V, PhantomData<fn() -> T>);

impl<V, T> Arg<V, T> {
    #[doc(hidden)]
    pub fn new(value: V, field: FieldOf<T>) -> Self {
        let _ = field;
        Arg(value, PhantomData)
    }
}

/// The conversion of a value that converts.
#[doc(hidden)]
pub trait ViaInto<T> {
    fn into_arg(self) -> T;
}

impl<V: Into<T>, T> ViaInto<T> for Arg<V, T> {
    fn into_arg(self) -> T {
        self.0.into()
    }
}

/// The conversion of a value that does not convert: never compiles.
#[doc(hidden)]
pub trait NotInto<V, T> {
    fn into_arg(self) -> T
    where
        V: CannotFill<T>;
}

impl<V, T> NotInto<V, T> for &Arg<V, T> {
    fn into_arg(self) -> T
    where
        V: CannotFill<T>,
    {
        CannotFill::unreachable(&self.0)
    }
}

/// The message of a value that cannot fill its field.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "a `{Self}` cannot be the value of an argument of type `{T}`",
    label = "this value is a `{Self}`; the argument it fills is a `{T}`, which has no `From<{Self}>`",
    note = "a report converts each value into its argument's type with `Into`"
)]
pub trait CannotFill<T> {
    /// No value of a type that meets the bound exists.
    fn unreachable(value: &Self) -> T;
}

/// The one type that meets the bound, so that the compiler does not
/// suggest adding an implementation.
#[doc(hidden)]
pub enum Never {}

#[diagnostic::do_not_recommend]
impl CannotFill<Never> for Never {
    fn unreachable(value: &Self) -> Never {
        match *value {}
    }
}
