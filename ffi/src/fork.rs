//! Fork safety: a child forked while other threads are inside the library
//! can call it at once.
//!
//! The library's locks (the registry's writer, the written suggestions, the
//! work streams' table and each shared store) and its one-time
//! initialisations are held only inside a call. Every call through the C ABI
//! (each goes through `failure::boundary`) marks its thread's [`Slot`] busy
//! for its duration; the `pthread_atfork` prepare handler raises
//! [`FORKING`], which holds back calls that have not started, and waits for
//! every busy slot to end its call; the parent and the child lower it after
//! the fork. So nothing of the library is held in the child by a thread it
//! does not have.
//!
//! The marks are per thread (each slot on a cache line of its own) and the
//! flag is only read outside a fork, so a call costs one fenced store and
//! no thread writes a line another reads: threads do not slow each other
//! down, as a shared reader count would. A call made from inside another on
//! the same thread (a C++ callback) marks nothing again, and a fork from
//! inside a call does not wait for itself.
//!
//! The handlers are registered when the library is loaded (see
//! [`REGISTER_AT_LOAD`]), before any call: registered by a first call, they
//! could miss a fork made at that moment. A thread that exits leaves its
//! work stream as a call does (`ge::Context`'s `Drop`), so that the streams'
//! table is not held by a thread on its way out either. C++'s `ErrorManager`
//! is made, and its own lock's handlers registered, at load time too
//! (`src/err_msg.cc`).

use core::cell::Cell;
use core::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Raised by the prepare handler until the fork is over.
static FORKING: AtomicBool = AtomicBool::new(false);

/// A thread's mark, on a cache line of its own.
#[repr(align(128))]
struct Slot {
    /// The thread is inside a call.
    busy: AtomicBool,
    /// A thread owns the slot.
    owned: AtomicBool,
}

/// Every slot made, owned or free; a thread that exits frees its own for
/// the next thread. Held by the prepare handler across the fork, so that
/// no thread is taking a slot in the child.
static SLOTS: Mutex<Vec<&'static Slot>> = Mutex::new(Vec::new());

/// A thread's slot, freed when the thread exits.
struct Owned(&'static Slot);

impl Drop for Owned {
    fn drop(&mut self) {
        self.0.busy.store(false, Ordering::Release);
        self.0.owned.store(false, Ordering::Release);
    }
}

thread_local! {
    /// How many calls of the library this thread is inside.
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    /// This thread's slot.
    static SLOT: Owned = Owned(take_slot());
    /// The slots' lock the prepare handler took, until the fork is over.
    static HELD: Cell<Option<MutexGuard<'static, Vec<&'static Slot>>>> = const { Cell::new(None) };
}

/// A free slot, or a new one (kept for the process's life, and reused).
fn take_slot() -> &'static Slot {
    let mut slots = SLOTS.lock().unwrap_or_else(PoisonError::into_inner);
    let free = slots.iter().find(|slot| {
        slot.owned
            .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
    });
    if let Some(slot) = free {
        return slot;
    }
    let slot: &'static Slot = Box::leak(Box::new(Slot {
        busy: AtomicBool::new(false),
        owned: AtomicBool::new(true),
    }));
    slots.push(slot);
    slot
}

/// A call under way: its thread's slot, busy, for the outermost call.
pub(crate) struct InCall(Option<&'static Slot>);

impl Drop for InCall {
    fn drop(&mut self) {
        if let Some(slot) = self.0 {
            slot.busy.store(false, Ordering::Release);
        }
        let _ = DEPTH.try_with(|depth| depth.set(depth.get().saturating_sub(1)));
    }
}

/// Marks the start of a call through the C ABI, until the value is dropped.
pub(crate) fn enter() -> InCall {
    register_handlers();
    let outer = DEPTH
        .try_with(|depth| {
            let outer = depth.get() == 0;
            depth.set(depth.get() + 1);
            outer
        })
        .unwrap_or(false);
    if !outer {
        return InCall(None);
    }
    // A thread whose locals are gone (it is exiting) marks nothing: it
    // cannot be the one that forks.
    let Ok(slot) = SLOT.try_with(|owned| owned.0) else {
        return InCall(None);
    };
    loop {
        // Sequentially consistent, as the handler's store and loads: either
        // it sees this mark, or this sees its flag.
        slot.busy.store(true, Ordering::SeqCst);
        if !FORKING.load(Ordering::SeqCst) {
            return InCall(Some(slot));
        }
        slot.busy.store(false, Ordering::SeqCst);
        while FORKING.load(Ordering::Acquire) {
            std::thread::yield_now();
        }
    }
}

unsafe extern "C" fn prepare() {
    // Forking from inside a call of this thread: waiting for the calls to
    // end would wait for this one.
    if DEPTH.try_with(Cell::get).unwrap_or(1) != 0 {
        return;
    }
    // Registered twice (a child forked while the handlers were being
    // registered registers them again, see `register_handlers`): the
    // second run finds the slots held by the first.
    if HELD
        .try_with(|held| {
            let slots = held.take();
            let holding = slots.is_some();
            held.set(slots);
            holding
        })
        .unwrap_or(false)
    {
        return;
    }
    let slots = SLOTS.lock().unwrap_or_else(PoisonError::into_inner);
    FORKING.store(true, Ordering::SeqCst);
    for slot in slots.iter() {
        while slot.busy.load(Ordering::SeqCst) {
            std::thread::yield_now();
        }
    }
    if let Err(unkept) = HELD.try_with(|held| held.set(Some(slots))) {
        // This thread's locals are gone: nothing can be held across the
        // fork, so let the calls go on.
        let _ = unkept;
        FORKING.store(false, Ordering::SeqCst);
    }
}

/// The parent and child handler: releases what `prepare` took.
unsafe extern "C" fn release() {
    if let Ok(Some(slots)) = HELD.try_with(Cell::take) {
        FORKING.store(false, Ordering::SeqCst);
        drop(slots);
    }
}

/// Registers the handlers when the library is loaded, before the program
/// can call it from any thread: glibc runs each prepare handler with its
/// own lock released and skips, for that fork, every handler registered
/// meanwhile, so a handler registered by a first call could miss a fork
/// made at that moment, while other threads went on into the library (the
/// slots' lock, taken by a thread's first call, was then held in the
/// child, which hung on its own first call). A program that links the
/// library statically runs this before `main`; one that loads it with
/// `dlopen`, before `dlopen` returns.
#[cfg(any(target_os = "linux", target_os = "android"))]
#[used]
// SAFETY: `.init_array` holds pointers to functions that take nothing and
// return nothing, run once when the object is loaded; this is one.
#[unsafe(link_section = ".init_array")]
static REGISTER_AT_LOAD: extern "C" fn() = register_at_load;

#[cfg(any(target_os = "linux", target_os = "android"))]
extern "C" fn register_at_load() {
    register_handlers();
}

/// Registers the handlers once per process, if the loader has not (see
/// [`REGISTER_AT_LOAD`]; where there is none, a fork made while the first
/// call registers them may find a thread inside the library), before the
/// calling thread goes on. A thread that finds another registering them
/// waits for it.
///
/// The state names the process registering them, so that the child of a
/// fork made meanwhile, which does not have the registering thread, does
/// not wait for ever: it registers them itself. Registered twice, they do
/// no harm (`prepare` and `release` see that the slots are held, or not).
fn register_handlers() {
    /// Not registered; else the id of the process registering them, or
    /// `DONE`. A process id is positive, so neither clashes with one.
    const NONE: i64 = 0;
    const DONE: i64 = -1;
    static STATE: AtomicI64 = AtomicI64::new(NONE);
    // Refers to the loader's entry, so that a static link keeps the object
    // that holds it whenever it keeps this function.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    core::hint::black_box(&REGISTER_AT_LOAD);
    if STATE.load(Ordering::Acquire) == DONE {
        return;
    }
    let this_process = i64::from(std::process::id());
    loop {
        match STATE.load(Ordering::Acquire) {
            DONE => return,
            registering if registering == this_process => std::thread::yield_now(),
            // Not registered, or being registered by a thread of the parent
            // this process was forked from: this thread registers them.
            other => {
                if STATE
                    .compare_exchange(other, this_process, Ordering::AcqRel, Ordering::Acquire)
                    .is_ok()
                {
                    break;
                }
            }
        }
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
