// Named placeholders: a field may appear more than once, `{{` and `}}` are
// braces, `%%` is a percent sign; the definition's CANN form is the `%s`
// template with its arglist.
use errcat::{ErrorCode, error_code};

#[derive(Debug)]
#[error_code("EZ0010", message = "{op}: {{{ratio}%%}} of {op}'s limit")]
pub struct Ratio<'a> {
    pub ratio: u32,
    pub op: &'a str,
}

fn main() {
    let error = Ratio { ratio: 120, op: "Conv2D" };
    assert_eq!(error.to_string(), "Conv2D: {120%} of Conv2D's limit");
    let def = error.definition();
    assert_eq!(def.message(), "%s: {%s%%} of %s's limit");
    assert_eq!(def.args(), ["op", "ratio", "op"]);
    assert_eq!(def.fields(), ["op", "ratio"]);
}
