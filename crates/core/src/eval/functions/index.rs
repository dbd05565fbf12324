//! The index of the table's names (and aliases) that [`lookup_bytes`] finds a function by:
//! open-addressed, keyed by a name's length and two words of its bytes.

use super::{ALIASES, Function, GROUPS, all};

/// The function whose name (or alias) is these bytes, with that name as written in the
/// table: what the statement shortcut looks a name up by, its bytes never checked as text.
///
/// The table's names are indexed by their length and two words of their bytes
/// ([`name_words`]), which for a name of up to 16 bytes are all of them: the key is hashed in
/// a few instructions and compared without a call of `memcmp` (a statement looks its function
/// up once, and hashing and comparing the name's bytes cost more than reading it). The index
/// is an open-addressed table of its own (a slot holds an entry's number; a key's first slot
/// is mostly its only one, the table being at most a quarter full), a probe of one or two
/// loads. A longer name is compared whole; where two long names share a key, the later ones
/// are found by a search of the table.
pub fn lookup_bytes(name: &[u8]) -> Option<(&'static str, &'static Function)> {
    let key = name_key(name);
    let mut at = slot(key);
    let entry = loop {
        let e = usize::from(*INDEX.slots.get(at)?).checked_sub(1)?;
        let entry = INDEX.entries.get(e)?;
        if entry.key == key {
            break entry;
        }
        at = (at + 1) & SLOT_MASK;
    };
    let f = GROUPS
        .get(usize::from(entry.group))?
        .get(usize::from(entry.item))?;
    let n = match entry.alias {
        0 => f.name,
        a => ALIASES.get(usize::from(a) - 1)?.0,
    };
    if name.len() <= 16 || n.as_bytes() == name {
        Some((n, f))
    } else {
        names().find(|(n, _)| n.as_bytes() == name)
    }
}

/// Every name and alias, in the order a search of the table finds them.
fn names() -> impl Iterator<Item = (&'static str, &'static Function)> {
    all().map(|f| (f.name, f)).chain(
        ALIASES
            .iter()
            .filter_map(|(alias, ours)| Some((*alias, all().find(|f| f.name == *ours)?))),
    )
}

/// A name's key: its length and [`name_words`].
type Key = (usize, u64, u64);

/// A name of the index: its key, where its function is in the table ([`GROUPS`]`[group][item]`:
/// two numbers, not a pointer that the loader would relocate at each start), and which alias
/// it is (its position in [`ALIASES`] plus one; 0 for the function's own name).
#[derive(Clone, Copy)]
struct Entry {
    key: Key,
    item: u16,
    group: u8,
    alias: u8,
}

/// The entries, and the slots: an entry's number plus one, or 0 where empty.
struct Index {
    entries: [Entry; MAX_ENTRIES],
    len: usize,
    slots: [u16; 1 << SLOT_BITS],
}

const SLOT_BITS: u32 = 11;
const SLOT_MASK: usize = (1 << SLOT_BITS) - 1;
/// The index at most a quarter full.
const MAX_ENTRIES: usize = (1 << SLOT_BITS) / 4;

/// The index, built when the program is compiled (no work at start): the first entry of a name
/// wins, as a search of the table in order finds it.
static INDEX: Index = Index::build();

impl Index {
    /// Every name of the table, then every alias, in order (a `const fn`: the compiler runs it).
    const fn build() -> Index {
        let mut index = Index {
            entries: [Entry {
                key: (0, 0, 0),
                item: 0,
                group: 0,
                alias: 0,
            }; MAX_ENTRIES],
            len: 0,
            slots: [0; 1 << SLOT_BITS],
        };
        let mut g = 0;
        while g < GROUPS.len() {
            let mut i = 0;
            while i < GROUPS[g].len() {
                index.insert(GROUPS[g][i].name, (g, i), 0);
                i += 1;
            }
            g += 1;
        }
        let mut a = 0;
        while a < ALIASES.len() {
            let (alias, ours) = ALIASES[a];
            let at = find(ours).expect("an alias names a function of the table");
            assert!(a < u8::MAX as usize, "fewer than 255 aliases");
            index.insert(alias, at, a as u8 + 1);
            a += 1;
        }
        index
    }

    /// `name` for the function at `(group, item)` of [`GROUPS`], unless the name has an entry.
    const fn insert(&mut self, name: &str, (group, item): (usize, usize), alias: u8) {
        assert!(group <= u8::MAX as usize && item <= u16::MAX as usize);
        let key = name_key(name.as_bytes());
        let mut at = slot(key);
        loop {
            match self.slots[at] {
                0 => {
                    assert!(self.len < MAX_ENTRIES, "the index at most a quarter full");
                    self.entries[self.len] = Entry {
                        key,
                        item: item as u16,
                        group: group as u8,
                        alias,
                    };
                    self.len += 1;
                    self.slots[at] = self.len as u16;
                    return;
                }
                e if same_key(self.entries[e as usize - 1].key, key) => return,
                _ => at = (at + 1) & SLOT_MASK,
            }
        }
    }
}

/// Where the first function of the table of that name is (while the program is compiled).
const fn find(name: &str) -> Option<(usize, usize)> {
    let mut g = 0;
    while g < GROUPS.len() {
        let mut i = 0;
        while i < GROUPS[g].len() {
            if same_bytes(GROUPS[g][i].name.as_bytes(), name.as_bytes()) {
                return Some((g, i));
            }
            i += 1;
        }
        g += 1;
    }
    None
}

const fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn same_key(a: Key, b: Key) -> bool {
    a.0 == b.0 && a.1 == b.1 && a.2 == b.2
}

/// A key's first slot.
#[inline]
const fn slot((len, a, b): Key) -> usize {
    let h = (a ^ b.rotate_left(29) ^ len as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (h >> (64 - SLOT_BITS)) as usize
}

#[inline]
const fn name_key(b: &[u8]) -> Key {
    let (x, y) = name_words(b);
    (b.len(), x, y)
}

/// Two words of a name's bytes that, with its length, are all of them up to 16 bytes: the
/// first and the last 8 (which may overlap), or for a shorter name its first and last 4, or
/// its first, middle and last byte.
#[inline]
const fn name_words(b: &[u8]) -> (u64, u64) {
    let n = b.len();
    if n >= 8 {
        (word(b, 0), word(b, n - 8))
    } else if n >= 4 {
        (half(b, 0), half(b, n - 4))
    } else if n > 0 {
        (
            b[0] as u64 | (b[n / 2] as u64) << 8 | (b[n - 1] as u64) << 16,
            0,
        )
    } else {
        (0, 0)
    }
}

/// The 8 bytes of `b` at `at` (`at + 8 <= b.len()`), little-endian.
#[inline]
const fn word(b: &[u8], at: usize) -> u64 {
    match b.split_at(at).1.first_chunk::<8>() {
        Some(w) => u64::from_le_bytes(*w),
        None => panic!("eight bytes"),
    }
}

/// The 4 bytes of `b` at `at` (`at + 4 <= b.len()`), little-endian.
#[inline]
const fn half(b: &[u8], at: usize) -> u64 {
    match b.split_at(at).1.first_chunk::<4>() {
        Some(w) => u32::from_le_bytes(*w) as u64,
        None => panic!("four bytes"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_finds_every_name_and_nothing_else() {
        for f in all() {
            let first = all().find(|g| g.name == f.name).expect("itself");
            let (name, found) = lookup_bytes(f.name.as_bytes()).expect("a name of the table");
            assert_eq!(name, f.name);
            assert!(std::ptr::eq(found, first), "{}", f.name);
            // near misses: a byte less, a byte more, a byte changed
            let b = f.name.as_bytes();
            let mut changed = b.to_vec();
            changed[b.len() / 2] ^= 1;
            let more = [b, b"x"].concat();
            for other in [&b[..b.len() - 1], &more[..], &changed[..]] {
                if let Some((name, _)) = lookup_bytes(other) {
                    assert_eq!(name.as_bytes(), other);
                }
            }
        }
        for (alias, ours) in ALIASES {
            let (name, f) = lookup_bytes(alias.as_bytes()).expect("an alias");
            assert_eq!((name, f.name), (*alias, *ours));
        }
        for other in [
            "",
            "x",
            "siz",
            "sizes",
            "logical_divid",
            "logical_divide_",
            "zzzzzzzzzzzzzzzzzzzz",
        ] {
            assert!(lookup_bytes(other.as_bytes()).is_none(), "{other}");
        }
    }
}
