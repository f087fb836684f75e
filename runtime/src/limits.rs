//! How much one thread's store may hold.

use core::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// The bounds of every thread's store (and of every work stream's).
///
/// - `max_items`: how many reports each lane (errors, warnings) keeps. Past
///   it the earliest reports are kept, since they hold the headline, and later
///   ones are only counted; the rendering then ends with
///   `        ... N more messages dropped\r\n`. Default 1,000.
/// - `max_message_bytes`: the longest message, and the longest argument
///   value, kept in bytes. Longer ones are cut at a character boundary and
///   end with `...`, within the limit. Default 1,024, the C++ error
///   manager's limit.
///
/// ```
/// let limits = errcat::Limits::default().with_max_items(100).with_max_message_bytes(512);
/// errcat::set_limits(limits).unwrap();
/// assert_eq!(errcat::limits(), limits);
/// # errcat::set_limits(errcat::Limits::default()).unwrap();
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    max_items: usize,
    max_message_bytes: usize,
}

impl Limits {
    /// The smallest `max_message_bytes`: room for a code-sized prefix and `...`.
    pub const MIN_MESSAGE_BYTES: usize = 16;

    /// The defaults: 1,000 items, 1,024 bytes.
    pub const DEFAULT: Limits = Limits {
        max_items: 1_000,
        max_message_bytes: 1_024,
    };

    /// With another item limit.
    pub const fn with_max_items(self, max_items: usize) -> Self {
        Limits { max_items, ..self }
    }

    /// With another message length limit.
    pub const fn with_max_message_bytes(self, max_message_bytes: usize) -> Self {
        Limits {
            max_message_bytes,
            ..self
        }
    }

    /// How many reports a lane keeps.
    pub const fn max_items(&self) -> usize {
        self.max_items
    }

    /// The longest message or value kept, in bytes.
    pub const fn max_message_bytes(&self) -> usize {
        self.max_message_bytes
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// Limits that [`set_limits`] refuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidLimits(Limits);

impl fmt::Display for InvalidLimits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Limits {
            max_items,
            max_message_bytes,
        } = self.0;
        write!(
            f,
            "invalid limits (max_items {max_items}, max_message_bytes {max_message_bytes}): \
             a store keeps at least 1 item and {} bytes of a message, and at most {} of either",
            Limits::MIN_MESSAGE_BYTES,
            u32::MAX
        )
    }
}

impl std::error::Error for InvalidLimits {}

/// Both limits in one word, so that a reader never sees one limit of a
/// pair and the other of another: `max_items` in the high half,
/// `max_message_bytes` in the low half.
static LIMITS: AtomicU64 = AtomicU64::new(pack(Limits::DEFAULT));

const fn pack(limits: Limits) -> u64 {
    ((limits.max_items as u64) << 32) | limits.max_message_bytes as u64
}

/// Sets the limits of every thread's store, from the next report on. Items
/// already stored are kept. Each limit is at least 1 item and
/// [`Limits::MIN_MESSAGE_BYTES`], and at most `u32::MAX`.
pub fn set_limits(limits: Limits) -> Result<(), InvalidLimits> {
    let in_range = |value: usize, min: usize| value >= min && u32::try_from(value).is_ok();
    if !in_range(limits.max_items, 1)
        || !in_range(limits.max_message_bytes, Limits::MIN_MESSAGE_BYTES)
    {
        return Err(InvalidLimits(limits));
    }
    LIMITS.store(pack(limits), Ordering::Relaxed);
    Ok(())
}

/// The limits in force: a pair that [`set_limits`] set, never half of one.
pub fn limits() -> Limits {
    let packed = LIMITS.load(Ordering::Relaxed);
    Limits {
        max_items: (packed >> 32) as usize,
        max_message_bytes: (packed & u64::from(u32::MAX)) as usize,
    }
}
