//! The catalog the C library ships with, registered on first use.
//!
//! It is the CANN "Profiling Errors" catalog of `errcat-profiling`
//! (EK0001–EK0007, EK0201–EK0204, EK9999, with the texts of CANN's
//! `error_code.json`), plus the codes of the compact runtime's own table
//! (`crate::compact::TABLE`) that are not Profiling codes, with that
//! table's texts, so that every call site of the C error manager keeps a
//! definition. The compact ABI renders every code of that table in the
//! table's own texts (`crate::compact`); the C++ framework and Rust see
//! these definitions.
//!
//! The definitions are registered explicitly, at priority 0, rather than
//! found through `inventory`: a C linker pulls out of `liberrcat_ffi.a`
//! only the object files that resolve a symbol, and the constructors that
//! register `#[error_code]` definitions are not among them.

use std::sync::OnceLock;

use errcat::catalog::{Catalog, Entry, Layout, Suggestion};
use errcat::{ErrorCode, ErrorDef};
use errcat_profiling as profiling;

/// The definitions of `errcat-profiling`.
pub(crate) fn profiling_defs() -> [&'static ErrorDef; 12] {
    [
        profiling::InvalidArgument::default().definition(),
        profiling::InvalidApiCallSequence::default().definition(),
        profiling::ConfigError::default().definition(),
        profiling::NotSupportedApi::default().definition(),
        profiling::NotSupported::default().definition(),
        profiling::NullPointer::default().definition(),
        profiling::ModeConflict::default().definition(),
        profiling::InsufficientHostMemory::default().definition(),
        profiling::HostMemoryOperationFailed::default().definition(),
        profiling::ThreadCreationFailed::default().definition(),
        profiling::InsufficientDiskSpace::default().definition(),
        profiling::SystemTerminated.definition(),
    ]
}

/// The built-in catalog as CANN JSON.
pub(crate) fn catalog() -> Catalog {
    let profiling = profiling_defs().into_iter().map(|def| {
        entry(
            def.class(),
            def.title(),
            def.code(),
            def.message(),
            def.args().join(","),
            // CANN's error_code.json gives each of them a suggestion,
            // "N/A" where it has no text, and raw items show it so.
            Some(Suggestion::new(
                def.cause().map(str::to_owned),
                def.solution().map(str::to_owned),
            )),
        )
    });
    // The codes of the compact runtime's table that are not Profiling
    // codes, with that table's texts.
    let profiling_codes = profiling_defs().map(ErrorDef::code);
    let compact = crate::compact::TABLE
        .iter()
        .filter(move |compact| !profiling_codes.contains(&compact.code))
        .map(|compact| {
            entry(
                Some(compact.class),
                None,
                compact.code,
                compact.message,
                compact.args.join(","),
                (compact.cause.is_some() || compact.solution.is_some()).then(|| {
                    Suggestion::new(
                        compact.cause.map(str::to_owned),
                        compact.solution.map(str::to_owned),
                    )
                }),
            )
        });
    Catalog::new(profiling.chain(compact).collect())
}

fn entry(
    class: Option<&str>,
    title: Option<&str>,
    code: &str,
    message: &str,
    arglist: String,
    suggestion: Option<Suggestion>,
) -> Entry {
    let mut entry = Entry::new(code, message, arglist);
    entry.class = class.map(str::to_owned);
    entry.title = title.map(str::to_owned);
    entry.layout = Layout::canonical(class.is_some(), title.is_some(), suggestion.is_some());
    entry.suggestion = suggestion;
    entry
}

/// Registers the built-in catalog, once per process, before anything else
/// is registered or reported through the C ABI.
pub(crate) fn ensure_registered() {
    static REGISTERED: OnceLock<()> = OnceLock::new();
    REGISTERED.get_or_init(|| {
        // Checked by the tests: the built-in catalog has no error.
        let _ = crate::written::register(&catalog().to_json(), 0);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_catalog_registers_whole() {
        let json = catalog().to_json();
        let loaded = errcat::catalog::load(&json);
        assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
        assert_eq!(loaded.catalog.entries.len(), 21);
        ensure_registered();
        for code in [
            "EK0001", "EK0002", "EK0003", "EK0004", "EK0005", "EK0006", "EK0007", "EK0201",
            "EK0202", "EK0203", "EK0204", "EK9999", "E10001", "E10004", "E10055", "E19001",
            "E19025", "EE1001", "EH0001", "EH0002", "EH0003",
        ] {
            assert!(errcat::registry().get(code).is_some(), "{code}");
        }
    }

    #[test]
    fn every_profiling_definition_is_built_in() {
        // This binary links errcat-profiling through `inventory` as well:
        // every Profiling code the registry has must be in the list.
        let listed: Vec<&str> = profiling_defs().iter().map(|def| def.code()).collect();
        let linked: Vec<&str> = errcat::registry()
            .iter()
            .filter(|def| def.class() == Some("Profiling Errors"))
            .map(|def| def.code())
            .collect();
        assert!(!linked.is_empty());
        for code in linked {
            assert!(
                listed.contains(&code),
                "{code} is missing from profiling_defs()"
            );
        }
    }

    #[test]
    fn the_compact_table_keeps_every_call_site_of_the_c_error_manager() {
        // ERROR_MAP of error_manager.c, by code and arguments.
        let table: [(&str, &[&str]); 15] = [
            ("E10001", &["value", "parameter", "reason"]),
            ("E10004", &["parameter"]),
            ("E10055", &["reason"]),
            ("E19001", &["file", "errMsg"]),
            ("E19025", &["reason"]),
            ("EE1001", &["extendInfo"]),
            ("EH0001", &["value", "param", "reason"]),
            ("EH0002", &["param"]),
            ("EH0003", &["path", "reason"]),
            ("EK0001", &["value", "param", "reason"]),
            ("EK0002", &["intf1", "intf2"]),
            ("EK0003", &["config", "value", "reason"]),
            ("EK0004", &["intf", "platform"]),
            ("EK0201", &["buf_size"]),
            ("EK9999", &[]),
        ];
        ensure_registered();
        for (code, names) in table {
            let def = errcat::registry().get(code).unwrap();
            // A call site that gives the table's names gives every argument.
            for field in def.fields() {
                assert!(names.contains(field), "{code}: {field}");
            }
        }
    }
}
