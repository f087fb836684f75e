//! What connects errcode to the crates a service already uses, each behind
//! a feature of its own: `serde` and `miette`, part of the public API.
//! (`tracing`, which the report path itself calls, is in `trace`, below.)

#[cfg(feature = "miette")]
pub(crate) mod miette;
#[cfg(feature = "serde")]
pub(crate) mod serde;
