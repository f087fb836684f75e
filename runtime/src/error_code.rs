//! The public API of a definition's values: the [`ErrorCode`] trait, which
//! every `#[error_code]` type has through [`Defined`], and their `Display`.
//! Both use the definition in force (the registry) and report into the
//! current store, so they sit on top of both.

use core::fmt;

use crate::def::{Defined, ErrorDef, FieldMap};
use crate::registry::in_force;

/// What every definition is: a struct under `#[error_code]`, a variant of
/// an enum under it, or a struct of `include_catalog!`. Bring it into scope
/// (`use errcode::ErrorCode;`) to call its methods.
///
/// ```
/// use errcode::{ErrorCode, error_code};
///
/// #[derive(Debug)]
/// #[error_code("EZ0001", message = "Device %s was not found.")]
/// pub struct DeviceNotFound {
///     pub device_id: u32,
/// }
///
/// fn open(device_id: u32) -> Result<(), DeviceNotFound> {
///     let error = DeviceNotFound { device_id };
///     error.report();
///     Err(error)
/// }
///
/// let error = open(7).unwrap_err();
/// assert_eq!(error.definition().code(), "EZ0001");
/// assert_eq!(format!("{error:#}"), "EZ0001: Device 7 was not found.");
/// assert_eq!(
///     errcode::take_error_message().as_deref(),
///     Some("EZ0001: Device 7 was not found.\r\n")
/// );
/// ```
pub trait ErrorCode {
    /// The definition of this value's code (for an enum, its variant's), as
    /// it is in force: a catalog registered at run time with a higher
    /// priority replaces the compiled texts, as it does in every report.
    fn definition(&self) -> &'static ErrorDef;

    /// Records this error in the current store (the task's scope, the
    /// work stream entered, or the thread's own), to be rendered by
    /// [`take_error_message`](crate::take_error_message), or by
    /// [`take_warning_message`](crate::take_warning_message) for a `W` code.
    /// The report keeps the values' text: the value itself stays yours.
    #[track_caller]
    fn report(&self);
}

impl<T: Defined> ErrorCode for T {
    fn definition(&self) -> &'static ErrorDef {
        in_force(self.compiled_definition())
    }

    #[track_caller]
    fn report(&self) {
        crate::report::report_value(self);
    }
}

/// The `Display` of a definition: its filled-in message, and with `{:#}`
/// the code before it (`EK0201: ...`), with the texts in force.
#[doc(hidden)]
pub fn fmt_display(value: &dyn Defined, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let compiled = value.compiled_definition();
    let def = in_force(compiled);
    if f.alternate() {
        f.write_str(def.code())?;
        f.write_str(": ")?;
    }
    let map = FieldMap::new(compiled, def);
    def.write_filled(f, |field, out| value.write_arg(map.compiled(field), out))
}
