//! Where a report goes: the current thread's own store, or the work stream
//! the thread has entered.

use core::cell::{Cell, RefCell};
use std::sync::{Arc, PoisonError};

use crate::def::SourceLocation;
use crate::limits::limits;
use crate::store::{Source, Store};
use crate::stream::StreamShared;

struct ThreadState {
    store: RefCell<Store>,
    /// Reports that arrived while the store was in use further up this
    /// thread's stack (a value's `Display` that reports, a render's writer
    /// that reports): counted per lane, [errors, warnings], and added to the
    /// dropped count of the next store this thread opens.
    busy_drops: [Cell<usize>; 2],
    /// The work stream this thread has entered, if any.
    stream: Cell<Option<Arc<StreamShared>>>,
}

thread_local! {
    // Const-initialised: no lazy-init check and no allocation on first use.
    // The lanes' buffers are freed by the thread-local destructor when the
    // thread ends.
    static STATE: ThreadState = const {
        ThreadState {
            store: RefCell::new(Store::new()),
            busy_drops: [Cell::new(0), Cell::new(0)],
            stream: Cell::new(None),
        }
    };
}

/// Runs `f` on the current store: the entered work stream's, else this
/// thread's. `None` when the store is already in use further up this
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

/// Records one report in the lane for its kind; when the store is busy the
/// report is counted as dropped, so it still shows in the next rendering.
pub(crate) fn record(warning: bool, source: Source<'_>, location: SourceLocation) {
    let limits = limits();
    let stored = with_store(|store| store.lane(warning).push(source, location, limits));
    if stored.is_none() {
        let _ = STATE.try_with(|state| {
            let lane = &state.busy_drops[usize::from(warning)];
            lane.set(lane.get().saturating_add(1));
        });
    }
}

/// Makes `stream` the current thread's work stream; returns the previous one.
pub(crate) fn swap_stream(stream: Option<Arc<StreamShared>>) -> Option<Arc<StreamShared>> {
    STATE.with(|state| state.stream.replace(stream))
}

/// Bytes this thread's own store holds on the heap.
pub(crate) fn heap_bytes() -> usize {
    STATE
        .try_with(|state| {
            state
                .store
                .try_borrow()
                .map(|store| store.errors.heap_bytes() + store.warnings.heap_bytes())
                .unwrap_or(0)
        })
        .unwrap_or(0)
}
