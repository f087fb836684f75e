//! Writes, in OUT_DIR, what `errcode codegen` prints for `hostile.json`,
//! whose texts try to become code: a title with a line break and Rust
//! after it, a bare `\r` and bidirectional controls (which rustc refuses
//! or denies in comments), and a file name with a line break and Rust.

use std::path::PathBuf;

/// The name `errcode codegen` writes in its header comment: a file may be
/// called this on Linux.
const NAME: &str = "hostile.json\n#[derive(Debug)] #[errcat::error_code(\"EZ7798\", message = \"Injected.\")] pub struct FromName; //";

fn main() -> Result<(), String> {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").map_err(|e| e.to_string())?);
    let out = PathBuf::from(std::env::var("OUT_DIR").map_err(|e| e.to_string())?);
    let path = manifest.join("hostile.json");
    println!("cargo::rerun-if-changed={}", path.display());
    println!("cargo::rerun-if-changed=build.rs");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let catalog = errcat_catalog::load(&text)
        .into_result()
        .map_err(|errors| format!("{}:\n{errors}", path.display()))?;
    let rust = catalog
        .to_rust(NAME)
        .map_err(|errors| format!("{}:\n{errors}", path.display()))?;
    let target = out.join("hostile.rs");
    std::fs::write(&target, rust).map_err(|e| format!("{}: {e}", target.display()))
}
