//! Work streams: reports from every thread that entered one are collected
//! together; outside streams, reports stay per thread.

use errcat::{WorkStream, error_code, msprof_env_error};

#[derive(Debug)]
#[error_code(
    "EZ0600",
    message = "Worker %s failed on task %s.",
    args = "worker,task"
)]
pub struct WorkerFailed {
    pub worker: u32,
    pub task: u32,
}

#[derive(Debug)]
#[error_code("EZ0601", message = "Caller gave up: %s.")]
pub struct CallerGaveUp {
    pub why: &'static str,
}

#[test]
fn a_pool_of_workers_reports_into_the_callers_stream() {
    let stream = WorkStream::new();
    std::thread::scope(|scope| {
        for worker in 0..4u32 {
            let stream = &stream;
            scope.spawn(move || {
                for task in 0..25u32 {
                    let _inside = stream.enter();
                    WorkerFailed { worker, task }.report();
                }
                // Outside the stream, the worker's own store.
                msprof_env_error!("EZ0601", ["why"], ["worker-local"]);
                assert_eq!(
                    errcat::take_error_message().as_deref(),
                    Some("EZ0601: Caller gave up: worker-local.\r\n")
                );
            });
        }
    });
    assert_eq!(
        errcat::take_error_message(),
        None,
        "the caller's own store is empty"
    );

    let _inside = stream.enter();
    CallerGaveUp { why: "timeout" }.report();
    let reports = errcat::take_reports();
    assert_eq!(reports.len(), 101);
    for worker in 0..4u32 {
        let tasks: Vec<String> = reports
            .iter()
            .filter(|report| report.code() == "EZ0600")
            .filter(|report| report.args().next() == Some(("worker", &worker.to_string())))
            .map(|report| report.message().to_owned())
            .collect();
        let expected: Vec<String> = (0..25)
            .map(|task| format!("Worker {worker} failed on task {task}."))
            .collect();
        assert_eq!(tasks, expected, "each worker's reports arrive in its order");
    }
    assert_eq!(reports[100].message(), "Caller gave up: timeout.");
    assert_eq!(
        errcat::take_error_message(),
        None,
        "taking emptied the stream"
    );
}

#[test]
fn the_stream_renders_like_a_thread_and_guards_nest() {
    let outer = WorkStream::new();
    let inner = WorkStream::new();
    {
        let _in_outer = outer.enter();
        WorkerFailed { worker: 1, task: 1 }.report();
        {
            let _in_inner = inner.enter();
            WorkerFailed { worker: 2, task: 2 }.report();
        }
        WorkerFailed { worker: 1, task: 3 }.report();
    }
    WorkerFailed { worker: 0, task: 0 }.report();

    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EZ0600: Worker 0 failed on task 0.\r\n")
    );
    let _in_outer = outer.enter();
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some(
            "EZ0600: Worker 1 failed on task 1.\r\n\
             \x20       TraceBack (most recent call last):\r\n\
             \x20       Worker 1 failed on task 3.\r\n"
        )
    );
    let _in_inner = inner.enter();
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EZ0600: Worker 2 failed on task 2.\r\n")
    );
}

#[test]
fn a_value_that_reports_while_being_formatted_is_not_lost() {
    #[derive(Debug)]
    struct Noisy;
    impl core::fmt::Display for Noisy {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            CallerGaveUp { why: "nested" }.report();
            f.write_str("noisy")
        }
    }
    #[derive(Debug)]
    #[error_code("EZ0602", message = "Value %s.")]
    struct Holder {
        value: Noisy,
    }
    // The thread's own store is in use while the value is formatted into
    // it: the nested report is set aside and stored first, since it was
    // complete first.
    Holder { value: Noisy }.report();
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some(
            "EZ0601: Caller gave up: nested.\r\n\
             \x20       TraceBack (most recent call last):\r\n\
             \x20       Value noisy.\r\n"
        )
    );
    // Inside a stream likewise: no lock is held while a value is formatted.
    let stream = WorkStream::new();
    {
        let _inside = stream.enter();
        Holder { value: Noisy }.report();
        assert_eq!(
            errcat::take_error_message().as_deref(),
            Some(
                "EZ0601: Caller gave up: nested.\r\n\
                 \x20       TraceBack (most recent call last):\r\n\
                 \x20       Value noisy.\r\n"
            )
        );
    }
    assert_eq!(errcat::take_error_message(), None);
}
