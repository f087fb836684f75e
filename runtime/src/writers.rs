//! Writing text into a store's arena: within a byte budget, and without ever
//! aborting when the allocator fails.

use core::fmt;
use core::ops::Range;

/// The allocator refused to grow a store's buffers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct OutOfMemory;

/// What marks a cut text.
pub(crate) const CUT_MARK: &str = "...";

/// Appends one text (a value or a message) to the end of `buf`, keeping it
/// within `budget` bytes: a longer text is cut at a character boundary and
/// ends with `...`. Every append reserves first, so a failing allocator
/// shows up as [`OutOfMemory`] from [`finish`](Self::finish), never as an abort.
pub(crate) struct CappedWriter<'a> {
    buf: &'a mut String,
    start: usize,
    budget: usize,
    cut: bool,
    out_of_memory: bool,
}

impl<'a> CappedWriter<'a> {
    pub(crate) fn new(buf: &'a mut String, budget: usize) -> Self {
        let start = buf.len();
        CappedWriter {
            buf,
            start,
            budget,
            cut: false,
            out_of_memory: false,
        }
    }

    fn room(&self) -> usize {
        self.budget.saturating_sub(self.buf.len() - self.start)
    }

    /// The span written, or `OutOfMemory` if any append failed.
    #[inline]
    pub(crate) fn finish(&mut self) -> Result<Range<usize>, OutOfMemory> {
        if !self.cut && !self.out_of_memory {
            return Ok(self.start..self.buf.len());
        }
        self.finish_cut()
    }

    #[cold]
    fn finish_cut(&mut self) -> Result<Range<usize>, OutOfMemory> {
        if self.out_of_memory {
            return Err(OutOfMemory);
        }
        let keep = self.budget.saturating_sub(CUT_MARK.len());
        let end = floor_char_boundary(self.buf, self.start + keep).max(self.start);
        self.buf.truncate(end);
        if self.buf.try_reserve(CUT_MARK.len()).is_err() {
            return Err(OutOfMemory);
        }
        self.buf.push_str(CUT_MARK);
        Ok(self.start..self.buf.len())
    }
}

impl fmt::Write for CappedWriter<'_> {
    /// Once the budget is spent, returns `Err` so that a long `Display`
    /// stops early instead of formatting what would be thrown away.
    #[inline]
    fn write_str(&mut self, s: &str) -> fmt::Result {
        // What nearly every write is: it fits the budget and the buffer.
        let written = self.buf.len() - self.start;
        if !self.cut
            && !self.out_of_memory
            && written + s.len() <= self.budget
            && self.buf.capacity() - self.buf.len() >= s.len()
        {
            self.buf.push_str(s);
            return Ok(());
        }
        self.write_slow(s)
    }
}

impl CappedWriter<'_> {
    #[cold]
    fn write_slow(&mut self, s: &str) -> fmt::Result {
        if self.cut || self.out_of_memory {
            return Err(fmt::Error);
        }
        let mut take = s.len();
        if take > self.room() {
            take = floor_char_boundary(s, self.room());
            self.cut = true;
        }
        if self.buf.try_reserve(take).is_err() {
            self.out_of_memory = true;
            return Err(fmt::Error);
        }
        self.buf.push_str(&s[..take]);
        if self.cut { Err(fmt::Error) } else { Ok(()) }
    }
}

/// A text kept in a fixed buffer that never allocates: the reserve a store
/// falls back on when the allocator fails. Cut like [`CappedWriter`].
pub(crate) struct FixedWriter<'a> {
    buf: &'a mut [u8],
    len: usize,
    cut: bool,
}

impl<'a> FixedWriter<'a> {
    pub(crate) fn new(buf: &'a mut [u8]) -> Self {
        FixedWriter {
            buf,
            len: 0,
            cut: false,
        }
    }

    /// The length written, `...` included when the text was cut.
    pub(crate) fn finish(self) -> usize {
        if !self.cut {
            return self.len;
        }
        let keep = self.buf.len().saturating_sub(CUT_MARK.len());
        let mut end = keep.min(self.len);
        // Only the bytes written are looked at: past `len` lie stale bytes
        // of an earlier report.
        while end > 0 && end < self.len && is_continuation(self.buf[end]) {
            end -= 1;
        }
        let mark_end = (end + CUT_MARK.len()).min(self.buf.len());
        self.buf[end..mark_end].copy_from_slice(&CUT_MARK.as_bytes()[..mark_end - end]);
        mark_end
    }
}

impl fmt::Write for FixedWriter<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.cut {
            return Err(fmt::Error);
        }
        let room = self.buf.len() - self.len;
        let mut take = s.len();
        if take > room {
            take = floor_char_boundary(s, room);
            self.cut = true;
        }
        self.buf[self.len..self.len + take].copy_from_slice(&s.as_bytes()[..take]);
        self.len += take;
        if self.cut { Err(fmt::Error) } else { Ok(()) }
    }
}

fn is_continuation(byte: u8) -> bool {
    byte & 0b1100_0000 == 0b1000_0000
}

/// The largest char boundary of `text` at or before `index`.
pub(crate) fn floor_char_boundary(text: &str, index: usize) -> usize {
    let mut index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::fmt::Write;

    fn capped(budget: usize, parts: &[&str]) -> String {
        let mut buf = String::from("prefix");
        let mut writer = CappedWriter::new(&mut buf, budget);
        for part in parts {
            let _ = writer.write_str(part);
        }
        let span = writer.finish().unwrap();
        buf[span].to_owned()
    }

    #[test]
    fn keeps_text_within_budget() {
        assert_eq!(capped(16, &["short"]), "short");
        assert_eq!(capped(16, &["exactly sixteen!"]), "exactly sixteen!");
        assert_eq!(capped(16, &["seventeen bytes!!"]), "seventeen byt...");
        assert_eq!(
            capped(16, &["0123456789", "abcdefghij"]),
            "0123456789abc..."
        );
    }

    #[test]
    fn cuts_at_a_char_boundary() {
        // "é" is two bytes; the cut never splits it.
        let cut = capped(16, &["ééééééééé"]);
        assert_eq!(cut, "éééééé...");
        assert!(cut.len() <= 16);
        let cut = capped(16, &["a", "éééééééé"]);
        assert_eq!(cut, "aéééééé...");
    }

    #[test]
    fn fixed_writer_cuts_the_same_way() {
        let mut buf = [0u8; 16];
        let mut writer = FixedWriter::new(&mut buf);
        let message = "Failed to allocate";
        let _ = write!(writer, "EK0201: {message}");
        let len = writer.finish();
        assert_eq!(&buf[..len], b"EK0201: Faile...");
        let mut buf = [0u8; 16];
        let mut writer = FixedWriter::new(&mut buf);
        writer.write_str("fits").unwrap();
        let len = writer.finish();
        assert_eq!(&buf[..len], b"fits");
    }

    #[test]
    fn fixed_writer_ignores_stale_bytes_past_what_it_wrote() {
        // A continuation byte left by an earlier, longer text sits right
        // where this one ends: it must not move the cut.
        // The emoji does not fit, so 13 bytes are written and the cut
        // mark goes right after them, over byte 13, which is stale.
        let mut buf = [0x80u8; 16];
        let mut writer = FixedWriter::new(&mut buf);
        let _ = writer.write_str("0123456789abc\u{1F600}");
        let len = writer.finish();
        assert_eq!(&buf[..len], b"0123456789abc...");
    }
}
