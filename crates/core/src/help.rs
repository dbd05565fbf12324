//! `cute help TOPIC`: the notation, the C++ and DSL input forms, the limits, and each function of
//! the function table (its entry is generated from the table, not written twice).

use crate::eval::functions;

/// The topics, with a line each (`cute help` lists them).
pub const TOPICS: &[(&str, &str)] = &[
    (
        "notation",
        "how layouts, tuples, tilers and swizzles are written",
    ),
    (
        "input",
        "C++ source and CuTe DSL (Python) that cute reads as input",
    ),
    (
        "limits",
        "the bounds on input and results, and what is said past them",
    ),
    ("functions", "every function, with its signature"),
    (
        "nvgpu",
        "the CuTe DSL's operations (cute.nvgpu.*): parameters and C++ atoms",
    ),
];

const NOTATION: &str = "\
The notation (what CuTe's print() prints, static `_` dropped):
  integers          4  -2  _4                 (`_` before a digit is CuTe's static marker)
  dynamic integers  4?  (4?,8):(1,4?)         a run-time integer (CuTe's plain `int`; C++ text's
                                              plain literals are dynamic, see `cute help input`)
  truth values      true  false  1?  0?        static truths (CuTe's _1/_0); a run-time one (C++'s
                                              bool from == of run-time values: 1/0) is 1?/0?
  a MixedBits       Sw<3,4,3> o 20? o L        a slice's offset at a run-time coordinate: 20? here,
                                              M_4|(16&48)=20 in --format cute, as CuTe prints it
  IntTuples         (4,(3,6))  (8)            ((8) is rank 1 and differs from 8)
  layouts           (4,(3,6)):(1,(4,12))  6:4  Shape:Stride, congruent
  a shape           (4,8) where a layout is expected: its column-major layout
  tilers            <3:4, 8:2>  <4, _, 2:3>  (3:4,8:2)   by mode; n means n:1; _ keeps the mode
  swizzles          Sw<3,4,3>
  composed layouts  Sw<3,4,3> o 0 o (8,64):(64,1)   Sw<3,4,3> o smem_ptr[16b](unset) o L
  offset layouts    132 o (4,8):(1,8)          a tensor over a layout
  operators         A o B (composition)  A / B (logical_divide)  A * B (logical_product);
                    on two integers + - * / % are arithmetic (o * / % bind tighter than + -)
  comparisons       == != everywhere (CuTe's operator==); && || ! everywhere (short-circuit);
                    < <= > >= inside a condition (if, while, for) and inside parentheses:
                    (i < j)  EXPECT_EQ((i < j), x)  if (i < size<0>(L))   - at the top level of
                    a statement `3 < 4` is not read (it clashes with templates and tilers).
                    There a name then `<` is a template's arguments only when a `>` closes them
                    in the same parentheses and the name is CuTe's template, or no blank comes
                    before `<`, or ( { :: follows the `>`; else `<` compares
                    c ? a : b  (only the side picked runs)
  evaluation        L(i)  L(m, n)  L(_, 2) (a slice)   x.field   x.method(args)
  statements        name = expr   (a line with an open ( or < goes on)   # a comment
";

const INPUT: &str = "\
C++ and CuTe DSL as input (paste what you read; SPEC §1b):
  integral constants  _4  _4{}  Int<4>{}  Int<4>  C<4>{}  _m2   0x38 0b101 0o17 4'000 4_000 4u 8ll
  C++ types           Layout<Shape<_4,Shape<_3,_6>>, Stride<_1,Stride<_4,_12>>>{}  Layout<Shape<_8,_8>>{}
                      Shape<_4,_8>{}  Stride<…>{}  Coord<…>{}  Tile<…>{}  Step<_1,X,_1>{}
                      Swizzle<3,4,3>{}  ComposedLayout<…>  smem_ptr_flag_bits<16>
                      MMA_Atom<SM80_16x8x16_F32BF16BF16F32_TN>{}  Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}
                      TiledMMA<MMA_Atom<…>, Layout<…>>  GMMA::Layout_K_SW128_Atom<half_t>
  builders            make_layout(shape[, stride | LayoutLeft{} | LayoutRight{} | GenColMajor{} | GenRowMajor{}])
                      make_shape make_stride make_coord make_tile make_step make_tuple
                      make_composed_layout(Swizzle<…>{}, offset, layout)  make_swizzle<B,M,S>()
                      make_tiled_mma(SM80_…{}, Layout<…>{})  make_tensor(make_inttuple_iter(N), L)
  statements          auto x = EXPR;  constexpr auto x = EXPR;  Tensor gA = EXPR;  Layout a = EXPR;
                      using T = decltype(EXPR);  using T = TYPE;  then T{}   using namespace cute;
                      print(x);  print_layout(x);  print_latex(x);   cute:: is dropped
                      // and /* */ comments, blanks anywhere between tokens, a trailing ; or ,
  control flow        for (int i = 0; i < N; ++i)  while (C)  do … while (C);  if … else if … else
                      switch/case/default  break;  continue;  k += 2;  ++k;  CUTE_UNROLL (skipped)
                      DSL: for i in range(a, b, c):  (body indented; cutlass.range_constexpr unrolls)
  CuTe DSL            cute.make_layout((4, 8), stride=(8, 1))   (6,) is rank 1   None keeps a mode
                      keyword arguments by the function's parameters: stride= order= tiler= cotarget=
                      mode=[…] (cute.size(L, mode=[0]))  cute.Int32(4)  cute.group_modes  cute.slice_
                      cute.make_swizzle(b, m, s)  cute.make_composed_layout(inner, offset, outer)
                      import cutlass.cute as cute   (ignored)
  Static and dynamic integers as CuTe has them, by the statement's dialect (syntax alone):
    C++       a statement with `;`, `::`, a {…} construction, Int<…>/C<…> or a declaration:
              a plain literal (4, int{4}) is dynamic; _4, _4{}, Int<4>{}, C<4>{} are static
    CuTe DSL  `cute.`/`cutlass.`: Python literals are static, cutlass.Int32(4) is dynamic
    notation  everything else: static; 4? is the written form of a dynamic integer
  Every algorithm takes CuTe's branch for the kinds it gets (what coalesces, which size-1 modes
  stay); --format cute prints exactly what CuTe's print() prints (_4 static, 4 dynamic).
  A construct cute does not model (a pointer, an unknown template) is an error naming it.
";

const LIMITS: &str = "\
Limits (src/limits.rs; past one, an error names it):
  integers         signed 64-bit, every literal and intermediate checked: `integer overflow in …`
  statements       4 MiB; a longer line is skipped to its newline in constant memory
  nesting          256 levels of brackets, calls and values, every intermediate value checked
  tuple width      2^20 integers in one value
  shapes           every extent at least 1 wherever a shape is read
  grids            64 x 64 cells shown on a terminal; print_layout (--style cute) up to 2^22 cells
  enumeration      properties and law checks point by point up to 2^20 points, else proved by
                   modes or sampled; explain --verify checks at most 2^20 indices each
  bank analysis    2^22 layout evaluations
";

/// The text of a topic: one of [`TOPICS`], or a function of the table (its signature and what it
/// computes). `None` for anything else.
pub fn topic(name: &str) -> Option<String> {
    Some(match name {
        "notation" => NOTATION.to_string(),
        "input" | "cpp" | "c++" | "dsl" | "python" | "paste" => INPUT.to_string(),
        "limits" => LIMITS.to_string(),
        "nvgpu" | "cute.nvgpu" => crate::eval::nvgpu::help("nvgpu")?,
        "functions" => {
            let mut out = String::from("Functions (names as in CuTe C++):\n");
            for f in functions::all() {
                out.push_str(&format!("  {:<24} {}\n", f.name, f.signature()));
            }
            out.push_str("Members (x.name(...)):\n");
            for (name, sig, _) in crate::eval::methods::MEMBERS {
                out.push_str(&format!("  {name:<24} {sig}\n"));
            }
            out
        }
        _ => {
            // `.partition_A`, as the member is written after its value
            let bare = name.strip_prefix('.').unwrap_or(name);
            let function = || functions::lookup(bare).map(describe);
            let member = || crate::eval::methods::member(bare).map(describe_member);
            // an operation of cute.nvgpu (`warp.MmaF16BF16Op`, `cute.nvgpu.cpasync.CopyG2SOp`)
            let operation = || crate::eval::nvgpu::help(name);
            if name.starts_with('.') {
                member().or_else(function)?
            } else {
                function().or_else(member).or_else(operation)?
            }
        }
    })
}

/// A member's entry for `cute help NAME` (as a function's): its signature, what it computes,
/// and its example with the result, computed now.
fn describe_member((signature, summary, example): (&str, &str, &str)) -> String {
    format!(
        "{signature}\n  {summary}\n  example: {example}\n           = {}\n",
        worked(example)
    )
}

/// `cute help` without a topic: the topics and how to ask.
pub fn overview() -> String {
    let mut out = String::from("cute help TOPIC, where TOPIC is one of:\n");
    for (name, line) in TOPICS {
        out.push_str(&format!("  {name:<10} {line}\n"));
    }
    out.push_str(
        "  COMMAND    a command's options (as `cute COMMAND --help`)\n  FUNCTION   a function's signature and a worked example (e.g. `cute help composition`)\n  .MEMBER    a member's, the same (e.g. `cute help .partition_A`)\n",
    );
    out
}

/// A function's entry for `:help NAME` and `cute help NAME`: its signature, what it computes,
/// and its example with the result, computed now (so the help is always true).
pub fn describe(f: &functions::Function) -> String {
    format!(
        "{}\n  {}\n  example: {}\n           = {}\n",
        f.signature(),
        f.summary(),
        f.example(),
        worked(f.example())
    )
}

/// What an example statement gives, in the one-line notation.
fn worked(example: &str) -> String {
    match crate::eval::Env::new().run(example) {
        Ok(crate::eval::Outcome::Value(v)) => crate::render::plain::render(&v),
        // a call of CuTe's `void` algorithms (`copy`, `gemm`, …)
        Ok(crate::eval::Outcome::Nothing) => "nothing (void in CuTe; the call checked)".to_string(),
        Ok(_) => String::new(),
        Err(e) => format!("error: {}", e.message),
    }
}
