//! Rust text as tokens, read as rustc's lexer reads it: comments dropped
//! (doc comments kept), string, character and raw literals whole, nested
//! block comments, brackets matched. One pass, in memory bounded by
//! [`MAX_DEPTH`](super::MAX_DEPTH) open brackets whatever the file, and
//! each token told with its line and column.

use std::ops::Range;

use super::{MAX_DEPTH, Position};

/// A bracket pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Delim {
    Paren,
    Bracket,
    Brace,
}

impl Delim {
    fn open(self) -> char {
        match self {
            Delim::Paren => '(',
            Delim::Bracket => '[',
            Delim::Brace => '{',
        }
    }

    fn close(self) -> char {
        match self {
            Delim::Paren => ')',
            Delim::Bracket => ']',
            Delim::Brace => '}',
        }
    }
}

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// A name or keyword, raw ones (`r#type`) included.
    Ident,
    /// `'a`.
    Lifetime,
    /// A string literal `syn` reads as a `LitStr`: `"..."` or `r#"..."#`.
    Str,
    /// Any other literal: a number, a character, a byte or C string.
    Literal,
    /// A punctuation character; `joint` when another follows it at once
    /// (`->` is `-` joint, then `>`).
    Punct {
        ch: u8,
        joint: bool,
    },
    Open(Delim),
    Close(Delim),
    /// An outer doc comment (`///`, `/** */`); its span is the comment's
    /// text.
    Doc,
}

/// A token, its bytes in the text and where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Token {
    pub(super) kind: Kind,
    pub(super) span: Range<usize>,
    pub(super) at: Position,
}

impl Token {
    pub(super) fn is_punct(&self, ch: u8) -> bool {
        matches!(self.kind, Kind::Punct { ch: c, .. } if c == ch)
    }
}

/// Text that is no Rust: where and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct LexError {
    pub(super) at: Position,
    pub(super) message: String,
}

const PUNCT: &[u8] = b"~!@#$%^&*-=+|;:,<.>/?";

/// The lexer: [`next`](Lexer::next) gives the tokens one by one.
pub(super) struct Lexer<'t> {
    text: &'t str,
    bytes: &'t [u8],
    index: usize,
    line: u32,
    /// Characters since the line's start.
    column: u32,
    /// The open brackets, innermost last, up to [`MAX_DEPTH`] + 1 of them;
    /// deeper ones are only counted (what is inside them is not read).
    open: Vec<(Delim, Position)>,
    depth: usize,
}

impl<'t> Lexer<'t> {
    pub(super) fn new(text: &'t str) -> Lexer<'t> {
        let mut lexer = Lexer {
            text,
            bytes: text.as_bytes(),
            index: 0,
            line: 1,
            column: 0,
            open: Vec::new(),
            depth: 0,
        };
        if text.starts_with('\u{feff}') {
            lexer.index = 3;
            lexer.column = 1;
        }
        // `#!` starting the file, not as `#![`, is a shebang line.
        let rest = &text[lexer.index..];
        if let Some(after) = rest.strip_prefix("#!")
            && !after.trim_start().starts_with('[')
        {
            let end = rest.find('\n').unwrap_or(rest.len());
            lexer.advance_to(lexer.index + end);
        }
        lexer
    }

    /// How deep brackets are open here.
    pub(super) fn depth(&self) -> usize {
        self.depth
    }

    /// Where the lexer is.
    pub(super) fn here(&self) -> Position {
        Position {
            line: self.line,
            column: self.column + 1,
        }
    }

    /// The byte offset the lexer is at.
    pub(super) fn offset(&self) -> usize {
        self.index
    }

    fn peek(&self, ahead: usize) -> Option<u8> {
        self.bytes.get(self.index + ahead).copied()
    }

    /// Moves to byte `end` (a character boundary), counting lines and
    /// characters on the way.
    fn advance_to(&mut self, end: usize) {
        let end = end.min(self.bytes.len());
        let passed = &self.bytes[self.index..end];
        match memchr_last_newline(passed) {
            Some(last) => {
                self.line += passed.iter().filter(|&&byte| byte == b'\n').count() as u32;
                self.column = count_chars(&passed[last + 1..]);
            }
            None => self.column += count_chars(passed),
        }
        self.index = end;
    }

    fn error(&self, at: Position, message: impl Into<String>) -> LexError {
        LexError {
            at,
            message: message.into(),
        }
    }

    /// The next token, `None` at the end of the text.
    pub(super) fn next(&mut self) -> Result<Option<Token>, LexError> {
        loop {
            self.skip_whitespace();
            let Some(byte) = self.peek(0) else {
                return match self.open.last() {
                    Some((delim, at)) => {
                        Err(self.error(*at, format!("this `{}` is never closed", delim.open())))
                    }
                    None => Ok(None),
                };
            };
            let start = self.index;
            let at = self.here();
            let kind = match byte {
                b'/' if self.peek(1) == Some(b'/') => {
                    let end = self.text[start..]
                        .find('\n')
                        .map_or(self.bytes.len(), |offset| start + offset);
                    let comment = &self.bytes[start..end];
                    self.advance_to(end);
                    // `///` is a doc comment, `////` is not.
                    if comment.starts_with(b"///") && !comment.starts_with(b"////") {
                        return Ok(Some(Token {
                            kind: Kind::Doc,
                            span: start + 3..end,
                            at,
                        }));
                    }
                    continue;
                }
                b'/' if self.peek(1) == Some(b'*') => {
                    let end = self.block_comment_end(start, at)?;
                    self.advance_to(end);
                    let comment = &self.bytes[start..end];
                    let doc = comment.starts_with(b"/**")
                        && !comment.starts_with(b"/***")
                        && comment.len() > 4;
                    if doc {
                        return Ok(Some(Token {
                            kind: Kind::Doc,
                            span: start + 3..end - 2,
                            at,
                        }));
                    }
                    continue;
                }
                b'"' => {
                    self.quoted(start + 1, b'"', at, "string")?;
                    Kind::Str
                }
                b'r' if matches!(self.peek(1), Some(b'"' | b'#')) => {
                    match self.raw(start + 1, at)? {
                        Some(()) => Kind::Str,
                        None => {
                            // `r#name`, a raw identifier.
                            self.advance_to(start + 2);
                            self.ident_rest();
                            Kind::Ident
                        }
                    }
                }
                b'b' | b'c' if self.peek(1) == Some(b'"') => {
                    self.quoted(start + 2, b'"', at, "string")?;
                    Kind::Literal
                }
                b'b' if self.peek(1) == Some(b'\'') => {
                    self.quoted(start + 2, b'\'', at, "character")?;
                    Kind::Literal
                }
                b'b' | b'c'
                    if self.peek(1) == Some(b'r') && matches!(self.peek(2), Some(b'"' | b'#')) =>
                {
                    match self.raw(start + 2, at)? {
                        Some(()) => Kind::Literal,
                        None => {
                            self.ident_rest();
                            Kind::Ident
                        }
                    }
                }
                b'\'' => self.quote_or_lifetime(start, at)?,
                b'0'..=b'9' => {
                    self.number();
                    Kind::Literal
                }
                b'(' | b'[' | b'{' => {
                    let delim = match byte {
                        b'(' => Delim::Paren,
                        b'[' => Delim::Bracket,
                        _ => Delim::Brace,
                    };
                    self.advance_to(start + 1);
                    self.depth += 1;
                    if self.open.len() <= MAX_DEPTH {
                        self.open.push((delim, at));
                    }
                    Kind::Open(delim)
                }
                b')' | b']' | b'}' => {
                    let delim = match byte {
                        b')' => Delim::Paren,
                        b']' => Delim::Bracket,
                        _ => Delim::Brace,
                    };
                    if self.depth == 0 {
                        return Err(
                            self.error(at, format!("this `{}` closes no bracket", delim.close()))
                        );
                    }
                    // Deeper than what is kept, brackets are only counted.
                    if self.depth <= self.open.len()
                        && let Some((opened, opened_at)) = self.open.pop()
                        && opened != delim
                    {
                        return Err(self.error(
                            at,
                            format!(
                                "this `{}` does not close the `{}` opened at {}:{}",
                                delim.close(),
                                opened.open(),
                                opened_at.line,
                                opened_at.column
                            ),
                        ));
                    }
                    self.depth -= 1;
                    self.advance_to(start + 1);
                    Kind::Close(delim)
                }
                byte if PUNCT.contains(&byte) => {
                    self.advance_to(start + 1);
                    let joint = self.peek(0).is_some_and(|next| PUNCT.contains(&next));
                    Kind::Punct { ch: byte, joint }
                }
                _ => {
                    let character = self.text[start..].chars().next().unwrap_or_default();
                    if is_ident_start(character) {
                        self.ident_rest();
                        Kind::Ident
                    } else {
                        return Err(self.error(
                            at,
                            format!("a character Rust does not know here: {character:?}"),
                        ));
                    }
                }
            };
            return Ok(Some(Token {
                kind,
                span: start..self.index,
                at,
            }));
        }
    }

    fn skip_whitespace(&mut self) {
        let start = self.index;
        let mut end = start;
        while end < self.bytes.len() {
            let byte = self.bytes[end];
            if byte.is_ascii_whitespace() || byte == 0x0b {
                end += 1;
                continue;
            }
            if byte >= 0x80 {
                let character = self.text[end..].chars().next().unwrap_or_default();
                if is_whitespace(character) {
                    end += character.len_utf8();
                    continue;
                }
            }
            break;
        }
        if end > start {
            self.advance_to(end);
        }
    }

    /// The end of the block comment at `start` (`/*`, nested ones closed).
    fn block_comment_end(&self, start: usize, at: Position) -> Result<usize, LexError> {
        let mut depth = 0usize;
        let mut index = start;
        while index + 1 < self.bytes.len() {
            match (self.bytes[index], self.bytes[index + 1]) {
                (b'/', b'*') => {
                    depth += 1;
                    index += 2;
                }
                (b'*', b'/') => {
                    depth -= 1;
                    index += 2;
                    if depth == 0 {
                        return Ok(index);
                    }
                }
                _ => index += 1,
            }
        }
        Err(self.error(at, "this block comment is never closed"))
    }

    /// A literal quoted by `quote` whose text starts at `from`, escapes
    /// passed over, and its suffix.
    fn quoted(&mut self, from: usize, quote: u8, at: Position, what: &str) -> Result<(), LexError> {
        let mut index = from;
        while index < self.bytes.len() {
            match self.bytes[index] {
                b'\\' => index += 2,
                byte if byte == quote => {
                    self.advance_to(index + 1);
                    self.suffix();
                    return Ok(());
                }
                _ => index += 1,
            }
        }
        Err(self.error(at, format!("this {what} literal is never closed")))
    }

    /// A raw string whose `#`s or `"` start at `from`; `None` when `r#` is
    /// a raw identifier instead.
    fn raw(&mut self, from: usize, at: Position) -> Result<Option<()>, LexError> {
        let hashes = self.bytes[from..]
            .iter()
            .take_while(|&&byte| byte == b'#')
            .count();
        if self.bytes.get(from + hashes) != Some(&b'"') {
            if hashes == 1 {
                return Ok(None);
            }
            return Err(self.error(at, "a raw string's `#`s are not followed by `\"`"));
        }
        let closing: String = std::iter::once('"')
            .chain(std::iter::repeat_n('#', hashes))
            .collect();
        let body = from + hashes + 1;
        match self.text[body..].find(&closing) {
            Some(offset) => {
                self.advance_to(body + offset + closing.len());
                self.suffix();
                Ok(Some(()))
            }
            None => Err(self.error(at, "this raw string is never closed")),
        }
    }

    /// `'x'`, `'\n'` or a lifetime `'a`.
    fn quote_or_lifetime(&mut self, start: usize, at: Position) -> Result<Kind, LexError> {
        let rest = &self.text[start + 1..];
        let mut characters = rest.chars();
        let first = characters.next();
        if first == Some('\\') {
            // An escape is short: `'\u{10FFFF}'` is the longest.
            let close = rest
                .char_indices()
                .skip(2)
                .take(12)
                .find(|&(_, character)| character == '\'' || character == '\n');
            return match close {
                Some((offset, '\'')) => {
                    self.advance_to(start + 1 + offset + 1);
                    self.suffix();
                    Ok(Kind::Literal)
                }
                _ => Err(self.error(at, "this character literal is never closed")),
            };
        }
        let Some(first) = first else {
            return Err(self.error(at, "a `'` that starts nothing"));
        };
        if characters.next() == Some('\'') {
            self.advance_to(start + 1 + first.len_utf8() + 1);
            self.suffix();
            return Ok(Kind::Literal);
        }
        if is_ident_start(first) || (first == 'r' && rest[1..].starts_with('#')) {
            self.advance_to(start + 1);
            if self.text[self.index..].starts_with("r#") {
                self.advance_to(self.index + 2);
            }
            self.ident_rest();
            return Ok(Kind::Lifetime);
        }
        Err(self.error(at, "a `'` that starts nothing"))
    }

    fn number(&mut self) {
        let start = self.index;
        let mut index = start;
        let hex = self.bytes[start..].starts_with(b"0x") || self.bytes[start..].starts_with(b"0X");
        while index < self.bytes.len() {
            let byte = self.bytes[index];
            let part = byte.is_ascii_alphanumeric()
                || byte == b'_'
                // `1.5`, but not `1..2` or `x.0.1`'s second dot.
                || (byte == b'.'
                    && self.bytes.get(index + 1).is_some_and(u8::is_ascii_digit)
                    && !self.bytes[start..index].contains(&b'.'))
                // `1e-5`.
                || (matches!(byte, b'+' | b'-')
                    && !hex
                    && matches!(self.bytes[index - 1], b'e' | b'E')
                    && self.bytes.get(index + 1).is_some_and(u8::is_ascii_digit));
            if !part {
                break;
            }
            index += 1;
        }
        self.advance_to(index);
    }

    /// The characters of a name after its first.
    fn ident_rest(&mut self) {
        let start = self.index;
        let length: usize = self.text[start..]
            .chars()
            .enumerate()
            .take_while(|&(index, character)| {
                if index == 0 {
                    is_ident_start(character) || unicode_ident::is_xid_continue(character)
                } else {
                    unicode_ident::is_xid_continue(character)
                }
            })
            .map(|(_, character)| character.len_utf8())
            .sum();
        self.advance_to(start + length);
    }

    /// A literal's suffix (`"a"suffix`, `1u8`): a name right after it.
    fn suffix(&mut self) {
        if self.text[self.index..]
            .chars()
            .next()
            .is_some_and(is_ident_start)
        {
            self.ident_rest();
        }
    }
}

fn is_ident_start(character: char) -> bool {
    character == '_' || unicode_ident::is_xid_start(character)
}

/// Rust's whitespace (`Pattern_White_Space`).
fn is_whitespace(character: char) -> bool {
    matches!(
        character,
        '\t' | '\n'
            | '\u{b}'
            | '\u{c}'
            | '\r'
            | ' '
            | '\u{85}'
            | '\u{200e}'
            | '\u{200f}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

fn memchr_last_newline(bytes: &[u8]) -> Option<usize> {
    bytes.iter().rposition(|&byte| byte == b'\n')
}

/// Characters in `bytes` (UTF-8): the bytes that start one.
fn count_chars(bytes: &[u8]) -> u32 {
    bytes.iter().filter(|&&byte| byte & 0xc0 != 0x80).count() as u32
}
