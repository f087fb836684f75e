//! A thread's store is bounded by the limits, keeps flat memory over many
//! report-and-take cycles, and is freed when its thread ends.
//!
//! One test only: the process-wide live-bytes count must not see other tests.

mod common {
    pub mod counting_alloc;
}

use common::counting_alloc::{CountingAlloc, live_bytes, thread_live_bytes};
use errcat::{error_code, msprof_env_error};

#[global_allocator]
static ALLOCATOR: CountingAlloc = CountingAlloc;

#[derive(Debug)]
#[error_code(
    "EZ0400",
    message = "Item %s of batch %s failed: %s",
    args = "item,batch,reason"
)]
pub struct ItemFailed {
    pub item: u64,
    pub batch: u64,
    pub reason: &'static str,
}

#[derive(Debug)]
#[error_code("WZ0400", message = "Item %s is slow")]
pub struct ItemSlow {
    pub item: u64,
}

#[test]
fn memory_stays_within_the_limits() {
    never_taking_holds_no_more_than_the_limits();
    cycles_keep_flat_memory();
    finished_threads_free_their_stores();
}

fn never_taking_holds_no_more_than_the_limits() {
    std::thread::spawn(|| {
        let reason = "x".repeat(5_000);
        let reason: &'static str = Box::leak(reason.into_boxed_str());
        let before = thread_live_bytes();
        for item in 0..1_000_000u64 {
            ItemFailed {
                item,
                batch: item / 100,
                reason,
            }
            .report();
            if item.is_multiple_of(10) {
                ItemSlow { item }.report();
            }
        }
        let held = thread_live_bytes() - before;
        // Per lane: 1,000 items, each with at most three values and a message
        // of at most 1,024 bytes, plus bookkeeping; Vec growth may double it.
        let limits = errcat::limits();
        let per_lane_text = limits.max_items() * 4 * limits.max_message_bytes();
        let bound = 2 * 2 * (per_lane_text + limits.max_items() * 256);
        assert!(held as usize <= bound, "{held} bytes held, bound {bound}");

        let text = errcat::take_error_message().unwrap();
        assert!(text.starts_with("EZ0400: Item 0 of batch 0 failed: xxx"));
        assert!(
            text.ends_with("        ... 999000 more messages dropped\r\n"),
            "{}",
            &text[text.len() - 80..]
        );
        assert_eq!(text.lines().count(), 1 + 1 + 999 + 1);
        // Values and messages were cut within the byte limit.
        let first_line = text.lines().next().unwrap();
        assert_eq!(first_line.len(), "EZ0400: ".len() + 1_024);
        assert!(first_line.ends_with("x..."));
        let warnings = errcat::take_warning_message().unwrap();
        assert!(warnings.ends_with("... 99000 more messages dropped\r\n"));
    })
    .join()
    .unwrap();
}

fn cycles_keep_flat_memory() {
    std::thread::spawn(|| {
        let mut buffer = String::with_capacity(1 << 16);
        let mut cycle = |n: u64| {
            for item in 0..(n % 5) {
                msprof_env_error!("EZ0400", ["item", "batch", "reason"], [item, n, "timeout"]);
            }
            buffer.clear();
            errcat::write_error_message(&mut buffer);
        };
        for n in 0..1_000 {
            cycle(n);
        }
        let warm = thread_live_bytes();
        for n in 1_000..1_000_000 {
            cycle(n);
        }
        assert_eq!(
            thread_live_bytes(),
            warm,
            "memory grew over a million cycles"
        );
    })
    .join()
    .unwrap();
}

fn finished_threads_free_their_stores() {
    let spawn_one = |index: u64| {
        std::thread::spawn(move || {
            let before = thread_live_bytes();
            ItemFailed {
                item: index,
                batch: 0,
                reason: "short-lived",
            }
            .report();
            ItemSlow { item: index }.report();
            assert!(
                thread_live_bytes() > before,
                "the reports are held when the thread ends"
            );
        })
        .join()
        .unwrap();
    };
    // The first threads warm up what std keeps for spawning.
    for index in 0..100 {
        spawn_one(index);
    }
    let before = live_bytes();
    for index in 0..10_000 {
        spawn_one(index);
    }
    assert_eq!(live_bytes(), before, "memory grew over 10,000 threads");
}
