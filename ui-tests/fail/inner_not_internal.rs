// report_inner_error! takes an internal (xx9999) or parameter-check (xx8888) code only.
fn main() {
    errcat::report_inner_error!("EK0201", "allocation of {} bytes failed", 1048576);
}
