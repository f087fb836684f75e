//! The sources of the crates whose builds are timed.
//!
//! Every crate defines the same `count` codes and has `count` functions that
//! each report one of them; only the way they are written differs:
//!
//! - `macros`: `#[error_code]` structs and `msprof_env_error!` sites, as a
//!   user writes them;
//! - `plain`: what the issue asks for as the baseline: plain `static`
//!   definitions registered with `inventory::submit!` and plain functions
//!   that report through the runtime (`report_dynamic`), no macro of ours;
//! - `expanded`: by hand, exactly what the macros generate now (per
//!   definition: the struct with its generated documentation and the user's
//!   `#[derive(Debug)]`, a `static` `ErrorDef`, the hidden `Defined` impl,
//!   `Display` and `Error` impls, the `Find` impl keyed by the code that
//!   report sites look the definition up by, one `inventory::submit!` with
//!   `downcast::<T>`, all in an anonymous `const _` block; at module level
//!   the hidden type alias under the code's name; a report site is a block
//!   with a unit struct named after the code, one constant that looks the
//!   code up, asks for the codes near it and checks the site's names, and
//!   the report of its values, each seen through `Probe`; not mirrored:
//!   the typed values' check and the inherent `report`/`reported`). The gap between `macros` and `expanded` is
//!   the cost of running the macros; the gap between `expanded` and `plain`
//!   is the cost of the typed code they produce;
//! - `thiserror`: what a Rust user would pick instead: the same types with
//!   `#[derive(Debug, thiserror::Error)]` and the same messages (`{field}`
//!   placeholders), the code, cause and solution as associated consts, and
//!   report sites that construct the value and return it as `Err`, as a
//!   thiserror user hands an error to the caller (see [`thiserror`]);
//! - `x-<prototype>` (with `--prototypes`): `expanded` with one part
//!   removed or reshaped (see [`PROTOTYPES`]), to price that part.

use std::fmt::Write as _;

/// The argument names of the generated codes; code `i` has `i % 4` of them.
const NAMES: [&str; 3] = ["value", "param", "reason"];

/// One generated definition.
struct Def {
    index: usize,
    code: String,
    names: &'static [&'static str],
    /// The message's literal text around its placeholders.
    pieces: Vec<String>,
    cause: Option<String>,
    solution: Option<String>,
}

impl Def {
    fn new(index: usize) -> Self {
        // 8,000 numbers per module letter keep clear of xx8888 and xx9999,
        // the internal codes, which report differently.
        let module = char::from(b'A' + (index / 8_000) as u8);
        let code = format!("E{module}{:04}", index % 8_000);
        let names = &NAMES[..index % 4];
        let mut pieces = vec![format!("Generated error {index} with")];
        for name in names {
            pieces.push(format!(" (the {name})"));
        }
        if let Some(last) = pieces.last_mut() {
            last.push('.');
        }
        // Half the codes have a cause and a solution, like the CANN catalog's mix.
        let (cause, solution) = if index.is_multiple_of(2) {
            (
                Some(format!("Cause of generated error {index}.")),
                Some(format!("Solution of generated error {index}.")),
            )
        } else {
            (None, None)
        };
        Def {
            index,
            code,
            names,
            pieces,
            cause,
            solution,
        }
    }

    /// The message as thiserror writes it: each `%s` of [`Def::message`] as
    /// the field it stands for, `{value}`.
    fn thiserror_message(&self) -> String {
        let mut message = self.pieces[0].clone();
        for (name, piece) in self.names.iter().zip(&self.pieces[1..]) {
            let _ = write!(message, " {{{name}}}{piece}");
        }
        message
    }

    /// The template with its `%s` placeholders.
    fn message(&self) -> String {
        let mut message = self.pieces[0].clone();
        for piece in &self.pieces[1..] {
            message.push_str(" %s");
            message.push_str(piece);
        }
        message
    }

    /// The documentation `#[error_code]` writes on the type.
    fn documentation(&self) -> String {
        let mut doc = format!(
            "\n**Error code `{}`** (Generated, Generated Errors)\n\n```text\n{}\n```\n",
            self.code,
            self.message()
        );
        if !self.names.is_empty() {
            doc.push_str("\nArguments, in the order of `args`:\n\n");
            for name in self.names {
                let _ = writeln!(doc, "- `{name}`");
            }
        }
        if let (Some(cause), Some(solution)) = (&self.cause, &self.solution) {
            let _ = write!(doc, "\nPossible cause: {cause}\n\nSolution: {solution}\n");
        }
        doc
    }

    fn struct_name(&self) -> String {
        format!("Generated{}", self.index)
    }

    /// `value: &str, param: &str`: the parameters of the report function.
    fn params(&self) -> String {
        self.names
            .iter()
            .map(|name| format!("{name}: &str"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// `ErrorDef::__compiled(RawDef { ... }, ...)`, as `#[error_code]` writes it.
    fn raw_def(&self) -> String {
        let quoted = |items: &[String]| {
            items
                .iter()
                .map(|item| format!("{item:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let names: Vec<String> = self.names.iter().map(|name| (*name).to_owned()).collect();
        let slots: Vec<String> = (0..self.names.len()).map(|n| n.to_string()).collect();
        format!(
            "::errcat::ErrorDef::__compiled(::errcat::__private::RawDef {{
        code: {code:?},
        title: ::core::option::Option::Some(\"Generated\"),
        class: ::core::option::Option::Some(\"Generated Errors\"),
        message: {message:?},
        pieces: &[{pieces}],
        args: &[{names}],
        fields: &[{names}],
        slots: &[{slots}],
        cause: {cause},
        solution: {solution},
        location: ::errcat::SourceLocation::new(::core::file!(), ::core::line!(), ::core::column!()),
    }}, {pieces_len}, false, false)",
            code = self.code,
            message = self.message(),
            pieces = quoted(&self.pieces),
            pieces_len = self.pieces.iter().map(String::len).sum::<usize>(),
            names = quoted(&names),
            slots = slots.join(", "),
            cause = option(&self.cause),
            solution = option(&self.solution),
        )
    }
}

fn option(value: &Option<String>) -> String {
    match value {
        Some(text) => format!("::core::option::Option::Some({text:?})"),
        None => "::core::option::Option::None".to_owned(),
    }
}

/// The one non-generic downcast of crates without a type per definition.
const NO_DOWNCAST: &str = "fn no_downcast<'a>(\n    _: &'a (dyn ::std::error::Error + 'static),\n) \
     -> ::core::option::Option<&'a dyn ::errcat::__private::Defined> {\n    \
     ::core::option::Option::None\n}\n\n";

fn header(what: &str, count: usize) -> String {
    format!(
        "//! Generated by tools/compile-cost: {count} definitions and {count} report \
         sites, {what}.\n\n#![allow(dead_code, missing_docs)]\n\n"
    )
}

/// `#[error_code]` definitions and report macros.
pub fn macros(count: usize) -> String {
    let mut src = header("written with errcode's macros", count);
    src.push_str("use errcat::{error_code, msprof_env_error};\n\n");
    for def in (0..count).map(Def::new) {
        let mut attr = format!(
            "#[error_code({:?}, title = \"Generated\", class = \"Generated Errors\", message = {:?}",
            def.code,
            def.message()
        );
        if let (Some(cause), Some(solution)) = (&def.cause, &def.solution) {
            let _ = write!(attr, ", cause = {cause:?}, solution = {solution:?}");
        }
        // Two placeholders or more need their arglist, as a user writes it.
        if def.names.len() > 1 {
            let _ = write!(attr, ", args = {:?}", def.names.join(","));
        }
        attr.push_str(")]");
        let fields: String = def
            .names
            .iter()
            .map(|name| format!("    pub {name}: String,\n"))
            .collect();
        // `Error` needs `Debug`, which users derive.
        let body = if def.names.is_empty() {
            format!("#[derive(Debug)]\npub struct {};\n", def.struct_name())
        } else {
            format!(
                "#[derive(Debug)]\npub struct {} {{\n{fields}}}\n",
                def.struct_name()
            )
        };
        let keys: Vec<String> = def.names.iter().map(|name| format!("{name:?}")).collect();
        let _ = write!(
            src,
            "{attr}\n{body}\npub fn report_{index}({params}) {{\n    \
             msprof_env_error!({code:?}, [{keys}], [{values}]);\n}}\n\n",
            index = def.index,
            params = def.params(),
            code = def.code,
            keys = keys.join(", "),
            values = def.names.join(", "),
        );
    }
    src
}

/// The same types written with `thiserror`, the baseline a Rust user would
/// pick instead of errcode.
///
/// What a thiserror user writes for one definition: the struct with
/// `#[derive(Debug, thiserror::Error)]` and `#[error("...")]`, the same
/// message with `{field}` placeholders; the code and, for half the types, the
/// cause and solution as associated consts (the text errcode's attribute
/// carries, kept where a user would keep it, at no cost to speak of). A
/// report site, `report_i`, takes the same `&str` arguments, constructs the
/// value (each `&str` into its `String` field, as errcode's site converts
/// it) and returns it as `Err`: thiserror has no store to record into, so
/// the value goes to the caller, which is what its users write in place of
/// a report.
pub fn thiserror(count: usize) -> String {
    let mut src = header("written with thiserror 2 instead of errcode", count);
    for def in (0..count).map(Def::new) {
        let name = def.struct_name();
        let fields: String = def
            .names
            .iter()
            .map(|field| format!("    pub {field}: String,\n"))
            .collect();
        let declaration = if def.names.is_empty() {
            format!("pub struct {name};\n")
        } else {
            format!("pub struct {name} {{\n{fields}}}\n")
        };
        let mut consts = format!("    pub const CODE: &'static str = {:?};\n", def.code);
        if let (Some(cause), Some(solution)) = (&def.cause, &def.solution) {
            let _ = write!(
                consts,
                "    pub const CAUSE: &'static str = {cause:?};\n    \
                 pub const SOLUTION: &'static str = {solution:?};\n"
            );
        }
        let values: String = def
            .names
            .iter()
            .map(|field| format!("{field}: {field}.to_owned(), "))
            .collect();
        let construct = if def.names.is_empty() {
            name.clone()
        } else {
            format!("{name} {{ {values}}}")
        };
        let _ = write!(
            src,
            "#[derive(Debug, ::thiserror::Error)]\n#[error({message:?})]\n{declaration}\n\
             impl {name} {{\n{consts}}}\n\n\
             pub fn report_{index}({params}) -> ::core::result::Result<(), {name}> {{\n    \
             ::core::result::Result::Err({construct})\n}}\n\n",
            message = def.thiserror_message(),
            index = def.index,
            params = def.params(),
        );
    }
    src
}

/// Plain statics registered with `inventory::submit!`, reported through
/// `report_dynamic`.
pub fn plain(count: usize) -> String {
    let mut src = header(
        "written without macros: statics, inventory::submit! and report_dynamic",
        count,
    );
    // No types, so nothing to downcast to: one function for every registration.
    src.push_str(NO_DOWNCAST);
    for def in (0..count).map(Def::new) {
        let args: Vec<String> = def
            .names
            .iter()
            .map(|name| format!("({name:?}, {name})"))
            .collect();
        let _ = write!(
            src,
            "static DEF_{index}: ::errcat::ErrorDef = {raw};\n\
             ::errcat::__private::inventory::submit! {{\n    \
             ::errcat::__private::Registration::new(&DEF_{index}, no_downcast)\n}}\n\n\
             pub fn report_{index}({params}) {{\n    \
             let _ = ::errcat::report_dynamic({code:?}, &[{args}]);\n}}\n\n",
            index = def.index,
            raw = def.raw_def(),
            params = def.params(),
            code = def.code,
            args = args.join(", "),
        );
    }
    src
}

/// Which parts of the expansion a hand-written crate has, and in which
/// shape: [`Shape::MIRROR`] is what the macros generate now; the other
/// shapes are prototypes, each one change away from it, whose build time
/// says what that part costs (`--prototypes`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// Per code, the `Find` impl, the type alias under the code's name, and
    /// report sites that look the code up and check their names in a
    /// constant; without, a site constructs the definition's type and
    /// reports it, as a typed `.report()` does.
    pub lookup: bool,
    /// The `Display` and `Error` impls.
    pub display_error: bool,
    /// How each definition is registered.
    pub registration: Registering,
    /// The registration's downcast.
    pub downcast: Downcasting,
    /// Everything but the alias inside an anonymous `const _: () = { ... };`.
    pub const_block: bool,
    /// `#[derive(Debug)]` on the struct, as a user writes it (`Error` needs it).
    pub derive_debug: bool,
}

impl Shape {
    /// What `#[error_code]` and the report macros generate now.
    pub const MIRROR: Shape = Shape {
        lookup: true,
        display_error: true,
        registration: Registering::Inventory,
        downcast: Downcasting::Generic,
        const_block: true,
        derive_debug: true,
    };
}

/// How a registration finds its definition behind `dyn Error`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Downcasting {
    /// The runtime's `downcast::<T>`: `downcast_ref::<T>` (with `is::<T>`
    /// and `TypeId::of::<T>`) and `Defined::compiled_definition`,
    /// instantiated per type.
    Generic,
    /// A non-generic function per type in the definition's block:
    /// `match error.downcast_ref::<T>() { Some(value) => Some(value), None => None }`.
    Local,
    /// One non-generic function for every definition, which finds nothing:
    /// the floor, not a design.
    Shared,
}

/// How a definition is registered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Registering {
    /// `inventory::submit!`: a static node, a constructor function run at
    /// start-up, and a static pointer to it in `.init_array`.
    Inventory,
    /// One `#[used]` static in a linker section of its own, as `linkme`'s
    /// distributed slices do: no function per definition. (The runtime does
    /// not read that section: the crate builds, its definitions are not
    /// registered. It prices the shape.)
    LinkSection,
    /// Not registered.
    None,
}

/// The prototypes `--prototypes` times next to the mirror: a name, what it
/// changes, and its shape.
pub const PROTOTYPES: [(&str, &str, Shape); 8] = [
    (
        "no-lookup",
        "expanded without the Find impl, the alias and the sites' constant (sites report a typed value)",
        Shape {
            lookup: false,
            ..Shape::MIRROR
        },
    ),
    (
        "no-display-error",
        "expanded without Display, Error and Debug (so with the shared downcast too)",
        Shape {
            display_error: false,
            derive_debug: false,
            downcast: Downcasting::Shared,
            ..Shape::MIRROR
        },
    ),
    (
        "no-registration",
        "expanded without inventory::submit!",
        Shape {
            registration: Registering::None,
            ..Shape::MIRROR
        },
    ),
    (
        "link-section",
        "expanded with a #[used] #[link_section] static per definition instead of inventory::submit!",
        Shape {
            registration: Registering::LinkSection,
            ..Shape::MIRROR
        },
    ),
    (
        "shared-downcast",
        "expanded with one non-generic downcast fn instead of downcast::<T>",
        Shape {
            downcast: Downcasting::Shared,
            ..Shape::MIRROR
        },
    ),
    (
        "local-downcast",
        "expanded with a non-generic downcast fn per type (downcast_ref::<T>) instead of downcast::<T>",
        Shape {
            downcast: Downcasting::Local,
            ..Shape::MIRROR
        },
    ),
    (
        "lean",
        "expanded with a local downcast, one #[used] link-section static, no lookup",
        Shape {
            downcast: Downcasting::Local,
            registration: Registering::LinkSection,
            lookup: false,
            ..Shape::MIRROR
        },
    ),
    (
        "no-const-block",
        "expanded without the anonymous const _ block",
        Shape {
            const_block: false,
            ..Shape::MIRROR
        },
    ),
];

/// The list of codes near `code` a site asks about, as the macros write
/// it: `(Code<A>, (Code<B>, ... ()))`.
fn near_list(code: &str) -> String {
    errcat_syntax::near_codes(code)
        .iter()
        .rev()
        .fold("()".to_owned(), |rest, near| {
            let packed = errcat_syntax::pack_code(near).unwrap_or_default();
            format!("(::errcat::__private::Code<{packed}u64>, {rest})")
        })
}

/// By hand, what `#[error_code]` and the report macros expand to (for
/// [`Shape::MIRROR`]; `-Zunpretty=expanded` of a `macros` crate shows the
/// same items), or a prototype of another shape.
pub fn expanded(count: usize, shape: Shape) -> String {
    let mut src = header(
        "written by hand as the macros expand them, without macros",
        count,
    );
    if shape.downcast == Downcasting::Shared {
        src.push_str(NO_DOWNCAST);
    }
    for def in (0..count).map(Def::new) {
        let name = def.struct_name();
        let fields: String = def
            .names
            .iter()
            .map(|field| format!("    pub {field}: String,\n"))
            .collect();
        let derive = if shape.derive_debug {
            "#[derive(Debug)]\n"
        } else {
            ""
        };
        let doc = format!("#[doc = {:?}]\n", def.documentation());
        let declaration = if def.names.is_empty() {
            format!("{doc}{derive}pub struct {name};\n")
        } else {
            format!("{doc}{derive}pub struct {name} {{\n{fields}}}\n")
        };
        let write_arg = if def.names.is_empty() {
            "    fn write_arg(&self, _: usize, _: &mut dyn ::core::fmt::Write) -> ::core::fmt::Result {
        ::core::result::Result::Ok(())
    }
"
            .to_owned()
        } else {
            let arms: String = def
                .names
                .iter()
                .enumerate()
                .map(|(position, field)| {
                    format!(
                        "            {position}usize => ::errcat::__private::write_text(out, &self.{field}),\n"
                    )
                })
                .collect();
            format!(
                "    fn write_arg(&self, index: usize, out: &mut dyn ::core::fmt::Write) -> ::core::fmt::Result {{
        match index {{
{arms}            _ => ::core::result::Result::Ok(()),
        }}
    }}
"
            )
        };
        let display_error = if shape.display_error {
            format!(
                "#[automatically_derived]
impl ::core::fmt::Display for {name} {{
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {{
        ::errcat::__private::fmt_display(self, f)
    }}
}}
#[automatically_derived]
#[allow(deprecated)]
impl ::std::error::Error for {name} {{}}
"
            )
        } else {
            String::new()
        };
        let (downcast, local_downcast) = match shape.downcast {
            Downcasting::Generic => (
                format!("::errcat::__private::downcast::<{name}>"),
                String::new(),
            ),
            Downcasting::Local => (
                "downcast".to_owned(),
                format!(
                    "fn downcast<'a>(
    error: &'a (dyn ::std::error::Error + 'static),
) -> ::core::option::Option<&'a dyn ::errcat::__private::Defined> {{
    match error.downcast_ref::<{name}>() {{
        ::core::option::Option::Some(value) => ::core::option::Option::Some(value),
        ::core::option::Option::None => ::core::option::Option::None,
    }}
}}
"
                ),
            ),
            Downcasting::Shared => ("no_downcast".to_owned(), String::new()),
        };
        let registration = match shape.registration {
            Registering::Inventory => format!(
                "::errcat::__private::inventory::submit! {{
    ::errcat::__private::Registration::new(&DEFINITION_0, {downcast})
}}
"
            ),
            Registering::LinkSection => format!(
                "#[used]
#[unsafe(link_section = \"errcode_registrations\")]
static REGISTRATION_0: ::errcat::__private::Registration =
    ::errcat::__private::Registration::new(&DEFINITION_0, {downcast});
"
            ),
            Registering::None => String::new(),
        };
        let code = &def.code;
        let quoted: Vec<String> = def.names.iter().map(|name| format!("{name:?}")).collect();
        let quoted = quoted.join(", ");
        // The definition's lookup by code: the `Find` impl, in the block.
        let find = if shape.lookup {
            format!(
                "#[automatically_derived]
impl<S> ::errcat::__private::Find<{name}, S> for ::errcat::__private::Code<{packed}u64> {{
    const SITE: ::errcat::__private::Site = ::errcat::__private::Site {{
        code: {code:?},
        place: \"`{name}` in cost_expanded\",
        valid: true,
        args: &[{quoted}],
        retired: \"\",
        definition: &DEFINITION_0,
    }};
}}
",
                packed = errcat_syntax::pack_code(code).unwrap_or_default(),
            )
        } else {
            String::new()
        };
        let definition = format!(
            "static DEFINITION_0: ::errcat::ErrorDef = {raw};
#[automatically_derived]
#[allow(deprecated)]
impl ::errcat::__private::Defined for {name} {{
    fn compiled_definition(&self) -> &'static ::errcat::ErrorDef {{
        &DEFINITION_0
    }}
{write_arg}}}
{display_error}{find}{local_downcast}{registration}",
            raw = def.raw_def(),
        );
        let definition = if shape.const_block {
            format!("const _: () = {{\n{definition}}};\n")
        } else {
            // Out of the block, each definition needs a name of its own.
            definition
                .replace("DEFINITION_0", &format!("DEFINITION_{}", def.index))
                .replace("REGISTRATION_0", &format!("REGISTRATION_{}", def.index))
                .replace("downcast(", &format!("downcast_{}(", def.index))
                .replace(", downcast)", &format!(", downcast_{})", def.index))
        };
        let alias = if shape.lookup {
            format!(
                "#[doc(hidden)]
#[allow(dead_code, deprecated, single_use_lifetimes, unreachable_pub)]
pub type {code} = {name};
"
            )
        } else {
            String::new()
        };
        let count = def.names.len();
        let site = if shape.lookup {
            // Each value seen through `Probe`, in the site's order, and the
            // definition's order, which the constant gives.
            let values: Vec<String> = def
                .names
                .iter()
                .map(|field| {
                    format!(
                        "match &({field}) {{ value => ::errcat::__private::Probe(value).errcode_value(value) }}"
                    )
                })
                .collect();
            let report = format!(
                "::errcat::__private::report_by_code(ERRCAT_SITE, [{}])",
                values.join(", ")
            );
            // One `assert!` per name, as the macro writes them.
            let at_keys: String = (0..count)
                .map(|index| {
                    format!(
                        "::core::assert!(!verdict.at_key({index}), \"{{}}\", verdict.message());\n            "
                    )
                })
                .collect();
            let show = if count == 0 {
                ""
            } else {
                "#[allow(unused_imports)]
        use ::errcat::__private::ShowValue as _;
        "
            };
            format!(
                "{{
        {show}#[allow(dead_code)]
        struct {code} {{}}
        const ERRCAT_VERDICT: ::errcat::__private::Verdict<{count}usize> = {{
            #[allow(unused_imports)]
            use ::errcat::__private::{{NearStep as _, Undefined as _}};
            let found = ::errcat::__private::Lookup::<::errcat::__private::Code<{packed}u64>, _, {code}>::SITE;
            let probe = found.near::<{near}>();
            let near = ::errcat::__private::near_of(&move || probe.errcat_near());
            ::errcat::__private::check_site({code:?}, found.site, near, [{quoted}])
        }};
        #[allow(dead_code)]
        const {code}: () = {{
            let verdict = &ERRCAT_VERDICT;
            ::core::assert!(!verdict.at_code(), \"{{}}\", verdict.message());
            {at_keys}::core::assert!(!verdict.at_keys(), \"{{}}\", verdict.message());
        }};
        const ERRCAT_SITE: ::errcat::__private::Checked<{count}usize> = ERRCAT_VERDICT.checked();
        {report}
    }};",
                packed = errcat_syntax::pack_code(code).unwrap_or_default(),
                near = near_list(code),
            )
        } else {
            // The typed report of the value, as `.report()` makes it.
            let values: String = def
                .names
                .iter()
                .map(|field| format!("{field}: {field}.to_owned(), "))
                .collect();
            let value = if count == 0 {
                name.clone()
            } else {
                format!("{name} {{ {values}}}")
            };
            format!("::errcat::__private::report_defined(&{value});")
        };
        let _ = write!(
            src,
            "{declaration}{definition}{alias}
pub fn report_{index}({params}) {{
    {site}
}}

",
            index = def.index,
            params = def.params(),
        );
    }
    src
}

/// The import of a catalog file, and nothing else.
pub fn catalog(file: &str) -> String {
    format!(
        "//! Generated by tools/compile-cost: a catalog imported with include_catalog!.\n\n\
         #![allow(missing_docs)]\n\nerrcat::include_catalog!({file:?});\n"
    )
}

/// A crate with the same dependencies and no code: what `catalog` is compared with.
pub fn empty() -> String {
    "//! Generated by tools/compile-cost: the dependencies and no code.\n\n\
     pub fn nothing() {}\n"
        .to_owned()
}

/// The `Cargo.toml` of a generated crate: errcode with `features` (none by
/// default, as a crate of definitions has it), and `extra` dependency lines
/// (`thiserror = "2"`).
pub fn manifest(name: &str, features: &[&str], extra: &[&str]) -> String {
    let errcode = if features.is_empty() {
        "errcat.workspace = true".to_owned()
    } else {
        let features: Vec<String> = features.iter().map(|name| format!("{name:?}")).collect();
        format!(
            "errcat = {{ workspace = true, features = [{}] }}",
            features.join(", ")
        )
    };
    let mut manifest = format!(
        "[package]\nname = \"cost-{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\n{errcode}\n"
    );
    for line in extra {
        manifest.push_str(line);
        manifest.push('\n');
    }
    manifest
}

/// The `Cargo.toml` of the generated workspace, with errcode from `repo`.
pub fn workspace_manifest(repo: &str, members: &[&str]) -> String {
    let members: Vec<String> = members.iter().map(|name| format!("{name:?}")).collect();
    format!(
        "# Generated by tools/compile-cost.\n[workspace]\nmembers = [{}]\nresolver = \"3\"\n\n\
         [workspace.dependencies]\nerrcat = {{ path = {repo:?} }}\n",
        members.join(", ")
    )
}

/// The text of a CANN catalog without the entry of `code`: the lines from the
/// `{` that opens it to the `}` that closes it (the one at the same
/// indentation), and the comma that joined it to its neighbours.
pub fn without_entry(text: &str, code: &str) -> Option<String> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let needle = format!("\"ErrCode\": \"{code}\"");
    let at = lines.iter().position(|line| line.contains(&needle))?;
    let start = (0..at).rev().find(|&index| lines[index].trim() == "{")?;
    let indent = &lines[start][..lines[start].len() - lines[start].trim_start().len()];
    let end = (at..lines.len()).find(|&index| {
        lines[index]
            .trim_end()
            .strip_prefix(indent)
            .is_some_and(|rest| rest == "}" || rest == "},")
    })?;
    let mut kept: Vec<String> = lines[..start]
        .iter()
        .map(|line| (*line).to_owned())
        .collect();
    if lines[end].trim() == "}" {
        // It was the last entry: the one before it loses its comma.
        if let Some(previous) = kept.last_mut() {
            *previous = previous.replacen("},", "}", 1);
        }
    }
    kept.extend(lines[end + 1..].iter().map(|line| (*line).to_owned()));
    Some(kept.concat())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn definitions_have_zero_to_three_arguments_and_matching_placeholders() {
        for index in 0..8 {
            let def = Def::new(index);
            assert_eq!(def.names.len(), index % 4);
            assert_eq!(def.message().matches("%s").count(), def.names.len());
            assert_eq!(def.pieces.len(), def.names.len() + 1);
        }
        assert_eq!(Def::new(0).code, "EA0000");
        assert_eq!(Def::new(8_001).code, "EB0001");
    }

    #[test]
    fn every_variant_defines_and_reports_every_code() {
        let mut sources = vec![
            macros(5),
            plain(5),
            expanded(5, Shape::MIRROR),
            thiserror(5),
        ];
        sources.extend(PROTOTYPES.iter().map(|(_, _, shape)| expanded(5, *shape)));
        for src in sources {
            for index in 0..5 {
                assert!(src.contains(&format!("\"EA000{index}\"")), "{src}");
                assert!(src.contains(&format!("pub fn report_{index}(")), "{src}");
            }
        }
    }

    #[test]
    fn thiserror_has_the_same_messages_with_named_placeholders() {
        assert_eq!(
            Def::new(3).thiserror_message(),
            "Generated error 3 with {value} (the value) {param} (the param) {reason} (the reason)."
        );
        assert_eq!(Def::new(0).thiserror_message(), "Generated error 0 with.");
        let src = thiserror(2);
        assert!(src.contains(
            "#[derive(Debug, ::thiserror::Error)]\n#[error(\"Generated error 1 with {value} (the value).\")]\n\
             pub struct Generated1 {\n    pub value: String,\n}\n"
        ));
        assert!(src.contains(
            "pub fn report_1(value: &str) -> ::core::result::Result<(), Generated1> {\n    \
             ::core::result::Result::Err(Generated1 { value: value.to_owned(), })\n}\n"
        ));
        // Half the types have a cause and a solution, as errcode's do.
        assert!(src.contains("pub const CAUSE: &'static str = \"Cause of generated error 0.\";"));
        assert_eq!(src.matches("pub const CAUSE").count(), 1);
        assert_eq!(
            manifest("catalog", &["include-catalog"], &[]),
            "[package]\nname = \"cost-catalog\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\
             publish = false\n\n[dependencies]\nerrcat = { workspace = true, features = [\"include-catalog\"] }\n"
        );
        assert_eq!(
            manifest("thiserror", &[], &["thiserror = \"2\""]),
            "[package]\nname = \"cost-thiserror\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\
             publish = false\n\n[dependencies]\nerrcat.workspace = true\nthiserror = \"2\"\n"
        );
    }

    #[test]
    fn removes_one_entry_and_its_comma() {
        let text = "{\"error_info_list\": [\n  {\n    \"ErrCode\": \"E1\",\n    \"x\": {\n    }\n  },\n  {\n    \"ErrCode\": \"E2\"\n  }\n]}\n";
        let without_first = without_entry(text, "E1").unwrap();
        assert!(!without_first.contains("E1") && without_first.contains("E2"));
        let without_last = without_entry(text, "E2").unwrap();
        assert_eq!(
            without_last,
            "{\"error_info_list\": [\n  {\n    \"ErrCode\": \"E1\",\n    \"x\": {\n    }\n  }\n]}\n"
        );
        assert_eq!(without_entry(text, "E3"), None);
    }
}
