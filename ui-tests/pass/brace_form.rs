// Names and values may be given in braces, as the C++ macros take them, and in any order.
use errcat_profiling as _;

fn main() {
    errcat::msprof_input_error!("EK0001", {"reason", "value", "param"}, {"too small", "-1", "buf"});
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EK0001: Value -1 for parameter buf is invalid. Reason: too small.\r\n")
    );
}
