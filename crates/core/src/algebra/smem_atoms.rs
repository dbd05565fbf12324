//! GMMA shared-memory layout atoms (`GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>`),
//! CuTe's `upcast<N>` and `tile_to_shape` (for layouts and composed layouts), ported from
//! `mma_traits_sm90_gmma.hpp`, `pointer_flagged.hpp`, `layout.hpp` and `layout_composed.hpp`.

use super::arith;
use super::divide::blocked_product;
use super::error::{Result, condition};
use super::int_tuple::{
    IntTuple, Tup,
    View::{Int, Tuple},
};
use super::layout::Layout;
use super::swizzle::{ComposedLayout, Offset, Swizzle};

/// The major-ness of a GMMA operand in shared memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Major {
    /// K-major (`Layout_K_*`): the K mode is contiguous.
    K,
    /// MN-major (`Layout_MN_*`): the M (or N) mode is contiguous.
    MN,
}

/// The swizzle width of a GMMA atom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwizzleWidth {
    /// `INTER`: interleaved, no swizzle (`Sw<0,4,3>`), 16-byte rows.
    Inter,
    /// `SW32`: `Sw<1,4,3>`, 32-byte rows.
    Sw32,
    /// `SW64`: `Sw<2,4,3>`, 64-byte rows.
    Sw64,
    /// `SW128`: `Sw<3,4,3>`, 128-byte rows.
    Sw128,
    /// `SW128_32B` (UMMA, MN-major only): `Sw<2,5,2>` over 32-byte units, 128-byte rows of 4
    /// (`UMMA::Layout_MN_SW128_32B_Atom`).
    Sw128_32B,
}

impl SwizzleWidth {
    /// The swizzle's `B` (number of bits): 0, 1, 2, 3.
    fn bits(self) -> i64 {
        match self {
            SwizzleWidth::Inter => 0,
            SwizzleWidth::Sw32 => 1,
            SwizzleWidth::Sw64 => 2,
            SwizzleWidth::Sw128 | SwizzleWidth::Sw128_32B => 3,
        }
    }
}

/// The atom names `gmma_atom` accepts, for messages.
pub const ATOM_NAMES: &str =
    "Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom, Layout_MN_SW128_32B_Atom (UMMA)";

/// The majors of the atom names, as written in them.
const MAJORS: &[(&str, Major)] = &[("K", Major::K), ("MN", Major::MN)];

/// The swizzle widths of the atom names, as written in them.
const WIDTHS: &[(&str, SwizzleWidth)] = &[
    ("INTER", SwizzleWidth::Inter),
    ("SW32", SwizzleWidth::Sw32),
    ("SW64", SwizzleWidth::Sw64),
    ("SW128", SwizzleWidth::Sw128),
    ("SW128_32B", SwizzleWidth::Sw128_32B),
];

/// Every atom name `gmma_atom` accepts (without the optional `GMMA::`), for completion.
pub fn atom_names() -> Vec<String> {
    MAJORS
        .iter()
        .flat_map(|(m, major)| {
            WIDTHS
                .iter()
                .filter(move |(_, w)| *w != SwizzleWidth::Sw128_32B || *major == Major::MN)
                .map(move |(w, _)| format!("Layout_{m}_{w}_Atom"))
        })
        .collect()
}

/// Whether NAME is a GMMA layout atom's name ([`parse_atom_name`] reads it): a name not of the
/// form `[GMMA::]Layout_…` is answered without the error message the parse would build.
pub fn is_atom_name(name: &str) -> bool {
    name.strip_prefix("GMMA::")
        .unwrap_or(name)
        .starts_with("Layout_")
        && parse_atom_name(name).is_ok()
}

/// Whether NAME is an element type [`type_bits`] knows (no error message built).
pub fn is_type_name(name: &str) -> bool {
    element_type_bits(name).is_some()
}

/// Parse `Layout_K_SW128_Atom` (optionally prefixed `GMMA::`).
pub fn parse_atom_name(name: &str) -> Result<(Major, SwizzleWidth)> {
    let bad = || {
        condition(
            "gmma_atom",
            format!("unknown GMMA layout atom '{name}': expected one of {ATOM_NAMES}"),
        )
    };
    let n = name.strip_prefix("GMMA::").unwrap_or(name);
    let rest = n.strip_prefix("Layout_").ok_or_else(bad)?;
    let rest = rest.strip_suffix("_Atom").ok_or_else(bad)?;
    let (major, width) = rest.split_once('_').ok_or_else(bad)?;
    let major = MAJORS.iter().find(|(k, _)| *k == major).ok_or_else(bad)?.1;
    let width = WIDTHS.iter().find(|(k, _)| *k == width).ok_or_else(bad)?.1;
    if width == SwizzleWidth::Sw128_32B && major != Major::MN {
        return Err(condition(
            "gmma_atom",
            format!(
                "'{name}': the 32-byte-atom SW128 form is MN-major only (UMMA::Layout_MN_SW128_32B_Atom)"
            ),
        ));
    }
    Ok((major, width))
}

/// The element types `gmma_atom` accepts, for messages.
pub const TYPE_NAMES: &str = "an element type CuTe names (half_t, bfloat16_t, tfloat32_t, float, \
                              double, int8_t, uint1b_t, int4b_t, float_e4m3_t, float_e2m1_t, …) \
                              or its short spelling (f16, bf16, tf32, e4m3, s8, u8)";

/// `sizeof_bits<T>` of an element type CuTe names (the one table, [`super::element`]), or of
/// its short spelling (`f16`, `s8`): CuTe's `Layout_*_Atom<T>` is `upcast<sizeof_bits<T>>` of
/// the atom over bits, for any `T` (`GMMA::Layout_K_SW128_Atom<int4b_t>`, `<double>`).
fn element_type_bits(name: &str) -> Option<i64> {
    super::element::element_bits(name).or_else(|| {
        super::element::ELEMENTS
            .iter()
            .find(|e| e.short.contains(&name))
            .map(|e| e.bits)
    })
}

/// `sizeof_bits<T>` of an element type name.
pub fn type_bits(name: &str) -> Result<i64> {
    element_type_bits(name).ok_or_else(|| {
        condition(
            "gmma_atom",
            format!("unknown element type '{name}': expected {TYPE_NAMES}"),
        )
    })
}

/// `GMMA::Layout_{major}_{width}_Atom_Bits`: the atom over bits, with `smem_ptr[1b]`.
pub fn gmma_atom_bits(major: Major, width: SwizzleWidth) -> ComposedLayout {
    if width == SwizzleWidth::Sw128_32B {
        // UMMA::Layout_MN_SW128_32B_Atom_Bits (mma_traits_sm100.hpp):
        // ComposedLayout<Swizzle<2,5,2>, smem_ptr_flag, Layout<Shape<_1024,_4>,Stride<_1,_1024>>>
        return ComposedLayout {
            swizzle: Swizzle {
                bits: 2,
                base: 5,
                shift: 2,
            },
            offset: Offset::SmemPtr(1),
            layout: Layout::raw(
                IntTuple::tuple([IntTuple::int(1024), IntTuple::int(4)]),
                IntTuple::tuple([IntTuple::int(1), IntTuple::int(1024)]),
            ),
        };
    }
    let b = width.bits();
    let row = 128i64 << b; // bits in one swizzle row: 128, 256, 512, 1024
    let layout = match major {
        Major::MN => Layout::raw(
            IntTuple::tuple([IntTuple::int(row), IntTuple::int(8)]),
            IntTuple::tuple([IntTuple::int(1), IntTuple::int(row)]),
        ),
        Major::K => Layout::raw(
            IntTuple::tuple([IntTuple::int(8), IntTuple::int(row)]),
            IntTuple::tuple([IntTuple::int(row), IntTuple::int(1)]),
        ),
    };
    ComposedLayout {
        swizzle: Swizzle {
            bits: b,
            base: 4,
            shift: 3,
        },
        offset: Offset::SmemPtr(1),
        layout,
    }
}

/// `GMMA::Layout_{major}_{width}_Atom<T>` for a `bits`-bit type:
/// `upcast<sizeof_bits<T>>(Layout_..._Atom_Bits{})`.
pub fn gmma_atom(major: Major, width: SwizzleWidth, bits: i64) -> Result<ComposedLayout> {
    upcast_composed(&gmma_atom_bits(major, width), bits)
}

/// CuTe's `upcast<N>(ComposedLayout)`: for an `smem_ptr_flag_bits<B>` offset the swizzle is kept
/// and the flag becomes `smem_ptr_flag_bits<B*N>` (pointer_flagged.hpp); otherwise only the
/// inner layout is upcast here (CuTe would upcast the swizzle too; not supported).
pub fn upcast_composed(c: &ComposedLayout, n: i64) -> Result<ComposedLayout> {
    match c.offset.plain() {
        crate::algebra::swizzle::PlainOffset::SmemPtr(b) => Ok(ComposedLayout {
            swizzle: c.swizzle,
            offset: Offset::SmemPtr(arith::mul(b, n, "upcast")?),
            layout: upcast(&c.layout, n)?,
        }),
        crate::algebra::swizzle::PlainOffset::Int(_) => Err(condition(
            "upcast",
            "upcast of a composed layout is supported only with an smem_ptr offset",
        )),
    }
}

pub use super::recast::upcast_layout as upcast;

/// CuTe C++'s `CUTE_STATIC_ASSERT_V(evenly_divides(target_shape, block_shape))` of
/// `tile_to_shape` compiles only where the block shape is static too when the target shape is:
/// with a run-time block extent, `evenly_divides` is a run-time bool, whose `::value` does not
/// compile. (The CuTe DSL has no such check: `cute.tile_to_shape` of a run-time block runs.)
pub fn tile_to_shape_compiles(block: &Layout, trg_shape: &Tup) -> Result<()> {
    let r = trg_shape.rank().max(block.rank());
    let block_shape = block.append_to_rank(r).shape().product_each()?;
    let target_shape = trg_shape.product_each()?;
    if target_shape.is_static() && !block_shape.is_static() {
        return Err(condition(
            "tile_to_shape",
            format!(
                "CuTe's static_assert evenly_divides(target_shape, block_shape) does not compile for the static target shape {target_shape} and the run-time block shape {block_shape} (a run-time bool has no ::value)"
            ),
        ));
    }
    Ok(())
}

/// CuTe's `tile_to_shape(block, trg_shape[, ord_shape])`: `block` repeated (a blocked product)
/// until the result's shape matches `trg_shape` mode by mode; `order` (default column-major)
/// says in which order the modes of the target are tiled.
pub fn tile_to_shape(block: &Layout, trg_shape: &Tup, order: Option<&IntTuple>) -> Result<Layout> {
    const OP: &str = "tile_to_shape";
    let r = trg_shape.rank();
    if block.rank() > r {
        return Err(condition(
            OP,
            format!(
                "rank of layout must be <= rank of target shape: {} > {r} ({block} to {trg_shape})",
                block.rank()
            ),
        ));
    }
    let padded = block.append_to_rank(r);
    let block_shape = padded.shape().product_each()?;
    let target_shape = trg_shape.product_each()?;
    let (bs, ts) = (block_shape.leaves(), target_shape.leaves());
    // CuTe asserts the division only of a static target shape (a run-time one is rounded up)
    for (b, t) in bs.iter().zip(&ts) {
        if target_shape.is_static() && t % b != 0 {
            return Err(condition(
                OP,
                format!(
                    "block shape does not divide the target shape: {block_shape} into {target_shape}"
                ),
            ));
        }
    }
    let product_shape = target_shape.ceil_div(&block_shape)?;
    let tiler = match order {
        None => Layout::column_major(product_shape)?,
        Some(o) => {
            let ord = match (o.view(), product_shape.view()) {
                (Int(_), Tuple(p)) if p.len() == 1 => IntTuple::tuple([o]),
                _ => o.clone(),
            };
            Layout::ordered(product_shape, &ord)?
        }
    };
    blocked_product(&padded, &tiler)
}

/// `tile_to_shape` of a composed layout: `composition(A, offset, tile_to_shape(B, ...))`.
pub fn tile_to_shape_composed(
    c: &ComposedLayout,
    trg_shape: &Tup,
    order: Option<&IntTuple>,
) -> Result<ComposedLayout> {
    Ok(ComposedLayout {
        swizzle: c.swizzle,
        offset: c.offset,
        layout: tile_to_shape(&c.layout, trg_shape, order)?,
    })
}

/// CuTe's `UMMA::tile_to_mma_shape(atom, mma_tile_shape[, order])` (mma_traits_sm100.hpp): a
/// layout atom tiled to an MMA tile shape `((MMA_M,MMA_N),M_MMAs,N_MMAs,...)`:
/// `mn_shape = (zip(shape<0>(mma), take<1,3>(mma))..., take<3,R>(mma)...)`,
/// `tiled_divide(tile_to_shape(atom, mn_shape, order), product_each(shape<0>(mma)))`.
pub fn tile_to_mma_shape(
    block: &Layout,
    mma_shape: &Tup,
    order: Option<&IntTuple>,
) -> Result<Layout> {
    const OP: &str = "tile_to_mma_shape";
    let modes: Vec<IntTuple> = mma_shape.modes().map(|m| m.to_owned()).collect();
    let first: Vec<IntTuple> = match modes.first() {
        Some(m) if modes.len() >= 3 && m.rank() == 2 && !m.is_int() => {
            m.modes().map(|x| x.to_owned()).collect()
        }
        _ => {
            return Err(condition(
                OP,
                format!(
                    "the MMA tile shape is ((MMA_M,MMA_N),M_MMAs,N_MMAs,...), of rank 3 or more with a first mode of rank 2 (CuTe's zip of shape<0> and take<1,3>): got {mma_shape}"
                ),
            ));
        }
    };
    let mut mn = vec![
        IntTuple::tuple([first[0].clone(), modes[1].clone()]),
        IntTuple::tuple([first[1].clone(), modes[2].clone()]),
    ];
    mn.extend(modes[3..].iter().cloned());
    let mn_shape = IntTuple::tuple(mn);
    let tiled = tile_to_shape(block, &mn_shape, order)?;
    let tile = modes[0].product_each()?;
    super::divide::tiled_divide(&tiled, &super::Tiler::from_shape(&tile))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn atom(name: &str, ty: &str) -> String {
        let (m, w) = parse_atom_name(name).unwrap();
        gmma_atom(m, w, type_bits(ty).unwrap()).unwrap().to_string()
    }

    #[test]
    fn atoms_print_as_cute() {
        assert_eq!(
            atom("Layout_K_SW128_Atom", "bf16"),
            "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)"
        );
        assert_eq!(
            atom("Layout_MN_INTER_Atom", "tf32"),
            "Sw<0,4,3> o smem_ptr[32b](unset) o (4,8):(1,4)"
        );
        assert_eq!(
            atom("Layout_K_SW128_Atom", "uint8_t"),
            "Sw<3,4,3> o smem_ptr[8b](unset) o (8,128):(128,1)"
        );
    }

    #[test]
    fn bad_names_are_refused() {
        assert!(parse_atom_name("Layout_K_SW16_Atom").is_err());
        assert!(parse_atom_name("Layout_X_SW32_Atom").is_err());
        assert!(type_bits("f65").is_err());
        // (any element type CuTe names: `Layout_K_SW128_Atom<double>` is CuTe's too)
        assert_eq!(type_bits("double").unwrap(), 64);
    }

    #[test]
    fn tile_to_shape_of_atom() {
        let (m, w) = parse_atom_name("Layout_K_SW128_Atom").unwrap();
        let a = gmma_atom(m, w, 16).unwrap();
        let shape = IntTuple::tuple([IntTuple::int(128), IntTuple::int(64)]);
        assert_eq!(
            tile_to_shape_composed(&a, &shape, None)
                .unwrap()
                .to_string(),
            "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))"
        );
    }
}
