//! A catalog's text edited in place: one field of one entry changed, every
//! other byte (order, spacing, the other entries) as it was, so that the
//! change is a one-line diff a reviewer reads at a glance.

use crate::located::{Document, Member};

/// The part of a `suggestion` an edit sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SuggestionPart {
    /// `Possible Cause`.
    Cause,
    /// `Solution`.
    Solution,
}

impl SuggestionPart {
    /// The key the JSON file writes it with.
    pub const fn key(self) -> &'static str {
        match self {
            SuggestionPart::Cause => "Possible Cause",
            SuggestionPart::Solution => "Solution",
        }
    }
}

/// The catalog `text` with `code`'s cause or solution set to `value`: the
/// field's value replaced where the entry has it (`"N/A"` most often),
/// else added to its `suggestion`, else a `suggestion` added to the entry,
/// in the file's indentation. Fails, saying why, when the text is not a
/// catalog or has no entry of the code.
///
/// ```
/// use errcat_catalog::{SuggestionPart, set_suggestion};
/// let catalog = r#"{"error_info_list": [
///   {"ErrCode": "EK0001", "ErrMessage": "Bad.", "Arglist": "",
///    "suggestion": {"Possible Cause": "N/A", "Solution": "N/A"}}
/// ]}"#;
/// let edited = set_suggestion(catalog, "EK0001", SuggestionPart::Solution, "Fix it.").unwrap();
/// assert_eq!(edited, catalog.replace(r#""Solution": "N/A""#, r#""Solution": "Fix it.""#));
/// ```
pub fn set_suggestion(
    text: &str,
    code: &str,
    part: SuggestionPart,
    value: &str,
) -> Result<String, String> {
    let (document, root) = Document::parse(text).map_err(|error| error.message)?;
    let not_a_catalog = || "the text is not a catalog".to_owned();
    let members = document
        .object(root)
        .map_err(|error| error.message)?
        .ok_or_else(not_a_catalog)?;
    let list = member(&members, "error_info_list").ok_or_else(not_a_catalog)?;
    let entries = document
        .array(list.value)
        .map_err(|error| error.message)?
        .ok_or_else(not_a_catalog)?;
    let quoted = serde_json::to_string(value).map_err(|error| error.to_string())?;
    for entry in entries {
        let Some(fields) = document.object(entry).map_err(|error| error.message)? else {
            continue;
        };
        let is_it = member(&fields, "ErrCode")
            .and_then(|field| document.string(field.value).ok().flatten())
            .is_some_and(|written| written == code);
        if !is_it {
            continue;
        }
        let Some(suggestion) = member(&fields, "suggestion") else {
            // No suggestion: one after the entry's last field.
            let (cause, solution) = match part {
                SuggestionPart::Cause => (quoted.as_str(), "\"N/A\""),
                SuggestionPart::Solution => ("\"N/A\"", quoted.as_str()),
            };
            let last = fields.last().ok_or_else(not_a_catalog)?;
            let indent = indent_of(text, last.key_offset);
            let inner = format!("{indent}  ");
            let addition = format!(
                ",\n{indent}\"suggestion\": {{\n{inner}\"Possible Cause\": {cause},\n{inner}\"Solution\": {solution}\n{indent}}}"
            );
            return Ok(splice(
                text,
                last.value.span().end..last.value.span().end,
                &addition,
            ));
        };
        let Some(parts) = document
            .object(suggestion.value)
            .map_err(|error| error.message)?
        else {
            // `"suggestion": null` or another value: replaced whole.
            let (cause, solution) = match part {
                SuggestionPart::Cause => (quoted.as_str(), "\"N/A\""),
                SuggestionPart::Solution => ("\"N/A\"", quoted.as_str()),
            };
            let replacement = format!("{{\"Possible Cause\": {cause}, \"Solution\": {solution}}}");
            return Ok(splice(text, suggestion.value.span(), &replacement));
        };
        if let Some(field) = member(&parts, part.key()) {
            return Ok(splice(text, field.value.span(), &quoted));
        }
        let addition = match parts.last() {
            Some(last) => {
                let indent = indent_of(text, last.key_offset);
                let separator = if text[..last.key_offset].ends_with('\n')
                    || text[..last.key_offset]
                        .trim_end_matches([' ', '\t'])
                        .ends_with('\n')
                {
                    format!(",\n{indent}")
                } else {
                    ", ".to_owned()
                };
                let at = last.value.span().end;
                return Ok(splice(
                    text,
                    at..at,
                    &format!("{separator}\"{}\": {quoted}", part.key()),
                ));
            }
            None => format!("{{\"{}\": {quoted}}}", part.key()),
        };
        return Ok(splice(text, suggestion.value.span(), &addition));
    }
    Err(format!("the catalog has no entry {code}"))
}

fn member<'m, 'a>(members: &'m [Member<'a>], key: &str) -> Option<&'m Member<'a>> {
    // The last of a repeated key is the one JSON readers keep.
    members.iter().rev().find(|member| member.key == key)
}

/// The spaces before the key at `offset` on its line.
fn indent_of(text: &str, offset: usize) -> String {
    let line_start = text[..offset].rfind('\n').map_or(0, |at| at + 1);
    text[line_start..offset]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect()
}

fn splice(text: &str, range: std::ops::Range<usize>, with: &str) -> String {
    let mut out = String::with_capacity(text.len() + with.len());
    out.push_str(&text[..range.start]);
    out.push_str(with);
    out.push_str(&text[range.end..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PRETTY: &str = "{\n  \"error_info_list\": [\n    {\n      \"ErrCode\": \"EK0001\",\n      \"ErrMessage\": \"Bad.\",\n      \"Arglist\": \"\"\n    },\n    {\n      \"ErrCode\": \"EK0002\",\n      \"ErrMessage\": \"Bad.\",\n      \"Arglist\": \"\",\n      \"suggestion\": {\n        \"Possible Cause\": \"A cause.\"\n      }\n    }\n  ]\n}\n";

    #[test]
    fn a_suggestion_added_in_the_files_layout() {
        let edited =
            set_suggestion(PRETTY, "EK0001", SuggestionPart::Solution, "Fix \"it\".").unwrap();
        assert_eq!(
            edited,
            PRETTY.replace(
                "\"Arglist\": \"\"\n    },",
                "\"Arglist\": \"\",\n      \"suggestion\": {\n        \"Possible Cause\": \"N/A\",\n        \"Solution\": \"Fix \\\"it\\\".\"\n      }\n    },"
            )
        );
        let edited = set_suggestion(PRETTY, "EK0002", SuggestionPart::Solution, "Retry.").unwrap();
        assert_eq!(
            edited,
            PRETTY.replace(
                "\"Possible Cause\": \"A cause.\"\n",
                "\"Possible Cause\": \"A cause.\",\n        \"Solution\": \"Retry.\"\n"
            )
        );
        assert_eq!(
            set_suggestion(PRETTY, "EK0003", SuggestionPart::Cause, "x"),
            Err("the catalog has no entry EK0003".to_owned())
        );
        // Each edit reads back as the catalog with the text.
        let loaded = crate::load(&edited);
        assert_eq!(loaded.catalog.entries[1].solution(), Some("Retry."));
    }
}
