// A report site in another crate needs no import of the defining module:
// the crate in reach is enough.
use errcat_profiling as _;

fn main() {
    let size = 4096usize;
    errcat::msprof_env_error!("EK0201", ["buf_size"], [format!("{size}B")]);
    assert_eq!(
        errcat::take_error_message().unwrap().lines().next(),
        Some("EK0201: Failed to allocate 4096B host memory for Profiling.")
    );
}
