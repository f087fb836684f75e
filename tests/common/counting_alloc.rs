//! A global allocator that counts what it does, per thread and in total,
//! and that a thread can switch to refuse every allocation.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicIsize, Ordering};

pub struct CountingAlloc;

/// Bytes allocated and not yet freed, by every thread.
static LIVE_BYTES: AtomicIsize = AtomicIsize::new(0);

thread_local! {
    // Const-initialised cells without destructors: usable inside the allocator.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    static THREAD_LIVE_BYTES: Cell<isize> = const { Cell::new(0) };
    static REFUSE: Cell<bool> = const { Cell::new(false) };
}

fn refused() -> bool {
    REFUSE.try_with(Cell::get).unwrap_or(false)
}

fn count(bytes: isize, allocations: usize) {
    LIVE_BYTES.fetch_add(bytes, Ordering::Relaxed);
    let _ = THREAD_LIVE_BYTES.try_with(|live| live.set(live.get() + bytes));
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + allocations));
}

unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if refused() {
            return std::ptr::null_mut();
        }
        let pointer = unsafe { System.alloc(layout) };
        if !pointer.is_null() {
            count(layout.size() as isize, 1);
        }
        pointer
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if refused() {
            return std::ptr::null_mut();
        }
        let pointer = unsafe { System.alloc_zeroed(layout) };
        if !pointer.is_null() {
            count(layout.size() as isize, 1);
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        unsafe { System.dealloc(pointer, layout) };
        count(-(layout.size() as isize), 0);
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if refused() {
            return std::ptr::null_mut();
        }
        let new_pointer = unsafe { System.realloc(pointer, layout, new_size) };
        if !new_pointer.is_null() {
            count(new_size as isize - layout.size() as isize, 1);
        }
        new_pointer
    }
}

/// Allocations (and reallocations) made by the current thread so far.
#[allow(dead_code)]
pub fn thread_allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

/// Bytes the current thread allocated and freed, net.
#[allow(dead_code)]
pub fn thread_live_bytes() -> isize {
    THREAD_LIVE_BYTES.with(Cell::get)
}

/// Bytes live in the whole process.
#[allow(dead_code)]
pub fn live_bytes() -> isize {
    LIVE_BYTES.load(Ordering::Relaxed)
}

/// From now on, every allocation on the current thread fails (or succeeds again).
#[allow(dead_code)]
pub fn refuse_allocations(refuse: bool) {
    REFUSE.with(|cell| cell.set(refuse));
}
