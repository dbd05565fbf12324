//! `IntTuple`: an integer or a (nested) tuple of IntTuples, CuTe's shapes, strides and coordinates.

use std::fmt;

use super::arith;
use super::error::{Result, condition};

/// An integer or a tuple of IntTuples. `(8)` (rank-1 tuple) differs from `8`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntTuple {
    /// A single integer.
    Int(i64),
    /// A tuple of IntTuples.
    Tuple(Vec<IntTuple>),
}

use IntTuple::{Int, Tuple};

impl IntTuple {
    /// A tuple from its elements.
    pub fn tuple(elems: Vec<IntTuple>) -> IntTuple {
        Tuple(elems)
    }

    /// Whether this is a single integer.
    pub fn is_int(&self) -> bool {
        matches!(self, Int(_))
    }

    /// The integer, when this is one.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Int(v) => Some(*v),
            Tuple(_) => None,
        }
    }

    /// Number of top-level modes (an integer has rank 1).
    pub fn rank(&self) -> usize {
        match self {
            Int(_) => 1,
            Tuple(v) => v.len(),
        }
    }

    /// Nesting depth (an integer has depth 0).
    pub fn depth(&self) -> usize {
        match self {
            Int(_) => 0,
            Tuple(v) => 1 + v.iter().map(IntTuple::depth).max().unwrap_or(0),
        }
    }

    /// Mode `i` (for an integer, mode 0 is itself), as CuTe's `get<i>`.
    pub fn mode(&self, i: usize) -> Option<&IntTuple> {
        match self {
            Int(_) if i == 0 => Some(self),
            Int(_) => None,
            Tuple(v) => v.get(i),
        }
    }

    /// The modes as a slice-like vector view (an integer is its only mode).
    pub fn modes(&self) -> Vec<IntTuple> {
        match self {
            Int(_) => vec![self.clone()],
            Tuple(v) => v.clone(),
        }
    }

    /// Product of all leaves (`size`).
    pub fn product(&self) -> Result<i64> {
        match self {
            Int(v) => Ok(*v),
            Tuple(v) => v
                .iter()
                .try_fold(1i64, |acc, e| arith::mul(acc, e.product()?, "size")),
        }
    }

    /// Sum of all leaves.
    pub fn sum(&self) -> Result<i64> {
        match self {
            Int(v) => Ok(*v),
            Tuple(v) => v
                .iter()
                .try_fold(0i64, |acc, e| arith::add(acc, e.sum()?, "sum")),
        }
    }

    /// All leaves, left to right.
    pub fn leaves(&self) -> Vec<i64> {
        let mut out = Vec::with_capacity(8);
        self.collect_leaves(&mut out);
        out
    }

    /// The first leaf (in [`IntTuple::leaves`] order) for which `pred` holds.
    pub fn first_leaf(&self, pred: impl Fn(i64) -> bool + Copy) -> Option<i64> {
        match self {
            Int(v) => pred(*v).then_some(*v),
            Tuple(v) => v.iter().find_map(|e| e.first_leaf(pred)),
        }
    }

    fn collect_leaves(&self, out: &mut Vec<i64>) {
        match self {
            Int(v) => out.push(*v),
            Tuple(v) => v.iter().for_each(|e| e.collect_leaves(out)),
        }
    }

    /// CuTe's `flatten`: an integer stays an integer, a tuple becomes a flat tuple.
    pub fn flatten(&self) -> IntTuple {
        match self {
            Int(_) => self.clone(),
            Tuple(_) => Tuple(self.leaves().into_iter().map(Int).collect()),
        }
    }

    /// CuTe's `wrap`: a tuple stays, an integer becomes a rank-1 tuple.
    pub fn wrap(&self) -> Vec<IntTuple> {
        match self {
            Int(_) => vec![self.clone()],
            Tuple(v) => v.clone(),
        }
    }

    /// CuTe's `unwrap`: a rank-1 tuple becomes its element, recursively.
    pub fn unwrap(self) -> IntTuple {
        match self {
            Tuple(mut v) if v.len() == 1 => v.pop().expect("one element").unwrap(),
            other => other,
        }
    }

    /// Whether the two have the same tuple structure.
    pub fn congruent(&self, other: &IntTuple) -> bool {
        match (self, other) {
            (Int(_), Int(_)) => true,
            (Tuple(a), Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.congruent(y))
            }
            _ => false,
        }
    }

    /// CuTe's `compatible(a, b)`: sizes agree and every leaf of `a` maps to a mode of `b`.
    pub fn compatible(&self, other: &IntTuple) -> bool {
        match (self, other) {
            (Int(a), _) => other.product().map(|p| p == *a).unwrap_or(false),
            (Tuple(a), Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.compatible(y))
            }
            (Tuple(_), Int(_)) => false,
        }
    }

    /// Apply `f` to every leaf, keeping the structure.
    pub fn map_leaves(&self, f: &mut impl FnMut(i64) -> Result<i64>) -> Result<IntTuple> {
        Ok(match self {
            Int(v) => Int(f(*v)?),
            Tuple(v) => Tuple(
                v.iter()
                    .map(|e| e.map_leaves(f))
                    .collect::<Result<Vec<_>>>()?,
            ),
        })
    }

    /// Replace every leaf with `value`.
    pub fn repeat_like(&self, value: i64) -> IntTuple {
        match self {
            Int(_) => Int(value),
            Tuple(v) => Tuple(v.iter().map(|e| e.repeat_like(value)).collect()),
        }
    }

    /// CuTe's `ceil_div(a, b)` on IntTuples.
    pub fn ceil_div(&self, b: &IntTuple) -> Result<IntTuple> {
        match (self, b) {
            (Tuple(a), Tuple(bv)) => {
                if a.len() < bv.len() {
                    return Err(condition("ceil_div", "mismatched ranks"));
                }
                let one = Int(1);
                a.iter()
                    .enumerate()
                    .map(|(i, x)| x.ceil_div(bv.get(i).unwrap_or(&one)))
                    .collect::<Result<Vec<_>>>()
                    .map(Tuple)
            }
            (Tuple(a), Int(bi)) => {
                let mut rest = Int(*bi);
                let mut out = Vec::with_capacity(a.len());
                for ai in a {
                    out.push(ai.ceil_div(&rest)?);
                    rest = rest.ceil_div(ai)?;
                }
                Ok(Tuple(out))
            }
            (Int(_), Tuple(_)) => self.ceil_div(&Int(b.product()?)),
            (Int(x), Int(y)) => Ok(Int(arith::ceil_div(*x, *y, "ceil_div")?)),
        }
    }

    /// CuTe's `shape_div(a, b)` on IntTuples (with its divisibility condition).
    pub fn shape_div(&self, b: &IntTuple) -> Result<IntTuple> {
        match (self, b) {
            (Tuple(a), Tuple(bv)) => {
                if a.len() != bv.len() {
                    return Err(condition("shape_div", "mismatched ranks"));
                }
                a.iter()
                    .zip(bv)
                    .map(|(x, y)| x.shape_div(y))
                    .collect::<Result<Vec<_>>>()
                    .map(Tuple)
            }
            (Tuple(a), Int(bi)) => {
                let mut rest = Int(*bi);
                let mut out = Vec::with_capacity(a.len());
                for ai in a {
                    out.push(ai.shape_div(&rest)?);
                    rest = rest.shape_div(ai)?;
                }
                Ok(Tuple(out))
            }
            (Int(_), Tuple(_)) => self.shape_div(&Int(b.product()?)),
            (Int(x), Int(y)) => {
                let (x, y) = (*x, *y);
                if y == 0 || x == 0 {
                    return Err(condition("shape_div", "division by zero"));
                }
                if arith::rem(x, y, "shape_div")? != 0 && arith::rem(y, x, "shape_div")? != 0 {
                    return Err(condition(
                        "shape_div",
                        format!("divisibility condition: neither of {x} and {y} divides the other"),
                    ));
                }
                Ok(Int(arith::ceil_div(x, y, "shape_div")?))
            }
        }
    }

    /// CuTe's `product_each`: the product of each top-level mode, as a tuple.
    pub fn product_each(&self) -> Result<IntTuple> {
        Ok(Tuple(
            self.wrap()
                .iter()
                .map(|m| m.product().map(Int))
                .collect::<Result<Vec<_>>>()?,
        ))
    }
}

/// Append the decimal digits of `v` to `out` (what `{v}` writes, without the formatting machinery).
pub fn push_int(out: &mut String, v: i64) {
    out.push_str(itoa::Buffer::new().format(v));
}

impl IntTuple {
    /// Append the value as [`fmt::Display`] writes it.
    pub fn write_to(&self, out: &mut String) {
        match self {
            Int(v) => push_int(out, *v),
            Tuple(v) => {
                out.push('(');
                for (i, e) in v.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    e.write_to(out);
                }
                out.push(')');
            }
        }
    }
}

impl fmt::Display for IntTuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Int(v) => write!(f, "{v}"),
            Tuple(v) => write_tuple(f, v),
        }
    }
}

impl From<i64> for IntTuple {
    fn from(v: i64) -> Self {
        Int(v)
    }
}

/// The notation of a tuple, `(a,b,c)`: its items' own notation, comma-separated, no blanks (as
/// CuTe prints). The one tuple printer of IntTuples, coordinates and tilers.
pub fn write_tuple<T: std::fmt::Display>(
    f: &mut std::fmt::Formatter<'_>,
    items: &[T],
) -> std::fmt::Result {
    f.write_str("(")?;
    for (i, e) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{e}")?;
    }
    f.write_str(")")
}

/// The notation's literal reader: `4`, `-2`, `(4,(2,3))` (blanks anywhere between tokens),
/// nested at most [`MAX_NESTING`](crate::limits::MAX_NESTING) levels. What `Display` prints
/// reads back as itself. (Statements go through `crate::parser`; this reads the plain notation,
/// for the atoms' catalogs, benches and tests.)
impl std::str::FromStr for IntTuple {
    type Err = super::AlgebraError;

    fn from_str(text: &str) -> Result<IntTuple> {
        let mut r = Reader {
            b: text.as_bytes(),
            i: 0,
        };
        let t = r.int_tuple(0)?;
        r.end()?;
        Ok(t)
    }
}

/// A cursor over a literal's bytes.
pub(crate) struct Reader<'a> {
    pub(crate) b: &'a [u8],
    pub(crate) i: usize,
}

impl Reader<'_> {
    fn error(&self, what: &str) -> super::AlgebraError {
        condition(
            "literal",
            format!(
                "{what} at byte {} of '{}'",
                self.i,
                String::from_utf8_lossy(self.b)
            ),
        )
    }

    fn blanks(&mut self) {
        while self.b.get(self.i).is_some_and(u8::is_ascii_whitespace) {
            self.i += 1;
        }
    }

    /// Consume `c` (after blanks) if it is next.
    pub(crate) fn eat(&mut self, c: u8) -> bool {
        self.blanks();
        let here = self.b.get(self.i) == Some(&c);
        self.i += usize::from(here);
        here
    }

    /// Nothing but blanks is left.
    pub(crate) fn end(&mut self) -> Result<()> {
        self.blanks();
        if self.i == self.b.len() {
            Ok(())
        } else {
            Err(self.error("unexpected text"))
        }
    }

    pub(crate) fn int_tuple(&mut self, depth: usize) -> Result<IntTuple> {
        if depth > crate::limits::MAX_NESTING {
            return Err(self.error("nesting too deep"));
        }
        if self.eat(b'(') {
            let mut items = Vec::new();
            loop {
                items.push(self.int_tuple(depth + 1)?);
                if self.eat(b')') {
                    return Ok(Tuple(items));
                }
                if !self.eat(b',') {
                    return Err(self.error("expected ',' or ')'"));
                }
            }
        }
        self.blanks();
        let start = self.i;
        if self.b.get(self.i) == Some(&b'-') {
            self.i += 1;
        }
        while self.b.get(self.i).is_some_and(u8::is_ascii_digit) {
            self.i += 1;
        }
        std::str::from_utf8(&self.b[start..self.i])
            .ok()
            .and_then(|s| s.parse().ok())
            .map(Int)
            .ok_or_else(|| self.error("expected an integer"))
    }
}

#[cfg(test)]
mod write_tests {
    use super::*;

    #[test]
    fn write_to_is_display() {
        for v in [
            0,
            1,
            -1,
            9,
            10,
            -10,
            99,
            12345,
            i64::MAX,
            i64::MIN,
            i64::MIN + 1,
        ] {
            let mut s = String::new();
            push_int(&mut s, v);
            assert_eq!(s, v.to_string());
        }
        let t = Tuple(vec![
            Int(-3),
            Tuple(vec![]),
            Tuple(vec![Int(7), Int(i64::MIN)]),
        ]);
        let mut s = String::new();
        t.write_to(&mut s);
        assert_eq!(s, t.to_string());
    }
}
