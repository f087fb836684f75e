//! The code the macros generate, compiled under the strictest lints a user
//! may set, as `thiserror`'s `test_lints` does: bounded lifetimes,
//! deprecated fields, enums, keyword fields, sources, `include_catalog!` in
//! a private module, and report sites. `.ci/run` runs clippy on it with
//! `clippy::pedantic` and `clippy::nursery` denied below; and
//! [`generated_code_is_clippy_clean`] runs clippy itself over every form of
//! definition the guide shows (`tests/support/lint-forms`), since clippy's
//! lints on generated code (`deprecated_semver` on a `retired` version)
//! fail the crate of definitions, which a test of its own never compiles.

#![deny(
    warnings,
    missing_docs,
    unreachable_pub,
    single_use_lifetimes,
    unused_qualifications,
    deprecated,
    rust_2018_idioms
)]
#![deny(clippy::pedantic, clippy::nursery)]
// Clippy's nursery lint asks for `pub` where rustc's `unreachable_pub`
// (denied above) asks for `pub(crate)`: the two cannot both be met, by
// clippy's own documentation of the lint.
#![allow(clippy::redundant_pub_crate)]

mod definitions {
    use errcat::error_code;

    /// Two lifetimes, one bounded by the other.
    #[derive(Debug)]
    #[error_code("EL0001", message = "Copy from %s to %s failed.", args = "from,to")]
    pub(crate) struct CopyFailed<'a, 'b: 'a> {
        pub(crate) from: &'a str,
        pub(crate) to: &'b str,
    }

    /// A deprecated field.
    #[derive(Debug)]
    #[error_code("EL0002", message = "Option %s is deprecated.")]
    pub(crate) struct OldOption {
        #[deprecated = "use the new option"]
        #[allow(deprecated)]
        pub(crate) name: &'static str,
    }

    /// A keyword field and a source.
    #[derive(Debug)]
    #[error_code(
        "EL0003",
        message = "Cannot cast to %s.",
        solution = "Pick another type."
    )]
    pub(crate) struct CastFailed {
        pub(crate) r#type: String,
        #[source]
        pub(crate) source: std::num::ParseIntError,
    }

    /// An enum of definitions.
    #[derive(Debug)]
    #[error_code]
    pub(crate) enum DeviceError<'a> {
        /// A struct variant.
        #[error_code("EL0101", message = "Device %s was not found.")]
        NotFound {
            /// The device.
            device_id: u32,
        },
        /// A borrowed value and a keyword.
        #[error_code("EL0102", message = "Device %s has no %s.", args = "device_id,type")]
        Missing {
            /// The device.
            device_id: u32,
            /// What is missing.
            r#type: &'a str,
        },
        /// A unit variant, a warning.
        #[error_code("WL0103", message = "Device driver is old.")]
        OldDriver,
    }

    /// `include_catalog!` in a private module, with the visibility it says.
    pub(crate) mod catalog {
        errcat::include_catalog!(pub(crate) "ui-tests/catalogs/valid.json");
    }
}

use definitions::*;
use errcat::msprof_env_error;

#[test]
fn generated_code_is_lint_clean_and_works() {
    let to = String::from("/tmp/b");
    CopyFailed {
        from: "/tmp/a",
        to: &to,
    }
    .report();
    msprof_env_error!("EL0001", ["from", "to"], ["x", to.as_str()]);
    #[allow(deprecated)]
    let old = OldOption { name: "--legacy" };
    old.report();
    msprof_env_error!("EL0002", ["name"], ["--legacy"]);
    let source = "x".parse::<u32>().unwrap_err();
    CastFailed {
        r#type: "u32".to_owned(),
        source,
    }
    .report();
    msprof_env_error!("EL0101", ["device_id"], [7u32]);
    DeviceError::Missing {
        device_id: 1,
        r#type: "clock",
    }
    .report();
    DeviceError::OldDriver.report();
    msprof_env_error!("EX0201", ["buf_size"], ["4096B"]);
    assert_eq!(
        errcat::take_error_message().unwrap(),
        "EL0001: Copy from /tmp/a to /tmp/b failed.\r\n\
         \x20       TraceBack (most recent call last):\r\n\
         \x20       Copy from x to /tmp/b failed.\r\n\
         \x20       Option --legacy is deprecated.\r\n\
         \x20       Cannot cast to u32.\r\n\
         \x20       Device 7 was not found.\r\n\
         \x20       Device 1 has no clock.\r\n\
         \x20       Failed to allocate 4096B host memory.\r\n"
    );
    assert_eq!(
        errcat::take_warning_message().as_deref(),
        Some("WL0103: Device driver is old.\r\n")
    );
}

/// `cargo clippy` over `tests/support/lint-forms`, which denies warnings
/// and `clippy::pedantic` itself (on clippy's command line they would apply
/// to every crate of the workspace the run checks), in a target folder of
/// its own (this test's runs inside the one `cargo test` holds locked).
/// Skips, saying so, where clippy is not installed; fails with `CI=true`.
#[test]
fn generated_code_is_clippy_clean() {
    use std::process::Command;

    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let clippy = Command::new(&cargo).args(["clippy", "--version"]).output();
    if !clippy.is_ok_and(|output| output.status.success()) {
        skip::skip("clippy is not installed (`rustup component add clippy`)");
        return;
    }
    let output = Command::new(&cargo)
        .args([
            "clippy",
            "--quiet",
            "--package",
            "lint-forms",
            "--manifest-path",
        ])
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .arg("--target-dir")
        .arg(concat!(env!("CARGO_TARGET_TMPDIR"), "/lint-forms"))
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "clippy fails on the generated code of tests/support/lint-forms:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
