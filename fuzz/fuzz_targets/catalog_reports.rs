//! Registering any text as a catalog, then reporting every registered code
//! through `report_dynamic` with values made from the input: never a panic,
//! every code reports, and the rendering holds each report's message.
//! Catalogs are registered both ways: all or nothing, and entry by entry.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (bool, &str, &str)| {
    let (partial, json, value) = input;
    if partial {
        let _ = errcat::register_catalog_json_partial(json, 2);
    } else {
        let _ = errcat::register_catalog_json(json, 1);
    }
    for def in errcat::registry().iter() {
        let args: Vec<(&str, &str)> = def.fields().iter().map(|name| (*name, value)).collect();
        errcat::report_dynamic(def.code(), &args).expect("a registered code reports");
        let mut rendered = String::new();
        let taken = if def.is_warning() {
            errcat::write_warning_message(&mut rendered)
        } else {
            errcat::write_error_message(&mut rendered)
        };
        assert!(taken, "{} left nothing to take", def.code());
        assert!(rendered.starts_with(def.code()), "{rendered:?}");
        assert!(rendered.ends_with("\r\n"), "{rendered:?}");
    }
});
