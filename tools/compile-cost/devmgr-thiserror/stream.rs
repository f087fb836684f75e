//! Streams: EV0201-EV0205.

/// What can go wrong with a stream of tasks.
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    /// A stream is full.
    #[error("Stream {stream_id} is full ({depth} tasks).")]
    Full {
        /// The stream.
        stream_id: u32,
        /// How many tasks it holds.
        depth: usize,
    },
    /// A stream was destroyed with tasks left.
    #[error("Stream {stream_id} was destroyed with {left} tasks left.")]
    Destroyed {
        /// The stream.
        stream_id: u32,
        /// The tasks left.
        left: usize,
    },
    /// A task failed.
    #[error("Task {task_id} on stream {stream_id} failed.")]
    TaskFailed {
        /// The task.
        task_id: u64,
        /// The stream.
        stream_id: u32,
    },
    /// An event was waited for on the wrong stream.
    #[error("Event {event} belongs to stream {owner}, not {stream_id}.")]
    WrongStream {
        /// The event.
        event: String,
        /// The stream it belongs to.
        owner: u32,
        /// The stream it was waited for on.
        stream_id: u32,
    },
}

impl StreamError {
    /// The error's code.
    pub fn code(&self) -> &'static str {
        match self {
            StreamError::Full { .. } => "EV0201",
            StreamError::Destroyed { .. } => "EV0202",
            StreamError::TaskFailed { .. } => "EV0203",
            StreamError::WrongStream { .. } => "EV0204",
        }
    }
}

/// A stream's synchronisation timed out.
#[derive(Debug, thiserror::Error)]
#[error("Stream {stream_id} did not synchronise within {millis} ms.")]
pub struct SyncTimeout {
    /// The stream.
    pub stream_id: u32,
    /// How long it was waited for.
    pub millis: u64,
}

impl SyncTimeout {
    /// The error's code.
    pub const CODE: &'static str = "EV0205";
}
