//! `cute bank` (and `cute show --tv`): which shared-memory banks a thread/value layout, a tiled
//! copy or an MMA operand's partition touches, phase by phase, optionally measured on the GPU.

use std::io::Write;

use crate::commands::one_liner::eval_argument;
use crate::diagnostic;
use crate::output::EXIT_USAGE;
use crate::output::{EXIT_INPUT, finish};
use cute::eval::{Env, Value};

/// How `cute bank` reads the access pattern: which TV layout of a tiled MMA or copy, and the
/// widths (each `None`: 16 and 128 bits, or what the copy atom says).
pub struct BankAccess<'a> {
    /// `A`, `B`, `C` of a tiled MMA; `S`, `D` of a tiled copy.
    pub operand: Option<&'a str>,
    /// Element width in bits.
    pub elem_bits: Option<u32>,
    /// Width of one access in bits.
    pub access_bits: Option<u32>,
    /// Run the pattern on the GPU too (`--measure`).
    pub measure: bool,
}

/// Why `cute bank` / `cute show --tv` read no access pattern from their arguments: `--tv` and
/// `--operand` do not name a TV layout, the shared-memory layout is not one, or it does not
/// cover the tile. Each message names the argument.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AccessError {
    /// A layout operation fails.
    #[error(transparent)]
    Algebra(#[from] cute::algebra::AlgebraError),
    /// A copy atom's bits do not fit 32 bits.
    #[error(transparent)]
    Bits(#[from] std::num::TryFromIntError),
    /// Drawing the access pattern fails.
    #[error(transparent)]
    Render(#[from] cute::render::RenderError),
    /// `--operand` with a plain TV layout.
    #[error(
        "--operand {0}: --tv is a layout; --operand chooses a TV layout of a tiled MMA or copy"
    )]
    OperandOfLayout(String),
    /// `--operand` names no operand of a tiled MMA.
    #[error("--operand {0}: a tiled MMA has operands A, B and C")]
    MmaOperand(String),
    /// A tiled MMA without `--operand`.
    #[error("--tv is a tiled MMA: say which operand's TV layout with --operand A, B or C")]
    MmaNeedsOperand,
    /// `--operand` names no side of a tiled copy.
    #[error("--operand {0}: a tiled copy has sides S (source) and D (destination)")]
    CopySide(String),
    /// `--tv` is no access pattern.
    #[error("--tv must be a TV layout, a tiled copy or MMA (or a thread's slice of one), or a thread's partition COPY.thread(t).partition_S/D(SMEM) or MMA.thread(t).partition_A/B/C(SMEM), not {}", .0)]
    NotAnAccessPattern(&'static str),
    /// The shared-memory layout does not cover the tile the TV layout indexes.
    #[error("the shared-memory layout does not cover the tile {tile} of --tv: {source}")]
    TileNotCovered {
        /// The tile.
        tile: Box<cute::algebra::IntTuple>,
        /// Why.
        source: cute::algebra::AlgebraError,
    },
    /// The shared-memory argument is not a layout.
    #[error("the shared-memory layout must be a layout or a swizzled layout, not {0}")]
    NotASharedLayout(&'static str),
    /// The tile to draw is not two-dimensional.
    #[error(
        "the tile {0} is not two-dimensional: give a tiled copy or MMA, or a shared-memory layout of rank 2"
    )]
    TileNot2d(Box<cute::algebra::IntTuple>),
}

/// What `--tv` gives: the TV layout, the element and access bits, the tile its TV layout
/// indexes (column-major) when it is a tiled copy's or MMA's, and which TV layout it is.
struct BankTv {
    layout: cute::algebra::Layout,
    elem_bits: u32,
    access_bits: u32,
    tile: Option<cute::algebra::IntTuple>,
    /// `A`, `B`, `C` of a tiled MMA, `S`, `D` of a tiled copy; `S` for a TV layout given as such.
    side: &'static str,
    /// What the tile's rows and columns index: `("M","K")` for A, `("N","K")` for B, else
    /// `("M","N")`.
    axes: (&'static str, &'static str),
}

/// The TV layout, element bits and access bits `--tv` gives: a layout; a tiled copy's source or
/// destination TV layout (default: its shared-memory side) with its atom's element type and bits
/// per thread; or a tiled MMA's operand TV layout.
fn bank_tv(t: Value, access: &BankAccess) -> Result<BankTv, AccessError> {
    use cute::atoms::{Atom, Operand};
    let elem = access.elem_bits.unwrap_or(16);
    let width = access.access_bits.unwrap_or(128);
    match t {
        Value::Layout(l) => match access.operand {
            None => Ok(BankTv {
                layout: l,
                elem_bits: elem,
                access_bits: width,
                tile: None,
                side: "S",
                axes: ("M", "N"),
            }),
            Some(op) => Err(AccessError::OperandOfLayout(op.to_string())),
        },
        Value::Atom(a) => match *a {
            Atom::TiledMma(m) | Atom::ThrMma(m, _) => {
                let op = match access.operand {
                    Some("A") => Operand::A,
                    Some("B") => Operand::B,
                    Some("C") => Operand::C,
                    Some(other) => return Err(AccessError::MmaOperand(other.to_string())),
                    None => return Err(AccessError::MmaNeedsOperand),
                };
                let (p, q, side, axes) = match op {
                    Operand::A => (0, 2, "A", ("M", "K")),
                    Operand::B => (1, 2, "B", ("N", "K")),
                    Operand::C => (0, 1, "C", ("M", "N")),
                };
                let tile = cute::algebra::IntTuple::tuple([
                    cute::algebra::IntTuple::int(m.tile_size_mnk(p)?),
                    cute::algebra::IntTuple::int(m.tile_size_mnk(q)?),
                ]);
                Ok(BankTv {
                    layout: m.layout_tv(op)?,
                    elem_bits: elem,
                    access_bits: width,
                    tile: Some(tile),
                    side,
                    axes,
                })
            }
            Atom::TiledCopy(c) | Atom::ThrCopy(c, _) => {
                let op = c.atom.op.as_str();
                let src = match access.operand {
                    Some("S") => true,
                    Some("D") => false,
                    Some(other) => return Err(AccessError::CopySide(other.to_string())),
                    // the side in shared memory: ldmatrix reads it, cp.async and stmatrix write it
                    None => !(op.contains("CP_ASYNC") || op.contains("STSM")),
                };
                let tv = c.layout_tv_of(src)?;
                let bits = u32::try_from(c.atom.val_bits)?;
                let per_thread = c
                    .atom
                    .num_val(src)?
                    .saturating_mul(c.atom.val_bits)
                    .min(128);
                let per_thread = u32::try_from(per_thread)?;
                Ok(BankTv {
                    layout: tv,
                    elem_bits: access.elem_bits.unwrap_or(bits),
                    access_bits: access.access_bits.unwrap_or(per_thread),
                    tile: Some(c.tiler_shape()?),
                    side: if src { "S" } else { "D" },
                    axes: ("M", "N"),
                })
            }
            other => Err(AccessError::NotAnAccessPattern(other.kind())),
        },
        other => Err(AccessError::NotAnAccessPattern(other.kind())),
    }
}

/// The shared-memory layout seen through the tile a tiled copy's or MMA's TV layout indexes
/// (column-major): `composition(SMEM, TILE)`; the layout itself without a tile.
fn through_tile(
    smem: cute::analysis::bank::SmemLayout,
    tile: Option<&cute::algebra::IntTuple>,
) -> Result<cute::analysis::bank::SmemLayout, AccessError> {
    use cute::analysis::bank::SmemLayout;
    let Some(tile) = tile else {
        return Ok(smem);
    };
    let tiler = cute::algebra::Tiler::from_shape(tile);
    match smem {
        SmemLayout::Plain(l) => {
            cute::algebra::composition::compose_tiler(&l, &tiler).map(SmemLayout::Plain)
        }
        SmemLayout::Composed(c) => c.compose(&tiler).map(SmemLayout::Composed),
    }
    .map_err(|source| AccessError::TileNotCovered {
        tile: Box::new(tile.clone()),
        source,
    })
}

/// The shared-memory layout argument of `cute bank` / `cute show --tv`.
fn smem_argument(v: Value) -> Result<cute::analysis::bank::SmemLayout, AccessError> {
    use cute::analysis::bank::SmemLayout;
    match v {
        Value::Layout(l) => Ok(SmemLayout::Plain(l)),
        Value::Composed(c) => Ok(SmemLayout::Composed(*c)),
        Value::IntTuple(t) => Ok(cute::algebra::Layout::column_major(t).map(SmemLayout::Plain)?),
        other => Err(AccessError::NotASharedLayout(other.kind())),
    }
}

/// Whether two shared-memory layouts are the same: equal, or with modes of the same sizes and
/// equal at every index (`tile_to_shape(Sw<3,3,3> o (8,64):(64,1), (128,64))` is
/// `Sw<3,3,3> o (128,64):(64,1)`; at most [`cute::limits::MAX_BANK_POINTS`] evaluated).
fn same_smem(a: &cute::analysis::bank::SmemLayout, b: &cute::analysis::bank::SmemLayout) -> bool {
    if a == b {
        return true;
    }
    let modes = |s: &cute::analysis::bank::SmemLayout| s.layout().shape().product_each().ok();
    if modes(a).is_none() || modes(a) != modes(b) {
        return false;
    }
    match a.size() {
        Ok(n) if n <= cute::limits::MAX_BANK_POINTS => {
            (0..n).all(|i| matches!((a.offset(i), b.offset(i)), (Ok(x), Ok(y)) if x == y))
        }
        _ => false,
    }
}

/// What `cute bank` and `cute show SMEM --tv` read from their arguments: the shared-memory
/// layout, the access pattern (`--tv`'s value: a TV layout, a tiled copy or MMA or a thread's
/// slice of one), which of its TV layouts, and the partition statement `--tv` was, if it was one.
struct SmemAccess {
    smem: cute::analysis::bank::SmemLayout,
    /// The shared-memory layout as given.
    given: String,
    tv: Value,
    /// `A`, `B`, `C`, `S`, `D`: `--operand`, or the partition's method.
    operand: Option<&'static str>,
    partition: Option<cute::eval::partition_statement::PartitionStatement>,
}

/// An error against the command line: the message, and the exit status.
type Refusal = (String, i32);

/// Read `SMEM` and `--tv TV` (`SMEM` may be left out when `TV` is a partition
/// `COPY.thread(t).partition_S(SMEM)` or `MMA.thread(t).partition_A(SMEM)`, which names it):
/// a failure to evaluate is reported to `err` against its argument (`Err(None)`); any other is
/// returned.
fn read_smem_access(
    smem: Option<&str>,
    tv: &str,
    operand: Option<&str>,
    err: &mut dyn Write,
) -> Result<SmemAccess, Option<Refusal>> {
    use cute::eval::partition_statement as partition;
    let env = Env::new();
    let partition = partition::read(&env, tv).map_err(|e| {
        let _ = err.write_all(diagnostic::render("<argument 2>", 1, tv, &e).as_bytes());
        None
    })?;
    let smem = match smem {
        Some(text) => {
            let Some(v) = eval_argument(&env, 1, text, err) else {
                return Err(None);
            };
            Some(smem_argument(v).map_err(|m| Some((m.to_string(), EXIT_INPUT)))?)
        }
        None => None,
    };
    let Some(p) = partition else {
        let Some(smem) = smem else {
            if let Some(method) = partition::final_method(tv) {
                return Err(Some((
                    format!(
                        "--tv ends in .{method}(...), which is not a partition (partition_S/D of a copy's thread, partition_A/B/C of an MMA's), so it names no shared-memory layout: give one, SMEM --tv TV"
                    ),
                    EXIT_USAGE,
                )));
            }
            return Err(Some((
                "give the shared-memory layout: SMEM --tv TV (SMEM may be left out only when --tv is a thread's partition of it, COPY.thread(t).partition_S(SMEM) or MMA.thread(t).partition_A(SMEM))".to_string(),
                EXIT_USAGE,
            )));
        };
        let Some(tv) = eval_argument(&env, 2, tv, err) else {
            return Err(None);
        };
        return Ok(SmemAccess {
            given: smem.to_string(),
            smem,
            tv,
            operand: operand.map(operand_name),
            partition: None,
        });
    };
    let (Some(slice), Some(side)) = (p.slice.clone(), p.operand()) else {
        return Err(Some((
            format!(
                "--tv {}(...) is a partition by a thread layout or a tiler, not by a copy or an MMA: --tv takes COPY.thread(t).partition_S/D(SMEM) or MMA.thread(t).partition_A/B/C(SMEM)",
                p.method
            ),
            EXIT_INPUT,
        )));
    };
    if let Some(asked) = operand
        && asked != side
    {
        return Err(Some((
            format!(
                "--operand {asked} contradicts --tv's {}, which is the {side} {}",
                p.method,
                if matches!(side, "S" | "D") {
                    "side of the copy"
                } else {
                    "operand of the MMA"
                }
            ),
            EXIT_INPUT,
        )));
    }
    let partitioned = smem_argument(p.tile.clone()).map_err(|m| {
        Some((
            format!(
                "the tensor --tv's {} partitions ({}): {m}",
                p.method, p.tile_text
            ),
            EXIT_INPUT,
        ))
    })?;
    if let Some(given) = &smem
        && !same_smem(given, &partitioned)
    {
        return Err(Some((
            format!(
                "the shared-memory layout {given} and the tensor {partitioned} that --tv's {} partitions differ: give one of them, or the same layout twice",
                p.method
            ),
            EXIT_INPUT,
        )));
    }
    Ok(SmemAccess {
        given: partitioned.to_string(),
        smem: partitioned,
        tv: Value::Atom(Box::new(slice)),
        operand: Some(side),
        partition: Some(p),
    })
}

/// `--operand`'s value, one of those clap allows.
fn operand_name(op: &str) -> &'static str {
    ["A", "B", "C", "S", "D"]
        .into_iter()
        .find(|o| *o == op)
        .unwrap_or("?")
}

/// Report a refusal of [`read_smem_access`] (`None`: already reported) and give its status.
fn refused(r: Option<Refusal>, err: &mut dyn Write) -> i32 {
    match r {
        Some((m, status)) => {
            let _ = writeln!(err, "error: {m}");
            status
        }
        None => EXIT_INPUT,
    }
}

/// `cute show SMEM --tv TV`: the tile of the TV layout over the shared-memory layout, each cell
/// the thread and value that access it and the bank of its element, coloured by thread.
pub fn show_access(
    smem: &str,
    tv: &str,
    access: &BankAccess,
    json: bool,
    color: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let read = match read_smem_access(Some(smem), tv, access.operand, err) {
        Ok(r) => r,
        Err(r) => return refused(r, err),
    };
    let access = BankAccess {
        operand: read.operand,
        ..*access
    };
    let picture = || -> Result<String, AccessError> {
        let SmemAccess {
            smem, given, tv: t, ..
        } = read;
        let BankTv {
            layout: tv,
            elem_bits,
            tile,
            side,
            axes,
            ..
        } = bank_tv(t, &access)?;
        // the tile: the copy's or MMA's, else the shared-memory layout's (M, N)
        let shape = match &tile {
            Some(t) => t.clone(),
            None => smem.layout().shape().product_each()?,
        };
        let dims: Vec<i64> = shape.leaf_iter().collect();
        let [rows, cols] = dims[..] else {
            return Err(AccessError::TileNot2d(Box::new(shape)));
        };
        let smem = through_tile(smem, tile.as_ref())?;
        let grid = cute::render::tv::TvGrid::build(side, axes, rows, cols, tv)?;
        // the bank of each cell's element (column-major index r + rows * c of the tile)
        let bank = |r: i64, c: i64| -> Option<i64> {
            let off = smem.offset(r + rows * c).ok()?;
            Some(cute::render::grid::bank_of(off, elem_bits))
        };
        if json {
            let mut text =
                cute::render::tv::access_json(&given, &smem.to_string(), &grid, elem_bits, &bank);
            text.push('\n');
            return Ok(text);
        }
        let mut text = format!(
            "shared memory {given} through the {rows}x{cols} tile; cell T<thread>V<value>:b<bank> ({elem_bits}-bit elements){}\n",
            if color { ", coloured by thread" } else { "" }
        );
        text.push_str(&cute::render::tv::terminal_grid_marked(
            &grid,
            crate::terminal::paint(color),
            cute::limits::MAX_GRID_ROWS,
            cute::limits::MAX_GRID_COLS,
            &|r, c| bank(r, c).map(|b| format!(":b{b}")),
        ));
        Ok(text)
    };
    match picture() {
        Ok(text) => finish(out.write_all(text.as_bytes()), false),
        Err(m) => {
            let _ = writeln!(err, "error: {m}");
            EXIT_INPUT
        }
    }
}

/// `cute bank [SMEM] --tv TV`: the predicted bank conflicts of an access pattern; when `TV` is
/// a thread's partition (`COPY.thread(t).partition_S(SMEM)`), the whole copy's or MMA operand's,
/// and thread `t`'s own values after the report.
pub fn bank(
    smem: Option<&str>,
    tv: &str,
    access: &BankAccess,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    use cute::analysis::bank::analyze;
    let read = match read_smem_access(smem, tv, access.operand, err) {
        Ok(r) => r,
        Err(r) => return refused(r, err),
    };
    let access = BankAccess {
        operand: read.operand,
        ..*access
    };
    let SmemAccess {
        smem,
        given,
        tv: t,
        partition,
        ..
    } = read;
    let BankTv {
        layout: tv,
        elem_bits,
        access_bits,
        tile,
        ..
    } = match bank_tv(t, &access) {
        Ok(x) => x,
        Err(m) => {
            let _ = writeln!(err, "error: {m}");
            return EXIT_INPUT;
        }
    };
    // a tiled copy's or MMA's TV layout indexes its tile column-major: the shared-memory layout
    // seen through that tile, `composition(SMEM, TILE)`
    let through = tile.as_ref().map(|t| t.to_string());
    let smem = match through_tile(smem, tile.as_ref()) {
        Ok(s) => s,
        Err(m) => {
            let _ = writeln!(err, "error: {m}");
            return EXIT_INPUT;
        }
    };
    let analysed = analyze(&smem, &tv, elem_bits, access_bits).map(|mut r| {
        if let Some(tile) = &through {
            r.smem = format!("{given} through the {tile} tile: {}", r.smem);
        }
        r
    });
    // the partition's thread: its values in the analysed tile
    let thread_line = match (&analysed, &partition) {
        (Ok(r), Some(p)) => p.thread.and_then(|t| {
            r.thread_line(
                t,
                format!("{}: {}", p.method, cute::render::plain::render(&p.result)),
            )
        }),
        _ => None,
    };
    let measured = match (&analysed, access.measure) {
        (Ok(r), true) => match cute_gpu::bank_probe::measure(r) {
            Ok(m) => Some(m),
            Err(e) => {
                let _ = writeln!(err, "error: {e}");
                return match e {
                    cute_gpu::device::GpuError::Unavailable(_) => cute_gpu::command::EXIT_NO_GPU,
                    cute_gpu::device::GpuError::Failed(_) => EXIT_INPUT,
                };
            }
        },
        _ => None,
    };
    match analysed {
        Ok(r) if json => finish(
            writeln!(
                out,
                "{}",
                cute::render::json::bank_report(&r, measured.as_ref(), thread_line.as_ref())
            ),
            false,
        ),
        Ok(r) => {
            let mut text = r.render_text();
            if let Some(m) = &measured {
                text.push_str(&m.render_text());
            }
            if let Some(line) = &thread_line {
                text.push_str(&line.render_text());
            }
            finish(out.write_all(text.as_bytes()), false)
        }
        Err(m) => {
            let _ = writeln!(err, "error: {m}");
            EXIT_INPUT
        }
    }
}
