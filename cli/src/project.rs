//! The project file, `errcode.toml`: what `errcode check` and `errcode
//! update` read when no catalog is named (the catalogs, the `against`
//! paths, the paths to leave out) and the policy a maintainer keeps (the
//! severity of each kind of finding, findings accepted with a reason, a
//! baseline). Found in the working folder or the nearest folder above it,
//! or named with `--config`. Paths in it are relative to its own folder.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use globset::{GlobBuilder, GlobMatcher};
use serde::Deserialize;

use errcat::catalog::Category;

use crate::finding::{Field, Kind};
use crate::paths;
use crate::walk::DEFAULT_MAX_FILE_SIZE;

/// The project file's name.
pub(crate) const FILE_NAME: &str = "errcode.toml";

/// The file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Raw {
    #[serde(default)]
    catalogs: Vec<String>,
    #[serde(default)]
    against: Vec<String>,
    #[serde(default)]
    exclude: Vec<String>,
    baseline: Option<String>,
    max_file_size: Option<toml::Value>,
    #[serde(default)]
    kinds: HashMap<String, String>,
    #[serde(default)]
    accept: Vec<RawAccept>,
    previous: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAccept {
    kind: String,
    code: Option<String>,
    file: Option<String>,
    field: Option<String>,
    reason: Option<String>,
}

/// What a kind's findings are, as the project file says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    Error,
    Warning,
    /// Not reported.
    Off,
}

/// Findings accepted by the project file: each of the kind (and the code,
/// file and field, where given), for the reason given.
#[derive(Debug, Clone)]
pub(crate) struct Accept {
    /// Its 1-based number among the `[[accept]]` tables.
    pub(crate) number: usize,
    /// The line of its `[[accept]]` header in the project file; 0 when the
    /// tables are not all written as headers (an inline array).
    pub(crate) line: u32,
    pub(crate) kind: Kind,
    pub(crate) code: Option<String>,
    /// A glob, relative to the project's folder.
    pub(crate) file: Option<(String, GlobMatcher)>,
    pub(crate) field: Option<Field>,
    pub(crate) reason: String,
}

/// A project file read.
#[derive(Debug, Clone)]
pub(crate) struct Project {
    /// The file, as findings name it.
    pub(crate) file: String,
    /// Its folder, absolute: paths in it are relative to this.
    pub(crate) root: PathBuf,
    pub(crate) catalogs: Vec<PathBuf>,
    pub(crate) against: Vec<PathBuf>,
    pub(crate) exclude: Vec<String>,
    pub(crate) baseline: Option<PathBuf>,
    pub(crate) max_file_size: u64,
    pub(crate) kinds: HashMap<Kind, Level>,
    /// The levels of whole categories of changes (`sites = "warning"`);
    /// a rule's own level in `kinds` comes first.
    pub(crate) categories: HashMap<Category, Level>,
    pub(crate) accept: Vec<Accept>,
    /// The catalog's previous version: a file, or `REV:PATH` in git.
    pub(crate) previous: Option<String>,
}

impl Project {
    /// The level the project file gives `kind`, if any.
    pub(crate) fn level(&self, kind: Kind) -> Option<Level> {
        self.kinds.get(&kind).copied().or_else(|| match kind {
            Kind::Change(rule) => self.categories.get(&rule.category()).copied(),
            _ => None,
        })
    }
}

impl Project {
    /// The project file named by `--config`, else the one in the working
    /// folder or the nearest above it; `None` when there is none. A file
    /// that cannot be read or is not a project file is an error, naming
    /// the file and what is wrong.
    pub(crate) fn find(config: Option<&Path>) -> Result<Option<Project>, String> {
        if let Some(config) = config {
            return Project::read(config).map(Some);
        }
        let start = paths::absolute(Path::new("."));
        for folder in start.ancestors() {
            let candidate = folder.join(FILE_NAME);
            // Whatever it is: one that is no file (a FIFO, a link to a
            // device) is refused by name, not passed over for one above.
            if candidate.symlink_metadata().is_ok() {
                return Project::read(&candidate).map(Some);
            }
        }
        Ok(None)
    }

    /// The size above which the project file found (or none) says a file
    /// is not read: for the commands that read no more of it.
    pub(crate) fn max_file_size() -> Result<u64, String> {
        Ok(Project::find(None)?.map_or(DEFAULT_MAX_FILE_SIZE, |project| project.max_file_size))
    }

    fn read(path: &Path) -> Result<Project, String> {
        let name = paths::name(path);
        // The limit it may set is not known before it is read: the default.
        let text = crate::walk::read_text(path, DEFAULT_MAX_FILE_SIZE, "")?;
        let raw: Raw = toml::from_str(&text).map_err(|error| {
            format!(
                "{name} is not a project file: {}",
                error.to_string().trim_end()
            )
        })?;
        let root = paths::absolute(path)
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        // Relative to the working folder, as findings name them.
        let here = paths::absolute(Path::new("."));
        let resolve = |relative: &str| {
            let path = paths::relative_to(&paths::normal(&root.join(relative)), &here);
            if path.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                path
            }
        };
        // Where each `[[accept]]` table starts, for the finding that says
        // it accepted nothing: used only when every table has a header.
        let mut headers: Vec<u32> = text
            .lines()
            .zip(1..)
            .filter(|(line, _)| {
                let header = line.split('#').next().unwrap_or_default();
                header.split_whitespace().collect::<String>() == "[[accept]]"
            })
            .map(|(_, number)| number)
            .collect();
        if headers.len() != raw.accept.len() {
            headers.clear();
        }
        let mut kinds = HashMap::new();
        let mut categories = HashMap::new();
        for (kind, level) in &raw.kinds {
            let level_of = |kind: &str| match level.as_str() {
                "error" => Ok(Level::Error),
                "warning" => Ok(Level::Warning),
                "off" => Ok(Level::Off),
                other => Err(format!(
                    "{name}: [kinds]: `{kind}` is {other:?}: write \"error\", \"warning\" or \"off\""
                )),
            };
            if let Some(category) = Category::named(kind) {
                categories.insert(category, level_of(kind)?);
                continue;
            }
            let kind = known_kind(&name, "[kinds]", kind)?;
            let level = match level.as_str() {
                "error" => Level::Error,
                "warning" => Level::Warning,
                "off" => Level::Off,
                other => {
                    return Err(format!(
                        "{name}: [kinds]: `{}` is {other:?}: write \"error\", \"warning\" or \"off\"",
                        kind.name()
                    ));
                }
            };
            kinds.insert(kind, level);
        }
        let mut accept = Vec::new();
        for (index, raw) in raw.accept.iter().enumerate() {
            let number = index + 1;
            let place = format!("[[accept]] {number}");
            let kind = known_kind(&name, &place, &raw.kind)?;
            let reason = raw
                .reason
                .as_deref()
                .map(str::trim)
                .filter(|reason| !reason.is_empty())
                .ok_or_else(|| {
                    format!("{name}: {place}: say why it is accepted: reason = \"...\"")
                })?
                .to_owned();
            let field = match &raw.field {
                None => None,
                Some(field) => Some(Field::named(field).ok_or_else(|| {
                    format!(
                        "{name}: {place}: field {field:?} is none of title, message, arglist, cause, solution"
                    )
                })?),
            };
            let file = match &raw.file {
                None => None,
                Some(pattern) => {
                    let pattern = pattern.trim_start_matches("./");
                    let glob = GlobBuilder::new(pattern)
                        .literal_separator(true)
                        .build()
                        .map_err(|error| format!("{name}: {place}: file {pattern:?}: {error}"))?;
                    Some((pattern.to_owned(), glob.compile_matcher()))
                }
            };
            accept.push(Accept {
                number,
                line: headers.get(index).copied().unwrap_or(0),
                kind,
                code: raw.code.clone(),
                file,
                field,
                reason,
            });
        }
        let max_file_size = match &raw.max_file_size {
            None => DEFAULT_MAX_FILE_SIZE,
            Some(value) => size(value).ok_or_else(|| {
                format!(
                    "{name}: max-file-size: write a number of bytes, or a size such as \"16MiB\""
                )
            })?,
        };
        Ok(Project {
            file: name,
            catalogs: raw.catalogs.iter().map(|path| resolve(path)).collect(),
            against: raw.against.iter().map(|path| resolve(path)).collect(),
            exclude: raw.exclude.clone(),
            baseline: raw.baseline.as_deref().map(resolve),
            max_file_size,
            kinds,
            categories,
            accept,
            previous: raw.previous.clone(),
            root,
        })
    }

    /// `file` (as findings name it) relative to the project's folder.
    pub(crate) fn relative(&self, file: &str) -> String {
        paths::text_of(&paths::relative_to(
            &paths::absolute(Path::new(file)),
            &self.root,
        ))
    }
}

/// The kind `name`, or an error naming the closest kind.
fn known_kind(file: &str, place: &str, name: &str) -> Result<Kind, String> {
    Kind::named(name).ok_or_else(|| {
        let names = Kind::all_names();
        let hint = errcat_syntax::closest(name, names.iter().copied())
            .map_or_else(String::new, |close| format!("; did you mean `{close}`?"));
        format!("{file}: {place}: `{name}` is no kind of finding{hint}")
    })
}

/// A size: a number of bytes, or a text such as `16MiB`, `512KiB`, `2MB`.
fn size(value: &toml::Value) -> Option<u64> {
    match value {
        toml::Value::Integer(bytes) => u64::try_from(*bytes).ok(),
        toml::Value::String(text) => {
            let text = text.trim();
            let digits = text
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(text.len());
            let number: u64 = text[..digits].parse().ok()?;
            let unit = match text[digits..].trim().to_ascii_lowercase().as_str() {
                "" | "b" => 1,
                "k" | "kb" => 1_000,
                "kib" => 1 << 10,
                "m" | "mb" => 1_000_000,
                "mib" => 1 << 20,
                "g" | "gb" => 1_000_000_000,
                "gib" => 1 << 30,
                _ => return None,
            };
            number.checked_mul(unit)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_in_bytes_or_units() {
        assert_eq!(size(&toml::Value::Integer(100)), Some(100));
        assert_eq!(size(&toml::Value::String("16MiB".into())), Some(16 << 20));
        assert_eq!(size(&toml::Value::String("2 MB".into())), Some(2_000_000));
        assert_eq!(size(&toml::Value::String("lots".into())), None);
        assert_eq!(size(&toml::Value::Integer(-1)), None);
    }
}
