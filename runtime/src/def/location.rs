//! Where a definition or a report was written in the source.

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
