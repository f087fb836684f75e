//! A baseline: the findings a tree had when it was written, accepted
//! until they are fixed. A finding is known by its file, code, kind and
//! field, never its line, so that edits elsewhere in a file do not undo
//! it; a file that has a finding several times records how many.
//!
//! ```json
//! {
//!   "errcode-baseline": 1,
//!   "findings": [
//!     {"file": "src/error_manager.c", "kind": "not-in-catalog", "code": "E10001", "count": 1}
//!   ]
//! }
//! ```
//!
//! Files are relative to the baseline's own folder, `/` between folders.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::finding::Finding;
use crate::paths;

/// The version the file's first key gives.
const VERSION: u64 = 1;

/// What a baseline knows a finding by.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Key {
    pub(crate) file: String,
    pub(crate) kind: String,
    pub(crate) code: Option<String>,
    pub(crate) field: Option<String>,
}

/// A baseline read, with how many of each finding it still accepts.
#[derive(Debug, Clone)]
pub(crate) struct Baseline {
    /// The file, as findings name it.
    pub(crate) file: String,
    folder: PathBuf,
    counts: BTreeMap<Key, usize>,
    /// How many findings it records in all.
    pub(crate) recorded: usize,
}

impl Baseline {
    /// The baseline in `path`, at most `max_size` bytes. A file that
    /// cannot be read, or is not a baseline, is an error naming it.
    pub(crate) fn read(path: &Path, max_size: u64) -> Result<Baseline, String> {
        let name = paths::name(path);
        let text = crate::walk::read_text(path, max_size, "the baseline ")?;
        let not = |why: &str| format!("{name} is not an errcode baseline: {why}");
        let value: Value = serde_json::from_str(&text).map_err(|error| not(&error.to_string()))?;
        if value.get("errcode-baseline").and_then(Value::as_u64) != Some(VERSION) {
            return Err(not("it does not start with \"errcode-baseline\": 1"));
        }
        let findings = value
            .get("findings")
            .and_then(Value::as_array)
            .ok_or_else(|| not("no \"findings\" list"))?;
        let mut counts = BTreeMap::new();
        let mut recorded = 0;
        for (index, finding) in findings.iter().enumerate() {
            let text = |key: &str| finding.get(key).and_then(Value::as_str).map(str::to_owned);
            let (Some(file), Some(kind)) = (text("file"), text("kind")) else {
                return Err(not(&format!(
                    "finding {} has no \"file\" or \"kind\"",
                    index + 1
                )));
            };
            let count = match finding.get("count") {
                None => 1,
                Some(count) => count
                    .as_u64()
                    .and_then(|count| usize::try_from(count).ok())
                    .ok_or_else(|| {
                        not(&format!("finding {}: \"count\" is not a number", index + 1))
                    })?,
            };
            // Counts whose sum a count cannot hold are refused, not
            // wrapped round to a few: no tree has that many findings. Every
            // sum below (of one key's counts, of those gone) is at most this.
            recorded = usize::checked_add(recorded, count).ok_or_else(|| {
                not(&format!(
                    "finding {}: the counts add up to more than {}",
                    index + 1,
                    usize::MAX
                ))
            })?;
            *counts
                .entry(Key {
                    file,
                    kind,
                    code: text("code"),
                    field: text("field"),
                })
                .or_insert(0) += count;
        }
        Ok(Baseline {
            file: name,
            folder: folder_of(path),
            counts,
            recorded,
        })
    }

    /// Takes `finding` off what the baseline accepts: `true` when it did
    /// accept it.
    pub(crate) fn accepts(&mut self, finding: &Finding) -> bool {
        let key = key(&self.folder, finding);
        match self.counts.get_mut(&key) {
            Some(count) if *count > 0 => {
                *count -= 1;
                true
            }
            _ => false,
        }
    }

    /// How many findings it accepts that were not found: fixed since.
    pub(crate) fn gone(&self) -> usize {
        self.counts.values().sum()
    }
}

fn folder_of(path: &Path) -> PathBuf {
    paths::absolute(path)
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

fn key(folder: &Path, finding: &Finding) -> Key {
    let file = paths::text_of(&paths::relative_to(
        &paths::absolute(Path::new(&finding.file)),
        folder,
    ));
    Key {
        file,
        kind: finding.kind.name().to_owned(),
        code: finding.code.clone(),
        field: finding.field.map(|field| field.name().to_owned()),
    }
}

/// The text of a baseline of `findings`, to be written at `path`: each
/// finding a line, in file order, so that the file diffs well.
pub(crate) fn write(path: &Path, findings: &[&Finding]) -> (String, usize) {
    let folder = folder_of(path);
    let mut counts: BTreeMap<Key, usize> = BTreeMap::new();
    for finding in findings {
        *counts.entry(key(&folder, finding)).or_insert(0) += 1;
    }
    let lines: Vec<String> = counts
        .iter()
        .map(|(key, count)| {
            let mut entry = serde_json::Map::new();
            entry.insert("file".to_owned(), json!(key.file));
            entry.insert("kind".to_owned(), json!(key.kind));
            if let Some(code) = &key.code {
                entry.insert("code".to_owned(), json!(code));
            }
            if let Some(field) = &key.field {
                entry.insert("field".to_owned(), json!(field));
            }
            entry.insert("count".to_owned(), json!(count));
            format!("    {}", Value::Object(entry))
        })
        .collect();
    let text = format!(
        "{{\n  \"errcode-baseline\": {VERSION},\n  \"findings\": [{}{}{}]\n}}\n",
        if lines.is_empty() { "" } else { "\n" },
        lines.join(",\n"),
        if lines.is_empty() { "" } else { "\n  " },
    );
    (text, counts.len())
}
