//! Registering any text as a catalog at run time: never a panic; either
//! every entry is registered and found, or an error lists what is wrong and
//! the registry is unchanged.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|json: &str| {
    let before: Vec<(&str, &str)> = errcat::registry()
        .iter()
        .map(|def| (def.code(), def.message()))
        .collect();
    match errcat::register_catalog_json(json, 1) {
        Ok(_) => {
            let after = errcat::registry();
            for (code, _) in &before {
                assert!(after.get(code).is_some(), "{code} vanished");
            }
        }
        Err(errors) => {
            assert!(!errors.to_string().is_empty());
            let after: Vec<(&str, &str)> = errcat::registry()
                .iter()
                .map(|def| (def.code(), def.message()))
                .collect();
            assert_eq!(before, after, "a rejected catalog changed the registry");
        }
    }
});
