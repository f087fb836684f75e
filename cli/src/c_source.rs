//! C and C++ sources, read as C is written: comments of both kinds
//! dropped, line continuations followed, adjacent string literals joined
//! and their escapes decoded. From the tokens come the tables that copy a
//! catalog (struct-array rows and X-macro rows) and the report sites that
//! use its codes.
//!
//! The reader never guesses: a row is a row only in one of the two
//! layouts, and a site's keys or values are read only when they are
//! written as a list of literals.

use errcode::catalog::Position;

/// A token of C, bracket groups nested.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tree {
    Ident(String, Position),
    /// A string literal, adjacent ones joined, escapes decoded.
    Str(String, Position),
    Punct(char, Position),
    /// A number or character literal: something that is neither of the above.
    Other(Position),
    Group(Group),
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Group {
    open: char,
    /// The opening bracket.
    at: Position,
    trees: Vec<Tree>,
}

impl Tree {
    fn string(&self) -> Option<&str> {
        match self {
            Tree::Str(text, _) => Some(text),
            _ => None,
        }
    }

    fn position(&self) -> Position {
        match self {
            Tree::Ident(_, at) | Tree::Str(_, at) | Tree::Punct(_, at) | Tree::Other(at) => *at,
            Tree::Group(group) => group.at,
        }
    }
}

/// The two table layouts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Layout {
    /// `{"EK0201", "message", cause-or-NULL, solution-or-NULL, {"name"}}`.
    StructArray,
    /// `X(EK0201, "EK0201", ("name"), "message ErrorCode=EK0201.\n", LEVEL)`.
    XMacro,
}

/// One row of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Row {
    pub(crate) layout: Layout,
    pub(crate) code: String,
    /// The code literal.
    pub(crate) at: Position,
    /// The message, the X-macro's ` ErrorCode=<code>.` and line end taken off.
    pub(crate) message: String,
    pub(crate) message_at: Position,
    pub(crate) names: Vec<String>,
    pub(crate) names_at: Position,
    /// `None` for `NULL` (and, in X-macro rows, always: they have none).
    pub(crate) cause: Option<(Option<String>, Position)>,
    pub(crate) solution: Option<(Option<String>, Position)>,
}

/// A string literal of a code's shape passed to a call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Site {
    pub(crate) code: String,
    pub(crate) at: Position,
    /// The keys that follow the code, when written as a list of literals.
    pub(crate) keys: Option<Vec<String>>,
    /// The values that follow the keys, when written as a list; each
    /// literal value's text.
    pub(crate) values: Option<Vec<Option<String>>>,
}

/// What one C or C++ file holds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct CFile {
    pub(crate) rows: Vec<Row>,
    pub(crate) sites: Vec<Site>,
}

/// Reads the tables and report sites of one file's text.
pub(crate) fn read_c(text: &str) -> CFile {
    let mut file = CFile::default();
    for trees in lex(text) {
        scan(&trees, &mut file);
    }
    file
}

/// Whether `text` has a code's shape: `E` or `W`, an upper-case letter or
/// digit, four digits.
pub(crate) fn is_code_shaped(text: &str) -> bool {
    errcode_syntax::classify_code(text).is_ok()
}

// ---------------------------------------------------------------- lexing

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

    /// The conditional that a directive of `tokens` (after its `#`) opens,
    /// `None` when it opens none.
    fn opened_by(tokens: &[Token]) -> Option<Conditional> {
        let Some(Token::Ident(word, _)) = tokens.first() else {
            return None;
        };
        match (word.as_str(), &tokens[1..]) {
            ("if", [Token::Number(number, _)]) => match integer(number) {
                Some(0) => Some(Conditional::Zero),
                Some(_) => Some(Conditional::One),
                None => Some(Conditional::Unknown),
            },
            ("if" | "ifdef" | "ifndef", _) => Some(Conditional::Unknown),
            _ => None,
        }
    }
}

/// The value of an integer literal (`0`, `00`, `0x0`, `1UL`), `None` for
/// any other number.
fn integer(literal: &str) -> Option<u64> {
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

/// The file's trees: the code, and each preprocessor directive apart (so
/// that a directive's unbalanced brace cannot swallow the rest). Code that
/// `#if 0` (or the `#else` of `#if 1`) leaves out is not read.
fn lex(text: &str) -> Vec<Vec<Tree>> {
    let mut lexer = Lexer {
        chars: text.chars().collect(),
        index: 0,
        line: 1,
        column: 1,
    };
    let mut code: Vec<Token> = Vec::new();
    let mut directives: Vec<Vec<Tree>> = Vec::new();
    let mut line_start = true;
    let mut conditionals: Vec<Conditional> = Vec::new();
    while let Some(token) = lexer.next_token(&mut line_start) {
        let skipping = conditionals.iter().any(|conditional| conditional.skips());
        match token {
            Token::Hash => {
                let mut directive = Vec::new();
                let mut start = false;
                while !lexer.at_line_end() {
                    match lexer.next_token(&mut start) {
                        Some(token) => directive.push(token),
                        None => break,
                    }
                }
                line_start = true;
                if let Some(opened) = Conditional::opened_by(&directive) {
                    conditionals.push(opened);
                    continue;
                }
                match directive.first() {
                    Some(Token::Ident(word, _)) if word == "endif" => {
                        conditionals.pop();
                    }
                    Some(Token::Ident(word, _)) if matches!(word.as_str(), "else" | "elif") => {
                        if let Some(last) = conditionals.last_mut() {
                            *last = match *last {
                                // `#elif X` after `#if 0` may be compiled.
                                Conditional::Zero => Conditional::Unknown,
                                Conditional::One | Conditional::AfterOne => Conditional::AfterOne,
                                Conditional::Unknown => Conditional::Unknown,
                            };
                        }
                    }
                    _ if skipping => {}
                    _ => directives.push(nest(join_strings(directive))),
                }
            }
            _ if skipping => line_start = false,
            token => {
                code.push(token);
                line_start = false;
            }
        }
    }
    let mut all = vec![nest(join_strings(code))];
    all.extend(directives);
    all
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Ident(String, Position),
    Str(String, Position),
    Punct(char, Position),
    /// A number, with its text: `#if 0` is read by it.
    Number(String, Position),
    /// A character literal.
    Other(Position),
    Hash,
}

struct Lexer {
    chars: Vec<char>,
    index: usize,
    line: u32,
    column: u32,
}

impl Lexer {
    /// The character at `index + ahead`, line continuations skipped.
    fn peek_at(&self, ahead: usize) -> Option<char> {
        let mut index = self.index;
        let mut left = ahead;
        loop {
            index = self.skip_splices(index);
            let c = *self.chars.get(index)?;
            if left == 0 {
                return Some(c);
            }
            left -= 1;
            index += 1;
        }
    }

    fn peek(&self) -> Option<char> {
        self.peek_at(0)
    }

    /// `index` past any backslash-newline pairs.
    fn skip_splices(&self, mut index: usize) -> usize {
        loop {
            match (self.chars.get(index), self.chars.get(index + 1)) {
                (Some('\\'), Some('\n')) => index += 2,
                (Some('\\'), Some('\r')) if self.chars.get(index + 2) == Some(&'\n') => index += 3,
                _ => return index,
            }
        }
    }

    fn bump(&mut self) -> Option<char> {
        let next = self.skip_splices(self.index);
        while self.index < next {
            let c = self.chars[self.index];
            self.advance_position(c);
            self.index += 1;
        }
        let c = *self.chars.get(self.index)?;
        self.index += 1;
        self.advance_position(c);
        Some(c)
    }

    fn advance_position(&mut self, c: char) {
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
    }

    fn position(&self) -> Position {
        // The position of the next character, splices skipped.
        let next = self.skip_splices(self.index);
        let mut line = self.line;
        let mut column = self.column;
        for &c in &self.chars[self.index..next] {
            if c == '\n' {
                line += 1;
                column = 1;
            } else {
                column += 1;
            }
        }
        Position::new(line, column)
    }

    /// Whether only spaces and a comment are left on this logical line.
    fn at_line_end(&mut self) -> bool {
        loop {
            match self.peek() {
                None | Some('\n') => return true,
                Some(c) if c.is_whitespace() => {
                    self.bump();
                }
                Some('/') if self.peek_at(1) == Some('*') => self.block_comment(),
                Some('/') if self.peek_at(1) == Some('/') => {
                    self.line_comment();
                    return true;
                }
                Some(_) => return false,
            }
        }
    }

    fn line_comment(&mut self) {
        while let Some(c) = self.peek() {
            if c == '\n' {
                return;
            }
            self.bump();
        }
    }

    fn block_comment(&mut self) {
        self.bump();
        self.bump();
        while let Some(c) = self.bump() {
            if c == '*' && self.peek() == Some('/') {
                self.bump();
                return;
            }
        }
    }
}

impl Lexer {
    fn next_token(&mut self, line_start: &mut bool) -> Option<Token> {
        loop {
            let c = self.peek()?;
            if c == '\n' {
                self.bump();
                *line_start = true;
                continue;
            }
            if c.is_whitespace() {
                self.bump();
                continue;
            }
            if c == '/' && self.peek_at(1) == Some('/') {
                self.line_comment();
                continue;
            }
            if c == '/' && self.peek_at(1) == Some('*') {
                self.block_comment();
                continue;
            }
            let at = self.position();
            if c == '#' {
                self.bump();
                return Some(if *line_start {
                    Token::Hash
                } else {
                    Token::Punct('#', at)
                });
            }
            if c == '"' {
                return Some(Token::Str(self.string_literal(), at));
            }
            if c == '\'' {
                self.char_literal();
                return Some(Token::Other(at));
            }
            if c.is_ascii_digit()
                || (c == '.' && self.peek_at(1).is_some_and(|d| d.is_ascii_digit()))
            {
                return Some(Token::Number(self.number(), at));
            }
            if c == '_' || c.is_alphanumeric() {
                let mut word = String::new();
                while let Some(c) = self.peek() {
                    if c == '_' || c.is_alphanumeric() {
                        word.push(c);
                        self.bump();
                    } else {
                        break;
                    }
                }
                // String prefixes: L"", u"", U"", u8"", and raw strings R"x(...)x".
                if self.peek() == Some('"') {
                    match word.as_str() {
                        "L" | "u" | "U" | "u8" => {
                            return Some(Token::Str(self.string_literal(), at));
                        }
                        "R" | "LR" | "uR" | "UR" | "u8R" => {
                            return Some(Token::Str(self.raw_string(), at));
                        }
                        _ => {}
                    }
                }
                if self.peek() == Some('\'') && matches!(word.as_str(), "L" | "u" | "U" | "u8") {
                    self.char_literal();
                    return Some(Token::Other(at));
                }
                return Some(Token::Ident(word, at));
            }
            self.bump();
            return Some(Token::Punct(c, at));
        }
    }

    fn number(&mut self) -> String {
        let mut text = String::new();
        while let Some(c) = self.peek() {
            let exponent_sign = matches!(c, '+' | '-')
                && self.index > 0
                && matches!(self.chars[self.index - 1], 'e' | 'E' | 'p' | 'P');
            let separator = c == '\'' && self.peek_at(1).is_some_and(|d| d.is_ascii_alphanumeric());
            if c.is_alphanumeric() || c == '.' || c == '_' || exponent_sign || separator {
                text.push(c);
                self.bump();
            } else {
                break;
            }
        }
        text
    }

    fn char_literal(&mut self) {
        self.bump();
        while let Some(c) = self.bump() {
            match c {
                '\\' => {
                    self.bump();
                }
                '\'' | '\n' => return,
                _ => {}
            }
        }
    }

    fn raw_string(&mut self) -> String {
        self.bump(); // "
        let mut delimiter = String::new();
        while let Some(c) = self.peek() {
            if c == '(' || c == '\n' || delimiter.len() > 16 {
                break;
            }
            delimiter.push(c);
            self.bump();
        }
        self.bump(); // (
        let close: Vec<char> = format!("){delimiter}\"").chars().collect();
        let mut text = String::new();
        while self.index < self.chars.len() {
            if self.chars[self.index..].starts_with(&close) {
                for _ in 0..close.len() {
                    self.bump_raw();
                }
                return text;
            }
            if let Some(c) = self.bump_raw() {
                text.push(c);
            }
        }
        text
    }

    /// The next character as written: in raw strings, splices are text.
    fn bump_raw(&mut self) -> Option<char> {
        let c = *self.chars.get(self.index)?;
        self.index += 1;
        self.advance_position(c);
        Some(c)
    }

    /// A `"..."` literal's decoded text; an unclosed one ends at the line's end.
    fn string_literal(&mut self) -> String {
        self.bump();
        let mut bytes: Vec<u8> = Vec::new();
        while let Some(c) = self.peek() {
            if c == '\n' {
                break;
            }
            self.bump();
            match c {
                '"' => break,
                '\\' => self.escape(&mut bytes),
                c => push_char(&mut bytes, c),
            }
        }
        String::from_utf8_lossy(&bytes).into_owned()
    }

    fn escape(&mut self, bytes: &mut Vec<u8>) {
        let Some(c) = self.bump() else { return };
        let simple = match c {
            'n' => Some(b'\n'),
            't' => Some(b'\t'),
            'r' => Some(b'\r'),
            'a' => Some(0x07),
            'b' => Some(0x08),
            'f' => Some(0x0c),
            'v' => Some(0x0b),
            'e' => Some(0x1b),
            '\\' | '\'' | '"' | '?' => u8::try_from(c).ok(),
            _ => None,
        };
        if let Some(byte) = simple {
            bytes.push(byte);
            return;
        }
        match c {
            '0'..='7' => {
                let mut value = c.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match self.peek().and_then(|d| d.to_digit(8)) {
                        Some(digit) => {
                            value = value * 8 + digit;
                            self.bump();
                        }
                        None => break,
                    }
                }
                bytes.push((value & 0xff) as u8);
            }
            'x' => {
                let mut value: u32 = 0;
                while let Some(digit) = self.peek().and_then(|d| d.to_digit(16)) {
                    value = (value << 4 | digit) & 0xff;
                    self.bump();
                }
                bytes.push(value as u8);
            }
            'u' | 'U' => {
                let count = if c == 'u' { 4 } else { 8 };
                let mut value: u32 = 0;
                for _ in 0..count {
                    match self.peek().and_then(|d| d.to_digit(16)) {
                        Some(digit) => {
                            value = value << 4 | digit;
                            self.bump();
                        }
                        None => break,
                    }
                }
                push_char(bytes, char::from_u32(value).unwrap_or('\u{fffd}'));
            }
            // An unknown escape keeps its character, as compilers do.
            other => push_char(bytes, other),
        }
    }
}

fn push_char(bytes: &mut Vec<u8>, c: char) {
    let mut buffer = [0; 4];
    bytes.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
}

/// Adjacent string literals as one, at the first one's place.
fn join_strings(tokens: Vec<Token>) -> Vec<Token> {
    let mut joined: Vec<Token> = Vec::with_capacity(tokens.len());
    for token in tokens {
        if let (Token::Str(next, _), Some(Token::Str(text, _))) = (&token, joined.last_mut()) {
            text.push_str(next);
            continue;
        }
        joined.push(token);
    }
    joined
}

/// The tokens as bracket groups; a closer without its opener is dropped,
/// and groups left open close at the end.
fn nest(tokens: Vec<Token>) -> Vec<Tree> {
    let mut stack: Vec<(char, Position, Vec<Tree>)> = vec![(' ', Position::default(), Vec::new())];
    for token in tokens {
        let tree = match token {
            Token::Punct(open @ ('(' | '[' | '{'), at) => {
                stack.push((open, at, Vec::new()));
                continue;
            }
            Token::Punct(close @ (')' | ']' | '}'), at) => {
                let open = match close {
                    ')' => '(',
                    ']' => '[',
                    _ => '{',
                };
                if !stack.iter().skip(1).any(|(o, _, _)| *o == open) {
                    Tree::Punct(close, at)
                } else {
                    // Close the groups opened after the matching one.
                    while let Some((o, at, trees)) = stack.pop() {
                        let group = Tree::Group(Group { open: o, at, trees });
                        if let Some((_, _, parent)) = stack.last_mut() {
                            parent.push(group);
                        }
                        if o == open {
                            break;
                        }
                    }
                    continue;
                }
            }
            Token::Ident(word, at) => Tree::Ident(word, at),
            Token::Str(text, at) => Tree::Str(text, at),
            Token::Punct(c, at) => Tree::Punct(c, at),
            Token::Number(_, at) | Token::Other(at) => Tree::Other(at),
            Token::Hash => continue,
        };
        if let Some((_, _, trees)) = stack.last_mut() {
            trees.push(tree);
        }
    }
    while stack.len() > 1 {
        if let Some((open, at, trees)) = stack.pop()
            && let Some((_, _, parent)) = stack.last_mut()
        {
            parent.push(Tree::Group(Group { open, at, trees }));
        }
    }
    stack.pop().map(|(_, _, trees)| trees).unwrap_or_default()
}

// ---------------------------------------------------------------- reading

/// Words before `(` that make no call.
const NOT_CALLS: &[&str] = &[
    "if",
    "while",
    "for",
    "switch",
    "return",
    "sizeof",
    "alignof",
    "decltype",
    "case",
    "catch",
    "defined",
    "static_assert",
    "_Static_assert",
    "typeof",
    "__attribute__",
    "noexcept",
];

fn scan(trees: &[Tree], file: &mut CFile) {
    for (index, tree) in trees.iter().enumerate() {
        let Tree::Group(group) = tree else { continue };
        let args = split_commas(&group.trees);
        let row = match group.open {
            '{' => struct_row(&args),
            '(' if is_call(trees, index) => x_row(&args),
            _ => None,
        };
        if let Some(row) = row {
            file.rows.push(row);
            continue;
        }
        if group.open == '(' && is_call(trees, index) {
            sites(&args, file);
        }
        scan(&group.trees, file);
    }
}

/// Whether the group at `index` is a call's arguments: after a name that
/// is no keyword, or after a template's `>`.
fn is_call(trees: &[Tree], index: usize) -> bool {
    match index.checked_sub(1).map(|before| &trees[before]) {
        Some(Tree::Ident(name, _)) => !NOT_CALLS.contains(&name.as_str()),
        Some(Tree::Punct('>', _)) => true,
        _ => false,
    }
}

fn split_commas(trees: &[Tree]) -> Vec<&[Tree]> {
    if trees.is_empty() {
        return Vec::new();
    }
    let mut parts: Vec<&[Tree]> = trees
        .split(|tree| matches!(tree, Tree::Punct(',', _)))
        .collect();
    if parts.last().is_some_and(|part| part.is_empty()) {
        parts.pop();
    }
    parts
}

fn single(part: &[Tree]) -> Option<&Tree> {
    match part {
        [tree] => Some(tree),
        _ => None,
    }
}

fn code_literal(part: &[Tree]) -> Option<(&str, Position)> {
    match single(part)? {
        Tree::Str(text, at) if is_code_shaped(text) => Some((text, *at)),
        _ => None,
    }
}

/// A string or `NULL`: `Some(Some(text))`, `Some(None)`.
fn text_or_null(part: &[Tree]) -> Option<(Option<String>, Position)> {
    match single(part)? {
        Tree::Str(text, at) => Some((Some(text.clone()), *at)),
        Tree::Ident(name, at) if matches!(name.as_str(), "NULL" | "nullptr") => Some((None, *at)),
        _ => None,
    }
}

/// `{"a", "b"}` or `("a", "b")`: the literals, or `None` if any is not one.
fn literal_group(part: &[Tree], open: char) -> Option<(Vec<String>, Position)> {
    let Tree::Group(group) = single(part)? else {
        return None;
    };
    if group.open != open {
        return None;
    }
    let names = split_commas(&group.trees)
        .into_iter()
        .map(|item| single(item)?.string().map(str::to_owned))
        .collect::<Option<Vec<_>>>()?;
    Some((names, part[0].position()))
}

fn struct_row(args: &[&[Tree]]) -> Option<Row> {
    let [code, message, cause, solution, names] = args else {
        return None;
    };
    let (code, at) = code_literal(code)?;
    let (message, message_at) = text_or_null(message)?;
    let cause = text_or_null(cause)?;
    let solution = text_or_null(solution)?;
    let (names, names_at) = literal_group(names, '{')?;
    Some(Row {
        layout: Layout::StructArray,
        code: code.to_owned(),
        at,
        message: message?,
        message_at,
        names,
        names_at,
        cause: Some(cause),
        solution: Some(solution),
    })
}

fn x_row(args: &[&[Tree]]) -> Option<Row> {
    let [name, code, names, message, ..] = args else {
        return None;
    };
    let (code, at) = code_literal(code)?;
    match single(name)? {
        Tree::Ident(name, _) if name == code => {}
        _ => return None,
    }
    let (names, names_at) = literal_group(names, '(')?;
    let Tree::Str(message, message_at) = single(message)? else {
        return None;
    };
    Some(Row {
        layout: Layout::XMacro,
        code: code.to_owned(),
        at,
        message: strip_x_suffix(message, code).to_owned(),
        message_at: *message_at,
        names,
        names_at,
        cause: None,
        solution: None,
    })
}

/// The message without the table's ` ErrorCode=<code>.` and line end.
fn strip_x_suffix<'a>(message: &'a str, code: &str) -> &'a str {
    let without_newline = message
        .strip_suffix("\r\n")
        .or_else(|| message.strip_suffix('\n'))
        .unwrap_or(message);
    match without_newline.strip_suffix(&format!("ErrorCode={code}.")) {
        Some(rest) => rest.strip_suffix(' ').unwrap_or(rest),
        None => message,
    }
}

/// The code literals among a call's arguments, each with the key and
/// value lists that follow it.
fn sites(args: &[&[Tree]], file: &mut CFile) {
    for (index, arg) in args.iter().enumerate() {
        let Some((code, at)) = code_literal(arg) else {
            continue;
        };
        let keys = args
            .get(index + 1)
            .and_then(|keys| list(keys))
            .and_then(|items| {
                items
                    .into_iter()
                    .map(|item| single(item)?.string().map(str::to_owned))
                    .collect::<Option<Vec<_>>>()
            });
        let values = keys.as_ref().and_then(|_| {
            let items = list(args.get(index + 2)?)?;
            Some(
                items
                    .into_iter()
                    .map(|item| single(item)?.string().map(str::to_owned))
                    .collect(),
            )
        });
        file.sites.push(Site {
            code: code.to_owned(),
            at,
            keys,
            values,
        });
    }
}

/// The items of a list written as one: `{a, b}`, `Type<...>({a, b})`,
/// `Type<...>{a, b}`, `Type<...>()`, or `MACRO(a, b)` (a name in capitals).
fn list(part: &[Tree]) -> Option<Vec<&[Tree]>> {
    let (Tree::Group(group), prefix) = part.split_last()? else {
        return None;
    };
    let typed = prefix
        .last()
        .is_some_and(|tree| matches!(tree, Tree::Punct('>', _)))
        && prefix.iter().all(|tree| {
            matches!(
                tree,
                Tree::Ident(..) | Tree::Punct(':' | '<' | '>' | '*' | '&', _)
            )
        });
    let macro_name = match prefix {
        [Tree::Ident(name, _)] => {
            name.chars()
                .all(|c| c.is_ascii_uppercase() || c == '_' || c.is_ascii_digit())
                && !group.trees.is_empty()
        }
        _ => false,
    };
    let bare = prefix.is_empty() && group.open == '{';
    if !(typed || macro_name || bare) {
        return None;
    }
    let items = match (group.open, group.trees.as_slice()) {
        ('(', [Tree::Group(inner)]) if inner.open == '{' && typed => &inner.trees,
        ('(' | '{', trees) => trees,
        _ => return None,
    };
    Some(split_commas(items))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn struct_array_rows_as_c_reads_them() {
        let file = read_c(concat!(
            "static const Config MAP[] = {\n",
            "    // {\"EK0001\", \"commented\", NULL, NULL, {}},\n",
            "    /* {\"EK0002\", \"commented\", NULL, NULL, {}}, */\n",
            "    {\"EK0201\",\n",
            "     \"Failed to \" \"allocate %s\\tmemory \\x41\\101\\u00e9.\", NULL /* no cause */,\n",
            "     \"Free \\\n",
            "some.\", {\"buf_size\"}},\n",
            "    {\"EK0202\", \"Nothing.\", \"N/A\", NULL, {}},\n",
            "};\n",
        ));
        assert_eq!(file.sites, []);
        assert_eq!(
            file.rows,
            [
                Row {
                    layout: Layout::StructArray,
                    code: "EK0201".to_owned(),
                    at: Position::new(4, 6),
                    message: "Failed to allocate %s\tmemory AAé.".to_owned(),
                    message_at: Position::new(5, 6),
                    names: vec!["buf_size".to_owned()],
                    names_at: Position::new(7, 9),
                    cause: Some((None, Position::new(5, 58))),
                    solution: Some((Some("Free some.".to_owned()), Position::new(6, 6))),
                },
                Row {
                    layout: Layout::StructArray,
                    code: "EK0202".to_owned(),
                    at: Position::new(8, 6),
                    message: "Nothing.".to_owned(),
                    message_at: Position::new(8, 16),
                    names: vec![],
                    names_at: Position::new(8, 41),
                    cause: Some((Some("N/A".to_owned()), Position::new(8, 28))),
                    solution: Some((None, Position::new(8, 35))),
                },
            ]
        );
    }

    #[test]
    fn code_left_out_by_if_0_is_not_read() {
        let codes = |text: &str| -> Vec<String> {
            let file = read_c(text);
            let rows = file.rows.iter().map(|row| row.code.clone());
            rows.chain(file.sites.iter().map(|site| site.code.clone()))
                .collect()
        };
        let table = concat!(
            "static const Config MAP[] = {\n",
            "    {\"EK0001\", \"One.\", NULL, NULL, {}},\n",
            "#if 0 // retired\n",
            "    {\"EK0002\", \"Two.\", NULL, NULL, {}},\n",
            "#  if defined(X)\n",
            "    {\"EK0003\", \"Three.\", NULL, NULL, {}},\n",
            "#  else\n",
            "    {\"EK0004\", \"Four.\", NULL, NULL, {}},\n",
            "#  endif\n",
            "#define REPORT_OLD() Report(\"EK0005\")\n",
            "#else\n",
            "    {\"EK0006\", \"Six.\", NULL, NULL, {}},\n",
            "#endif\n",
            "#ifdef Y\n",
            "    {\"EK0007\", \"Seven.\", NULL, NULL, {}},\n",
            "#else\n",
            "    {\"EK0008\", \"Eight.\", NULL, NULL, {}},\n",
            "#endif\n",
            "#if 1\n",
            "    {\"EK0009\", \"Nine.\", NULL, NULL, {}},\n",
            "#elif Z\n",
            "    {\"EK0010\", \"Ten.\", NULL, NULL, {}},\n",
            "#endif\n",
            "#if 0\n",
            "    {\"EK0011\", \"Eleven.\", NULL, NULL, {}},\n",
            "#elif Z\n",
            "    {\"EK0012\", \"Twelve.\", NULL, NULL, {}},\n",
            "#endif\n",
            "};\n",
            "void f() { Report(\"EK0013\"); }\n",
        );
        assert_eq!(
            codes(table),
            [
                "EK0001", "EK0006", "EK0007", "EK0008", "EK0009", "EK0012", "EK0013"
            ]
        );
        // Zero however written; any other integer is true.
        assert_eq!(
            codes("#if 0x0UL\nf(\"EK0001\");\n#endif\n#if 00\nf(\"EK0002\");\n#endif\n"),
            Vec::<String>::new()
        );
        assert_eq!(
            codes(
                "#if 2\nf(\"EK0001\");\n#else\nf(\"EK0002\");\n#endif\n#if 1.0\nf(\"EK0003\");\n#endif\n"
            ),
            ["EK0001", "EK0003"]
        );
        // An `#endif` without its `#if`, an `#if 0` never closed: the rest
        // of the file is left out, as the compiler would refuse it.
        assert_eq!(
            codes("#endif\nf(\"EK0001\");\n#if 0\nf(\"EK0002\");\n"),
            ["EK0001"]
        );
    }

    #[test]
    fn x_macro_rows_without_the_tables_suffix() {
        let file = read_c(concat!(
            "#define TABLE(X) \\\n",
            "    /* EE1001 - Invalid_Argument */ \\\n",
            "    X(EE1001, \"EE1001\", (\"extend_info\"), \"Bad. %s. ErrorCode=EE1001.\\n\", DLOG_ERROR) \\\n",
            "    X(EE1002, \"EE1002\", (\"a\", \"b\"), \\\n",
            "      \"%s then %s.\" \"ErrorCode=EE1002.\\n\", DLOG_WARN)\n",
            "int f() { return g(\"EE1001\"); }\n",
        ));
        let rows: Vec<(&str, &str, Vec<String>, Position)> = file
            .rows
            .iter()
            .map(|row| {
                (
                    row.code.as_str(),
                    row.message.as_str(),
                    row.names.clone(),
                    row.at,
                )
            })
            .collect();
        assert_eq!(
            rows,
            [
                (
                    "EE1001",
                    "Bad. %s.",
                    vec!["extend_info".to_owned()],
                    Position::new(3, 15)
                ),
                (
                    "EE1002",
                    "%s then %s.",
                    vec!["a".to_owned(), "b".to_owned()],
                    Position::new(4, 15)
                ),
            ]
        );
        assert_eq!(file.rows[0].layout, Layout::XMacro);
        assert_eq!(file.rows[0].cause, None);
        assert_eq!(
            file.sites,
            [Site {
                code: "EE1001".to_owned(),
                at: Position::new(6, 20),
                keys: None,
                values: None
            }]
        );
    }

    #[test]
    fn report_sites_with_literal_key_lists_only() {
        let file = read_c(concat!(
            "void f() {\n",
            "  REPORT(\"EK0201\", std::vector<std::string>({\"buf_size\"}), std::vector<std::string>({size}));\n",
            "  REPORT(\"EK0202\", {\"a\", \"b\"}, {\"x.\", y});\n",
            "  REPORT(\"EK0203\", ARRAY(\"a\"), ARRAY(v));\n",
            "  REPORT(\"EK0204\", keys, values);\n",
            "  REPORT(\"EK0205\", GetKeys(), GetValues());\n",
            "  REPORT(\"EK0206\", std::vector<std::string>(), std::vector<std::string>());\n",
            "  REPORT(\"EK0207\", std::vector<std::string>{\"k\", name}, {});\n",
            "  if (code == \"EK0208\") {}\n",
            "  const char *c = \"EK0209\";\n",
            "  x = 'a' + 1'000 + '\"';\n",
            "  INNER(\"EK9999\", \"text %s\", L\"EK0210\");\n",
            "  auto r = R\"x(EK0211 \"quoted\")x\";\n",
            "}\n",
        ));
        // Code, keys, how many values, line.
        type Seen<'a> = (&'a str, Option<Vec<&'a str>>, Option<usize>, u32);
        let sites: Vec<Seen> = file
            .sites
            .iter()
            .map(|site| {
                (
                    site.code.as_str(),
                    site.keys
                        .as_ref()
                        .map(|keys| keys.iter().map(String::as_str).collect()),
                    site.values.as_ref().map(Vec::len),
                    site.at.line,
                )
            })
            .collect();
        assert_eq!(
            sites,
            [
                ("EK0201", Some(vec!["buf_size"]), Some(1), 2),
                ("EK0202", Some(vec!["a", "b"]), Some(2), 3),
                ("EK0203", Some(vec!["a"]), Some(1), 4),
                ("EK0204", None, None, 5),
                ("EK0205", None, None, 6),
                ("EK0206", Some(vec![]), Some(0), 7),
                ("EK0207", None, None, 8),
                ("EK9999", None, None, 12),
                ("EK0210", None, None, 12),
            ]
        );
        assert_eq!(
            file.sites[1].values,
            Some(vec![Some("x.".to_owned()), None])
        );
    }

    #[test]
    fn unbalanced_directives_and_unclosed_text_end_quietly() {
        let file =
            read_c("#define BEGIN {\n#define END }\nBEGIN\nf(\"EK0001\");\nEND\n\"open\n/* open");
        assert_eq!(file.sites.len(), 1);
        assert_eq!(file.sites[0].at, Position::new(4, 3));
    }
}
