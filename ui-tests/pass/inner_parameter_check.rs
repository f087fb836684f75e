// report_inner_error! takes a parameter-check (xx8888) code as well as an internal (xx9999) one.
fn main() {
    let expected = 3;
    errcat::report_inner_error!("EK8888", "input.size() < {expected}, check invalid");
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EK8888: Inner Error!\r\ninput.size() < 3, check invalid\r\n")
    );
}
