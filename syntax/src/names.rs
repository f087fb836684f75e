/// Whether `name` can name an argument: an ASCII identifier (letters, digits,
/// `_`, not starting with a digit, not `_` alone). Rust keywords qualify: the
/// field is then written as a raw identifier (`r#type`).
///
/// ```
/// use errcode_syntax::is_identifier;
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

/// Splits a CANN `Arglist` (`"value,param,reason"`) into its names, trimming
/// the spaces around each; `""` (or only spaces) is the empty list.
///
/// Names are not checked here: an empty name between two commas comes back
/// as `""` so that a checker can report it.
///
/// ```
/// use errcode_syntax::split_arglist;
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
