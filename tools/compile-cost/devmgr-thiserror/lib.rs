//! The devmgr-errors crate (`tests/support/devmgr-errors`) as a thiserror
//! user writes it: the same enums, variants, fields and messages, `#[source]`,
//! `#[from]` and the transparent variant, with each code, cause and solution
//! returned by a `match`, the way such a crate keeps its codes without errcode.
//! Built from clean against the errcode crate by `--clean-build`.

pub mod device;
pub mod memory;
pub mod stream;

pub use device::DeviceError;
pub use memory::MemoryError;
pub use stream::StreamError;
