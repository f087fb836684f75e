//! Fork safety: a child forked while other threads are inside the library
//! can call it at once.
//!
//! The library's locks (the registry's writer, the written suggestions, the
//! work streams' table and each shared store) and its one-time
//! initialisations are held only inside a call. Every call through the C ABI
//! (each goes through `failure::boundary`) holds [`CALLS`] for reading;
//! the `pthread_atfork` prepare handler takes it for writing, which waits
//! for the calls under way in other threads to end and holds back new ones,
//! and both the parent and the child release it after the fork. So nothing
//! of the library is held by a thread that does not exist in the child.
//! A call made from inside another on the same thread (a C++ callback)
//! does not take it again, and a fork from inside a call (from such a
//! callback) does not wait for itself.

use core::cell::{Cell, RefCell};
use core::sync::atomic::{AtomicU8, Ordering};
use std::sync::{PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

/// Held for reading by every call, for writing across a `fork`.
static CALLS: RwLock<()> = RwLock::new(());

thread_local! {
    /// How many calls of the library this thread is inside.
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    /// The write lock the prepare handler took, until the fork is over.
    static HELD: RefCell<Option<RwLockWriteGuard<'static, ()>>> = const { RefCell::new(None) };
}

/// A call under way: [`CALLS`] held for reading by the outermost call.
pub(crate) struct InCall(#[allow(dead_code)] Option<RwLockReadGuard<'static, ()>>);

impl Drop for InCall {
    fn drop(&mut self) {
        let _ = DEPTH.try_with(|depth| depth.set(depth.get().saturating_sub(1)));
    }
}

/// Marks the start of a call through the C ABI, until the value is dropped.
pub(crate) fn enter() -> InCall {
    register_handlers();
    // A thread whose locals are gone (it is exiting) takes no lock: it
    // cannot be the one that forks.
    let outer = DEPTH
        .try_with(|depth| {
            let outer = depth.get() == 0;
            depth.set(depth.get() + 1);
            outer
        })
        .unwrap_or(false);
    InCall(outer.then(|| CALLS.read().unwrap_or_else(PoisonError::into_inner)))
}

unsafe extern "C" fn prepare() {
    // Forking from inside a call of this thread: waiting for the calls to
    // end would wait for this one.
    if DEPTH.try_with(Cell::get).unwrap_or(1) != 0 {
        return;
    }
    let guard = CALLS.write().unwrap_or_else(PoisonError::into_inner);
    let _ = HELD.try_with(|held| {
        if let Ok(mut held) = held.try_borrow_mut() {
            *held = Some(guard);
        }
    });
}

/// The parent and child handler: releases what `prepare` took.
unsafe extern "C" fn release() {
    let _ = HELD.try_with(|held| {
        if let Ok(mut held) = held.try_borrow_mut() {
            drop(held.take());
        }
    });
}

/// Registers the handlers once per process. A thread that finds another
/// registering them goes on without waiting, so that no call can block on
/// it (in the child of a fork made meanwhile either).
fn register_handlers() {
    const NONE: u8 = 0;
    const REGISTERING: u8 = 1;
    const DONE: u8 = 2;
    static STATE: AtomicU8 = AtomicU8::new(NONE);
    if STATE.load(Ordering::Acquire) != NONE
        || STATE
            .compare_exchange(NONE, REGISTERING, Ordering::AcqRel, Ordering::Acquire)
            .is_err()
    {
        return;
    }
    #[cfg(unix)]
    {
        unsafe extern "C" {
            fn pthread_atfork(
                prepare: Option<unsafe extern "C" fn()>,
                parent: Option<unsafe extern "C" fn()>,
                child: Option<unsafe extern "C" fn()>,
            ) -> i32;
        }
        // SAFETY: pthread_atfork only keeps the three handlers, which are
        // functions of this library, loaded as long as the process: the
        // library is never unloaded once called (its definitions and
        // thread-local buffers are referred to for the process's life).
        let _ = unsafe { pthread_atfork(Some(prepare), Some(release), Some(release)) };
    }
    STATE.store(DONE, Ordering::Release);
}
