//! A global allocator that counts the allocations (and, apart, the
//! reallocations) of each thread, for the "allocations per report" and
//! "allocations per `take_error_message()`" figures. The bench binary installs it with
//! `#[global_allocator]`; counting per thread keeps the harness's own
//! allocations (on other threads, or between measurements) out of the figure.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// [`System`], counting every `alloc` and `alloc_zeroed`, and apart every
/// `realloc`, on the calling thread.
#[derive(Debug)]
pub struct CountingAlloc;

thread_local! {
    // Const-initialised and without a destructor, so the allocator can use it
    // at any point of a thread's life.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static REALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    // During thread teardown the cell may be gone: that allocation is not counted.
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
}

fn count_realloc() {
    let _ = REALLOCATIONS.try_with(|count| count.set(count.get() + 1));
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
        count_realloc();
        // SAFETY: as for `dealloc`; the caller upholds `realloc`'s contract.
        unsafe { System.realloc(pointer, layout, new_size) }
    }
}

/// How many allocations and reallocations the calling thread has made
/// through [`CountingAlloc`] (zero forever when it is not the global allocator).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Counts {
    /// `alloc` and `alloc_zeroed` calls.
    pub allocations: u64,
    /// `realloc` calls: a buffer that grew.
    pub reallocations: u64,
}

/// The calling thread's counts so far.
pub fn thread_counts() -> Counts {
    Counts {
        allocations: ALLOCATIONS.with(Cell::get),
        reallocations: REALLOCATIONS.with(Cell::get),
    }
}

/// How many allocations and reallocations together the calling thread has
/// made through [`CountingAlloc`].
pub fn thread_allocations() -> u64 {
    let counts = thread_counts();
    counts.allocations + counts.reallocations
}

/// Allocations and reallocations per cycle, apart.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct PerCycle {
    /// New blocks per cycle.
    pub allocations: f64,
    /// Grown blocks per cycle.
    pub reallocations: f64,
}

/// Runs `cycle` `warm_up` times (until every buffer it keeps has grown to
/// fit), then returns the allocations and reallocations per cycle over
/// `cycles` more.
pub fn counts_per_cycle(warm_up: u32, cycles: u32, mut cycle: impl FnMut()) -> PerCycle {
    for _ in 0..warm_up {
        cycle();
    }
    let before = thread_counts();
    for _ in 0..cycles {
        cycle();
    }
    let after = thread_counts();
    let per = |count: u64| count as f64 / f64::from(cycles.max(1));
    PerCycle {
        allocations: per(after.allocations - before.allocations),
        reallocations: per(after.reallocations - before.reallocations),
    }
}

/// Runs `cycle` until every buffer it touches has grown to fit (`warm_up`
/// times), then returns the allocations and reallocations together per
/// cycle over `cycles` more.
pub fn allocations_per_cycle(warm_up: u32, cycles: u32, cycle: impl FnMut()) -> f64 {
    let counts = counts_per_cycle(warm_up, cycles, cycle);
    counts.allocations + counts.reallocations
}
