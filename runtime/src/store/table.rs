//! The duplicate table of a lane: which stored item, if any, has a given
//! hash, in O(1), and the hash itself.

use crate::writers::OutOfMemory;

/// Open addressing over the items' hashes: in each slot, the index of an
/// item plus one in the low half (0 for a free slot) and the high half of
/// its hash, so that a probe compares hashes without reading the item,
/// which in a large lane is a cache miss. A power of two long, at most
/// half full.
#[derive(Debug, Clone)]
pub(super) struct DuplicateTable {
    slots: Vec<u64>,
}

impl DuplicateTable {
    pub(super) const fn new() -> Self {
        DuplicateTable { slots: Vec::new() }
    }

    /// The index of an item whose hash is `hash` and for which `matches`
    /// holds (it compares the item itself).
    pub(super) fn find(&self, hash: u64, mut matches: impl FnMut(usize) -> bool) -> Option<usize> {
        let mask = self.slots.len().checked_sub(1)?;
        let mut at = (hash as usize) & mask;
        loop {
            let slot = *self.slots.get(at)?;
            let index = (slot as u32 as usize).checked_sub(1)?;
            if slot >> 32 == hash >> 32 && matches(index) {
                return Some(index);
            }
            at = (at + 1) & mask;
        }
    }

    /// Makes room for one more item beside the `items` placed, rehashing
    /// them (`hash_of` each index) into a larger table when it would be
    /// more than half full.
    pub(super) fn make_room(
        &mut self,
        items: usize,
        hash_of: impl Fn(usize) -> u64,
    ) -> Result<(), OutOfMemory> {
        if self.grow_for(items + 1)? {
            for index in 0..items {
                self.place(index, hash_of(index));
            }
        }
        Ok(())
    }

    /// Makes room for `count` items in a table that holds none yet.
    pub(super) fn make_room_for(&mut self, count: usize) -> Result<(), OutOfMemory> {
        self.grow_for(count).map(|_| ())
    }

    /// Replaces the table by an empty, larger one when `count` items would
    /// fill more than half of it; says whether it did.
    fn grow_for(&mut self, count: usize) -> Result<bool, OutOfMemory> {
        let wanted = count * 2;
        if wanted <= self.slots.len() {
            return Ok(false);
        }
        let len = wanted.next_power_of_two().max(16);
        let mut slots: Vec<u64> = Vec::new();
        slots.try_reserve_exact(len).map_err(|_| OutOfMemory)?;
        slots.resize(len, 0);
        self.slots = slots;
        Ok(true)
    }

    /// Places item `index`, whose hash is `hash`; there is room (see
    /// [`make_room`](Self::make_room)).
    pub(super) fn place(&mut self, index: usize, hash: u64) {
        let mask = self.slots.len() - 1;
        let mut at = (hash as usize) & mask;
        while self.slots[at] != 0 {
            at = (at + 1) & mask;
        }
        // A lane holds at most `max_items` reports, at most u32::MAX.
        let index = u64::from(u32::try_from(index + 1).unwrap_or(u32::MAX));
        self.slots[at] = (hash & !u64::from(u32::MAX)) | index;
    }

    /// Frees the slots of the items with these hashes. Only the slots in
    /// use are freed: a table that once grew for a burst of reports costs a
    /// take no more than the items it holds.
    pub(super) fn clear(&mut self, hashes: impl Iterator<Item = u64>) {
        let mask = self.slots.len().wrapping_sub(1);
        for hash in hashes {
            let mut at = (hash as usize) & mask;
            while let Some(slot) = self.slots.get_mut(at) {
                if *slot == 0 {
                    break;
                }
                *slot = 0;
                at = (at + 1) & mask;
            }
        }
    }
}

/// FxHash's mix: cheap, and only a filter before the values themselves are
/// compared.
#[derive(Default)]
pub(super) struct FxHasher {
    hash: u64,
}

impl FxHasher {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    pub(super) fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }

    pub(super) fn add_bytes(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(u64::from_le_bytes(chunk.try_into().unwrap_or_default()));
        }
        let mut last = [0u8; 8];
        last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
        // The length keeps "ab" + "c" apart from "a" + "bc".
        self.add(u64::from_le_bytes(last) ^ ((bytes.len() as u64) << 56));
    }

    pub(super) fn finish(&self) -> u64 {
        // The table indexes with the low bits, which the multiply leaves
        // weakest: fold the high ones in.
        self.hash ^ (self.hash >> 29)
    }
}
