// The format string of report_inner_error! is checked as format! checks it.
fn main() {
    errcat::report_inner_error!("EK9999", "allocation of {} bytes failed");
}
