//! Text across the boundary: C strings read as Rust text, and Rust text
//! written into the NUL-terminated buffers a thread hands to C.

use core::ffi::{CStr, c_char};
use core::fmt;
use std::borrow::Cow;

/// What a NULL string is read as, wherever a NULL is read as text (a
/// message, an argument value): glibc's `printf("%s", NULL)` prints the same.
pub(crate) const NULL_TEXT: &str = "(null)";

/// The text of a C string, `None` for NULL. Invalid UTF-8 sequences become
/// U+FFFD, the replacement character; valid text is borrowed, not copied.
///
/// # Safety
///
/// `ptr` is NULL or points to a NUL-terminated string that stays readable and
/// unchanged for `'a`.
#[inline]
pub(crate) unsafe fn c_text<'a>(ptr: *const c_char) -> Option<Cow<'a, str>> {
    if ptr.is_null() {
        return None;
    }
    // SAFETY: `ptr` is not NULL; the caller guarantees the rest.
    Some(match unsafe { c_str(ptr) } {
        Ok(text) => Cow::Borrowed(text),
        Err(bytes) => String::from_utf8_lossy(bytes),
    })
}

/// A C string as text when it is valid UTF-8, else its bytes.
pub(crate) type RawText<'a> = Result<&'a str, &'a [u8]>;

/// The C string at `ptr` as text when it is valid UTF-8, else its bytes.
///
/// # Safety
///
/// `ptr` is not NULL and points to a NUL-terminated string that stays
/// readable and unchanged for `'a`.
#[inline(always)]
pub(crate) unsafe fn c_str<'a>(ptr: *const c_char) -> RawText<'a> {
    // SAFETY: the caller guarantees a NUL-terminated string readable and
    // unchanged for 'a.
    let bytes = unsafe { CStr::from_ptr(ptr) }.to_bytes();
    // Codes, names and most values are short ASCII, checked word by word
    // for a fraction of the general validator's cost.
    if is_ascii(bytes) {
        // SAFETY: ASCII bytes are valid UTF-8.
        return Ok(unsafe { core::str::from_utf8_unchecked(bytes) });
    }
    core::str::from_utf8(bytes).map_err(|_| bytes)
}

/// Whether `bytes` are ASCII. A text of 4 to 16 bytes (a code, most names
/// and values) is checked as two overlapping words, its first and its last,
/// with no loop: the general check goes byte by byte over what is left
/// after its last whole word, which for a six-byte code is all of it.
#[inline]
fn is_ascii(bytes: &[u8]) -> bool {
    match bytes.len() {
        0..=3 => bytes.iter().fold(0, |high, byte| high | byte) < 0x80,
        4..=7 => match (bytes.first_chunk(), bytes.last_chunk()) {
            (Some(&first), Some(&last)) => {
                (u32::from_ne_bytes(first) | u32::from_ne_bytes(last)) & 0x8080_8080 == 0
            }
            _ => false,
        },
        8..=16 => match (bytes.first_chunk(), bytes.last_chunk()) {
            (Some(&first), Some(&last)) => {
                (u64::from_ne_bytes(first) | u64::from_ne_bytes(last)) & 0x8080_8080_8080_8080 == 0
            }
            _ => false,
        },
        _ => bytes.is_ascii(),
    }
}

/// A `fmt::Write` into a thread's C buffer: the text as UTF-8, each NUL byte
/// (which would end the string early for C) written as U+FFFD, and room kept
/// for the terminating NUL.
///
/// Growth is fallible: when memory runs out, the text is cut there (the
/// write that did not fit reports `fmt::Error`, which ends the rendering).
pub(crate) struct CText<'a> {
    buf: &'a mut Vec<u8>,
}

impl<'a> CText<'a> {
    /// Clears `buf` (keeping its capacity) and writes into it.
    pub(crate) fn new(buf: &'a mut Vec<u8>) -> Self {
        buf.clear();
        CText { buf }
    }

    /// Ends the text with its NUL and returns a pointer to it, valid until
    /// the buffer is next changed or dropped.
    pub(crate) fn finish(mut self) -> *mut c_char {
        self.terminate();
        // NUL bytes inside the text are rare (text from Rust or from a
        // catalog can have them, C strings cannot): the C library's strlen,
        // the fastest scan at hand, finds the first one.
        // SAFETY: `terminate` ended the buffer with a NUL byte.
        let c_length = unsafe { CStr::from_ptr(self.buf.as_ptr().cast()) }.count_bytes();
        if c_length + 1 != self.buf.len() {
            self.buf.pop();
            replace_nul_bytes(self.buf);
            self.terminate();
        }
        self.buf.as_mut_ptr().cast()
    }

    fn terminate(&mut self) {
        if self.buf.try_reserve(1).is_err() {
            // No memory even for the NUL: end the text one byte early.
            self.buf.pop();
        }
        self.buf.push(0);
    }
}

/// Replaces each NUL byte of `buf` by U+FFFD; on running out of memory,
/// cuts the text at the first NUL instead.
fn replace_nul_bytes(buf: &mut Vec<u8>) {
    const REPLACEMENT: &[u8] = "\u{fffd}".as_bytes();
    let nul_count = buf.iter().filter(|&&byte| byte == 0).count();
    let mut replaced = Vec::new();
    if replaced
        .try_reserve_exact(buf.len() + nul_count * (REPLACEMENT.len() - 1) + 1)
        .is_err()
    {
        let first = buf.iter().position(|&byte| byte == 0).unwrap_or(buf.len());
        buf.truncate(first);
        return;
    }
    for (index, piece) in buf.split(|&byte| byte == 0).enumerate() {
        if index > 0 {
            replaced.extend_from_slice(REPLACEMENT);
        }
        replaced.extend_from_slice(piece);
    }
    *buf = replaced;
}

impl fmt::Write for CText<'_> {
    #[inline]
    fn write_str(&mut self, s: &str) -> fmt::Result {
        // One more for the NUL, so that `finish` never needs to grow; asked
        // of the allocator only when the buffer is short, as it rarely is.
        if self.buf.capacity() - self.buf.len() <= s.len() {
            self.buf.try_reserve(s.len() + 1).map_err(|_| fmt::Error)?;
        }
        self.buf.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

/// Writes `text` into `buf` as a C string (see [`CText`]) and returns it.
pub(crate) fn c_string_in(buf: &mut Vec<u8>, text: &str) -> *mut c_char {
    let mut out = CText::new(buf);
    // A failure to grow cuts the text; it is still terminated.
    let _ = fmt::Write::write_str(&mut out, text);
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CString;

    #[test]
    fn null_is_none_and_valid_text_is_borrowed() {
        // SAFETY: NULL is allowed.
        assert!(unsafe { c_text(core::ptr::null()) }.is_none());
        let owned = CString::new("EK0201").unwrap();
        // SAFETY: `owned` is NUL-terminated and outlives the borrow.
        let text = unsafe { c_text(owned.as_ptr()) }.unwrap();
        assert!(matches!(text, Cow::Borrowed("EK0201")));
    }

    #[test]
    fn ascii_is_told_at_every_length_and_place() {
        for len in 0..=40 {
            let text = vec![b'a'; len];
            assert!(is_ascii(&text), "{len}");
            for at in 0..len {
                let mut text = text.clone();
                text[at] = 0xc3;
                assert!(!is_ascii(&text), "{len} {at}");
            }
        }
    }

    #[test]
    fn invalid_utf8_becomes_replacement_characters() {
        let owned = CString::new(b"a\xffb\xe2\x82".to_vec()).unwrap();
        // SAFETY: `owned` is NUL-terminated and outlives the borrow.
        let text = unsafe { c_text(owned.as_ptr()) }.unwrap();
        assert_eq!(text, "a\u{fffd}b\u{fffd}");
    }

    #[test]
    fn nul_bytes_are_written_as_replacement_characters_and_the_text_is_terminated() {
        let mut buf = b"stale text that is longer".to_vec();
        let ptr = c_string_in(&mut buf, "a\0b\0");
        assert_eq!(buf, "a\u{fffd}b\u{fffd}\0".as_bytes());
        // SAFETY: `ptr` points into `buf`, which is NUL-terminated.
        let read = unsafe { CStr::from_ptr(ptr) };
        assert_eq!(read.to_str().unwrap(), "a\u{fffd}b\u{fffd}");
    }
}
