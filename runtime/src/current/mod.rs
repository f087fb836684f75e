//! The current store, and how a report gets there: the innermost scope
//! being polled, else the work stream this thread entered (both a
//! [`StreamShared`] behind a mutex), else the thread's own store, which has
//! no lock. Above the store and the registry; below the public API.
//!
//! A report is written in two steps. First its values (or its text) are
//! formatted into this thread's pending buffer, with no store open: a
//! value's `Display` may take as long as it likes, wait for other threads or
//! report itself, and no lock is held meanwhile. Then the store is opened
//! and the bytes are copied in.

use core::cell::{Cell, RefCell};
use core::fmt;
use core::ops::Range;
use std::sync::{Arc, Mutex, PoisonError};

use crate::def::{ErrorDef, FieldMap, SourceLocation};
use crate::limits::{Limits, limits};
use crate::registry::in_force;
use crate::store::{Form, Outcome, Pending, RESERVE_BYTES, ReserveText, Store, write_capped};
use crate::time::ReportTime;
use crate::trace;
use crate::writers::{FixedWriter, OutOfMemory};

/// The store of a work stream or a scope, shared by the threads and polls
/// that work for it (`WorkStream` and `scope` are its public faces).
pub(crate) struct StreamShared {
    pub(crate) store: Mutex<Store>,
}

impl StreamShared {
    pub(crate) const fn new() -> Self {
        StreamShared {
            store: Mutex::new(Store::new()),
        }
    }
}

/// What a new report is made of, before it is written.
#[derive(Clone, Copy)]
pub(crate) enum NewReport<'a> {
    /// A defined code: `write_arg` writes the value of each field of `def`,
    /// the definition it was compiled with.
    Defined {
        def: &'static ErrorDef,
        write_arg: &'a dyn Fn(usize, &mut dyn fmt::Write) -> fmt::Result,
    },
    /// A formatted message with no arguments: an internal error, a
    /// user-defined one (`EU0000`-`EU9999`), both without a definition, or
    /// a defined code whose message carries more than its template (the
    /// graph engine's `[THREAD:1234]`), whose title, cause and solution
    /// still show.
    Formatted {
        code: &'static str,
        def: Option<&'static ErrorDef>,
        warning: bool,
        internal: bool,
        message: fmt::Arguments<'a>,
    },
    /// A report taken earlier, being put back: its values when it was
    /// rendered from `def`'s template, else its message.
    Restored {
        code: &'static str,
        def: Option<&'static ErrorDef>,
        warning: bool,
        internal: bool,
        message: &'a str,
        values: Option<&'a [(&'static str, String)]>,
        time: ReportTime,
    },
}

/// A source with the definition in force resolved.
struct Resolved<'a> {
    source: NewReport<'a>,
    code: &'static str,
    def: Option<&'static ErrorDef>,
    warning: bool,
    internal: bool,
    /// For a defined code: the fields of `def` among those `write_arg` knows.
    map: Option<FieldMap>,
    /// When it was reported: now, or a restored report's own time.
    time: ReportTime,
}

impl<'a> Resolved<'a> {
    fn new(source: NewReport<'a>) -> Self {
        // The clock, when report times are kept: local time is for rendering.
        let time = match source {
            NewReport::Restored { time, .. } => time,
            _ => ReportTime::of_new_report(),
        };
        match source {
            NewReport::Defined { def: compiled, .. } => {
                let def = in_force(compiled);
                Resolved {
                    source,
                    code: def.code(),
                    def: Some(def),
                    warning: def.is_warning(),
                    internal: def.is_internal(),
                    map: Some(FieldMap::new(compiled, def)),
                    time,
                }
            }
            NewReport::Formatted {
                code,
                def,
                warning,
                internal,
                ..
            } => Resolved {
                source,
                code,
                def,
                warning,
                internal,
                map: None,
                time,
            },
            NewReport::Restored {
                code,
                def,
                warning,
                internal,
                ..
            } => Resolved {
                source,
                code,
                def,
                warning,
                internal,
                map: None,
                time,
            },
        }
    }

    /// Whether `tracing` is told of this report: not when it is restored,
    /// since it was told when it was made.
    fn is_told(&self) -> bool {
        !matches!(self.source, NewReport::Restored { .. })
    }

    /// Writes the values (or the text) into `buffer`; returns the form.
    fn write(&self, buffer: &mut PendingBuffer, budget: usize) -> Result<Form, OutOfMemory> {
        buffer.text.clear();
        buffer.spans.clear();
        match self.source {
            NewReport::Defined { write_arg, .. } => {
                let (Some(def), Some(map)) = (self.def, self.map) else {
                    return Ok(Form::Template);
                };
                let fields = def.fields().len();
                buffer.spans.try_reserve(fields).map_err(|_| OutOfMemory)?;
                for field in 0..fields {
                    let compiled = map.compiled(field);
                    let span =
                        write_capped(&mut buffer.text, budget, |out| write_arg(compiled, out))?;
                    buffer.spans.push(span);
                }
                Ok(Form::Template)
            }
            NewReport::Formatted { message, .. } => {
                let span = write_capped(&mut buffer.text, budget, |out| fmt::write(out, message))?;
                buffer.spans.try_reserve(1).map_err(|_| OutOfMemory)?;
                buffer.spans.push(span);
                Ok(Form::Text)
            }
            NewReport::Restored {
                message, values, ..
            } => {
                let fields = self.def.map(ErrorDef::fields);
                let values = values.filter(|values| {
                    fields.is_some_and(|fields| {
                        values.len() == fields.len()
                            && values
                                .iter()
                                .zip(fields)
                                .all(|((name, _), field)| name == field)
                    })
                });
                if let Some(values) = values {
                    buffer
                        .spans
                        .try_reserve(values.len())
                        .map_err(|_| OutOfMemory)?;
                    for (_, value) in values {
                        let span =
                            write_capped(&mut buffer.text, budget, |out| out.write_str(value))?;
                        buffer.spans.push(span);
                    }
                    return Ok(Form::Template);
                }
                let span = write_capped(&mut buffer.text, budget, |out| out.write_str(message))?;
                buffer.spans.try_reserve(1).map_err(|_| OutOfMemory)?;
                buffer.spans.push(span);
                Ok(Form::Text)
            }
        }
    }

    /// The report whose values (or text) `write` put into `buffer`.
    fn pending<'b>(
        &self,
        form: Form,
        location: SourceLocation,
        buffer: &'b PendingBuffer,
    ) -> Pending<'b> {
        Pending {
            code: self.code,
            def: self.def,
            internal: self.internal,
            form,
            location,
            time: self.time,
            text: &buffer.text,
            spans: &buffer.spans,
        }
    }

    /// Writes the whole message straight into a fixed buffer: the path that
    /// needs no allocator.
    fn write_reserve(&self, location: SourceLocation) -> ReserveText {
        let mut text = [0u8; RESERVE_BYTES];
        let mut writer = FixedWriter::new(&mut text);
        let _ = match self.source {
            NewReport::Defined { write_arg, .. } => match (self.def, self.map) {
                (Some(def), Some(map)) => def.write_filled(&mut writer, |field, out| {
                    write_arg(map.compiled(field), out)
                }),
                _ => Ok(()),
            },
            NewReport::Formatted { message, .. } => fmt::write(&mut writer, message),
            NewReport::Restored { message, .. } => fmt::Write::write_str(&mut writer, message),
        };
        let len = writer.finish();
        ReserveText {
            code: self.code,
            def: self.def,
            internal: self.internal,
            location,
            time: self.time,
            len,
            text,
        }
    }
}

/// Where a report's values are written before its store is opened.
struct PendingBuffer {
    text: String,
    spans: Vec<Range<usize>>,
}

impl PendingBuffer {
    const fn new() -> Self {
        PendingBuffer {
            text: String::new(),
            spans: Vec::new(),
        }
    }
}

struct ThreadState {
    store: RefCell<Store>,
    /// Reports that arrived while the store was in use further up this
    /// thread's stack (a render's writer that reports): counted per lane,
    /// [errors, warnings], and added to the dropped count of the next store
    /// this thread opens.
    busy_drops: [Cell<usize>; 2],
    /// The work stream or scope current on this thread, if any.
    stream: Cell<Option<Arc<StreamShared>>>,
    pending: RefCell<PendingBuffer>,
}

thread_local! {
    // Const-initialised: no lazy-init check and no allocation on first use.
    // The buffers are freed by the thread-local destructor when the thread
    // ends.
    static STATE: ThreadState = const {
        ThreadState {
            store: RefCell::new(Store::new()),
            busy_drops: [Cell::new(0), Cell::new(0)],
            stream: Cell::new(None),
            pending: RefCell::new(PendingBuffer::new()),
        }
    };
}

/// Runs `f` on the current store: the current stream's or scope's, else
/// this thread's. `None` when the store is already in use further up this
/// thread's stack or the thread is being torn down.
pub(crate) fn with_store<R>(f: impl FnOnce(&mut Store) -> R) -> Option<R> {
    STATE
        .try_with(|state| {
            // Taken out while in use: a report made inside `f` on this thread
            // then goes to the thread's own store instead of waiting on the
            // stream's lock, which this thread holds.
            if let Some(stream) = state.stream.take() {
                let result = {
                    let mut store = stream.store.lock().unwrap_or_else(PoisonError::into_inner);
                    fold_busy_drops(state, &mut store);
                    f(&mut store)
                };
                state.stream.set(Some(stream));
                return Some(result);
            }
            let mut store = state.store.try_borrow_mut().ok()?;
            fold_busy_drops(state, &mut store);
            Some(f(&mut store))
        })
        .ok()
        .flatten()
}

fn fold_busy_drops(state: &ThreadState, store: &mut Store) {
    for (warning, count) in [(false, &state.busy_drops[0]), (true, &state.busy_drops[1])] {
        if count.get() > 0 {
            store.lane(warning).add_dropped(count.take());
        }
    }
}

/// Records one report in the current store, in the lane for its kind, and
/// says what became of it. A report that finds the store busy is counted as
/// dropped, so it still shows in the next rendering.
pub(crate) fn record(source: NewReport<'_>, location: SourceLocation) -> Outcome {
    let limits = limits();
    let resolved = Resolved::new(source);
    let warning = resolved.warning;
    // A full lane only counts: nothing is formatted, so a thread that never
    // takes its reports pays little for each new one. `Some(n)`: dropped,
    // the lane's count now `n`.
    let full = with_store(|store| {
        let lane = store.lane(warning);
        let full = lane.is_full(limits);
        if full {
            lane.add_dropped(1);
        }
        full.then(|| lane.dropped())
    });
    let outcome = match full {
        Some(Some(dropped)) => {
            trace_dropped(&resolved, location, limits, dropped);
            Outcome::Dropped
        }
        Some(None) => write_and_store(&resolved, location, limits),
        None => {
            count_busy(warning);
            Outcome::Dropped
        }
    };
    if outcome != Outcome::OutOfMemory {
        return outcome;
    }
    let reserved = resolved.write_reserve(location);
    let (outcome, dropped) = with_store(|store| {
        let lane = store.lane(warning);
        (lane.push_reserve(&reserved), lane.dropped())
    })
    .unwrap_or_else(|| {
        count_busy(warning);
        (Outcome::Dropped, 0)
    });
    if resolved.is_told() {
        trace::report(&reserved.entry(), warning, outcome, dropped);
    }
    outcome
}

/// Tells `tracing` of a report that a full lane dropped, with its values
/// formatted for it: only the lane's first drop since it was taken, and only
/// when a subscriber wants the event, so that a full lane stays cheap.
fn trace_dropped(
    resolved: &Resolved<'_>,
    location: SourceLocation,
    limits: Limits,
    dropped: usize,
) {
    if !resolved.is_told() || !trace::wants_drop(resolved.warning, dropped) {
        return;
    }
    let budget = limits.max_message_bytes();
    with_pending(|buffer| {
        if let Ok(form) = resolved.write(buffer, budget) {
            let pending = resolved.pending(form, location, buffer);
            trace::report(
                &pending.entry(budget),
                resolved.warning,
                Outcome::Dropped,
                dropped,
            );
        }
    });
}

/// Formats the report into this thread's pending buffer (a fresh one when a
/// value being formatted reports in turn), then stores it.
fn write_and_store(resolved: &Resolved<'_>, location: SourceLocation, limits: Limits) -> Outcome {
    with_pending(|buffer| {
        let form = match resolved.write(buffer, limits.max_message_bytes()) {
            Ok(form) => form,
            Err(OutOfMemory) => return Outcome::OutOfMemory,
        };
        let pending = resolved.pending(form, location, buffer);
        let (outcome, dropped) = with_store(|store| {
            let lane = store.lane(resolved.warning);
            (lane.push(&pending, limits), lane.dropped())
        })
        .unwrap_or_else(|| {
            count_busy(resolved.warning);
            (Outcome::Dropped, 0)
        });
        if resolved.is_told() {
            let entry = pending.entry(limits.max_message_bytes());
            trace::report(&entry, resolved.warning, outcome, dropped);
        }
        outcome
    })
}

/// Runs `f` on this thread's pending buffer, or on a fresh one when a value
/// being formatted into it reports in turn.
fn with_pending<R>(f: impl Fn(&mut PendingBuffer) -> R) -> R {
    let shared = STATE.try_with(|state| {
        let mut buffer = state.pending.try_borrow_mut().ok()?;
        Some(f(&mut buffer))
    });
    match shared {
        Ok(Some(result)) => result,
        _ => f(&mut PendingBuffer::new()),
    }
}

fn count_busy(warning: bool) {
    let _ = STATE.try_with(|state| {
        let lane = &state.busy_drops[usize::from(warning)];
        lane.set(lane.get().saturating_add(1));
    });
}

/// Makes `stream` the current thread's work stream; returns the previous one.
pub(crate) fn swap_stream(stream: Option<Arc<StreamShared>>) -> Option<Arc<StreamShared>> {
    STATE
        .try_with(|state| state.stream.replace(stream))
        .ok()
        .flatten()
}

/// The stream current on this thread, if any.
pub(crate) fn current_stream() -> Option<Arc<StreamShared>> {
    STATE
        .try_with(|state| {
            let stream = state.stream.take();
            let current = stream.clone();
            state.stream.set(stream);
            current
        })
        .ok()
        .flatten()
}
