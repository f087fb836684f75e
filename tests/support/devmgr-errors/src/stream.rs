//! Streams: EV0201-EV0205.

use errcat::prelude::*;

/// What can go wrong with a stream of tasks.
#[derive(Debug)]
#[error_code]
pub enum StreamError {
    /// A stream is full.
    #[error_code("EV0201", message = "Stream {stream_id} is full ({depth} tasks).")]
    Full {
        /// The stream.
        stream_id: u32,
        /// How many tasks it holds.
        depth: usize,
    },
    /// A stream was destroyed with tasks left.
    #[error_code(
        "EV0202",
        message = "Stream {stream_id} was destroyed with {left} tasks left."
    )]
    Destroyed {
        /// The stream.
        stream_id: u32,
        /// The tasks left.
        left: usize,
    },
    /// A task failed.
    #[error_code("EV0203", message = "Task {task_id} on stream {stream_id} failed.")]
    TaskFailed {
        /// The task.
        task_id: u64,
        /// The stream.
        stream_id: u32,
    },
    /// An event was waited for on the wrong stream.
    #[error_code(
        "EV0204",
        message = "Event {event} belongs to stream {owner}, not {stream_id}."
    )]
    WrongStream {
        /// The event.
        event: String,
        /// The stream it belongs to.
        owner: u32,
        /// The stream it was waited for on.
        stream_id: u32,
    },
}

/// A stream's synchronisation timed out.
#[derive(Debug)]
#[error_code(
    "EV0205",
    message = "Stream {stream_id} did not synchronise within {millis} ms."
)]
pub struct SyncTimeout {
    /// The stream.
    pub stream_id: u32,
    /// How long it was waited for.
    pub millis: u64,
}
