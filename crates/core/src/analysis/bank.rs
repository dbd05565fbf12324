//! Shared-memory bank conflicts, predicted by evaluating the layouts.
//!
//! Shared memory has 32 banks of 4-byte words; the word at byte address `a` lives in bank
//! `(a / 4) % 32`. A warp's access is served in *phases*: a 128-bit access 8 threads at a time,
//! a 64-bit access 16 at a time, narrower accesses all 32 threads at once. Within a phase, two
//! threads reading the *same* word are served together (broadcast), but distinct words in the
//! same bank are serialized: the phase's conflict degree is the largest number of distinct words
//! any one bank must deliver.
//!
//! The access pattern is a thread-value (TV) layout: `TV(t, v)` is the index (into the
//! shared-memory layout's domain) of value `v` of thread `t`; the shared-memory layout maps that
//! index to an element offset. One access of a thread covers `access_bits / elem_bits`
//! consecutive values. Everything is computed by evaluating the layouts at every thread and
//! value; there is no table of known cases.

use std::collections::BTreeSet;
use std::fmt;

use crate::algebra::{AlgebraError, ComposedLayout, Layout, Offset, Swizzle};

/// Why an access pattern cannot be analysed: the widths, the TV layout's shape, or an index or
/// offset out of range. Each message names the condition.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BankError {
    /// Evaluating a layout fails.
    #[error(transparent)]
    Algebra(#[from] AlgebraError),
    /// The element width is 0 or above 1024 bits.
    #[error("element width {0} bits is not supported")]
    ElemBits(u32),
    /// The access width is none of 8, 16, 32, 64 or 128 bits.
    #[error("access width must be 8, 16, 32, 64 or 128 bits, got {0}")]
    AccessBits(u32),
    /// An access does not cover whole elements.
    #[error(
        "an access of {access_bits} bits must cover a whole number of {elem_bits}-bit elements"
    )]
    AccessNotWholeElements {
        /// The access width.
        access_bits: u32,
        /// The element width.
        elem_bits: u32,
    },
    /// The TV layout is not (threads) or (threads, values).
    #[error("the TV layout {tv} must have rank 1 or 2 (threads, values), got rank {rank}")]
    TvRank {
        /// The TV layout.
        tv: Box<Layout>,
        /// Its rank.
        rank: usize,
    },
    /// A thread's values are not whole accesses.
    #[error(
        "each thread has {values} value(s) of {elem_bits} bits, not a whole number of \
         {access_bits}-bit accesses ({per_access} values each): give a smaller access width"
    )]
    ValuesNotWholeAccesses {
        /// Values per thread.
        values: i64,
        /// The element width.
        elem_bits: u32,
        /// The access width.
        access_bits: u32,
        /// Values per access.
        per_access: i64,
    },
    /// More (thread, value) points than one analysis evaluates ([`MAX_POINTS`]).
    #[error("the TV layout has {0} points; at most {max} are analysed", max = MAX_POINTS)]
    TooManyPoints(i64),
    /// A (thread, value) index lies outside the shared-memory layout's domain.
    #[error(
        "TV({thread},{value}) = {index} is outside the shared-memory layout's domain [0, {size})"
    )]
    OutsideDomain {
        /// The thread.
        thread: i64,
        /// The value.
        value: i64,
        /// The index the TV layout gives.
        index: i64,
        /// The shared-memory layout's size.
        size: i64,
    },
    /// An element offset times the element width overflows.
    #[error("offset {0} overflows as a bit address")]
    BitAddressOverflow(i64),
}

/// The message, for the evaluator's errors, which carry text (`bank_conflicts(...)`).
impl From<BankError> for String {
    fn from(e: BankError) -> String {
        e.to_string()
    }
}

/// Number of shared-memory banks.
pub const BANKS: usize = 32;
/// Threads in a warp.
pub const WARP: i64 = 32;
/// The most layout evaluations one analysis performs.
pub const MAX_POINTS: i64 = crate::limits::MAX_BANK_POINTS;

/// A shared-memory layout, in elements: a plain layout or a swizzled composed layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SmemLayout {
    /// `Shape:Stride`.
    Plain(Layout),
    /// `Sw o OFF o L` (with `smem_ptr[Nb]` the swizzle acts on byte addresses).
    Composed(ComposedLayout),
}

impl SmemLayout {
    /// Evaluate at (row, k).
    pub fn at(&self, row: i64, k: i64) -> i64 {
        let l = self.layout();
        let o = l
            .eval(&crate::algebra::IntTuple::tuple([
                crate::algebra::IntTuple::int(row),
                crate::algebra::IntTuple::int(k),
            ]))
            .unwrap_or(0);
        match self.swizzle() {
            Some(s) => s.apply(o),
            None => o,
        }
    }

    /// The size of the domain.
    pub fn size(&self) -> Result<i64, AlgebraError> {
        self.layout().size()
    }

    /// A swizzled layout `Sw o 0 o L` (what TMA and ldmatrix stage layouts are).
    pub fn swizzled(swizzle: Swizzle, layout: Layout) -> SmemLayout {
        SmemLayout::Composed(ComposedLayout {
            swizzle,
            offset: Offset::ZERO,
            layout,
        })
    }

    /// From a composed layout whose offset is the integer 0 (`None` otherwise).
    pub fn from_composed(c: &ComposedLayout) -> Option<SmemLayout> {
        (c.offset.as_int().is_some_and(|o| o.value == 0)).then(|| SmemLayout::Composed(c.clone()))
    }

    /// The swizzle, if any.
    pub fn swizzle(&self) -> Option<Swizzle> {
        match self {
            SmemLayout::Plain(_) => None,
            SmemLayout::Composed(c) => Some(c.swizzle),
        }
    }

    /// The inner layout (the plain layout itself).
    pub fn layout(&self) -> &Layout {
        match self {
            SmemLayout::Plain(l) => l,
            SmemLayout::Composed(c) => &c.layout,
        }
    }

    /// The element offset of index `i` of the domain.
    pub fn offset(&self, i: i64) -> Result<i64, AlgebraError> {
        let inner = self.layout().at(i)?;
        match self {
            SmemLayout::Plain(_) => Ok(inner),
            SmemLayout::Composed(c) => c.memory_offset(inner),
        }
    }
}

impl fmt::Display for SmemLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SmemLayout::Plain(l) => write!(f, "{l}"),
            SmemLayout::Composed(c) => write!(f, "{c}"),
        }
    }
}

/// One thread's part of one phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadAccess {
    /// The thread index (the TV layout's first mode).
    pub thread: i64,
    /// The element offsets of the values this access covers.
    pub offsets: Vec<i64>,
    /// The distinct 4-byte words touched (word = byte address / 4), ascending.
    pub words: Vec<i64>,
    /// The distinct banks touched, ascending.
    pub banks: Vec<usize>,
}

/// One hardware phase: the threads served together and what each bank delivers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phase {
    /// The warp (threads `32w .. 32w+31`).
    pub warp: i64,
    /// Which access of each thread (values `access*vec .. access*vec+vec-1`).
    pub access: i64,
    /// The phase within the warp's access.
    pub phase: i64,
    /// The threads of the phase.
    pub threads: Vec<ThreadAccess>,
    /// For each bank, the distinct words it must deliver.
    pub bank_words: Vec<Vec<i64>>,
    /// The conflict degree: the most distinct words of one bank (1: conflict-free).
    pub degree: usize,
}

impl Phase {
    /// The bank with the most distinct words (the lowest such bank).
    pub fn worst_bank(&self) -> usize {
        let mut best = 0;
        for (b, w) in self.bank_words.iter().enumerate() {
            if w.len() > self.bank_words[best].len() {
                best = b;
            }
        }
        best
    }
}

/// The result of [`analyze`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankReport {
    /// The shared-memory layout analysed, as printed.
    pub smem: String,
    /// The TV layout, as printed.
    pub tv: String,
    /// Bits per element.
    pub elem_bits: u32,
    /// Bits per access.
    pub access_bits: u32,
    /// Consecutive values of a thread one access covers.
    pub values_per_access: i64,
    /// Threads served per phase.
    pub threads_per_phase: i64,
    /// Number of threads (size of the TV layout's mode 0).
    pub threads: i64,
    /// Values per thread (size of the TV layout's mode 1).
    pub values: i64,
    /// Every phase, warp by warp, access by access.
    pub phases: Vec<Phase>,
    /// The overall conflict degree: the worst phase's.
    pub degree: usize,
    /// Total wavefronts: the sum of the phases' degrees (`phases.len()` when conflict-free).
    pub wavefronts: usize,
    /// Remarks, e.g. an access whose values are not contiguous in shared memory.
    pub notes: Vec<String>,
}

impl BankReport {
    /// The phase x bank grid: the number of distinct words each bank delivers in each phase.
    pub fn grid(&self) -> Vec<Vec<usize>> {
        self.phases
            .iter()
            .map(|p| p.bank_words.iter().map(Vec::len).collect())
            .collect()
    }

    /// A plain-text report: summary, then one grid row per phase (`.` an idle bank, a digit
    /// the number of distinct words the bank delivers).
    pub fn render_text(&self) -> String {
        let mut s = String::new();
        s.push_str(&format!("shared memory: {}\n", self.smem));
        s.push_str(&format!("TV layout:     {}\n", self.tv));
        s.push_str(&format!(
            "access: {}-bit elements, {}-bit accesses ({} value{} each), {} threads per phase\n",
            self.elem_bits,
            self.access_bits,
            self.values_per_access,
            if self.values_per_access == 1 { "" } else { "s" },
            self.threads_per_phase
        ));
        s.push_str(&format!(
            "threads: {}, values per thread: {}, phases: {}\n",
            self.threads,
            self.values,
            self.phases.len()
        ));
        let verdict = if self.degree <= 1 {
            "conflict-free".to_string()
        } else {
            format!("{}-way bank conflict", self.degree)
        };
        s.push_str(&format!(
            "conflict degree: {} ({verdict}); wavefronts: {} (ideal {})\n",
            self.degree,
            self.wavefronts,
            self.phases.len()
        ));
        for n in &self.notes {
            s.push_str(&format!("note: {n}\n"));
        }
        let label = |p: &Phase| {
            let first = p.threads.first().map(|t| t.thread).unwrap_or(0);
            let last = p.threads.last().map(|t| t.thread).unwrap_or(0);
            format!("w{} a{} p{} T{}-{}", p.warp, p.access, p.phase, first, last)
        };
        let width = self
            .phases
            .iter()
            .map(|p| label(p).len())
            .max()
            .unwrap_or(0);
        s.push('\n');
        let tens: String = (0..BANKS)
            .map(|b| char::from_digit((b / 10) as u32, 10).unwrap_or('?'))
            .collect();
        let ones: String = (0..BANKS)
            .map(|b| char::from_digit((b % 10) as u32, 10).unwrap_or('?'))
            .collect();
        s.push_str(&format!("{:width$}  bank {tens}\n", ""));
        s.push_str(&format!("{:width$}       {ones}\n", ""));
        for p in &self.phases {
            let cells: String = p
                .bank_words
                .iter()
                .map(|w| match w.len() {
                    0 => '.',
                    n if n < 10 => char::from_digit(n as u32, 10).unwrap_or('?'),
                    n if n < 36 => char::from_digit(n as u32, 36).unwrap_or('?'),
                    _ => '*',
                })
                .collect();
            let mut line = format!("{:width$}       {cells}  {}-way", label(p), p.degree);
            if p.degree > 1 {
                let b = p.worst_bank();
                let users: Vec<String> = p
                    .threads
                    .iter()
                    .filter(|t| t.banks.contains(&b))
                    .map(|t| format!("T{}", t.thread))
                    .collect();
                line.push_str(&format!(" (bank {b}: {})", users.join(" ")));
            }
            s.push_str(line.trim_end());
            s.push('\n');
        }
        s
    }
}

/// One value of one thread in a [`BankReport`]: where it is and which phase loads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadValue {
    /// The value index (the TV layout's second mode).
    pub value: i64,
    /// The element offset in shared memory.
    pub element: i64,
    /// The banks of its words (one for elements of 32 bits or less).
    pub banks: Vec<usize>,
    /// The warp, access and phase that load it (as the report's phase lines name them).
    pub warp: i64,
    /// Which access of the thread.
    pub access: i64,
    /// The phase within the warp's access.
    pub phase: i64,
    /// That phase's conflict degree.
    pub degree: usize,
}

/// A thread's own part of a [`BankReport`]: what `cute bank --tv 'X.thread(t).partition_S(S)'`
/// adds for thread `t`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadLine {
    /// The thread.
    pub thread: i64,
    /// The partition the thread's values came from, as CuTe prints it (`partition_S: 504 o ...`).
    pub partition: String,
    /// The thread's values in the analysed tile, in value order.
    pub values: Vec<ThreadValue>,
}

impl BankReport {
    /// Thread `t`'s values, in value order, each with its element, banks and phase; `None`
    /// when `t` is not one of the analysed threads.
    pub fn thread_line(&self, t: i64, partition: String) -> Option<ThreadLine> {
        let ebits = i64::from(self.elem_bits);
        let mut values = Vec::new();
        for p in &self.phases {
            let Some(a) = p.threads.iter().find(|a| a.thread == t) else {
                continue;
            };
            for (k, &off) in a.offsets.iter().enumerate() {
                let bit = off.saturating_mul(ebits);
                let banks: BTreeSet<usize> = (floor_div(bit, 32)
                    ..=floor_div(bit.saturating_add(ebits - 1), 32))
                    .map(|w| w.rem_euclid(BANKS as i64) as usize)
                    .collect();
                values.push(ThreadValue {
                    value: p.access * self.values_per_access + k as i64,
                    element: off,
                    banks: banks.into_iter().collect(),
                    warp: p.warp,
                    access: p.access,
                    phase: p.phase,
                    degree: p.degree,
                });
            }
        }
        if values.is_empty() {
            return None;
        }
        values.sort_by_key(|v| v.value);
        Some(ThreadLine {
            thread: t,
            partition,
            values,
        })
    }
}

impl ThreadLine {
    /// The thread's lines: a heading, then one line per access, its phase and each value as
    /// `V<value> <element>:b<bank>`.
    pub fn render_text(&self) -> String {
        let mut s = format!(
            "\nthread {} ({}); its values in the analysed tile, V<value> <element>:b<bank>:\n",
            self.thread, self.partition
        );
        let mut i = 0;
        while i < self.values.len() {
            let first = &self.values[i];
            let same = |v: &ThreadValue| {
                (v.warp, v.access, v.phase) == (first.warp, first.access, first.phase)
            };
            let n = self.values[i..].iter().take_while(|v| same(v)).count();
            let cells: Vec<String> = self.values[i..i + n]
                .iter()
                .map(|v| {
                    let banks: Vec<String> = v.banks.iter().map(usize::to_string).collect();
                    format!("V{} {}:b{}", v.value, v.element, banks.join("+b"))
                })
                .collect();
            s.push_str(&format!(
                "  w{} a{} p{} ({}-way): {}\n",
                first.warp,
                first.access,
                first.phase,
                first.degree,
                cells.join("  ")
            ));
            i += n;
        }
        s
    }
}

/// What a GPU measured for one access pattern (`cute bank --measure`, measured by the GPU
/// runner; here so that the report renders it without the engine depending on the GPU).
#[derive(Clone, Debug, PartialEq)]
pub struct BankMeasurement {
    /// The GPU.
    pub device: String,
    /// Clock cycles per access instruction of a warp, median over the warps: the pattern.
    pub cycles: f64,
    /// The same for the conflict-free pattern of the same shape.
    pub baseline: f64,
    /// Predicted slowdown: wavefronts over the ideal (one per phase).
    pub predicted: f64,
}

impl BankMeasurement {
    /// Measured slowdown, `cycles / baseline`.
    pub fn measured(&self) -> f64 {
        self.cycles / self.baseline
    }

    /// The lines `cute bank --measure` adds to the report.
    pub fn render_text(&self) -> String {
        format!(
            "measured on {}: {:.2} cycles per warp access vs {:.2} conflict-free: {:.2}x \
             (predicted {:.2}x)\n",
            self.device,
            self.cycles,
            self.baseline,
            self.measured(),
            self.predicted
        )
    }
}

fn floor_div(a: i64, b: i64) -> i64 {
    a.div_euclid(b)
}

/// Predict the bank conflicts of `tv`'s access pattern over the shared-memory layout `smem`.
///
/// `elem_bits` is the element width; `access_bits` the width of one access (8 to 128 bits, a
/// multiple of `elem_bits`). Every phase's degree is computed from the words each thread touches.
pub fn analyze(
    smem: &SmemLayout,
    tv: &Layout,
    elem_bits: u32,
    access_bits: u32,
) -> Result<BankReport, BankError> {
    if elem_bits == 0 || elem_bits > 1024 {
        return Err(BankError::ElemBits(elem_bits));
    }
    if !matches!(access_bits, 8 | 16 | 32 | 64 | 128) {
        return Err(BankError::AccessBits(access_bits));
    }
    if access_bits < elem_bits || !access_bits.is_multiple_of(elem_bits) {
        return Err(BankError::AccessNotWholeElements {
            access_bits,
            elem_bits,
        });
    }
    let vec = i64::from(access_bits / elem_bits);
    let (thr, val) = match tv.rank() {
        1 => (tv.mode(0)?, Layout::trivial()),
        2 => (tv.mode(0)?, tv.mode(1)?),
        rank => {
            return Err(BankError::TvRank {
                tv: Box::new(tv.clone()),
                rank,
            });
        }
    };
    let threads = thr.size()?;
    let values = val.size()?;
    if values % vec != 0 {
        return Err(BankError::ValuesNotWholeAccesses {
            values,
            elem_bits,
            access_bits,
            per_access: vec,
        });
    }
    let points = threads.checked_mul(values).unwrap_or(i64::MAX);
    if points > MAX_POINTS {
        return Err(BankError::TooManyPoints(points));
    }
    let smem_size = smem.size()?;
    let tpp = i64::from((1024 / access_bits).min(32));
    let accesses = values / vec;
    let ebits = i64::from(elem_bits);

    let thread_access = |t: i64, j: i64| -> Result<ThreadAccess, BankError> {
        let base = thr.at(t)?;
        let mut offsets = Vec::with_capacity(vec as usize);
        let mut words = BTreeSet::new();
        for k in 0..vec {
            let v = j * vec + k;
            let idx = base + val.at(v)?;
            if idx < 0 || idx >= smem_size {
                return Err(BankError::OutsideDomain {
                    thread: t,
                    value: v,
                    index: idx,
                    size: smem_size,
                });
            }
            let off = smem.offset(idx)?;
            let bit = off
                .checked_mul(ebits)
                .ok_or(BankError::BitAddressOverflow(off))?;
            for w in floor_div(bit, 32)..=floor_div(bit + ebits - 1, 32) {
                words.insert(w);
            }
            offsets.push(off);
        }
        let banks: BTreeSet<usize> = words
            .iter()
            .map(|w| w.rem_euclid(BANKS as i64) as usize)
            .collect();
        Ok(ThreadAccess {
            thread: t,
            offsets,
            words: words.into_iter().collect(),
            banks: banks.into_iter().collect(),
        })
    };

    let mut phases = Vec::new();
    let mut notes = Vec::new();
    let mut irregular = 0usize;
    let warps = (threads + WARP - 1) / WARP;
    for w in 0..warps {
        for j in 0..accesses {
            for p in 0..(WARP / tpp) {
                let lo = w * WARP + p * tpp;
                let hi = (lo + tpp).min(threads);
                if lo >= hi {
                    continue;
                }
                let mut bank_words: Vec<BTreeSet<i64>> = vec![BTreeSet::new(); BANKS];
                let mut list = Vec::with_capacity((hi - lo) as usize);
                for t in lo..hi {
                    let a = thread_access(t, j)?;
                    let contiguous = a.offsets.windows(2).all(|x| x[1] == x[0] + 1);
                    let aligned = (a.offsets[0] * ebits).rem_euclid(i64::from(access_bits)) == 0;
                    if !(contiguous && aligned) {
                        irregular += 1;
                        if irregular <= 4 {
                            notes.push(format!(
                                "thread {t}, access {j}: element offsets {:?} are not {} in shared \
                                 memory, so one {access_bits}-bit access cannot load them",
                                a.offsets,
                                if contiguous { "aligned" } else { "contiguous" }
                            ));
                        }
                    }
                    for &word in &a.words {
                        bank_words[word.rem_euclid(BANKS as i64) as usize].insert(word);
                    }
                    list.push(a);
                }
                let degree = bank_words.iter().map(BTreeSet::len).max().unwrap_or(0);
                phases.push(Phase {
                    warp: w,
                    access: j,
                    phase: p,
                    threads: list,
                    bank_words: bank_words
                        .into_iter()
                        .map(|s| s.into_iter().collect())
                        .collect(),
                    degree,
                });
            }
        }
    }
    if irregular > 4 {
        notes.push(format!("... {} irregular accesses in all", irregular));
    }
    let degree = phases.iter().map(|p| p.degree).max().unwrap_or(0);
    let wavefronts = phases.iter().map(|p| p.degree).sum();
    Ok(BankReport {
        smem: smem.to_string(),
        tv: tv.to_string(),
        elem_bits,
        access_bits,
        values_per_access: vec,
        threads_per_phase: tpp,
        threads,
        values,
        phases,
        degree,
        wavefronts,
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::{IntTuple, Offset, Swizzle};
    use proptest::prelude::*;

    fn lay(s: &[i64], d: &[i64]) -> Layout {
        let t = |v: &[i64]| v.iter().map(|&x| IntTuple::int(x)).collect::<IntTuple>();
        Layout::new(t(s), t(d)).unwrap()
    }

    fn swz(b: i64, m: i64, s: i64, off: Offset, l: Layout) -> SmemLayout {
        SmemLayout::Composed(ComposedLayout {
            swizzle: Swizzle::new(b, m, s).unwrap(),
            offset: off,
            layout: l,
        })
    }

    /// 8 threads, thread t reads row t of an (8,64) bf16 tile: columns 0..7 (16 bytes).
    fn ldmatrix_tv() -> Layout {
        lay(&[8, 8], &[1, 8])
    }

    #[test]
    fn ldmatrix_unswizzled_is_8_way() {
        let smem = SmemLayout::Plain(lay(&[8, 64], &[64, 1]));
        let r = analyze(&smem, &ldmatrix_tv(), 16, 128).unwrap();
        assert_eq!(r.phases.len(), 1);
        assert_eq!(r.degree, 8);
        assert_eq!(r.wavefronts, 8);
        assert_eq!(r.grid()[0][..4], [8, 8, 8, 8]);
        assert!(r.grid()[0][4..].iter().all(|&n| n == 0));
        assert!(r.notes.is_empty());
        assert!(r.render_text().contains("8-way bank conflict"));
    }

    #[test]
    fn ldmatrix_swizzled_is_conflict_free() {
        let smem = swz(3, 3, 3, Offset::st(0), lay(&[8, 64], &[64, 1]));
        let r = analyze(&smem, &ldmatrix_tv(), 16, 128).unwrap();
        assert_eq!(r.degree, 1);
        assert_eq!(r.wavefronts, 1);
        assert!(r.grid()[0].iter().all(|&n| n == 1));
        assert!(r.notes.is_empty());
        assert!(r.render_text().contains("conflict-free"));
    }

    #[test]
    fn gmma_sw128_atom_acts_on_bytes() {
        // Sw<3,4,3> on byte addresses of 16-bit elements is Sw<3,3,3> on elements.
        let smem = swz(3, 4, 3, Offset::SmemPtr(16), lay(&[8, 64], &[64, 1]));
        let r = analyze(&smem, &ldmatrix_tv(), 16, 128).unwrap();
        assert_eq!(r.degree, 1);
    }

    #[test]
    fn ldmatrix_x4_over_32_rows() {
        // 32 threads, one 16-byte row segment each, rows of 128 bytes: 4 phases of 8-way.
        let smem = SmemLayout::Plain(lay(&[32, 64], &[64, 1]));
        let tv = lay(&[32, 8], &[1, 32]);
        let r = analyze(&smem, &tv, 16, 128).unwrap();
        assert_eq!(r.phases.len(), 4);
        assert_eq!(r.degree, 8);
        assert_eq!(r.wavefronts, 32);
        let sw = swz(3, 3, 3, Offset::st(0), lay(&[32, 64], &[64, 1]));
        let r = analyze(&sw, &tv, 16, 128).unwrap();
        assert_eq!((r.degree, r.wavefronts), (1, 4));
    }

    #[test]
    fn a_threads_line_lists_its_values_phases_and_banks() {
        let smem = SmemLayout::Plain(lay(&[32, 64], &[64, 1]));
        let tv = lay(&[32, 16], &[1, 32]); // two 128-bit accesses a thread
        let r = analyze(&smem, &tv, 16, 128).unwrap();
        let line = r.thread_line(9, "partition_S: 576 o 16:1".into()).unwrap();
        assert_eq!(line.values.len(), 16);
        let v9 = &line.values[9];
        assert_eq!(
            (v9.value, v9.element, v9.access, v9.phase, v9.warp),
            (9, 9 * 64 + 9, 1, 1, 0)
        );
        assert_eq!((v9.banks.clone(), v9.degree), (vec![4], 8));
        let text = line.render_text();
        assert!(
            text.contains("thread 9 (partition_S: 576 o 16:1)"),
            "{text}"
        );
        assert!(
            text.contains("  w0 a1 p1 (8-way): V8 584:b4  V9 585:b4"),
            "{text}"
        );
        assert_eq!(text.lines().count(), 4, "{text}");
        assert!(r.thread_line(32, String::new()).is_none());
        // a 64-bit element spans two banks
        let r = analyze(&smem, &lay(&[32, 2], &[64, 1]), 64, 128).unwrap();
        let line = r.thread_line(1, String::new()).unwrap();
        assert_eq!(line.values[1].banks, vec![4, 5]); // element 66: words 132, 133
    }

    #[test]
    fn broadcast_is_not_a_conflict() {
        // all 32 threads read the same word
        let smem = SmemLayout::Plain(lay(&[64], &[1]));
        let tv = lay(&[32, 1], &[0, 1]);
        let r = analyze(&smem, &tv, 32, 32).unwrap();
        assert_eq!(r.degree, 1);
    }

    #[test]
    fn column_access_of_32_bit_matrix() {
        // 32 threads read a column of a 32x32 row-major fp32 matrix: 32-way.
        let smem = SmemLayout::Plain(lay(&[32, 32], &[32, 1]));
        let tv = lay(&[32, 1], &[1, 0]);
        let r = analyze(&smem, &tv, 32, 32).unwrap();
        assert_eq!(r.degree, 32);
        // padding the rows to 33 words removes it
        let smem = SmemLayout::Plain(lay(&[32, 32], &[33, 1]));
        let r = analyze(&smem, &tv, 32, 32).unwrap();
        assert_eq!(r.degree, 1);
    }

    #[test]
    fn bad_arguments_are_refused() {
        let smem = SmemLayout::Plain(lay(&[8, 64], &[64, 1]));
        assert!(analyze(&smem, &ldmatrix_tv(), 16, 96).is_err());
        assert!(analyze(&smem, &ldmatrix_tv(), 32, 16).is_err());
        assert!(analyze(&smem, &lay(&[8, 3], &[1, 8]), 16, 128).is_err());
        assert!(analyze(&smem, &lay(&[8, 8], &[128, 1]), 16, 128).is_err()); // outside the tile
    }

    #[test]
    fn non_contiguous_access_is_noted() {
        let smem = SmemLayout::Plain(lay(&[8, 64], &[64, 1]));
        let tv = lay(&[8, 8], &[8, 1]); // thread t reads column t: values 64 apart
        let r = analyze(&smem, &tv, 16, 128).unwrap();
        assert!(!r.notes.is_empty());
    }

    fn valid_swizzle() -> impl Strategy<Value = (i64, i64, i64)> {
        (0i64..=4, 0i64..=6, -8i64..=8).prop_filter_map("valid swizzle", |(b, m, s)| {
            Swizzle::new(b, m, s).ok().map(|_| (b, m, s))
        })
    }

    proptest! {
        /// A bijective swizzle never changes the multiset of banks over a full 32-bank row:
        /// the 32 words of any 128-byte row land in 32 distinct banks, swizzled or not.
        #[test]
        fn swizzle_keeps_the_banks_of_a_row((b, m, s) in valid_swizzle(), row in 0i64..64) {
            let plain = SmemLayout::Composed(ComposedLayout {
                swizzle: Swizzle::new(0, 0, 0).unwrap(),
                offset: Offset::st(row * 32),
                layout: lay(&[32], &[1]),
            });
            let sw = swz(b, m, s, Offset::st(row * 32), lay(&[32], &[1]));
            let tv = lay(&[32, 1], &[1, 0]);
            let banks = |l: &SmemLayout| {
                let r = analyze(l, &tv, 32, 32).unwrap();
                let mut v: Vec<usize> = r.phases[0].threads.iter().flat_map(|t| t.banks.clone()).collect();
                v.sort_unstable();
                (v, r.degree)
            };
            let (pb, pd) = banks(&plain);
            let (sb, sd) = banks(&sw);
            prop_assert_eq!(&pb, &(0..32).collect::<Vec<_>>());
            prop_assert_eq!(pb, sb);
            prop_assert_eq!((pd, sd), (1, 1));
        }

        /// The same in byte units: a GMMA-style swizzle `Sw<B,4,3> o smem_ptr[16b]` over a
        /// K-major tile of 128-byte rows; 8 threads read one row with 128-bit accesses, and
        /// every phase (one row) is served by all 32 banks exactly once.
        #[test]
        fn byte_swizzle_keeps_the_banks_of_a_row(b in 0i64..=3) {
            let smem = swz(b, 4, 3, Offset::SmemPtr(16), lay(&[8, 64], &[64, 1]));
            // thread (t0, row): values are columns 8*t0 .. 8*t0+7 of `row`
            let tv = Layout::new(
                IntTuple::tuple([
                    IntTuple::tuple([IntTuple::int(8), IntTuple::int(8)]),
                    IntTuple::int(8),
                ]),
                IntTuple::tuple([
                    IntTuple::tuple([IntTuple::int(64), IntTuple::int(1)]),
                    IntTuple::int(8),
                ]),
            ).unwrap();
            let r = analyze(&smem, &tv, 16, 128).unwrap();
            prop_assert_eq!(r.phases.len(), 8);
            for p in &r.phases {
                let mut v: Vec<usize> = p.threads.iter().flat_map(|t| t.banks.clone()).collect();
                v.sort_unstable();
                prop_assert_eq!(v, (0..32).collect::<Vec<_>>());
                prop_assert_eq!(p.degree, 1);
            }
        }

        /// On random layouts, each thread's banks are its words mod 32, and the degree is the
        /// largest count of distinct words in one bank, bounded by the words of the phase.
        #[test]
        fn degree_is_consistent(s0 in 1i64..=16, s1 in 1i64..=8, d0 in 0i64..=70, d1 in 0i64..=70,
                                t in 1i64..=64) {
            let smem = SmemLayout::Plain(lay(&[s0, s1], &[d0, d1]));
            let size = s0 * s1;
            let threads = t.min(size);
            let tv = lay(&[threads, 1], &[1, 0]);
            let r = analyze(&smem, &tv, 32, 32).unwrap();
            for p in &r.phases {
                let words: BTreeSet<i64> = p.threads.iter().flat_map(|a| a.words.clone()).collect();
                prop_assert!(p.degree >= 1 && p.degree <= words.len());
                for a in &p.threads {
                    let want: BTreeSet<usize> = a.words.iter().map(|w| w.rem_euclid(32) as usize).collect();
                    prop_assert_eq!(a.banks.iter().copied().collect::<BTreeSet<_>>(), want);
                }
            }
        }
    }
}
