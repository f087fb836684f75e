//! Test support: the output of `errcode codegen`, compiled.

/// `errcode codegen ui-tests/catalogs/valid.json`.
pub mod valid {
    include!(concat!(env!("OUT_DIR"), "/valid.rs"));
}

/// `errcode codegen` of the real CANN catalog without E61601, when it is there.
pub mod cann {
    include!(concat!(env!("OUT_DIR"), "/cann.rs"));
}
