//! Definitions, report sites and a catalog in a crate that names errcode
//! `ec`: the generated code finds the crate by the manifest's name for it.

use ec::{error_code, msprof_env_error};

/// A definition.
#[derive(Debug)]
#[error_code("ER0001", message = "Renamed crate reports %s.")]
pub struct Renamed {
    /// What is reported.
    pub what: String,
}

/// An enum of definitions.
#[derive(Debug)]
#[error_code]
pub enum RenamedEnum {
    /// A variant.
    #[error_code("ER0002", message = "Variant %s.")]
    Variant {
        /// Its value.
        value: u32,
    },
}

/// A catalog.
pub mod catalog {
    ec::include_catalog!("../../../ui-tests/catalogs/valid.json");
}

/// Reports through the macros, the values and the catalog; returns the message.
pub fn report_everything() -> Option<String> {
    msprof_env_error!("ER0001", ["what"], ["through the macro"]);
    Renamed {
        what: "by value".into(),
    }
    .report();
    msprof_env_error!("ER0002", ["value"], [7u32]);
    ec::report_inner_error!("ER9999", "inner {}", 1);
    msprof_env_error!("EX0201", ["buf_size"], ["4096B"]);
    ec::take_error_message()
}
