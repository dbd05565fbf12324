//! Blackwell's block-scale-factor layouts: `cutlass::detail::Sm1xxBlockScaledConfig<VS>` of
//! `cutlass/detail/sm100_blockscaled_layout.hpp`, which says which scale factor covers which
//! element of A (M×K) or B (N×K) in an MXFP8/MXFP4/NVFP4 GEMM.
//!
//! `SfAtom` (K-major) is `((32,4),(VS,4)):((16,4),(0,1))`: 128 rows × 4 blocks of VS elements
//! along K, one scale factor per row and block (stride 0 over the VS elements of a block), the
//! 512 factors of a 128×4 block laid out as 32 rows of 16 bytes; MN-major swaps the modes.
//! `tile_atom_to_shape_SFA((M,N,K[,L]))` is `tile_to_shape(SfAtom, (M,K[,L]), Step<_2,_1[,_3]>)`
//! (K first), SFB the same over (N,K[,L]).

use super::util::lay;
use crate::algebra::error::condition;
use crate::algebra::smem_atoms::tile_to_shape;
use crate::algebra::{IntTuple, Layout, Result};

/// `Sm1xxBlockScaledBasicChunk<VS, major>::SfAtom`.
pub fn sf_atom(vs: i64, mn_major: bool) -> Result<Layout> {
    if !(1..=1024).contains(&vs) {
        return Err(condition(
            "sf_atom",
            format!(
                "the scale-factor vector size VS must be 1 to 1024 (16 or 32 on Blackwell), got {vs}"
            ),
        ));
    }
    Ok(if mn_major {
        lay(&format!("(({vs},4),(32,4)):((0,1),(16,4))"))
    } else {
        lay(&format!("((32,4),({vs},4)):((16,4),(0,1))"))
    })
}

/// `Sm1xxBlockScaledConfig<VS>::tile_atom_to_shape_SFA(problem)` (`b`: `_SFB`): the scale-factor
/// layout of A over (M,K[,L]) (B over (N,K[,L])) of the problem shape (M,N,K[,L]).
pub fn tile_atom_to_shape(vs: i64, problem: &IntTuple, b: bool) -> Result<Layout> {
    let op = if b {
        "tile_atom_to_shape_SFB"
    } else {
        "tile_atom_to_shape_SFA"
    };
    let modes: Vec<IntTuple> = problem.modes().map(|m| m.to_owned()).collect();
    let (shape, order) = match modes.as_slice() {
        [m, n, k] => (
            IntTuple::tuple([if b { n } else { m }.clone(), k.clone()]),
            IntTuple::tuple([IntTuple::int(2), IntTuple::int(1)]),
        ),
        [m, n, k, l] => (
            IntTuple::tuple([if b { n } else { m }.clone(), k.clone(), l.clone()]),
            IntTuple::tuple([IntTuple::int(2), IntTuple::int(1), IntTuple::int(3)]),
        ),
        _ => {
            return Err(condition(
                op,
                format!("the problem shape is (M,N,K) or (M,N,K,L), got {problem}"),
            ));
        }
    };
    tile_to_shape(&sf_atom(vs, false)?, &shape, Some(&order))
}

/// `[cutlass::detail::]Sm1xxBlockScaledConfig<VS>` (also `Sm1xxBlkScaledConfig<VS>`, the alias
/// CUTLASS's collective builders declare): its vector size VS, if `name` spells the config.
pub fn config_vector_size(name: &str) -> Option<i64> {
    let mut n = name.trim();
    for prefix in ["cutlass::", "detail::"] {
        n = n.strip_prefix(prefix).unwrap_or(n);
    }
    let args = n
        .strip_prefix("Sm1xxBlockScaledConfig<")
        .or_else(|| n.strip_prefix("Sm1xxBlkScaledConfig<"))?
        .strip_suffix('>')?
        .trim();
    let args = args
        .strip_prefix("Int<")
        .and_then(|a| a.strip_suffix('>'))
        .unwrap_or(args);
    let args = args.strip_prefix('_').unwrap_or(args);
    args.parse::<i64>().ok()
}

/// The name cute gives `Sm1xxBlockScaledConfig<VS>` (CUTLASS's, in `cutlass::detail`).
pub fn config_name(vs: i64) -> String {
    format!("Sm1xxBlockScaledConfig<{vs}>")
}

/// A static member function or member type of `Sm1xxBlockScaledConfig<VS>`, as cute answers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConfigMember {
    /// `tile_atom_to_shape_SFA(problem)` / `_SFB`: the function of cute's table of that name,
    /// called with VS first.
    Function(&'static str),
    /// `deduce_layoutSFA()` / `deduce_layoutSFB()`: `LayoutSF{}`, refused ([`deduced_layout_print`]).
    Deduced,
    /// `SfAtom`: the K-major [`sf_atom`].
    SfAtom,
}

/// The members of `Sm1xxBlockScaledConfig<VS>` cute answers: (member, what it is).
pub const CONFIG_MEMBERS: &[(&str, ConfigMember)] = &[
    (
        "tile_atom_to_shape_SFA",
        ConfigMember::Function("tile_atom_to_shape_SFA"),
    ),
    (
        "tile_atom_to_shape_SFB",
        ConfigMember::Function("tile_atom_to_shape_SFB"),
    ),
    ("deduce_layoutSFA", ConfigMember::Deduced),
    ("deduce_layoutSFB", ConfigMember::Deduced),
    ("SfAtom", ConfigMember::SfAtom),
];

/// The member `name` of the config, if cute answers it.
pub fn config_member(name: &str) -> Option<ConfigMember> {
    CONFIG_MEMBERS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, m)| *m)
}

/// CuTe's print of `Sm1xxBlockScaledConfig<VS>::deduce_layoutSFA()` (and `SFB`): `LayoutSF{}`,
/// the type of `blocked_product(SfAtom{}, make_layout(make_shape(int32_t(0), int32_t(0),
/// int32_t(0)), make_stride(int32_t(0), _1{}, int32_t(0))))` value-initialised, its run-time
/// extents and strides 0 (the atom's cosize, 512, is the static stride of the K blocks). cute's
/// layouts have extents of at least 1, so cute names this print rather than holding it.
pub fn deduced_layout_print(vs: i64) -> String {
    format!("(((_32,_4),0),((_{vs},_4),0),(_1,0)):(((_16,_4),0),((_0,_1),_512),(_0,0))")
}

/// A block-scale-factor layout read back from its modes: `tile_atom_to_shape_SFA/SFB`'s result
/// (or `SfAtom` itself, K- or MN-major, or a layout a kernel printed): one mode along MN whose
/// first leaves are the atom's `(32,4):(16,4)`, one along K whose first leaves are
/// `(VS,4):(0,1)`, and an optional third mode (L, the batches). The atom's leaves come first in
/// each mode, so every 128×4·VS block of elements (an atom) holds 512 consecutive factors laid
/// out alike: element (m, k) of an atom takes factor `16·(m%32) + 4·(m/32) + k/VS` after the
/// atom's first.
#[derive(Clone, Debug)]
pub struct ScaleFactorLayout {
    /// The vector size: the elements along K that share one factor.
    pub vs: i64,
    /// The mode along M (of A) or N (of B).
    pub mn: Layout,
    /// The mode along K.
    pub k: Layout,
    /// The mode along L (the batches), for a rank-3 layout.
    pub l: Option<Layout>,
    /// Whether the K mode comes first (the MN-major `SfAtom`).
    pub k_first: bool,
}

/// Rows (along MN) of a scale-factor atom.
pub const SF_ATOM_ROWS: i64 = 128;
/// Factors along K in a scale-factor atom (each covering VS elements).
pub const SF_ATOM_BLOCKS: i64 = 4;

impl ScaleFactorLayout {
    /// The scale-factor view of `l`, when its modes are those of a scale-factor layout.
    pub fn recognise(l: &Layout) -> Option<ScaleFactorLayout> {
        if l.stride().has_basis() || !(2..=3).contains(&l.rank()) {
            return None;
        }
        let leaves = |m: &Layout| -> (Vec<i64>, Vec<i64>) {
            (m.shape().leaves().to_vec(), m.stride().leaves().to_vec())
        };
        let (m0, m1) = (l.mode(0).ok()?, l.mode(1).ok()?);
        let is_mn = |m: &Layout| {
            let (s, d) = leaves(m);
            s.starts_with(&[32, 4]) && d.starts_with(&[16, 4])
        };
        let k_vs = |m: &Layout| {
            let (s, d) = leaves(m);
            (s.len() >= 2 && s[0] >= 1 && s[1] == 4 && d.starts_with(&[0, 1])).then_some(s[0])
        };
        let (mn, k, vs, k_first) = if let (true, Some(vs)) = (is_mn(&m0), k_vs(&m1)) {
            (m0, m1, vs, false)
        } else if let (Some(vs), true) = (k_vs(&m0), is_mn(&m1)) {
            (m1, m0, vs, true)
        } else {
            return None;
        };
        let l = if l.rank() == 3 { l.mode(2).ok() } else { None };
        Some(ScaleFactorLayout {
            vs,
            mn,
            k,
            l,
            k_first,
        })
    }

    /// The elements along MN and along K the layout covers.
    pub fn extent(&self) -> Result<(i64, i64)> {
        Ok((self.mn.size()?, self.k.size()?))
    }

    /// The elements along K an atom covers, `4·VS`.
    pub fn atom_k(&self) -> i64 {
        SF_ATOM_BLOCKS * self.vs
    }

    /// The atoms along MN and along K.
    pub fn atoms(&self) -> Result<(i64, i64)> {
        let (m, k) = self.extent()?;
        Ok((m / SF_ATOM_ROWS, k / self.atom_k()))
    }

    /// The offset of the first factor of atom `(i, j)` (rows `128i..`, elements `4·VS·j..` along
    /// K) of batch 0.
    pub fn atom_offset(&self, i: i64, j: i64) -> Result<i64> {
        let m = self.mn.at(i * SF_ATOM_ROWS)?;
        let k = self.k.at(j * self.atom_k())?;
        crate::algebra::arith::add(m, k, "the scale-factor picture")
    }

    /// The offset, from its atom's first, of the factor that scales row `m` (`0..128`) of an
    /// atom and its elements `VS·j..VS·j+VS-1` along K (`j` in `0..4`).
    pub fn factor_in_atom(&self, m: i64, j: i64) -> Result<i64> {
        crate::algebra::arith::add(
            self.mn.at(m)?,
            self.k.at(j * self.vs)?,
            "the scale-factor picture",
        )
    }

    /// The batches and the offset between two batches, for a rank-3 layout.
    pub fn batches(&self) -> Result<Option<(i64, i64)>> {
        match &self.l {
            Some(l) => {
                let n = l.size()?;
                Ok(Some((n, if n > 1 { l.at(1)? } else { 0 })))
            }
            None => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str) -> IntTuple {
        text.parse().expect("an IntTuple")
    }

    #[test]
    fn every_element_takes_the_factor_the_two_grids_and_the_formula_give() {
        for (vs, b, shape) in [
            (32, false, "(256,128,512)"),
            (16, true, "(128,384,256)"),
            (16, false, "(256,128,128,2)"),
        ] {
            let l = tile_atom_to_shape(vs, &problem(shape), b).unwrap();
            let sf = ScaleFactorLayout::recognise(&l).expect("a scale-factor layout");
            assert_eq!(sf.vs, vs);
            let (m_size, k_size) = sf.extent().unwrap();
            for m in 0..m_size {
                for k in (0..k_size).step_by(7) {
                    let whole =
                        l.mode(0).unwrap().at(m).unwrap() + l.mode(1).unwrap().at(k).unwrap();
                    let (i, j) = (m / SF_ATOM_ROWS, k / sf.atom_k());
                    let pictured = sf.atom_offset(i, j).unwrap()
                        + sf.factor_in_atom(m % SF_ATOM_ROWS, (k / vs) % SF_ATOM_BLOCKS)
                            .unwrap();
                    let formula = sf.atom_offset(i, j).unwrap()
                        + 16 * (m % 32)
                        + 4 * ((m / 32) % 4)
                        + (k / vs) % 4;
                    assert_eq!((whole, whole), (pictured, formula), "{l} at ({m},{k})");
                }
            }
        }
    }

    #[test]
    fn both_majors_of_the_atom_are_recognised_and_other_layouts_are_not() {
        let k = ScaleFactorLayout::recognise(&sf_atom(16, false).unwrap()).unwrap();
        assert!(!k.k_first);
        let mn = ScaleFactorLayout::recognise(&sf_atom(32, true).unwrap()).unwrap();
        assert!(mn.k_first);
        assert_eq!(mn.vs, 32);
        for other in ["(128,64):(1,128)", "((32,4),(16,4)):((16,4),(1,0))", "8:1"] {
            assert!(
                ScaleFactorLayout::recognise(&lay(other)).is_none(),
                "{other}"
            );
        }
    }
}
