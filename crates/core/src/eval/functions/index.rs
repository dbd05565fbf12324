//! The index of the table's names (and aliases) that [`lookup_bytes`] finds a function by:
//! open-addressed, keyed by a name's length and two words of its bytes.

use super::{ALIASES, Function, all};

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
    /// A name's key (its length and [`name_words`]) and what it names.
    type Entry = ((usize, u64, u64), (&'static str, &'static Function));
    /// The entries, and the slots: an entry's number plus one, or 0 where empty.
    struct Index {
        entries: Vec<Entry>,
        slots: Vec<u16>,
    }
    /// A key's first slot, of a table of `1 << bits` slots.
    #[inline]
    fn slot((len, a, b): (usize, u64, u64), bits: u32) -> usize {
        let h = (a ^ b.rotate_left(29) ^ len as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> (64 - bits)) as usize
    }
    // every name and alias, in the order a search of the table finds them
    fn names() -> impl Iterator<Item = (&'static str, &'static Function)> {
        all().map(|f| (f.name, f)).chain(
            ALIASES
                .iter()
                .filter_map(|(alias, ours)| Some((*alias, all().find(|f| f.name == *ours)?))),
        )
    }
    const BITS: u32 = 11;
    static INDEX: std::sync::OnceLock<Index> = std::sync::OnceLock::new();
    let index = INDEX.get_or_init(|| {
        let mut index = Index {
            entries: Vec::new(),
            slots: vec![0; 1 << BITS],
        };
        // the first entry of a name wins, as a search of the table in order finds it
        for (n, f) in names() {
            let b = n.as_bytes();
            let (x, y) = name_words(b);
            let key = (b.len(), x, y);
            let mut at = slot(key, BITS);
            loop {
                match index.slots[at] {
                    0 => {
                        index.entries.push((key, (n, f)));
                        index.slots[at] =
                            u16::try_from(index.entries.len()).expect("a few hundred names");
                        break;
                    }
                    e if index.entries[usize::from(e) - 1].0 == key => break,
                    _ => at = (at + 1) & ((1 << BITS) - 1),
                }
            }
        }
        assert!(
            4 * index.entries.len() <= 1 << BITS,
            "the index at most a quarter full"
        );
        index
    });
    let (a, b) = name_words(name);
    let key = (name.len(), a, b);
    let mut at = slot(key, BITS);
    let &(_, (n, f)) = loop {
        let e = usize::from(*index.slots.get(at)?).checked_sub(1)?;
        let entry = index.entries.get(e)?;
        if entry.0 == key {
            break entry;
        }
        at = (at + 1) & ((1 << BITS) - 1);
    };
    if name.len() <= 16 || n.as_bytes() == name {
        Some((n, f))
    } else {
        names().find(|(n, _)| n.as_bytes() == name)
    }
}

/// Two words of a name's bytes that, with its length, are all of them up to 16 bytes: the
/// first and the last 8 (which may overlap), or for a shorter name its first and last 4, or
/// its first, middle and last byte.
#[inline]
fn name_words(b: &[u8]) -> (u64, u64) {
    let n = b.len();
    let word = |at: usize| u64::from_le_bytes(b[at..at + 8].try_into().expect("eight bytes"));
    let half = |at: usize| u64::from(u32::from_le_bytes(b[at..at + 4].try_into().expect("four")));
    if n >= 8 {
        (word(0), word(n - 8))
    } else if n >= 4 {
        (half(0), half(n - 4))
    } else if n > 0 {
        (
            u64::from(b[0]) | u64::from(b[n / 2]) << 8 | u64::from(b[n - 1]) << 16,
            0,
        )
    } else {
        (0, 0)
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
