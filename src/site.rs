//! What a report site (`report!("EV0001", ["device_id"], [7])`) expands to
//! calls: the definition of its code found through a trait keyed by the
//! code, implemented where the code is defined, in whichever crate, so
//! that a site needs no import of it; the site's argument names checked
//! against the definition's as the crate compiles; the report made with the
//! site's values.
//!
//! Every definition implements [`Find`] for `Code<PACKED_CODE>`, with its
//! own type as `M` (the local type coherence asks of a crate that
//! implements a trait of another for a type of another) and any `S`. A
//! site names `Find<_, S>` with a unit struct of its own named after the
//! code as `S`, which the trait's `on_unimplemented` message shows: a code
//! no crate defines fails with errcode's words, naming the code.

use core::fmt;

use errcat_runtime::__private::{Defined, report_defined};
use errcat_runtime::ErrorDef;

use crate::ArgDisplay;

/// A code as a type: its six characters packed (`errcat_syntax::pack_code`).
pub struct Code<const CODE: u64>;

/// What a report site needs of a code's definition; `M` is the defining
/// type, which the site lets the compiler infer, `S` the site's own type
/// named after the code, which errors show.
#[diagnostic::on_unimplemented(
    message = "{S} is not defined in this crate or in any crate it uses",
    label = "no #[error_code(\"{S}\", ...)] is in reach",
    note = "define it, on a struct or a variant of an #[error_code] enum: \
            #[error_code(\"{S}\", message = \"...\")]; a crate of definitions that this crate \
            names nowhere is not loaded: refer to it once, as `use my_errors as _;`"
)]
pub trait Find<M, S> {
    /// The definition's code, place and argument names, and the definition.
    const SITE: Site;
}

/// The [`Site`] of the definition of the code `C`, found by the compiler
/// among the `Find` impls of every crate in reach: a function, rather than
/// the constant itself, so that an ambiguous lookup (a code two crates
/// define) is reported without a suggestion to name the impl, which a user
/// cannot write at a report site.
pub const fn find_definition<C: Find<M, S>, M, S>() -> Site {
    C::SITE
}

/// What a report site's check reads of a definition.
pub struct Site {
    /// The code.
    pub code: &'static str,
    /// Where it is defined: "`DeviceError::NotFound` in devmgr_errors::device".
    pub place: &'static str,
    /// Whether the definition passed its own checks; a rejected one has
    /// its errors already, and its report sites raise none of their own.
    pub valid: bool,
    /// The definition's argument names, in the order of its fields.
    pub args: &'static [&'static str],
    /// For a definition marked `retired`, what a report site is told:
    /// "retired since 2.0: it is no longer reported; report EV0013 instead";
    /// empty for a live one.
    pub retired: &'static str,
    /// The definition, as compiled (which changes no more than a constant).
    pub definition: &'static ErrorDef,
}

/// The message of a failed check, built as the compiler evaluates it.
struct Text {
    bytes: [u8; 1024],
    len: usize,
}

impl Text {
    const fn new() -> Self {
        Text {
            bytes: [0; 1024],
            len: 0,
        }
    }

    const fn push(&mut self, text: &str) {
        let text = text.as_bytes();
        let mut index = 0;
        while index < text.len() && self.len < self.bytes.len() {
            self.bytes[self.len] = text[index];
            self.len += 1;
            index += 1;
        }
    }

    /// `"a", "b"` or `a, b`.
    const fn push_list(&mut self, names: &[&str], quoted: bool) {
        let mut index = 0;
        while index < names.len() {
            if index > 0 {
                self.push(", ");
            }
            if quoted {
                self.push("\"");
            }
            self.push(names[index]);
            if quoted {
                self.push("\"");
            }
            index += 1;
        }
    }

    /// The text; a text cut inside a character (only a definition's place
    /// can hold one) ends before it.
    const fn text(&self) -> &str {
        let mut len = self.len;
        loop {
            match core::str::from_utf8(self.bytes.split_at(len).0) {
                Ok(text) => return text,
                Err(_) => len -= 1,
            }
        }
    }
}

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut index = 0;
    while index < a.len() {
        if a[index] != b[index] {
            return false;
        }
        index += 1;
    }
    true
}

/// The argument of `args` a misspelled `name` most likely means: one within
/// two edits, as the macros' own suggestions are (`errcat_syntax::closest`).
const fn closest(name: &str, args: &[&'static str]) -> Option<&'static str> {
    let mut best: Option<(&'static str, usize)> = None;
    let mut index = 0;
    while index < args.len() {
        let distance =
            errcat_runtime::__private::syntax::edit_distance_within(name, args[index], 2);
        if let Some(distance) = distance {
            let better = match best {
                Some((_, best)) => distance < best,
                None => true,
            };
            if better {
                best = Some((args[index], distance));
            }
        }
        index += 1;
    }
    match best {
        Some((arg, _)) => Some(arg),
        None => None,
    }
}

/// Fails the build at a report site of a retired code, at the code, with
/// a message that names it, since when it is retired, what to report
/// instead and where it is defined: a retired code is reported no more,
/// and a fix of the site's names would only lead to a report nobody reads.
/// A live code's site is returned, for [`site_order`] to check its names.
pub const fn site_live(site: Site) -> Site {
    if site.retired.is_empty() {
        return site;
    }
    let mut text = Text::new();
    text.push(site.code);
    text.push(" is ");
    text.push(site.retired);
    text.push(" (");
    text.push(site.code);
    text.push(" is ");
    text.push(site.place);
    text.push(")");
    panic!("{}", text.text());
}

/// A report site, checked: the constant each site has, the one the
/// compiler evaluates for it.
pub struct Checked<const K: usize> {
    /// The definition of the site's code ([`Site::definition`]).
    pub definition: &'static ErrorDef,
    /// For each argument of the definition, where the site gives its value.
    pub order: [usize; K],
}

/// Checks a report site's argument names against the definition's, as the
/// compiler evaluates the site's constant; returns the definition and, for
/// each argument of the definition, where the site gives its value. A name
/// that is not the definition's, or one it leaves out, fails the build with
/// a message that names the code, the names and where the code is defined.
pub const fn site_order<const K: usize>(site: Site, keys: [&str; K]) -> Checked<K> {
    let definition = site.definition;
    let mut order = [0; K];
    // The common case first, as cheap to evaluate as it can be: the names
    // the definition has, in its order (each site is evaluated once per
    // build, a thousand sites a thousand times).
    if site.args.len() == K {
        let mut index = 0;
        while index < K && same(site.args[index], keys[index]) {
            order[index] = index;
            index += 1;
        }
        if index == K {
            return Checked { definition, order };
        }
    }
    match order_by_name(&site, &keys) {
        Ok(order) => Checked { definition, order },
        Err(text) => panic!("{}", text.text()),
    }
}

/// [`site_order`] for names in another order than the definition's, or
/// names that are not its own (which fail the build).
/// Fails with the message of what is wrong, which `site_order` panics
/// with: the build's error then shows one frame, the site's check.
// Evaluated by the compiler only, where a `Box` cannot be made: the message
// is returned by value.
#[allow(clippy::result_large_err)]
const fn order_by_name<const K: usize>(site: &Site, keys: &[&str; K]) -> Result<[usize; K], Text> {
    let mut order = [0; K];
    if !site.valid {
        return Ok(order);
    }
    let mut text = Text::new();
    let mut failed = false;
    // A name suggested for a misspelled key is not reported missing too.
    let mut suggested = [false; 64];
    let mut given = [false; 64];
    let mut key = 0;
    while key < K {
        let mut arg = 0;
        let mut found = false;
        while arg < site.args.len() {
            if same(site.args[arg], keys[key]) {
                found = true;
                if arg < K {
                    order[arg] = key;
                }
                if arg < given.len() {
                    given[arg] = true;
                }
            }
            arg += 1;
        }
        if !found {
            if failed {
                text.push("; ");
            }
            failed = true;
            text.push(site.code);
            text.push(" has no argument \"");
            text.push(keys[key]);
            text.push("\" (");
            if site.args.is_empty() {
                text.push("it has no arguments");
            } else {
                text.push("its arguments are: ");
                text.push_list(site.args, false);
            }
            text.push(")");
            if let Some(close) = closest(keys[key], site.args) {
                text.push("; did you mean \"");
                text.push(close);
                text.push("\"?");
                let mut arg = 0;
                while arg < site.args.len() && arg < suggested.len() {
                    if same(site.args[arg], close) {
                        suggested[arg] = true;
                    }
                    arg += 1;
                }
            }
        }
        key += 1;
    }
    let mut missing = 0;
    let mut arg = 0;
    while arg < site.args.len() && arg < given.len() {
        if !given[arg] && !suggested[arg] {
            missing += 1;
        }
        arg += 1;
    }
    if missing > 0 {
        if failed {
            text.push("; ");
        }
        failed = true;
        text.push(site.code);
        text.push(if missing == 1 {
            ": missing argument "
        } else {
            ": missing arguments "
        });
        let mut first = true;
        let mut arg = 0;
        while arg < site.args.len() && arg < given.len() {
            if !given[arg] && !suggested[arg] {
                if !first {
                    text.push(", ");
                }
                first = false;
                text.push("\"");
                text.push(site.args[arg]);
                text.push("\"");
            }
            arg += 1;
        }
        text.push(" (its arguments are: ");
        text.push_list(site.args, false);
        text.push("); add each with its value");
    }
    if failed {
        text.push(" (");
        text.push(site.code);
        text.push(" is ");
        text.push(site.place);
        text.push(")");
        return Err(text);
    }
    Ok(order)
}

/// A report site's value: a text, written as it is, or anything else
/// `Display`, written through it (a hundred instructions more: the
/// formatting machinery of `core::fmt`). The site's macro picks the form
/// from the value's type with [`Probe`].
#[derive(Clone, Copy)]
pub enum Value<'a> {
    /// A standard text type's value (`str`, `String`, `&str`, `Cow<str>`, ...).
    Text(&'a str),
    /// Any other `Display` value.
    Shown(&'a dyn ArgDisplay),
}

/// A report site's value, seen by its type:
/// `match &value { value => Probe(value).errcode_value(value) }` finds an
/// inherent method for the text types, which wins over the method of
/// [`ShowValue`], implemented for every other type (method resolution
/// prefers inherent methods to trait methods at the same receiver type).
/// The value is passed again so that a value of any other type becomes a
/// `&dyn ArgDisplay` at the site itself: a value that is not `Display`
/// fails there, with [`ArgDisplay`]'s message and no bound of this module
/// in the error.
pub struct Probe<'a, T: ?Sized>(pub &'a T);

macro_rules! text_probes {
    ($($ty:ty => |$value:ident| $text:expr;)*) => {$(
        impl<'a> Probe<'a, $ty> {
            /// The value, as text (`_same` is the value again, which only
            /// the method of other types reads).
            #[inline]
            // The parameter's type is the probe's, whichever it is.
            #[allow(clippy::ptr_arg)]
            pub fn errcode_value(&self, _same: &'a $ty) -> Value<'a> {
                let $value: &'a $ty = self.0;
                Value::Text($text)
            }
        }
    )*};
}

text_probes! {
    str => |value| value;
    &str => |value| value;
    &&str => |value| value;
    String => |value| value.as_str();
    &String => |value| value.as_str();
    std::borrow::Cow<'_, str> => |value| value;
    Box<str> => |value| value;
}

/// The method of [`Probe`] for a value that is not one of the text types:
/// written through its `Display`, which the value passed must have (the
/// site's cast to `&dyn ArgDisplay` fails at the value if it has none).
pub trait ShowValue<'a> {
    /// The value, to be written through its `Display`.
    fn errcode_value(&self, shown: &'a dyn ArgDisplay) -> Value<'a>;
}

impl<'a, T: ?Sized> ShowValue<'a> for Probe<'a, T> {
    #[inline]
    fn errcode_value(&self, shown: &'a dyn ArgDisplay) -> Value<'a> {
        Value::Shown(shown)
    }
}

/// The values of a report site, in the order of the definition's arguments.
struct SiteValues<'a> {
    definition: &'static ErrorDef,
    values: &'a [Value<'a>],
}

impl Defined for SiteValues<'_> {
    fn compiled_definition(&self) -> &'static ErrorDef {
        self.definition
    }

    fn write_arg(&self, index: usize, out: &mut dyn fmt::Write) -> fmt::Result {
        match self.values.get(index) {
            Some(Value::Text(text)) => out.write_str(text),
            Some(Value::Shown(value)) => value.write_arg(out),
            None => Ok(()),
        }
    }
}

/// Reports `definition` with a site's values, in the site's order, and
/// `order` from [`site_order`]: inlined, so that a site calls the runtime
/// once, and the compiler, knowing the order, puts each value where the
/// definition's arguments want it without a look-up at run time (the site
/// itself has no indexing for the type checker to work through).
#[inline]
#[track_caller]
pub fn report_by_code<const K: usize>(
    definition: &'static ErrorDef,
    values: [Value<'_>; K],
    order: &[usize; K],
) {
    let ordered: [Value<'_>; K] = core::array::from_fn(|index| values[order[index]]);
    report_defined(&SiteValues {
        definition,
        values: &ordered,
    });
}
