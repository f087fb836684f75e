//! A strict JSON reader (RFC 8259) that remembers where every value and key
//! starts, so that each defect of a catalog can be reported at its line.
//!
//! General-purpose JSON crates drop positions once a value is parsed; the
//! catalog needs them for every field, and this reader is small enough that
//! the proc macro can use it without making every user compile a JSON crate.

use crate::position::Position;

/// How deeply arrays and objects may nest: deeper input is rejected rather
/// than risking the reader's stack.
const MAX_DEPTH: usize = 128;

/// A JSON value and where it starts.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Node {
    pub(crate) position: Position,
    pub(crate) value: Value,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    Null,
    Bool(bool),
    Number,
    String(String),
    Array(Vec<Node>),
    /// Members in the order written; a key may repeat, for the reader of the
    /// catalog to report.
    Object(Vec<Member>),
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Member {
    pub(crate) key: String,
    pub(crate) key_position: Position,
    pub(crate) value: Node,
}

impl Value {
    /// What kind of value this is, for messages: "a string", "an array".
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Number => "a number",
            Value::String(_) => "a string",
            Value::Array(_) => "an array",
            Value::Object(_) => "an object",
        }
    }
}

/// Why a text is not JSON, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    /// Where the reader stopped.
    pub(crate) position: Position,
    /// What it expected or found there.
    pub(crate) message: String,
}

/// Reads a whole JSON text.
pub(crate) fn parse(text: &str) -> Result<Node, SyntaxError> {
    let mut reader = Reader {
        text,
        bytes: text.as_bytes(),
        offset: 0,
        line: 1,
        column: 1,
    };
    reader.skip_whitespace();
    let node = reader.value(0)?;
    reader.skip_whitespace();
    if reader.offset < reader.bytes.len() {
        return Err(reader.error("unexpected text after the end of the JSON value"));
    }
    Ok(node)
}

struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    offset: usize,
    line: u32,
    column: u32,
}

impl Reader<'_> {
    fn position(&self) -> Position {
        Position {
            line: self.line,
            column: self.column,
        }
    }

    fn error(&self, message: impl Into<String>) -> SyntaxError {
        SyntaxError {
            position: self.position(),
            message: message.into(),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.offset).copied()
    }

    /// The character at the reader, for messages.
    fn current_char(&self) -> Option<char> {
        self.text.get(self.offset..)?.chars().next()
    }

    /// Moves past one byte; columns count characters, so UTF-8 continuation
    /// bytes do not move the column.
    fn bump(&mut self) {
        let Some(&byte) = self.bytes.get(self.offset) else {
            return;
        };
        self.offset += 1;
        if byte == b'\n' {
            self.line += 1;
            self.column = 1;
        } else if byte & 0xC0 != 0x80 {
            self.column += 1;
        }
    }

    fn skip_whitespace(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.bump();
        }
    }

    fn unexpected(&self, expected: &str) -> SyntaxError {
        match self.current_char() {
            Some(found) => self.error(format!("expected {expected}, found {found:?}")),
            None => self.error(format!("expected {expected}, found the end of the text")),
        }
    }

    fn value(&mut self, depth: usize) -> Result<Node, SyntaxError> {
        let position = self.position();
        let value = match self.peek() {
            Some(b'{') => self.object(depth)?,
            Some(b'[') => self.array(depth)?,
            Some(b'"') => Value::String(self.string()?),
            Some(b'-' | b'0'..=b'9') => self.number()?,
            Some(b't') => self.literal("true", Value::Bool(true))?,
            Some(b'f') => self.literal("false", Value::Bool(false))?,
            Some(b'n') => self.literal("null", Value::Null)?,
            _ => return Err(self.unexpected("a value")),
        };
        Ok(Node { position, value })
    }

    fn literal(&mut self, word: &str, value: Value) -> Result<Value, SyntaxError> {
        if self.bytes[self.offset..].starts_with(word.as_bytes()) {
            for _ in 0..word.len() {
                self.bump();
            }
            Ok(value)
        } else {
            Err(self.unexpected("a value"))
        }
    }

    fn enter(&self, depth: usize) -> Result<usize, SyntaxError> {
        if depth >= MAX_DEPTH {
            return Err(self.error(format!(
                "arrays and objects nest more than {MAX_DEPTH} levels deep"
            )));
        }
        Ok(depth + 1)
    }

    fn object(&mut self, depth: usize) -> Result<Value, SyntaxError> {
        let depth = self.enter(depth)?;
        self.bump();
        self.skip_whitespace();
        let mut members = Vec::new();
        if self.peek() == Some(b'}') {
            self.bump();
            return Ok(Value::Object(members));
        }
        loop {
            if self.peek() != Some(b'"') {
                return Err(if members.is_empty() {
                    self.unexpected("a key in double quotes or `}`")
                } else {
                    self.unexpected("a key in double quotes (no comma after the last member)")
                });
            }
            let key_position = self.position();
            let key = self.string()?;
            self.skip_whitespace();
            if self.peek() != Some(b':') {
                return Err(self.unexpected("`:` after the key"));
            }
            self.bump();
            self.skip_whitespace();
            let value = self.value(depth)?;
            members.push(Member {
                key,
                key_position,
                value,
            });
            self.skip_whitespace();
            match self.peek() {
                Some(b',') => {
                    self.bump();
                    self.skip_whitespace();
                }
                Some(b'}') => {
                    self.bump();
                    return Ok(Value::Object(members));
                }
                _ => return Err(self.unexpected("`,` or `}` after an object member")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, SyntaxError> {
        let depth = self.enter(depth)?;
        self.bump();
        self.skip_whitespace();
        let mut items = Vec::new();
        if self.peek() == Some(b']') {
            self.bump();
            return Ok(Value::Array(items));
        }
        loop {
            if self.peek() == Some(b']') {
                return Err(
                    self.error("expected a value, found `]` (no comma after the last item)")
                );
            }
            items.push(self.value(depth)?);
            self.skip_whitespace();
            match self.peek() {
                Some(b',') => {
                    self.bump();
                    self.skip_whitespace();
                }
                Some(b']') => {
                    self.bump();
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.unexpected("`,` or `]` after an array item")),
            }
        }
    }

    fn number(&mut self) -> Result<Value, SyntaxError> {
        if self.peek() == Some(b'-') {
            self.bump();
        }
        match self.peek() {
            Some(b'0') => {
                self.bump();
                if let Some(b'0'..=b'9') = self.peek() {
                    return Err(self.error("a number cannot have a leading zero"));
                }
            }
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err(self.unexpected("a digit")),
        }
        if self.peek() == Some(b'.') {
            self.bump();
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return Err(self.unexpected("a digit after the decimal point"));
            }
            self.digits();
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.bump();
            if let Some(b'+' | b'-') = self.peek() {
                self.bump();
            }
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return Err(self.unexpected("a digit in the exponent"));
            }
            self.digits();
        }
        Ok(Value::Number)
    }

    fn digits(&mut self) {
        while let Some(b'0'..=b'9') = self.peek() {
            self.bump();
        }
    }

    fn string(&mut self) -> Result<String, SyntaxError> {
        let start = self.position();
        self.bump();
        let mut out = String::new();
        loop {
            let run_start = self.offset;
            while let Some(byte) = self.peek() {
                if byte == b'"' || byte == b'\\' || byte < 0x20 {
                    break;
                }
                self.bump();
            }
            // The run holds whole characters: it stops only at ASCII bytes.
            out.push_str(&self.text[run_start..self.offset]);
            match self.peek() {
                Some(b'"') => {
                    self.bump();
                    return Ok(out);
                }
                Some(b'\\') => out.push(self.escape()?),
                Some(control) => {
                    return Err(self.error(format!(
                        "the control character U+{control:04X} must be escaped inside a string"
                    )));
                }
                None => {
                    return Err(SyntaxError {
                        position: start,
                        message: "this string is never closed".to_owned(),
                    });
                }
            }
        }
    }

    fn escape(&mut self) -> Result<char, SyntaxError> {
        let position = self.position();
        self.bump();
        let escaped = match self.peek() {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => {
                self.bump();
                return self.unicode_escape(position);
            }
            _ => {
                let found = self
                    .current_char()
                    .map_or_else(|| "the end of the text".to_owned(), |c| format!("{c:?}"));
                return Err(SyntaxError {
                    position,
                    message: format!(
                        "invalid escape: a backslash followed by {found}; the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"
                    ),
                });
            }
        };
        self.bump();
        Ok(escaped)
    }

    /// `\uXXXX`, with a surrogate pair as two escapes in a row.
    fn unicode_escape(&mut self, position: Position) -> Result<char, SyntaxError> {
        let first = self.hex4(position)?;
        let scalar = match first {
            0xD800..=0xDBFF => {
                if !self.bytes[self.offset..].starts_with(b"\\u") {
                    return Err(SyntaxError {
                        position,
                        message: format!(
                            "\\u{first:04X} is half a surrogate pair; the other half must follow as \\uDC00-\\uDFFF"
                        ),
                    });
                }
                self.bump();
                self.bump();
                let second = self.hex4(position)?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err(SyntaxError {
                        position,
                        message: format!(
                            "\\u{first:04X} is followed by \\u{second:04X}, which does not complete a surrogate pair"
                        ),
                    });
                }
                0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            }
            0xDC00..=0xDFFF => {
                return Err(SyntaxError {
                    position,
                    message: format!(
                        "\\u{first:04X} is the second half of a surrogate pair without a first"
                    ),
                });
            }
            other => other,
        };
        char::from_u32(scalar).ok_or_else(|| SyntaxError {
            position,
            message: format!("\\u escape of {scalar:X} is not a character"),
        })
    }

    fn hex4(&mut self, position: Position) -> Result<u32, SyntaxError> {
        let mut value = 0;
        for _ in 0..4 {
            let digit = self
                .peek()
                .and_then(|byte| (byte as char).to_digit(16))
                .ok_or_else(|| SyntaxError {
                    position,
                    message: "a \\u escape needs four hexadecimal digits".to_owned(),
                })?;
            value = value * 16 + digit;
            self.bump();
        }
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: u32, column: u32) -> Position {
        Position { line, column }
    }

    fn error(text: &str) -> (Position, String) {
        let error = parse(text).unwrap_err();
        (error.position, error.message)
    }

    #[test]
    fn reads_values_with_their_positions() {
        let node = parse(
            "{\n  \"a\": [1, -2.5e3, true, null],\n  \"é\": \"x\\n\\u00e9\\ud83d\\ude00\"\n}",
        )
        .unwrap();
        assert_eq!(node.position, at(1, 1));
        let Value::Object(members) = node.value else {
            panic!("not an object")
        };
        assert_eq!(members[0].key, "a");
        assert_eq!(members[0].key_position, at(2, 3));
        assert_eq!(members[0].value.position, at(2, 8));
        let Value::Array(items) = &members[0].value.value else {
            panic!("not an array")
        };
        assert_eq!(
            items.iter().map(|item| item.position).collect::<Vec<_>>(),
            [at(2, 9), at(2, 12), at(2, 20), at(2, 26)]
        );
        assert_eq!(members[1].key, "é");
        // Columns count characters: `é` is two bytes, one column.
        assert_eq!(members[1].value.position, at(3, 8));
        assert_eq!(members[1].value.value, Value::String("x\né😀".to_owned()));
    }

    #[test]
    fn names_what_is_wrong_and_where() {
        assert_eq!(
            error("{\"a\": 1,}"),
            (
                at(1, 9),
                "expected a key in double quotes (no comma after the last member), found '}'"
                    .to_owned()
            )
        );
        assert_eq!(
            error("[1,]"),
            (
                at(1, 4),
                "expected a value, found `]` (no comma after the last item)".to_owned()
            )
        );
        assert_eq!(
            error("{\n  \"a\" 1}"),
            (at(2, 7), "expected `:` after the key, found '1'".to_owned())
        );
        assert_eq!(
            error("{\"a\": \"b\n\"}"),
            (
                at(1, 9),
                "the control character U+000A must be escaped inside a string".to_owned()
            )
        );
        assert_eq!(
            error("\n  \"abc"),
            (at(2, 3), "this string is never closed".to_owned())
        );
        assert_eq!(
            error("\"\\x\""),
            (
                at(1, 2),
                "invalid escape: a backslash followed by 'x'; the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"
                    .to_owned()
            )
        );
        assert_eq!(
            error("\"\\ud800\""),
            (
                at(1, 2),
                "\\uD800 is half a surrogate pair; the other half must follow as \\uDC00-\\uDFFF"
                    .to_owned()
            )
        );
        assert_eq!(
            error("01"),
            (at(1, 2), "a number cannot have a leading zero".to_owned())
        );
        assert_eq!(
            error("{} x"),
            (
                at(1, 4),
                "unexpected text after the end of the JSON value".to_owned()
            )
        );
        assert_eq!(
            error(""),
            (
                at(1, 1),
                "expected a value, found the end of the text".to_owned()
            )
        );
        assert_eq!(
            error("[tru]"),
            (at(1, 2), "expected a value, found 't'".to_owned())
        );
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let deep = "[".repeat(100_000);
        assert_eq!(
            error(&deep),
            (
                at(1, 129),
                "arrays and objects nest more than 128 levels deep".to_owned()
            )
        );
        let fine = format!("{}{}", "[".repeat(128), "]".repeat(128));
        assert!(parse(&fine).is_ok());
    }
}
