//! The arguments of `#[error_code("CODE", key = "value", ...)]`.

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::parse::{ParseStream, Parser};
use syn::{Ident, LitStr, Token};

use crate::code::Code;
use crate::errors::{Errors, closest};

const KEYS: &[&str] = &[
    "message",
    "title",
    "class",
    "cause",
    "solution",
    "args",
    "example",
    "retired",
    "replacement",
    "report",
];

/// What the attribute says; absent keys are `None`.
#[derive(Default)]
pub(crate) struct Attr {
    pub(crate) code: Option<Code>,
    pub(crate) code_span: Option<Span>,
    pub(crate) message: Option<LitStr>,
    pub(crate) title: Option<LitStr>,
    pub(crate) class: Option<LitStr>,
    pub(crate) cause: Option<LitStr>,
    pub(crate) solution: Option<LitStr>,
    pub(crate) args: Option<LitStr>,
    /// `retired = "2.0"`: the code is no longer reported, since the version
    /// or date given; the type stays, deprecated, for the code that names it.
    pub(crate) retired: Option<LitStr>,
    /// `replacement = "EV0013"`: the code to report instead of a retired one.
    pub(crate) replacement: Option<LitStr>,
    /// `example = "100M"` or `example = ["subscribe", "aclapi"]`: a value
    /// per argument, for the docs; and where the value is.
    pub(crate) example: Option<(Vec<LitStr>, Span)>,
    /// `#[error_code(transparent)]`: where `transparent` is.
    pub(crate) transparent: Option<Span>,
    /// `report` (`#[error_code("EV0200", message = "...", report)]` or
    /// `#[error_code(transparent, report)]`): the `From` of its `#[from]`
    /// field reports the error it builds, so that `?` reports it; where
    /// `report` is.
    pub(crate) report_on_from: Option<Span>,
    /// `message` was written but rejected (not a literal, or a misspelled
    /// key), so its absence is already reported.
    pub(crate) message_rejected: bool,
}

impl Attr {
    /// What the users of a retired definition are told: "retired since
    /// 2.0: it is no longer reported; report EV0013 instead".
    pub(crate) fn retired_note(&self) -> Option<String> {
        let since = self.retired.as_ref()?.value();
        let mut note = format!("retired since {}: it is no longer reported", since.trim());
        if let Some(replacement) = &self.replacement {
            note.push_str("; report ");
            note.push_str(&replacement.value());
            note.push_str(" instead");
        }
        Some(note)
    }

    fn slot(&mut self, key: &str) -> &mut Option<LitStr> {
        match key {
            "message" => &mut self.message,
            "title" => &mut self.title,
            "class" => &mut self.class,
            "cause" => &mut self.cause,
            "solution" => &mut self.solution,
            "retired" => &mut self.retired,
            "replacement" => &mut self.replacement,
            _ => &mut self.args,
        }
    }
}

/// Reads the attribute of `owner` (such as "variant `Keyed`"), reporting
/// every problem and keeping what is usable.
pub(crate) fn parse(tokens: TokenStream, owner: &str, errors: &mut Errors) -> Attr {
    let mut attr = Attr::default();
    let parser = |input: ParseStream| {
        parse_into(input, owner, &mut attr, errors);
        Ok(())
    };
    // `parse_into` reports its own errors and never fails.
    let _ = parser.parse2(tokens);
    attr
}

fn parse_into(input: ParseStream, owner: &str, attr: &mut Attr, errors: &mut Errors) {
    if input.is_empty() {
        errors.at(
            Span::call_site(),
            "#[error_code] needs the code first, like #[error_code(\"EK0201\", message = \"...\")]",
        );
        return;
    }
    if input.peek(Ident)
        && input
            .fork()
            .parse::<Ident>()
            .is_ok_and(|ident| ident == "transparent")
    {
        let ident: Ident = match input.parse() {
            Ok(ident) => ident,
            Err(error) => return errors.push(error),
        };
        if input.is_empty() {
            attr.transparent = Some(ident.span());
            return;
        }
        // At what must go: the first thing after `transparent,`.
        let _ = input.parse::<Token![,]>();
        if let Some(report) = report_flag(input) {
            attr.transparent = Some(ident.span());
            attr.report_on_from = Some(report);
            return;
        }
        let extra = value_tokens(input);
        let (span, what) = match extra.clone().into_iter().next() {
            Some(first) => (first.span(), format!("`{first}`")),
            None => (ident.span(), "the trailing comma".to_owned()),
        };
        errors.at(
            span,
            format_args!(
                "{owner} is transparent, so it has no code, message or keys of its own: it shows \
                 the error it wraps; remove {what} and write #[error_code(transparent)]"
            ),
        );
        return;
    }
    match input.parse::<LitStr>() {
        Ok(literal) => {
            attr.code_span = Some(literal.span());
            attr.code = Code::check(&literal, errors);
        }
        Err(_) => {
            let value = value_tokens(input);
            let hint = match syn::parse2::<Ident>(value.clone()) {
                Ok(ident) => format!(": write \"{ident}\""),
                Err(_) => " like \"EK0201\"".to_owned(),
            };
            errors.push(syn::Error::new_spanned(
                value,
                format_args!(
                    "the first argument of #[error_code] is the code, as a string literal{hint}"
                ),
            ));
        }
    }
    // The code heads each message below, as it heads those of the checks.
    let code = attr
        .code
        .as_ref()
        .map(|code| format!("{}: ", code.value))
        .unwrap_or_default();
    while !input.is_empty() {
        if let Err(error) = input.parse::<Token![,]>() {
            errors.push(error);
            return;
        }
        if input.is_empty() {
            return;
        }
        if let Some(report) = report_flag(input) {
            attr.report_on_from = Some(report);
            continue;
        }
        let key: Ident = match input.parse() {
            Ok(key) => key,
            Err(_) => {
                let stray = value_tokens(input);
                errors.push(syn::Error::new_spanned(
                    stray,
                    format_args!(
                        "expected `key = \"value\"`, with a key among: {}",
                        KEYS.join(", ")
                    ),
                ));
                continue;
            }
        };
        if let Err(error) = input.parse::<Token![=]>() {
            errors.push(error);
            return;
        }
        let value = value_tokens(input);
        let name = key.to_string();
        if !KEYS.contains(&name.as_str()) {
            let close = closest(&name, KEYS);
            attr.message_rejected |= close == Some("message");
            let keys = KEYS.join(", ");
            let message = match close {
                Some(close) => format!(
                    "{code}unknown key `{name}` in #[error_code]; did you mean `{close}`? (the keys are: {keys})"
                ),
                None => {
                    format!("{code}unknown key `{name}` in #[error_code]; the keys are: {keys}")
                }
            };
            errors.at(key.span(), message);
            continue;
        }
        if name == "report" {
            errors.at(
                key.span(),
                format_args!("{code}`report` takes no value: write `report` alone"),
            );
            continue;
        }
        if name == "example" {
            if attr.example.is_some() {
                errors.at(
                    key.span(),
                    format_args!("{code}`example` is given twice in #[error_code]; keep one"),
                );
            } else if let Some(values) = example_values(&value) {
                attr.example = Some((values, value_span(&value, key.span())));
            } else {
                errors.push(syn::Error::new_spanned(
                    &value,
                    format_args!(
                        "{code}the value of `example` is a string literal, `example = \"100M\"`, or a list of \
                         them, one per argument: `example = [\"subscribe\", \"aclapi\"]`"
                    ),
                ));
            }
            continue;
        }
        let literal = match syn::parse2::<LitStr>(value.clone()) {
            Ok(literal) => literal,
            Err(_) => {
                attr.message_rejected |= name == "message";
                errors.push(syn::Error::new_spanned(
                    &value,
                    format_args!(
                        "{code}the value of `{name}` must be a string literal: #[error_code] reads it \
                         as it compiles, before constants and macros have values"
                    ),
                ));
                continue;
            }
        };
        let slot = attr.slot(&name);
        if slot.is_some() {
            errors.at(
                key.span(),
                format_args!("{code}`{name}` is given twice in #[error_code]; keep one"),
            );
            continue;
        }
        *slot = Some(literal);
    }
}

/// `"100M"` or `["subscribe", "aclapi"]`: the values of `example`.
fn example_values(value: &TokenStream) -> Option<Vec<LitStr>> {
    if let Ok(literal) = syn::parse2::<LitStr>(value.clone()) {
        return Some(vec![literal]);
    }
    let mut tokens = value.clone().into_iter();
    let (Some(TokenTree::Group(group)), None) = (tokens.next(), tokens.next()) else {
        return None;
    };
    if group.delimiter() != proc_macro2::Delimiter::Bracket {
        return None;
    }
    let parser = |input: ParseStream| {
        input.parse_terminated(<LitStr as syn::parse::Parse>::parse, Token![,])
    };
    let list = parser.parse2(group.stream()).ok()?;
    Some(list.into_iter().collect())
}

/// Where a value is: from its first token to its last.
fn value_span(value: &TokenStream, fallback: Span) -> Span {
    let mut tokens = value.clone().into_iter();
    let Some(first) = tokens.next() else {
        return fallback;
    };
    let last = tokens.last().map_or(first.span(), |last| last.span());
    first.span().join(last).unwrap_or(first.span())
}

/// The tokens up to the next top-level comma.
fn value_tokens(input: ParseStream) -> TokenStream {
    let mut tokens = TokenStream::new();
    while !input.is_empty() && !input.peek(Token![,]) {
        match input.parse::<TokenTree>() {
            Ok(token) => tokens.extend([token]),
            Err(_) => break,
        }
    }
    tokens
}

/// `report` alone (at the end, or before a comma): where it is, consumed.
fn report_flag(input: ParseStream) -> Option<Span> {
    let fork = input.fork();
    let ident = fork.parse::<Ident>().ok()?;
    if ident != "report" || !(fork.is_empty() || fork.peek(Token![,])) {
        return None;
    }
    input.parse::<Ident>().ok().map(|ident| ident.span())
}
