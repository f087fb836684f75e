//! The fixed texts of the compact, the plain and the graph engine's layout
//! ([`Style`]), and a
//! definition's lines in one of them, made once per store ([`Shapes`]).
//!
//! Rendering is a few dozen short writes, and each one costs about what
//! formatting a value does. A headline written piece by piece is the code,
//! `": "`, each piece of the template and each value, the cause's prefix,
//! the cause, the solution's prefix, the solution and the line end; all of
//! them but the values depend on the definition alone. A [`Shape`] joins
//! them around the values, so that a line takes one write more than it has
//! values, as `write!` of the same text would.

use core::fmt::{self, Write};
use core::ops::Range;

use super::message::Counter;
use crate::def::ErrorDef;

/// What starts a traceback line, and the dropped-reports line.
pub(super) const INDENT: &str = "        ";

/// What the compact layout and the plain one each decide. The texts that
/// hold a line end are whole, so that each is one write.
#[derive(Clone, Copy)]
pub(super) struct Style {
    /// Which style, for [`Shapes`].
    id: u8,
    /// The line end.
    pub(super) eol: &'static str,
    /// Whether a traceback line starts with its code.
    pub(super) traceback_code: bool,
    /// After an internal headline's code, up to its message.
    pub(super) inner: &'static str,
    /// Before the possible cause.
    pub(super) cause: &'static str,
    /// Before the solution.
    pub(super) solution: &'static str,
    /// The line that opens the traceback.
    pub(super) traceback: &'static str,
    /// Whether a headline names its definition's title, `Title(CODE): `
    /// (the graph engine's), rather than `CODE: `.
    titled: bool,
    /// Whether a cause or solution that is empty or `N/A` is left out.
    skips_blank: bool,
}

/// CANN's compact runtime, byte for byte.
pub(super) static COMPACT: Style = Style {
    id: 0,
    eol: "\r\n",
    traceback_code: false,
    inner: ": Inner Error!\r\n",
    cause: "\r\n        PossibleCause: ",
    solution: "\r\n        Solution: ",
    traceback: "        TraceBack (most recent call last):\r\n",
    titled: false,
    skips_blank: false,
};

/// For Rust logs.
pub(super) static PLAIN: Style = Style {
    id: 1,
    eol: "\n",
    traceback_code: true,
    inner: ": Inner Error!\n",
    cause: "\n        PossibleCause: ",
    solution: "\n        Solution: ",
    traceback: "        TraceBack (most recent call last):\n",
    titled: false,
    skips_blank: false,
};

/// CANN's graph engine (`ErrorManager`), byte for byte, after a line's
/// `[PID: 4711] 2026-12-01-12:34:56.789.012` stamp, which is the report's
/// own and so not part of a shape.
pub(super) static GE: Style = Style {
    id: 2,
    eol: "\n",
    traceback_code: false,
    inner: ": Internal error!\n",
    cause: "\n        Possible Cause: ",
    solution: "\n        Solution: ",
    traceback: "TraceBack (most recent call last):\n",
    titled: true,
    skips_blank: true,
};

impl Style {
    /// A headline's start, up to its message: `CODE: `.
    fn write_headline_start<W: Write + ?Sized>(&self, def: &ErrorDef, out: &mut W) -> fmt::Result {
        if self.titled {
            out.write_str(" ")?;
            out.write_str(def.title().unwrap_or_default())?;
            out.write_str("(")?;
            out.write_str(def.code())?;
            return out.write_str("): ");
        }
        out.write_str(def.code())?;
        out.write_str(": ")
    }

    /// A cause or solution as this style shows it; `None` when it is not.
    fn shown(&self, text: Option<&'static str>) -> Option<&'static str> {
        text.filter(|text| !self.skips_blank || (!text.is_empty() && *text != "N/A"))
    }

    /// A headline's end, after its message: the cause and the solution the
    /// definition gives, each on its line, and the line end.
    pub(super) fn write_headline_end<W: Write + ?Sized>(
        &self,
        def: Option<&ErrorDef>,
        out: &mut W,
    ) -> fmt::Result {
        if let Some(cause) = self.shown(def.and_then(ErrorDef::cause)) {
            out.write_str(self.cause)?;
            out.write_str(cause)?;
        }
        if let Some(solution) = self.shown(def.and_then(ErrorDef::solution)) {
            out.write_str(self.solution)?;
            out.write_str(solution)?;
        }
        out.write_str(self.eol)
    }

    /// A traceback line's start, up to its message.
    pub(super) fn write_line_start<W: Write + ?Sized>(
        &self,
        code: &str,
        out: &mut W,
    ) -> fmt::Result {
        out.write_str(INDENT)?;
        if self.traceback_code {
            out.write_str(code)?;
            out.write_str(": ")?;
        }
        Ok(())
    }
}

/// A definition's headline and traceback line in one style, all but their
/// values.
#[derive(Debug, Clone)]
pub(super) struct Shape {
    def: &'static ErrorDef,
    style: u8,
    /// `CODE: ` and the template's first piece.
    headline_start: Box<str>,
    /// The template's last piece, the cause, the solution and the line end.
    headline_end: Box<str>,
    /// A traceback line's start and the template's first piece.
    line_start: Box<str>,
    /// The template's last piece and the line end.
    line_end: Box<str>,
}

impl Shape {
    /// `None` when the allocator fails.
    fn make(style: &Style, def: &'static ErrorDef) -> Option<Shape> {
        let pieces = def.pieces();
        let first = pieces.first().copied().unwrap_or_default();
        // The last piece follows the last value; with no values, the first
        // piece is the whole template and is written once.
        let last = match pieces {
            [_, .., last] => last,
            _ => "",
        };
        Some(Shape {
            def,
            style: style.id,
            headline_start: text_of(|out| {
                style.write_headline_start(def, out)?;
                out.write_str(first)
            })?,
            headline_end: text_of(|out| {
                out.write_str(last)?;
                style.write_headline_end(Some(def), out)
            })?,
            line_start: text_of(|out| {
                style.write_line_start(def.code(), out)?;
                out.write_str(first)
            })?,
            line_end: text_of(|out| {
                out.write_str(last)?;
                out.write_str(style.eol)
            })?,
        })
    }

    /// Writes the headline of a report of the definition whose values are
    /// `spans` of `text`. Always inlined: as a call it cost EK0201's cycle
    /// 13 instructions (callgrind), 2% of it.
    #[inline(always)]
    pub(super) fn write_headline<W: Write + ?Sized>(
        &self,
        text: &str,
        spans: &[Range<usize>],
        out: &mut W,
    ) -> fmt::Result {
        out.write_str(&self.headline_start)?;
        self.write_values(text, spans, out)?;
        out.write_str(&self.headline_end)
    }

    /// Writes the traceback line of a report of the definition.
    #[inline(always)]
    pub(super) fn write_line<W: Write + ?Sized>(
        &self,
        text: &str,
        spans: &[Range<usize>],
        out: &mut W,
    ) -> fmt::Result {
        out.write_str(&self.line_start)?;
        self.write_values(text, spans, out)?;
        out.write_str(&self.line_end)
    }

    /// Writes what lies between the first piece and the last: the values,
    /// with the template's middle pieces between them.
    #[inline(always)]
    fn write_values<W: Write + ?Sized>(
        &self,
        text: &str,
        spans: &[Range<usize>],
        out: &mut W,
    ) -> fmt::Result {
        let pieces = self.def.pieces();
        for (index, &field) in self.def.slots().iter().enumerate() {
            let value = spans
                .get(field)
                .and_then(|span| text.get(span.clone()))
                .unwrap_or_default();
            out.write_str(value)?;
            if let Some(piece) = pieces.get(index + 1).filter(|_| index + 2 < pieces.len()) {
                out.write_str(piece)?;
            }
        }
        Ok(())
    }
}

/// What `write` writes, in a text of its own; `None` when the allocator fails.
fn text_of(write: impl Fn(&mut dyn Write) -> fmt::Result) -> Option<Box<str>> {
    let mut counter = Counter::default();
    let _ = write(&mut counter);
    let mut text = String::new();
    text.try_reserve_exact(counter.0).ok()?;
    let _ = write(&mut text);
    Some(text.into_boxed_str())
}

/// The slots a store's table of shapes starts with, and the most it grows
/// to: half of them hold shapes at most, so that a probe is short. A store
/// that renders more definitions than that replaces shapes.
const FIRST_SLOTS: usize = 32;
const MAX_SLOTS: usize = 512;

/// The shapes of the definitions a store renders: open addressing over the
/// definitions' addresses.
#[derive(Debug, Clone)]
pub(crate) struct Shapes {
    /// Empty until the first shape is made; a power of two long.
    slots: Vec<Option<Shape>>,
    kept: usize,
}

impl Shapes {
    pub(crate) const fn new() -> Self {
        Shapes {
            slots: Vec::new(),
            kept: 0,
        }
    }

    /// Where the search for `def`'s shape in `style` starts.
    fn home(&self, style: u8, def: &'static ErrorDef) -> usize {
        let address = core::ptr::from_ref(def) as usize ^ usize::from(style);
        // Fibonacci hashing: the address's low bits are alignment.
        let mixed = address.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> 32) & self.slots.len().wrapping_sub(1)
    }

    /// The shape of `def` in `style`, made now if it is not kept; `None`
    /// when the allocator fails.
    #[inline]
    pub(super) fn get(&mut self, style: &Style, def: &'static ErrorDef) -> Option<&Shape> {
        let mask = self.slots.len().wrapping_sub(1);
        let mut at = self.home(style.id, def);
        loop {
            match self.slots.get(at) {
                Some(Some(shape)) if core::ptr::eq(shape.def, def) && shape.style == style.id => {
                    return self.slots.get(at)?.as_ref();
                }
                Some(Some(_)) => at = (at + 1) & mask,
                // A free slot, or no table yet.
                _ => return self.make(style, def),
            }
        }
    }

    #[cold]
    fn make(&mut self, style: &Style, def: &'static ErrorDef) -> Option<&Shape> {
        let shape = Shape::make(style, def)?;
        if (self.kept + 1) * 2 > self.slots.len() && self.slots.len() < MAX_SLOTS {
            self.grow()?;
        }
        let mask = self.slots.len() - 1;
        let mut at = self.home(style.id, def);
        if (self.kept + 1) * 2 > self.slots.len() {
            // Full: the shape at home makes room.
            self.slots[at] = Some(shape);
            return self.slots[at].as_ref();
        }
        while self.slots[at].is_some() {
            at = (at + 1) & mask;
        }
        self.kept += 1;
        self.slots[at] = Some(shape);
        self.slots[at].as_ref()
    }

    /// Doubles the table (or makes the first one), placing again what it keeps.
    fn grow(&mut self) -> Option<()> {
        let len = (self.slots.len() * 2).max(FIRST_SLOTS);
        let mut slots: Vec<Option<Shape>> = Vec::new();
        slots.try_reserve_exact(len).ok()?;
        slots.resize_with(len, || None);
        let old = core::mem::replace(&mut self.slots, slots);
        let mask = len - 1;
        for shape in old.into_iter().flatten() {
            let mut at = self.home(shape.style, shape.def);
            while self.slots[at].is_some() {
                at = (at + 1) & mask;
            }
            self.slots[at] = Some(shape);
        }
        Some(())
    }
}
