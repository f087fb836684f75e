//! When the allocator fails, reports are still recorded: EK0201 is the
//! report that matters exactly then.

mod common {
    pub mod counting_alloc;
}

use common::counting_alloc::{CountingAlloc, refuse_allocations};
use errcat::error_code;
use errcat_profiling::InsufficientHostMemory;

#[global_allocator]
static ALLOCATOR: CountingAlloc = CountingAlloc;

#[derive(Debug)]
#[error_code("EZ0300", message = "%s")]
pub struct Verbatim<'a> {
    pub text: &'a str,
}

const EK0201_FULL: &str = "EK0201: Failed to allocate 1048576B host memory for Profiling.\r\n\
    \x20       PossibleCause: Allocation failed due to insufficient host memory.\r\n\
    \x20       Solution: Stop unnecessary processes and ensure that the required memory is available.\r\n";

/// A caller's buffer on the stack.
struct StackBuffer {
    bytes: [u8; 1024],
    len: usize,
}

impl StackBuffer {
    fn new() -> Self {
        StackBuffer {
            bytes: [0; 1024],
            len: 0,
        }
    }

    fn text(&self) -> &str {
        core::str::from_utf8(&self.bytes[..self.len]).unwrap()
    }
}

impl core::fmt::Write for StackBuffer {
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

/// Runs `f` with every allocation of this thread failing.
fn without_memory<R>(f: impl FnOnce() -> R) -> R {
    refuse_allocations(true);
    let result = f();
    refuse_allocations(false);
    result
}

#[test]
fn the_allocator_switch_really_fails() {
    let result = without_memory(|| Vec::<u8>::new().try_reserve(1).is_err());
    assert!(result);
}

#[test]
fn a_thread_that_reported_before_keeps_the_full_text() {
    std::thread::spawn(|| {
        InsufficientHostMemory {
            buf_size: "64B".into(),
        }
        .report();
        assert!(errcat::take_error_message().is_some());

        let mut out = StackBuffer::new();
        let had_errors = without_memory(|| {
            InsufficientHostMemory {
                buf_size: "1048576B".into(),
            }
            .report();
            errcat::write_error_message(&mut out)
        });
        assert!(had_errors);
        assert_eq!(out.text(), EK0201_FULL);
    })
    .join()
    .unwrap();
}

#[test]
fn a_thread_that_never_reported_uses_the_static_reserve() {
    std::thread::spawn(|| {
        let mut out = StackBuffer::new();
        let had_errors = without_memory(|| {
            InsufficientHostMemory {
                buf_size: "1048576B".into(),
            }
            .report();
            // The reserve holds one report; the next is counted, not lost silently.
            InsufficientHostMemory {
                buf_size: "2048B".into(),
            }
            .report();
            errcat::write_error_message(&mut out)
        });
        assert!(had_errors);
        assert_eq!(
            out.text(),
            format!("{EK0201_FULL}        ... 1 more messages dropped\r\n")
        );
        // With memory back, the reserve is free again and reports are stored.
        InsufficientHostMemory {
            buf_size: "1B".into(),
        }
        .report();
        assert!(
            errcat::take_error_message()
                .unwrap()
                .starts_with("EK0201: Failed to allocate 1B ")
        );
    })
    .join()
    .unwrap();
}

#[test]
fn the_reserve_cuts_a_long_message() {
    std::thread::spawn(|| {
        let long = "x".repeat(600);
        let mut out = StackBuffer::new();
        without_memory(|| {
            Verbatim { text: &long }.report();
            errcat::write_error_message(&mut out)
        });
        let text = out.text();
        assert!(text.starts_with("EZ0300: xxxx"), "{text}");
        assert!(text.ends_with("x...\r\n"), "{text}");
        // The code, ": ", 253 bytes of the message and "...", then the line end.
        assert_eq!(text.len(), "EZ0300: ".len() + 256 + 2);
    })
    .join()
    .unwrap();
}

#[test]
fn warnings_have_their_own_reserve() {
    #[derive(Debug)]
    #[error_code("WZ0301", message = "low on %s")]
    struct Low<'a> {
        what: &'a str,
    }
    std::thread::spawn(|| {
        let mut out = StackBuffer::new();
        without_memory(|| {
            Low { what: "memory" }.report();
            InsufficientHostMemory {
                buf_size: "8B".into(),
            }
            .report();
            errcat::write_error_message(&mut out)
        });
        assert!(
            out.text()
                .starts_with("EK0201: Failed to allocate 8B host memory")
        );
        assert_eq!(
            errcat::take_warning_message().as_deref(),
            Some("WZ0301: low on memory\r\n")
        );
    })
    .join()
    .unwrap();
}
