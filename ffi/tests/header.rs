//! The checked-in header is what cbindgen generates from the crate now.
//!
//! `ERRCODE_BLESS=1 cargo test -p errcat-ffi --test header` rewrites it.

use std::fs;
use std::path::Path;

#[test]
fn the_checked_in_header_is_what_cbindgen_generates() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml"))
        .unwrap_or_else(|error| panic!("ffi/cbindgen.toml: {error}"));
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .generate()
        .unwrap_or_else(|error| panic!("cbindgen failed on ffi/src/lib.rs: {error}"));
    let mut generated = Vec::new();
    bindings.write(&mut generated);
    let generated = String::from_utf8(generated).expect("cbindgen writes UTF-8");

    let path = dir.join("include/errcode/compact_error_manager.h");
    let checked_in = fs::read_to_string(&path).unwrap_or_default();
    if generated == checked_in {
        return;
    }
    if std::env::var_os("ERRCODE_BLESS").is_some_and(|value| value == "1") {
        fs::write(&path, &generated).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        println!("rewrote {}", path.display());
        return;
    }
    let line = generated
        .lines()
        .zip(checked_in.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| generated.lines().count().min(checked_in.lines().count()));
    panic!(
        "ffi/include/errcode/compact_error_manager.h differs from what cbindgen generates now, \
         first at line {}:\n  checked in: {:?}\n  generated:  {:?}\n\
         ({} lines checked in, {} generated.) If the change is intended, regenerate it with\n  \
         ERRCODE_BLESS=1 cargo test -p errcat-ffi --test header\nand review the diff.",
        line + 1,
        checked_in.lines().nth(line).unwrap_or("<end of file>"),
        generated.lines().nth(line).unwrap_or("<end of file>"),
        checked_in.lines().count(),
        generated.lines().count(),
    );
}
