//! A definition's possible cause as a `miette` diagnostic of its own, with
//! the `miette` feature: data each [`ErrorDef`](super::ErrorDef) holds, so
//! that the diagnostics of its values can hand it out by reference.

use core::fmt;

use ::miette::{Diagnostic, Severity};

/// A definition's possible cause, as the `Advice` that its diagnostic's
/// `related()` hands out. Each [`ErrorDef`](super::ErrorDef) holds its own,
/// so that it can be handed out by reference for as long as any value of
/// the definition.
#[derive(Debug)]
pub(crate) struct PossibleCause(Option<&'static str>);

impl PossibleCause {
    pub(crate) const fn new(cause: Option<&'static str>) -> Self {
        PossibleCause(cause)
    }
}

impl fmt::Display for PossibleCause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Possible cause: {}", self.0.unwrap_or_default())
    }
}

impl std::error::Error for PossibleCause {}

impl Diagnostic for PossibleCause {
    fn severity(&self) -> Option<Severity> {
        Some(Severity::Advice)
    }
}
