//! A definition of very many arguments, reported by name in any order
//! (issue 40): matching the names given with the definition's takes time
//! linear in their number (n log n at most), not quadratic. One report of
//! 100,000 arguments given in reverse took 14 s.
//!
//! The growth tests report definitions of n, 2n, 4n and 8n arguments, the
//! names given in reverse, and the processor time of the calling thread (the
//! least of three runs) must grow at most 24 times from n to 8n: linear
//! growth is 8 times, quadratic 64, as `cli/tests/growth.rs` bounds the
//! checker. No time is compared with a threshold of its own.
//!
//! Both ways in are covered: the C ABI's `ReportErrMessage`, and
//! `errcode_ffi_ge_report_predefined`, which the C++ framework's
//! `ReportPredefinedErrMsg` and `ErrorManager::ReportErrMessage` (a
//! `std::map`, so its keys sorted by name) call.

use std::ffi::{CStr, CString, c_char};
use std::sync::OnceLock;
use std::time::Duration;

use errcat_bench::stats::thread_cpu_time;
use errcat_ffi::{
    ERRCODE_OK, ErrcodeLastError, ErrcodeRegisterCatalogJson, GetErrorMessage, ReportErrMessage,
};

unsafe extern "C" {
    /// The C++ framework's report by name (`src/ge.rs`), exported by the
    /// library for `src/err_msg.cc`.
    fn errcode_ffi_ge_report_predefined(
        work_stream_id: u64,
        code: *const c_char,
        keys: *const *const c_char,
        values: *const *const c_char,
        count: usize,
    ) -> i32;
}

/// Arguments per definition at n; the growth tests go up to 8n.
const N: usize = 10_000;

/// The definitions: `EK0290` with 100,000 arguments, and `EK0291`-`EK0294`
/// with n, 2n, 4n and 8n, each `a0`, `a1`, ... with a template of as many
/// `%s` separated by spaces; `EK0295` with two. Registered once for every
/// test.
fn registered() {
    static ONCE: OnceLock<()> = OnceLock::new();
    ONCE.get_or_init(|| {
        // The C++ framework raises the process's message limit to 64 KiB
        // when first used, which a test of the framework here may do at any
        // moment: raised first, every report of this binary is cut at the
        // same length, whichever test runs first (a C ABI report cut at
        // 1 KiB was once compared with a Rust one cut at 64 KiB).
        errcat::set_limits(errcat::limits().with_max_message_bytes(64 << 10)).unwrap();
        let entry = |code: &str, count: usize| {
            let names: Vec<String> = (0..count).map(|i| format!("a{i}")).collect();
            format!(
                r#"{{"ErrCode": "{code}", "ErrMessage": "{}", "Arglist": "{}"}}"#,
                vec!["%s"; count].join(" "),
                names.join(",")
            )
        };
        let entries = [
            entry("EK0290", 100_000),
            entry("EK0291", N),
            entry("EK0292", 2 * N),
            entry("EK0293", 4 * N),
            entry("EK0294", 8 * N),
            r#"{"ErrCode": "EK0295", "ErrMessage": "b is %s, a is %s", "Arglist": "b,a"}"#
                .to_owned(),
        ];
        let json = format!(r#"{{"error_info_list": [{}]}}"#, entries.join(", "));
        let json = CString::new(json).unwrap();
        // SAFETY: a NUL-terminated string alive for the call.
        let status = unsafe { ErrcodeRegisterCatalogJson(json.as_ptr(), 1) };
        assert_eq!(status, ERRCODE_OK, "{:?}", last_error());
    });
}

fn last_error() -> Option<String> {
    let text = ErrcodeLastError();
    // SAFETY: NULL or a NUL-terminated string valid until the next call.
    (!text.is_null()).then(|| {
        unsafe { CStr::from_ptr(text) }
            .to_string_lossy()
            .into_owned()
    })
}

/// The names `a0`..`a{count-1}` and their values `v0`.., in the order of
/// `places`, as C strings.
struct Arrays {
    _strings: Vec<CString>,
    names: Vec<*mut c_char>,
    values: Vec<*mut c_char>,
}

impl Arrays {
    fn new(places: impl Iterator<Item = usize>) -> Self {
        let mut strings = Vec::new();
        let mut names = Vec::new();
        let mut values = Vec::new();
        for place in places {
            let name = CString::new(format!("a{place}")).unwrap();
            let value = CString::new(format!("v{place}")).unwrap();
            // A CString's buffer does not move when the CString does.
            names.push(name.as_ptr().cast_mut());
            values.push(value.as_ptr().cast_mut());
            strings.push(name);
            strings.push(value);
        }
        Arrays {
            _strings: strings,
            names,
            values,
        }
    }

    fn reversed(count: usize) -> Self {
        Arrays::new((0..count).rev())
    }
}

/// Reports `code` through the C ABI and renders it.
fn report_c(code: &str, arrays: &mut Arrays) -> String {
    let code = CString::new(code).unwrap();
    let count = i32::try_from(arrays.names.len()).unwrap();
    // SAFETY: NUL-terminated strings and arrays of `count` elements, alive
    // for the call.
    unsafe {
        ReportErrMessage(
            code.as_ptr(),
            arrays.names.as_mut_ptr(),
            arrays.values.as_mut_ptr(),
            count,
        );
    }
    take()
}

/// Reports `code` as the C++ framework does (the thread's own store, id 0)
/// and renders it.
fn report_framework(code: &str, arrays: &Arrays) -> String {
    let code = CString::new(code).unwrap();
    // SAFETY: NUL-terminated strings and arrays of as many elements as
    // given, alive for the call.
    let status = unsafe {
        errcode_ffi_ge_report_predefined(
            0,
            code.as_ptr(),
            arrays.names.as_ptr().cast(),
            arrays.values.as_ptr().cast(),
            arrays.names.len(),
        )
    };
    assert_eq!(status, 0, "{:?}", last_error());
    take()
}

/// The calling thread's errors, rendered as `GetErrorMessage` renders them.
fn take() -> String {
    let text = GetErrorMessage();
    assert!(!text.is_null(), "nothing was recorded: {:?}", last_error());
    // SAFETY: a NUL-terminated string valid until the next call.
    unsafe { CStr::from_ptr(text) }.to_str().unwrap().to_owned()
}

/// What the Rust API renders for `code` with its arguments given in order.
fn expected(code: &str, count: usize) -> String {
    let names: Vec<String> = (0..count).map(|i| format!("a{i}")).collect();
    let values: Vec<String> = (0..count).map(|i| format!("v{i}")).collect();
    let pairs: Vec<(&str, &str)> = names
        .iter()
        .zip(&values)
        .map(|(name, value)| (name.as_str(), value.as_str()))
        .collect();
    errcat::report_dynamic(code, &pairs).unwrap();
    errcat::take_error_message().unwrap()
}

#[test]
fn a_definition_of_100000_arguments_reported_in_reverse_through_the_c_abi() {
    registered();
    let mut arrays = Arrays::reversed(100_000);
    let text = report_c("EK0290", &mut arrays);
    assert!(text.starts_with("EK0290: v0 v1 v2 "), "{text:.80}");
    assert_eq!(text, expected("EK0290", 100_000));
}

#[test]
fn a_definition_of_100000_arguments_reported_in_reverse_through_the_framework() {
    registered();
    let arrays = Arrays::reversed(100_000);
    let text = report_framework("EK0290", &arrays);
    assert!(text.starts_with("EK0290: v0 v1 v2 "), "{text:.80}");
    assert_eq!(text, expected("EK0290", 100_000));
}

#[test]
fn names_sorted_as_a_std_map_sorts_them_through_the_framework() {
    registered();
    let mut places: Vec<usize> = (0..N).collect();
    places.sort_by_key(|place| format!("a{place}"));
    let arrays = Arrays::new(places.into_iter());
    assert_eq!(report_framework("EK0291", &arrays), expected("EK0291", N));
}

/// The names and values `a{i}`, `v{i}` in reverse, as pairs.
fn reversed_pairs(count: usize) -> Vec<(String, String)> {
    (0..count)
        .rev()
        .map(|i| (format!("a{i}"), format!("v{i}")))
        .collect()
}

fn as_pairs(given: &[(String, String)]) -> Vec<(&str, &str)> {
    given
        .iter()
        .map(|(name, value)| (name.as_str(), value.as_str()))
        .collect()
}

/// The framework's `PROCESS_MODE` reports through
/// `errcat::report_dynamic_suffixed`, and `SetRawErrorMessages` puts items
/// back through `errcat::Report::from_parts`: each searches the names too.
#[test]
fn a_definition_of_100000_arguments_in_reverse_suffixed_and_from_parts() {
    registered();
    let given = reversed_pairs(100_000);
    let pairs = as_pairs(&given);
    errcat::report_dynamic_suffixed("EK0290", &pairs, "[THREAD:7]").unwrap();
    let text = errcat::take_error_message().unwrap();
    let plain = expected("EK0290", 100_000);
    assert!(text.starts_with("EK0290: v0 v1 v2 "), "{text:.80}");
    // Cut at the 1,024 bytes a store keeps, the text ends before the
    // suffix would.
    assert_eq!(text, plain, "{text:.80}");
    let message: Vec<String> = (0..100_000).map(|i| format!("v{i}")).collect();
    let message = message.join(" ");
    let report =
        errcat::Report::from_parts("EK0290", &message, &pairs, errcat::ReportTime::now()).unwrap();
    let args: Vec<(&str, &str)> = report.args().collect();
    assert_eq!(args.len(), 100_000);
    assert_eq!(args[0], ("a0", "v0"));
    assert_eq!(args[99_999], ("a99999", "v99999"));
}

/// Of a name given twice, the first counts, among many names as among a
/// few; names the definition lacks are ignored.
#[test]
fn of_many_names_given_twice_the_first_counts() {
    registered();
    let mut given: Vec<(String, String)> = (0..N)
        .map(|i| (format!("other{i}"), format!("x{i}")))
        .collect();
    given.splice(
        N / 2..N / 2,
        [
            ("a", "first a"),
            ("b", "first b"),
            ("a", "second a"),
            ("b", "second b"),
        ]
        .map(|(name, value)| (name.to_owned(), value.to_owned())),
    );
    let strings: Vec<(CString, CString)> = given
        .iter()
        .map(|(name, value)| {
            (
                CString::new(name.as_str()).unwrap(),
                CString::new(value.as_str()).unwrap(),
            )
        })
        .collect();
    let mut arrays = Arrays {
        names: strings
            .iter()
            .map(|(name, _)| name.as_ptr().cast_mut())
            .collect(),
        values: strings
            .iter()
            .map(|(_, value)| value.as_ptr().cast_mut())
            .collect(),
        _strings: Vec::new(),
    };
    let text = "EK0295: b is first b, a is first a\r\n";
    assert_eq!(report_c("EK0295", &mut arrays), text);
    assert_eq!(report_framework("EK0295", &arrays), text);
}

/// The processor time of the calling thread to run `f`, the least of three
/// runs.
fn least_of_three(mut f: impl FnMut()) -> Duration {
    (0..3)
        .map(|_| {
            let start = thread_cpu_time();
            f();
            thread_cpu_time() - start
        })
        .min()
        .unwrap()
}

/// Reports `EK0291`-`EK0294` (n to 8n arguments, given in reverse) with
/// `report` and checks the growth.
fn linear(way: &str, report: impl Fn(&str, &mut Arrays) -> String) {
    registered();
    let times: Vec<Duration> = [
        ("EK0291", N),
        ("EK0292", 2 * N),
        ("EK0293", 4 * N),
        ("EK0294", 8 * N),
    ]
    .into_iter()
    .map(|(code, count)| {
        let mut arrays = Arrays::reversed(count);
        least_of_three(|| {
            let text = report(code, &mut arrays);
            assert!(text.starts_with(&format!("{code}: v0 v1 ")), "{text:.80}");
        })
        .max(Duration::from_micros(1))
    })
    .collect();
    let growth = times[3].as_secs_f64() / times[0].as_secs_f64();
    println!(
        "{way}: n = {N}: {:?}, 2n {:?}, 4n {:?}, 8n {:?}: 8n / n = {growth:.1}",
        times[0], times[1], times[2], times[3]
    );
    assert!(
        growth <= 24.0,
        "{way}: from n = {N} to 8n arguments the time grew {growth:.1} times ({times:?})"
    );
}

#[test]
fn reporting_through_the_c_abi_grows_linearly_with_the_arguments() {
    linear("ReportErrMessage", report_c);
}

#[test]
fn reporting_with_a_suffix_grows_linearly_with_the_arguments() {
    linear("report_dynamic_suffixed", |code, arrays| {
        let count = arrays.names.len();
        let given = reversed_pairs(count);
        errcat::report_dynamic_suffixed(code, &as_pairs(&given), "[THREAD:7]").unwrap();
        errcat::take_error_message().unwrap()
    });
}

#[test]
fn reporting_through_the_framework_grows_linearly_with_the_arguments() {
    linear("ReportPredefinedErrMsg", |code, arrays| {
        report_framework(code, arrays)
    });
}
