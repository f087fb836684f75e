// Definitions in one module are reported from a sibling module, with no import.
mod errors {
    use errcat::error_code;

    #[derive(Debug)]
    #[error_code("EK0005", message = "Parameter %s is not supported.")]
    pub struct NotSupported {
        pub param: String,
    }
}

mod collector {
    pub fn reject(param: &str) {
        errcat::msprof_input_error!("EK0005", ["param"], [param]);
    }
}

fn main() {
    collector::reject("aic_metrics");
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EK0005: Parameter aic_metrics is not supported.\r\n")
    );
}
