//! The rules a definition must follow, checked against its struct.

use errcode_syntax::{is_identifier, parse_template, split_arglist};

use super::ast::Struct;
use super::attr::Attr;
use crate::code::Code;
use crate::errors::Errors;

/// A definition whose template and arglist agree with its struct.
pub(crate) struct Checked {
    /// The template's literal text around its placeholders, `%%` already `%`.
    pub(crate) pieces: Vec<String>,
    /// The name that fills each placeholder; names may repeat.
    pub(crate) args: Vec<String>,
    /// The distinct names in order of first appearance, as indexes of struct fields.
    pub(crate) fields: Vec<usize>,
    /// For each placeholder, the index in `fields` of its value.
    pub(crate) slots: Vec<usize>,
}

pub(crate) fn check(
    code: &Code,
    attr: &Attr,
    item: &Struct,
    errors: &mut Errors,
) -> Option<Checked> {
    let Some(message) = &attr.message else {
        errors.at(
            code.literal.span(),
            format_args!(
                "{}: #[error_code] needs `message = \"...\"`, the message template",
                code.value
            ),
        );
        return None;
    };
    let pieces = match parse_template(&message.value()) {
        Ok(template) => Some(template.pieces),
        Err(strays) => {
            for stray in strays {
                errors.at(message.span(), format_args!("{}: {stray}", code.value));
            }
            None
        }
    };
    let field_names: Vec<&str> = item
        .fields
        .iter()
        .map(|field| field.name.as_str())
        .collect();
    let args: Vec<String> = match &attr.args {
        Some(literal) => {
            let value = literal.value();
            let names = split_arglist(&value);
            let mut ok = true;
            for name in &names {
                if !is_identifier(name) {
                    ok = false;
                    let what = if name.is_empty() {
                        "an empty name".to_owned()
                    } else {
                        format!("`{name}`")
                    };
                    errors.at(
                        literal.span(),
                        format_args!(
                            "{}: `args` has {what}, which is not an identifier",
                            code.value
                        ),
                    );
                } else if !field_names.contains(name) {
                    ok = false;
                    errors.at(
                        literal.span(),
                        format_args!(
                            "{}: `args` names `{name}`, which is not a field of `{}` (its fields: {})",
                            code.value,
                            item.ident,
                            list(&field_names)
                        ),
                    );
                }
            }
            for field in &item.fields {
                if !names.contains(&field.name.as_str()) {
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
        None => field_names.iter().map(|name| (*name).to_owned()).collect(),
    };
    let pieces = pieces?;
    let placeholders = pieces.len() - 1;
    if placeholders != args.len() {
        let source = if attr.args.is_some() {
            "`args` names"
        } else {
            "the struct has"
        };
        let noun = if attr.args.is_some() { "name" } else { "field" };
        errors.at(
            message.span(),
            format_args!(
                "{}: the message has {placeholders} `%s` placeholder{} but {source} {} {noun}{} ({})",
                code.value,
                plural(placeholders),
                args.len(),
                plural(args.len()),
                list(&args),
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
        pieces,
        args,
        fields,
        slots,
    })
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
