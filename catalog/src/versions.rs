//! A catalog read version after version, as `errcode history` reads its
//! git history: each version's text compared with the text of the version
//! before, and only the entries between their first and their last
//! difference read again. A history of thousands of versions is read in
//! the time of reading its texts, and each comparison looks at the codes
//! whose entries changed, not at every code.

use std::collections::HashSet;

use crate::evolution::{Change, changes, changes_of};
use crate::located::Document;
use crate::model::{Catalog, Entry};
use crate::position::Position;
use crate::read::{ItemSpan, read_entries, read_text};

const BOM: &[u8] = "\u{feff}".as_bytes();

/// One catalog's versions, read one after another: each is a
/// [`Catalog`] equal to what [`load_bytes`](crate::load_bytes) reads from
/// it, and is compared with the version read before that was a catalog,
/// with the [`changes`] that function finds between them.
///
/// Only two texts are held: the last version's and the one being read.
/// When a version differs from the last one within `error_info_list`
/// (its outer object, its other fields and the list's brackets as they
/// were), only the items that overlap the difference are read again;
/// otherwise, and for a text with a finding about the file as a whole, it
/// is read whole, as [`load_bytes`](crate::load_bytes) reads it.
///
/// ```
/// use errcat_catalog::{Rule, Versions};
/// let mut versions = Versions::new();
/// let v1 = br#"{"error_info_list": [
///   {"ErrCode": "EK0001", "ErrMessage": "Path %s is slow.", "Arglist": "path"}
/// ]}"#;
/// let added = versions.read(v1.to_vec()).unwrap();
/// assert_eq!(added[0].rule, Rule::CodeAdded);
/// let v2 = br#"{"error_info_list": [
///   {"ErrCode": "EK0001", "ErrMessage": "Path %s is very slow.", "Arglist": "path"}
/// ]}"#;
/// let changed = versions.read(v2.to_vec()).unwrap();
/// assert_eq!(changed[0].rule, Rule::MessageReworded);
/// // Not a catalog: left out, and the next version is compared with v2.
/// assert!(versions.read(b"{".to_vec()).is_none());
/// assert_eq!(versions.read(v2.to_vec()).unwrap(), []);
/// ```
#[derive(Debug, Default)]
pub struct Versions {
    last: Option<Last>,
    /// How many versions were read whole: the others were read by their
    /// difference (for the tests, which check that they were).
    whole_reads: usize,
    /// The bytes of a version no longer held, for [`spare`](Self::spare).
    spare: Option<Vec<u8>>,
}

/// The last version read that was a catalog.
#[derive(Debug)]
struct Last {
    /// Its bytes, a byte-order mark included: offsets below leave it out.
    bytes: Vec<u8>,
    bom: bool,
    catalog: Catalog,
    /// Where its entries are, when the next version may be read by the
    /// difference.
    layout: Option<Layout>,
}

/// Where `error_info_list` and its items are in a text, with positions.
#[derive(Debug)]
struct Layout {
    /// The first byte after the list's `[`, and where it is.
    open: usize,
    open_at: Position,
    /// The list's `]`, and where it is.
    close: usize,
    close_at: Position,
    items: Vec<Item>,
}

#[derive(Debug, Clone, Copy)]
struct Item {
    span: ItemSpan,
    /// Where its first byte is, and the byte after its last.
    start_at: Position,
    end_at: Position,
}

/// How a version was read.
enum Step {
    /// The text of the last version, byte for byte.
    Same,
    /// Read whole; the catalog of the version before, when there was one.
    Whole(Option<Catalog>),
    /// Read by its difference: the codes of the entries read again (those
    /// replaced and those replacing them), and every entry of theirs that
    /// the last version had, in order.
    Part { codes: Codes, before: Vec<Entry> },
}

impl Versions {
    /// No version read yet: the first is compared with an empty catalog.
    pub fn new() -> Versions {
        Versions::default()
    }

    /// The memory of a version's bytes that is no longer held (the
    /// version before the last, or one that was no catalog), to read the
    /// next version into. Memory asked anew for each version of a catalog
    /// of more than 128 KiB is, with glibc's allocator, mapped anew
    /// whenever the catalog has grown past the largest freed before: its
    /// pages faulted in, zeroed and unmapped, at a cost near that of
    /// comparing the version.
    pub fn spare(&mut self) -> Option<Vec<u8>> {
        self.spare.take()
    }

    /// The catalog of the last version read that was one.
    pub fn catalog(&self) -> Option<&Catalog> {
        self.last.as_ref().map(|last| &last.catalog)
    }

    /// Reads `bytes`, the next version, and gives its changes from the
    /// last version read that was a catalog (from an empty catalog for
    /// the first): what [`changes`] gives. `None` when the text is not a
    /// catalog (see [`Loaded::is_catalog`](crate::Loaded::is_catalog)):
    /// it is left out, and the next version is compared with the last one.
    pub fn read(&mut self, bytes: Vec<u8>) -> Option<Vec<Change>> {
        let step = self.advance(bytes)?;
        let current = &self.last.as_ref()?.catalog;
        Some(match step {
            Step::Same => Vec::new(),
            Step::Whole(previous) => changes(&previous.unwrap_or_default(), current),
            Step::Part { codes, before } => {
                // Only these codes can have changed: every other code has
                // the same entries, in the same order.
                let before: Vec<&Entry> = before.iter().collect();
                let now: Vec<&Entry> = current
                    .entries
                    .iter()
                    .filter(|entry| codes.contains(&entry.code))
                    .collect();
                changes_of(&before, &now, &current.retired)
            }
        })
    }

    /// [`read`](Self::read), the changes given from `previous` instead of
    /// the last version (a commit's parent on another branch, or an empty
    /// catalog for a file added anew).
    pub fn read_against(&mut self, bytes: Vec<u8>, previous: &Catalog) -> Option<Vec<Change>> {
        self.advance(bytes)?;
        Some(changes(previous, &self.last.as_ref()?.catalog))
    }

    /// Reads `bytes` into the last version, if a catalog.
    fn advance(&mut self, bytes: Vec<u8>) -> Option<Step> {
        if let Some(last) = &mut self.last
            && let Some(step) = last.by_difference(&bytes)
        {
            self.spare = Some(match step {
                Step::Same => bytes,
                _ => std::mem::replace(&mut last.bytes, bytes),
            });
            return Some(step);
        }
        self.whole_reads += 1;
        let bom = bytes.starts_with(BOM);
        let Ok(text) = std::str::from_utf8(&bytes[if bom { BOM.len() } else { 0 }..]) else {
            self.spare = Some(bytes);
            return None;
        };
        let (loaded, spans) = read_text(text);
        if !loaded.is_catalog() {
            self.spare = Some(bytes);
            return None;
        }
        let layout = spans.map(|spans| {
            // The positions of the list's ends and of every item's, in one
            // walk through the text.
            let mut cursor = Cursor::new(text.as_bytes());
            let (open, close) = spans.list;
            let open_at = cursor.to(open);
            let items = spans
                .items
                .into_iter()
                .map(|span| Item {
                    span,
                    start_at: cursor.to(span.start),
                    end_at: cursor.to(span.end),
                })
                .collect();
            Layout {
                open,
                open_at,
                close,
                close_at: cursor.to(close),
                items,
            }
        });
        let previous = self.last.take().map(|last| {
            self.spare = Some(last.bytes);
            last.catalog
        });
        self.last = Some(Last {
            bom,
            catalog: loaded.catalog,
            layout,
            bytes,
        });
        Some(Step::Whole(previous))
    }
}

impl Last {
    /// Makes this version `bytes` by reading again only the items of the
    /// list between the first and the last byte that differ, when the
    /// difference lies within the list and what replaces those items is
    /// items of a list; `None`, and nothing changed, otherwise. The caller
    /// keeps `bytes`.
    fn by_difference(&mut self, bytes: &[u8]) -> Option<Step> {
        let prefix = common_prefix(&self.bytes, bytes);
        if prefix == self.bytes.len() && prefix == bytes.len() {
            return Some(Step::Same);
        }
        let layout = self.layout.as_mut()?;
        if bytes.starts_with(BOM) != self.bom {
            return None;
        }
        let skip = if self.bom { BOM.len() } else { 0 };
        let (old, new) = (&self.bytes[skip..], &bytes[skip..]);
        // The byte-order mark is the same: the prefix covers it.
        let prefix = prefix - skip;
        let suffix = common_suffix(&old[prefix..], &new[prefix..]);
        let old_end = old.len() - suffix;
        if prefix < layout.open || old_end > layout.close {
            return None;
        }
        // Items `..first` end before the difference, items `after..` start
        // after it, each with a byte between: their texts are the same,
        // and, the text between them being items of a list, so are they
        // (a number that touches the difference, `1` become `12` or `-1`,
        // is read again).
        let items = &layout.items;
        let first = items.partition_point(|item| item.span.end < prefix);
        let after = items.partition_point(|item| item.span.start <= old_end);
        let (from, from_at) = match first.checked_sub(1) {
            Some(before) => (items[before].span.end, items[before].end_at),
            None => (layout.open, layout.open_at),
        };
        let (to, to_at) = match items.get(after) {
            Some(item) => (item.span.start, item.start_at),
            None => (layout.close, layout.close_at),
        };
        let new_to = to + new.len() - old.len();
        // The rest of the text is the same, and was UTF-8 at the same
        // boundaries.
        let fragment = std::str::from_utf8(&new[from..new_to]).ok()?;
        let (document, nodes) = Document::list_items(fragment, first > 0, after < items.len())?;
        let read = read_entries(&document, &nodes)?;

        // Nothing fails from here on: the last version becomes this one.
        let mut cursor = Cursor::new(fragment.as_bytes());
        cursor.at = from_at;
        let mut new_items = Vec::with_capacity(nodes.len());
        let mut new_entries = Vec::with_capacity(nodes.len());
        for (node, entry) in nodes.iter().zip(read) {
            let span = node.span();
            let start_at = cursor.to(span.start);
            let end_at = cursor.to(span.end);
            new_items.push(Item {
                span: ItemSpan {
                    start: from + span.start,
                    end: from + span.end,
                    kept: entry.is_some(),
                },
                start_at,
                end_at,
            });
            if let Some(mut entry) = entry {
                entry.position = start_at;
                new_entries.push(entry);
            }
        }
        let shift = Shift {
            was: to_at,
            now: cursor.to(fragment.len()),
        };
        let entries = &mut self.catalog.entries;
        let start = items[..first].iter().filter(|item| item.span.kept).count();
        let end = start
            + items[first..after]
                .iter()
                .filter(|item| item.span.kept)
                .count();
        let mut codes = Codes::default();
        for entry in entries[start..end].iter().chain(&new_entries) {
            codes.insert(&entry.code);
        }
        let before: Vec<Entry> = entries
            .iter()
            .filter(|entry| codes.contains(&entry.code))
            .cloned()
            .collect();
        let kept = new_entries.len();
        entries.splice(start..end, new_entries);
        for entry in &mut entries[start + kept..] {
            entry.position = shift.apply(entry.position);
        }
        let added = new_items.len();
        layout.items.splice(first..after, new_items);
        for item in &mut layout.items[first + added..] {
            item.span.start = item.span.start + new.len() - old.len();
            item.span.end = item.span.end + new.len() - old.len();
            item.start_at = shift.apply(item.start_at);
            item.end_at = shift.apply(item.end_at);
        }
        layout.close = layout.close + new.len() - old.len();
        layout.close_at = shift.apply(layout.close_at);
        // A retired list after `error_info_list` moved with its end.
        for retired in &mut self.catalog.retired {
            if retired.position >= shift.was {
                retired.position = shift.apply(retired.position);
            }
        }
        Some(Step::Part { codes, before })
    }
}

/// A set of codes: a list while it is short (a version changes one entry
/// or two, and looking each entry's code up in a list of two is quicker
/// than hashing it), a hash set beyond, so that a version that changes
/// every entry is still read in linear time.
#[derive(Debug, Default)]
struct Codes {
    few: Vec<String>,
    many: HashSet<String>,
}

impl Codes {
    const FEW: usize = 8;

    fn insert(&mut self, code: &str) {
        if self.contains(code) {
            return;
        }
        if self.few.len() < Self::FEW && self.many.is_empty() {
            self.few.push(code.to_owned());
        } else {
            self.many.extend(self.few.drain(..));
            self.many.insert(code.to_owned());
        }
    }

    fn contains(&self, code: &str) -> bool {
        self.few.iter().any(|known| known == code) || self.many.contains(code)
    }
}

/// How the positions after a difference move: those on the line where
/// the difference ended by the columns it took or gave, all later ones
/// by the lines.
struct Shift {
    /// Where the first byte after the difference was, and is.
    was: Position,
    now: Position,
}

impl Shift {
    /// Where the text at `at` (at or after [`was`](Self::was)) is now.
    fn apply(&self, at: Position) -> Position {
        let moved = |value: u32, from: u32, to: u32| {
            u32::try_from(i64::from(value) - i64::from(from) + i64::from(to)).unwrap_or(u32::MAX)
        };
        if at.line == self.was.line {
            Position::new(
                self.now.line,
                moved(at.column, self.was.column, self.now.column),
            )
        } else {
            Position::new(moved(at.line, self.was.line, self.now.line), at.column)
        }
    }
}

/// Lines and columns of offsets of one text, taken in increasing order,
/// each found from the last: one walk through the text for them all.
struct Cursor<'t> {
    text: &'t [u8],
    offset: usize,
    at: Position,
}

impl<'t> Cursor<'t> {
    fn new(text: &'t [u8]) -> Cursor<'t> {
        Cursor {
            text,
            offset: 0,
            at: Position::new(1, 1),
        }
    }

    /// Where `offset` (at or after the last one) is: the line and column
    /// `Document::position` gives, columns counting characters.
    fn to(&mut self, offset: usize) -> Position {
        let piece = &self.text[self.offset..offset];
        let characters = |bytes: &[u8]| bytes.iter().filter(|&&byte| byte & 0xC0 != 0x80).count();
        let saturated = |count: usize| u32::try_from(count).unwrap_or(u32::MAX);
        match piece.iter().rposition(|&byte| byte == b'\n') {
            Some(last) => {
                let breaks = piece.iter().filter(|&&byte| byte == b'\n').count();
                self.at = Position::new(
                    self.at.line.saturating_add(saturated(breaks)),
                    saturated(characters(&piece[last + 1..])).saturating_add(1),
                );
            }
            None => {
                self.at.column = self.at.column.saturating_add(saturated(characters(piece)));
            }
        }
        self.offset = offset;
        self.at
    }
}

/// How many bytes `a` and `b` start with in common: compared 4 KiB at a
/// time (the standard library's `memcmp`), then 16 bytes at a time in the
/// block that differs, then byte by byte.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let length = a.len().min(b.len());
    let (a, b) = (&a[..length], &b[..length]);
    let mut same = 0;
    while same + BLOCK <= length && a[same..same + BLOCK] == b[same..same + BLOCK] {
        same += BLOCK;
    }
    while same + 16 <= length && sixteen(&a[same..]) == sixteen(&b[same..]) {
        same += 16;
    }
    same + a[same..]
        .iter()
        .zip(&b[same..])
        .take_while(|(x, y)| x == y)
        .count()
}

/// How many bytes `a` and `b` end with in common, compared as
/// [`common_prefix`] compares.
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    let length = a.len().min(b.len());
    let (a, b) = (&a[a.len() - length..], &b[b.len() - length..]);
    let mut same = 0;
    while same + BLOCK <= length
        && a[length - same - BLOCK..length - same] == b[length - same - BLOCK..length - same]
    {
        same += BLOCK;
    }
    while same + 16 <= length
        && sixteen(&a[length - same - 16..]) == sixteen(&b[length - same - 16..])
    {
        same += 16;
    }
    same + a[..length - same]
        .iter()
        .rev()
        .zip(b[..length - same].iter().rev())
        .take_while(|(x, y)| x == y)
        .count()
}

const BLOCK: usize = 4096;

/// The first 16 bytes of `bytes` (which has them), compared as one value.
fn sixteen(bytes: &[u8]) -> u128 {
    let mut first = [0; 16];
    first.copy_from_slice(&bytes[..16]);
    u128::from_ne_bytes(first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_bytes;

    /// Reads `texts` one after another, and checks each version against
    /// reading it whole: the same catalog, and the same changes from the
    /// last version that was a catalog. Gives how many were read whole.
    fn agree(texts: &[String]) -> usize {
        let mut versions = Versions::new();
        let mut last: Option<Catalog> = None;
        for (index, text) in texts.iter().enumerate() {
            let loaded = load_bytes(text.as_bytes());
            let read = versions.read(text.as_bytes().to_vec());
            if loaded.is_catalog() {
                let empty = Catalog::default();
                let expected = changes(last.as_ref().unwrap_or(&empty), &loaded.catalog);
                assert_eq!(read, Some(expected), "changes of version {index}:\n{text}");
                assert_eq!(
                    versions.catalog(),
                    Some(&loaded.catalog),
                    "catalog of version {index}:\n{text}"
                );
                last = Some(loaded.catalog);
            } else {
                assert_eq!(read, None, "version {index} is no catalog:\n{text}");
                assert_eq!(versions.catalog(), last.as_ref(), "after version {index}");
            }
        }
        versions.whole_reads
    }

    fn entry(code: &str, message: &str, solution: &str) -> String {
        format!(
            "    {{\n      \"errTitle\": \"Title_{code}\",\n      \"ErrCode\": \"{code}\",\n      \"ErrMessage\": \"{message}\",\n      \"Arglist\": \"path\",\n      \"suggestion\": {{\n        \"Possible Cause\": \"N/A\",\n        \"Solution\": \"{solution}\"\n      }}\n    }}"
        )
    }

    /// A catalog laid out as CANN's is, with `after` following its list.
    fn catalog(entries: &[String], after: &str) -> String {
        format!(
            "{{\n  \"error_info_list\": [\n{}\n  ]{after}\n}}\n",
            entries.join(",\n")
        )
    }

    fn entries() -> Vec<String> {
        ["EK0001", "EK0002", "EK0003", "EK0004"]
            .iter()
            .map(|code| entry(code, "Path %s is slow.", "Wait."))
            .collect()
    }

    #[test]
    fn a_field_changed_in_the_first_middle_or_last_entry() {
        let mut texts = vec![catalog(&entries(), "")];
        for (index, message) in [
            (0, "Path %s is slower."),
            (2, "Path %s: slow."),
            (3, "Paths %s."),
        ] {
            let mut changed = entries();
            changed[index] = entry(&format!("EK000{}", index + 1), message, "Wait.");
            texts.push(catalog(&changed, ""));
        }
        let mut solution = entries();
        solution[3] = entry("EK0004", "Path %s is slow.", "Wait longer.");
        texts.push(catalog(&solution, ""));
        // Only the first version is read whole.
        assert_eq!(agree(&texts), 1);
    }

    #[test]
    fn entries_added_and_removed_at_either_end_and_between() {
        let all = entries();
        let new = entry("EK0009", "New %s.", "N/A");
        let mut texts = vec![catalog(&all, "")];
        for at in [0, 2, 4] {
            let mut added = all.clone();
            added.insert(at, new.clone());
            texts.push(catalog(&added, ""));
            texts.push(catalog(&all, ""));
        }
        for at in [0, 2, 3] {
            let mut removed = all.clone();
            removed.remove(at);
            texts.push(catalog(&removed, ""));
        }
        // Down to no entry, and up again.
        texts.push(catalog(&all[..1], ""));
        texts.push("{\n  \"error_info_list\": [\n  ]\n}\n".to_owned());
        texts.push("{\n  \"error_info_list\": []\n}\n".to_owned());
        texts.push(catalog(&all[1..2], ""));
        texts.push(catalog(&all, ""));
        assert_eq!(agree(&texts), 1);
    }

    #[test]
    fn whitespace_only_changes_move_what_follows() {
        let all = entries();
        let spaced = catalog(&all, "").replace("},\n", "},\n\n\n");
        let indented =
            catalog(&all, "").replacen("\"ErrCode\": \"EK0002\"", "\"ErrCode\":    \"EK0002\"", 1);
        let one_line = catalog(&all, "").replacen(
            "\n      \"ErrCode\": \"EK0003\",\n",
            " \"ErrCode\": \"EK0003\", ",
            1,
        );
        let texts = [
            catalog(&all, ""),
            spaced,
            indented,
            one_line,
            catalog(&all, ""),
        ];
        assert_eq!(agree(&texts.map(|text| text.to_owned())), 1);
    }

    #[test]
    fn a_change_outside_the_list_is_read_whole() {
        let all = entries();
        let retired = ",\n  \"retired\": [{\"ErrCode\": \"EK0005\", \"since\": \"8.0\"}]";
        let mut fewer = all.clone();
        fewer.remove(1);
        let mut reworded = fewer.clone();
        reworded[0] = entry("EK0001", "Path %s: slow.", "Wait.");
        let texts = [
            catalog(&all, ""),
            // The structure changes: read whole.
            catalog(&all, retired),
            // Within the list, with the retired list after it, moved.
            catalog(&fewer, retired),
            catalog(&reworded, retired),
            catalog(&all, retired).replace("EK0005", "EK0002"),
            // A retired code removed: its position is the retired item's.
            catalog(&fewer, &retired.replace("EK0005", "EK0002")),
            // The list's own brackets changed.
            catalog(&fewer, "").replace("[\n", "[ \n"),
        ];
        assert_eq!(agree(&texts.map(|text| text.to_owned())), 4);
    }

    #[test]
    fn a_version_that_is_no_catalog_is_left_out_and_the_next_compared_with_the_last() {
        let all = entries();
        let mut changed = all.clone();
        changed[1] = entry("EK0002", "Path %s is gone.", "Wait.");
        let texts = [
            catalog(&all, ""),
            // A comma missing between two entries, a brace in one, text
            // that is not UTF-8 in one.
            catalog(&all, "").replacen("},\n", "}\n", 1),
            catalog(&all, "").replacen("\"Wait.\"\n      }", "\"Wait.\"\n      ", 1),
            catalog(&all, "")
                .replacen("is slow", "is \u{0}slow", 1)
                .replace('\0', "\\u00"),
            catalog(&changed, ""),
            catalog(&changed, "").replacen(',', ",,", 3),
            catalog(&all, ""),
        ];
        let mut texts: Vec<String> = texts.map(|text| text.to_owned()).to_vec();
        let mut invalid = catalog(&all, "").into_bytes();
        let at = invalid.iter().position(|&byte| byte == b'W').unwrap();
        invalid[at] = 0xFF;
        let mut versions = Versions::new();
        assert!(versions.read(texts[0].clone().into_bytes()).is_some());
        assert_eq!(versions.read(invalid), None);
        assert_eq!(
            versions.catalog(),
            Some(&load_bytes(texts[0].as_bytes()).catalog)
        );
        texts.push(catalog(&changed, ""));
        // Each version that is no catalog is read whole, to say why; the
        // next is read by its difference from the last catalog.
        assert_eq!(agree(&texts), 5);
    }

    #[test]
    fn items_left_out_numbers_and_repeated_codes() {
        let all = entries();
        let with = |items: &[&str]| {
            let mut texts = all.clone();
            texts.extend(items.iter().map(|item| format!("    {item}")));
            catalog(&texts, "")
        };
        let texts = [
            with(&["1"]),
            // A number that grows from its end: the item is read again.
            with(&["12"]),
            with(&["12", "{\"ErrCode\": \"EK0009\"}"]),
            with(&[
                "12",
                "{\"ErrCode\": \"EK0009\", \"ErrMessage\": \"A.\", \"Arglist\": \"\"}",
            ]),
            // The same code again, before its first entry: that one is
            // now the code's entry.
            {
                let mut first = all.clone();
                first.insert(0, entry("EK0003", "Other %s.", "N/A"));
                catalog(&first, "")
            },
            catalog(&all, ""),
            // A code of another kind with the same message: one change.
            catalog(&all, "").replace("EK0004", "WK0004"),
            catalog(&all, "").replace("\"EK0002\"", "\"EK0002\", \"ErrCode\": \"EK0002\""),
        ];
        assert_eq!(agree(&texts.map(|text| text.to_owned())), 1);
    }

    #[test]
    fn columns_on_one_line_and_characters_of_several_bytes() {
        let entry = |code: &str, message: &str| {
            format!(r#"{{"ErrCode": "{code}", "ErrMessage": "{message}", "Arglist": "path"}}"#)
        };
        let line = |messages: [&str; 3]| {
            format!(
                "{{\"error_info_list\": [{}], \"retired\": [{{\"ErrCode\": \"EK0009\"}}]}}",
                messages
                    .iter()
                    .enumerate()
                    .map(|(index, message)| entry(&format!("EK000{}", index + 1), message))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        let texts = [
            line(["Path é %s.", "Path %s.", "Path %s."]),
            // é to è: the first difference is inside a character.
            line(["Path è %s.", "Path %s.", "Path %s."]),
            line(["Path è %s.", "Chemin où %s.", "Path %s."]),
            line(["Path è %s.", "Chemin %s.", "Path 😀 %s."]),
            format!(
                "\u{feff}{}",
                line(["Path è %s.", "Chemin %s.", "Path 😀 %s."])
            ),
            format!("\u{feff}{}", line(["Path è %s.", "Chemin %s.", "Path %s."])),
        ];
        // The byte-order mark changes the text outside the list.
        assert_eq!(agree(&texts.map(|text| text.to_owned())), 2);
    }

    #[test]
    fn a_text_with_a_finding_about_the_file_is_read_whole_each_time() {
        let all = entries();
        let unknown = ",\n  \"comment\": \"x\"";
        let mut changed = all.clone();
        changed[1] = entry("EK0002", "Path %s is gone.", "Wait.");
        let texts = [
            catalog(&all, unknown),
            catalog(&changed, unknown),
            catalog(&all, unknown),
        ];
        assert_eq!(agree(&texts.map(|text| text.to_owned())), 3);
    }

    /// A small generator of numbers, the same on every run.
    struct Numbers(u64);

    impl Numbers {
        fn below(&mut self, bound: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 33) % bound as u64) as usize
        }
    }

    #[test]
    fn random_edits_read_by_difference_agree_with_reading_whole() {
        let pieces = [
            ",",
            "{",
            "}",
            "[",
            "]",
            "\"",
            " ",
            "\n",
            ":",
            "é",
            "😀",
            "1",
            "\\",
            "\\u00e9",
            "\"ErrCode\": \"EK0001\", ",
            "\"Arglist\": \"a, b\"",
            "\"N/A\"",
            "%s",
        ];
        let mut entries = entries();
        entries.push(entry("WK0001", "Path %s is slow.", "N/A"));
        let start = catalog(&entries, ",\n  \"retired\": [{\"ErrCode\": \"EK0003\"}]");
        let mut numbers = Numbers(37);
        let mut texts = vec![start.clone()];
        let mut text = start.clone();
        for _ in 0..2000 {
            // From time to time back to the start, so that the text
            // stays near a catalog's.
            if numbers.below(20) == 0 {
                text = start.clone();
            }
            let mut bytes = text.clone().into_bytes();
            let spans = read_text(&text)
                .1
                .map(|spans| spans.items)
                .unwrap_or_default();
            let near = |numbers: &mut Numbers, wanted: fn(u8) -> bool| {
                let from = numbers.below(bytes.len());
                (from..bytes.len())
                    .chain(0..from)
                    .find(|&at| wanted(bytes[at]))
            };
            match numbers.below(10) {
                // Text in a string or a key: a field changed, or unknown.
                0..=3 => {
                    if let Some(at) = near(&mut numbers, |byte| byte.is_ascii_alphabetic()) {
                        let piece = ["x", "é", "😀", "%s", " ", ""][numbers.below(6)];
                        let removed = numbers.below(3).min(bytes.len() - at);
                        bytes.splice(at..at + removed, piece.bytes()).for_each(drop);
                    }
                }
                // Space between tokens.
                4 => {
                    if let Some(at) = near(&mut numbers, |byte| byte == b'\n') {
                        let piece = [" ", "\n", "\t", "\r\n"][numbers.below(4)];
                        bytes.splice(at..at, piece.bytes()).for_each(drop);
                    }
                }
                // An entry copied after another, or removed.
                5 | 6 if !spans.is_empty() => {
                    let item = spans[numbers.below(spans.len())];
                    if numbers.below(2) == 0 {
                        let copy = format!(",\n{}", &text[item.start..item.end]);
                        bytes
                            .splice(item.end..item.end, copy.bytes())
                            .for_each(drop);
                    } else if spans.len() > 1 {
                        let next = text[item.end..]
                            .find(',')
                            .map_or(item.end, |comma| item.end + comma + 1);
                        bytes.splice(item.start..next, []).for_each(drop);
                    }
                }
                // Any bytes anywhere: mostly no JSON.
                _ => {
                    let at = numbers.below(bytes.len() + 1);
                    let removed = numbers.below(4).min(bytes.len() - at);
                    let piece = pieces[numbers.below(pieces.len())];
                    bytes.splice(at..at + removed, piece.bytes()).for_each(drop);
                }
            }
            // Edits that cut a character in two are bytes, not text.
            let edited = String::from_utf8_lossy(&bytes).into_owned();
            texts.push(edited.clone());
            // A text that is no catalog is followed by an edit of the
            // last one that was, as a fix follows a broken commit.
            if crate::load(&edited).is_catalog() {
                text = edited;
            }
        }
        let whole = agree(&texts);
        let no_catalog = texts
            .iter()
            .filter(|text| !crate::load(text).is_catalog())
            .count();
        // Of the 1,485 catalogs, 1,462 were read by their difference: the
        // first, and 22 whose difference reached outside the list (or
        // whose last version had a finding about the file), whole; and
        // each of the 516 that are no catalog, whole, to say why.
        assert_eq!((texts.len(), no_catalog, whole), (2001, 516, 539));
    }

    #[test]
    fn common_ends_are_found_across_blocks() {
        let a = vec![7u8; 10_000];
        for at in [0, 15, 16, 600, 4095, 4096, 4111, 8200, 9999] {
            let mut b = a.clone();
            b[at] = 8;
            assert_eq!(common_prefix(&a, &b), at);
            assert_eq!(common_suffix(&a, &b), 9999 - at);
        }
        assert_eq!(common_prefix(&a, &a[..10]), 10);
        assert_eq!(common_suffix(&a, &a[..10]), 10);
        assert_eq!(common_prefix(b"", b"x"), 0);
        assert_eq!(common_suffix(b"ab", b"b"), 1);
    }
}
