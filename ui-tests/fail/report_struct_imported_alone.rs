// Importing the struct alone does not bring its code into scope: the report site imports the module.
mod device_errors {
    use errcode::error_code;

    #[derive(Debug)]
    #[error_code("EZ0002", message = "Buffer of %s bytes is too small.")]
    pub struct BufferTooSmall {
        pub size: usize,
    }
}

use device_errors::BufferTooSmall;

fn main() {
    let _ = BufferTooSmall { size: 1 };
    errcode::msprof_env_error!("EZ0002", ["size"], [16usize]);
}
