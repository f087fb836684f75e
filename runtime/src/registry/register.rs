//! Registering a catalog in the CANN JSON format at run time.

use errcat_catalog::{CatalogErrors, DefectKind, Definition, Diagnostic, Entry};

use super::{self as registry, Provenance, Written, publish};
use crate::def::{ErrorDef, RawDef, SourceLocation};

/// The file a run-time definition's [`SourceLocation`] names; its line and
/// column are the entry's in the JSON text.
pub const REGISTERED_FILE: &str = "<register_catalog_json>";

/// Registers every entry of a catalog in the CANN `error_code.json` format,
/// all or nothing: the catalog is checked first, with the rules
/// `include_catalog!` and `errcode check` apply, and any error leaves the
/// registry as it was and comes back with every other one in
/// [`CatalogErrors`].
///
/// A code the registry already has is replaced only when `priority` is
/// strictly higher than the priority it was registered with; definitions
/// linked into the binary have priority 0. Returns how many entries took
/// effect (added or replacing).
///
/// Readers of [`registry()`](crate::registry) are never blocked: the
/// registration publishes a new snapshot of the registry at once, and reports
/// made from then on find its definitions. Definitions live for the rest of
/// the program (reports keep `&'static` references to them), and so does
/// each snapshot (readers may hold one): a registration costs its entries'
/// texts plus about 80 bytes per code of the registry it publishes. Register
/// a catalog in one call rather than entry by entry.
///
/// ```
/// let json = r#"{"error_info_list": [{
///     "errClass": "Profiling Errors",
///     "ErrCode": "EK0301",
///     "ErrMessage": "Sampling interval %s is too short for %s.",
///     "Arglist": "interval, metric",
///     "suggestion": {"Possible Cause": "N/A", "Solution": "Use 10 ms or more."}
/// }]}"#;
/// assert_eq!(errcat::register_catalog_json(json, 1), Ok(1));
/// errcat::report_dynamic("EK0301", &[("interval", "1 ms"), ("metric", "aicore")]).unwrap();
/// assert_eq!(
///     errcat::take_error_message().unwrap(),
///     "EK0301: Sampling interval 1 ms is too short for aicore.\r\n        Solution: Use 10 ms or more.\r\n"
/// );
///
/// let errors = errcat::register_catalog_json(r#"{"error_info_list": [
///     {"ErrCode": "EK0302", "ErrMessage": "%s %s", "Arglist": "a"}
/// ]}"#, 1).unwrap_err();
/// assert_eq!(errors.to_string(), "2: EK0302: the message has 2 `%s` placeholders but Arglist names 1 (a)");
/// ```
pub fn register_catalog_json(json: &str, priority: u32) -> Result<usize, CatalogErrors> {
    let catalog = errcat_catalog::load(json).into_result()?;
    let mut checked: Vec<(&Entry, Definition)> = Vec::with_capacity(catalog.entries.len());
    let mut errors = Vec::new();
    for entry in &catalog.entries {
        match entry.definition() {
            Ok(definition) => checked.push((entry, definition)),
            Err(entry_errors) => errors.extend(entry_errors),
        }
    }
    if let Some(errors) = CatalogErrors::from_diagnostics(&errors) {
        return Err(errors);
    }
    let differing = arguments_differ(&checked);
    if let Some(errors) = CatalogErrors::from_diagnostics(&differing) {
        return Err(errors);
    }
    Ok(register_checked(checked, priority))
}

/// What [`register_catalog_json_partial`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct PartialRegistration {
    /// How many entries took effect (added or replacing).
    pub applied: usize,
    /// The errors of the entries that were refused; `None` when every entry
    /// was registered.
    pub refused: Option<CatalogErrors>,
}

/// Registers every entry of a catalog that has no error, and refuses each
/// entry that has one, for a catalog that must be used even though some of
/// its entries are broken (the real CANN catalog has one). What was refused
/// comes back in [`PartialRegistration::refused`], so nothing is lost
/// silently; everything else is as [`register_catalog_json`] does it.
///
/// A text that is not a catalog at all (not JSON, no `error_info_list`
/// array) registers nothing and comes back as `Err`. An entry is refused for
/// an error of its own (a placeholder count, a malformed code) or for
/// sharing its code with another entry, which then is refused too.
///
/// ```
/// let outcome = errcat::register_catalog_json_partial(r#"{"error_info_list": [
///     {"ErrCode": "EK0303", "ErrMessage": "Ring %s is full.", "Arglist": "ring"},
///     {"ErrCode": "EK0304", "ErrMessage": "%s %s", "Arglist": "a"}
/// ]}"#, 1).unwrap();
/// assert_eq!(outcome.applied, 1);
/// assert_eq!(
///     outcome.refused.unwrap().to_string(),
///     "3: EK0304: the message has 2 `%s` placeholders but Arglist names 1 (a)"
/// );
/// assert!(errcat::registry().get("EK0303").is_some());
/// assert!(errcat::registry().get("EK0304").is_none());
/// ```
pub fn register_catalog_json_partial(
    json: &str,
    priority: u32,
) -> Result<PartialRegistration, CatalogErrors> {
    let loaded = errcat_catalog::load(json);
    // Findings that belong to no entry make the whole text unusable.
    let whole: Vec<Diagnostic> = loaded
        .diagnostics
        .iter()
        .filter(|diagnostic| {
            diagnostic.is_error() && diagnostic.code.is_none() && diagnostic.entry.is_none()
        })
        .cloned()
        .collect();
    if let Some(errors) = CatalogErrors::from_diagnostics(&whole) {
        return Err(errors);
    }
    let mut refused: Vec<Diagnostic> = loaded
        .diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.is_error())
        .cloned()
        .collect();
    let refused_codes: Vec<&str> = refused
        .iter()
        .filter_map(|diagnostic| diagnostic.code.as_deref())
        .collect();
    let mut checked: Vec<(&Entry, Definition)> = Vec::with_capacity(loaded.catalog.entries.len());
    let mut entry_errors = Vec::new();
    for entry in &loaded.catalog.entries {
        if refused_codes.contains(&entry.code.as_str()) {
            continue;
        }
        match entry.definition() {
            Ok(definition) => checked.push((entry, definition)),
            Err(errors) => entry_errors.extend(errors),
        }
    }
    refused.extend(entry_errors);
    let differing = arguments_differ(&checked);
    checked.retain(|(entry, _)| {
        !differing
            .iter()
            .any(|diagnostic| diagnostic.code.as_deref() == Some(entry.code.as_str()))
    });
    refused.extend(differing);
    refused.sort_by_key(|diagnostic| diagnostic.position);
    Ok(PartialRegistration {
        applied: register_checked(checked, priority),
        refused: CatalogErrors::from_diagnostics(&refused),
    })
}

/// The entries that name other arguments than a definition of their code
/// compiled into the program: a report of the code supplies the compiled
/// arguments, so the entry's message could not be filled in.
fn arguments_differ(checked: &[(&Entry, Definition)]) -> Vec<Diagnostic> {
    let compiled = registry::compiled();
    let mut findings = Vec::new();
    for (entry, definition) in checked {
        for def in compiled.compiled_definitions(&entry.code) {
            let mut theirs: Vec<&str> = def.fields().to_vec();
            let mut ours: Vec<&str> = definition.fields.iter().map(String::as_str).collect();
            theirs.sort_unstable();
            ours.sort_unstable();
            if theirs != ours {
                findings.push(Diagnostic::new(
                    DefectKind::ArgumentsDiffer,
                    entry.position,
                    Some(entry.code.clone()),
                    None,
                    format!(
                        "Arglist names {}, but the definition compiled into the program at {} has the arguments {}; \
                         an entry that replaces it must name the same arguments",
                        list(&definition.args),
                        def.location(),
                        list(def.args()),
                    ),
                ));
                break;
            }
        }
    }
    findings
}

fn list(names: &[impl AsRef<str>]) -> String {
    if names.is_empty() {
        return "none".to_owned();
    }
    let names: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
    format!("({})", names.join(", "))
}

/// Publishes the definitions of checked entries that take effect, and
/// returns how many did. Only those are kept for the rest of the program;
/// when none does, nothing is published.
fn register_checked(checked: Vec<(&Entry, Definition)>, priority: u32) -> usize {
    publish(|current| {
        let candidates: Vec<(&str, u32)> = checked
            .iter()
            .map(|(entry, _)| (entry.code.as_str(), priority))
            .collect();
        let applying = current.applying(&candidates);
        if applying.is_empty() {
            return (None, 0);
        }
        let additions: Vec<(&'static ErrorDef, Provenance)> = applying
            .iter()
            .filter_map(|&index| checked.get(index))
            .filter_map(|(entry, definition)| {
                let def = leak_def(entry, definition)?;
                let source = Provenance {
                    priority,
                    written: Some(Written {
                        layout: entry.layout.bits(),
                        arglist: leak(&entry.arglist),
                    }),
                };
                Some((def, source))
            })
            .collect();
        (Some(current.with(&additions)), additions.len())
    })
}

/// The definition of a checked entry, kept for the rest of the program.
fn leak_def(entry: &Entry, definition: &Definition) -> Option<&'static ErrorDef> {
    let strings = |names: &[String]| -> &'static [&'static str] {
        Box::leak(
            names
                .iter()
                .map(|name| leak(name))
                .collect::<Vec<_>>()
                .into_boxed_slice(),
        )
    };
    let raw = RawDef {
        code: leak(&entry.code),
        title: entry.title.as_deref().map(leak),
        class: entry.class.as_deref().map(leak),
        message: leak(&entry.message),
        pieces: strings(&definition.pieces),
        args: strings(&definition.args),
        fields: strings(&definition.fields),
        slots: Box::leak(definition.slots.clone().into_boxed_slice()),
        cause: entry.cause().map(leak),
        solution: entry.solution().map(leak),
        location: SourceLocation::new(REGISTERED_FILE, entry.position.line, entry.position.column),
    };
    // A checked entry's parts always agree; were they not to, the entry
    // would be left out rather than panic.
    ErrorDef::__new(raw).map(|def| &*Box::leak(Box::new(def)))
}

fn leak(text: &str) -> &'static str {
    Box::leak(text.to_owned().into_boxed_str())
}
