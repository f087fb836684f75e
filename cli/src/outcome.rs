//! What a command produced.

/// The text for standard output and standard error, and whether the
/// command failed (exit status 1).
#[derive(Debug, Default)]
pub(crate) struct Outcome {
    pub(crate) stdout: String,
    pub(crate) stderr: String,
    pub(crate) failed: bool,
}

impl Outcome {
    /// Success with `stdout`.
    pub(crate) fn printed(stdout: String) -> Outcome {
        Outcome {
            stdout,
            ..Outcome::default()
        }
    }

    /// Failure with one `errcode: ...` message on standard error.
    pub(crate) fn error(message: impl std::fmt::Display) -> Outcome {
        Outcome {
            stderr: format!("errcode: {message}\n"),
            failed: true,
            ..Outcome::default()
        }
    }
}
