//! Reports follow the task: `errcat::scope` and `WorkStream::instrument`
//! under a multi-threaded executor, a single-threaded one, and a future
//! dropped half-way.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use errcat::{WorkStream, error_code};

#[derive(Debug)]
#[error_code("EZ0001", message = "Device %s was not found.")]
pub struct DeviceNotFound {
    pub device_id: u64,
}

#[derive(Debug)]
#[error_code("WZ0002", message = "Device %s is slow.")]
pub struct DeviceSlow {
    pub device_id: u64,
}

/// Yields once to the executor, so that a multi-threaded one may resume the
/// task on another worker.
struct YieldNow(bool);

impl Future for YieldNow {
    type Output = ();
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if self.0 {
            return Poll::Ready(());
        }
        self.0 = true;
        cx.waker().wake_by_ref();
        Poll::Pending
    }
}

fn yield_now() -> YieldNow {
    YieldNow(false)
}

/// The trial of the issue: 8 requests, each reporting its own device, then
/// sleeping, then taking its message.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn each_request_gets_its_own_error_after_an_await() {
    let handles: Vec<_> = (101..109u64)
        .map(|request| {
            tokio::spawn(errcat::scope(async move {
                DeviceNotFound { device_id: request }.report();
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
                errcat::take_error_message()
            }))
        })
        .collect();
    for (request, handle) in (101..109u64).zip(handles) {
        assert_eq!(
            handle.await.unwrap(),
            Some(format!("EZ0001: Device {request} was not found.\r\n"))
        );
    }
}

/// 64 concurrent scoped tasks, 100 reports each with their own values,
/// yielding between them: each takes exactly its own reports, in order.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sixty_four_tasks_lose_nothing_and_cross_nothing() {
    let handles: Vec<_> = (0..64u64)
        .map(|task| {
            tokio::spawn(errcat::scope(async move {
                for index in 0..100u64 {
                    DeviceNotFound {
                        device_id: task * 1000 + index,
                    }
                    .report();
                    yield_now().await;
                }
                errcat::take_reports()
            }))
        })
        .collect();
    for (task, handle) in (0..64u64).zip(handles) {
        let reports = handle.await.unwrap();
        let values: Vec<String> = reports
            .iter()
            .map(|report| report.args().next().unwrap().1.to_owned())
            .collect();
        let expected: Vec<String> = (0..100u64)
            .map(|index| (task * 1000 + index).to_string())
            .collect();
        assert_eq!(values, expected, "task {task}");
    }
    // Nothing leaked into the store of the thread that ran this test.
    assert_eq!(errcat::take_error_message(), None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_polling_threads_own_store_is_untouched_between_polls() {
    // A report made on a worker outside any scope stays there, and a scoped
    // task polled on that worker neither sees nor takes it.
    let outcome = tokio::spawn(async {
        DeviceNotFound { device_id: 1 }.report();
        let scoped = errcat::scope(async {
            DeviceNotFound { device_id: 2 }.report();
            yield_now().await;
            errcat::take_error_message()
        })
        .await;
        (scoped, errcat::take_error_message())
    })
    .await
    .unwrap();
    assert_eq!(
        outcome.0.as_deref(),
        Some("EZ0001: Device 2 was not found.\r\n")
    );
    // The unscoped part of the task may have moved threads at the await, so
    // its report may or may not be on the thread it ended on: but it is
    // never in the scope's message above.
    if let Some(own) = outcome.1 {
        assert_eq!(own, "EZ0001: Device 1 was not found.\r\n");
    }
}

/// On one thread, interleaved tasks share the thread's store unless scoped.
#[tokio::test(flavor = "current_thread")]
async fn interleaved_tasks_on_one_thread_keep_their_own_reports() {
    let tasks: Vec<_> = (0..8u64)
        .map(|task| {
            tokio::spawn(errcat::scope(async move {
                for index in 0..10 {
                    DeviceNotFound {
                        device_id: task * 100 + index,
                    }
                    .report();
                    yield_now().await;
                }
                errcat::take_reports()
                    .iter()
                    .map(|report| report.args().next().unwrap().1.parse::<u64>().unwrap())
                    .collect::<Vec<u64>>()
            }))
        })
        .collect();
    for (task, handle) in (0..8u64).zip(tasks) {
        let expected: Vec<u64> = (0..10).map(|index| task * 100 + index).collect();
        assert_eq!(handle.await.unwrap(), expected);
    }
}

#[tokio::test(flavor = "current_thread")]
async fn scopes_nest_and_the_innermost_wins() {
    let outer = errcat::scope(async {
        DeviceNotFound { device_id: 1 }.report();
        let inner = errcat::scope(async {
            DeviceNotFound { device_id: 2 }.report();
            DeviceSlow { device_id: 2 }.report();
            yield_now().await;
            (errcat::take_error_message(), errcat::take_warning_message())
        })
        .await;
        yield_now().await;
        (inner, errcat::take_error_message())
    })
    .await;
    assert_eq!(
        outer,
        (
            (
                Some("EZ0001: Device 2 was not found.\r\n".to_owned()),
                Some("WZ0002: Device 2 is slow.\r\n".to_owned())
            ),
            Some("EZ0001: Device 1 was not found.\r\n".to_owned())
        )
    );
}

#[test]
fn a_scoped_future_dropped_half_way_leaks_nothing_into_the_thread() {
    let mut future = Box::pin(errcat::scope(async {
        DeviceNotFound { device_id: 9 }.report();
        yield_now().await;
        DeviceNotFound { device_id: 10 }.report();
    }));
    let waker = std::task::Waker::noop();
    let mut context = Context::from_waker(waker);
    assert!(future.as_mut().poll(&mut context).is_pending());
    drop(future);
    assert_eq!(errcat::take_error_message(), None);
    assert!(errcat::take_reports().is_empty());
}

#[test]
fn a_panicking_poll_leaves_the_thread_as_it_was() {
    let result = std::panic::catch_unwind(|| {
        let mut future = Box::pin(errcat::scope(async {
            DeviceNotFound { device_id: 3 }.report();
            panic!("poll panicked");
        }));
        let waker = std::task::Waker::noop();
        let _ = future.as_mut().poll(&mut Context::from_waker(waker));
    });
    assert!(result.is_err());
    DeviceNotFound { device_id: 4 }.report();
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EZ0001: Device 4 was not found.\r\n")
    );
}

/// A request that fans out into tasks shares one store through a stream;
/// a child joins its parent's scope with `WorkStream::current`.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_request_fans_out_into_tasks_that_share_its_store() {
    let stream = WorkStream::new();
    let children: Vec<_> = (0..4u64)
        .map(|child| {
            tokio::spawn(stream.instrument(async move {
                yield_now().await;
                DeviceNotFound { device_id: child }.report();
            }))
        })
        .collect();
    for child in children {
        child.await.unwrap();
    }
    let message = stream
        .instrument(async { errcat::take_error_message() })
        .await
        .unwrap();
    for child in 0..4 {
        assert!(
            message.contains(&format!("Device {child} was not found.")),
            "{message}"
        );
    }

    let joined = errcat::scope(async {
        let current = WorkStream::current().expect("inside a scope");
        tokio::spawn(current.instrument(async {
            DeviceNotFound { device_id: 77 }.report();
        }))
        .await
        .unwrap();
        errcat::take_error_message()
    })
    .await;
    assert_eq!(
        joined.as_deref(),
        Some("EZ0001: Device 77 was not found.\r\n")
    );
    assert!(WorkStream::current().is_none());
}

#[test]
fn scoped_futures_are_send_when_the_inner_one_is() {
    fn assert_send<T: Send>(_: &T) {}
    let scoped = errcat::scope(async { 1 });
    assert_send(&scoped);
    let instrumented = WorkStream::new().instrument(async { 1 });
    assert_send(&instrumented);
}
