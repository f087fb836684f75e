//! The rules a definition must follow, checked against its struct.

use errcat_syntax::{
    is_argument_name, is_identifier, parse_message, placeholder_in_text, split_arglist,
};

use super::ast::Field;
use super::attr::Attr;
use crate::code::Code;
use crate::errors::{Errors, closest};

/// A definition whose template and arglist agree with its struct.
pub(crate) struct Checked {
    /// The message as a CANN template (`%s`), whichever form it was written in.
    pub(crate) template: String,
    /// The template's literal text around its placeholders, `%%` already `%`.
    pub(crate) pieces: Vec<String>,
    /// The name that fills each placeholder; names may repeat.
    pub(crate) args: Vec<String>,
    /// The distinct names in order of first appearance, as indexes of struct fields.
    pub(crate) fields: Vec<usize>,
    /// For each placeholder, the index in `fields` of its value.
    pub(crate) slots: Vec<usize>,
}

/// Checks a definition against the fields that carry its arguments;
/// `owner` names their struct or variant in messages.
pub(crate) fn check(
    code: &Code,
    attr: &Attr,
    owner: &str,
    item_fields: &[Field],
    errors: &mut Errors,
) -> Option<Checked> {
    check_shown_as_written(code, attr, errors);
    check_retired(code, attr, errors);
    let Some(message) = &attr.message else {
        if attr.message_rejected {
            return None;
        }
        errors.at(
            code.literal.span(),
            format_args!(
                "{}: #[error_code] needs `message = \"...\"`, the message template",
                code.value
            ),
        );
        return None;
    };
    let parsed = match parse_message(&message.value()) {
        Ok(parsed) => Some(parsed),
        Err(problems) => {
            for problem in problems {
                errors.at(message.span(), format_args!("{}: {problem}", code.value));
            }
            None
        }
    };
    // A field is an argument a report site names by a string: it must be a
    // name a report can write, which the field declaration alone does not
    // ensure (`größe` is a Rust identifier).
    let mut names_ok = true;
    for field in item_fields {
        if !is_argument_name(&field.name) {
            names_ok = false;
            errors.at(
                field.ident.span(),
                format_args!(
                    "{}: field `{}` cannot be an argument: argument names are ASCII identifiers \
                     (letters, digits and `_`), as a catalog's Arglist and a report site write \
                     them; rename the field",
                    code.value, field.name
                ),
            );
        }
    }
    if !names_ok {
        return None;
    }
    let field_names: Vec<&str> = item_fields
        .iter()
        .map(|field| field.name.as_str())
        .collect();
    let named = parsed.as_ref().and_then(|parsed| parsed.names.as_ref());
    if let (Some(names), Some(literal)) = (named, &attr.args)
        && !names.is_empty()
    {
        errors.at(
            literal.span(),
            format_args!(
                "{}: the message names its arguments ({}), so `args` has nothing to say; remove it",
                code.value,
                braced(names)
            ),
        );
        return None;
    }
    let args: Vec<String> = match (&attr.args, named) {
        (None, Some(names)) if !names.is_empty() => {
            if !named_fields_ok(code, owner, message, names, item_fields, errors) {
                return None;
            }
            names.clone()
        }
        (Some(literal), _) => {
            let value = literal.value();
            let names = split_arglist(&value);
            let mut ok = true;
            let missing: Vec<&str> = field_names
                .iter()
                .copied()
                .filter(|field| !names.contains(field))
                .collect();
            let strangers: Vec<&&str> = names
                .iter()
                .filter(|name| is_identifier(name) && !field_names.contains(name))
                .collect();
            // A name that is no field is most likely a misspelled field: the
            // nearest one, or the only field left out when only one name is
            // wrong. That field is not reported missing as well: fixing the
            // spelling fixes both.
            let mut suggested: Vec<&str> = Vec::new();
            for name in &names {
                if name.is_empty() {
                    ok = false;
                    errors.at(
                        literal.span(),
                        format_args!(
                            "{}: `args` has an empty name; remove the extra comma",
                            code.value
                        ),
                    );
                } else if !is_identifier(name) {
                    ok = false;
                    errors.at(
                        literal.span(),
                        format_args!(
                            "{}: `args` has `{name}`, which is not an identifier: names are identifiers, separated by commas",
                            code.value
                        ),
                    );
                } else if !field_names.contains(name) {
                    ok = false;
                    let close =
                        closest(name, &field_names).or(match (&strangers[..], &missing[..]) {
                            ([_], [only]) => Some(*only),
                            _ => None,
                        });
                    suggested.extend(close);
                    let suggestion = close
                        .map(|close| format!("; did you mean `{close}`?"))
                        .unwrap_or_default();
                    errors.at(
                        literal.span(),
                        format_args!(
                            "{}: `args` names `{name}`, which is not a field of {owner} (its fields: {}){suggestion}",
                            code.value,
                            list(&field_names)
                        ),
                    );
                }
            }
            // A name that is no identifier (`"api param"`) may hold fields,
            // which are then not reported missing: the list is to fix first.
            let garbled = names
                .iter()
                .any(|name| !name.is_empty() && !is_identifier(name));
            for field in item_fields {
                let name = field.name.as_str();
                if !garbled && missing.contains(&name) && !suggested.contains(&name) {
                    ok = false;
                    errors.at(
                        field.ident.span(),
                        format_args!(
                            "{}: field `{}` is not in `args = \"{value}\"`; every field must fill a placeholder",
                            code.value, field.name
                        ),
                    );
                }
            }
            if !ok {
                return None;
            }
            names.into_iter().map(str::to_owned).collect()
        }
        (None, _) => field_names.iter().map(|name| (*name).to_owned()).collect(),
    };
    let parsed = parsed?;
    let placeholders = parsed.placeholders();
    // Fields fill `%s` placeholders in declaration order only when there is
    // one: with two, reordering the fields would swap the values unseen.
    let guessing = attr.args.is_none() && parsed.names.is_none() && placeholders >= 2;
    if guessing && placeholders == args.len() {
        errors.at(
            message.span(),
            format_args!(
                "{}: the message has {placeholders} `%s` placeholders and no `args`, which would fill them with the fields in the order they are declared; add `args = \"{}\"` (that order), or name the fields in the message: `{}`",
                code.value,
                args.join(","),
                named_form(&parsed.pieces, &args)
            ),
        );
        return None;
    }
    if placeholders != args.len() {
        let (source, noun) = if attr.args.is_some() {
            ("`args` has", "name")
        } else {
            ("the struct has", "field")
        };
        errors.at(
            message.span(),
            format_args!(
                "{}: the message has {placeholders} `%s` placeholder{} but {source} {} {noun}{} ({}); {}",
                code.value,
                plural(placeholders),
                args.len(),
                plural(args.len()),
                list(&args),
                if guessing {
                    format!(
                        "name the field of each placeholder with `args = \"...\"`, or name the fields in the message, like `{{{}}}`",
                        args.first().map_or("buf_size", String::as_str)
                    )
                } else if attr.args.is_some() {
                    "each name fills one placeholder, in order".to_owned()
                } else if args.len() > placeholders {
                    // More fields than placeholders: ordering them would be
                    // guessing, so the fix is to name them.
                    format!(
                        "every field fills a placeholder of its own: name each in the message, like `{{{}}}`, or remove the fields it does not show",
                        args.first().map_or("buf_size", String::as_str)
                    )
                } else {
                    "each placeholder needs a field to fill it: add one, and name it in the message, like `{buf_size}`".to_owned()
                }
            ),
        );
        return None;
    }
    let mut fields: Vec<usize> = Vec::new();
    let mut slots = Vec::with_capacity(args.len());
    for name in &args {
        let field = field_names.iter().position(|field| field == name)?;
        let slot = match fields.iter().position(|&seen| seen == field) {
            Some(slot) => slot,
            None => {
                fields.push(field);
                fields.len() - 1
            }
        };
        slots.push(slot);
    }
    Some(Checked {
        template: parsed.cann_template(),
        pieces: parsed.pieces,
        args,
        fields,
        slots,
    })
}

/// The cause and the solution are shown as written, in reports, docs and
/// exported catalogs: a placeholder in them would be shown as it is, so it
/// is refused (CANN's catalogs have none).
fn check_shown_as_written(code: &Code, attr: &Attr, errors: &mut Errors) {
    for (key, text) in [("cause", &attr.cause), ("solution", &attr.solution)] {
        let Some(literal) = text else { continue };
        if let Some((offset, placeholder)) = placeholder_in_text(&literal.value()) {
            errors.at(
                literal.span(),
                format_args!(
                    "{}: the {key} has `{placeholder}` (at byte {offset}), which reads as a placeholder, \
                     but only the message is filled in: the {key} is shown as written, in reports, docs \
                     and exported catalogs; name the value in the message, or write the {key} without it",
                    code.value
                ),
            );
        }
    }
}

/// `retired` says since when, and `replacement` is another code, given
/// only with `retired`.
fn check_retired(code: &Code, attr: &Attr, errors: &mut Errors) {
    if let Some(since) = &attr.retired
        && since.value().trim().is_empty()
    {
        errors.at(
            since.span(),
            format_args!(
                "{}: `retired` says since when the code is no longer reported, a version or a date \
                 such as `retired = \"2.0\"`; it is empty",
                code.value
            ),
        );
    }
    let Some(replacement) = &attr.replacement else {
        return;
    };
    if attr.retired.is_none() {
        errors.at(
            replacement.span(),
            format_args!(
                "{}: `replacement` names the code to report instead of a retired one, but {} is not \
                 retired; add `retired = \"<version or date>\"`, or remove `replacement`",
                code.value, code.value
            ),
        );
        return;
    }
    let other = replacement.value();
    if let Err(why) = errcat_syntax::classify_code(&other) {
        errors.at(
            replacement.span(),
            format_args!(
                "{}: the replacement `{other}` is not an error code: {why}",
                code.value
            ),
        );
        return;
    }
    if other == code.value {
        errors.at(
            replacement.span(),
            format_args!(
                "{}: a retired code cannot be its own replacement; name the code to report instead, \
                 or remove `replacement`",
                code.value
            ),
        );
    }
}

/// Every name of a named message is a field, and every field is named.
fn named_fields_ok(
    code: &Code,
    owner: &str,
    message: &syn::LitStr,
    names: &[String],
    item_fields: &[Field],
    errors: &mut Errors,
) -> bool {
    let field_names: Vec<&str> = item_fields
        .iter()
        .map(|field| field.name.as_str())
        .collect();
    let mut ok = true;
    let mut suggested: Vec<&str> = Vec::new();
    let mut reported: Vec<&str> = Vec::new();
    for name in names {
        if field_names.contains(&name.as_str()) || reported.contains(&name.as_str()) {
            continue;
        }
        reported.push(name);
        ok = false;
        let close = closest(name, &field_names);
        suggested.extend(close);
        let suggestion = close
            .map(|close| format!("; did you mean `{{{close}}}`?"))
            .unwrap_or_default();
        errors.at(
            message.span(),
            format_args!(
                "{}: the message names `{{{name}}}`, but {owner} has no field `{name}` (its fields: {}){suggestion}",
                code.value,
                list(&field_names)
            ),
        );
    }
    for field in item_fields {
        let name = field.name.as_str();
        if !names.iter().any(|named| named == name) && !suggested.contains(&name) {
            ok = false;
            errors.at(
                field.ident.span(),
                format_args!(
                    "{}: field `{name}` is not in the message; every field fills a placeholder: write `{{{name}}}` where its value goes",
                    code.value
                ),
            );
        }
    }
    ok
}

/// The message with each `%s` replaced by the `{name}` that fills it.
fn named_form(pieces: &[String], args: &[String]) -> String {
    let escape = |piece: &str| {
        piece
            .replace('%', "%%")
            .replace('{', "{{")
            .replace('}', "}}")
    };
    let mut text = String::new();
    for (index, piece) in pieces.iter().enumerate() {
        text.push_str(&escape(piece));
        if let Some(name) = args.get(index) {
            text.push('{');
            text.push_str(name);
            text.push('}');
        }
    }
    format!("message = {text:?}")
}

/// `{a}, {b}`: names as they are written in a message.
fn braced(names: &[String]) -> String {
    let mut seen: Vec<&str> = Vec::new();
    for name in names {
        if !seen.contains(&name.as_str()) {
            seen.push(name);
        }
    }
    seen.iter()
        .map(|name| format!("{{{name}}}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}

fn list(names: &[impl AsRef<str>]) -> String {
    if names.is_empty() {
        return "none".to_owned();
    }
    names
        .iter()
        .map(AsRef::as_ref)
        .collect::<Vec<_>>()
        .join(", ")
}
