//! How a thread's reports are laid out as text.

/// The layout [`take_error_message_with`](crate::take_error_message_with)
/// and its siblings render reports in.
///
/// ```
/// use errcode::{ErrorCode, Layout, error_code};
///
/// #[derive(Debug)]
/// #[error_code("EZ0401", message = "Device {device_id} is busy.", solution = "Wait.")]
/// pub struct DeviceBusy {
///     pub device_id: u32,
/// }
///
/// DeviceBusy { device_id: 1 }.report();
/// DeviceBusy { device_id: 2 }.report();
/// assert_eq!(
///     errcode::take_error_message_with(Layout::Plain).as_deref(),
///     Some("EZ0401: Device 1 is busy.\n        Solution: Wait.\n        TraceBack (most recent call last):\n        EZ0401: Device 2 is busy.\n")
/// );
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    /// CANN's compact runtime, byte for byte: `\r\n` line ends, traceback
    /// lines without their codes. What `take_error_message` renders.
    #[default]
    Compact,
    /// For Rust logs: the compact layout with `\n` line ends, each
    /// traceback line headed by its code (`EK0001: Value ...`).
    Plain,
}
