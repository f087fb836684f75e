//! A report exported as an OpenTelemetry log record: errcode emits a
//! `tracing` event for it (the `tracing` feature), the OpenTelemetry appender
//! turns the event into a log record, and the stdout exporter prints the
//! record. A service puts its fleet's exporter (OTLP to its collector) where
//! the stdout one is; nothing in errcode changes.
//!
//! ```sh
//! cargo run --example opentelemetry --features tracing
//! ```

use errcat::msprof_env_error;
// The Profiling catalog's definitions, EK0201 among them.
use errcat_profiling as _;
use opentelemetry_appender_tracing::layer::OpenTelemetryTracingBridge;
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::logs::SdkLoggerProvider;
use tracing_subscriber::prelude::*;

fn main() {
    // Nothing leaves the machine: the records are printed to stdout.
    let provider = SdkLoggerProvider::builder()
        .with_resource(Resource::builder().with_service_name("profiler").build())
        .with_simple_exporter(opentelemetry_stdout::LogExporter::default())
        .build();
    tracing_subscriber::registry()
        .with(OpenTelemetryTracingBridge::new(&provider))
        .init();

    msprof_env_error!("EK0201", ["buf_size"], [format!("{}B", 1048576)]);

    // The store keeps the report as before, for the caller to render.
    print!("{}", errcat::take_error_message().unwrap_or_default());
    if let Err(error) = provider.shutdown() {
        eprintln!("the log exporter did not shut down: {error}");
    }
}
