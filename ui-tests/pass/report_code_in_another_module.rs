// A code defined in a module that is not imported: a report site finds its
// definition wherever it is, with no import.
mod errors {
    use errcat::error_code;

    #[derive(Debug)]
    #[error_code("EK0201", message = "Failed to allocate %s host memory for Profiling.")]
    pub struct InsufficientHostMemory {
        pub buf_size: String,
    }
}

fn main() {
    errcat::msprof_env_error!("EK0201", ["buf_size"], ["1048576B"]);
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EK0201: Failed to allocate 1048576B host memory for Profiling.\r\n")
    );
}
