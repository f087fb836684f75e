//! The reader: definitions and report sites told to a [`RustVisitor`] as
//! they close, from one pass over the tokens. It holds the open brackets
//! (at most [`MAX_DEPTH`] deep; deeper ones are passed over and a
//! [`RustProblem::TooDeep`] says where) and the item at hand, never the
//! file's tokens: memory stays within what the definitions and sites
//! themselves hold.

use std::collections::VecDeque;

use crate::c_source::allowed_kinds;
use syn::LitStr;

use super::lex::{Delim, Kind, LexError, Lexer, Token};
use super::{
    BY_NAME, INNER, MAX_DEPTH, MAX_ITEMS, Position, RustDefinition, RustField, RustProblem,
    RustSite, RustValueSite, RustVisitor, Text,
};

/// How far the reader is into `Path { ... }.report()` at the token at hand.
#[derive(Debug, Default)]
enum Receiver {
    #[default]
    None,
    /// Names joined by `::`; `open` after a `::` that waits for a name.
    Path {
        path: String,
        at: Position,
        open: bool,
    },
    /// The path and the group that builds its value: `Path { ... }`.
    Built { path: String, at: Position },
    /// Then a `.`.
    Dot { path: String, at: Position },
}

/// A path's length past which it is no value's: the receiver is let go.
const MAX_PATH: usize = 256;

/// Whether definitions count where the reader is: not inside a macro's
/// body, which `rustc` reads only once the macro has expanded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Items,
    Macro,
}

/// The `#[error_code]` attributes met since the last token that was not
/// an attribute, a doc comment or a visibility: what the next `struct` or
/// `enum` carries.
#[derive(Debug, Default)]
struct Pending {
    /// Any `#[error_code]`, bare or with arguments.
    marked: bool,
    /// The first `#[error_code(...)]` with a code literal.
    definition: Option<Arguments>,
}

/// An `#[error_code("CODE", key = "text", ...)]`'s arguments.
#[derive(Debug, Default)]
struct Arguments {
    /// `None` for an attribute without a code literal (`transparent`).
    code: Option<Text>,
    title: Option<Text>,
    class: Option<Text>,
    message: Option<Text>,
    cause: Option<Text>,
    solution: Option<Text>,
    args: Option<Text>,
    retired: Option<Text>,
    replacement: Option<Text>,
    example: Option<(Vec<String>, Position)>,
}

/// What an attribute is, as far as the reader cares.
#[derive(Debug, Default)]
struct Attribute {
    /// A path ending in `error_code`.
    error_code: bool,
    arguments: Option<Arguments>,
    /// `#[source]`.
    source: bool,
    /// `#[doc = "..."]`.
    doc: Option<String>,
}

/// A bracketed list's items: each one string literal (decoded) or not.
#[derive(Debug, Default, Clone)]
struct List {
    items: Vec<Option<String>>,
    at: Position,
    /// Every item is in `items` (none left out for [`MAX_ITEMS`]).
    whole: bool,
}

/// The first tokens of one comma-separated part of a group, enough to
/// tell its shape (`"CODE"`, `key = "text"`, `[...]`), and how many tokens
/// it has.
#[derive(Debug, Default)]
struct Part {
    count: usize,
    first: Vec<Piece>,
}

#[derive(Debug)]
enum Piece {
    Str(Token),
    Ident(Token),
    Punct(u8),
    List(List),
    Other,
}

impl Part {
    fn push(&mut self, piece: Piece) {
        self.count += 1;
        if self.first.len() < 3 {
            self.first.push(piece);
        }
    }

    /// Whether the next token would be the part's `index`th (0-based).
    fn at(&self, index: usize) -> bool {
        self.count == index
    }
}

pub(super) struct Reader<'t, 'v> {
    lexer: Lexer<'t>,
    text: &'t str,
    ahead: VecDeque<Token>,
    visitor: &'v mut dyn RustVisitor,
    /// The brackets the reader is inside.
    depth: usize,
    /// The allow comment before the last site's line, by that line.
    allowed: Option<(u32, Vec<String>, Option<Position>)>,
    /// Literals decoded since the last `proc_macro2` span reset.
    decoded: usize,
}

type Read<T> = Result<T, LexError>;

impl<'t, 'v> Reader<'t, 'v> {
    pub(super) fn new(text: &'t str, visitor: &'v mut dyn RustVisitor) -> Reader<'t, 'v> {
        Reader {
            lexer: Lexer::new(text),
            text,
            ahead: VecDeque::new(),
            visitor,
            depth: 0,
            allowed: None,
            decoded: 0,
        }
    }

    /// Reads the whole text.
    pub(super) fn read(mut self) -> Read<()> {
        let result = self.items(Mode::Items);
        proc_macro2::extra::invalidate_current_thread_spans();
        result
    }

    fn next(&mut self) -> Read<Option<Token>> {
        match self.ahead.pop_front() {
            Some(token) => Ok(Some(token)),
            None => self.lexer.next(),
        }
    }

    fn peek(&mut self, index: usize) -> Read<Option<&Token>> {
        while self.ahead.len() <= index {
            match self.lexer.next()? {
                Some(token) => self.ahead.push_back(token),
                None => return Ok(None),
            }
        }
        Ok(self.ahead.get(index))
    }

    fn peek_kind(&mut self, index: usize) -> Read<Option<Kind>> {
        Ok(self.peek(index)?.map(|token| token.kind))
    }

    fn text_of(&self, token: &Token) -> &'t str {
        &self.text[token.span.clone()]
    }

    /// A string literal's value, as `syn` decodes it.
    fn decode(&mut self, token: &Token) -> Option<String> {
        // Each parse keeps its text for spans until they are reset.
        self.decoded += 1;
        if self.decoded >= 4096 {
            proc_macro2::extra::invalidate_current_thread_spans();
            self.decoded = 0;
        }
        syn::parse_str::<LitStr>(self.text_of(token))
            .ok()
            .map(|literal| literal.value())
    }

    fn text(&mut self, token: &Token) -> Option<Text> {
        Some(Text {
            value: self.decode(token)?,
            at: token.at,
        })
    }

    /// Enters the group `open` opened: `false` when it is too deep, and
    /// then it is passed over whole and the problem told.
    fn enter(&mut self, open: &Token) -> Read<bool> {
        if self.depth < MAX_DEPTH {
            self.depth += 1;
            return Ok(true);
        }
        self.visitor.problem(RustProblem::TooDeep(open.at));
        let mut inside = 1usize;
        while inside > 0 {
            match self.next()? {
                Some(Token {
                    kind: Kind::Open(_),
                    ..
                }) => inside += 1,
                Some(Token {
                    kind: Kind::Close(_),
                    ..
                }) => inside -= 1,
                Some(_) => {}
                None => break,
            }
        }
        Ok(false)
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// A group's tokens up to its close, or the file's up to its end.
    fn items(&mut self, mode: Mode) -> Read<()> {
        let mut pending = Pending::default();
        let mut receiver = Receiver::None;
        while let Some(token) = self.next()? {
            receiver = self.receiver(receiver, &token)?;
            match token.kind {
                Kind::Close(_) => return Ok(()),
                Kind::Doc => {}
                Kind::Punct { ch: b'#', .. } => {
                    let inner = self.peek(0)?.is_some_and(|next| next.is_punct(b'!'))
                        && self.peek_kind(1)? == Some(Kind::Open(Delim::Bracket));
                    if inner {
                        self.next()?;
                        if let Some(open) = self.next()? {
                            self.group(&open, mode)?;
                        }
                        continue;
                    }
                    if self.peek_kind(0)? == Some(Kind::Open(Delim::Bracket)) {
                        let Some(open) = self.next()? else { break };
                        let attribute = self.attribute(&open)?;
                        if attribute.error_code {
                            pending.marked = true;
                            if pending.definition.is_none()
                                && let Some(arguments) = attribute.arguments
                                && arguments.code.is_some()
                            {
                                pending.definition = Some(arguments);
                            }
                        }
                        continue;
                    }
                    pending = Pending::default();
                }
                Kind::Ident => {
                    let word = self.text_of(&token);
                    match word {
                        "pub" => {
                            if self.peek_kind(0)? == Some(Kind::Open(Delim::Paren)) {
                                let Some(open) = self.next()? else { break };
                                self.group(&open, mode)?;
                            }
                        }
                        "struct" | "enum" if mode == Mode::Items && pending.marked => {
                            let taken = std::mem::take(&mut pending);
                            self.item(word == "enum", taken)?;
                        }
                        _ => {
                            pending = Pending::default();
                            self.macro_call(&token)?;
                        }
                    }
                }
                Kind::Open(_) => {
                    pending = Pending::default();
                    self.group(&token, mode)?;
                }
                _ => pending = Pending::default(),
            }
        }
        Ok(())
    }

    /// Where `Path { ... }.report()` stands after `token`, which the
    /// caller reads as it would without; a whole one is told the visitor.
    fn receiver(&mut self, receiver: Receiver, token: &Token) -> Read<Receiver> {
        Ok(match (receiver, token.kind) {
            (Receiver::Dot { path, at }, Kind::Ident)
                if matches!(self.text_of(token), "report" | "reported")
                    && self.peek_kind(0)? == Some(Kind::Open(Delim::Paren))
                    && self.peek_kind(1)? == Some(Kind::Close(Delim::Paren)) =>
            {
                self.visitor.value_site(RustValueSite {
                    path,
                    method: self.text_of(token).to_owned(),
                    at,
                });
                Receiver::None
            }
            (
                Receiver::Path {
                    mut path,
                    at,
                    open: true,
                },
                Kind::Ident,
            ) if path.len() < MAX_PATH => {
                path.push_str("::");
                path.push_str(self.text_of(token));
                Receiver::Path {
                    path,
                    at,
                    open: false,
                }
            }
            (_, Kind::Ident) => {
                let word = self.text_of(token);
                let keyword = matches!(word, "pub" | "struct" | "enum" | "let" | "return" | "fn");
                if keyword || self.peek(0)?.is_some_and(|next| next.is_punct(b'!')) {
                    Receiver::None
                } else {
                    Receiver::Path {
                        path: word.to_owned(),
                        at: token.at,
                        open: false,
                    }
                }
            }
            (
                Receiver::Path {
                    path,
                    at,
                    open: false,
                },
                Kind::Punct {
                    ch: b':',
                    joint: true,
                },
            ) if self.peek(0)?.is_some_and(|next| next.is_punct(b':')) => {
                self.next()?;
                Receiver::Path {
                    path,
                    at,
                    open: true,
                }
            }
            (
                Receiver::Path {
                    path,
                    at,
                    open: false,
                }
                | Receiver::Built { path, at },
                Kind::Punct { ch: b'.', .. },
            ) => Receiver::Dot { path, at },
            // The group is read by the caller; what follows it is seen next.
            (
                Receiver::Path {
                    path,
                    at,
                    open: false,
                },
                Kind::Open(Delim::Brace | Delim::Paren),
            ) => Receiver::Built { path, at },
            _ => Receiver::None,
        })
    }

    /// A group whose `open` was read, read to its close.
    fn group(&mut self, open: &Token, mode: Mode) -> Read<()> {
        if !self.enter(open)? {
            return Ok(());
        }
        let read = self.items(mode);
        self.leave();
        read
    }

    /// After a name: `name!(...)` is a report site when `name` is a report
    /// macro, and any other macro's body is read for sites only.
    /// Returns whether it was a macro call.
    fn macro_call(&mut self, name: &Token) -> Read<bool> {
        if !self.peek(0)?.is_some_and(|next| next.is_punct(b'!')) {
            return Ok(false);
        }
        let word = self.text_of(name);
        match self.peek_kind(1)? {
            Some(Kind::Open(_)) => {
                self.next()?;
                let Some(open) = self.next()? else {
                    return Ok(true);
                };
                let by_name = BY_NAME.contains(&word);
                if by_name || INNER.contains(&word) {
                    self.site(name, &open, by_name)?;
                } else {
                    self.group(&open, Mode::Macro)?;
                }
                Ok(true)
            }
            // `macro_rules! name { ... }`.
            Some(Kind::Ident)
                if self
                    .peek_kind(2)?
                    .is_some_and(|kind| matches!(kind, Kind::Open(_))) =>
            {
                self.next()?;
                self.next()?;
                if let Some(open) = self.next()? {
                    self.group(&open, Mode::Macro)?;
                }
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// Reads a group as comma-separated parts (split at every comma of
    /// its own, as a macro's arguments are), telling each to `part` as it
    /// ends; a trailing comma makes no empty part. A bracket group that is
    /// a part's token where `list_at` says is read as a [`List`]. Tokens
    /// inside are read for sites only: the group is a macro's arguments.
    fn parts(
        &mut self,
        open: &Token,
        list_at: impl Fn(usize, &Part) -> bool,
        mut part: impl FnMut(&mut Self, usize, Part),
    ) -> Read<()> {
        if !self.enter(open)? {
            return Ok(());
        }
        let result = self.parts_inside(&list_at, &mut part);
        self.leave();
        result
    }

    fn parts_inside(
        &mut self,
        list_at: &impl Fn(usize, &Part) -> bool,
        part: &mut impl FnMut(&mut Self, usize, Part),
    ) -> Read<()> {
        let mut index = 0;
        let mut current = Part::default();
        while let Some(token) = self.next()? {
            match token.kind {
                Kind::Close(_) => {
                    if current.count > 0 {
                        part(self, index, current);
                    }
                    return Ok(());
                }
                Kind::Punct { ch: b',', .. } => {
                    part(self, index, std::mem::take(&mut current));
                    index += 1;
                }
                Kind::Str => current.push(Piece::Str(token)),
                Kind::Ident => {
                    if self.macro_call(&token)? {
                        current.push(Piece::Other);
                    } else {
                        current.push(Piece::Ident(token));
                    }
                }
                Kind::Punct { ch, .. } => current.push(Piece::Punct(ch)),
                Kind::Open(Delim::Bracket) if list_at(index, &current) => {
                    let list = self.list(&token)?;
                    current.push(Piece::List(list));
                }
                Kind::Open(_) => {
                    self.group(&token, Mode::Macro)?;
                    current.push(Piece::Other);
                }
                _ => current.push(Piece::Other),
            }
        }
        Ok(())
    }

    /// A bracketed list whose `[` was read: each item one string literal
    /// or not. More than [`MAX_ITEMS`] items make it `None`, told.
    fn list(&mut self, open: &Token) -> Read<List> {
        let mut list = List {
            items: Vec::new(),
            at: open.at,
            whole: true,
        };
        let mut told = false;
        self.parts(
            open,
            |_, _| false,
            |reader, _, part| {
                if list.items.len() == MAX_ITEMS {
                    if !told {
                        reader.visitor.problem(RustProblem::TooManyItems(open.at));
                        told = true;
                    }
                    list.whole = false;
                    return;
                }
                let value = match part.first.as_slice() {
                    [Piece::Str(token)] if part.count == 1 => reader.decode(token),
                    _ => None,
                };
                list.items.push(value);
            },
        )?;
        Ok(list)
    }

    /// An attribute whose `#[` was read, read to its `]`.
    fn attribute(&mut self, open: &Token) -> Read<Attribute> {
        let mut attribute = Attribute::default();
        if !self.enter(open)? {
            return Ok(attribute);
        }
        let result = self.attribute_inside(&mut attribute);
        self.leave();
        result.map(|()| attribute)
    }

    fn attribute_inside(&mut self, attribute: &mut Attribute) -> Read<()> {
        // The path: names between `::`.
        let mut segments = 0usize;
        let mut last = "";
        loop {
            match self.peek(0)? {
                Some(token) if token.kind == Kind::Ident => {
                    let token = token.clone();
                    last = self.text_of(&token);
                    segments += 1;
                    self.next()?;
                }
                Some(token) if token.is_punct(b':') => {
                    self.next()?;
                }
                _ => break,
            }
        }
        attribute.error_code = last == "error_code";
        attribute.source = segments == 1 && last == "source";
        let doc = segments == 1 && last == "doc";
        let Some(token) = self.next()? else {
            return Ok(());
        };
        match token.kind {
            Kind::Close(_) => return Ok(()),
            Kind::Open(_) if attribute.error_code => {
                attribute.arguments = Some(self.arguments(&token)?);
            }
            Kind::Punct { ch: b'=', .. } if doc => {
                if let Some(value) = self
                    .peek(0)?
                    .filter(|value| value.kind == Kind::Str)
                    .cloned()
                    && self
                        .peek_kind(1)?
                        .is_some_and(|kind| matches!(kind, Kind::Close(_)))
                {
                    self.next()?;
                    attribute.doc = self.decode(&value);
                }
            }
            Kind::Open(_) => self.group(&token, Mode::Macro)?,
            Kind::Ident => {
                self.macro_call(&token)?;
            }
            _ => {}
        }
        // The rest, to the `]`, read for sites only.
        self.items(Mode::Macro)
    }

    /// `("CODE", key = "text", example = ["a", "b"], ...)`, whose opening
    /// bracket was read. Keys this reader does not know are passed over.
    fn arguments(&mut self, open: &Token) -> Read<Arguments> {
        let mut arguments = Arguments::default();
        self.parts(
            open,
            // `example = [...]`: the list is the part's third token.
            |_, part| part.at(2),
            |reader, index, part| {
                if index == 0 {
                    if let [Piece::Str(token)] = part.first.as_slice()
                        && part.count == 1
                    {
                        arguments.code = reader.text(token);
                    }
                    return;
                }
                if part.count != 3 {
                    return;
                }
                let [Piece::Ident(key), Piece::Punct(b'='), value] = part.first.as_slice() else {
                    return;
                };
                let key = reader.text_of(key);
                if key == "example" {
                    arguments.example = match value {
                        Piece::Str(token) => {
                            reader.decode(token).map(|text| (vec![text], token.at))
                        }
                        Piece::List(list) if list.whole => list
                            .items
                            .iter()
                            .cloned()
                            .collect::<Option<Vec<String>>>()
                            .map(|values| (values, list.at)),
                        _ => None,
                    };
                    return;
                }
                let Piece::Str(token) = value else {
                    return;
                };
                let slot = match key {
                    "title" => &mut arguments.title,
                    "class" => &mut arguments.class,
                    "message" => &mut arguments.message,
                    "cause" => &mut arguments.cause,
                    "solution" => &mut arguments.solution,
                    "args" => &mut arguments.args,
                    "retired" => &mut arguments.retired,
                    "replacement" => &mut arguments.replacement,
                    _ => return,
                };
                if let Some(text) = reader.text(token) {
                    *slot = Some(text);
                }
            },
        )?;
        Ok(arguments)
    }

    /// A report site `name!(...)` whose opening bracket was read.
    fn site(&mut self, name: &Token, open: &Token, by_name: bool) -> Read<()> {
        let mut code: Option<Text> = None;
        let mut keys: Option<Vec<String>> = None;
        let mut values: Option<Vec<Option<String>>> = None;
        self.parts(
            open,
            |index, part| by_name && (index == 1 || index == 2) && part.at(0),
            |reader, index, part| {
                let one = (part.count == 1).then(|| part.first.first()).flatten();
                match (index, one) {
                    (0, Some(Piece::Str(token))) => code = reader.text(token),
                    (1, Some(Piece::List(list))) if list.whole => {
                        keys = list.items.iter().cloned().collect();
                    }
                    (2, Some(Piece::List(list))) if list.whole => {
                        values = Some(list.items.clone());
                    }
                    _ => {}
                }
            },
        )?;
        let Some(code) = code else {
            return Ok(());
        };
        let (allowed, allowed_at) = self.allowed_before(name);
        self.visitor.site(RustSite {
            macro_name: self.text_of(name).to_owned(),
            code,
            keys,
            values,
            at: name.at,
            allowed,
            allowed_at,
        });
        Ok(())
    }

    /// The allow comment that stands before the line of `token`, and
    /// where it is: attributes, doc comments and blank lines between are
    /// passed over, at most a few lines up.
    fn allowed_before(&mut self, token: &Token) -> (Vec<String>, Option<Position>) {
        if let Some((line, kinds, at)) = &self.allowed
            && *line == token.at.line
        {
            return (kinds.clone(), *at);
        }
        let found = allow_comment_before(self.text, token.span.start, token.at.line);
        self.allowed = Some((token.at.line, found.0.clone(), found.1));
        found
    }

    /// A `struct` or `enum` marked `#[error_code]`, its keyword read.
    fn item(&mut self, is_enum: bool, pending: Pending) -> Read<()> {
        let Some(name) = self
            .peek(0)?
            .filter(|token| token.kind == Kind::Ident)
            .cloned()
        else {
            return Ok(());
        };
        self.next()?;
        let item = self.text_of(&name).trim_start_matches("r#").to_owned();
        // Generics and a `where` clause, to the body.
        let mut angle = 0usize;
        let mut previous_joint = None;
        loop {
            let Some(token) = self.peek(0)?.cloned() else {
                return Ok(());
            };
            match token.kind {
                // The enclosing group's close: the item has no body.
                Kind::Close(_) => return Ok(()),
                Kind::Open(Delim::Paren) if angle == 0 && !is_enum => {
                    self.next()?;
                    let fields = self.fields(&token, false)?;
                    self.define(pending.definition, item, name.at, fields);
                    return Ok(());
                }
                Kind::Open(Delim::Brace) if angle == 0 => {
                    self.next()?;
                    if is_enum {
                        return self.variants(&token, &item);
                    }
                    let fields = self.fields(&token, true)?;
                    self.define(pending.definition, item, name.at, fields);
                    return Ok(());
                }
                Kind::Open(_) => {
                    self.next()?;
                    self.group(&token, Mode::Items)?;
                }
                Kind::Punct { ch: b';', .. } if angle == 0 => {
                    self.next()?;
                    if !is_enum {
                        self.define(pending.definition, item, name.at, Vec::new());
                    }
                    return Ok(());
                }
                Kind::Punct { ch, joint } => {
                    self.next()?;
                    // `->` and `=>` close no `<`.
                    let arrow = matches!(previous_joint, Some(b'-' | b'='));
                    if ch == b'<' {
                        angle += 1;
                    } else if ch == b'>' && !arrow {
                        angle = angle.saturating_sub(1);
                    }
                    previous_joint = joint.then_some(ch);
                    continue;
                }
                _ => {
                    self.next()?;
                }
            }
            previous_joint = None;
        }
    }

    fn define(
        &mut self,
        arguments: Option<Arguments>,
        item: String,
        at: Position,
        fields: Vec<RustField>,
    ) {
        let Some(arguments) = arguments else {
            return;
        };
        let Some(code) = arguments.code else {
            return;
        };
        self.visitor.definition(RustDefinition {
            code,
            item,
            title: arguments.title,
            class: arguments.class,
            message: arguments.message,
            cause: arguments.cause,
            solution: arguments.solution,
            args: arguments.args,
            retired: arguments.retired,
            replacement: arguments.replacement,
            example: arguments.example,
            fields,
            at,
        });
    }

    /// A struct's or variant's fields, `{ name: Type, ... }` (`named`) or
    /// `(Type, ...)`, whose opening bracket was read.
    fn fields(&mut self, open: &Token, named: bool) -> Read<Vec<RustField>> {
        let mut fields = Vec::new();
        if !self.enter(open)? {
            return Ok(fields);
        }
        let result = self.fields_inside(open, named, &mut fields);
        self.leave();
        result.map(|()| fields)
    }

    fn fields_inside(
        &mut self,
        open: &Token,
        named: bool,
        fields: &mut Vec<RustField>,
    ) -> Read<()> {
        let mut field = FieldState::default();
        let mut told = false;
        while let Some(token) = self.next()? {
            let ends = match token.kind {
                Kind::Close(_) => true,
                Kind::Punct { ch: b',', .. } => field.angle == 0,
                _ => false,
            };
            if ends {
                if let Some((name, at)) = field.name.take() {
                    if fields.len() < MAX_ITEMS {
                        let name = if named {
                            name
                        } else {
                            fields.len().to_string()
                        };
                        fields.push(RustField {
                            name,
                            doc: (!field.docs.is_empty()).then(|| field.docs.join("\n")),
                            source: field.source,
                            at,
                        });
                    } else if !told {
                        self.visitor.problem(RustProblem::TooManyItems(open.at));
                        told = true;
                    }
                }
                field = FieldState::default();
                if matches!(token.kind, Kind::Close(_)) {
                    return Ok(());
                }
                continue;
            }
            if field.name.is_none() {
                match token.kind {
                    Kind::Doc => {
                        let text = self.text_of(&token);
                        field.docs.push(doc_line(text));
                        continue;
                    }
                    Kind::Punct { ch: b'#', .. }
                        if self.peek_kind(0)? == Some(Kind::Open(Delim::Bracket)) =>
                    {
                        let Some(open) = self.next()? else { break };
                        let attribute = self.attribute(&open)?;
                        field.source |= attribute.source;
                        if let Some(doc) = attribute.doc {
                            field.docs.push(doc_line(&doc));
                        }
                        continue;
                    }
                    Kind::Ident if self.text_of(&token) == "pub" => {
                        if self.peek_kind(0)? == Some(Kind::Open(Delim::Paren)) {
                            // `pub(crate)`; in a tuple, `pub (u8, u8)` is a type.
                            let text = self.text;
                            let restricted = self.peek(1)?.is_some_and(|inner| {
                                inner.kind == Kind::Ident
                                    && matches!(
                                        &text[inner.span.clone()],
                                        "crate" | "self" | "super" | "in"
                                    )
                            });
                            if named || restricted {
                                let Some(open) = self.next()? else { break };
                                self.group(&open, Mode::Items)?;
                            }
                        }
                        continue;
                    }
                    Kind::Ident if named => {
                        let name = self.text_of(&token).trim_start_matches("r#").to_owned();
                        field.name = Some((name, token.at));
                        continue;
                    }
                    _ if !named => {
                        // A tuple field is where its type starts.
                        field.name = Some((String::new(), token.at));
                    }
                    _ => {}
                }
            }
            // The type (and anything else), read for sites and angles.
            match token.kind {
                Kind::Punct { ch, joint } => {
                    let arrow = matches!(field.previous_joint, Some(b'-' | b'='));
                    if ch == b'<' {
                        field.angle += 1;
                    } else if ch == b'>' && !arrow {
                        field.angle = field.angle.saturating_sub(1);
                    }
                    field.previous_joint = joint.then_some(ch);
                    continue;
                }
                Kind::Open(_) => self.group(&token, Mode::Items)?,
                Kind::Ident => {
                    self.macro_call(&token)?;
                }
                _ => {}
            }
            field.previous_joint = None;
        }
        Ok(())
    }

    /// An `#[error_code]` enum's variants, whose `{` was read: a definition
    /// per variant with an `#[error_code("CODE", ...)]`.
    fn variants(&mut self, open: &Token, item: &str) -> Read<()> {
        if !self.enter(open)? {
            return Ok(());
        }
        let result = self.variants_inside(item);
        self.leave();
        result
    }

    fn variants_inside(&mut self, item: &str) -> Read<()> {
        let mut arguments: Option<Arguments> = None;
        let mut name: Option<Token> = None;
        let mut fields = Vec::new();
        while let Some(token) = self.next()? {
            let ends = matches!(token.kind, Kind::Close(_) | Kind::Punct { ch: b',', .. });
            if ends {
                if let Some(variant) = name.take() {
                    let variant_name = format!(
                        "{item}::{}",
                        self.text_of(&variant).trim_start_matches("r#")
                    );
                    self.define(
                        arguments.take(),
                        variant_name,
                        variant.at,
                        std::mem::take(&mut fields),
                    );
                }
                arguments = None;
                if matches!(token.kind, Kind::Close(_)) {
                    return Ok(());
                }
                continue;
            }
            match token.kind {
                Kind::Doc => {}
                Kind::Punct { ch: b'#', .. }
                    if name.is_none() && self.peek_kind(0)? == Some(Kind::Open(Delim::Bracket)) =>
                {
                    let Some(open) = self.next()? else { break };
                    let attribute = self.attribute(&open)?;
                    if attribute.error_code
                        && arguments.is_none()
                        && let Some(found) = attribute.arguments
                    {
                        arguments = Some(found);
                    }
                }
                Kind::Ident if name.is_none() => name = Some(token),
                Kind::Open(Delim::Brace) if name.is_some() && fields.is_empty() => {
                    fields = self.fields(&token, true)?;
                }
                Kind::Open(Delim::Paren) if name.is_some() && fields.is_empty() => {
                    fields = self.fields(&token, false)?;
                }
                Kind::Open(_) => self.group(&token, Mode::Items)?,
                Kind::Ident => {
                    self.macro_call(&token)?;
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// A field being read.
#[derive(Default)]
struct FieldState {
    docs: Vec<String>,
    source: bool,
    name: Option<(String, Position)>,
    angle: usize,
    previous_joint: Option<u8>,
}

/// A doc comment's line as a definition keeps it: without the one space
/// that follows `///`, and without trailing space.
fn doc_line(text: &str) -> String {
    text.strip_prefix(' ').unwrap_or(text).trim_end().to_owned()
}

/// How many lines up an allow comment may stand from its site.
const ALLOW_LINES_UP: usize = 32;

/// The allow comment before line `line` (1-based), which starts before
/// byte `offset` of `text`: lines of attributes, doc comments, other
/// comments, blank lines and lines that end a list (`,` or `)]`) are
/// passed over.
fn allow_comment_before(text: &str, offset: usize, line: u32) -> (Vec<String>, Option<Position>) {
    let mut end = text[..offset].rfind('\n').map_or(0, |newline| newline);
    let mut number = line;
    for _ in 0..ALLOW_LINES_UP {
        if end == 0 || number <= 1 {
            break;
        }
        let start = text[..end].rfind('\n').map_or(0, |newline| newline + 1);
        let written = &text[start..end];
        number -= 1;
        end = start.saturating_sub(1);
        let trimmed = written.trim();
        if trimmed.starts_with("//")
            && !trimmed.starts_with("///")
            && !trimmed.starts_with("//!")
            && let Some(kinds) = allowed_kinds(trimmed)
        {
            let column = written.chars().take_while(|c| c.is_whitespace()).count() + 1;
            return (
                kinds,
                Some(Position {
                    line: number,
                    column: column as u32,
                }),
            );
        }
        let passed_over = trimmed.is_empty()
            || trimmed.starts_with("#[")
            || trimmed.starts_with("//")
            || trimmed.ends_with(")]")
            || trimmed.ends_with(',');
        if !passed_over || start == 0 {
            break;
        }
    }
    (Vec::new(), None)
}
