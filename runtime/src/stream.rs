//! Work streams and scopes: one caller's reports, collected from every
//! thread and every poll that works for it.

use core::future::Future;
use core::marker::PhantomData;
use core::pin::Pin;
use core::task::{Context, Poll};
use std::sync::Arc;

use crate::current::{StreamShared, current_stream, swap_stream};

/// A store of reports shared by the threads and tasks that work for one
/// caller: the CANN runtime's `work_stream_id`, a request, a session or a
/// graph that spans threads.
///
/// Reports made while the stream is current go to the stream's store instead
/// of the thread's own, and `take_error_message`, `take_reports` and the
/// other `take_*` functions called while it is current take from it. A
/// thread makes it current with [`enter`](Self::enter); a future, with
/// [`instrument`](Self::instrument), for each of its polls on whichever
/// thread polls it. The store sits behind a mutex, taken once per report
/// (the values are formatted before it is taken); reports outside any
/// stream stay per-thread and lock-free.
///
/// ```
/// # use errcat::{ErrorCode, error_code};
/// # #[derive(Debug)]
/// # #[error_code("EK0005", message = "Parameter %s is not supported.")]
/// # pub struct NotSupported { pub param: String }
/// let stream = errcat::WorkStream::new();
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
/// let message = errcat::take_error_message().unwrap();
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
            shared: Arc::new(StreamShared::new()),
        }
    }

    /// The stream or [`scope`] current on this thread: the store reports
    /// made here go to, as a stream that other threads and tasks can enter
    /// or be instrumented with. `None` outside any stream and scope, where
    /// reports go to the thread's own store, which cannot be shared.
    ///
    /// This is how a task spawned inside a scope reports into it (spawning
    /// is the executor's business, so the new task does not inherit it):
    ///
    /// ```
    /// # async fn child() {}
    /// # fn spawn(_: impl core::future::Future<Output = ()> + Send + 'static) {}
    /// # async fn handler() {
    /// let current = errcat::WorkStream::current().unwrap_or_default();
    /// spawn(current.instrument(child()));
    /// # }
    /// ```
    pub fn current() -> Option<WorkStream> {
        current_stream().map(|shared| WorkStream { shared })
    }

    /// Makes this the current thread's stream until the guard is dropped;
    /// the stream entered before, if any, is current again after that.
    ///
    /// The guard belongs to the thread: it cannot be held across an
    /// `.await` of a future that may move between threads. Use
    /// [`instrument`](Self::instrument) for a future.
    pub fn enter(&self) -> StreamGuard {
        StreamGuard {
            previous: swap_stream(Some(Arc::clone(&self.shared))),
            not_send: PhantomData,
        }
    }

    /// Whether the stream's store holds nothing: no error, no warning, and
    /// no count of reports dropped past the item limit. A store that was
    /// taken and has had no report since is empty.
    ///
    /// ```
    /// let stream = errcat::WorkStream::new();
    /// assert!(stream.is_empty());
    /// let inside = stream.enter();
    /// errcat::report_internal("E19999", "x").unwrap();
    /// drop(inside);
    /// assert!(!stream.is_empty());
    /// let _inside = stream.enter();
    /// errcat::take_error_message();
    /// assert!(stream.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        let store = self
            .shared
            .store
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        store.errors.is_empty() && store.warnings.is_empty()
    }

    /// How many handles share this stream's store: this one, its clones,
    /// and one for each thread inside it ([`enter`](Self::enter)) and each
    /// future instrumented with it. A registry of streams by id (CANN's
    /// `work_stream_id`) frees a stream whose only handle it holds and that
    /// [`is_empty`](Self::is_empty), so that memory stays flat however many
    /// ids come and go.
    ///
    /// ```
    /// let stream = errcat::WorkStream::new();
    /// assert_eq!(stream.handles(), 1);
    /// let inside = stream.enter();
    /// assert_eq!(stream.handles(), 2);
    /// drop(inside);
    /// assert_eq!(stream.clone().handles(), 2);
    /// ```
    pub fn handles(&self) -> usize {
        Arc::strong_count(&self.shared)
    }

    /// A future that runs `future` with this stream current during each of
    /// its polls, on whichever thread polls it; between polls, the polling
    /// thread is left as it was. Several futures, tasks and threads may use
    /// one stream at once: a request that fans out into several tasks.
    ///
    /// The returned future is `Send` when `future` is.
    pub fn instrument<F: Future>(&self, future: F) -> Instrumented<F> {
        Instrumented {
            inner: future,
            stream: Arc::clone(&self.shared),
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

/// Runs `future` with a store of its own: the error store of one task, or
/// of one request in a server.
///
/// Every report made while the returned future is polled, on whichever
/// thread polls it, goes to that store, and [`take_error_message`],
/// [`take_warning_message`], [`take_reports`], [`restore_reports`] and
/// [`write_error_message`] called inside it work on that store. Between
/// polls the polling thread's own store is untouched, so a task that moves
/// between the threads of a multi-threaded executor keeps its reports, and
/// never sees another task's. Scopes nest: the innermost wins.
///
/// Reports left in the scope's store when the future completes or is
/// dropped are discarded: take them inside the scope.
///
/// The returned future is `Send` when `future` is. It needs no particular
/// executor. A task spawned inside a scope does not inherit it; see
/// [`WorkStream::current`] for the line that makes it.
///
/// [`take_error_message`]: crate::take_error_message
/// [`take_warning_message`]: crate::take_warning_message
/// [`take_reports`]: crate::take_reports
/// [`restore_reports`]: crate::restore_reports
/// [`write_error_message`]: crate::write_error_message
///
/// ```
/// # use errcat::{ErrorCode, error_code};
/// # #[derive(Debug)]
/// # #[error_code("EZ0001", message = "Device %s was not found.")]
/// # pub struct DeviceNotFound { pub device_id: u32 }
/// async fn handle(device_id: u32) -> Option<String> {
///     errcat::scope(async move {
///         DeviceNotFound { device_id }.report();
///         // ... awaits: the task may resume on another thread ...
///         errcat::take_error_message()
///     })
///     .await
/// }
/// # let waker = std::task::Waker::noop();
/// # let mut context = std::task::Context::from_waker(&waker);
/// # let mut future = std::pin::pin!(handle(7));
/// # let std::task::Poll::Ready(message) = future.as_mut().poll(&mut context) else { panic!() };
/// assert_eq!(message.as_deref(), Some("EZ0001: Device 7 was not found.\r\n"));
/// // The thread's own store saw nothing.
/// assert_eq!(errcat::take_error_message(), None);
/// ```
pub fn scope<F: Future>(future: F) -> Scope<F> {
    Scope {
        inner: WorkStream::new().instrument(future),
    }
}

pin_project_lite::pin_project! {
    /// A future run with a [`WorkStream`] current during each poll; see
    /// [`WorkStream::instrument`].
    #[must_use = "futures do nothing unless polled"]
    pub struct Instrumented<F> {
        #[pin]
        inner: F,
        stream: Arc<StreamShared>,
    }
}

pin_project_lite::pin_project! {
    /// A future run with a store of its own; see [`scope`].
    #[must_use = "futures do nothing unless polled"]
    pub struct Scope<F> {
        #[pin]
        inner: Instrumented<F>,
    }
}

impl<F: Future> Future for Instrumented<F> {
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        let this = self.project();
        // The guard puts back what was current also when the poll panics.
        let _current = StreamGuard {
            previous: swap_stream(Some(Arc::clone(this.stream))),
            not_send: PhantomData,
        };
        this.inner.poll(cx)
    }
}

impl<F: Future> Future for Scope<F> {
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        self.project().inner.poll(cx)
    }
}

impl<F> core::fmt::Debug for Instrumented<F> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Instrumented").finish_non_exhaustive()
    }
}

impl<F> core::fmt::Debug for Scope<F> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Scope").finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use crate::report::{report_internal, take_error_message};

    /// A work stream's store, behind its lock, keeps repeats inside
    /// `keeping_repeats` as a thread's own store does (report.rs's tests).
    #[test]
    fn a_work_streams_store_keeps_repeats_inside_keeping_repeats() {
        let report = |message: &str| report_internal("E19999", message).unwrap();
        let stream = super::WorkStream::new();
        let _inside = stream.enter();
        crate::current::keeping_repeats(|| {
            for message in ["head", "step", "step"] {
                report(message);
            }
        });
        report("step");
        assert_eq!(
            take_error_message().as_deref(),
            Some(
                "E19999: Inner Error!\r\nhead\r\n        TraceBack (most recent call last):\r\n        step\r\n        step\r\n"
            )
        );
    }
}
