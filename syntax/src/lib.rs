//! The grammar shared by every part of `errcode`: what a code looks like and
//! how a message template splits into literal pieces and `%s` placeholders.
//!
//! The proc macros check definitions with it at compile time, the runtime
//! checks catalogs registered at run time with it, and the command-line tool
//! lints files with it, so all three agree on every rule.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod code;
mod count;
mod names;
mod suggest;
mod template;

pub use code::{CodeError, CodeKind, classify_code, code_kind, near_codes, pack_code};
pub use count::{counted, noun};
pub use names::{
    can_be_raw, is_argument_name, is_identifier, is_keyword, needs_raw_identifier, split_arglist,
};
pub use suggest::{closest, edit_distance, edit_distance_within};
pub use template::{
    Message, MessageError, Template, TemplateError, parse_message, parse_template,
    placeholder_in_text,
};
