//! The bottom layer: error definitions as plain data. An [`ErrorDef`] and
//! its parts ([`RawDef`]), where it was written ([`SourceLocation`]), how its
//! template is filled, and what generated code implements for a
//! definition's values ([`Defined`], [`AsDynError`]). Nothing here looks
//! anything up or stores anything: the registry, the stores and the public
//! API are built on top.

use core::fmt;

#[cfg(feature = "miette")]
mod cause;
mod location;
mod value;

#[cfg(feature = "miette")]
pub(crate) use cause::PossibleCause;
pub use location::SourceLocation;
pub(crate) use value::FieldMap;
pub use value::{AsDynError, Defined};

/// One error code's definition: everything the catalog says about it.
///
/// Definitions are made at compile time by `#[error_code]` and
/// `include_catalog!`, or at run time by registering a catalog, and found
/// through [`registry()`](crate::registry) or from a value with
/// `ErrorCode::definition`. The template is split into literal pieces
/// when the definition is made, so reporting never parses it.
///
/// A definition holds nothing that changes once it is made: the constant a
/// report site checks its names with refers to its code's definition, which
/// a constant may do only of memory that never changes.
pub struct ErrorDef {
    raw: RawDef,
    warning: bool,
    internal: bool,
    /// The bytes of the template's pieces: a message's length is this plus
    /// its values', known without walking the pieces.
    pieces_len: usize,
    /// The possible cause as a `miette` diagnostic, which the diagnostics of
    /// the definition's values hand out by reference.
    #[cfg(feature = "miette")]
    pub(crate) possible_cause: PossibleCause,
}

// Every part but the `miette` copy of the cause, which adds nothing to `raw`.
impl fmt::Debug for ErrorDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ErrorDef")
            .field("raw", &self.raw)
            .field("warning", &self.warning)
            .field("internal", &self.internal)
            .field("pieces_len", &self.pieces_len)
            .finish_non_exhaustive()
    }
}

/// The parts of an [`ErrorDef`], as generated code writes them; checked by
/// [`ErrorDef::__new`].
#[doc(hidden)]
#[derive(Debug)]
pub struct RawDef {
    pub code: &'static str,
    pub title: Option<&'static str>,
    pub class: Option<&'static str>,
    pub message: &'static str,
    /// The template's literal text around its placeholders (one more than placeholders).
    pub pieces: &'static [&'static str],
    /// The arglist: the name that fills each placeholder, in order; names may repeat.
    pub args: &'static [&'static str],
    /// The distinct names of the arglist, in order of first appearance.
    pub fields: &'static [&'static str],
    /// For each placeholder, the index in `fields` of the value that fills it.
    pub slots: &'static [usize],
    pub cause: Option<&'static str>,
    pub solution: Option<&'static str>,
    pub location: SourceLocation,
}

impl ErrorDef {
    /// A definition from its parts, when they agree with each other: a
    /// well-formed code, one piece more than placeholders, one arglist name
    /// and one field index per placeholder. Generated code builds statics
    /// with it and fails the build when it returns `None`; called at run
    /// time with parts that disagree, it returns `None` rather than panic.
    #[doc(hidden)]
    pub const fn __new(raw: RawDef) -> Option<Self> {
        let Some(kind) = errcat_syntax::code_kind(raw.code) else {
            return None;
        };
        if raw.pieces.len() != raw.slots.len() + 1 || raw.args.len() != raw.slots.len() {
            return None;
        }
        let mut index = 0;
        while index < raw.slots.len() {
            if raw.slots[index] >= raw.fields.len() {
                return None;
            }
            index += 1;
        }
        let mut pieces_len = 0;
        let mut index = 0;
        while index < raw.pieces.len() {
            pieces_len += raw.pieces[index].len();
            index += 1;
        }
        Some(ErrorDef {
            warning: kind.warning,
            internal: kind.internal,
            pieces_len,
            #[cfg(feature = "miette")]
            possible_cause: PossibleCause::new(raw.cause),
            raw,
        })
    }

    /// A definition the macros have checked, with what [`__new`](Self::__new)
    /// works out from the parts (the code's kind, the pieces' length) worked
    /// out by them: the static of each `#[error_code]` and catalog entry is
    /// built with it. The compiler evaluates every such static, and parsing
    /// the code and walking the slices a thousand times was a tenth of a
    /// thousand definitions' `cargo check`; the counts are still compared, at
    /// no cost, so that parts which disagree fail the build, here.
    #[doc(hidden)]
    pub const fn __compiled(raw: RawDef, pieces_len: usize, warning: bool, internal: bool) -> Self {
        if raw.pieces.len() != raw.slots.len() + 1 || raw.args.len() != raw.slots.len() {
            panic!("errcode: the parts of a definition disagree");
        }
        ErrorDef {
            warning,
            internal,
            pieces_len,
            #[cfg(feature = "miette")]
            possible_cause: PossibleCause::new(raw.cause),
            raw,
        }
    }

    /// The code, such as `"EK0201"`.
    pub fn code(&self) -> &'static str {
        self.raw.code
    }

    /// The title, such as `"Resource_Error_Insufficient_Host_Memory"`.
    pub fn title(&self) -> Option<&'static str> {
        self.raw.title
    }

    /// The class, such as `"Profiling Errors"`.
    pub fn class(&self) -> Option<&'static str> {
        self.raw.class
    }

    /// The message template as written, with its `%s` placeholders.
    pub fn message(&self) -> &'static str {
        self.raw.message
    }

    /// The arglist: the name that fills each `%s`, in order. A name may appear
    /// more than once when one value fills several placeholders.
    pub fn args(&self) -> &'static [&'static str] {
        self.raw.args
    }

    /// The distinct argument names, in order of their first use in [`args`](Self::args):
    /// the values a report supplies.
    pub fn fields(&self) -> &'static [&'static str] {
        self.raw.fields
    }

    /// The possible cause, if the catalog gives one.
    pub fn cause(&self) -> Option<&'static str> {
        self.raw.cause
    }

    /// The solution, if the catalog gives one.
    pub fn solution(&self) -> Option<&'static str> {
        self.raw.solution
    }

    /// Where the definition was written.
    pub fn location(&self) -> SourceLocation {
        self.raw.location
    }

    /// Whether the code is a warning (it starts with `W`).
    pub fn is_warning(&self) -> bool {
        self.warning
    }

    /// Whether the code is an internal (`xx9999`) or parameter-check (`xx8888`) error.
    pub fn is_internal(&self) -> bool {
        self.internal
    }

    pub(crate) fn pieces(&self) -> &'static [&'static str] {
        self.raw.pieces
    }

    pub(crate) fn slots(&self) -> &'static [usize] {
        self.raw.slots
    }

    /// The length of the message whose values (one per field) are
    /// `values_len` bytes together, when each field fills one placeholder.
    pub(crate) fn message_len(&self, values_len: usize) -> Option<usize> {
        // Each field fills one placeholder when there are as many
        // placeholders as fields (every field fills at least one).
        (self.raw.slots.len() == self.raw.fields.len()).then(|| self.pieces_len + values_len)
    }

    /// The bytes of the template's literal text, placeholders left out.
    pub(crate) fn pieces_len(&self) -> usize {
        self.pieces_len
    }

    /// Writes the filled-in message: each piece, then the value of the
    /// field its placeholder names, written by `write_field`.
    #[inline]
    pub(crate) fn write_filled<W: fmt::Write + ?Sized>(
        &self,
        out: &mut W,
        mut write_field: impl FnMut(usize, &mut W) -> fmt::Result,
    ) -> fmt::Result {
        let slots = self.slots();
        for (i, piece) in self.pieces().iter().enumerate() {
            out.write_str(piece)?;
            if let Some(&field) = slots.get(i) {
                write_field(field, out)?;
            }
        }
        Ok(())
    }
}
