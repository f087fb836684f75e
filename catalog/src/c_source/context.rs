//! What surrounds a report site: the function it is in, the `if` it is
//! reported under, the expressions it passes and the log line beside it;
//! and the assertions of a test file that check a code's output.
//!
//! Read from the file's tokens alone, as [`read_c`](super::read_c) reads
//! it (no compilation database, no preprocessing beyond `#if 0`): one pass
//! to pair the brackets, in memory bounded by the file's size; brackets
//! deeper than [`MAX_DEPTH`] are not paired, and a site among them is told
//! as unresolved, never left out.

use super::lex::{Tok, Token, Tokens};
use super::{MAX_DEPTH, is_code_shaped};

use crate::position::Position;

/// How many tokens back from a site the reader looks for the start of its
/// statement (an unbraced `if` before it).
const LOOK_BACK: usize = 64;

/// How many lines from a site a log call may be to be the one beside it.
const LOG_LINES: u32 = 4;

/// Words before `(` that open a control block, not a function.
const CONTROL: &[&str] = &["if", "while", "for", "switch", "catch", "do", "else", "try"];

/// Words after a function's `)` and before its body.
const AFTER_PARAMS: &[&str] = &[
    "const", "noexcept", "override", "final", "mutable", "volatile",
];

/// An `if` a site is reported under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Guard {
    /// The condition, as written (spaces collapsed).
    pub condition: String,
    /// Whether the site is in the `else` of that `if`.
    pub negated: bool,
}

/// A log call beside a site: `MSPROF_LOGE("new aclprofConfig fail")`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogCall {
    /// The call, as written (spaces collapsed).
    pub text: String,
    /// Where the call starts.
    pub at: Position,
}

/// What surrounds one report site.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SiteContext {
    /// The enclosing function, qualified as the source qualifies it
    /// (`MsprofTxManager::Init`); a gtest case as `TEST_F(Suite, Name)`;
    /// `None` at file scope or when it cannot be told.
    pub function: Option<String>,
    /// The `if`s the site is reported under, outermost first.
    pub guards: Vec<Guard>,
    /// The call's arguments, each as written (spaces collapsed).
    pub args: Vec<String>,
    /// The log call nearest the site in its block, within a few lines.
    pub log: Option<LogCall>,
    /// For a site in a function-like macro's body: the macro's parameters.
    pub macro_params: Vec<String>,
    /// For a site in a macro's body: the macro's uses in the same file,
    /// each with what surrounds it (its `args` are the use's).
    pub uses: Vec<(Position, SiteContext)>,
}

/// How many uses of a macro are told.
const USES_TOLD: usize = 64;

/// An assertion that checks a literal holding the code:
/// `EXPECT_STREQ(msg, "EK0201: ...")`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assertion {
    /// The check's name: `EXPECT_STREQ`.
    pub check: String,
    /// The literal's text, adjacent literals joined, escapes decoded.
    pub literal: String,
    /// Where the check starts.
    pub at: Position,
    /// The test it is in (`TEST_F(Suite, Name)`).
    pub function: Option<String>,
}

/// What [`read_context`] tells of a file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileContext {
    /// One for each site start asked about, in the order asked; `None`
    /// for a start the reader could not resolve (no call there, or
    /// brackets too deep).
    pub sites: Vec<Option<SiteContext>>,
    /// The assertions whose literal holds the code asked about.
    pub assertions: Vec<Assertion>,
    /// Whether the file defines gtest cases (`TEST`, `TEST_F`, `TEST_P`).
    pub gtest: bool,
}

/// Tokens with their brackets paired: a file's outside directives, or one
/// `#define`'s body.
struct Paired<'a> {
    tokens: Vec<Token>,
    /// For each token, the index of the bracket that pairs with it.
    partner: Vec<Option<usize>>,
    /// For each token, the innermost `{` open around it.
    brace: Vec<Option<usize>>,
    bytes: &'a [u8],
    /// Where the file's report sites (of any code) start, sorted: a call
    /// there reports, and is no log line.
    reports: Vec<Position>,
}

/// A file's code, and each `#define`'s body with the macro's name.
struct Read<'a> {
    code: Paired<'a>,
    /// Each `#define`: its name, its parameters, its body.
    macros: Vec<(String, Vec<String>, Paired<'a>)>,
}

impl Read<'_> {
    fn new(bytes: &[u8]) -> Read<'_> {
        let lexer = Tokens::new(bytes);
        let mut tokens = Vec::new();
        let mut directive: Option<Vec<Token>> = None;
        let mut macros = Vec::new();
        for token in lexer {
            match token.tok {
                Tok::Directive => directive = Some(Vec::new()),
                Tok::DirectiveEnd => {
                    if let Some(body) = directive.take() {
                        let paired = Paired::pair(body, bytes);
                        if paired.is_word(0, "define")
                            && let Some(name) = paired.word(1)
                        {
                            // `NAME(a, b)` with no space: a function-like macro.
                            let params = match paired.tokens.get(2) {
                                Some(open)
                                    if open.tok == Tok::Punct(b'(')
                                        && open.start == paired.tokens[1].end =>
                                {
                                    paired.parts(2).unwrap_or_default()
                                }
                                _ => Vec::new(),
                            };
                            let params: Vec<String> = params
                                .into_iter()
                                .map(|range| paired.joined(range))
                                .collect();
                            let body: Vec<Token> = paired.tokens.into_iter().skip(2).collect();
                            macros.push((name, params, Paired::pair(body, bytes)));
                        }
                    }
                }
                _ => match &mut directive {
                    Some(body) => body.push(token),
                    None => tokens.push(token),
                },
            }
        }
        Read {
            code: Paired::pair(tokens, bytes),
            macros,
        }
    }
}

impl Paired<'_> {
    fn read(bytes: &[u8]) -> Paired<'_> {
        Read::new(bytes).code
    }

    fn pair(tokens: Vec<Token>, bytes: &[u8]) -> Paired<'_> {
        let mut partner = vec![None; tokens.len()];
        let mut brace = vec![None; tokens.len()];
        let mut open: Vec<usize> = Vec::new();
        let mut braces: Vec<usize> = Vec::new();
        let mut too_deep = 0usize;
        for (index, token) in tokens.iter().enumerate() {
            brace[index] = braces.last().copied();
            match token.tok {
                Tok::Punct(b'(' | b'[' | b'{') => {
                    if open.len() >= MAX_DEPTH || too_deep > 0 {
                        too_deep += 1;
                        continue;
                    }
                    open.push(index);
                    if token.tok == Tok::Punct(b'{') {
                        braces.push(index);
                    }
                }
                Tok::Punct(close @ (b')' | b']' | b'}')) => {
                    if too_deep > 0 {
                        too_deep -= 1;
                        continue;
                    }
                    let opener = super::scan::opener_of(close);
                    // Close the groups opened after the matching one.
                    if let Some(found) = open
                        .iter()
                        .rposition(|&at| tokens[at].tok == Tok::Punct(opener))
                    {
                        for unpaired in open.drain(found + 1..) {
                            if braces.last() == Some(&unpaired) {
                                braces.pop();
                            }
                        }
                        let at = open.pop().unwrap_or(found);
                        if braces.last() == Some(&at) {
                            braces.pop();
                        }
                        partner[at] = Some(index);
                        partner[index] = Some(at);
                    }
                }
                _ => {}
            }
        }
        Paired {
            tokens,
            partner,
            brace,
            bytes,
            reports: Vec::new(),
        }
    }

    /// The bytes `range` as text, line continuations left out.
    fn text_in(&self, range: std::ops::Range<usize>) -> String {
        let text = String::from_utf8_lossy(&self.bytes[range]);
        if text.contains('\\') {
            text.replace("\\\r\n", "").replace("\\\n", "")
        } else {
            text.into_owned()
        }
    }

    fn text_of(&self, index: usize) -> String {
        let token = &self.tokens[index];
        self.text_in(token.start..token.end)
    }

    fn is_punct(&self, index: usize, byte: u8) -> bool {
        self.tokens
            .get(index)
            .is_some_and(|token| token.tok == Tok::Punct(byte))
    }

    fn is_word(&self, index: usize, word: &str) -> bool {
        self.tokens.get(index).is_some_and(|token| {
            token.tok == Tok::Ident && &self.bytes[token.start..token.end] == word.as_bytes()
        })
    }

    fn word(&self, index: usize) -> Option<String> {
        let token = self.tokens.get(index)?;
        (token.tok == Tok::Ident).then(|| self.text_of(index))
    }

    /// The tokens `range` as written, each gap between two tokens (spaces,
    /// line breaks, comments) one space.
    fn joined(&self, range: std::ops::Range<usize>) -> String {
        let mut text = String::new();
        let mut previous: Option<usize> = None;
        for index in range {
            let token = &self.tokens[index];
            if let Some(end) = previous
                && token.start > end
            {
                text.push(' ');
            }
            text.push_str(&self.text_in(token.start..token.end));
            previous = Some(token.end);
        }
        text
    }

    /// The comma-separated parts of the group opened at `open`, each a
    /// range of tokens.
    fn parts(&self, open: usize) -> Option<Vec<std::ops::Range<usize>>> {
        let close = self.partner[open]?;
        let mut parts = Vec::new();
        let mut start = open + 1;
        let mut index = open + 1;
        while index < close {
            if self.is_punct(index, b',') {
                parts.push(start..index);
                start = index + 1;
            } else if matches!(self.tokens[index].tok, Tok::Punct(b'(' | b'[' | b'{')) {
                index = self.partner[index]?;
            }
            index += 1;
        }
        if start < close || !parts.is_empty() {
            parts.push(start..close);
        }
        Some(parts)
    }

    /// The name of the function whose parameters close at `close` (a `)`),
    /// qualified as written; a gtest case as `TEST_F(Suite, Name)`; `None`
    /// for a control block.
    fn function_name(&self, close: usize) -> Option<String> {
        let open = self.partner[close]?;
        let name_end = open.checked_sub(1)?;
        if self.is_punct(name_end, b']') {
            return Some("(a lambda)".to_owned());
        }
        let last = self.word(name_end)?;
        if CONTROL.contains(&last.as_str()) {
            return None;
        }
        if last.starts_with("TEST") {
            return Some(format!("{last}({})", self.joined(open + 1..close)));
        }
        let mut name = last;
        let mut at = name_end;
        // `A::B::name`, `A::~A`.
        loop {
            if at >= 1 && self.is_punct(at - 1, b'~') {
                name.insert(0, '~');
                at -= 1;
            }
            if at >= 3
                && self.is_punct(at - 1, b':')
                && self.is_punct(at - 2, b':')
                && let Some(scope) = self.word(at - 3)
            {
                name = format!("{scope}::{name}");
                at -= 3;
                continue;
            }
            break;
        }
        Some(name)
    }

    /// What the `{` at `brace` opens: a function (its name), an `if` block
    /// (its guard), or something else.
    fn opened_by(&self, brace: usize) -> Opened {
        let mut before = brace;
        loop {
            let Some(index) = before.checked_sub(1) else {
                return Opened::Other;
            };
            match self.word(index) {
                Some(word) if AFTER_PARAMS.contains(&word.as_str()) => before = index,
                _ => break,
            }
        }
        let Some(last) = before.checked_sub(1) else {
            return Opened::Other;
        };
        if self.is_word(last, "else") {
            // `} else {`: the `if` of the `}` before.
            if let Some(guard) = last
                .checked_sub(1)
                .filter(|&end| self.is_punct(end, b'}'))
                .and_then(|end| self.partner[end])
                .and_then(|open| self.if_condition(open))
            {
                return Opened::Guard(Guard {
                    negated: true,
                    ..guard
                });
            }
            return Opened::Other;
        }
        if !self.is_punct(last, b')') {
            return Opened::Other;
        }
        if let Some(guard) = self.if_condition(before) {
            return Opened::Guard(guard);
        }
        let Some(open) = self.partner[last] else {
            return Opened::Other;
        };
        if open >= 1
            && self
                .word(open - 1)
                .is_some_and(|word| CONTROL.contains(&word.as_str()))
        {
            return Opened::Other;
        }
        match self.function_name(self.past_initializers(last)) {
            Some(name) => Opened::Function(name),
            None => Opened::Other,
        }
    }

    /// The `)` of a constructor's parameters when `close` ends its
    /// initializer list (`Pool::Pool(int n) : size_(n), used_(0) {`);
    /// `close` itself otherwise.
    fn past_initializers(&self, close: usize) -> usize {
        let mut end = close;
        // Each step goes back over one `name(...)` and its `,` or `:`: a
        // list of at most the file's tokens.
        loop {
            let Some(open) = self.partner[end] else {
                return close;
            };
            let Some(name) = open
                .checked_sub(1)
                .filter(|&name| self.word(name).is_some())
            else {
                return close;
            };
            let Some(before) = name.checked_sub(1) else {
                return close;
            };
            if self.is_punct(before, b',') && before >= 1 && self.is_punct(before - 1, b')') {
                end = before - 1;
                continue;
            }
            let single_colon =
                self.is_punct(before, b':') && !(before >= 1 && self.is_punct(before - 1, b':'));
            if single_colon && before >= 1 && self.is_punct(before - 1, b')') {
                return before - 1;
            }
            return close;
        }
    }

    /// The condition of the `if (...)` just before token `at`.
    fn if_condition(&self, at: usize) -> Option<Guard> {
        let close = at.checked_sub(1)?;
        if !self.is_punct(close, b')') {
            return None;
        }
        let open = self.partner[close]?;
        let mut word = open.checked_sub(1)?;
        if self.is_word(word, "constexpr") {
            word = word.checked_sub(1)?;
        }
        self.is_word(word, "if").then(|| Guard {
            condition: self.joined(open + 1..close),
            negated: false,
        })
    }

    /// The start of the statement of the site called at `callee`, and the
    /// unbraced `if` it follows.
    fn unbraced_guard(&self, callee: usize) -> Option<Guard> {
        let mut index = callee;
        for _ in 0..LOOK_BACK {
            let previous = index.checked_sub(1)?;
            match self.tokens[previous].tok {
                Tok::Punct(b';' | b'{' | b'}') => return None,
                Tok::Punct(b')') => {
                    if let Some(guard) = self.if_condition(index) {
                        return Some(guard);
                    }
                    index = self.partner[previous]?;
                }
                Tok::Ident if self.is_word(previous, "else") => {
                    let end = previous.checked_sub(1)?;
                    let start = self.statement_before(end)?;
                    return self.if_condition(start).map(|guard| Guard {
                        negated: true,
                        ..guard
                    });
                }
                _ => index = previous,
            }
        }
        None
    }

    /// The first token of the statement that ends at `end` (its `;` or `}`).
    fn statement_before(&self, end: usize) -> Option<usize> {
        if self.is_punct(end, b'}') {
            return self.partner[end];
        }
        let mut index = end;
        for _ in 0..LOOK_BACK {
            let previous = index.checked_sub(1)?;
            match self.tokens[previous].tok {
                Tok::Punct(b';' | b'{' | b'}') => return Some(index),
                Tok::Punct(b')') if self.if_condition(index).is_some() => return Some(index),
                Tok::Punct(b')') => index = self.partner[previous]?,
                _ => index = previous,
            }
        }
        None
    }

    /// The log call nearest the site at `callee` among the statements of
    /// its block.
    fn log_beside(&self, callee: usize) -> Option<LogCall> {
        let line = self.tokens[callee].at.line;
        let (start, end) = match self.brace[callee] {
            Some(open) => (open + 1, self.partner[open]?),
            None => (0, self.tokens.len()),
        };
        let mut best: Option<(u32, LogCall)> = None;
        let mut index = start;
        while index < end {
            let token = &self.tokens[index];
            if index != callee
                && token.tok == Tok::Ident
                && self.is_punct(index + 1, b'(')
                && self.text_of(index).to_ascii_uppercase().contains("LOG")
                && let Some(close) = self.partner[index + 1]
                && !self.names_a_code(index + 2..close)
                && self.reports.binary_search(&token.at).is_err()
            {
                let distance = token.at.line.abs_diff(line);
                if distance <= LOG_LINES && best.as_ref().is_none_or(|(best, _)| distance < *best) {
                    best = Some((
                        distance,
                        LogCall {
                            text: self.joined(index..close + 1),
                            at: token.at,
                        },
                    ));
                }
                index = close + 1;
                continue;
            }
            if matches!(token.tok, Tok::Punct(b'{')) && index != start {
                // A nested block's statements are not the site's.
                match self.partner[index] {
                    Some(close) => index = close + 1,
                    None => index += 1,
                }
                continue;
            }
            index += 1;
        }
        best.map(|(_, log)| log)
    }

    /// Whether a token of `range` is a code or names one
    /// (`"EH0001"`, `ErrorCode::EE1013`): a call with one reports, and
    /// is no log line.
    fn names_a_code(&self, range: std::ops::Range<usize>) -> bool {
        self.tokens[range].iter().any(|token| match &token.tok {
            Tok::Str(text) => is_code_shaped(text),
            Tok::Ident => is_code_shaped(&self.text_in(token.start..token.end)),
            _ => false,
        })
    }

    /// The function around token `at` and the `if`s guarding it.
    fn around(&self, at: usize) -> (Option<String>, Vec<Guard>) {
        let mut guards = Vec::new();
        if let Some(guard) = self.unbraced_guard(at) {
            guards.push(guard);
        }
        let mut function = None;
        let mut brace = self.brace[at];
        // Each step goes out one brace: bounded by the depth.
        while let Some(open) = brace {
            match self.opened_by(open) {
                Opened::Function(name) => {
                    function = Some(name);
                    break;
                }
                Opened::Guard(guard) => guards.push(guard),
                Opened::Other => {}
            }
            brace = self.brace[open];
        }
        guards.reverse();
        (function, guards)
    }

    /// The context of the site whose call starts at `start`.
    fn site(&self, start: Position, code: Option<Position>) -> Option<SiteContext> {
        let found = |at: Position| self.tokens.binary_search_by(|token| token.at.cmp(&at)).ok();
        // `Report<T>(...)`: the call's `(` after the name's template
        // arguments.
        let after_name = found(start).and_then(|callee| {
            let open = (callee + 1..self.tokens.len().min(callee + LOOK_BACK))
                .take_while(|&index| {
                    matches!(
                        self.tokens[index].tok,
                        Tok::Ident | Tok::Number | Tok::Punct(b'<' | b'>' | b':' | b',' | b'(')
                    )
                })
                .find(|&index| self.is_punct(index, b'('))?;
            Some((callee, open))
        });
        // Else the `(` around the code's argument, and the name before it.
        let (callee, open) = match after_name {
            Some(found) => found,
            None => {
                let open = self.enclosing_open(found(code?)?)?;
                (open.checked_sub(1)?, open)
            }
        };
        let args = self
            .parts(open)?
            .into_iter()
            .map(|range| self.joined(range))
            .collect();
        let (function, guards) = self.around(callee);
        Some(SiteContext {
            function,
            guards,
            args,
            log: self.log_beside(callee),
            macro_params: Vec::new(),
            uses: Vec::new(),
        })
    }

    /// The uses of the macro `name` in the code, each with what surrounds
    /// it, at most [`USES_TOLD`].
    fn uses_of(&self, name: &str) -> Vec<(Position, SiteContext)> {
        self.tokens
            .iter()
            .enumerate()
            .filter(|(index, _)| self.is_word(*index, name) && self.is_punct(index + 1, b'('))
            .filter_map(|(_, token)| Some((token.at, self.site(token.at, None)?)))
            .take(USES_TOLD)
            .collect()
    }

    /// The `(` whose group holds token `at` as an argument.
    fn enclosing_open(&self, at: usize) -> Option<usize> {
        let mut index = at;
        loop {
            index = index.checked_sub(1)?;
            match self.tokens[index].tok {
                Tok::Punct(b'(') => return Some(index),
                Tok::Punct(b'[' | b'{' | b';') => return None,
                Tok::Punct(b')' | b']' | b'}') => index = self.partner[index]?,
                _ => {}
            }
        }
    }

    /// The literal that is the whole of the part `range`, adjacent
    /// literals joined.
    fn literal(&self, range: std::ops::Range<usize>) -> Option<String> {
        let mut text = String::new();
        for token in &self.tokens[range.clone()] {
            match &token.tok {
                Tok::Str(part) => text.push_str(part),
                _ => return None,
            }
        }
        (!range.is_empty()).then_some(text)
    }
}

enum Opened {
    Function(String),
    Guard(Guard),
    Other,
}

/// The context of each site of `sites`, each given by where its call
/// starts and where its code's argument is ([`Site::start`] and
/// [`Site::at`]); the assertions whose literal holds `code`; and whether
/// the file defines gtest cases. `reports` are where the file's report
/// sites of every code start: none of them is a site's log line.
///
/// [`Site::start`]: super::Site::start
/// [`Site::at`]: super::Site::at
///
/// ```
/// use errcat_catalog::{Position, c_source::read_context};
/// let file = read_context(br#"
/// int Pool::Init(int size) {
///     if (buf == nullptr) {
///         LOGE("no buffer");
///         REPORT("EK0201", {"buf_size"}, {std::to_string(size) + "B"});
///     }
/// }
/// "#, &[(Position::new(5, 9), Position::new(5, 16))], &[], "EK0201");
/// let site = file.sites[0].as_ref().unwrap();
/// assert_eq!(site.function.as_deref(), Some("Pool::Init"));
/// assert_eq!(site.guards[0].condition, "buf == nullptr");
/// assert_eq!(site.args[2], r#"{std::to_string(size) + "B"}"#);
/// assert_eq!(site.log.as_ref().unwrap().text, r#"LOGE("no buffer")"#);
/// ```
pub fn read_context(
    bytes: &[u8],
    sites: &[(Position, Position)],
    reports: &[Position],
    code: &str,
) -> FileContext {
    let mut read = Read::new(bytes);
    let mut reports = reports.to_vec();
    reports.sort_unstable();
    for (_, _, body) in &mut read.macros {
        body.reports.clone_from(&reports);
    }
    read.code.reports = reports;
    let paired = &read.code;
    let sites = sites
        .iter()
        .map(|(start, at)| {
            paired.site(*start, Some(*at)).or_else(|| {
                // A site in a macro's body: the macro is what reports.
                read.macros.iter().find_map(|(name, params, body)| {
                    let mut site = body.site(*start, Some(*at))?;
                    site.function
                        .get_or_insert_with(|| format!("#define {name}"));
                    site.macro_params = params.clone();
                    site.uses = paired.uses_of(name);
                    Some(site)
                })
            })
        })
        .collect();
    let mut assertions = Vec::new();
    let mut gtest = false;
    for (index, token) in paired.tokens.iter().enumerate() {
        if token.tok != Tok::Ident || !paired.is_punct(index + 1, b'(') {
            continue;
        }
        let name = paired.text_of(index);
        if matches!(name.as_str(), "TEST" | "TEST_F" | "TEST_P") && paired.brace[index].is_none() {
            gtest = true;
        }
        if !(name.starts_with("EXPECT_") || name.starts_with("ASSERT_")) {
            continue;
        }
        let Some(parts) = paired.parts(index + 1) else {
            continue;
        };
        for part in parts {
            if let Some(literal) = paired.literal(part)
                && literal.contains(code)
            {
                assertions.push(Assertion {
                    check: name.clone(),
                    literal,
                    at: token.at,
                    function: paired.around(index).0,
                });
            }
        }
    }
    FileContext {
        sites,
        assertions,
        gtest,
    }
}

/// The uses of the function-like macro `name` in a file's code (outside
/// directives), each with what surrounds it, its `args` the use's; at
/// most 64. `reports` are as [`read_context`] takes them. For a macro
/// whose body reports, defined in a header and used elsewhere.
///
/// ```
/// use errcat_catalog::{Position, c_source::read_macro_uses};
/// let uses = read_macro_uses(b"int f(int n) {\n  if (!n) REPORT_OOM(n + 1);\n}\n", "REPORT_OOM", &[]);
/// assert_eq!(uses[0].0, Position::new(2, 11));
/// assert_eq!(uses[0].1.function.as_deref(), Some("f"));
/// assert_eq!(uses[0].1.args, ["n + 1"]);
/// ```
pub fn read_macro_uses(
    bytes: &[u8],
    name: &str,
    reports: &[Position],
) -> Vec<(Position, SiteContext)> {
    let mut read = Read::new(bytes);
    let mut reports = reports.to_vec();
    reports.sort_unstable();
    read.code.reports = reports;
    read.code.uses_of(name)
}

/// The items of a list argument as a site writes its keys or values:
/// `{a, b}`, `std::vector<std::string>({a, b})`, `ARRAY(a, b)`; `None`
/// for an argument of another shape.
///
/// ```
/// use errcat_catalog::c_source::list_items;
/// assert_eq!(
///     list_items(r#"std::vector<std::string>({std::to_string(n) + "B", name})"#),
///     Some(vec![r#"std::to_string(n) + "B""#.to_owned(), "name".to_owned()])
/// );
/// assert_eq!(list_items("ARRAY(\"100\")"), Some(vec!["\"100\"".to_owned()]));
/// assert_eq!(list_items("values"), None);
/// ```
pub fn list_items(arg: &str) -> Option<Vec<String>> {
    let paired = Paired::read(arg.as_bytes());
    let count = paired.tokens.len();
    let last = count.checked_sub(1)?;
    // The list's brackets: the whole argument's `{...}`, or the `(...)`
    // closing it, with one `{...}` inside or its items directly.
    let close = if paired.is_punct(last, b'}') || paired.is_punct(last, b')') {
        last
    } else {
        return None;
    };
    let mut open = paired.partner[close]?;
    if paired.is_punct(close, b')') {
        if open == 0 {
            return None;
        }
        if paired.is_punct(open + 1, b'{') && paired.partner[open + 1] == Some(close - 1) {
            open += 1;
        }
    } else if open != 0 && !paired.is_punct(open - 1, b')') {
        // `Type{...}` reads as a list too.
        paired.word(open - 1)?;
    }
    let parts = paired.parts(open)?;
    Some(
        parts
            .into_iter()
            .map(|range| paired.joined(range))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = r#"namespace prof {
int Mgr::Create(int size)
{
    if (ret != OK) {
        LOGE("init failed, ret is %d", ret);
        REPORT("EK0201", {"buf_size"}, {std::to_string(size) + "B"});
        return ret;
    } else {
        RT_LOG_OUTER_MSG(HOST_ERROR, "other");
        REPORT("EK0202", {"reason"}, {"other"});
    }
    if (a) REPORT("EK0203", {"x"}, {y});
    auto f = [&]() { REPORT("EK0204", {}, {}); };
}
}
TEST_F(ErrTest, Report)
{
    REPORT("EK0201", {"buf_size"}, {"100"});
    EXPECT_STREQ(msg, "EK0201: Failed "
                      "for 100.");
}
"#;

    fn start(code: &str) -> (Position, Position) {
        let line = SOURCE.lines().position(|line| line.contains(code)).unwrap();
        let text = SOURCE.lines().nth(line).unwrap();
        let column = text.find("REPORT").unwrap();
        let at = text.find("\"EK").unwrap();
        (
            Position::new(line as u32 + 1, column as u32 + 1),
            Position::new(line as u32 + 1, at as u32 + 1),
        )
    }

    #[test]
    fn sites_are_told_their_function_guard_arguments_and_log() {
        let starts = [
            start("EK0201\", {\"buf_size\"}, {std"),
            start("EK0202"),
            start("EK0203"),
            start("EK0204"),
        ];
        // A report through a constant, whose name has LOG in it, is no log.
        let line = SOURCE
            .lines()
            .position(|line| line.contains("RT_LOG_OUTER_MSG"))
            .unwrap();
        let reports = [Position::new(line as u32 + 1, 9)];
        let file = read_context(SOURCE.as_bytes(), &starts, &reports, "EK0201");
        let first = file.sites[0].as_ref().unwrap();
        assert_eq!(first.function.as_deref(), Some("Mgr::Create"));
        assert_eq!(
            first.guards,
            [Guard {
                condition: "ret != OK".to_owned(),
                negated: false
            }]
        );
        assert_eq!(first.args[2], r#"{std::to_string(size) + "B"}"#);
        assert_eq!(
            first.log.as_ref().unwrap().text,
            r#"LOGE("init failed, ret is %d", ret)"#
        );
        let second = file.sites[1].as_ref().unwrap();
        assert!(second.guards[0].negated);
        assert_eq!(second.log, None);
        let third = file.sites[2].as_ref().unwrap();
        assert_eq!(third.guards[0].condition, "a");
        let fourth = file.sites[3].as_ref().unwrap();
        assert_eq!(fourth.function.as_deref(), Some("(a lambda)"));
        assert!(file.gtest);
        assert_eq!(file.assertions.len(), 1);
        assert_eq!(file.assertions[0].literal, "EK0201: Failed for 100.");
        assert_eq!(
            file.assertions[0].function.as_deref(),
            Some("TEST_F(ErrTest, Report)")
        );
    }

    #[test]
    fn a_site_in_a_macro_is_told_its_macro() {
        let source = "#define REPORT_OOM(size) \\\n    REPORT<int>(\"EK0201\", {\"buf_size\"}, {size})\nvoid g(int n) {\n    if (n > 4) REPORT_OOM(n * 2);\n}\n";
        let file = read_context(
            source.as_bytes(),
            &[(Position::new(2, 5), Position::new(2, 17))],
            &[],
            "EK0201",
        );
        let site = file.sites[0].as_ref().unwrap();
        assert_eq!(site.function.as_deref(), Some("#define REPORT_OOM"));
        assert_eq!(site.macro_params, ["size"]);
        let (at, used) = &site.uses[0];
        assert_eq!(*at, Position::new(4, 16));
        assert_eq!(used.function.as_deref(), Some("g"));
        assert_eq!(used.guards[0].condition, "n > 4");
        assert_eq!(used.args, ["n * 2"]);
        assert_eq!(site.args, ["\"EK0201\"", "{\"buf_size\"}", "{size}"]);
    }

    #[test]
    fn a_call_named_before_its_statement_is_found_from_its_code() {
        // The start the site reader gives may be the statement's.
        let source = "void f() {\n    auto r = Report<T>(\"EK0201\", {\"k\"}, {n});\n}\n";
        let file = read_context(
            source.as_bytes(),
            &[(Position::new(2, 5), Position::new(2, 24))],
            &[],
            "EK0201",
        );
        let site = file.sites[0].as_ref().unwrap();
        assert_eq!(site.function.as_deref(), Some("f"));
        assert_eq!(site.args, ["\"EK0201\"", "{\"k\"}", "{n}"]);
    }

    #[test]
    fn a_constructor_is_named_past_its_initializers() {
        let source = "Pool::Pool(int n) : size_(n), used_(0)\n{\n    if (!n) REPORT(\"EK0201\", {\"k\"}, {n});\n}\n";
        let file = read_context(
            source.as_bytes(),
            &[(Position::new(3, 13), Position::new(3, 20))],
            &[],
            "EK0201",
        );
        let site = file.sites[0].as_ref().unwrap();
        assert_eq!(site.function.as_deref(), Some("Pool::Pool"));
        assert_eq!(site.guards[0].condition, "!n");
    }

    #[test]
    fn a_start_with_no_call_is_unresolved() {
        let file = read_context(
            b"int x;",
            &[(Position::new(1, 1), Position::new(1, 5))],
            &[],
            "EK0201",
        );
        assert_eq!(file.sites, [None]);
    }

    #[test]
    fn deep_brackets_are_not_paired_past_the_limit() {
        let mut source = "void f() {".to_owned();
        source.push_str(&"(".repeat(MAX_DEPTH * 2));
        source.push_str("REPORT(\"EK0201\")");
        source.push_str(&")".repeat(MAX_DEPTH * 2));
        source.push('}');
        let column = source.find("REPORT").unwrap() as u32 + 1;
        let file = read_context(
            source.as_bytes(),
            &[(Position::new(1, column), Position::new(1, column + 7))],
            &[],
            "EK0201",
        );
        assert_eq!(file.sites, [None]);
    }
}
