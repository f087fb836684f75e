//! What connects errcode to the crates a service already uses, each behind
//! a feature of its own: `tracing` (and through it OpenTelemetry), `serde`
//! and `miette`. With a feature off, its hooks here do nothing and cost
//! nothing.

#[cfg(feature = "miette")]
pub(crate) mod miette;
#[cfg(feature = "serde")]
pub(crate) mod serde;
#[cfg(feature = "tracing")]
pub(crate) mod tracing;

#[cfg(feature = "tracing")]
pub(crate) use self::tracing::{
    note_taken, report as trace_report, taken as trace_taken, unreported as trace_unreported,
};

#[cfg(not(feature = "tracing"))]
pub(crate) fn trace_report(
    _: &crate::store::Entry<'_>,
    _: bool,
    _: crate::store::Outcome,
    _: usize,
) {
}

#[cfg(not(feature = "tracing"))]
pub(crate) fn note_taken(_: bool, _: usize) {}

#[cfg(not(feature = "tracing"))]
pub(crate) fn trace_taken() {}

#[cfg(not(feature = "tracing"))]
pub(crate) fn trace_unreported(_: &dyn crate::def::Defined, _: crate::def::SourceLocation) {}
