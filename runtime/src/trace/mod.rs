//! What the report path tells `tracing`: one event per report stored,
//! merged or dropped, and one total of the drops when a lane is taken (see
//! `events.rs`, with the `tracing` feature). The only integration the
//! report path calls, so it sits just above the store, below the current
//! store that records reports; with the feature off, `off.rs` has the same
//! functions, which do nothing and cost nothing.

#[cfg(feature = "tracing")]
mod events;
#[cfg(not(feature = "tracing"))]
mod off;

#[cfg(feature = "tracing")]
pub(crate) use events::{ON, note_taken, report, taken, unreported, wants_drop};
#[cfg(not(feature = "tracing"))]
pub(crate) use off::{ON, note_taken, report, taken, unreported, wants_drop};
