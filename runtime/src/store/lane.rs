//! A lane: the errors, or the warnings, of one store. Its reports are kept
//! as items whose values lie back to back in one text, with a table that
//! finds a duplicate in O(1), a count of the reports dropped past the
//! limits, and a reserve for one report when the allocator fails.

use core::ops::Range;

use super::message::{Entry, Message};
use super::pending::{Form, Pending, RESERVE_BYTES, ReserveText};
use super::table::DuplicateTable;
use crate::def::{ErrorDef, SourceLocation};
use crate::limits::Limits;
use crate::time::ReportTime;
use crate::writers::OutOfMemory;

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
        time: ReportTime::UNKNOWN,
        len: 0,
        text: [0; RESERVE_BYTES],
    };

    fn message(&self) -> &str {
        // Only whole chars are ever written to `text` (see `FixedWriter`).
        core::str::from_utf8(&self.text[..self.len]).unwrap_or_default()
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
    /// Finds a stored item by its hash.
    table: DuplicateTable,
    dropped: usize,
    reserve: Reserve,
}

impl Lane {
    pub(crate) const fn new() -> Self {
        Lane {
            items: Vec::new(),
            text: String::new(),
            spans: Vec::new(),
            table: DuplicateTable::new(),
            dropped: 0,
            reserve: Reserve::EMPTY,
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.items.is_empty() && !self.reserve.used && self.dropped == 0
    }

    /// How many reports are stored, the reserve's included.
    pub(crate) fn len(&self) -> usize {
        self.items.len() + usize::from(self.reserve.used)
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
        self.table.clear(self.items.iter().map(|item| item.hash));
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
        self.table.find(hash, |index| {
            self.items
                .get(index)
                .is_some_and(|item| item.hash == hash && self.item_equals(item, pending))
        })
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
        let items = &self.items;
        self.table
            .make_room(items.len(), |index| items[index].hash)?;
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
        self.table.place(index, hash);
        Ok(())
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
