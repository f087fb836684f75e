//! What a name in an `Arglist` (or a field of an `#[error_code]` struct) may
//! be, and how it is written as a Rust identifier. The macros, the catalog
//! reader and code generation all ask here, so they agree on every keyword.

/// Rust's strict and reserved keywords of every edition from 2015 to 2024.
/// Weak keywords (`union`, `macro_rules`, `raw`, `safe`) are ordinary
/// identifiers in every edition and are not here.
const KEYWORDS: [&str; 52] = [
    // Strict, every edition.
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where",
    "while", // Strict from edition 2018.
    "async", "await", "dyn", // Reserved, every edition.
    "abstract", "become", "box", "do", "final", "macro", "override", "priv", "typeof", "unsized",
    "virtual", "yield", // Reserved from edition 2018, and from edition 2024.
    "try", "gen",
];

/// The identifiers that no raw identifier can spell: `r#self`, `r#Self`,
/// `r#super`, `r#crate` and `r#_` are errors.
const NEVER_RAW: [&str; 5] = ["self", "Self", "super", "crate", "_"];

/// Whether `name` is an ASCII identifier: letters, digits and `_`, not
/// starting with a digit, not `_` alone. Keywords are identifiers here; see
/// [`is_argument_name`] for what can name a field.
///
/// ```
/// use errcat_syntax::is_identifier;
/// assert!(is_identifier("buf_size") && is_identifier("type"));
/// assert!(!is_identifier("buf size") && !is_identifier("1st") && !is_identifier(""));
/// ```
pub fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    (first.is_ascii_alphabetic() || first == '_')
        && name != "_"
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Whether `name` is a strict or reserved keyword in any edition from 2015
/// to 2024 (`type`, `async`, `try`, `gen`); weak keywords such as `union`
/// are not.
///
/// ```
/// use errcat_syntax::is_keyword;
/// assert!(is_keyword("type") && is_keyword("gen") && is_keyword("self"));
/// assert!(!is_keyword("union") && !is_keyword("raw") && !is_keyword("buf_size"));
/// ```
pub fn is_keyword(name: &str) -> bool {
    KEYWORDS.contains(&name)
}

/// Whether `r#name` is a raw identifier Rust accepts, that is whether `name`
/// is none of `self`, `Self`, `super`, `crate` and `_`. Only that exception
/// is checked, not that `name` is an identifier.
///
/// ```
/// use errcat_syntax::can_be_raw;
/// assert!(can_be_raw("type") && can_be_raw("buf_size"));
/// assert!(!can_be_raw("self") && !can_be_raw("crate") && !can_be_raw("_"));
/// ```
pub fn can_be_raw(name: &str) -> bool {
    !NEVER_RAW.contains(&name)
}

/// Whether `name` must be written as a raw identifier (`r#type`) to name a
/// field in code of any edition: it is a keyword ([`is_keyword`]) that
/// [`can_be_raw`]. `self`, `Self`, `super` and `crate` are keywords no raw
/// identifier spells, so this is `false` for them: [`is_argument_name`]
/// rejects them instead.
///
/// ```
/// use errcat_syntax::needs_raw_identifier;
/// assert!(needs_raw_identifier("type") && needs_raw_identifier("gen"));
/// assert!(!needs_raw_identifier("union") && !needs_raw_identifier("self"));
/// ```
pub fn needs_raw_identifier(name: &str) -> bool {
    is_keyword(name) && can_be_raw(name)
}

/// Whether `name` can name an argument, and so a field of the struct that
/// reports it: an ASCII identifier ([`is_identifier`]) that a raw identifier
/// can spell when it is a keyword (`type` as `r#type`), so not `self`,
/// `Self`, `super` or `crate`.
///
/// ```
/// use errcat_syntax::is_argument_name;
/// assert!(is_argument_name("buf_size") && is_argument_name("type") && is_argument_name("gen"));
/// assert!(!is_argument_name("self") && !is_argument_name("buf size") && !is_argument_name(""));
/// ```
pub fn is_argument_name(name: &str) -> bool {
    is_identifier(name) && can_be_raw(name)
}

/// Splits a CANN `Arglist` (`"value,param,reason"`) into its names, trimming
/// the spaces around each; `""` (or only spaces) is the empty list.
///
/// Names are not checked here: an empty name between two commas comes back
/// as `""` so that a checker can report it.
///
/// ```
/// use errcat_syntax::split_arglist;
/// assert_eq!(split_arglist("function, type"), ["function", "type"]);
/// assert!(split_arglist("").is_empty());
/// assert_eq!(split_arglist("a,,b"), ["a", "", "b"]);
/// ```
pub fn split_arglist(arglist: &str) -> Vec<&str> {
    if arglist.trim().is_empty() {
        return Vec::new();
    }
    arglist.split(',').map(str::trim).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keywords by the Rust Reference's tables, edition by edition.
    const STRICT_2015: &str = "as break const continue crate else enum extern false fn for if \
        impl in let loop match mod move mut pub ref return self Self static struct super trait \
        true type unsafe use where while";
    const STRICT_2018: &str = "async await dyn";
    const RESERVED_2015: &str =
        "abstract become box do final macro override priv typeof unsized virtual yield";
    const RESERVED_2018: &str = "try";
    const RESERVED_2024: &str = "gen";
    const WEAK: &str = "macro_rules raw safe union static_ dyn_ r";

    fn words(lists: &[&'static str]) -> Vec<&'static str> {
        lists
            .iter()
            .flat_map(|list| list.split_whitespace())
            .collect()
    }

    #[test]
    fn every_strict_and_reserved_keyword_of_every_edition_is_one() {
        let keywords = words(&[
            STRICT_2015,
            STRICT_2018,
            RESERVED_2015,
            RESERVED_2018,
            RESERVED_2024,
        ]);
        assert_eq!(keywords.len(), KEYWORDS.len());
        for keyword in keywords {
            assert!(is_keyword(keyword), "{keyword}");
            assert!(is_identifier(keyword), "{keyword}");
        }
        for word in words(&[WEAK]) {
            assert!(!is_keyword(word), "{word}");
            assert!(!needs_raw_identifier(word), "{word}");
            assert!(is_argument_name(word), "{word}");
        }
        // Case matters: only `Self` is capitalized.
        assert!(!is_keyword("Type") && !is_keyword("SELF") && !is_keyword("Gen"));
    }

    #[test]
    fn keywords_that_can_be_raw_need_it_and_the_others_name_nothing() {
        for keyword in KEYWORDS {
            let never_raw = ["self", "Self", "super", "crate"].contains(&keyword);
            assert_eq!(needs_raw_identifier(keyword), !never_raw, "{keyword}");
            assert_eq!(is_argument_name(keyword), !never_raw, "{keyword}");
        }
        assert!(!can_be_raw("_") && !is_argument_name("_") && !needs_raw_identifier("_"));
    }

    #[test]
    fn argument_names_are_ascii_identifiers() {
        for name in ["buf_size", "data_H", "_x", "x1", "r#type", "gen"] {
            assert_eq!(is_argument_name(name), name != "r#type", "{name}");
        }
        for name in ["", " ", "1st", "buf size", "é", "a-b", "__", "a\u{0}"] {
            assert_eq!(is_argument_name(name), name == "__", "{name:?}");
        }
    }
}
