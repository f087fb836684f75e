//! Finding a code among the registered ones: codes pack into 48 bits, so the
//! lookup works on integers, never on strings.
//!
//! The index is a flat open-addressing table (linear probing) built once,
//! when the registry is built: a lookup hashes the key with one multiply and
//! reads one or two neighbouring 16-byte slots, usually in a single cache
//! line, where a binary search over 10,000 codes takes 14 dependent reads.

/// The key of an empty slot. Packed codes use only the low 48 bits, so no
/// code can be mistaken for it.
const EMPTY: u64 = u64::MAX;

/// Fibonacci hashing: the multiply carries every byte of the code into the
/// high bits, which pick the slot. Codes differ mostly in their last digits
/// (low bytes), which a mask of the low bits would spread poorly.
const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

/// The table is at least this large, so that `64 - log2(len)` is a valid shift.
const MIN_SLOTS: usize = 2;

/// One table entry: a packed code and its position, side by side so a hit
/// costs one memory read.
#[derive(Debug, Clone, Copy)]
struct Slot {
    key: u64,
    position: usize,
}

const VACANT: Slot = Slot {
    key: EMPTY,
    position: usize::MAX,
};

/// A lookup table from packed codes to positions in a sorted table.
#[derive(Debug)]
pub(crate) struct CodeIndex {
    /// A power-of-two number of slots, at most two thirds of them used, so
    /// probe runs stay short and every probe loop meets an empty slot.
    slots: Box<[Slot]>,
    /// `64 - log2(slots.len())`: shifts a hash down to a slot number.
    shift: u32,
}

impl Default for CodeIndex {
    fn default() -> Self {
        CodeIndex::build(Vec::new())
    }
}

impl CodeIndex {
    /// Builds the index of `keys`, which must be sorted and distinct packed
    /// codes (48 bits); a key's position in `keys` is what [`find`](Self::find)
    /// returns for it.
    pub(crate) fn build(keys: Vec<u64>) -> Self {
        debug_assert!(keys.windows(2).all(|pair| pair[0] < pair[1]));
        debug_assert!(keys.iter().all(|&key| key < 1 << 48));
        // Load factor at most 2/3: linear probing then averages under two
        // probes for a hit and about four, in adjacent slots, for a miss.
        let wanted = keys.len() + keys.len() / 2 + 1;
        let len = wanted.next_power_of_two().max(MIN_SLOTS);
        let mask = len - 1;
        let shift = 64 - len.trailing_zeros();
        let mut slots = vec![VACANT; len].into_boxed_slice();
        for (position, &key) in keys.iter().enumerate() {
            let mut at = home(key, shift);
            while slots[at].key != EMPTY {
                at = (at + 1) & mask;
            }
            slots[at] = Slot { key, position };
        }
        CodeIndex { slots, shift }
    }

    /// The position of `key`, if it is indexed.
    #[inline]
    pub(crate) fn find(&self, key: u64) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let mut at = home(key, self.shift);
        loop {
            let slot = self.slots[at];
            // Checked before the key, so that looking up `EMPTY` itself finds nothing.
            if slot.key == EMPTY {
                return None;
            }
            if slot.key == key {
                return Some(slot.position);
            }
            at = (at + 1) & mask;
        }
    }
}

/// The slot where the probe for `key` starts.
#[inline]
fn home(key: u64, shift: u32) -> usize {
    // The shift leaves log2(len) bits, which fit in usize as len does.
    (key.wrapping_mul(MULTIPLIER) >> shift) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use errcode_syntax::pack_code;

    fn packed(codes: &[&str]) -> Vec<u64> {
        let mut keys: Vec<u64> = codes.iter().map(|code| pack_code(code).unwrap()).collect();
        keys.sort_unstable();
        keys
    }

    /// How many slots past its home each key sits: the extra probes of a hit.
    fn displacements(index: &CodeIndex) -> Vec<usize> {
        let mask = index.slots.len() - 1;
        index
            .slots
            .iter()
            .enumerate()
            .filter(|(_, slot)| slot.key != EMPTY)
            .map(|(at, slot)| at.wrapping_sub(home(slot.key, index.shift)) & mask)
            .collect()
    }

    #[test]
    fn finds_every_key_at_its_position() {
        let keys = packed(&["EK0201", "EK0001", "E19999", "WE0001", "EH8888"]);
        let index = CodeIndex::build(keys.clone());
        for (position, &key) in keys.iter().enumerate() {
            assert_eq!(index.find(key), Some(position));
        }
    }

    #[test]
    fn misses_what_is_not_indexed() {
        let index = CodeIndex::build(packed(&["EK0201", "EK0202"]));
        for code in ["EK0203", "EK0200", "WK0201", "E19999"] {
            assert_eq!(index.find(pack_code(code).unwrap()), None, "{code}");
        }
        // Neither the empty-slot marker nor keys wider than a code are found.
        assert_eq!(index.find(EMPTY), None);
        assert_eq!(index.find(0), None);
        assert_eq!(index.find(1 << 60), None);
    }

    #[test]
    fn empty_index_finds_nothing() {
        for index in [CodeIndex::build(Vec::new()), CodeIndex::default()] {
            assert_eq!(index.find(pack_code("EK0201").unwrap()), None);
            assert_eq!(index.find(EMPTY), None);
            assert_eq!(index.find(0), None);
        }
    }

    #[test]
    fn keys_with_the_same_home_slot_are_all_found() {
        // Four keys that all hash to slot 0 of a table of 16 slots (what 6
        // keys get), and two that hash to the last slot, so probe runs meet
        // and wrap around the end of the table.
        let len = 16usize;
        let shift = 64 - len.trailing_zeros();
        let candidates = (0u64..).map(|n| (0x45_4B_30_30_30_30 + n) & ((1 << 48) - 1));
        let mut colliding: Vec<u64> = candidates
            .clone()
            .filter(|&key| home(key, shift) == 0)
            .take(4)
            .collect();
        colliding.extend(
            candidates
                .filter(|&key| home(key, shift) == len - 1)
                .take(2),
        );
        colliding.sort_unstable();
        let index = CodeIndex::build(colliding.clone());
        assert_eq!(index.slots.len(), len);
        for (position, &key) in colliding.iter().enumerate() {
            assert_eq!(index.find(key), Some(position));
        }
        // A key with the same home that is not indexed walks the whole run and misses.
        let absent = (0x45_4B_30_30_30_30u64..)
            .find(|&key| home(key, shift) == 0 && !colliding.contains(&key))
            .unwrap();
        assert_eq!(index.find(absent), None);
    }

    #[test]
    fn ten_thousand_codes() {
        // Every code of ten modules: the densest, most regular set there is.
        let mut codes: Vec<String> = Vec::new();
        for module in "ABCDEFGHIJ".chars() {
            for number in 0..1_000 {
                codes.push(format!("E{module}{number:04}"));
            }
        }
        let keys = packed(&codes.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(keys.len(), 10_000);
        let index = CodeIndex::build(keys.clone());
        for (position, &key) in keys.iter().enumerate() {
            assert_eq!(index.find(key), Some(position));
        }
        for number in 1_000..2_000 {
            let absent = pack_code(&format!("EA{number:04}")).unwrap();
            assert_eq!(index.find(absent), None);
        }
        // Lookups stay O(1): hits take under two probes on average here.
        let displaced = displacements(&index);
        let mean = displaced.iter().sum::<usize>() as f64 / displaced.len() as f64;
        assert!(mean < 1.0, "mean displacement {mean}");
        assert!(
            index.slots.len() <= 2 * 16_384,
            "{} slots",
            index.slots.len()
        );
    }
}
