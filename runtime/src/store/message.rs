//! A stored report as it is read back: its [`Entry`] and its [`Message`],
//! rendered on demand from the definition's pieces and the values, cut to
//! the report's budget.

use core::fmt;
use core::ops::Range;

use crate::def::{ErrorDef, SourceLocation};
use crate::time::ReportTime;
use crate::writers::{CUT_MARK, floor_char_boundary};

/// How a report's message is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    /// The definition's template, filled with the values (one per field);
    /// only under the definition's own code.
    Template,
    /// One text, the message itself: internal errors with a format string,
    /// reports restored without a definition that matches their values.
    Text,
}

/// A stored report's message, rendered on demand.
#[derive(Clone, Copy)]
pub(crate) enum Message<'a> {
    /// A template to fill with values, cut to `budget` bytes.
    Template {
        def: &'static ErrorDef,
        text: &'a str,
        spans: &'a [Range<usize>],
        budget: usize,
    },
    /// A text as it is.
    Text(&'a str),
}

impl<'a> Message<'a> {
    /// The message of a report kept in `form`: its values, or its one text,
    /// are spans of `text`.
    #[inline]
    pub(crate) fn new(
        form: Form,
        def: Option<&'static ErrorDef>,
        text: &'a str,
        spans: &'a [Range<usize>],
        budget: usize,
    ) -> Self {
        match (form, def) {
            (Form::Template, Some(def)) => Message::Template {
                def,
                text,
                spans,
                budget,
            },
            _ => Message::Text(Message::value(text, spans, 0)),
        }
    }

    #[inline]
    fn value(text: &'a str, spans: &[Range<usize>], field: usize) -> &'a str {
        spans
            .get(field)
            .and_then(|span| text.get(span.clone()))
            .unwrap_or_default()
    }

    /// The budget of a message found to fit its budget when it was stored:
    /// it is never cut, and is not measured again.
    pub(crate) const FITS: usize = usize::MAX;

    /// The length of the filled template before any cut.
    #[inline]
    pub(crate) fn full_len(def: &ErrorDef, spans: &[Range<usize>]) -> usize {
        let values: usize = def
            .slots()
            .iter()
            // Each span lies in `text`, on char boundaries.
            .map(|&field| spans.get(field).map_or(0, |span| span.len()))
            .sum();
        def.pieces_len() + values
    }

    /// Whether the message is written in whole, not cut to its budget.
    #[inline]
    pub(crate) fn is_whole(&self) -> bool {
        match *self {
            Message::Text(_) => true,
            Message::Template {
                def, spans, budget, ..
            } => budget == Message::FITS || Message::full_len(def, spans) <= budget,
        }
    }

    /// Writes the rendered message.
    #[inline]
    pub(crate) fn write<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        match *self {
            Message::Text(text) => out.write_str(text),
            Message::Template {
                def, spans, budget, ..
            } => {
                if budget == Message::FITS || Message::full_len(def, spans) <= budget {
                    return self.write_parts(out);
                }
                let mut truncating = Truncating::new(out, cut_point(budget));
                // The cut ends the parts early with an error: that is the point.
                let _ = self.write_parts(&mut truncating);
                truncating.out.write_str(CUT_MARK)
            }
        }
    }

    #[inline]
    fn write_parts<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        match *self {
            Message::Text(text) => out.write_str(text),
            Message::Template {
                def, text, spans, ..
            } => def.write_filled(out, |field, out| {
                out.write_str(Message::value(text, spans, field))
            }),
        }
    }

    /// Whether the rendered message is `expected`.
    pub(crate) fn renders_as(&self, expected: &str) -> bool {
        if let Message::Text(text) = self {
            return *text == expected;
        }
        let mut matcher = Matcher { rest: expected };
        self.write(&mut matcher).is_ok() && matcher.rest.is_empty()
    }
}

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f)
    }
}

/// Where a message longer than `budget` is cut: room for the cut mark.
fn cut_point(budget: usize) -> usize {
    budget.saturating_sub(CUT_MARK.len())
}

/// Passes at most `room` bytes on to `out`, cut at a char boundary, then
/// fails, so that the rest of a message is not even formatted.
struct Truncating<W> {
    out: W,
    room: usize,
}

impl<W> Truncating<W> {
    fn new(out: W, room: usize) -> Self {
        Truncating { out, room }
    }
}

impl<W: fmt::Write> fmt::Write for Truncating<W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if s.len() <= self.room {
            self.room -= s.len();
            return self.out.write_str(s);
        }
        let keep = floor_char_boundary(s, self.room);
        self.room = 0;
        self.out.write_str(&s[..keep])?;
        Err(fmt::Error)
    }
}

/// Counts what would be written.
#[derive(Default)]
pub(crate) struct Counter(pub(crate) usize);

impl fmt::Write for Counter {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.len();
        Ok(())
    }
}

/// Compares what is written with a text, without copying it.
struct Matcher<'a> {
    rest: &'a str,
}

impl fmt::Write for Matcher<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        match self.rest.strip_prefix(s) {
            Some(rest) => {
                self.rest = rest;
                Ok(())
            }
            None => Err(fmt::Error),
        }
    }
}

/// What a report is besides its message: the same for a stored item, the
/// reserve and a report on its way in.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Head {
    pub(crate) code: &'static str,
    pub(crate) def: Option<&'static ErrorDef>,
    pub(crate) internal: bool,
    pub(crate) location: SourceLocation,
    pub(crate) time: ReportTime,
}

/// A stored report as the renderer and `take_reports` see it: its head,
/// borrowed where it is kept, and its message.
#[derive(Clone, Copy)]
pub(crate) struct Entry<'a> {
    pub(crate) head: &'a Head,
    pub(crate) message: Message<'a>,
}

impl core::ops::Deref for Entry<'_> {
    type Target = Head;

    fn deref(&self) -> &Head {
        self.head
    }
}

impl<'a> Entry<'a> {
    /// The argument values, in the order of the definition's fields; none
    /// for a report kept as a text.
    pub(crate) fn values(&self) -> impl Iterator<Item = &'a str> + use<'a> {
        let (text, spans): (&str, &[Range<usize>]) = match self.message {
            Message::Template { text, spans, .. } => (text, spans),
            Message::Text(_) => ("", &[]),
        };
        spans
            .iter()
            .map(move |span| text.get(span.clone()).unwrap_or_default())
    }

    /// Whether two entries render the same line: the same code and message.
    pub(crate) fn same_as(&self, other: &Entry<'_>) -> bool {
        same_text(self.code, other.code) && self.message.same_as(&other.message)
    }
}

impl Message<'_> {
    /// Whether two messages render the same text.
    pub(crate) fn same_as(&self, other: &Message<'_>) -> bool {
        match (*self, *other) {
            (Message::Text(a), Message::Text(b)) => a == b,
            (message, Message::Text(text)) | (Message::Text(text), message) => {
                message.renders_as(text)
            }
            (
                Message::Template {
                    def: a_def,
                    text: a_text,
                    spans: a_spans,
                    ..
                },
                Message::Template {
                    def: b_def,
                    text: b_text,
                    spans: b_spans,
                    ..
                },
            ) if core::ptr::eq(a_def, b_def) => {
                a_spans.len() == b_spans.len()
                    && a_spans
                        .iter()
                        .zip(b_spans)
                        .all(|(a, b)| a_text.get(a.clone()) == b_text.get(b.clone()))
            }
            // Two definitions of one code, one replaced by a registration
            // between the reports: rare enough to compare through a copy.
            (a, b) => {
                let mut rendered = String::new();
                a.write(&mut rendered).is_ok() && b.renders_as(&rendered)
            }
        }
    }
}

/// Whether two texts are the same, compared without a call to `memcmp` when
/// they are at most 16 bytes long (codes, argument names, most values): as
/// two overlapping words, the first and the last of the text. A call costs
/// several times that, and a report by name compares each name it is given.
#[inline]
pub(crate) fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    match a.len() {
        0 => true,
        // The first, the middle and the last byte: all of them.
        1..=3 => {
            a[0] == b[0] && a[a.len() / 2] == b[b.len() / 2] && a[a.len() - 1] == b[b.len() - 1]
        }
        4..=8 => same_ends::<4>(a, b),
        9..=16 => same_ends::<8>(a, b),
        _ => a == b,
    }
}

/// Whether the first `N` bytes and the last `N` bytes of two texts of the
/// same length, at least `N` and at most `2 * N`, are the same: all of them.
#[inline(always)]
fn same_ends<const N: usize>(a: &[u8], b: &[u8]) -> bool {
    a.first_chunk::<N>() == b.first_chunk::<N>() && a.last_chunk::<N>() == b.last_chunk::<N>()
}

#[cfg(test)]
mod tests {
    use super::same_text;

    #[test]
    fn texts_of_every_short_length_compare_byte_for_byte() {
        let text = "abcdefghijklmnopqrstu";
        for len in 0..=text.len() {
            let a = &text[..len];
            assert!(same_text(a, &String::from(a)), "{a}");
            for at in 0..len {
                // One byte changed, wherever it is.
                let mut b = a.as_bytes().to_vec();
                b[at] = b'_';
                let b = String::from_utf8(b).unwrap();
                assert!(!same_text(a, &b), "{a} {b}");
            }
            if len < text.len() {
                // A text and a longer one that starts with it.
                assert!(!same_text(a, &text[..len + 1]), "{a}");
            }
        }
        assert!(same_text("EK0201", "EK0201") && !same_text("EK0201", "EK0202"));
        assert!(!same_text("é", "è") && same_text("é", "é"));
    }
}
