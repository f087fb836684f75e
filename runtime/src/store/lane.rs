//! A lane: the errors, or the warnings, of one store. Its reports are kept
//! as items whose values lie back to back in one text, with a table that
//! finds a duplicate in O(1) once the lane holds many, a count of the
//! reports dropped past the limits, and a reserve for one report when the
//! allocator fails.
//!
//! A report is written into a lane in two steps: its values are appended
//! to the lane's text after a [`Mark`] (by the thread that owns the store,
//! straight from their `Display`; or copied from a [`Pending`] report), then
//! [`Lane::commit`] keeps them as a new item, or takes them back when the
//! same report is there already.

use core::ops::Range;

use super::message::{Entry, Form, Head, Message};
use super::pending::{Pending, ReserveText};
use super::table::{DuplicateTable, FxHasher};
use crate::def::ErrorDef;
use crate::limits::Limits;
use crate::writers::OutOfMemory;

/// From this many items on, a duplicate is found through the table; below
/// it, by comparing the items one by one, which for the few reports a
/// thread holds between two takes is cheaper than hashing each.
const TABLE_FROM: usize = 16;

/// One stored report; its texts live in the lane's text.
#[derive(Debug, Clone)]
struct Item {
    head: Head,
    form: Form,
    /// Indexes into the lane's `spans`: one per value, or the text.
    spans: Range<usize>,
    /// The longest message to render, from the limits when it was reported.
    budget: usize,
    /// Its hash, once the lane has `TABLE_FROM` items (0 before).
    hash: u64,
}

/// The report kept without the allocator, when it failed: its message
/// already rendered and cut to fit.
#[derive(Debug, Clone)]
struct Reserve {
    used: bool,
    /// How many items were stored before it: its place in report order.
    position: usize,
    text: ReserveText,
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

/// What a lane does with a report identical (same code and values) to one
/// it stores already.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Repeats {
    /// Kept once: the documented behaviour of every store.
    Merged,
    /// Stored again, in its place: what CANN's compact C runtime and the
    /// C++ manager's `SetRawErrorMessages` do, which `errcat-ffi` asks for
    /// (see `crate::__private::keeping_repeats`).
    Kept,
}

/// Where a report being written into a lane begins: the lengths of the
/// lane's text and spans before its values.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Mark {
    text: usize,
    spans: usize,
}

/// Errors or warnings.
#[derive(Debug, Clone)]
pub(crate) struct Lane {
    items: Vec<Item>,
    /// Every value and text, back to back; each span lies on char boundaries.
    text: String,
    spans: Vec<Range<usize>>,
    /// Finds a stored item by its hash, once there are `TABLE_FROM` items.
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
            reserve: Reserve {
                used: false,
                position: 0,
                text: ReserveText::EMPTY,
            },
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
        self.len() >= limits.max_items()
    }

    /// The stored reports in report order, the reserve's in its place.
    #[inline]
    pub(crate) fn entries(&self) -> impl Iterator<Item = Entry<'_>> {
        let split = if self.reserve.used {
            self.reserve.position.min(self.items.len())
        } else {
            self.items.len()
        };
        let (before, after) = self.items.split_at(split);
        let reserved = self.reserve.used.then(|| self.reserve.text.entry());
        before
            .iter()
            .map(|item| self.entry(item))
            .chain(reserved)
            .chain(after.iter().map(|item| self.entry(item)))
    }

    /// The entry at `index` in report order (see [`entries`](Self::entries)).
    #[inline]
    pub(crate) fn entry_at(&self, index: usize) -> Option<Entry<'_>> {
        let mut item = index;
        if self.reserve.used {
            let position = self.reserve.position.min(self.items.len());
            if index == position {
                return Some(self.reserve.text.entry());
            }
            if index > position {
                item -= 1;
            }
        }
        self.items.get(item).map(|item| self.entry(item))
    }

    /// The one report stored, when there is exactly one and it is an item.
    #[inline]
    fn only_item(&self) -> Option<&Item> {
        match self.items.as_slice() {
            [item] if !self.reserve.used => Some(item),
            _ => None,
        }
    }

    /// The one report stored, when there is exactly one and it is a
    /// headline whose message is its definition's template filled in whole
    /// (not internal, not cut): its head, definition and values, read with
    /// no [`Entry`] made, for the renderer's common case.
    #[inline]
    pub(crate) fn only_whole_template(
        &self,
    ) -> Option<(&Head, &'static ErrorDef, &str, &[Range<usize>])> {
        match self.only_item()? {
            item if !item.head.internal
                && item.form == Form::Template
                && item.budget == Message::FITS =>
            {
                Some((
                    &item.head,
                    item.head.def?,
                    &self.text,
                    self.spans.get(item.spans.clone())?,
                ))
            }
            _ => None,
        }
    }

    /// The one report stored, when there is exactly one and it is an item.
    #[inline]
    pub(crate) fn only_entry(&self) -> Option<Entry<'_>> {
        self.only_item().map(|item| self.entry(item))
    }

    /// Where the headline of a rendering is, in report order: the first
    /// report that is not internal, or the first report if all are.
    #[inline]
    pub(crate) fn headline_index(&self) -> usize {
        let first_item = self.items.iter().position(|item| !item.head.internal);
        if !self.reserve.used {
            return first_item.unwrap_or(0);
        }
        let position = self.reserve.position.min(self.items.len());
        match first_item {
            Some(item) if item < position => item,
            _ if !self.reserve.text.head.internal => position,
            Some(item) => item + 1,
            None => 0,
        }
    }

    #[inline]
    fn entry<'a>(&'a self, item: &'a Item) -> Entry<'a> {
        Entry {
            head: &item.head,
            message: self.message(item.form, item.head.def, item.spans.clone(), item.budget),
        }
    }

    #[inline]
    fn message(
        &self,
        form: Form,
        def: Option<&'static ErrorDef>,
        spans: Range<usize>,
        budget: usize,
    ) -> Message<'_> {
        let spans = self.spans.get(spans).unwrap_or_default();
        Message::new(form, def, &self.text, spans, budget)
    }

    /// Empties the lane, keeping its buffers for the next reports.
    #[inline]
    pub(crate) fn clear(&mut self) {
        if self.items.len() >= TABLE_FROM {
            self.table.clear(self.items.iter().map(|item| item.hash));
        }
        self.items.clear();
        self.text.clear();
        self.spans.clear();
        self.dropped = 0;
        self.reserve.used = false;
    }

    /// Where the values of a report about to be written begin.
    pub(crate) fn mark(&self) -> Mark {
        Mark {
            text: self.text.len(),
            spans: self.spans.len(),
        }
    }

    /// The text and the spans a report appends its values to, one span per
    /// value, between [`mark`](Self::mark) and [`commit`](Self::commit).
    pub(crate) fn values_mut(&mut self) -> (&mut String, &mut Vec<Range<usize>>) {
        (&mut self.text, &mut self.spans)
    }

    /// Takes what was written since `mark` out of the lane, as a text of its
    /// own and its spans; `None` when the allocator fails (it is taken back
    /// all the same).
    pub(crate) fn take_written(&mut self, mark: Mark) -> Option<(String, Vec<Range<usize>>)> {
        let mut text = String::new();
        let mut spans = Vec::new();
        let room = text.try_reserve_exact(self.text.len() - mark.text).is_ok()
            && spans
                .try_reserve_exact(self.spans.len() - mark.spans)
                .is_ok();
        if room {
            text.push_str(&self.text[mark.text..]);
            spans.extend(
                self.spans[mark.spans..]
                    .iter()
                    .map(|span| span.start - mark.text..span.end - mark.text),
            );
        }
        self.roll_back(mark);
        room.then_some((text, spans))
    }

    /// Takes back what was written since `mark`.
    pub(crate) fn roll_back(&mut self, mark: Mark) {
        self.text.truncate(mark.text);
        self.spans.truncate(mark.spans);
    }

    /// The report written since `mark`, its template cut to `budget` bytes.
    pub(crate) fn written<'a>(
        &'a self,
        head: &'a Head,
        form: Form,
        mark: Mark,
        budget: usize,
    ) -> Entry<'a> {
        Entry {
            head,
            message: self.message(form, head.def, mark.spans..self.spans.len(), budget),
        }
    }

    /// Keeps the report whose values (or text) were written since `mark` as
    /// a new item, unless the same report (same code and values) is stored
    /// already and `repeats` merges it, or the lane is full, or the
    /// allocator fails: then its values stay where they are, for the caller
    /// to read (see [`written`](Self::written)) and
    /// [`roll_back`](Self::roll_back).
    pub(crate) fn commit(
        &mut self,
        mark: Mark,
        head: &Head,
        form: Form,
        limits: Limits,
        repeats: Repeats,
    ) -> Outcome {
        if self.is_full(limits) {
            self.add_dropped(1);
            return Outcome::Dropped;
        }
        let spans = mark.spans..self.spans.len();
        let hash = if self.items.len() >= TABLE_FROM {
            self.hash(head, form, spans.clone())
        } else {
            0
        };
        if repeats == Repeats::Merged
            && (self.find(head, form, spans.clone(), hash).is_some()
                || self.reserve_matches(head, form, mark))
        {
            return Outcome::Merged;
        }
        if self.make_room().is_err() {
            return Outcome::OutOfMemory;
        }
        let index = self.items.len();
        let budget = self.budget(head, form, mark, limits.max_message_bytes());
        self.items.push(Item {
            head: *head,
            form,
            spans,
            budget,
            hash,
        });
        if index >= TABLE_FROM {
            self.table.place(index, hash);
        } else if index + 1 == TABLE_FROM {
            // The lane starts using its table: every item is placed.
            for index in 0..self.items.len() {
                let item = &self.items[index];
                let hash = self.hash(&item.head, item.form, item.spans.clone());
                self.items[index].hash = hash;
                self.table.place(index, hash);
            }
        }
        Outcome::Stored
    }

    /// The budget to keep with the report written since `mark`:
    /// `Message::FITS` when its message fits `budget`, so that rendering it
    /// need not measure it again.
    fn budget(&self, head: &Head, form: Form, mark: Mark, budget: usize) -> usize {
        let Some(def) = head.def.filter(|_| form == Form::Template) else {
            return budget;
        };
        // The values lie back to back after the mark.
        let len = def
            .message_len(self.text.len() - mark.text)
            .unwrap_or_else(|| Message::full_len(def, &self.spans[mark.spans..]));
        if len <= budget { Message::FITS } else { budget }
    }

    /// Room for one more item, and in the table when it is in use.
    fn make_room(&mut self) -> Result<(), OutOfMemory> {
        self.items.try_reserve(1).map_err(|_| OutOfMemory)?;
        let items = &self.items;
        match items.len() {
            placed if placed >= TABLE_FROM => {
                self.table.make_room(placed, |index| items[index].hash)
            }
            // The item that starts the table: `commit` places them all.
            last if last + 1 == TABLE_FROM => self.table.make_room_for(TABLE_FROM),
            _ => Ok(()),
        }
    }

    fn hash(&self, head: &Head, form: Form, spans: Range<usize>) -> u64 {
        let mut hasher = FxHasher::default();
        hasher.add_bytes(head.code.as_bytes());
        hasher.add(form as u64);
        for span in &self.spans[spans] {
            hasher.add_bytes(self.text[span.clone()].as_bytes());
        }
        hasher.finish()
    }

    /// The index of the stored item that is the same report as the one
    /// whose values are `spans`.
    fn find(&self, head: &Head, form: Form, spans: Range<usize>, hash: u64) -> Option<usize> {
        if self.items.len() < TABLE_FROM {
            // What tells most items apart is compared first, inline: the
            // definition, the form, the number of values.
            for (index, item) in self.items.iter().enumerate() {
                if same_def(item.head.def, head.def)
                    && item.form == form
                    && item.spans.len() == spans.len()
                    && self.same_values(item, head, spans.clone())
                {
                    return Some(index);
                }
            }
            return None;
        }
        self.table.find(hash, |index| {
            self.items.get(index).is_some_and(|item| {
                item.hash == hash
                    && same_def(item.head.def, head.def)
                    && item.form == form
                    && self.same_values(item, head, spans.clone())
            })
        })
    }

    fn same_values(&self, item: &Item, head: &Head, spans: Range<usize>) -> bool {
        super::message::same_text(item.head.code, head.code)
            && self.spans[item.spans.clone()]
                .iter()
                .zip(&self.spans[spans])
                .all(|(stored, new)| self.text.get(stored.clone()) == self.text.get(new.clone()))
    }

    fn reserve_matches(&self, head: &Head, form: Form, mark: Mark) -> bool {
        let reserve = &self.reserve.text;
        self.reserve.used
            && reserve.head.code == head.code
            && self
                .written(head, form, mark, usize::MAX)
                .message
                .renders_as(reserve.message())
    }

    /// Stores a report written elsewhere (see [`commit`](Self::commit)). A
    /// full lane only counts it, without copying: a thread that never takes
    /// its reports pays little for each new one.
    pub(crate) fn push(
        &mut self,
        pending: &Pending<'_>,
        limits: Limits,
        repeats: Repeats,
    ) -> Outcome {
        if self.is_full(limits) {
            self.add_dropped(1);
            return Outcome::Dropped;
        }
        let bytes: usize = pending.spans.iter().map(|span| span.len()).sum();
        if self.text.try_reserve(bytes).is_err()
            || self.spans.try_reserve(pending.spans.len()).is_err()
        {
            return Outcome::OutOfMemory;
        }
        let mark = self.mark();
        for span in pending.spans {
            let start = self.text.len();
            self.text
                .push_str(pending.text.get(span.clone()).unwrap_or_default());
            self.spans.push(start..self.text.len());
        }
        let outcome = self.commit(mark, &pending.head, pending.form, limits, repeats);
        if outcome != Outcome::Stored {
            self.roll_back(mark);
        }
        outcome
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
            text: reserved.clone(),
        };
        Outcome::Stored
    }
}

/// Whether two reports have the same definition, or both none.
#[inline]
fn same_def(a: Option<&'static ErrorDef>, b: Option<&'static ErrorDef>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => core::ptr::eq(a, b),
        (None, None) => true,
        _ => false,
    }
}
