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
