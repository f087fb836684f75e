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

/// A text known to be JSON, and where each of its lines starts.
pub(crate) struct Document<'a> {
    text: &'a str,
    /// The byte offset of every line's first character; the first is 0.
    line_starts: Vec<usize>,
}

/// A value of the text, not read further than its first character.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node<'a> {
    /// Where the value starts.
    pub(crate) position: Position,
    /// The value as written, from its first to its last character.
    raw: &'a str,
    /// Where `raw` starts in the text.
    offset: usize,
}

/// An object's member, in the order written.
#[derive(Debug, Clone)]
pub(crate) struct Member<'a> {
    pub(crate) key: String,
    /// Where the key's opening quote is.
    pub(crate) key_position: Position,
    pub(crate) value: Node<'a>,
}

impl Node<'_> {
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
        let line_starts = core::iter::once(0)
            .chain(text.match_indices('\n').map(|(offset, _)| offset + 1))
            .collect();
        let document = Document { text, line_starts };
        serde_json::from_str::<Checked>(text).map_err(|error| document.error(0, text, &error))?;
        let root: &RawValue =
            serde_json::from_str(text).map_err(|error| document.error(0, text, &error))?;
        let root = document.node(root.get())?;
        Ok((document, root))
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
                key_position: key_node.position,
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
        Ok(Node {
            position: self.position(offset),
            raw,
            offset,
        })
    }

    /// The line and column of a byte offset; columns count characters.
    fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        // At least one line start (0) is at or before any offset.
        let line = self.line_starts.partition_point(|&start| start <= offset);
        let line_start = self.line_starts[line - 1];
        let column = self.text[line_start..offset].chars().count() + 1;
        Position {
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: u32::try_from(column).unwrap_or(u32::MAX),
        }
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
        assert_eq!(root.position, at(1, 1));
        assert_eq!(root.kind(), "an object");
        let members = document.object(root).unwrap().unwrap();
        let keys: Vec<(&str, Position, Position)> = members
            .iter()
            .map(|member| {
                (
                    member.key.as_str(),
                    member.key_position,
                    member.value.position,
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
                .map(|item| (item.position, item.kind()))
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
        assert_eq!(root.position, at(1, 2));
        let items = document.array(root).unwrap().unwrap();
        assert_eq!(items[0].position, at(1, 4));
        let members = document.object(items[0]).unwrap().unwrap();
        assert_eq!(members[0].key, "q\"é");
        assert_eq!(members[0].key_position, at(1, 5));
        assert_eq!(members[0].value.position, at(1, 19));
        assert_eq!(members[0].value.kind(), "a string");
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
