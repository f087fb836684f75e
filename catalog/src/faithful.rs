//! A copy's bytes as its writer saved them, read as the text the page
//! writers work on and written back changing only the lines that text
//! changed. The writers see LF lines of UTF-8 without a byte order mark;
//! a copy saved with CRLF ends, a BOM, or a byte that is not UTF-8 (a
//! Latin-1 name in a comment) keeps them: the lines the rewrite leaves are
//! copied byte for byte, the lines it adds take the file's line end, so
//! that a copy that agrees with the catalog is never rewritten and a diff
//! shows only what the catalog changed.

use std::ops::Range;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Beyond this many line pairs the lines between the common start and end
/// are replaced whole instead of matched line by line: the matching takes
/// a table of that many cells.
const MATCH_LIMIT: usize = 4_000_000;

/// A file's bytes and the text read from them (see the module).
#[derive(Debug, Clone)]
pub struct WrittenText<'a> {
    bytes: &'a [u8],
    bom: bool,
    /// The file's line end, from its first line: what added lines take.
    newline: &'static str,
    /// Each line's whole bytes, its line end included.
    lines: Vec<Range<usize>>,
    /// Each line as the text has it: `"…\n"`, or without the `\n` for a
    /// last line without a line end.
    keys: Vec<String>,
    /// Whether some byte is not UTF-8 (each such byte is U+FFFD in
    /// the text).
    lossy: bool,
    text: String,
}

impl<'a> WrittenText<'a> {
    /// Reads `bytes`: a leading BOM set apart, `\r\n` read as `\n`.
    pub fn read(bytes: &'a [u8]) -> WrittenText<'a> {
        let bom = bytes.starts_with(BOM);
        let start = if bom { BOM.len() } else { 0 };
        let mut lines = Vec::new();
        let mut keys = Vec::new();
        let mut lossy = false;
        let mut newline = None;
        let mut at = start;
        while at < bytes.len() {
            let end = bytes[at..]
                .iter()
                .position(|byte| *byte == b'\n')
                .map_or(bytes.len(), |offset| at + offset + 1);
            let line = &bytes[at..end];
            let (content, ending) = if let Some(content) = line.strip_suffix(b"\r\n") {
                (content, "\r\n")
            } else if let Some(content) = line.strip_suffix(b"\n") {
                (content, "\n")
            } else {
                (line, "")
            };
            if !ending.is_empty() && newline.is_none() {
                newline = Some(if ending == "\r\n" { "\r\n" } else { "\n" });
            }
            let mut key = match std::str::from_utf8(content) {
                Ok(text) => text.to_owned(),
                Err(_) => {
                    lossy = true;
                    String::from_utf8_lossy(content).into_owned()
                }
            };
            if !ending.is_empty() {
                key.push('\n');
            }
            lines.push(at..end);
            keys.push(key);
            at = end;
        }
        let text = keys.concat();
        WrittenText {
            bytes,
            bom,
            newline: newline.unwrap_or("\n"),
            lines,
            keys,
            lossy,
            text,
        }
    }

    /// The text: LF lines, no BOM, U+FFFD for each byte that is not UTF-8.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The file's bytes with its text become `new`: the lines `new` keeps
    /// as they were written, the others in the file's line end, the BOM
    /// kept. Fails, saying which line, when a line the rewrite writes would
    /// carry a U+FFFD that stands for bytes that are not UTF-8: writing it
    /// would lose them.
    ///
    /// ```
    /// use errcat_catalog::WrittenText;
    /// let page = b"\xEF\xBB\xBF# EK0201\r\n\r\nOld text.\r\n";
    /// let read = WrittenText::read(page);
    /// assert_eq!(read.text(), "# EK0201\n\nOld text.\n");
    /// let new = read.text().replace("Old", "New");
    /// assert_eq!(read.rewrite(&new).unwrap(), b"\xEF\xBB\xBF# EK0201\r\n\r\nNew text.\r\n");
    /// ```
    pub fn rewrite(&self, new: &str) -> Result<Vec<u8>, String> {
        if new == self.text {
            return Ok(self.bytes.to_vec());
        }
        let new: Vec<&str> = new.split_inclusive('\n').collect();
        let mut out = Vec::with_capacity(self.bytes.len() + 64);
        if self.bom {
            out.extend_from_slice(BOM);
        }
        for step in matched(&self.keys, &new) {
            match step {
                Step::Kept(old) => out.extend_from_slice(&self.bytes[self.lines[old].clone()]),
                Step::Added(index) => {
                    let line = new[index];
                    let (content, terminated) = match line.strip_suffix('\n') {
                        Some(content) => (content, true),
                        None => (line, false),
                    };
                    if self.lossy && content.contains('\u{FFFD}') {
                        return Err(format!(
                            "line {} holds bytes that are not UTF-8 and would be rewritten: the file is left as it is; write the line in UTF-8 first",
                            index + 1
                        ));
                    }
                    out.extend_from_slice(content.as_bytes());
                    if terminated {
                        out.extend_from_slice(self.newline.as_bytes());
                    }
                }
            }
        }
        Ok(out)
    }
}

/// A line of the rewritten file: an old line kept, or a new line added.
enum Step {
    Kept(usize),
    Added(usize),
}

/// The new lines in order, each either an old line kept (its bytes copied)
/// or added: the longest run of lines both share is kept.
fn matched(old: &[String], new: &[&str]) -> Vec<Step> {
    let prefix = old
        .iter()
        .zip(new)
        .take_while(|(old, new)| old.as_str() == **new)
        .count();
    let suffix = old[prefix..]
        .iter()
        .rev()
        .zip(new[prefix..].iter().rev())
        .take_while(|(old, new)| old.as_str() == **new)
        .count();
    let old_middle = &old[prefix..old.len() - suffix];
    let new_middle = &new[prefix..new.len() - suffix];
    let mut steps: Vec<Step> = (0..prefix).map(Step::Kept).collect();
    let (rows, columns) = (old_middle.len(), new_middle.len());
    if rows.saturating_mul(columns) > MATCH_LIMIT {
        steps.extend((prefix..prefix + columns).map(Step::Added));
    } else {
        // `longest[i][j]`: the longest common run of `old_middle[i..]` and
        // `new_middle[j..]`.
        let width = columns + 1;
        let mut longest = vec![0u32; (rows + 1) * width];
        for i in (0..rows).rev() {
            for j in (0..columns).rev() {
                longest[i * width + j] = if old_middle[i] == new_middle[j] {
                    longest[(i + 1) * width + j + 1] + 1
                } else {
                    longest[(i + 1) * width + j].max(longest[i * width + j + 1])
                };
            }
        }
        let (mut i, mut j) = (0, 0);
        while j < columns {
            if i < rows && old_middle[i] == new_middle[j] {
                steps.push(Step::Kept(prefix + i));
                i += 1;
                j += 1;
            } else if i < rows && longest[(i + 1) * width + j] >= longest[i * width + j + 1] {
                i += 1;
            } else {
                steps.push(Step::Added(prefix + j));
                j += 1;
            }
        }
    }
    steps.extend((old.len() - suffix..old.len()).map(Step::Kept));
    steps
}

#[cfg(test)]
mod tests {
    use super::WrittenText;

    fn rewritten(bytes: &[u8], edit: impl FnOnce(&str) -> String) -> Vec<u8> {
        let read = WrittenText::read(bytes);
        read.rewrite(&edit(read.text())).unwrap()
    }

    #[test]
    fn text_that_agrees_is_the_bytes_as_they_were() {
        for bytes in [
            &b"# A\r\n\r\nx\r\n"[..],
            b"\xEF\xBB\xBF# A\nx",
            b"# A\n\xE9t\xE9\n",
            b"",
            b"\r\n",
        ] {
            assert_eq!(rewritten(bytes, str::to_owned), bytes);
        }
    }

    #[test]
    fn crlf_lines_and_the_bom_are_kept_and_added_lines_take_crlf() {
        assert_eq!(
            rewritten(b"\xEF\xBB\xBF# A\r\n\r\nold\r\n\r\n## B\r\n", |text| text
                .replace("old\n", "new\nmore\n")),
            b"\xEF\xBB\xBF# A\r\n\r\nnew\r\nmore\r\n\r\n## B\r\n"
        );
    }

    #[test]
    fn lines_the_rewrite_leaves_keep_bytes_that_are_not_utf8_and_their_own_line_ends() {
        assert_eq!(
            rewritten(b"# A\n<!-- Jos\xE9 -->\r\nold\nend", |text| text
                .replace("old", "new")),
            b"# A\n<!-- Jos\xE9 -->\r\nnew\nend"
        );
    }

    #[test]
    fn a_line_the_rewrite_changes_that_is_not_utf8_is_an_error() {
        let read = WrittenText::read(b"# A\nJos\xE9 old\n");
        let new = read.text().replace("old", "new");
        assert_eq!(
            read.rewrite(&new).unwrap_err(),
            "line 2 holds bytes that are not UTF-8 and would be rewritten: the file is left as it is; write the line in UTF-8 first"
        );
    }

    #[test]
    fn removed_and_moved_lines() {
        assert_eq!(
            rewritten(b"a\r\nb\r\nc\r\nd", |_| "a\nc\nx\nd".to_owned()),
            b"a\r\nc\r\nx\r\nd"
        );
        assert_eq!(
            rewritten(b"a\r\nb\r\n", |_| "b\na\n".to_owned()),
            b"b\r\na\r\n"
        );
    }
}
