//! A store of reports: errors and warnings in order, each kept as its
//! definition and its argument values, back to back in an arena that is
//! reused from one take to the next, within the limits, and with a fixed
//! reserve for when the allocator fails.
//!
//! A report's message is not assembled when it is made: the values are
//! kept, and the message is rendered from the definition's pieces and the
//! values once, when it is taken. Two reports are the same when their code
//! and values are; a hash table over both finds a duplicate in O(1).
//!
//! Each thread has one store (see `current`), and so does each work stream
//! and each scope. The files, from the bottom: [`table`] (the duplicate
//! table), [`message`] (a stored report read back), [`pending`] (a report on
//! its way in), [`lane`] (the errors or the warnings), `shape` (a
//! definition's fixed texts in a layout), [`render`] (the text of a lane).

mod lane;
mod message;
mod pending;
pub(crate) mod render;
mod shape;
mod table;

pub(crate) use lane::{Lane, Outcome, Repeats};
pub(crate) use message::{Entry, Form, Head, Message, same_text};
pub(crate) use pending::{Pending, RESERVE_BYTES, ReserveText, push_capped, write_capped};
pub(crate) use shape::Shapes;

/// Both lanes, and the shapes of the definitions they render.
#[derive(Debug, Clone)]
pub(crate) struct Store {
    pub(crate) errors: Lane,
    pub(crate) warnings: Lane,
    pub(crate) shapes: Shapes,
}

impl Store {
    pub(crate) const fn new() -> Self {
        Store {
            errors: Lane::new(),
            warnings: Lane::new(),
            shapes: Shapes::new(),
        }
    }

    pub(crate) fn lane(&mut self, warning: bool) -> &mut Lane {
        if warning {
            &mut self.warnings
        } else {
            &mut self.errors
        }
    }
}
