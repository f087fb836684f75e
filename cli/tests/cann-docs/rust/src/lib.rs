//! Definitions written for the tests of `errcode export --catalog <folder>`:
//! read with syn, never built.

mod storage;

use errcat::error_code;

/// A sync job stopped.
#[error_code(
    "ES2001",
    title = "Execution_Error",
    class = "Sync Errors",
    message = "{peer_report}\nSync {job} stopped: {detail}",
    solution = "Read the peer's report first.",
    example = ["Peer node-2 reported: disk full.", "nightly", "the peer refused the copy."]
)]
pub struct SyncStopped {
    /// The peer's report.
    pub peer_report: String,
    /// The job name.
    pub job: String,
    /// Detail.
    pub detail: String,
}
