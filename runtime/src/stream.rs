//! Work streams: one caller's reports, collected from every thread that
//! works for it.

use core::marker::PhantomData;
use std::sync::{Arc, Mutex};

use crate::local::swap_stream;
use crate::store::Store;

pub(crate) struct StreamShared {
    pub(crate) store: Mutex<Store>,
}

/// A store of reports shared by the threads that work for one caller: the
/// CANN runtime's `work_stream_id`, a session or a graph that spans threads.
///
/// Reports made on a thread that has [entered](Self::enter) the stream go to
/// the stream's store instead of the thread's own; `take_error_message`,
/// `take_reports` and the other `take_*` functions called inside the stream
/// take from it. The stream's store sits behind a mutex, taken once per
/// report; reports outside any stream stay per-thread and lock-free.
///
/// ```
/// # use errcode::error_code;
/// # #[error_code("EK0005", message = "Parameter %s is not supported.")]
/// # pub struct NotSupported { pub param: String }
/// let stream = errcode::WorkStream::new();
/// std::thread::scope(|scope| {
///     for worker in 0..2 {
///         let stream = &stream;
///         scope.spawn(move || {
///             let _inside = stream.enter();
///             NotSupported { param: format!("p{worker}") }.report();
///         });
///     }
/// });
/// let _inside = stream.enter();
/// let message = errcode::take_error_message().unwrap();
/// assert!(message.contains("Parameter p0 is not supported."));
/// assert!(message.contains("Parameter p1 is not supported."));
/// ```
#[derive(Clone)]
pub struct WorkStream {
    shared: Arc<StreamShared>,
}

impl WorkStream {
    /// A new stream with an empty store.
    pub fn new() -> Self {
        WorkStream {
            shared: Arc::new(StreamShared {
                store: Mutex::new(Store::new()),
            }),
        }
    }

    /// Makes this the current thread's stream until the guard is dropped;
    /// the stream entered before, if any, is current again after that.
    pub fn enter(&self) -> StreamGuard {
        StreamGuard {
            previous: swap_stream(Some(Arc::clone(&self.shared))),
            not_send: PhantomData,
        }
    }
}

impl Default for WorkStream {
    fn default() -> Self {
        WorkStream::new()
    }
}

impl core::fmt::Debug for WorkStream {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("WorkStream").finish_non_exhaustive()
    }
}

/// While it lives, the current thread reports into a [`WorkStream`].
#[must_use = "the thread leaves the stream when the guard is dropped"]
pub struct StreamGuard {
    previous: Option<Arc<StreamShared>>,
    /// The guard belongs to the thread that entered.
    not_send: PhantomData<*const ()>,
}

impl Drop for StreamGuard {
    fn drop(&mut self) {
        swap_stream(self.previous.take());
    }
}

impl core::fmt::Debug for StreamGuard {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("StreamGuard").finish_non_exhaustive()
    }
}
