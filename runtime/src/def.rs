use core::fmt;

/// Where something was written in the source: a definition, or a report site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SourceLocation {
    /// The file, as `file!()` names it.
    pub file: &'static str,
    /// The 1-based line.
    pub line: u32,
    /// The 1-based column.
    pub column: u32,
}

impl SourceLocation {
    /// A location from its parts.
    pub const fn new(file: &'static str, line: u32, column: u32) -> Self {
        SourceLocation { file, line, column }
    }

    /// The location of the caller of a `#[track_caller]` function.
    #[track_caller]
    pub fn caller() -> Self {
        let location = core::panic::Location::caller();
        SourceLocation::new(location.file(), location.line(), location.column())
    }
}

impl fmt::Display for SourceLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

/// One error code's definition: everything the catalog says about it.
///
/// Definitions are made at compile time by `#[error_code]` and
/// `include_catalog!`, or at run time by registering a catalog, and found
/// through [`registry()`](crate::registry) or from a value with
/// `ErrorCode::definition`. The template is split into literal pieces
/// when the definition is made, so reporting never parses it.
#[derive(Debug)]
pub struct ErrorDef {
    raw: RawDef,
    warning: bool,
    internal: bool,
    /// The possible cause as a `miette` diagnostic, which the diagnostics of
    /// the definition's values hand out by reference.
    #[cfg(feature = "miette")]
    pub(crate) possible_cause: crate::integrations::miette::PossibleCause,
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
        let Some(kind) = errcode_syntax::code_kind(raw.code) else {
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
        Some(ErrorDef {
            warning: kind.warning,
            internal: kind.internal,
            #[cfg(feature = "miette")]
            possible_cause: crate::integrations::miette::PossibleCause::new(raw.cause),
            raw,
        })
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

    /// Writes the filled-in message: each piece, then the value of the
    /// field its placeholder names, written by `write_field`.
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

/// What generated code implements for each definition; `errcode::ErrorCode`
/// comes with it.
#[doc(hidden)]
pub trait Defined {
    /// The definition this value's type was compiled with. A transparent
    /// variant has none of its own: every caller asks
    /// [`transparent`](Self::transparent) first.
    fn compiled_definition(&self) -> &'static ErrorDef;

    /// Writes the value of the argument `compiled_definition().fields()[index]`;
    /// an index out of range writes nothing.
    fn write_arg(&self, index: usize, out: &mut dyn fmt::Write) -> fmt::Result;

    /// For a transparent variant (`#[error_code(transparent)]`), the error it
    /// wraps, whose definition, if it has one, is this value's.
    fn transparent(&self) -> Option<&(dyn std::error::Error + 'static)> {
        None
    }
}

/// The value whose definition `value` carries: `value` itself, or for a
/// transparent variant the definition's value the wrapped error is or
/// holds in its `source()` chain; `None` when it holds none.
pub(crate) fn coded(value: &dyn Defined) -> Option<&dyn Defined> {
    match value.transparent() {
        None => Some(value),
        Some(wrapped) => crate::registry::defined_in(wrapped),
    }
}

/// `ErrorCode::try_definition`: the definition in force of the code `value`
/// carries.
#[doc(hidden)]
pub fn definition_in_force(value: &dyn Defined) -> Option<&'static ErrorDef> {
    coded(value).map(|coded| crate::registry::in_force(coded.compiled_definition()))
}

/// The `Display` of a definition: its filled-in message, and with `{:#}`
/// the code before it (`EK0201: ...`), with the texts in force.
#[doc(hidden)]
pub fn fmt_display(value: &dyn Defined, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let compiled = value.compiled_definition();
    let def = crate::registry::in_force(compiled);
    if f.alternate() {
        f.write_str(def.code())?;
        f.write_str(": ")?;
    }
    let map = FieldMap::new(compiled, def);
    def.write_filled(f, |field, out| value.write_arg(map.compiled(field), out))
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
