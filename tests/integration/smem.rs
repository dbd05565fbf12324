//! Shared-memory atoms, tile_to_shape, tensors over layouts (local_tile / local_partition) and
//! bank-conflict analysis.

use cute::algebra::{ComposedLayout, IntTuple, Layout, Offset, Swizzle};
use cute::analysis::bank::{SmemLayout, analyze};

use crate::helpers::{cases, check_cases, check_pairs, eval_line};

/// Every `gmma_atom` line of the golden corpus (extras.tsv).
#[test]
fn gmma_atoms_of_the_golden_corpus() {
    let all = cases("extras.tsv");
    let gmma: Vec<_> = all
        .iter()
        .filter(|(s, _)| s.starts_with("gmma_atom"))
        .collect();
    assert_eq!(gmma.len(), 24, "expected the 24 GMMA atoms of extras.tsv");
    let pairs: Vec<(&str, &str)> = gmma.iter().map(|(s, w)| (s.as_str(), w.as_str())).collect();
    check_pairs("extras.tsv", &pairs);
}

/// Cases checked against CuTe C++ 4.2 (cute-oracle): local_tile, local_partition, 8-bit atoms,
/// tile_to_shape of atoms and layouts, and evaluation of swizzled atoms (SPEC §1, compared with
/// CuTe's `as_position_independent_swizzle_layout`).
#[test]
fn oracle_checked_cases() {
    check_cases("smem_oracle.tsv");
}

/// Issue 37 (session 29): a shared-memory tensor over a GMMA atom is a tensor over CuTe's
/// `swizzle_ptr` (pointer_flagged.hpp's `make_tensor`), printed `Sw<3,4,3>_smem_ptr[16b](…) o L`;
/// slicing, tiling, partitioning, `.data()`, `&T(i,j)` (the swizzled address), `recast`,
/// `make_smem_ptr(p, Sw)` and `as_position_independent_swizzle_tensor` as CuTe 4.7 prints them
/// (`golden/swizzle_ptr_oracle.tsv`, from `tests/oracle/gen_swizzle_ptr.py`), byte for byte
/// under `--format cute`, and each printout reads back as the same value.
#[test]
fn swizzle_ptr_tensors_print_what_cute_prints() {
    use cute::eval::{Env, Outcome};
    let all = cases("swizzle_ptr_oracle.tsv");
    let failures: Vec<String> = all
        .iter()
        .filter_map(|(stmt, want)| {
            let (got, back) = match Env::new().run(stmt) {
                Ok(Outcome::Value(v)) => {
                    let plain = cute::render::plain::render(&v);
                    let back = match Env::new().run(&plain) {
                        Ok(Outcome::Value(b)) if b == v => None,
                        other => Some(format!("{plain} reads back as {other:?}")),
                    };
                    (cute::render::cute::render(&v), back)
                }
                Ok(other) => (format!("{other:?}"), None),
                Err(e) => (format!("error: {}", e.message), None),
            };
            match (&got != want, back) {
                (true, _) => Some(format!("{stmt}\n   want {want}\n   got  {got}")),
                (false, Some(b)) => Some(format!("{stmt}\n   {b}")),
                _ => None,
            }
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases of swizzle_ptr_oracle.tsv fail:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

/// What CuTe refuses to compile (or asserts) about a swizzle_ptr tensor is the error naming
/// its condition.
#[test]
fn swizzle_ptr_tensors_refused_as_cute_refuses() {
    let atom = "GMMA::Layout_K_SW128_Atom<half_t>{}";
    for (stmt, want) in [
        (
            format!("make_tensor(make_gmem_ptr<half_t>(nullptr), {atom})"),
            "\"Expected smem.\"",
        ),
        (
            format!("make_tensor(make_smem_ptr<float>(nullptr), {atom})"),
            "\"Expected a B-bit pointer type.\"",
        ),
        (
            format!("as_position_independent_swizzle_tensor(make_tensor(make_smem_ptr<half_t>(nullptr), {atom})(_,1))"),
            "assert((address & 0x3ff) == 0)",
        ),
        (
            "as_position_independent_swizzle_tensor(make_tensor(make_gmem_ptr<half_t>(nullptr), make_shape(4,8)))".to_string(),
            "\"Expected smem tensor.\"",
        ),
    ] {
        let got = eval_line(&stmt);
        assert!(got.contains(want), "{stmt}: {got}");
    }
}

#[test]
fn seeds_local_tile_and_local_partition() {
    assert_eq!(
        eval_line("local_tile((8,24):(1,8), (4,8), (1,2))"),
        "132 o (4,8):(1,8)"
    );
    assert_eq!(
        eval_line("local_partition((8,24):(1,8), (2,4):(1,2), 3)"),
        "9 o (4,6):(2,32)"
    );
    // a shape is its column-major layout; the result is a tensor that can be sliced further
    assert_eq!(eval_line("local_tile((8,24), (4,8), (1,2))(1,1)"), "141");
}

#[test]
fn tensor_errors_name_the_condition() {
    // a thread index past the thread layout's size is no error: CuTe extrapolates (cute-oracle:
    // `ArithTuple0 o (_4,_6):(_2,_32)` for the counting tensor's thread 8)
    assert_eq!(
        eval_line("local_partition((8,24), (2,4), 8)"),
        "0 o (4,6):(2,32)"
    );
    let e = eval_line("local_partition((8,24), (2,4,2):(1,2,0), 1)");
    assert!(e.contains("stride-0"), "{e}");
    // a stride-0 mode of shape 1 is skipped (idx2crd), and the tiler then has too many modes
    // (CuTe's static_assert "logical_divide: Too many modes in tiler")
    let e = eval_line("local_partition((8,24), (2,4,1):(1,2,0), 1)");
    assert!(e.contains("too many modes in tiler"), "{e}");
    let e = eval_line("local_tile((8,24), (4,8), (1,2,3))");
    assert!(e.starts_with("error: local_tile: coordinate"), "{e}");
}

#[test]
fn gmma_atom_errors() {
    let e = eval_line("gmma_atom(Layout_K_SW16_Atom, bf16)");
    assert!(
        e.starts_with("error: gmma_atom: unknown GMMA layout atom"),
        "{e}"
    );
    let e = eval_line("gmma_atom(Layout_K_SW128_Atom, f65)");
    assert!(
        e.starts_with("error: gmma_atom: unknown element type"),
        "{e}"
    );
    let e = eval_line("tile_to_shape(gmma_atom(Layout_K_SW128_Atom, bf16), (100,64))");
    assert!(e.contains("does not divide"), "{e}");
    let e = eval_line("tile_to_shape((2,2,2), (4,4))");
    assert!(
        e.contains("rank of layout must be <= rank of target shape"),
        "{e}"
    );
}

#[test]
fn swizzled_atom_evaluates_as_cute_calls_it() {
    // CuTe's ComposedLayout::operator() is `layout_a()(offset() + layout_b()(c))`, and the
    // smem_ptr_flag_bits offset is an Int<0>: the atom's Sw<3,4,3> acts on element offsets
    // (cute-oracle: `GMMA::Layout_K_SW128_Atom<bfloat16_t>{}(67)` is 216); print_layout and
    // as_position_independent_swizzle_layout show the byte swizzle, Sw<3,3,3> on 16-bit
    // elements (208), which a tensor over a shared-memory pointer reads
    for (i, called, independent) in [(1, 64, 72), (9, 65, 73), (67, 216, 208), (511, 463, 455)] {
        assert_eq!(
            eval_line(&format!("gmma_atom(Layout_K_SW128_Atom, bf16)({i})")),
            called.to_string(),
            "index {i}"
        );
        assert_eq!(
            eval_line(&format!(
                "as_position_independent_swizzle_layout(gmma_atom(Layout_K_SW128_Atom, bf16))({i})"
            )),
            independent.to_string(),
            "index {i}"
        );
    }
}

#[test]
fn bank_conflicts_function() {
    // ldmatrix-style: 8 threads each read a 128-bit row segment of an 8x64 bf16 tile
    assert_eq!(
        eval_line("bank_conflicts((8,64):(64,1), (8,8):(1,8), 16, 128)"),
        "8"
    );
    assert_eq!(
        eval_line("bank_conflicts(Sw<3,3,3> o (8,64):(64,1), (8,8):(1,8), 16)"),
        "1"
    );
    assert_eq!(
        eval_line("bank_conflicts(gmma_atom(Layout_K_SW128_Atom, bf16), (8,8):(1,8), 16)"),
        "1"
    );
    // 32 threads reading a column of a 32x32 fp32 row-major matrix, 32-bit accesses
    assert_eq!(
        eval_line("bank_conflicts((32,32):(32,1), (32,1):(1,0), 32, 32)"),
        "32"
    );
    assert_eq!(
        eval_line("bank_conflicts((32,32):(33,1), (32,1):(1,0), 32, 32)"),
        "1"
    );
    let e = eval_line("bank_conflicts((8,64):(64,1), (8,3):(1,8), 16)");
    assert!(e.starts_with("error: "), "{e}");
}

fn tuple(v: &[i64]) -> IntTuple {
    v.iter().map(|&x| IntTuple::int(x)).collect()
}

#[test]
fn bank_report_of_ldmatrix() {
    let tile = Layout::new(tuple(&[8, 64]), tuple(&[64, 1])).unwrap();
    let tv = Layout::new(tuple(&[8, 8]), tuple(&[1, 8])).unwrap();
    let plain = analyze(&SmemLayout::Plain(tile.clone()), &tv, 16, 128).unwrap();
    assert_eq!((plain.degree, plain.wavefronts), (8, 8));
    assert_eq!(
        plain.grid(),
        vec![{
            let mut row = vec![0; 32];
            row[..4].copy_from_slice(&[8, 8, 8, 8]);
            row
        }]
    );
    let text = plain.render_text();
    assert!(
        text.contains("conflict degree: 8 (8-way bank conflict)"),
        "{text}"
    );
    assert!(
        text.contains("8888............................  8-way"),
        "{text}"
    );

    let sw = SmemLayout::Composed(ComposedLayout {
        swizzle: Swizzle::new(3, 3, 3).unwrap(),
        offset: Offset::st(0),
        layout: tile,
    });
    let swizzled = analyze(&sw, &tv, 16, 128).unwrap();
    assert_eq!((swizzled.degree, swizzled.wavefronts), (1, 1));
    assert_eq!(swizzled.grid(), vec![vec![1; 32]]);
    assert!(swizzled.render_text().contains("(conflict-free)"));
}
