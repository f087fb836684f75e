/// The edit distance between two texts, in chars: how many single-char
/// insertions, deletions, substitutions or swaps of two neighbours turn one
/// into the other (the optimal string alignment distance). A swap counts
/// as one edit, as it is one slip of the fingers: `cuase` is one edit from
/// `cause`.
///
/// ```
/// use errcat_syntax::edit_distance;
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

/// [`edit_distance`] of two ASCII texts (argument names are), when it is at
/// most `max`, as a `const fn`: what a report site's check uses as the
/// compiler evaluates it. `None` beyond `max`, and for a text longer than
/// 63 bytes, which no suggestion needs.
///
/// ```
/// use errcat_syntax::edit_distance_within;
/// assert_eq!(edit_distance_within("buf_sise", "buf_size", 2), Some(1));
/// assert_eq!(edit_distance_within("cuase", "cause", 2), Some(1));
/// assert_eq!(edit_distance_within("kitten", "sitting", 2), None);
/// ```
pub const fn edit_distance_within(a: &str, b: &str, max: usize) -> Option<usize> {
    const ROW: usize = 64;
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() >= ROW || b.len() >= ROW || a.len().abs_diff(b.len()) > max {
        return None;
    }
    let mut before = [0usize; ROW];
    let mut previous = [0usize; ROW];
    let mut current = [0usize; ROW];
    let mut j = 0;
    while j <= b.len() {
        previous[j] = j;
        j += 1;
    }
    let mut i = 1;
    while i <= a.len() {
        current[0] = i;
        let mut j = 1;
        while j <= b.len() {
            let cost = if a[i - 1] == b[j - 1] { 0 } else { 1 };
            let mut best = previous[j - 1] + cost;
            if previous[j] + 1 < best {
                best = previous[j] + 1;
            }
            if current[j - 1] + 1 < best {
                best = current[j - 1] + 1;
            }
            if i > 1
                && j > 1
                && a[i - 1] == b[j - 2]
                && a[i - 2] == b[j - 1]
                && before[j - 2] + 1 < best
            {
                best = before[j - 2] + 1;
            }
            current[j] = best;
            j += 1;
        }
        before = previous;
        previous = current;
        i += 1;
    }
    if previous[b.len()] <= max {
        Some(previous[b.len()])
    } else {
        None
    }
}

/// The candidate nearest to `name` within two edits, for a "did you mean"
/// hint on a misspelled key or name; the first of equally near ones.
///
/// ```
/// use errcat_syntax::closest;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_const_distance_is_the_distance_within_its_bound() {
        let names = [
            "",
            "a",
            "ab",
            "ba",
            "buf_size",
            "buf_sise",
            "bufsize",
            "size",
            "value",
            "vale",
            "param",
            "prama",
            "reason",
            "device_id",
            "devce_id",
            "deviceid",
            "task",
            "tsk",
        ];
        for a in names {
            for b in names {
                let distance = edit_distance(a, b);
                let within = edit_distance_within(a, b, 2);
                assert_eq!(within, (distance <= 2).then_some(distance), "{a:?} {b:?}");
            }
        }
    }
}
