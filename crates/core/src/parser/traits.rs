//! The type traits a pasted program asks of its values: `is_static<decltype(x)>::value`,
//! `is_static_v<…>`, `is_same_v<A, B>` (and `std::is_same<…>::value`), `tuple_size_v<…>`,
//! `is_constant<n, …>`, `rank_v<…>`, `depth_v<…>`, `size_v<…>`, `cosize_v<…>`, `is_integral<…>`, `is_tuple<…>`, `is_layout<…>`. A type is
//! written as a value here (`decltype(x)` is x, `Shape<_2,int>` the shape), and an integer type
//! (`int`, `size_t`, `bool`) stands for a run-time integer. The trait itself is a static truth
//! or integer (CuTe's `bool_constant`, printed `_1`); `::value` and the `_v` forms are C++'s
//! plain `bool`/`int` (printed `1`).

use super::ast::{Expr, ExprKind, Span, Trait};
use super::{PResult, Parser};

/// The C++ integer types a trait may be asked of (`is_integral<int>`, `Shape<_2,int>`), each
/// with the type it names (`int32_t` is `int`).
const INTEGER_TYPES: &[(&str, &str)] = &[
    ("int", "int"),
    ("int32_t", "int"),
    ("std::int32_t", "int"),
    ("signed", "int"),
    ("unsigned", "unsigned"),
    ("uint32_t", "unsigned"),
    ("std::uint32_t", "unsigned"),
    ("long", "long"),
    ("int64_t", "long"),
    ("std::int64_t", "long"),
    ("size_t", "unsigned long"),
    ("std::size_t", "unsigned long"),
    ("uint64_t", "unsigned long"),
    ("std::uint64_t", "unsigned long"),
    ("short", "short"),
    ("bool", "bool"),
];

/// The type transformations of [`STRIPPING`] that remove a reference (`decltype(get<0>(t))`'s).
const REMOVING_REFERENCES: &[&str] = &["remove_cvref_t", "remove_reference_t", "decay_t"];

/// A reference type's kind as written (`T&`, `T const&`, `T&&`) and the marker that names it
/// in an `is_same`'s arguments (no function is named so).
pub const REFERENCE_KINDS: &[(&str, &str)] = &[
    ("&", "<lvalue reference>"),
    ("const&", "<const lvalue reference>"),
    ("&&", "<rvalue reference>"),
];

/// The type transformations of `<type_traits>` that strip qualifiers (`const`, `&`), which a
/// type written as a value does not have: `remove_cvref_t<T>` is T here.
const STRIPPING: &[&str] = &[
    "remove_cvref_t",
    "remove_cv_t",
    "remove_const_t",
    "remove_reference_t",
    "decay_t",
];

/// The trait a template's name spells, and whether it is its `_v` form.
pub(super) fn trait_named(name: &str) -> Option<(Trait, bool)> {
    let name = name.strip_prefix("std::").unwrap_or(name);
    let (base, value) = match name.strip_suffix("_v") {
        Some(b) => (b, true),
        None => (name, false),
    };
    let t = match base {
        "is_static" => Trait::IsStatic,
        "is_integral" => Trait::IsIntegral,
        "is_tuple" => Trait::IsTuple,
        "is_layout" => Trait::IsLayout,
        "is_same" => Trait::IsSame,
        "is_constant" => Trait::IsConstant,
        "tuple_size" => Trait::TupleSize,
        "is_empty" => Trait::IsEmpty,
        "is_standard_layout" => Trait::IsStandardLayout,
        // `rank<I>(x)` and `depth<I>(x)` are CuTe's functions: only the `_v` forms are traits
        "rank" if value => Trait::Rank,
        "depth" if value => Trait::Depth,
        "size" if value => Trait::Size,
        "cosize" if value => Trait::Cosize,
        _ => return None,
    };
    Some((t, value))
}

/// The type an integer type's name names (`None` for another name).
fn integer_type(name: &str) -> Option<&'static str> {
    INTEGER_TYPES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
}

impl<'a> Parser<'a> {
    /// The trait `t` whose template arguments open at `open` (its name starts at `pos`), with
    /// `::value` when `value` (its `_v` form): where it ends, and the expression.
    pub(super) fn trait_of(
        &mut self,
        pos: usize,
        open: usize,
        t: Trait,
        value: bool,
    ) -> PResult<(usize, Expr<'a>)> {
        // a reference type (`int const&`, `Nonempty<int>&&`): cute's types are values, of no
        // value category (`decltype(get<0>(t))` is the element's value), so the trait is
        // named, never answered as if the reference were its value's type
        if let Some(close) = super::function::angle_close(self.src.as_bytes(), open) {
            let list = &self.src[open + 1..close];
            if t == Trait::IsSame
                && let parts = super::function::split_top(list)
                && parts.len() == 2
                && parts.iter().any(|a| a.trim_end().ends_with('&'))
            {
                return self.same_with_reference(pos, open, close, &parts, value);
            }
            if let Some(r) = super::function::split_top(list)
                .into_iter()
                .find(|a| a.trim_end().ends_with('&'))
            {
                let at = open + 1 + (r.as_ptr() as usize - list.as_ptr() as usize);
                return super::err(
                    format!(
                        "the reference type '{}' is not modelled: cute's types are values, without C++'s value categories (decltype of an expression is its value's type), so this trait cannot be answered",
                        r.trim()
                    ),
                    Span::new(at, at + r.len()),
                );
            }
        }
        self.enter(open)?;
        let (end, items) = self.list(open, '<', '>', false)?;
        self.leave();
        let items = items
            .iter()
            .map(|e| self.without_qualifiers(e))
            .collect::<PResult<Vec<_>>>()?;
        let span = Span::new(pos, end);
        let arity = if matches!(t, Trait::IsSame | Trait::IsConstant) {
            2
        } else {
            1
        };
        if items.len() != arity {
            return super::err(
                format!(
                    "this trait takes {arity} type{}, got {}",
                    if arity == 1 { "" } else { "s" },
                    items.len()
                ),
                span,
            );
        }
        // `is_same<int, long>`, `is_same<T, T>`: names only, decided here; other names
        // (`is_same_v<c_type, expected_type>` of two aliases, `is_same<half_t, float>`) are the
        // evaluator's, which takes a name that is no value as a type of its own
        let names: Option<Vec<&str>> = items.iter().map(|e| e.kind.name()).collect();
        let kind = match (t, names.as_deref()) {
            (Trait::IsSame, Some([a, b]))
                if a == b || (integer_type(a).is_some() && integer_type(b).is_some()) =>
            {
                ExprKind::Trait(Trait::Known(integer_type(a) == integer_type(b)), &[])
            }
            _ => {
                let args: Vec<Expr<'a>> = items.iter().map(|e| self.as_value(e, true)).collect();
                ExprKind::Trait(t, self.arena.alloc_slice_copy(&args))
            }
        };
        let e = Expr { kind, span };
        if !value {
            return Ok((end, e));
        }
        Ok((
            end,
            Expr {
                kind: ExprKind::Field(self.arena.alloc(e), "::value"),
                span,
            },
        ))
    }

    /// `is_same<A, B>` where A or B is a reference type (`int const&`, `Nonempty<int>&`,
    /// `int&&`): each reference type read as the marker call `REF(T)` (`REF` one of
    /// [`REFERENCE_KINDS`], no function's name), which the evaluator compares with the value
    /// category of a `decltype(get<I>(t))` (eval/traits.rs).
    fn same_with_reference(
        &mut self,
        pos: usize,
        open: usize,
        close: usize,
        parts: &[&'a str],
        value: bool,
    ) -> PResult<(usize, Expr<'a>)> {
        let list = &self.src[open + 1..close];
        let mut args = Vec::with_capacity(2);
        for part in parts {
            let at = open + 1 + (part.as_ptr() as usize - list.as_ptr() as usize);
            let lead = part.len() - part.trim_start().len();
            let text = part.trim();
            let (base, kind) = match text.strip_suffix("&&") {
                Some(b) => (b.trim_end(), "&&"),
                None => match text.strip_suffix('&') {
                    Some(b) => (b.trim_end(), "&"),
                    None => (text, ""),
                },
            };
            let (base, kind) = match (kind, base.strip_suffix("const")) {
                ("&", Some(b)) if b.ends_with(|c: char| c.is_whitespace() || c == '>') => {
                    (b.trim_end(), "const&")
                }
                ("&", _) if base.starts_with("const ") => (base["const ".len()..].trim(), "const&"),
                _ => (base, kind),
            };
            let start = at + lead + (base.as_ptr() as usize - text.as_ptr() as usize);
            // (read up to the reference's `&`, which an expression would take as an operator)
            let mut q = Parser::new(&self.src[..start + base.len()], 0, self.arena);
            q.in_angle = true;
            let (end, e) = q.expr(start)?;
            if q.skip_ws(end) != start + base.len() {
                return super::err(
                    format!("expected a type in is_same<…>, found '{}'", part.trim()),
                    Span::new(at, at + part.len()),
                );
            }
            let e = self.without_qualifiers(&e)?;
            let e = self.as_value(&e, true);
            args.push(if kind.is_empty() {
                e
            } else {
                let callee = Expr {
                    kind: ExprKind::Qualified(
                        REFERENCE_KINDS
                            .iter()
                            .find(|(k, _)| *k == kind)
                            .map_or("", |(_, marker)| marker),
                    ),
                    span: e.span,
                };
                Expr {
                    kind: ExprKind::Call(
                        self.arena.alloc(callee),
                        self.arena.alloc_slice_copy(&[e]),
                    ),
                    span: Span::new(at, at + part.len()),
                }
            });
        }
        let span = Span::new(pos, close + 1);
        let e = Expr {
            kind: ExprKind::Trait(Trait::IsSame, self.arena.alloc_slice_copy(&args)),
            span,
        };
        Ok((
            close + 1,
            if value {
                Expr {
                    kind: ExprKind::Field(self.arena.alloc(e), "::value"),
                    span,
                }
            } else {
                e
            },
        ))
    }

    /// A type without the qualifiers `<type_traits>` strips (`remove_cvref_t<T>`, `decay_t<T>`,
    /// …): T, which a value's type already is here (`decltype(x)` has no `const` or `&`).
    pub(super) fn without_qualifiers(&mut self, e: &Expr<'a>) -> PResult<Expr<'a>> {
        let Some(name) = e.kind.name() else {
            return Ok(*e);
        };
        let bare = name
            .strip_prefix("std::")
            .or_else(|| name.strip_prefix("cute::"))
            .unwrap_or(name);
        let Some((wrapper, _)) = bare.split_once('<') else {
            return Ok(*e);
        };
        if !STRIPPING.contains(&wrapper.trim_end()) || !name.ends_with('>') {
            return Ok(*e);
        }
        let text = &self.src[e.span.start..e.span.end];
        let (Some(open), true) = (text.find('<'), text.ends_with('>')) else {
            return Ok(*e);
        };
        let close = e.span.end - 1;
        let outer = std::mem::replace(&mut self.in_angle, true);
        let inner = self.expr(self.skip_ws(e.span.start + open + 1));
        self.in_angle = outer;
        let (end, inner) = inner?;
        if self.skip_ws(end) != close {
            return super::err(
                format!("expected one type in {wrapper}<T>"),
                Span::new(e.span.start, e.span.end),
            );
        }
        let inner = self.without_qualifiers(&inner)?;
        // `remove_cvref_t<decltype(get<0>(t))>`: a `decltype(…)` with its reference removed,
        // a group of the group (the evaluator reads the value category of `decltype(E)`, a
        // group of E, only: eval/traits.rs); `remove_cv_t`, `remove_const_t` keep a reference
        Ok(match inner.kind {
            ExprKind::Group(_) if REMOVING_REFERENCES.contains(&wrapper.trim_end()) => Expr {
                kind: ExprKind::Group(self.arena.alloc(inner)),
                span: inner.span,
            },
            _ => inner,
        })
    }

    /// A type written as a value: an integer type's name is a run-time integer (its value
    /// unused), inside a type template too (`Shape<_2,int>`).
    fn as_value(&self, e: &Expr<'a>, top: bool) -> Expr<'a> {
        match e.kind {
            // 1: an extent a shape takes (as a trait's argument, another integer type than int
            // stands for itself)
            ExprKind::Name(n) if integer_type(n).is_some_and(|t| t == "int" || !top) => Expr {
                kind: ExprKind::DynInt(1),
                span: e.span,
            },
            // `integral_constant<uint32_t, 5>`: its type argument is a type
            ExprKind::Call(
                Expr {
                    kind:
                        ExprKind::Qualified(
                            "integral_constant" | "make_integer_sequence" | "integer_sequence",
                        ),
                    ..
                },
                _,
            ) => *e,
            ExprKind::Call(callee, args) => {
                let args: Vec<Expr<'a>> = args.iter().map(|a| self.as_value(a, false)).collect();
                Expr {
                    kind: ExprKind::Call(callee, self.arena.alloc_slice_copy(&args)),
                    span: e.span,
                }
            }
            ExprKind::Group(inner) => Expr {
                kind: ExprKind::Group(self.arena.alloc(self.as_value(inner, top))),
                span: e.span,
            },
            _ => *e,
        }
    }
}
