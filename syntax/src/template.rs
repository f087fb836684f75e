use core::fmt;

/// A message template split at its `%s` placeholders.
///
/// `pieces` always has one more element than there are placeholders: the
/// literal text before the first placeholder, between each pair, and after
/// the last. `%%` has already been turned into `%` in the pieces, so a
/// renderer only interleaves pieces and values and never scans a value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    /// The literal text around the placeholders, in order.
    pub pieces: Vec<String>,
}

impl Template {
    /// How many `%s` placeholders the template has.
    pub fn placeholders(&self) -> usize {
        self.pieces.len() - 1
    }
}

/// A `%` in a template that is neither `%s` nor `%%`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateError {
    /// Byte offset of the stray `%` in the template.
    pub offset: usize,
    /// The character after it, or `None` when the `%` ends the template.
    pub next: Option<char>,
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.next {
            Some(c) => write!(f, "`%{c}` at byte {} is not a placeholder", self.offset)?,
            None => write!(f, "the template ends with a lone `%`")?,
        }
        f.write_str(": the only placeholder is `%s`; write `%%` for a literal percent sign")
    }
}

impl std::error::Error for TemplateError {}

/// Splits a template at its `%s` placeholders, turning `%%` into `%`.
///
/// Returns every stray `%` when there is any, so a checker can report them all.
///
/// ```
/// use errcat_syntax::parse_template;
/// let t = parse_template("Failed to allocate %s host memory (100%%).").unwrap();
/// assert_eq!(t.pieces, ["Failed to allocate ", " host memory (100%)."]);
/// assert_eq!(t.placeholders(), 1);
/// ```
pub fn parse_template(template: &str) -> Result<Template, Vec<TemplateError>> {
    let mut pieces = Vec::new();
    let mut current = String::new();
    let mut errors = Vec::new();
    let mut chars = template.char_indices().peekable();
    while let Some((offset, c)) = chars.next() {
        if c != '%' {
            current.push(c);
            continue;
        }
        match chars.peek().map(|&(_, next)| next) {
            Some('s') => {
                chars.next();
                pieces.push(core::mem::take(&mut current));
            }
            Some('%') => {
                chars.next();
                current.push('%');
            }
            next => {
                errors.push(TemplateError { offset, next });
                current.push('%');
            }
        }
    }
    pieces.push(current);
    if errors.is_empty() {
        Ok(Template { pieces })
    } else {
        Err(errors)
    }
}

/// A definition's message: CANN's `%s` template, or the same text with
/// named placeholders, `"Failed to allocate {buf_size} host memory."`.
///
/// Both forms split into the same literal pieces; a named message also
/// says which argument fills each placeholder, which a `%s` template leaves
/// to an `Arglist`. A message is in the `%s` form when it has a `%s`
/// placeholder; then braces are literal text, as CANN has them. Otherwise
/// `{name}` is a placeholder and `{{` and `}}` are literal braces. `%%` is a
/// literal `%` in both forms, and any other `%` an error, so a message
/// without placeholders reads the same in both.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// The literal text around the placeholders, in order, unescaped.
    pub pieces: Vec<String>,
    /// For a named message, the name in each placeholder, in order (a name
    /// may repeat); `None` for a `%s` template.
    pub names: Option<Vec<String>>,
}

impl Message {
    /// How many placeholders the message has.
    pub fn placeholders(&self) -> usize {
        self.pieces.len() - 1
    }

    /// The message as a CANN template: the pieces joined by `%s`, each `%`
    /// written `%%`. A named message and its `%s` twin give the same text.
    ///
    /// ```
    /// use errcat_syntax::parse_message;
    /// let named = parse_message("{size} of {{100%%}} used by {size}").unwrap();
    /// assert_eq!(named.cann_template(), "%s of {100%%} used by %s");
    /// assert_eq!(named.names.unwrap(), ["size", "size"]);
    /// ```
    pub fn cann_template(&self) -> String {
        let mut template = String::new();
        for (index, piece) in self.pieces.iter().enumerate() {
            if index > 0 {
                template.push_str("%s");
            }
            template.push_str(&piece.replace('%', "%%"));
        }
        template
    }
}

/// What is wrong with a message, at a byte offset of it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MessageError {
    /// A `%` that is neither `%s` nor `%%`.
    Percent(TemplateError),
    /// `{}` or `{0}`: a placeholder that names no field.
    Positional {
        /// Byte offset of the `{`.
        offset: usize,
        /// The placeholder as written, braces included.
        text: String,
    },
    /// `{name:?}`: a placeholder with a format spec.
    FormatSpec {
        /// Byte offset of the `{`.
        offset: usize,
        /// The name before the `:`.
        name: String,
        /// The placeholder as written, braces included.
        text: String,
    },
    /// `{a b}`, `{a.b}`: braces around something that is not a name.
    NotAName {
        /// Byte offset of the `{`.
        offset: usize,
        /// The placeholder as written, braces included.
        text: String,
    },
    /// A `{` without its `}`, or a `}` without its `{`.
    Unmatched {
        /// Byte offset of the brace.
        offset: usize,
        /// The brace.
        brace: char,
    },
    /// `{name}` in a message that also has `%s` placeholders.
    Mixed {
        /// The name in braces.
        name: String,
    },
}

impl fmt::Display for MessageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MessageError::Percent(error) => error.fmt(f),
            MessageError::Positional { offset, text } => write!(
                f,
                "`{text}` at byte {offset} names no field: a placeholder names the field whose value fills it, like `{{buf_size}}`; write `{{{{` and `}}}}` for literal braces"
            ),
            MessageError::FormatSpec { offset, name, text } => write!(
                f,
                "`{text}` at byte {offset} has a format spec, which messages do not take: each value is shown with `Display`, as catalogs and other languages show it; write `{{{name}}}` and format the value in the field's type (a type with the `Display` you want)"
            ),
            MessageError::NotAName { offset, text } => write!(
                f,
                "`{text}` at byte {offset} is not a placeholder: a placeholder is a field name in braces, like `{{buf_size}}`; write `{{{{` and `}}}}` for literal braces"
            ),
            MessageError::Unmatched { offset, brace } => write!(
                f,
                "the `{brace}` at byte {offset} has no matching `{}`; write `{brace}{brace}` for a literal brace",
                if *brace == '{' { '}' } else { '{' }
            ),
            MessageError::Mixed { name } => write!(
                f,
                "the message mixes `%s` with `{{{name}}}`: use one form, either named placeholders (`{{{name}}}`) or `%s` with `args`"
            ),
        }
    }
}

impl std::error::Error for MessageError {}

/// Reads a definition's message, in either form (see [`Message`]).
///
/// Returns every problem when there is any, so a checker can report them all.
///
/// ```
/// use errcat_syntax::parse_message;
/// let named = parse_message("Device {device_id} is busy ({{{state}}}).").unwrap();
/// assert_eq!(named.pieces, ["Device ", " is busy ({", "})."]);
/// assert_eq!(named.names.unwrap(), ["device_id", "state"]);
///
/// let cann = parse_message("Device %s is {busy}.").unwrap_err();
/// assert_eq!(cann[0].to_string(), "the message mixes `%s` with `{busy}`: use one form, \
///     either named placeholders (`{busy}`) or `%s` with `args`");
/// assert!(parse_message("Device %s is {busy.").unwrap().names.is_none());
/// ```
pub fn parse_message(message: &str) -> Result<Message, Vec<MessageError>> {
    let template = parse_template(message).map_err(|errors| {
        errors
            .into_iter()
            .map(MessageError::Percent)
            .collect::<Vec<_>>()
    })?;
    if template.placeholders() > 0 {
        // CANN's form: braces are text, but a `{name}` is a named
        // placeholder written in the wrong form.
        let mixed: Vec<MessageError> = template
            .pieces
            .iter()
            .flat_map(|piece| braced_names(piece))
            .map(|name| MessageError::Mixed { name })
            .collect();
        return if mixed.is_empty() {
            Ok(Message {
                pieces: template.pieces,
                names: None,
            })
        } else {
            Err(mixed)
        };
    }
    parse_named(message)
}

/// The identifiers written `{name}` in a text.
fn braced_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        rest = &rest[open + 1..];
        if let Some(close) = rest.find('}') {
            let inside = &rest[..close];
            if crate::is_identifier(inside) {
                names.push(inside.to_owned());
            }
        }
    }
    names
}

/// The first thing in a text shown as written (a definition's cause or
/// solution) that reads as a placeholder: `%s` or another printf conversion
/// (`%d`), or `{name}`. Only the message is filled in, so such a text would
/// be shown, in reports, docs and exported catalogs, with the placeholder
/// in it. Returns its byte offset and the placeholder as written. CANN's
/// own catalogs have none.
///
/// ```
/// use errcat_syntax::placeholder_in_text;
/// assert_eq!(placeholder_in_text("Stop process {pid} first."), Some((13, "{pid}")));
/// assert_eq!(placeholder_in_text("Free %s of memory."), Some((5, "%s")));
/// assert_eq!(placeholder_in_text("Keep usage under 90% ({or less})."), None);
/// ```
pub fn placeholder_in_text(text: &str) -> Option<(usize, &str)> {
    let bytes = text.as_bytes();
    for (offset, &byte) in bytes.iter().enumerate() {
        match byte {
            b'%' if bytes.get(offset + 1).is_some_and(u8::is_ascii_alphabetic) => {
                return Some((offset, &text[offset..offset + 2]));
            }
            b'{' => {
                let rest = &text[offset + 1..];
                if let Some(close) = rest.find('}')
                    && crate::is_identifier(&rest[..close])
                {
                    return Some((offset, &text[offset..offset + close + 2]));
                }
            }
            _ => {}
        }
    }
    None
}

/// A message without `%s`: `{name}` placeholders, `{{`, `}}` and `%%`.
fn parse_named(message: &str) -> Result<Message, Vec<MessageError>> {
    let mut pieces = Vec::new();
    let mut names = Vec::new();
    let mut errors = Vec::new();
    let mut current = String::new();
    let mut chars = message.char_indices().peekable();
    while let Some((offset, c)) = chars.next() {
        match c {
            // `parse_template` let only `%%` through.
            '%' => {
                chars.next();
                current.push('%');
            }
            '{' if chars.peek().map(|&(_, next)| next) == Some('{') => {
                chars.next();
                current.push('{');
            }
            '}' if chars.peek().map(|&(_, next)| next) == Some('}') => {
                chars.next();
                current.push('}');
            }
            '}' => errors.push(MessageError::Unmatched { offset, brace: '}' }),
            '{' => {
                let inside_start = offset + 1;
                let Some(length) = message[inside_start..].find(['}', '{']) else {
                    errors.push(MessageError::Unmatched { offset, brace: '{' });
                    break;
                };
                let end = inside_start + length;
                if message[end..].starts_with('{') {
                    errors.push(MessageError::Unmatched { offset, brace: '{' });
                    continue;
                }
                let inside = &message[inside_start..end];
                let text = message[offset..=end].to_owned();
                // Skip to after the `}`.
                while chars.next_if(|&(at, _)| at <= end).is_some() {}
                let (name, spec) = match inside.split_once(':') {
                    Some((name, _)) => (name.trim(), true),
                    None => (inside.trim(), false),
                };
                if name.is_empty() || name.bytes().all(|byte| byte.is_ascii_digit()) {
                    errors.push(MessageError::Positional { offset, text });
                } else if !crate::is_identifier(name) {
                    errors.push(MessageError::NotAName { offset, text });
                } else if spec {
                    errors.push(MessageError::FormatSpec {
                        offset,
                        name: name.to_owned(),
                        text,
                    });
                } else if name != inside {
                    // `{ name }`: spaces are not part of a name.
                    errors.push(MessageError::NotAName { offset, text });
                } else {
                    pieces.push(core::mem::take(&mut current));
                    names.push(name.to_owned());
                }
            }
            c => current.push(c),
        }
    }
    pieces.push(current);
    if errors.is_empty() {
        Ok(Message {
            pieces,
            names: Some(names),
        })
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_placeholders() {
        let t = parse_template("%s failed because parameter %s cannot be a null pointer.").unwrap();
        assert_eq!(
            t.pieces,
            [
                "",
                " failed because parameter ",
                " cannot be a null pointer."
            ]
        );
        assert_eq!(t.placeholders(), 2);
        assert_eq!(parse_template("").unwrap().pieces, [""]);
        assert_eq!(parse_template("%s%s").unwrap().pieces, ["", "", ""]);
    }

    #[test]
    fn percent_percent_is_literal() {
        let t = parse_template("100%% of %s, not %%s").unwrap();
        assert_eq!(t.pieces, ["100% of ", ", not %s"]);
    }

    #[test]
    fn reports_every_stray_percent() {
        let errors = parse_template("use %d or %").unwrap_err();
        assert_eq!(
            errors,
            [
                TemplateError {
                    offset: 4,
                    next: Some('d')
                },
                TemplateError {
                    offset: 10,
                    next: None
                },
            ]
        );
        assert_eq!(
            errors[0].to_string(),
            "`%d` at byte 4 is not a placeholder: the only placeholder is `%s`; write `%%` for a literal percent sign"
        );
    }

    #[test]
    fn named_messages_split_at_their_names() {
        let message = parse_message("{a} and {b}, {a} again: {{literal}} 100%%").unwrap();
        assert_eq!(
            message.pieces,
            ["", " and ", ", ", " again: {literal} 100%"]
        );
        assert_eq!(
            message.names.as_deref(),
            Some(&["a".to_owned(), "b".into(), "a".into()][..])
        );
        assert_eq!(
            message.cann_template(),
            "%s and %s, %s again: {literal} 100%%"
        );
        let plain = parse_message("No placeholder, {{braces}}.").unwrap();
        assert_eq!(plain.pieces, ["No placeholder, {braces}."]);
        assert_eq!(plain.names, Some(Vec::new()));
    }

    #[test]
    fn cann_templates_keep_their_braces() {
        let message = parse_message("In %s, {x is %s}.").unwrap();
        assert_eq!(message.pieces, ["In ", ", {x is ", "}."]);
        assert_eq!(message.names, None);
        assert_eq!(message.cann_template(), "In %s, {x is %s}.");
    }

    #[test]
    fn reports_every_bad_brace() {
        let errors = parse_message("{} {0} {x:?} {a b} } {open").unwrap_err();
        assert_eq!(
            errors,
            [
                MessageError::Positional {
                    offset: 0,
                    text: "{}".into()
                },
                MessageError::Positional {
                    offset: 3,
                    text: "{0}".into()
                },
                MessageError::FormatSpec {
                    offset: 7,
                    name: "x".into(),
                    text: "{x:?}".into()
                },
                MessageError::NotAName {
                    offset: 13,
                    text: "{a b}".into()
                },
                MessageError::Unmatched {
                    offset: 19,
                    brace: '}'
                },
                MessageError::Unmatched {
                    offset: 21,
                    brace: '{'
                },
            ]
        );
        assert_eq!(
            errors[2].to_string(),
            "`{x:?}` at byte 7 has a format spec, which messages do not take: each value is shown \
             with `Display`, as catalogs and other languages show it; write `{x}` and format the \
             value in the field's type (a type with the `Display` you want)"
        );
        assert_eq!(
            errors[5].to_string(),
            "the `{` at byte 21 has no matching `}`; write `{{` for a literal brace"
        );
        assert_eq!(
            parse_message("{a {b}").unwrap_err(),
            [MessageError::Unmatched {
                offset: 0,
                brace: '{'
            }]
        );
    }

    #[test]
    fn mixing_the_forms_is_refused() {
        assert_eq!(
            parse_message("%s is {busy}").unwrap_err(),
            [MessageError::Mixed {
                name: "busy".into()
            }]
        );
        assert!(matches!(
            parse_message("{a} is 5%").unwrap_err()[..],
            [MessageError::Percent(_)]
        ));
    }
}
