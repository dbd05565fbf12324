//! The parser of `cute` notation (SPEC §1): nom 8 for the tokens, recursive descent for the
//! structure, byte spans on every node, and errors that say what was expected and where.

pub mod ast;
mod checks;
mod control;
mod cut;
mod function;
pub mod literal;
pub mod pack;
mod place;
mod structs;
mod traits;
pub use traits::REFERENCE_KINDS;

/// The marker of a `decltype(auto) NAME = EXPR;` declaration's value, `DECLTYPE_AUTO(EXPR)` (no
/// function is named so): the variable takes EXPR's value category.
pub const DECLTYPE_AUTO: &str = "<decltype(auto)>";

pub use bumpalo::Bump;
use bumpalo::collections::Vec as BumpVec;
use nom::IResult;
use nom::Parser as _;
use nom::bytes::complete::take_while;

pub use ast::{
    BinOp, Branch, Condition, DeclaredInt, Expr, ExprKind, Jump, Lambda, Loop, Picture, Printing,
    RangeFor, Span, Stmt, Storage, Switch, UnOp, While,
};
pub use cut::cut_points;
pub use function::{
    ClassDef, FunctionDef, Param, parse_body, parse_python_body, split_top, starts_braced,
};
use place::{place, with_full_width_hint};
pub(crate) use structs::first_top_level;
pub use structs::{
    CALL_OPERATOR, Constructor, MemberDef, MemberKind, StructDef, friend_function_name,
    struct_members,
};

/// Nesting levels parsed without asking for more stack: each level adds a few frames (a few KiB
/// even unoptimised), so this many fit in any thread's stack; deeper levels each make sure of
/// 64 KiB before recursing (`stacker`).
const SHALLOW: usize = 16;

/// Deepest nesting of brackets and calls accepted.
pub const MAX_NESTING: usize = crate::limits::MAX_NESTING;

/// A parse failure: what was expected, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The message, e.g. `expected ')' to close '(' at column 4`.
    pub message: String,
    /// The offending span.
    pub span: Span,
}

type PResult<T> = Result<T, ParseError>;

fn err<T>(message: impl Into<String>, span: Span) -> PResult<T> {
    Err(ParseError {
        message: message.into(),
        span,
    })
}

/// Whether the text has an unclosed `(` or `<` (so a statement continues on the next line).
/// Text nested deeper than [`MAX_NESTING`] is complete: it can only be an error.
pub fn is_incomplete(text: &str) -> bool {
    let depth = open_depth(text);
    depth > 0 && depth <= MAX_NESTING as i64
}

/// How many brackets are open at the end of the text (comments skipped: `#` and `//` to the end
/// of the line, `/* … */`). A line comment ends at its line, so the depth of lines joined by
/// `'\n'` is the sum of their depths.
pub fn open_depth(text: &str) -> i64 {
    let mut depth: i64 = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'#' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                match find(&bytes[i + 2..], b"*/") {
                    Some(k) => i += 2 + k + 2,
                    None => i = bytes.len(),
                }
                continue;
            }
            b'(' | b'<' | b'[' => depth += 1,
            b')' | b'>' | b']' => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    depth
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    positions_of(hay, needle).next()
}

/// Where `needle` (not empty) starts in `hay`, first to last: its first byte found by `memchr`,
/// the rest compared. A statement's text is short; `memchr::memmem`'s searchers cost a few
/// hundred instructions to build at each call, more than the whole search here.
fn positions_of<'h>(hay: &'h [u8], needle: &'h [u8]) -> impl Iterator<Item = usize> + 'h {
    memchr::memchr_iter(needle[0], hay).filter(move |&i| hay[i..].starts_with(needle))
}

/// Whether a statement is CuTe DSL text (SPEC §1): it uses `cute.` or `cutlass.` (as a word:
/// not `mycute.`), or it is Python's import of the `cutlass` package (`import cutlass`, `from
/// cutlass import cute`). Its calls answer as the DSL does where the DSL differs from C++
/// ([`crate::eval::functions::Dsl`]).
pub fn is_dsl_text(src: &str) -> bool {
    let b = src.as_bytes();
    // both words end with a '.': most statements have none, one search answers them
    if memchr::memchr(b'.', b).is_none() {
        return is_cutlass_import(src);
    }
    [&b"cute."[..], b"cutlass."].iter().any(|word| {
        positions_of(b, word)
            .any(|i| i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
    })
}

/// Whether a statement is Python's import of the `cutlass` package or a module of it: `import
/// cutlass`, `import torch, cutlass as c`, `from cutlass import cute` (the DSL's package, so the
/// statements after it are Python's, as `import cutlass.cute as cute` makes them).
fn is_cutlass_import(src: &str) -> bool {
    let src = src.trim();
    let package = |module: &str| module.split('.').next() == Some("cutlass");
    if let Some(rest) = src.strip_prefix("from ") {
        return rest.split_whitespace().next().is_some_and(package);
    }
    src.strip_prefix("import ").is_some_and(|rest| {
        rest.split(',')
            .filter_map(|m| m.split_whitespace().next())
            .any(package)
    })
}

/// Where a Python lambda's parameter's default from `from` (past its `=`) ends: at the first
/// `,` or `:` outside brackets and strings, or the text's end.
fn lambda_default_end(b: &[u8], from: usize) -> usize {
    let mut depth = 0usize;
    let mut quote = None;
    for (i, &c) in b.iter().enumerate().skip(from) {
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, b'\'' | b'"') => quote = Some(c),
            (None, b'(' | b'[' | b'{') => depth += 1,
            (None, b')' | b']' | b'}') if depth > 0 => depth -= 1,
            (None, b')' | b']' | b'}' | b',' | b':') if depth == 0 => return i,
            _ => {}
        }
    }
    b.len()
}

/// Whether a statement is C++ text, as the parser reads it (`Parser::is_cpp`): no DSL text
/// ([`is_dsl_text`]) and a mark of C++ (`;`, `::`, a brace, `Int<…>`, a declaration), a Python
/// dict display's braces apart in a session of DSL text (`dsl_session`). A session that has
/// seen DSL text computes such a statement's integers as C++ does (an `int` past its range is
/// an error), its Python lines as the DSL does (`cutlass.Int32` wraps).
pub fn is_cpp_text(src: &str, dsl_session: bool) -> bool {
    !is_dsl_text(src) && cpp_markers(src) && !(dsl_session && python_dict_braces_only(src))
}

/// The names a Python import statement binds, each with the whole path of what it names:
/// `from A.B import x as y, z` binds `y` (`A.B.x`) and `z` (`A.B.z`), `import A.B as c` binds
/// `c` (`A.B`); `import A.B` binds `A` (`A`). Nothing for another statement, or `*`.
pub fn python_imports(src: &str) -> Vec<(String, String)> {
    let src = src.trim();
    let mut out = Vec::new();
    let named = |item: &str| -> Option<(String, String)> {
        let mut words = item.split_whitespace();
        let path = words.next()?;
        let name = match (words.next(), words.next()) {
            (Some("as"), Some(alias)) => alias,
            _ => path.split('.').next()?,
        };
        Some((name.to_string(), path.to_string()))
    };
    if let Some(rest) = src.strip_prefix("from ") {
        let Some((module, names)) = rest.split_once(" import ") else {
            return out;
        };
        let names = names.trim().trim_start_matches('(').trim_end_matches(')');
        for item in names.split(',') {
            let mut words = item.split_whitespace();
            let Some(name) = words.next().filter(|&n| n != "*") else {
                continue;
            };
            let local = match (words.next(), words.next()) {
                (Some("as"), Some(alias)) => alias,
                _ => name,
            };
            out.push((local.to_string(), format!("{}.{name}", module.trim())));
        }
    } else if let Some(rest) = src.strip_prefix("import ") {
        out.extend(rest.split(',').filter_map(named));
    }
    out
}

/// Whether a statement is Python's `from cutlass.cute import …` (`*`, or names): the DSL's
/// functions bare after it, as the DSL's own docstrings write them (`make_layout((4, 8))`,
/// `repeat_like(0, (1, 2, 3))`), so that every statement after it reads as CuTe DSL text.
pub fn is_dsl_names_import(src: &str) -> bool {
    let mut words = src.split_whitespace();
    matches!(
        (words.next(), words.next(), words.next()),
        (Some("from"), Some("cutlass.cute"), Some("import"))
    )
}

/// Parse one statement (a line, or several lines joined by an open bracket); the syntax tree
/// is built in `arena`. Besides the notation, the statement may be spelled as CuTe C++ or as
/// CuTe's Python DSL (SPEC §1b): `auto x = EXPR;`, `using T = decltype(EXPR);`,
/// `Tensor gA = EXPR;`, `using namespace cute;`, `print_layout(x);`, a trailing `;`.
pub fn parse_statement<'a>(src: &'a str, arena: &'a Bump) -> PResult<Stmt<'a>> {
    statement(src, arena, false).map_err(|e| with_full_width_hint(src, e))
}

/// [`parse_statement`] of a statement of a session that has seen CuTe DSL text
/// (`import cutlass.cute as cute`, a `cute.` call): its Python lines without `cute.`
/// (`print((4))`, `x = (4)`) are Python too, where `(x)` is x (`(x,)` a rank-1 tuple).
pub fn parse_dsl_session_statement<'a>(src: &'a str, arena: &'a Bump) -> PResult<Stmt<'a>> {
    statement(src, arena, true).map_err(|e| with_full_width_hint(src, e))
}

/// [`parse_statement`] of a statement of CuTe DSL text read as Python reads it: its relational
/// operators everywhere (`is_greater = a > b`, where the notation reads no comparison outside
/// parentheses), `//` Python's floor division. A session of DSL text reads a statement so where
/// the notation's reading fails on its `<` or `>` ([`is_comparison_error`]).
pub fn parse_python_statement<'a>(src: &'a str, arena: &'a Bump) -> PResult<Stmt<'a>> {
    python_statement_at(src, 0, arena, 0).map_err(|e| with_full_width_hint(src, e))
}

/// Whether a statement of a session of DSL text is read as Python reads it, though the notation
/// reads it too: it has Python's floor division `//` (C++'s comment in the notation) or power
/// `**` (a product and a dereference in C++) and no mark of C++ text (`;`, `::`, a
/// declaration: [`cpp_markers`]).
pub fn is_python_operator_text(src: &str) -> bool {
    (src.contains("//") || src.contains("**")) && !cpp_markers(src)
}

/// Whether a statement's error is the notation's refusal of a comparison outside parentheses
/// (`a > b` at the top level, `a < b` read as a template's `<`), which Python reads.
pub fn is_comparison_error(e: &ParseError) -> bool {
    e.message.starts_with("unmatched '>' (a comparison")
        || e.message.starts_with("'<' is read in a condition")
        || e.message.starts_with("expected '>' to close '<'")
}

/// Where an f-string's field from `from` (past its `{`) has a `!` (not `!=`) or `:` at its top
/// level, before its closing `}`, if it does.
fn field_spec(b: &[u8], from: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = from;
    while i < b.len() && b[i] != b'\n' {
        match b[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b'}' if depth == 0 => return None,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b'!' if depth == 0 && b.get(i + 1) != Some(&b'=') => return Some(i),
            b':' if depth == 0 => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// Where a compound assignment's operator (`+=`, `-=`, `*=`, `/=`) stands outside every
/// bracket and string of `src` from `pos`, if one does.
fn compound_assignment_at(src: &str, pos: usize) -> Option<usize> {
    let b = src.as_bytes();
    // each operator ends with a '=': most statements have none, one search answers them
    memchr::memchr(b'=', b.get(pos..)?)?;
    let mut depth = 0i32;
    let mut i = pos;
    while i + 1 < b.len() {
        match b[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += usize::from(b[i] == b'\\') + 1;
                }
            }
            b'+' | b'-' | b'*' | b'/'
                if depth == 0 && b[i + 1] == b'=' && b.get(i + 2) != Some(&b'=') =>
            {
                return Some(i);
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// [`parse_statement`], its errors without the full-width hint.
fn statement<'a>(src: &'a str, arena: &'a Bump, dsl_session: bool) -> PResult<Stmt<'a>> {
    use crate::limits::MAX_STATEMENT_LEN;
    if src.len() > MAX_STATEMENT_LEN {
        let mut end = MAX_STATEMENT_LEN;
        while !src.is_char_boundary(end) {
            end -= 1;
        }
        return err(
            format!(
                "statement of {} bytes is longer than the limit of {MAX_STATEMENT_LEN} bytes",
                src.len()
            ),
            Span::new(
                end,
                end + src[end..].chars().next().map_or(0, char::len_utf8),
            ),
        );
    }
    // a UTF-8 byte order mark before the statement (the start of a file), as C++ and Python
    // take it
    let mut p = Parser::new(src, 0, arena);
    p.dsl_session = dsl_session;
    statement_with(p, if src.starts_with('\u{feff}') { 3 } else { 0 })
}

/// The statement of `src` from `start` to its end: a whole statement, or one of a control
/// statement's body (`src` then ends where it does, and its spans count from the outer
/// statement's start). `nest`: the control statements it is inside.
fn statement_at<'a>(src: &'a str, start: usize, arena: &'a Bump, nest: usize) -> PResult<Stmt<'a>> {
    statement_with(Parser::new(src, nest, arena), start)
}

/// [`statement_at`] of a statement of a C++ body (a lambda's, a function's, and the blocks
/// inside them): C++ code, where C++'s relational operators are read everywhere
/// (`auto b = x < _4{};`, `return x < _4{};`), a name's `<` starting template arguments by the
/// rule of control.rs.
fn cpp_body_statement_at<'a>(
    src: &'a str,
    start: usize,
    arena: &'a Bump,
    nest: usize,
) -> PResult<Stmt<'a>> {
    let mut p = Parser::new(src, nest, arena);
    p.relational = true;
    statement_with(p, start)
}

/// [`statement_at`] of a statement of a Python block (a function's, a loop's or a branch's
/// body): Python's relational operators are read everywhere in it (`is_greater = a > b`), as
/// Python writes no template's angle brackets.
fn python_statement_at<'a>(
    src: &'a str,
    start: usize,
    arena: &'a Bump,
    nest: usize,
) -> PResult<Stmt<'a>> {
    let mut p = Parser::new(src, nest, arena);
    p.relational = true;
    p.python = true;
    statement_with(p, start)
}

/// The statement the parser `p` reads from `start` to its text's end.
fn statement_with<'a>(mut p: Parser<'a>, start: usize) -> PResult<Stmt<'a>> {
    let src = p.src;
    let arena = p.arena;
    let nest = p.depth;
    let mut pos = p.skip_ws(start);
    // C++'s attributes before a declaration, `[[maybe_unused]] auto x = …;`: nothing here
    while src[pos..].starts_with("[[")
        && let Some(k) = src[pos..].find("]]")
    {
        pos = p.skip_ws(pos + k + 2);
    }
    if pos >= src.len() {
        return Ok(Stmt::Empty);
    }
    if src.as_bytes()[pos] == b';' {
        p.expect_end(pos + 1)?;
        return Ok(Stmt::Empty);
    }
    // a C++ block's brace on a line of its own (`{`, `}`, `};`: a kernel body pasted as
    // written): nothing, like a comment. Blocks do not scope names here: a name bound inside
    // a block stays bound after its `}` (README, Limits).
    if matches!(src.as_bytes()[pos], b'{' | b'}') && p.expect_end(pos + 1).is_ok() {
        return Ok(Stmt::Empty);
    }
    if matches!(src.as_bytes()[pos], b'i' | b'f')
        && let Some(stmt) = p.python_import(pos)?
    {
        return Ok(stmt);
    }
    // Python's `global x` / `nonlocal x` in a function's body: the DSL refuses it
    // (limitations.rst; its error UNSUP_GLOBAL)
    if p.python
        && let Some((word @ ("global" | "nonlocal"), end)) = p.word_at(pos)
        && p.peek(end).is_some_and(char::is_whitespace)
    {
        return err(
            format!(
                "`{word}` is not supported in a compiled function (the CuTe DSL refuses it, UNSUP_GLOBAL): pass the value as an argument, or return it"
            ),
            Span::new(pos, end),
        );
    }
    if src.as_bytes()[pos] == b'u'
        && let Some(stmt) = p.using(pos)?
    {
        return Ok(stmt);
    }
    // C++'s control flow (control.rs); CUTLASS's unroll hints before a loop are skipped
    let pos = p.skip_unroll(pos);
    if pos >= src.len() {
        return Ok(Stmt::Empty);
    }
    if p.control_word(pos).is_some() {
        // the statements after its body on its line run after it
        return Ok(match p.block(pos, src.len(), nest)? {
            [one] => one.clone(),
            many => Stmt::Block(many),
        });
    }
    // `k += 2;`, `++k;`: C++'s compound assignments (control.rs)
    if let Some(stmt) = p.compound_assignment(pos)? {
        return Ok(stmt);
    }
    // `CUTLASS_TRACE_HOST(…)` of a pasted unit test: CUTLASS's trace, which prints nothing
    // unless CUTLASS_DEBUG_TRACE_LEVEL is set (its stream `<<` arguments are not read)
    if src.as_bytes()[pos] == b'C'
        && let Some(("CUTLASS_TRACE_HOST", end)) = p.word_at(pos)
        && p.peek(p.skip_ws(end)) == Some('(')
    {
        return Ok(Stmt::Empty);
    }
    // Python's `@cute.jit def f(…):` and its body; `class P(NamedTuple):` and its fields
    let python_class = src[pos..].starts_with("class ")
        && src[pos..]
            .lines()
            .next()
            .is_some_and(|l| l.split('#').next().unwrap_or("").trim_end().ends_with(':'));
    if (matches!(src.as_bytes()[pos], b'@' | b'd') || python_class)
        && let Some(stmt) = p.python_definition(pos)?
    {
        return Ok(stmt);
    }
    // a struct of the program's own (`struct SharedStorage { … };`, structs.rs)
    if matches!(src.as_bytes()[pos], b's' | b'c')
        && let Some(stmt) = p.struct_definition(pos, pos, &[])?
    {
        return Ok(stmt);
    }
    // a namespace of the program's own (`namespace pt_test { … }`, structs.rs)
    if src.as_bytes()[pos] == b'n'
        && let Some(stmt) = p.namespace_definition(pos, nest)?
    {
        return Ok(stmt);
    }
    // a function's definition (`template <class L> void f(L const& l) { … }`), and `return`
    // in its body
    if let Some(stmt) = p.function_definition(pos, nest)? {
        return Ok(stmt);
    }
    if src.as_bytes()[pos] == b'r'
        && let Some(stmt) = p.return_statement(pos)?
    {
        return Ok(stmt);
    }
    // a unit test's or kernel's checks: `EXPECT_EQ(a, b)`, `static_assert(c, "msg")`, …
    if matches!(src.as_bytes()[pos], b'E' | b'A' | b's' | b'C' | b'a')
        && let Some(stmt) = p.check_macro(pos)?
    {
        return Ok(stmt);
    }
    // `decltype(auto) x = EXPR;`: a variable of EXPR's type with its value category (a
    // reference where EXPR is an lvalue), which cute's values do not have: named
    if src.as_bytes()[pos] == b'd'
        && let Some(("decltype", end)) = p.word_at(pos)
        && src[p.skip_ws(end)..].starts_with('(')
        && let Some(close) = cut::closing_bracket(src.as_bytes(), p.skip_ws(end))
        && src[p.skip_ws(end) + 1..close].trim() == "auto"
    {
        let name_at = p.skip_ws(close + 1);
        let eq = p
            .word_at(name_at)
            .map(|(_, name_end)| p.skip_ws(name_end))
            .filter(|&eq| p.peek(eq) == Some('=') && p.peek(eq + 1) != Some('='));
        let (Some((name, name_end)), Some(eq)) = (p.word_at(name_at), eq) else {
            return err(
                "expected 'decltype(auto) NAME = EXPR;'",
                Span::new(pos, close + 1),
            );
        };
        let (end, expr) = p.expr(p.skip_ws(eq + 1))?;
        p.expect_end(end)?;
        // the value, marked (DECLTYPE_AUTO): the evaluator binds it and records the reference
        // kind C++ gives the variable (`decltype(get<0>(t))`'s), where it knows it
        let marker = Expr {
            kind: ExprKind::Qualified(DECLTYPE_AUTO),
            span: Span::new(pos, close + 1),
        };
        return Ok(Stmt::Assign {
            name,
            name_span: Span::new(name_at, name_end),
            expr: Expr {
                kind: ExprKind::Call(p.alloc(marker), arena.alloc_slice_copy(&[expr])),
                span: expr.span,
            },
            constexpr: false,
            is_const: false,
            int_type: None,
        });
    }
    // the declarations of a form of their own, each reader answering `None` when the statement
    // is not its form: a pointer `T* p = …;`, storage `T x[N];`/`array<T, N> x;`, a constructed
    // `T x(args);`, C++'s structured binding `auto [M, N, K] = EXPR`, Python's unpacking
    // `a, b, _ = EXPR`
    type Reader<'a> = fn(&mut Parser<'a>, usize) -> PResult<Option<Stmt<'a>>>;
    let readers: [Reader<'a>; 5] = [
        Parser::pointer_declaration,
        Parser::storage_declaration,
        Parser::constructed_declaration,
        Parser::structured_binding,
        Parser::unpacking,
    ];
    for read in readers {
        if let Some(stmt) = read(&mut p, pos)? {
            return Ok(stmt);
        }
    }
    // a declaration `TYPE... NAME = EXPR`, or an assignment `NAME = EXPR` (only a statement
    // with an '=' can be one)
    let binding = if memchr::memchr(b'=', src.as_bytes()).is_some() {
        p.binding(pos)?
    } else {
        None
    };
    if let Some((name, name_start, eq)) = binding {
        if is_keyword(name) {
            return err(
                format!("'{name}' is an operator and cannot be assigned"),
                Span::new(name_start, name_start + name.len()),
            );
        }
        let expr_start = p.skip_ws(eq + 1);
        if expr_start >= src.len() || src.as_bytes()[expr_start] == b';' {
            return err("expected an expression after '='", Span::new(eq, eq + 1));
        }
        let (mut end, expr) = p.expr(expr_start)?;
        let prefix = &src[pos..name_start];
        // `constexpr auto N = …`, `static constexpr int N = …`
        let constexpr = prefix
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .any(|w| w == "constexpr");
        let declared = |name: &'a str, at: usize, expr| Stmt::Assign {
            name,
            name_span: Span::new(at, at + name.len()),
            expr,
            constexpr,
            // (`auto const& ctup = tup;`: a reference, not modelled as one; a copy)
            is_const: prefix
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .any(|w| w == "const" || w == "constexpr"),
            int_type: (!prefix.trim().is_empty()).then(|| declared_int_type(prefix)),
        };
        // a declaration of several variables, `int m = 5120, n = 5120, k = 4096;`: each
        // declared in turn, of the one type
        if !prefix.trim().is_empty() && p.peek(p.skip_ws(end)) == Some(',') {
            let mut stmts = vec![declared(name, name_start, expr)];
            while p.peek(p.skip_ws(end)) == Some(',') {
                let at = p.skip_ws(p.skip_ws(end) + 1);
                let next = p.ident_at(at).filter(|&(n, n_end)| {
                    !n.contains("::")
                        && p.peek(p.skip_ws(n_end)) == Some('=')
                        && p.peek(p.skip_ws(n_end) + 1) != Some('=')
                });
                let Some((n, n_end)) = next else {
                    return err(
                        "expected 'NAME = EXPR' after ',' in a declaration of several variables",
                        Span::new(at, at + 1),
                    );
                };
                let (e_end, e) = p.expr(p.skip_ws(p.skip_ws(n_end) + 1))?;
                stmts.push(declared(n, at, e));
                end = e_end;
            }
            p.expect_end(end)?;
            return Ok(Stmt::Block(arena.alloc_slice_clone(&stmts)));
        }
        p.expect_end(end)?;
        return Ok(declared(name, name_start, expr));
    }
    // a compound write of an element, `T(i, j) += v;`: the element is read up to its operator
    if let Some(k) = compound_assignment_at(src, pos) {
        let mut q = Parser::new(&src[..k], 0, arena);
        let (tend, target) = q.expr(pos)?;
        if q.skip_ws(tend) == k && matches!(target.kind, ExprKind::Call(..)) {
            let op = char::from(src.as_bytes()[k]);
            // an element's value is a number: C++'s relational operators are read in it
            p.relational = true;
            let (vend, value) = p.expr(p.skip_ws(k + 2))?;
            p.expect_end(vend)?;
            return Ok(Stmt::Store {
                target,
                op: Some(op),
                value,
            });
        }
    }
    // a function's declaration (`Layout coalesce(Layout const& layout)`) or a struct's
    // definition reads as no expression: the error names it
    let (end, expr) = match p
        .expr(pos)
        .and_then(|(end, e)| match p.store_operator(end) {
            Some(_) => Ok((end, e)),
            None => p.expect_end(end).map(|()| (end, e)),
        }) {
        Ok(read) => read,
        Err(e) => return Err(p.declaration_at(pos).unwrap_or(e)),
    };
    // a write of an element: `T(i, j) = v;`, `T[i] += v;`
    if let Some((op, value_at)) = p.store_operator(end)
        && matches!(expr.kind, ExprKind::Call(..))
    {
        let vstart = p.skip_ws(value_at);
        // an element's value is a number (`pred(i) = id(i) < n;`): C++'s relational operators
        // are read in it
        p.relational = true;
        let (vend, value) = p.expr(vstart)?;
        p.expect_end(vend)?;
        return Ok(Stmt::Store {
            target: expr,
            op,
            value,
        });
    }
    p.expect_end(end)?;
    // a string literal on its own (a Python docstring): nothing, like a comment
    if let ExprKind::Str(_) = expr.kind {
        return Ok(Stmt::Empty);
    }
    if let ExprKind::Call(callee, args) = &expr.kind
        && let Some(n) = callee.kind.name()
    {
        let has_str = args
            .iter()
            .any(|a| matches!(a.kind, ExprKind::Str(_) | ExprKind::FStr(..)));
        // `cute.printf("… {} …", x)`: its line, as the DSL prints it at trace time
        // (`cute.printf(x)` of one value: the value, as `"{}"` prints it; `cute.printf(a, b)`
        // of values only: core.py's format `"{}, {}"`)
        if n == "printf"
            && (matches!(args.first().map(|a| a.kind), Some(ExprKind::Str(_)))
                || args.len() == 1
                || (!args.is_empty() && !has_str))
        {
            return Ok(Stmt::Print(Printing::Format, args));
        }
        // CuTe C++'s `print("…");`: the string as it is, and `print("%d\n", x);` C's printf
        // (util/print.hpp: `print(char const* format, T const&... t)` is `printf(format, t...)`);
        // C++ ends the statement with `;`
        if n == "print"
            && matches!(args.first().map(|a| a.kind), Some(ExprKind::Str(_)))
            && src
                .get(end..)
                .is_some_and(|r| r.trim_start().starts_with(';'))
        {
            let how = if args.len() == 1 {
                Printing::Written
            } else {
                Printing::Format
            };
            return Ok(Stmt::Print(how, args));
        }
        // Python's `print("size:", x)`: its items on one line
        if n == "print" && (has_str || args.len() != 1) {
            return Ok(Stmt::Print(Printing::Items, args));
        }
    }
    // `print(x)`, `print_layout(x)`, `print_latex(x)`: CuTe's printing functions
    if let ExprKind::Call(callee, args) = &expr.kind
        && let Some(n) = callee.kind.name()
        && matches!(n, "print" | "print_layout" | "print_latex")
    {
        let [arg] = args else {
            return err(
                format!("{n} takes 1 argument, got {}", args.len()),
                expr.span,
            );
        };
        return Ok(match n {
            "print_layout" => Stmt::Picture(Picture::Layout, *arg),
            "print_latex" => Stmt::Picture(Picture::Latex, *arg),
            _ => Stmt::Show(*arg),
        });
    }
    Ok(Stmt::Expr(expr))
}

/// Parse a single expression (the whole input); the syntax tree is built in `arena`.
pub fn parse_expr<'a>(src: &'a str, arena: &'a Bump) -> PResult<Expr<'a>> {
    expression(src, arena).map_err(|e| with_full_width_hint(src, e))
}

/// [`parse_expr`] of C++ text (a function's default argument, `int n = 2`: a run-time `2`).
pub fn parse_cpp_expr<'a>(src: &'a str, arena: &'a Bump) -> PResult<Expr<'a>> {
    expression_in(src, arena, Some(true)).map_err(|e| with_full_width_hint(src, e))
}

/// [`parse_expr`] of Python text (a Python function's default argument, `y=2`: a Python int).
pub fn parse_python_expr<'a>(src: &'a str, arena: &'a Bump) -> PResult<Expr<'a>> {
    expression_in(src, arena, Some(false)).map_err(|e| with_full_width_hint(src, e))
}

/// [`parse_expr`], its errors without the full-width hint.
fn expression<'a>(src: &'a str, arena: &'a Bump) -> PResult<Expr<'a>> {
    expression_in(src, arena, None)
}

/// [`expression`], the dialect known (`Some(true)`: C++) or asked of the text.
fn expression_in<'a>(src: &'a str, arena: &'a Bump, cpp: Option<bool>) -> PResult<Expr<'a>> {
    let mut p = Parser::new(src, 0, arena);
    p.cpp.set(cpp);
    let pos = p.skip_ws(0);
    if pos >= src.len() {
        return err("expected an expression", Span::new(0, src.len()));
    }
    let (end, e) = p.expr(pos)?;
    p.expect_end(end)?;
    Ok(e)
}

/// The callee name of C++'s address-of `&X` (a call of it on X); no identifier spells it.
pub const ADDRESS_OF: &str = "&";

/// CuTe's functors (algorithm/functional.hpp) that `cute` computes on numbers: the unary ones.
pub const UNARY_FUNCTORS: &[&str] = &[
    "identity",
    "unary_plus",
    "negate",
    "logical_not",
    "abs_fn",
    "conjugate",
];

/// Whether `name` (`cute::` or not) is one of CuTe's functors that `cute` computes.
fn is_functor(name: &str) -> bool {
    let bare = name.strip_prefix("cute::").unwrap_or(name);
    UNARY_FUNCTORS.contains(&bare) || BINARY_FUNCTORS.contains(&bare)
}

/// CuTe's binary functors (algorithm/functional.hpp) that `cute` computes on numbers.
pub const BINARY_FUNCTORS: &[&str] = &[
    "plus",
    "minus",
    "multiplies",
    "divides",
    "modulus",
    "max_fn",
    "min_fn",
    "equal_to",
    "not_equal_to",
    "greater",
    "less",
    "greater_equal",
    "less_equal",
    "logical_and",
    "logical_or",
];

/// The callee name of C++'s conditional `c ? a : b` (a call of it on c, a, b: `control.rs`);
/// no identifier spells it.
pub const CONDITIONAL: &str = "?:";

/// The callee of `conditional_t<C, A, B>` read as a call on the three: the value of the type
/// chosen, as it is (no common type, as `?:` takes: `conditional_t<false, _2, _3>{}` is `_3`).
pub const CONDITIONAL_TYPE: &str = "conditional_t";

fn is_keyword(name: &str) -> bool {
    name == "o"
}

fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

// The tokens are scanned as bytes: every token character is ASCII.
fn nom_ident(i: &[u8]) -> IResult<&[u8], &[u8]> {
    take_while(|b: u8| b.is_ascii_alphanumeric() || b == b'_').parse(i)
}

fn nom_ws(i: &[u8]) -> IResult<&[u8], &[u8]> {
    take_while(|b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')).parse(i)
}

/// Namespaces whose prefix is dropped from a name: `cute::size` is `size`,
/// `cute::GMMA::Major::K` is `K`, `cutlass::half_t` is `half_t`.
const NAMESPACES: &[&str] = &["cute", "cutlass", "GMMA", "Major", "UMMA"];

/// The C++ integer types that may brace-initialise a dynamic integer (`int{4}`).
const INT_TYPES: &[&str] = &[
    "int", "long", "unsigned", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t",
    "uint32_t", "uint64_t", "size_t",
];

/// The CuTe DSL's integer types, called on a value (`cute.Int32(4)`, `cutlass.Int64(8)`).
const DSL_INT_TYPES: &[&str] = &[
    "Int8", "Int16", "Int32", "Int64", "Uint8", "Uint16", "Uint32", "Uint64", "Integer",
];

/// The declaration of storage (a C array `T A[N]`, CuTe's `array<T, N> a;`, a thrust host
/// vector): the variable `name` of elements `elem`, held as `storage` says.
fn storage_declared<'a>(
    (name, name_span): (&'a str, Span),
    (elem, elem_span): (&'a str, Span),
    storage: Storage<'a>,
) -> Stmt<'a> {
    Stmt::DeclarePointer {
        name,
        name_span,
        elem,
        elem_span,
        init: None,
        storage: Some(storage),
    }
}

/// How a C++ class template named in a statement becomes a value.
enum Template {
    /// `Int<N>`, `C<N>`: an integral constant.
    Int,
    /// `Swizzle<B,M,S>` (and the notation's `Sw<B,M,S>`).
    Swizzle,
    /// `make_swizzle<B,M,S>()`: a function template giving a swizzle.
    MakeSwizzle,
    /// `smem_ptr_flag_bits<N>`: the pointer flag of a GMMA atom.
    SmemPtr,
    /// `E<n0,n1,…>`: a basis element (`E<>` is 1).
    Basis,
    /// `ScaledBasis<_v,n0,n1,…>`: a scaled basis element.
    ScaledBasis,
    /// A template whose arguments are values, standing for a call of this function:
    /// `Shape<_4,_8>` is `make_shape(_4, _8)`.
    Call(&'static str),
    /// A type trait, `is_static<T>` (`traits.rs`); `value`: its `_v` form (`is_static_v<T>`,
    /// the trait's `::value`).
    Trait(ast::Trait, bool),
    /// An integer sequence of its arguments (numeric/integer_sequence.hpp): `int_sequence<1,2,3>`,
    /// `index_sequence<…>`, `seq<…>`; `typed`: the element type comes first
    /// (`integer_sequence<int,0,1,2>`). Its value is the tuple of static integers CuTe prints.
    Sequence { typed: bool },
}

fn template(name: &str) -> Option<Template> {
    if let Some((t, value)) = traits::trait_named(name) {
        return Some(Template::Trait(t, value));
    }
    Some(match name {
        // `bool_constant<b>` is CuTe's `C<b>` (true_type, false_type)
        "Int" | "C" | "bool_constant" => Template::Int,
        "Sw" | "Swizzle" => Template::Swizzle,
        "make_swizzle" => Template::MakeSwizzle,
        "smem_ptr_flag_bits" => Template::SmemPtr,
        "E" => Template::Basis,
        "ScaledBasis" => Template::ScaledBasis,
        "Shape" => Template::Call("make_shape"),
        "Stride" => Template::Call("make_stride"),
        "Coord" => Template::Call("make_coord"),
        "Step" => Template::Call("make_step"),
        "tuple" => Template::Call("make_tuple"),
        "make_int_sequence" | "make_seq" => Template::Call("make_int_sequence"),
        "make_int_range" | "make_range" => Template::Call("make_int_range"),
        "int_sequence" | "index_sequence" | "seq" => Template::Sequence { typed: false },
        "integer_sequence" => Template::Sequence { typed: true },
        // their elements are `integral_constant<T, i>` (make_index_sequence: T is size_t)
        "make_index_sequence" | "make_integer_sequence" => Template::Call("make_integer_sequence"),
        // (the standard library's is a class of its own: its call marked `std`)
        "integral_constant" | "std::integral_constant" => Template::Call("integral_constant"),
        // `cute::conditional_t<C, A, B>` (a collective's `conditional_t<is_A_mn_major,
        // Step<_2,_1,_3>, Step<_1,_2,_3>>{}`): C++'s `C ? A{} : B{}` of the types' values
        "conditional_t" | "std::conditional_t" => Template::Call(CONDITIONAL_TYPE),
        "Tile" => Template::Call("make_tile"),
        "Layout" => Template::Call("make_layout"),
        "ComposedLayout" => Template::Call("make_composed_layout"),
        "MMA_Atom" | "MMA_Traits" => Template::Call("mma_atom"),
        "Copy_Atom" => Template::Call("copy_atom"),
        "Copy_Traits" => Template::Call("copy_traits"),
        "TiledMMA" => Template::Call("tiled_mma"),
        // GMMA's shared-memory layout atoms: `Layout_K_SW128_Atom<half_t>`
        _ if name.starts_with("Layout_") && name.ends_with("_Atom") => Template::Call("gmma_atom"),
        _ => return None,
    })
}

struct Parser<'a> {
    src: &'a str,
    depth: usize,
    arena: &'a Bump,
    /// Whether the statement is CuTe DSL text, once asked ([`Parser::is_dsl`]).
    dsl: std::cell::Cell<Option<bool>>,
    /// Whether the statement is C++ text, once asked ([`Parser::is_cpp`]).
    cpp: std::cell::Cell<Option<bool>>,
    /// The items of the lists being read, innermost last: each list is allocated in the arena
    /// at its size once it is read (a long chain of calls `L(0)(0)…` costs its text's worth).
    scratch: Vec<Expr<'a>>,
    /// Whether the innermost open list is a template's or tiler's `<…>`: there, as in C++,
    /// `>` and `>>` close it and are not read as the shift `>>` (parentheses open a list
    /// where they are).
    in_angle: bool,
    /// Whether `< <= > >=` are read as C++'s relational operators here: in a condition and
    /// inside parentheses (`control.rs` has the rule).
    relational: bool,
    /// Whether the text is a statement of a Python block: `//` is Python's floor division
    /// there, not a comment, and `*x` among a call's arguments unpacks `x`.
    python: bool,
    /// Whether the statement is one of a session that has seen CuTe DSL text
    /// ([`parse_dsl_session_statement`]): Python's `(x)` is x there.
    dsl_session: bool,
}

impl<'a> Parser<'a> {
    /// A parser of `src` at bracket depth `depth` (counted against
    /// [`crate::limits::MAX_NESTING`]), its nodes in `arena`; nothing known yet of the dialect.
    fn new(src: &'a str, depth: usize, arena: &'a Bump) -> Parser<'a> {
        Parser {
            src,
            depth,
            arena,
            dsl: std::cell::Cell::new(None),
            cpp: std::cell::Cell::new(None),
            scratch: Vec::new(),
            in_angle: false,
            relational: false,
            python: false,
            dsl_session: false,
        }
    }
}

impl<'a> Parser<'a> {
    fn alloc(&self, e: Expr<'a>) -> &'a Expr<'a> {
        self.arena.alloc(e)
    }

    fn rest(&self, pos: usize) -> &'a str {
        &self.src[pos..]
    }

    fn peek(&self, pos: usize) -> Option<char> {
        match self.src.as_bytes().get(pos) {
            // an ASCII byte is a whole character (and `pos` a boundary)
            Some(&b) if b.is_ascii() => Some(char::from(b)),
            _ => self.src.get(pos..)?.chars().next(),
        }
    }

    /// Skip blanks (form feeds and vertical tabs too, as C++ and Python take them) and comments:
    /// `#` and `//` to the end of the line, `/* … */`. An unterminated
    /// `/*` is not skipped (the parser then reports it).
    #[inline]
    fn skip_ws(&self, pos: usize) -> usize {
        // most tokens follow the previous one directly
        match self.src.as_bytes().get(pos) {
            Some(b' ' | b'\t' | b'\n' | b'\r' | b'#' | b'/' | b'\x0b' | b'\x0c') => {
                self.skip_ws_from(pos)
            }
            _ => pos,
        }
    }

    fn skip_ws_from(&self, pos: usize) -> usize {
        let bytes = self.src.as_bytes();
        let mut pos = pos;
        loop {
            // most tokens follow the previous one directly
            match bytes.get(pos) {
                Some(b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c') => {
                    let rest = &bytes[pos..];
                    let (rest, _) = nom_ws(rest).unwrap_or((rest, &[]));
                    pos = bytes.len() - rest.len();
                }
                // a line comment ends at its line (a statement may go on after it)
                Some(b'#') => {
                    pos = memchr::memchr(b'\n', &bytes[pos..]).map_or(bytes.len(), |k| pos + k);
                }
                Some(b'/') if bytes.get(pos + 1) == Some(&b'/') && !self.python => {
                    pos = memchr::memchr(b'\n', &bytes[pos..]).map_or(bytes.len(), |k| pos + k);
                }
                Some(b'/') if bytes.get(pos + 1) == Some(&b'*') => {
                    match find(&bytes[pos + 2..], b"*/") {
                        Some(k) => pos += 2 + k + 2,
                        None => return pos,
                    }
                }
                _ => return pos,
            }
        }
    }

    /// An unterminated `/*` at `pos` is an error.
    #[inline]
    fn check_comment(&self, pos: usize) -> PResult<()> {
        let b = self.src.as_bytes();
        if b.get(pos) == Some(&b'/') && b.get(pos + 1) == Some(&b'*') {
            return err(
                "unterminated comment: '/*' without '*/'",
                Span::new(pos, pos + 2),
            );
        }
        Ok(())
    }

    /// The end of a statement: blanks, comments and one `;` may follow.
    fn expect_end(&self, pos: usize) -> PResult<()> {
        let mut pos = self.skip_ws(pos);
        if self.peek(pos) == Some(';') {
            pos = self.skip_ws(pos + 1);
        }
        self.check_comment(pos)?;
        if pos < self.src.len() {
            let c = self.peek(pos).expect("in bounds");
            let end = pos + c.len_utf8();
            let msg = match c {
                ')' => "unmatched ')'".to_string(),
                '>' if !self.relational => {
                    "unmatched '>' (a comparison '>' is read in a condition or inside parentheses: write (a > b))".to_string()
                }
                '>' => "unmatched '>'".to_string(),
                '<' => "'<' is read in a condition or inside parentheses, where C++ compares (at the top level of a statement it clashes with template arguments and tilers, SPEC §1b): write (a < b)".to_string(),
                ';' => "one statement per line: a second ';'".to_string(),
                _ => format!(
                    "expected an operator ('o', '/', '*', '%', '+', '-') or the end, found '{c}'"
                ),
            };
            return err(msg, Span::new(pos, end));
        }
        Ok(())
    }

    fn enter(&mut self, pos: usize) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return err(
                format!("nesting deeper than {MAX_NESTING} levels"),
                Span::new(pos, pos + 1),
            );
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// One identifier at `pos` (no namespace handling).
    #[inline]
    fn word_at(&self, pos: usize) -> Option<(&'a str, usize)> {
        let rest = self.rest(pos);
        let c = rest.chars().next()?;
        if !is_ident_start(c) {
            return None;
        }
        // `_` before a digit or '-' is an integer (as is `_m` before a digit, CuTe's negative
        // alias `_m2`); a lone `_` is the underscore
        if c == '_' {
            let b = rest.as_bytes();
            match b.get(1) {
                Some(n) if n.is_ascii_digit() || *n == b'-' => return None,
                Some(b'm') if b.get(2).is_some_and(u8::is_ascii_digit) => {
                    let digits = b[2..].iter().take_while(|d| d.is_ascii_digit()).count();
                    if !b
                        .get(2 + digits)
                        .is_some_and(|&d| is_ident_char(char::from(d)))
                    {
                        return None;
                    }
                }
                Some(&n) if is_ident_char(char::from(n)) => {}
                _ => return None,
            }
        }
        // the first character is an identifier's start (checked above)
        let (_, name) = nom_ident(rest.as_bytes()).ok()?;
        let len = name.len();
        Some((&rest[..len], pos + len))
    }

    /// A name at `pos`: an identifier, with CuTe's namespaces dropped (`cute::size`,
    /// `cute.make_layout`, `cute::GMMA::Major::K`, `cute.arch.thread_idx`,
    /// `cute.runtime.make_fake_tensor`, `cute.typing.TypedTensor`). A name in another namespace keeps it
    /// (`std::vector`), so that it is reported as unknown.
    fn ident_at(&self, pos: usize) -> Option<(&'a str, usize)> {
        // `::cutlass::gemm::…`: the global namespace's qualifier, read as the name after it
        // (C++ only: Python's `x[::s]` is a slice)
        let pos = match self.rest(pos).strip_prefix("::") {
            Some(r)
                if r.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                    && !self.python
                    && !self.is_dsl()
                    && !self.dsl_session =>
            {
                pos + 2
            }
            _ => pos,
        };
        let (mut name, mut end) = self.word_at(pos)?;
        let mut name_start = pos;
        // whether every part so far is one of CuTe's namespaces (dropped)
        let mut dropping = true;
        loop {
            let rest = self.rest(end);
            let sep = if rest.starts_with("::") {
                2
            } else if rest.starts_with('.')
                && ((dropping
                    && (matches!(name, "cute" | "cutlass")
                        || (matches!(name, "arch" | "runtime" | "typing") && name_start > pos)))
                    // the DSL's `cute.nvgpu.warp.MmaF16BF16Op`: the path under `nvgpu` kept
                    // whole (`nvgpu.warp.MmaF16BF16Op`, the evaluator's `nvgpu` module)
                    || (name_start > pos && (name == "nvgpu" || name.starts_with("nvgpu.")))
                    // `warp.MmaF16BF16Op` after `from cutlass.cute.nvgpu import warp`: a
                    // submodule of `nvgpu` and a class (capitalised) of it
                    || (name_start == pos
                        && matches!(
                            name.split('.').next(),
                            Some("warp" | "warpgroup" | "cpasync" | "tcgen05")
                        )
                        && (name.contains('.')
                            || rest[1..].starts_with(|c: char| c.is_ascii_uppercase()))))
            {
                1
            } else {
                break;
            };
            let Some((_, next_end)) = self.word_at(end + sep) else {
                break;
            };
            if dropping
                && (NAMESPACES.contains(&name) || matches!(name, "arch" | "runtime" | "typing"))
            {
                name_start = end + sep;
            } else {
                dropping = false;
            }
            end = next_end;
            name = &self.src[name_start..end];
        }
        Some((name, end))
    }

    /// Python's unpacking `a, b, _ = EXPR` at `pos`, if the statement is one: names
    /// separated by commas (two or more), then `=` (not `==`).
    fn unpacking(&mut self, pos: usize) -> PResult<Option<Stmt<'a>>> {
        let mut names = Vec::new();
        let mut at = pos;
        let eq = loop {
            let word = match self.word_at(at) {
                Some(w) => Some(w),
                // `_`: a mode not bound
                None if self.peek(at) == Some('_')
                    && !self.peek(at + 1).is_some_and(is_ident_char) =>
                {
                    Some(("_", at + 1))
                }
                None => None,
            };
            let Some((name, end)) = word else {
                return Ok(None);
            };
            names.push((name, Span::new(at, end)));
            let next = self.skip_ws(end);
            match self.peek(next) {
                Some(',') => at = self.skip_ws(next + 1),
                Some('=') if names.len() > 1 && self.peek(next + 1) != Some('=') => break next,
                _ => return Ok(None),
            }
        };
        let start = self.skip_ws(eq + 1);
        let (end, expr) = self.python_expr_list(start)?;
        self.expect_end(end)?;
        Ok(Some(Stmt::Unpack {
            names: self.arena.alloc_slice_copy(&names),
            expr,
        }))
    }

    /// The expression at `start`, or Python's tuple without parentheses there (`16384, 8192`
    /// of `M, N = 16384, 8192`, `x, y + 1` of `return x, y + 1`): where it ends, and it.
    pub(super) fn python_expr_list(&mut self, start: usize) -> PResult<(usize, Expr<'a>)> {
        let (mut end, mut expr) = self.expr(start)?;
        if self.peek(self.skip_ws(end)) == Some(',') {
            let mut items = vec![expr];
            while self.peek(self.skip_ws(end)) == Some(',') {
                let (e, item) = self.expr(self.skip_ws(self.skip_ws(end) + 1))?;
                items.push(item);
                end = e;
            }
            expr = Expr {
                kind: ExprKind::Tuple(self.arena.alloc_slice_copy(&items)),
                span: Span::new(start, end),
            };
        }
        Ok((end, expr))
    }

    /// Python's dict display `{KEY: VALUE, …}` at `pos` (`{}` empty): read as the call of the
    /// reserved name `{}` on the `(KEY, VALUE)` pairs, which eval makes a dict.
    fn python_dict(&self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        let b = self.src.as_bytes();
        let close = cut::closing_bracket(b, pos).ok_or_else(|| ParseError {
            message: "expected '}' to close the dict".into(),
            span: Span::new(pos, pos + 1),
        })?;
        let mut pairs = Vec::new();
        let mut at = self.skip_ws(pos + 1);
        while at < close {
            // the key: the text before its ':' (read alone, so that `1: x` is no layout)
            let mut depth = 0i64;
            let mut colon = None;
            for (i, &ch) in b.iter().enumerate().take(close).skip(at) {
                match ch {
                    b'(' | b'[' | b'{' => depth += 1,
                    b')' | b']' | b'}' => depth -= 1,
                    b':' if depth == 0 => {
                        colon = Some(i);
                        break;
                    }
                    b',' if depth == 0 => break,
                    _ => {}
                }
            }
            let Some(colon) = colon else {
                return err(
                    "expected 'KEY: VALUE' in the dict (a set, '{a, b}', is not modelled)",
                    Span::new(at, close),
                );
            };
            let mut key_reader = self.reader_of(&self.src[..colon]);
            let (key_end, key) = key_reader.expr(at)?;
            key_reader.expect_end(key_end)?;
            let mut value_reader = self.reader_of(&self.src[..close]);
            let (value_end, value) = value_reader.expr(self.skip_ws(colon + 1))?;
            pairs.push(Expr {
                kind: ExprKind::Tuple(self.arena.alloc_slice_copy(&[key, value])),
                span: Span::new(key.span.start, value.span.end),
            });
            at = self.skip_ws(value_end);
            match self.peek(at) {
                Some(',') => at = self.skip_ws(at + 1),
                _ if at >= close => {}
                _ => {
                    return err(
                        "expected ',' or '}' after the dict's entry",
                        Span::new(at, at + 1),
                    );
                }
            }
        }
        let callee = Expr {
            kind: ExprKind::Name("{}"),
            span: Span::new(pos, pos + 1),
        };
        Ok((
            close + 1,
            Expr {
                kind: ExprKind::Call(self.alloc(callee), self.arena.alloc_slice_copy(&pairs)),
                span: Span::new(pos, close + 1),
            },
        ))
    }

    /// Whether the braces at `pos` hold a dict's display: nothing, or `KEY: VALUE` (a ':'
    /// outside brackets, not C++'s `::`).
    fn dict_like(&self, pos: usize) -> bool {
        let b = self.src.as_bytes();
        let Some(close) = cut::closing_bracket(b, pos) else {
            return false;
        };
        let inner = &self.src[pos + 1..close];
        inner.trim().is_empty()
            || split_top(inner).first().is_some_and(|first| {
                let mut depth = 0i64;
                first.bytes().enumerate().any(|(i, ch)| {
                    match ch {
                        b'(' | b'[' | b'{' | b'<' => depth += 1,
                        b')' | b']' | b'}' | b'>' => depth -= 1,
                        _ => {}
                    }
                    ch == b':'
                        && depth == 0
                        && first.as_bytes().get(i + 1) != Some(&b':')
                        && (i == 0 || first.as_bytes()[i - 1] != b':')
                })
            })
    }

    /// A reader of `src` (a cut of this one's text, inside a dict's display: Python's text, its
    /// integer literals Python's ints, not C++'s run-time ones).
    fn reader_of(&self, src: &'a str) -> Parser<'a> {
        let mut p = Parser::new(src, self.depth, self.arena);
        p.python = self.python;
        p.relational = self.relational;
        p.dsl.set(self.dsl.get());
        p.cpp.set(Some(false));
        p
    }

    /// C++'s structured binding `auto [a, b, c] = EXPR` (`auto const& […]`, `auto&& […]`, a
    /// kernel's `auto [M, N, K] = shape_MNK;`): each name bound to its mode of the tuple, as
    /// Python's unpacking binds it. `None`: not one.
    fn structured_binding(&mut self, pos: usize) -> PResult<Option<Stmt<'a>>> {
        let mut at = pos;
        let mut seen_auto = false;
        while let Some((w, end)) = self.word_at(at) {
            match w {
                "auto" => seen_auto = true,
                "const" | "volatile" => {}
                _ => return Ok(None),
            }
            at = self.skip_ws(end);
        }
        if !seen_auto {
            return Ok(None);
        }
        while self.peek(at) == Some('&') {
            at = self.skip_ws(at + 1);
        }
        if self.peek(at) != Some('[') {
            return Ok(None);
        }
        let mut names = Vec::new();
        let mut next = self.skip_ws(at + 1);
        loop {
            let Some((name, end)) = self.word_at(next) else {
                return err(
                    "a structured binding names its variables: auto [a, b] = t;",
                    Span::new(next, next + 1),
                );
            };
            names.push((name, Span::new(next, end)));
            let after = self.skip_ws(end);
            match self.peek(after) {
                Some(',') => next = self.skip_ws(after + 1),
                Some(']') => {
                    next = self.skip_ws(after + 1);
                    break;
                }
                _ => {
                    return err(
                        "expected ',' or ']' in a structured binding",
                        Span::new(after, after + 1),
                    );
                }
            }
        }
        if self.peek(next) != Some('=') {
            return err(
                "a structured binding is initialized with '=': auto [a, b] = t;",
                Span::new(next, next + 1),
            );
        }
        let (end, expr) = self.expr(self.skip_ws(next + 1))?;
        self.expect_end(end)?;
        Ok(Some(Stmt::Unpack {
            names: self.arena.alloc_slice_copy(&names),
            expr,
        }))
    }

    /// Python's `import cutlass.cute as cute` and `from cutlass import cute`: nothing to do.
    fn python_import(&self, pos: usize) -> PResult<Option<Stmt<'a>>> {
        let Some((word @ ("import" | "from"), end)) = self.word_at(pos) else {
            return Ok(None);
        };
        let rest = &self.src[end..];
        if rest.trim_start().starts_with('=') {
            // a variable that happens to be called so
            return Ok(None);
        }
        // (`from A import (x, y,\n    z)`: a parenthesized list of names, over lines)
        let parenthesized = word == "from"
            && rest.split_once(" import ").is_some_and(|(_, names)| {
                let names = names.trim();
                names.starts_with('(') && names.ends_with(')')
            });
        let modules_only = rest.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || matches!(c, '_' | '.' | ',' | '*' | ' ' | '\t')
                || (parenthesized && matches!(c, '(' | ')' | '\n' | '\r'))
        });
        if !rest.starts_with([' ', '\t']) || !modules_only {
            return err(
                format!("expected a Python '{word}' of modules ('import cutlass.cute as cute')"),
                Span::new(pos, end),
            );
        }
        // the modules named: `import A.B as x, C` (each before its `as`), `from A.B import …`
        let modules: Vec<&str> = if word == "from" {
            rest.split_whitespace().take(1).collect()
        } else {
            rest.split(',')
                .filter_map(|m| m.split_whitespace().next())
                .collect()
        };
        if let Some(missing) = modules.into_iter().find_map(missing_dsl_module) {
            let at = end + rest.find(missing).unwrap_or(0);
            return err(
                format!(
                    "ModuleNotFoundError: No module named '{missing}' (the CuTe DSL 4.8.1 has no such module)"
                ),
                Span::new(at, at + missing.len()),
            );
        }
        Ok(Some(Stmt::Empty))
    }

    /// `using namespace …;` and `using cute::NAME;` (nothing) and `using NAME = EXPR;` (a
    /// binding).
    fn using(&mut self, pos: usize) -> PResult<Option<Stmt<'a>>> {
        let Some(("using", end)) = self.word_at(pos) else {
            return Ok(None);
        };
        let p = self.skip_ws(end);
        if let Some(("namespace", end)) = self.word_at(p) {
            let p = self.skip_ws(end);
            let Some((ns, end)) = self.ident_at(p) else {
                return err(
                    "expected a namespace after 'using namespace'",
                    Span::new(pos, end),
                );
            };
            self.expect_end(end)?;
            let own = ns.split("::").next().unwrap_or(ns);
            if matches!(own, "cute" | "cutlass" | "std") {
                return Ok(Some(Stmt::Empty));
            }
            return Ok(Some(Stmt::UsingNamespace(ns)));
        }
        // `using pt_test::Empty;`: a using-declaration of a namespace of the program's own
        // (eval: the name the namespace defines)
        if let Some((qualified, qend)) = self.ident_at(p)
            && let Some((ns, _)) = qualified.split_once("::")
            && !matches!(ns, "cute" | "cutlass" | "std")
            && self.peek(self.skip_ws(qend)) != Some('=')
        {
            self.expect_end(qend)?;
            return Ok(Some(Stmt::UsingDeclaration(qualified, Span::new(p, qend))));
        }
        // `using cute::get;`, `using cute::_1;`: a using-declaration of a name of CuTe's, which
        // cute reads already
        if self.src[p..].starts_with("cute::")
            && let Some(decl_end) = self
                .ident_at(p + "cute::".len())
                .map(|(_, end)| end)
                .or_else(|| {
                    // an integer constant's alias, `_1`, `_m2`
                    let at = p + "cute::".len();
                    let rest = self.src[at..].strip_prefix('_')?;
                    let digits = rest.strip_prefix('m').unwrap_or(rest);
                    let n = digits.bytes().take_while(u8::is_ascii_digit).count();
                    (n > 0).then(|| at + 1 + (rest.len() - digits.len()) + n)
                })
        {
            self.expect_end(decl_end)?;
            return Ok(Some(Stmt::Empty));
        }
        let Some((name, name_end)) = self.ident_at(p) else {
            return err("expected 'using NAME = TYPE;'", Span::new(pos, end));
        };
        let eq = self.skip_ws(name_end);
        if self.peek(eq) != Some('=') {
            return err(
                "expected '=' after 'using NAME' (only 'using NAME = TYPE;' and 'using namespace' are read)",
                Span::new(p, name_end),
            );
        }
        let expr_start = self.skip_ws(eq + 1);
        if expr_start >= self.src.len() || self.peek(expr_start) == Some(';') {
            return err(
                format!("expected a type after 'using {name} =', found the end of the statement"),
                Span::new(eq, eq + 1),
            );
        }
        // a C array's type, `using DRegisters = float[8];` (as CuTe's MMA operations declare
        // their registers): the type's name as written
        if let Some((_, elem_end)) = self.ident_at(expr_start)
            && self.peek(self.skip_ws(elem_end)) == Some('[')
            && let Some(close) = self.src[elem_end..].find(']').map(|k| elem_end + k)
            && self.src[self.skip_ws(elem_end) + 1..close]
                .trim()
                .bytes()
                .all(|c| c.is_ascii_digit())
            && self.expect_end(close + 1).is_ok()
        {
            let span = Span::new(expr_start, close + 1);
            return Ok(Some(Stmt::Assign {
                name,
                name_span: Span::new(p, name_end),
                expr: Expr {
                    kind: ExprKind::Name(&self.src[expr_start..close + 1]),
                    span,
                },
                constexpr: false,
                is_const: false,
                int_type: None,
            }));
        }
        let (mut end, expr) = self.expr(expr_start)?;
        // `using T = float const;`: a qualifier, which a type written as a value does not have
        while let Some(("const" | "volatile", q_end)) = self.ident_at(self.skip_ws(end)) {
            end = q_end;
        }
        self.expect_end(end)?;
        Ok(Some(Stmt::Assign {
            name,
            name_span: Span::new(p, name_end),
            expr,
            constexpr: false,
            is_const: false,
            int_type: None,
        }))
    }

    /// A pointer's declaration as a kernel's parameter is written, `[const] T [const] *
    /// [const|__restrict__] NAME` then the end (a `,`, `;` or `)` of the parameter list may
    /// follow), or `… NAME = EXPR`. `T * NAME` reads as a declaration where T is an element
    /// type CuTe names, a `const` or `__restrict__` is written, a `,` or `)` follows, or an
    /// initializer does; otherwise it is the product `A * B`. `None`: not a declaration.
    fn pointer_declaration(&mut self, pos: usize) -> PResult<Option<Stmt<'a>>> {
        let mut p = pos;
        let mut ty: Option<(&'a str, Span)> = None;
        let mut qualified = false;
        while let Some((w, end)) = self.ident_at(p) {
            match w {
                "const" | "volatile" => qualified = true,
                _ if ty.is_none() => ty = Some((w, Span::new(p, end))),
                _ => return Ok(None),
            }
            p = self.skip_ws(end);
        }
        let Some((elem, elem_span)) = ty else {
            return Ok(None);
        };
        if self.peek(p) != Some('*') {
            return Ok(None);
        }
        p = self.skip_ws(p + 1);
        let mut name = None;
        while let Some((w, end)) = self.word_at(p) {
            let here = Span::new(p, end);
            p = self.skip_ws(end);
            match w {
                "const" | "volatile" | "__restrict__" | "__restrict" | "restrict" => {
                    qualified = true
                }
                _ => {
                    name = Some((w, here));
                    break;
                }
            }
        }
        let Some((name, name_span)) = name else {
            return Ok(None);
        };
        if self.peek(p) == Some('=') && self.peek(p + 1) != Some('=') {
            let start = self.skip_ws(p + 1);
            if start >= self.src.len() || self.src.as_bytes()[start] == b';' {
                return err("expected an expression after '='", Span::new(p, p + 1));
            }
            let (end, expr) = self.expr(start)?;
            self.expect_end(end)?;
            return Ok(Some(Stmt::DeclarePointer {
                name,
                name_span,
                elem,
                elem_span,
                init: Some(expr),
                storage: None,
            }));
        }
        let tail = &self.src[p..];
        let rest = tail
            .trim_end_matches(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ')' | '{'));
        if !rest.is_empty() {
            return Ok(None);
        }
        let listed = tail.contains([',', ')']);
        if !(qualified || listed || crate::algebra::recast::element_bits(elem).is_some()) {
            return Ok(None);
        }
        Ok(Some(Stmt::DeclarePointer {
            name,
            name_span,
            elem,
            elem_span,
            init: None,
            storage: None,
        }))
    }

    /// A declaration of a variable of a class type, constructed: `T x;` (default),
    /// `T x(ARGS);`, `T x{ARGS};`, T a type alias (`using T = tuple<int, _2>;`) or a template
    /// written in place (`tuple<int, int> t(1, 2);`). A plain name reads as a type where it is
    /// spelled as one (capitalised, or ending `_type` or `_t`): `foo bar(1)` stays the
    /// expression it is not (its error at `bar`). The variable is bound to the call
    /// `T(ARGS)` (`T()` by default), which the evaluator constructs (a tuple type's elements
    /// from the values). `None`: not one (C++'s own types, `int x;`, keep their readings).
    fn constructed_declaration(&mut self, pos: usize) -> PResult<Option<Stmt<'a>>> {
        const NOT_CLASS_TYPES: &[&str] = &[
            "auto",
            "const",
            "constexpr",
            "static",
            "return",
            "using",
            "typename",
            "template",
            "float",
            "double",
            "bool",
            "char",
            "void",
            "Tensor",
            "decltype",
            "struct",
            "class",
            "namespace",
            "else",
            "do",
            "goto",
            "case",
            "default",
            "new",
            "delete",
            "throw",
            "extern",
            "volatile",
        ];
        // `constexpr T x{};`, `static const T x(…);`: the specifiers before the type
        let mut pos = pos;
        let mut constexpr = false;
        let mut is_const = false;
        while let Some((w @ ("constexpr" | "static" | "const"), end)) = self.word_at(pos) {
            constexpr |= w == "constexpr";
            is_const |= w != "static";
            pos = self.skip_ws(end);
        }
        let Some((w, _)) = self.word_at(pos) else {
            return Ok(None);
        };
        if NOT_CLASS_TYPES.contains(&w) || INT_TYPES.contains(&w) {
            return Ok(None);
        }
        let Ok((ty_end, ty)) = self.primary(pos) else {
            return Ok(None);
        };
        let type_spelled = |n: &str| {
            let last = n.rsplit("::").next().unwrap_or(n);
            last.starts_with(|c: char| c.is_ascii_uppercase())
                // CUDA's launch extents, `dim3 dimBlock(size(tC));`
                || last == "dim3"
                || last.ends_with("_type")
                || last.ends_with("_t")
                // container/bit_field.hpp's `bit_field<S, N> bf{};` (refused by name in eval)
                || last.starts_with("bit_field<")
                || is_functor(last)
        };
        match ty.kind {
            ExprKind::Name(n) | ExprKind::Qualified(n) if type_spelled(n) => {}
            ExprKind::Call(callee, _) if matches!(callee.kind, ExprKind::Qualified(_)) => {}
            _ => return Ok(None),
        }
        let mut name_start = self.skip_ws(ty_end);
        if name_start == ty_end {
            return Ok(None);
        }
        // `T const x{…};`: a const object, its value the same
        while let Some(("const", end)) = self.word_at(name_start) {
            is_const = true;
            name_start = self.skip_ws(end);
        }
        let Some((name, name_end)) = self.word_at(name_start) else {
            return Ok(None);
        };
        if is_keyword(name) || NOT_CLASS_TYPES.contains(&name) {
            return Ok(None);
        }
        let after = self.skip_ws(name_end);
        let (end, args): (usize, &'a [Expr<'a>]) = match self.peek(after) {
            None | Some(';') => (name_end, &[]),
            Some(o @ ('(' | '{')) => {
                let close = if o == '(' { ')' } else { '}' };
                self.enter(after)?;
                let r = self.list(after, o, close, false);
                self.leave();
                // arguments that are no expressions (`Layout coalesce(Layout const& l)`): a
                // function's declaration, read elsewhere
                match r {
                    Ok(r) => r,
                    Err(_) => return Ok(None),
                }
            }
            _ => return Ok(None),
        };
        self.expect_end(end)?;
        // a functor of functional.hpp (`conjugate conj;`) is its name, as `conjugate{}` reads
        let kind = match ty.kind {
            ExprKind::Name(n) | ExprKind::Qualified(n) if args.is_empty() && is_functor(n) => {
                ExprKind::Name(n)
            }
            _ => ExprKind::Call(self.alloc(ty), args),
        };
        Ok(Some(Stmt::Assign {
            name,
            name_span: Span::new(name_start, name_end),
            expr: Expr {
                kind,
                span: Span::new(pos, end),
            },
            constexpr,
            is_const,
            int_type: None,
        }))
    }

    /// A declaration of storage: a C array `[__shared__|extern|static|alignas(N)…] T NAME[N];`
    /// (`extern __shared__ T NAME[];` unsized), or CuTe's `[__shared__] array<T, N> NAME;`,
    /// `array_aligned<T, N[, A]> NAME;`, `array_subbyte<T, N> NAME;`. `None`: not one.
    fn storage_declaration(&mut self, pos: usize) -> PResult<Option<Stmt<'a>>> {
        let mut p = pos;
        let mut external = false;
        let mut ty: Option<(&'a str, Span)> = None;
        // the qualifiers, then the element type (or the array template)
        while let Some((w, end)) = self.ident_at(p) {
            match w {
                "__shared__" | "static" | "const" | "volatile" | "constexpr" => {}
                "extern" => external = true,
                "alignas" | "CUTE_ALIGNAS" | "__align__" => {
                    let open = self.skip_ws(end);
                    if self.peek(open) != Some('(') {
                        return Ok(None);
                    }
                    let Some(close) = self.src[open..].find(')') else {
                        return Ok(None);
                    };
                    p = self.skip_ws(open + close + 1);
                    continue;
                }
                _ => {
                    ty = Some((w, Span::new(p, end)));
                    p = end;
                    break;
                }
            }
            p = self.skip_ws(end);
        }
        let Some((ty_name, ty_span)) = ty else {
            return Ok(None);
        };
        let mut angle = self.skip_ws(p);
        // a C array of `complex<T>` (cutlass::complex): the element type is the template
        if matches!(ty_name, "complex" | "cutlass::complex" | "cute::complex")
            && self.peek(angle) == Some('<')
            && let Some(close) = self.matching_angle(angle)
        {
            ty = Some((
                &self.src[ty_span.start..close + 1],
                Span::new(ty_span.start, close + 1),
            ));
            p = close + 1;
            angle = self.skip_ws(p);
        }
        let Some((ty_name, ty_span)) = ty else {
            return Ok(None);
        };
        if self.peek(angle) == Some('<') && ty_name == "thrust::host_vector" {
            return self.host_vector(angle);
        }
        if self.peek(angle) == Some('<') {
            // CuTe's array templates: `array_aligned<half_t, 128*64>`
            let ty_name = ty_name.strip_prefix("cute::").unwrap_or(ty_name);
            let subbyte = ty_name == "array_subbyte";
            if !matches!(ty_name, "array" | "array_aligned" | "array_subbyte") {
                return Ok(None);
            }
            let Some(close) = self.matching_angle(angle) else {
                return Ok(None);
            };
            let Some((name, name_end)) = self.word_at(self.skip_ws(close + 1)) else {
                return Ok(None);
            };
            let name_start = self.skip_ws(close + 1);
            // `array_subbyte<int4_t, 10> a{};`: value-initialized, every element zero (without
            // the braces default-initialized: never written); `array<int, 3> a{1, 2, 3};` or
            // `= {1, 2, 3}`: aggregate-initialized, the rest zero
            let braces = self.empty_braces(name_end);
            let after = self.skip_ws(name_end);
            let zeroed: Option<&'a [Expr<'a>]> = if braces == name_end
                && matches!(self.peek(after), Some('=' | '{'))
            {
                let open = if self.peek(after) == Some('=') {
                    self.skip_ws(after + 1)
                } else {
                    after
                };
                if self.peek(open) != Some('{') {
                    return err(
                        format!(
                            "an {ty_name}'s initializer is a list of values in braces ({{1, 2, 3}})"
                        ),
                        Span::new(after, after + 1),
                    );
                }
                let (end, values) = self.list(open, '{', '}', false)?;
                self.expect_end(end)?;
                Some(values)
            } else {
                self.expect_end(braces)?;
                (braces != name_end).then_some(&[])
            };
            let elem_start = self.skip_ws(angle + 1);
            let Some((elem, elem_end)) = self.ident_at(elem_start) else {
                return err(
                    format!("expected {ty_name}<T, N> with an element type T"),
                    Span::new(angle, close + 1),
                );
            };
            let comma = self.skip_ws(elem_end);
            if self.peek(comma) != Some(',') {
                return err(
                    format!("expected {ty_name}<T, N> with a number of elements N"),
                    Span::new(angle, close + 1),
                );
            }
            let outer = std::mem::replace(&mut self.in_angle, true);
            let extent = self.expr(self.skip_ws(comma + 1));
            self.in_angle = outer;
            let (extent_end, extent) = extent?;
            let after = self.skip_ws(extent_end);
            // `array_aligned<T, N, Alignment>`: the alignment says nothing here
            if after != close && self.peek(after) != Some(',') {
                return err(
                    format!("expected {ty_name}<T, N>"),
                    Span::new(angle, close + 1),
                );
            }
            return Ok(Some(storage_declared(
                (name, Span::new(name_start, name_end)),
                (elem, Span::new(elem_start, elem_end)),
                Storage {
                    extent: Some(extent),
                    subbyte,
                    object: true,
                    init: zeroed,
                    fill: None,
                    thrust: false,
                },
            )));
        }
        // a C array: `T NAME[N]`
        let name_start = self.skip_ws(p);
        if name_start == p || matches!(ty_name, "auto" | "return" | "using" | "typename") {
            return Ok(None);
        }
        let Some((name, name_end)) = self.word_at(name_start) else {
            return Ok(None);
        };
        let open = self.skip_ws(name_end);
        if self.peek(open) != Some('[') {
            return Ok(None);
        }
        let inner = self.skip_ws(open + 1);
        let (extent, close) = if self.peek(inner) == Some(']') {
            if !external {
                return err(
                    "an array without a size is 'extern' storage (extern __shared__ T smem[]): write its size",
                    Span::new(open, inner + 1),
                );
            }
            (None, inner)
        } else {
            let outer = std::mem::replace(&mut self.in_angle, false);
            let r = self.expr(inner);
            self.in_angle = outer;
            let (end, extent) = r?;
            let close = self.skip_ws(end);
            if self.peek(close) != Some(']') {
                return err(
                    format!(
                        "expected ']' to close '[' at {}",
                        place(self.src, open, open)
                    ),
                    Span::new(open, open + 1),
                );
            }
            (Some(extent), close)
        };
        let bracket = close;
        let close = self.empty_braces(close + 1) - 1;
        // `T A[N]{};`: every element value-initialized (zero)
        let zeroed: Option<&'a [Expr<'a>]> = (close != bracket).then_some(&[]);
        let after = self.skip_ws(close + 1);
        let (end, init) = match self.peek(after) {
            Some('[') => {
                return err(
                    "an array of arrays (T A[M][N]) is not modelled: declare one dimension and lay it out with a layout",
                    Span::new(after, after + 1),
                );
            }
            Some('=' | '{') => {
                // `T A[N] = {v, …};` or `T A[N]{v, …};`: the values
                let open = self.skip_ws(if self.peek(after) == Some('=') {
                    after + 1
                } else {
                    after
                });
                if self.peek(open) != Some('{') {
                    return err(
                        "an array's initializer is a list of values in braces ({1, 2, 3})",
                        Span::new(after, after + 1),
                    );
                }
                let (end, values) = if ty_name.contains("complex<") {
                    self.complex_initializers(open, ty_name, ty_span)?
                } else {
                    self.list(open, '{', '}', false)?
                };
                (end, Some(values))
            }
            _ => (close + 1, zeroed),
        };
        self.expect_end(end)?;
        Ok(Some(storage_declared(
            (name, Span::new(name_start, name_end)),
            (ty_name, ty_span),
            Storage {
                extent,
                subbyte: false,
                object: false,
                init,
                fill: None,
                thrust: false,
            },
        )))
    }

    /// `thrust::host_vector<T> NAME(n);` or `(n, v)` after its template's `<` at `angle`: a
    /// host array of `n` elements of `T`, each value-initialized (zero; thrust's
    /// `host_vector(size_type n)`) or `v`. It is an object as CuTe's `array` is (`NAME[i]`,
    /// `NAME.data()`, `NAME.size()`). `None`: another declaration (`= d_out`, a copy).
    fn host_vector(&mut self, angle: usize) -> PResult<Option<Stmt<'a>>> {
        let Some(close) = self.matching_angle(angle) else {
            return Ok(None);
        };
        let elem_start = self.skip_ws(angle + 1);
        let Some((elem, elem_end)) = self.ident_at(elem_start) else {
            return Ok(None);
        };
        if self.skip_ws(elem_end) != close {
            return Ok(None);
        }
        let name_start = self.skip_ws(close + 1);
        let Some((name, name_end)) = self.word_at(name_start) else {
            return Ok(None);
        };
        let open = self.skip_ws(name_end);
        if self.peek(open) != Some('(') {
            return Ok(None);
        }
        self.enter(open)?;
        let r = self.list(open, '(', ')', false);
        self.leave();
        let (end, args) = r?;
        let (extent, fill) = match args {
            [n] => (*n, None),
            [n, v] => (*n, Some(v)),
            _ => {
                return err(
                    "thrust::host_vector<T> NAME(n) or NAME(n, value): cute reads a host vector of n elements",
                    Span::new(open, end),
                );
            }
        };
        self.expect_end(end)?;
        Ok(Some(storage_declared(
            (name, Span::new(name_start, name_end)),
            (elem, Span::new(elem_start, elem_end)),
            Storage {
                extent: Some(extent),
                subbyte: false,
                object: true,
                init: Some(&[]),
                fill,
                thrust: true,
            },
        )))
    }

    /// The initializer list of a C array of `complex<T>` at `open` (its `{`): each item a value,
    /// or `{re, im}`, C++'s list-initialization of the complex value (read as
    /// `complex<T>(re, im)`).
    fn complex_initializers(
        &mut self,
        open: usize,
        ty_name: &'a str,
        ty_span: Span,
    ) -> PResult<(usize, &'a [Expr<'a>])> {
        let mut items = Vec::new();
        let mut p = self.skip_ws(open + 1);
        while self.peek(p) != Some('}') {
            let (end, item) = if self.peek(p) == Some('{') {
                let (end, parts) = self.list(p, '{', '}', false)?;
                let callee = self.alloc(Expr {
                    kind: ExprKind::Name(ty_name),
                    span: ty_span,
                });
                (
                    end,
                    Expr {
                        kind: ExprKind::Call(callee, parts),
                        span: Span::new(p, end),
                    },
                )
            } else {
                self.expr(p)?
            };
            items.push(item);
            p = self.skip_ws(end);
            match self.peek(p) {
                Some(',') => p = self.skip_ws(p + 1),
                Some('}') => {}
                _ => {
                    return err(
                        "expected ',' or '}' in the array's initializer",
                        Span::new(p, p + 1),
                    );
                }
            }
        }
        Ok((p + 1, self.arena.alloc_slice_copy(&items)))
    }

    /// A binding's name and its `=`: `NAME =`, or a C++ declaration `auto NAME =`,
    /// `constexpr auto NAME =`, `auto const NAME =`, `Tensor NAME =`, `Layout<…> NAME =`.
    /// `None` when the statement is not a binding.
    fn binding(&mut self, pos: usize) -> PResult<Option<(&'a str, usize, usize)>> {
        let mut words = 0;
        let mut last: Option<(&'a str, usize)> = None;
        let mut pointer = None;
        // the first word of a declaration's type in a namespace other than CuTe's (`std::vector`)
        let mut foreign: Option<Span> = None;
        let mut p = pos;
        loop {
            if let Some((w, end)) = self.ident_at(p) {
                words += 1;
                last = Some((w, p));
                let mut word = Span::new(p, end);
                p = self.skip_ws(end);
                if self.peek(p) == Some('<') && words > 0 {
                    // a declaration's template type: skip its arguments
                    match self.matching_angle(p) {
                        Some(close) => {
                            last = None;
                            word.end = close + 1;
                            p = self.skip_ws(close + 1);
                        }
                        None => return Ok(None),
                    }
                }
                if foreign.is_none()
                    && let Some((_, unqualified)) = w.rsplit_once("::")
                    && !(w.starts_with("std::") && INT_TYPES.contains(&unqualified))
                {
                    foreign = Some(word);
                }
                continue;
            }
            match self.peek(p) {
                Some('&') if words > 0 => {
                    last = None;
                    p = self.skip_ws(p + 1);
                }
                Some('*') if words > 0 && pointer.is_none() => {
                    pointer = Some(p);
                    last = None;
                    p = self.skip_ws(p + 1);
                }
                Some('=') if self.peek(p + 1) != Some('=') => {
                    let Some((name, start)) = last else {
                        return Ok(None);
                    };
                    if let Some(ty) = foreign
                        && ty.start < start
                    {
                        return err(
                            format!(
                                "'{}' is not modelled: a declaration's type is auto, a CuTe type or one bound by 'using'",
                                &self.src[ty.start..ty.end]
                            ),
                            ty,
                        );
                    }
                    if let Some(star) = pointer {
                        if words < 2 {
                            return Ok(None);
                        }
                        return err(
                            "a pointer is not modelled: cute computes with layouts and tensors over them, not memory",
                            Span::new(star, star + 1),
                        );
                    }
                    return Ok(Some((name, start, p)));
                }
                _ => return Ok(None),
            }
        }
    }

    /// Python's slice in the brackets opened at `open` (`t[a:b]`, `t[:2]`): the `:` at their
    /// level (not C++'s `::`) and the `]` that closes them; `None` where they hold no slice.
    fn slice_colon(&self, open: usize) -> Option<(usize, usize)> {
        let b = self.src.as_bytes();
        let (mut depth, mut colon, mut quote) = (0usize, None, None);
        let mut i = open + 1;
        while i < b.len() {
            let c = b[i];
            match (quote, c) {
                (Some(q), _) if c == q => quote = None,
                (Some(_), b'\\') => i += 1,
                (Some(_), _) => {}
                (None, b'"' | b'\'') => quote = Some(c),
                (None, b'(' | b'[' | b'{') => depth += 1,
                (None, b')' | b'}') => depth = depth.checked_sub(1)?,
                (None, b']') if depth == 0 => return colon.map(|k| (k, i)),
                (None, b']') => depth -= 1,
                // C++'s `::` (`a[cute::_1{}]`): no slice (Python's `t[::2]` is one, a step)
                (None, b':')
                    if b.get(i + 1) == Some(&b':')
                        && b.get(i + 2)
                            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_') =>
                {
                    return None;
                }
                // (a second `:`, a step, is read by `slice_bounds`)
                (None, b':') if depth == 0 => {
                    colon.get_or_insert(i);
                }
                (None, b'\n' | b';') => return None,
                _ => {}
            }
            i += 1;
        }
        None
    }

    /// The commas at the top level of the brackets from `open` to `close` (a slice of several
    /// modes, `t[1:3, ::2]`).
    fn top_level_commas(&self, open: usize, close: usize) -> Vec<usize> {
        let mut depth = 0usize;
        let mut commas = Vec::new();
        for (i, c) in self.src[open + 1..close].bytes().enumerate() {
            match c {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                b',' if depth == 0 => commas.push(open + 1 + i),
                _ => {}
            }
        }
        commas
    }

    /// `slice(a, b, c)` of the slice between `open` (a `[` or `,`) and `close`, its first `:`
    /// at `colon`.
    fn slice_call(&self, open: usize, colon: usize, close: usize) -> PResult<Expr<'a>> {
        let bounds = self.slice_bounds(open, colon, close)?;
        Ok(Expr {
            kind: ExprKind::Call(
                self.alloc(Expr {
                    kind: ExprKind::Name("slice"),
                    span: Span::new(open, open + 1),
                }),
                self.arena.alloc_slice_copy(&bounds),
            ),
            span: Span::new(open, close + 1),
        })
    }

    /// One mode of a slice of several modes, between `open` (a `[` or `,`) and `close`: a
    /// slice (`1:3`, `::2`) or an index (`1`, `None`).
    fn slice_mode(&self, open: usize, close: usize) -> PResult<Expr<'a>> {
        let mut depth = 0usize;
        let colon = self.src[open + 1..close]
            .bytes()
            .enumerate()
            .find_map(|(i, c)| {
                match c {
                    b'(' | b'[' | b'{' => depth += 1,
                    b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                    b':' if depth == 0 => return Some(open + 1 + i),
                    _ => {}
                }
                None
            });
        if let Some(colon) = colon {
            return self.slice_call(open, colon, close);
        }
        let mut p = self.upto(close);
        let at = p.skip_ws(open + 1);
        if at >= close {
            return err("expected an index or a slice", Span::new(open, close + 1));
        }
        let (end, e) = p.expr(at)?;
        p.expect_end(end)?;
        Ok(e)
    }

    /// A slice's start, stop and step (`None` where left out): the expressions from `open + 1`
    /// to `colon`, from `colon + 1` to a second `:` (or `close`) and from there to `close`.
    fn slice_bounds(&self, open: usize, colon: usize, close: usize) -> PResult<[Expr<'a>; 3]> {
        let bound = |from: usize, to: usize| -> PResult<Expr<'a>> {
            let mut p = self.upto(to);
            let at = p.skip_ws(from);
            if at >= to {
                return Ok(Expr {
                    kind: ExprKind::Name("None"),
                    span: Span::new(from, from),
                });
            }
            let (end, e) = p.expr(at)?;
            p.expect_end(end)?;
            Ok(e)
        };
        match self.src[colon + 1..close].find(':') {
            Some(k) => {
                let second = colon + 1 + k;
                Ok([
                    bound(open + 1, colon)?,
                    bound(colon + 1, second)?,
                    bound(second + 1, close)?,
                ])
            }
            None => Ok([
                bound(open + 1, colon)?,
                bound(colon + 1, close)?,
                bound(close, close)?,
            ]),
        }
    }

    /// The `>` that closes the `<` at `open` (nesting counted), within its statement.
    fn matching_angle(&self, open: usize) -> Option<usize> {
        let bytes = self.src.as_bytes();
        let mut depth = 0usize;
        for (i, &b) in bytes.iter().enumerate().skip(open) {
            match b {
                b'<' => depth += 1,
                b'>' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i);
                    }
                }
                // (a statement's template arguments may go on over lines, as the tutorials'
                // `SM100_MMA_F16BF16_SS<TypeA, TypeB, TypeC,⏎ 128, 256, …>` do; a statement
                // or a preprocessor line is never inside them)
                b'#' | b';' | b'=' => return None,
                _ => {}
            }
        }
        None
    }

    /// expr := the loosest level, `|` ([`Parser::expr_inner`]); the stack grows on demand for
    /// deep nesting.
    fn expr(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        if self.depth < SHALLOW {
            return self.expr_inner(pos);
        }
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.expr_inner(pos))
    }

    /// expr := conditional (`control.rs`): C++'s levels from `?:` down.
    fn expr_inner(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        self.conditional(pos)
    }

    /// bit_or := bit_xor ('|' bit_xor)*
    fn bit_or(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        self.left_assoc(pos, Parser::bit_xor, Parser::bitor_at)
    }

    /// bit_xor := bit_and ('^' bit_and)*
    fn bit_xor(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        self.left_assoc(pos, Parser::bit_and, Parser::bitxor_at)
    }

    /// bit_and := equality ('&' equality)*
    fn bit_and(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        self.left_assoc(pos, Parser::equality, Parser::bitand_at)
    }

    /// equality := relational (('==' | '!=') relational)*
    fn equality(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        self.left_assoc(pos, Parser::relational, Parser::eqop_at)
    }

    /// shift := sum (('<<' | '>>') sum)*
    fn shift(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        self.left_assoc(pos, Parser::sum, Parser::shiftop_at)
    }

    /// `|` (not `||`) at `pos`.
    fn bitor_at(&self, pos: usize) -> Option<(BinOp, usize)> {
        let b = self.src.as_bytes();
        (b.get(pos) == Some(&b'|') && b.get(pos + 1) != Some(&b'|'))
            .then_some((BinOp::BitOr, pos + 1))
    }

    /// `^` at `pos`.
    fn bitxor_at(&self, pos: usize) -> Option<(BinOp, usize)> {
        (self.src.as_bytes().get(pos) == Some(&b'^')).then_some((BinOp::BitXor, pos + 1))
    }

    /// `&` (not `&&`) at `pos`, after an operand: the bitwise and.
    fn bitand_at(&self, pos: usize) -> Option<(BinOp, usize)> {
        let b = self.src.as_bytes();
        (b.get(pos) == Some(&b'&') && b.get(pos + 1) != Some(&b'&'))
            .then_some((BinOp::BitAnd, pos + 1))
    }

    /// `<<`, or `>>` outside a template's `<…>` (where it closes two of them, as in C++).
    fn shiftop_at(&self, pos: usize) -> Option<(BinOp, usize)> {
        let b = self.src.as_bytes();
        match (b.get(pos), b.get(pos + 1), b.get(pos + 2)) {
            (Some(b'<'), Some(b'<'), next) if next != Some(&b'=') => Some((BinOp::Shl, pos + 2)),
            (Some(b'>'), Some(b'>'), next) if next != Some(&b'=') && !self.in_angle => {
                Some((BinOp::Shr, pos + 2))
            }
            _ => None,
        }
    }

    /// sum := term (('+' | '-') term)*
    fn sum(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        self.left_assoc(pos, Parser::term, Parser::addop_at)
    }

    /// `==` or `!=` at `pos` (the loosest level), or Python's `in` / `not in` (Python text).
    fn eqop_at(&self, pos: usize) -> Option<(BinOp, usize)> {
        let b = self.src.as_bytes();
        match (b.get(pos), b.get(pos + 1)) {
            (Some(b'='), Some(b'=')) => Some((BinOp::Eq, pos + 2)),
            (Some(b'!'), Some(b'=')) => Some((BinOp::Ne, pos + 2)),
            (Some(b'i' | b'n'), _) if self.python || self.dsl_session || self.is_dsl() => {
                let keyword_end = |(w, end): (&str, usize)| {
                    self.peek(end)
                        .is_some_and(|c| c.is_whitespace() || c == '(')
                        .then_some((w == "in", end))
                };
                match self.word_at(pos).and_then(keyword_end)? {
                    (true, end) => Some((BinOp::In, end)),
                    (false, end) if self.word_at(pos)?.0 == "not" => {
                        let at = self.skip_ws(end);
                        let (w, after) = self.word_at(at)?;
                        (w == "in"
                            && self
                                .peek(after)
                                .is_some_and(|c| c.is_whitespace() || c == '('))
                        .then_some((BinOp::NotIn, after))
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// term := unary (('o' | '*' | '/' | '%') unary)*
    fn term(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        self.left_assoc(pos, Parser::unary, Parser::binop_at)
    }

    /// unary := ('-' | '+' | '~' | '!' | 'not') unary | postfix. A `-` before a digit is the
    /// literal's sign (`-3`, read by the literal); `!=` is not a prefix. `not` is C++'s
    /// alternative token for `!` (and Python's `not`): a keyword, never a name.
    fn unary(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        let b = self.src.as_bytes();
        let op = match (b.get(pos), b.get(pos + 1)) {
            (Some(b'-'), Some(d)) if !d.is_ascii_digit() && *d != b'-' => Some((UnOp::Neg, 1)),
            (Some(b'+'), Some(n)) if *n != b'+' => Some((UnOp::Plus, 1)),
            (Some(b'~'), _) => Some((UnOp::BitNot, 1)),
            (Some(b'!'), n) if n != Some(&b'=') => Some((UnOp::Not, 1)),
            // Python's unpacking of a call's argument (`reshape(*shape)`), in the DSL's text or
            // NumPy's (`np.`)
            (Some(b'*'), Some(n))
                if (self.python
                    || self.is_dsl()
                    || find(self.src.as_bytes(), b"np.").is_some())
                    && (n.is_ascii_alphabetic() || *n == b'_' || *n == b'(') =>
            {
                Some((UnOp::Splat, 1))
            }
            (Some(b'*'), n) if n != Some(&b'=') => Some((UnOp::Deref, 1)),
            (Some(b'n'), _)
                if self.word_at(pos).is_some_and(|(w, _)| w == "not")
                    && self
                        .peek(pos + 3)
                        .is_some_and(|c| c.is_whitespace() || c == '(') =>
            {
                Some((UnOp::Not, 3))
            }
            _ => None,
        };
        let Some((op, width)) = op else {
            return self.power(pos);
        };
        let start = self.skip_ws(pos + width);
        if start >= self.src.len() {
            return err(
                format!("expected an expression after the prefix '{}'", op.symbol()),
                Span::new(pos, pos + 1),
            );
        }
        self.enter(pos)?;
        let r = self.unary(start);
        self.leave();
        let (end, operand) = r?;
        Ok((
            end,
            Expr {
                kind: ExprKind::Unary(op, self.alloc(operand)),
                span: Span::new(pos, end),
            },
        ))
    }

    /// `operand (op operand)*`, associating to the left, the operators found by `op_at`.
    fn left_assoc(
        &mut self,
        pos: usize,
        operand: fn(&mut Self, usize) -> PResult<(usize, Expr<'a>)>,
        op_at: fn(&Self, usize) -> Option<(BinOp, usize)>,
    ) -> PResult<(usize, Expr<'a>)> {
        let (mut pos, mut lhs) = operand(self, pos)?;
        loop {
            let p = self.skip_ws(pos);
            self.check_comment(p)?;
            let Some((op, after)) = op_at(self, p) else {
                return Ok((pos, lhs));
            };
            let start = self.skip_ws(after);
            if start >= self.src.len() {
                return err(
                    "expected an expression after the operator",
                    Span::new(p, after),
                );
            }
            let (end, rhs) = operand(self, start)?;
            let span = lhs.span.to(rhs.span);
            lhs = Expr {
                kind: ExprKind::Binary(op, self.alloc(lhs), self.alloc(rhs)),
                span,
            };
            pos = end;
        }
    }

    /// `+` or `-` at `pos` (the looser level).
    fn addop_at(&self, pos: usize) -> Option<(BinOp, usize)> {
        match self.src.as_bytes().get(pos) {
            Some(b'+') => Some((BinOp::Add, pos + 1)),
            Some(b'-') => Some((BinOp::Sub, pos + 1)),
            _ => None,
        }
    }

    fn binop_at(&self, pos: usize) -> Option<(BinOp, usize)> {
        let rest = self.rest(pos);
        // (read where `//` is no comment: Python's)
        if rest.starts_with("//") {
            return Some((BinOp::FloorDiv, pos + 2));
        }
        if rest.starts_with('/') {
            return Some((BinOp::Divide, pos + 1));
        }
        if rest.starts_with('*') {
            return Some((BinOp::Product, pos + 1));
        }
        if rest.starts_with('%') {
            return Some((BinOp::Rem, pos + 1));
        }
        if let Some(after) = rest.strip_prefix('o')
            && after.chars().next().is_none_or(|c| !is_ident_char(c))
        {
            return Some((BinOp::Compose, pos + 1));
        }
        None
    }

    /// The assignment operator at `pos` (after blanks): `=` (not `==`), `+=`, `-=`, `*=`,
    /// `/=`; its operator and where the value starts.
    fn store_operator(&self, pos: usize) -> Option<(Option<char>, usize)> {
        let at = self.skip_ws(pos);
        let b = self.src.as_bytes();
        match (b.get(at), b.get(at + 1)) {
            (Some(b'='), Some(b'=')) => None,
            (Some(b'='), _) => Some((None, at + 1)),
            (Some(&c @ (b'+' | b'-' | b'*' | b'/')), Some(b'=')) => {
                Some((Some(char::from(c)), at + 2))
            }
            _ => None,
        }
    }

    /// A floating-point literal at `pos`: digits with a `.` or an exponent (`1.5`, `2.`,
    /// `.5`, `1e-3`, `2.0f`); `None` where the text is no such literal (an integer).
    fn float_at(&self, pos: usize) -> Option<(usize, f64, bool)> {
        let b = self.src.as_bytes();
        let digits = |mut i: usize| {
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            i
        };
        let mut at = pos;
        if b.get(at) == Some(&b'-') {
            at += 1;
        }
        let int_end = digits(at);
        let mut end = int_end;
        let mut is_float = false;
        if b.get(end) == Some(&b'.')
            && (int_end != at || b.get(end + 1).is_some_and(u8::is_ascii_digit))
        {
            let frac_end = digits(end + 1);
            // `x.f` of an integer is a field: a literal's '.' is followed by a digit, an
            // exponent, the suffix f, or no identifier
            let next = b.get(frac_end).copied();
            if frac_end > end + 1
                || !next.is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
                || (matches!(next, Some(b'f' | b'F' | b'e' | b'E'))
                    && !b
                        .get(frac_end + 1)
                        .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_'))
            {
                end = frac_end;
                is_float = true;
            }
        }
        if end == at {
            return None;
        }
        if matches!(b.get(end), Some(b'e' | b'E')) {
            let mut e = end + 1;
            if matches!(b.get(e), Some(b'+' | b'-')) {
                e += 1;
            }
            let e_end = digits(e);
            if e_end > e {
                end = e_end;
                is_float = true;
            }
        }
        if !is_float {
            return None;
        }
        let value: f64 = self.src[pos..end].parse().ok()?;
        let single = matches!(b.get(end), Some(b'f' | b'F'));
        let end = if single { end + 1 } else { end };
        if b.get(end)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        {
            return None;
        }
        Some((end, value, single))
    }

    /// power := postfix ('**' unary)?, in Python text (the DSL's, NumPy's): Python's power
    /// binds tighter than a prefix on its left and takes one on its right (`-2**2` is `-4`,
    /// `2**-1` reads), associating to the right. Elsewhere `**` is C++'s `*` and `*` (a
    /// dereference).
    fn power(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        let (end, base) = self.postfix(pos)?;
        let at = self.skip_ws(end);
        if !self.rest(at).starts_with("**")
            || !(self.python || self.is_dsl() || find(self.src.as_bytes(), b"np.").is_some())
        {
            return Ok((end, base));
        }
        let start = self.skip_ws(at + 2);
        if start >= self.src.len() {
            return err(
                "expected an expression after the operator",
                Span::new(at, at + 2),
            );
        }
        self.enter(at)?;
        let r = self.unary(start);
        self.leave();
        let (end, exponent) = r?;
        // a negative literal's sign is the literal's (`-2`): Python's `-2**2` is `-(2**2)`
        let (base, negate) = match base.kind {
            ExprKind::Int(n)
                if n < 0 && self.src.as_bytes().get(base.span.start) == Some(&b'-') =>
            {
                match n.checked_neg() {
                    Some(m) => (
                        Expr {
                            kind: ExprKind::Int(m),
                            span: Span::new(base.span.start + 1, base.span.end),
                        },
                        true,
                    ),
                    None => (base, false),
                }
            }
            _ => (base, false),
        };
        let span = Span::new(pos, end);
        let power = Expr {
            kind: ExprKind::Binary(BinOp::Pow, self.alloc(base), self.alloc(exponent)),
            span,
        };
        if !negate {
            return Ok((end, power));
        }
        Ok((
            end,
            Expr {
                kind: ExprKind::Unary(UnOp::Neg, self.alloc(power)),
                span,
            },
        ))
    }

    /// postfix := primary ( '(' args ')' | '.' name | '{' '}' )*
    fn postfix(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        // C++'s address-of, `&T(i, j)`: a call of `&` (no name spells it)
        if self.peek(pos) == Some('&') && self.peek(pos + 1) != Some('&') {
            self.enter(pos)?;
            let (end, inner) = self.postfix(self.skip_ws(pos + 1))?;
            self.leave();
            let amp = Expr {
                kind: ExprKind::Name(ADDRESS_OF),
                span: Span::new(pos, pos + 1),
            };
            return Ok((
                end,
                Expr {
                    kind: ExprKind::Call(self.alloc(amp), self.arena.alloc_slice_copy(&[inner])),
                    span: Span::new(pos, end),
                },
            ));
        }
        let (mut pos, mut e) = self.primary(pos)?;
        loop {
            let q = self.skip_ws(pos);
            match self.peek(q) {
                Some('(') => {
                    self.enter(q)?;
                    let (end, args) = self.list(q, '(', ')', true)?;
                    self.leave();
                    let span = Span::new(e.span.start, end);
                    e = match e.kind {
                        // `decltype(EXPR)`: the type of a value is, here, the value; the
                        // DSL's `Integer(4)` is the integer; its sized integer types
                        // (`cute.Int8(300)`) are calls, which wrap the integer to their width
                        ExprKind::Name(n) | ExprKind::Qualified(n)
                            if n == "decltype"
                                || n == "CUTE_STATIC_V"
                                || DSL_INT_TYPES.contains(&n) =>
                        {
                            match args {
                                [arg] if matches!(n, "decltype" | "Integer") => Expr {
                                    kind: ExprKind::Group(self.alloc(*arg)),
                                    span,
                                },
                                // config.hpp's `#define CUTE_STATIC_V(x) decltype(x)::value`
                                [arg] if n == "CUTE_STATIC_V" => Expr {
                                    kind: ExprKind::Field(
                                        self.alloc(Expr {
                                            kind: ExprKind::Group(self.alloc(*arg)),
                                            span,
                                        }),
                                        "::value",
                                    ),
                                    span,
                                },
                                [_] => Expr {
                                    kind: ExprKind::Call(self.alloc(e), args),
                                    span,
                                },
                                _ => return err(format!("{n} takes 1 expression"), span),
                            }
                        }
                        _ => Expr {
                            kind: ExprKind::Call(self.alloc(e), args),
                            span,
                        },
                    };
                    pos = end;
                }
                // `p->m`: `(*p).m` (a pointer to a struct of the program's own, structs.rs)
                Some('-')
                    if self.rest(q).starts_with("->")
                        && let Some((name, end)) = self.word_at(self.skip_ws(q + 2)) =>
                {
                    let deref = Expr {
                        kind: ExprKind::Unary(UnOp::Deref, self.alloc(e)),
                        span: Span::new(e.span.start, q + 2),
                    };
                    e = Expr {
                        kind: ExprKind::Field(self.alloc(deref), name),
                        span: Span::new(e.span.start, end),
                    };
                    pos = end;
                }
                Some('.') => {
                    let Some((mut name, mut end)) = self.word_at(self.skip_ws(q + 1)) else {
                        return err("expected a field name after '.'", Span::new(q, q + 1));
                    };
                    // C++'s `mma.template permutation_mnk<0>()`
                    if name == "template"
                        && let Some(next) = self.word_at(self.skip_ws(end))
                    {
                        (name, end) = next;
                    }
                    // a member template, `mma.permutation_mnk<0>()`: its arguments stay in the name
                    let angle = self.skip_ws(end);
                    if self.peek(angle) == Some('<')
                        && let Some(close) = self.matching_angle(angle)
                    {
                        let compact = normalize_template_args(&self.src[angle + 1..close]);
                        name = bumpalo::format!(in self.arena, "{}<{}>", name, compact)
                            .into_bump_str();
                        end = close + 1;
                    }
                    let span = Span::new(e.span.start, end);
                    e = Expr {
                        kind: ExprKind::Field(self.alloc(e), name),
                        span,
                    };
                    pos = end;
                }
                Some(':')
                    if self.rest(q).starts_with("::")
                        && matches!(self.word_at(self.skip_ws(q + 2)), Some(("value", _))) =>
                {
                    // `decltype(x)::value`, `Int<4>::value`: an integral constant's value (the
                    // field `::value`, which no `.name` can spell)
                    let (_, end) = self.word_at(self.skip_ws(q + 2)).expect("matched");
                    let span = Span::new(e.span.start, end);
                    // `sizeof_bits<T>::value` is CuTe's `sizeof_bits_v<T>` (one name, so that
                    // it is an operand like any other: `sizeof_bits<T>::value * 2`)
                    if let Some(ty) = e.kind.name().and_then(|n| n.strip_prefix("sizeof_bits<")) {
                        e = Expr {
                            kind: ExprKind::Name(
                                bumpalo::format!(in self.arena, "sizeof_bits_v<{}", ty)
                                    .into_bump_str(),
                            ),
                            span,
                        };
                        pos = end;
                        continue;
                    }
                    // `remove_cvref_t<decltype(x)>::value`: the value's type has no
                    // qualifiers to strip
                    let e_bare = self.without_qualifiers(&e)?;
                    e = Expr {
                        kind: ExprKind::Field(self.alloc(e_bare), "::value"),
                        span,
                    };
                    pos = end;
                }
                // a member type of a class template, `MMA_Traits<X>::CLayout`: a field
                Some(':')
                    if self.rest(q).starts_with("::")
                        && let Some((name, end)) = self.word_at(q + 2) =>
                {
                    let span = Span::new(e.span.start, end);
                    e = Expr {
                        kind: ExprKind::Field(self.alloc(e), name),
                        span,
                    };
                    pos = end;
                }
                Some('[')
                    if (self.python || self.dsl_session || self.is_dsl())
                        && let Some((colon, close)) = self.slice_colon(q) =>
                {
                    // Python's slice `t[a:b:c]`: `get(t, slice(a, b, c))`; NumPy's of several
                    // modes, `t[1:3, ::2]`: `get(t, (slice(1, 3, None), slice(None, None, 2)))`
                    let slice = match self.top_level_commas(q, close).as_slice() {
                        [] => self.slice_call(q, colon, close)?,
                        commas => {
                            let mut parts = BumpVec::new_in(self.arena);
                            let mut from = q;
                            for &to in commas.iter().chain(std::iter::once(&close)) {
                                parts.push(self.slice_mode(from, to)?);
                                from = to;
                            }
                            Expr {
                                kind: ExprKind::Tuple(parts.into_bump_slice()),
                                span: Span::new(q, close + 1),
                            }
                        }
                    };
                    let callee = Expr {
                        kind: ExprKind::Qualified("get"),
                        span: Span::new(q, close + 1),
                    };
                    e = Expr {
                        kind: ExprKind::Call(
                            self.alloc(callee),
                            self.arena.alloc_slice_copy(&[e, slice]),
                        ),
                        span: Span::new(e.span.start, close + 1),
                    };
                    pos = close + 1;
                }
                Some('[') => {
                    // the DSL's `L[i]`: mode i, `get(L, i)`
                    self.enter(q)?;
                    // the indexed value first, then the indices
                    let (end, mut args, _) = self.list_with_comma(q, '[', ']', false, Some(e))?;
                    self.leave();
                    // Python's `t[i, j]` is `t[(i, j)]`: one index, a tuple
                    if args.len() > 2 && (self.python || self.is_dsl()) {
                        let items = &args[1..];
                        let span = Span::new(items[0].span.start, items[items.len() - 1].span.end);
                        let tuple = Expr {
                            kind: ExprKind::Tuple(items),
                            span,
                        };
                        args = self.arena.alloc_slice_copy(&[args[0], tuple]);
                    }
                    let callee = Expr {
                        kind: ExprKind::Qualified("get"),
                        span: Span::new(q, end),
                    };
                    e = Expr {
                        kind: ExprKind::Call(self.alloc(callee), args),
                        span: Span::new(e.span.start, end),
                    };
                    pos = end;
                }
                Some('{') => {
                    // C++ value initialisation: `_4{}`, `Layout<…>{}`, `T{}`, `int{4}`
                    let inner = self.skip_ws(q + 1);
                    if self.peek(inner) == Some('}') {
                        e.span = Span::new(e.span.start, inner + 1);
                        pos = inner + 1;
                        // `tuple<int64_t, _1, int64_t>{}`, `Stride<int64_t, _1, int64_t>{}`:
                        // the tuple type value-initialized, the call with no values
                        if let ExprKind::Call(c, items) = e.kind
                            && matches!(c.kind, ExprKind::Qualified("make_tuple"))
                            && items.iter().any(|i| integral_type_name(i).is_some())
                            && !self.python
                            && !self.is_dsl()
                        {
                            e = Expr {
                                kind: ExprKind::Call(self.alloc(e), &[]),
                                span: e.span,
                            };
                            continue;
                        }
                        // `array<int, 0>{}`: the call `array<int, 0>()` (a value, where a
                        // function's argument may be a type's name)
                        if let ExprKind::Name(n) = e.kind
                            && n.strip_prefix("cute::").unwrap_or(n).starts_with("array<")
                        {
                            e = Expr {
                                kind: ExprKind::Call(self.alloc(e), &[]),
                                span: e.span,
                            };
                        }
                        continue;
                    }
                    let is_int_type = e.kind.name().is_some_and(|n| INT_TYPES.contains(&n));
                    // a class template CuTe constructs from its arguments,
                    // `counting_iterator<int>{0}`: the call `counting_iterator<int>(0)`; a
                    // struct of the program's own, `P{1, 2}`, `Nonempty{7}` (C++ only)
                    // a tuple type, `tuple<int, _2>{1, _2{}}`: the call `tuple<int, _2>(1, _2{})`
                    let tuple_type = matches!(e.kind, ExprKind::Call(c, _) if matches!(
                        c.kind,
                        ExprKind::Qualified("make_tuple" | "make_shape" | "make_stride" | "make_coord")
                    )) && !self.python
                        && !self.is_dsl();
                    let constructed = !is_int_type
                        && matches!(e.kind, ExprKind::Name(n) if n.contains('<')
                            || (!self.python
                                && !self.is_dsl()
                                // (an alias named as C++'s types are, `tuple_type{1, 2.5}`)
                                && (n.starts_with(|c: char| c.is_ascii_uppercase())
                                    || n.ends_with("_type"))));
                    if tuple_type || constructed {
                        self.enter(q)?;
                        let (end, args) = self.list(q, '{', '}', false)?;
                        self.leave();
                        e = Expr {
                            kind: ExprKind::Call(self.alloc(e), args),
                            span: Span::new(e.span.start, end),
                        };
                        pos = end;
                        continue;
                    }
                    if !is_int_type {
                        return err(
                            "construction with arguments in braces is not modelled: write the value, or make_layout(shape, stride)",
                            Span::new(q, q + 1),
                        );
                    }
                    let (end, v) = self.expr(inner)?;
                    let close = self.skip_ws(end);
                    if self.peek(close) != Some('}') {
                        return err(
                            format!("expected '}}' to close '{{' at {}", place(self.src, q, q)),
                            Span::new(q, q + 1),
                        );
                    }
                    e = Expr {
                        kind: ExprKind::Group(self.alloc(v)),
                        span: Span::new(e.span.start, close + 1),
                    };
                    pos = close + 1;
                }
                _ => return Ok((pos, e)),
            }
        }
    }

    /// A bracketed, comma-separated list of expressions starting at `open` (a trailing comma
    /// is allowed). In a call's arguments (`call`), `name=value` is a keyword argument.
    fn list(
        &mut self,
        open: usize,
        o: char,
        close: char,
        call: bool,
    ) -> PResult<(usize, &'a [Expr<'a>])> {
        self.list_with_comma(open, o, close, call, None)
            .map(|(end, items, _)| (end, items))
    }

    /// [`Parser::list`], also telling whether the last item was followed by a comma; `first`
    /// goes before the items. The items are gathered on the parser's stack
    /// ([`Parser::scratch`]) and the list is allocated in the arena at its size.
    fn list_with_comma(
        &mut self,
        open: usize,
        o: char,
        close: char,
        call: bool,
        first: Option<Expr<'a>>,
    ) -> PResult<(usize, &'a [Expr<'a>], bool)> {
        let base = self.scratch.len();
        self.scratch.extend(first);
        let r = self.list_items(open, o, close, call);
        let r = r.map(|(end, trailing)| {
            let items: &'a [Expr<'a>] = self.arena.alloc_slice_copy(&self.scratch[base..]);
            (end, items, trailing)
        });
        self.scratch.truncate(base);
        r
    }

    /// Push a list's item on the scratch stack, the `n`th of its list. A list of more items
    /// than a value may hold integers ([`MAX_TUPLE_WIDTH`](crate::limits::MAX_TUPLE_WIDTH)) is
    /// an error: no tuple, call or template of that many parts has a value.
    fn push_item(&mut self, e: Expr<'a>, n: &mut usize) -> PResult<()> {
        use crate::limits::MAX_TUPLE_WIDTH;
        *n += 1;
        if *n > MAX_TUPLE_WIDTH {
            return err(
                format!(
                    "a list of more than {MAX_TUPLE_WIDTH} items: more than the limit of {MAX_TUPLE_WIDTH} integers in one value"
                ),
                e.span,
            );
        }
        self.scratch.push(e);
        Ok(())
    }

    /// The items of [`Parser::list_with_comma`], pushed on the scratch stack: where the list
    /// ends, and whether its last item was followed by a comma.
    fn list_items(
        &mut self,
        open: usize,
        o: char,
        close: char,
        call: bool,
    ) -> PResult<(usize, bool)> {
        let outer = std::mem::replace(&mut self.in_angle, close == '>');
        // inside parentheses C++'s relational operators are read (control.rs)
        let relational = std::mem::replace(&mut self.relational, close == ')');
        let r = self.list_items_in(open, o, close, call);
        self.in_angle = outer;
        self.relational = relational;
        r
    }

    /// [`Parser::list_items`] with [`Parser::in_angle`] set for the list.
    fn list_items_in(
        &mut self,
        open: usize,
        o: char,
        close: char,
        call: bool,
    ) -> PResult<(usize, bool)> {
        let mut n = 0;
        let mut pos = self.skip_ws(open + 1);
        let mut trailing = false;
        loop {
            if self.peek(pos) == Some(close) {
                return Ok((pos + 1, trailing));
            }
            if pos >= self.src.len() {
                return err(
                    format!(
                        "expected '{close}' to close '{o}' at {}",
                        place(self.src, open, open)
                    ),
                    Span::new(open, open + 1),
                );
            }
            self.check_comment(pos)?;
            let bare = match self.bare_int_item(pos, close) {
                None => self.bare_int_tuple_item(pos, close),
                item => item,
            };
            let (end, e) = match bare {
                Some(item) => item?,
                None if call => match self.keyword_at(pos) {
                    Some((name, value_start)) => {
                        let (end, v) = self.expr(value_start)?;
                        (
                            end,
                            Expr {
                                kind: ExprKind::Keyword(name, self.alloc(v)),
                                span: Span::new(pos, end),
                            },
                        )
                    }
                    None => self.expr(pos)?,
                },
                None => self.expr(pos)?,
            };
            self.push_item(e, &mut n)?;
            pos = self.skip_ws(end);
            match self.peek(pos) {
                Some(',') => {
                    pos = self.skip_ws(pos + 1);
                    trailing = true;
                }
                Some(c) if c == close => return Ok((pos + 1, false)),
                None => {
                    return err(
                        format!(
                            "expected '{close}' to close '{o}' at {}",
                            place(self.src, open, open)
                        ),
                        Span::new(open, open + 1),
                    );
                }
                Some(c) => {
                    self.check_comment(pos)?;
                    return err(
                        format!(
                            "expected ',' or '{close}' to close '{o}' at {}, found '{c}'",
                            place(self.src, open, pos)
                        ),
                        Span::new(pos, pos + c.len_utf8()),
                    );
                }
            }
        }
    }

    /// `name=` (not `==`) at `pos`: a keyword argument's name and where its value starts.
    fn keyword_at(&self, pos: usize) -> Option<(&'a str, usize)> {
        let (name, end) = self.word_at(pos)?;
        let eq = self.skip_ws(end);
        if self.peek(eq) == Some('=') && self.peek(eq + 1) != Some('=') {
            return Some((name, self.skip_ws(eq + 1)));
        }
        None
    }

    /// A list item that is an integer literal alone (followed by ',' or the closing bracket),
    /// the commonest item, without the general expression machinery; `None` for anything else.
    fn bare_int_item(&self, pos: usize, close: char) -> Option<PResult<(usize, Expr<'a>)>> {
        let (end, v) = match self.int_at(pos)? {
            Ok(r) => r,
            Err(e) => return Some(Err(e)),
        };
        // a `uint64_t`'s bits (`18446744073709551615ull`) and a suffixed literal (`5u`, `5l`)
        // go the general way, which reads them as their type ([`Parser::scaled_after`])
        if is_u64_bits(self.src, pos, v) || self.src.as_bytes()[end - 1].is_ascii_alphabetic() {
            return None;
        }
        let (end, dynamic) = self.kind_after(pos, end);
        let after = self.skip_ws(end);
        match self.src.as_bytes().get(after) {
            Some(&b) if b == b',' || char::from(b) == close => Some(Ok((
                end,
                Expr {
                    kind: int_kind(v, dynamic),
                    span: Span::new(pos, end),
                },
            ))),
            _ => None,
        }
    }

    /// A list item that is a parenthesised tuple of plain non-negative integers alone
    /// (`(8,2,2)`, `((4),2)`, followed by ',' or the closing bracket), read by the IntTuple
    /// literal's reader as a stride is, not through the expression's precedence levels; `None`
    /// for anything else and in Python text, where `(4)` is 4 ([`Parser::paren`]). Its value is
    /// the one `paren` gives such an item: a tuple of its integers (the same `int_at` and
    /// `kind_after` read each one).
    fn bare_int_tuple_item(
        &mut self,
        pos: usize,
        close: char,
    ) -> Option<PResult<(usize, Expr<'a>)>> {
        let b = self.src.as_bytes();
        if b.get(pos) != Some(&b'(') {
            return None;
        }
        // a longer item goes the general way (where a failure here would be scanned again at
        // each level of a deep one)
        const LONGEST: usize = 4096;
        let mut depth = 0usize;
        let mut end = pos;
        for (i, &c) in b[pos..].iter().take(LONGEST).enumerate() {
            match c {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = pos + i + 1;
                        break;
                    }
                }
                b'0'..=b'9' | b',' | b' ' => {}
                _ => return None,
            }
        }
        let after = self.skip_ws(end);
        let ends_item = matches!(b.get(after), Some(&c) if c == b',' || char::from(c) == close);
        if depth != 0 || !ends_item || self.python || self.dsl_session || self.is_dsl() {
            return None;
        }
        // a malformed one (`(4 5)`, `(,)`) is left to the general path, which names its error
        let depth = self.depth;
        match self.int_tuple_literal(pos) {
            Ok(item) => Some(Ok(item)),
            Err(_) => {
                self.depth = depth;
                None
            }
        }
    }

    /// An integer literal: the notation's `4`, `-2`, `_4`, `_-2`; CuTe's negative alias `_m2`;
    /// C++ and Python spellings `0x38`, `0b101`, `0o17`, `4'000`, `4_000`, `4u`, `8ll`.
    fn int_at(&self, pos: usize) -> Option<PResult<(usize, i64)>> {
        let bytes = self.src.as_bytes();
        let mut at = pos;
        let mut neg = false;
        if bytes.get(at) == Some(&b'_') {
            at += 1;
            if bytes.get(at) == Some(&b'm') && bytes.get(at + 1).is_some_and(u8::is_ascii_digit) {
                neg = true;
                at += 1;
            }
        }
        if !neg && bytes.get(at) == Some(&b'-') {
            neg = true;
            at += 1;
        }
        if !bytes.get(at).is_some_and(u8::is_ascii_digit) {
            return None;
        }
        let mut radix = 10u32;
        if bytes[at] == b'0' {
            let r = match bytes.get(at + 1) {
                Some(b'x' | b'X') => 16,
                Some(b'b' | b'B') => 2,
                Some(b'o' | b'O') => 8,
                _ => 10,
            };
            let is_digit = |i: usize| bytes.get(i).is_some_and(|&d| char::from(d).is_digit(r));
            if r != 10 && is_digit(at + 2) {
                radix = r;
                at += 2;
            } else if r != 10 && bytes.get(at + 2) == Some(&b'_') && is_digit(at + 3) {
                // Python's `0x_ff`: a separator after the base
                radix = r;
                at += 3;
            } else if let Some(r) = self.leading_zero(pos, at) {
                match r {
                    // C++: an octal literal (`010` is 8)
                    Ok(()) => {
                        radix = 8;
                        at += 1;
                    }
                    Err(e) => return Some(Err(e)),
                }
            }
        }
        let digit = |i: usize| bytes.get(i).and_then(|&d| char::from(d).to_digit(radix));
        // the magnitude in u64 (every i64 magnitude fits), then the sign
        let mut magnitude = Some(0u64);
        let mut end = at;
        if radix == 10 {
            // the common case: plain decimal digits
            while let Some(&d) = bytes.get(end).filter(|d| d.is_ascii_digit()) {
                magnitude =
                    magnitude.and_then(|m| m.checked_mul(10)?.checked_add(u64::from(d - b'0')));
                end += 1;
            }
        }
        loop {
            if let Some(d) = digit(end) {
                magnitude = magnitude
                    .and_then(|m| m.checked_mul(u64::from(radix))?.checked_add(u64::from(d)));
                end += 1;
            } else if matches!(bytes.get(end), Some(b'\'' | b'_')) && digit(end + 1).is_some() {
                end += 1;
            } else {
                break;
            }
        }
        if radix == 8 && bytes.get(end).is_some_and(u8::is_ascii_digit) {
            return Some(err(
                format!(
                    "invalid digit '{}' in octal constant",
                    char::from(bytes[end])
                ),
                Span::new(end, end + 1),
            ));
        }
        // C++ integer suffixes
        let suffix = bytes[end..]
            .iter()
            .take(3)
            .take_while(|b| matches!(b, b'u' | b'U' | b'l' | b'L' | b'z' | b'Z'))
            .count();
        if suffix > 0
            && !bytes
                .get(end + suffix)
                .is_some_and(|&b| is_ident_char(char::from(b)))
        {
            end += suffix;
        }
        let span = Span::new(pos, end);
        let value = magnitude.and_then(|m| {
            if neg {
                0i64.checked_sub_unsigned(m)
            } else {
                i64::try_from(m).ok()
            }
        });
        let Some(value) = value else {
            // past the signed 64-bit integers but a `uint64_t`'s, of an unsigned suffix
            // (`18446744073709551615ull`, cute's C++ form of such a run-time `size_t`) or the
            // notation's run-time mark (`18446744073709551615?`, its plain form): its bits,
            // which [`Parser::scaled_after`] reads as a `uint64_t`
            // (C++'s hex or octal literal past `long` is an `unsigned long` too)
            let unsigned = self.src[span.start..end].contains(['u', 'U'])
                || bytes.get(end) == Some(&b'?')
                || (radix != 10 && !self.is_dsl());
            if let Some(m) = magnitude
                && !neg
                && unsigned
                && bytes[span.start].is_ascii_digit()
            {
                return Some(Ok((end, m as i64)));
            }
            return Some(err("integer overflow in literal", span));
        };
        Some(Ok((end, value)))
    }

    /// A decimal literal at `at` (its literal starting at `pos`) that starts with a `0` and goes
    /// on with digits (`0777`, `0'7`): `Some(Ok(()))` where C++ reads it in octal, an error in
    /// CuTe DSL text, where Python refuses it (but for zeros: `00`), `None` when the `0` is
    /// alone.
    fn leading_zero(&self, pos: usize, at: usize) -> Option<PResult<()>> {
        let bytes = self.src.as_bytes();
        let digits = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
        let separated = matches!(bytes.get(at + 1), Some(b'\'' | b'_')) && digits(at + 2);
        if !digits(at + 1) && !separated {
            return None;
        }
        if !self.is_dsl() {
            return Some(Ok(()));
        }
        let mut end = at + 1;
        let mut zeros = true;
        while let Some(&d) = bytes.get(end) {
            if d.is_ascii_digit() {
                zeros &= d == b'0';
            } else if !(d == b'_' && digits(end + 1)) {
                break;
            }
            end += 1;
        }
        if zeros {
            // `00` is 0 in Python too
            return None;
        }
        Some(err(
            "leading zeros in decimal integer literals are not permitted (Python): write 0o17 for octal",
            Span::new(pos, end),
        ))
    }

    /// Where the integer literal that starts at `pos` and ends at `end` ends with its kind
    /// marker, and whether it is dynamic (SPEC §1): `4?` in any dialect (the notation's written
    /// form of a dynamic integer); a plain literal (not `_4`) of C++ text.
    fn kind_after(&self, pos: usize, end: usize) -> (usize, bool) {
        let b = self.src.as_bytes();
        if b.get(end) == Some(&b'?') {
            return (end + 1, true);
        }
        // `4_c`: CuTe's literal `operator""_c` (numeric/integral_constant.hpp), a static `C<4>`
        if self.src[end..].starts_with("_c")
            && !b
                .get(end + 2)
                .is_some_and(|&c| is_ident_char(char::from(c)))
        {
            return (end + 2, false);
        }
        // `_4`, `cute::_4`: CuTe's static constants (a qualified one is 4 bytes at least: most
        // literals, a digit or two, are not searched)
        let lit = &self.src[pos..end];
        let constant =
            lit.starts_with('_') || (lit.len() > 3 && find(lit.as_bytes(), b"::_").is_some());
        (end, !constant && self.is_cpp())
    }

    /// Whether the statement is C++ text (SPEC §1), decided by syntax alone and once per
    /// statement: not CuTe DSL text, and it has a `;`, a `::`, a brace construction (`_4{}`,
    /// `int{4}`), `Int<…>` or `C<…>`, or is a declaration (`auto x = …`, `Tensor t = …`,
    /// `T* p`: two words or a `*` before its `=`). Function names and template arguments on
    /// functions (`upcast<2>(…)`) do not make it C++.
    fn is_cpp(&self) -> bool {
        if let Some(cpp) = self.cpp.get() {
            return cpp;
        }
        let cpp = !self.is_dsl()
            && cpp_markers(self.src)
            && !(self.dsl_session && python_dict_braces_only(self.src));
        self.cpp.set(Some(cpp));
        cpp
    }

    /// Whether the statement is CuTe DSL text: it uses `cute.` or `cutlass.` (SPEC §1). Asked
    /// only where the dialects differ, and found once per statement.
    fn is_dsl(&self) -> bool {
        if let Some(dsl) = self.dsl.get() {
            return dsl;
        }
        let dsl = is_dsl_text(self.src);
        self.dsl.set(Some(dsl));
        dsl
    }

    /// The integer literal `v` that ends at `end`, or the scaled basis element it starts
    /// (`3@1@0`: the modes innermost first, as CuTe prints them).
    fn scaled_after(&self, pos: usize, end: usize, v: i64) -> PResult<(usize, Expr<'a>)> {
        let bytes = self.src.as_bytes();
        let (end, dynamic) = self.kind_after(pos, end);
        let mut at = end;
        let mut printed: Vec<i64> = Vec::new();
        while bytes.get(at) == Some(&b'@') {
            let digits = bytes[at + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            let text = &self.src[at + 1..at + 1 + digits];
            let Ok(m) = text.parse::<i64>() else {
                return err(
                    "expected a mode index after '@' (a basis element: 1@0)",
                    Span::new(at, at + 1),
                );
            };
            printed.push(m);
            at += 1 + digits;
        }
        let span = Span::new(pos, at);
        if printed.is_empty() {
            let literal = Expr {
                kind: int_kind(v, dynamic),
                span,
            };
            // C++'s `5u`, `5l`, `5ul`: the literal of that type, read as its cast
            // (`unsigned(5)`), which carries the type through arithmetic as a variable's does
            // (a literal past `i64::MAX` is a `uint64_t`'s bits: read as `uint64_t(bits)`)
            let ty = if is_u64_bits(self.src, pos, v) {
                Some("uint64_t")
            } else {
                suffixed_literal_type(&self.src[pos..end], v).filter(|_| dynamic)
            };
            if let Some(ty) = ty {
                let callee = Expr {
                    kind: ExprKind::Name(ty),
                    span,
                };
                return Ok((
                    end,
                    Expr {
                        kind: ExprKind::Call(
                            self.alloc(callee),
                            self.arena.alloc_slice_copy(&[literal]),
                        ),
                        span,
                    },
                ));
            }
            return Ok((end, literal));
        }
        match crate::algebra::basis::Basis::from_printed(&printed) {
            Ok(b) => Ok((
                at,
                Expr {
                    kind: ExprKind::Scaled(v, b),
                    span,
                },
            )),
            Err(e) => err(e.to_string(), span),
        }
    }

    fn primary(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        let Some(c) = self.peek(pos) else {
            return err("expected an expression", Span::new(pos, pos));
        };
        let (end, e) = match c {
            '"' | '\'' => self.string(pos)?,
            // a Python f-string, `f"… {x} …"`
            'f' | 'F' if matches!(self.peek(pos + 1), Some('"' | '\'')) => self.f_string(pos)?,
            '(' => self.paren(pos)?,
            '<' => self.bracketed(pos, '<', '>', ExprKind::Tiler)?,
            // a C++ lambda `[&](auto x){ return …; }`
            '[' if let Some(r) = self.lambda(pos) => r?,
            // a Python list (`mode=[0, 1]`): a tuple
            '[' => self.bracketed(pos, '[', ']', ExprKind::List)?,
            _ if let Some((end, v, single)) = self.float_at(pos) => (
                end,
                Expr {
                    kind: ExprKind::Float(v, single),
                    span: Span::new(pos, end),
                },
            ),
            _ => {
                if let Some(r) = self.int_at(pos) {
                    let (end, v) = r?;
                    self.scaled_after(pos, end, v)?
                } else if let Some(at) = self.namespaced_int(pos) {
                    let (end, v) = self.int_at(at).expect("an integer")?;
                    self.scaled_after(pos, end, v)?
                } else if let Some(("lambda", end)) = self.ident_at(pos)
                    && (self.python || self.dsl_session || self.is_dsl())
                {
                    self.python_lambda(pos, end)?
                } else if let Some((name, end)) = self.ident_at(pos) {
                    self.named(pos, name, end)?
                } else if c == '_' {
                    (
                        pos + 1,
                        Expr {
                            kind: ExprKind::Underscore,
                            span: Span::new(pos, pos + 1),
                        },
                    )
                } else if c == '{' && (self.python || self.is_dsl() || self.dict_like(pos)) {
                    self.python_dict(pos)?
                } else if self.src[pos..].starts_with("...")
                    && (self.python || self.dsl_session || self.is_dsl())
                {
                    // Python's `...`, the Ellipsis (a body `...`, `x = ...`)
                    (
                        pos + 3,
                        Expr {
                            kind: ExprKind::Name("Ellipsis"),
                            span: Span::new(pos, pos + 3),
                        },
                    )
                } else if c == '{' && self.src[..pos].trim_end().ends_with(['(', ',', '{']) {
                    // C++'s braced-init-list as an argument (`layout({m, n})`,
                    // `L::packed({8, 4})`: a coordinate's, an extent's): the tuple of its items
                    self.enter(pos)?;
                    let r = self.list(pos, '{', '}', false);
                    self.leave();
                    let (end, items) = r?;
                    (
                        end,
                        Expr {
                            kind: ExprKind::Tuple(items),
                            span: Span::new(pos, end),
                        },
                    )
                } else if self.src[pos..].starts_with("...") {
                    // the docs' `float* A = ...;`, `Shape<_4, ...>`: an elision, no C++
                    return err(
                        "'...' stands for text the example leaves out (pseudo-code, not C++): write the value",
                        Span::new(pos, pos + 3),
                    );
                } else if c == '*' {
                    // `*reinterpret_cast<SharedStorage*>(shared_memory)`: a kernel's view of
                    // its shared memory as a struct of the program's own
                    return err(
                        "a pointer's dereference '*p' is not modelled (cute models a pointer's \
                         tensor, make_tensor(p, layout), and no struct of the program's own)",
                        Span::new(pos, pos + 1),
                    );
                } else {
                    self.check_comment(pos)?;
                    return err(
                        format!("expected an expression, found '{c}'"),
                        Span::new(pos, pos + c.len_utf8()),
                    );
                }
            }
        };
        // Shape:Stride (blanks allowed around ':')
        let after = self.skip_ws(end);
        if self.peek(after) == Some(':') && self.peek(after + 1) != Some(':') {
            if !is_int_tuple_literal(&e) {
                return err(
                    "the shape of a layout must be an integer or an IntTuple",
                    e.span,
                );
            }
            let sstart = self.skip_ws(after + 1);
            let (send, stride) = self.int_tuple_literal(sstart)?;
            let span = Span::new(e.span.start, send);
            return Ok((
                send,
                Expr {
                    kind: ExprKind::Layout(self.alloc(e), self.alloc(stride)),
                    span,
                },
            ));
        }
        Ok((end, e))
    }

    /// Past an empty brace initializer `{}` at `pos` (after blanks), or `pos` where there is none.
    fn empty_braces(&self, pos: usize) -> usize {
        let open = self.skip_ws(pos);
        if self.peek(open) == Some('{') {
            let close = self.skip_ws(open + 1);
            if self.peek(close) == Some('}') {
                return close + 1;
            }
        }
        pos
    }

    /// A C++ lambda at `pos` (its `[`): `[CAPTURES](PARAMS) [mutable] [-> T] { BODY }` (the
    /// parameter list may be left out). `None` where the `[…]` is not followed by `(` or `{`
    /// (a Python list).
    fn lambda(&mut self, pos: usize) -> Option<PResult<(usize, Expr<'a>)>> {
        if self.is_dsl() {
            return None;
        }
        let close = pos + self.src[pos..].find(']')?;
        let captures = &self.src[pos + 1..close];
        if !captures
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_&=,* \t".contains(c))
        {
            return None;
        }
        let p = self.skip_ws(close + 1);
        if !matches!(self.peek(p), Some('(' | '{')) {
            return None;
        }
        Some(self.lambda_rest(pos, p))
    }

    /// A Python lambda at `start`, `lambda x, y=2, *xs: EXPR` (`p` after its keyword): its
    /// parameters' names (a `*xs` pack the last, marked `...xs`), its defaults' texts, and its
    /// body `return EXPR`, read as a Python function's at each call.
    fn python_lambda(&mut self, start: usize, mut p: usize) -> PResult<(usize, Expr<'a>)> {
        let mut params: BumpVec<'a, &'a str> = BumpVec::new_in(self.arena);
        let mut defaults: BumpVec<'a, &'a str> = BumpVec::new_in(self.arena);
        let mut packed = false;
        p = self.skip_ws(p);
        while self.peek(p) != Some(':') {
            let star = self.peek(p) == Some('*');
            let name_at = if star { self.skip_ws(p + 1) } else { p };
            let named = self.ident_at(name_at);
            if packed || self.src[p..].starts_with("**") || named.is_none() {
                return err(
                    "a Python lambda's parameters are modelled as names, defaults and one '*args' last (lambda x, y=2, *args: EXPR), without '**kwargs' or keyword-only ones",
                    Span::new(p, p + 1),
                );
            }
            let Some((name, end)) = named else {
                unreachable!("checked above")
            };
            packed = star;
            params.push(if star {
                self.arena.alloc_str(&format!("...{name}"))
            } else {
                name
            });
            p = self.skip_ws(end);
            if !star && self.peek(p) == Some('=') {
                // (its text to the next ',' or ':' outside brackets; read at each call that
                // takes it, as a function's default)
                let end = lambda_default_end(self.src.as_bytes(), p + 1);
                let default = self.src[p + 1..end].trim();
                if default.is_empty() {
                    return err("expected a default after '='", Span::new(p, p + 1));
                }
                defaults.push(default);
                p = self.skip_ws(end);
            } else if !star && !defaults.is_empty() {
                return err(
                    "SyntaxError: a lambda's parameter without a default follows one with a default",
                    Span::new(name_at, end),
                );
            }
            match self.peek(p) {
                Some(',') => p = self.skip_ws(p + 1),
                Some(':') => {}
                _ => {
                    return err(
                        "expected ',' or ':' after a Python lambda's parameter",
                        Span::new(p, p + 1),
                    );
                }
            }
        }
        let body_start = self.skip_ws(p + 1);
        // read once, so its errors point into the statement
        let (end, _) = self.expr(body_start)?;
        let body = self
            .arena
            .alloc_str(&format!(" return {}\n", &self.src[body_start..end]));
        let lambda = self.arena.alloc(Lambda {
            params: params.into_bump_slice(),
            defaults: defaults.into_bump_slice(),
            body,
            python: true,
        });
        Ok((
            end,
            Expr {
                kind: ExprKind::Lambda(lambda),
                span: Span::new(start, end),
            },
        ))
    }

    /// The parameters and body of the lambda at `start` (its `[`), from `p` (its `(` or `{`).
    fn lambda_rest(&mut self, start: usize, mut p: usize) -> PResult<(usize, Expr<'a>)> {
        let mut params: BumpVec<'a, &'a str> = BumpVec::new_in(self.arena);
        if self.peek(p) == Some('(') {
            let mut depth = 0usize;
            let mut end = None;
            for (i, b) in self.src.as_bytes().iter().enumerate().skip(p) {
                match b {
                    b'(' | b'<' | b'[' => depth += 1,
                    b')' | b'>' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            end = Some(i);
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let Some(end) = end else {
                return err(
                    "expected ')' to close a lambda's parameters",
                    Span::new(p, p + 1),
                );
            };
            let list = &self.src[p + 1..end];
            if !list.trim().is_empty() {
                let base = p + 1;
                for part in list.split(',') {
                    // the parameter's name: its last identifier (`auto const& x`, `int x`)
                    let trimmed = part.trim_end();
                    let name_len = trimmed
                        .bytes()
                        .rev()
                        .take_while(|&b| is_ident_char(char::from(b)))
                        .count();
                    let name = &trimmed[trimmed.len() - name_len..];
                    let at = base + (part.as_ptr() as usize - list.as_ptr() as usize);
                    // a parameter pack (`auto... xs`, `auto&&... xs`): the last parameter,
                    // its name marked `...xs` (expanded at each call: parser::pack)
                    let is_pack = part.contains("...");
                    if is_pack && at + part.len() < end {
                        return err(
                            "a lambda's parameter pack ('auto... xs') is modelled as its last parameter",
                            Span::new(at, at + part.len()),
                        );
                    }
                    if name.is_empty()
                        || name.starts_with(|c: char| c.is_ascii_digit())
                        || part.contains('=')
                        || (is_pack
                            && !trimmed[..trimmed.len() - name_len]
                                .trim_end()
                                .ends_with("..."))
                    {
                        return err(
                            "a lambda's parameter is modelled as 'TYPE NAME' (auto x, auto const& x), without a default",
                            Span::new(at, at + part.len()),
                        );
                    }
                    if is_pack {
                        params.push(self.arena.alloc_str(&format!("...{name}")));
                    } else {
                        params.push(name);
                    }
                }
            }
            p = self.skip_ws(end + 1);
        }
        // `mutable`, `constexpr`, `noexcept`, `-> T`: nothing here
        while self.peek(p) != Some('{') {
            match self.word_at(p) {
                Some(("mutable" | "constexpr" | "noexcept", end)) => p = self.skip_ws(end),
                _ if self.src[p..].starts_with("->") => {
                    let Some(brace) = self.src[p..].find('{') else {
                        return err("expected a lambda's body '{'", Span::new(p, p + 2));
                    };
                    p += brace;
                }
                _ => return err("expected a lambda's body '{'", Span::new(p, p + 1)),
            }
        }
        let open = p;
        let Some(close) = cut::closing_bracket(self.src.as_bytes(), open) else {
            return err(
                "expected '}' to close a lambda's body",
                Span::new(open, open + 1),
            );
        };
        // read once, so its errors point into the statement; run at each call (a variadic
        // lambda's body is read at its call, its packs expanded: parser::pack)
        if !params.last().is_some_and(|p| p.starts_with("...")) {
            self.cpp_body().block(open + 1, close, self.depth + 1)?;
        }
        let end = close + 1;
        let lambda = self.arena.alloc(Lambda {
            params: params.into_bump_slice(),
            defaults: &[],
            body: &self.src[open + 1..close],
            python: false,
        });
        Ok((
            end,
            Expr {
                kind: ExprKind::Lambda(lambda),
                span: Span::new(start, end),
            },
        ))
    }

    /// A string literal at `pos` (its opening quote): `"…"`, `'…'` on one line, or a Python
    /// triple-quoted `"""…"""` that may span lines.
    fn string(&self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        let b = self.src.as_bytes();
        let q = b[pos];
        if b.get(pos + 1) == Some(&q) && b.get(pos + 2) == Some(&q) {
            let Some(k) = memchr::memmem::find(&b[pos + 3..], &[q, q, q]) else {
                return err(
                    "unterminated string: a triple-quoted string without its closing quotes",
                    Span::new(pos, pos + 3),
                );
            };
            let end = pos + 3 + k + 3;
            return Ok((
                end,
                Expr {
                    kind: ExprKind::Str(&self.src[pos + 3..end - 3]),
                    span: Span::new(pos, end),
                },
            ));
        }
        let mut i = pos + 1;
        while i < b.len() && b[i] != q && b[i] != b'\n' {
            i += if b[i] == b'\\' { 2 } else { 1 };
        }
        if b.get(i) != Some(&q) {
            return err(
                "unterminated string: no closing quote on its line",
                Span::new(pos, i.min(b.len())),
            );
        }
        Ok((
            i + 1,
            Expr {
                kind: ExprKind::Str(&self.src[pos + 1..i]),
                span: Span::new(pos, i + 1),
            },
        ))
    }

    /// A Python f-string at `pos` (its `f`): `f"… {x} …"` on one line, its fields' expressions
    /// read where they stand (`{{` and `}}` are braces). A field's conversion or format spec
    /// (`{x!r}`, `{x:.2f}`) is not modelled.
    fn f_string(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        let (end, text) = self.string(pos + 1)?;
        let ExprKind::Str(template) = text.kind else {
            return err("expected a string after 'f'", Span::new(pos, pos + 1));
        };
        let triple = end - (pos + 1) - template.len() == 6;
        let start = pos + 1 + if triple { 3 } else { 1 };
        let b = self.src.as_bytes();
        let mut fields = Vec::new();
        let mut i = start;
        while i < start + template.len() {
            match b[i] {
                b'{' if b.get(i + 1) == Some(&b'{') => i += 2,
                b'}' if b.get(i + 1) == Some(&b'}') => i += 2,
                b'{' => {
                    // a conversion `!r` or a format spec `:>8` at the field's top level (where
                    // the notation's `S:D` would read it as a layout)
                    if let Some(k) = field_spec(b, i + 1) {
                        return err(
                            "an f-string's conversion ('!r') or format spec (':…') is not modelled: write the field alone, {x}",
                            Span::new(k, k + 1),
                        );
                    }
                    let (e_end, e) = self.expr(self.skip_ws(i + 1))?;
                    let close = self.skip_ws(e_end);
                    if self.peek(close) != Some('}') {
                        return err(
                            "an f-string's field is an expression and its closing '}' (a conversion '!r' or a format spec ':…' is not modelled)",
                            Span::new(close, close + 1),
                        );
                    }
                    fields.push(e);
                    i = close + 1;
                }
                _ => i += 1,
            }
        }
        Ok((
            end,
            Expr {
                kind: ExprKind::FStr(template, self.arena.alloc_slice_copy(&fields)),
                span: Span::new(pos, end),
            },
        ))
    }

    /// `cute::_4`, `cute::_m4`: an integer constant in CuTe's namespace (dropped); where its
    /// integer starts.
    fn namespaced_int(&self, pos: usize) -> Option<usize> {
        if self.src.as_bytes()[pos] != b'c' {
            return None;
        }
        let mut p = pos;
        while let Some((w, end)) = self.word_at(p) {
            if !NAMESPACES.contains(&w) || !self.rest(end).starts_with("::") {
                return None;
            }
            p = end + 2;
            if self.peek(p) == Some('_') && self.int_at(p).is_some() {
                return Some(p);
            }
        }
        None
    }

    /// A bracketed list at `pos` (`<…>`, `[…]`) as one expression of the kind `make` gives.
    fn bracketed(
        &mut self,
        pos: usize,
        open: char,
        close: char,
        make: fn(&'a [Expr<'a>]) -> ExprKind<'a>,
    ) -> PResult<(usize, Expr<'a>)> {
        self.enter(pos)?;
        let (end, items) = self.list(pos, open, close, false)?;
        self.leave();
        Ok((
            end,
            Expr {
                kind: make(items),
                span: Span::new(pos, end),
            },
        ))
    }

    /// An IntTuple literal: an integer or a parenthesised tuple of IntTuple literals.
    fn int_tuple_literal(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        if self.depth < SHALLOW {
            return self.int_tuple_literal_inner(pos);
        }
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.int_tuple_literal_inner(pos))
    }

    fn int_tuple_literal_inner(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        if self.peek(pos) == Some('(') {
            self.enter(pos)?;
            let base = self.scratch.len();
            let r = self.int_tuple_items(pos);
            let r = r.map(|end| {
                let items: &'a [Expr<'a>] = self.arena.alloc_slice_copy(&self.scratch[base..]);
                (
                    end,
                    Expr {
                        kind: ExprKind::Tuple(items),
                        span: Span::new(pos, end),
                    },
                )
            });
            self.scratch.truncate(base);
            return r;
        }
        match self.int_at(pos) {
            Some(r) => {
                let (end, v) = r?;
                self.scaled_after(pos, end, v)
            }
            None => {
                let end = (pos + self.peek(pos).map_or(0, char::len_utf8)).min(self.src.len());
                err(
                    "expected an integer or '(' in the stride",
                    Span::new(pos, end),
                )
            }
        }
    }

    /// The items of the tuple literal whose `(` is at `pos`, pushed on the scratch stack; where
    /// it ends.
    fn int_tuple_items(&mut self, pos: usize) -> PResult<usize> {
        let mut n = 0;
        let mut p = self.skip_ws(pos + 1);
        loop {
            if self.peek(p) == Some(')') {
                // `()`: the empty tuple (a rank-0 stride, as CuTe prints `():()`); a trailing
                // comma is allowed
                self.leave();
                return Ok(p + 1);
            }
            if p >= self.src.len() {
                return err(
                    format!("expected ')' to close '(' at {}", place(self.src, pos, pos)),
                    Span::new(pos, pos + 1),
                );
            }
            let (end, e) = self.int_tuple_literal(p)?;
            self.push_item(e, &mut n)?;
            p = self.skip_ws(end);
            match self.peek(p) {
                Some(',') => p = self.skip_ws(p + 1),
                Some(')') => {
                    self.leave();
                    return Ok(p + 1);
                }
                _ => {
                    return err(
                        format!("expected ')' to close '(' at {}", place(self.src, pos, pos)),
                        Span::new(pos, pos + 1),
                    );
                }
            }
        }
    }

    fn paren(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        self.enter(pos)?;
        let (end, items, trailing_comma) = self.list_with_comma(pos, '(', ')', false, None)?;
        self.leave();
        let span = Span::new(pos, end);
        // `(int)x`: C's cast of an integer, read as `int(x)`. A cast binds as a prefix
        // operator: its operand is the unary expression after it (`(size_t)-1`,
        // `(unsigned)~0`), and `(T)(x)` casts the grouped x (not the rank-1 tuple `(x)`)
        if let [item] = items
            && !trailing_comma
            && let ExprKind::Name(ty) = item.kind
            && cpp_int_type(ty).is_some()
        {
            let at = self.skip_ws(end);
            let operand = self.peek(at).is_some_and(|c| {
                c.is_ascii_alphanumeric() || matches!(c, '_' | '(' | '-' | '+' | '~' | '!')
            });
            if operand {
                self.enter(pos)?;
                let read = self.unary(at);
                self.leave();
                let (end, mut inner) = read?;
                if let ExprKind::Tuple([one]) = inner.kind
                    && inner.span == Span::new(at, end)
                    && !self.src[at..end]
                        .trim_end_matches(')')
                        .trim_end()
                        .ends_with(',')
                {
                    inner = Expr {
                        kind: ExprKind::Group(self.alloc(*one)),
                        span: inner.span,
                    };
                }
                let span = Span::new(pos, end);
                return Ok((
                    end,
                    Expr {
                        kind: ExprKind::Call(
                            self.alloc(*item),
                            self.arena.alloc_slice_copy(&[inner]),
                        ),
                        span,
                    },
                ));
            }
        }
        // `(x)` groups unless x is an IntTuple (the notation's and C++ text's rank-1 tuple
        // `(4)`); in Python (DSL text, or any line of a session of DSL text) `(x)` is always
        // x, and `(x,)` is a rank-1 tuple
        let python = self.python || self.dsl_session || self.is_dsl();
        if items.len() == 1 && !trailing_comma && (python || !is_int_tuple_literal(&items[0])) {
            return Ok((
                end,
                Expr {
                    kind: ExprKind::Group(&items[0]),
                    span,
                },
            ));
        }
        Ok((
            end,
            Expr {
                kind: ExprKind::Tuple(items),
                span,
            },
        ))
    }

    fn named(&mut self, pos: usize, name: &'a str, end: usize) -> PResult<(usize, Expr<'a>)> {
        // C++'s `typename T<…>::Member`: the keyword says nothing here
        if name == "typename" {
            let q = self.skip_ws(end);
            if let Some((n, e)) = self.ident_at(q) {
                return self.named(q, n, e);
            }
        }
        if matches!(
            name,
            "smem_ptr" | "gmem_ptr" | "ptr" | "smem_subptr" | "gmem_subptr" | "subptr" | "tmem_"
        ) && self.peek(end) == Some('[')
            && let Some(read) = self.pointer(pos, name, end)
        {
            return read;
        }
        if name == "smem_ptr" && self.peek(end) == Some('[') {
            return self.smem_ptr(pos, end);
        }
        // CuTe's swizzle_ptr, `Sw<3,4,3>_smem_ptr[16b]((nil))`: the prefix runs to `[`
        if name == "Sw"
            && let Some(inner) = self.rest(end).strip_prefix('<')
            && let Some((args, after)) = inner.split_once('>')
            && args
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b',' || b == b'-')
            && let Some(tail) = after.strip_prefix('_')
            && let Some(bracket) = tail.find('[')
            && matches!(&tail[..bracket], "smem_ptr" | "smem_subptr")
        {
            let open = end + 1 + args.len() + 2 + bracket;
            let prefix = &self.src[pos..open];
            if let Some(read) = self.pointer(pos, prefix, open) {
                return read;
            }
        }
        // CuTe's sparse_ptr, `smem_sparse<2>_ptr[_8b](0x4)`: the prefix runs to `_ptr`
        if matches!(name, "sparse" | "smem_sparse" | "gmem_sparse")
            && let Some(inner) = self.rest(end).strip_prefix('<')
            && let Some(digits) = inner.split('>').next()
            && !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && inner[digits.len() + 1..].starts_with("_ptr[")
        {
            let open = end + 1 + digits.len() + 1 + "_ptr".len();
            let prefix = &self.src[pos..open];
            if let Some(read) = self.pointer(pos, prefix, open) {
                return read;
            }
        }
        // CuTe's `ArithTuple_0` (the iterator of an integer coordinate), printed `ArithTuple0`
        if let Some(rest) = name.strip_prefix("ArithTuple")
            && !rest.is_empty()
        {
            let digits = rest.strip_prefix('_').unwrap_or(rest);
            let (neg, digits) = match digits.strip_prefix('m') {
                Some(d) => (true, d),
                None => (false, digits),
            };
            if let Ok(v) = digits.parse::<i64>() {
                let span = Span::new(pos, end);
                let name_end = pos + "ArithTuple".len();
                let callee = self.alloc(Expr {
                    kind: ExprKind::Qualified("ArithTuple"),
                    span: Span::new(pos, name_end),
                });
                // the argument ends where the call ends: the handler tells this form by it
                let arg = Expr {
                    kind: ExprKind::Int(if neg { -v } else { v }),
                    span: Span::new(name_end, end),
                };
                let args = self.arena.alloc_slice_copy(&[arg]);
                return Ok((
                    end,
                    Expr {
                        kind: ExprKind::Call(callee, args),
                        span,
                    },
                ));
            }
        }
        let angle = self.skip_ws(end);
        // `NAME<…>` (not `NAME << n`, a shift; not `i < j` where C++ compares: control.rs)
        if self.peek(angle) == Some('<')
            && self.peek(angle + 1) != Some('<')
            && !self.compares_after(end, angle, template(name).is_some())
        {
            if let Some(t) = template(name) {
                return self.template(pos, name, end, angle, t);
            }
            // other template arguments (atom names, `get<0>`): raw text up to the matching '>'
            let open = angle;
            let Some(i) = self.matching_angle(open) else {
                return err(
                    format!(
                        "expected '>' to close '<' at {}",
                        place(self.src, open, open)
                    ),
                    Span::new(open, open + 1),
                );
            };
            let args = &self.src[open + 1..i];
            let close = i + 1;
            let span = Span::new(pos, close);
            let compact = normalize_template_args(args);
            return Ok((
                close,
                Expr {
                    kind: ExprKind::Name(
                        bumpalo::format!(in self.arena, "{}<{}>", name, compact).into_bump_str(),
                    ),
                    span,
                },
            ));
        }
        // `cute::size`, `cute.size`: CuTe's, whatever a variable is called
        let qualified = end - pos > name.len();
        // C++'s `true`/`false`: a `bool`, a run-time value in CuTe (`print(true)` prints `1`),
        // read as `bool(1)`; a template argument (`C<true>`) is made static where it is read
        if !qualified && matches!(name, "true" | "false") && self.is_cpp() {
            let span = Span::new(pos, end);
            let conversion = self.alloc(Expr {
                kind: ExprKind::Name("bool"),
                span,
            });
            let value = Expr {
                kind: ExprKind::DynInt(i64::from(name == "true")),
                span,
            };
            let args = self.arena.alloc_slice_copy(&[value]);
            return Ok((
                end,
                Expr {
                    kind: ExprKind::Call(conversion, args),
                    span,
                },
            ));
        }
        Ok((
            end,
            Expr {
                kind: if qualified {
                    ExprKind::Qualified(name)
                } else {
                    ExprKind::Name(name)
                },
                span: Span::new(pos, end),
            },
        ))
    }

    /// A C++ class template (or function template) with value arguments: `Int<4>`,
    /// `Shape<_4,_8>`, `Layout<Shape<…>, Stride<…>>`, `Swizzle<3,4,3>`, `make_swizzle<3,4,3>()`.
    fn template(
        &mut self,
        pos: usize,
        name: &'a str,
        name_end: usize,
        open: usize,
        t: Template,
    ) -> PResult<(usize, Expr<'a>)> {
        if let Template::Trait(t, value) = t {
            return self.trait_of(pos, open, t, value);
        }
        self.enter(open)?;
        let (mut end, items) = self.list(open, '<', '>', false)?;
        self.leave();
        let span = Span::new(pos, end);
        // template arguments are static, whatever the dialect; an expression of literals
        // (`Swizzle<1+2,4,3>`) is folded here
        let ints = || -> Option<Vec<i64>> { items.iter().map(fold_literal).collect() };
        let kind = match t {
            // `C<5u>`, `C<true>`: C<v> of v's type, where it is not int
            Template::Int
                if matches!(
                    name.strip_prefix("cute::").unwrap_or(name),
                    "C" | "bool_constant"
                ) && let [item] = items
                    && let Some(ty) = literal_type(&self.src[item.span.start..item.span.end]) =>
            {
                let callee = Expr {
                    kind: ExprKind::Qualified("integral_constant"),
                    span: Span::new(pos, name_end),
                };
                let mut args = BumpVec::with_capacity_in(3, self.arena);
                args.push(Expr {
                    kind: ExprKind::Name(ty),
                    span: item.span,
                });
                args.push(*item);
                args.push(Expr {
                    kind: ExprKind::Name("C"),
                    span: Span::new(pos, name_end),
                });
                ExprKind::Call(self.alloc(callee), args.into_bump_slice())
            }
            Template::Int => match (ints().as_deref(), items) {
                // `Int<v>` is `C<int(v)>`: a value past `int` narrows, which a converted
                // constant expression may not (ill-formed C++; g++ -w wraps it: `Int<4294967296>`
                // is `_0`)
                (Some([v]), _)
                    if name.strip_prefix("cute::").unwrap_or(name) == "Int"
                        && *v as i32 as i64 != *v =>
                {
                    return err(
                        format!(
                            "{name}<{v}>: the template argument {v} is past int's range (Int<v> is C<int(v)>: a narrowing conversion, ill-formed C++; write C<{v}L>{{}} for a static long)"
                        ),
                        span,
                    );
                }
                (Some([v]), _) => ExprKind::Int(*v),
                // an integer expression (`Int<(1 << 4)>`, `C<sizeof_bits_v<T>>`): its value,
                // static
                (None, [item]) => ExprKind::Static(self.alloc(*item)),
                _ => return err(format!("expected {name}<N> with one integer"), span),
            },
            Template::Swizzle | Template::MakeSwizzle => match ints().as_deref() {
                Some([b, m, s]) => {
                    if matches!(t, Template::MakeSwizzle) {
                        // the function template is called with no arguments
                        let p = self.skip_ws(end);
                        let q = self.skip_ws(p + 1);
                        if self.peek(p) != Some('(') || self.peek(q) != Some(')') {
                            return err("expected make_swizzle<B,M,S>()", span);
                        }
                        end = q + 1;
                    }
                    ExprKind::Swizzle(*b, *m, *s)
                }
                // `make_swizzle<Y,Z>()`: the swizzle of two bit masks, a call of make_swizzle
                Some([_, _]) if matches!(t, Template::MakeSwizzle) => {
                    let p = self.skip_ws(end);
                    let q = self.skip_ws(p + 1);
                    if self.peek(p) != Some('(') || self.peek(q) != Some(')') {
                        return err("expected make_swizzle<Y,Z>()", span);
                    }
                    end = q + 1;
                    let callee = Expr {
                        kind: ExprKind::Qualified("make_swizzle"),
                        span: Span::new(pos, name_end),
                    };
                    ExprKind::Call(self.alloc(callee), items)
                }
                _ => return err(format!("expected {name}<B,M,S> with three integers"), span),
            },
            Template::SmemPtr => match ints().as_deref() {
                Some([bits]) => {
                    check_smem_width(*bits, span)?;
                    ExprKind::SmemPtr(*bits)
                }
                _ => return err(format!("expected {name}<N> with one integer"), span),
            },
            Template::Basis | Template::ScaledBasis => {
                let Some(v) = ints() else {
                    return err(format!("expected {name}<…> with integers"), span);
                };
                let (value, path) = match (t, v.split_first()) {
                    (Template::Basis, _) => (1, &v[..]),
                    (_, Some((value, path))) => (*value, path),
                    (_, None) => {
                        return err("expected ScaledBasis<_V, N…> with a value and modes", span);
                    }
                };
                if path.is_empty() {
                    ExprKind::Int(value)
                } else {
                    match crate::algebra::basis::Basis::from_path(path) {
                        Ok(b) => ExprKind::Scaled(value, b),
                        Err(e) => return err(e.to_string(), span),
                    }
                }
            }
            Template::Trait(..) => unreachable!("read above"),
            // `integer_sequence<T, Ints...>`: CuTe's integer_sequence is a tuple of
            // `integral_constant<T, I>`s (print: `(_0,_1,_2)`); the element type is read, not kept
            Template::Sequence { typed } => {
                let values = if typed { items.get(1..) } else { Some(items) };
                let Some(values) = values.filter(|_| !typed || items[0].kind.name().is_some())
                else {
                    return err(
                        format!("expected {name}<T, …> with an integer type first"),
                        span,
                    );
                };
                // the call `integer_sequence(T, I…)`: T first (`index_sequence`: size_t)
                let element = if typed {
                    items[0]
                } else {
                    let ty = if name.ends_with("index_sequence") {
                        "size_t"
                    } else {
                        "int"
                    };
                    Expr {
                        kind: ExprKind::Name(ty),
                        span: Span::new(pos, name_end),
                    }
                };
                let mut v = BumpVec::with_capacity_in(values.len() + 1, self.arena);
                v.push(element);
                for item in values {
                    let Some(i) = fold_literal(item) else {
                        return err(
                            format!("expected {name}<…> with integers (its elements)"),
                            item.span,
                        );
                    };
                    v.push(Expr {
                        kind: ExprKind::Int(i),
                        span: item.span,
                    });
                }
                let callee = Expr {
                    kind: ExprKind::Qualified("integer_sequence"),
                    span: Span::new(pos, name_end),
                };
                ExprKind::Call(self.alloc(callee), v.into_bump_slice())
            }
            Template::Call(CONDITIONAL_TYPE) if items.len() != 3 => {
                return err(
                    format!("{name}<C, A, B> takes a condition and two types"),
                    span,
                );
            }
            Template::Call(f) => {
                // `Stride<int64_t, _1, int64_t>` (CUTLASS's `TagToStrideA_t`), `Shape<int,
                // int>`: a tuple type of run-time elements, as `tuple<int64_t, _1, int64_t>`
                // (constructed from values, or value-initialized: `StrideA{}` is `(0,_1,0)`)
                let f = if matches!(f, "make_shape" | "make_stride" | "make_coord" | "make_step")
                    && items.iter().any(|e| integral_type_name(e).is_some())
                {
                    "make_tuple"
                } else {
                    f
                };
                let callee = Expr {
                    kind: ExprKind::Qualified(f),
                    span: Span::new(pos, name_end),
                };
                let args: &'a [Expr<'a>] = if f == "gmma_atom" {
                    // `Layout_K_SW128_Atom<half_t>`: the atom's name, then its element type
                    let mut v = BumpVec::with_capacity_in(items.len() + 1, self.arena);
                    v.push(Expr {
                        kind: ExprKind::Qualified(name),
                        span: Span::new(pos, name_end),
                    });
                    v.extend_from_slice(items);
                    v.into_bump_slice()
                } else if name == "std::integral_constant" {
                    // `std::integral_constant<int, 43>`: CuTe's function, the class marked
                    let mut v = BumpVec::with_capacity_in(items.len() + 1, self.arena);
                    v.extend_from_slice(items);
                    v.push(Expr {
                        kind: ExprKind::Name("std"),
                        span: Span::new(pos, name_end),
                    });
                    v.into_bump_slice()
                } else {
                    items
                };
                ExprKind::Call(self.alloc(callee), args)
            }
        };
        Ok((
            end,
            Expr {
                kind,
                span: Span::new(pos, end),
            },
        ))
    }

    /// A typed pointer as CuTe prints it: `PREFIX[WIDTH](ADDRESS)` with WIDTH `Nb` or an
    /// element type's name and ADDRESS `(nil)`, `0x…`, `NAME`, `NAME+N`, `stack`. `None` where
    /// the text is not one (`smem_ptr[16b](unset)`, a GMMA atom's flag, is read apart).
    fn pointer(
        &mut self,
        pos: usize,
        prefix: &'a str,
        open: usize,
    ) -> Option<PResult<(usize, Expr<'a>)>> {
        let rest = self.rest(open);
        let close = open + rest.find(']')?;
        let width = self.src[open + 1..close].trim();
        let is_ident = |w: &str| {
            w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
        };
        let is_bits = width
            .strip_suffix('b')
            .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
        // a plain sparse_elem<S,T>* in cute's notation: `ptr[sparse_elem<2,half_t>](0x6)`
        let is_sparse_elem = width
            .strip_prefix("sparse_elem<")
            .and_then(|w| w.strip_suffix('>'))
            .and_then(|w| w.split_once(','))
            .is_some_and(|(s, t)| {
                !s.trim().is_empty()
                    && s.trim().bytes().all(|b| b.is_ascii_digit())
                    && is_ident(t.trim())
            });
        if !(is_bits || is_sparse_elem || is_ident(width)) || self.peek(close + 1) != Some('(') {
            return None;
        }
        // the address, to its matching ')': `(nil)` nests one level
        let lp = close + 1;
        let mut depth = 0usize;
        let mut rp = None;
        for (i, b) in self.src.as_bytes().iter().enumerate().skip(lp) {
            match b {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        rp = Some(i);
                        break;
                    }
                }
                b'\n' => break,
                _ => {}
            }
        }
        let Some(rp) = rp else {
            return Some(err(
                format!("expected ')' to close '(' at {}", place(self.src, lp, lp)),
                Span::new(lp, lp + 1),
            ));
        };
        let address = self.src[lp + 1..rp].trim();
        if address == "unset" {
            return None;
        }
        Some(Ok((
            rp + 1,
            Expr {
                kind: ExprKind::Pointer(prefix, width, address),
                span: Span::new(pos, rp + 1),
            },
        )))
    }

    fn smem_ptr(&mut self, pos: usize, open: usize) -> PResult<(usize, Expr<'a>)> {
        // smem_ptr[16b](unset)
        let rest = self.rest(open);
        let close = rest.find(']').map(|i| open + i);
        let Some(close) = close else {
            return err(
                format!(
                    "expected ']' to close '[' at {}",
                    place(self.src, open, open)
                ),
                Span::new(open, open + 1),
            );
        };
        let inner = self.src[open + 1..close].trim();
        let bits = inner.strip_suffix('b').and_then(|d| d.parse::<i64>().ok());
        let Some(bits) = bits else {
            return err(
                "expected smem_ptr[Nb] with N the element width in bits",
                Span::new(open, close + 1),
            );
        };
        check_smem_width(bits, Span::new(open, close + 1))?;
        let tail = "(unset)";
        let after = close + 1;
        let end = if self.rest(after).starts_with(tail) {
            after + tail.len()
        } else {
            after
        };
        Ok((
            end,
            Expr {
                kind: ExprKind::SmemPtr(bits),
                span: Span::new(pos, end),
            },
        ))
    }
}

/// A `smem_ptr` element width is one CuTe's pointers have ([`Offset::is_smem_width`]):
/// refused where it is read, not where it is first evaluated.
///
/// [`Offset::is_smem_width`]: crate::algebra::Offset::is_smem_width
fn check_smem_width(bits: i64, span: Span) -> PResult<()> {
    if crate::algebra::Offset::is_smem_width(bits) {
        return Ok(());
    }
    err(
        format!(
            "smem_ptr[{bits}b]: no element is {bits} bits wide (a shared-memory pointer's elements have 1, 2 or 4 bits, or a multiple of 8)"
        ),
        span,
    )
}

/// The template arguments of a name as `cute` spells them: blanks removed, CuTe's namespaces
/// dropped (`GMMA::Major::K` is `K`, `cute::uint128_t` is `uint128_t`).
fn normalize_template_args(args: &str) -> String {
    let compact: String = args.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = String::with_capacity(compact.len());
    for (i, part) in compact.split(',').enumerate() {
        if i > 0 {
            out.push(',');
        }
        let mut p = part;
        while let Some((head, tail)) = p.split_once("::") {
            if NAMESPACES.contains(&head) {
                p = tail;
            } else {
                break;
            }
        }
        out.push_str(p);
    }
    out
}

/// The value of an integer expression of literals alone (`3*5`, `(1 << 4)`, `-2`), as C++
/// computes it in 64 bits; `None` for anything else or where it overflows (the evaluator then
/// computes it and names the failure).
/// The type of a C++ literal that is not an `int` (`5u`, `5ul`, `true`): what `C<v>` keeps.
fn literal_type(text: &str) -> Option<&'static str> {
    let text = text.trim();
    if matches!(text, "true" | "false") {
        return Some("bool");
    }
    let digits = text.trim_end_matches(['u', 'U', 'l', 'L']);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let suffix = text[digits.len()..].to_ascii_lowercase();
    Some(match suffix.as_str() {
        "u" => "unsigned int",
        "l" => "long",
        "ul" | "lu" => "unsigned long",
        "ll" => "long long",
        "ull" | "llu" => "unsigned long long",
        _ => return None,
    })
}

/// Whether the integer literal at `pos` read as `v` is a `uint64_t`'s bits
/// (`18446744073709551615ull`, [`Parser::int_at`]): negative, though it starts with a digit.
fn is_u64_bits(src: &str, pos: usize, v: i64) -> bool {
    v < 0 && src.as_bytes().get(pos).is_some_and(u8::is_ascii_digit)
}

/// The C++ integer type a literal's suffix gives it, as a cast names it (`5u`: `unsigned`;
/// `5l`, `5ll`: `int64_t`; `5ul`, `5z`, `5u` past 32 bits: `uint64_t`); `None` without one.
fn suffixed_literal_type(text: &str, v: i64) -> Option<&'static str> {
    let digits = text.trim_end_matches(['u', 'U', 'l', 'L', 'z', 'Z']);
    let suffix = &text[digits.len()..];
    if suffix.is_empty() {
        return None;
    }
    let unsigned = suffix.contains(['u', 'U']);
    let long = suffix.contains(['l', 'L', 'z', 'Z']) || u32::try_from(v).is_err();
    Some(match (unsigned, long) {
        (true, false) => "unsigned",
        (true, true) => "uint64_t",
        (false, _) => "int64_t",
    })
}

fn fold_literal(e: &Expr) -> Option<i64> {
    match e.kind {
        ExprKind::Int(v) | ExprKind::DynInt(v) => Some(v),
        ExprKind::Group(inner) => fold_literal(inner),
        ExprKind::Unary(op, x) => {
            let x = fold_literal(x)?;
            match op {
                UnOp::Neg => x.checked_neg(),
                UnOp::Plus => Some(x),
                UnOp::BitNot => Some(!x),
                UnOp::Not => Some(i64::from(x == 0)),
                UnOp::Splat => None,
                UnOp::Deref => None,
            }
        }
        ExprKind::Binary(op, a, b) => {
            let (x, y) = (fold_literal(a)?, fold_literal(b)?);
            crate::algebra::arith::integer_op(op.symbol(), x, y).ok()
        }
        _ => None,
    }
}

/// The literal of the integer `v`, dynamic where `dynamic`.
fn int_kind<'a>(v: i64, dynamic: bool) -> ExprKind<'a> {
    if dynamic {
        ExprKind::DynInt(v)
    } else {
        ExprKind::Int(v)
    }
}

/// C++'s integer types a cast names (`int(x)`, `(int)x`, `static_cast<int>(x)`): their width
/// and signedness.
pub fn cpp_int_type(name: &str) -> Option<(u32, bool)> {
    Some(match name {
        "int" | "int32_t" | "signed" => (32, true),
        "unsigned" | "uint32_t" | "uint" => (32, false),
        "long" | "int64_t" | "ptrdiff_t" | "intptr_t" | "long long" => (64, true),
        "size_t" | "uint64_t" | "uintptr_t" => (64, false),
        "short" | "int16_t" => (16, true),
        "uint16_t" => (16, false),
        "int8_t" => (8, true),
        "uint8_t" => (8, false),
        _ => return None,
    })
}

/// The C++ integer type a declaration's type words name (`int `, `const size_t `,
/// `unsigned int `, `std::int64_t `): its width and signedness.
fn declared_int_type(words: &str) -> ast::DeclaredInt {
    match declared_int_words(words) {
        Some((bits, signed)) => ast::DeclaredInt::Int(bits, signed),
        None if words
            .split_whitespace()
            .filter(|w| !matches!(*w, "const" | "constexpr" | "static"))
            .eq(["auto"]) =>
        {
            ast::DeclaredInt::Auto
        }
        None => ast::DeclaredInt::Other,
    }
}

/// The width and signedness of the C++ integer type a declaration's type words name.
fn declared_int_words(words: &str) -> Option<(u32, bool)> {
    let words: Vec<&str> = words
        .split_whitespace()
        .map(|w| w.strip_prefix("std::").unwrap_or(w))
        .filter(|w| {
            !matches!(
                *w,
                "const" | "constexpr" | "static" | "volatile" | "register"
            )
        })
        .collect();
    let ty = match words[..] {
        [w] => w,
        ["unsigned", "int"] => "unsigned",
        ["signed" | "long", "int"] | ["long", "long"] => "long",
        _ => return None,
    };
    if ty == "signed" {
        return Some((32, true));
    }
    cpp_int_type(ty)
}

/// Whether a statement's text has a mark of C++ (see `Parser::is_cpp`).
/// Whether `src`'s only mark of C++ is a brace that opens a Python dict display (`{1: 2}`
/// after `(`, `,`, `=`, `:`, `[` or at the start, where C++'s brace construction `T{…}` has a
/// name): no `;`, no `::`.
fn python_dict_braces_only(src: &str) -> bool {
    let b = src.as_bytes();
    if memchr::memchr(b';', b).is_some() || scope_colons(b).next().is_some() {
        return false;
    }
    b.iter()
        .enumerate()
        .filter(|(_, c)| **c == b'{')
        .all(|(i, _)| {
            let before = src[..i].trim_end();
            before.is_empty() || before.ends_with(['(', ',', '=', ':', '['])
        })
}

/// Whether the `::` at `i` is C++'s scope operator, not Python's slice with a step left
/// out of its bounds (`t[::2]`, `t[1::-1]`, `t[::]`): one after `[`, or before neither a
/// name nor `~`, is a slice's.
fn scope_colons_at(b: &[u8], i: usize) -> bool {
    b.get(i..i + 2) == Some(b"::")
        && !(i > 0 && b[i - 1] == b'[')
        && b.get(i + 2)
            .is_some_and(|&c| c.is_ascii_alphabetic() || c == b'_' || c == b'~')
}

/// The places of C++'s `::` in `b` ([`scope_colons_at`]).
fn scope_colons(b: &[u8]) -> impl Iterator<Item = usize> + '_ {
    positions_of(b, b"::").filter(|&i| scope_colons_at(b, i))
}

fn cpp_markers(src: &str) -> bool {
    let b = src.as_bytes();
    if memchr::memchr2(b';', b'{', b).is_some() {
        return true;
    }
    // `::` outside the template arguments of a name (`recast_layout<cute::half_t, …>(…)`
    // stays the notation, as `upcast<2>(…)` does)
    // (the scan starts at the line's start: a `<` before the first `::` opens the template
    // arguments it may sit in)
    if scope_colons(b).next().is_some() {
        let mut depth = 0usize;
        for (i, &c) in b.iter().enumerate() {
            match c {
                b'<' if i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_') => {
                    depth += 1;
                }
                b'>' if depth > 0 => depth -= 1,
                b':' if depth == 0 && scope_colons_at(b, i) => return true,
                _ => {}
            }
        }
    }
    // `Int<…>`, `C<…>` as words (none without a '<')
    let word_before = |i: usize| i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
    if memchr::memchr(b'<', b).is_some() {
        for word in [&b"Int<"[..], b"C<"] {
            if positions_of(b, word).any(|i| !word_before(i)) {
                return true;
            }
        }
    }
    // a declaration: two words (or a word and `*`) before the first `=` (`auto x = …`,
    // `Tensor t = …`, `T* p = …`, `auto const x = …`)
    if let Some(eq) = memchr::memchr(b'=', b) {
        if b.get(eq + 1) == Some(&b'=') {
            return false;
        }
        let head = src[..eq].trim();
        let mut words = head
            .split(|c: char| c.is_whitespace() || c == '*' || c == '&')
            .filter(|w| !w.is_empty());
        let first = words.next();
        let ident = |w: &str| w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if let (Some(a), Some(_)) = (first, words.next()) {
            return ident(a)
                && head
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_ *&".contains(c));
        }
        if let Some(a) = first
            && head.contains('*')
        {
            return ident(a);
        }
    }
    false
}

/// Whether an expression is an integer or a tuple of IntTuple literals.
/// (A walk with a list of its own, not the stack's recursion: a literal nested 256 deep is
/// checked where the parser's recursion has left little stack.)
pub fn is_int_tuple_literal(e: &Expr) -> bool {
    let mut todo = vec![e];
    while let Some(e) = todo.pop() {
        match &e.kind {
            ExprKind::Int(_) | ExprKind::DynInt(_) | ExprKind::Scaled(..) => {}
            ExprKind::Tuple(v) | ExprKind::List(v) => todo.extend(v.iter()),
            _ => return false,
        }
    }
    true
}

/// The CuTe DSL 4.8.1's public modules under `cutlass`, `cutlass.cute` and `cutlass.cute.nvgpu`
/// (`pkgutil.walk_packages` of its `cutlass`).
const DSL_MODULES: &[&str] = &[
    "cutlass.base_dsl",
    "cutlass.block",
    "cutlass.compiler",
    "cutlass.cute",
    "cutlass.cutlass_dsl",
    "cutlass.experimental",
    "cutlass.impl_utils",
    "cutlass.jax",
    "cutlass.memory",
    "cutlass.pipeline",
    "cutlass.runtime",
    "cutlass.tensor_utils",
    "cutlass.testing",
    "cutlass.torch",
    "cutlass.utils",
    "cutlass.cute.algorithm",
    "cutlass.cute.arch",
    "cutlass.cute.atom",
    "cutlass.cute.core",
    "cutlass.cute.experimental",
    "cutlass.cute.export",
    "cutlass.cute.ffi",
    "cutlass.cute.launch_facts",
    "cutlass.cute.math",
    "cutlass.cute.metadata",
    "cutlass.cute.nvgpu",
    "cutlass.cute.runtime",
    "cutlass.cute.tensor",
    "cutlass.cute.testing",
    "cutlass.cute.tuple",
    "cutlass.cute.typing",
    "cutlass.cute.viz",
    "cutlass.cute.nvgpu.common",
    "cutlass.cute.nvgpu.cpasync",
    "cutlass.cute.nvgpu.helpers",
    "cutlass.cute.nvgpu.tcgen05",
    "cutlass.cute.nvgpu.warp",
    "cutlass.cute.nvgpu.warpgroup",
];

/// The first prefix of the module path `path` (`cutlass.cute.cuda`) that the CuTe DSL 4.8.1
/// lacks, where the path is under `cutlass` (`cutlass`, `cutlass.cute`, `cutlass.cute.nvgpu`
/// are checked; a private `_name`, a deeper module and any other package are not).
fn missing_dsl_module(path: &str) -> Option<&str> {
    let mut end = 0;
    for (depth, part) in path.split('.').enumerate() {
        end += part.len() + usize::from(depth > 0);
        let prefix = &path[..end];
        if depth == 0 {
            if part != "cutlass" {
                return None;
            }
            continue;
        }
        let parent = &path[..end - part.len() - 1];
        if part.starts_with('_')
            || !matches!(parent, "cutlass" | "cutlass.cute" | "cutlass.cute.nvgpu")
        {
            return None;
        }
        if !DSL_MODULES.contains(&prefix) {
            return Some(prefix);
        }
    }
    None
}

/// The integral type a template argument names (`int`, `int64_t`, `uint32_t`, `cute::int64_t`):
/// a tuple type's run-time element (`Stride<int64_t, _1, int64_t>`).
fn integral_type_name<'e>(e: &Expr<'e>) -> Option<&'e str> {
    let (ExprKind::Name(n) | ExprKind::Qualified(n)) = e.kind else {
        return None;
    };
    crate::algebra::element::ElemType::of_name(n)
        .and_then(|t| t.int_bits())
        .map(|_| n)
}
