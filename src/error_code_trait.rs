//! The trait every definition implements. It is defined here, in the
//! facade, rather than in the runtime that does the work, so that the path
//! rustc suggests when it is not in scope is one a user can write:
//! `use errcode::ErrorCode;`.

use errcode_runtime::__private::{Defined, definition_in_force, report_defined};
use errcode_runtime::ErrorDef;

/// What every definition is: a struct under `#[error_code]`, a variant of
/// an enum under it, or a struct of `include_catalog!`. Bring it into scope
/// (`use errcode::ErrorCode;`, or `use errcode::prelude::*;`) to call its
/// methods.
///
/// ```
/// use errcode::{ErrorCode, error_code};
///
/// #[derive(Debug)]
/// #[error_code("EZ0001", message = "Device {device_id} was not found.")]
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
    ///
    /// # Panics
    ///
    /// For a transparent variant (`#[error_code(transparent)]`) whose
    /// wrapped error carries no definition, which has no code to give: on a
    /// type with transparent variants, call
    /// [`try_definition`](Self::try_definition).
    #[track_caller]
    fn definition(&self) -> &'static ErrorDef;

    /// The definition of this value's code, or for a transparent variant
    /// the wrapped error's (as [`definition_of`](crate::definition_of) finds
    /// it); `None` for a transparent variant whose wrapped error has none.
    fn try_definition(&self) -> Option<&'static ErrorDef>;

    /// Records this error in the current store (the task's scope, the
    /// work stream entered, or the thread's own), to be rendered by
    /// [`take_error_message`](crate::take_error_message), or by
    /// [`take_warning_message`](crate::take_warning_message) for a `W` code.
    /// The report keeps the values' text: the value itself stays yours.
    ///
    /// A transparent variant records the error it wraps, when that carries
    /// a definition, and nothing otherwise; with the `tracing` feature, an
    /// `errcode.unreported` event at `WARN` says so.
    #[track_caller]
    fn report(&self);
}

impl<T: Defined> ErrorCode for T {
    #[track_caller]
    fn definition(&self) -> &'static ErrorDef {
        match definition_in_force(self) {
            Some(def) => def,
            None => panic!(
                "errcode: this transparent variant wraps an error without a code; \
                 call `ErrorCode::try_definition`, which returns `None` for it"
            ),
        }
    }

    fn try_definition(&self) -> Option<&'static ErrorDef> {
        definition_in_force(self)
    }

    #[track_caller]
    fn report(&self) {
        report_defined(self);
    }
}
