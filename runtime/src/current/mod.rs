//! The current store, and how a report gets there: the innermost scope
//! being polled, else the work stream this thread entered (both a
//! [`StreamShared`] behind a mutex), else the thread's own store, which has
//! no lock. Above the store and the registry; below the public API.
//!
//! Into the thread's own store, which has no lock, a report's values are
//! formatted straight from their `Display` into its lane, with the store
//! opened once. A value's `Display` may report in turn: that report is set
//! aside while the store is in use and stored right after, before the one
//! whose value made it, since it was complete first. A full lane counts the
//! report without formatting anything.
//!
//! Into a stream's or a scope's store, behind a mutex, a report is written
//! in two steps, so that no user `Display` runs while the lock is held:
//! first its values (or its text) are formatted into this thread's pending
//! buffer, with no store open; then the store is locked and the bytes are
//! copied in.

use core::cell::{Cell, RefCell};
use core::fmt;
use core::ops::Range;
use std::sync::{Arc, Mutex, PoisonError};

use crate::def::{Defined, ErrorDef, FieldMap, SourceLocation};
use crate::limits::{Limits, limits};
use crate::store::{
    Form, Head, Outcome, Pending, RESERVE_BYTES, Repeats, ReserveText, Store, push_capped,
    write_capped,
};
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

/// The values of a defined code's report, one per field of the definition
/// it was made with.
#[derive(Clone, Copy)]
pub(crate) enum Values<'a> {
    /// A definition's value, which writes each field's value.
    Value(&'a dyn Defined),
    /// The texts of the values, in the order of the fields: a report by
    /// name, written with no call through a vtable.
    Texts(&'a [&'a str]),
    /// Writes the value of the field at an index.
    Writer(&'a dyn Fn(usize, &mut dyn fmt::Write) -> fmt::Result),
}

impl Values<'_> {
    /// Appends the value of field `index` to `text`, cut to `budget` bytes.
    fn write(
        &self,
        index: usize,
        text: &mut String,
        budget: usize,
    ) -> Result<Range<usize>, OutOfMemory> {
        match *self {
            Values::Value(value) => write_capped(text, budget, |out| value.write_arg(index, out)),
            Values::Texts(texts) => {
                push_capped(text, budget, texts.get(index).copied().unwrap_or_default())
            }
            Values::Writer(write_arg) => write_capped(text, budget, |out| write_arg(index, out)),
        }
    }

    /// Writes the value of field `index` into `out`.
    fn write_into(&self, index: usize, out: &mut dyn fmt::Write) -> fmt::Result {
        match *self {
            Values::Value(value) => value.write_arg(index, out),
            Values::Texts(texts) => out.write_str(texts.get(index).copied().unwrap_or_default()),
            Values::Writer(write_arg) => write_arg(index, out),
        }
    }
}

/// What a new report is made of, before it is written.
#[derive(Clone, Copy)]
pub(crate) enum NewReport<'a> {
    /// A defined code: `values` has one for each field of `def`, the
    /// definition it was made with; `in_force` is the definition of its
    /// code in force (`registry::in_force`), `def` itself when `def` was
    /// just looked up by its code in the registry (given by the caller,
    /// which knows, rather than told by a flag and tested here).
    Defined {
        def: &'static ErrorDef,
        values: Values<'a>,
        in_force: &'static ErrorDef,
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
    source: &'a NewReport<'a>,
    head: Head,
    warning: bool,
    /// For a defined code: the fields of `def` among those `write_arg` knows.
    map: Option<FieldMap>,
    /// What the store does when the report is identical to one it holds.
    repeats: Repeats,
}

impl<'a> Resolved<'a> {
    fn new(source: &'a NewReport<'a>, location: SourceLocation) -> Self {
        // The clock, when report times are kept: local time is for rendering.
        let time = match *source {
            NewReport::Restored { time, .. } => time,
            _ => ReportTime::of_new_report(),
        };
        let (code, def, warning, internal, map) = match *source {
            NewReport::Defined {
                def: compiled,
                in_force: def,
                ..
            } => (
                def.code(),
                Some(def),
                def.is_warning(),
                def.is_internal(),
                Some(FieldMap::new(compiled, def)),
            ),
            NewReport::Formatted {
                code,
                def,
                warning,
                internal,
                ..
            }
            | NewReport::Restored {
                code,
                def,
                warning,
                internal,
                ..
            } => (code, def, warning, internal, None),
        };
        Resolved {
            source,
            head: Head {
                code,
                def,
                internal,
                location,
                time,
            },
            warning,
            map,
            repeats: Repeats::Merged,
        }
    }

    /// Whether `tracing` is told of this report: not when it is restored,
    /// since it was told when it was made.
    fn is_told(&self) -> bool {
        trace::ON && !matches!(self.source, NewReport::Restored { .. })
    }

    /// Appends the values (or the text) to `text`, one span each to
    /// `spans`; returns the form.
    fn write(
        &self,
        text: &mut String,
        spans: &mut Vec<Range<usize>>,
        budget: usize,
    ) -> Result<Form, OutOfMemory> {
        match *self.source {
            NewReport::Defined { values, .. } => {
                let (Some(def), Some(map)) = (self.head.def, self.map) else {
                    return Ok(Form::Template);
                };
                if let Values::Texts(texts) = values
                    && map.is_identity()
                    && push_whole(texts, def.fields().len(), text, spans, budget)
                {
                    return Ok(Form::Template);
                }
                let fields = def.fields().len();
                spans.try_reserve(fields).map_err(|_| OutOfMemory)?;
                for field in 0..fields {
                    spans.push(values.write(map.compiled(field), text, budget)?);
                }
                Ok(Form::Template)
            }
            NewReport::Formatted { message, .. } => {
                spans.try_reserve(1).map_err(|_| OutOfMemory)?;
                spans.push(write_capped(text, budget, |out| fmt::write(out, message))?);
                Ok(Form::Text)
            }
            NewReport::Restored {
                message, values, ..
            } => {
                // Kept as values only under the definition's own code: a
                // template's message is always its definition's (see
                // `Form::Template`).
                let fields = self
                    .head
                    .def
                    .filter(|def| def.code() == self.head.code)
                    .map(ErrorDef::fields);
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
                    spans.try_reserve(values.len()).map_err(|_| OutOfMemory)?;
                    for (_, value) in values {
                        spans.push(write_capped(text, budget, |out| out.write_str(value))?);
                    }
                    return Ok(Form::Template);
                }
                spans.try_reserve(1).map_err(|_| OutOfMemory)?;
                spans.push(write_capped(text, budget, |out| out.write_str(message))?);
                Ok(Form::Text)
            }
        }
    }

    /// Writes the values (or the text) into `buffer`, emptied first.
    fn write_pending<'b>(
        &self,
        buffer: &'b mut PendingBuffer,
        budget: usize,
    ) -> Result<Pending<'b>, OutOfMemory> {
        buffer.text.clear();
        buffer.spans.clear();
        let form = self.write(&mut buffer.text, &mut buffer.spans, budget)?;
        Ok(buffer.pending(self.head, form))
    }

    /// Writes the whole message straight into a fixed buffer: the path that
    /// needs no allocator.
    fn write_reserve(&self) -> ReserveText {
        let mut text = [0u8; RESERVE_BYTES];
        let mut writer = FixedWriter::new(&mut text);
        let _ = match *self.source {
            NewReport::Defined { values, .. } => match (self.head.def, self.map) {
                (Some(def), Some(map)) => def.write_filled(&mut writer, |field, out| {
                    values.write_into(map.compiled(field), out)
                }),
                _ => Ok(()),
            },
            NewReport::Formatted { message, .. } => fmt::write(&mut writer, message),
            NewReport::Restored { message, .. } => fmt::Write::write_str(&mut writer, message),
        };
        let len = writer.finish();
        ReserveText {
            head: self.head,
            len,
            text,
        }
    }
}

/// Appends the first `fields` of `texts` (a report by name's values, in
/// the order of the definition in force) to `text`, one span each to
/// `spans`, when each fits `budget` and both have room already: what
/// [`Values::write`] does for each, in one pass with no check repeated.
/// `false`, with nothing written, otherwise.
#[inline]
fn push_whole(
    texts: &[&str],
    fields: usize,
    text: &mut String,
    spans: &mut Vec<Range<usize>>,
    budget: usize,
) -> bool {
    let Some(texts) = texts.get(..fields) else {
        return false;
    };
    let mut bytes = 0;
    for value in texts {
        if value.len() > budget {
            return false;
        }
        bytes += value.len();
    }
    if text.capacity() - text.len() < bytes || spans.capacity() - spans.len() < fields {
        return false;
    }
    for value in texts {
        let start = text.len();
        text.push_str(value);
        spans.push(start..text.len());
    }
    true
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

    /// The report whose values (or text) the buffer holds.
    fn pending(&self, head: Head, form: Form) -> Pending<'_> {
        Pending {
            head,
            form,
            text: &self.text,
            spans: &self.spans,
        }
    }
}

/// A report made while this thread was writing another into its own store
/// (from a value's `Display`, or a `tracing` subscriber): kept aside, then
/// stored once that store is free.
struct SetAside {
    head: Head,
    form: Form,
    warning: bool,
    told: bool,
    repeats: Repeats,
    values: PendingBuffer,
}

struct ThreadState {
    store: RefCell<Store>,
    /// Set while a report is being written into `store`, which stays in use
    /// meanwhile: a report made then goes to `set_aside`.
    writing: Cell<bool>,
    set_aside: RefCell<Vec<SetAside>>,
    /// Reports that arrived while the store was in use further up this
    /// thread's stack otherwise (a render's writer that reports): counted
    /// per lane, [errors, warnings], and added to the dropped count of the
    /// next store this thread opens.
    busy_drops: [Cell<usize>; 2],
    /// Whether `set_aside` or `busy_drops` hold anything: the one test each
    /// opening of a store pays for them.
    backlog: Cell<bool>,
    /// The work stream or scope current on this thread, if any.
    stream: Cell<Option<Arc<StreamShared>>>,
    pending: RefCell<PendingBuffer>,
    /// What the reports this thread makes do when identical to one stored:
    /// merged, unless inside [`keeping_repeats`].
    repeats: Cell<Repeats>,
}

thread_local! {
    // Const-initialised: no lazy-init check and no allocation on first use.
    // The buffers are freed by the thread-local destructor when the thread
    // ends.
    static STATE: ThreadState = const {
        ThreadState {
            store: RefCell::new(Store::new()),
            writing: Cell::new(false),
            set_aside: RefCell::new(Vec::new()),
            busy_drops: [Cell::new(0), Cell::new(0)],
            backlog: Cell::new(false),
            stream: Cell::new(None),
            pending: RefCell::new(PendingBuffer::new()),
            repeats: Cell::new(Repeats::Merged),
        }
    };
}

/// Runs `f` with every report this thread makes (or restores) stored even
/// when identical to one the store holds, as CANN's compact C runtime and
/// the C++ manager's `SetRawErrorMessages` store them: the rendering then
/// shows each repeat that is not the headline's. For `errcat-ffi`; the
/// stores' own behaviour, documented, is to keep a repeat once.
pub fn keeping_repeats<R>(f: impl FnOnce() -> R) -> R {
    /// Puts the thread's setting back, even when `f` panics.
    struct Restore(Option<Repeats>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(was) = self.0 {
                let _ = STATE.try_with(|state| state.repeats.set(was));
            }
        }
    }
    let _restore = Restore(
        STATE
            .try_with(|state| state.repeats.replace(Repeats::Kept))
            .ok(),
    );
    f()
}

/// Marks the thread as writing a report into its own store until dropped,
/// even when a `Display` panics.
struct Writing<'a> {
    state: &'a ThreadState,
    was: bool,
}

impl<'a> Writing<'a> {
    fn start(state: &'a ThreadState) -> Self {
        Writing {
            state,
            was: state.writing.replace(true),
        }
    }
}

impl Drop for Writing<'_> {
    fn drop(&mut self) {
        self.state.writing.set(self.was);
    }
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
            settle(state, &mut store);
            Some(f(&mut store))
        })
        .ok()
        .flatten()
}

/// Brings the thread's own store up to date with what happened while it was
/// in use: the reports set aside, the reports counted as dropped.
#[inline]
fn settle(state: &ThreadState, store: &mut Store) {
    if state.backlog.get() {
        settle_backlog(state, store);
    }
}

#[cold]
fn settle_backlog(state: &ThreadState, store: &mut Store) {
    let _writing = Writing::start(state);
    loop {
        // Stored one at a time: storing one may set another aside (a
        // `tracing` subscriber that reports).
        let next = state.set_aside.borrow_mut().pop();
        let Some(report) = next else { break };
        let limits = limits();
        let lane = store.lane(report.warning);
        let pending = report.values.pending(report.head, report.form);
        let outcome = lane.push(&pending, limits, report.repeats);
        if report.told {
            let dropped = lane.dropped();
            trace::report(
                &pending.entry(limits.max_message_bytes()),
                report.warning,
                outcome,
                dropped,
            );
        }
    }
    fold_busy_drops(state, store);
    state.backlog.set(false);
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
    let mut resolved = Resolved::new(&source, location);
    let outcome = STATE
        .try_with(|state| {
            resolved.repeats = state.repeats.get();
            let stream = state.stream.take();
            let in_stream = stream.is_some();
            state.stream.set(stream);
            if in_stream {
                record_pending(&resolved, limits)
            } else {
                record_own(state, &resolved, limits)
            }
        })
        .unwrap_or(Outcome::Dropped);
    if outcome != Outcome::OutOfMemory {
        return outcome;
    }
    record_reserve(&resolved)
}

/// Keeps a report the allocator failed to store in its lane's reserve.
#[cold]
#[inline(never)]
fn record_reserve(resolved: &Resolved<'_>) -> Outcome {
    let reserved = resolved.write_reserve();
    let warning = resolved.warning;
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

/// Records a report in the thread's own store, which has no lock: the
/// values are written straight into its lane, from their `Display`, with
/// the store in use meanwhile; a report made from inside one of them is
/// set aside and stored first, since it was complete first.
fn record_own(state: &ThreadState, resolved: &Resolved<'_>, limits: Limits) -> Outcome {
    let Ok(mut store) = state.store.try_borrow_mut() else {
        if state.writing.get() {
            set_aside(state, resolved, limits);
            return Outcome::Stored;
        }
        count_busy(resolved.warning);
        return Outcome::Dropped;
    };
    settle(state, &mut store);
    let lane = store.lane(resolved.warning);
    // A full lane only counts: nothing is formatted, so a thread that never
    // takes its reports pays little for each new one.
    if lane.is_full(limits) {
        lane.add_dropped(1);
        let dropped = lane.dropped();
        drop(store);
        trace_dropped(resolved, limits, dropped);
        return Outcome::Dropped;
    }
    let budget = limits.max_message_bytes();
    let writing = Writing::start(state);
    let mark = lane.mark();
    let (text, spans) = lane.values_mut();
    let Ok(form) = resolved.write(text, spans, budget) else {
        lane.roll_back(mark);
        return Outcome::OutOfMemory;
    };
    if state.backlog.get() {
        // Reports were made while the values were written: they were
        // complete first, so this one is set aside after them and all are
        // stored in that order.
        match lane.take_written(mark) {
            Some((text, spans)) => keep_aside(state, resolved, form, PendingBuffer { text, spans }),
            None => count_busy(resolved.warning),
        }
        settle(state, &mut store);
        drop(writing);
        return Outcome::Stored;
    }
    let outcome = lane.commit(mark, &resolved.head, form, limits, resolved.repeats);
    if resolved.is_told() {
        let dropped = lane.dropped();
        trace::report(
            &lane.written(&resolved.head, form, mark, budget),
            resolved.warning,
            outcome,
            dropped,
        );
    }
    if outcome != Outcome::Stored {
        lane.roll_back(mark);
    }
    settle(state, &mut store);
    drop(writing);
    outcome
}

/// Keeps a report made while this thread writes another into its own store,
/// for [`settle`] to store once that one is done.
#[cold]
#[inline(never)]
fn set_aside(state: &ThreadState, resolved: &Resolved<'_>, limits: Limits) {
    let mut values = PendingBuffer::new();
    match resolved.write_pending(&mut values, limits.max_message_bytes()) {
        Ok(pending) => {
            let form = pending.form;
            keep_aside(state, resolved, form, values);
        }
        Err(OutOfMemory) => count_busy(resolved.warning),
    }
}

/// Adds a report whose values are written to those [`settle`] stores next,
/// after the ones already there.
fn keep_aside(state: &ThreadState, resolved: &Resolved<'_>, form: Form, values: PendingBuffer) {
    let report = SetAside {
        head: resolved.head,
        form,
        warning: resolved.warning,
        told: resolved.is_told(),
        repeats: resolved.repeats,
        values,
    };
    let Ok(mut set_aside) = state.set_aside.try_borrow_mut() else {
        count_busy(resolved.warning);
        return;
    };
    if set_aside.try_reserve(1).is_err() {
        drop(set_aside);
        count_busy(resolved.warning);
        return;
    }
    // Stored in the order they were made: `settle` pops from the end.
    set_aside.insert(0, report);
    state.backlog.set(true);
}

/// Records a report in a stream's or a scope's store, behind its lock: the
/// values are written first into this thread's pending buffer, with no lock
/// held, then copied in.
#[cold]
#[inline(never)]
fn record_pending(resolved: &Resolved<'_>, limits: Limits) -> Outcome {
    let warning = resolved.warning;
    // A full lane only counts: nothing is formatted. `Some(n)`: dropped,
    // the lane's count now `n`.
    let full = with_store(|store| {
        let lane = store.lane(warning);
        let full = lane.is_full(limits);
        if full {
            lane.add_dropped(1);
        }
        full.then(|| lane.dropped())
    });
    match full {
        Some(Some(dropped)) => {
            trace_dropped(resolved, limits, dropped);
            Outcome::Dropped
        }
        Some(None) => write_and_store(resolved, limits),
        None => {
            count_busy(warning);
            Outcome::Dropped
        }
    }
}

/// Tells `tracing` of a report that a full lane dropped, with its values
/// formatted for it: only the lane's first drop since it was taken, and only
/// when a subscriber wants the event, so that a full lane stays cheap.
#[cold]
#[inline(never)]
fn trace_dropped(resolved: &Resolved<'_>, limits: Limits, dropped: usize) {
    if !resolved.is_told() || !trace::wants_drop(resolved.warning, dropped) {
        return;
    }
    let budget = limits.max_message_bytes();
    with_pending(|buffer| {
        if let Ok(pending) = resolved.write_pending(buffer, budget) {
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
/// value being formatted into it reports in turn), then stores it.
fn write_and_store(resolved: &Resolved<'_>, limits: Limits) -> Outcome {
    with_pending(|buffer| {
        let Ok(pending) = resolved.write_pending(buffer, limits.max_message_bytes()) else {
            return Outcome::OutOfMemory;
        };
        let (outcome, dropped) = with_store(|store| {
            let lane = store.lane(resolved.warning);
            (
                lane.push(&pending, limits, resolved.repeats),
                lane.dropped(),
            )
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
        state.backlog.set(true);
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
