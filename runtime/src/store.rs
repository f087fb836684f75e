//! A store of reports: errors and warnings in order, their texts back to back
//! in an arena that is reused from one take to the next, within the limits,
//! and with a fixed reserve for when the allocator fails.
//!
//! Each thread has one (see `local.rs`), and so does each work stream.

use core::fmt;
use core::ops::Range;

use crate::arena::{CappedWriter, FixedWriter, OutOfMemory};
use crate::def::{ErrorDef, SourceLocation};
use crate::limits::Limits;

/// The bytes of the reserve: one report's code and message, cut to fit.
const RESERVE_BYTES: usize = 256;

/// What a new report is made of, before it is stored.
#[derive(Clone, Copy)]
pub(crate) enum Source<'a> {
    /// A defined code: its values are written by `write_arg`, one per field.
    Defined {
        def: &'static ErrorDef,
        write_arg: &'a dyn Fn(usize, &mut dyn fmt::Write) -> fmt::Result,
    },
    /// An internal error with a formatted message and no arguments.
    Formatted {
        code: &'static str,
        internal: bool,
        message: fmt::Arguments<'a>,
    },
    /// A report taken earlier, being put back.
    Restored {
        code: &'static str,
        def: Option<&'static ErrorDef>,
        internal: bool,
        message: &'a str,
        values: &'a [(&'static str, String)],
    },
}

impl Source<'_> {
    fn code(&self) -> &'static str {
        match self {
            Source::Defined { def, .. } => def.code(),
            Source::Formatted { code, .. } | Source::Restored { code, .. } => code,
        }
    }

    fn def(&self) -> Option<&'static ErrorDef> {
        match self {
            Source::Defined { def, .. } => Some(def),
            Source::Formatted { .. } => None,
            Source::Restored { def, .. } => *def,
        }
    }

    fn internal(&self) -> bool {
        match self {
            Source::Defined { def, .. } => def.is_internal(),
            Source::Formatted { internal, .. } | Source::Restored { internal, .. } => *internal,
        }
    }

    /// Writes the message straight to `out`, values in place: the path
    /// that needs no arena.
    fn write_message(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        match self {
            Source::Defined { def, write_arg } => {
                for (i, piece) in def.pieces().iter().enumerate() {
                    out.write_str(piece)?;
                    if let Some(&field) = def.slots().get(i) {
                        write_arg(field, out)?;
                    }
                }
                Ok(())
            }
            Source::Formatted { message, .. } => fmt::write(out, *message),
            Source::Restored { message, .. } => out.write_str(message),
        }
    }
}

/// One stored report; its texts live in the lane's arena.
#[derive(Debug, Clone)]
struct Item {
    code: &'static str,
    def: Option<&'static ErrorDef>,
    internal: bool,
    location: SourceLocation,
    message: Range<usize>,
    /// Indexes into the lane's `values`: one span per argument value.
    values: Range<usize>,
}

/// The report kept without the allocator, when it failed.
#[derive(Debug, Clone, Copy)]
struct Reserve {
    used: bool,
    /// How many items were stored before it: its place in report order.
    position: usize,
    code: &'static str,
    def: Option<&'static ErrorDef>,
    internal: bool,
    location: SourceLocation,
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
        len: 0,
        text: [0; RESERVE_BYTES],
    };

    fn message(&self) -> &str {
        // Only whole chars are ever written to `text` (see `FixedWriter`).
        core::str::from_utf8(&self.text[..self.len]).unwrap_or_default()
    }
}

/// Errors or warnings.
#[derive(Debug, Clone)]
pub(crate) struct Lane {
    items: Vec<Item>,
    /// The hash of each item's code and message, beside `items` so that the
    /// duplicate check scans a dense array.
    hashes: Vec<u64>,
    /// Every message and value, back to back; each span lies on char
    /// boundaries.
    text: String,
    values: Vec<Range<usize>>,
    dropped: usize,
    reserve: Reserve,
}

/// A stored report as the renderer and `take_reports` see it.
pub(crate) struct Entry<'a> {
    pub(crate) code: &'static str,
    pub(crate) def: Option<&'static ErrorDef>,
    pub(crate) internal: bool,
    pub(crate) location: SourceLocation,
    pub(crate) message: &'a str,
    values: &'a [Range<usize>],
    text: &'a str,
}

impl<'a> Entry<'a> {
    /// The argument values, in the order of the definition's fields.
    pub(crate) fn values(&self) -> impl Iterator<Item = &'a str> + use<'a> {
        let text = self.text;
        self.values.iter().map(move |span| &text[span.clone()])
    }
}

/// FxHash's mix, over the code and the message: cheap, and only a filter
/// before the texts themselves are compared.
fn hash(code: &str, message: &[u8]) -> u64 {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;
    let mut hash = 0u64;
    let mut add = |word: u64| hash = (hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    for bytes in [code.as_bytes(), message] {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            add(u64::from_le_bytes(chunk.try_into().unwrap_or_default()));
        }
        let mut last = [0u8; 8];
        last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
        add(u64::from_le_bytes(last) ^ (bytes.len() as u64) << 56);
    }
    hash
}

impl Lane {
    pub(crate) const fn new() -> Self {
        Lane {
            items: Vec::new(),
            hashes: Vec::new(),
            text: String::new(),
            values: Vec::new(),
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
            message: reserve.message(),
            values: &[],
            text: "",
        }
    }

    fn entry<'a>(&'a self, item: &Item) -> Entry<'a> {
        Entry {
            code: item.code,
            def: item.def,
            internal: item.internal,
            location: item.location,
            message: &self.text[item.message.clone()],
            values: &self.values[item.values.clone()],
            text: &self.text,
        }
    }

    /// Empties the lane, keeping its buffers for the next reports.
    pub(crate) fn clear(&mut self) {
        self.items.clear();
        self.hashes.clear();
        self.text.clear();
        self.values.clear();
        self.dropped = 0;
        self.reserve.used = false;
    }

    /// Bytes the lane holds on the heap.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.items.capacity() * size_of::<Item>()
            + self.hashes.capacity() * size_of::<u64>()
            + self.text.capacity()
            + self.values.capacity() * size_of::<Range<usize>>()
    }

    /// Stores a report unless an identical one (same code and message) is
    /// there already; once the lane is full, every report is counted instead
    /// (duplicates included, as they are no longer compared). When the
    /// allocator fails, the report goes to the reserve, and when that is
    /// taken too, it is counted as dropped.
    pub(crate) fn push(&mut self, source: Source<'_>, location: SourceLocation, limits: Limits) {
        // A full lane only counts: nothing is formatted or compared, so a
        // thread that never takes its reports pays little for each new one.
        if self.items.len() + usize::from(self.reserve.used) >= limits.max_items() {
            self.dropped = self.dropped.saturating_add(1);
            return;
        }
        let text_start = self.text.len();
        let values_start = self.values.len();
        if self.try_push(source, location, limits).is_err() {
            self.text.truncate(text_start);
            self.values.truncate(values_start);
            self.push_reserve(source, location);
        }
    }

    fn try_push(
        &mut self,
        source: Source<'_>,
        location: SourceLocation,
        limits: Limits,
    ) -> Result<(), OutOfMemory> {
        let budget = limits.max_message_bytes();
        let text_start = self.text.len();
        let values_start = self.values.len();
        let message = match source {
            Source::Defined { def, write_arg } => {
                self.values
                    .try_reserve(def.fields().len())
                    .map_err(|_| OutOfMemory)?;
                for index in 0..def.fields().len() {
                    let mut writer = CappedWriter::new(&mut self.text, budget);
                    // A value whose Display fails keeps what it wrote before failing.
                    let _ = write_arg(index, &mut writer);
                    let span = writer.finish()?;
                    self.values.push(span);
                }
                let mut writer = CappedWriter::new(&mut self.text, budget);
                for (i, piece) in def.pieces().iter().enumerate() {
                    if fmt::Write::write_str(&mut writer, piece).is_err() {
                        break;
                    }
                    if let Some(&field) = def.slots().get(i)
                        && writer
                            .copy_within(self.values[values_start + field].clone())
                            .is_err()
                    {
                        break;
                    }
                }
                writer.finish()?
            }
            Source::Formatted { message, .. } => {
                let mut writer = CappedWriter::new(&mut self.text, budget);
                let _ = fmt::write(&mut writer, message);
                writer.finish()?
            }
            Source::Restored {
                message, values, ..
            } => {
                self.values
                    .try_reserve(values.len())
                    .map_err(|_| OutOfMemory)?;
                for (_, value) in values {
                    let mut writer = CappedWriter::new(&mut self.text, budget);
                    let _ = fmt::Write::write_str(&mut writer, value);
                    let span = writer.finish()?;
                    self.values.push(span);
                }
                let mut writer = CappedWriter::new(&mut self.text, budget);
                let _ = fmt::Write::write_str(&mut writer, message);
                writer.finish()?
            }
        };
        let code = source.code();
        let new_message = &self.text[message.clone()];
        let new_hash = hash(code, new_message.as_bytes());
        let duplicate = self.hashes.iter().zip(&self.items).any(|(&hash, item)| {
            hash == new_hash && item.code == code && self.text[item.message.clone()] == *new_message
        }) || (self.reserve.used
            && self.reserve.code == code
            && self.reserve.message() == new_message);
        if duplicate {
            self.text.truncate(text_start);
            self.values.truncate(values_start);
            return Ok(());
        }
        self.items.try_reserve(1).map_err(|_| OutOfMemory)?;
        self.hashes.try_reserve(1).map_err(|_| OutOfMemory)?;
        self.hashes.push(new_hash);
        self.items.push(Item {
            code,
            def: source.def(),
            internal: source.internal(),
            location,
            message,
            values: values_start..self.values.len(),
        });
        Ok(())
    }

    fn push_reserve(&mut self, source: Source<'_>, location: SourceLocation) {
        if self.reserve.used {
            self.dropped = self.dropped.saturating_add(1);
            return;
        }
        let reserve = &mut self.reserve;
        let mut writer = FixedWriter::new(&mut reserve.text);
        let _ = source.write_message(&mut writer);
        reserve.len = writer.finish();
        reserve.used = true;
        reserve.position = self.items.len();
        reserve.code = source.code();
        reserve.def = source.def();
        reserve.internal = source.internal();
        reserve.location = location;
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
