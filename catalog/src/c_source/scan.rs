//! The tokens of a C file as bracket groups, read as they come: each open
//! group keeps only what its parent may need of it (a row's five fields, a
//! call's arguments, a list's literals), and is told to the visitor as a
//! row or a site when it closes. Memory holds the open groups, each
//! bounded, never the file's tokens.

use std::ops::Range;

use super::lex::{AllowComment, Tok, Token, Tokens, Unclosed, integer};
use super::{
    ArrayMember, Constant, Define, Layout, MAX_DEPTH, MAX_ITEMS, Problem, Row, RowText, Site,
    SiteCode, Visitor, is_code_shaped,
};
use crate::position::Position;

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

/// How many arguments of a bracket group are kept whole (with their
/// places), beyond a call's: a row has five.
const ARGS_KEPT: usize = 8;

/// An item of a closed group, as its parent sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Item {
    Str(String),
    /// A single name or number.
    Word(String),
    Other,
}

/// A closed bracket group, as its parent sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Summary {
    open: u8,
    at: Position,
    span: Range<usize>,
    /// Its comma-separated items, at most [`MAX_ITEMS`].
    items: Vec<Item>,
    /// How many items it has.
    count: usize,
    /// Its only item, when that is a `{` group: `({"a", "b"})`.
    inner: Option<Box<Summary>>,
}

impl Summary {
    fn literals(&self) -> Option<Vec<String>> {
        if self.items.len() != self.count {
            return None;
        }
        self.items
            .iter()
            .map(|item| match item {
                Item::Str(text) => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    fn values(&self) -> Option<Vec<Option<String>>> {
        if self.items.len() != self.count {
            return None;
        }
        Some(
            self.items
                .iter()
                .map(|item| match item {
                    Item::Str(text) => Some(text.clone()),
                    _ => None,
                })
                .collect(),
        )
    }
}

/// An argument (a comma-separated part) of a group, whole.
#[derive(Debug, Clone)]
struct Arg {
    span: Range<usize>,
    at: Position,
    shape: Shape,
    /// Its items when it is written as a list (see [`ArgState::list`]).
    list: Option<Summary>,
}

#[derive(Debug, Clone)]
enum Shape {
    Str(String),
    /// A name, `a::b::c` or `c`.
    Name(String),
    Number,
    Group(Summary),
    Other,
}

/// A tree as it enters an argument. Names and numbers are their bytes in
/// the file: most are never needed as text, and are never copied.
enum Tree {
    Str(String),
    Ident(Range<usize>),
    Number(Range<usize>),
    Punct(u8),
    Group(Summary),
    Other,
}

/// The small kind of a tree, for the patterns read across trees.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Recent {
    Ident(Range<usize>),
    Punct(u8),
    Str,
    /// `[N]`, with its one word.
    Bound(String),
    Other,
}

/// One of a directive's first trees, as text.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Head {
    Ident(String),
    Str(String),
    Number(String),
    Other,
}

/// The first tree of an argument, while it is the only one.
#[derive(Debug, Clone)]
enum Single {
    Str(String),
    Ident(Range<usize>),
    Number(Range<usize>),
    Other,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PathState {
    Start,
    AfterIdent,
    AfterColon,
    AfterColons,
    /// One `:` of a leading `::`.
    Leading,
    Broken,
}

/// The argument being read.
struct ArgState {
    trees: usize,
    span: Range<usize>,
    at: Position,
    /// The first tree, while it is the only one.
    single: Option<Single>,
    /// The last tree was a string literal, which the next one joins.
    joining: bool,
    /// The first name of a path (`a` of `a::b`), and the path as text once
    /// it has a second name.
    path_first: Option<Range<usize>>,
    path: String,
    path_state: PathState,
    /// Every tree before the last group is a name, `::`, `<`, `>`, `*` or `&`.
    prefix_ok: bool,
    /// The tree before the last group is `>`.
    prefix_gt: bool,
    /// The trees before the last group are one name in capitals.
    prefix_macro: bool,
    /// The last tree, when it is a group.
    tail: Option<Summary>,
    /// The last trees, for `NAME = "CODE";` and `name[BOUND];`.
    recent: [Recent; 3],
    /// `NAME = "CODE"` read, waiting for what follows.
    constant: Option<Constant>,
    /// The last name, for a call's `(` after it.
    last_ident: Option<(Range<usize>, Position)>,
    last_gt: bool,
}

impl ArgState {
    fn new() -> ArgState {
        ArgState {
            trees: 0,
            span: 0..0,
            at: Position::default(),
            single: None,
            joining: false,
            path_first: None,
            path: String::new(),
            path_state: PathState::Start,
            prefix_ok: true,
            prefix_gt: false,
            prefix_macro: false,
            tail: None,
            recent: [Recent::Other, Recent::Other, Recent::Other],
            constant: None,
            last_ident: None,
            last_gt: false,
        }
    }

    /// The argument as a list of items: `{a, b}`, `Type<...>({a, b})`,
    /// `Type<...>{a, b}`, `Type<...>()`, or `MACRO(a, b)` (a name in capitals).
    fn list(&self) -> Option<Summary> {
        let tail = self.tail.as_ref()?;
        if !self.prefix_ok {
            return None;
        }
        let prefix = self.trees - 1;
        let typed = prefix > 0 && self.prefix_gt;
        let macro_name = prefix == 1 && self.prefix_macro && tail.count > 0;
        let bare = prefix == 0 && tail.open == b'{';
        if !(typed || macro_name || bare) {
            return None;
        }
        match (tail.open, &tail.inner) {
            (b'(', Some(inner)) if typed => Some((**inner).clone()),
            (b'(' | b'{', _) => Some(tail.clone()),
            _ => None,
        }
    }

    fn finish(self, tokens: &Tokens) -> Option<Arg> {
        if self.trees == 0 {
            return None;
        }
        let list = self.list();
        let shape = match (self.trees, self.single, self.tail) {
            (1, Some(Single::Str(text)), _) => Shape::Str(text),
            (1, Some(Single::Ident(range)), _) => Shape::Name(tokens.text_of(range)),
            (1, Some(Single::Number(_)), _) => Shape::Number,
            (1, Some(Single::Other), _) => Shape::Other,
            (1, None, Some(group)) => Shape::Group(group),
            _ if self.path_state == PathState::AfterIdent && !self.path.is_empty() => {
                Shape::Name(self.path)
            }
            _ if self.path_state == PathState::AfterIdent => match self.path_first {
                Some(first) => Shape::Name(tokens.text_of(first)),
                None => Shape::Other,
            },
            _ => Shape::Other,
        };
        Some(Arg {
            span: self.span,
            at: self.at,
            shape,
            list,
        })
    }

    /// The argument as an item of its group; a name or number as a word
    /// only in `[...]`, where a bound is read from it.
    fn item(&self, tokens: &Tokens, in_brackets: bool) -> Item {
        if self.trees != 1 {
            return Item::Other;
        }
        match &self.single {
            Some(Single::Str(text)) => Item::Str(text.clone()),
            Some(Single::Ident(range) | Single::Number(range)) if in_brackets => {
                Item::Word(tokens.text_of(range.clone()))
            }
            _ => Item::Other,
        }
    }
}

/// An open bracket group.
struct Frame {
    open: u8,
    at: Position,
    start: usize,
    /// The called name's place and name, when the group is a call's arguments.
    callee: Option<(Position, usize)>,
    /// The arguments read so far: every one for a call, the first
    /// [`ARGS_KEPT`] for another group.
    args: Vec<Arg>,
    items: Vec<Item>,
    count: usize,
    arg: ArgState,
}

impl Frame {
    fn root() -> Frame {
        Frame {
            open: 0,
            at: Position::default(),
            start: 0,
            callee: None,
            args: Vec::new(),
            items: Vec::new(),
            count: 0,
            arg: ArgState::new(),
        }
    }

    fn is_root(&self) -> bool {
        self.open == 0
    }
}

/// The groups open in the code, or in one directive.
struct Stack {
    frames: Vec<Frame>,
    /// How many of `(`, `[`, `{` are open among `frames`.
    open: [usize; 3],
    /// Openers beyond [`MAX_DEPTH`], whose insides are not read.
    overflow: Vec<u8>,
    /// Whether the stack is a directive's.
    directive: bool,
    /// A directive's first trees: `define NAME "CODE"`.
    head: Vec<(Head, Position)>,
}

impl Stack {
    fn new(directive: bool) -> Stack {
        Stack {
            frames: vec![Frame::root()],
            open: [0; 3],
            overflow: Vec::new(),
            directive,
            head: Vec::new(),
        }
    }

    /// Whether a directive's first trees are still being kept.
    fn wants_head(&self) -> bool {
        self.directive && self.frames.len() == 1 && self.head.len() < 4
    }

    /// Keeps one of a directive's first trees.
    fn head(&mut self, head: Head, at: Position) {
        if self.wants_head() {
            self.head.push((head, at));
        }
    }
}

pub(super) fn bracket_index(byte: u8) -> usize {
    match byte {
        b'(' | b')' => 0,
        b'[' | b']' => 1,
        _ => 2,
    }
}

pub(super) fn opener_of(close: u8) -> u8 {
    match close {
        b')' => b'(',
        b']' => b'[',
        _ => b'{',
    }
}

struct Scanner<'a, 'v, V> {
    tokens: Tokens<'a>,
    visitor: &'v mut V,
    /// The lines of the allow comments that stand before a row or a site.
    used_allows: Vec<u32>,
    told_too_deep: bool,
    told_too_many: bool,
}

pub(super) fn scan(bytes: &[u8], visitor: &mut impl Visitor) {
    let mut scanner = Scanner {
        tokens: Tokens::new(bytes),
        visitor,
        used_allows: Vec::new(),
        told_too_deep: false,
        told_too_many: false,
    };
    let mut code = Stack::new(false);
    let mut directive: Option<Stack> = None;
    while let Some(token) = scanner.tokens.next() {
        match token.tok {
            Tok::Directive => directive = Some(Stack::new(true)),
            Tok::DirectiveEnd => {
                if let Some(stack) = directive.take() {
                    scanner.end_directive(stack, token.start);
                }
            }
            _ => match &mut directive {
                Some(stack) => scanner.token_in(stack, token),
                None => scanner.token_in(&mut code, token),
            },
        }
    }
    if let Some(stack) = directive.take() {
        scanner.end_directive(stack, bytes.len());
    }
    scanner.close_all(&mut code, bytes.len());
    for unclosed in scanner.tokens.unclosed() {
        scanner.visitor.problem(match unclosed {
            Unclosed::Conditional(at) => Problem::UnclosedConditional(at),
            Unclosed::RawString(at) => Problem::UnclosedRawString(at),
            Unclosed::Comment(at) => Problem::UnclosedComment(at),
        });
    }
    let stray: Vec<Position> = scanner
        .tokens
        .allows()
        .iter()
        .filter(|allow| !scanner.used_allows.contains(&allow.line))
        .map(|allow| allow.at)
        .collect();
    for at in stray {
        scanner.visitor.problem(Problem::StrayAllow(at));
    }
}

impl<V: Visitor> Scanner<'_, '_, V> {
    fn end_directive(&mut self, mut stack: Stack, end: usize) {
        self.close_all(&mut stack, end);
        // `#define NAME "CODE"` and `#define NAME 3`.
        if let [
            (Head::Ident(define), _),
            (Head::Ident(name), at),
            (value, _),
        ] = stack.head.as_slice()
            && define == "define"
        {
            match value {
                Head::Str(code) if is_code_shaped(code) => {
                    self.visitor.constant(Constant {
                        name: name.clone(),
                        code: code.clone(),
                        at: *at,
                    });
                }
                Head::Number(number) => {
                    if let Some(value) = integer(number) {
                        self.visitor.define(Define {
                            name: name.clone(),
                            value,
                            at: *at,
                        });
                    }
                }
                _ => {}
            }
        }
    }

    fn token_in(&mut self, stack: &mut Stack, token: Token) {
        if !stack.overflow.is_empty() {
            match token.tok {
                Tok::Punct(open @ (b'(' | b'[' | b'{')) => stack.overflow.push(open),
                Tok::Punct(close @ (b')' | b']' | b'}')) => {
                    let open = opener_of(close);
                    while let Some(last) = stack.overflow.pop() {
                        if last == open {
                            break;
                        }
                    }
                    if stack.overflow.is_empty() {
                        self.push_tree(stack, Tree::Other, &token);
                    }
                }
                _ => {}
            }
            return;
        }
        match &token.tok {
            Tok::Punct(open @ (b'(' | b'[' | b'{')) => self.open(stack, *open, &token),
            Tok::Punct(close @ (b')' | b']' | b'}')) => self.close_at(stack, *close, &token),
            Tok::Punct(b',') => {
                if let Some(frame) = stack.frames.last_mut() {
                    self.end_arg(frame);
                }
            }
            Tok::Str(text) => {
                if stack.directive && stack.frames.len() == 1 {
                    match stack.head.last_mut() {
                        Some((Head::Str(joined), _)) => joined.push_str(text),
                        _ => stack.head(Head::Str(text.clone()), token.at),
                    }
                }
                let Token { tok, .. } = &token;
                let text = match tok {
                    Tok::Str(text) => text.clone(),
                    _ => String::new(),
                };
                self.push_str(stack, text, &token);
            }
            Tok::Ident => {
                if stack.wants_head() {
                    stack.head(Head::Ident(self.tokens.text(&token)), token.at);
                }
                self.push_tree(stack, Tree::Ident(token.start..token.end), &token);
            }
            Tok::Number => {
                if stack.wants_head() {
                    stack.head(Head::Number(self.tokens.text(&token)), token.at);
                }
                self.push_tree(stack, Tree::Number(token.start..token.end), &token);
            }
            Tok::Punct(other) => {
                stack.head(Head::Other, token.at);
                self.push_tree(stack, Tree::Punct(*other), &token);
            }
            Tok::Char => {
                stack.head(Head::Other, token.at);
                self.push_tree(stack, Tree::Other, &token);
            }
            Tok::Directive | Tok::DirectiveEnd => {}
        }
    }

    fn open(&mut self, stack: &mut Stack, open: u8, token: &Token) {
        if stack.frames.len() > MAX_DEPTH {
            if !self.told_too_deep {
                self.told_too_deep = true;
                self.visitor.problem(Problem::TooDeep(token.at));
            }
            stack.overflow.push(open);
            return;
        }
        stack.head(Head::Other, token.at);
        let bytes = self.tokens.bytes();
        let callee = match stack.frames.last().map(|frame| &frame.arg) {
            Some(arg) if open == b'(' => match &arg.last_ident {
                Some((name, at))
                    if !NOT_CALLS
                        .iter()
                        .any(|word| word.as_bytes() == &bytes[name.clone()]) =>
                {
                    Some((*at, name.start))
                }
                _ if arg.last_gt => Some((arg.at, arg.span.start)),
                _ => None,
            },
            _ => None,
        };
        stack.open[bracket_index(open)] += 1;
        stack.frames.push(Frame {
            open,
            at: token.at,
            start: token.start,
            callee,
            args: Vec::new(),
            items: Vec::new(),
            count: 0,
            arg: ArgState::new(),
        });
    }

    fn close_at(&mut self, stack: &mut Stack, close: u8, token: &Token) {
        let open = opener_of(close);
        if stack.open[bracket_index(open)] == 0 {
            // A closer without its opener is punctuation.
            self.push_tree(stack, Tree::Punct(close), token);
            return;
        }
        // Close the groups opened after the matching one.
        while stack.frames.len() > 1 {
            let Some(frame) = stack.frames.pop() else {
                break;
            };
            stack.open[bracket_index(frame.open)] -= 1;
            let matched = frame.open == open;
            let summary = self.close(frame, token.end);
            let last = Token {
                tok: Tok::Punct(close),
                start: summary.span.start,
                end: token.end,
                at: summary.at,
            };
            self.push_tree(stack, Tree::Group(summary), &last);
            if matched {
                break;
            }
        }
    }

    fn push_str(&mut self, stack: &mut Stack, text: String, token: &Token) {
        let Some(frame) = stack.frames.last_mut() else {
            return;
        };
        let arg = &mut frame.arg;
        if arg.joining {
            // Adjacent literals are one.
            arg.span.end = token.end;
            if let Some(Single::Str(joined)) = &mut arg.single {
                joined.push_str(&text);
            }
            if let Some(constant) = &mut arg.constant {
                constant.code.push_str(&text);
            }
            return;
        }
        self.push_tree(stack, Tree::Str(text), token);
    }

    fn push_tree(&mut self, stack: &mut Stack, tree: Tree, token: &Token) {
        let Some(frame) = stack.frames.last_mut() else {
            return;
        };
        let in_brace = frame.open == b'{';
        let arg = &mut frame.arg;
        if arg.trees == 0 {
            arg.span.start = token.start;
            arg.at = token.at;
        }
        arg.span.end = token.end;
        arg.trees += 1;
        // What follows `NAME = "CODE"` says whether it was a constant.
        if let Some(constant) = arg.constant.take()
            && matches!(tree, Tree::Punct(b';'))
            && is_code_shaped(&constant.code)
        {
            self.visitor.constant(constant);
        }
        if let Tree::Punct(b';') = tree
            && in_brace
            && let [_, Recent::Ident(name), Recent::Bound(bound)] = &arg.recent
        {
            // `char* argList[MAX_ARG_NUMBER];` in a struct's braces.
            self.visitor.array_member(ArrayMember {
                name: self.tokens.text_of(name.clone()),
                bound: bound.clone(),
                at: arg.at,
            });
        }
        if let Tree::Str(code) = &tree
            && let [before, Recent::Ident(name), Recent::Punct(b'=')] = &arg.recent
            && !matches!(
                before,
                Recent::Punct(b'.' | b'>' | b'=' | b'!' | b'<' | b'+' | b'-' | b'|' | b'&')
            )
        {
            arg.constant = Some(Constant {
                name: self.tokens.text_of(name.clone()),
                code: code.clone(),
                at: token.at,
            });
        }
        let recent = match &tree {
            Tree::Ident(name) => Recent::Ident(name.clone()),
            Tree::Punct(byte) => Recent::Punct(*byte),
            Tree::Str(_) => Recent::Str,
            Tree::Group(group) if group.open == b'[' && group.count == 1 => {
                match &group.items[..] {
                    [Item::Word(word)] => Recent::Bound(word.clone()),
                    _ => Recent::Other,
                }
            }
            _ => Recent::Other,
        };
        arg.recent.rotate_left(1);
        arg.recent[2] = recent;
        arg.joining = matches!(tree, Tree::Str(_));
        arg.last_gt = matches!(tree, Tree::Punct(b'>'));
        arg.last_ident = match &tree {
            Tree::Ident(name) => Some((name.clone(), token.at)),
            _ => None,
        };
        arg.path_state = match (&tree, arg.path_state) {
            (Tree::Ident(name), PathState::Start) => {
                arg.path_first = Some(name.clone());
                PathState::AfterIdent
            }
            (Tree::Ident(name), PathState::AfterColons) => {
                match arg.path_first.clone() {
                    Some(first) if arg.path.is_empty() => {
                        arg.path = self.tokens.text_of(first);
                        arg.path.push_str("::");
                        arg.path.push_str(&self.tokens.text_of(name.clone()));
                    }
                    Some(_) => {
                        arg.path.push_str("::");
                        arg.path.push_str(&self.tokens.text_of(name.clone()));
                    }
                    // `::name`: the global scope, left out.
                    None => arg.path_first = Some(name.clone()),
                }
                PathState::AfterIdent
            }
            (Tree::Punct(b':'), PathState::AfterIdent) => PathState::AfterColon,
            (Tree::Punct(b':'), PathState::AfterColon) => PathState::AfterColons,
            (Tree::Punct(b':'), PathState::Start) => PathState::Leading,
            (Tree::Punct(b':'), PathState::Leading) => PathState::AfterColons,
            _ => PathState::Broken,
        };
        if arg.tail.take().is_some() {
            // A tree after the group: the argument is no list.
            arg.prefix_ok = false;
        }
        let first = arg.trees == 1;
        match tree {
            Tree::Group(group) => {
                arg.single = None;
                arg.tail = Some(group);
            }
            Tree::Ident(name) => {
                arg.prefix_gt = false;
                let bytes = self.tokens.bytes();
                arg.prefix_macro = first
                    && bytes[name.clone()]
                        .iter()
                        .all(|c| c.is_ascii_uppercase() || *c == b'_' || c.is_ascii_digit());
                arg.single = first.then_some(Single::Ident(name));
            }
            Tree::Punct(byte @ (b':' | b'<' | b'>' | b'*' | b'&')) => {
                arg.prefix_gt = byte == b'>';
                arg.prefix_macro = false;
                arg.single = first.then_some(Single::Other);
            }
            Tree::Str(text) => {
                arg.prefix_ok = false;
                arg.single = first.then_some(Single::Str(text));
            }
            Tree::Number(range) => {
                arg.prefix_ok = false;
                arg.single = first.then_some(Single::Number(range));
            }
            Tree::Punct(_) | Tree::Other => {
                arg.prefix_ok = false;
                arg.single = first.then_some(Single::Other);
            }
        }
    }

    /// Ends the argument being read: kept whole or as an item.
    fn end_arg(&mut self, frame: &mut Frame) {
        let arg = std::mem::replace(&mut frame.arg, ArgState::new());
        if frame.is_root() {
            return;
        }
        if let Some(constant) = arg.constant.clone()
            && is_code_shaped(&constant.code)
        {
            self.visitor.constant(constant);
        }
        let item = arg.item(&self.tokens, frame.open == b'[');
        frame.count += 1;
        if frame.items.len() < MAX_ITEMS {
            frame.items.push(item);
        }
        let keep = if frame.callee.is_some() {
            MAX_ITEMS
        } else {
            ARGS_KEPT
        };
        if frame.args.len() < keep {
            // An empty argument keeps its place: `f(, "EK0001")`.
            let finished = arg.finish(&self.tokens).unwrap_or(Arg {
                span: 0..0,
                at: Position::default(),
                shape: Shape::Other,
                list: None,
            });
            frame.args.push(finished);
        } else if frame.callee.is_some() && !self.told_too_many {
            self.told_too_many = true;
            self.visitor.problem(Problem::TooManyItems(frame.at));
        }
    }

    /// Closes `frame` at `end`: tells its row or sites, and gives what its
    /// parent keeps of it.
    fn close(&mut self, mut frame: Frame, end: usize) -> Summary {
        if frame.arg.trees > 0 {
            self.end_arg(&mut frame);
        } else if let Some(constant) = frame.arg.constant.take()
            && is_code_shaped(&constant.code)
        {
            self.visitor.constant(constant);
        }
        let span = frame.start..end;
        let complete = frame.args.len() == frame.count;
        let mut row = None;
        if complete {
            if frame.open == b'{' && frame.callee.is_none() {
                row = self.struct_row(&frame, span.clone());
            } else if frame.open == b'(' && frame.callee.is_some() {
                row = self.x_row(&frame, span.clone());
            }
        }
        let is_row = row.is_some();
        if let Some(row) = row {
            self.visitor.row(row);
        } else if frame.open == b'(' && frame.callee.is_some() {
            self.sites(&frame);
        }
        let inner = match frame.args.as_slice() {
            [
                Arg {
                    shape: Shape::Group(group),
                    ..
                },
            ] if frame.count == 1 && group.open == b'{' => {
                let mut group = group.clone();
                group.inner = None;
                Some(Box::new(group))
            }
            _ => None,
        };
        Summary {
            open: frame.open,
            at: frame.at,
            span,
            // A row's fields are told; its parent (the table) needs none.
            items: if is_row { Vec::new() } else { frame.items },
            count: if is_row { 0 } else { frame.count },
            inner,
        }
    }

    fn close_all(&mut self, stack: &mut Stack, end: usize) {
        while stack.frames.len() > 1 {
            let Some(frame) = stack.frames.pop() else {
                break;
            };
            let summary = self.close(frame, end);
            let token = Token {
                tok: Tok::Punct(b'}'),
                start: summary.span.start,
                end,
                at: summary.at,
            };
            self.push_tree(stack, Tree::Group(summary), &token);
        }
    }

    /// The kinds an allow comment on the line before `lines` (or on one
    /// of them) accepts.
    fn allowed(&mut self, lines: &[u32]) -> (Vec<String>, Option<Position>) {
        let allows: &[AllowComment] = self.tokens.allows();
        let mut kinds = Vec::new();
        let mut at = None;
        // Allow comments come in line order: the last few are the ones
        // that can stand before an item being closed.
        for allow in allows.iter().rev() {
            let before = lines
                .iter()
                .any(|line| allow.line + 1 == *line || allow.line == *line);
            if before {
                kinds.extend(allow.kinds.iter().cloned());
                at.get_or_insert(allow.at);
                if !self.used_allows.contains(&allow.line) {
                    self.used_allows.push(allow.line);
                }
            }
            let earliest = lines.iter().min().copied().unwrap_or(0);
            if allow.line + 1 < earliest {
                break;
            }
        }
        (kinds, at)
    }

    fn struct_row(&mut self, frame: &Frame, span: Range<usize>) -> Option<Row> {
        let [code, message, cause, solution, names] = frame.args.as_slice() else {
            return None;
        };
        let Shape::Str(code_text) = &code.shape else {
            return None;
        };
        if !is_code_shaped(code_text) {
            return None;
        }
        let Shape::Str(message_text) = &message.shape else {
            return None;
        };
        let cause = row_text(cause)?;
        let solution = row_text(solution)?;
        let Shape::Group(group) = &names.shape else {
            return None;
        };
        if group.open != b'{' {
            return None;
        }
        let name_list = group.literals()?;
        let (allowed, allowed_at) = self.allowed(&[frame.at.line, code.at.line]);
        Some(Row {
            layout: Layout::StructArray,
            code: code_text.clone(),
            at: code.at,
            start: frame.at,
            span,
            enumerator: None,
            message: message_text.clone(),
            message_at: message.at,
            message_span: message.span.clone(),
            message_suffix: false,
            names: name_list,
            names_at: group.at,
            names_span: group.span.clone(),
            cause: Some(cause),
            solution: Some(solution),
            allowed,
            allowed_at,
        })
    }

    fn x_row(&mut self, frame: &Frame, span: Range<usize>) -> Option<Row> {
        let [enumerator, code, names, message, ..] = frame.args.as_slice() else {
            return None;
        };
        let Shape::Name(enumerator) = &enumerator.shape else {
            return None;
        };
        if enumerator.contains("::") {
            return None;
        }
        let Shape::Str(code_text) = &code.shape else {
            return None;
        };
        if !is_code_shaped(code_text) {
            return None;
        }
        let Shape::Group(group) = &names.shape else {
            return None;
        };
        if group.open != b'(' {
            return None;
        }
        let name_list = group.literals()?;
        let Shape::Str(message_text) = &message.shape else {
            return None;
        };
        let (callee_at, callee_start) = frame.callee?;
        let stripped = strip_x_suffix(message_text, code_text);
        let (allowed, allowed_at) = self.allowed(&[callee_at.line, code.at.line]);
        Some(Row {
            layout: Layout::XMacro,
            code: code_text.clone(),
            at: code.at,
            start: callee_at,
            span: callee_start..span.end,
            enumerator: Some(enumerator.clone()),
            message: stripped
                .map_or(message_text.as_str(), |text| text)
                .to_owned(),
            message_at: message.at,
            message_span: message.span.clone(),
            message_suffix: stripped.is_some(),
            names: name_list,
            names_at: group.at,
            names_span: group.span.clone(),
            cause: None,
            solution: None,
            allowed,
            allowed_at,
        })
    }

    /// The code literals and names among a call's arguments, each with the
    /// key and value lists that follow it.
    fn sites(&mut self, frame: &Frame) {
        let Some((callee_at, callee_start)) = frame.callee else {
            return;
        };
        // A test's assertion compares a code, it does not report one:
        // `EXPECT_EQ("EK0002", code)`, `ASSERT_STREQ(...)` (GoogleTest).
        let callee = identifier_at(self.tokens.bytes(), callee_start);
        if TEST_ASSERTIONS
            .iter()
            .any(|prefix| callee.starts_with(prefix.as_bytes()))
        {
            return;
        }
        for (index, arg) in frame.args.iter().enumerate() {
            let keys = || {
                frame
                    .args
                    .get(index + 1)
                    .and_then(|keys| keys.list.as_ref())
                    .and_then(Summary::literals)
            };
            let code = match &arg.shape {
                Shape::Str(text) if is_code_shaped(text) => SiteCode::Literal(text.clone()),
                Shape::Name(path) if names_a_code(path, keys().is_some()) => {
                    SiteCode::Named(path.clone())
                }
                _ => continue,
            };
            let keys = keys();
            let values = keys.as_ref().and_then(|_| {
                frame
                    .args
                    .get(index + 2)?
                    .list
                    .as_ref()
                    .and_then(Summary::values)
            });
            let (allowed, allowed_at) = self.allowed(&[callee_at.line, arg.at.line]);
            self.visitor.site(Site {
                code,
                at: arg.at,
                start: callee_at,
                keys,
                values,
                after: frame.count.saturating_sub(index + 1),
                allowed,
                allowed_at,
            });
        }
    }
}

/// The prefixes of GoogleTest's assertion macros, whose arguments are
/// compared, not reported.
const TEST_ASSERTIONS: &[&str] = &["EXPECT_", "ASSERT_"];

/// The identifier that starts at `start` (empty when none does).
fn identifier_at(bytes: &[u8], start: usize) -> &[u8] {
    let rest = bytes.get(start..).unwrap_or_default();
    let end = rest
        .iter()
        .position(|byte| !(byte.is_ascii_alphanumeric() || *byte == b'_'))
        .unwrap_or(rest.len());
    &rest[..end]
}

/// Whether a name passed to a call may name a code: an enumerator of a
/// code's shape (`ErrorCode::EE1017`), a constant's name in capitals
/// (`INVALID_PARAM_MSG`), or any name followed by a list of keys.
fn names_a_code(path: &str, keys_follow: bool) -> bool {
    let last = path.rsplit("::").next().unwrap_or(path);
    if keys_follow || is_code_shaped(last) {
        return true;
    }
    let capitals = last
        .chars()
        .all(|c| c.is_ascii_uppercase() || c == '_' || c.is_ascii_digit());
    capitals
        && last.chars().any(|c| c.is_ascii_uppercase())
        && last.contains('_')
        && !matches!(
            last,
            "NULL" | "__FILE__" | "__LINE__" | "__func__" | "__FUNCTION__"
        )
}

/// A string or `NULL` as a row's field.
fn row_text(arg: &Arg) -> Option<RowText> {
    let text = match &arg.shape {
        Shape::Str(text) => Some(text.clone()),
        Shape::Name(name) if matches!(name.as_str(), "NULL" | "nullptr") => None,
        _ => return None,
    };
    Some(RowText {
        text,
        at: arg.at,
        span: arg.span.clone(),
    })
}

/// The message without the table's ` ErrorCode=<code>.` and line end,
/// `None` when it has no such suffix.
fn strip_x_suffix<'a>(message: &'a str, code: &str) -> Option<&'a str> {
    let without_newline = message
        .strip_suffix("\r\n")
        .or_else(|| message.strip_suffix('\n'))
        .unwrap_or(message);
    let rest = without_newline.strip_suffix(&format!("ErrorCode={code}."))?;
    Some(rest.strip_suffix(' ').unwrap_or(rest))
}
