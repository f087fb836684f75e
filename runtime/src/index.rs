//! Finding a code among the registered ones: codes pack into 48 bits, so the
//! lookup works on integers, never on strings.

/// A lookup table from packed codes to positions in a sorted table.
#[derive(Debug, Default)]
pub(crate) struct CodeIndex {
    /// The packed codes, sorted; a code's position is its index.
    keys: Vec<u64>,
}

impl CodeIndex {
    /// Builds the index of `keys`, which must be sorted and distinct.
    pub(crate) fn build(keys: Vec<u64>) -> Self {
        debug_assert!(keys.windows(2).all(|pair| pair[0] < pair[1]));
        CodeIndex { keys }
    }

    /// The position of `key`, if it is indexed.
    pub(crate) fn find(&self, key: u64) -> Option<usize> {
        self.keys.binary_search(&key).ok()
    }
}
