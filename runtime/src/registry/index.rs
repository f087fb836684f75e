//! Finding a code among the registered ones: codes pack into 48 bits, so the
//! lookup works on integers, never on strings.
//!
//! The index is a flat open-addressing table (linear probing) built once,
//! when the registry is built: a lookup hashes the key with one multiply and
//! reads one or two neighbouring slots, usually in a single cache line, where
//! a binary search over 10,000 codes takes 14 dependent reads. The
//! multiplier is chosen when the table is built, among a few, as the one
//! that leaves the fewest codes away from their home slot: a code found at
//! its home takes no second probe, and its lookup no mispredicted branch. A
//! slot holds the code, its position and, optionally, a value such as the
//! definition itself, so that a hit costs one memory read in all: a second
//! read, of a table at the position, would be a second cache miss.
//!
//! In front of the table, a bitmap of 1 KiB marks the first four bytes
//! (severity, module, first two digits) of the codes indexed, so that most
//! misses, the numbers of a module that are not registered, end after one
//! read in L1 rather than a probe of a table in L2.

use core::fmt;

/// An empty slot. A slot holds a packed code in its low 48 bits; codes are
/// UTF-8, which never has a byte 0xFF, so no slot that holds a code is all ones.
const EMPTY: u64 = u64::MAX;

/// The low 48 bits of a slot: the packed code.
const KEY_BITS: u32 = 48;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;

/// The high 16 bits of a slot hold the code's position; this value says the
/// position did not fit and is in `far_positions` instead.
const FAR: u64 = 0xFFFF;

/// Fibonacci hashing: the multiply carries every byte of the code into the
/// high bits, which pick the slot. Codes differ mostly in their last digits
/// (low bytes), which a mask of the low bits would spread poorly. The
/// golden-ratio multiplier is the first candidate; the others come from
/// [`CANDIDATE_SEED`].
const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

/// How many multipliers a build tries. Codes are a lattice (a module's
/// numbers, digit by digit), which one multiplier may spread much better
/// than another: for `EM0000`–`EM4999` and `EN0000`–`EN4999` the golden
/// ratio leaves 63% of the codes at home and the best of 16 leaves 85%.
/// Each try is one insertion pass, so building stays linear.
const CANDIDATES: usize = 16;

/// Where the candidate multipliers after the first start: fixed, so that
/// the same codes always give the same table.
const CANDIDATE_SEED: u64 = 0x2545_F491_4F6C_DD1D;

/// log2 of the prefix table's bits: 8,192 bits, 1 KiB. There are 7,200
/// prefixes of well-formed codes (2 severities, 36 modules, 100 first two
/// digits); a catalog uses a few hundred, so few share a bit.
const PREFIX_BITS: u32 = 13;
const PREFIX_WORDS: usize = (1 << PREFIX_BITS) / 64;

/// The table is at least this large, so that `64 - log2(len)` is a valid shift.
const MIN_SLOTS: usize = 2;

#[derive(Clone, Copy)]
struct Slot<V> {
    /// The packed code, and its position in the high 16 bits; [`EMPTY`] for none.
    code: u64,
    /// The value given for the code; `None` only in empty slots.
    value: Option<V>,
}

/// A lookup table from packed codes to positions in a sorted table, and to a
/// value of type `V` for each (none by default).
pub(crate) struct CodeIndex<V = ()> {
    /// A power-of-two number of slots, at most two thirds of them used, so
    /// probe runs stay short and every probe loop meets an empty slot. With
    /// a pointer as the value, 10,000 codes take 256 KiB and the CANN
    /// catalog's 406 take 16 KiB.
    slots: Box<[Slot<V>]>,
    /// Positions of 65,535 and beyond, by slot; empty for smaller indexes.
    far_positions: Box<[usize]>,
    /// `64 - log2(slots.len())`: shifts a hash down to a slot number.
    shift: u32,
    /// The hash multiplier this table was built with (odd).
    multiplier: u64,
    /// One bit per hash of a code's first four bytes (severity, module and
    /// first two digits), set for those of the codes indexed: a code whose
    /// bit is clear is not indexed, and its lookup is over after one read of
    /// a table small enough to stay in L1, without a probe of `slots` (an L2
    /// read for 10,000 codes) or a probe loop. Misses are mostly codes of a
    /// module's numbers that are not registered, as `EM5000`–`EM9999` beside
    /// `EM0000`–`EM4999`. Inline and of a fixed size, so that the lookup
    /// reads no pointer, length or shift first.
    prefixes: [u64; PREFIX_WORDS],
}

impl<V> fmt::Debug for CodeIndex<V> {
    // The slots are an implementation detail, and thousands of them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CodeIndex")
            .field("slots", &self.slots.len())
            .field(
                "codes",
                &self.slots.iter().filter(|slot| slot.code != EMPTY).count(),
            )
            .finish()
    }
}

impl<V: Copy> Default for CodeIndex<V> {
    fn default() -> Self {
        CodeIndex::build_with(Vec::new(), Vec::new())
    }
}

impl<V: Copy> CodeIndex<V> {
    /// Builds the index of `keys`, which must be sorted and distinct packed
    /// codes (48 bits), with `values[i]` as the value of `keys[i]`; `values`
    /// is as long as `keys`. A key's position in `keys` is what
    /// [`find`](Self::find) returns for it, its value what [`get`](Self::get) does.
    pub(crate) fn build_with(keys: Vec<u64>, values: Vec<V>) -> Self {
        let shift = 64 - table_len(keys.len()).trailing_zeros();
        let multiplier = best_multiplier(&keys, shift);
        CodeIndex::build_hashed(keys, values, multiplier)
    }

    /// [`build_with`](Self::build_with), hashing with `multiplier` (odd).
    fn build_hashed(keys: Vec<u64>, values: Vec<V>, multiplier: u64) -> Self {
        debug_assert!(keys.windows(2).all(|pair| pair[0] < pair[1]));
        debug_assert!(keys.iter().all(|&key| key < KEY_MASK));
        debug_assert_eq!(keys.len(), values.len());
        let len = table_len(keys.len());
        let mask = len - 1;
        let shift = 64 - len.trailing_zeros();
        let vacant = Slot {
            code: EMPTY,
            value: None,
        };
        let mut slots = vec![vacant; len].into_boxed_slice();
        let mut far_positions = if keys.len() as u64 >= FAR {
            vec![usize::MAX; len].into_boxed_slice()
        } else {
            Box::default()
        };
        for (position, (&key, value)) in keys.iter().zip(values).enumerate() {
            let key = key & KEY_MASK;
            let mut at = home(key, multiplier, shift);
            while slots[at].code != EMPTY {
                at = (at + 1) & mask;
            }
            let near = (position as u64).min(FAR);
            slots[at] = Slot {
                code: key | (near << KEY_BITS),
                value: Some(value),
            };
            if near == FAR {
                far_positions[at] = position;
            }
        }
        let mut prefixes = [0u64; PREFIX_WORDS];
        for &key in &keys {
            let bit = prefix_bit(key);
            prefixes[bit / 64] |= 1 << (bit % 64);
        }
        CodeIndex {
            slots,
            far_positions,
            shift,
            multiplier,
            prefixes,
        }
    }

    /// The position of `key`, if it is indexed.
    #[inline]
    pub(crate) fn find(&self, key: u64) -> Option<usize> {
        let at = self.slot_of(key)?;
        let near = self.slots[at].code >> KEY_BITS;
        Some(if near == FAR {
            self.far_positions[at]
        } else {
            near as usize
        })
    }

    /// The value of `key`, if it is indexed.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<V> {
        self.slots[self.slot_of(key)?].value
    }

    /// The slot that holds `key`, if one does.
    #[inline]
    fn slot_of(&self, key: u64) -> Option<usize> {
        if key >= KEY_MASK {
            // Not a packed code, and all ones would match an empty slot.
            return None;
        }
        let bit = prefix_bit(key);
        if self.prefixes[bit / 64] & (1 << (bit % 64)) == 0 {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut at = home(key, self.multiplier, self.shift);
        loop {
            let code = self.slots[at].code;
            if code & KEY_MASK == key {
                return Some(at);
            }
            if code == EMPTY {
                return None;
            }
            at = (at + 1) & mask;
        }
    }
}

/// The bit of `key`'s first four bytes in the prefix table.
#[inline]
fn prefix_bit(key: u64) -> usize {
    // The low 16 bits are the last two digits, left out; the shift leaves
    // PREFIX_BITS bits, which fit in usize.
    ((key >> 16).wrapping_mul(MULTIPLIER) >> (64 - PREFIX_BITS)) as usize
}

/// How many slots a table of `count` codes has.
fn table_len(count: usize) -> usize {
    // Load factor at most 2/3: linear probing then averages under two
    // probes for a hit and about four, in adjacent slots, for a miss.
    let wanted = count + count / 2 + 1;
    wanted.next_power_of_two().max(MIN_SLOTS)
}

/// The slot where the probe for `key` starts, hashed with `multiplier`.
#[inline]
fn home(key: u64, multiplier: u64, shift: u32) -> usize {
    // The shift leaves log2(len) bits, which fit in usize as len does.
    (key.wrapping_mul(multiplier) >> shift) as usize
}

/// The multipliers a build tries: [`MULTIPLIER`], then odd numbers from a
/// 64-bit LCG seeded with [`CANDIDATE_SEED`], each mixed (SplitMix64's
/// finalizer) so that all their bits vary.
fn candidate_multipliers() -> impl Iterator<Item = u64> {
    let mut state = CANDIDATE_SEED;
    core::iter::once(MULTIPLIER).chain(core::iter::repeat_with(move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let mut mixed = state ^ (state >> 33);
        mixed = mixed.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        (mixed ^ (mixed >> 33)) | 1
    }))
}

/// The candidate multiplier that leaves `keys` fewest probes in all past
/// their home slots in a table of `64 - shift` bits; the first of equals,
/// so [`MULTIPLIER`] unless another is strictly better.
fn best_multiplier(keys: &[u64], shift: u32) -> u64 {
    if keys.len() < 2 {
        return MULTIPLIER;
    }
    let len = 1usize << (64 - shift);
    let mask = len - 1;
    let mut taken = vec![false; len];
    let mut best = (usize::MAX, MULTIPLIER);
    for multiplier in candidate_multipliers().take(CANDIDATES) {
        taken.fill(false);
        let mut displaced = 0usize;
        for &key in keys {
            let mut at = home(key & KEY_MASK, multiplier, shift);
            while taken[at] {
                at = (at + 1) & mask;
                displaced += 1;
            }
            taken[at] = true;
            // Already worse than the best: the rest cannot make it better.
            if displaced >= best.0 {
                break;
            }
        }
        if displaced < best.0 {
            best = (displaced, multiplier);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use errcat_syntax::pack_code;

    /// An index of positions only.
    fn build(keys: Vec<u64>) -> CodeIndex {
        let values = vec![(); keys.len()];
        CodeIndex::build_with(keys, values)
    }

    fn packed(codes: &[&str]) -> Vec<u64> {
        let mut keys: Vec<u64> = codes.iter().map(|code| pack_code(code).unwrap()).collect();
        keys.sort_unstable();
        keys
    }

    /// How many slots past its home each key sits: the extra probes of a hit.
    fn displacements<V>(index: &CodeIndex<V>) -> Vec<usize> {
        let mask = index.slots.len() - 1;
        index
            .slots
            .iter()
            .enumerate()
            .filter(|(_, slot)| slot.code != EMPTY)
            .map(|(at, slot)| {
                at.wrapping_sub(home(slot.code & KEY_MASK, index.multiplier, index.shift)) & mask
            })
            .collect()
    }

    #[test]
    fn finds_every_key_at_its_position() {
        let keys = packed(&["EK0201", "EK0001", "E19999", "WE0001", "EH8888"]);
        let index = build(keys.clone());
        for (position, &key) in keys.iter().enumerate() {
            assert_eq!(index.find(key), Some(position));
        }
    }

    #[test]
    fn misses_what_is_not_indexed() {
        let index = build(packed(&["EK0201", "EK0202"]));
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
        for index in [build(Vec::new()), CodeIndex::default()] {
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
            .filter(|&key| home(key, MULTIPLIER, shift) == 0)
            .take(4)
            .collect();
        colliding.extend(
            candidates
                .filter(|&key| home(key, MULTIPLIER, shift) == len - 1)
                .take(2),
        );
        colliding.sort_unstable();
        // With the golden-ratio multiplier they were chosen for; a build
        // would choose another multiplier that spreads them.
        let index = CodeIndex::build_hashed(colliding.clone(), vec![(); 6], MULTIPLIER);
        assert_eq!(index.slots.len(), len);
        for (position, &key) in colliding.iter().enumerate() {
            assert_eq!(index.find(key), Some(position));
        }
        // A key with the same home that is not indexed walks the whole run and misses.
        let absent = (0x45_4B_30_30_30_30u64..)
            .find(|&key| home(key, MULTIPLIER, shift) == 0 && !colliding.contains(&key))
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
        let index = build(keys.clone());
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

    /// The codes of issue 20's lookup distribution.
    fn dense_keys() -> Vec<u64> {
        let codes: Vec<String> = ["M", "N"]
            .iter()
            .flat_map(|module| (0..5_000).map(move |number| format!("E{module}{number:04}")))
            .collect();
        packed(&codes.iter().map(String::as_str).collect::<Vec<_>>())
    }

    #[test]
    fn the_chosen_multiplier_leaves_more_codes_at_home() {
        let keys = dense_keys();
        let at_home = |index: &CodeIndex| {
            let displaced = displacements(index);
            displaced.iter().filter(|&&distance| distance == 0).count() * 100 / displaced.len()
        };
        let golden = CodeIndex::build_hashed(keys.clone(), vec![(); keys.len()], MULTIPLIER);
        let chosen = build(keys.clone());
        assert_ne!(chosen.multiplier, MULTIPLIER);
        assert_eq!(chosen.multiplier % 2, 1);
        assert_eq!((at_home(&golden), at_home(&chosen)), (63, 85));
        for (position, &key) in keys.iter().enumerate() {
            assert_eq!(chosen.find(key), Some(position));
        }
        for number in 5_000..10_000 {
            for module in ["M", "N"] {
                let absent = pack_code(&format!("E{module}{number:04}")).unwrap();
                assert_eq!(chosen.find(absent), None);
            }
        }
        // The same codes give the same table.
        assert_eq!(build(keys).multiplier, chosen.multiplier);
    }

    #[test]
    fn misses_of_unregistered_prefixes_stop_at_the_prefix_table() {
        let keys = dense_keys();
        let index = build(keys.clone());
        let stopped = |codes: &mut dyn Iterator<Item = String>| {
            codes
                .map(|code| prefix_bit(pack_code(&code).unwrap()))
                .filter(|&bit| index.prefixes[bit / 64] & (1 << (bit % 64)) == 0)
                .count()
        };
        // Every indexed code's prefix is marked, or it would not be found.
        for &key in &keys {
            let bit = prefix_bit(key);
            assert_ne!(index.prefixes[bit / 64] & (1 << (bit % 64)), 0);
        }
        // EM5000-EM9999 and EN5000-EN9999: 100 prefixes absent, none of
        // which shares a bit with the 100 present.
        let misses = ["M", "N"]
            .into_iter()
            .flat_map(|module| (5_000..10_000).map(move |number| format!("E{module}{number:04}")));
        assert_eq!(stopped(&mut misses.clone()), 10_000);
        for code in misses {
            assert_eq!(index.find(pack_code(&code).unwrap()), None);
        }
        // A key that shares its prefix with codes indexed passes the
        // prefix table, is probed, and still missed.
        assert_eq!(stopped(&mut ["EM49:9".to_owned()].into_iter()), 0);
        assert_eq!(index.find(pack_code("EM49:9").unwrap()), None);
    }

    #[test]
    fn the_golden_ratio_stays_unless_another_is_strictly_better() {
        // One or no code: every multiplier leaves it at home.
        assert_eq!(build(Vec::new()).multiplier, MULTIPLIER);
        assert_eq!(build(packed(&["EK0201"])).multiplier, MULTIPLIER);
        assert_eq!(
            best_multiplier(&packed(&["EK0201", "EK0202"]), 62),
            MULTIPLIER
        );
    }

    #[test]
    fn values_come_back_with_their_keys() {
        let keys = packed(&["EK0201", "EK0001", "E19999"]);
        let values = vec!["first", "second", "third"];
        let index = CodeIndex::build_with(keys.clone(), values.clone());
        for (position, (&key, value)) in keys.iter().zip(values).enumerate() {
            assert_eq!(index.get(key), Some(value));
            assert_eq!(index.find(key), Some(position));
        }
        assert_eq!(index.get(pack_code("EK0202").unwrap()), None);
        assert_eq!(index.get(EMPTY), None);
        assert_eq!(CodeIndex::<&str>::default().get(0), None);
    }

    #[test]
    fn positions_past_sixteen_bits() {
        // 70,000 codes: positions from 65,535 on do not fit beside the code
        // in its slot and are kept apart.
        let keys: Vec<u64> = (0..70_000u64)
            .map(|n| {
                pack_code(&format!(
                    "E{}{:04}",
                    (b'A' + (n / 10_000) as u8) as char,
                    n % 10_000
                ))
                .unwrap()
            })
            .collect();
        assert!(keys.windows(2).all(|pair| pair[0] < pair[1]));
        let index = CodeIndex::build_with(keys.clone(), (0..keys.len()).collect());
        for (position, &key) in keys.iter().enumerate() {
            assert_eq!(index.find(key), Some(position));
            assert_eq!(index.get(key), Some(position));
        }
        assert_eq!(index.find(pack_code("EZ0000").unwrap()), None);
    }
}
