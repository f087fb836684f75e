//! The argument arrays of `ReportErrMessage`, read without trusting them
//! further than the header's contract.

use core::cell::{Cell, OnceCell};
use core::ffi::{CStr, c_char};
use core::fmt;
use core::marker::PhantomData;
use core::mem::MaybeUninit;
use std::borrow::Cow;

use crate::text::{NULL_TEXT, RawText, c_str};

/// How many arguments are passed on without allocating (98% of the real CANN
/// catalog's definitions have at most 6); more take a `Vec`.
const INLINE: usize = 6;

/// The arguments of one report, as the caller gave them: the arrays, and
/// how many of their elements to read.
pub(crate) struct Args<'a> {
    names: *const *mut c_char,
    values: *const *mut c_char,
    /// Elements to read: below `argsNum` and before the first NULL name.
    len: usize,
    /// What was unusual about the arrays, for the message of a failed report.
    note: Option<Note>,
    /// The strings are borrowed for 'a.
    strings: PhantomData<&'a CStr>,
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
    /// The arguments of `count` names and values: none when either array is
    /// NULL or `count` is not positive; up to the first NULL name otherwise,
    /// so that a NULL-terminated or NULL-padded array is read safely
    /// whatever `count` says. A NULL value reads as `"(null)"`; invalid
    /// UTF-8 as U+FFFD.
    ///
    /// # Safety
    ///
    /// When both arrays are non-NULL and `count` is positive, each element
    /// `i < count` up to and including the first NULL name is readable in
    /// `names`, the same elements are readable in `values`, and each non-NULL
    /// element points to a NUL-terminated string; all of them stay readable
    /// and unchanged for `'a`.
    pub(crate) unsafe fn read(
        names: *const *mut c_char,
        values: *const *mut c_char,
        count: i32,
    ) -> Self {
        let mut args = Args {
            names,
            values,
            len: 0,
            note: None,
            strings: PhantomData,
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
        while args.len < wanted {
            // SAFETY: `names` is not NULL and the caller guarantees that its
            // elements up to the first NULL one, below `count`, are readable.
            if unsafe { names.add(args.len).read() }.is_null() {
                args.note = Some(Note::EndedAtNull {
                    index: args.len,
                    count,
                });
                break;
            }
            args.len += 1;
        }
        args
    }

    /// The name and the value at `index`, each as text when it is valid
    /// UTF-8, else as its bytes.
    fn raw_pair(&self, index: usize) -> (RawText<'a>, RawText<'a>) {
        debug_assert!(index < self.len);
        // SAFETY: `read` found the name at `index` readable and not NULL
        // (`len` counts only those), and the caller of `read` guarantees the
        // same elements readable in `values`, for 'a.
        let (name, value) =
            unsafe { (self.names.add(index).read(), self.values.add(index).read()) };
        let text = |ptr: *mut c_char| -> RawText<'a> {
            if ptr.is_null() {
                return Ok(NULL_TEXT);
            }
            // SAFETY: a non-NULL element is a NUL-terminated string
            // readable and unchanged for 'a, as the caller of `read`
            // guarantees.
            unsafe { c_str(ptr) }
        };
        (text(name), text(value))
    }

    /// The text of the name and the value at `index`, invalid UTF-8
    /// sequences replaced by U+FFFD.
    fn pair(&self, index: usize) -> (Cow<'a, str>, Cow<'a, str>) {
        let lossy = |text: RawText<'a>| match text {
            Ok(text) => Cow::Borrowed(text),
            Err(bytes) => String::from_utf8_lossy(bytes),
        };
        let (name, value) = self.raw_pair(index);
        (lossy(name), lossy(value))
    }

    /// Calls `f` with the arguments as name-value pairs.
    pub(crate) fn with_pairs<R>(&self, f: impl FnOnce(&[(&str, &str)]) -> R) -> R {
        if self.len <= INLINE {
            // Left uninitialised but for the pairs read: a report has one to
            // three arguments, and filling all six slots first cost as much
            // as reading them.
            let mut pairs = [MaybeUninit::<(&str, &str)>::uninit(); INLINE];
            let mut read = 0;
            while read < self.len {
                match self.raw_pair(read) {
                    (Ok(name), Ok(value)) => {
                        pairs[read].write((name, value));
                        read += 1;
                    }
                    _ => break,
                }
            }
            if read == self.len {
                // SAFETY: the first `read` elements were written just above,
                // and `MaybeUninit<T>` has the layout of `T`.
                let pairs = unsafe { core::slice::from_raw_parts(pairs.as_ptr().cast(), read) };
                return f(pairs);
            }
        }
        let owned: Vec<(Cow<'a, str>, Cow<'a, str>)> =
            (0..self.len).map(|index| self.pair(index)).collect();
        let pairs: Vec<(&str, &str)> = owned
            .iter()
            .map(|(name, value)| (&**name, &**value))
            .collect();
        f(&pairs)
    }
}

/// What [`read_framework_pairs`] made of the arrays.
pub(crate) enum FrameworkPairs<R, F> {
    /// Every pair was valid UTF-8 and `f` ran: its result.
    Done(R),
    /// An element below the count is NULL: the report is refused, as the
    /// framework refuses it.
    Null,
    /// More pairs than are kept on the stack, or text that is not UTF-8:
    /// `f` did not run, and is handed back for [`Args::with_pairs`].
    Other(F),
}

/// The framework's arrays (`ReportPredefinedErrMsg`'s key and value
/// vectors) read in one pass: each element is checked for NULL and read as
/// text once, into pairs on the stack, and `f` runs with them.
///
/// # Safety
///
/// Unless `count` is 0, `names` and `values` are not NULL and readable for
/// `count` elements, each NULL or a NUL-terminated string that stays
/// readable and unchanged for the call.
pub(crate) unsafe fn read_framework_pairs<R, F: FnOnce(&[(&str, &str)]) -> R>(
    names: *const *mut c_char,
    values: *const *mut c_char,
    count: usize,
    f: F,
) -> FrameworkPairs<R, F> {
    let mut pairs = [MaybeUninit::<(&str, &str)>::uninit(); INLINE];
    let mut read = 0;
    let mut other = count > INLINE;
    for index in 0..count {
        // SAFETY: the caller guarantees `count` readable elements.
        let (name, value) = unsafe { (names.add(index).read(), values.add(index).read()) };
        if name.is_null() || value.is_null() {
            return FrameworkPairs::Null;
        }
        if other {
            continue;
        }
        // SAFETY: neither is NULL; the caller guarantees NUL-terminated
        // strings readable and unchanged for the call.
        match unsafe { (c_str(name), c_str(value)) } {
            (Ok(name), Ok(value)) => {
                pairs[read].write((name, value));
                read += 1;
            }
            _ => other = true,
        }
    }
    if other {
        return FrameworkPairs::Other(f);
    }
    // SAFETY: the first `read` elements were written just above, and
    // `MaybeUninit<T>` has the layout of `T`.
    let pairs = unsafe { core::slice::from_raw_parts(pairs.as_ptr().cast(), read) };
    FrameworkPairs::Done(f(pairs))
}

/// How many keys the framework's arrays may have for each to be compared in
/// turn, as `errcat::report_dynamic` compares its arguments: sixteen fields
/// out of order cost at most 256 comparisons, about what sorting sixteen
/// keys costs, with no allocation.
const SCAN: usize = 16;

/// Keys as bytes with their places, sorted by bytes and by place.
type SortedKeys<'a> = Vec<(&'a [u8], usize)>;

/// The framework's arrays (`ReportPredefinedErrMsg`'s key and value
/// vectors) read field by field, for [`errcat::report_dynamic_with`]: each
/// field's name is compared with the keys as C strings, byte by byte, so no
/// key is measured or read as text, and only the values found are.
///
/// Whatever it finds is what [`read_framework_pairs`] and
/// [`errcat::report_dynamic`] find, or it says it cannot tell
/// ([`is_unsure`](Self::is_unsure)): a value that is not UTF-8, read there
/// with U+FFFD, or a key that might be a field's name once read so (it
/// differs from the name only where the name is not ASCII).
pub(crate) struct FrameworkFields<'a> {
    keys: *const *const c_char,
    values: *const *const c_char,
    count: usize,
    /// Every field asked for so far was the key in its own place.
    in_order: Cell<bool>,
    unsure: Cell<bool>,
    /// The strings are borrowed for 'a.
    strings: PhantomData<&'a CStr>,
}

impl<'a> FrameworkFields<'a> {
    /// The arrays of `count` keys and values; `None` when an element below
    /// `count` is NULL, which the framework refuses.
    ///
    /// # Safety
    ///
    /// Unless `count` is 0, `keys` and `values` are not NULL and readable
    /// for `count` elements, each NULL or a NUL-terminated string that
    /// stays readable and unchanged for 'a.
    pub(crate) unsafe fn read(
        keys: *const *const c_char,
        values: *const *const c_char,
        count: usize,
    ) -> Option<Self> {
        for index in 0..count {
            // SAFETY: the caller guarantees `count` readable elements.
            let (key, value) = unsafe { (keys.add(index).read(), values.add(index).read()) };
            if key.is_null() || value.is_null() {
                return None;
            }
        }
        Some(FrameworkFields {
            keys,
            values,
            count,
            in_order: Cell::new(true),
            unsure: Cell::new(false),
            strings: PhantomData,
        })
    }

    /// Whether there are more keys than are compared one by one, as
    /// `errcat::report_dynamic` compares its arguments: then look the
    /// fields up through [`ManyFields`], which sorts the keys once and
    /// bisects them, so that n keys naming n fields in any order take
    /// O(n log n) comparisons, not n².
    pub(crate) fn are_many(&self) -> bool {
        self.count > SCAN
    }

    /// Whether a value was not found because the arrays would have to be
    /// read as text (with U+FFFD) to tell.
    pub(crate) fn is_unsure(&self) -> bool {
        self.unsure.get()
    }

    /// The value of the first key that is `name`, field `at` of the
    /// definition: the key in the field's own place first, while every
    /// field before was in its own (then it is the first of its name, since
    /// a definition's fields are distinct), else each key in turn. `None`
    /// as soon as it is unsure.
    pub(crate) fn value_of(&self, at: usize, name: &str) -> Option<&'a str> {
        if self.in_order.get() && at < self.count && self.key_is(at, name)? {
            return self.value(at);
        }
        self.in_order.set(false);
        self.scan(name)
    }

    /// The value of the first key that is `name`, each key compared in
    /// turn; `None` as soon as it is unsure.
    fn scan(&self, name: &str) -> Option<&'a str> {
        for index in 0..self.count {
            if self.key_is(index, name)? {
                return self.value(index);
            }
        }
        None
    }

    /// The value of the first key that is `name`, found in `sorted`. A
    /// name that is not ASCII is noted as unsure, as `key_is` may note it:
    /// a key that is not UTF-8 might be that name once read with U+FFFD,
    /// which only reading the keys as text tells.
    fn bisect(&self, sorted: &[(&'a [u8], usize)], name: &str) -> Option<&'a str> {
        if !name.is_ascii() {
            self.unsure.set(true);
            return None;
        }
        let name = name.as_bytes();
        let at = sorted.partition_point(|&(key, _)| key < name);
        match sorted.get(at) {
            Some(&(key, index)) if key == name => self.value(index),
            _ => None,
        }
    }

    /// The keys' bytes with their places, sorted by bytes and by place
    /// among equal keys; `None` when they cannot be allocated.
    #[cold]
    #[inline(never)]
    fn sorted_keys(&self) -> Option<SortedKeys<'a>> {
        let mut sorted = Vec::new();
        sorted.try_reserve_exact(self.count).ok()?;
        sorted.extend((0..self.count).map(|index| {
            // SAFETY: `read` found the element at `index` (below `count`)
            // readable and not NULL, a NUL-terminated string readable and
            // unchanged for 'a.
            let key = unsafe { CStr::from_ptr(self.keys.add(index).read()) };
            (key.to_bytes(), index)
        }));
        // Unstable, so that sorting allocates nothing; the place breaks ties.
        sorted.sort_unstable();
        Some(sorted)
    }

    /// Whether key `index` (below `count`) is `name`, compared byte by
    /// byte up to the first difference; `None`, noted as unsure, for a key
    /// that differs where `name` is not ASCII, which might be `name` once
    /// read with U+FFFD.
    fn key_is(&self, index: usize, name: &str) -> Option<bool> {
        // SAFETY: `read` found the element at `index` (below `count`)
        // readable and not NULL.
        let key = unsafe { self.keys.add(index).read() }.cast::<u8>();
        for (at, &byte) in name.as_bytes().iter().enumerate() {
            // SAFETY: the key is a NUL-terminated string, and each byte
            // before `at` was equal to a byte of `name` and not NUL, so the
            // key does not end before `at`.
            let given = unsafe { key.add(at).read() };
            if given == 0 || given != byte {
                if !byte.is_ascii() {
                    self.unsure.set(true);
                    return None;
                }
                return Some(false);
            }
        }
        // SAFETY: as above: every byte of `name` matched a byte of the key
        // that was not NUL.
        Some(unsafe { key.add(name.len()).read() } == 0)
    }

    /// The value at `index` (below `count`) as text; `None`, noted as
    /// unsure, when it is not UTF-8.
    fn value(&self, index: usize) -> Option<&'a str> {
        // SAFETY: `read` found the element readable and not NULL, a
        // NUL-terminated string readable and unchanged for 'a.
        match unsafe { c_str(self.values.add(index).read()) } {
            Ok(text) => Some(text),
            Err(_) => {
                self.unsure.set(true);
                None
            }
        }
    }
}

/// The framework's arrays of more than [`SCAN`] keys, looked up as
/// [`FrameworkFields::value_of`] does, but that once a field is not in its
/// own place the keys are sorted, once, and bisected. Apart, so that a
/// report of a few keys pays nothing for it.
pub(crate) struct ManyFields<'f, 'a> {
    fields: &'f FrameworkFields<'a>,
    /// `None` inside when allocating the sorted keys failed: each key is
    /// compared in turn then.
    sorted: OnceCell<Option<SortedKeys<'a>>>,
}

impl<'f, 'a> ManyFields<'f, 'a> {
    pub(crate) fn new(fields: &'f FrameworkFields<'a>) -> Self {
        ManyFields {
            fields,
            sorted: OnceCell::new(),
        }
    }

    /// What [`FrameworkFields::value_of`] gives.
    pub(crate) fn value_of(&self, at: usize, name: &str) -> Option<&'a str> {
        let fields = self.fields;
        if fields.in_order.get() && at < fields.count && fields.key_is(at, name)? {
            return fields.value(at);
        }
        fields.in_order.set(false);
        match self.sorted.get_or_init(|| fields.sorted_keys()) {
            Some(sorted) => fields.bisect(sorted, name),
            None => fields.scan(name),
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
        for index in 0..self.len {
            if index > 0 {
                f.write_str(", ")?;
            }
            let (name, value) = self.pair(index);
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
        texts
            .iter()
            .map(|text| CString::new(*text).unwrap())
            .collect()
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
    fn invalid_utf8_is_replaced_in_names_and_values() {
        let names = [CString::new(b"buf_\xffsize".to_vec()).unwrap()];
        let values = [CString::new(b"1\xc3MB".to_vec()).unwrap()];
        let (pairs, _) = read(&pointers(&names), &pointers(&values), 1);
        assert_eq!(pairs, ["buf_\u{fffd}size=1\u{fffd}MB"]);
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
        assert_eq!(
            args.to_string(),
            "arguments given: none (argValues is NULL)"
        );
        let (pairs, shown) = read(&names, &names, -1);
        assert!(pairs.is_empty());
        assert_eq!(shown, "arguments given: none (argsNum is -1)");
        let (_, shown) = read(&names, &names, 0);
        assert_eq!(shown, "arguments given: none");
    }

    fn fields_of<'a>(keys: &'a [*mut c_char], values: &'a [*mut c_char]) -> FrameworkFields<'a> {
        // SAFETY: the tests pass arrays of as many keys as values, each a
        // NUL-terminated string that outlives the borrow.
        unsafe { FrameworkFields::read(keys.as_ptr().cast(), values.as_ptr().cast(), keys.len()) }
            .unwrap()
    }

    #[test]
    fn fields_are_found_in_their_places_or_by_name_the_first_of_each() {
        let keys = c_strings(&["b", "b", "a", "buf_size"]);
        let values = c_strings(&["9", "1", "0", "1MB"]);
        let (keys, values) = (pointers(&keys), pointers(&values));
        let fields = fields_of(&keys, &values);
        // Field 1 is `b` and so is the key in its place, but the first `b`
        // is key 0: the one before a field found elsewhere is not trusted.
        assert_eq!(fields.value_of(0, "a"), Some("0"));
        assert_eq!(fields.value_of(1, "b"), Some("9"));
        assert_eq!(fields.value_of(2, "buf_size"), Some("1MB"));
        assert_eq!(fields.value_of(3, "buf"), None);
        assert_eq!(fields.value_of(3, "buf_size_"), None);
        assert!(!fields.is_unsure());
        let fields = fields_of(&keys[2..], &values[2..]);
        assert_eq!(fields.value_of(0, "a"), Some("0"));
        assert_eq!(fields.value_of(1, "buf_size"), Some("1MB"));
    }

    #[test]
    fn of_many_keys_out_of_order_the_first_of_each_name_is_found_by_bisection() {
        let mut texts: Vec<String> = (0..40).map(|i| format!("k{i}")).collect();
        texts.extend(["b", "a", "b", "a", "é"].map(str::to_owned));
        let keys: Vec<&str> = texts.iter().map(String::as_str).collect();
        let values: Vec<String> = (0..keys.len()).map(|i| format!("v{i}")).collect();
        let values: Vec<&str> = values.iter().map(String::as_str).collect();
        let (keys, values) = (c_strings(&keys), c_strings(&values));
        let (keys, values) = (pointers(&keys), pointers(&values));
        let fields = fields_of(&keys, &values);
        assert!(fields.are_many());
        let fields = ManyFields::new(&fields);
        assert_eq!(fields.value_of(0, "a"), Some("v41"));
        assert!(fields.sorted.get().is_some(), "sorted once out of order");
        assert_eq!(fields.value_of(1, "b"), Some("v40"));
        assert_eq!(fields.value_of(2, "k39"), Some("v39"));
        assert_eq!(fields.value_of(3, "k40"), None);
        assert_eq!(fields.value_of(4, ""), None);
        assert!(!fields.fields.is_unsure());
        // A name that is not ASCII is left to the pairs read as text.
        assert_eq!(fields.value_of(5, "é"), None);
        assert!(fields.fields.is_unsure());
    }

    #[test]
    fn fields_are_unsure_of_text_that_is_not_utf8() {
        let keys = [
            CString::new(b"val\xffue".to_vec()).unwrap(),
            CString::new("param").unwrap(),
        ];
        let values = [
            CString::new(b"1\xc3MB".to_vec()).unwrap(),
            CString::new("x").unwrap(),
        ];
        let (keys, values) = (pointers(&keys), pointers(&values));
        // An ASCII name differs from a key that is not UTF-8 for certain.
        let fields = fields_of(&keys, &values);
        assert_eq!(fields.value_of(0, "param"), Some("x"));
        assert_eq!(fields.value_of(1, "value"), None);
        assert!(!fields.is_unsure());
        // A value that is not UTF-8 is read with U+FFFD elsewhere.
        let fields = fields_of(&keys[..1], &values[..1]);
        assert!(fields.value_of(0, "val\u{fffd}ue").is_none());
        assert!(fields.is_unsure());
        let keys = c_strings(&["val\u{fffd}ue"]);
        let keys = pointers(&keys);
        let fields = fields_of(&keys, &values[..1]);
        assert!(fields.value_of(0, "val\u{fffd}ue").is_none());
        assert!(fields.is_unsure());
    }

    #[test]
    fn fields_of_arrays_with_a_null_element_are_refused() {
        let keys = c_strings(&["a", "b"]);
        let mut keys = pointers(&keys);
        let values = keys.clone();
        keys[1] = ptr::null_mut();
        // SAFETY: two readable elements each; NULL ones are not read further.
        let read =
            unsafe { FrameworkFields::read(keys.as_ptr().cast(), values.as_ptr().cast(), 2) };
        assert!(read.is_none());
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
