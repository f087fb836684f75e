//! A catalog imported into a binary with strict lints: the generated
//! structs, fields and hidden items raise no warning of their own.
#![deny(warnings, missing_docs)]

errcat::include_catalog!("../catalogs/valid.json");

fn main() {
    errcat::msprof_env_error!("EX0201", ["buf_size"], [format!("{}B", 64)]);
    assert_eq!(
        errcat::take_error_message().unwrap().lines().next(),
        Some("EX0201: Failed to allocate 64B host memory.")
    );
}
