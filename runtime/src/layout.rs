//! How a store's reports are laid out as text: one of CANN's layouts, or
//! a plain one for Rust logs.

/// The layout [`take_error_message_with`](crate::take_error_message_with)
/// and its siblings render reports in.
///
/// ```
/// use errcat::{ErrorCode, Layout, error_code};
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
///     errcat::take_error_message_with(Layout::Plain).as_deref(),
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
    /// The graph engine's `ErrorManager` (`error_manager.cc`, served by
    /// `GetErrMgrErrorMessage`), lines ending in `\n`: `[PID: 4711]
    /// 2026-12-01-12:34:56.789.012 Title(EK0201): message` with the process
    /// id and the report's time in local time (with the `local-time`
    /// feature; in UTC without it), `        Possible Cause: `
    /// and `        Solution: ` lines unless empty or `N/A`, then
    /// `TraceBack (most recent call last):` and the other errors indented by
    /// eight spaces; when every error is internal, `E19999: Internal error!`
    /// and that layout's own spacing. Its quirks are kept: the traceback
    /// skips only a repeat of the first report, so a headline preceded by
    /// an internal error shows in the traceback too. Report times are read
    /// only once wanted (see [`keep_report_times`](crate::keep_report_times)).
    ///
    /// ```
    /// errcat::report_internal("E19999", "queue overflow").unwrap();
    /// let text = errcat::take_error_message_with(errcat::Layout::Ge).unwrap();
    /// // E19999[PID: 4711] 2026-12-01-12:34:56.789.012 (E19999):  queue overflow
    /// assert!(text.starts_with("E19999: Internal error!\nE19999[PID: "));
    /// assert!(text.ends_with(" (E19999):  queue overflow\nTraceBack (most recent call last):\n"));
    /// ```
    Ge,
}
