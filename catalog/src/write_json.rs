//! Writing a catalog back in the JSON format it was read from.

use crate::model::{Catalog, Entry, Key, NOT_APPLICABLE};

impl Catalog {
    /// The catalog in the CANN `error_code.json` format, indented by two
    /// spaces as the CANN file is: each entry's fields in the order it was
    /// read with ([`Entry::layout`]), `Arglist` as written, and `"N/A"` for
    /// an absent cause or solution of a suggestion. Reading the text back
    /// gives the same catalog.
    ///
    /// ```
    /// let text = "{\n  \"error_info_list\": [\n    {\n      \"ErrCode\": \"WE0001\",\n      \"ErrMessage\": \"Failed to %s because %s is not supported.\",\n      \"Arglist\": \"function, type\",\n      \"suggestion\": {\n        \"Possible Cause\": \"N/A\",\n        \"Solution\": \"N/A\"\n      }\n    }\n  ]\n}\n";
    /// let catalog = errcat_catalog::load(text).into_result().unwrap();
    /// assert_eq!(catalog.to_json(), text);
    /// ```
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\n  \"error_info_list\": [");
        for (index, entry) in self.entries.iter().enumerate() {
            out.push_str(if index == 0 { "\n" } else { ",\n" });
            write_entry(entry, &mut out);
        }
        if !self.entries.is_empty() {
            out.push_str("\n  ");
        }
        out.push(']');
        if !self.retired.is_empty() {
            out.push_str(",\n  \"retired\": [");
            for (index, retired) in self.retired.iter().enumerate() {
                out.push_str(if index == 0 { "\n" } else { ",\n" });
                out.push_str("    {\n      ");
                write_string(Key::Code.name(), &mut out);
                out.push_str(": ");
                write_string(&retired.code, &mut out);
                for (key, value) in [
                    ("since", &retired.since),
                    ("replacement", &retired.replacement),
                ] {
                    if let Some(value) = value {
                        out.push_str(",\n      ");
                        write_string(key, &mut out);
                        out.push_str(": ");
                        write_string(value, &mut out);
                    }
                }
                out.push_str("\n    }");
            }
            out.push_str("\n  ]");
        }
        out.push_str("\n}\n");
        out
    }
}

fn write_entry(entry: &Entry, out: &mut String) {
    let mut keys: Vec<Key> = entry.layout.keys().collect();
    // Fields the layout does not list still get written, after the others.
    for key in Key::ALL {
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    out.push_str("    {");
    let mut first = true;
    for key in keys {
        let value = match key {
            Key::Class => entry.class.as_deref(),
            Key::Title => entry.title.as_deref(),
            Key::Code => Some(entry.code.as_str()),
            Key::Message => Some(entry.message.as_str()),
            Key::Arglist => Some(entry.arglist.as_str()),
            Key::Suggestion => None,
        };
        let present = value.is_some() || (key == Key::Suggestion && entry.suggestion.is_some());
        if !present {
            continue;
        }
        out.push_str(if first { "\n" } else { ",\n" });
        first = false;
        out.push_str("      ");
        write_string(key.name(), out);
        out.push_str(": ");
        match (value, &entry.suggestion) {
            (Some(value), _) => write_string(value, out),
            (None, Some(suggestion)) => {
                let cause = ("Possible Cause", suggestion.cause.as_deref());
                let solution = ("Solution", suggestion.solution.as_deref());
                let pair = if entry.layout.solution_first() {
                    [solution, cause]
                } else {
                    [cause, solution]
                };
                out.push('{');
                for (index, (name, text)) in pair.into_iter().enumerate() {
                    out.push_str(if index == 0 { "\n" } else { ",\n" });
                    out.push_str("        ");
                    write_string(name, out);
                    out.push_str(": ");
                    write_string(text.unwrap_or(NOT_APPLICABLE), out);
                }
                out.push_str("\n      }");
            }
            (None, None) => {}
        }
    }
    out.push_str("\n    }");
}

/// A JSON string: quotes, backslashes and control characters escaped,
/// everything else as is.
pub(crate) fn write_string(text: &str, out: &mut String) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Layout, Suggestion};
    use crate::position::Position;

    #[test]
    fn escapes_what_json_needs() {
        let mut out = String::new();
        write_string("a\"b\\c\nd\te\u{1}é/", &mut out);
        assert_eq!(out, "\"a\\\"b\\\\c\\nd\\te\\u0001é/\"");
    }

    #[test]
    fn an_empty_catalog_is_an_empty_list() {
        assert_eq!(
            Catalog::default().to_json(),
            "{\n  \"error_info_list\": []\n}\n"
        );
    }

    #[test]
    fn keeps_order_and_writes_absent_texts_as_not_applicable() {
        let entry = Entry {
            code: "EK0204".to_owned(),
            message: "Insufficient disk space. Reason: %s.".to_owned(),
            arglist: "reason".to_owned(),
            class: Some("Profiling Errors".to_owned()),
            title: None,
            suggestion: Some(Suggestion {
                cause: None,
                solution: Some("Free some space.".to_owned()),
            }),
            layout: Layout::from_keys(
                &[
                    Key::Code,
                    Key::Class,
                    Key::Suggestion,
                    Key::Message,
                    Key::Arglist,
                ],
                true,
            )
            .unwrap(),
            position: Position::default(),
        };
        let catalog = Catalog::new(vec![entry]);
        let text = catalog.to_json();
        assert_eq!(
            text,
            "{\n  \"error_info_list\": [\n    {\n      \"ErrCode\": \"EK0204\",\n      \"errClass\": \"Profiling Errors\",\n      \"suggestion\": {\n        \"Solution\": \"Free some space.\",\n        \"Possible Cause\": \"N/A\"\n      },\n      \"ErrMessage\": \"Insufficient disk space. Reason: %s.\",\n      \"Arglist\": \"reason\"\n    }\n  ]\n}\n"
        );
        let mut again = crate::load(&text).into_result().unwrap();
        again.entries[0].position = Position::default();
        assert_eq!(again, catalog);
    }

    #[test]
    fn fields_missing_from_the_layout_are_still_written() {
        let entry = Entry {
            code: "EK0001".to_owned(),
            message: "m".to_owned(),
            arglist: String::new(),
            class: None,
            title: Some("T".to_owned()),
            suggestion: None,
            layout: Layout::default(),
            position: Position::default(),
        };
        let text = Catalog::new(vec![entry]).to_json();
        assert_eq!(
            text,
            "{\n  \"error_info_list\": [\n    {\n      \"ErrCode\": \"EK0001\",\n      \"ErrMessage\": \"m\",\n      \"Arglist\": \"\",\n      \"errTitle\": \"T\"\n    }\n  ]\n}\n"
        );
    }
}
