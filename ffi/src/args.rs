//! The argument arrays of `ReportErrMessage`, read without trusting them
//! further than the header's contract.

use core::ffi::c_char;
use core::fmt;
use std::borrow::Cow;

use crate::text::{NULL_TEXT, c_text};

/// How many arguments are read without allocating; more take a `Vec`.
const INLINE: usize = 8;

/// The arguments of one report, as the caller gave them.
pub(crate) struct Args<'a> {
    inline: [(Cow<'a, str>, Cow<'a, str>); INLINE],
    spilled: Vec<(Cow<'a, str>, Cow<'a, str>)>,
    len: usize,
    /// What was unusual about the arrays, for the message of a failed report.
    note: Option<Note>,
}

/// Why fewer arguments were read than `argsNum` says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Note {
    NamesNull,
    ValuesNull,
    Negative(i32),
    EndedAtNull { index: usize, count: i32 },
}

impl<'a> Args<'a> {
    /// Reads `count` names and values: none when either array is NULL or
    /// `count` is not positive; up to the first NULL name otherwise, so that a
    /// NULL-terminated or NULL-padded array is read safely whatever `count`
    /// says. A NULL value is read as `"(null)"`; invalid UTF-8 as U+FFFD.
    ///
    /// # Safety
    ///
    /// When both arrays are non-NULL and `count` is positive, each element
    /// `i < count` up to and including the first NULL name is readable in
    /// `names`, the same elements are readable in `values`, and each non-NULL
    /// element points to a NUL-terminated string readable and unchanged for `'a`.
    pub(crate) unsafe fn read(
        names: *const *mut c_char,
        values: *const *mut c_char,
        count: i32,
    ) -> Self {
        let mut args = Args {
            inline: Default::default(),
            spilled: Vec::new(),
            len: 0,
            note: None,
        };
        let wanted = match (names.is_null(), values.is_null(), count) {
            (_, _, count) if count <= 0 => {
                args.note = (count < 0).then_some(Note::Negative(count));
                return args;
            }
            (true, _, _) => {
                args.note = Some(Note::NamesNull);
                return args;
            }
            (false, true, _) => {
                args.note = Some(Note::ValuesNull);
                return args;
            }
            (false, false, count) => count.unsigned_abs() as usize,
        };
        for index in 0..wanted {
            // SAFETY: `names` is not NULL and the caller guarantees that its
            // elements up to the first NULL one, below `count`, are readable.
            let name = unsafe { names.add(index).read() };
            if name.is_null() {
                args.note = Some(Note::EndedAtNull { index, count });
                break;
            }
            // SAFETY: `values` is not NULL and the caller guarantees the same
            // elements readable in it as in `names`.
            let value = unsafe { values.add(index).read() };
            // SAFETY: both are non-NULL elements, which the caller guarantees
            // to be NUL-terminated strings readable for 'a (`value` may be NULL).
            let (name, value) = unsafe { (c_text(name), c_text(value)) };
            let pair = (
                name.unwrap_or(Cow::Borrowed(NULL_TEXT)),
                value.unwrap_or(Cow::Borrowed(NULL_TEXT)),
            );
            match args.inline.get_mut(args.len) {
                Some(slot) => *slot = pair,
                None => args.spilled.push(pair),
            }
            args.len += 1;
        }
        args
    }

    /// Calls `f` with the arguments as name-value pairs.
    pub(crate) fn with_pairs<R>(&self, f: impl FnOnce(&[(&str, &str)]) -> R) -> R {
        if self.len <= INLINE {
            let mut pairs: [(&str, &str); INLINE] = [("", ""); INLINE];
            for (slot, (name, value)) in pairs.iter_mut().zip(&self.inline) {
                *slot = (name, value);
            }
            f(&pairs[..self.len])
        } else {
            let pairs: Vec<(&str, &str)> = self
                .inline
                .iter()
                .chain(&self.spilled)
                .map(|(name, value)| (&**name, &**value))
                .collect();
            f(&pairs)
        }
    }
}

/// `arguments given: a=1, b=2`, with what was unusual about the arrays.
impl fmt::Display for Args<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("arguments given: ")?;
        if self.len == 0 {
            f.write_str("none")?;
        }
        for (index, (name, value)) in self.inline.iter().chain(&self.spilled).enumerate() {
            if index == self.len {
                break;
            }
            if index > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{name}={value}")?;
        }
        match self.note {
            None => Ok(()),
            Some(Note::NamesNull) => f.write_str(" (args is NULL)"),
            Some(Note::ValuesNull) => f.write_str(" (argValues is NULL)"),
            Some(Note::Negative(count)) => write!(f, " (argsNum is {count})"),
            Some(Note::EndedAtNull { index, count }) => {
                write!(f, " (args[{index}] is NULL; argsNum is {count})")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ptr;
    use std::ffi::CString;

    fn c_strings(texts: &[&str]) -> Vec<CString> {
        texts.iter().map(|text| CString::new(*text).unwrap()).collect()
    }

    fn pointers(strings: &[CString]) -> Vec<*mut c_char> {
        strings
            .iter()
            .map(|string| string.as_ptr().cast_mut())
            .collect()
    }

    fn read(names: &[*mut c_char], values: &[*mut c_char], count: i32) -> (Vec<String>, String) {
        // SAFETY: the tests pass arrays with at least `count` elements or a
        // NULL name before, every element a NUL-terminated string or NULL.
        let args = unsafe { Args::read(names.as_ptr(), values.as_ptr(), count) };
        let pairs = args.with_pairs(|pairs| {
            pairs
                .iter()
                .map(|(name, value)| format!("{name}={value}"))
                .collect()
        });
        (pairs, args.to_string())
    }

    #[test]
    fn reads_pairs_in_order() {
        let names = c_strings(&["value", "param"]);
        let values = c_strings(&["25", "x"]);
        let (pairs, shown) = read(&pointers(&names), &pointers(&values), 2);
        assert_eq!(pairs, ["value=25", "param=x"]);
        assert_eq!(shown, "arguments given: value=25, param=x");
    }

    #[test]
    fn stops_at_the_first_null_name_whatever_the_count() {
        let names = c_strings(&["buf_size"]);
        let values = c_strings(&["1MB"]);
        let mut name_ptrs = pointers(&names);
        name_ptrs.push(ptr::null_mut());
        let value_ptrs = pointers(&values);
        let (pairs, shown) = read(&name_ptrs, &value_ptrs, 1000);
        assert_eq!(pairs, ["buf_size=1MB"]);
        assert_eq!(
            shown,
            "arguments given: buf_size=1MB (args[1] is NULL; argsNum is 1000)"
        );
    }

    #[test]
    fn null_values_read_as_null_text() {
        let names = c_strings(&["param"]);
        let (pairs, _) = read(&pointers(&names), &[ptr::null_mut()], 1);
        assert_eq!(pairs, ["param=(null)"]);
    }

    #[test]
    fn null_arrays_and_non_positive_counts_read_nothing() {
        // SAFETY: NULL arrays are never read.
        let args = unsafe { Args::read(ptr::null(), ptr::null(), 3) };
        assert_eq!(args.to_string(), "arguments given: none (args is NULL)");
        let names = c_strings(&["a"]);
        let names = pointers(&names);
        // SAFETY: `values` is NULL, so neither array is read.
        let args = unsafe { Args::read(names.as_ptr(), ptr::null(), 1) };
        assert_eq!(args.to_string(), "arguments given: none (argValues is NULL)");
        let (pairs, shown) = read(&names, &names, -1);
        assert!(pairs.is_empty());
        assert_eq!(shown, "arguments given: none (argsNum is -1)");
        let (_, shown) = read(&names, &names, 0);
        assert_eq!(shown, "arguments given: none");
    }

    #[test]
    fn more_than_the_inline_arguments_spill_in_order() {
        let texts: Vec<String> = (0..20).map(|i| format!("a{i}")).collect();
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        let names = c_strings(&texts);
        let (pairs, _) = read(&pointers(&names), &pointers(&names), 20);
        assert_eq!(pairs.len(), 20);
        assert_eq!(pairs[0], "a0=a0");
        assert_eq!(pairs[19], "a19=a19");
    }
}
