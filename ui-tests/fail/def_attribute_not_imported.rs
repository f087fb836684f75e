// `#[error_code]` without its import, in a file that uses errcode otherwise:
// rustc says only that it cannot find the attribute. It suggests no import
// for an attribute macro that a dependency re-exports (here from
// errcat-macros), and nothing in a proc macro's reach runs before it says
// so; the docs of `error_code` and the prelude name `use errcat::prelude::*;`.
#[derive(Debug)]
#[error_code("EZ0406", message = "Device {device_id} was not found.")]
pub struct DeviceNotFound {
    pub device_id: u32,
}

fn main() {
    let _ = errcat::take_error_message();
}
