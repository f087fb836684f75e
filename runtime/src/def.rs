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
/// Definitions are made at compile time by `#[error_code]` and found at run
/// time through [`registry()`](crate::registry). The template is split into
/// literal pieces when the definition is compiled, so reporting never parses it.
#[derive(Debug)]
pub struct ErrorDef {
    raw: RawDef,
}

/// The parts of an [`ErrorDef`], as generated code writes them.
#[doc(hidden)]
#[derive(Debug)]
pub struct RawDef {
    pub code: &'static str,
    pub warning: bool,
    pub internal: bool,
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
    #[doc(hidden)]
    pub const fn __from_raw(raw: RawDef) -> Self {
        ErrorDef { raw }
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
        self.raw.warning
    }

    /// Whether the code is an internal (`xx9999`) or parameter-check (`xx8888`) error.
    pub fn is_internal(&self) -> bool {
        self.raw.internal
    }

    pub(crate) fn pieces(&self) -> &'static [&'static str] {
        self.raw.pieces
    }

    pub(crate) fn slots(&self) -> &'static [usize] {
        self.raw.slots
    }
}

/// Implemented by every `#[error_code]` struct: ties the type to its
/// definition and lets the runtime read its argument values.
pub trait ErrorCode: fmt::Display {
    /// The definition.
    const DEF: &'static ErrorDef;

    /// Writes the value of the argument `DEF.fields()[index]`.
    ///
    /// An index out of range writes nothing.
    fn write_arg(&self, index: usize, out: &mut dyn fmt::Write) -> fmt::Result;
}

/// The `Display` of an `#[error_code]` struct: its filled-in message.
#[doc(hidden)]
pub fn write_message<E: ErrorCode + ?Sized>(error: &E, out: &mut dyn fmt::Write) -> fmt::Result {
    let def = E::DEF;
    for (i, piece) in def.pieces().iter().enumerate() {
        out.write_str(piece)?;
        if let Some(&field) = def.slots().get(i) {
            error.write_arg(field, out)?;
        }
    }
    Ok(())
}

/// The `Debug` of an `#[error_code]` struct that does not derive it: the
/// struct's name and each argument's `Display` text.
#[doc(hidden)]
pub fn debug_error<E: ErrorCode + ?Sized>(
    error: &E,
    name: &str,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    struct Arg<'a, E: ?Sized>(&'a E, usize);
    impl<E: ErrorCode + ?Sized> fmt::Debug for Arg<'_, E> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.write_arg(self.1, f)
        }
    }
    let mut debug = f.debug_struct(name);
    for (index, field) in E::DEF.fields().iter().enumerate() {
        debug.field(field, &Arg(error, index));
    }
    debug.finish()
}
