//! A store of reports: errors and warnings in order, each kept as its
//! definition and its argument values, back to back in an arena that is
//! reused from one take to the next, within the limits, and with a fixed
//! reserve for when the allocator fails.
//!
//! A report's message is not assembled when it is made: the values are
//! kept, and the message is rendered from the definition's pieces and the
//! values once, when it is taken. Two reports are the same when their code
//! and values are; a hash table over both finds a duplicate in O(1).
//!
//! Each thread has one store (see `local.rs`), and so does each work stream
//! and each scope.

use core::fmt;
use core::ops::Range;

use crate::arena::{CappedWriter, OutOfMemory, floor_char_boundary};
use crate::def::{ErrorDef, SourceLocation};
use crate::limits::Limits;
use crate::time::ReportTime;

/// The bytes of the reserve: one report's code and message, cut to fit.
pub(crate) const RESERVE_BYTES: usize = 256;

/// What marks a cut text.
const CUT_MARK: &str = "...";

/// How a report's message is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    /// The definition's template, filled with the values (one per field).
    Template,
    /// One text, the message itself: internal errors with a format string,
    /// reports restored without a definition that matches their values.
    Text,
}

/// A report whose texts are written, waiting to be stored: its values (or
/// its text) are spans of `text`.
pub(crate) struct Pending<'a> {
    pub(crate) code: &'static str,
    pub(crate) def: Option<&'static ErrorDef>,
    pub(crate) internal: bool,
    pub(crate) form: Form,
    pub(crate) location: SourceLocation,
    pub(crate) time: ReportTime,
    pub(crate) text: &'a str,
    pub(crate) spans: &'a [Range<usize>],
}

impl<'a> Pending<'a> {
    /// The message this report renders, its template cut to `budget` bytes.
    pub(crate) fn message(&self, budget: usize) -> Message<'a> {
        match (self.form, self.def) {
            (Form::Template, Some(def)) => Message::Template {
                def,
                text: self.text,
                spans: self.spans,
                budget,
            },
            _ => Message::Text(
                self.spans
                    .first()
                    .and_then(|span| self.text.get(span.clone()))
                    .unwrap_or_default(),
            ),
        }
    }

    /// The report as a stored one would be seen, before it is stored.
    pub(crate) fn entry(&self, budget: usize) -> Entry<'a> {
        Entry {
            code: self.code,
            def: self.def,
            internal: self.internal,
            location: self.location,
            time: self.time,
            message: self.message(budget),
        }
    }

    fn hash(&self) -> u64 {
        let mut hasher = FxHasher::default();
        hasher.add_bytes(self.code.as_bytes());
        hasher.add(self.form as u64);
        for span in self.spans {
            hasher.add_bytes(self.text[span.clone()].as_bytes());
        }
        hasher.finish()
    }
}

/// One stored report; its texts live in the lane's arena.
#[derive(Debug, Clone)]
struct Item {
    code: &'static str,
    def: Option<&'static ErrorDef>,
    internal: bool,
    form: Form,
    location: SourceLocation,
    time: ReportTime,
    /// Indexes into the lane's `spans`: one per value, or the text.
    spans: Range<usize>,
    /// The longest message to render, from the limits when it was reported.
    budget: usize,
    hash: u64,
}

/// The report kept without the allocator, when it failed: its message
/// already rendered and cut to fit.
#[derive(Debug, Clone, Copy)]
struct Reserve {
    used: bool,
    /// How many items were stored before it: its place in report order.
    position: usize,
    code: &'static str,
    def: Option<&'static ErrorDef>,
    internal: bool,
    location: SourceLocation,
    time: ReportTime,
    len: usize,
    text: [u8; RESERVE_BYTES],
}

impl Reserve {
    const EMPTY: Reserve = Reserve {
        used: false,
        position: 0,
        code: "",
        def: None,
        internal: false,
        location: SourceLocation::new("", 0, 0),
        time: ReportTime::EPOCH,
        len: 0,
        text: [0; RESERVE_BYTES],
    };

    fn message(&self) -> &str {
        // Only whole chars are ever written to `text` (see `FixedWriter`).
        core::str::from_utf8(&self.text[..self.len]).unwrap_or_default()
    }
}

/// A message rendered into a fixed buffer, for the reserve.
pub(crate) struct ReserveText {
    pub(crate) code: &'static str,
    pub(crate) def: Option<&'static ErrorDef>,
    pub(crate) internal: bool,
    pub(crate) location: SourceLocation,
    pub(crate) time: ReportTime,
    pub(crate) len: usize,
    pub(crate) text: [u8; RESERVE_BYTES],
}

impl ReserveText {
    /// The report as the reserve will hold it.
    pub(crate) fn entry(&self) -> Entry<'_> {
        Entry {
            code: self.code,
            def: self.def,
            internal: self.internal,
            location: self.location,
            time: self.time,
            // Only whole chars are ever written to `text` (see `FixedWriter`).
            message: Message::Text(
                core::str::from_utf8(&self.text[..self.len]).unwrap_or_default(),
            ),
        }
    }
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
    fn value(text: &'a str, spans: &[Range<usize>], field: usize) -> &'a str {
        spans
            .get(field)
            .and_then(|span| text.get(span.clone()))
            .unwrap_or_default()
    }

    /// The length of the filled template before any cut.
    fn full_len(def: &ErrorDef, text: &str, spans: &[Range<usize>]) -> usize {
        let pieces: usize = def.pieces().iter().map(|piece| piece.len()).sum();
        let values: usize = def
            .slots()
            .iter()
            .map(|&field| Message::value(text, spans, field).len())
            .sum();
        pieces + values
    }

    /// Writes the rendered message.
    pub(crate) fn write<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        match *self {
            Message::Text(text) => out.write_str(text),
            Message::Template {
                def,
                text,
                spans,
                budget,
            } => {
                if Message::full_len(def, text, spans) <= budget {
                    return self.write_parts(out);
                }
                let mut truncating = Truncating::new(out, cut_point(budget));
                // The cut ends the parts early with an error: that is the point.
                let _ = self.write_parts(&mut truncating);
                truncating.out.write_str(CUT_MARK)
            }
        }
    }

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

/// A stored report as the renderer and `take_reports` see it.
#[derive(Clone, Copy)]
pub(crate) struct Entry<'a> {
    pub(crate) code: &'static str,
    pub(crate) def: Option<&'static ErrorDef>,
    pub(crate) internal: bool,
    pub(crate) location: SourceLocation,
    pub(crate) time: ReportTime,
    pub(crate) message: Message<'a>,
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
        if self.code != other.code {
            return false;
        }
        match (self.message, other.message) {
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

/// What became of a report given to a lane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Stored as a new item.
    Stored,
    /// The same report was stored already; kept once.
    Merged,
    /// Not stored: the lane was full, or the allocator failed and the
    /// reserve was taken. Counted, and rendered as `... N more messages dropped`.
    Dropped,
    /// The allocator failed; the caller is to render the report into the
    /// reserve (see [`Lane::push_reserve`]).
    OutOfMemory,
}

/// Errors or warnings.
#[derive(Debug, Clone)]
pub(crate) struct Lane {
    items: Vec<Item>,
    /// Every value and text, back to back; each span lies on char boundaries.
    text: String,
    spans: Vec<Range<usize>>,
    /// Open addressing over the items' hashes: in each slot, the index of
    /// an item plus one in the low half (0 for a free slot) and the high
    /// half of its hash, so that a probe compares hashes without reading
    /// the item, which in a large lane is a cache miss. A power of two
    /// long, at most half full.
    table: Vec<u64>,
    dropped: usize,
    reserve: Reserve,
}

impl Lane {
    pub(crate) const fn new() -> Self {
        Lane {
            items: Vec::new(),
            text: String::new(),
            spans: Vec::new(),
            table: Vec::new(),
            dropped: 0,
            reserve: Reserve::EMPTY,
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.items.is_empty() && !self.reserve.used && self.dropped == 0
    }

    /// How many reports were counted instead of stored since the last take.
    pub(crate) fn dropped(&self) -> usize {
        self.dropped
    }

    pub(crate) fn add_dropped(&mut self, count: usize) {
        self.dropped = self.dropped.saturating_add(count);
    }

    /// Whether a new report would only be counted.
    pub(crate) fn is_full(&self, limits: Limits) -> bool {
        self.items.len() + usize::from(self.reserve.used) >= limits.max_items()
    }

    /// The stored reports in report order, the reserve's in its place.
    pub(crate) fn entries(&self) -> impl Iterator<Item = Entry<'_>> {
        let reserve = &self.reserve;
        let split = if reserve.used {
            reserve.position.min(self.items.len())
        } else {
            self.items.len()
        };
        let (before, after) = self.items.split_at(split);
        let reserved = reserve.used.then(|| self.reserve_entry());
        before
            .iter()
            .map(|item| self.entry(item))
            .chain(reserved)
            .chain(after.iter().map(|item| self.entry(item)))
    }

    /// The entry at `index` in report order (see [`entries`](Self::entries)).
    pub(crate) fn entry_at(&self, index: usize) -> Option<Entry<'_>> {
        let reserve = &self.reserve;
        if reserve.used {
            let position = reserve.position.min(self.items.len());
            if index == position {
                return Some(self.reserve_entry());
            }
            let item = if index < position { index } else { index - 1 };
            return self.items.get(item).map(|item| self.entry(item));
        }
        self.items.get(index).map(|item| self.entry(item))
    }

    /// Where the headline of a rendering is, in report order: the first
    /// report that is not internal, or the first report if all are.
    pub(crate) fn headline_index(&self) -> usize {
        let reserve = &self.reserve;
        let first_item = self.items.iter().position(|item| !item.internal);
        if !reserve.used {
            return first_item.unwrap_or(0);
        }
        let position = reserve.position.min(self.items.len());
        match first_item {
            Some(item) if item < position => item,
            _ if !reserve.internal => position,
            Some(item) => item + 1,
            None => 0,
        }
    }

    fn reserve_entry(&self) -> Entry<'_> {
        let reserve = &self.reserve;
        Entry {
            code: reserve.code,
            def: reserve.def,
            internal: reserve.internal,
            location: reserve.location,
            time: reserve.time,
            message: Message::Text(reserve.message()),
        }
    }

    fn entry<'a>(&'a self, item: &Item) -> Entry<'a> {
        let spans = self.spans.get(item.spans.clone()).unwrap_or_default();
        let message = match (item.form, item.def) {
            (Form::Template, Some(def)) => Message::Template {
                def,
                text: &self.text,
                spans,
                budget: item.budget,
            },
            _ => Message::Text(
                spans
                    .first()
                    .and_then(|span| self.text.get(span.clone()))
                    .unwrap_or_default(),
            ),
        };
        Entry {
            code: item.code,
            def: item.def,
            internal: item.internal,
            location: item.location,
            time: item.time,
            message,
        }
    }

    /// Empties the lane, keeping its buffers for the next reports.
    pub(crate) fn clear(&mut self) {
        // Only the slots in use are freed: a table that once grew for a
        // burst of reports costs a take no more than the items it holds.
        let mask = self.table.len().wrapping_sub(1);
        for item in &self.items {
            let mut at = (item.hash as usize) & mask;
            while let Some(slot) = self.table.get_mut(at) {
                if *slot == 0 {
                    break;
                }
                *slot = 0;
                at = (at + 1) & mask;
            }
        }
        self.items.clear();
        self.text.clear();
        self.spans.clear();
        self.dropped = 0;
        self.reserve.used = false;
    }

    /// Stores a report unless the same one (same code and values) is there
    /// already. A full lane only counts it, without comparing: a thread that
    /// never takes its reports pays little for each new one.
    pub(crate) fn push(&mut self, pending: &Pending<'_>, limits: Limits) -> Outcome {
        if self.is_full(limits) {
            self.add_dropped(1);
            return Outcome::Dropped;
        }
        let hash = pending.hash();
        if self.find(pending, hash).is_some()
            || (self.reserve.used && self.reserve_matches(pending))
        {
            return Outcome::Merged;
        }
        match self.store(pending, hash, limits) {
            Ok(()) => Outcome::Stored,
            Err(OutOfMemory) => Outcome::OutOfMemory,
        }
    }

    /// The index of the stored item equal to `pending`.
    fn find(&self, pending: &Pending<'_>, hash: u64) -> Option<usize> {
        let mask = self.table.len().checked_sub(1)?;
        let mut at = (hash as usize) & mask;
        loop {
            let slot = *self.table.get(at)?;
            let index = (slot as u32 as usize).checked_sub(1)?;
            if slot >> 32 == hash >> 32 {
                let item = self.items.get(index)?;
                if item.hash == hash && self.item_equals(item, pending) {
                    return Some(index);
                }
            }
            at = (at + 1) & mask;
        }
    }

    fn item_equals(&self, item: &Item, pending: &Pending<'_>) -> bool {
        let same_def = match (item.def, pending.def) {
            (Some(a), Some(b)) => core::ptr::eq(a, b),
            (None, None) => true,
            _ => false,
        };
        item.code == pending.code
            && item.form == pending.form
            && same_def
            && item.spans.len() == pending.spans.len()
            && self.spans[item.spans.clone()]
                .iter()
                .zip(pending.spans)
                .all(|(stored, new)| self.text.get(stored.clone()) == pending.text.get(new.clone()))
    }

    fn reserve_matches(&self, pending: &Pending<'_>) -> bool {
        if self.reserve.code != pending.code {
            return false;
        }
        pending
            .message(usize::MAX)
            .renders_as(self.reserve.message())
    }

    fn store(
        &mut self,
        pending: &Pending<'_>,
        hash: u64,
        limits: Limits,
    ) -> Result<(), OutOfMemory> {
        let bytes: usize = pending.spans.iter().map(|span| span.len()).sum();
        self.text.try_reserve(bytes).map_err(|_| OutOfMemory)?;
        self.spans
            .try_reserve(pending.spans.len())
            .map_err(|_| OutOfMemory)?;
        self.items.try_reserve(1).map_err(|_| OutOfMemory)?;
        self.grow_table()?;
        let first_span = self.spans.len();
        for span in pending.spans {
            let start = self.text.len();
            self.text
                .push_str(pending.text.get(span.clone()).unwrap_or_default());
            self.spans.push(start..self.text.len());
        }
        let index = self.items.len();
        self.items.push(Item {
            code: pending.code,
            def: pending.def,
            internal: pending.internal,
            form: pending.form,
            location: pending.location,
            time: pending.time,
            spans: first_span..self.spans.len(),
            budget: limits.max_message_bytes(),
            hash,
        });
        self.place(index, hash);
        Ok(())
    }

    /// Makes room in the table for one more item, rehashing into a larger
    /// one when it would be more than half full.
    fn grow_table(&mut self) -> Result<(), OutOfMemory> {
        let wanted = (self.items.len() + 1) * 2;
        if wanted <= self.table.len() {
            return Ok(());
        }
        let len = wanted.next_power_of_two().max(16);
        let mut table: Vec<u64> = Vec::new();
        table.try_reserve_exact(len).map_err(|_| OutOfMemory)?;
        table.resize(len, 0);
        self.table = table;
        for index in 0..self.items.len() {
            self.place(index, self.items[index].hash);
        }
        Ok(())
    }

    fn place(&mut self, index: usize, hash: u64) {
        let mask = self.table.len() - 1;
        let mut at = (hash as usize) & mask;
        while self.table[at] != 0 {
            at = (at + 1) & mask;
        }
        // A lane holds at most `max_items` reports, at most u32::MAX.
        let index = u64::from(u32::try_from(index + 1).unwrap_or(u32::MAX));
        self.table[at] = (hash & !u64::from(u32::MAX)) | index;
    }

    /// Keeps a report whose message was rendered into a fixed buffer, when
    /// the allocator failed; when the reserve is taken already, counts it.
    pub(crate) fn push_reserve(&mut self, reserved: &ReserveText) -> Outcome {
        if self.reserve.used {
            self.add_dropped(1);
            return Outcome::Dropped;
        }
        self.reserve = Reserve {
            used: true,
            position: self.items.len(),
            code: reserved.code,
            def: reserved.def,
            internal: reserved.internal,
            location: reserved.location,
            time: reserved.time,
            len: reserved.len,
            text: reserved.text,
        };
        Outcome::Stored
    }
}

/// Both lanes.
#[derive(Debug, Clone)]
pub(crate) struct Store {
    pub(crate) errors: Lane,
    pub(crate) warnings: Lane,
}

impl Store {
    pub(crate) const fn new() -> Self {
        Store {
            errors: Lane::new(),
            warnings: Lane::new(),
        }
    }

    pub(crate) fn lane(&mut self, warning: bool) -> &mut Lane {
        if warning {
            &mut self.warnings
        } else {
            &mut self.errors
        }
    }
}

/// FxHash's mix: cheap, and only a filter before the values themselves are
/// compared.
#[derive(Default)]
struct FxHasher {
    hash: u64,
}

impl FxHasher {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }

    fn add_bytes(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(u64::from_le_bytes(chunk.try_into().unwrap_or_default()));
        }
        let mut last = [0u8; 8];
        last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
        // The length keeps "ab" + "c" apart from "a" + "bc".
        self.add(u64::from_le_bytes(last) ^ ((bytes.len() as u64) << 56));
    }

    fn finish(&self) -> u64 {
        // The table indexes with the low bits, which the multiply leaves
        // weakest: fold the high ones in.
        self.hash ^ (self.hash >> 29)
    }
}

/// Writes `CappedWriter` output for one text at a time into a pending
/// report's buffer.
pub(crate) fn write_capped(
    text: &mut String,
    budget: usize,
    write: impl FnOnce(&mut dyn fmt::Write) -> fmt::Result,
) -> Result<Range<usize>, OutOfMemory> {
    let mut writer = CappedWriter::new(text, budget);
    // A value whose Display fails keeps what it wrote before failing.
    let _ = write(&mut writer);
    writer.finish()
}
