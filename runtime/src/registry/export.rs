//! The registry as a catalog, to write out in the JSON format or as Markdown.

use errcat_catalog::{Catalog, Entry, Layout, Suggestion};

use super::{Provenance, Registry};
use crate::def::ErrorDef;

impl Registry {
    /// Every definition as an entry of a catalog in the CANN JSON format, in
    /// code order: write it with [`Catalog::to_json`](crate::catalog::Catalog::to_json) or
    /// [`Catalog::to_markdown`](crate::catalog::Catalog::to_markdown).
    ///
    /// An entry imported from a catalog (`include_catalog!`,
    /// [`register_catalog_json`](crate::register_catalog_json)) is written as
    /// it was read: the same field order, `Arglist` as written and `"N/A"`
    /// where the suggestion had it, so that importing the export gives the
    /// same entries. An `#[error_code]` definition is written in the order
    /// most CANN entries use, with `"N/A"` for the missing half of a
    /// suggestion.
    ///
    /// ```
    /// # #[derive(Debug)]
    /// # #[errcat::error_code("EK0204", title = "Resource_Error", class = "Profiling Errors",
    /// #     message = "Insufficient disk space. Reason: %s.",
    /// #     solution = "At least 20MB storage space is required.")]
    /// # pub struct InsufficientDiskSpace { pub reason: String }
    /// let catalog = errcat::registry().to_catalog();
    /// let entry = catalog.get("EK0204").unwrap();
    /// assert_eq!(entry.arglist, "reason");
    /// assert!(catalog.to_json().contains(
    ///     "\"suggestion\": {\n        \"Possible Cause\": \"N/A\",\n        \"Solution\": \"At least 20MB storage space is required.\"\n      }"
    /// ));
    /// ```
    pub fn to_catalog(&self) -> Catalog {
        Catalog::new(
            self.iter_provenances()
                .map(|(def, source)| entry_of(def, source))
                .collect(),
        )
    }
}

fn entry_of(def: &'static ErrorDef, source: Provenance) -> Entry {
    let written = source.written;
    let has_suggestion = match written {
        Some(written) => Layout::from_bits(written.layout).has(errcat_catalog::Key::Suggestion),
        None => def.cause().is_some() || def.solution().is_some(),
    };
    let layout = written.map_or_else(
        || Layout::canonical(def.class().is_some(), def.title().is_some(), has_suggestion),
        |written| Layout::from_bits(written.layout),
    );
    let mut entry = Entry::new(
        def.code(),
        def.message(),
        written.map_or_else(
            || def.args().join(","),
            |written| written.arglist.to_owned(),
        ),
    );
    entry.class = def.class().map(str::to_owned);
    entry.title = def.title().map(str::to_owned);
    entry.suggestion = has_suggestion.then(|| {
        Suggestion::new(
            def.cause().map(str::to_owned),
            def.solution().map(str::to_owned),
        )
    });
    entry.layout = layout;
    entry
}
