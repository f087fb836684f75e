//! A catalog as the JSON file writes it: entries with their texts as written,
//! plus the order of their fields, so that writing a catalog back gives the
//! file that was read.

use errcat_syntax::split_arglist;

use crate::position::Position;

/// The text that stands for an absent cause or solution in the JSON format.
pub const NOT_APPLICABLE: &str = "N/A";

/// The entries of one `error_code.json`, in the order written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Catalog {
    /// The entries, in file order.
    pub entries: Vec<Entry>,
    /// The codes the catalog no longer reports, from its top-level
    /// `retired` list, in file order.
    pub retired: Vec<Retired>,
}

/// A code the catalog retired: no longer reported, kept so that it is
/// never used again and its readers learn what replaced it. Written in the
/// catalog's top-level `retired` list, beside `error_info_list` (which is
/// all CANN's loaders read, so they pass over it):
/// `{"ErrCode": "E10001", "since": "8.0.RC1", "replacement": "E10101"}`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Retired {
    /// The code.
    pub code: String,
    /// When it was retired: a version or date, as the catalog writes it.
    pub since: Option<String>,
    /// The code to report instead, when there is one.
    pub replacement: Option<String>,
    /// Where the item's `{` is in the file it was read from.
    pub position: Position,
}

impl Retired {
    /// A retired `code`, at no position.
    pub fn new(code: impl Into<String>) -> Retired {
        Retired {
            code: code.into(),
            since: None,
            replacement: None,
            position: Position::default(),
        }
    }

    /// What a reader of the code is told: `no longer reported (since
    /// 8.0.RC1); report E10101 instead`.
    pub fn describe(&self) -> String {
        let mut text = String::from("no longer reported");
        if let Some(since) = &self.since {
            text.push_str(&format!(" (retired in {since})"));
        }
        if let Some(replacement) = &self.replacement {
            text.push_str(&format!("; report {replacement} instead"));
        }
        text
    }
}

impl Catalog {
    /// A catalog of `entries`, to write out with [`to_json`](Self::to_json)
    /// or [`to_markdown`](Self::to_markdown).
    ///
    /// ```
    /// use errcat_catalog::{Catalog, Entry};
    /// let catalog = Catalog::new(vec![Entry::new("EK0004", "%s is not supported.", "intf")]);
    /// assert!(catalog.to_json().contains("\"ErrCode\": \"EK0004\""));
    /// ```
    pub fn new(entries: Vec<Entry>) -> Catalog {
        Catalog {
            entries,
            retired: Vec::new(),
        }
    }

    /// The retired code `code`, when the catalog retired it.
    pub fn retired(&self, code: &str) -> Option<&Retired> {
        self.retired.iter().find(|retired| retired.code == code)
    }

    /// The entry of `code`, the first one if the code is there twice.
    ///
    /// ```
    /// let loaded = errcat_catalog::load(r#"{"error_info_list": [
    ///     {"ErrCode": "EK0004", "ErrMessage": "The current system or device does not support %s.", "Arglist": "intf"}
    /// ]}"#);
    /// assert_eq!(loaded.catalog.get("EK0004").unwrap().names(), ["intf"]);
    /// assert!(loaded.catalog.get("EK0005").is_none());
    /// ```
    pub fn get(&self, code: &str) -> Option<&Entry> {
        self.entries.iter().find(|entry| entry.code == code)
    }
}

/// One entry of a catalog.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Entry {
    /// `ErrCode`, such as `"EK0201"`.
    pub code: String,
    /// `ErrMessage`: the template, with a `%s` for each argument.
    pub message: String,
    /// `Arglist` as written, spaces included (`"function, type"`); see [`names`](Self::names).
    pub arglist: String,
    /// `errClass`, when the entry has one.
    pub class: Option<String>,
    /// `errTitle`, when the entry has one.
    pub title: Option<String>,
    /// `suggestion`, when the entry has one.
    pub suggestion: Option<Suggestion>,
    /// The order in which the entry's fields are written.
    pub layout: Layout,
    /// Where the entry's `{` is in the file it was read from.
    pub position: Position,
}

impl Entry {
    /// An entry with the three required fields, no optional one, written in
    /// the canonical order and at no position (line 0); set the other
    /// fields (and [`layout`](Self::layout) to match) as needed.
    pub fn new(
        code: impl Into<String>,
        message: impl Into<String>,
        arglist: impl Into<String>,
    ) -> Entry {
        Entry {
            code: code.into(),
            message: message.into(),
            arglist: arglist.into(),
            class: None,
            title: None,
            suggestion: None,
            layout: Layout::default(),
            position: Position::default(),
        }
    }

    /// The names of `Arglist`, trimmed, one per placeholder; `""` is no names.
    pub fn names(&self) -> Vec<&str> {
        split_arglist(&self.arglist)
    }

    /// The possible cause, `None` when absent or `"N/A"`.
    pub fn cause(&self) -> Option<&str> {
        self.suggestion.as_ref()?.cause.as_deref()
    }

    /// The solution, `None` when absent or `"N/A"`.
    pub fn solution(&self) -> Option<&str> {
        self.suggestion.as_ref()?.solution.as_deref()
    }
}

/// The `suggestion` object of an entry. `"N/A"` is read as `None` and
/// written back as `"N/A"`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Suggestion {
    /// `Possible Cause`.
    pub cause: Option<String>,
    /// `Solution`.
    pub solution: Option<String>,
}

impl Suggestion {
    /// A suggestion with a cause and a solution, `None` for `"N/A"`.
    pub fn new(cause: Option<String>, solution: Option<String>) -> Suggestion {
        Suggestion { cause, solution }
    }
}

/// A field of an entry, by the key that writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    /// `errClass`
    Class,
    /// `errTitle`
    Title,
    /// `ErrCode`
    Code,
    /// `ErrMessage`
    Message,
    /// `Arglist`
    Arglist,
    /// `suggestion`
    Suggestion,
}

impl Key {
    /// Every key, in the order most entries of the CANN catalog use.
    pub const ALL: [Key; 6] = [
        Key::Class,
        Key::Title,
        Key::Code,
        Key::Message,
        Key::Arglist,
        Key::Suggestion,
    ];

    /// The key as the JSON file writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Key::Class => "errClass",
            Key::Title => "errTitle",
            Key::Code => "ErrCode",
            Key::Message => "ErrMessage",
            Key::Arglist => "Arglist",
            Key::Suggestion => "suggestion",
        }
    }

    /// The key written `name`, if any.
    pub fn from_name(name: &str) -> Option<Key> {
        Key::ALL.into_iter().find(|key| key.name() == name)
    }

    const fn id(self) -> u32 {
        match self {
            Key::Class => 1,
            Key::Title => 2,
            Key::Code => 3,
            Key::Message => 4,
            Key::Arglist => 5,
            Key::Suggestion => 6,
        }
    }

    const fn from_id(id: u32) -> Option<Key> {
        match id {
            1 => Some(Key::Class),
            2 => Some(Key::Title),
            3 => Some(Key::Code),
            4 => Some(Key::Message),
            5 => Some(Key::Arglist),
            6 => Some(Key::Suggestion),
            _ => None,
        }
    }
}

/// The order of an entry's fields as written, and of the two fields of its
/// `suggestion`. Entries of one file differ (`ErrCode` first in some,
/// `errClass` first in others); keeping the order makes a written catalog
/// read like the original.
///
/// It is a small number, so that generated code and the registry can keep
/// it as a constant.
///
/// ```
/// use errcat_catalog::{Key, Layout};
/// let layout = Layout::from_keys(&[Key::Code, Key::Title, Key::Message, Key::Arglist], false).unwrap();
/// assert_eq!(layout.keys().collect::<Vec<_>>(), [Key::Code, Key::Title, Key::Message, Key::Arglist]);
/// assert_eq!(Layout::from_bits(layout.bits()), layout);
/// assert!(Layout::from_keys(&[Key::Code, Key::Code], false).is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout {
    /// Three bits per key, first key lowest; bit 24: `Solution` before `Possible Cause`.
    bits: u32,
}

const SOLUTION_FIRST: u32 = 1 << 24;

impl Layout {
    /// The keys in `keys` order, each at most once; `solution_first` when the
    /// suggestion writes `Solution` before `Possible Cause`.
    pub fn from_keys(keys: &[Key], solution_first: bool) -> Option<Layout> {
        let mut bits = 0;
        for (index, key) in keys.iter().enumerate() {
            if keys[..index].contains(key) {
                return None;
            }
            bits |= key.id() << (3 * index);
        }
        if solution_first {
            bits |= SOLUTION_FIRST;
        }
        Some(Layout { bits })
    }

    /// The order most entries of the CANN catalog use: `errClass`,
    /// `errTitle`, `ErrCode`, `ErrMessage`, `Arglist`, `suggestion`, leaving
    /// out the optional ones an entry does not have.
    pub fn canonical(class: bool, title: bool, suggestion: bool) -> Layout {
        let keys: Vec<Key> = Key::ALL
            .into_iter()
            .filter(|key| match key {
                Key::Class => class,
                Key::Title => title,
                Key::Suggestion => suggestion,
                Key::Code | Key::Message | Key::Arglist => true,
            })
            .collect();
        Layout::from_keys(&keys, false).unwrap_or(Layout { bits: 0 })
    }

    /// The keys in the order written.
    pub fn keys(self) -> impl Iterator<Item = Key> {
        (0..6).map_while(move |index| Key::from_id((self.bits >> (3 * index)) & 0b111))
    }

    /// Whether the layout writes `key`.
    pub fn has(self, key: Key) -> bool {
        self.keys().any(|written| written == key)
    }

    /// Whether the suggestion writes `Solution` before `Possible Cause`.
    pub fn solution_first(self) -> bool {
        self.bits & SOLUTION_FIRST != 0
    }

    /// The layout as a number, for generated code.
    pub const fn bits(self) -> u32 {
        self.bits
    }

    /// The layout of [`bits`](Self::bits). Bits that name no key end the key list.
    pub const fn from_bits(bits: u32) -> Layout {
        Layout { bits }
    }
}

impl Default for Layout {
    fn default() -> Self {
        Layout::canonical(false, false, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_leaves_out_what_is_absent() {
        assert_eq!(
            Layout::canonical(true, false, true)
                .keys()
                .collect::<Vec<_>>(),
            [
                Key::Class,
                Key::Code,
                Key::Message,
                Key::Arglist,
                Key::Suggestion
            ]
        );
        assert_eq!(
            Layout::default().keys().collect::<Vec<_>>(),
            [Key::Code, Key::Message, Key::Arglist]
        );
    }

    #[test]
    fn every_order_survives_bits() {
        let keys = [
            Key::Suggestion,
            Key::Arglist,
            Key::Message,
            Key::Code,
            Key::Title,
            Key::Class,
        ];
        let layout = Layout::from_keys(&keys, true).unwrap();
        assert_eq!(layout.keys().collect::<Vec<_>>(), keys);
        assert!(layout.solution_first());
        assert_eq!(Layout::from_bits(layout.bits()), layout);
        assert!(layout.has(Key::Title));
        assert!(!Layout::default().has(Key::Title));
    }

    #[test]
    fn garbage_bits_end_the_key_list() {
        assert_eq!(
            Layout::from_bits(0b111_011).keys().collect::<Vec<_>>(),
            [Key::Code]
        );
    }
}
