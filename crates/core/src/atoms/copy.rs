//! Copy atoms and tiled copies, ported from CuTe's `atom/copy_atom.hpp` and the `Copy_Traits`
//! of `copy_traits.hpp`, `copy_traits_sm75.hpp` and `copy_traits_sm80.hpp`.

use std::fmt;

use super::tiled_mma::{Operand, TiledMma};
use super::util::{col, compose_modes, lay, upcast, zip};
use crate::algebra::coord::Coord;
use crate::algebra::divide::{raked_product, zipped_divide};
use crate::algebra::error::condition;
use crate::algebra::inverse::{self, right_inverse};
use crate::algebra::{IntTuple, Layout, Result, Tiler, composition};

/// `Copy_Atom<Copy_Traits<Op>, ValType>`.
#[derive(Clone, Debug, Eq)]
pub struct CopyAtom {
    /// The operation as CuTe spells it (canonical form).
    pub op: String,
    /// The value type as CuTe spells it (canonical form).
    pub val_type: String,
    /// Bits of the value type.
    pub val_bits: i64,
    /// `ThrID`.
    pub thr_id: Layout,
    /// `SrcLayout`, `DstLayout`, `RefLayout` in bits: (thread, value) -> bit.
    pub bit_src: Layout,
    /// See `bit_src`.
    pub bit_dst: Layout,
    /// See `bit_src`.
    pub bit_ref: Layout,
    /// `NumBitsPerTMA` of a TMA or bulk copy's `Copy_Traits<OP, NumBitsPerTMA>`.
    pub tma_bits: Option<i64>,
    /// The TMA box this atom moves, when `make_tma_atom`/`make_tma_copy` made it.
    pub tma: Option<Box<super::tma::TmaCopy>>,
    /// Made by the CuTe DSL's `make_copy_atom(CopyUniversalOp(), T)` without
    /// `num_bits_per_copy` (or with 0, "auto"): one element a copy, whose TV layouts the DSL
    /// prints `(1,1):(0,0)`.
    pub dsl_auto_bits: bool,
}

/// Canonical name and bits of a copy atom's value type: CuTe's names and the short ones (`f16`,
/// `bf16`, `f32`, `tf32`, `u8`, `s8`, ...).
pub fn element_type(name: &str) -> Option<(&'static str, i64)> {
    crate::algebra::element::Element::of_copy(name).map(|e| (e.name(), e.bits))
}

/// The copy operations [`op_names`] lists before the catalog's rows: the templated ones at the
/// types they are usually named with, and the two that take no layouts.
const NAMED_TEMPLATED_OPS: &[&str] = &[
    "UniversalCopy<uint32_t>",
    "UniversalCopy<uint64_t>",
    "UniversalCopy<uint128_t>",
    "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>",
    "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>",
    "DefaultCopy",
    "AutoVectorizingCopy",
];

/// Whether NAME is one of [`op_names`], by a lookup in the catalog (no list built).
pub fn is_op_name(name: &str) -> bool {
    NAMED_TEMPLATED_OPS.contains(&name) || super::catalog::copy_row(name).is_some()
}

/// The copy operations, as CuTe spells them (one-thread ones with a 128-bit type).
pub fn op_names() -> Vec<String> {
    let mut out: Vec<String> = NAMED_TEMPLATED_OPS.iter().map(|s| s.to_string()).collect();
    out.extend(
        super::catalog::copy_rows()
            .iter()
            .map(|r| r.name.to_string()),
    );
    out
}

/// The templated copy operations (their layouts follow from the type's bits), for the catalog:
/// (name, architecture, what it is).
pub fn templated_ops() -> &'static [(&'static str, &'static str, &'static str)] {
    &[
        (
            "UniversalCopy<S[,D]>",
            "any",
            "one thread copies one S (8 to 128 bits)",
        ),
        (
            "DefaultCopy",
            "any",
            "one thread, one value; vectorized as alignment allows",
        ),
        (
            "AutoVectorizingCopy",
            "any",
            "one thread, one value; vectorized as alignment allows",
        ),
        (
            "AutoVectorizingCopyWithAssumedAlignment<N>",
            "any",
            "one thread, one value, N-bit alignment assumed",
        ),
        (
            "SM80_CP_ASYNC_CACHEALWAYS<S[,D]>",
            "sm_80",
            "cp.async.ca of 32, 64 or 128 bits",
        ),
        (
            "SM80_CP_ASYNC_CACHEGLOBAL<S[,D]>",
            "sm_80",
            "cp.async.cg of 128 bits",
        ),
        (
            "SM80_CP_ASYNC_CACHEALWAYS_ZFILL<S[,D]>",
            "sm_80",
            "cp.async.ca with zero fill",
        ),
        (
            "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<S[,D]>",
            "sm_80",
            "cp.async.cg with zero fill",
        ),
    ]
}

/// The element types' canonical names.
pub fn type_names() -> Vec<String> {
    [
        "half_t",
        "bfloat16_t",
        "float",
        "tfloat32_t",
        "double",
        "int8_t",
        "uint8_t",
        "int32_t",
        "uint32_t",
        "uint128_t",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

fn template_arg(name: &str, prefix: &str) -> Option<Vec<String>> {
    let inner = name
        .strip_prefix(prefix)?
        .strip_prefix('<')?
        .strip_suffix('>')?;
    Some(inner.split(',').map(str::to_string).collect())
}

fn bad(why: impl Into<String>) -> crate::algebra::AlgebraError {
    condition("copy_atom", why)
}

/// The one-thread copies: `(canonical op, bits of S, bits of D)`.
fn one_thread(op: &str) -> Result<Option<(String, i64, i64)>> {
    const FAMILIES: &[&str] = &[
        "UniversalCopy",
        "SM80_CP_ASYNC_CACHEALWAYS_ZFILL",
        "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL",
        "SM80_CP_ASYNC_CACHEALWAYS",
        "SM80_CP_ASYNC_CACHEGLOBAL",
    ];
    if let Some(fam) = FAMILIES.iter().find(|f| **f == op) {
        return Err(bad(format!(
            "{fam} is a template over the value types it copies: write {fam}<S> or {fam}<S,D>, e.g. {fam}<uint128_t>"
        )));
    }
    for fam in FAMILIES {
        let Some(args) = template_arg(op, fam) else {
            continue;
        };
        let types = args
            .iter()
            .map(|a| element_type(a).ok_or_else(|| bad(format!("unknown type '{a}' in {op}"))))
            .collect::<Result<Vec<_>>>()?;
        let (s, d) = match types.as_slice() {
            [s] => (*s, *s),
            [s, d] => (*s, *d),
            _ => return Err(bad(format!("{fam} takes one or two types, got {op}"))),
        };
        if fam.starts_with("SM80_CP_ASYNC") {
            let ok = if fam.contains("CACHEGLOBAL") {
                s.1 == 128
            } else {
                [32, 64, 128].contains(&s.1)
            };
            if !ok || s.1 != d.1 {
                return Err(bad(format!(
                    "{fam} copies 4, 8 or 16 bytes (CACHEGLOBAL only 16) per thread, not {} bits",
                    s.1
                )));
            }
        }
        if s.1 < 8 || d.1 < 8 {
            return Err(bad(format!("{fam} needs types of at least 8 bits")));
        }
        let canonical = if s.0 == d.0 {
            format!("{fam}<{}>", s.0)
        } else {
            format!("{fam}<{},{}>", s.0, d.0)
        };
        return Ok(Some((canonical, s.1, d.1)));
    }
    Ok(None)
}

/// Equal atoms are the same copy: how the DSL prints one (`dsl_auto_bits`) is not compared.
impl PartialEq for CopyAtom {
    fn eq(&self, other: &Self) -> bool {
        let CopyAtom {
            op,
            val_type,
            val_bits,
            thr_id,
            bit_src,
            bit_dst,
            bit_ref,
            tma_bits,
            tma,
            dsl_auto_bits: _,
        } = self;
        *op == other.op
            && *val_type == other.val_type
            && *val_bits == other.val_bits
            && *thr_id == other.thr_id
            && *bit_src == other.bit_src
            && *bit_dst == other.bit_dst
            && *bit_ref == other.bit_ref
            && *tma_bits == other.tma_bits
            && *tma == other.tma
    }
}

impl CopyAtom {
    /// `Copy_Atom<OP, TYPE>`.
    pub fn new(op: &str, val_type: &str) -> Result<CopyAtom> {
        let (type_name, bits) = element_type(val_type).ok_or_else(|| {
            bad(format!(
                "unknown element type '{val_type}' (half_t|f16, bfloat16_t|bf16, float|f32, tfloat32_t|tf32, double, int8_t|s8, uint8_t|u8, ...)"
            ))
        })?;
        let op = op.trim_start_matches("cute::");
        let (canonical, thr_id, src, dst, reference) = if let Some((c, s, d)) = one_thread(op)? {
            let src = lay(&format!("(1,{s}):(0,1)"));
            let dst = lay(&format!("(1,{d}):(0,1)"));
            (c, lay("1:0"), src.clone(), dst, src)
        } else if let Some(alignment) = auto_vectorizing(op) {
            let l = lay("(1,1):(0,0)");
            (alignment, lay("1:0"), l.clone(), l.clone(), l)
        } else if let Some(r) = super::catalog::copy_row(op) {
            let parse = |text: &str| {
                text.parse::<Layout>().map_err(|e| {
                    bad(format!(
                        "CuTe 4.7's traits of {op} give the layout {text}, which cute does not model: {e}"
                    ))
                })
            };
            (
                op.to_string(),
                parse(r.thr_id)?,
                parse(r.src)?,
                parse(r.dst)?,
                parse(r.reference)?,
            )
        } else {
            return Err(bad(unknown_op(op)));
        };
        for (what, l) in [("source", &src), ("destination", &dst)] {
            let v = l.mode(1)?.size()?;
            // recast_layout<uint1_t, T>: upcast's shape_div, CuTe's static_assert that one of
            // the two divides the other ("Static shape_div failure"); an atom narrower than T
            // moves one value
            if v != 1 && v % bits != 0 && bits % v != 0 {
                return Err(bad(format!(
                    "{canonical} moves {v} bits per thread in its {what}, neither a multiple nor a divisor of {type_name}'s {bits} bits (CuTe's shape_div static_assert)"
                )));
            }
        }
        let atom = CopyAtom {
            op: canonical,
            val_type: type_name.to_string(),
            val_bits: bits,
            thr_id,
            bit_src: src,
            bit_dst: dst,
            bit_ref: reference,
            tma_bits: None,
            tma: None,
            dsl_auto_bits: false,
        };
        let n = atom.thr_id.size()?;
        for l in [atom.val_src()?, atom.val_dst()?, atom.val_ref()?] {
            if l.mode(0)?.size()? != n {
                return Err(bad(format!(
                    "CopyOperation is not valid for {}: {l} has not {n} threads",
                    atom.val_type
                )));
            }
        }
        Ok(atom)
    }

    /// `Copy_Traits<OP>`: the operation's layouts in bits, with no value type (a copy atom of
    /// 1-bit values, printed `copy_traits(OP)`); a TMA or bulk copy takes its bits per copy,
    /// `Copy_Traits<SM90_TMA_LOAD, Int<N>>` (`copy_traits(SM90_TMA_LOAD, N)`).
    pub fn traits(op: &str, tma_bits: Option<i64>) -> Result<CopyAtom> {
        let op = op.trim_start_matches("cute::");
        if let Some(atom) = tma_traits(op, tma_bits)? {
            return Ok(atom);
        }
        if tma_bits.is_some() {
            return Err(bad(format!(
                "Copy_Traits<{op}> takes no NumBitsPerTMA: only the TMA and bulk copies do ({})",
                TMA_OPS
                    .iter()
                    .map(|(n, _)| *n)
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let mut atom = CopyAtom::new(op, "uint1b_t")?;
        atom.val_type = String::new();
        Ok(atom)
    }

    fn recast(&self, l: &Layout) -> Result<Layout> {
        if self.val_bits == 1 {
            return Ok(l.clone());
        }
        upcast(l, self.val_bits)
    }

    /// `ValLayoutSrc`: (thread, value) -> value offset.
    pub fn val_src(&self) -> Result<Layout> {
        self.recast(&self.bit_src)
    }

    /// `ValLayoutDst`.
    pub fn val_dst(&self) -> Result<Layout> {
        self.recast(&self.bit_dst)
    }

    /// The source TV layout as the CuTe DSL gives it (`layout_src_tv`, `src` false: the
    /// destination's): C++'s, but `(1,1):(0,0)` for `CopyUniversalOp`'s auto width.
    pub fn dsl_val(&self, src: bool) -> Result<Layout> {
        if self.dsl_auto_bits {
            return Ok(lay("(1,1):(0,0)"));
        }
        if src { self.val_src() } else { self.val_dst() }
    }

    /// `ValLayoutRef`.
    pub fn val_ref(&self) -> Result<Layout> {
        self.recast(&self.bit_ref)
    }

    /// `NumValSrc`/`NumValDst`: values per thread.
    pub fn num_val(&self, src: bool) -> Result<i64> {
        let l = if src {
            self.val_src()?
        } else {
            self.val_dst()?
        };
        l.mode(1)?.size()
    }

    /// `right_inverse(AtomLayoutRef).compose(AtomLayoutSrc or Dst)`.
    fn ref2trg(&self, src: bool) -> Result<Layout> {
        let target = if src {
            self.val_src()?
        } else {
            self.val_dst()?
        };
        composition::compose(&right_inverse(&self.val_ref()?)?, &target)
    }
}

/// The TMA and bulk copies of `copy_traits_sm90_tma.hpp` and `copy_traits_sm100_tma.hpp`, whose
/// traits take `NumBitsPerTMA` (the bits one copy moves, which `make_tma_atom` derives from the
/// box): the threads of their `ThrID` (the 2-SM loads have 2).
const TMA_OPS: &[(&str, i64)] = &[
    ("SM90_TMA_LOAD", 1),
    ("SM90_TMA_LOAD_MULTICAST", 1),
    ("SM90_TMA_STORE", 1),
    ("SM90_TMA_REDUCE_ADD", 1),
    ("SM90_BULK_COPY_G2S", 1),
    ("SM90_BULK_COPY_S2G", 1),
    ("SM100_TMA_2SM_LOAD", 2),
    ("SM100_TMA_2SM_LOAD_MULTICAST", 2),
    ("SM100_TMA_LOAD_2D_GATHER4", 1),
    ("SM100_TMA_LOAD_MULTICAST_2D_GATHER4", 1),
    ("SM100_TMA_STORE_2D_SCATTER4", 1),
    ("SM90_TMA_LOAD_IM2COL", 1),
    ("SM90_TMA_LOAD_IM2COL_MULTICAST", 1),
    ("SM90_TMA_STORE_IM2COL", 1),
    ("SM100_TMA_2SM_LOAD_IM2COL", 2),
    ("SM100_TMA_2SM_LOAD_IM2COL_MULTICAST", 2),
];

/// The TMA and bulk copies, for the catalog: (name, architecture, threads of `ThrID`, what it
/// is). Their traits take the bits one copy moves (`copy_traits(OP, N)`), which
/// `make_tma_atom`/`make_tma_copy` derive from the box; `SM90_BULK_COPY_AUTO` takes none.
pub fn tma_ops() -> Vec<(&'static str, &'static str, i64, String)> {
    let mut out: Vec<(&'static str, &'static str, i64, String)> = TMA_OPS
        .iter()
        .map(|&(name, threads)| {
            let arch = if name.starts_with("SM100_") {
                "sm_100"
            } else {
                "sm_90"
            };
            let what = if name.contains("IM2COL") {
                "im2col TMA; Copy_Traits<OP, NumBitsPerTMA, TMATensor>, the box from make_im2col_tma_copy"
                    .to_string()
            } else if name.contains("GATHER4") || name.contains("SCATTER4") {
                "TMA gather4/scatter4 (4 rows by index); Copy_Traits<OP, NumBitsPerTMA>, the box (one row, 4 times) from make_tma_atom/make_tma_copy"
                    .to_string()
            } else if name.contains("BULK_COPY") {
                "bulk copy; Copy_Traits<OP, NumBitsPerTMA> (a multiple of 128 bits)".to_string()
            } else {
                "TMA; Copy_Traits<OP, NumBitsPerTMA>, the box from make_tma_atom/make_tma_copy"
                    .to_string()
            };
            (name, arch, threads, what)
        })
        .collect();
    out.push((
        "SM90_BULK_COPY_AUTO",
        "sm_90",
        1,
        "bulk copy of any size; Copy_Traits<OP> without NumBitsPerTMA".to_string(),
    ));
    out
}

/// `Copy_Traits<OP, NumBitsPerTMA>` of a TMA or bulk copy: `ThrID = T`,
/// `SrcLayout = DstLayout = RefLayout = (T,N):(N,1)` (`(1,N):(0,1)` for one thread);
/// `SM90_BULK_COPY_AUTO` takes no bits and has `(1,1):(0,0)`.
fn tma_traits(op: &str, bits: Option<i64>) -> Result<Option<CopyAtom>> {
    let atom = |threads: i64, l: Layout| CopyAtom {
        op: op.to_string(),
        val_type: String::new(),
        val_bits: 1,
        thr_id: lay(&format!("{threads}:1")),
        bit_src: l.clone(),
        bit_dst: l.clone(),
        bit_ref: l,
        tma_bits: bits,
        tma: None,
        dsl_auto_bits: false,
    };
    if op == "SM90_BULK_COPY_AUTO" {
        if bits.is_some() {
            return Err(bad(
                "Copy_Traits<SM90_BULK_COPY_AUTO> takes no NumBitsPerTMA",
            ));
        }
        let mut a = atom(1, lay("(1,1):(0,0)"));
        a.thr_id = lay("1:0");
        return Ok(Some(a));
    }
    let Some(&(_, threads)) = TMA_OPS.iter().find(|(n, _)| *n == op) else {
        return Ok(None);
    };
    let Some(n) = bits else {
        return Err(bad(format!(
            "Copy_Traits<{op}, NumBitsPerTMA>: a TMA or bulk copy's traits take the bits one copy moves, e.g. copy_traits({op}, 1024) (make_tma_atom derives them from the box)"
        )));
    };
    // an int in CuTe
    if !(1..=i64::from(i32::MAX)).contains(&n) {
        return Err(bad(format!(
            "NumBitsPerTMA must be a positive int (at most 2^31-1), got {n}"
        )));
    }
    if op.starts_with("SM90_BULK_COPY") && (n / 8) % 16 != 0 {
        return Err(bad(format!(
            "Bulk Copy requires copy vector size align to 16B (CuTe's static_assert): {n} bits"
        )));
    }
    let l = if threads == 1 {
        lay(&format!("(1,{n}):(0,1)"))
    } else {
        lay(&format!("({threads},{n}):({n},1)"))
    };
    let mut a = atom(threads, l);
    if threads == 1 {
        a.thr_id = lay("1:0");
    }
    Ok(Some(a))
}

/// Why `op` is not a copy operation, with the closest names of the catalog.
fn unknown_op(op: &str) -> String {
    if op == "AutoVectorizingCopyWithAssumedAlignment" {
        return format!(
            "{op} is a template over the alignment it assumes, in bits: write {op}<N>, e.g. {op}<128>"
        );
    }
    let names = op_names();
    let near = crate::spelling::closest_among(op, names.iter().map(String::as_str));
    let hint = "`cute atoms --kind copy` lists them; the one-thread copies take a type: UniversalCopy<T>, SM80_CP_ASYNC_CACHEALWAYS<T>, SM80_CP_ASYNC_CACHEGLOBAL<T>";
    if near.is_empty() {
        format!("unknown copy operation '{op}' ({hint})")
    } else {
        format!(
            "unknown copy operation '{op}'; did you mean {}? ({hint})",
            near.join(", ")
        )
    }
}

fn auto_vectorizing(op: &str) -> Option<String> {
    match op {
        "DefaultCopy" | "AutoVectorizingCopy" => Some(op.to_string()),
        "AutoVectorizingCopyWithAssumedAlignment" => None,
        _ => {
            let args = template_arg(op, "AutoVectorizingCopyWithAssumedAlignment")?;
            let [n] = args.as_slice() else { return None };
            let n: i64 = n.trim_start_matches('_').parse().ok()?;
            Some(format!("AutoVectorizingCopyWithAssumedAlignment<{n}>"))
        }
    }
}

impl fmt::Display for CopyAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(t) = &self.tma {
            return write!(f, "{t}");
        }
        if self.val_type.is_empty() {
            return match self.tma_bits {
                Some(n) => write!(f, "copy_traits({}, {n})", self.op),
                None => write!(f, "copy_traits({})", self.op),
            };
        }
        write!(f, "copy_atom({}, {})", self.op, self.val_type)
    }
}

/// How a tiled copy was made (for printing it back).
// layouts are held inline (no allocation for small ones), so the variants holding two are large
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CopyOrigin {
    /// `make_tiled_copy(atom, thr_layout, val_layout)`.
    ThrVal(Layout, Layout),
    /// `make_tiled_copy_{A,B,C}(atom, tiled_mma)`.
    Mma(Operand, Box<TiledMma>),
    /// `make_tiled_copy_C_atom(atom, tiled_mma)`.
    MmaCAtom(Box<TiledMma>),
    /// `make_tiled_copy_S(atom, tiled_copy)` (`true`) or `make_tiled_copy_D`.
    Copy(bool, Box<TiledCopy>),
    /// `make_cotiled_copy(atom, atom_tv_layout, data_layout)`.
    Cotiled(Layout, Layout),
    /// `make_tiled_copy_impl(atom, layout_tv, tiler_mn)` (the CuTe DSL's `make_tiled_copy`).
    LayoutTv(Layout, Tiler<'static>),
    /// `make_tma_copy(op, gtensor, slayout, cta_tiler, cluster_size)` (the atom holds it).
    Tma,
    /// `make_tmem_copy(atom, tmem_tensor)`: the TMEM tensor's pointer and layout.
    Tmem(Box<crate::algebra::pointer::Pointer>, Layout),
}

/// `TiledCopy<Copy_Atom, LayoutCopy_TV, ShapeTiler_MN>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiledCopy {
    /// The atom.
    pub atom: CopyAtom,
    /// How it was made.
    pub origin: CopyOrigin,
    /// `TiledLayout_TV`: (thread, value) -> column-major offset in the tile.
    pub layout_tv: Layout,
    /// `Tiler_MN`: a shape (a tuple of [`Tiler::Int`]), or a tuple of layouts where the copy
    /// is cotiled.
    pub tiler: Tiler<'static>,
}

/// `make_layout_tv(thr, val)` as CuTe's Python DSL defines it: `(tiler_mn, layout_tv)`.
pub fn make_layout_tv(thr: &Layout, val: &Layout) -> Result<(IntTuple, Layout)> {
    let layout_mn = raked_product(thr, val)?;
    let tv_shape = IntTuple::tuple([IntTuple::int(thr.size()?), IntTuple::int(val.size()?)]);
    let layout_tv = composition::compose(&right_inverse(&layout_mn)?, &col(tv_shape)?)?;
    Ok((layout_mn.shape().product_each()?, layout_tv))
}

impl TiledCopy {
    /// `make_tiled_copy(atom, thr_layout, val_layout)`.
    pub fn new(atom: CopyAtom, thr: Layout, val: Layout) -> Result<TiledCopy> {
        let (tiler, layout_tv) = make_layout_tv(&thr, &val)?;
        TiledCopy::checked(TiledCopy {
            atom,
            origin: CopyOrigin::ThrVal(thr, val),
            layout_tv,
            tiler: Tiler::from_shape(&tiler),
        })
    }

    /// `make_tiled_copy_impl(atom, layout_tv, tiler_mn)` (copy_atom.hpp; the CuTe DSL's
    /// `make_tiled_copy`): `TiledCopy<Atom, LayoutCopy_TV, Tiler_MN>` as given.
    pub fn from_layout_tv(
        atom: CopyAtom,
        layout_tv: Layout,
        tiler: Tiler<'static>,
    ) -> Result<TiledCopy> {
        TiledCopy::checked(TiledCopy {
            atom,
            origin: CopyOrigin::LayoutTv(layout_tv.clone(), tiler.clone()),
            layout_tv,
            tiler,
        })
    }

    /// `make_tiled_copy_{A,B,C}(atom, tiled_mma)`.
    pub fn from_mma(atom: CopyAtom, op: Operand, mma: TiledMma) -> Result<TiledCopy> {
        let (p, q) = match op {
            Operand::A => (0, 2),
            Operand::B => (1, 2),
            Operand::C => (0, 1),
        };
        let tiler = Tiler::tuple(vec![
            Tiler::Int(mma.tile_size_mnk(p)?),
            Tiler::Int(mma.tile_size_mnk(q)?),
        ]);
        let layout_tv = mma.layout_tv(op)?;
        TiledCopy::checked(TiledCopy {
            atom,
            origin: CopyOrigin::Mma(op, Box::new(mma)),
            layout_tv,
            tiler,
        })
    }

    /// `make_tiled_copy_S(atom, tiled_copy)` (`src`) or `make_tiled_copy_D`: the atom over the
    /// source (destination) TV layout of another tiled copy, with its tiler.
    pub fn from_copy(atom: CopyAtom, src: bool, other: TiledCopy) -> Result<TiledCopy> {
        let layout_tv = other.layout_tv_of(src)?;
        let tiler = other.tiler.clone();
        TiledCopy::checked(TiledCopy {
            atom,
            origin: CopyOrigin::Copy(src, Box::new(other)),
            layout_tv,
            tiler,
        })
    }

    /// `make_tiled_copy_C_atom(atom, mma)`: the smallest tiled copy that retiles the MMA's C
    /// TV layout, keeping its value order.
    ///
    /// `layout_TV = layoutC_TV o (size<0>(layoutC_TV), NumValSrc)`; per mode i of the MMA's
    /// (M,N) tile, `tiler_i = filter((M,N):(0..1 at i..0) o layout_TV)`; then
    /// `layout_tv = left_inverse((M,N) o tiler) o layout_TV`.
    pub fn mma_c_atom(atom: CopyAtom, mma: TiledMma) -> Result<TiledCopy> {
        const OP: &str = "make_tiled_copy_C_atom";
        let layout_c = mma.layout_tv(Operand::C)?;
        let copy_v = atom.num_val(true)?;
        let (threads, vals) = (layout_c.mode(0)?.size()?, layout_c.mode(1)?.size()?);
        if copy_v > vals {
            return Err(condition(
                OP,
                format!(
                    "the copy atom's {copy_v} source values exceed the {vals} values per thread of the MMA's C layout"
                ),
            ));
        }
        let layout_tv = composition::compose(
            &layout_c,
            &col(IntTuple::tuple([
                IntTuple::int(threads),
                IntTuple::int(copy_v),
            ]))?,
        )?;
        let mma_tiler = IntTuple::tuple([
            IntTuple::int(mma.tile_size_mnk(0)?),
            IntTuple::int(mma.tile_size_mnk(1)?),
        ]);
        let (tiler, layout_tv) = cotile(&mma_tiler, &layout_tv)?;
        TiledCopy::checked(TiledCopy {
            atom,
            origin: CopyOrigin::MmaCAtom(Box::new(mma)),
            layout_tv,
            tiler,
        })
    }

    /// `make_tma_copy(...)`: the tiled copy around a TMA atom ([`super::tma::TmaCopy::tiled`]).
    pub fn tma(t: super::tma::TmaCopy) -> Result<TiledCopy> {
        let (layout_tv, tiler) = t.tiled()?;
        let mut atom = t.atom()?;
        if let Some(a) = atom.tma.as_mut() {
            a.atom_only = false;
        }
        TiledCopy::checked(TiledCopy {
            atom,
            origin: CopyOrigin::Tma,
            layout_tv,
            tiler,
        })
    }

    /// `make_cotiled_copy(atom, atom_tv_layout, data_layout)`: threads and values given as
    /// offsets into `data_layout`'s codomain.
    ///
    /// `layout_tv_data = (left_inverse(data), 1:0) o atom_tv`, checked to address only memory
    /// of `data`; then tiled as [`TiledCopy::mma_c_atom`] tiles (by `product_each(shape(data))`).
    pub fn cotiled(atom: CopyAtom, atom_tv: Layout, data: Layout) -> Result<TiledCopy> {
        const OP: &str = "make_cotiled_copy";
        for (what, l) in [("atom_tv_layout", &atom_tv), ("data_layout", &data)] {
            if !l.is_static() {
                return Err(condition(
                    OP,
                    format!(
                        "the {what} {l} must be static (CuTe's static_assert: is_static<{}>)",
                        if what == "data_layout" {
                            "DataLayout"
                        } else {
                            "AtomTVLayout"
                        }
                    ),
                ));
            }
        }
        let stride0 = Layout::new(IntTuple::int(1), IntTuple::int(0))?;
        let inv_data = Layout::concat(&[inverse::left_inverse(&data)?, stride0.clone()]);
        let layout_tv_data = composition::compose(&inv_data, &atom_tv)?;
        // every address of atom_tv exists in data
        let data_ext = Layout::concat(&[data.clone(), stride0]);
        let lhs = composition::compose(&data_ext, &layout_tv_data.mode(1)?)?.coalesce()?;
        let rhs = atom_tv.mode(1)?.coalesce()?;
        if lhs != rhs {
            return Err(condition(
                OP,
                format!(
                    "the memory pointed to by the atom's TV layout {atom_tv} does not exist in the data layout {data} (CuTe's static_assert)"
                ),
            ));
        }
        let flat_shape = data.shape().product_each()?;
        let (tiler, layout_tv) = cotile(&flat_shape, &layout_tv_data)?;
        TiledCopy::checked(TiledCopy {
            atom,
            origin: CopyOrigin::Cotiled(atom_tv, data),
            layout_tv,
            tiler,
        })
    }

    /// `Tiler_MN`'s shape, `shape(Tiler_MN{})`.
    pub fn tiler_shape(&self) -> Result<IntTuple> {
        fn shape(t: &Tiler) -> Result<IntTuple> {
            Ok(match t {
                Tiler::Int(n) => IntTuple::int(*n),
                Tiler::Layout(l) => l.shape().to_owned(),
                Tiler::Under => return Err(condition("Tiler_MN", "'_' has no shape")),
                Tiler::Tuple(v) => v.iter().map(shape).collect::<Result<IntTuple>>()?,
            })
        }
        shape(&self.tiler)
    }

    /// `tile_size<I...>(tiled_copy)`: `size<I...>(Tiler_MN)`.
    pub fn tile_size(&self, modes: &[usize]) -> Result<i64> {
        let mut t = &self.tiler;
        for &i in modes {
            t = match t {
                Tiler::Tuple(v) => v.get(i),
                _ if i == 0 => Some(t),
                _ => None,
            }
            .ok_or_else(|| {
                condition(
                    "tile_size",
                    format!("mode {i} is out of range for the tiler {}", self.tiler),
                )
            })?;
        }
        super::util::tiler_size(t)
    }

    fn checked(t: TiledCopy) -> Result<TiledCopy> {
        let r = t.atom.val_ref()?;
        let (an, av) = (r.mode(0)?.size()?, r.mode(1)?.size()?);
        let (tn, tv) = (t.layout_tv.mode(0)?.size()?, t.layout_tv.mode(1)?.size()?);
        let op = match &t.origin {
            CopyOrigin::ThrVal(..) => "make_tiled_copy",
            CopyOrigin::Mma(Operand::A, _) => "make_tiled_copy_A",
            CopyOrigin::Mma(Operand::B, _) => "make_tiled_copy_B",
            CopyOrigin::Mma(Operand::C, _) => "make_tiled_copy_C",
            CopyOrigin::MmaCAtom(_) => "make_tiled_copy_C_atom",
            CopyOrigin::Copy(true, _) => "make_tiled_copy_S",
            CopyOrigin::Copy(false, _) => "make_tiled_copy_D",
            CopyOrigin::Cotiled(..) => "make_cotiled_copy",
            CopyOrigin::LayoutTv(..) => "make_tiled_copy_impl",
            CopyOrigin::Tma => "make_tma_copy",
            CopyOrigin::Tmem(..) => "make_tmem_copy",
        };
        if tn % an != 0 {
            return Err(condition(
                op,
                format!(
                    "TiledCopy uses too few threads ({tn}) for the copy atom's {an} (CuTe's static_assert: TiledNumThr % AtomNumThr == 0)"
                ),
            ));
        }
        if tv % av != 0 {
            return Err(condition(
                op,
                format!(
                    "TiledCopy uses too few values per thread ({tv}) for the copy atom's {av} (CuTe's static_assert: TiledNumVal % AtomNumVal == 0)"
                ),
            ));
        }
        Ok(t)
    }

    /// `TiledNumThr`: threads of the tiled copy.
    pub fn num_threads(&self) -> Result<i64> {
        self.layout_tv.mode(0)?.size()
    }

    /// CuTe's `tile2thrfrg(tensor, ref2trg)`: ((tile),(rest)) to (thr, val, rest).
    fn tile2thrfrg(&self, tensor: &Layout, src: bool) -> Result<Layout> {
        let r = self.atom.val_ref()?;
        let atom_shape = Tiler::tuple(vec![
            Tiler::Int(r.mode(0)?.size()?),
            Tiler::Int(r.mode(1)?.size()?),
        ]);
        let atom_layout_tv = zipped_divide(&self.layout_tv, &atom_shape)?;
        let trg_layout_tv = compose_modes(
            &atom_layout_tv,
            vec![Tiler::layout(self.atom.ref2trg(src)?), Tiler::Under],
        )?;
        let profile = IntTuple::tuple([
            IntTuple::int(1),
            IntTuple::tuple([IntTuple::int(1), IntTuple::int(1)]),
        ]);
        let thrval2mn = zip(&trg_layout_tv)?.coalesce_profile(&profile)?;
        let tv_tensor = compose_modes(tensor, vec![Tiler::layout(thrval2mn), Tiler::Under])?;
        tv_tensor.slice(&Coord::Tuple(vec![
            Coord::Tuple(vec![Coord::Under, Coord::Under]),
            Coord::Under,
        ]))
    }

    /// `get_layoutS_TV()` (src) or `get_layoutD_TV()`.
    pub fn layout_tv_of(&self, src: bool) -> Result<Layout> {
        let reference = col(IntTuple::tuple([self.tiler_shape()?, IntTuple::int(1)]))?;
        self.tile2thrfrg(&reference, src)?.slice(&Coord::Tuple(vec![
            Coord::Under,
            Coord::Under,
            Coord::int(0),
        ]))
    }

    /// `tidfrg_S(tensor)` (`src`) / `tidfrg_D`: `(M,N,...)` to `(Thr,(FrgV,FrgX),(RestM,RestN,...))`.
    pub fn tidfrg(&self, src: bool, tensor: &Layout) -> Result<Layout> {
        if tensor.rank() < self.tiler.rank() {
            return Err(condition(
                if src { "tidfrg_S" } else { "tidfrg_D" },
                format!(
                    "the rank of the tensor {tensor} is smaller than the tiler's {} (CuTe's static_assert: rank of tensor to be partitioned too small)",
                    self.tiler
                ),
            ));
        }
        let divided = zipped_divide(tensor, &self.tiler)?;
        self.tile2thrfrg(&divided, src)
    }

    /// `retile_S(tensor)` / `retile_D(tensor)` (the same for both): a thread's fragment
    /// `(V, RestM, RestN, ...)` regrouped into the copy's values per atom,
    /// `((AtomVal, RestVal), RestM, RestN, ...)`.
    ///
    /// `frg_mn = upcast<NumThr*V>(right_inverse(TiledLayout_TV).with_shape(shape(Tiler_MN)))`
    /// ((m,n) -> value index), `frg_v = zipped_divide(make_layout(V) * right_inverse(frg_mn),
    /// AtomNumVal)`; the tensor is divided by `(V, product_each(shape(frg_mn))...)`, its tile mode
    /// composed with `frg_v`, and sliced at `(_, (0, _, ...))`.
    pub fn retile(&self, tensor: &Layout) -> Result<Layout> {
        const OP: &str = "retile";
        let r = tensor.rank();
        let v = tensor.mode(0)?.size()?;
        let threads = self.num_threads()?;
        let shape = self.tiler_shape()?;
        let mn = composition::compose(&right_inverse(&self.layout_tv)?, &col(shape)?)?;
        let frg_mn = upcast(&mn, crate::algebra::arith::mul(threads, v, OP)?)?;
        let atom_vals = self.atom.val_ref()?.mode(1)?.size()?;
        let frg_v = zipped_divide(
            &crate::algebra::divide::logical_product(
                &col(IntTuple::int(v))?,
                &Tiler::layout(right_inverse(&frg_mn)?),
            )?,
            &Tiler::layout(col(IntTuple::int(atom_vals))?),
        )?;
        let tile: Vec<Tiler> = std::iter::once(Tiler::Int(v))
            .chain(
                frg_mn
                    .shape()
                    .product_each()?
                    .modes()
                    .map(Tiler::from_shape),
            )
            .collect();
        if tile.len() > r {
            return Err(condition(
                OP,
                format!(
                    "the tensor {tensor} has rank {r}, less than the {} modes (V, M, N, ...) of the copy's tile",
                    tile.len()
                ),
            ));
        }
        let t_tensor = zipped_divide(tensor, &Tiler::tuple(tile))?;
        let v_tensor = compose_modes(&t_tensor, vec![Tiler::layout(frg_v), Tiler::Under])?;
        let mut rest = vec![Coord::int(0)];
        rest.resize(r, Coord::Under);
        v_tensor.slice(&Coord::Tuple(vec![Coord::Under, Coord::Tuple(rest)]))
    }

    /// `ThrCopy::partition_S` (src) / `partition_D` of a tensor for thread `thr_idx`.
    /// The offset is what the tensor's layout maps the thread's first element to (an arithmetic
    /// tuple for an identity tensor's basis strides).
    pub fn partition(
        &self,
        src: bool,
        thr_idx: crate::algebra::Int,
        tensor: &Layout,
    ) -> Result<(crate::algebra::basis::Index, Layout)> {
        let n = self.num_threads()?;
        if !(0..n).contains(&thr_idx.value) {
            return Err(condition(
                "thread",
                format!(
                    "thread index {} is outside the tiled copy's {n} threads",
                    thr_idx.value
                ),
            ));
        }
        if tensor.rank() < self.tiler.rank() {
            return Err(condition(
                "partition",
                format!(
                    "rank of the tensor {tensor} is smaller than the tiler's {}",
                    self.tiler
                ),
            ));
        }
        let thr_tensor = self.tidfrg(src, tensor)?;
        let coord = Self::partition_coord(thr_idx, tensor.rank());
        Ok((thr_tensor.offset_index(&coord)?, thr_tensor.slice(&coord)?))
    }

    /// The coordinate of thread `thr_idx`'s part of `tidfrg` of a tensor of rank `rank`:
    /// `(thr_idx, _, repeat<rank>(_))`, the thread index of its kind (a run-time index gives a
    /// run-time offset).
    pub fn partition_coord(thr_idx: crate::algebra::Int, rank: usize) -> Coord {
        Coord::Tuple(vec![
            Coord::Int(thr_idx),
            Coord::Under,
            super::util::repeat_under(rank),
        ])
    }
}

/// The by-mode tiler of the elements a TV layout reaches in a tile of shape `shape`, and the TV
/// layout onto that tiler's tile (`make_cotiled_copy`, `make_tiled_copy_C_atom`):
/// `tiler_i = filter(make_layout(shape, e_i) o tv)` with `e_i` the stride 1 at mode i and 0
/// elsewhere; `layout_tv = left_inverse(make_layout(shape) o tiler) o tv`.
pub(crate) fn cotile(shape: &IntTuple, tv: &Layout) -> Result<(Tiler<'static>, Layout)> {
    let r = shape.rank();
    let mut tiler = Vec::with_capacity(r);
    for i in 0..r {
        let unit: IntTuple = (0..r).map(|j| IntTuple::int(i64::from(i == j))).collect();
        let along = Layout::new(shape.clone(), unit)?;
        tiler.push(Tiler::layout(composition::compose(&along, tv)?.filter()?));
    }
    let tiler = Tiler::tuple(tiler);
    let tile2data = composition::compose_tiler(&col(shape.clone())?, &tiler)?;
    let layout_tv = composition::compose(&inverse::left_inverse(&tile2data)?, tv)?;
    Ok((tiler, layout_tv))
}

impl fmt::Display for TiledCopy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.origin {
            CopyOrigin::ThrVal(t, v) => write!(f, "make_tiled_copy({}, {t}, {v})", self.atom),
            CopyOrigin::Mma(op, mma) => {
                let x = match op {
                    Operand::A => "A",
                    Operand::B => "B",
                    Operand::C => "C",
                };
                write!(f, "make_tiled_copy_{x}({}, {mma})", self.atom)
            }
            CopyOrigin::MmaCAtom(mma) => {
                write!(f, "make_tiled_copy_C_atom({}, {mma})", self.atom)
            }
            CopyOrigin::Copy(src, other) => {
                let x = if *src { "S" } else { "D" };
                write!(f, "make_tiled_copy_{x}({}, {other})", self.atom)
            }
            CopyOrigin::Cotiled(tv, data) => {
                write!(f, "make_cotiled_copy({}, {tv}, {data})", self.atom)
            }
            CopyOrigin::Tmem(p, l) => write!(f, "make_tmem_copy({}, {p} o {l})", self.atom),
            CopyOrigin::LayoutTv(tv, tiler) => {
                write!(f, "make_tiled_copy_impl({}, {tv}, {tiler})", self.atom)
            }
            CopyOrigin::Tma => match &self.atom.tma {
                Some(t) => write!(f, "{t}"),
                None => write!(f, "make_tma_copy({})", self.atom),
            },
        }
    }
}
