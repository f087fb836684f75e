//! The C ABI renders what the Rust API renders, byte for byte: the same
//! reports made through `ReportErrMessage`/`ReportInterErrMessage` and
//! through `report_dynamic`/`report_internal` give the same texts, but for
//! the codes of CANN's compact table, which the C ABI renders in that
//! table's texts, and for repeats: the C ABI stores every report, as CANN's
//! `error_manager.c` does, where the Rust API keeps a repeat once, so the
//! Rust side reports here as the C ABI does, inside
//! `errcat::__private::keeping_repeats`.
//!
//! The functions are called here from Rust, through the rlib; the C
//! programs of `tests/c_abi.rs` call them from C.

use std::ffi::{CStr, CString, c_char};

use errcat_ffi::{
    ERRCODE_OK, ErrcodeRegisterCatalogJson, GetErrorMessage, GetWarningMessage, ReportErrMessage,
    ReportInterErrMessage,
};

/// One report, as both APIs take it.
enum Report<'a> {
    Defined(&'a str, &'a [(&'a str, &'a str)]),
    Internal(&'a str, &'a str),
}

fn through_c_abi(reports: &[Report<'_>]) -> (Option<String>, Option<String>) {
    for report in reports {
        match report {
            Report::Defined(code, args) => {
                let code = CString::new(*code).unwrap();
                let names: Vec<CString> = args
                    .iter()
                    .map(|(n, _)| CString::new(*n).unwrap())
                    .collect();
                let values: Vec<CString> = args
                    .iter()
                    .map(|(_, v)| CString::new(*v).unwrap())
                    .collect();
                let mut name_ptrs: Vec<*mut c_char> =
                    names.iter().map(|n| n.as_ptr().cast_mut()).collect();
                let mut value_ptrs: Vec<*mut c_char> =
                    values.iter().map(|v| v.as_ptr().cast_mut()).collect();
                // SAFETY: NUL-terminated strings and arrays of `args.len()`
                // elements, alive for the call.
                unsafe {
                    ReportErrMessage(
                        code.as_ptr(),
                        name_ptrs.as_mut_ptr(),
                        value_ptrs.as_mut_ptr(),
                        i32::try_from(args.len()).unwrap(),
                    )
                };
            }
            Report::Internal(code, message) => {
                let code = CString::new(*code).unwrap();
                let message = CString::new(*message).unwrap();
                // SAFETY: NUL-terminated strings alive for the call.
                unsafe { ReportInterErrMessage(code.as_ptr(), message.as_ptr()) };
            }
        }
    }
    let text = |ptr: *const c_char| {
        // SAFETY: a non-NULL result is NUL-terminated and valid until the
        // next call of the same function on this thread.
        (!ptr.is_null()).then(|| unsafe { CStr::from_ptr(ptr) }.to_str().unwrap().to_owned())
    };
    (text(GetErrorMessage()), text(GetWarningMessage()))
}

fn through_rust_api(reports: &[Report<'_>]) -> (Option<String>, Option<String>) {
    errcat::__private::keeping_repeats(|| {
        for report in reports {
            match report {
                Report::Defined(code, args) => errcat::report_dynamic(code, args).unwrap(),
                Report::Internal(code, message) => errcat::report_internal(code, message).unwrap(),
            }
        }
    });
    (errcat::take_error_message(), errcat::take_warning_message())
}

fn assert_same(reports: &[Report<'_>]) {
    let c = through_c_abi(reports);
    let rust = through_rust_api(reports);
    assert!(c.0.is_some() || c.1.is_some(), "nothing rendered");
    assert_eq!(c, rust);
}

#[test]
fn every_builtin_code_renders_alike() {
    // The first report through the C ABI registers the built-in catalog,
    // with the compact runtime's codes, which no Rust crate defines.
    assert_eq!(
        through_c_abi(&[Report::Defined("E10004", &[("parameter", "soc_version")])]),
        (
            Some("E10004: Value for [--soc_version] is empty.\r\n".to_owned()),
            None
        )
    );
    let defs: Vec<_> = errcat::registry().iter().collect();
    assert!(defs.len() >= 21, "{} codes", defs.len());
    for def in defs {
        // The codes of the compact runtime's table render that table's
        // texts through the C ABI, as CANN's error_manager.c does, not the
        // registry's (tests/c/compact_suite.c checks them).
        if errcat_ffi::compact_table_codes().contains(&def.code()) {
            continue;
        }
        let values: Vec<String> = def
            .fields()
            .iter()
            .map(|name| format!("<{name}>"))
            .collect();
        let args: Vec<(&str, &str)> = def
            .fields()
            .iter()
            .copied()
            .zip(values.iter().map(String::as_str))
            .collect();
        assert_same(&[Report::Defined(def.code(), &args)]);
    }
}

#[test]
fn tracebacks_internal_errors_duplicates_and_warnings_render_alike() {
    let json = CString::new(
        r#"{"error_info_list": [
            {"ErrCode": "WZ0100", "ErrMessage": "Rate %s is low.", "Arglist": "rate"},
            {"ErrCode": "EZ0101", "ErrMessage": "%s, %s and %s again: %s", "Arglist": "a, b, c, a"}
        ]}"#,
    )
    .unwrap();
    // SAFETY: a NUL-terminated string.
    assert_eq!(
        unsafe { ErrcodeRegisterCatalogJson(json.as_ptr(), 1) },
        ERRCODE_OK
    );
    let unicode = "é 中 🦀 \u{fffd}";
    assert_same(&[
        Report::Internal("E19999", "first, internal"),
        Report::Defined("EK0005", &[("param", "1MB")]),
        Report::Defined("WZ0100", &[("rate", "1Hz")]),
        Report::Defined("EZ0101", &[("c", "3"), ("b", "2"), ("a", unicode)]),
        Report::Defined("EK0005", &[("param", "1MB")]),
        Report::Internal("EK8888", "parameter check"),
        Report::Internal("WK9999", "internal warning"),
        Report::Defined("EK0005", &[("param", "%s %% {}\r\n")]),
        Report::Internal("E19999", "first, internal"),
    ]);
    // The internal error's repeat shows again; the headline's (`EK0005`)
    // is left out, as CANN leaves it.
    let (c, _) = through_c_abi(&[
        Report::Internal("E19999", "first, internal"),
        Report::Defined("EK0005", &[("param", "1MB")]),
        Report::Defined("EK0005", &[("param", "1MB")]),
        Report::Internal("E19999", "first, internal"),
    ]);
    assert_eq!(
        c.as_deref(),
        Some(
            "EK0005: Parameter 1MB is not supported.\r\n        TraceBack (most recent call last):\r\n        \
             first, internal\r\n        first, internal\r\n"
        )
    );
    let long = "x".repeat(5000);
    assert_same(&[
        Report::Internal("E19999", &long),
        Report::Defined("EK0005", &[("param", &long)]),
    ]);
}
