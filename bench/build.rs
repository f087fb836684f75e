//! Writes `$OUT_DIR/generated_catalog.json`: a catalog of 10,000 codes in
//! the CANN `error_code.json` format, for the lookup benchmark.
//!
//! The bench registers it with `errcat::register_catalog_json` at start-up,
//! which builds the same `Registry` (and `CodeIndex`) that definitions
//! linked in through `inventory` get. Linking 10,000 definitions instead
//! would measure the same lookup but cost minutes of build: every
//! `inventory::submit!` is a constructor function of its own, and rustc takes
//! milliseconds for each (the macros' own compile-time cost is measured by
//! `tools/compile-cost`).

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

/// How many definitions to generate.
const COUNT: usize = 10_000;

/// Module characters of generated codes. `K` is left out: the bench's own
/// catalog and `errcat-profiling` define EK codes.
const MODULES: &[u8] = b"ABCDEFGHIJLMNOPQRSTUVWXYZ0123456789";

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::write(out.join("generated_catalog.json"), generate()).expect("OUT_DIR is writable");
    println!("cargo::rerun-if-changed=build.rs");
}

/// A small deterministic generator (64-bit LCG, high bits used), so that the
/// codes are scattered over the code space like a real catalog's, and the
/// same on every build.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, bound: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % bound as u64) as usize
    }
}

fn codes() -> Vec<String> {
    let mut rng = Lcg(0x5eed);
    let mut seen = std::collections::HashSet::new();
    let mut codes = Vec::with_capacity(COUNT);
    while codes.len() < COUNT {
        // Some warnings among the errors: both kinds share one registry.
        let severity = if rng.next(8) == 0 { 'W' } else { 'E' };
        let module = char::from(MODULES[rng.next(MODULES.len())]);
        let code = format!("{severity}{module}{:04}", rng.next(10_000));
        if seen.insert(code.clone()) {
            codes.push(code);
        }
    }
    codes
}

fn generate() -> String {
    let mut json = String::from("{\"error_info_list\": [\n");
    for (i, code) in codes().iter().enumerate() {
        // Zero to three arguments, like most real definitions.
        let arity = i % 4;
        let names: Vec<String> = (0..arity).map(|n| format!("arg{n}")).collect();
        let mut message = format!("Generated error {code}");
        for n in 0..arity {
            write!(message, " part {n} %s").unwrap();
        }
        message.push('.');
        if i > 0 {
            json.push_str(",\n");
        }
        write!(
            json,
            "  {{\"errClass\": \"Generated\", \"ErrCode\": \"{code}\", \
             \"ErrMessage\": \"{message}\", \"Arglist\": \"{}\"}}",
            names.join(",")
        )
        .unwrap();
    }
    json.push_str("\n]}\n");
    json
}
