//! Writes, in OUT_DIR, what `errcode codegen` prints for the project's valid
//! example catalog and, when it is there, for the real CANN catalog without
//! its defective entry E61601, so that the crate compiles both.

use std::path::{Path, PathBuf};

fn main() -> Result<(), String> {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").map_err(|e| e.to_string())?);
    let out = PathBuf::from(std::env::var("OUT_DIR").map_err(|e| e.to_string())?);
    let valid = manifest.join("../../../ui-tests/catalogs/valid.json");
    println!("cargo::rerun-if-changed={}", valid.display());
    println!("cargo::rerun-if-changed=build.rs");
    write(&out.join("valid.rs"), &codegen(&valid, None)?)?;
    let shared = manifest.join("../../../../shared/cann/error_code.json");
    println!("cargo::rerun-if-changed={}", shared.display());
    let cann = if shared.exists() {
        format!(
            "/// Whether the real catalog was there to convert.\npub const AVAILABLE: bool = true;\n{}",
            codegen(&shared, Some("E61601"))?
        )
    } else {
        "/// Whether the real catalog was there to convert.\npub const AVAILABLE: bool = false;\n"
            .to_owned()
    };
    write(&out.join("cann.rs"), &cann)
}

/// The catalog at `path`, less the entry `skip`, as `errcode codegen` writes it.
fn codegen(path: &Path, skip: Option<&str>) -> Result<String, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut catalog = errcat_catalog::load(&text).catalog;
    catalog
        .entries
        .retain(|entry| Some(entry.code.as_str()) != skip);
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    catalog
        .to_rust(&name)
        .map_err(|errors| format!("{}:\n{errors}", path.display()))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}
