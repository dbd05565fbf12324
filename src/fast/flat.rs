//! A small layout held inline: its leaves in two fixed arrays and its tuple structure as a
//! token string, so that the fast path builds, copies and prints layouts without allocating.

use super::{Decline, Fast};

/// The most leaves (integers of the shape) a fast-path layout holds.
pub const LEAVES: usize = 12;
/// The most structure tokens (leaves and brackets) a fast-path layout holds.
pub const TOKENS: usize = 32;

/// A structure token.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Tok {
    /// An integer (the next leaf).
    Leaf,
    /// `(`: a tuple opens.
    Open,
    /// `)`: the tuple closes.
    Close,
}

/// A layout `shape:stride` whose shape and stride are congruent: one structure, two leaf lists.
/// `8:1` is the single token `Leaf`; `(8):(1)` is `Open Leaf Close` (CuTe tells them apart).
#[derive(Clone, Copy)]
pub struct Flat {
    leaves: u8,
    tokens: u8,
    tok: [Tok; TOKENS],
    shape: [i64; LEAVES],
    stride: [i64; LEAVES],
}

impl Flat {
    /// No modes yet (a builder's start; not a layout until something is pushed).
    pub fn empty() -> Flat {
        Flat {
            leaves: 0,
            tokens: 0,
            tok: [Tok::Leaf; TOKENS],
            shape: [0; LEAVES],
            stride: [0; LEAVES],
        }
    }

    /// The single mode `s:d` (an integer shape).
    pub fn leaf(s: i64, d: i64) -> Flat {
        let mut f = Flat::empty();
        f.tok[0] = Tok::Leaf;
        f.tokens = 1;
        f.shape[0] = s;
        f.stride[0] = d;
        f.leaves = 1;
        f
    }

    /// Append a bracket token.
    pub fn push(&mut self, t: Tok) -> Fast<()> {
        if self.push_tok(t) {
            Ok(())
        } else {
            Err(Decline)
        }
    }

    /// Append a leaf `s:d`.
    pub fn push_leaf(&mut self, s: i64, d: i64) -> Fast<()> {
        if !self.push_shape_leaf(s) {
            return Err(Decline);
        }
        self.stride[self.leaves as usize - 1] = d;
        Ok(())
    }

    /// Append a bracket token; false when full.
    #[inline]
    pub fn push_tok(&mut self, t: Tok) -> bool {
        let i = self.tokens as usize;
        if i >= TOKENS {
            return false;
        }
        self.tok[i] = t;
        self.tokens += 1;
        true
    }

    /// Append a leaf with its shape only (the stride is set next); false when full.
    #[inline]
    pub fn push_shape_leaf(&mut self, s: i64) -> bool {
        let k = self.leaves as usize;
        if k >= LEAVES || !self.push_tok(Tok::Leaf) {
            return false;
        }
        self.shape[k] = s;
        self.leaves += 1;
        true
    }

    /// Remove the bracket token at `t` (the tokens after it move up one).
    pub fn drop_token(&mut self, t: usize) {
        let n = self.tokens as usize;
        if t < n {
            self.tok.copy_within(t + 1..n, t);
            self.tokens -= 1;
        }
    }

    /// Structure token `t`, if there is one.
    #[inline]
    pub fn token(&self, t: usize) -> Option<Tok> {
        self.tokens().get(t).copied()
    }

    /// Set leaf `k`'s stride.
    pub fn set_stride(&mut self, k: usize, d: i64) {
        if k < self.leaves as usize {
            self.stride[k] = d;
        }
    }

    /// Append all of `other` (as one element of the tuple being built).
    pub fn append(&mut self, other: &Flat) -> Fast<()> {
        let (t, n) = (self.tokens as usize, self.leaves as usize);
        let (ot, on) = (other.tokens as usize, other.leaves as usize);
        if t + ot > TOKENS || n + on > LEAVES {
            return Err(Decline);
        }
        self.tok[t..t + ot].copy_from_slice(&other.tok[..ot]);
        self.shape[n..n + on].copy_from_slice(&other.shape[..on]);
        self.stride[n..n + on].copy_from_slice(&other.stride[..on]);
        self.tokens += ot as u8;
        self.leaves += on as u8;
        Ok(())
    }

    /// The structure tokens.
    pub fn tokens(&self) -> &[Tok] {
        &self.tok[..self.tokens as usize]
    }

    /// The shape's leaves, in order.
    pub fn shape(&self) -> &[i64] {
        &self.shape[..self.leaves as usize]
    }

    /// The stride's leaves, in order.
    pub fn stride(&self) -> &[i64] {
        &self.stride[..self.leaves as usize]
    }

    /// Whether the shape is a single integer (not a tuple).
    pub fn is_leaf(&self) -> bool {
        self.tokens == 1
    }

    /// The top-level modes as (token range, leaf range); an integer shape is its only mode.
    pub fn modes(&self) -> Modes<'_> {
        Modes {
            flat: self,
            tok: if self.is_leaf() { 0 } else { 1 },
            leaf: 0,
        }
    }

    /// Number of top-level modes.
    pub fn rank(&self) -> usize {
        self.modes().count()
    }

    /// Mode `m` (a token range and a leaf range) as a layout of its own.
    pub fn sub(&self, m: &Mode) -> Flat {
        let mut f = Flat::empty();
        let (t, l) = (m.tokens.len(), m.leaves.len());
        f.tok[..t].copy_from_slice(&self.tok[m.tokens.clone()]);
        f.shape[..l].copy_from_slice(&self.shape[m.leaves.clone()]);
        f.stride[..l].copy_from_slice(&self.stride[m.leaves.clone()]);
        f.tokens = t as u8;
        f.leaves = l as u8;
        f
    }

    /// Write `shape:stride` in SPEC §3's notation.
    pub fn write(&self, out: &mut Vec<u8>) {
        self.write_tuple(&self.shape, out);
        out.push(b':');
        self.write_tuple(&self.stride, out);
    }

    fn write_tuple(&self, leaves: &[i64; LEAVES], out: &mut Vec<u8>) {
        // at most 20 bytes an integer, one a bracket or comma
        out.reserve(self.tokens as usize * 21);
        let mut k = 0;
        // whether the previous token ended an element (a comma goes before the next one)
        let mut after_item = false;
        for &t in self.tokens() {
            match t {
                Tok::Leaf => {
                    if after_item {
                        out.push(b',');
                    }
                    match leaves[k] {
                        v @ 0..=9 => out.push(b'0' + v as u8),
                        v => out.extend_from_slice(itoa::Buffer::new().format(v).as_bytes()),
                    }
                    k += 1;
                    after_item = true;
                }
                Tok::Open => {
                    if after_item {
                        out.push(b',');
                    }
                    out.push(b'(');
                    after_item = false;
                }
                Tok::Close => {
                    out.push(b')');
                    after_item = true;
                }
            }
        }
    }
}

/// One top-level mode: its tokens and its leaves.
pub struct Mode {
    /// Token range.
    pub tokens: std::ops::Range<usize>,
    /// Leaf range.
    pub leaves: std::ops::Range<usize>,
}

/// The top-level modes of a [`Flat`].
pub struct Modes<'a> {
    flat: &'a Flat,
    tok: usize,
    leaf: usize,
}

impl Iterator for Modes<'_> {
    type Item = Mode;

    fn next(&mut self) -> Option<Mode> {
        let toks = self.flat.tokens();
        if self.flat.is_leaf() {
            if self.tok == 0 {
                self.tok = 1;
                return Some(Mode {
                    tokens: 0..1,
                    leaves: 0..1,
                });
            }
            return None;
        }
        // inside the outer brackets: stop at the closing one
        let (t0, l0) = (self.tok, self.leaf);
        if t0 + 1 >= toks.len() {
            return None;
        }
        let mut depth = 0usize;
        let mut t = t0;
        let mut l = l0;
        loop {
            match toks[t] {
                Tok::Leaf => l += 1,
                Tok::Open => depth += 1,
                Tok::Close => depth -= 1,
            }
            t += 1;
            if depth == 0 {
                break;
            }
        }
        self.tok = t;
        self.leaf = l;
        Some(Mode {
            tokens: t0..t,
            leaves: l0..l,
        })
    }
}
