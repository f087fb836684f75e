/// A place in a catalog's or a source's text: 1-based line and column (columns count
/// characters). Entries that were not read from a text are at line 0.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub struct Position {
    /// The 1-based line.
    pub line: u32,
    /// The 1-based column, in characters.
    pub column: u32,
}

impl Position {
    /// The place at `line` and `column`, both 1-based.
    pub fn new(line: u32, column: u32) -> Position {
        Position { line, column }
    }
}
