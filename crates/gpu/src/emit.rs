//! Layouts as CUDA C++ index arithmetic: the expression of `L(x)` for an integer expression `x`.

use cute::algebra::{Layout, Swizzle};
use cute::analysis::bank::SmemLayout;

/// A flat list of `(shape, stride)` modes.
fn flat_modes(l: &Layout) -> Vec<(i64, i64)> {
    l.shape()
        .leaves()
        .into_iter()
        .zip(l.stride().leaves())
        .collect()
}

/// `L(x)` for a 1-D index `x` (a C++ expression of type int), as CuTe evaluates it: the
/// colexicographic split over the flattened modes, the last mode taking the rest.
pub fn layout_expr(l: &Layout, x: &str) -> String {
    let modes = flat_modes(l);
    let mut terms = Vec::new();
    let mut prefix: i64 = 1;
    let last = modes.len().saturating_sub(1);
    for (i, (s, d)) in modes.iter().copied().enumerate() {
        if s == 1 && i != last {
            continue;
        }
        if d != 0 {
            let q = if prefix == 1 {
                x.to_string()
            } else {
                format!("({x} / {prefix})")
            };
            // the last mode takes the rest, as CuTe's crd2idx does
            let c = if i == last { q } else { format!("({q} % {s})") };
            terms.push(if d == 1 { c } else { format!("{c} * {d}") });
        }
        prefix = prefix.saturating_mul(s);
    }
    if terms.is_empty() {
        "0".to_string()
    } else {
        terms.join(" + ")
    }
}

/// `L(m, n)` for a rank-2 layout: mode 0 at `m`, mode 1 at `n`.
pub fn layout_expr_2d(l: &Layout, m: &str, n: &str) -> String {
    let (m0, m1) = (l.mode(0).expect("rank 2"), l.mode(1).expect("rank 2"));
    let a = layout_expr(&m0, m);
    let b = layout_expr(&m1, n);
    match (a.as_str(), b.as_str()) {
        ("0", _) => b,
        (_, "0") => a,
        _ => format!("{a} + {b}"),
    }
}

/// `Sw(o)` for an expression `o`.
pub fn swizzle_expr(s: &Swizzle, o: &str) -> String {
    if s.bits == 0 {
        return o.to_string();
    }
    let y = s.yyy_msk();
    if s.shift >= 0 {
        format!("(({o}) ^ ((({o}) & {y:#x}) >> {}))", s.shift)
    } else {
        format!("(({o}) ^ ((({o}) & {y:#x}) << {}))", -s.shift)
    }
}

/// The generated index arithmetic of a shared-memory layout (the one type of
/// [`cute::analysis::bank`]: plain, or swizzled with offset 0).
pub trait SmemExpr {
    /// The C++ expression of the offset of element (m, k).
    fn expr_2d(&self, m: &str, k: &str) -> String;

    /// The C++ expression of `S(C(x))` for a 1-D index into C's domain, when `S o C` composes.
    fn expr_composed(&self, c: &Layout, x: &str) -> Option<String>;
}

impl SmemExpr for SmemLayout {
    fn expr_2d(&self, m: &str, k: &str) -> String {
        let inner = layout_expr_2d(self.layout(), m, k);
        match self.swizzle() {
            Some(s) => swizzle_expr(&s, &inner),
            None => inner,
        }
    }

    fn expr_composed(&self, c: &Layout, x: &str) -> Option<String> {
        let sc = cute::algebra::composition::compose(self.layout(), c).ok()?;
        let inner = layout_expr(&sc, x);
        Some(match self.swizzle() {
            Some(s) => swizzle_expr(&s, &inner),
            None => inner,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A layout literal, through the notation's literal reader.
    fn layout(s: &str) -> Layout {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    /// Evaluate a generated expression in x (integer arithmetic as in C).
    fn eval_c(expr: &str, x: i64) -> i64 {
        // tiny evaluator: the emitter only uses + * / % and parentheses on non-negative ints
        fn parse(t: &[char], i: &mut usize, x: i64) -> i64 {
            let mut v = term(t, i, x);
            while *i < t.len() && t[*i] == '+' {
                *i += 1;
                v += term(t, i, x);
            }
            v
        }
        fn term(t: &[char], i: &mut usize, x: i64) -> i64 {
            let mut v = atom(t, i, x);
            while *i < t.len() && matches!(t[*i], '*' | '/' | '%') {
                let op = t[*i];
                *i += 1;
                let r = atom(t, i, x);
                v = match op {
                    '*' => v * r,
                    '/' => v / r,
                    _ => v % r,
                };
            }
            v
        }
        fn atom(t: &[char], i: &mut usize, x: i64) -> i64 {
            if t[*i] == '(' {
                *i += 1;
                let v = parse(t, i, x);
                *i += 1;
                return v;
            }
            if t[*i] == 'x' {
                *i += 1;
                return x;
            }
            let start = *i;
            while *i < t.len() && t[*i].is_ascii_digit() {
                *i += 1;
            }
            t[start..*i].iter().collect::<String>().parse().unwrap()
        }
        let t: Vec<char> = expr.chars().filter(|c| !c.is_whitespace()).collect();
        let mut i = 0;
        parse(&t, &mut i, x)
    }

    #[test]
    fn emitted_expressions_evaluate_the_layout() {
        for s in [
            "(4,8):(1,4)",
            "((8,16),(32,1)):((32,256),(1,0))",
            "(2,(3,4)):(12,(1,3))",
            "7:3",
            "(4,1,3):(0,5,2)",
        ] {
            let l = layout(s);
            let e = layout_expr(&l, "x");
            for i in 0..l.size().unwrap() * 2 {
                assert_eq!(eval_c(&e, i), l.at(i).unwrap(), "{s} at {i}: {e}");
            }
        }
    }

    #[test]
    fn swizzle_expression_matches_the_swizzle() {
        let s = Swizzle::new(3, 3, 3).unwrap();
        let e = swizzle_expr(&s, "x");
        assert_eq!(e, "((x) ^ (((x) & 0x1c0) >> 3))");
        assert_eq!(s.apply(0x1c0), 0x1c0 ^ 0x38);
    }
}
