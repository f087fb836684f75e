//! JSON read by serde_json, with the line and column where every value and
//! key starts, so that each defect of a catalog can be reported at its line.
//!
//! serde_json's values carry no positions, but a [`RawValue`] borrowed from
//! the text is a slice of it: its address less the text's is its offset. So
//! a text is read in two steps:
//!
//! 1. [`Document::parse`] drives serde_json over the whole text with a
//!    visitor that keeps nothing. That rejects everything that is not JSON,
//!    including what skipping a value (all a `RawValue` does) lets through:
//!    a `\u` escape that makes no character, and arrays and objects nested
//!    128 levels deep (serde_json's recursion limit), which keeps the stack
//!    safe.
//! 2. The catalog reader then opens only the values it looks into
//!    ([`Document::object`], [`Document::array`], [`Document::string`]). An
//!    object or array is read one level deep, its members and items kept as
//!    slices of the text. So a byte is read again for each level the reader
//!    opens (four in a catalog), never for each level the text nests: deep
//!    text costs no more than flat text of the same length.

use core::fmt;

use serde_core::de::{self, Deserialize, Deserializer as _, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;

use crate::position::Position;

/// Why a text is not JSON, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    /// The offending character, or the end of the text when it ends early.
    pub(crate) position: Position,
    /// serde_json's description, without its own "at line L column C".
    pub(crate) message: String,
}

/// A text known to be JSON, and what turns its byte offsets into lines and
/// columns.
pub(crate) struct Document<'a> {
    text: &'a str,
    lines: Lines,
}

/// Lines and columns of byte offsets in one text, each found without
/// reading the text from the start of its line: a one-line text of many
/// megabytes costs no more than the same text pretty-printed.
pub(crate) struct Lines {
    /// The byte offset of every line's first character; the first is 0.
    line_starts: Vec<usize>,
    /// For a text that is not all ASCII: how many UTF-8 continuation bytes
    /// come before each block of [`BLOCK`] bytes, so that counting the
    /// characters between two offsets reads at most two partial blocks.
    continuation_before_block: Option<Vec<usize>>,
}

const BLOCK: usize = 128;

/// A value of the text, not read further than its first character.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node<'a> {
    /// The value as written, from its first to its last character.
    raw: &'a str,
    /// Where `raw` starts in the text, in bytes.
    pub(crate) offset: usize,
}

/// An object's member, in the order written.
#[derive(Debug, Clone)]
pub(crate) struct Member<'a> {
    pub(crate) key: String,
    /// Where the key's opening quote is, in bytes.
    pub(crate) key_offset: usize,
    pub(crate) value: Node<'a>,
}

impl Node<'_> {
    /// Where the value is in the text, in bytes.
    pub(crate) fn span(&self) -> std::ops::Range<usize> {
        self.offset..self.offset + self.raw.len()
    }

    /// What kind of value this is, for messages: "a string", "an array".
    /// The first character tells, since the text is known to be JSON.
    pub(crate) fn kind(&self) -> &'static str {
        match self.raw.as_bytes().first() {
            Some(b'{') => "an object",
            Some(b'[') => "an array",
            Some(b'"') => "a string",
            Some(b't' | b'f') => "a boolean",
            Some(b'n') => "null",
            _ => "a number",
        }
    }
}

impl<'a> Document<'a> {
    /// Checks that `text` is one JSON value, and returns that value.
    pub(crate) fn parse(text: &'a str) -> Result<(Document<'a>, Node<'a>), SyntaxError> {
        let document = Document {
            text,
            lines: Lines::new(text),
        };
        serde_json::from_str::<Checked>(text).map_err(|error| document.error(0, text, &error))?;
        let root: &RawValue =
            serde_json::from_str(text).map_err(|error| document.error(0, text, &error))?;
        let root = document.node(root.get())?;
        Ok((document, root))
    }

    /// The items of a part of a JSON array's text, `fragment`, that lies
    /// between two items or at an end of the array: after an item when
    /// `after_item` (the fragment then starts with its comma), before one
    /// when `before_item` (it then ends with one). `None` when the
    /// fragment is not such a part: whatever surrounds it, the text whole
    /// would then not be the JSON it was, and is read whole again.
    ///
    /// Each item is checked as [`parse`](Self::parse) checks a text, at
    /// the depth of a catalog's entries (two levels in: the catalog
    /// object, its list), so an item read here is accepted exactly when
    /// it is accepted in its place in the whole text.
    pub(crate) fn list_items(
        fragment: &'a str,
        after_item: bool,
        before_item: bool,
    ) -> Option<(Document<'a>, Vec<Node<'a>>)> {
        let document = Document {
            text: fragment,
            lines: Lines::new(fragment),
        };
        let bytes = fragment.as_bytes();
        let mut items = Vec::new();
        let mut at = 0;
        // After an item, a comma comes next; after a comma (or at the
        // array's start), an item.
        let mut item_next = !after_item;
        loop {
            while bytes
                .get(at)
                .is_some_and(|byte| matches!(byte, b' ' | b'\t' | b'\n' | b'\r'))
            {
                at += 1;
            }
            if at == bytes.len() {
                break;
            }
            if !item_next {
                if bytes[at] != b',' {
                    return None;
                }
                at += 1;
                item_next = true;
                continue;
            }
            let mut deserializer = serde_json::Deserializer::from_str(&fragment[at..]);
            let raw: &'a RawValue = Deserialize::deserialize(&mut deserializer).ok()?;
            let node = document.node(raw.get()).ok()?;
            // What skipping a value lets through, checked as in its place.
            serde_json::from_str::<Checked>(&format!("[[{}]]", raw.get())).ok()?;
            at = node.span().end;
            items.push(node);
            item_next = false;
        }
        // Before the item that follows, the fragment ends with a comma; at
        // the array's end, with an item, or it is the whole empty array.
        let complete = if before_item {
            item_next
        } else {
            !item_next || (items.is_empty() && !after_item)
        };
        complete.then_some((document, items))
    }

    /// The members of `node` in the order written, repeated keys included,
    /// or `None` when it is not an object.
    pub(crate) fn object(&self, node: Node<'a>) -> Result<Option<Vec<Member<'a>>>, SyntaxError> {
        if !node.raw.starts_with('{') {
            return Ok(None);
        }
        let pairs = self.read(node, |deserializer| deserializer.deserialize_map(Members))?;
        let mut members = Vec::with_capacity(pairs.len());
        for (key, value) in pairs {
            let key_node = self.node(key.get())?;
            members.push(Member {
                key: self.decode(key_node)?,
                key_offset: key_node.offset,
                value: self.node(value.get())?,
            });
        }
        Ok(Some(members))
    }

    /// The items of `node`, or `None` when it is not an array.
    pub(crate) fn array(&self, node: Node<'a>) -> Result<Option<Vec<Node<'a>>>, SyntaxError> {
        if !node.raw.starts_with('[') {
            return Ok(None);
        }
        let items = self.read(node, |deserializer| deserializer.deserialize_seq(Items))?;
        items
            .into_iter()
            .map(|item| self.node(item.get()))
            .collect::<Result<_, _>>()
            .map(Some)
    }

    /// The text of `node`, escapes resolved, or `None` when it is not a
    /// string.
    pub(crate) fn string(&self, node: Node<'a>) -> Result<Option<String>, SyntaxError> {
        if !node.raw.starts_with('"') {
            return Ok(None);
        }
        self.decode(node).map(Some)
    }

    fn decode(&self, node: Node<'a>) -> Result<String, SyntaxError> {
        serde_json::from_str(node.raw).map_err(|error| self.error(node.offset, node.raw, &error))
    }

    /// Reads the value of `node` with serde_json, which the first step has
    /// already checked: an error here would be serde_json disagreeing with
    /// itself, and is reported all the same rather than trusted away.
    fn read<T>(
        &self,
        node: Node<'a>,
        visit: impl FnOnce(
            &mut serde_json::Deserializer<serde_json::de::StrRead<'a>>,
        ) -> serde_json::Result<T>,
    ) -> Result<T, SyntaxError> {
        let mut deserializer = serde_json::Deserializer::from_str(node.raw);
        visit(&mut deserializer)
            .and_then(|value| deserializer.end().map(|()| value))
            .map_err(|error| self.error(node.offset, node.raw, &error))
    }

    /// The node of `raw`, a value serde_json borrowed from the text.
    fn node(&self, raw: &'a str) -> Result<Node<'a>, SyntaxError> {
        // Addresses, not pointer offsets: comparing them needs no `unsafe`,
        // and a slice from elsewhere is caught rather than assumed away.
        let offset = (raw.as_ptr() as usize)
            .checked_sub(self.text.as_ptr() as usize)
            .filter(|offset| {
                offset
                    .checked_add(raw.len())
                    .is_some_and(|end| end <= self.text.len())
            })
            .ok_or_else(|| SyntaxError {
                position: Position { line: 1, column: 1 },
                message: "serde_json returned a value that is not part of the text".to_owned(),
            })?;
        Ok(Node { raw, offset })
    }

    /// The line and column of a byte offset of the text.
    pub(crate) fn position(&self, offset: usize) -> Position {
        self.lines.position(self.text, offset)
    }

    /// The line of a byte offset of the text.
    pub(crate) fn line(&self, offset: usize) -> u32 {
        self.lines.line(offset)
    }

    /// serde_json's `error` in `source`, the part of the text that starts at
    /// byte `base`, as a [`SyntaxError`] at the offending character.
    fn error(&self, base: usize, source: &str, error: &serde_json::Error) -> SyntaxError {
        let offset = if error.classify() == serde_json::error::Category::Eof {
            // serde_json points at the last character it read; the defect is
            // that nothing follows it.
            source.len()
        } else {
            // serde_json counts the column in bytes, up to and including the
            // offending one; column 0 is the line break before the line.
            let line_start: usize = source
                .split_inclusive('\n')
                .take(error.line().saturating_sub(1))
                .map(str::len)
                .sum();
            (line_start + error.column())
                .saturating_sub(1)
                .min(source.len())
        };
        let full = error.to_string();
        let place = format!(" at line {} column {}", error.line(), error.column());
        SyntaxError {
            position: self.position(base + offset),
            message: full.strip_suffix(&place).unwrap_or(&full).to_owned(),
        }
    }
}

impl Lines {
    /// Reads `text` once, for its line breaks and, when it is not all
    /// ASCII, its multi-byte characters.
    pub(crate) fn new(text: &str) -> Lines {
        let line_starts = core::iter::once(0)
            .chain(text.match_indices('\n').map(|(offset, _)| offset + 1))
            .collect();
        let continuation_before_block = (!text.is_ascii()).then(|| {
            // One count per block, and one for the end of the text.
            let mut counts = Vec::with_capacity(text.len() / BLOCK + 1);
            let mut before = 0;
            for block in text.as_bytes().chunks(BLOCK) {
                counts.push(before);
                before += continuation_bytes(block);
            }
            counts.push(before);
            counts
        });
        Lines {
            line_starts,
            continuation_before_block,
        }
    }

    /// The 1-based line of `offset`.
    fn line(&self, offset: usize) -> u32 {
        // At least one line start (0) is at or before any offset.
        let line = self.line_starts.partition_point(|&start| start <= offset);
        u32::try_from(line).unwrap_or(u32::MAX)
    }

    /// The line and column of `offset` in `text` (the text these lines were
    /// made from); columns count characters, and an offset inside a
    /// character is that character's.
    pub(crate) fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line(offset);
        let line_start = self.line_starts[line as usize - 1];
        let bytes = offset - line_start;
        let characters = match &self.continuation_before_block {
            None => bytes,
            Some(before) => {
                bytes
                    - (continuation_before(text, before, offset)
                        - continuation_before(text, before, line_start))
            }
        };
        Position {
            line,
            column: u32::try_from(characters + 1).unwrap_or(u32::MAX),
        }
    }
}

/// How many bytes of `bytes` continue a multi-byte UTF-8 character.
fn continuation_bytes(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&byte| byte & 0xC0 == 0x80).count()
}

/// How many continuation bytes come before `offset` in `text`, from the
/// count before `offset`'s block and the bytes of the block before it.
fn continuation_before(text: &str, before_block: &[usize], offset: usize) -> usize {
    let block = offset / BLOCK;
    // `before_block` has a count for every block and for the end.
    let counted = before_block.get(block).copied().unwrap_or_default();
    counted + continuation_bytes(&text.as_bytes()[block * BLOCK..offset])
}

/// Any JSON value, kept as nothing: deserializing it makes serde_json read
/// and check every character, decoding each string (where a bad `\u` escape
/// shows) and counting nesting against its recursion limit.
struct Checked;

impl<'de> Deserialize<'de> for Checked {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(Checked)
    }
}

impl<'de> Visitor<'de> for Checked {
    type Value = Checked;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("any JSON value")
    }

    fn visit_unit<E>(self) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_bool<E>(self, _: bool) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_str<E>(self, _: &str) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Checked, A::Error> {
        while seq.next_element::<Checked>()?.is_some() {}
        Ok(Checked)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Checked, A::Error> {
        while map.next_key::<Checked>()?.is_some() {
            map.next_value::<Checked>()?;
        }
        Ok(Checked)
    }
}

/// An object's keys and values as written (keys with their quotes), in
/// order and with repeats: a map type would drop the repeats the catalog
/// reader reports.
struct Members;

impl<'de> Visitor<'de> for Members {
    type Value = Vec<(&'de RawValue, &'de RawValue)>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("an object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut members = Vec::new();
        while let Some(key) = map.next_key::<&'de RawValue>()? {
            members.push((key, map.next_value::<&'de RawValue>()?));
        }
        Ok(members)
    }
}

/// An array's items as written.
struct Items;

impl<'de> Visitor<'de> for Items {
    type Value = Vec<&'de RawValue>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("an array")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<&'de RawValue>()? {
            items.push(item);
        }
        Ok(items)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: u32, column: u32) -> Position {
        Position { line, column }
    }

    fn error(text: &str) -> (Position, String) {
        let error = Document::parse(text).err().expect("not JSON");
        (error.position, error.message)
    }

    #[test]
    fn reads_values_and_keys_with_their_positions() {
        let text = "{\n  \"a\": [1, -2.5e3, true, null],\n  \"é\": \"x\\n\\u00e9\\ud83d\\ude00\",\n  \"a\": {}\n}";
        let (document, root) = Document::parse(text).unwrap();
        assert_eq!(document.position(root.offset), at(1, 1));
        assert_eq!(root.kind(), "an object");
        let members = document.object(root).unwrap().unwrap();
        let keys: Vec<(&str, Position, Position)> = members
            .iter()
            .map(|member| {
                (
                    member.key.as_str(),
                    document.position(member.key_offset),
                    document.position(member.value.offset),
                )
            })
            .collect();
        // A repeated key stays, in the order written.
        assert_eq!(
            keys,
            [
                ("a", at(2, 3), at(2, 8)),
                // Columns count characters: `é` is two bytes, one column.
                ("é", at(3, 3), at(3, 8)),
                ("a", at(4, 3), at(4, 8)),
            ]
        );
        let items = document.array(members[0].value).unwrap().unwrap();
        assert_eq!(
            items
                .iter()
                .map(|item| (document.position(item.offset), item.kind()))
                .collect::<Vec<_>>(),
            [
                (at(2, 9), "a number"),
                (at(2, 12), "a number"),
                (at(2, 20), "a boolean"),
                (at(2, 26), "null"),
            ]
        );
        assert_eq!(
            document.string(members[1].value).unwrap(),
            Some("x\né😀".to_owned())
        );
        assert_eq!(document.object(members[2].value).unwrap().unwrap().len(), 0);
        // Asking a value for another kind is not an error: it is `None`.
        assert_eq!(document.string(members[0].value).unwrap(), None);
        assert!(document.object(members[0].value).unwrap().is_none());
        assert!(document.array(members[1].value).unwrap().is_none());
    }

    #[test]
    fn keys_with_escapes_are_decoded_and_placed_at_their_quote() {
        let (document, root) = Document::parse(" [ {\"q\\\"\\u00e9\" :\t\"v\"} ]").unwrap();
        assert_eq!(document.position(root.offset), at(1, 2));
        let items = document.array(root).unwrap().unwrap();
        assert_eq!(document.position(items[0].offset), at(1, 4));
        let members = document.object(items[0]).unwrap().unwrap();
        assert_eq!(members[0].key, "q\"é");
        assert_eq!(document.position(members[0].key_offset), at(1, 5));
        assert_eq!(document.position(members[0].value.offset), at(1, 19));
        assert_eq!(members[0].value.kind(), "a string");
    }

    /// Columns the slow way: the characters from the start of the line.
    fn counted(text: &str, offset: usize) -> Position {
        let before = &text[..offset];
        let line_start = before.rfind('\n').map_or(0, |at| at + 1);
        at(
            before.matches('\n').count() as u32 + 1,
            before[line_start..].chars().count() as u32 + 1,
        )
    }

    #[test]
    fn every_offset_has_the_line_and_column_counted_from_its_line_start() {
        // Multi-byte characters on both sides of block boundaries, lines
        // longer than a block, and the text's end at a block boundary.
        let mut text = String::new();
        for line in 0..40 {
            for index in 0..(line * 7) {
                text.push_str(["a", "é", "€", "😀", " "][(line + index) % 5]);
            }
            text.push('\n');
        }
        while !text.len().is_multiple_of(BLOCK) {
            text.push('x');
        }
        for text in [text.as_str(), "", "\n", "é", "abc\ndef"] {
            let lines = Lines::new(text);
            for offset in (0..=text.len()).filter(|&offset| text.is_char_boundary(offset)) {
                assert_eq!(
                    lines.position(text, offset),
                    counted(text, offset),
                    "{offset}"
                );
            }
        }
    }

    #[test]
    fn positions_on_one_long_line_are_those_of_the_pretty_text() {
        let entry = r#"{"ErrCode": "EX0001", "ErrMessage": "é %s", "Arglist": "a"}"#;
        let one_line = format!(
            "{{\"error_info_list\": [{}]}}",
            vec![entry; 1000].join(", ")
        );
        let (document, root) = Document::parse(&one_line).unwrap();
        let list = &document.object(root).unwrap().unwrap()[0];
        let items = document.array(list.value).unwrap().unwrap();
        assert_eq!(items.len(), 1000);
        for (index, item) in items.iter().enumerate() {
            // `é` is two bytes and one column.
            let column = 22 + index * (entry.chars().count() + 2);
            assert_eq!(document.position(item.offset), at(1, column as u32));
            assert_eq!(
                document.position(item.offset),
                counted(&one_line, item.offset)
            );
        }
    }

    #[test]
    fn names_what_is_wrong_at_the_offending_character() {
        assert_eq!(
            error("{\"a\": 1,}"),
            (at(1, 9), "trailing comma".to_owned())
        );
        assert_eq!(error("[1,]"), (at(1, 4), "trailing comma".to_owned()));
        assert_eq!(
            error("{\n  \"a\" 1}"),
            (at(2, 7), "expected `:`".to_owned())
        );
        assert_eq!(error("[1 2]"), (at(1, 4), "expected `,` or `]`".to_owned()));
        assert_eq!(
            error("{1: 2}"),
            (at(1, 2), "key must be a string".to_owned())
        );
        // serde_json places a line break in a string after it, on the next
        // line; it is reported on the break itself.
        assert_eq!(
            error("{\"a\": \"b\n\"}"),
            (
                at(1, 9),
                "control character (\\u0000-\\u001F) found while parsing a string".to_owned()
            )
        );
        assert_eq!(error("\"\\x\""), (at(1, 3), "invalid escape".to_owned()));
        assert_eq!(error("01"), (at(1, 2), "invalid number".to_owned()));
        assert_eq!(error("{} x"), (at(1, 4), "trailing characters".to_owned()));
        assert_eq!(error("[tru]"), (at(1, 5), "expected ident".to_owned()));
        // Columns count characters, though serde_json counts bytes.
        assert_eq!(error("[\"é\", x]"), (at(1, 7), "expected value".to_owned()));
    }

    #[test]
    fn a_text_that_ends_early_is_reported_at_its_end() {
        assert_eq!(
            error(""),
            (at(1, 1), "EOF while parsing a value".to_owned())
        );
        assert_eq!(
            error("\n  \"abc"),
            (at(2, 7), "EOF while parsing a string".to_owned())
        );
        assert_eq!(
            error("{\n"),
            (at(2, 1), "EOF while parsing an object".to_owned())
        );
    }

    #[test]
    fn an_escape_that_makes_no_character_is_an_error_wherever_it_is() {
        // Deep inside a value the catalog reader never opens, too.
        assert_eq!(
            error("{\"x\": [[{\"y\": \"\\ud800\"}]]}"),
            (at(1, 22), "unexpected end of hex escape".to_owned())
        );
        assert_eq!(
            error("{\"\\udc00\": 1}"),
            (at(1, 8), "lone leading surrogate in hex escape".to_owned())
        );
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let deep = "[".repeat(100_000);
        assert_eq!(
            error(&deep),
            (at(1, 128), "recursion limit exceeded".to_owned())
        );
        let limit = format!("{}{}", "[".repeat(128), "]".repeat(128));
        assert_eq!(
            error(&limit),
            (at(1, 128), "recursion limit exceeded".to_owned())
        );
        let fine = format!("{}{}", "[".repeat(127), "]".repeat(127));
        assert!(Document::parse(&fine).is_ok());
        let fine = format!("{}{}", "{\"a\":[".repeat(63), "]}".repeat(63));
        assert!(Document::parse(&fine).is_ok());
    }
}
