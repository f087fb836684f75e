//! Reporting into the current store and taking the reports back out. The
//! current store is the innermost [`scope`](crate::scope) being polled, else
//! the [`WorkStream`](crate::WorkStream) this thread entered, else the
//! thread's own.

use core::fmt;

use crate::current::{NewReport, Values, record, with_store};
use crate::def::{Defined, ErrorDef, SourceLocation};
use crate::layout::Layout;
use crate::registry::{in_force, registry};
use crate::store::render;
use crate::store::{Entry, Lane, Message, Store, same_text};
use crate::time::ReportTime;
use errcat_syntax::classify_code;

/// One stored report, taken out of the current store by [`take_reports`].
///
/// It owns its texts, so it can be sent to another thread and put back
/// there with [`restore_reports`].
#[derive(Debug, Clone)]
pub struct Report {
    pub(crate) code: &'static str,
    pub(crate) def: Option<&'static ErrorDef>,
    pub(crate) warning: bool,
    pub(crate) internal: bool,
    pub(crate) message: String,
    pub(crate) args: Vec<(&'static str, String)>,
    /// The message is `def`'s template filled with `args`, so that a
    /// restore keeps the values rather than the text.
    pub(crate) templated: bool,
    pub(crate) location: SourceLocation,
    pub(crate) time: ReportTime,
}

impl PartialEq for Report {
    fn eq(&self, other: &Self) -> bool {
        self.code == other.code
            && self.message == other.message
            && self.args == other.args
            && self.location == other.location
    }
}

impl Eq for Report {}

impl Report {
    fn from_entry(entry: &Entry<'_>, warning: bool) -> Self {
        let def = entry.def.or_else(|| registry().get(entry.code));
        let names = entry.def.map(ErrorDef::fields).unwrap_or_default();
        let args: Vec<(&'static str, String)> = names
            .iter()
            .copied()
            .zip(entry.values().map(str::to_owned))
            .collect();
        Report {
            code: entry.code,
            def,
            warning,
            internal: entry.internal,
            message: entry.message.to_string(),
            templated: matches!(entry.message, Message::Template { .. }),
            args,
            location: entry.location,
            time: entry.time,
        }
    }

    /// A report made of its parts, to be put into a store with
    /// [`restore_reports`]: how a report handed out as plain texts (CANN's
    /// `ErrorItem`) comes back.
    ///
    /// `code` is a defined code, an internal (`xx9999`) or parameter-check
    /// (`xx8888`) code, or a user-defined one (`EU0000`-`EU9999`). A defined
    /// code keeps its values, by the names of its definition's fields, when
    /// they fill its template into `message`; otherwise the message is kept
    /// as text, as it is for the others. `Err` when the code is none of
    /// these.
    ///
    /// ```
    /// # use errcat::error_code;
    /// # #[derive(Debug)]
    /// # #[error_code("EK0005", message = "Parameter %s is not supported.")]
    /// # pub struct NotSupported { pub param: String }
    /// let time = errcat::ReportTime::now();
    /// let report = errcat::Report::from_parts(
    ///     "EK0005", "Parameter fp16 is not supported.", &[("param", "fp16")], time,
    /// ).unwrap();
    /// assert_eq!(report.args().collect::<Vec<_>>(), [("param", "fp16")]);
    /// errcat::restore_reports([report]);
    /// assert_eq!(
    ///     errcat::take_error_message().as_deref(),
    ///     Some("EK0005: Parameter fp16 is not supported.\r\n")
    /// );
    /// assert!(errcat::Report::from_parts("EK0", "x", &[], time).is_err());
    /// ```
    #[track_caller]
    pub fn from_parts(
        code: &str,
        message: &str,
        args: &[(&str, &str)],
        time: ReportTime,
    ) -> Result<Report, ReportError> {
        let malformed = || ReportError::MalformedCode {
            code: code.to_owned(),
        };
        let kind = errcat_syntax::code_kind(code).ok_or_else(malformed)?;
        let def = registry().get(code);
        let interned = match def {
            Some(def) => def.code(),
            None if kind.internal => interned_internal_code(code).ok_or_else(malformed)?,
            None => interned_user_code(code).ok_or_else(|| ReportError::UnknownCode {
                code: code.to_owned(),
            })?,
        };
        // The values, when they are the ones the message was made of.
        let values = def.and_then(|def| {
            let named = Named::new(args);
            let values: Option<Vec<(&'static str, String)>> = def
                .fields()
                .iter()
                .map(|&name| named.search(name).map(|value| (name, value.to_owned())))
                .collect();
            let values = values?;
            let mut filled = String::with_capacity(message.len());
            def.write_filled(&mut filled, |field, out| {
                fmt::Write::write_str(
                    out,
                    values.get(field).map_or("", |(_, value)| value.as_str()),
                )
            })
            .ok()?;
            (filled == message).then_some(values)
        });
        Ok(Report {
            code: interned,
            def,
            warning: kind.warning,
            internal: kind.internal,
            message: message.to_owned(),
            templated: values.is_some(),
            args: values.unwrap_or_default(),
            location: SourceLocation::caller(),
            time,
        })
    }

    /// A report of `def`, which need not be registered, whose message is
    /// `message` as text: how errcat-ffi puts back an item CANN's
    /// `SetRawErrorMessages` was given with texts of its own (title, cause,
    /// solution), which `def` carries. It is internal or a warning as its
    /// code is.
    #[doc(hidden)]
    #[track_caller]
    pub fn __with_definition(def: &'static ErrorDef, message: &str, time: ReportTime) -> Report {
        Report {
            code: def.code(),
            def: Some(def),
            warning: def.is_warning(),
            internal: def.is_internal(),
            message: message.to_owned(),
            templated: false,
            args: Vec::new(),
            location: SourceLocation::caller(),
            time,
        }
    }

    /// The code, such as `"EK0201"`.
    pub fn code(&self) -> &'static str {
        self.code
    }

    /// The filled-in message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The definition of the code, when one is registered.
    pub fn def(&self) -> Option<&'static ErrorDef> {
        self.def
    }

    /// The title of the code, when its definition gives one.
    pub fn title(&self) -> Option<&'static str> {
        self.def.and_then(ErrorDef::title)
    }

    /// The class of the code, such as `"Profiling Errors"`, when its
    /// definition gives one.
    pub fn class(&self) -> Option<&'static str> {
        self.def.and_then(ErrorDef::class)
    }

    /// The possible cause, when the definition gives one.
    pub fn cause(&self) -> Option<&'static str> {
        self.def.and_then(ErrorDef::cause)
    }

    /// The solution, when the definition gives one.
    pub fn solution(&self) -> Option<&'static str> {
        self.def.and_then(ErrorDef::solution)
    }

    /// The argument names and the values they were given, in the order of
    /// [`ErrorDef::fields`]. Internal errors reported with a format string have none.
    pub fn args(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.args
            .iter()
            .map(|(name, value)| (*name, value.as_str()))
    }

    /// Where the report was made.
    pub fn location(&self) -> SourceLocation {
        self.location
    }

    /// When the report was made; `restore_reports` keeps it.
    pub fn time(&self) -> ReportTime {
        self.time
    }

    /// Whether this is a warning (its code starts with `W`).
    pub fn is_warning(&self) -> bool {
        self.warning
    }

    /// Whether this is an internal (`xx9999`) or parameter-check (`xx8888`) error.
    pub fn is_internal(&self) -> bool {
        self.internal
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

/// Why [`report_dynamic`] recorded nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReportError {
    /// No definition of the code is registered.
    UnknownCode {
        /// The code as given.
        code: String,
    },
    /// The definition needs an argument that was not given.
    MissingArgument {
        /// The code.
        code: &'static str,
        /// The name of the missing argument.
        name: &'static str,
    },
    /// The text is not an error code (six characters: `E` or `W`, an
    /// uppercase letter or digit, four digits).
    MalformedCode {
        /// The code as given.
        code: String,
    },
    /// [`report_internal`] was given a code that is neither internal
    /// (`xx9999`) nor parameter-check (`xx8888`).
    NotInternal {
        /// The code as given.
        code: String,
    },
}

impl fmt::Display for ReportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReportError::UnknownCode { code } => {
                write!(
                    f,
                    "unknown error code {code:?}: no definition is registered"
                )
            }
            ReportError::MissingArgument { code, name } => {
                write!(f, "{code} needs the argument `{name}`, which was not given")
            }
            ReportError::MalformedCode { code } => match classify_code(code) {
                Err(why) => write!(f, "{code:?} is not an error code: {why}"),
                Ok(_) => write!(f, "{code:?} is not an error code"),
            },
            ReportError::NotInternal { code } => write!(
                f,
                "{code} is neither an internal (xx9999) nor a parameter-check (xx8888) code"
            ),
        }
    }
}

impl std::error::Error for ReportError {}

/// Records a definition's value: what `ErrorCode::report` does.
#[track_caller]
pub(crate) fn report_value(value: &dyn Defined) {
    record_value(value, value.compiled_definition());
}

/// Records `value`, whose compiled definition is `def`.
#[track_caller]
fn record_value(value: &dyn Defined, def: &'static ErrorDef) {
    record(
        NewReport::Defined {
            def,
            values: Values::Value(value),
            in_force: in_force(def),
        },
        SourceLocation::caller(),
    );
}

/// What `ErrorCode::report` and a report macro's site call: the value's
/// report, or for a transparent variant the report of the definition's
/// value it wraps. A transparent variant that wraps none records nothing;
/// with the `tracing` feature, it says so in an `errcode.unreported` event.
#[doc(hidden)]
#[track_caller]
pub fn report_defined(value: &dyn Defined) {
    let def = value.compiled_definition();
    // Only a transparent variant, which has no definition of its own, has
    // the fallback's: any other value is recorded with one call through its
    // vtable, not a second to ask whether it is transparent.
    if !core::ptr::eq(def, &crate::registry::REJECTED) {
        return record_value(value, def);
    }
    match crate::registry::coded(value) {
        Some(coded) => report_value(coded),
        None => crate::trace::unreported(value, SourceLocation::caller()),
    }
}

/// Records an internal error whose message is a format string; what
/// `report_inner_error!` expands to.
#[doc(hidden)]
#[track_caller]
pub fn report_formatted(code: &'static str, warning: bool, message: fmt::Arguments<'_>) {
    record(
        NewReport::Formatted {
            code,
            def: None,
            warning,
            internal: true,
            message,
        },
        SourceLocation::caller(),
    );
}

/// Reports an internal error whose code is known only at run time: what
/// `report_inner_error!` does for a code written in the source, and what
/// the C error manager's `ReportInterErrMessage` does.
///
/// The code must be internal (`xx9999`) or parameter-check (`xx8888`); it
/// needs no definition. The report goes to the current store (the innermost
/// [`scope`](crate::scope) being polled, else the
/// [`WorkStream`](crate::WorkStream) entered, else the thread's own). When
/// it returns `Err`, nothing was recorded.
///
/// ```
/// errcat::report_internal("E19999", "queue overflow").unwrap();
/// assert_eq!(
///     errcat::take_error_message().as_deref(),
///     Some("E19999: Inner Error!\r\nqueue overflow\r\n")
/// );
/// let err = errcat::report_internal("EK0201", "x").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "EK0201 is neither an internal (xx9999) nor a parameter-check (xx8888) code"
/// );
/// ```
#[track_caller]
pub fn report_internal(code: &str, message: impl fmt::Display) -> Result<(), ReportError> {
    // The constant rule: no allocation on the way to the store.
    let kind = errcat_syntax::code_kind(code).ok_or_else(|| ReportError::MalformedCode {
        code: code.to_owned(),
    })?;
    let interned = interned_internal_code(code)
        .filter(|_| kind.internal)
        .ok_or_else(|| ReportError::NotInternal {
            code: code.to_owned(),
        })?;
    record(
        NewReport::Formatted {
            code: interned,
            def: None,
            warning: kind.warning,
            internal: true,
            message: format_args!("{message}"),
        },
        SourceLocation::caller(),
    );
    Ok(())
}

/// Every internal and parameter-check code, `E` or `W`, any module: 144
/// codes of six bytes, back to back, kept for the life of the program so
/// that a report can refer to one that was given only at run time. Checked
/// as text once, when the program is compiled: a report pays for no check.
static INTERNAL_CODES: &str = {
    const BYTES: [u8; 6 * 144] = {
        let mut codes = [0u8; 6 * 144];
        let modules = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        let mut i = 0;
        while i < 144 {
            let severity = if i / 72 == 0 { b'E' } else { b'W' };
            let module = modules[(i % 72) / 2];
            let digit = if i % 2 == 0 { b'8' } else { b'9' };
            let code = [severity, module, digit, digit, digit, digit];
            let mut at = 0;
            while at < 6 {
                codes[6 * i + at] = code[at];
                at += 1;
            }
            i += 1;
        }
        codes
    };
    match core::str::from_utf8(&BYTES) {
        Ok(text) => text,
        Err(_) => panic!("the internal codes are ASCII"),
    }
};

/// `code` as one of [`INTERNAL_CODES`], when it is one.
fn interned_internal_code(code: &str) -> Option<&'static str> {
    // Its place in the table, worked out from the code rather than searched.
    let &[severity, module, digit, ..] = code.as_bytes() else {
        return None;
    };
    let severity = match severity {
        b'E' => 0,
        b'W' => 1,
        _ => return None,
    };
    let module = match module {
        b'A'..=b'Z' => usize::from(module - b'A'),
        b'0'..=b'9' => usize::from(module - b'0') + 26,
        _ => return None,
    };
    let index = severity * 72 + module * 2 + usize::from(digit == b'9');
    INTERNAL_CODES
        .get(6 * index..6 * index + 6)
        .filter(|interned| same_text(interned, code))
}

/// Reports a code known only at run time, with its arguments by name.
///
/// Every argument of the definition must be given; names it does not have
/// are ignored, as the C++ error manager ignores them. The report goes to
/// the current store (the innermost [`scope`](crate::scope) being polled,
/// else the [`WorkStream`](crate::WorkStream) entered, else the thread's
/// own). When it returns `Err`, nothing was recorded.
///
/// ```
/// # use errcat::error_code;
/// # #[derive(Debug)]
/// # #[error_code("EK0004", title = "Not_Supported", message = "The current system or device does not support %s.")]
/// # pub struct NotSupportedApi { pub intf: String }
/// errcat::report_dynamic("EK0004", &[("intf", "aclprofStart")]).unwrap();
/// assert_eq!(
///     errcat::take_error_message().as_deref(),
///     Some("EK0004: The current system or device does not support aclprofStart.\r\n")
/// );
/// let err = errcat::report_dynamic("EK0004", &[("inft", "x")]).unwrap_err();
/// assert_eq!(err.to_string(), "EK0004 needs the argument `intf`, which was not given");
/// ```
#[track_caller]
pub fn report_dynamic(code: &str, args: &[(&str, &str)]) -> Result<(), ReportError> {
    // Callers nearly always give the arguments in the definition's order:
    // the one in the field's place is compared first. While every field
    // before was found in its place, that one is also the first of its
    // name, since a definition's fields are distinct.
    if args.len() > Named::SCAN {
        return report_dynamic_many(code, args);
    }
    let in_order = core::cell::Cell::new(true);
    report_dynamic_with(code, |at, name| match args.get(at) {
        Some(&(given, value)) if in_order.get() && same_text(given, name) => Some(value),
        _ => {
            in_order.set(false);
            value_of(args, name)
        }
    })
}

/// [`report_dynamic`] of more than [`Named::SCAN`] arguments: the same,
/// with the arguments searched through [`Named`] once out of order. Apart,
/// so that a report of a few arguments pays nothing for it.
#[track_caller]
#[inline(never)]
fn report_dynamic_many(code: &str, args: &[(&str, &str)]) -> Result<(), ReportError> {
    let in_order = core::cell::Cell::new(true);
    let named = Named::new(args);
    report_dynamic_with(code, |at, name| match args.get(at) {
        Some(&(given, value)) if in_order.get() && same_text(given, name) => Some(value),
        _ => {
            in_order.set(false);
            named.search(name)
        }
    })
}

/// Reports a code known only at run time, as [`report_dynamic`] does, with
/// the value of each argument of its definition given by `value_of`: for a
/// caller whose arguments are kept in a form of its own (CANN's C arrays),
/// which need not be made into name-value pairs first.
///
/// `value_of` is called with each field's place in the definition and its
/// name, from the first field to the last (and for a definition of more
/// than eight fields, again in any order as the values are written), and
/// gives the value, or `None` when it has none: then the report is refused
/// with [`ReportError::MissingArgument`], and nothing is recorded.
///
/// ```
/// # use errcat::error_code;
/// # #[derive(Debug)]
/// # #[error_code("EK0004", title = "Not_Supported", message = "The current system or device does not support %s.")]
/// # pub struct NotSupportedApi { pub intf: String }
/// errcat::report_dynamic_with("EK0004", |_, name| (name == "intf").then_some("aclprofStart")).unwrap();
/// assert_eq!(
///     errcat::take_error_message().as_deref(),
///     Some("EK0004: The current system or device does not support aclprofStart.\r\n")
/// );
/// let err = errcat::report_dynamic_with("EK0004", |_, _| None).unwrap_err();
/// assert_eq!(err.to_string(), "EK0004 needs the argument `intf`, which was not given");
/// ```
#[track_caller]
pub fn report_dynamic_with<'v>(
    code: &str,
    value_of: impl Fn(usize, &'static str) -> Option<&'v str>,
) -> Result<(), ReportError> {
    // Each value found once, for the few fields nearly every definition
    // has, rather than again as it is written.
    const FEW: usize = 8;
    // Looked up here rather than through `defined`: its `Result`, as large
    // as the error, was made and read back at every report.
    let Some(def) = registry().get(code) else {
        return Err(unknown_code(code));
    };
    let fields = def.fields();
    let missing = |name| ReportError::MissingArgument {
        code: def.code(),
        name,
    };
    if fields.len() > FEW {
        if let Some(&name) = fields
            .iter()
            .enumerate()
            .find_map(|(at, name)| value_of(at, name).is_none().then_some(name))
        {
            return Err(missing(name));
        }
        let write_arg = |index: usize, out: &mut dyn fmt::Write| {
            let value = fields.get(index).and_then(|&name| value_of(index, name));
            out.write_str(value.unwrap_or_default())
        };
        record(
            NewReport::Defined {
                def,
                values: Values::Writer(&write_arg),
                in_force: def,
            },
            SourceLocation::caller(),
        );
        return Ok(());
    }
    let mut values = [""; FEW];
    for (at, (value, &name)) in values.iter_mut().zip(fields).enumerate() {
        *value = value_of(at, name).ok_or_else(|| missing(name))?;
    }
    record(
        NewReport::Defined {
            def,
            values: Values::Texts(&values[..fields.len()]),
            in_force: def,
        },
        SourceLocation::caller(),
    );
    Ok(())
}

/// Records a report of `def`, which need not be the definition in force
/// nor registered at all, with `values` for its fields in order: how
/// errcat-ffi records a report in the texts of CANN's compact table, which
/// are not the registry's. Nothing is recorded when the number of values is
/// not the number of fields.
#[doc(hidden)]
#[track_caller]
pub fn __report_as(def: &'static ErrorDef, values: &[&str]) {
    if values.len() != def.fields().len() {
        return;
    }
    record(
        NewReport::Defined {
            def,
            values: Values::Texts(values),
            in_force: def,
        },
        SourceLocation::caller(),
    );
}

/// Reports as [`report_dynamic`] does, with `suffix` written right after
/// the filled-in message: how the graph engine's error manager marks each
/// message with its thread (`[THREAD:1234]`) when it keeps one store for
/// the whole process.
///
/// The report keeps its definition (title, cause, solution) but not its
/// argument values: its message is kept as text, suffix included, so
/// [`Report::args`] has none.
///
/// ```
/// # use errcat::{ErrorCode, error_code};
/// # #[derive(Debug)]
/// # #[error_code("EK0004", title = "Not_Supported", message = "The current system or device does not support %s.")]
/// # pub struct NotSupportedApi { pub intf: String }
/// errcat::report_dynamic_suffixed("EK0004", &[("intf", "aclprofStart")], "[THREAD:7]").unwrap();
/// assert_eq!(
///     errcat::take_error_message().as_deref(),
///     Some("EK0004: The current system or device does not support aclprofStart.[THREAD:7]\r\n")
/// );
/// ```
#[track_caller]
pub fn report_dynamic_suffixed(
    code: &str,
    args: &[(&str, &str)],
    suffix: impl fmt::Display,
) -> Result<(), ReportError> {
    let def = defined(code)?;
    let named = Named::new(args);
    check_named(def, &named)?;
    let filled = Filled { def, named };
    record(
        NewReport::Formatted {
            code: def.code(),
            def: Some(def),
            warning: def.is_warning(),
            internal: def.is_internal(),
            message: format_args!("{filled}{suffix}"),
        },
        SourceLocation::caller(),
    );
    Ok(())
}

/// `def`'s template filled with the arguments by name, written where it
/// is shown: no text is built for it.
struct Filled<'a> {
    def: &'static ErrorDef,
    named: Named<'a>,
}

impl fmt::Display for Filled<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fields = self.def.fields();
        self.def.write_filled(f, |index, out| {
            let value = fields.get(index).and_then(|name| self.named.search(name));
            out.write_str(value.unwrap_or_default())
        })
    }
}

/// The definition of `code`.
fn defined(code: &str) -> Result<&'static ErrorDef, ReportError> {
    registry().get(code).ok_or_else(|| unknown_code(code))
}

#[cold]
fn unknown_code(code: &str) -> ReportError {
    ReportError::UnknownCode {
        code: code.to_owned(),
    }
}

/// Whether `named` names each field of `def`.
fn check_named(def: &'static ErrorDef, named: &Named<'_>) -> Result<(), ReportError> {
    match def
        .fields()
        .iter()
        .find(|name| named.search(name).is_none())
    {
        Some(&missing) => Err(ReportError::MissingArgument {
            code: def.code(),
            name: missing,
        }),
        None => Ok(()),
    }
}

/// Arguments given by name, searched for the value of each field of a
/// definition.
///
/// Up to [`Named::SCAN`] arguments are compared one by one, the first of a
/// name winning. Past that, the first search sorts their places by name
/// (the first given of a name first) and every search bisects them, so that
/// a report of n arguments naming n fields in any order takes O(n log n)
/// comparisons rather than n²: a definition of 100,000 arguments given in
/// reverse took 14 s. When the places cannot be allocated, the arguments
/// are compared one by one, as for a few.
struct Named<'a> {
    args: &'a [(&'a str, &'a str)],
    /// The places of `args` sorted by name; `None` inside when allocating
    /// them failed.
    sorted: core::cell::OnceCell<Option<Vec<usize>>>,
}

impl<'a> Named<'a> {
    /// How many arguments are compared one by one: sixteen fields given out
    /// of order cost at most 256 comparisons, about what sorting sixteen
    /// places costs, with no allocation.
    const SCAN: usize = 16;

    fn new(args: &'a [(&'a str, &'a str)]) -> Self {
        Named {
            args,
            sorted: core::cell::OnceCell::new(),
        }
    }

    /// The value of the first argument named `name`.
    fn search(&self, name: &str) -> Option<&'a str> {
        let args = self.args;
        if args.len() <= Self::SCAN {
            return value_of(args, name);
        }
        let Some(sorted) = self.sorted.get_or_init(|| sorted_places(args)) else {
            return value_of(args, name);
        };
        let at = sorted.partition_point(|&place| args[place].0 < name);
        sorted
            .get(at)
            .map(|&place| args[place])
            .filter(|&(given, _)| given == name)
            .map(|(_, value)| value)
    }
}

/// The places of `args` sorted by name, and by place among equal names;
/// `None` when they cannot be allocated.
#[cold]
#[inline(never)]
fn sorted_places(args: &[(&str, &str)]) -> Option<Vec<usize>> {
    let mut places = Vec::new();
    places.try_reserve_exact(args.len()).ok()?;
    places.extend(0..args.len());
    // Unstable, so that sorting allocates nothing; the place breaks ties.
    places.sort_unstable_by(|&a, &b| (args[a].0, a).cmp(&(args[b].0, b)));
    Some(places)
}

/// The value of the first argument named `name`.
fn value_of<'a>(args: &[(&str, &'a str)], name: &str) -> Option<&'a str> {
    args.iter()
        .find(|(given, _)| same_text(given, name))
        .map(|(_, value)| *value)
}

/// Reports a user-defined error: a code from `EU0000` to `EU9999` that
/// needs no definition, with a free message, as the graph engine's
/// `ReportUserDefinedErrMsg` does. It goes to the errors, and heads the
/// rendering as any error that is not internal does.
///
/// When it returns `Err` (the code is not `EU0000`-`EU9999`), nothing was
/// recorded.
///
/// ```
/// errcat::report_user_defined("EU0042", "the model file is empty").unwrap();
/// assert_eq!(
///     errcat::take_error_message().as_deref(),
///     Some("EU0042: the model file is empty\r\n")
/// );
/// assert!(errcat::report_user_defined("EK0201", "x").is_err());
/// ```
#[track_caller]
pub fn report_user_defined(code: &str, message: impl fmt::Display) -> Result<(), ReportError> {
    let interned = interned_user_code(code).ok_or_else(|| ReportError::MalformedCode {
        code: code.to_owned(),
    })?;
    record(
        NewReport::Formatted {
            code: interned,
            def: None,
            warning: false,
            internal: false,
            message: format_args!("{message}"),
        },
        SourceLocation::caller(),
    );
    Ok(())
}

/// `code` kept for the life of the program, when it is `EU0000`-`EU9999`:
/// the 10,000 codes are written once, back to back, on first use.
fn interned_user_code(code: &str) -> Option<&'static str> {
    static USER_CODES: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let digits = code.strip_prefix("EU")?;
    if digits.len() != 4 || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    let number: usize = digits.parse().ok()?;
    let all = USER_CODES.get_or_init(|| {
        use fmt::Write as _;
        let mut all = String::with_capacity(6 * 10_000);
        for number in 0..10_000 {
            let _ = write!(all, "EU{number:04}");
        }
        all
    });
    all.get(number * 6..number * 6 + 6)
}

/// Renders the errors of the current store (the innermost
/// [`scope`](crate::scope) being polled, else the
/// [`WorkStream`](crate::WorkStream) entered, else the thread's own) and clears them;
/// `None` when there are none.
///
/// The text is the CANN runtime's, byte for byte: the first error that is not
/// internal heads it with its possible cause and solution, and every other
/// error follows as a traceback line. Warnings are not included; see
/// [`take_warning_message`]. [`take_error_message_with`] renders another
/// [`Layout`].
pub fn take_error_message() -> Option<String> {
    take_error_message_with(Layout::Compact)
}

/// Renders the errors of the current store (the innermost
/// [`scope`](crate::scope) being polled, else the
/// [`WorkStream`](crate::WorkStream) entered, else the thread's own) in
/// `layout` and clears them; `None` when there are none.
///
/// ```
/// # use errcat::{ErrorCode, error_code};
/// # #[derive(Debug)]
/// # #[error_code("EK0004", title = "Not_Supported", message = "The current system or device does not support %s.")]
/// # pub struct NotSupportedApi { pub intf: String }
/// NotSupportedApi { intf: "aclprofStart".into() }.report();
/// let text = errcat::take_error_message_with(errcat::Layout::Ge).unwrap();
/// let pid = std::process::id();
/// // [PID: 4711] 2026-12-01-12:34:56.789.012 Not_Supported(EK0004): The current ...
/// assert!(text.starts_with(&format!("[PID: {pid}] ")));
/// assert!(text.ends_with(" Not_Supported(EK0004): The current system or device does not support aclprofStart.\n"));
/// ```
pub fn take_error_message_with(layout: Layout) -> Option<String> {
    keeping_times_for(layout);
    taking(|store| {
        if store.errors.is_empty() {
            return None;
        }
        // Sized first, so that taking costs one allocation.
        let mut text = String::new();
        // Out of memory: the reports stay, for `write_error_message` into a
        // buffer the caller has.
        text.try_reserve_exact(render::errors_len(layout, &store.errors, &mut store.shapes))
            .ok()?;
        let _ = render::write_errors(layout, &store.errors, &mut store.shapes, &mut text);
        cleared(&mut store.errors, false);
        Some(text)
    })
    .flatten()
}

/// Renders the errors of the current store (the innermost
/// [`scope`](crate::scope) being polled, else the
/// [`WorkStream`](crate::WorkStream) entered, else the thread's own) into `out` and clears
/// them; returns whether there were any.
///
/// Rendering stops at the first error `out` returns, and the errors are
/// cleared all the same.
pub fn write_error_message(out: &mut impl fmt::Write) -> bool {
    write_error_message_with(Layout::Compact, out)
}

/// Renders the errors of the current store (the innermost
/// [`scope`](crate::scope) being polled, else the
/// [`WorkStream`](crate::WorkStream) entered, else the thread's own) in
/// `layout` into `out` and clears them;
/// returns whether there were any.
pub fn write_error_message_with(layout: Layout, out: &mut impl fmt::Write) -> bool {
    keeping_times_for(layout);
    taking(|store| {
        if store.errors.is_empty() {
            return false;
        }
        let _ = render::write_errors(layout, &store.errors, &mut store.shapes, out);
        cleared(&mut store.errors, false);
        true
    })
    .unwrap_or(false)
}

/// Renders the warnings of the current store (the innermost
/// [`scope`](crate::scope) being polled, else the
/// [`WorkStream`](crate::WorkStream) entered, else the thread's own), one `CODE: message\r\n`
/// line each, and clears them; `None` when there are none.
pub fn take_warning_message() -> Option<String> {
    take_warning_message_with(Layout::Compact)
}

/// Renders the warnings of the current store (the innermost
/// [`scope`](crate::scope) being polled, else the
/// [`WorkStream`](crate::WorkStream) entered, else the thread's own) in
/// `layout`, one `CODE: message` line
/// each, and clears them; `None` when there are none.
pub fn take_warning_message_with(layout: Layout) -> Option<String> {
    keeping_times_for(layout);
    taking(|store| {
        if store.warnings.is_empty() {
            return None;
        }
        let mut text = String::new();
        text.try_reserve_exact(render::warnings_len(layout, &store.warnings))
            .ok()?;
        let _ = render::write_warnings(layout, &store.warnings, &mut text);
        cleared(&mut store.warnings, true);
        Some(text)
    })
    .flatten()
}

/// Renders the warnings of the current store (the innermost
/// [`scope`](crate::scope) being polled, else the
/// [`WorkStream`](crate::WorkStream) entered, else the thread's own) into `out`, one
/// `CODE: message\r\n` line each, and clears them; returns whether there
/// were any.
pub fn write_warning_message(out: &mut impl fmt::Write) -> bool {
    write_warning_message_with(Layout::Compact, out)
}

/// Renders the warnings of the current store (the innermost
/// [`scope`](crate::scope) being polled, else the
/// [`WorkStream`](crate::WorkStream) entered, else the thread's own) in
/// `layout` into `out`, one `CODE:
/// message` line each, and clears them; returns whether there were any.
pub fn write_warning_message_with(layout: Layout, out: &mut impl fmt::Write) -> bool {
    keeping_times_for(layout);
    taking(|store| {
        if store.warnings.is_empty() {
            return false;
        }
        let _ = render::write_warnings(layout, &store.warnings, out);
        cleared(&mut store.warnings, true);
        true
    })
    .unwrap_or(false)
}

/// A rendering in the graph engine's layout shows report times: the
/// reports made from now on keep theirs.
#[inline]
fn keeping_times_for(layout: Layout) {
    if layout == Layout::Ge {
        crate::time::keep_report_times();
    }
}

/// Runs `f`, which takes reports, on the current store; then tells
/// `tracing` what the lanes it cleared had dropped, with the store released.
fn taking<R>(f: impl FnOnce(&mut Store) -> R) -> Option<R> {
    let result = with_store(f);
    crate::trace::taken();
    result
}

/// Empties a lane whose reports were taken, noting for `tracing` how many
/// it had dropped.
#[inline]
fn cleared(lane: &mut Lane, warning: bool) {
    crate::trace::note_taken(warning, lane.dropped());
    lane.clear();
}

/// Takes the reports out of the current store (the innermost
/// [`scope`](crate::scope) being polled, else the
/// [`WorkStream`](crate::WorkStream) entered, else the thread's own), errors first, then
/// warnings, each in report order.
///
/// Reports counted as dropped past the item limit are not carried: the
/// `Vec` holds the stored items only.
pub fn take_reports() -> Vec<Report> {
    taking(|store| {
        let mut reports: Vec<Report> = store
            .errors
            .entries()
            .map(|entry| Report::from_entry(&entry, false))
            .collect();
        reports.extend(
            store
                .warnings
                .entries()
                .map(|entry| Report::from_entry(&entry, true)),
        );
        cleared(&mut store.errors, false);
        cleared(&mut store.warnings, true);
        reports
    })
    .unwrap_or_default()
}

/// Takes the errors out of the current store (the innermost
/// [`scope`](crate::scope) being polled, else the
/// [`WorkStream`](crate::WorkStream) entered, else the thread's own), in
/// report order, and leaves its warnings: what the graph engine's `GetErrMgrRawErrorMessages` hands
/// out.
pub fn take_error_reports() -> Vec<Report> {
    taking(|store| {
        let reports = store
            .errors
            .entries()
            .map(|entry| Report::from_entry(&entry, false))
            .collect();
        cleared(&mut store.errors, false);
        reports
    })
    .unwrap_or_default()
}

/// Puts reports into the current store (the innermost
/// [`scope`](crate::scope) being polled, else the
/// [`WorkStream`](crate::WorkStream) entered, else the thread's own), after what it holds, as if
/// they had been reported there: a report identical to one already stored
/// is kept once. With the `tracing` feature, a restored report emits no
/// event: its event was emitted when it was made.
///
/// This is how a worker thread hands its errors to the thread that answers
/// the caller:
///
/// ```
/// # use errcat::{ErrorCode, error_code};
/// # #[derive(Debug)]
/// # #[error_code("EK0005", message = "Parameter %s is not supported.")]
/// # pub struct NotSupported { pub param: String }
/// let reports = std::thread::spawn(|| {
///     NotSupported { param: "aic_metrics".into() }.report();
///     errcat::take_reports()
/// })
/// .join()
/// .unwrap();
/// errcat::restore_reports(reports);
/// assert_eq!(
///     errcat::take_error_message().as_deref(),
///     Some("EK0005: Parameter aic_metrics is not supported.\r\n")
/// );
/// ```
pub fn restore_reports(reports: impl IntoIterator<Item = Report>) {
    for report in reports {
        record(
            NewReport::Restored {
                code: report.code,
                def: report.def,
                warning: report.warning,
                internal: report.internal,
                message: &report.message,
                values: report.templated.then_some(report.args.as_slice()),
                time: report.time,
            },
            report.location,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Inside `keeping_repeats` (errcat-ffi's compact ABI and raw items) a
    /// repeat is stored again, in its place, and the compact rendering
    /// leaves out only the headline's; outside, a repeat is kept once.
    #[test]
    fn keeping_repeats_stores_each_repeat_and_only_there() {
        let report = |message: &str| report_internal("E19999", message).unwrap();
        crate::current::keeping_repeats(|| {
            for message in ["first", "again", "first", "again"] {
                report(message);
            }
        });
        assert_eq!(
            take_error_message().as_deref(),
            Some(
                "E19999: Inner Error!\r\nfirst\r\n        TraceBack (most recent call last):\r\n        again\r\n        again\r\n"
            )
        );
        for message in ["first", "again", "first", "again"] {
            report(message);
        }
        assert_eq!(
            take_error_message().as_deref(),
            Some(
                "E19999: Inner Error!\r\nfirst\r\n        TraceBack (most recent call last):\r\n        again\r\n"
            )
        );
        // Put back inside it, the repeats stay; a report made after, outside
        // it, is kept once with the one stored.
        let taken = {
            crate::current::keeping_repeats(|| report("again"));
            crate::current::keeping_repeats(|| report("again"));
            take_reports()
        };
        assert_eq!(taken.len(), 2);
        crate::current::keeping_repeats(|| restore_reports(taken));
        report("again");
        assert_eq!(
            take_error_message().as_deref(),
            Some("E19999: Inner Error!\r\nagain\r\n")
        );
        // A work stream's store keeps them the same way: stream.rs's tests.
    }

    /// Past the lane's duplicate table threshold, repeats kept are placed
    /// in the table too: a later report outside `keeping_repeats` finds them.
    #[test]
    fn repeats_kept_in_a_large_lane_are_still_found_for_merging() {
        crate::current::keeping_repeats(|| {
            for _ in 0..2 {
                for at in 0..12 {
                    report_internal("E19999", format_args!("step {at}")).unwrap();
                }
            }
        });
        report_internal("E19999", "step 3").unwrap();
        report_internal("E19999", "step 12").unwrap();
        let reports = take_reports();
        assert_eq!(reports.len(), 25);
        assert_eq!(reports[24].message(), "step 12");
    }

    /// A report put back with a blank time shows no time in the graph
    /// engine's layout: `[PID: N] ` then the title's space, as CANN shows
    /// an item given with an empty time.
    #[test]
    fn a_blank_time_shows_nothing_in_the_ge_layout() {
        let report = Report::from_parts("EU0042", "given by hand", &[], ReportTime::__blank())
            .expect("a user-defined code");
        assert_eq!(report.time().to_string(), "");
        restore_reports([report]);
        assert_eq!(
            take_error_message_with(Layout::Ge),
            Some(format!(
                "[PID: {}]  (EU0042): given by hand\n",
                std::process::id()
            ))
        );
    }

    #[test]
    fn every_internal_code_is_interned_and_no_other() {
        assert_eq!(INTERNAL_CODES.len(), 6 * 144);
        for at in 0..144 {
            let code = &INTERNAL_CODES[6 * at..6 * at + 6];
            assert_eq!(interned_internal_code(code), Some(code));
        }
        assert_eq!(&INTERNAL_CODES[..12], "EA8888EA9999");
        assert_eq!(&INTERNAL_CODES[6 * 143..], "W99999");
        for code in [
            "EK0201", "EK999", "XK9999", "Ek9999", "EK8889", "EK99999", "E!9999", "",
        ] {
            assert_eq!(interned_internal_code(code), None, "{code}");
        }
    }

    /// Names `n0`, `n1`, ... in a shuffled order, some given twice with
    /// values that tell the first from the second.
    fn shuffled(count: usize) -> Vec<(String, String)> {
        let mut given: Vec<(String, String)> = (0..count)
            .map(|i| (format!("n{}", (i * 7919) % count), format!("first {i}")))
            .collect();
        for i in (0..count).step_by(5) {
            given.push((given[i].0.clone(), format!("second {i}")));
        }
        given
    }

    #[test]
    fn a_search_of_many_names_finds_what_a_scan_finds() {
        for count in [0, 1, 5, Named::SCAN, Named::SCAN + 1, 100, 1_000] {
            let given = shuffled(count);
            let args: Vec<(&str, &str)> = given
                .iter()
                .map(|(name, value)| (name.as_str(), value.as_str()))
                .collect();
            let named = Named::new(&args);
            for name in (0..count + 3)
                .map(|i| format!("n{i}"))
                .chain(["".to_owned()])
            {
                assert_eq!(
                    named.search(&name),
                    value_of(&args, &name),
                    "{count}: {name}"
                );
            }
            // Sorted once, when there are more names than are scanned.
            assert_eq!(named.sorted.get().is_some(), args.len() > Named::SCAN);
        }
    }

    #[test]
    fn of_a_name_given_twice_the_first_counts_among_many() {
        let mut args = vec![("b", "first b"), ("a", "first a")];
        args.extend((0..100).map(|_| ("z", "z")));
        args.extend([("a", "second a"), ("b", "second b")]);
        let named = Named::new(&args);
        assert_eq!(named.search("a"), Some("first a"));
        assert_eq!(named.search("b"), Some("first b"));
        assert_eq!(named.search("z"), Some("z"));
        assert_eq!(named.search("y"), None);
        assert_eq!(named.search("zz"), None);
    }
}
