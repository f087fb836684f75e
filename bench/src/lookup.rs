//! The lookup distribution of the third performance issue: 10,000 codes
//! registered at run time, `EM0000`–`EM4999` and `EN0000`–`EN4999` (two
//! modules, every number taken: what a runtime's own catalog looks like),
//! looked up in a shuffled order. The misses are `EM5000`–`EM9999` and
//! `EN5000`–`EN9999`: the same modules, never registered.
//!
//! It differs from the `lookup_10k` benchmark's catalog (`build.rs`: codes
//! scattered over 35 modules and both severities), so both are measured.

use std::fmt::Write as _;

/// How many codes the dense catalog registers, and how many misses there are.
pub const DENSE_COUNT: usize = 10_000;

/// The class of every dense definition, to pick them out of the registry.
pub const DENSE_CLASS: &str = "Dense";

/// The two modules, and the numbers each registers.
const MODULES: [char; 2] = ['M', 'N'];
const PER_MODULE: usize = DENSE_COUNT / MODULES.len();

/// The dense catalog in the CANN `error_code.json` format, for
/// `errcat::register_catalog_json`.
pub fn dense_catalog() -> String {
    let mut json = String::from("{\"error_info_list\": [\n");
    for (i, code) in codes(0).enumerate() {
        if i > 0 {
            json.push_str(",\n");
        }
        let _ = write!(
            json,
            "  {{\"errClass\": \"{DENSE_CLASS}\", \"ErrCode\": \"{code}\", \
             \"ErrMessage\": \"Dense lookup code {code}.\", \"Arglist\": \"\"}}"
        );
    }
    json.push_str("\n]}\n");
    json
}

/// The codes to look up, every one once, in a shuffled order (the same on
/// every run): the registered ones, or with `miss` the unregistered ones.
pub fn dense_queries(miss: bool) -> Vec<String> {
    let mut codes: Vec<String> = codes(if miss { PER_MODULE } else { 0 }).collect();
    // Fisher–Yates with a 64-bit LCG (high bits used).
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    for i in (1..codes.len()).rev() {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let j = ((state >> 33) % (i as u64 + 1)) as usize;
        codes.swap(i, j);
    }
    codes
}

/// `E{module}{number}` for both modules and the numbers `first..first + PER_MODULE`.
fn codes(first: usize) -> impl Iterator<Item = String> {
    MODULES.into_iter().flat_map(move |module| {
        (first..first + PER_MODULE).map(move |number| format!("E{module}{number:04}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn hits_are_the_two_dense_ranges_shuffled_and_misses_are_disjoint() {
        let hits = dense_queries(false);
        let misses = dense_queries(true);
        assert_eq!(hits.len(), DENSE_COUNT);
        assert_eq!(misses.len(), DENSE_COUNT);
        let hit_set: HashSet<&str> = hits.iter().map(String::as_str).collect();
        let miss_set: HashSet<&str> = misses.iter().map(String::as_str).collect();
        assert_eq!(hit_set.len(), DENSE_COUNT);
        assert_eq!(miss_set.len(), DENSE_COUNT);
        for code in ["EM0000", "EM4999", "EN0000", "EN4999"] {
            assert!(hit_set.contains(code), "{code}");
        }
        for code in ["EM5000", "EM9999", "EN5000", "EN9999"] {
            assert!(miss_set.contains(code), "{code}");
        }
        assert!(hit_set.is_disjoint(&miss_set));
        // Shuffled: not in code order.
        let mut sorted = hits.clone();
        sorted.sort();
        assert_ne!(hits, sorted);
    }

    #[test]
    fn the_dense_catalog_registers_every_hit_and_no_miss() {
        let registered = errcat::register_catalog_json(&dense_catalog(), 1)
            .expect("the dense catalog is valid");
        assert_eq!(registered, DENSE_COUNT);
        let registry = errcat::registry();
        for code in dense_queries(false) {
            let def = registry.get(&code).expect("every hit is registered");
            assert_eq!(def.code(), code);
            assert_eq!(def.class(), Some(DENSE_CLASS));
        }
        for code in dense_queries(true) {
            assert!(registry.get(&code).is_none(), "{code}");
        }
    }
}
