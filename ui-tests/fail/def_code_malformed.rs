// Each malformed code is reported at its literal with what is wrong with it:
// wrong length, first character not E/W, lowercase module, non-digit number.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EK201", message = "Too short.")]
pub struct TooShort;

#[derive(Debug)]
#[error_code("XK0201", message = "Bad severity.")]
pub struct BadSeverity;

#[derive(Debug)]
#[error_code("Ek0201", message = "Lowercase module.")]
pub struct LowercaseModule;

#[derive(Debug)]
#[error_code("EK02O1", message = "Letter O in the number.")]
pub struct LetterInNumber;

fn main() {}
