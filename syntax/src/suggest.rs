/// The edit distance between two texts, in chars: how many single-char
/// insertions, deletions, substitutions or swaps of two neighbours turn one
/// into the other (the optimal string alignment distance). A swap counts
/// as one edit, as it is one slip of the fingers: `cuase` is one edit from
/// `cause`.
///
/// ```
/// use errcode_syntax::edit_distance;
/// assert_eq!(edit_distance("vale", "value"), 1);
/// assert_eq!(edit_distance("mesage", "message"), 1);
/// assert_eq!(edit_distance("cuase", "cause"), 1);
/// assert_eq!(edit_distance("kitten", "sitting"), 3);
/// ```
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows: the one two back is what a swap builds on.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current: Vec<usize> = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        current[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (previous[j - 1] + cost)
                .min(previous[j] + 1)
                .min(current[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            current[j] = best;
        }
        core::mem::swap(&mut before, &mut previous);
        core::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

/// The candidate nearest to `name` within two edits, for a "did you mean"
/// hint on a misspelled key or name; the first of equally near ones.
///
/// ```
/// use errcode_syntax::closest;
/// assert_eq!(closest("vale", ["value", "param", "reason"]), Some("value"));
/// assert_eq!(closest("size", ["value", "param"]), None);
/// // A swap is one edit, so the misspelled key is nearer to `cause` than to `class`.
/// assert_eq!(closest("cuase", ["message", "title", "class", "cause"]), Some("cause"));
/// ```
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|candidate| (edit_distance(name, candidate), candidate))
        .filter(|&(distance, _)| distance <= 2)
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, candidate)| candidate)
}
