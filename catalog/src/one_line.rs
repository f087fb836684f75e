//! Text kept on its line where a line break or a control character would
//! change what a reader sees: a line of a terminal's output, a comment of
//! generated code. One rule for every place that shows a catalog's or a
//! source's text inside a line.

use std::borrow::Cow;

/// `text` with each character that would end its line or change how the
/// line shows written as an escape: `\n`, `\r`, `\t`, other control
/// characters, and the Unicode line and paragraph separators and
/// bidirectional controls as `\u{...}`. Everything else is as it is.
///
/// ```
/// use errcat_catalog::escape_controls;
/// assert_eq!(escape_controls("a\nb\x1b[2J"), "a\\nb\\u{1b}[2J");
/// assert_eq!(escape_controls("abc\u{202e}d"), "abc\\u{202e}d");
/// assert_eq!(escape_controls("plain"), "plain");
/// ```
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(breaks_a_line) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for character in text.chars() {
        match character {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            other if breaks_a_line(other) => {
                out.push_str(&format!("\\u{{{:x}}}", u32::from(other)));
            }
            other => out.push(other),
        }
    }
    Cow::Owned(out)
}

/// A control character, or one that breaks a line or reorders text where
/// it is shown.
pub(crate) fn breaks_a_line(character: char) -> bool {
    character.is_control() || is_layout_control(character)
}

/// The bidirectional controls and the line and paragraph separators.
pub(crate) fn is_layout_control(character: char) -> bool {
    matches!(
        character,
        '\u{200e}'
            | '\u{200f}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}'
            | '\u{feff}'
    )
}
