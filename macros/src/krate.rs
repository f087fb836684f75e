//! The path generated code names the `errcode` crate by: `::errcat`, or
//! the name the user's manifest gives it (`ec = { package = "errcat" }`).
//!
//! The manifest is read here rather than with `proc-macro-crate`, whose TOML
//! parser (`toml_edit`, `winnow`, `indexmap`) would double what every user
//! compiles for these macros. Only what Cargo accepts for a renamed
//! dependency is looked for: `KEY = { package = "errcat", ... }` and
//! `[dependencies.KEY]` with `package = "errcat"`, in any dependency table
//! (target-specific ones included), and `KEY = { workspace = true }` /
//! `KEY.workspace = true` resolved in the workspace's manifest.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

const PACKAGE: &str = "errcat";

/// `::errcat`, or `::NAME` for a dependency renamed to `NAME`.
pub(crate) fn path() -> TokenStream {
    let name = crate_name();
    let ident = Ident::new(&name, Span::call_site());
    quote!(::#ident)
}

fn crate_name() -> String {
    static CACHE: OnceLock<Mutex<HashMap<PathBuf, String>>> = OnceLock::new();
    let Some(dir) = std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from) else {
        return PACKAGE.to_owned();
    };
    let cache = CACHE.get_or_init(Mutex::default);
    if let Some(name) = cache.lock().ok().and_then(|cache| cache.get(&dir).cloned()) {
        return name;
    }
    let name = renamed_in(&dir).unwrap_or_else(|| PACKAGE.to_owned());
    if let Ok(mut cache) = cache.lock() {
        cache.insert(dir, name.clone());
    }
    name
}

/// The key under which the manifest in `dir` depends on `errcode` under
/// another name, if it does.
fn renamed_in(dir: &Path) -> Option<String> {
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).ok()?;
    let dependencies = Manifest::parse(&manifest);
    if let Some(key) = dependencies.renamed(PACKAGE) {
        return Some(key.replace('-', "_"));
    }
    let inherited = dependencies.inherited();
    if inherited.is_empty() {
        return None;
    }
    let workspace = dir.ancestors().skip(1).find_map(|ancestor| {
        let text = std::fs::read_to_string(ancestor.join("Cargo.toml")).ok()?;
        text.contains("[workspace").then_some(text)
    })?;
    let workspace = Manifest::parse(&workspace);
    inherited
        .into_iter()
        .find(|key| workspace.package_of(key) == Some(PACKAGE) && key != PACKAGE)
        .map(|key| key.replace('-', "_"))
}

/// The dependencies a manifest declares: each key, its `package` if it
/// renames one, and whether it is inherited from the workspace.
#[derive(Default, Debug)]
struct Manifest {
    dependencies: Vec<Dependency>,
}

#[derive(Default, Debug)]
struct Dependency {
    key: String,
    package: Option<String>,
    workspace: bool,
}

impl Manifest {
    fn parse(text: &str) -> Manifest {
        let mut manifest = Manifest::default();
        // The table the lines belong to: a dependency table, or
        // `[dependencies.KEY]` for one dependency.
        let mut table: Option<Table> = None;
        for line in text.lines() {
            let line = strip_comment(line).trim();
            if let Some(header) = line.strip_prefix('[') {
                let header = header.trim_start_matches('[').trim_end_matches(']').trim();
                table = Table::of(header);
                if let Some(Table::One(key)) = &table {
                    manifest.entry(key);
                }
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                continue;
            };
            let key = unquote(key.trim());
            let value = value.trim();
            match &table {
                Some(Table::Many) => {
                    // `KEY = { package = "..." }`, `KEY.package = "..."`,
                    // `KEY.workspace = true`.
                    let (key, field) = match key.split_once('.') {
                        Some((key, field)) => (unquote(key.trim()), Some(field.trim())),
                        None => (key, None),
                    };
                    let dependency = manifest.entry(&key);
                    match field {
                        Some("package") => dependency.package = Some(unquote(value)),
                        Some("workspace") => dependency.workspace = value == "true",
                        Some(_) => {}
                        None if value.starts_with('{') => {
                            let inline = value.trim_start_matches('{').trim_end_matches('}');
                            for pair in inline.split(',') {
                                if let Some((field, value)) = pair.split_once('=') {
                                    match unquote(field.trim()).as_str() {
                                        "package" => {
                                            dependency.package = Some(unquote(value.trim()))
                                        }
                                        "workspace" => {
                                            dependency.workspace = value.trim() == "true"
                                        }
                                        _ => {}
                                    }
                                }
                            }
                        }
                        None => {}
                    }
                }
                Some(Table::One(one)) => {
                    let one = one.clone();
                    let dependency = manifest.entry(&one);
                    match key.as_str() {
                        "package" => dependency.package = Some(unquote(value)),
                        "workspace" => dependency.workspace = value == "true",
                        _ => {}
                    }
                }
                None => {}
            }
        }
        manifest
    }

    fn entry(&mut self, key: &str) -> &mut Dependency {
        let index = match self
            .dependencies
            .iter()
            .position(|dependency| dependency.key == key)
        {
            Some(index) => index,
            None => {
                self.dependencies.push(Dependency {
                    key: key.to_owned(),
                    ..Dependency::default()
                });
                self.dependencies.len() - 1
            }
        };
        &mut self.dependencies[index]
    }

    /// The key of a dependency on `package` under another name.
    fn renamed(&self, package: &str) -> Option<&str> {
        self.dependencies
            .iter()
            .find(|dependency| {
                dependency.package.as_deref() == Some(package) && dependency.key != package
            })
            .map(|dependency| dependency.key.as_str())
    }

    /// The keys of dependencies inherited from the workspace.
    fn inherited(&self) -> Vec<String> {
        self.dependencies
            .iter()
            .filter(|dependency| dependency.workspace)
            .map(|dependency| dependency.key.clone())
            .collect()
    }

    fn package_of(&self, key: &str) -> Option<&str> {
        self.dependencies
            .iter()
            .find(|dependency| dependency.key == key)
            .and_then(|dependency| dependency.package.as_deref())
    }
}

/// A table of dependencies, or the table of one.
#[derive(Debug)]
enum Table {
    Many,
    One(String),
}

impl Table {
    /// `dependencies`, `dev-dependencies`, `build-dependencies`,
    /// `workspace.dependencies`, `target.'cfg(..)'.dependencies`, and
    /// `<one of those>.KEY`.
    fn of(header: &str) -> Option<Table> {
        const TABLES: [&str; 3] = ["dependencies", "dev-dependencies", "build-dependencies"];
        let parts = split_dotted(header);
        let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
        let rest: &[&str] = match parts.as_slice() {
            ["target", _, rest @ ..] | ["workspace", rest @ ..] => rest,
            rest => rest,
        };
        match rest {
            [table] if TABLES.contains(table) => Some(Table::Many),
            [table, key] if TABLES.contains(table) => Some(Table::One((*key).to_owned())),
            _ => None,
        }
    }
}

/// Splits a dotted key, keeping quoted parts (`'cfg(unix)'`) whole.
fn split_dotted(header: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut quote: Option<char> = None;
    for c in header.chars() {
        match (quote, c) {
            (Some(open), c) if c == open => quote = None,
            (Some(_), c) => current.push(c),
            (None, '"' | '\'') => quote = Some(c),
            (None, '.') => parts.push(std::mem::take(&mut current).trim().to_owned()),
            (None, c) => current.push(c),
        }
    }
    parts.push(current.trim().to_owned());
    parts
}

fn strip_comment(line: &str) -> &str {
    let mut quote: Option<char> = None;
    for (index, c) in line.char_indices() {
        match (quote, c) {
            (Some(open), c) if c == open => quote = None,
            (None, '"' | '\'') => quote = Some(c),
            (None, '#') => return &line[..index],
            _ => {}
        }
    }
    line
}

fn unquote(text: &str) -> String {
    text.trim()
        .trim_matches(|c| c == '"' || c == '\'')
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_an_inline_rename() {
        let manifest = Manifest::parse(
            "[package]\nname = \"app\"\n\n[dependencies]\nec = { package = \"errcat\", version = \"0.1\" } # renamed\nserde = \"1\"\n",
        );
        assert_eq!(manifest.renamed("errcat"), Some("ec"));
    }

    #[test]
    fn finds_a_rename_in_a_table_of_its_own_and_in_target_tables() {
        let manifest = Manifest::parse(
            "[dependencies.my-errcat]\nversion = \"0.1\"\npackage = \"errcat\"\n",
        );
        assert_eq!(manifest.renamed("errcat"), Some("my-errcat"));
        let manifest = Manifest::parse(
            "[target.'cfg(unix)'.dev-dependencies]\nec = { path = \"../errcode\", package = \"errcat\" }\n",
        );
        assert_eq!(manifest.renamed("errcat"), Some("ec"));
        let manifest =
            Manifest::parse("[dependencies]\nec.package = \"errcat\"\nec.version = \"0.1\"\n");
        assert_eq!(manifest.renamed("errcat"), Some("ec"));
    }

    #[test]
    fn a_plain_dependency_is_not_a_rename() {
        let manifest = Manifest::parse(
            "[dependencies]\nerrcat = { version = \"0.1\" }\n# ec = { package = \"errcat\" }\n",
        );
        assert_eq!(manifest.renamed("errcat"), None);
        let manifest = Manifest::parse("[package]\npackage = \"errcat\"\n");
        assert_eq!(manifest.renamed("errcat"), None);
    }

    #[test]
    fn follows_workspace_inheritance() {
        let member =
            Manifest::parse("[dependencies]\nec = { workspace = true }\nother.workspace = true\n");
        assert_eq!(member.inherited(), ["ec", "other"]);
        let workspace = Manifest::parse(
            "[workspace]\nmembers = [\"a\"]\n\n[workspace.dependencies]\nec = { package = \"errcat\", path = \"x\" }\n",
        );
        assert_eq!(workspace.package_of("ec"), Some("errcat"));
    }
}
