// A field that is not `Display` is shown through its `display` adapter, in
// reports and `Display`; a report site gives values that are `Display`.
use std::path::PathBuf;

use errcat::prelude::*;

#[derive(Debug)]
#[error_code]
pub enum OpenError {
    #[error_code("EZ0405", message = "Cannot open {path} ({flags}).")]
    Denied {
        #[error_code(display = path.display())]
        path: PathBuf,
        #[error_code(display = format_args!("{:?}", flags))]
        flags: Vec<u8>,
    },
}

fn main() {
    let error = OpenError::Denied { path: PathBuf::from("/dev/davinci0"), flags: vec![1, 2] };
    assert_eq!(error.to_string(), "Cannot open /dev/davinci0 ([1, 2]).");
    error.report();
    // A report site gives values that are `Display`, as the adapters make them.
    let path = PathBuf::from("/tmp/x");
    report!("EZ0405", ["path", "flags"], [path.display(), format_args!("{:?}", vec![3])]);
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EZ0405: Cannot open /dev/davinci0 ([1, 2]).\r\n        TraceBack (most recent call last):\r\n        Cannot open /tmp/x ([3]).\r\n")
    );
}
