//! The per-thread store: each thread keeps its own reports, in order, in
//! buffers that are reused from one take to the next.

use core::cell::{Cell, RefCell};
use core::fmt;
use core::ops::Range;

use crate::def::{ErrorDef, SourceLocation};

/// How many items one lane keeps before it only counts what arrives.
pub(crate) const DEFAULT_MAX_ITEMS: usize = 1_000;

/// One stored report. Its texts live in the lane's arena.
#[derive(Debug, Clone)]
pub(crate) struct Item {
    pub(crate) code: &'static str,
    pub(crate) def: Option<&'static ErrorDef>,
    pub(crate) internal: bool,
    pub(crate) location: SourceLocation,
    message: Range<usize>,
    /// Indexes into the lane's `values`: one span per argument value.
    values: Range<usize>,
}

/// Errors or warnings of one thread.
#[derive(Debug, Default)]
pub(crate) struct Lane {
    items: Vec<Item>,
    /// Every message and value of the items, back to back. Only whole `str`s
    /// are ever appended, so every recorded span is valid UTF-8.
    text: Vec<u8>,
    values: Vec<Range<usize>>,
    dropped: usize,
}

/// A stored item as the renderer and `take_reports` see it.
pub(crate) struct Entry<'a> {
    pub(crate) item: &'a Item,
    pub(crate) message: &'a str,
    lane: &'a Lane,
}

impl<'a> Entry<'a> {
    pub(crate) fn values(&self) -> impl Iterator<Item = &'a str> + use<'a> {
        let lane = self.lane;
        lane.values[self.item.values.clone()]
            .iter()
            .map(move |span| lane.str_at(span.clone()))
    }
}

/// Appends `str`s to the arena; the only way text gets into it.
struct ArenaWriter<'a>(&'a mut Vec<u8>);

impl fmt::Write for ArenaWriter<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

/// What a new item is made of, before it is stored.
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
    /// An item taken earlier, being put back.
    Restored {
        code: &'static str,
        def: Option<&'static ErrorDef>,
        internal: bool,
        message: &'a str,
        values: &'a mut dyn Iterator<Item = &'a str>,
    },
}

impl Lane {
    const fn new() -> Self {
        Lane {
            items: Vec::new(),
            text: Vec::new(),
            values: Vec::new(),
            dropped: 0,
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.items.is_empty() && self.dropped == 0
    }

    /// How many reports arrived past the item limit since the last take.
    pub(crate) fn dropped(&self) -> usize {
        self.dropped
    }

    fn str_at(&self, span: Range<usize>) -> &str {
        // The arena holds only whole strs (see `text`), so this never fails.
        core::str::from_utf8(&self.text[span]).unwrap_or_default()
    }

    pub(crate) fn entries(&self) -> impl Iterator<Item = Entry<'_>> {
        self.items.iter().map(move |item| Entry {
            item,
            message: self.str_at(item.message.clone()),
            lane: self,
        })
    }

    pub(crate) fn clear(&mut self) {
        self.items.clear();
        self.text.clear();
        self.values.clear();
        self.dropped = 0;
    }

    /// Stores a report unless an identical one (same code and message) is
    /// already there; past the item limit it is counted instead.
    pub(crate) fn push(&mut self, source: Source<'_>, location: SourceLocation) {
        if self.items.len() >= DEFAULT_MAX_ITEMS {
            self.dropped += 1;
            return;
        }
        let text_start = self.text.len();
        let values_start = self.values.len();
        let (code, def, internal, message) = match source {
            Source::Defined { def, write_arg } => {
                for index in 0..def.fields().len() {
                    let start = self.text.len();
                    // A value whose Display fails keeps what it wrote before failing.
                    let _ = write_arg(index, &mut ArenaWriter(&mut self.text));
                    self.values.push(start..self.text.len());
                }
                let message_start = self.text.len();
                for (i, piece) in def.pieces().iter().enumerate() {
                    self.text.extend_from_slice(piece.as_bytes());
                    if let Some(&field) = def.slots().get(i) {
                        let value = self.values[values_start + field].clone();
                        self.text.extend_from_within(value);
                    }
                }
                let message = message_start..self.text.len();
                (def.code(), Some(def), def.is_internal(), message)
            }
            Source::Formatted {
                code,
                internal,
                message,
            } => {
                let _ = fmt::write(&mut ArenaWriter(&mut self.text), message);
                (code, None, internal, text_start..self.text.len())
            }
            Source::Restored {
                code,
                def,
                internal,
                message,
                values,
            } => {
                for value in values {
                    let start = self.text.len();
                    self.text.extend_from_slice(value.as_bytes());
                    self.values.push(start..self.text.len());
                }
                let message_start = self.text.len();
                self.text.extend_from_slice(message.as_bytes());
                (code, def, internal, message_start..self.text.len())
            }
        };
        let new_message = &self.text[message.clone()];
        let duplicate = self
            .items
            .iter()
            .any(|item| item.code == code && self.text[item.message.clone()] == *new_message);
        if duplicate {
            self.text.truncate(text_start);
            self.values.truncate(values_start);
            return;
        }
        self.items.push(Item {
            code,
            def,
            internal,
            location,
            message,
            values: values_start..self.values.len(),
        });
    }
}

/// Both lanes of one thread.
#[derive(Debug, Default)]
pub(crate) struct Store {
    pub(crate) errors: Lane,
    pub(crate) warnings: Lane,
}

impl Store {
    const fn new() -> Self {
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

struct ThreadState {
    store: RefCell<Store>,
    /// Reports made while the store was busy (from inside a value's `Display`
    /// during another report, or from the writer of a render): counted per
    /// lane, [errors, warnings], and shown as dropped.
    busy_drops: [Cell<usize>; 2],
}

thread_local! {
    static STATE: ThreadState = const {
        ThreadState {
            store: RefCell::new(Store::new()),
            busy_drops: [Cell::new(0), Cell::new(0)],
        }
    };
}

/// Runs `f` on this thread's store and returns its result, or `None` when the
/// store is already in use further up this thread's stack (a value's `Display`
/// that reports, a render's writer that reports) or the thread is being torn
/// down.
pub(crate) fn with_store<R>(f: impl FnOnce(&mut Store) -> R) -> Option<R> {
    STATE
        .try_with(|state| {
            let mut store = state.store.try_borrow_mut().ok()?;
            store.errors.dropped += state.busy_drops[0].take();
            store.warnings.dropped += state.busy_drops[1].take();
            Some(f(&mut store))
        })
        .ok()
        .flatten()
}

/// Records one report in the lane for its kind; when the store is busy the
/// report is counted as dropped, so it still shows in the next rendering.
pub(crate) fn record(warning: bool, source: Source<'_>, location: SourceLocation) {
    let stored = with_store(|store| store.lane(warning).push(source, location));
    if stored.is_none() {
        let _ = STATE.try_with(|state| {
            let lane = &state.busy_drops[usize::from(warning)];
            lane.set(lane.get() + 1);
        });
    }
}
