//! The Hopper path's configuration: the wgmma atom, the shared-memory layouts that wgmma and
//! TMA can both use, and the wgmma shared-memory descriptors derived from those layouts.

use std::fmt;

use crate::algebra::{ComposedLayout, IntTuple, Layout, Offset, Swizzle};
use crate::analysis::bank::SmemLayout;
use crate::gpu::config::{Dtype, MAX_SMEM_BYTES, atom_extents, raster_layout, tile_stage};
use crate::gpu::flags::{FlagValue, GemmFlags, ReadFlag, check_problem, int_list, read_value};

/// The default shared-memory atom of A and B on this path: CuTe's `GMMA::Layout_K_SW128_Atom`.
pub fn default_atom(dtype: Dtype) -> String {
    format!("gmma_atom(Layout_K_SW128_Atom, {})", dtype.name())
}

/// Consumer warpgroups by default (each computes 64 rows of the tile).
pub const DEFAULT_CONSUMERS: usize = 2;

/// The most consumer warpgroups: with the producer, 4 warpgroups of 128 threads, the most
/// a block can hold at one block per SM with a useful register share each.
pub const MAX_CONSUMERS: usize = 3;

/// The largest thread-block cluster (CUDA's portable limit).
pub const MAX_CLUSTER: usize = 8;

/// Registers per thread of the producer and of each consumer warpgroup after `setmaxnreg`: the
/// 64K-register file shared by 128-thread warpgroups (512 registers a lane across them),
/// in multiples of 8, at most 232 for a consumer (CUTLASS's choice for 2 consumers).
pub fn register_split(consumers: usize) -> (usize, usize) {
    let producer = if consumers >= 3 { 24 } else { 40 };
    let consumer = ((512 - producer) / consumers.max(1)) / 8 * 8;
    (producer, consumer.min(232))
}

/// Registers a consumer thread needs besides its accumulators (addresses, descriptors,
/// loop state, the epilogue), as measured with ptxas: a 64xN accumulator takes N/2.
pub const CONSUMER_OVERHEAD_REGS: usize = 32;

/// The registers a thread may use as ptxas compiles the kernel: the `__launch_bounds__(T, 1)`
/// cap, 65536 / T in multiples of 8, at most 255. (ptxas allocates every branch within it;
/// `setmaxnreg` only moves registers between warpgroups at run time.)
pub fn compile_register_cap(consumers: usize) -> usize {
    (65536 / (128 * (1 + consumers)) / 8 * 8).min(255)
}

/// The widest wgmma N whose accumulators fit a consumer thread with `consumers` warpgroups.
pub fn widest_n(consumers: usize) -> usize {
    ((compile_register_cap(consumers) - CONSUMER_OVERHEAD_REGS) * 2 / 8 * 8).min(256)
}

/// Bytes per element (bf16 and f16).
const ELEM_BYTES: i64 = 2;

/// A parsed `SM90_64x{N}x16_F32{T}{T}_SS<K,K>` atom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sm90Atom {
    /// The wgmma's N.
    pub n: usize,
    /// Its input type.
    pub dtype: Dtype,
}

/// The default Hopper atom for an element type: N = 256.
pub fn default_sm90_mma(dtype: &str) -> String {
    sm90_mma(dtype, 256)
}

/// The Hopper atom of N columns for an element type.
pub fn sm90_mma(dtype: &str, n: usize) -> String {
    match dtype {
        "f16" | "fp16" | "half" => format!("SM90_64x{n}x16_F32F16F16_SS<K,K>"),
        _ => format!("SM90_64x{n}x16_F32BF16BF16_SS<K,K>"),
    }
}

/// Whether `--mma` names a Hopper (SM90) atom: such names take this path.
pub fn is_sm90(mma: Option<&str>) -> bool {
    mma.is_some_and(|m| m.starts_with("SM90_"))
}

/// Parse `SM90_64x256x16_F32BF16BF16_SS<K,K>` (the `<K,K>` may be left out).
pub fn parse_atom(name: &str) -> Result<Sm90Atom, String> {
    let bad = || {
        format!(
            "--mma: expected SM90_64x{{N}}x16_F32BF16BF16_SS<K,K> or SM90_64x{{N}}x16_F32F16F16_SS<K,K> (N a multiple of 8 up to 256), got {name}"
        )
    };
    let (base, majors) = match name.split_once('<') {
        Some((b, rest)) => (b, Some(rest.strip_suffix('>').ok_or_else(bad)?)),
        None => (name, None),
    };
    if let Some(m) = majors {
        let m: String = m.chars().filter(|c| !c.is_whitespace()).collect();
        if m != "K,K" {
            return Err(format!(
                "--mma: this path reads A (M×K) and B (N×K) K-major from shared memory, so the atom must be <K,K>, got <{m}>"
            ));
        }
    }
    let rest = base.strip_prefix("SM90_64x").ok_or_else(bad)?;
    let (n, rest) = rest.split_once("x16_").ok_or_else(bad)?;
    let n: usize = n.parse().map_err(|_| bad())?;
    if n == 0 || n > 256 || !n.is_multiple_of(8) {
        return Err(bad());
    }
    let dtype = match rest {
        "F32BF16BF16_SS" => Dtype::Bf16,
        "F32F16F16_SS" => Dtype::F16,
        r if r.ends_with("_RS") => {
            return Err(format!(
                "--mma: {name} takes A from registers; this path implements the _SS atoms (A and B from shared memory)"
            ));
        }
        _ => return Err(bad()),
    };
    Ok(Sm90Atom { n, dtype })
}

/// The wgmma shared-memory descriptor of one operand's stage, derived from its layout.
///
/// The 64-bit descriptor (PTX ISA, "Matrix Descriptor Format"): bits 0–13 start address >> 4,
/// 16–29 leading-dimension byte offset (LBO) >> 4, 32–45 stride-dimension byte offset (SBO) >> 4,
/// 49–51 base offset, 62–63 swizzle mode (1 = 128B, 2 = 64B, 3 = 32B, 0 = none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GmmaDesc {
    /// Swizzle mode field (1: 128-byte swizzle).
    pub mode: u64,
    /// Leading-dimension byte offset.
    pub lbo: u64,
    /// Stride-dimension byte offset: the distance between 8-row groups.
    pub sbo: u64,
    /// Byte offset of the start of each k16 slice of the stage (`2 * L(0, 16 j)`).
    pub k_offsets: Vec<u64>,
    /// Byte offset of row `64 c`, for each consumer warpgroup `c` (`2 * L(64 c, 0)`).
    pub row_offsets: Vec<u64>,
}

impl GmmaDesc {
    /// The descriptor's constant part (everything but the start address).
    pub fn constant(&self) -> u64 {
        ((self.lbo >> 4) << 16) | ((self.sbo >> 4) << 32) | (self.mode << 62)
    }

    /// Derive the descriptor of a (rows, bk) stage from its layout.
    ///
    /// The layout is `Sw o L` in elements. wgmma's K-major swizzled mode reads a "core matrix
    /// group" of 8 rows × 128 bytes that must be stored densely (row r at byte 128 r) with the
    /// 128-byte XOR swizzle applied to the address bits, and finds the next 8 rows SBO bytes
    /// further. So, from the layout:
    /// - swizzle mode: `Sw`, in bytes, must be `Sw<3,4,3>` (16-byte chunks XORed with the row
    ///   within the group of 8: the 128B mode, and the pattern TMA's `SWIZZLE_128B` writes);
    /// - the atom: `L(r, k) = 64 r + k` for r < 8, k < 64 (8 dense rows of 128 bytes);
    /// - SBO = the byte distance between 8-row groups = `2 * L(8, 0)`, the stride of the row mode
    ///   beyond the atom, which must be the same for every group: `L(8 g, 0) = g L(8, 0)`;
    /// - LBO: in the K-major swizzled modes one wgmma's K extent (16 elements, 32 bytes) lies in
    ///   one 128-byte swizzle row, so the hardware ignores it; 16 bytes (encoded 1) by convention;
    /// - start address: the stage base (1024-byte aligned, so the base-offset field is 0) plus the
    ///   unswizzled byte offset of the slice's first element, `2 * L(row, 16 j)`: the hardware
    ///   applies the swizzle to the address it computes, as the layout applies `Sw` after `L`.
    pub fn derive(flag: &str, s: &SmemLayout, rows: usize, bk: usize) -> Result<GmmaDesc, String> {
        let Some(sw) = s.swizzle() else {
            return Err(format!(
                "{flag}: this path needs the 128-byte swizzle (Layout_K_SW128_Atom: TMA writes it, wgmma reads it); an unswizzled layout was given"
            ));
        };
        let log2e = ELEM_BYTES.trailing_zeros() as i64;
        let bytes_sw = (sw.bits, sw.base + log2e, sw.shift);
        let mode = match bytes_sw {
            (3, 4, 3) => 1,
            (2, 4, 3) | (1, 4, 3) => {
                return Err(format!(
                    "{flag}: Sw<{},4,3> (in bytes) is a {}-byte swizzle; wgmma can read it, but this path implements the 128-byte one (Layout_K_SW128_Atom)",
                    sw.bits,
                    16 << sw.bits
                ));
            }
            (b, m, sh) => {
                return Err(format!(
                    "{flag}: the swizzle Sw<{b},{m},{sh}> (in bytes) is none of wgmma's modes (Sw<3,4,3> 128B, Sw<2,4,3> 64B, Sw<1,4,3> 32B)"
                ));
            }
        };
        let l = s.layout();
        let at = |r: usize, k: usize| {
            l.eval(&IntTuple::tuple([
                IntTuple::int(r as i64),
                IntTuple::int(k as i64),
            ]))
            .unwrap_or(-1)
        };
        for r in 0..8.min(rows) {
            for k in 0..64.min(bk) {
                if at(r, k) != 64 * r as i64 + k as i64 {
                    return Err(format!(
                        "{flag}: the 128B swizzle atom must be 8 dense rows of 64 elements ((8,64):(64,1)), but element ({r},{k}) is at {}",
                        at(r, k)
                    ));
                }
            }
        }
        let sbo = at(8, 0) * ELEM_BYTES;
        for g in 0..rows / 8 {
            let o = at(8 * g, 0) * ELEM_BYTES;
            if o != g as i64 * sbo {
                return Err(format!(
                    "{flag}: groups of 8 rows must be evenly spaced for the descriptor's SBO: group {g} starts at byte {o}, not {}",
                    g as i64 * sbo
                ));
            }
        }
        if sbo <= 0 || sbo % 16 != 0 || sbo >> 4 >= 1 << 14 {
            return Err(format!(
                "{flag}: SBO = {sbo} bytes does not fit the descriptor (a positive multiple of 16 below 256 KiB)"
            ));
        }
        let k_offsets = (0..bk / 16)
            .map(|j| (at(0, 16 * j) * ELEM_BYTES) as u64)
            .collect();
        let row_offsets = (0..rows / 64)
            .map(|c| (at(64 * c, 0) * ELEM_BYTES) as u64)
            .collect();
        Ok(GmmaDesc {
            mode,
            lbo: 16,
            sbo: sbo as u64,
            k_offsets,
            row_offsets,
        })
    }
}

/// A validated Hopper configuration.
#[derive(Clone, Debug)]
pub struct HopperConfig {
    /// Problem size.
    pub m: usize,
    /// Problem size.
    pub n: usize,
    /// Problem size (the reduction).
    pub k: usize,
    /// Element type.
    pub dtype: Dtype,
    /// The atom's name, as given.
    pub mma: String,
    /// The wgmma's N.
    pub atom_n: usize,
    /// Block tile (BM, BN, BK).
    pub tile: (usize, usize, usize),
    /// Pipeline depth.
    pub stages: usize,
    /// A's atom as written.
    pub smem_a_atom: String,
    /// B's atom as written.
    pub smem_b_atom: String,
    /// A's stage layout (elements), tiled to (BM, BK).
    pub smem_a: SmemLayout,
    /// B's stage layout (elements), tiled to (BN, BK).
    pub smem_b: SmemLayout,
    /// A's wgmma descriptor.
    pub desc_a: GmmaDesc,
    /// B's wgmma descriptor.
    pub desc_b: GmmaDesc,
    /// Block index → tile index (over clusters of tiles when `cluster` is not (1,1)).
    pub raster: Layout,
    /// The raster as written.
    pub raster_text: String,
    /// Consumer warpgroups (BM = 64 × consumers).
    pub consumers: usize,
    /// Registers per thread of the producer and of each consumer after `setmaxnreg`.
    pub regs: (usize, usize),
    /// Cluster shape (CTAs along M, CTAs along N): B is multicast to the CM CTAs of a cluster
    /// column, A to the CN CTAs of a cluster row.
    pub cluster: (usize, usize),
    /// A persistent grid: one block per SM (cluster-aligned) looping over the tiles.
    pub persistent: bool,
    /// C stored through shared memory by TMA (`cp.async.bulk.tensor`), else by the consumers'
    /// registers directly.
    pub tma_store: bool,
    /// Byte distance between the slices of A (BM/CN rows) that the CTAs of a cluster row load.
    pub a_slice_bytes: usize,
    /// Byte distance between the slices of B (BN/CM rows) that the CTAs of a cluster column load.
    pub b_slice_bytes: usize,
    /// With `tma_store`: one consumer's (64, BN) C staging layout, in elements: 64x64 boxes of
    /// `Sw<3,3,3> o (8,64):(64,1)` (what TMA's 128B-swizzled store reads).
    pub smem_c: Option<SmemLayout>,
    /// With `tma_store`: the columns of C staged at a time (a multiple of 64 dividing BN: the
    /// widest whose staging fits in shared memory beside the stages).
    pub c_chunk: usize,
}

fn int3(read: ReadFlag, flag: &str, text: &str) -> Result<(usize, usize, usize), String> {
    let v = int_list(read, flag, text, 3)?;
    Ok((v[0], v[1], v[2]))
}

/// The atom as a layout in elements with its swizzle in element units. A GMMA atom
/// (`Sw<3,4,3> o smem_ptr[16b] o (8,64):(64,1)`) swizzles byte addresses: its base drops by
/// log2(bytes per element).
fn atom_in_elements(
    read: ReadFlag,
    flag: &str,
    text: &str,
) -> Result<(Option<Swizzle>, Layout), String> {
    match read_value(read, flag, text)? {
        FlagValue::Layout(l) => Ok((None, l)),
        FlagValue::Composed(ComposedLayout {
            swizzle,
            offset,
            layout,
        }) => match offset {
            Offset::Int(0) => Ok((Some(swizzle), layout)),
            Offset::SmemPtr(bits) if bits == 8 * ELEM_BYTES => {
                let log2e = ELEM_BYTES.trailing_zeros() as i64;
                if swizzle.bits > 0 && swizzle.base < log2e {
                    return Err(format!(
                        "{flag}: the swizzle {swizzle} moves parts of an element"
                    ));
                }
                let base = if swizzle.bits > 0 {
                    swizzle.base - log2e
                } else {
                    swizzle.base
                };
                let s = Swizzle::new(swizzle.bits, base, swizzle.shift)
                    .map_err(|e| format!("{flag}: {e}"))?;
                Ok((Some(s), layout))
            }
            Offset::SmemPtr(bits) => Err(format!(
                "{flag}: the atom is for {bits}-bit elements, but this path's are {}-bit",
                8 * ELEM_BYTES
            )),
            _ => Err(format!(
                "{flag}: a swizzled layout's offset must be 0 or smem_ptr, got {text}"
            )),
        },
        other => Err(format!(
            "{flag}: expected a layout or a GMMA atom, got {}",
            other.kind()
        )),
    }
}

/// Tile the atom to (rows, bk) as CuTe's tile_to_shape does (column-major over the repeats),
/// and check that it is what TMA's 128B-swizzled box writes.
fn stage_layout(
    read: ReadFlag,
    flag: &str,
    text: &str,
    rows: usize,
    bk: usize,
) -> Result<SmemLayout, String> {
    let (sw, atom) = atom_in_elements(read, flag, text)?;
    let (_, a1) = atom_extents(flag, &atom)?;
    if sw.is_some_and(|s| s.bits == 3) && a1 != 64 {
        return Err(format!(
            "{flag}: SW128 needs 64 {} along K (one 128-byte swizzle row), the atom {atom} has {a1}",
            if ELEM_BYTES == 2 {
                "16-bit elements"
            } else {
                "elements"
            }
        ));
    }
    tile_stage(flag, sw, &atom, rows, bk)
}

/// Where TMA's `SWIZZLE_128B` box of (rows, 64) 16-bit elements puts element (r, k), in elements:
/// rows 128 bytes apart, the 16-byte chunk index XORed with the row modulo 8.
pub fn tma_sw128_offset(r: usize, k: usize) -> i64 {
    (r * 64 + (((k / 8) ^ (r % 8)) * 8) + k % 8) as i64
}

fn check_tma(flag: &str, s: &SmemLayout, rows: usize, bk: usize) -> Result<(), String> {
    for r in 0..rows {
        for k in 0..bk {
            let want = tma_sw128_offset(r, k);
            let got = s.at(r as i64, k as i64);
            if got != want {
                return Err(format!(
                    "{flag}: TMA's 128B-swizzled box puts element ({r},{k}) at {want}, the layout at {got}: TMA cannot fill this layout"
                ));
            }
        }
    }
    Ok(())
}

/// The byte distance between the `parts` equal row slices of a (rows, 64) stage, from its layout
/// (`2 L(rows/parts, 0)`); each slice must start where the last ends and on a 1024-byte boundary
/// (the 128B swizzle's period), so TMA writes each slice as it would the whole stage.
fn slice_bytes(flag: &str, s: &SmemLayout, rows: usize, parts: usize) -> Result<usize, String> {
    if parts <= 1 {
        return Ok(0);
    }
    let step = rows / parts;
    let at = |r: usize| {
        s.layout()
            .eval(&IntTuple::tuple([
                IntTuple::int(r as i64),
                IntTuple::int(0),
            ]))
            .unwrap_or(-1)
            * ELEM_BYTES
    };
    let d = at(step);
    for j in 0..parts {
        if at(j * step) != j as i64 * d || d % 1024 != 0 {
            return Err(format!(
                "{flag}: the {parts} slices of {step} rows that a cluster's CTAs multicast must lie 1024-byte aligned one after another; slice {j} starts at byte {}",
                at(j * step)
            ));
        }
    }
    Ok(d as usize)
}

/// The C staging must be what TMA's 128B-swizzled 64x64 boxes read: box b (columns 64 b..)
/// at element 4096 b, each box as [`tma_sw128_offset`].
fn check_c_boxes(c: &SmemLayout, bn: usize) -> Result<(), String> {
    for r in 0..64 {
        for col in 0..bn {
            let want = 4096 * (col / 64) as i64 + tma_sw128_offset(r, col % 64);
            let got = c.at(r as i64, col as i64);
            if got != want {
                return Err(format!(
                    "--tma-store: the C staging puts ({r},{col}) at {got}, TMA's box reads it at {want}"
                ));
            }
        }
    }
    Ok(())
}

/// `--tile` and `--stages` not given take this path's defaults: tile (64 × consumers, N, 64)
/// and the deepest pipeline up to 4 stages that fits in shared memory.
pub fn resolve_defaults(f: &GemmFlags) -> Result<GemmFlags, String> {
    let atom = parse_atom(f.mma.as_deref().unwrap_or_default())?;
    let mut r = f.clone();
    let consumers = check_consumers(f.consumers)?;
    let tile = f
        .tile
        .clone()
        .unwrap_or_else(|| format!("({},{},64)", 64 * consumers, atom.n));
    if f.stages.is_none() {
        let mut stages = 4;
        if let Ok(v) = int_list(f.read, "--tile", &tile, 3) {
            // C's staging at its narrowest (64 columns) when --tma-store
            let fixed = c_staging_bytes(f.tma_store, consumers, 64) + 1024;
            while stages > 2
                && fixed + stages * (v[0] + v[1]) * v[2] * 2 + 16 * stages > MAX_SMEM_BYTES
            {
                stages -= 1;
            }
        }
        r.stages = Some(stages);
    }
    r.tile = Some(tile);
    Ok(r)
}

/// `--consumers`, 1 to [`MAX_CONSUMERS`] (default [`DEFAULT_CONSUMERS`]).
fn check_consumers(c: Option<usize>) -> Result<usize, String> {
    let consumers = c.unwrap_or(DEFAULT_CONSUMERS);
    if consumers == 0 || consumers > MAX_CONSUMERS {
        return Err(format!(
            "--consumers: 1 to {MAX_CONSUMERS} consumer warpgroups (with the producer at most 4 warpgroups of 128 threads share the SM's registers), got {consumers}"
        ));
    }
    Ok(consumers)
}

/// Shared memory for C's staging (TMA store): 64 rows × `cols` of each consumer, 16-bit elements.
fn c_staging_bytes(tma_store: bool, consumers: usize, cols: usize) -> usize {
    if tma_store {
        consumers * 64 * cols * 2
    } else {
        0
    }
}

/// `--cluster`: `CM`, `(CM)` or `(CM,CN)`.
pub fn parse_cluster(read: ReadFlag, text: &str) -> Result<(usize, usize), String> {
    let t = text.trim();
    if let Ok(cm) = t.parse::<usize>() {
        if cm == 0 {
            return Err("--cluster: the cluster size must be positive".into());
        }
        return Ok((cm, 1));
    }
    let v = int_list(read, "--cluster", t, 2)
        .map_err(|_| format!("--cluster: expected CM or (CM,CN), positive integers, got {text}"))?;
    Ok((v[0], v[1]))
}

impl HopperConfig {
    /// Validate flags; `--tile` and `--stages` not given take this path's defaults
    /// ([`resolve_defaults`]: tile (64 × consumers, N, 64), up to 4 stages).
    pub fn from_flags(f: &GemmFlags) -> Result<HopperConfig, String> {
        let dtype = Dtype::parse(&f.dtype)?;
        let mma = f.mma.clone().unwrap_or_default();
        let atom = parse_atom(&mma)?;
        if atom.dtype != dtype {
            return Err(format!(
                "--mma: {mma} takes {} inputs, but --dtype is {}",
                atom.dtype.name(),
                dtype.name()
            ));
        }
        let f = &resolve_defaults(f)?;
        let (bm, bn, bk) = int3(f.read, "--tile", f.tile.as_deref().unwrap_or_default())?;
        let stages = f.stages.unwrap_or_default();
        let consumers = check_consumers(f.consumers)?;
        let regs = register_split(consumers);
        if atom.n > widest_n(consumers) {
            return Err(format!(
                "--consumers: with {consumers} consumer warpgroups ({} threads) ptxas has {} registers a thread (65536 / threads), too few for a 64x{} fp32 accumulator ({} registers) and about {CONSUMER_OVERHEAD_REGS} more: use fewer consumers or an atom with N <= {}",
                128 * (1 + consumers),
                compile_register_cap(consumers),
                atom.n,
                atom.n / 2,
                widest_n(consumers)
            ));
        }
        if bm != 64 * consumers {
            return Err(format!(
                "--tile: BM = {bm} must be 64 rows x {consumers} consumer warpgroups = {} (--consumers)",
                64 * consumers
            ));
        }
        if bn != atom.n {
            return Err(format!(
                "--tile: BN = {bn} must be the wgmma's N ({}) of {mma}",
                atom.n
            ));
        }
        if bk != 64 {
            return Err(format!(
                "--tile: BK = {bk} must be 64: one SW128 atom along K (TMA's 128B swizzle takes boxes 128 bytes wide)"
            ));
        }
        if stages < 2 {
            return Err("--stages: the pipeline needs at least 2 stages".into());
        }
        if f.tma_store && !bn.is_multiple_of(64) {
            return Err(format!(
                "--tma-store: BN = {bn} must be a multiple of 64 (C leaves through 64x64 boxes, 128-byte swizzled)"
            ));
        }
        // C is staged in chunks of 64 rows x c_chunk columns per consumer: the widest chunk
        // (a multiple of 64 dividing BN) that fits beside the stages
        let smem_with = |cols: usize| {
            stages
                .checked_mul((bm + bn) * bk * 2 + 16)
                .and_then(|x| x.checked_add(c_staging_bytes(f.tma_store, consumers, cols) + 1024))
                .unwrap_or(usize::MAX)
        };
        let c_chunk = if f.tma_store {
            (1..=bn / 64)
                .rev()
                .map(|q| 64 * q)
                .find(|w| bn.is_multiple_of(*w) && smem_with(*w) <= MAX_SMEM_BYTES)
                .unwrap_or(64)
        } else {
            0
        };
        let c_bytes = c_staging_bytes(f.tma_store, consumers, c_chunk);
        let smem = smem_with(c_chunk);
        if smem > MAX_SMEM_BYTES {
            let c_part = if f.tma_store {
                format!(" + {c_bytes} bytes of C staging (--tma-store)")
            } else {
                String::new()
            };
            return Err(format!(
                "--stages/--tile: {stages} stages of {bm}x{bk} + {bn}x{bk} elements{c_part} need {smem} bytes of shared memory (with barriers and alignment), more than {MAX_SMEM_BYTES}"
            ));
        }
        check_problem(f, "TMA needs row pitches that are multiples of 16 bytes")?;
        if f.tma_store && !f.n.is_multiple_of(8) {
            return Err(format!(
                "--tma-store: N = {} must be a multiple of 8 (TMA stores C rows whose pitch must be a multiple of 16 bytes)",
                f.n
            ));
        }
        let smem_a_atom = f.smem_a.clone().unwrap_or_else(|| default_atom(dtype));
        let smem_b_atom = f.smem_b.clone().unwrap_or_else(|| default_atom(dtype));
        let smem_a = stage_layout(f.read, "--smem-a", &smem_a_atom, bm, bk)?;
        let smem_b = stage_layout(f.read, "--smem-b", &smem_b_atom, bn, bk)?;
        let desc_a = GmmaDesc::derive("--smem-a", &smem_a, bm, bk)?;
        let desc_b = GmmaDesc::derive("--smem-b", &smem_b, bn, bk)?;
        check_tma("--smem-a", &smem_a, bm, bk)?;
        check_tma("--smem-b", &smem_b, bn, bk)?;
        let (tm, tn) = (f.m.div_ceil(bm), f.n.div_ceil(bn));
        let cluster = match &f.cluster {
            Some(t) => parse_cluster(f.read, t)?,
            None => (1, 1),
        };
        let (cm, cn) = cluster;
        if cm * cn > MAX_CLUSTER {
            return Err(format!(
                "--cluster: ({cm},{cn}) is {} CTAs, more than the {MAX_CLUSTER} of a portable cluster",
                cm * cn
            ));
        }
        if !tm.is_multiple_of(cm) {
            return Err(format!(
                "--cluster: {cm} CTAs along M must divide the {tm} tiles along M (M = {} in tiles of {bm} rows)",
                f.m
            ));
        }
        if !tn.is_multiple_of(cn) {
            return Err(format!(
                "--cluster: {cn} CTAs along N must divide the {tn} tiles along N (N = {} in tiles of {bn} columns)",
                f.n
            ));
        }
        if !bn.is_multiple_of(8 * cm) {
            return Err(format!(
                "--cluster: each of the {cm} CTAs along M loads BN/{cm} rows of the shared B tile, which must be a multiple of 8 (one swizzle atom); BN = {bn}"
            ));
        }
        if !bm.is_multiple_of(8 * cn) {
            return Err(format!(
                "--cluster: each of the {cn} CTAs along N loads BM/{cn} rows of the shared A tile, which must be a multiple of 8 (one swizzle atom); BM = {bm}"
            ));
        }
        let a_slice_bytes = slice_bytes("--smem-a", &smem_a, bm, cn)?;
        let b_slice_bytes = slice_bytes("--smem-b", &smem_b, bn, cm)?;
        let raster = raster_layout(f.read, &f.raster, tm / cm, tn / cn)?;
        let smem_c = if f.tma_store {
            let atom = Layout::new(
                IntTuple::tuple([IntTuple::int(8), IntTuple::int(64)]),
                IntTuple::tuple([IntTuple::int(64), IntTuple::int(1)]),
            )
            .map_err(|e| e.to_string())?;
            let sw = Swizzle::new(3, 3, 3).map_err(|e| e.to_string())?;
            let c = tile_stage("--tma-store", Some(sw), &atom, 64, c_chunk)?;
            check_c_boxes(&c, c_chunk)?;
            Some(c)
        } else {
            None
        };
        Ok(HopperConfig {
            m: f.m,
            n: f.n,
            k: f.k,
            dtype,
            mma,
            atom_n: atom.n,
            tile: (bm, bn, bk),
            stages,
            smem_a_atom,
            smem_b_atom,
            smem_a,
            smem_b,
            desc_a,
            desc_b,
            raster,
            raster_text: f.raster.clone(),
            consumers,
            regs,
            cluster,
            persistent: f.persistent,
            tma_store: f.tma_store,
            a_slice_bytes,
            b_slice_bytes,
            smem_c,
            c_chunk,
        })
    }

    /// Threads per block: one producer warpgroup and the consumers.
    pub fn threads(&self) -> usize {
        128 * (1 + self.consumers)
    }

    /// CTAs per cluster.
    pub fn cluster_size(&self) -> usize {
        self.cluster.0 * self.cluster.1
    }

    /// Clusters along M and N (the raster's grid).
    pub fn cluster_grid(&self) -> (usize, usize) {
        let (tm, tn) = self.tiles();
        (tm / self.cluster.0, tn / self.cluster.1)
    }

    /// Blocks to launch on a GPU with `sms` multiprocessors: one per tile, or with
    /// `persistent` one per SM (whole clusters, no more than there are tiles).
    pub fn grid_blocks(&self, sms: usize) -> usize {
        let (tm, tn) = self.tiles();
        if self.persistent {
            let cs = self.cluster_size();
            let (gm, gn) = self.cluster_grid();
            (sms / cs).clamp(1, gm * gn) * cs
        } else {
            tm * tn
        }
    }

    /// Bytes of one consumer's C staging (0 without `tma_store`).
    pub fn c_consumer_bytes(&self) -> usize {
        if self.tma_store {
            64 * self.c_chunk * 2
        } else {
            0
        }
    }

    /// Bytes of one stage of A.
    pub fn a_stage_bytes(&self) -> usize {
        self.tile.0 * self.tile.2 * 2
    }

    /// Bytes of one stage of B.
    pub fn b_stage_bytes(&self) -> usize {
        self.tile.1 * self.tile.2 * 2
    }

    /// Dynamic shared memory: the stages, 1024 bytes to align them, and the barriers.
    pub fn smem_bytes(&self) -> usize {
        self.stages * (self.a_stage_bytes() + self.b_stage_bytes())
            + self.consumers * self.c_consumer_bytes()
            + 1024
            + 16 * self.stages
    }

    /// Tiles along M and N.
    pub fn tiles(&self) -> (usize, usize) {
        (self.m.div_ceil(self.tile.0), self.n.div_ceil(self.tile.1))
    }
}

impl fmt::Display for HopperConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (bm, bn, bk) = self.tile;
        write!(
            f,
            "wgmma 64x{}x16 {bm}x{bn}x{bk} TMA SW128, {} consumer{}, stages {} raster {}",
            self.atom_n,
            self.consumers,
            if self.consumers == 1 { "" } else { "s" },
            self.stages,
            self.raster_text
        )?;
        let (cm, cn) = self.cluster;
        if cm * cn > 1 {
            let what: Vec<&str> = [(cm > 1, "B"), (cn > 1, "A")]
                .iter()
                .filter(|(on, _)| *on)
                .map(|(_, w)| *w)
                .collect();
            write!(f, ", cluster ({cm},{cn}) multicast {}", what.join("+"))?;
        }
        if self.persistent {
            write!(f, ", persistent")?;
        }
        if self.tma_store {
            write!(f, ", TMA store")?;
            if self.c_chunk < self.tile.1 {
                write!(f, " ({} columns at a time)", self.c_chunk)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(f: impl FnOnce(&mut GemmFlags)) -> GemmFlags {
        let mut g = GemmFlags {
            mma: Some("SM90_64x256x16_F32BF16BF16_SS<K,K>".into()),
            ..GemmFlags::new(crate::app::read_gemm_flag)
        };
        f(&mut g);
        g
    }

    #[test]
    fn descriptors_follow_from_the_sw128_atom() {
        let c = HopperConfig::from_flags(&flags(|_| {})).unwrap();
        assert_eq!(c.tile, (128, 256, 64));
        assert_eq!(c.stages, 4);
        for d in [&c.desc_a, &c.desc_b] {
            assert_eq!(d.mode, 1, "128B swizzle");
            // 8 rows of 128 bytes per group: SBO = 1024
            assert_eq!(d.sbo, 1024);
            assert_eq!(d.lbo, 16);
            // k16 slices 32 bytes apart inside the 128-byte swizzle row
            assert_eq!(d.k_offsets, vec![0, 32, 64, 96]);
            assert_eq!(d.constant(), (1u64 << 62) | (64u64 << 32) | (1u64 << 16));
        }
        // the second consumer's 64 rows start 64 * 128 bytes in
        assert_eq!(c.desc_a.row_offsets, vec![0, 8192]);
        // the plain element-unit swizzle is the same layout
        let e = HopperConfig::from_flags(&flags(|g| {
            g.smem_a = Some("Sw<3,3,3> o (8,64):(64,1)".into());
        }))
        .unwrap();
        assert_eq!(e.desc_a, c.desc_a);
    }

    #[test]
    fn layouts_wgmma_and_tma_cannot_use_are_refused() {
        let err = |f: fn(&mut GemmFlags)| HopperConfig::from_flags(&flags(f)).unwrap_err();
        assert!(
            err(|g| g.smem_a = Some("Sw<2,3,3> o (8,32):(32,1)".into()))
                .contains("64-byte swizzle")
        );
        assert!(
            err(|g| g.smem_b = Some("Sw<3,3,3> o (8,32):(32,1)".into()))
                .contains("SW128 needs 64 16-bit elements along K")
        );
        assert!(err(|g| g.smem_a = Some("(8,64):(64,1)".into())).contains("128-byte swizzle"));
        assert!(err(|g| g.smem_b = Some("Sw<3,3,3> o (8,64):(1,8)".into())).contains("dense rows"));
        assert!(err(|g| g.tile = Some("(128,256,32)".into())).starts_with("--tile: BK"));
        assert!(err(|g| g.tile = Some("(128,192,64)".into())).starts_with("--tile: BN"));
        assert!(err(|g| g.stages = Some(6)).starts_with("--stages/--tile"));
        assert!(
            err(|g| g.mma = Some("SM90_64x256x16_F32BF16BF16_SS<MN,K>".into())).contains("<K,K>")
        );
        assert!(err(|g| g.dtype = "f16".into()).contains("--dtype"));
    }
}
