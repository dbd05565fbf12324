//! User-defined functions as a pasted C++ file writes them: `template <class A, class B> void
//! f(A const& a, B b) { … }`, `auto g(int x) { … return EXPR; }`, and `return EXPR;` in their
//! bodies (and in a lambda's, `[&](auto x) { …; return y; }`). A body is kept as its text and
//! read at each call, statement by statement, by the one block reader (`control.rs`); it is
//! read once here too, so a body that does not parse is an error where it is defined.

use super::ast::{Expr, Span, Stmt};
use super::cut::closing_bracket;
use super::{PResult, Parser, err, is_ident_char};
use bumpalo::collections::Vec as BumpVec;

/// A function's definition ([`Stmt::Function`]).
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionDef<'a> {
    /// Its name.
    pub name: &'a str,
    /// Where its name is written.
    pub name_span: Span,
    /// Its parameters.
    pub params: &'a [Param<'a>],
    /// Its template parameters, in order (`N`, `X` of `template <int N, class X>`): each name
    /// and whether it is a template template parameter (`template <class...> class Tuple`,
    /// whose argument is a template's name, `cute::tuple`). A call may give them explicitly,
    /// `f<3, float>(x)`.
    pub template_params: &'a [(&'a str, bool)],
    /// The text of its body, between its braces.
    pub body: &'a str,
    /// The lines of the statement before its body's first (the line of its `{`).
    pub body_line: usize,
    /// Whether it is a Python function (`@cute.jit def f(a, b):`, its body the lines indented
    /// deeper): a CuTe DSL jit function, whose Python `print`s run as the DSL traces it and
    /// whose `cute.printf`s after, as it runs.
    pub python: bool,
    /// Whether a decorator makes it a jit function or kernel (`@cute.jit`, `@cute.kernel`):
    /// the DSL traces it (its Python `print`s) before it runs it (its `cute.printf`s). A plain
    /// Python function prints as it goes.
    pub jit: bool,
    /// A parameter whose type expands the template's pack inside another type
    /// (`std::tuple<Args...> unpacked`): its text. The definition is read (a file that defines
    /// it is read on) and a call of it is an error naming the parameter, not modelled.
    pub pack_pattern: Option<&'a str>,
}

/// A Python class that holds fields ([`Stmt::Class`]): `class Vec3(NamedTuple):` or
/// `@dataclass(frozen=True) class P:`, its body `name: annotation [= default]` lines.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassDef<'a> {
    /// Its name.
    pub name: &'a str,
    /// Where its name is written.
    pub name_span: Span,
    /// Its fields, in order: each name and its default's text.
    pub fields: &'a [(&'a str, Option<&'a str>)],
    /// `NamedTuple` or `dataclass`, as its repr and mutability follow.
    pub kind: &'a str,
}

/// A parameter of a function or lambda.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param<'a> {
    /// Its name.
    pub name: &'a str,
    /// The template type parameter its type is (`A` of `A const& a`), if it is one: bound to
    /// the argument too (types are written as values: `is_static<A>` is `is_static<decltype(a)>`).
    pub type_param: Option<&'a str>,
    /// Whether its type is CuTe's `Layout<S, D>` (`Layout<LShape,LStride> const& layout`): an
    /// argument that is no layout is not this function's (C++'s overload resolution calls
    /// CuTe's function of the name, `logical_divide(layout, tile)`).
    pub takes_layout: bool,
    /// Its default argument's text (`4` of `int x = 4`), if it has one.
    pub default: Option<&'a str>,
    /// Whether it is a CuTe DSL jit function's compile-time parameter (`b: cutlass.Constexpr`,
    /// `cutlass.Constexpr[int]`): `cute.compile(f, …)` binds it, and the compiled function
    /// takes the others.
    pub constexpr: bool,
    /// The CuTe DSL numeric type a jit function's parameter is annotated with (`cutlass.Int32`
    /// of `x: cutlass.Int32`, `Float32`): the DSL passes a Python number argument as a
    /// run-time value of that type (`print(x)` prints `?`).
    pub numeric: Option<&'a str>,
    /// Whether a jit function's parameter is annotated `cute.Tensor`: the DSL refuses an
    /// argument that is no tensor (a NumPy array as it is, a number, a tuple) as it calls the
    /// function (ARG_ANNOTATION_MISMATCH).
    pub tensor: bool,
}

impl<'a> Param<'a> {
    /// A C++ function's parameter (none of the DSL's annotations).
    fn cpp(
        name: &'a str,
        type_param: Option<&'a str>,
        takes_layout: bool,
        default: Option<&'a str>,
    ) -> Self {
        Param {
            name,
            type_param,
            takes_layout,
            default,
            constexpr: false,
            numeric: None,
            tensor: false,
        }
    }
}

/// The CuTe DSL's numeric type an annotation names (`cutlass.Int32`, `Float32`), if it is one.
fn numeric_annotation(annotation: &str) -> Option<&str> {
    let a = annotation.split('=').next().unwrap_or("").trim();
    let name = a.strip_prefix("cutlass.").unwrap_or(a);
    const NUMERIC: &[&str] = &[
        "Int8", "Int16", "Int32", "Int64", "Uint8", "Uint16", "Uint32", "Uint64", "Float16",
        "BFloat16", "Float32", "Float64", "Boolean",
    ];
    NUMERIC.contains(&name).then_some(a)
}

/// The words a function definition without `template` may start with: specifiers and the
/// return types of pasted helpers.
const DEFINITION_START: &[&str] = &[
    "void",
    "auto",
    "bool",
    "int",
    "unsigned",
    "long",
    "size_t",
    "int32_t",
    "int64_t",
    "uint32_t",
    "uint64_t",
    "inline",
    "static",
    "constexpr",
    "CUTE_HOST_DEVICE",
    "CUTE_HOST",
    "CUTE_DEVICE",
    "__host__",
    "__device__",
    "__forceinline__",
];

/// The words of a parameter's type that say nothing of which type it is.
const QUALIFIERS: &[&str] = &["const", "volatile", "typename", "class"];

impl<'a> Parser<'a> {
    /// A function's definition at `pos`, if the statement is one: `[template <…>] SPECIFIERS
    /// RETURN-TYPE NAME(PARAMS) [const] [noexcept] [-> T] { BODY }`. `Ok(None)` where the text
    /// is no definition (`auto x = f(1);`, `int n(4);`); a `template <…>` of anything else is an
    /// error naming it.
    pub(super) fn function_definition(&self, pos: usize, nest: usize) -> PResult<Option<Stmt<'a>>> {
        let b = self.src.as_bytes();
        let mut p = pos;
        let mut templated = false;
        let mut type_params: Vec<&'a str> = Vec::new();
        let mut template_params: Vec<(&'a str, bool)> = Vec::new();
        // a variadic template parameter (`class... Ts`): its name and where it is written;
        // modelled as the type of the function's last parameter, a pack (`Ts const&... ts`)
        let mut variadic: Option<(&'a str, Span)> = None;
        if let Some(("template", end)) = self.word_at(p) {
            let open = self.skip_ws(end);
            if self.peek(open) != Some('<') {
                return Ok(None);
            }
            let close = angle_close(b, open).ok_or_else(|| super::ParseError {
                message: "expected '>' to close a template's parameters".into(),
                span: Span::new(open, open + 1),
            })?;
            for part in split_top(&self.src[open + 1..close]) {
                let name = last_ident(part);
                // (`template <class...> class Tuple`: a template template parameter, read)
                let template_template = part.trim_start().starts_with("template");
                if part.contains("...") && !template_template {
                    variadic = Some((name, Span::new(open, close + 1)));
                }
                if !name.is_empty() {
                    type_params.push(name);
                    template_params.push((name, template_template));
                }
            }
            templated = true;
            p = self.skip_ws(close + 1);
        } else if !self
            .word_at(p)
            .is_some_and(|(w, _)| DEFINITION_START.contains(&w))
        {
            return Ok(None);
        }
        // the specifiers and return type, up to the name before `(`
        let not_modelled = |at: usize| {
            err(
                "a template declaration ('template <…>') is modelled only as a function's definition, 'template <class T> RET NAME(PARAMS) { … }': write the value it declares",
                Span::new(pos, at.max(pos + 1)),
            )
        };
        let mut words = 0;
        let (name, name_start, open) = loop {
            if self.src[p..].starts_with("[[") {
                // an attribute, `[[nodiscard]]`
                match self.src[p..].find("]]") {
                    Some(k) => p = self.skip_ws(p + k + 2),
                    None => return if templated { not_modelled(p) } else { Ok(None) },
                }
                continue;
            }
            let Some((w, end)) = self.word_at(p) else {
                return if templated { not_modelled(p) } else { Ok(None) };
            };
            let w_at = p;
            let next = self.skip_ws(end);
            match self.peek(next) {
                Some('(') if matches!(w, "decltype" | "__launch_bounds__") => {
                    // `decltype(auto)`: a return type; a kernel's `__launch_bounds__(N)`
                    let close = closing_bracket(b, next).unwrap_or(b.len());
                    p = self.skip_ws(close + 1);
                }
                Some('(') if words > 0 => break (w, p, next),
                Some('<') => {
                    // a templated return type, `Layout<S, D>`
                    let Some(close) = angle_close(b, next) else {
                        return if templated { not_modelled(p) } else { Ok(None) };
                    };
                    p = self.skip_ws(close + 1);
                }
                Some(':') if self.src[next..].starts_with("::") => p = self.skip_ws(next + 2),
                Some('&' | '*') => p = self.skip_ws(next + 1),
                _ => p = next,
            }
            if templated
                && words == 0
                && let Some(def) = self.struct_definition(pos, w_at, &type_params)?
            {
                return Ok(Some(def));
            }
            if templated && matches!(w, "struct" | "class" | "union") {
                return err(
                    format!(
                        "a class template or its specialization ('template <…> {w} NAME<…> {{ … }}') is not modelled: cute knows CuTe 4.7's own types and atoms (MMA_Traits, Copy_Traits)"
                    ),
                    Span::new(pos, end),
                );
            }
            if templated && w == "operator" {
                return err(
                    "an operator's definition ('operator[]', 'operator()') is a member of a class (CuTe's Tensor and Layout define theirs): cute models free functions, 'template <class T> RET NAME(PARAMS) { … }'",
                    Span::new(pos, end),
                );
            }
            if matches!(w, "struct" | "class" | "using" | "union" | "enum") || p >= b.len() {
                return if templated { not_modelled(p) } else { Ok(None) };
            }
            words += 1;
        };
        let Some(close) = closing_bracket(b, open) else {
            return err(
                "expected ')' to close a function's parameters",
                Span::new(open, open + 1),
            );
        };
        // `const`, `noexcept`, `-> T` before the body
        let mut q = self.skip_ws(close + 1);
        loop {
            match self.word_at(q) {
                Some(("const" | "noexcept" | "override", end)) => q = self.skip_ws(end),
                _ if self.src[q..].starts_with("->") => match self.src[q..].find('{') {
                    Some(k) => q += k,
                    None => break,
                },
                _ => break,
            }
        }
        if self.peek(q) != Some('{') {
            if templated {
                if self.expect_end(q).is_ok() {
                    return Err(signature_only(name, Span::new(pos, q)));
                }
                return not_modelled(q);
            }
            return Ok(None);
        }
        let body_close = closing_bracket(b, q).ok_or_else(|| super::ParseError {
            message: "expected '}' to close a function's body".into(),
            span: Span::new(q, q + 1),
        })?;
        self.expect_end(body_close + 1)?;
        let mut pack_pattern = None;
        let params = self.params(
            open,
            close,
            &type_params,
            "a function's",
            variadic,
            &mut pack_pattern,
        )?;
        if let Some((pack, span)) = variadic
            && pack_pattern.is_none()
            && !params
                .last()
                .is_some_and(|p| p.name.starts_with("...") && p.type_param == Some(pack))
        {
            return err(
                format!(
                    "a variadic template parameter ('class... {pack}') is modelled only as the type of the function's last parameter, a pack of it ('{pack} const&... xs'), deduced from the call's arguments"
                ),
                span,
            );
        }
        // read once, so its errors point into the definition (a variadic template's body is
        // read at its call, its packs expanded: parser::pack)
        if variadic.is_none() {
            self.cpp_body().block(q + 1, body_close, nest + 1)?;
        }
        Ok(Some(Stmt::Function(self.arena.alloc(FunctionDef {
            name,
            name_span: Span::new(name_start, name_start + name.len()),
            params,
            template_params: self.arena.alloc_slice_copy(&template_params),
            body: &self.src[q + 1..body_close],
            body_line: self.src[..q].matches('\n').count(),
            python: false,
            jit: false,
            pack_pattern,
        }))))
    }

    /// The error for a declaration that cute does not read, where the statement at `pos` is
    /// one: a struct's (class's, union's, enum's) definition, or a function's declaration
    /// without its body ([`Parser::signature_at`]).
    pub(super) fn declaration_at(&self, pos: usize) -> Option<super::ParseError> {
        if let Some((w @ ("struct" | "class" | "union" | "enum"), end)) = self.word_at(pos) {
            return Some(super::ParseError {
                message: format!(
                    "a {w}'s definition ('{w} NAME {{ … }}') is not modelled: cute knows CuTe 4.7's own types and atoms"
                ),
                span: Span::new(pos, end),
            });
        }
        self.signature_at(pos)
    }

    /// The error for a statement that declares a function without defining it, where it is
    /// one: `[RET] NAME(TYPE NAME, …) [const]` then the end, as CuTe's docs write a function's
    /// signature (`Layout coalesce(Layout const& layout)`, `iterator begin()`) and no
    /// expression reads (two words before the `(`; each parameter a type and a name, not an
    /// argument, so `Layout L(make_shape(4, 8))` is none).
    pub(super) fn signature_at(&self, pos: usize) -> Option<super::ParseError> {
        let b = self.src.as_bytes();
        let mut p = pos;
        let mut words = 0;
        let (name, open) = loop {
            let (w, end) = self.word_at(p)?;
            let next = self.skip_ws(end);
            match self.peek(next)? {
                '(' if words > 0 => break (w, next),
                '<' => p = self.skip_ws(angle_close(b, next)? + 1),
                ':' if self.src[next..].starts_with("::") => p = self.skip_ws(next + 2),
                '&' | '*' => p = self.skip_ws(next + 1),
                _ => p = next,
            }
            while matches!(self.peek(p), Some('&' | '*')) {
                p = self.skip_ws(p + 1);
            }
            words += 1;
        };
        let close = closing_bracket(b, open)?;
        let mut q = self.skip_ws(close + 1);
        while let Some(("const" | "noexcept" | "override", end)) = self.word_at(q) {
            q = self.skip_ws(end);
        }
        self.expect_end(q).ok()?;
        let list = &self.src[open + 1..close];
        let declares = |part: &str| {
            let mut depth = 0;
            let outer: String = part
                .chars()
                .filter(|&c| {
                    depth += i32::from(c == '<') - i32::from(c == '>');
                    depth == 0 && c != '>'
                })
                .collect();
            !outer.contains(['(', '=', '{', '"'])
                && outer
                    .split(|c: char| !is_ident_char(c))
                    .filter(|w| !w.is_empty())
                    .count()
                    >= 2
        };
        (list.trim().is_empty() || split_top(list).into_iter().all(declares))
            .then(|| signature_only(name, Span::new(pos, q)))
    }

    /// The parameters between the parentheses at `open` and `close`: each `TYPE NAME` (its
    /// name the last identifier), none for `()` and `(void)`. `whose`: what they are of, in an
    /// error.
    pub(super) fn params(
        &self,
        open: usize,
        close: usize,
        type_params: &[&'a str],
        whose: &str,
        variadic: Option<(&'a str, Span)>,
        pack_pattern: &mut Option<&'a str>,
    ) -> PResult<&'a [Param<'a>]> {
        let list = &self.src[open + 1..close];
        let mut out: BumpVec<'a, Param<'a>> = BumpVec::new_in(self.arena);
        if list.trim().is_empty() || list.trim() == "void" {
            return Ok(out.into_bump_slice());
        }
        let mut defaulted = false;
        let parts = split_top(list);
        let count = parts.len();
        for (k, whole) in parts.into_iter().enumerate() {
            let at = open + 1 + (whole.as_ptr() as usize - list.as_ptr() as usize);
            let (part, default) = split_default(whole);
            let name = last_ident(part);
            // the function parameter pack of a variadic template parameter (`Ts const&...
            // ts`, its last parameter): its name marked `...ts` (expanded at each call:
            // parser::pack), its type the template's pack
            // a parameter whose type is a pattern of the pack, `std::tuple<Args...> unpacked`
            // (one type, the pack expanded inside it): read, its call not modelled
            if let Some((pack, _)) = variadic
                && let Some(inside) = part.find('<')
                && part[inside..].contains(&format!("{pack}..."))
                && !name.is_empty()
                && default.is_none()
                && pack_pattern.is_none()
            {
                *pack_pattern = Some(whole.trim());
                out.push(Param::cpp(name, None, false, None));
                continue;
            }
            if let Some((pack, _)) = variadic
                && part.contains("...")
            {
                let ty = part.trim_end();
                let ty = ty[..ty.len() - name.len()].trim_end();
                let words: Vec<&str> = ty
                    .split(|c: char| !is_ident_char(c))
                    .filter(|w| !w.is_empty() && !QUALIFIERS.contains(w))
                    .collect();
                if k + 1 != count
                    || name.is_empty()
                    || default.is_some()
                    || !ty.ends_with("...")
                    || words != [pack]
                {
                    return err(
                        format!(
                            "a parameter pack is modelled as the function's last parameter, of the template's pack as its type ('{pack} const&... xs', '{pack}&&... xs'): '{}' is a pack pattern cute does not model",
                            whole.trim()
                        ),
                        Span::new(at, at + whole.len()),
                    );
                }
                out.push(Param::cpp(
                    self.arena.alloc_str(&format!("...{name}")),
                    Some(pack),
                    false,
                    None,
                ));
                continue;
            }
            if name.is_empty()
                || name.starts_with(|c: char| c.is_ascii_digit())
                || part.contains("...")
                || part.trim_end().len() == name.len()
            {
                return err(
                    format!(
                        "{whose} parameter is modelled as 'TYPE NAME' (auto x, Layout const& x, int n) or 'TYPE NAME = DEFAULT'"
                    ),
                    Span::new(at, at + whole.len()),
                );
            }
            check_default(
                &mut defaulted,
                default,
                whose,
                Span::new(at, at + whole.len()),
            )?;
            let ty = &part.trim_end()[..part.trim_end().len() - name.len()];
            let words: Vec<&str> = ty
                .split(|c: char| !is_ident_char(c))
                .filter(|w| !w.is_empty() && !QUALIFIERS.contains(w))
                .collect();
            let type_param = match words.as_slice() {
                [one] => type_params.iter().copied().find(|t| t == one),
                _ => None,
            };
            let takes_layout = matches!(words.as_slice(), ["Layout" | "cute::Layout", _, ..])
                || matches!(words.as_slice(), ["cute", "Layout", _, ..]);
            out.push(Param::cpp(name, type_param, takes_layout, default));
        }
        Ok(out.into_bump_slice())
    }

    /// `return [EXPR];` at `pos`, if the statement is one.
    pub(super) fn return_statement(&mut self, pos: usize) -> PResult<Option<Stmt<'a>>> {
        let Some(("return", end)) = self.word_at(pos) else {
            return Ok(None);
        };
        let q = self.skip_ws(end);
        if q >= self.src.len() || self.peek(q) == Some(';') {
            self.expect_end(q)?;
            return Ok(Some(Stmt::Return(None, Span::new(pos, end))));
        }
        if self
            .peek(q)
            .is_some_and(|c| !(c.is_ascii_alphanumeric() || "_([{-+!~&\"'".contains(c)))
        {
            // `return` is a name here (`return = 4`): not C++'s statement
            return Ok(None);
        }
        // (Python's `return x, y + 1` returns the tuple)
        let (e_end, expr): (usize, Expr<'a>) = if self.python {
            self.python_expr_list(q)?
        } else {
            self.expr(q)?
        };
        self.expect_end(e_end)?;
        Ok(Some(Stmt::Return(Some(expr), Span::new(pos, e_end))))
    }
}

/// The error for a function's declaration without its body (its signature, as CuTe's docs
/// list a function): nothing to run.
fn signature_only(name: &str, span: Span) -> super::ParseError {
    super::ParseError {
        message: format!(
            "'{name}(…)' here declares a function (its signature) without a body: cute reads a function's definition, 'RET NAME(PARAMS) {{ … }}', and calls CuTe's own functions without one"
        ),
        span,
    }
}

/// A function's or lambda's body read as statements (the text between its braces), for a
/// call: the one block reader's statements.
pub fn parse_body<'a>(src: &'a str, arena: &'a bumpalo::Bump) -> PResult<&'a [Stmt<'a>]> {
    Parser::new(src, 0, arena).cpp_body().block(0, src.len(), 1)
}

/// A Python function's body (its lines, indented as written) as statements.
pub fn parse_python_body<'a>(src: &'a str, arena: &'a bumpalo::Bump) -> PResult<&'a [Stmt<'a>]> {
    let mut p = Parser::new(src, 0, arena);
    // (its headers' conditions are Python's: `if n in (2, 4):`)
    p.python = true;
    p.python_body(0, 0, 1).map(|(stmts, _)| stmts)
}

impl<'a> Parser<'a> {
    /// Python's function definition at `pos`: its decorators (`@cute.jit`, `@cute.kernel`:
    /// read past), `def NAME(PARAMS):` (each parameter `name[: annotation][= default]`), and
    /// its body, the lines after indented deeper.
    pub(super) fn python_definition(&self, pos: usize) -> PResult<Option<Stmt<'a>>> {
        let b = self.src.as_bytes();
        let mut at = pos;
        let mut jit = false;
        while self.peek(at) == Some('@') {
            let Some(k) = memchr::memchr(b'\n', &b[at..]) else {
                return err("a decorator without its function", Span::new(at, b.len()));
            };
            let decorator = &self.src[at..at + k];
            jit |= decorator.contains("jit") || decorator.contains("kernel");
            at = self.skip_ws(at + k + 1);
        }
        if let Some(("class", class_end)) = self.word_at(at) {
            return self.python_class(pos, at, class_end).map(Some);
        }
        let Some(("def", def_end)) = self.word_at(at) else {
            if at > pos {
                return err(
                    "a decorator without its function ('def …')",
                    Span::new(pos, at),
                );
            }
            return Ok(None);
        };
        let name_start = self.skip_ws(def_end);
        let name = self.word_at(name_start);
        let open = name.map_or(name_start, |(_, end)| self.skip_ws(end));
        let Some((name, name_end)) = name.filter(|_| self.peek(open) == Some('(')) else {
            if at > pos {
                return err(
                    "expected 'def NAME(…):' after the decorator",
                    Span::new(at, def_end),
                );
            }
            // a variable called `def` (`def = 3`)
            return Ok(None);
        };
        let close = closing_bracket(b, open).ok_or_else(|| super::ParseError {
            message: "expected ')' to close the parameters".into(),
            span: Span::new(open, open + 1),
        })?;
        let header_end = memchr::memchr(b'\n', &b[close..]).map_or(b.len(), |k| close + k);
        let header = self.src[close + 1..header_end]
            .split('#')
            .next()
            .unwrap_or("");
        if !header.trim_end().ends_with(':') {
            return err(
                "expected ':' ending the 'def' line",
                Span::new(close, header_end),
            );
        }
        let mut params: BumpVec<'a, Param<'a>> = BumpVec::new_in(self.arena);
        let mut defaulted = false;
        for piece in split_top(&self.src[open + 1..close]) {
            // a `# comment` after a parameter (on its line) is not part of it
            let piece = piece
                .lines()
                .map(|l| l.split('#').next().unwrap_or(""))
                .find(|l| !l.trim().is_empty())
                .unwrap_or("")
                .trim();
            if piece.is_empty() {
                continue;
            }
            let name = piece
                .split([':', '='])
                .next()
                .unwrap_or(piece)
                .trim()
                .trim_start_matches('*');
            if name.is_empty() || !name.chars().all(is_ident_char) {
                return err(
                    format!("expected a parameter's name, found '{piece}'"),
                    Span::new(open, close + 1),
                );
            }
            // `*xs`: the tuple of the call's other arguments, the last parameter (marked
            // `...xs`, as a lambda's pack); `**kw` and what follows a pack (keyword-only) are not
            // modelled
            let packed = params
                .last()
                .is_some_and(|p: &Param| p.name.starts_with("..."));
            if piece.starts_with("**") || packed {
                return err(
                    format!(
                        "a Python function's parameters are modelled as names, defaults and one '*args' last, not '{piece}' (keyword arguments)"
                    ),
                    Span::new(open, close + 1),
                );
            }
            let name = if piece.starts_with('*') {
                &*self.arena.alloc_str(&format!("...{name}"))
            } else {
                name
            };
            // Python's `x=4` / `x: int = 4`
            let (_, default) = split_default(piece);
            // (the piece is a part of the source, where the error points)
            let piece_at = piece.as_ptr() as usize - self.src.as_ptr() as usize;
            let piece_span = Span::new(piece_at, piece_at + piece.len());
            check_default(&mut defaulted, default, "the function's", piece_span)?;
            let annotation = piece.split_once(':').map_or("", |(_, a)| a);
            params.push(Param {
                name,
                type_param: None,
                takes_layout: false,
                default,
                constexpr: annotation.contains("Constexpr"),
                numeric: numeric_annotation(annotation),
                tensor: matches!(
                    annotation.split('=').next().unwrap_or("").trim(),
                    "cute.Tensor" | "cutlass.cute.Tensor"
                ),
            });
        }
        let body_start = (header_end + 1).min(b.len());
        let body = &self.src[body_start..];
        // read once, so its errors point into the definition
        if self.python {
            // (a statement of a Python block: its lines are cut to the statement's own)
            return err(
                format!(
                    "a function defined in a function's body ('def {name}', a Python closure) is not modelled: define it at the top level"
                ),
                Span::new(at, header_end),
            );
        }
        // (the body's errors point into it: its spans are the body's own, shifted to the
        // definition's text)
        let read = parse_python_body(body, self.arena).map_err(|e| super::ParseError {
            span: Span::new(e.span.start + body_start, e.span.end + body_start),
            ..e
        })?;
        if read.is_empty() {
            return err(
                "the function has no body (its lines indented deeper than its 'def')",
                Span::new(at, header_end),
            );
        }
        Ok(Some(Stmt::Function(self.arena.alloc(FunctionDef {
            name,
            name_span: Span::new(name_start, name_end),
            params: params.into_bump_slice(),
            template_params: &[],
            body,
            body_line: self.src[..body_start].matches('\n').count(),
            python: true,
            jit,
            pack_pattern: None,
        }))))
    }
}

impl<'a> Parser<'a> {
    /// Python's `class NAME(BASES):` at `at` (its decorators from `pos`) and its body, the
    /// lines indented deeper: a `typing.NamedTuple` or a `@dataclass` of fields (what
    /// dsl_struct_types.rst passes to jit functions). Other classes, and methods, are refused,
    /// named.
    fn python_class(&self, pos: usize, at: usize, class_end: usize) -> PResult<Stmt<'a>> {
        let b = self.src.as_bytes();
        let decorators = &self.src[pos..at];
        let name_start = self.skip_ws(class_end);
        let Some((name, name_end)) = self.word_at(name_start) else {
            return err("expected 'class NAME:'", Span::new(at, class_end));
        };
        let header_end = memchr::memchr(b'\n', &b[name_end..]).map_or(b.len(), |k| name_end + k);
        let header = self.src[name_end..header_end]
            .split('#')
            .next()
            .unwrap_or("")
            .trim();
        let Some(bases) = header.strip_suffix(':') else {
            return err(
                "expected ':' ending the 'class' line",
                Span::new(at, header_end),
            );
        };
        let kind = if bases.contains("NamedTuple") {
            "NamedTuple"
        } else if decorators.contains("dataclass") {
            "dataclass"
        } else {
            let what = if decorators.contains("native_struct") {
                "a @cute.native_struct class (mutable LLVM struct fields)"
            } else {
                "a Python class of the program's own"
            };
            return err(
                format!(
                    "{what} is not modelled: cute models a class of fields that is a typing.NamedTuple or a @dataclass"
                ),
                Span::new(at, header_end),
            );
        };
        let mut fields: BumpVec<'a, (&'a str, Option<&'a str>)> = BumpVec::new_in(self.arena);
        let mut line_start = (header_end + 1).min(b.len());
        let mut in_docstring = false;
        while line_start < b.len() {
            let line_end =
                memchr::memchr(b'\n', &b[line_start..]).map_or(b.len(), |k| line_start + k);
            let raw = &self.src[line_start..line_end];
            let line = raw.split('#').next().unwrap_or("").trim();
            let span = Span::new(line_start, line_end);
            let this_start = line_start;
            line_start = line_end + 1;
            if line.is_empty() {
                continue;
            }
            if raw.len() == raw.trim_start().len() {
                // (a line not indented: past the class)
                let _ = this_start;
                break;
            }
            // a docstring, on one line or several
            let quotes = line.starts_with("\"\"\"") || line.starts_with("'''");
            if in_docstring || quotes {
                let closes = if in_docstring {
                    line.contains("\"\"\"") || line.contains("'''")
                } else {
                    line.len() >= 6 && (line[3..].contains("\"\"\"") || line[3..].contains("'''"))
                };
                in_docstring = !closes;
                continue;
            }
            // the DSL's protocol of a jit argument (`__new_from_mlir_values__`,
            // `__extract_mlir_values__`, …: dsl_jit_arg_generation.rst) is how its compiler
            // passes the object, no method the program calls: skipped with its body
            if let Some(method) = line.strip_prefix("def ")
                && MLIR_PROTOCOL.iter().any(|m| {
                    method
                        .strip_prefix(m)
                        .is_some_and(|r| r.trim_start().starts_with('('))
                })
            {
                let indent = raw.len() - raw.trim_start().len();
                while line_start < b.len() {
                    let end =
                        memchr::memchr(b'\n', &b[line_start..]).map_or(b.len(), |k| line_start + k);
                    let next = &self.src[line_start..end];
                    if !next.trim().is_empty() && next.len() - next.trim_start().len() <= indent {
                        break;
                    }
                    line_start = end + 1;
                }
                continue;
            }
            if line.starts_with("def ") || line.starts_with('@') {
                return err(
                    format!(
                        "a method of the class '{name}' is not modelled: cute models a class of fields only"
                    ),
                    span,
                );
            }
            let Some((field, rest)) = line.split_once(':') else {
                return err(
                    format!(
                        "expected a field of the class '{name}', 'name: annotation [= default]'"
                    ),
                    span,
                );
            };
            let field = field.trim();
            if field.is_empty() || !field.chars().all(is_ident_char) {
                return err(format!("expected a field's name, found '{field}'"), span);
            }
            let default = rest.split_once('=').map(|(_, d)| d.trim());
            fields.push((field, default));
        }
        Ok(Stmt::Class(self.arena.alloc(ClassDef {
            name,
            name_span: Span::new(name_start, name_end),
            fields: fields.into_bump_slice(),
            kind,
        })))
    }
}

/// The methods of the CuTe DSL's protocol for a jit function's argument of a class of the
/// program's own (its compiler calls them; cute holds the object's fields as they are).
const MLIR_PROTOCOL: &[&str] = &[
    "__new_from_mlir_values__",
    "__extract_mlir_values__",
    "__get_mlir_types__",
    "__c_pointers__",
];

/// The `>` closing the `<` at `open` (parentheses and nested angle brackets counted).
pub(super) fn angle_close(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0i64;
    for (i, &c) in b.iter().enumerate().skip(open) {
        match c {
            b'<' | b'(' | b'[' => depth += 1,
            b'>' | b')' | b']' => {
                depth -= 1;
                if depth == 0 {
                    return (c == b'>').then_some(i);
                }
            }
            b'{' | b'}' | b';' => return None,
            _ => {}
        }
    }
    None
}

/// The pieces of a list cut at its top-level commas (outside `()`, `<>`, `[]`, `{}`), as
/// written (blanks kept; an empty list is one empty piece).
pub fn split_top(list: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0i64;
    let mut start = 0;
    for (i, c) in list.bytes().enumerate() {
        match c {
            b'(' | b'<' | b'[' | b'{' => depth += 1,
            b')' | b'>' | b']' | b'}' => depth -= 1,
            b',' if depth == 0 => {
                out.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&list[start..]);
    out
}

/// The last identifier of a text (a parameter's or member's name), empty if it ends otherwise.
pub(super) fn last_ident(part: &str) -> &str {
    let t = part.trim_end();
    let n = t
        .bytes()
        .rev()
        .take_while(|&c| is_ident_char(char::from(c)))
        .count();
    &t[t.len() - n..]
}

/// Whether `head`, the text of a statement up to its first top-level `{`, starts a function's
/// definition (`template <class L> void f(L const& l)`, `int f(int x)`): its body's `}` ends
/// the statement.
pub(super) fn starts_definition(head: &str) -> bool {
    let code = head.trim();
    !code.ends_with(']') && !code.contains("](") && starts_braced(code)
}

/// Whether a line starts what the statement splitter reads to its closing brace: a function's
/// definition (`template <…>`, `void f(…)`, `auto f(int n) {`, a specifier such as `inline`
/// or `CUTE_HOST_DEVICE` on its own line) or a statement whose last token opens a lambda's
/// body (`auto f = [&](auto x) {`, `for_each(t, [&](auto i) {`). A `{` alone on its line is
/// a block, not one of these.
pub fn starts_braced(line: &str) -> bool {
    let t = line.trim_start();
    let word_len = t
        .bytes()
        .take_while(|&c| is_ident_char(char::from(c)))
        .count();
    let (word, rest) = t.split_at(word_len);
    if word == "template" && rest.trim_start().starts_with('<') {
        return true;
    }
    let code = t.split("//").next().unwrap_or("").trim_end();
    // a namespace's definition, `namespace pt_test {` (its `}` ends it: structs.rs)
    if word == "namespace"
        && let Some(name) = rest.trim_start().split(|c: char| !is_ident_char(c)).next()
        && !name.is_empty()
        && code.contains('{')
    {
        return true;
    }
    // a struct's definition, `struct SharedStorage {` (its `}` ends it: structs.rs)
    if matches!(word, "struct" | "class")
        && let Some(name) = rest.trim_start().split(|c: char| !is_ident_char(c)).next()
        && !name.is_empty()
        && !code.contains(';')
        // (not Python's `class Foo:`, `class Foo(Base):`)
        && !code.ends_with(':')
        && !code.contains('(')
    {
        return true;
    }
    // (`int(3)`, `float(x)`: a cast, no definition: a definition names itself after its type)
    if DEFINITION_START.contains(&word) && !rest.trim_start().starts_with('(') {
        let head = code.split('(').next().unwrap_or("");
        let only_words = code
            .bytes()
            .all(|c| is_ident_char(char::from(c)) || c.is_ascii_whitespace() || c == b':');
        if !head.contains('=') && !head.contains(';') && (code.contains('(') || only_words) {
            return true;
        }
    }
    // a lambda's body opened at the end of the line
    code.len() > 1 && code.ends_with('{') && code.contains(']')
}

/// A parameter's text cut at its default argument's `=` (the first, not `==`): `int x = 4` is
/// (`int x `, `Some("4")`), Python's `x: int = 4` (`x: int `, `Some("4")`).
fn split_default(param: &str) -> (&str, Option<&str>) {
    match param.find('=') {
        Some(k) if !param[k + 1..].starts_with('=') => (&param[..k], Some(param[k + 1..].trim())),
        _ => (param, None),
    }
}

/// C++'s and Python's rule on default arguments: an `=` has one, and after a parameter with one
/// each has one (Python: "non-default argument follows default argument"). `defaulted`:
/// whether an earlier parameter has one.
fn check_default(
    defaulted: &mut bool,
    default: Option<&str>,
    whose: &str,
    span: Span,
) -> PResult<()> {
    if default.is_some_and(str::is_empty) {
        return err(
            format!("{whose} parameter has an '=' without its default argument"),
            span,
        );
    }
    if *defaulted && default.is_none() {
        return err(
            format!("{whose} parameter after one with a default argument needs one too"),
            span,
        );
    }
    *defaulted |= default.is_some();
    Ok(())
}
