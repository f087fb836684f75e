//! The grammar of a Rust file, checked by `syn` a few top-level items at a
//! time: `syn` recurses once per nested construct and keeps a tree about
//! ninety times the size of its text, so it is given only pieces whose
//! nesting and size are bounded, on a thread with a stack large enough
//! for them. A piece beyond the bounds is read by this module's lexer and
//! the reader, but its grammar is not checked.

use std::cell::Cell;
use std::ops::Range;

use super::lex::{Delim, Kind, Lexer};
use super::{MAX_DEPTH, Position, RustSyntaxError};

/// The stack of a thread that reads Rust sources: enough for `syn` on any
/// piece it is given (within `MAX_RUN`), with room to spare. A thread
/// started with it and marked with [`mark_reading_stack`] reads without
/// starting one of its own per file. (Measured: at most about
/// 33 KiB a level in a debug build, for nested reference types, 4.4 KiB in
/// a release build; 1,024 levels take about half of it in a debug build.)
pub const STACK_SIZE: usize = 64 << 20;

/// Top-level items are gathered into pieces of about this many bytes.
const PIECE: usize = 64 * 1024;

/// An item longer than this is not given to `syn` (its tree would take
/// about 90 times as much memory).
const PIECE_MAX: usize = 256 * 1024;

/// How long the tokens that may nest in `syn`'s parse may run: at each
/// bracket level, the tokens since the last `;`, the last `,` outside
/// `<...>` and `|...|`, or the last `}` that ends a statement or item,
/// summed over the levels open. `syn`'s recursion is bounded by it; real
/// code stays below (the largest seen in 6,000 files of crates.io
/// sources was 772).
pub(crate) const MAX_RUN: usize = 1024;

thread_local! {
    static READING_STACK: Cell<bool> = const { Cell::new(false) };
}

/// Marks the current thread as started with [`STACK_SIZE`]: files read on
/// it are checked on it, without starting a thread for each; on a thread
/// not marked, each file's grammar is checked on a thread started for it.
pub fn mark_reading_stack() {
    READING_STACK.with(|marked| marked.set(true));
}

/// Checks `text`'s grammar piece by piece; the first error found.
pub(super) fn check(text: &str) -> Result<(), RustSyntaxError> {
    if READING_STACK.with(Cell::get) {
        return check_here(text);
    }
    std::thread::scope(|scope| {
        let checking = std::thread::Builder::new()
            .name("errcode-rust-reader".to_owned())
            .stack_size(STACK_SIZE)
            .spawn_scoped(scope, || {
                mark_reading_stack();
                check_here(text)
            });
        match checking {
            Ok(thread) => thread
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            Err(error) => Err(RustSyntaxError {
                at: Position { line: 1, column: 1 },
                message: format!(
                    "its grammar cannot be checked: no thread could be started ({error})"
                ),
            }),
        }
    })
}

/// What the tokens of one bracket level have run to.
#[derive(Debug, Default)]
struct Run {
    count: usize,
    /// `<` not yet closed by `>`.
    angle: usize,
    /// `|` seen (closure parameters between two).
    pipes: usize,
    /// The last token was a `}` group.
    after_brace: bool,
}

/// One top-level item (or the end of the file's text) read.
struct Item {
    span: Range<usize>,
    at: Position,
    /// Within the bounds `syn` is given.
    checkable: bool,
}

fn check_here(text: &str) -> Result<(), RustSyntaxError> {
    let mut lexer = Lexer::new(text);
    let mut runs: Vec<Run> = vec![Run::default()];
    let mut total = 0usize;
    let mut item = ItemRead {
        start: 0,
        at: Position { line: 1, column: 1 },
        most: 0,
        too_deep: false,
    };
    // The `}` that may have ended an item, and where the text after it starts.
    let mut brace_end: Option<(usize, Position)> = None;
    let mut piece = Piece::default();
    loop {
        let token = lexer.next().map_err(|error| RustSyntaxError {
            at: error.at,
            message: error.message,
        })?;
        // A `}` at the top ends an item when what follows starts another.
        if let Some((end, at)) = brace_end.take()
            && token
                .as_ref()
                .is_none_or(|token| starts_statement(text, token))
        {
            piece.add(text, item.end(end, at))?;
        }
        let Some(token) = token else {
            if item.start < text.len() {
                piece.add(text, item.end(text.len(), lexer.here()))?;
            }
            return piece.flush(text);
        };
        if lexer.depth() > MAX_DEPTH {
            item.too_deep = true;
        }
        let Some(run) = runs.last_mut() else {
            continue;
        };
        match token.kind {
            Kind::Close(delim) => {
                // Levels deeper than the kept ones were never pushed.
                if runs.len() - 1 > lexer.depth() {
                    let closed = runs.pop().map_or(0, |run| run.count);
                    total -= closed;
                }
                if let Some(parent) = runs.last_mut() {
                    parent.after_brace = delim == Delim::Brace;
                }
                if lexer.depth() == 0 && delim == Delim::Brace {
                    brace_end = Some((lexer.offset(), lexer.here()));
                }
                continue;
            }
            Kind::Punct { ch: b';', .. } => {
                total -= run.count;
                *run = Run::default();
                if lexer.depth() == 0 {
                    piece.add(text, item.end(lexer.offset(), lexer.here()))?;
                }
                continue;
            }
            Kind::Punct { ch: b',', .. } if run.angle == 0 && run.pipes % 2 == 0 => {
                total -= run.count;
                run.count = 0;
                run.after_brace = false;
                continue;
            }
            _ => {}
        }
        if run.after_brace && starts_statement(text, &token) {
            total -= run.count;
            run.count = 0;
        }
        run.after_brace = false;
        if token.kind == Kind::Doc {
            continue;
        }
        run.count += 1;
        total += 1;
        match token.kind {
            Kind::Punct { ch: b'<', .. } => run.angle += 1,
            Kind::Punct { ch: b'>', .. } => run.angle = run.angle.saturating_sub(1),
            Kind::Punct { ch: b'|', .. } => run.pipes += 1,
            Kind::Open(_) if runs.len() <= MAX_DEPTH => runs.push(Run::default()),
            _ => {}
        }
        item.most = item.most.max(total);
    }
}

/// The item being read: where it starts, and its bounds so far.
struct ItemRead {
    start: usize,
    at: Position,
    /// The longest run in it.
    most: usize,
    too_deep: bool,
}

impl ItemRead {
    /// The item, ended at byte `end`; the next starts there, at `at`.
    fn end(&mut self, end: usize, at: Position) -> Item {
        let item = Item {
            span: self.start..end,
            at: self.at,
            checkable: !self.too_deep && self.most <= MAX_RUN && end - self.start <= PIECE_MAX,
        };
        *self = ItemRead {
            start: end,
            at,
            most: 0,
            too_deep: false,
        };
        item
    }
}

/// Whether `token`, after a `}`, starts a statement or an item (so that
/// the `}` ended one): not `else`, `as` or an operator.
fn starts_statement(text: &str, token: &super::lex::Token) -> bool {
    match token.kind {
        Kind::Doc | Kind::Punct { ch: b'#', .. } => true,
        Kind::Ident => !matches!(&text[token.span.clone()], "else" | "as"),
        _ => false,
    }
}

/// Items gathered for one parse.
#[derive(Default)]
struct Piece {
    span: Option<(Range<usize>, Position)>,
}

impl Piece {
    /// Adds `item`: a piece that grows past [`PIECE`] is checked, and an
    /// item beyond the bounds is passed over alone.
    fn add(&mut self, text: &str, item: Item) -> Result<(), RustSyntaxError> {
        if !item.checkable {
            self.flush(text)?;
            return Ok(());
        }
        if let Some((span, _)) = &self.span
            && item.span.end - span.start > PIECE_MAX
        {
            self.flush(text)?;
        }
        match &mut self.span {
            Some((span, _)) => span.end = item.span.end,
            None => self.span = Some((item.span, item.at)),
        }
        if self
            .span
            .as_ref()
            .is_some_and(|(span, _)| span.len() >= PIECE)
        {
            self.flush(text)?;
        }
        Ok(())
    }

    fn flush(&mut self, text: &str) -> Result<(), RustSyntaxError> {
        let Some((span, at)) = self.span.take() else {
            return Ok(());
        };
        let piece = &text[span.clone()];
        // The file's start may hold a byte order mark and a `#!` line,
        // which only `parse_file` takes.
        let parsed = if span.start == 0 {
            syn::parse_file(piece).map(drop)
        } else {
            syn::parse_str::<syn::File>(piece).map(drop)
        };
        let result = parsed.map_err(|error| {
            let start = error.span().start();
            let line = u32::try_from(start.line.max(1)).unwrap_or(u32::MAX);
            let column = u32::try_from(start.column).unwrap_or(u32::MAX);
            RustSyntaxError {
                at: Position {
                    line: at.line.saturating_add(line - 1),
                    column: if line == 1 {
                        at.column.saturating_add(column)
                    } else {
                        column.saturating_add(1)
                    },
                },
                message: error.to_string(),
            }
        });
        // Spans keep each parsed text for the life of the thread.
        proc_macro2::extra::invalidate_current_thread_spans();
        result
    }
}
