//! Every catalog the library registers (built in, from a file, from C or
//! C++) goes through [`register`], which also keeps, for each definition it
//! put in force, the cause and solution as the catalog wrote them: CANN's
//! raw items (`GetErrMgrRawErrorMessages`, `GetRawErrorMessages`) hand them
//! out so, `"N/A"` included, and `""` for an entry without a `suggestion`.
//! The registry reads `"N/A"` as no text, which is what rendering needs.

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

use errcat::{CatalogErrors, ErrorDef, PartialRegistration};

/// A definition's suggestion as written: (cause, solution).
type Texts = (Box<str>, Box<str>);

/// By the address of each definition a registration here put in force.
/// Definitions live as long as the process, and so do their addresses.
/// The lock also keeps two registrations from interleaving, so that each
/// sees which definitions it changed.
static WRITTEN: Mutex<BTreeMap<usize, Texts>> = Mutex::new(BTreeMap::new());

/// What `"N/A"` stands for in a catalog's `suggestion`.
const NOT_APPLICABLE: &str = "N/A";

fn key(def: &'static ErrorDef) -> usize {
    core::ptr::from_ref(def) as usize
}

/// Registers `json` as `errcat::register_catalog_json_partial` does, and
/// keeps the written suggestion of each definition it puts in force.
pub(crate) fn register(json: &str, priority: u32) -> Result<PartialRegistration, CatalogErrors> {
    let mut written = WRITTEN.lock().unwrap_or_else(PoisonError::into_inner);
    let loaded = errcat::catalog::load(json);
    let registry = errcat::registry();
    let before: Vec<Option<usize>> = loaded
        .catalog
        .entries
        .iter()
        .map(|entry| registry.get(&entry.code).map(key))
        .collect();
    let outcome = errcat::register_catalog_json_partial(json, priority)?;
    let registry = errcat::registry();
    for (entry, before) in loaded.catalog.entries.iter().zip(before) {
        let Some(def) = registry.get(&entry.code) else {
            continue;
        };
        let after = key(def);
        // A definition this registration put in force, or one already in
        // force (linked in, say) that the entry describes and that has no
        // written texts yet: the built-in catalog's for the Profiling codes.
        let describes = written.get(&after).is_none() && def.message() == entry.message;
        if Some(after) == before && !describes {
            continue;
        }
        let texts = match &entry.suggestion {
            Some(suggestion) => (
                suggestion.cause.as_deref().unwrap_or(NOT_APPLICABLE).into(),
                suggestion
                    .solution
                    .as_deref()
                    .unwrap_or(NOT_APPLICABLE)
                    .into(),
            ),
            None => (Box::from(""), Box::from("")),
        };
        written.insert(after, texts);
    }
    Ok(outcome)
}

/// Keeps `cause` and `solution` as the texts a raw item of `def` shows:
/// for a definition made for an item given to `SetRawErrorMessages`.
pub(crate) fn remember(def: &'static ErrorDef, cause: &str, solution: &str) {
    let mut written = WRITTEN.lock().unwrap_or_else(PoisonError::into_inner);
    written.insert(key(def), (cause.into(), solution.into()));
}

/// The cause and solution of `def` as a raw item shows them: as its
/// catalog wrote them, or, for a definition registered elsewhere, its own
/// texts (`""` when it has none).
pub(crate) fn cause_and_solution(def: &'static ErrorDef) -> (String, String) {
    let written = WRITTEN.lock().unwrap_or_else(PoisonError::into_inner);
    match written.get(&key(def)) {
        Some((cause, solution)) => (cause.to_string(), solution.to_string()),
        None => (
            def.cause().unwrap_or_default().to_owned(),
            def.solution().unwrap_or_default().to_owned(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_profiling_codes_keep_cannes_not_applicable() {
        crate::builtin::ensure_registered();
        let def = errcat::registry().get("EK0003").expect("built in");
        assert_eq!(
            cause_and_solution(def),
            ("N/A".to_owned(), "N/A".to_owned())
        );
        let def = errcat::registry().get("EK0204").expect("built in");
        assert_eq!(cause_and_solution(def).0, "N/A");
        assert!(cause_and_solution(def).1.starts_with("At least 20MB"));
    }

    #[test]
    fn a_registered_entry_keeps_its_suggestion_as_written() {
        let json = r#"{"error_info_list": [
            {"ErrCode": "EZ8101", "ErrMessage": "A %s.", "Arglist": "a",
             "suggestion": {"Possible Cause": "N/A", "Solution": "Fix it."}},
            {"ErrCode": "EZ8102", "ErrMessage": "B.", "Arglist": ""}
        ]}"#;
        register(json, 1).expect("a catalog");
        let a = errcat::registry().get("EZ8101").expect("registered");
        assert_eq!(
            cause_and_solution(a),
            ("N/A".to_owned(), "Fix it.".to_owned())
        );
        let b = errcat::registry().get("EZ8102").expect("registered");
        assert_eq!(cause_and_solution(b), (String::new(), String::new()));
    }
}
