//! The wording of counts, one rule for every message of every crate: `1
//! entry`, `2 entries`, `3 table rows`.

/// `noun` in the singular for a count of one, else in the plural: English
/// plurals of the nouns messages count (`entry` → `entries`, `index` →
/// `indexes`, `match` → `matches`, `row` → `rows`). A noun of several words
/// takes the plural on its last word (`catalog copy entry` → `catalog copy
/// entries`).
///
/// ```
/// use errcat_syntax::noun;
/// assert_eq!(noun(1, "entry"), "entry");
/// assert_eq!(noun(2, "entry"), "entries");
/// assert_eq!(noun(0, "key"), "keys");
/// assert_eq!(noun(3, "catalog copy entry"), "catalog copy entries");
/// ```
pub fn noun(count: usize, singular: &str) -> String {
    if count == 1 {
        return singular.to_owned();
    }
    plural(singular)
}

/// `count` and its noun: `1 entry`, `406 entries`.
///
/// ```
/// use errcat_syntax::counted;
/// assert_eq!(counted(1, "entry"), "1 entry");
/// assert_eq!(counted(406, "entry"), "406 entries");
/// assert_eq!(counted(2, "match"), "2 matches");
/// ```
pub fn counted(count: usize, singular: &str) -> String {
    format!("{count} {}", noun(count, singular))
}

/// The plural of `singular` (its last word).
fn plural(singular: &str) -> String {
    let (head, word) = match singular.rfind(' ') {
        Some(space) => singular.split_at(space + 1),
        None => ("", singular),
    };
    let lower = word.to_ascii_lowercase();
    let before_y = lower
        .len()
        .checked_sub(2)
        .and_then(|at| lower.as_bytes().get(at));
    let plural = if lower.ends_with('y') && before_y.is_some_and(|c| !b"aeiou".contains(c)) {
        format!("{}ies", &word[..word.len() - 1])
    } else if ["s", "x", "z", "ch", "sh"]
        .iter()
        .any(|end| lower.ends_with(end))
    {
        format!("{word}es")
    } else {
        format!("{word}s")
    };
    format!("{head}{plural}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals_of_the_nouns_messages_count() {
        let cases = [
            ("entry", "entries"),
            ("copy", "copies"),
            ("key", "keys"),
            ("day", "days"),
            ("index", "indexes"),
            ("match", "matches"),
            ("class", "classes"),
            ("file", "files"),
            ("table row", "table rows"),
            ("catalog copy entry", "catalog copy entries"),
            ("Rust definition", "Rust definitions"),
        ];
        for (singular, expected) in cases {
            assert_eq!(noun(2, singular), expected, "{singular}");
            assert_eq!(noun(1, singular), singular);
        }
        assert_eq!(counted(0, "warning"), "0 warnings");
    }
}
