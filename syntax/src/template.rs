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
/// use errcode_syntax::parse_template;
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
}
