//! This process's id, which the graph engine's layout writes on each line
//! (`[PID: 4711]`): read at each rendering, unless a host that knows when
//! the process forks has asked for it to be kept.
//!
//! Reading it is a system call (glibc keeps no copy since 2.25), 100-400 ns
//! on the virtual machines this is measured on: as much as the rest of a
//! report and its rendering. A kept id would be wrong in the child of a
//! `fork` that goes on rendering, so it is kept only for a host that forgets
//! it there: CANN's C++ framework in `errcat-ffi` registers a
//! `pthread_atfork` handler that calls [`forget_process_id`].

use core::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// Whether the id is kept; see [`keep_process_id`].
static KEEP: AtomicBool = AtomicBool::new(false);

/// The id kept; 0 until read (no process has id 0).
static KEPT: AtomicU32 = AtomicU32::new(0);

/// This process's id.
pub(crate) fn process_id() -> u32 {
    if !KEEP.load(Ordering::Relaxed) {
        return std::process::id();
    }
    match KEPT.load(Ordering::Relaxed) {
        0 => {
            let id = std::process::id();
            KEPT.store(id, Ordering::Relaxed);
            id
        }
        id => id,
    }
}

/// Keeps this process's id once read, instead of reading it at every
/// rendering in the graph engine's layout. Call it only where
/// [`forget_process_id`] runs in the child of every `fork` that goes on
/// rendering (a `pthread_atfork` child handler).
pub fn keep_process_id() {
    KEEP.store(true, Ordering::Relaxed);
}

/// Forgets the kept id, so that the next rendering reads it again: for the
/// child of a `fork`.
pub fn forget_process_id() {
    KEPT.store(0, Ordering::Relaxed);
}
