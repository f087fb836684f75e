//! Makes the test copy of the real CANN catalog: the shared file (never
//! committed to this repository) without its one defective entry, E61601,
//! which `include_catalog!` rightly rejects. Writes, in OUT_DIR:
//!
//! - `error_code.json`, the copy;
//! - `catalog.rs`, which imports the copy and reports each of its codes
//!   through the compile-time checked report macro.
//!
//! Without the shared file, `catalog.rs` only says so, and the tests skip.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

const DEFECTIVE: &str = "E61601";

fn main() -> Result<(), String> {
    let manifest = PathBuf::from(env("CARGO_MANIFEST_DIR")?);
    let out = PathBuf::from(env("OUT_DIR")?);
    // The repository root is three folders up; shared/ sits beside it.
    let shared = manifest.join("../../../../shared/cann/error_code.json");
    println!("cargo::rerun-if-changed={}", shared.display());
    println!("cargo::rerun-if-changed=build.rs");
    let rust = if shared.exists() {
        let text = std::fs::read_to_string(&shared)
            .map_err(|error| format!("cannot read {}: {error}", shared.display()))?;
        let copy_text = without_entry(&text, DEFECTIVE)?;
        let copy = out.join("error_code.json");
        std::fs::write(&copy, &copy_text)
            .map_err(|error| format!("cannot write {}: {error}", copy.display()))?;
        import(&copy, &copy_text, &shared)?
    } else {
        format!(
            "/// Whether the shared catalog was there when this crate was built.\n\
             pub const AVAILABLE: bool = false;\n\
             /// Where it was looked for.\n\
             pub const SHARED: &str = {:?};\n\
             /// The copy without {DEFECTIVE}: none.\n\
             pub const COPY: &str = \"\";\n\
             /// Nothing to report without the catalog.\n\
             pub fn report_with_placeholders(_code: &str) -> bool {{ false }}\n",
            shared.display().to_string()
        )
    };
    let generated = out.join("catalog.rs");
    std::fs::write(&generated, rust)
        .map_err(|error| format!("cannot write {}: {error}", generated.display()))
}

fn env(name: &str) -> Result<String, String> {
    std::env::var(name).map_err(|_| format!("{name} is not set"))
}

/// The text without the lines of the entry of `code`: from its `{` line to
/// its `}` line, with the comma that joined it to its neighbours.
fn without_entry(text: &str, code: &str) -> Result<String, String> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let needle = format!("\"ErrCode\": \"{code}\"");
    let at = lines
        .iter()
        .position(|line| line.contains(&needle))
        .ok_or_else(|| format!("the shared catalog has no {code}: has it changed?"))?;
    let start = (0..at)
        .rev()
        .find(|&index| lines[index].trim() == "{")
        .ok_or_else(|| format!("no `{{` opens the entry of {code}"))?;
    // The entry closes at the same indentation as it opens; a nested
    // `suggestion` closes deeper.
    let indent = &lines[start][..lines[start].len() - lines[start].trim_start().len()];
    let end = (at..lines.len())
        .find(|&index| {
            let line = lines[index].trim_end();
            line.strip_prefix(indent)
                .is_some_and(|rest| rest == "}" || rest == "},")
        })
        .ok_or_else(|| format!("no `}}` closes the entry of {code}"))?;
    let mut kept: Vec<String> = lines[..start]
        .iter()
        .map(|line| (*line).to_owned())
        .collect();
    if lines[end].trim() == "}" {
        // The last entry: the one before it loses its comma.
        if let Some(previous) = kept.last_mut() {
            *previous = previous.replacen("},", "}", 1);
        }
    }
    kept.extend(lines[end + 1..].iter().map(|line| (*line).to_owned()));
    Ok(kept.concat())
}

/// `catalog.rs` for the copy: the import, and a report of each code with
/// `<name>` for each argument, through `msprof_env_error!`.
fn import(copy: &Path, copy_text: &str, shared: &Path) -> Result<String, String> {
    let catalog = errcat_catalog::load(copy_text)
        .into_result()
        .map_err(|errors| format!("the copy of the shared catalog has errors:\n{errors}"))?;
    let path = copy.to_str().ok_or("OUT_DIR is not valid UTF-8")?;
    let mut rust = format!(
        "/// Whether the shared catalog was there when this crate was built.\n\
         pub const AVAILABLE: bool = true;\n\
         /// Where it was read.\n\
         pub const SHARED: &str = {:?};\n\
         /// The copy without {DEFECTIVE}.\n\
         pub const COPY: &str = {path:?};\n\n\
         errcat::include_catalog!({path:?});\n\n\
         /// Reports `code` with `<name>` as the value of each argument; `false`\n\
         /// for a code the catalog does not have.\n\
         pub fn report_with_placeholders(code: &str) -> bool {{\n    match code {{\n",
        shared.display().to_string()
    );
    for entry in &catalog.entries {
        let definition = entry
            .definition()
            .map_err(|errors| format!("{}: {errors}", entry.code))?;
        let keys: Vec<String> = definition
            .fields
            .iter()
            .map(|name| format!("{name:?}"))
            .collect();
        let values: Vec<String> = definition
            .fields
            .iter()
            .map(|name| format!("\"<{name}>\""))
            .collect();
        let _ = writeln!(
            rust,
            "        {code:?} => errcat::msprof_env_error!({code:?}, [{}], [{}]),",
            keys.join(", "),
            values.join(", "),
            code = entry.code
        );
    }
    rust.push_str("        _ => return false,\n    }\n    true\n}\n");
    Ok(rust)
}
