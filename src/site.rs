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
//! site looks its code up with [`Lookup`], which finds the definition or
//! none without a compile error of its own, and checks what it found with
//! [`check_site`] in a constant of its own; the constant panics with the
//! verdict's message at the token to change (the code, or a name), so that
//! every mistake at a site is told in errcode's words, and one at a time.

use core::fmt;
use core::marker::PhantomData;

use errcat_runtime::__private::{Defined, report_defined};
use errcat_runtime::ErrorDef;

use crate::ArgDisplay;

/// A code as a type: its six characters packed (`errcat_syntax::pack_code`).
pub struct Code<const CODE: u64>;

/// What a report site needs of a code's definition; `M` is the defining
/// type, which the site lets the compiler infer, `S` the site's own type
/// named after the code. A site never requires it as a bound (see
/// [`Lookup`]), so its message shows only if a use of it is ever written
/// by hand; every impl is `#[diagnostic::do_not_recommend]`, so that no
/// error lists the impls of every code in reach.
#[diagnostic::on_unimplemented(
    message = "{S} is not defined in this crate or in any crate it uses",
    label = "no #[error_code(\"{S}\", ...)] is in reach"
)]
pub trait Find<M, S> {
    /// The definition's code, place and argument names, and the definition.
    const SITE: Site;
}

/// The lookup of a code's definition at a report site, which never fails
/// to compile: `Lookup::<Code<PACKED>, _, S>::SITE` is the inherent
/// constant below where the code has a definition in reach (a [`Found`];
/// `M`, the defining type, is inferred), and [`Undefined`]'s [`Missing`]
/// where it has none (the inherent one's bound does not hold, so the
/// compiler falls back to the trait's, which fixes `M`). The site's check then says what
/// is wrong in its own words, in the site's own constant: a failed trait
/// bound would name these types and list every impl in reach.
pub struct Lookup<C, M, S>(PhantomData<(C, M, S)>);

impl<C: Find<M, S>, M, S> Lookup<C, M, S> {
    /// The definition of the code, and its defining type.
    pub const SITE: Found<M> = Found {
        site: Some(C::SITE),
        definition: PhantomData,
    };
}

/// What a site's lookup found for a defined code: the definition and the
/// defining type (for the site's typed values, [`ArgProbe`]). One constant
/// for both, so that the site's check and its values read the same path,
/// and a lookup the compiler cannot decide (a code two crates define) is
/// one error, not two.
pub struct Found<M> {
    /// The definition of the code.
    pub site: Option<Site>,
    definition: PhantomData<fn() -> M>,
}

impl<M> Found<M> {
    /// The defining type: `None` at run time, where no value of it is ever
    /// needed.
    #[inline]
    pub const fn definition(&self) -> Option<&'static M> {
        None
    }

    /// The site's question for near codes ([`NearProbe`]): none, the code
    /// is defined.
    #[inline]
    pub const fn near<L>(&self) -> NoNear {
        NoNear
    }
}

/// What `M` is for a code no crate in reach defines.
pub struct Nowhere;

/// What a site's lookup found for a code no crate in reach defines.
pub struct Missing {
    /// No definition.
    pub site: Option<Site>,
}

impl Missing {
    /// No defining type: every value of the site is unchecked.
    #[inline]
    pub const fn definition(&self) -> Option<&'static Nowhere> {
        None
    }

    /// The site's question for the codes near its own, `L` ([`NearProbe`]).
    #[inline]
    pub const fn near<L>(&self) -> NearProbe<L> {
        NearProbe(PhantomData)
    }
}

/// The lookup of a code no crate in reach defines (see [`Lookup`]).
pub trait Undefined {
    /// No definition.
    const SITE: Missing = Missing { site: None };
}

impl<C, S> Undefined for Lookup<C, Nowhere, S> {}

/// A report site's question, for a code no crate in reach defines, to the
/// codes one slip away from it (`errcat_syntax::near_codes`, nearest
/// first): which is defined, the first one. `L` is the list of those codes,
/// `(Code<A>, (Code<B>, ... ()))`. [`Missing::near`] gives it; a defined
/// code's lookup gives [`NoNear`] instead, which answers at once.
///
/// The site asks `probe.errcat_near()` in a closure of its check's
/// constant, which is type-checked and never called; [`near_of`] reads the
/// answer's type. The compiler's method lookup answers it, as it
/// dereferences the probe one code of the list at a time: [`NearStep`] for
/// the first code whose definition is in reach, else for `NearProbe<()>`,
/// the list's end: none.
pub struct NearProbe<L>(PhantomData<L>);

/// A defined code's question for near codes: none.
pub struct NoNear;

/// The next code of the list, which the compiler's method lookup reaches
/// where the first one is not defined.
impl<C, R> core::ops::Deref for NearProbe<(C, R)> {
    type Target = NearProbe<R>;

    fn deref(&self) -> &Self::Target {
        unreachable!("a report site's question for near codes is never asked at run time")
    }
}

/// The answer to a [`NearProbe`]; `D` is the definition found, `()` for
/// none (a parameter, since only the trait can leave it to the impl).
pub trait NearStep<D> {
    /// [`Nearest`], or [`NoneNear`].
    type Answer: NearAnswer;

    /// The answer, as a value whose type [`near_of`] reads.
    fn errcat_near(&self) -> Self::Answer;
}

/// The site's code is defined: no question.
impl NearStep<()> for NoNear {
    type Answer = NoneNear;

    fn errcat_near(&self) -> NoneNear {
        NoneNear
    }
}

/// The first code of the list is defined (by `D`).
impl<C: Find<D, ()>, D, R> NearStep<D> for NearProbe<(C, R)> {
    type Answer = Nearest<C, D>;

    fn errcat_near(&self) -> Nearest<C, D> {
        Nearest(PhantomData)
    }
}

/// The list's end: no code of it is defined.
impl NearStep<()> for NearProbe<()> {
    type Answer = NoneNear;

    fn errcat_near(&self) -> NoneNear {
        NoneNear
    }
}

/// What [`near_of`] reads of a [`NearProbe`]'s answer.
pub trait NearAnswer {
    /// The nearest defined code's definition, if any.
    const SITE: Option<Site>;
}

/// No code near the site's is defined (or the site's is).
pub struct NoneNear;

impl NearAnswer for NoneNear {
    const SITE: Option<Site> = None;
}

/// Code `C`, defined by `D`, is the nearest defined code.
pub struct Nearest<C, D>(PhantomData<(C, D)>);

impl<C: Find<D, ()>, D> NearAnswer for Nearest<C, D> {
    const SITE: Option<Site> = Some(C::SITE);
}

/// The answer of a site's question for near codes ([`NearProbe`]), asked in
/// `near`, a closure never called, whose return type is the answer.
pub const fn near_of<F: Fn() -> A, A: NearAnswer>(_near: &F) -> Option<Site> {
    A::SITE
}

/// What a report site's check reads of a definition.
#[derive(Clone, Copy)]
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

    /// `a, b`.
    const fn push_list(&mut self, names: &[&str]) {
        let mut index = 0;
        while index < names.len() {
            if index > 0 {
                self.push(", ");
            }
            self.push(names[index]);
            index += 1;
        }
    }

    /// " (its arguments are: a, b; EV0101 is `DeviceNotFound` in devmgr)".
    const fn push_definition(&mut self, site: &Site) {
        self.push(" (");
        if site.args.is_empty() {
            self.push("it has no arguments");
        } else {
            self.push("its arguments are: ");
            self.push_list(site.args);
        }
        self.push("; ");
        self.push(site.code);
        self.push(" is ");
        self.push(site.place);
        self.push(")");
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

/// A report site, checked: the constant each site has, the one the
/// compiler evaluates for it.
pub struct Checked<const K: usize> {
    /// The definition of the site's code ([`Site::definition`]).
    pub definition: &'static ErrorDef,
    /// For each argument of the definition, where the site gives its value.
    pub order: [usize; K],
}

/// Where a site's mistake is, which is the token the user must change.
#[derive(Clone, Copy, PartialEq, Eq)]
enum At {
    /// Nothing is wrong.
    Nowhere,
    /// The code: no crate in reach defines it.
    Undefined,
    /// The code: it is retired.
    Code,
    /// The list of names: one is missing.
    Keys,
    /// The site's name at this index is not the definition's.
    Key(usize),
}

/// What a report site's check found: the checked site, or its first
/// mistake, its message and where it is. A site's constant of its own
/// asserts on it with the message, in an `assert!` written at the token to
/// change, so the build's error names the site's code and points there,
/// and nothing of errcat's (a panic inside one of its functions would show
/// that frame, its source and libcore's). Compile-time only: the report
/// reads the checked site, a constant of its own.
pub struct Verdict<const K: usize> {
    checked: Checked<K>,
    text: Text,
    at: At,
}

impl<const K: usize> Verdict<K> {
    /// The mistake is the code's.
    pub const fn at_code(&self) -> bool {
        matches!(self.at, At::Code | At::Undefined)
    }

    /// The mistake is the site's name at `index`.
    pub const fn at_key(&self, index: usize) -> bool {
        matches!(self.at, At::Key(at) if at == index)
    }

    /// The mistake is the list of names's: a name is missing.
    pub const fn at_keys(&self) -> bool {
        matches!(self.at, At::Keys)
    }

    /// Whether the code has a definition in reach.
    pub const fn defined(&self) -> bool {
        !matches!(self.at, At::Undefined)
    }

    /// What is wrong, in one sentence; empty when nothing is.
    pub const fn message(&self) -> &str {
        self.text.text()
    }

    /// The site, checked (meaningful when nothing is wrong, and the site's
    /// constant has panicked otherwise).
    pub const fn checked(self) -> Checked<K> {
        self.checked
    }

    const fn wrong(checked: Checked<K>, text: Text, at: At) -> Self {
        Verdict { checked, text, at }
    }

    const fn right(checked: Checked<K>) -> Self {
        Verdict {
            checked,
            text: Text::new(),
            at: At::Nowhere,
        }
    }
}

/// Checks a report site of `code`, whose definition the compiler found
/// (`None`: no crate in reach defines it; see [`Lookup`]; then `near` is
/// the definition of the nearest code that is defined, see [`NearProbe`]): the code is
/// defined and live, and the site's names are the definition's arguments,
/// in any order. Returns the definition and, for each of its arguments,
/// where the site gives its value; or the site's first mistake. Evaluated
/// by the compiler only, each site once per build.
// The verdict is returned by value: a `Box` cannot be made where the
// compiler evaluates it.
pub const fn check_site<const K: usize>(
    code: &'static str,
    found: Option<Site>,
    near: Option<Site>,
    keys: [&str; K],
) -> Verdict<K> {
    let site = match found {
        Some(site) => site,
        None => {
            let mut text = Text::new();
            text.push(code);
            text.push(" is not defined in this crate or in any crate it uses: ");
            match near {
                // A live code one slip away is most likely the one meant; a
                // retired one is not offered, since its sites fail too.
                Some(near) if near.retired.is_empty() => {
                    text.push("did you mean ");
                    text.push(near.code);
                    text.push(", which is ");
                    text.push(near.place);
                    text.push("?");
                }
                _ => {
                    text.push("define it, on a struct or a variant of an #[error_code] enum, as #[error_code(\"");
                    text.push(code);
                    text.push("\", message = \"...\")]; a crate of definitions that this crate names nowhere is not loaded: refer to it once, as `use my_errors as _;`");
                }
            }
            let checked = Checked {
                definition: &errcat_runtime::__private::REJECTED,
                order: [0; K],
            };
            return Verdict::wrong(checked, text, At::Undefined);
        }
    };
    let definition = site.definition;
    let mut order = [0; K];
    // A retired code fails at the code, which is what the site must change:
    // a fix of the site's names would only lead to a report nobody reads.
    if !site.retired.is_empty() {
        let mut text = Text::new();
        text.push(site.code);
        text.push(" is ");
        text.push(site.retired);
        text.push(" (");
        text.push(site.code);
        text.push(" is ");
        text.push(site.place);
        text.push(")");
        return Verdict::wrong(Checked { definition, order }, text, At::Code);
    }
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
            return Verdict::right(Checked { definition, order });
        }
    }
    if !site.valid {
        return Verdict::right(Checked { definition, order });
    }
    check_names(&site, &keys)
}

/// [`check_site`] for names in another order than the definition's, or
/// names that are not its own: the first name that is not the
/// definition's is the mistake, with the argument it most likely means;
/// else an argument no name gives.
const fn check_names<const K: usize>(site: &Site, keys: &[&str; K]) -> Verdict<K> {
    let definition = site.definition;
    let mut order = [0; K];
    let mut given = [false; 64];
    let mut unknown = K;
    let mut unknowns = 0;
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
            if unknown == K {
                unknown = key;
            }
            unknowns += 1;
        }
        key += 1;
    }
    let mut missing = 0;
    let mut last_missing = 0;
    let mut arg = 0;
    while arg < site.args.len() && arg < given.len() {
        if !given[arg] {
            missing += 1;
            last_missing = arg;
        }
        arg += 1;
    }
    let checked = Checked { definition, order };
    let mut text = Text::new();
    if unknown < K {
        // The argument meant: the nearest one not given, by the rule of the
        // macros' own suggestions (`errcat_syntax::closest`); or, when one
        // name is wrong and one argument missing, that argument.
        let mut meant = None;
        let mut best = usize::MAX;
        let mut arg = 0;
        while arg < site.args.len() && arg < given.len() {
            if !given[arg]
                && let Some(distance) = errcat_runtime::__private::syntax::edit_distance_within(
                    keys[unknown],
                    site.args[arg],
                    2,
                )
                && distance < best
            {
                best = distance;
                meant = Some(site.args[arg]);
            }
            arg += 1;
        }
        if meant.is_none() && unknowns == 1 && missing == 1 {
            meant = Some(site.args[last_missing]);
        }
        text.push(site.code);
        text.push(" has no argument \"");
        text.push(keys[unknown]);
        text.push("\"");
        if let Some(meant) = meant {
            text.push(": did you mean \"");
            text.push(meant);
            text.push("\"?");
        }
        text.push_definition(site);
        return Verdict::wrong(checked, text, At::Key(unknown));
    }
    if missing > 0 {
        text.push(site.code);
        text.push(if missing == 1 {
            ": missing argument "
        } else {
            ": missing arguments "
        });
        let mut first = true;
        let mut arg = 0;
        while arg < site.args.len() && arg < given.len() {
            if !given[arg] {
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
        text.push(": add each, with its value");
        text.push_definition(site);
        return Verdict::wrong(checked, text, At::Keys);
    }
    Verdict::right(checked)
}

/// A definition's argument whose type is not text, by code and name: what a
/// report site by code checks its value against. Each definition
/// implements it for each such argument, keyed by its code (packed, as
/// [`Code`]'s) and its name (`NAME`, the name's FNV-1a hash, which the
/// macros compute for both sides).
pub trait Arg<const CODE: u64, const NAME: u64> {
    /// The argument's type.
    type Field;
}

/// A report site's question for one of its values: the type of argument
/// `NAME` of code `CODE` in `M`, the defining type the site's lookup found
/// ([`Found::definition`]). [`Typed`] answers it where `M` has that
/// argument and its type is not text, [`Untyped`] everywhere else (text, a
/// name the definition does not have, a code without a definition): the
/// site calls `(&probe).errcat_field()`, which finds `Typed`'s method
/// first when it applies (autoref specialization).
pub struct ArgProbe<M, const CODE: u64, const NAME: u64>(PhantomData<M>);

impl<M, const CODE: u64, const NAME: u64> ArgProbe<M, CODE, NAME> {
    /// The probe of the defining type the site's lookup gives.
    #[inline]
    pub const fn new(_: Option<&M>) -> Self {
        ArgProbe(PhantomData)
    }
}

/// The answer of [`ArgProbe`] for an argument that is not text.
pub trait Typed {
    /// The argument's type.
    type Field;

    /// The argument's type, as a value the site's check uses.
    #[inline]
    fn errcat_field(&self) -> Field<Self::Field> {
        Field(PhantomData)
    }
}

impl<M: Arg<CODE, NAME>, const CODE: u64, const NAME: u64> Typed for ArgProbe<M, CODE, NAME> {
    type Field = M::Field;
}

/// The answer of [`ArgProbe`] where nothing is checked.
pub trait Untyped {
    /// Nothing to check.
    #[inline]
    fn errcat_field(&self) -> Unchecked {
        Unchecked
    }
}

impl<M, const CODE: u64, const NAME: u64> Untyped for &ArgProbe<M, CODE, NAME> {}

/// The type of a definition's argument whose type is not text, which a
/// report site's value for it must convert into. A site's check of a value
/// never runs: the site calls it only under [`Found::definition`], which
/// is `None` at run time.
pub struct Field<F>(PhantomData<F>);

impl<F> Field<F> {
    /// Where the site puts a reference to its value: the cast to
    /// `dyn ReportValue` is the check, failing at the value with
    /// [`ReportValue`](crate::ReportValue)'s message, which names the code
    /// (`C`, the site's type) and the argument (`N`, a type named after it).
    pub fn slot<'a, C, N>(&self, _: C, _: N) -> &'a (dyn crate::ReportValue<F, C, N> + 'a) {
        unreachable!("a report site's type check never runs")
    }

    /// Where the site puts a numeric literal written as its value, which
    /// takes the argument's type as any literal does in a `let`.
    pub fn literal(&self) -> F {
        unreachable!("a report site's type check never runs")
    }
}

/// What a report site checks a value against when the argument is text (a
/// text takes anything `Display`, as CANN's string values do), has a
/// display adapter, is not the definition's, or the code has no
/// definition: nothing, the mistakes but the first being the verdict's
/// ([`check_site`]).
pub struct Unchecked;

impl Unchecked {
    /// A slot of the value's own type: anything goes.
    pub fn slot<'a, C, N, T: ?Sized>(&self, _: C, _: N) -> &'a T {
        unreachable!("a report site's type check never runs")
    }

    /// A slot of the literal's own type.
    pub fn literal<T>(&self) -> T {
        unreachable!("a report site's type check never runs")
    }
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

/// Reports a site's checked definition with its values, in the site's
/// order, put in the definition's by `checked.order` ([`check_site`]):
/// inlined, so that a site calls the runtime once, and the compiler,
/// knowing the order, puts each value where the definition's arguments want
/// it without a look-up at run time (the site itself has no indexing for
/// the type checker to work through). The site's checked constant is
/// passed by value, as the constant it is.
#[inline]
#[track_caller]
pub fn report_by_code<const K: usize>(checked: Checked<K>, values: [Value<'_>; K]) {
    let ordered: [Value<'_>; K] = core::array::from_fn(|index| values[checked.order[index]]);
    report_defined(&SiteValues {
        definition: checked.definition,
        values: &ordered,
    });
}
