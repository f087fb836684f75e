//! A crate that names errcode `ec` defines, reports and imports catalogs.

#[test]
fn a_renamed_dependency_works_for_every_macro() {
    assert_eq!(
        renamed::report_everything().as_deref(),
        Some(
            "ER0001: Renamed crate reports through the macro.\r\n\
             \x20       TraceBack (most recent call last):\r\n\
             \x20       Renamed crate reports by value.\r\n\
             \x20       Variant 7.\r\n\
             \x20       inner 1\r\n\
             \x20       Failed to allocate 4096B host memory.\r\n"
        )
    );
}
