//! The runtime's modules import one way, downwards (the table in the
//! crate's docs): a module that reaches for one above it, or for an item
//! through the crate root instead of the module that holds it, fails here
//! with the file, the line and the two layers. Comments (doc links among
//! them) are not imports and are not read.

use std::path::{Path, PathBuf};

/// Each top-level module and its layer, from the bottom.
const LAYERS: &[(&str, u32)] = &[
    ("arg", 10),
    ("def", 10),
    ("layout", 10),
    ("time", 10),
    ("process", 10),
    ("limits", 10),
    ("writers", 10),
    ("registry", 20),
    ("store", 30),
    // Called by the report path, above the store it reads.
    ("trace", 35),
    ("current", 40),
    ("report", 50),
    // Built on `report` (or beside it): a definition's `Display`, streams and
    // scopes (which take from the current store), `serde` and `miette`.
    ("display", 60),
    ("stream", 60),
    ("integrations", 60),
];

/// The files of `store`, from the bottom.
const STORE_FILES: &[(&str, u32)] = &[
    ("table", 1),
    ("message", 2),
    ("pending", 3),
    ("lane", 4),
    ("shape", 5),
    ("render", 6),
    ("mod", 7),
];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

fn layer_of(module: &str) -> Option<u32> {
    LAYERS
        .iter()
        .find(|(name, _)| *name == module)
        .map(|&(_, layer)| layer)
}

/// The code of a line, without its comment.
fn code(line: &str) -> &str {
    line.find("//").map_or(line, |at| &line[..at])
}

/// Each `prefix` path in `text`'s code: the identifier after it, with its line.
fn paths_after<'a>(text: &'a str, prefix: &str) -> Vec<(usize, &'a str)> {
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let mut rest = code(line);
        while let Some(at) = rest.find(prefix) {
            let before = rest[..at].chars().next_back();
            rest = &rest[at + prefix.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            found.push((number + 1, &rest[..end]));
        }
    }
    found
}

#[test]
fn no_module_imports_one_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    files.sort();
    let mut faults = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap();
        let module = relative
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_str()
            .unwrap()
            .trim_end_matches(".rs");
        if module == "lib" {
            continue;
        }
        let layer = layer_of(module).unwrap_or_else(|| {
            panic!(
                "{}: module `{module}` is in no layer of LAYERS",
                file.display()
            )
        });
        let text = std::fs::read_to_string(file).unwrap();
        for (line, target) in paths_after(&text, "crate::") {
            match layer_of(target) {
                Some(target_layer) if target_layer < layer || target == module => {}
                Some(target_layer) => faults.push(format!(
                    "{}:{line}: `{module}` (layer {layer}) uses `crate::{target}` (layer {target_layer})",
                    relative.display()
                )),
                None => faults.push(format!(
                    "{}:{line}: `crate::{target}` goes through the crate root; name the module that holds it",
                    relative.display()
                )),
            }
        }
        if module == "store" {
            let file_rank = |name: &str| {
                STORE_FILES
                    .iter()
                    .find(|(file, _)| *file == name)
                    .map(|&(_, rank)| rank)
            };
            let own = relative.file_stem().unwrap().to_str().unwrap();
            let own_rank = file_rank(own)
                .unwrap_or_else(|| panic!("store/{own}.rs is in no rank of STORE_FILES"));
            // Inside an inline module (`mod ge { .. }`, `mod tests { .. }`),
            // `super::` is the file itself.
            let inline_from = text
                .lines()
                .position(|line| {
                    let line = line.trim_start();
                    line.starts_with("mod ") && line.trim_end().ends_with('{')
                })
                .map_or(usize::MAX, |index| index + 1);
            for (line, target) in paths_after(&text, "super::") {
                if line > inline_from {
                    continue;
                }
                // `super::X` from a file of `store` is `store::X`: a sibling
                // file, or an item that `store/mod.rs` re-exports from one.
                let rank = file_rank(target).unwrap_or(STORE_FILES[STORE_FILES.len() - 1].1);
                if own != "mod" && rank >= own_rank && target != own {
                    faults.push(format!(
                        "{}:{line}: store/{own}.rs uses `super::{target}`, which is not below it",
                        relative.display()
                    ));
                }
            }
        }
    }
    assert!(
        faults.is_empty(),
        "imports that go up:\n{}",
        faults.join("\n")
    );
}
