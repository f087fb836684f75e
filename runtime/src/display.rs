//! A definition's `Display`, which every `#[error_code]` type's impl calls:
//! its message filled with the value's fields, with the texts in force (the
//! registry), so it sits above it. (The `ErrorCode` trait is the facade's.)

use core::fmt;

use crate::def::{Defined, FieldMap};
use crate::registry::in_force;

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
