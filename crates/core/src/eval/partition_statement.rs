//! A partition statement read from its text, and the cells of the tile it gives a thread.
//!
//! `COPY.thread(t).partition_S(TILE)` (or `partition_D`, `MMA.thread(t).partition_A/B/C(TILE)`,
//! `local_partition(TILE, THREADS, t)`, `outer_partition` / `inner_partition` / `local_tile`) is
//! recognised from its syntax tree; its parts (the thread's slice, the tile) and the whole
//! statement are evaluated by the evaluator. `cute show` draws the tile with the partition's
//! cells marked, `cute bank --tv` analyses the whole copy or MMA operand over the tile: both read
//! the statement here.
//!
//! Which cells are marked is read off the partition CuTe computes: value `v` of the partition is
//! element `P(v)` (its offset plus its layout at `v`, through a swizzle where it has one), and the
//! cell of the tile holding that element is found by evaluating the tile at every index of its
//! domain. No partition algebra is derived again here.

use std::collections::HashMap;

use crate::algebra::Layout;
use crate::atoms::{Atom, Operand};
use crate::eval::{Env, EvalError, Value};
use crate::parser::{self, Span, ast::ExprKind};

/// The most cells of a tile, and values of a partition, evaluated for one picture.
pub const MAX_CELLS: i64 = crate::limits::MAX_TV_CELLS;

/// What made the partition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Partitioner {
    /// `thr_copy.partition_S` (`source`) or `partition_D`.
    Copy {
        /// The source side (`partition_S`).
        source: bool,
    },
    /// `thr_mma.partition_A/B/C`.
    Mma(Operand),
    /// `local_partition(TILE, THREADS, t[, STEP])`: thread `t` of a thread layout.
    Local,
    /// `outer_partition`, `inner_partition`, `local_tile`: one tile or one slice, no thread.
    Tiler,
}

/// A partition statement: the method or function, the thread, the tile it partitions and what
/// CuTe computes.
#[derive(Clone, Debug)]
pub struct PartitionStatement {
    /// What made it.
    pub by: Partitioner,
    /// The method or function as written: `partition_S`, `local_partition`, ...
    pub method: String,
    /// The thread's slice (`ThrCopy` or `ThrMma`) a method is called on.
    pub slice: Option<Atom>,
    /// The thread, where there is one.
    pub thread: Option<i64>,
    /// The partitioned tile (or tensor), evaluated.
    pub tile: Value,
    /// The tile's argument as written.
    pub tile_text: String,
    /// Where the tile's argument is in the statement.
    pub tile_span: Span,
    /// The statement's value: the partition as CuTe prints it.
    pub result: Value,
}

impl PartitionStatement {
    /// The tiled MMA operand or copy side the partition is of: `A`, `B`, `C`, `S`, `D`.
    pub fn operand(&self) -> Option<&'static str> {
        match self.by {
            Partitioner::Copy { source: true } => Some("S"),
            Partitioner::Copy { source: false } => Some("D"),
            Partitioner::Mma(Operand::A) => Some("A"),
            Partitioner::Mma(Operand::B) => Some("B"),
            Partitioner::Mma(Operand::C) => Some("C"),
            Partitioner::Local | Partitioner::Tiler => None,
        }
    }
}

/// The methods of a thread's slice that partition a tensor.
const METHODS: [&str; 5] = [
    "partition_S",
    "partition_D",
    "partition_A",
    "partition_B",
    "partition_C",
];

/// The free functions that partition a tensor (the tensor their first argument).
const FUNCTIONS: [&str; 4] = [
    "local_partition",
    "outer_partition",
    "inner_partition",
    "local_tile",
];

/// Read `text` as a partition statement: `Ok(None)` when it is none (or does not parse: the
/// caller evaluates it as any other expression and reports that), its parts evaluated in `env`
/// otherwise. Every failure points into `text`.
pub fn read(env: &Env, text: &str) -> Result<Option<PartitionStatement>, EvalError> {
    let arena = bumpalo::Bump::new();
    let Ok(mut expr) = parser::parse_expr(text, &arena) else {
        return Ok(None);
    };
    while let ExprKind::Group(inner) = expr.kind {
        expr = *inner;
    }
    let ExprKind::Call(callee, args) = expr.kind else {
        return Ok(None);
    };
    let slice = |e: &Value| match e {
        Value::Atom(a) => Some(a.as_ref().clone()),
        _ => None,
    };
    match callee.kind {
        ExprKind::Field(receiver, name) if METHODS.contains(&name) => {
            let by = match name {
                "partition_S" => Partitioner::Copy { source: true },
                "partition_D" => Partitioner::Copy { source: false },
                "partition_A" => Partitioner::Mma(Operand::A),
                "partition_B" => Partitioner::Mma(Operand::B),
                _ => Partitioner::Mma(Operand::C),
            };
            let who = env.eval(receiver)?;
            let thread = match (&who, by) {
                (Value::Atom(a), Partitioner::Copy { .. }) => match a.as_ref() {
                    Atom::ThrCopy(_, t) => Some(t.value),
                    Atom::TiledCopy(_) => return Err(no_thread(name, "tiled copy", receiver.span)),
                    _ => None,
                },
                (Value::Atom(a), Partitioner::Mma(_)) => match a.as_ref() {
                    Atom::ThrMma(_, t) => Some(t.value),
                    Atom::TiledMma(_) => return Err(no_thread(name, "tiled MMA", receiver.span)),
                    _ => None,
                },
                _ => None,
            };
            // the evaluator says what is wrong with any other receiver or argument
            let result = env.eval(&expr)?;
            let [tile] = args else {
                return Ok(None);
            };
            Ok(Some(PartitionStatement {
                by,
                method: name.to_string(),
                slice: slice(&who),
                thread,
                tile: env.eval(tile)?,
                tile_text: text[tile.span.start..tile.span.end].to_string(),
                tile_span: tile.span,
                result,
            }))
        }
        ExprKind::Name(name) | ExprKind::Qualified(name) if FUNCTIONS.contains(&name) => {
            let result = env.eval(&expr)?;
            // the arguments in the function's positions (the DSL's keyword arguments too)
            let args = match crate::eval::functions::lookup(name) {
                Some(f) => Env::positional(f, args, expr.span, false)?.0,
                None => args.to_vec(),
            };
            let Some(tile) = args.first() else {
                return Ok(None);
            };
            let (by, thread) = if name == "local_partition" {
                let index = args.get(2).map(|a| env.eval(a)).transpose()?;
                (Partitioner::Local, index.and_then(|v| v.as_int()))
            } else {
                (Partitioner::Tiler, None)
            };
            Ok(Some(PartitionStatement {
                by,
                method: name.to_string(),
                slice: None,
                thread,
                tile: env.eval(tile)?,
                tile_text: text[tile.span.start..tile.span.end].to_string(),
                tile_span: tile.span,
                result,
            }))
        }
        _ => Ok(None),
    }
}

/// The method a statement ends in, `x.name(...)` or `x.name` (`None` for any other statement):
/// what a statement that is not a partition is, for the message refusing it.
pub fn final_method(text: &str) -> Option<String> {
    let arena = bumpalo::Bump::new();
    let mut expr = parser::parse_expr(text, &arena).ok()?;
    while let ExprKind::Group(inner) = expr.kind {
        expr = *inner;
    }
    match expr.kind {
        ExprKind::Call(callee, _) => match callee.kind {
            ExprKind::Field(_, name) => Some(name.to_string()),
            _ => None,
        },
        ExprKind::Field(_, name) => Some(name.to_string()),
        _ => None,
    }
}

fn no_thread(method: &str, what: &str, span: Span) -> EvalError {
    EvalError::new(
        format!(
            "{method} partitions a thread's slice, and this is a whole {what}: write X.thread(t).{method}(...) (CuTe: get_slice(t), get_thread_slice(t))"
        ),
        span,
    )
}

/// The cells of a tile a partition holds: the tile drawn as `cute show` draws a layout (mode 0
/// down, the other modes across), each cell the first value of the partition at its element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarkedTile {
    /// Rows of the tile (the size of mode 0; 1 for a rank-1 tile).
    pub rows: i64,
    /// Columns of the tile (the other modes, colexicographic).
    pub cols: i64,
    /// Row-major: the value of the partition at each cell, `None` where it has none.
    pub cells: Vec<Option<i64>>,
    /// Each value of the partition, in order: its element (offset in the tile's codomain) and
    /// the cells `(row, column)` holding that element.
    pub values: Vec<(i64, Vec<(i64, i64)>)>,
    /// Values whose cell already holds an earlier value (a broadcast mode of the partition).
    pub repeated: usize,
    /// Cells holding the same element as another cell (a tile that is not one-to-one).
    pub shared_cells: usize,
}

impl MarkedTile {
    /// Cells the partition marks.
    pub fn marked(&self) -> usize {
        self.cells.iter().filter(|c| c.is_some()).count()
    }
}

/// The domain of a tile argument: a shape (its column-major layout), a layout, or a tensor over
/// a plain or swizzled layout.
pub fn tile_domain(tile: &Value, span: Span) -> Result<Layout, EvalError> {
    match tile {
        Value::IntTuple(t) => {
            Layout::column_major(t.clone()).map_err(|e| EvalError::algebra(e, span))
        }
        Value::Layout(l) => Ok(l.clone()),
        Value::OffsetLayout(_, l) => Ok((**l).clone()),
        Value::Composed(c) | Value::SwizzledTensor(_, c) => Ok(c.layout.clone()),
        other => Err(EvalError::new(
            format!(
                "the partitioned tile must be a shape, a layout or a tensor (plain or swizzled), not {}",
                other.kind()
            ),
            span,
        )),
    }
}

/// The cells of `tile` (the value at `span`) that the partition `part` holds: each value `v` of
/// the partition is the element `part(v)`, and the cells of the tile at that element are found
/// by evaluating the tile at every index (both with the evaluator's own `apply`).
pub fn mark(tile: &Value, span: Span, part: &Value) -> Result<MarkedTile, EvalError> {
    let domain = tile_domain(tile, span)?;
    let alg = |e| EvalError::algebra(e, span);
    let size = domain.size().map_err(alg)?;
    if size > MAX_CELLS {
        return Err(EvalError::limit(
            format!(
                "the tile has {size} cells, more than the limit of {MAX_CELLS} a picture draws"
            ),
            span,
        ));
    }
    let rows = match domain.rank() {
        0 | 1 => 1,
        _ => domain.mode(0).and_then(|m| m.size()).map_err(alg)?,
    };
    let cols = if rows == 0 { 0 } else { size / rows };
    let element = |v: &Value, i: i64| -> Result<i64, EvalError> {
        let at = crate::eval::apply(v, &Value::int(i), span, span, span)?;
        at.as_int().ok_or_else(|| {
            EvalError::new(format!("{} at {i} is not an element index", v.kind()), span)
        })
    };
    let mut cells_of: HashMap<i64, Vec<i64>> = HashMap::new();
    for i in 0..size {
        cells_of.entry(element(tile, i)?).or_default().push(i);
    }
    let shared_cells = cells_of
        .values()
        .filter(|c| c.len() > 1)
        .map(Vec::len)
        .sum();
    let part_size = match part {
        Value::IntTuple(_)
        | Value::Layout(_)
        | Value::OffsetLayout(..)
        | Value::Composed(_)
        | Value::SwizzledTensor(..) => tile_domain(part, span)?.size().map_err(alg)?,
        other => {
            return Err(EvalError::new(
                format!("the partition is {}, not a tensor", other.kind()),
                span,
            ));
        }
    };
    if part_size > MAX_CELLS {
        return Err(EvalError::limit(
            format!(
                "the partition has {part_size} values, more than the limit of {MAX_CELLS} a picture draws"
            ),
            span,
        ));
    }
    let mut cells = vec![None; usize::try_from(size).unwrap_or(0)];
    let mut values = Vec::with_capacity(usize::try_from(part_size).unwrap_or(0));
    let mut repeated = 0;
    for v in 0..part_size {
        let e = element(part, v)?;
        let Some(at) = cells_of.get(&e) else {
            return Err(EvalError::new(
                format!(
                    "value {v} of the partition is element {e}, which no cell of the tile holds"
                ),
                span,
            ));
        };
        let mut coords = Vec::with_capacity(at.len());
        let mut fresh = false;
        for &i in at {
            let (r, c) = (i % rows, i / rows);
            coords.push((r, c));
            let cell = &mut cells[(r * cols + c) as usize];
            if cell.is_none() {
                *cell = Some(v);
                fresh = true;
            }
        }
        if !fresh {
            repeated += 1;
        }
        values.push((e, coords));
    }
    Ok(MarkedTile {
        rows,
        cols,
        cells,
        values,
        repeated,
        shared_cells,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> Value {
        let arena = bumpalo::Bump::new();
        let e = parser::parse_expr(text, &arena).expect("parses");
        Env::new().eval(&e).expect("evaluates")
    }

    const COPY: &str =
        "make_tiled_copy(copy_atom(UniversalCopy<uint32_t>, half_t), (4,8):(8,1), (1,2))";

    #[test]
    fn the_forms_of_a_partition_are_read() {
        let env = Env::new();
        let read = |t: &str| read(&env, t).expect("no error");
        let st = read(&format!("{COPY}.thread(3).partition_D((4,16))")).expect("a partition");
        assert_eq!(st.by, Partitioner::Copy { source: false });
        assert_eq!((st.thread, st.operand()), (Some(3), Some("D")));
        assert_eq!(st.tile_text, "(4,16)");
        assert!(matches!(st.slice, Some(Atom::ThrCopy(_, t)) if t.value == 3));
        let st = read(&format!("({COPY}.get_slice(5).partition_S((4,16)))")).expect("grouped");
        assert_eq!(st.thread, Some(5));
        let st =
            read("tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (1,1,1)).thread(2).partition_B((8,16))")
                .expect("an MMA partition");
        assert_eq!(
            (st.by, st.operand()),
            (Partitioner::Mma(Operand::B), Some("B"))
        );
        let st = read("local_partition((4,8), (2,4), 5)").expect("local_partition");
        assert_eq!(
            (st.by, st.thread, st.operand()),
            (Partitioner::Local, Some(5), None)
        );
        let st = read("outer_partition((8,8), (2,4), (1,1))").expect("outer_partition");
        assert_eq!((st.by, st.thread), (Partitioner::Tiler, None));
        for other in [
            "(4,8):(1,4)",
            "local_partition",
            &format!("{COPY}.thread(3)"),
            &format!("{COPY}.thread(3).retile_D((2,4,4))"),
            "size((4,8))",
            "(((",
        ] {
            assert!(read(other).is_none(), "{other}");
        }
        assert_eq!(
            final_method(&format!("{COPY}.thread(3).retile_D((2,4,4))")).as_deref(),
            Some("retile_D")
        );
        assert_eq!(final_method("local_partition((4,8), (2,4), 5)"), None);
    }

    #[test]
    fn a_partition_of_a_whole_copy_or_mma_names_the_missing_thread() {
        let env = Env::new();
        let e = read(&env, &format!("{COPY}.partition_S((4,16))")).expect_err("no thread");
        assert!(e.message.contains("thread's slice"), "{}", e.message);
        assert_eq!(e.span, Span::new(0, COPY.len()));
        let e = read(
            &env,
            "tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (1,1,1)).partition_C((16,8))",
        )
        .expect_err("no thread");
        assert!(e.message.contains("whole tiled MMA"), "{}", e.message);
    }

    #[test]
    fn marks_follow_the_elements() {
        let span = Span::new(0, 1);
        // a plain tile: value v of the partition 9 o (2,2):(2,16) is element 9 + ...
        let m = mark(&value("(4,8)"), span, &value("9 o (2,2):(2,16)")).expect("marks");
        assert_eq!(
            (m.rows, m.cols, m.marked(), m.repeated, m.shared_cells),
            (4, 8, 4, 0, 0)
        );
        assert_eq!(m.values[3], (27, vec![(3, 6)]));
        // a broadcast tile: each value marks every cell at its element
        let m = mark(&value("(4,2):(0,1)"), span, &value("1 o 1:0")).expect("marks");
        assert_eq!((m.marked(), m.shared_cells), (4, 8));
        assert_eq!(m.values[0].1.len(), 4);
        // a partition repeating an element
        let m = mark(&value("(4,2)"), span, &value("2 o 3:0")).expect("marks");
        assert_eq!((m.marked(), m.repeated), (1, 2));
    }

    #[test]
    fn bad_tiles_and_partitions_are_refused() {
        let span = Span::new(3, 7);
        let e = mark(&value("true"), span, &value("4:1")).expect_err("a boolean");
        assert!(e.message.contains("not a boolean"), "{}", e.message);
        assert_eq!(e.span, span);
        let e = mark(&value("(4,8)"), span, &value("40 o 2:1")).expect_err("outside");
        assert!(
            e.message.contains("element 40, which no cell"),
            "{}",
            e.message
        );
        let e = mark(&value("(4,8)"), span, &value("Sw<1,1,1>")).expect_err("a swizzle");
        assert!(e.message.contains("not a tensor"), "{}", e.message);
        let e = mark(&value("(1024,1024)"), span, &value("4:1")).expect_err("too large");
        assert!(e.message.contains("limit"), "{}", e.message);
    }
}
