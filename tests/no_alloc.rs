//! In steady state, reporting and rendering into a caller's buffer allocate
//! nothing: counted by a global allocator, on the current thread only.

mod common {
    pub mod counting_alloc;
}

use common::counting_alloc::{CountingAlloc, thread_allocations};
use errcat::{error_code, msprof_env_error, report_inner_error};
// The shipped Profiling definitions, EK0201 among them.
use errcat_profiling::*;

#[global_allocator]
static ALLOCATOR: CountingAlloc = CountingAlloc;

/// Values of other types than strings: a number, a static and an owned
/// string moved in.
#[derive(Debug)]
#[error_code(
    "EZ0001",
    message = "Value %s for parameter %s is invalid. Reason: %s.",
    args = "value,param,reason"
)]
pub struct TypedArguments {
    pub value: i64,
    pub param: &'static str,
    pub reason: String,
}

/// A caller's buffer: a `String` whose capacity is reused.
fn render_into(buffer: &mut String) -> bool {
    buffer.clear();
    errcat::write_error_message(buffer)
}

/// Runs `cycle` until the store's buffers have grown to fit it, then counts
/// the allocations of 1,000 more cycles.
fn allocations_in_steady_state(mut cycle: impl FnMut(&mut String)) -> usize {
    let mut buffer = String::with_capacity(4096);
    for _ in 0..10 {
        cycle(&mut buffer);
    }
    let before = thread_allocations();
    for _ in 0..1_000 {
        cycle(&mut buffer);
    }
    thread_allocations() - before
}

#[test]
fn typed_reports_allocate_nothing() {
    let allocations = allocations_in_steady_state(|buffer| {
        InsufficientHostMemory {
            buf_size: "1048576B".into(),
        }
        .report();
        assert!(render_into(buffer));
    });
    assert_eq!(allocations, 0);
}

#[test]
fn report_macros_with_built_values_allocate_nothing() {
    let reasons: Vec<String> = (0..1_010).map(|i| format!("reason {i}")).collect();
    let mut reasons = reasons.into_iter();
    let allocations = allocations_in_steady_state(|buffer| {
        let reason = reasons.next().unwrap();
        msprof_env_error!(
            "EZ0001",
            ["value", "param", "reason"],
            [-1i64, "interval", reason]
        );
        msprof_env_error!("EK0201", ["buf_size"], ["64B"]);
        assert!(render_into(buffer));
    });
    assert_eq!(allocations, 0);
}

#[test]
fn inner_errors_allocate_nothing() {
    let allocations = allocations_in_steady_state(|buffer| {
        report_inner_error!("E19999", "Param input.size() < {}, check {}", 3, "invalid");
        report_inner_error!("EK9999", "stopped at {:>8.3}", 1.5f64);
        assert!(render_into(buffer));
    });
    assert_eq!(allocations, 0);
}

#[test]
fn dynamic_reports_allocate_nothing() {
    let allocations = allocations_in_steady_state(|buffer| {
        errcat::report_dynamic("EK0201", &[("buf_size", "1M")]).unwrap();
        assert!(render_into(buffer));
    });
    assert_eq!(allocations, 0);
}

#[test]
fn rendering_into_a_fixed_buffer_allocates_nothing() {
    struct Fixed {
        bytes: [u8; 512],
        len: usize,
    }
    impl core::fmt::Write for Fixed {
        fn write_str(&mut self, s: &str) -> core::fmt::Result {
            let end = self.len + s.len();
            self.bytes
                .get_mut(self.len..end)
                .ok_or(core::fmt::Error)?
                .copy_from_slice(s.as_bytes());
            self.len = end;
            Ok(())
        }
    }
    let mut fixed = Fixed {
        bytes: [0; 512],
        len: 0,
    };
    let allocations = allocations_in_steady_state(|_| {
        fixed.len = 0;
        InsufficientHostMemory {
            buf_size: "1B".into(),
        }
        .report();
        report_inner_error!("E19999", "after {}", 1);
        assert!(errcat::write_error_message(&mut fixed));
    });
    assert_eq!(allocations, 0);
    assert_eq!(
        core::str::from_utf8(&fixed.bytes[..fixed.len]).unwrap(),
        "EK0201: Failed to allocate 1B host memory for Profiling.\r\n\
         \x20       PossibleCause: Allocation failed due to insufficient host memory.\r\n\
         \x20       Solution: Stop unnecessary processes and ensure that the required memory is available.\r\n\
         \x20       TraceBack (most recent call last):\r\n\
         \x20       after 1\r\n"
    );
}

#[test]
fn the_counter_sees_allocations() {
    // The zeros above mean something only if the counter counts.
    let allocations = allocations_in_steady_state(|buffer| {
        let owned = format!("{}B", buffer.capacity());
        InsufficientHostMemory {
            buf_size: owned.as_str().into(),
        }
        .report();
        assert!(render_into(buffer));
    });
    assert_eq!(allocations, 1_000);
}
