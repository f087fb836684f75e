/// The Levenshtein distance between two texts, in chars: how many single-char
/// insertions, deletions or substitutions turn one into the other.
///
/// ```
/// use errcode_syntax::edit_distance;
/// assert_eq!(edit_distance("vale", "value"), 1);
/// assert_eq!(edit_distance("mesage", "message"), 1);
/// assert_eq!(edit_distance("kitten", "sitting"), 3);
/// ```
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = previous + usize::from(ca != cb);
            previous = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(previous + 1);
        }
    }
    row[b.len()]
}

/// The candidate nearest to `name` within two edits, for a "did you mean"
/// hint on a misspelled key or name; the first of equally near ones.
///
/// ```
/// use errcode_syntax::closest;
/// assert_eq!(closest("vale", ["value", "param", "reason"]), Some("value"));
/// assert_eq!(closest("size", ["value", "param"]), None);
/// ```
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|candidate| (edit_distance(name, candidate), candidate))
        .filter(|&(distance, _)| distance <= 2)
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, candidate)| candidate)
}
