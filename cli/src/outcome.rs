//! What a command produced.

/// How a command ended, as its exit status.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Status {
    /// 0: done.
    #[default]
    Success,
    /// 1: defects found (or a code or class that is not there).
    Failure,
    /// 2: the input could not be used: a file that cannot be read or
    /// written, or arguments that do not go together.
    InputError,
}

impl Status {
    pub(crate) fn code(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::Failure => 1,
            Status::InputError => 2,
        }
    }
}

/// The text for standard output and standard error, and how the command
/// ended.
#[derive(Debug, Default)]
pub(crate) struct Outcome {
    pub(crate) stdout: String,
    pub(crate) stderr: String,
    pub(crate) status: Status,
    /// Whether `stdout` holds styles (ANSI sequences), to be kept on a
    /// terminal that wants colour and stripped elsewhere. Only a report
    /// whose own text cannot hold an escape (each text through
    /// [`paths::shown`](crate::paths::shown)) is styled.
    pub(crate) styled: bool,
}

impl Outcome {
    /// Success with `stdout`.
    pub(crate) fn printed(stdout: String) -> Outcome {
        Outcome {
            stdout,
            ..Outcome::default()
        }
    }

    /// Failure (exit status 1) with one `errcode: ...` message on standard
    /// error.
    pub(crate) fn error(message: impl std::fmt::Display) -> Outcome {
        let mut outcome = Outcome {
            status: Status::Failure,
            ..Outcome::default()
        };
        outcome.note(message);
        outcome
    }

    /// One more `errcode: ...` line on standard error, the message as a
    /// line shows it ([`paths::shown`]): what a catalog or a file says
    /// inside it cannot start a line of its own or move the cursor.
    pub(crate) fn note(&mut self, message: impl std::fmt::Display) {
        self.stderr.push_str(&note_line(message));
    }

    /// An input that cannot be used (exit status 2), with one
    /// `errcode: ...` message on standard error.
    pub(crate) fn input_error(message: impl std::fmt::Display) -> Outcome {
        Outcome {
            status: Status::InputError,
            ..Outcome::error(message)
        }
    }
}

/// Writes `text` to standard output at once, for a command that says what
/// it has done as it goes (`update`): a run stopped midway has said what
/// it did. A reader that went away needs no more output.
pub(crate) fn print_now(text: &str) {
    use std::io::Write as _;
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
}

/// `errcode: message` and a line break, the message as a line shows it.
pub(crate) fn note_line(message: impl std::fmt::Display) -> String {
    format!("errcode: {}\n", crate::paths::shown(&message.to_string()))
}

/// [`print_now`] for standard error.
pub(crate) fn eprint_now(text: &str) {
    use std::io::Write as _;
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}
