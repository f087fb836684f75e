//! Registering a catalog in the CANN JSON format at run time.

use errcode_catalog::{CatalogErrors, Definition, Entry};

use crate::def::{ErrorDef, RawDef, SourceLocation};
use crate::registry::{Source, Written, publish};

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
/// assert_eq!(errcode::register_catalog_json(json, 1), Ok(1));
/// errcode::report_dynamic("EK0301", &[("interval", "1 ms"), ("metric", "aicore")]).unwrap();
/// assert_eq!(
///     errcode::take_error_message().unwrap(),
///     "EK0301: Sampling interval 1 ms is too short for aicore.\r\n        Solution: Use 10 ms or more.\r\n"
/// );
///
/// let errors = errcode::register_catalog_json(r#"{"error_info_list": [
///     {"ErrCode": "EK0302", "ErrMessage": "%s %s", "Arglist": "a"}
/// ]}"#, 1).unwrap_err();
/// assert_eq!(errors.to_string(), "2: EK0302: the message has 2 `%s` placeholders but Arglist names 1 (a)");
/// ```
pub fn register_catalog_json(json: &str, priority: u32) -> Result<usize, CatalogErrors> {
    let catalog = errcode_catalog::load(json).into_result()?;
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
    let additions: Vec<(&'static ErrorDef, Source)> = checked
        .into_iter()
        .map(|(entry, definition)| {
            let source = Source {
                priority,
                written: Some(Written {
                    layout: entry.layout,
                    arglist: leak(&entry.arglist),
                }),
            };
            (leak_def(entry, definition), source)
        })
        .collect();
    Ok(publish(|current| current.with(&additions)))
}

/// The definition of a checked entry, kept for the rest of the program.
fn leak_def(entry: &Entry, definition: Definition) -> &'static ErrorDef {
    let strings = |names: Vec<String>| -> &'static [&'static str] {
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
        warning: definition.kind.warning,
        internal: definition.kind.internal,
        title: entry.title.as_deref().map(leak),
        class: entry.class.as_deref().map(leak),
        message: leak(&entry.message),
        pieces: strings(definition.pieces),
        args: strings(definition.args),
        fields: strings(definition.fields),
        slots: Box::leak(definition.slots.into_boxed_slice()),
        cause: entry.cause().map(leak),
        solution: entry.solution().map(leak),
        location: SourceLocation::new(REGISTERED_FILE, entry.position.line, entry.position.column),
    };
    Box::leak(Box::new(ErrorDef::__from_raw(raw)))
}

fn leak(text: &str) -> &'static str {
    Box::leak(text.to_owned().into_boxed_str())
}
