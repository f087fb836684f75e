//! C and C++ text as tokens, read as a compiler's first phases read it:
//! line continuations followed, comments dropped (an `errcode: allow(...)`
//! comment kept aside), `\n`, `\r\n` and a lone `\r` each ending a line,
//! and preprocessor directives marked. Code that `#if 0` (or the `#else` of
//! `#if 1`) leaves out is not given out.
//!
//! The lexer works on the file's bytes as they are, one pass, in constant
//! memory beyond the token at hand: a file in another encoding keeps its
//! ASCII (codes, keys) intact, and no input makes it slower than linear.

use crate::position::Position;

/// What a token is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Tok {
    /// A name, keyword or macro; its text is [`Token::text`].
    Ident,
    /// A string literal (any prefix, raw ones included), escapes decoded.
    Str(String),
    /// A number, its text in [`Token::text`] (`#if 0` is read by it).
    Number,
    /// A character literal.
    Char,
    /// Any other character.
    Punct(u8),
    /// The `#` that starts a directive.
    Directive,
    /// The end of a directive's logical line.
    DirectiveEnd,
}

/// A token and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Token {
    pub(super) tok: Tok,
    /// Its bytes in the file, `start..end`.
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) at: Position,
}

/// A warning about the text itself: something that hides the rest of the
/// file from the reader, as it does from the compiler.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Unclosed {
    /// `#if 0` (or `#else` of `#if 1`) without its `#endif`.
    Conditional(Position),
    RawString(Position),
    Comment(Position),
}

/// An `errcode: allow(kind, ...)` comment: the line it ends on and the
/// kinds it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct AllowComment {
    pub(super) line: u32,
    pub(super) at: Position,
    pub(super) kinds: Vec<String>,
}

/// The marker of an allow comment.
pub(crate) const ALLOW_MARKER: &str = "errcode: allow(";

/// The kinds of findings an allow comment's text accepts, when it holds
/// one: `// errcode: allow(keys-differ, value-count)`.
///
/// ```
/// use errcat_catalog::c_source::allowed_kinds;
/// assert_eq!(
///     allowed_kinds("// errcode: allow(keys-differ, value-count) for a negative test"),
///     Some(vec!["keys-differ".to_owned(), "value-count".to_owned()])
/// );
/// assert_eq!(allowed_kinds("// nothing here"), None);
/// ```
pub fn allowed_kinds(comment: &str) -> Option<Vec<String>> {
    let (_, rest) = comment.split_once(ALLOW_MARKER)?;
    let (inside, _) = rest.split_once(')')?;
    Some(
        inside
            .split(',')
            .map(|kind| kind.trim().to_owned())
            .filter(|kind| !kind.is_empty())
            .collect(),
    )
}

/// The raw lexer: tokens of code and of directives, nothing skipped.
struct Raw<'a> {
    bytes: &'a [u8],
    index: usize,
    line: u32,
    column: u32,
    /// No token yet on this logical line: a `#` here starts a directive.
    line_start: bool,
    /// Inside a directive, whose line end is a token.
    in_directive: bool,
    allows: Vec<AllowComment>,
    unclosed: Vec<Unclosed>,
}

/// Bytes as text: moved when they are UTF-8 (most are), else each
/// invalid sequence a U+FFFD.
fn into_text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
}

fn is_ident_byte(byte: u8) -> bool {
    // Bytes of multi-byte UTF-8 characters count as letters, as compilers
    // accept them in names.
    byte == b'_' || byte.is_ascii_alphanumeric() || byte >= 0x80
}

impl<'a> Raw<'a> {
    /// The byte at `index`, past any line continuations (`\` then a line end).
    fn skip_splices(&self, mut index: usize) -> usize {
        while self.bytes.get(index) == Some(&b'\\') {
            match (self.bytes.get(index + 1), self.bytes.get(index + 2)) {
                (Some(b'\r'), Some(b'\n')) => index += 3,
                (Some(b'\n' | b'\r'), _) => index += 2,
                _ => break,
            }
        }
        index
    }

    fn peek_at(&self, ahead: usize) -> Option<u8> {
        let mut index = self.skip_splices(self.index);
        for _ in 0..ahead {
            index = self.skip_splices(index + 1);
        }
        self.bytes.get(index).copied()
    }

    fn peek(&self) -> Option<u8> {
        self.peek_at(0)
    }

    /// Moves past one byte as it is written (a continuation is two or three).
    fn step(&mut self) -> Option<u8> {
        let byte = *self.bytes.get(self.index)?;
        self.index += 1;
        match byte {
            b'\n' => self.new_line(),
            b'\r' if self.bytes.get(self.index) != Some(&b'\n') => self.new_line(),
            b'\r' => {}
            // A UTF-8 continuation byte is part of the character before.
            0x80..=0xbf => {}
            _ => self.column += 1,
        }
        Some(byte)
    }

    /// Moves to `end`, as many [`step`](Self::step)s would, with no
    /// continuation to look for: lines and columns counted in one loop.
    fn advance_to(&mut self, end: usize) {
        let passed = &self.bytes[self.index..end];
        for (offset, &byte) in passed.iter().enumerate() {
            match byte {
                b'\n' => self.new_line(),
                b'\r' if self.bytes.get(self.index + offset + 1) != Some(&b'\n') => self.new_line(),
                b'\r' | 0x80..=0xbf => {}
                _ => self.column += 1,
            }
        }
        self.index = end;
    }

    fn new_line(&mut self) {
        self.line = self.line.saturating_add(1);
        self.column = 1;
    }

    /// The next byte, line continuations skipped.
    fn bump(&mut self) -> Option<u8> {
        let next = self.skip_splices(self.index);
        while self.index < next {
            self.step();
        }
        self.step()
    }

    /// Where the next byte is, continuations skipped.
    fn position(&mut self) -> Position {
        let next = self.skip_splices(self.index);
        while self.index < next {
            self.step();
        }
        Position::new(self.line, self.column)
    }

    fn at_line_end(byte: u8) -> bool {
        byte == b'\n' || byte == b'\r'
    }

    fn line_comment(&mut self, at: Position) {
        let start = self.index;
        // The comment runs to a line end that no `\` continues.
        let mut from = self.index;
        let end = loop {
            let Some(offset) = memchr::memchr2(b'\n', b'\r', &self.bytes[from..]) else {
                break self.bytes.len();
            };
            let line_end = from + offset;
            if line_end == 0 || self.bytes[line_end - 1] != b'\\' {
                break line_end;
            }
            from = line_end + 1 + usize::from(self.bytes[line_end..].starts_with(b"\r\n"));
        };
        self.advance_to(end);
        self.note_allow(start, at);
    }

    fn block_comment(&mut self, at: Position) {
        let start = self.index;
        self.bump();
        self.bump();
        // The comment ends at the first `*` followed by `/`, continuations
        // between the two skipped.
        let mut from = self.index;
        let end = loop {
            let Some(offset) = memchr::memchr(b'*', &self.bytes[from..]) else {
                self.unclosed.push(Unclosed::Comment(at));
                break self.bytes.len();
            };
            let star = from + offset;
            let after = self.skip_splices(star + 1);
            if self.bytes.get(after) == Some(&b'/') {
                break after + 1;
            }
            from = star + 1;
        };
        self.advance_to(end);
        self.note_allow(start, at);
    }

    /// Keeps the comment at `start..` when it is an allow comment.
    fn note_allow(&mut self, start: usize, at: Position) {
        let comment = &self.bytes[start..self.index];
        // Cheap first: most comments are not allow comments.
        if !comment
            .windows(ALLOW_MARKER.len())
            .any(|window| window == ALLOW_MARKER.as_bytes())
        {
            return;
        }
        if let Some(kinds) = allowed_kinds(&String::from_utf8_lossy(comment)) {
            self.allows.push(AllowComment {
                line: self.line,
                at,
                kinds,
            });
        }
    }

    fn next(&mut self) -> Option<Token> {
        loop {
            let byte = match self.peek() {
                Some(byte) => byte,
                None if self.in_directive => {
                    self.in_directive = false;
                    let at = self.position();
                    return Some(self.token(Tok::DirectiveEnd, self.index, at));
                }
                None => return None,
            };
            if Self::at_line_end(byte) {
                let at = self.position();
                let start = self.index;
                self.bump();
                self.line_start = true;
                if self.in_directive {
                    self.in_directive = false;
                    return Some(self.token(Tok::DirectiveEnd, start, at));
                }
                continue;
            }
            if byte.is_ascii_whitespace() {
                // Spaces and tabs at once, up to a line end or a `\`.
                let run = self.bytes[self.index..]
                    .iter()
                    .take_while(|&&byte| byte.is_ascii_whitespace() && !Self::at_line_end(byte))
                    .count();
                if run == 0 {
                    self.bump();
                } else {
                    self.advance_to(self.index + run);
                }
                continue;
            }
            let at = self.position();
            let start = self.index;
            if byte == b'/' && self.peek_at(1) == Some(b'/') {
                self.line_comment(at);
                continue;
            }
            if byte == b'/' && self.peek_at(1) == Some(b'*') {
                self.block_comment(at);
                continue;
            }
            let line_start = std::mem::replace(&mut self.line_start, false);
            if byte == b'#' && line_start && !self.in_directive {
                self.bump();
                self.in_directive = true;
                return Some(self.token(Tok::Directive, start, at));
            }
            if byte == b'"' {
                let text = self.string_literal();
                return Some(self.token(Tok::Str(text), start, at));
            }
            if byte == b'\'' {
                self.char_literal();
                return Some(self.token(Tok::Char, start, at));
            }
            if byte.is_ascii_digit()
                || (byte == b'.' && self.peek_at(1).is_some_and(|d| d.is_ascii_digit()))
            {
                self.number();
                return Some(self.token(Tok::Number, start, at));
            }
            if is_ident_byte(byte) {
                loop {
                    // The name's bytes at once, then across a continuation.
                    let run = self.bytes[self.index..]
                        .iter()
                        .take_while(|&&byte| is_ident_byte(byte))
                        .count();
                    self.advance_to(self.index + run);
                    if !self.peek().is_some_and(is_ident_byte) {
                        break;
                    }
                    self.bump();
                }
                // String prefixes: L"", u"", U"", u8"", and raw strings R"x(...)x";
                // a name's text is needed only before a quote.
                let word = if matches!(self.peek(), Some(b'"' | b'\'')) {
                    self.text_of(start, self.index)
                } else {
                    String::new()
                };
                match self.peek() {
                    Some(b'"') if matches!(word.as_str(), "L" | "u" | "U" | "u8") => {
                        let text = self.string_literal();
                        return Some(self.token(Tok::Str(text), start, at));
                    }
                    Some(b'"') if matches!(word.as_str(), "R" | "LR" | "uR" | "UR" | "u8R") => {
                        let text = self.raw_string(at);
                        return Some(self.token(Tok::Str(text), start, at));
                    }
                    Some(b'\'') if matches!(word.as_str(), "L" | "u" | "U" | "u8") => {
                        self.char_literal();
                        return Some(self.token(Tok::Char, start, at));
                    }
                    _ => return Some(self.token(Tok::Ident, start, at)),
                }
            }
            self.bump();
            return Some(self.token(Tok::Punct(byte), start, at));
        }
    }

    fn token(&self, tok: Tok, start: usize, at: Position) -> Token {
        Token {
            tok,
            start,
            end: self.index,
            at,
        }
    }

    /// The text of `start..end`, continuations left out.
    fn text_of(&self, start: usize, end: usize) -> String {
        let mut text = Vec::with_capacity(end - start);
        let mut index = start;
        while index < end {
            let next = self.skip_splices(index);
            if next != index {
                index = next;
                continue;
            }
            text.push(self.bytes[index]);
            index += 1;
        }
        into_text(text)
    }

    fn number(&mut self) {
        let mut previous = 0;
        while let Some(byte) = self.peek() {
            let exponent_sign =
                matches!(byte, b'+' | b'-') && matches!(previous, b'e' | b'E' | b'p' | b'P');
            let separator =
                byte == b'\'' && self.peek_at(1).is_some_and(|d| d.is_ascii_alphanumeric());
            if byte.is_ascii_alphanumeric()
                || byte == b'.'
                || byte == b'_'
                || exponent_sign
                || separator
            {
                previous = byte;
                self.bump();
            } else {
                break;
            }
        }
    }

    fn char_literal(&mut self) {
        self.bump();
        while let Some(byte) = self.peek() {
            if Self::at_line_end(byte) {
                return;
            }
            self.bump();
            match byte {
                b'\\' if self.peek().is_some_and(|next| !Self::at_line_end(next)) => {
                    self.bump();
                }
                b'\'' => return,
                _ => {}
            }
        }
    }

    fn raw_string(&mut self, at: Position) -> String {
        self.bump(); // "
        let mut delimiter: Vec<u8> = Vec::new();
        while let Some(byte) = self.peek() {
            if byte == b'(' || Self::at_line_end(byte) || delimiter.len() > 16 {
                break;
            }
            delimiter.push(byte);
            self.bump();
        }
        self.bump(); // (
        let mut close = Vec::with_capacity(delimiter.len() + 2);
        close.push(b')');
        close.extend_from_slice(&delimiter);
        close.push(b'"');
        // In a raw string, continuations are text: bytes are taken as written.
        let start = self.index;
        let found = self.bytes[start..]
            .windows(close.len())
            .position(|window| window == close.as_slice());
        let end = match found {
            Some(offset) => start + offset,
            None => {
                self.unclosed.push(Unclosed::RawString(at));
                self.bytes.len()
            }
        };
        let text = String::from_utf8_lossy(&self.bytes[start..end]).into_owned();
        let stop = if found.is_some() {
            end + close.len()
        } else {
            end
        };
        while self.index < stop {
            self.step();
        }
        text
    }

    /// A `"..."` literal's decoded text; an unclosed one ends at the line's end.
    fn string_literal(&mut self) -> String {
        self.bump();
        let mut bytes: Vec<u8> = Vec::new();
        loop {
            // Plain text up to the next quote, escape or line end, at once.
            let rest = &self.bytes[self.index..];
            let plain = rest
                .iter()
                .position(|byte| matches!(byte, b'"' | b'\\' | b'\n' | b'\r'))
                .unwrap_or(rest.len());
            bytes.extend_from_slice(&rest[..plain]);
            self.advance_to(self.index + plain);
            let Some(byte) = self.peek() else { break };
            if Self::at_line_end(byte) {
                break;
            }
            self.bump();
            match byte {
                b'"' => break,
                b'\\' => self.escape(&mut bytes),
                byte => bytes.push(byte),
            }
        }
        into_text(bytes)
    }

    fn escape(&mut self, bytes: &mut Vec<u8>) {
        let Some(byte) = self.peek() else { return };
        if Self::at_line_end(byte) {
            return;
        }
        self.bump();
        let simple = match byte {
            b'n' => Some(b'\n'),
            b't' => Some(b'\t'),
            b'r' => Some(b'\r'),
            b'a' => Some(0x07),
            b'b' => Some(0x08),
            b'f' => Some(0x0c),
            b'v' => Some(0x0b),
            b'e' => Some(0x1b),
            b'\\' | b'\'' | b'"' | b'?' => Some(byte),
            _ => None,
        };
        if let Some(byte) = simple {
            bytes.push(byte);
            return;
        }
        let digit = |byte: Option<u8>, radix: u32| byte.and_then(|b| char::from(b).to_digit(radix));
        match byte {
            b'0'..=b'7' => {
                let mut value = u32::from(byte - b'0');
                for _ in 0..2 {
                    match digit(self.peek(), 8) {
                        Some(next) => {
                            value = value * 8 + next;
                            self.bump();
                        }
                        None => break,
                    }
                }
                bytes.push((value & 0xff) as u8);
            }
            b'x' => {
                let mut value: u32 = 0;
                while let Some(next) = digit(self.peek(), 16) {
                    value = (value << 4 | next) & 0xff;
                    self.bump();
                }
                bytes.push(value as u8);
            }
            b'u' | b'U' => {
                let count = if byte == b'u' { 4 } else { 8 };
                let mut value: u32 = 0;
                for _ in 0..count {
                    match digit(self.peek(), 16) {
                        Some(next) => {
                            value = value << 4 | next;
                            self.bump();
                        }
                        None => break,
                    }
                }
                let character = char::from_u32(value).unwrap_or('\u{fffd}');
                let mut buffer = [0; 4];
                bytes.extend_from_slice(character.encode_utf8(&mut buffer).as_bytes());
            }
            // An unknown escape keeps its character, as compilers do.
            other => bytes.push(other),
        }
    }
}

/// A conditional of the preprocessor, by what its condition says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Conditional {
    /// `#if 0` before its `#else` or `#elif`: code nobody compiles (rows and
    /// calls commented out the C way).
    Zero,
    /// `#if 1` after its `#else` or `#elif`.
    AfterOne,
    /// `#if 1` before its `#else`.
    One,
    /// Any other condition, whose every branch may be compiled somewhere:
    /// all are read.
    Unknown,
}

impl Conditional {
    fn skips(self) -> bool {
        matches!(self, Conditional::Zero | Conditional::AfterOne)
    }
}

/// The value of an integer literal (`0`, `00`, `0x0`, `1UL`), `None` for
/// any other number.
pub(super) fn integer(literal: &str) -> Option<u64> {
    let digits = literal
        .trim_end_matches(['u', 'U', 'l', 'L'])
        .replace('\'', "");
    let lower = digits.to_ascii_lowercase();
    if let Some(hex) = lower.strip_prefix("0x") {
        u64::from_str_radix(hex, 16).ok()
    } else if let Some(binary) = lower.strip_prefix("0b") {
        u64::from_str_radix(binary, 2).ok()
    } else if lower.len() > 1 && lower.starts_with('0') {
        u64::from_str_radix(&lower[1..], 8).ok()
    } else {
        lower.parse().ok()
    }
}

/// The tokens that a compiler would read: conditional directives taken
/// out and obeyed, other directives given out between their
/// [`Tok::Directive`] and [`Tok::DirectiveEnd`].
pub(super) struct Tokens<'a> {
    raw: Raw<'a>,
    conditionals: Vec<(Conditional, Position)>,
    /// How many of `conditionals` skip: the code is read while none does.
    skipping: usize,
    /// A directive's first token, read to tell a conditional from another
    /// directive, to give out next.
    pending: Option<Token>,
}

impl<'a> Tokens<'a> {
    pub(super) fn new(bytes: &'a [u8]) -> Tokens<'a> {
        Tokens {
            raw: Raw {
                bytes,
                index: 0,
                line: 1,
                column: 1,
                line_start: true,
                in_directive: false,
                allows: Vec::new(),
                unclosed: Vec::new(),
            },
            conditionals: Vec::new(),
            skipping: 0,
            pending: None,
        }
    }

    /// The text of a token, continuations left out.
    pub(super) fn text(&self, token: &Token) -> String {
        self.text_of(token.start..token.end)
    }

    /// The text of the bytes `range`, continuations left out.
    pub(super) fn text_of(&self, range: std::ops::Range<usize>) -> String {
        let bytes = &self.raw.bytes[range.clone()];
        if !bytes.contains(&b'\\') {
            return String::from_utf8_lossy(bytes).into_owned();
        }
        self.raw.text_of(range.start, range.end)
    }

    /// The file's bytes.
    pub(super) fn bytes(&self) -> &'a [u8] {
        self.raw.bytes
    }

    /// The allow comments read so far.
    pub(super) fn allows(&self) -> &[AllowComment] {
        &self.raw.allows
    }

    /// What hides the rest of the file: call once the tokens are all read.
    pub(super) fn unclosed(&mut self) -> Vec<Unclosed> {
        let mut unclosed = std::mem::take(&mut self.raw.unclosed);
        if let Some((_, at)) = self
            .conditionals
            .iter()
            .find(|(conditional, _)| conditional.skips())
        {
            unclosed.push(Unclosed::Conditional(*at));
        }
        unclosed
    }

    fn push(&mut self, conditional: Conditional, at: Position) {
        if conditional.skips() {
            self.skipping += 1;
        }
        self.conditionals.push((conditional, at));
    }

    fn pop(&mut self) {
        if let Some((conditional, _)) = self.conditionals.pop()
            && conditional.skips()
        {
            self.skipping -= 1;
        }
    }

    fn switch_branch(&mut self, at: Position) {
        if let Some((last, place)) = self.conditionals.last_mut() {
            let was = last.skips();
            *last = match *last {
                // `#elif X` after `#if 0` may be compiled.
                Conditional::Zero => Conditional::Unknown,
                Conditional::One | Conditional::AfterOne => Conditional::AfterOne,
                Conditional::Unknown => Conditional::Unknown,
            };
            *place = at;
            match (was, last.skips()) {
                (false, true) => self.skipping += 1,
                (true, false) => self.skipping -= 1,
                _ => {}
            }
        }
    }

    /// Reads the rest of a directive's line, and gives its tokens.
    fn rest_of_directive(&mut self) -> Vec<Token> {
        let mut tokens = Vec::new();
        while let Some(token) = self.raw.next() {
            if token.tok == Tok::DirectiveEnd {
                break;
            }
            // A conditional's line is short; a longer one is not read whole.
            if tokens.len() < 4 {
                tokens.push(token);
            }
        }
        tokens
    }

    /// Handles a conditional directive whose name is `word` at `at`;
    /// `false` when the directive is no conditional.
    fn conditional(&mut self, word: &str, at: Position) -> bool {
        match word {
            "if" => {
                let rest = self.rest_of_directive();
                let opened = match rest.as_slice() {
                    [number] if number.tok == Tok::Number => {
                        match integer(&self.raw.text_of(number.start, number.end)) {
                            Some(0) => Conditional::Zero,
                            Some(_) => Conditional::One,
                            None => Conditional::Unknown,
                        }
                    }
                    _ => Conditional::Unknown,
                };
                self.push(opened, at);
            }
            "ifdef" | "ifndef" => {
                self.rest_of_directive();
                self.push(Conditional::Unknown, at);
            }
            "else" | "elif" | "elifdef" | "elifndef" => {
                self.rest_of_directive();
                self.switch_branch(at);
            }
            "endif" => {
                self.rest_of_directive();
                self.pop();
            }
            _ => return false,
        }
        true
    }
}

impl Iterator for Tokens<'_> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        if let Some(token) = self.pending.take() {
            return Some(token);
        }
        loop {
            let token = self.raw.next()?;
            if token.tok != Tok::Directive {
                if self.skipping > 0 {
                    continue;
                }
                return Some(token);
            }
            let first = self.raw.next()?;
            if first.tok == Tok::DirectiveEnd {
                // A `#` alone on its line.
                continue;
            }
            if first.tok == Tok::Ident {
                let word = self.raw.text_of(first.start, first.end);
                if self.conditional(&word, token.at) {
                    continue;
                }
            }
            if self.skipping > 0 {
                // A directive in code left out: read to its end.
                while let Some(next) = self.raw.next() {
                    if next.tok == Tok::DirectiveEnd {
                        break;
                    }
                }
                continue;
            }
            self.pending = Some(first);
            return Some(token);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(Tok, u32, u32)> {
        Tokens::new(text.as_bytes())
            .map(|token| (token.tok, token.at.line, token.at.column))
            .collect()
    }

    #[test]
    fn a_lone_carriage_return_ends_a_line() {
        assert_eq!(
            kinds("a // comment\rb\r\n#x\rc"),
            [
                (Tok::Ident, 1, 1),
                (Tok::Ident, 2, 1),
                (Tok::Directive, 3, 1),
                (Tok::Ident, 3, 2),
                (Tok::DirectiveEnd, 3, 3),
                (Tok::Ident, 4, 1),
            ]
        );
    }

    #[test]
    fn continuations_join_lines_and_columns_count_characters() {
        assert_eq!(
            kinds("\"é\" ab\\\ncd x"),
            [
                (Tok::Str("é".to_owned()), 1, 1),
                (Tok::Ident, 1, 5),
                (Tok::Ident, 2, 4),
            ]
        );
        let mut tokens = Tokens::new(b"ab\\\ncd");
        let token = tokens.next().unwrap();
        assert_eq!(tokens.text(&token), "abcd");
    }

    #[test]
    fn allow_comments_are_kept_with_their_kinds() {
        let mut tokens = Tokens::new(
            b"// errcode: allow(keys-differ, value-count)\nf();\n/* errcode: allow(undefined-code) */ g();\n",
        );
        for _ in tokens.by_ref() {}
        assert_eq!(
            tokens.allows(),
            [
                AllowComment {
                    line: 1,
                    at: Position::new(1, 1),
                    kinds: vec!["keys-differ".to_owned(), "value-count".to_owned()]
                },
                AllowComment {
                    line: 3,
                    at: Position::new(3, 1),
                    kinds: vec!["undefined-code".to_owned()]
                },
            ]
        );
    }

    #[test]
    fn what_hides_the_rest_of_the_file_is_told() {
        let mut tokens = Tokens::new(b"a\n#if 0\nb\n");
        assert_eq!(tokens.by_ref().count(), 1);
        assert_eq!(
            tokens.unclosed(),
            [Unclosed::Conditional(Position::new(2, 1))]
        );
        let mut tokens = Tokens::new(b"a R\"x(never closed\nb");
        assert_eq!(tokens.by_ref().count(), 2);
        assert_eq!(
            tokens.unclosed(),
            [Unclosed::RawString(Position::new(1, 3))]
        );
        let mut tokens = Tokens::new(b"a /* open\nb");
        assert_eq!(tokens.by_ref().count(), 1);
        assert_eq!(tokens.unclosed(), [Unclosed::Comment(Position::new(1, 3))]);
        let mut tokens = Tokens::new(b"#if 0\n#else\nb\n#endif\n");
        assert_eq!(tokens.by_ref().count(), 1);
        assert_eq!(tokens.unclosed(), []);
    }

    #[test]
    fn deep_conditionals_cost_the_same_per_line() {
        // 100,000 nested `#ifdef`s inside an `#if 0`: each line is read in
        // constant time (the skip state is a count, not a walk).
        let mut text = String::from("#if 0\n");
        for _ in 0..100_000 {
            text.push_str("#ifdef A\nf(\"EK0001\");\n");
        }
        let mut tokens = Tokens::new(text.as_bytes());
        assert_eq!(tokens.by_ref().count(), 0);
        assert_eq!(tokens.unclosed().len(), 1);
    }
}
