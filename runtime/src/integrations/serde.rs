//! `serde` for reports, their locations and definitions: a worker process
//! sends its reports to its parent as JSON (or any serde format), and the
//! parent restores them into its own store.
//!
//! The impls are written by hand over `serde_core`, without the derive.
//! Deserializing rebuilds a report against the receiving process's registry,
//! since a [`Report`] refers to `&'static` texts: the code, the argument
//! names and the location's file. Nothing received is leaked without bound:
//! unregistered codes are interned (there are at most 720,000 well-formed
//! ones, 6 bytes each), file names are interned up to [`MAX_FILES`] of at
//! most [`MAX_FILE_BYTES`], and any other file becomes [`DESERIALIZED_FILE`].

use core::fmt;
use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, OnceLock, PoisonError};

use errcat_syntax::{classify_code, pack_code};
use serde_core::de::{
    self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor,
};
use serde_core::ser::{SerializeMap, SerializeStruct, Serializer};
use serde_core::{Deserialize, Serialize};

use crate::def::{ErrorDef, SourceLocation};
use crate::limits::limits;
use crate::registry::registry;
use crate::report::Report;
use crate::store::Message;

/// The file that a deserialized [`SourceLocation`] names when its own was
/// not kept: file names are kept for the life of the process, so only
/// 1,024 distinct ones of at most 4,096 bytes each are; a longer name, or a
/// new one past them, reads as this.
pub const DESERIALIZED_FILE: &str = "<deserialized>";

/// How many distinct file names deserialized locations keep, for the life
/// of the process.
const MAX_FILES: usize = 1_024;

/// The longest file name a deserialized location keeps, in bytes.
const MAX_FILE_BYTES: usize = 4_096;

const REPORT_FIELDS: &[&str] = &[
    "code", "title", "class", "message", "cause", "solution", "args", "location",
];

const LOCATION_FIELDS: &[&str] = &["file", "line", "column"];

/// `{"file": "src/main.rs", "line": 10, "column": 5}`.
impl Serialize for SourceLocation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut location = serializer.serialize_struct("SourceLocation", 3)?;
        location.serialize_field("file", self.file)?;
        location.serialize_field("line", &self.line)?;
        location.serialize_field("column", &self.column)?;
        location.end()
    }
}

/// The file name is kept for the life of the process, as a location's file
/// is `&'static`: up to 1,024 distinct names of at most 4,096 bytes each;
/// any other reads as [`DESERIALIZED_FILE`], with its line and column.
impl<'de> Deserialize<'de> for SourceLocation {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_struct("SourceLocation", LOCATION_FIELDS, LocationVisitor)
    }
}

struct LocationVisitor;

impl<'de> Visitor<'de> for LocationVisitor {
    type Value = SourceLocation;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a source location: file, line and column")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<SourceLocation, A::Error> {
        let (mut file, mut line, mut column) = (None, None, None);
        while let Some(field) = map.next_key_seed(FieldSeed(LOCATION_FIELDS))? {
            match field {
                Some(0) => set(&mut file, map.next_value::<File>()?.0, "file")?,
                Some(1) => set(&mut line, map.next_value()?, "line")?,
                Some(2) => set(&mut column, map.next_value()?, "column")?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(SourceLocation::new(
            file.ok_or_else(|| de::Error::missing_field("file"))?,
            line.ok_or_else(|| de::Error::missing_field("line"))?,
            column.ok_or_else(|| de::Error::missing_field("column"))?,
        ))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<SourceLocation, A::Error> {
        let file = element::<File, A>(&mut seq, 0, &self)?.0;
        let line = element(&mut seq, 1, &self)?;
        let column = element(&mut seq, 2, &self)?;
        Ok(SourceLocation::new(file, line, column))
    }
}

/// A location's file, interned as it is read.
struct File(&'static str);

impl<'de> Deserialize<'de> for File {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct FileVisitor;

        impl Visitor<'_> for FileVisitor {
            type Value = File;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a file name")
            }

            fn visit_str<E: de::Error>(self, file: &str) -> Result<File, E> {
                Ok(File(intern_file(file)))
            }
        }

        deserializer.deserialize_str(FileVisitor)
    }
}

/// `file` for the life of the process, or [`DESERIALIZED_FILE`] past the
/// bounds.
fn intern_file(file: &str) -> &'static str {
    static FILES: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    if file.len() > MAX_FILE_BYTES {
        return DESERIALIZED_FILE;
    }
    let mut files = FILES
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some(kept) = files.get(file) {
        return kept;
    }
    if files.len() >= MAX_FILES {
        return DESERIALIZED_FILE;
    }
    let kept: &'static str = Box::leak(Box::from(file));
    files.insert(kept);
    kept
}

/// Codes that no registered definition has, each kept once: 6 bytes in
/// shared blocks, found by their packed value.
#[derive(Default)]
struct Codes {
    by_code: HashMap<u64, &'static str>,
    /// What is left of the current block.
    free: &'static mut [u8],
}

/// A well-formed `code` for the life of the process.
fn intern_code(code: &str) -> Option<&'static str> {
    static CODES: OnceLock<Mutex<Codes>> = OnceLock::new();
    const BLOCK_CODES: usize = 1_024;
    let packed = pack_code(code)?;
    let mut codes = CODES
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some(kept) = codes.by_code.get(&packed) {
        return Some(kept);
    }
    if codes.free.len() < code.len() {
        codes.free = Box::leak(vec![0; code.len() * BLOCK_CODES].into_boxed_slice());
    }
    let (slot, rest) = core::mem::take(&mut codes.free).split_at_mut(code.len());
    codes.free = rest;
    slot.copy_from_slice(code.as_bytes());
    let slot: &'static [u8] = slot;
    let kept = core::str::from_utf8(slot).ok()?;
    codes.by_code.insert(packed, kept);
    Some(kept)
}

/// `{"code": "EK0201", "title": ..., "class": ..., "message": ..., "cause":
/// ..., "solution": ..., "args": {"buf_size": "1048576B"}, "location":
/// {"file": ..., "line": ..., "column": ...}}`: every field is written, the
/// absent texts as `null`; `args` in the order of the definition's fields.
impl Serialize for Report {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut report = serializer.serialize_struct("Report", REPORT_FIELDS.len())?;
        report.serialize_field("code", self.code())?;
        report.serialize_field("title", &self.title())?;
        report.serialize_field("class", &self.class())?;
        report.serialize_field("message", self.message())?;
        report.serialize_field("cause", &self.cause())?;
        report.serialize_field("solution", &self.solution())?;
        report.serialize_field("args", &Args(self))?;
        report.serialize_field("location", &self.location())?;
        report.end()
    }
}

struct Args<'a>(&'a Report);

impl Serialize for Args<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut args = serializer.serialize_map(Some(self.0.args.len()))?;
        for (name, value) in self.0.args() {
            args.serialize_entry(name, value)?;
        }
        args.end()
    }
}

/// A report is rebuilt against this process's registry, which is what its
/// definition-derived texts come from: `title`, `class`, `cause` and
/// `solution` are read and ignored, and are the registered definition's
/// (none for a code that is not registered here).
///
/// When the code is registered and `args` names exactly the definition's
/// fields, the report keeps its arguments, and one whose message is the
/// definition's template filled with them is restored from its values (as
/// [`take_reports`](crate::take_reports) made it); any other is restored
/// from its message, which renders the same text. A code that is not
/// well formed is an error.
impl<'de> Deserialize<'de> for Report {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_struct("Report", REPORT_FIELDS, ReportVisitor)
    }
}

/// What a report is rebuilt from.
#[derive(Default)]
struct Parts {
    code: Option<String>,
    message: Option<String>,
    args: Option<Vec<(String, String)>>,
    location: Option<SourceLocation>,
}

struct ReportVisitor;

impl<'de> Visitor<'de> for ReportVisitor {
    type Value = Report;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an errcode report")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Report, A::Error> {
        let mut parts = Parts::default();
        while let Some(field) = map.next_key_seed(FieldSeed(REPORT_FIELDS))? {
            match field {
                Some(0) => set(&mut parts.code, map.next_value()?, "code")?,
                Some(3) => set(&mut parts.message, map.next_value()?, "message")?,
                Some(6) => set(&mut parts.args, map.next_value::<ArgsIn>()?.0, "args")?,
                Some(7) => set(&mut parts.location, map.next_value()?, "location")?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        rebuild(parts)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Report, A::Error> {
        let code = element(&mut seq, 0, &self)?;
        let _title: Option<String> = element(&mut seq, 1, &self)?;
        let _class: Option<String> = element(&mut seq, 2, &self)?;
        let message = element(&mut seq, 3, &self)?;
        let _cause: Option<String> = element(&mut seq, 4, &self)?;
        let _solution: Option<String> = element(&mut seq, 5, &self)?;
        let args = element::<ArgsIn, A>(&mut seq, 6, &self)?.0;
        let location = element(&mut seq, 7, &self)?;
        rebuild(Parts {
            code: Some(code),
            message: Some(message),
            args: Some(args),
            location: Some(location),
        })
    }
}

/// The report `parts` describe, with the definition registered for its code.
fn rebuild<E: de::Error>(parts: Parts) -> Result<Report, E> {
    let code = parts.code.ok_or_else(|| E::missing_field("code"))?;
    let message = parts.message.ok_or_else(|| E::missing_field("message"))?;
    let args = parts.args.ok_or_else(|| E::missing_field("args"))?;
    let location = parts.location.ok_or_else(|| E::missing_field("location"))?;
    let kind = classify_code(&code)
        .map_err(|why| E::custom(format_args!("{code:?} is not an error code: {why}")))?;
    let def = registry().get(&code);
    let code = match def {
        Some(def) => def.code(),
        None => intern_code(&code).ok_or_else(|| E::custom("an error code is six bytes"))?,
    };
    let args = def
        .and_then(|def| in_field_order(def, args))
        .unwrap_or_default();
    let templated = def.is_some_and(|def| {
        args.len() == def.fields().len() && fills_template(def, &args, &message)
    });
    Ok(Report {
        code,
        def,
        warning: kind.warning,
        internal: kind.internal,
        message,
        args,
        templated,
        location,
        // The text carries no time.
        time: crate::time::ReportTime::UNKNOWN,
    })
}

/// `args` in the order of `def`'s fields, when they name each field once
/// and nothing else.
fn in_field_order(
    def: &'static ErrorDef,
    args: Vec<(String, String)>,
) -> Option<Vec<(&'static str, String)>> {
    let fields = def.fields();
    if args.len() != fields.len() {
        return None;
    }
    let mut values: Vec<Option<String>> = vec![None; fields.len()];
    for (name, value) in args {
        let index = fields.iter().position(|field| *field == name)?;
        if values[index].replace(value).is_some() {
            return None;
        }
    }
    fields
        .iter()
        .zip(values)
        .map(|(field, value)| Some((*field, value?)))
        .collect()
}

/// Whether `def`'s template filled with `args` renders `message`, cut as a
/// store cuts it under the limits in force.
fn fills_template(def: &'static ErrorDef, args: &[(&'static str, String)], message: &str) -> bool {
    let mut text = String::new();
    let mut spans = Vec::with_capacity(args.len());
    for (_, value) in args {
        let start = text.len();
        text.push_str(value);
        spans.push(start..text.len());
    }
    Message::Template {
        def,
        text: &text,
        spans: &spans,
        budget: limits().max_message_bytes(),
    }
    .renders_as(message)
}

/// A report's `args`: a map of names to values, as written.
struct ArgsIn(Vec<(String, String)>);

impl<'de> Deserialize<'de> for ArgsIn {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ArgsVisitor;

        impl<'de> Visitor<'de> for ArgsVisitor {
            type Value = ArgsIn;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of argument names to values")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ArgsIn, A::Error> {
                let mut args = Vec::with_capacity(map.size_hint().unwrap_or(0).min(64));
                while let Some(entry) = map.next_entry()? {
                    args.push(entry);
                }
                Ok(ArgsIn(args))
            }
        }

        deserializer.deserialize_map(ArgsVisitor)
    }
}

/// A struct's field name (or index) as its index among `self.0`; `None` for
/// a field the struct does not have, which is skipped.
struct FieldSeed(&'static [&'static str]);

impl<'de> DeserializeSeed<'de> for FieldSeed {
    type Value = Option<usize>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<usize>, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl Visitor<'_> for FieldSeed {
    type Value = Option<usize>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field name")
    }

    fn visit_u64<E: de::Error>(self, index: u64) -> Result<Option<usize>, E> {
        Ok(usize::try_from(index)
            .ok()
            .filter(|index| *index < self.0.len()))
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<Option<usize>, E> {
        Ok(self.0.iter().position(|field| *field == name))
    }

    fn visit_bytes<E: de::Error>(self, name: &[u8]) -> Result<Option<usize>, E> {
        Ok(self.0.iter().position(|field| field.as_bytes() == name))
    }
}

/// Sets a field read once, or fails naming it.
fn set<T, E: de::Error>(slot: &mut Option<T>, value: T, name: &'static str) -> Result<(), E> {
    if slot.replace(value).is_some() {
        return Err(E::duplicate_field(name));
    }
    Ok(())
}

/// The next element of a struct read as a sequence.
fn element<'de, T: Deserialize<'de>, A: SeqAccess<'de>>(
    seq: &mut A,
    index: usize,
    expected: &dyn de::Expected,
) -> Result<T, A::Error> {
    seq.next_element()?
        .ok_or_else(|| de::Error::invalid_length(index, expected))
}

/// An entry of a CANN catalog, with its field names: `errClass`,
/// `errTitle`, `ErrCode`, `ErrMessage`, `Arglist` and `suggestion`
/// (`Possible Cause`, `Solution`), in that order, without the optional ones
/// the definition does not have, as
/// [`Registry::to_catalog`](crate::Registry::to_catalog) writes an
/// `#[error_code]` definition: `"N/A"` for the missing half of a
/// suggestion, and `Arglist` as the catalog wrote it when the definition
/// was read from one, else its names joined by commas.
impl Serialize for ErrorDef {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let suggestion = self.cause().is_some() || self.solution().is_some();
        let len = 3
            + usize::from(self.class().is_some())
            + usize::from(self.title().is_some())
            + usize::from(suggestion);
        let mut entry = serializer.serialize_struct("ErrorDef", len)?;
        match self.class() {
            Some(class) => entry.serialize_field("errClass", class)?,
            None => entry.skip_field("errClass")?,
        }
        match self.title() {
            Some(title) => entry.serialize_field("errTitle", title)?,
            None => entry.skip_field("errTitle")?,
        }
        entry.serialize_field("ErrCode", self.code())?;
        entry.serialize_field("ErrMessage", self.message())?;
        entry.serialize_field("Arglist", &Arglist(self))?;
        if suggestion {
            entry.serialize_field("suggestion", &Suggestion(self))?;
        } else {
            entry.skip_field("suggestion")?;
        }
        entry.end()
    }
}

/// What a CANN catalog writes for an absent cause or solution.
const NOT_APPLICABLE: &str = "N/A";

struct Suggestion<'a>(&'a ErrorDef);

impl Serialize for Suggestion<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut suggestion = serializer.serialize_struct("suggestion", 2)?;
        suggestion.serialize_field("Possible Cause", self.0.cause().unwrap_or(NOT_APPLICABLE))?;
        suggestion.serialize_field("Solution", self.0.solution().unwrap_or(NOT_APPLICABLE))?;
        suggestion.end()
    }
}

struct Arglist<'a>(&'a ErrorDef);

impl Serialize for Arglist<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl fmt::Display for Arglist<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let def = self.0;
        let written = registry()
            .lookup(def.code())
            .filter(|(registered, _)| core::ptr::eq(*registered, def))
            .and_then(|(_, source)| source.written);
        if let Some(written) = written {
            return f.write_str(written.arglist);
        }
        for (index, name) in def.args().iter().enumerate() {
            if index > 0 {
                f.write_str(",")?;
            }
            f.write_str(name)?;
        }
        Ok(())
    }
}
