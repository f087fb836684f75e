//! A global allocator that counts the allocations of each thread, for the
//! "allocations per report" figure. The bench binary installs it with
//! `#[global_allocator]`; counting per thread keeps the harness's own
//! allocations (on other threads, or between measurements) out of the figure.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// [`System`], counting every `alloc`, `alloc_zeroed` and `realloc` on the
/// calling thread.
#[derive(Debug)]
pub struct CountingAlloc;

thread_local! {
    // Const-initialised and without a destructor, so the allocator can use it
    // at any point of a thread's life.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    // During thread teardown the cell may be gone: that allocation is not counted.
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
}

// SAFETY: every call is forwarded unchanged to `System`; counting touches
// only a thread-local `Cell`, which neither allocates nor unwinds.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller upholds `alloc`'s contract, which we pass on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: `pointer` came from `System` through this allocator.
        unsafe { System.dealloc(pointer, layout) }
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: as for `dealloc`; the caller upholds `realloc`'s contract.
        unsafe { System.realloc(pointer, layout, new_size) }
    }
}

/// How many allocations the calling thread has made through [`CountingAlloc`]
/// (zero forever when it is not the global allocator).
pub fn thread_allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Runs `cycle` until every buffer it touches has grown to fit (`warm_up`
/// times), then returns the allocations per cycle over `cycles` more.
pub fn allocations_per_cycle(warm_up: u32, cycles: u32, mut cycle: impl FnMut()) -> f64 {
    for _ in 0..warm_up {
        cycle();
    }
    let before = thread_allocations();
    for _ in 0..cycles {
        cycle();
    }
    (thread_allocations() - before) as f64 / f64::from(cycles.max(1))
}
