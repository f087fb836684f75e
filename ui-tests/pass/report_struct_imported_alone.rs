// Importing the struct alone is enough for a report site of its code (no
// import is needed at all).
mod device_errors {
    use errcat::error_code;

    #[derive(Debug)]
    #[error_code("EZ0002", message = "Buffer of %s bytes is too small.")]
    pub struct BufferTooSmall {
        pub size: usize,
    }
}

use device_errors::BufferTooSmall;

fn main() {
    let _ = BufferTooSmall { size: 1 };
    errcat::msprof_env_error!("EZ0002", ["size"], [16usize]);
    assert_eq!(
        errcat::take_error_message().as_deref(),
        Some("EZ0002: Buffer of 16 bytes is too small.\r\n")
    );
}
