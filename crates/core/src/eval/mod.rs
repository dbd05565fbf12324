//! Running statements: variables, operators, calls and fields over [`Value`]s.

pub mod array;
mod bit_field;
mod checks;
pub mod constant;
mod control;
mod convert;
mod device;
mod element_functions;
mod elements;
pub mod equality;
pub mod explain;
mod fake;
mod function;
pub mod functions;
pub mod host;
mod lazy;
pub mod methods;
pub mod nvgpu;
pub mod partition_statement;
pub mod plain;
mod printf;
pub mod storage;
pub mod structs;
mod traits;
pub(crate) mod tuple_functions;
mod value;

use std::collections::HashMap;

pub use value::{Value, check_value};

use crate::algebra::composition::Rule;
use crate::algebra::tensor::Origin;
use crate::algebra::trace::Laws;
use crate::algebra::{
    AlgebraError, ComposedLayout, IntTuple, Interrupt, Layout, Offset, Swizzle, TilerBuf,
    composition,
};
use crate::parser::{self, BinOp, Expr, ExprKind, ParseError, Span, Stmt, UnOp};
use convert::{to_coord, to_layout, to_tiler};

/// What kind of failure a statement met (the `kind` of a JSON error).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The text does not parse.
    Syntax,
    /// A name, a type of value or an argument is wrong.
    Value,
    /// A 64-bit integer overflowed, or a division by zero.
    Overflow,
    /// A precondition of the operation (CuTe's static_assert) does not hold.
    Condition,
    /// CuTe's result would break the operation's defining law: refused.
    Law,
    /// A limit on sizes, depth or time was reached (or Ctrl-C).
    Limit,
}

impl ErrorKind {
    /// The kind's name in JSON.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Syntax => "syntax",
            ErrorKind::Value => "value",
            ErrorKind::Overflow => "overflow",
            ErrorKind::Condition => "condition",
            ErrorKind::Law => "law",
            ErrorKind::Limit => "limit",
        }
    }
}

/// A failed statement: the message, the span it points at and the kind of failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError {
    /// What went wrong, naming the violated condition.
    pub message: String,
    /// The offending part of the input.
    pub span: Span,
    /// What kind of failure it is.
    pub kind: ErrorKind,
}

impl EvalError {
    /// An error at a span.
    pub fn new(message: impl Into<String>, span: Span) -> EvalError {
        EvalError {
            message: message.into(),
            span,
            kind: ErrorKind::Value,
        }
    }

    /// An error of a given kind.
    pub fn of_kind(kind: ErrorKind, message: impl Into<String>, span: Span) -> EvalError {
        EvalError {
            kind,
            ..EvalError::new(message, span)
        }
    }

    /// A limit reached at a span.
    pub fn limit(message: impl Into<String>, span: Span) -> EvalError {
        EvalError {
            kind: ErrorKind::Limit,
            ..EvalError::new(message, span)
        }
    }

    /// An algebra failure at the span of the call that caused it.
    pub fn algebra(e: AlgebraError, span: Span) -> EvalError {
        let kind = match &e {
            AlgebraError::Overflow(_) | AlgebraError::DivisionByZero(_) => ErrorKind::Overflow,
            AlgebraError::Condition { .. } => ErrorKind::Condition,
            AlgebraError::LawViolated { .. } => ErrorKind::Law,
            AlgebraError::Limit(_) => ErrorKind::Limit,
        };
        EvalError {
            kind,
            ..EvalError::new(e.into_message(), span)
        }
    }
}

impl From<ParseError> for EvalError {
    fn from(e: ParseError) -> Self {
        let kind = if e.message.starts_with("nesting deeper")
            || e.message.contains("longer than the limit")
        {
            ErrorKind::Limit
        } else if e.message.contains("overflow") {
            ErrorKind::Overflow
        } else {
            ErrorKind::Syntax
        };
        EvalError {
            kind,
            ..EvalError::new(e.message, e.span)
        }
    }
}

/// CuTe's answer breaks the law of the function the user called (SPEC §3): the answer
/// stands, and this says which law fails where. A statement's warnings are taken with
/// [`Env::take_warnings`] after it ran; under [`Env::set_strict`] they are its error instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The violated law, with a counterexample (`composition: CuTe's result … is not A o B:
    /// at i = 2, …`).
    pub message: String,
    /// The call whose result breaks it.
    pub span: Span,
}

/// What a statement produced.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// An expression's value, to print.
    Value(Value),
    /// A picture of a value (`print_layout(x)`, `print_latex(x)`), to draw.
    Picture(parser::Picture, Value),
    /// A line of text a printing statement made (`cute.printf("… {} …", x)`, `print("…", x)`):
    /// its pieces in order, the values for the front end to print (`plain::text_line`).
    Text(Vec<TextPart>),
    /// CuTe's `print(x);`: the value, which CuTe prints without a newline (`--format cute`
    /// writes it so; the other formats end it with a line, as every answer).
    Printed(Value),
    /// What C's `printf(FORMAT, …)` writes, exactly (its newlines are the format's).
    Written(String),
    /// What a control statement's bodies gave (`for`, `if`), in order: values, printed
    /// values, lines, text and pictures (bindings and blank statements leave nothing).
    Sequence(Vec<Outcome>),
    /// A googletest check (`EXPECT_*`, `ASSERT_*`) that failed inside a body (a loop's, a
    /// block's, a function's): googletest records the failure and goes on (`ASSERT_*` leaves
    /// the function it is in), so the front end reports it as an error where it stands among
    /// what the statement printed, the statement failing, and prints the rest. A failed check
    /// that is a statement of its own is the statement's error.
    Failed(EvalError),
    /// A variable was bound.
    Assigned,
    /// A blank line or a comment.
    Nothing,
}

/// A piece of a printed line: text as written, or a value printed in its place.
#[derive(Clone, Debug, PartialEq)]
pub enum TextPart {
    /// Text as written (a string literal, the separator between `print`'s items).
    Str(String),
    /// A value, printed in the plain notation.
    Value(Value),
    /// A value of the CuTe DSL's `cute.printf("… {} …", x)`, printed as the DSL prints it at
    /// run time: its integers' values, neither static (`_8`) nor run-time (`8?`) marked (`8`,
    /// `(2,4):(1,2)`), a truth value `1` or `0` (`plain::write_printf_value`).
    Printf(Value),
    /// A value of Python's `print` in CuTe DSL text, printed as the DSL prints it at trace
    /// time: static integers as they are, run-time ones `?`, Python's tuples as Python writes
    /// them (`(3, 8)`), a truth value `True` (`plain::write_traced_value`).
    Traced(Value),
    /// Pieces printed one after another (a Python f-string's text and fields).
    Pieces(Vec<TextPart>),
    /// A `cute.printf` line's pieces: what a jit function prints as it runs, after what it
    /// prints as the DSL traces it (`function.rs`).
    RunTime(Vec<TextPart>),
}

/// Where an f-string's field that starts at `from` (past its `{`) ends: past its closing `}`,
/// the brackets and strings inside it skipped (`{f(a, {1: 2})}`, `{d["}"]}`).
fn field_end(text: &str, from: usize) -> usize {
    let b = text.as_bytes();
    let (mut depth, mut i) = (0usize, from);
    while i < b.len() {
        match b[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b'}' if depth == 0 => return i + 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            q @ (b'"' | b'\'') => {
                i += 1;
                while i < b.len() && b[i] != q {
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// How the variables' names are hashed: foldhash (the hash hashbrown itself defaults to), seeded
/// per process. Names are short, so SipHash (the standard map's) would cost every lookup for
/// nothing; a multiply-rotate hash of whole words (FxHash's step, used here before) is
/// degenerate on names that differ only in their last bytes (`x0000000` … `x0399999`: the
/// differing high bits never reach the bucket index), which made 400,000 such assignments
/// quadratic (issue 41, item 3). Nothing depends on the order: what lists names sorts them.
/// (Function names are found through their own index, `functions::lookup_bytes`.)
pub type NameHasher = foldhash::fast::RandomState;

/// A Python class's fields: each name and its default's text.
type ClassFields = Vec<(String, Option<String>)>;

/// The variables of a session.
#[derive(Debug, Default)]
pub struct Env {
    /// Each value behind an `Arc`: a lambda's call copies the session (its own scope), and a
    /// wide value bound in it is shared, not copied, at each of the statement's calls.
    vars: HashMap<String, std::sync::Arc<Value>, NameHasher>,
    /// `ans`, bound by every statement with a value: kept apart from the named variables, so
    /// that binding it hashes nothing and a session of plain statements has no named variable.
    ans: Option<std::sync::Arc<Value>>,
    /// The (items, integers) of a Python list a name holds, as its last `append`/`extend`
    /// counted them: the next one checks the limit on values without a walk of the whole list
    /// (a loop of appends ran in quadratic time). Forgotten when the name is bound again.
    list_sizes: HashMap<String, (usize, usize), NameHasher>,
    /// Where each statement's syntax tree is built; reset (its memory kept) for the next one.
    arena: bumpalo::Bump,
    /// How many times `ans` was bound (so a caller can tell whether a statement set it).
    ans_bound: u64,
    /// Ctrl-C, handed in by the front end ([`Env::set_interrupt`]): polled by every node of a
    /// long expression and by the checks of `explain --verify`.
    interrupt: Interrupt,
    /// `--strict` (`:strict` in the REPL): a result that breaks its law is an error, not a
    /// warning.
    strict: bool,
    /// The warnings of the statement being run (or last run): the laws CuTe's answers broke.
    warnings: std::cell::RefCell<Vec<Warning>>,
    /// The variables whose names meant something else (a function, an element type …): what,
    /// and where each was bound.
    shadows: HashMap<String, Shadow, NameHasher>,
    /// The line of the statement being run, as the front end numbers it ([`Env::set_line`]);
    /// 0 when it did not say.
    line: usize,
    /// Whether the statement being run is CuTe DSL text ([`parser::is_dsl_text`]): its calls
    /// of functions the DSL answers otherwise take the DSL's form ([`functions::Dsl`]).
    dsl: bool,
    /// Whether every statement is read as CuTe DSL text ([`Env::set_dsl_session`]).
    dsl_session: bool,
    /// Whether the statement being run is C++ text ([`parser::is_cpp_text`]): its integers are
    /// C++'s (`_65536{} * _65536{}` an `int` overflow, where the notation's static integers are
    /// 64-bit), in a session that has seen DSL text too (where a Python line's
    /// `cutlass.Int32` wraps).
    cpp_text: bool,
    /// Whether a statement of this session was CuTe DSL text (`import cutlass.cute as cute`,
    /// a `cute.` call): from then on Python's `print(x)` prints as the DSL prints it.
    dsl_seen: bool,
    /// Whether the statements run are a jit function's body, which the DSL traces (a Python
    /// `if`'s both branches: [`crate::parser::Branch::traced`]).
    tracing: bool,
    /// The names a traced `if`'s branch bound first and the `if` then unbound (the DSL's
    /// NameError where one is used after it; `control.rs`).
    staged: HashMap<String, Staged, NameHasher>,
    /// The variables declared as storage (`float A[8];`, `array_aligned<T, N> s;`): bound to
    /// the pointer to their first element; what each is.
    arrays: HashMap<String, parser::Storage<'static>, NameHasher>,
    /// The variables declared `constexpr` (`constexpr int N = 4;`): constant expressions where
    /// C++ asks one (`static_assert`, `if constexpr`), whatever their kind.
    constexprs: std::collections::HashSet<String, NameHasher>,
    /// The variables declared `const` (`tuple_type const pt{42};`): CuTe's `get` of one
    /// reads its element as `T const&` (`decltype(get<I>(pt))`, traits.rs).
    consts: std::collections::HashSet<String, NameHasher>,
    /// The variables declared `decltype(auto) x = get<I>(t);`: the reference kind of their
    /// type (`&`, `const&`, `&&`; `""` of a value), which `decltype(x)` has (traits.rs).
    ref_kinds: HashMap<String, &'static str, NameHasher>,
    /// The lambdas bound to names (`auto f = [&](auto x){ …; return EXPR; };`), called by
    /// name (`function.rs`).
    lambdas: HashMap<String, function::Routine, NameHasher>,
    /// The user's functions (`template <class L> void f(L const& l) { … }`), each name's
    /// overloads (`function.rs`).
    functions: HashMap<String, Vec<function::Routine>, NameHasher>,
    /// How many function and lambda calls the statement being evaluated is inside (bounded by
    /// [`crate::limits::MAX_CALL_DEPTH`]).
    lambda_depth: usize,
    /// How many default arguments the statement is evaluating inside one another (`void
    /// g(int n = g())`: each call of `g()` evaluates its default where the call is, before its
    /// body's scope); counted with [`Env::lambda_depth`] against the limit.
    defaults_depth: std::cell::Cell<usize>,
    /// The calls the statement being run has made (bounded by [`crate::limits::MAX_CALLS`]).
    calls: std::cell::Cell<u64>,
    /// What the bodies of the calls of the statement being run printed, to go before what
    /// the statement prints.
    emitted: std::cell::RefCell<Vec<Outcome>>,
    /// The storage as a CuTe DSL jit function's call left it (its writes to a host array,
    /// `res.store(v)`, which Python's caller sees), taken by the statement after the call.
    written_back: std::cell::RefCell<Option<storage::Buffers>>,
    /// The names whose `from_dlpack` tensor a statement marked dynamic in place
    /// (`t.mark_layout_dynamic()`: the DSL's method changes `t` and returns it), rebound after
    /// the statement.
    marked: std::cell::RefCell<Vec<(String, Value)>>,
    /// Python's lists passed to a Python function that grew them (`def g(xs): xs.append(1)`):
    /// the caller's name and the list as the call left it, rebound (with the name's aliases)
    /// after the statement.
    grown_arguments: std::cell::RefCell<Vec<(String, Value)>>,
    /// The caller's names of the arguments of the Python function being called (a list passed
    /// by name is the caller's object), taken as the call binds its parameters.
    caller_names: std::cell::RefCell<Vec<Option<String>>>,
    /// In a Python function's body: the lists its caller passed by name, each the caller's
    /// name and the list object (followed as it grows), handed back after the call.
    argument_lists: Vec<(String, std::sync::Arc<Value>)>,
    /// Whether the last call of the user's function or lambda returned nothing.
    void_call: std::cell::Cell<bool>,
    /// The value of the `return` leaving the body being run (`Some(None)`: `return;`).
    returned: Option<Option<Value>>,
    /// The element values of the owning tensors and arrays ([`storage`]).
    buffers: storage::Buffers,
    /// Whether an `else` written as the next statement runs: the top-level `if` just run had
    /// no `else` and its condition was false (`control.rs`); `None` after any other statement.
    else_runs: Option<bool>,
    /// The structs of the program's own (`struct SharedStorage { … };`, `structs.rs`).
    structs: HashMap<String, structs::StructTemplate, NameHasher>,
    /// Inside a Python function's body: Python's `__qualname__` prefix of what it defines
    /// (`customized_layout.<locals>.`); empty at the top level.
    locals: String,
    /// The Python classes of fields the session defined (`class Vec3(NamedTuple):`): each
    /// name's fields and their defaults' texts.
    /// (`true` for a NamedTuple, `false` for a dataclass).
    classes: HashMap<String, (bool, ClassFields), NameHasher>,
    /// The names Python's imports bound to modules and classes under `cute.nvgpu` (`from
    /// cutlass.cute.nvgpu.warp import MmaF16BF16Op`, `import cutlass.cute.nvgpu.warp as w`):
    /// each name's path under it (`warp.MmaF16BF16Op`, `warp`).
    nvgpu_imports: HashMap<String, String, NameHasher>,
    /// The namespace of the program's own whose definition or function runs (`pt_test`,
    /// `a::b`; empty at file scope): a function or struct it defines is bound to `NS::NAME`,
    /// and a plain name is looked up in it first (`structs.rs`).
    namespace: String,
    /// The namespaces of the program's own named by `using namespace NS;`: a plain name is
    /// looked up in them too.
    using_namespaces: Vec<String>,
    /// The C++ integer types of the variables declared with one (`int b = …`: `I32`), whose
    /// arithmetic is that type's ([`storage::Scalar::arith`]: a signed overflow is an error,
    /// an unsigned result wraps).
    int_types: HashMap<String, storage::ElemType, NameHasher>,
    /// The variables of a `bit_field<…>` type (`BF bf{};`), whose assignments set the field
    /// ([`bit_field::BitField::set`]).
    bit_fields: HashMap<String, bit_field::BitField, NameHasher>,
}

/// A variable that shadows a name of CuTe's ([`shadowed_meaning`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shadow {
    /// What the name meant: `"the function"`, `"the element type"`, …
    pub meaning: &'static str,
    /// The line it was last bound on (0: not known).
    pub line: usize,
}

impl Clone for Env {
    fn clone(&self) -> Env {
        Env {
            vars: self.vars.clone(),
            ans: self.ans.clone(),
            list_sizes: self.list_sizes.clone(),
            arena: bumpalo::Bump::new(),
            ans_bound: self.ans_bound,
            interrupt: self.interrupt.clone(),
            strict: self.strict,
            warnings: std::cell::RefCell::new(Vec::new()),
            shadows: self.shadows.clone(),
            line: self.line,
            dsl: self.dsl,
            dsl_session: self.dsl_session,
            cpp_text: self.cpp_text,
            dsl_seen: self.dsl_seen,
            tracing: self.tracing,
            staged: self.staged.clone(),
            arrays: self.arrays.clone(),
            constexprs: self.constexprs.clone(),
            consts: self.consts.clone(),
            ref_kinds: self.ref_kinds.clone(),
            lambdas: self.lambdas.clone(),
            functions: self.functions.clone(),
            lambda_depth: self.lambda_depth,
            defaults_depth: self.defaults_depth.clone(),
            calls: self.calls.clone(),
            emitted: std::cell::RefCell::new(Vec::new()),
            written_back: std::cell::RefCell::new(None),
            marked: std::cell::RefCell::new(Vec::new()),
            grown_arguments: std::cell::RefCell::new(Vec::new()),
            caller_names: std::cell::RefCell::new(Vec::new()),
            argument_lists: Vec::new(),
            void_call: std::cell::Cell::new(false),
            returned: None,
            buffers: self.buffers.clone(),
            else_runs: self.else_runs,
            structs: self.structs.clone(),
            locals: self.locals.clone(),
            classes: self.classes.clone(),
            nvgpu_imports: self.nvgpu_imports.clone(),
            namespace: self.namespace.clone(),
            using_namespaces: self.using_namespaces.clone(),
            int_types: self.int_types.clone(),
            bit_fields: self.bit_fields.clone(),
        }
    }
}

impl Env {
    /// An empty session.
    pub fn new() -> Env {
        Env::default()
    }

    /// Hand in the flag Ctrl-C raises (the REPL's); a new session has none.
    pub fn set_interrupt(&mut self, interrupt: Interrupt) {
        self.interrupt = interrupt;
    }

    /// Read every statement as CuTe DSL text: its calls answer as the DSL's do where the DSL
    /// differs from C++ ([`functions::Dsl`]). The Python package's session, whose every call
    /// is the DSL's API.
    pub fn set_dsl_session(&mut self, on: bool) {
        self.dsl_session = on;
    }

    /// Number the statements run next: a binding made there says so in the messages about the
    /// name it shadows ("bound at line 3").
    pub fn set_line(&mut self, line: usize) {
        self.line = line;
    }

    /// Whether a variable was declared `const` (or `constexpr`).
    pub(super) fn is_const_var(&self, name: &str) -> bool {
        self.consts.contains(name) && self.vars.contains_key(name)
    }

    /// Whether a variable was declared `constexpr` (a constant expression, as C++ has it).
    fn is_constexpr(&self, name: &str) -> bool {
        self.constexprs.contains(name) && self.vars.contains_key(name)
    }

    /// What a variable shadows, if its name meant something in CuTe or the languages.
    pub fn shadowed(&self, name: &str) -> Option<Shadow> {
        self.shadows.get(name).copied()
    }

    /// Whether any variable shadows a name of CuTe's (then a statement's value may depend on
    /// the session even where it names only functions).
    #[inline]
    pub fn shadows_any(&self) -> bool {
        !self.shadows.is_empty()
    }

    /// Whether the statement being run computes its integers as the DSL does: DSL text, or a
    /// Python line of a session that has seen DSL text (not C++ text there:
    /// [`parser::is_cpp_text`]).
    /// The path under `cute.nvgpu` a name is ([`nvgpu::path_of`]), its first part a name an
    /// import bound ([`Env::nvgpu_imports`]: `MmaF16BF16Op` after `from
    /// cutlass.cute.nvgpu.warp import MmaF16BF16Op`, `w.MmaF16BF16Op` after `import
    /// cutlass.cute.nvgpu.warp as w`).
    fn nvgpu_path<'n>(&self, n: &'n str) -> Option<std::borrow::Cow<'n, str>> {
        if let Some(path) = nvgpu::path_of(n) {
            return Some(std::borrow::Cow::Borrowed(path));
        }
        if self.nvgpu_imports.is_empty() {
            return None;
        }
        let (head, rest) = n.split_once('.').map_or((n, ""), |(h, r)| (h, r));
        let module = self.nvgpu_imports.get(head)?;
        Some(std::borrow::Cow::Owned(match (module.as_str(), rest) {
            (m, "") => m.to_string(),
            ("", r) => r.to_string(),
            (m, r) => format!("{m}.{r}"),
        }))
    }

    /// The path under `cute.nvgpu` a call's callee names ([`Env::nvgpu_path`]), where no
    /// variable is its first part: `cute.nvgpu.warp.MmaF16BF16Op`, `warp.MmaF16BF16Op`, and
    /// `w.MmaF16BF16Op` (a field of a name an import bound).
    fn nvgpu_callee(&self, callee: &Expr) -> Option<String> {
        if let Some(n) = self.called_function(callee)
            && let Some(path) = self.nvgpu_path(n)
            && (matches!(callee.kind, ExprKind::Qualified(_))
                || !self.is_bound(n.split('.').next().unwrap_or(n)))
        {
            return Some(path.into_owned());
        }
        if self.nvgpu_imports.is_empty() {
            return None;
        }
        // `w.X.Y`: the fields' names after the imported name's path
        let mut fields = Vec::new();
        let mut e = callee;
        while let ExprKind::Field(base, name) = e.kind {
            fields.push(name);
            e = base;
        }
        let ExprKind::Name(head) = e.kind else {
            return None;
        };
        if fields.is_empty() || self.is_bound(head) {
            return None;
        }
        let mut path = self.nvgpu_imports.get(head)?.clone();
        for name in fields.iter().rev() {
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(name);
        }
        Some(path)
    }

    pub(super) fn dsl_statement(&self) -> bool {
        self.dsl || (self.dsl_seen && !self.cpp_text)
    }

    /// Whether a statement of this session was CuTe DSL text: from then on its lines are read
    /// as Python (`(4)` is 4, `2 ** 3` a power), so a line's value may depend on the session
    /// even where it names only functions.
    #[inline]
    pub fn dsl_seen(&self) -> bool {
        self.dsl_seen
    }

    /// An error met applying a variable that shadows a function (or another of CuTe's names)
    /// to arguments: it says that the name is the variable here.
    fn shadow_note(&self, callee: &Expr, mut e: EvalError) -> EvalError {
        if let ExprKind::Name(n) = callee.kind
            && let Some(s) = self.shadowed(n)
        {
            let at = if s.line > 0 {
                format!(" (bound at line {})", s.line)
            } else {
                String::new()
            };
            let hint = if s.meaning == "the function" {
                format!(" (cute::{n} or cute.{n} calls it)")
            } else {
                String::new()
            };
            e.message = format!(
                "'{n}' is a variable here{at}, not {}{hint}: {}",
                s.meaning, e.message
            );
        }
        e
    }

    /// The session's Ctrl-C flag.
    pub fn interrupt(&self) -> &Interrupt {
        &self.interrupt
    }

    /// `--strict` on or off: where CuTe's answer breaks the law of the function called, the
    /// statement fails (today's error) instead of warning (SPEC §3).
    pub fn set_strict(&mut self, strict: bool) {
        self.strict = strict;
    }

    /// Whether the session is strict ([`Env::set_strict`]).
    pub fn strict(&self) -> bool {
        self.strict
    }

    /// Whether the last statement run left warnings ([`Env::take_warnings`]): a test of the
    /// list's length, for a front end that takes them only where there are some (no `Vec`
    /// made and dropped after each statement).
    #[inline]
    pub fn has_warnings(&mut self) -> bool {
        !self.warnings.get_mut().is_empty()
    }

    /// The warnings of the last statement run (each once: taking them empties the list). A
    /// front end prints them after the statement's value.
    /// Inline: where there are none (as after most statements), the caller's test of the list
    /// taken is answered here, with nothing moved.
    #[inline]
    pub fn take_warnings(&mut self) -> Vec<Warning> {
        let warnings = self.warnings.get_mut();
        if warnings.is_empty() {
            return Vec::new();
        }
        std::mem::take(warnings)
    }

    /// A warning of the statement at `span` (under `--strict` its error): CuTe's answer
    /// stands where a condition CuTe or CUTLASS asserts only in a build without NDEBUG fails.
    pub(crate) fn warn(&self, message: String, span: Span) -> Result<(), EvalError> {
        if self.strict {
            return Err(EvalError::new(message, span));
        }
        self.warnings.borrow_mut().push(Warning { message, span });
        Ok(())
    }

    /// The laws broken by the result of a call of `f` the user wrote (at `span`): warnings,
    /// or under `--strict` the call's error.
    fn laws_broken(
        &self,
        f: &functions::Function,
        violations: Vec<AlgebraError>,
        span: Span,
    ) -> Result<(), EvalError> {
        for v in violations {
            let e = EvalError::algebra(v.within(f.name), span);
            if self.strict {
                return Err(e);
            }
            self.warnings.borrow_mut().push(Warning {
                message: e.message,
                span,
            });
        }
        Ok(())
    }

    /// Bind a variable.
    pub fn set(&mut self, name: &str, v: Value) {
        if name == "ans" {
            self.ans_bound += 1;
            self.ans = Some(std::sync::Arc::new(v));
            return;
        }
        if !self.list_sizes.is_empty() {
            self.list_sizes.remove(name);
        }
        match self.vars.get_mut(name) {
            Some(slot) => *slot = std::sync::Arc::new(v),
            None => {
                self.vars.insert(name.to_string(), std::sync::Arc::new(v));
            }
        }
    }

    /// How many times `ans` has been bound in this session.
    pub fn ans_bound(&self) -> u64 {
        self.ans_bound
    }

    /// `; did you mean 'size'?` for a name that is close to a function or a variable (nothing
    /// when none is).
    fn did_you_mean(&self, name: &str) -> String {
        // `ans` is not offered: whether it is bound yet depends on how the statements before it
        // were answered (`cute eval` binds it lazily), and the message must not
        let close = functions::closest(name, self.vars.keys().map(String::as_str));
        match close.as_slice() {
            [] => String::new(),
            [one] => format!("; did you mean '{one}'?"),
            many => format!(
                "; did you mean {}?",
                many.iter()
                    .map(|c| format!("'{c}'"))
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
        }
    }

    /// Look a variable up.
    pub fn get(&self, name: &str) -> Option<&Value> {
        if name == "ans" {
            self.ans.as_deref()
        } else {
            self.vars.get(name).map(|v| &**v)
        }
    }

    /// Whether a variable of this name is bound.
    fn is_bound(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// The variables, sorted by name.
    pub fn vars(&self) -> Vec<(&str, &Value)> {
        let mut v: Vec<_> = self.vars.iter().map(|(k, v)| (k.as_str(), &**v)).collect();
        v.extend(self.ans.as_deref().map(|a| ("ans", a)));
        v.sort_by(|a, b| a.0.cmp(b.0));
        v
    }

    /// Parse and run one statement.
    pub fn run(&mut self, src: &str) -> Result<Outcome, EvalError> {
        let mut value = None;
        let done = self.run_with(src, |v| value = Some(v.clone()))?;
        Ok(match (done, value) {
            (Outcome::Value(_), Some(v)) => Outcome::Value(v),
            (Outcome::Printed(_), Some(v)) => Outcome::Printed(v),
            (other, _) => other,
        })
    }

    /// Run one statement as [`Env::run`] does, but hand an expression's value to `on_value`
    /// by reference (before it becomes `ans`) instead of returning a copy of it. The outcome
    /// of an expression is then `Outcome::Value(Value::Under)`, a placeholder.
    pub fn run_with(
        &mut self,
        src: &str,
        on_value: impl FnOnce(&Value),
    ) -> Result<Outcome, EvalError> {
        self.warnings.get_mut().clear();
        let mut arena = std::mem::take(&mut self.arena);
        arena.reset();
        let outcome = self.run_in(src, &arena, on_value);
        self.arena = arena;
        outcome
    }

    fn run_in(
        &mut self,
        src: &str,
        arena: &bumpalo::Bump,
        on_value: impl FnOnce(&Value),
    ) -> Result<Outcome, EvalError> {
        // the `if` an `else` statement may follow is the statement just before it
        let else_runs = self.else_runs.take();
        // the commonest statements, a call on literals, without a syntax tree
        let mut on_value = Some(on_value);
        if let Some(outcome) =
            self.run_literal(src.as_bytes(), |v| on_value.take().expect("once")(v))
        {
            return outcome;
        }
        let on_value = on_value.expect("not called");
        // the calls of the user's functions this statement may make, its loops' included
        self.calls.set(0);
        // `from cutlass.cute import *`: the DSL's names bare, every statement after it the DSL's
        // (as the Python package's session, `set_dsl_session`)
        if parser::is_dsl_names_import(src) {
            self.dsl_session = true;
        }
        // `from cutlass.cute.nvgpu.warp import MmaF16BF16Op`: the names of what it imports
        if src.trim_start().starts_with(['f', 'i']) {
            for (name, module_path) in parser::python_imports(src) {
                if let Some(path) = nvgpu::imported_path(&module_path) {
                    self.nvgpu_imports.insert(name, path.to_string());
                }
            }
        }
        self.dsl = self.dsl_session || parser::is_dsl_text(src);
        self.dsl_seen |= self.dsl;
        self.cpp_text = !self.dsl && parser::is_cpp_text(src, self.dsl_session);
        // `q = a // b`, `n = 2 ** k` in a session of DSL text: Python's floor division (not a
        // comment) and power
        let python = (self.dsl_seen && parser::is_python_operator_text(src))
            .then(|| parser::parse_python_statement(src, arena).ok())
            .flatten();
        let read = |src, arena| {
            if self.dsl_seen {
                parser::parse_dsl_session_statement(src, arena)
            } else {
                parser::parse_statement(src, arena)
            }
        };
        let stmt = match python.map_or_else(|| read(src, arena), Ok) {
            // in a session of DSL text, `is_greater = a > b` is Python's comparison
            Err(e) if self.dsl_seen && parser::is_comparison_error(&e) => {
                parser::parse_python_statement(src, arena).map_err(|_| e)?
            }
            read => read?,
        };
        if let Stmt::Else(..) = stmt {
            return self.run_else(&stmt, else_runs);
        }
        match self.exec(&stmt, on_value) {
            // a check of its own that failed: the statement's error
            Ok(Outcome::Failed(e)) => Err(e),
            Ok(o) => Ok(o),
            // what its calls printed before the error (a jit function's `print`s, as the DSL
            // prints them before it raises), then the error; C++ that does not compile prints
            // nothing
            Err(e) => {
                let mut printed = self.take_emitted();
                if printed.is_empty() || !self.dsl_seen {
                    return Err(e);
                }
                printed.push(Outcome::Failed(e));
                Ok(Outcome::Sequence(printed))
            }
        }
    }

    /// A statement's value `v` answered as `shown` shows it (a value, or a `print`): after what
    /// the calls of the user's functions in it printed, or handed to `on_value`; bound to `ans`.
    fn answer(
        &mut self,
        v: Value,
        shown: fn(Value) -> Outcome,
        on_value: impl FnOnce(&Value),
    ) -> Outcome {
        let mut printed = self.take_emitted();
        if !printed.is_empty() {
            printed.push(shown(v.clone()));
            self.set("ans", v);
            return Outcome::Sequence(printed);
        }
        on_value(&v);
        self.set("ans", v);
        shown(Value::Under)
    }

    /// Run a statement read: an expression's value handed to `on_value` (and bound to `ans`);
    /// what the calls of the user's functions in it printed goes first.
    fn exec(&mut self, stmt: &Stmt, on_value: impl FnOnce(&Value)) -> Result<Outcome, EvalError> {
        // (on an error, what its calls printed is kept: the statement runner prints it first)
        let r = self.exec_one(stmt, on_value);
        // what a jit function's call wrote to memory (a host array's values)
        if let Some(b) = self.written_back.get_mut().take() {
            self.buffers = b;
        }
        // the caller's lists a Python function grew: one object, every name of it sees it
        for (name, grown) in std::mem::take(self.grown_arguments.get_mut()) {
            self.replace_list(&name, grown);
        }
        if r.is_ok() {
            for (name, v) in std::mem::take(self.marked.get_mut()) {
                self.bind(&name, v);
            }
        } else {
            self.marked.get_mut().clear();
        }
        r.map(|o| self.with_emitted(o))
    }

    fn exec_one(
        &mut self,
        stmt: &Stmt,
        on_value: impl FnOnce(&Value),
    ) -> Result<Outcome, EvalError> {
        match *stmt {
            Stmt::Function(def) => self.define_function(def),
            Stmt::Class(def) => self.define_class(def),
            Stmt::Struct(def) => self.define_struct(def),
            Stmt::Namespace(ns) => self.define_namespace(ns),
            Stmt::UsingDeclaration(name, span) => self.using_declaration(name, span),
            Stmt::UsingNamespace(name) => self.using_namespace(name),
            Stmt::Return(e, span) => self.exec_return(e.as_ref(), span),
            Stmt::Loop(_)
            | Stmt::RangeFor(_)
            | Stmt::If(_)
            | Stmt::Block(_)
            | Stmt::While(_)
            | Stmt::Switch(_)
            | Stmt::Jump(..)
            | Stmt::Else(..) => self.run_control(stmt),
            Stmt::Empty => Ok(Outcome::Nothing),
            Stmt::Assert {
                name,
                cond,
                ref rhs,
                message,
                expect,
                written,
            } => {
                let o = self.exec_assert(name, &cond, rhs.as_ref(), message, expect, written)?;
                // a failed `ASSERT_*` returns from the function it is in, as googletest's
                // does (at the top level, it ends the control statement it is in)
                if matches!(o, Outcome::Failed(_))
                    && name.starts_with("ASSERT_")
                    && self.lambda_depth > 0
                {
                    self.returned = Some(None);
                }
                Ok(o)
            }
            Stmt::Unpack { names, expr } => {
                let v = self.eval_checked(&expr)?;
                let Some(modes) = v.tuple_modes() else {
                    return Err(EvalError::new(
                        format!("unpacking takes a tuple, found {}", v.kind()),
                        expr.span,
                    ));
                };
                if modes.len() != names.len() {
                    return Err(EvalError::new(
                        format!("{} names for a tuple of {} modes", names.len(), modes.len()),
                        expr.span,
                    ));
                }
                for (&(name, span), m) in names.iter().zip(modes) {
                    if name != "_" {
                        bindable(name, span)?;
                        self.bind(name, m);
                    }
                }
                Ok(Outcome::Assigned)
            }
            Stmt::Assign {
                name,
                name_span,
                expr,
                constexpr,
                is_const,
                int_type,
            } => {
                bindable(name, name_span)?;
                // Python's `xs += ys` of a list: list.__iadd__, in place (as `xs.extend(ys)`,
                // every name of the list sees it grow); `xs = xs + ys` is a new list
                if (self.dsl || self.dsl_seen)
                    && expr.span.start == name_span.start
                    && let ExprKind::Binary(BinOp::Add, target, rhs) = expr.kind
                    && matches!(target.kind, ExprKind::Name(n) if n == name)
                    && let Some(Value::List(_)) = self.get(name)
                {
                    let rhs = match rhs.kind {
                        ExprKind::Group(inner) => inner,
                        _ => rhs,
                    };
                    self.grow_list(name, "extend", rhs, expr.span)?;
                    return Ok(Outcome::Assigned);
                }
                // `auto f = [&](auto x){ return EXPR; };`, Python's `f = lambda x: EXPR`: a
                // lambda, called by name
                if let ExprKind::Lambda(l) = expr.kind {
                    self.bind_lambda(name, l);
                    return Ok(Outcome::Assigned);
                }
                // Python's `g = f` of a function or lambda: `g` calls it
                if (self.dsl || self.dsl_seen)
                    && let Some(routine) = self.named_function(&expr)
                {
                    self.bind_routine(name, routine);
                    return Ok(Outcome::Assigned);
                }
                // the DSL's `c = cute.compile(f, …)` of the user's jit function
                if let ExprKind::Call(callee, [f, args @ ..]) = expr.kind
                    && self.called_function(callee) == Some("compile")
                    && let ExprKind::Name(function) = f.kind
                    && self.user_function(function)
                {
                    return self.compile_jit(name, function, args, expr.span);
                }
                // `decltype(auto) x = EXPR;`: EXPR's value, the variable of its value category
                if let ExprKind::Call(marker, [inner]) = expr.kind
                    && marker.kind == ExprKind::Qualified(parser::DECLTYPE_AUTO)
                {
                    let kind = self.get_category(inner).transpose()?;
                    let v = self.eval_checked(inner)?;
                    self.bind(name, v);
                    match kind {
                        // (`""`: a value, an empty element's)
                        Some(k) => _ = self.ref_kinds.insert(name.to_string(), k),
                        None => {
                            return Err(EvalError::new(
                                "'decltype(auto) NAME = EXPR' is modelled where EXPR is get<I>(t) of a tuple variable t (CuTe's get: its value category); of another expression cute does not know whether C++ makes NAME a reference",
                                expr.span,
                            ));
                        }
                    }
                    return Ok(Outcome::Assigned);
                }
                if let Some(v) = self.bit_field_assigned(name, int_type, &expr)? {
                    self.bind(name, v);
                    return Ok(Outcome::Assigned);
                }
                let (v, ty) = self.eval_checked_typed(&expr)?;
                if self.is_void_call(&expr) {
                    return Err(EvalError::new(
                        "the call returns nothing (void in CuTe): there is no value to bind",
                        expr.span,
                    ));
                }
                let v = self.typed_int_binding(name, int_type, v, ty, expr.span)?;
                let v = self.bind_numpy(v, expr.span)?;
                let v = self.own_storage(v, expr.span)?;
                let v = self.copy_of_owner(name, &expr, v, expr.span)?;
                // `auto b = a;` of CuTe's array (or a thrust::host_vector): a copy of its values
                let copied_array = match expr.kind {
                    ExprKind::Name(src) if !self.dsl => {
                        self.array_named(src).filter(|st| st.object).cloned()
                    }
                    _ => None,
                };
                let v = match (&copied_array, v) {
                    (Some(_), Value::Pointer(mut p)) => {
                        p.storage = self
                            .buffers
                            .duplicate(p.storage)
                            .map_err(|m| EvalError::limit(m, expr.span))?;
                        Value::Pointer(p)
                    }
                    (_, v) => v,
                };
                self.bind(name, v);
                // Python's `b = a` of a list: one list, two names (`b.append(…)` grows `a`)
                if let ExprKind::Name(src) = expr.kind
                    && src != name
                    && let Some(list) = self.vars.get(src)
                    && matches!(**list, Value::List(_))
                {
                    let shared = std::sync::Arc::clone(list);
                    self.vars.insert(name.to_string(), shared);
                }
                if let Some(kind) = copied_array {
                    self.arrays.insert(name.to_string(), kind);
                }
                if constexpr {
                    self.constexprs.insert(name.to_string());
                }
                if is_const {
                    self.consts.insert(name.to_string());
                }
                Ok(Outcome::Assigned)
            }
            Stmt::DeclarePointer {
                name,
                name_span,
                elem,
                elem_span,
                init,
                storage,
            } => {
                bindable(name, name_span)?;
                let v = match storage {
                    Some(storage) => {
                        let v = self.declared_storage(name, elem, elem_span, &storage)?;
                        self.array_storage(v, elem, &storage, name_span)?
                    }
                    None => self.declared_pointer(name, elem, elem_span, init.as_ref())?,
                };
                self.bind(name, v);
                if let Some(st) = storage {
                    // what the name is, without its size (which is checked and done with)
                    let kind = parser::Storage {
                        extent: None,
                        subbyte: st.subbyte,
                        object: st.object,
                        init: None,
                        fill: None,
                        thrust: st.thrust,
                    };
                    self.arrays.insert(name.to_string(), kind);
                }
                Ok(Outcome::Assigned)
            }
            Stmt::Print(parser::Printing::Format, args)
                if !self.dsl && printf::is_c_format(args) =>
            {
                self.printf(args).map(Outcome::Written)
            }
            // `std::cout << x << " " << std::endl;`: a string written as it is, `std::endl` a
            // newline, a value as CuTe's `print(x);` writes it (its `operator<<`)
            Stmt::Print(parser::Printing::Stream, items) => {
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    out.push(match item.kind {
                        ExprKind::Str(s) => Outcome::Written(unescape(s)),
                        _ if item.kind.name() == Some("std::endl") => {
                            Outcome::Written("\n".to_string())
                        }
                        _ => Outcome::Printed(self.eval_checked(item)?),
                    });
                }
                Ok(Outcome::Sequence(out))
            }
            // CuTe's `print("…");` of a string: written as it is, as `printf`
            Stmt::Print(parser::Printing::Written, [arg]) if let ExprKind::Str(s) = arg.kind => {
                Ok(Outcome::Written(unescape(s)))
            }
            // cute.printf's line is one piece: what a jit function prints as it runs
            // (function.rs prints it after what the function prints as the DSL traces it)
            Stmt::Print(how @ parser::Printing::Format, args) => self
                .print_line(how, args)
                .map(|line| Outcome::Text(vec![TextPart::RunTime(line)])),
            Stmt::Print(how, args) => self.print_line(how, args).map(Outcome::Text),
            Stmt::Picture(kind, e) => {
                let v = self.eval_checked(&e)?;
                Ok(Outcome::Picture(kind, v))
            }
            Stmt::Store { target, op, value } => self.store(&target, op, &value),
            // `print_tensor(T)`: the tensor, then its values
            Stmt::Expr(Expr {
                kind: ExprKind::Call(callee, [arg]),
                ..
            }) if self.called_function(callee) == Some("print_tensor")
                && !self.is_bound("print_tensor") =>
            {
                self.print_tensor(arg, false)
            }
            // the DSL's `cute.print_tensor(T, verbose=True)`: each element with its coordinate
            Stmt::Expr(Expr {
                kind: ExprKind::Call(callee, [arg, verbose]),
                ..
            }) if self.dsl
                && self.called_function(callee) == Some("print_tensor")
                && !self.is_bound("print_tensor")
                && let ExprKind::Keyword("verbose", v) = verbose.kind =>
            {
                let verbose = self.eval(v)?;
                self.print_tensor(arg, verbose == Value::Bool(true))
            }
            // `TC * C;` after `using TC = float;`: C++ reads a declaration of the pointer C
            Stmt::Expr(Expr {
                kind: ExprKind::Binary(BinOp::Product, ty, name),
                ..
            }) if let (ExprKind::Name(t), ExprKind::Name(n)) = (&ty.kind, &name.kind)
                && matches!(self.get(t), Some(Value::Name(_)))
                && !self.is_bound(n) =>
            {
                self.exec(
                    &Stmt::DeclarePointer {
                        name: n,
                        name_span: name.span,
                        elem: t,
                        elem_span: ty.span,
                        init: None,
                        storage: None,
                    },
                    on_value,
                )
            }
            // the DSL's `cute.compile(f, A…)(B…)`: `f` compiled with `A` (what it prints as it
            // is traced), the compiled function run with `B`
            Stmt::Expr(e)
                if let ExprKind::Call(callee, args) = e.kind
                    && let ExprKind::Call(compile, [f, compile_args @ ..]) = callee.kind
                    && self.called_function(compile) == Some("compile")
                    && let ExprKind::Name(function) = f.kind
                    && self.user_function(function) =>
            {
                // (a name no statement writes)
                const COMPILED: &str = "cute.compile(…)";
                self.compile_jit(COMPILED, function, compile_args, callee.span)?;
                let compiled = self.lambdas.remove(COMPILED).expect("bound by compile_jit");
                self.call_routine(&compiled, args, e.span, None)?;
                Ok(Outcome::Nothing)
            }
            // the DSL's `cute.compile(f, A…)` as a statement: `f` traced with `A` (what it
            // prints as it is traced), the compiled function not kept
            Stmt::Expr(e)
                if let ExprKind::Call(compile, [f, compile_args @ ..]) = e.kind
                    && self.called_function(compile) == Some("compile")
                    && let ExprKind::Name(function) = f.kind
                    && self.user_function(function) =>
            {
                // (a name no statement writes)
                const COMPILED: &str = "cute.compile(…)";
                self.compile_jit(COMPILED, function, compile_args, e.span)?;
                self.lambdas.remove(COMPILED);
                Ok(Outcome::Nothing)
            }
            Stmt::Expr(e) => {
                // `t.fill(v)`: the values written (elements.rs)
                if let Some(r) = self.fill_method(&e) {
                    return r;
                }
                // `t.store(v)` of a TensorSSA (host.rs)
                if let Some(r) = self.store_method(&e) {
                    return r;
                }
                // Python's `xs.append(v)`, `xs.extend(ys)` of a name bound to a list: it grows
                if let ExprKind::Call(callee, [arg]) = e.kind
                    && let ExprKind::Field(base, m @ ("append" | "extend")) = callee.kind
                    && let ExprKind::Name(n) = base.kind
                    && let Some(Value::List(_)) = self.get(n)
                {
                    return self.grow_list(n, m, arg, e.span);
                }
                // `c[0].append(v)` of a list held in a list: cute's lists are values of their
                // names (shared between names, `b = a`), not objects a container holds
                if self.dsl_statement()
                    && let ExprKind::Call(callee, [_]) = e.kind
                    && let ExprKind::Field(base, m @ ("append" | "extend")) = callee.kind
                    && !matches!(base.kind, ExprKind::Name(_))
                    && self.eval(base).is_ok_and(|v| v.tuple_modes().is_some())
                {
                    return Err(EvalError::new(
                        format!(
                            "Python's '.{m}' of a list held in a list, tuple or dict (c[0].{m}(…)) is not modelled: cute's lists are shared between names (b = a), not held as objects in another container"
                        ),
                        base.span,
                    ));
                }
                let v = self.eval_shown(&e)?;
                // a statement that calls a Python function of the program's own prints what
                // the function prints, not the value it returns (as a Python script)
                if (self.dsl || self.dsl_seen) && self.is_python_user_call(&e) {
                    return Ok(Outcome::Nothing);
                }
                // a call of CuTe's `void` algorithms (`copy`, `fill`, `gemm`, …): nothing
                // printed, the values written
                if self.is_void_call(&e) {
                    self.run_algorithm(&e)?;
                    return Ok(Outcome::Nothing);
                }
                // in DSL text, a Python float or bool echoed as Python's REPL echoes it (its
                // repr, what `print` shows: `max(int(1), float(2.0))` is `2.0`), and so is a
                // Python builtin's int (`max(int(3), float(2.0))` is `3`, not CuTe's `_3`), a
                // list
                if (self.dsl || self.dsl_seen)
                    && (is_python_float_or_bool(&v)
                        || matches!(v, Value::List(_))
                        || (self.is_python_int_builtin(&e)
                            && matches!(&v, Value::IntTuple(t) if t.is_int() && !t.is_dynamic())))
                {
                    let mut printed = self.take_emitted();
                    self.set("ans", v.clone());
                    printed.push(Outcome::Text(vec![TextPart::Traced(v)]));
                    return Ok(match printed.len() {
                        1 => printed.remove(0),
                        _ => Outcome::Sequence(printed),
                    });
                }
                constant::check_printable(&v, e.span)?;
                Ok(self.answer(v, Outcome::Value, on_value))
            }
            // Python's `print(x)` ends its line
            // (in the DSL, as Python's print prints it at trace time)
            Stmt::Show(e) if self.dsl || self.dsl_seen => {
                let v = self.eval_shown(&e)?;
                if let Some(text) = python_class_text(&v) {
                    return Ok(Outcome::Written(format!("{text}\n")));
                }
                // a NumPy array, as NumPy prints it (host.rs)
                if let Some(text) = self.numpy_print(&v, e.span) {
                    return text.map(|t| Outcome::Written(format!("{t}\n")));
                }
                Ok(Outcome::Text(vec![TextPart::Traced(v)]))
            }
            // `print(x)` where a `print` of the program's own is visible (inside its namespace,
            // after `using namespace NS;`): its own, as C++'s overload resolution prefers it
            Stmt::Show(e) if self.calls_user_function("print", std::slice::from_ref(&e)) => {
                self.call_user_function("print", std::slice::from_ref(&e), e.span)?;
                Ok(Outcome::Nothing)
            }
            Stmt::Show(e) => {
                let v = match e.kind {
                    // `print(hv)` of thrust's host_vector: no overload of print takes it
                    ExprKind::Name(n) if self.array_named(n).is_some_and(|st| st.thrust) => {
                        return Err(EvalError::new(
                            format!(
                                "no matching function for call to 'print(thrust::host_vector&)': CuTe's print (util/print.hpp) has no overload for thrust's host_vector, so CuTe does not compile it (print its elements, {n}[i], or a tensor over {n}.data())"
                            ),
                            e.span,
                        ));
                    }
                    // CuTe's `array<T, N> a;` printed: its values, as a tuple (`(1,2,3)`)
                    ExprKind::Name(n)
                        if self
                            .array_named(n)
                            .is_some_and(|st| st.object && !st.subbyte) =>
                    {
                        self.array_values(n, e.span)?
                    }
                    _ => self.eval_shown(&e)?,
                };
                constant::check_printable(&v, e.span)?;
                if let Value::Scalar(x) = &v
                    && x.ty.is_complex()
                {
                    return Err(EvalError::new(
                        format!(
                            "print of a {}: CuTe does not compile it (util/print.hpp has no print of cutlass::complex): print real(z) and imag(z)",
                            x.ty.name()
                        ),
                        e.span,
                    ));
                }
                Ok(self.answer(v, Outcome::Printed, on_value))
            }
        }
    }

    /// Whether `e` calls a function CuTe declares `void` (`copy`, `fill`, `gemm`, …).
    fn is_void_call(&self, e: &Expr) -> bool {
        if self.is_void_user_call(e) {
            return true;
        }
        let mut e = e;
        while let ExprKind::Group(inner) = e.kind {
            e = inner;
        }
        // `transform` of a tuple (tuple_algorithms.hpp's) returns the tuple it makes
        if let ExprKind::Call(callee, [first, ..]) = e.kind
            && self
                .called_function(callee)
                .map(|n| n.strip_prefix("cute::").unwrap_or(n))
                == Some("transform")
            && self
                .eval(first)
                .is_ok_and(|v| tuple_functions::is_tuple_operand(&v))
        {
            return false;
        }
        // (`cp_async_wait<0>()`: the function its template form calls)
        matches!(e.kind, ExprKind::Call(callee, _)
            if self.called_function(callee)
                .and_then(|n| functions::lookup(n)
                    .or_else(|| functions::templated(n).map(|t| t.inner)))
                .is_some_and(|f| f.void))
    }

    /// The values of CuTe's array `name` (`array<T, N> a;`, bound to its storage), each read
    /// (one never written is the error that says so).
    fn array_values(&self, name: &str, span: Span) -> Result<Value, EvalError> {
        let Some(Value::Pointer(p)) = self.get(name) else {
            return Err(EvalError::new(format!("'{name}' is no array"), span));
        };
        let n = self.buffers.len(p).unwrap_or(0);
        let mut items = Vec::new();
        for i in 0..n {
            let mut at = p.clone();
            at.offset += i;
            let x = self
                .buffers
                .read(&at)
                .map_err(|m| EvalError::new(m, span))?;
            items.push(Value::Scalar(Box::new(x)));
        }
        Ok(Value::Tuple(items))
    }

    /// The array a name declares (`float a[8];`, `array<float, 8> s;`) while the name is bound
    /// to its storage: a loop's counter or a parameter of the same name shadows it.
    fn array_named(&self, name: &str) -> Option<&parser::Storage<'static>> {
        self.arrays
            .get(name)
            .filter(|_| matches!(self.get(name), Some(Value::Pointer(_))))
    }

    /// Bind a variable the user named, recording what of CuTe's the name now shadows.
    fn bind(&mut self, name: &str, v: Value) {
        self.arrays.remove(name);
        if !self.constexprs.is_empty() {
            self.constexprs.remove(name);
        }
        if !self.consts.is_empty() {
            self.consts.remove(name);
        }
        if !self.ref_kinds.is_empty() {
            self.ref_kinds.remove(name);
        }
        self.lambdas.remove(name);
        // a name bound before was asked once what it shadows (a few lookups, no message
        // built for a name that shadows nothing: a binding in a loop's body asks at each pass)
        if let Some(shadow) = self.shadows.get_mut(name) {
            shadow.line = self.line;
        } else if !self.vars.contains_key(name)
            && let Some(meaning) = shadowed_meaning(name)
        {
            self.shadows.insert(
                name.to_string(),
                Shadow {
                    meaning,
                    line: self.line,
                },
            );
        }
        self.set(name, v);
    }

    /// The value of a declaration of storage (`float A[8]`, `__shared__ half_t smem[N]`,
    /// `array_aligned<T, N> s`): the pointer to its first element, named NAME, of T's width
    /// (CuTe's `subbyte_iterator` for `array_subbyte`); its size a positive integer.
    fn declared_storage(
        &self,
        name: &str,
        elem: &str,
        elem_span: Span,
        storage: &parser::Storage,
    ) -> Result<Value, EvalError> {
        use crate::algebra::pointer::{ElementWidth, MemSpace, Pointer, PtrBase};
        if let Some(extent) = &storage.extent {
            let v = self.eval_checked(extent)?;
            let found = match v.as_int() {
                Some(n) if n > 0 => None,
                Some(n) => Some(n.to_string()),
                None => Some(v.kind().to_string()),
            };
            if let Some(found) = found {
                return Err(EvalError::new(
                    format!("an array's size must be a positive integer, found {found}"),
                    extent.span,
                ));
            }
        }
        let ty = match self.get(elem) {
            Some(Value::Name(t)) => t.clone(),
            _ => elem.to_string(),
        };
        let p = Pointer::new(
            MemSpace::Raw,
            ElementWidth::of_type(&ty),
            PtrBase::Named(name.to_string()),
        )
        .map(|p| p.with_type_name(&ty))
        .and_then(|p| {
            if storage.subbyte {
                p.as_subbyte()
            } else {
                Ok(p)
            }
        })
        .map_err(|e| EvalError::algebra(e, elem_span))?;
        Ok(Value::Pointer(p))
    }

    /// The value of a pointer's declaration `T* NAME` (a pointer named NAME, of T's width or
    /// of the unknown type T) or `T* NAME = EXPR` (`nullptr`, or a pointer of T's width).
    fn declared_pointer(
        &self,
        name: &str,
        elem: &str,
        elem_span: Span,
        init: Option<&Expr>,
    ) -> Result<Value, EvalError> {
        use crate::algebra::pointer::{ElementWidth, MemSpace, Pointer, PtrBase};
        // `TA const* A` after `using TA = float;`: the element type the alias names
        let elem = match self.get(elem) {
            Some(Value::Name(t)) => t.as_str(),
            _ => elem,
        };
        let width = ElementWidth::of_type(elem);
        let at = |base| {
            Pointer::new(MemSpace::Raw, width.clone(), base)
                .map(|p| Value::Pointer(p.with_type_name(elem)))
                .map_err(|e| EvalError::algebra(e, elem_span))
        };
        let Some(init) = init else {
            return at(PtrBase::Named(name.to_string()));
        };
        if let ExprKind::Name(n @ ("nullptr" | "NULL")) = init.kind
            && !self.is_bound(n)
        {
            return at(PtrBase::Null);
        }
        match self.eval_checked(init)? {
            Value::Pointer(p) if p.width == width || elem == "auto" => Ok(Value::Pointer(p)),
            Value::Pointer(p) => Err(EvalError::new(
                format!(
                    "{elem}* {name} initialised with {p}, a pointer to elements of another width"
                ),
                init.span,
            )),
            other => Err(EvalError::new(
                format!(
                    "{elem}* {name} is initialised with a pointer (nullptr, make_gmem_ptr(...), T.data()), found {}",
                    other.kind()
                ),
                init.span,
            )),
        }
    }
    /// A list that a Python function's call grew, rebound to `name` and every name (and
    /// passed argument) of the same list object.
    fn replace_list(&mut self, name: &str, grown: Value) {
        let grown = std::sync::Arc::new(grown);
        let Some(old) = self.vars.get(name).map(std::sync::Arc::as_ptr) else {
            return;
        };
        let names: Vec<String> = self
            .vars
            .iter()
            .filter(|(_, v)| std::sync::Arc::as_ptr(v) == old)
            .map(|(m, _)| m.clone())
            .collect();
        for m in names {
            self.list_sizes.remove(&m);
            self.vars.insert(m, std::sync::Arc::clone(&grown));
        }
        for (_, list) in &mut self.argument_lists {
            if std::sync::Arc::as_ptr(list) == old {
                *list = std::sync::Arc::clone(&grown);
            }
        }
    }

    /// Python's `xs.append(v)`, `xs.extend(ys)` (and `xs += ys`, list.__iadd__) of a name
    /// bound to a list: it grows in place, seen through every name of the same list.
    fn grow_list(
        &mut self,
        n: &str,
        m: &str,
        arg: &Expr,
        span: Span,
    ) -> Result<Outcome, EvalError> {
        let Some(Value::List(xs)) = self.get(n) else {
            return Err(EvalError::new(format!("'{n}' is not a list"), span));
        };
        let len = xs.len();
        let before = self.vars.get(n).map(std::sync::Arc::as_ptr);
        // Python's list holds itself after `xs.append(xs)` (a cycle, printed
        // `[1, [...]]`); cute's lists are shared between names (`b = a`), never
        // held in themselves
        // the other names of the same list (Python's `b = a`): they see it grow
        let aliases: Vec<String> = match self.vars.get(n) {
            Some(list) if std::sync::Arc::strong_count(list) > 1 => self
                .vars
                .iter()
                .filter(|(m, other)| m.as_str() != n && std::sync::Arc::ptr_eq(other, list))
                .map(|(m, _)| m.clone())
                .collect(),
            _ => Vec::new(),
        };
        // (`xs.extend([xs])`, `xs += [xs]`: the display's items are appended)
        let holds_itself = |name: &str| match m {
            "append" => mentions_as_item(arg, name),
            _ => match &arg.kind {
                ExprKind::List(items) | ExprKind::Tuple(items) => {
                    items.iter().any(|i| mentions_as_item(i, name))
                }
                _ => false,
            },
        };
        if std::iter::once(n)
            .chain(aliases.iter().map(String::as_str))
            .any(holds_itself)
        {
            return Err(EvalError::new(
                format!(
                    "{n}.{m}: a list that holds itself is not modelled (a cycle: cute shares a list between its names, `b = a`, but holds no list in itself)"
                ),
                arg.span,
            ));
        }
        let v = self.eval(arg)?;
        let items = match (m, v) {
            ("append", v) => vec![v],
            (_, v) => v.tuple_modes().ok_or_else(|| {
                EvalError::new(
                    format!(
                        "TypeError: '{}' object is not iterable",
                        python_type_name(&v)
                    ),
                    arg.span,
                )
            })?,
        };
        // the list's integers as its last append counted them, or counted now
        let known = self.list_sizes.get(n).filter(|&&(l, _)| l == len);
        let leaves = match known {
            Some(&(_, leaves)) => leaves,
            None => self.get(n).map_or(0, value::width),
        };
        let new_len = len.saturating_add(items.len());
        let added = Value::List(items);
        let total = leaves.saturating_add(value::width(&added));
        if total > crate::limits::MAX_TUPLE_WIDTH {
            return Err(EvalError::limit(value::LimitError::TooWide(total), span));
        }
        if new_len > crate::limits::MAX_TUPLE_WIDTH {
            return Err(EvalError::limit(
                value::LimitError::ManyItems(new_len),
                span,
            ));
        }
        check_limits(&added, span)?;
        let Value::List(items) = added else {
            unreachable!("built as a list above")
        };
        // grown in place (copied only where a copy of the session shares it)
        if let Some(slot) = self.vars.get_mut(n)
            && let Value::List(xs) = std::sync::Arc::make_mut(slot)
        {
            xs.extend(items);
        }
        self.list_sizes.insert(n.to_string(), (new_len, total));
        if let Some(grown) = self.vars.get(n).cloned() {
            for m in aliases {
                self.list_sizes.insert(m.clone(), (new_len, total));
                self.vars.insert(m, std::sync::Arc::clone(&grown));
            }
            // a list the caller passed: the caller's, grown
            for (_, list) in &mut self.argument_lists {
                if Some(std::sync::Arc::as_ptr(list)) == before {
                    *list = std::sync::Arc::clone(&grown);
                }
            }
        }
        Ok(Outcome::Nothing)
    }

    /// The line of a printing statement: `cute.printf`'s format with each `{}` the next
    /// argument's value, or Python's `print` items separated by blanks. Values print in the
    /// one-line notation, which is how the DSL prints them at trace time.
    /// The pieces of a printing statement's line: `print`'s items with a blank between them,
    /// or `cute.printf`'s format with each `{}` replaced by the next value.
    fn print_line(&self, how: parser::Printing, args: &[Expr]) -> Result<Vec<TextPart>, EvalError> {
        let mut parts = Vec::with_capacity(args.len());
        for a in args {
            parts.push(match a.kind {
                ExprKind::Str(s) => TextPart::Str(unescape(s)),
                // Python's f-string: its fields as print prints them, the pieces one text
                ExprKind::FStr(template, fields) => {
                    TextPart::Pieces(self.f_string_pieces(template, fields)?)
                }
                // Python's `"… {} …".format(x, …)`: each `{}` a field in turn, as an
                // f-string's (a numbered or named field, `{0}`, `{x}`, is not modelled)
                ExprKind::Call(callee, fields)
                    if let ExprKind::Field(base, "format") = callee.kind
                        && let ExprKind::Str(template) = base.kind
                        && empty_fields(template) == Some(fields.len()) =>
                {
                    TextPart::Pieces(self.f_string_pieces(template, fields)?)
                }
                ExprKind::Call(callee, _)
                    if let ExprKind::Field(base, "format") = callee.kind
                        && let ExprKind::Str(_) = base.kind =>
                {
                    return Err(EvalError::new(
                        "str.format: only a template whose fields are all '{}', one argument each, is modelled (a numbered or named field, '{0}', '{x}', is not)",
                        a.span,
                    ));
                }
                // Python's print in DSL text: as the DSL prints it at trace time
                _ if how == parser::Printing::Items => {
                    let v = self.eval_shown(a)?;
                    if let Some(text) = python_class_text(&v) {
                        parts.push(TextPart::Str(text));
                        continue;
                    }
                    // a NumPy array, as NumPy prints it (host.rs)
                    match self.numpy_print(&v, a.span) {
                        Some(text) => TextPart::Str(text?),
                        None => TextPart::Traced(v),
                    }
                }
                _ => TextPart::Value(self.eval_shown(a)?),
            });
        }
        let mut line = Vec::with_capacity(2 * parts.len());
        match how {
            parser::Printing::Items | parser::Printing::Written | parser::Printing::Stream => {
                for (i, p) in parts.into_iter().enumerate() {
                    if i > 0 {
                        line.push(TextPart::Str(" ".to_string()));
                    }
                    line.push(p);
                }
            }
            parser::Printing::Format => {
                // dsl-oracle: `cute.printf(t.load())` fails the DSL's IR verification
                // ("'cute.print' op operand #0 must be variadic of Type interface for cute types
                // …, but got 'vector<6xf32>'"): a TensorSSA is printed by Python's print
                if let Some(k) = parts
                    .iter()
                    .position(|p| matches!(p, TextPart::Value(Value::Ssa(s)) if !s.numpy))
                {
                    return Err(EvalError::new(
                        "cute.printf of a TensorSSA: the CuTe DSL refuses it (its IR verification: cute.print takes CuTe's types, not a vector); print(x) prints it",
                        args[k].span,
                    ));
                }
                // an element of a TensorSSA never written: what its register holds at run time
                if let Some(k) = parts
                    .iter()
                    .position(|p| matches!(p, TextPart::Value(Value::Unknown(_))))
                {
                    return Err(EvalError::new(
                        "cute.printf of a value that is not known (a TensorSSA's element never written: the DSL prints what its register holds at run time); print(x) prints it ?",
                        args[k.min(args.len().saturating_sub(1))].span,
                    ));
                }
                // `cute.printf(x, y)` of values only: as `cute.printf("{}, {}", x, y)`
                // (core.py's printf: `fmt = "{}" + ", {}" * (len(args) - 1)`)
                let values_only = parts.iter().all(|p| matches!(p, TextPart::Value(_)));
                let count = parts.len();
                let mut parts = parts.into_iter();
                let format = match parts.next() {
                    Some(TextPart::Value(v)) if values_only => {
                        parts = std::iter::once(TextPart::Value(v))
                            .chain(parts)
                            .collect::<Vec<_>>()
                            .into_iter();
                        format!("{{}}{}", ", {}".repeat(count - 1))
                    }
                    Some(TextPart::Str(s)) => s,
                    Some(TextPart::Pieces(_) | TextPart::RunTime(_)) => {
                        return Err(EvalError::new(
                            "cute.printf's format is a plain string, not an f-string",
                            args[0].span,
                        ));
                    }
                    Some(TextPart::Value(v) | TextPart::Printf(v) | TextPart::Traced(v)) => {
                        return Err(EvalError::new(
                            format!("printf: the format is a string, not {}", v.kind()),
                            args[0].span,
                        ));
                    }
                    None => String::new(),
                };
                // The DSL hands the format to C's printf, each `{}` made the conversion of
                // the value of its number (the k-th `{}`, the k-th value's), and the values in
                // order to the format's `{}`s and `%` conversions alike: a `{}` after a `%`
                // conversion prints another value than its own (not modelled).
                let holes = format.matches("{}").count();
                let mut values = parts;
                let (mut text, mut taken, mut hole) = (String::new(), 0usize, 0usize);
                let mut chars = format.chars().peekable();
                let what = if format.contains('%') {
                    "'{}' and '%' conversions"
                } else {
                    "'{}'"
                };
                let too_few = || {
                    EvalError::new(
                        format!(
                            "printf: more {what} in the format than the {} value(s) after it",
                            args.len() - 1
                        ),
                        args[0].span,
                    )
                };
                while let Some(c) = chars.next() {
                    if c == '{' && chars.peek() == Some(&'}') {
                        chars.next();
                        if hole != taken {
                            return Err(EvalError::new(
                                "printf: a '{}' after a '%' conversion: the DSL gives the k-th '{}' the k-th value's conversion and C's printf the next value (not modelled; write every value with '{}', or every one with '%')",
                                args[0].span,
                            ));
                        }
                        line.push(TextPart::Str(std::mem::take(&mut text)));
                        let v = values.next().ok_or_else(too_few)?;
                        // the DSL's printf prints its values at run time (`8`, not `_8`), a
                        // tensor over memory with its elements
                        line.push(match v {
                            TextPart::Value(v) => match self.printf_tensor(&v) {
                                Some(text) => TextPart::Str(text.map_err(|m| {
                                    EvalError::new(format!("printf: {m}"), args[0].span)
                                })?),
                                None => TextPart::Printf(v),
                            },
                            s => s,
                        });
                        hole += 1;
                        taken += 1;
                        continue;
                    }
                    if c != '%' {
                        text.push(c);
                        continue;
                    }
                    if chars.peek().is_none() {
                        // a `%` that ends the format is written as it is
                        text.push('%');
                        continue;
                    }
                    let (spec, conv) =
                        printf::conversion(&mut chars).map_err(|e| e.at(args[0].span))?;
                    if conv == '%' {
                        text.push('%');
                        continue;
                    }
                    if conv == 's' {
                        return Err(EvalError::new(
                            "printf: '%s' in cute.printf is not modelled (the DSL's printf takes numbers, layouts and tensors: write the text into the format)",
                            args[0].span,
                        ));
                    }
                    let v = match values.next().ok_or_else(too_few)? {
                        TextPart::Value(v) => v,
                        _ => {
                            return Err(EvalError::new(
                                format!("printf: '%{conv}' takes a number, not a string"),
                                args[0].span,
                            ));
                        }
                    };
                    let at = args.get(taken + 1).map_or(args[0].span, |a| a.span);
                    printf::convert(&spec, conv, &v, &mut text)
                        .map_err(|e| EvalError::new(e, at))?;
                    taken += 1;
                }
                line.push(TextPart::Str(text));
                if values.next().is_some() {
                    let conversions = match taken - hole {
                        0 => String::new(),
                        n => format!(" and {n} '%' conversion(s)"),
                    };
                    return Err(EvalError::new(
                        format!(
                            "printf: {} value(s) for the {holes} '{{}}'{conversions} of the format",
                            args.len() - 1,
                        ),
                        args[0].span,
                    ));
                }
            }
        }
        Ok(line)
    }

    /// A Python f-string's pieces: its text with `{{`/`}}` as braces and each field's value
    /// as Python's print prints it in the DSL ([`TextPart::Traced`]).
    fn f_string_pieces(&self, template: &str, fields: &[Expr]) -> Result<Vec<TextPart>, EvalError> {
        let mut pieces = Vec::with_capacity(2 * fields.len() + 1);
        let mut fields = fields.iter();
        let mut text = String::new();
        let mut rest = template;
        while let Some(k) = rest.find(['{', '}']) {
            text.push_str(&rest[..k]);
            let brace = &rest[k..k + 1];
            if rest[k + 1..].starts_with(brace) {
                text.push_str(brace);
                rest = &rest[k + 2..];
                continue;
            }
            if brace == "}" {
                text.push('}');
                rest = &rest[k + 1..];
                continue;
            }
            // a field: its expression was read by the parser, up to its '}'
            let Some(field) = fields.next() else { break };
            pieces.push(TextPart::Str(unescape(&std::mem::take(&mut text))));
            pieces.push(TextPart::Traced(self.eval_checked(field)?));
            rest = &rest[field_end(rest, k + 1)..];
        }
        text.push_str(rest);
        pieces.push(TextPart::Str(unescape(&text)));
        Ok(pieces)
    }

    /// Run one statement as [`Env::run_with`] does if it is a call on literals that the
    /// syntactic shortcut reads ([`Env::literal_statement`]); `None` (and nothing done) if not.
    pub fn run_literal(
        &mut self,
        src: &[u8],
        on_value: impl FnOnce(&Value),
    ) -> Option<Result<Outcome, EvalError>> {
        self.warnings.get_mut().clear();
        // the value is taken out of where it was computed (`_` left there, dropped at once)
        let v = match self.literal_statement(src, |v| std::mem::replace(v, Value::Under))? {
            Ok(v) => v,
            Err(e) => return Some(Err(e)),
        };
        on_value(&v);
        self.set("ans", v);
        Some(Ok(Outcome::Value(Value::Under)))
    }

    /// [`Env::run_literal`] in a session whose `ans` nothing reads (answering ahead, where the
    /// caller keeps the statement's line instead): the value is shown to `on_value` and dropped
    /// where it was computed, and `ans` stays as it was. `Some(Ok(()))`: the statement had a
    /// value. (`&mut`: the last statement's warnings are cleared without the `RefCell`'s
    /// borrow, as [`Env::run_literal`] clears them.)
    pub fn answer_literal(
        &mut self,
        src: &[u8],
        on_value: impl FnOnce(&Value),
    ) -> Option<Result<(), EvalError>> {
        self.warnings.get_mut().clear();
        self.literal_statement(src, |v| on_value(v))
    }

    /// A statement read by the syntactic shortcut ([`parser::literal`]), evaluated as the
    /// general path evaluates its syntax tree: the same values, the same function (or layout
    /// application), the same spans, the same limits. `None` where the shortcut does not read
    /// the statement or the general path would take another turn (a variable of the function's
    /// name, a DSL form, a literal that fails its own checks): the statement then goes through
    /// the general path.
    /// The value is handed to `take` where it was computed, and dropped there after (`take`
    /// may take it out): a value moved out of a `Result` is copied (104 to 128 bytes) at each
    /// move, so it is checked and shown in place.
    fn literal_statement<R>(
        &self,
        src: &[u8],
        take: impl FnOnce(&mut Value) -> R,
    ) -> Option<Result<R, EvalError>> {
        use parser::literal::Callee;
        if self.interrupt.raised() {
            return None;
        }
        let mut args = LiteralArgs::default();
        let call = parser::literal::literal_call(src, &mut args)?;
        let n = args.spans.len();
        let spans = &args.spans[..];
        match call.callee {
            Callee::Name(name) => {
                let (name, f) = functions::lookup_bytes(name)?;
                // most sessions that answer calls on literals bind no variable but `ans`
                if (!self.vars.is_empty() || name == "ans") && self.is_bound(name) {
                    return None;
                }
                // in DSL text, Python's builtins that give a Python int are echoed as Python
                // echoes them (`min(4, 7)` is `4`): the general path's
                if (self.dsl_seen || self.dsl_session) && PYTHON_INT_BUILTINS.contains(&name) {
                    return None;
                }
                if (n == 2 && matches!(f.name, "size" | "cosize" | "rank" | "depth"))
                    || matches!(f.name, "get" | "select")
                {
                    return None;
                }
                // no stack to grow (as `eval` grows it for deep expressions): the literals are
                // nested at most `parser::literal::DEPTH` levels, and the algebra on them
                // recurses as deep as they are nested
                // a call on literals is never DSL text (`cute.` is no literal call's)
                let v = self.call_function_in(f, &args.vals, spans, call.span, false);
                Some(checked_take(v, call.span, take))
            }
            Callee::Layout => {
                // the layout was pushed first, its coordinate's values after it
                let arg_span = spans[0].to(spans[n - 1]);
                let mut vals = args.vals.into_iter();
                let target = vals.next().expect("the layout");
                let coord = if n == 1 {
                    vals.next().expect("one")
                } else {
                    Value::tuple(vals.collect())
                };
                let v = apply(&target, &coord, call.callee_span, arg_span, call.span);
                Some(checked_take(v, call.span, take))
            }
            // a statement that is a layout literal: its value, as the general path's
            // `ExprKind::Layout` makes it of the same literal (`Layout::new` of the tuples as
            // read, its limits checked at the statement's span); not in a session of DSL
            // text, where Python reads `S:D` otherwise (the general path says how)
            Callee::LayoutAlone => {
                if self.dsl_session || self.dsl_seen {
                    return None;
                }
                let v = args.vals.into_iter().next()?;
                Some(checked_take(Ok(v), call.span, take))
            }
        }
    }

    /// A value to show (a statement's, `print`'s): [`Env::eval_checked`]'s, where a copy
    /// operation's name is no value (it stands as a type, `using Op = UniversalCopy<…>;`, and
    /// CuTe prints no operation).
    fn eval_shown(&self, e: &Expr) -> Result<Value, EvalError> {
        let v = match self.eval_checked_typed(e)? {
            // a `size_t` past the signed 64-bit integers, shown as the number it is
            (Value::IntTuple(t), Some(ty @ storage::ElemType::U64))
                if let Some(n) = t.as_int()
                    && n < 0 =>
            {
                let number = storage::Number::Int(typed_value(n, Some(ty)));
                storage::Scalar::new(ty, number)
                    .map(|s| Value::Scalar(Box::new(s)))
                    .map_err(|m| EvalError::new(m, e.span))?
            }
            (v, _) => v,
        };
        if let Value::Name(n) = &v
            && let Some(m) = operation_as_value(n)
        {
            return Err(EvalError::new(m, e.span));
        }
        Ok(v)
    }

    /// Evaluate a statement's expression, its value within the limits: a call's or an
    /// operator's value was checked as it was computed ([`within_limits`]), any other here.
    fn eval_checked(&self, e: &Expr) -> Result<Value, EvalError> {
        let v = self.eval(e)?;
        if !matches!(e.kind, ExprKind::Call(..) | ExprKind::Binary(..)) {
            check_limits(&v, e.span)?;
        }
        Ok(v)
    }

    /// [`Env::eval_checked`] with the value's C++ integer type ([`Env::eval_typed`]).
    fn eval_checked_typed(
        &self,
        e: &Expr,
    ) -> Result<(Value, Option<storage::ElemType>), EvalError> {
        let (v, ty) = self.eval_typed(e)?;
        if !matches!(e.kind, ExprKind::Call(..) | ExprKind::Binary(..)) {
            check_limits(&v, e.span)?;
        }
        Ok((v, ty))
    }

    /// Evaluate an expression (the stack grows on demand for deep nesting).
    pub fn eval(&self, e: &Expr) -> Result<Value, EvalError> {
        // the red zone holds the deepest algebra on a value within the nesting limit (a clone
        // of a 256-level IntTuple takes ~200 KiB in a debug build); deep expressions (a chain
        // of 8,000 operators) continue on new 8 MiB segments
        stacker::maybe_grow(1024 * 1024, 8 * 1024 * 1024, || self.eval_inner(e))
    }

    fn eval_inner(&self, e: &Expr) -> Result<Value, EvalError> {
        // Ctrl-C in the REPL: every node of a long expression polls the flag
        if self.interrupt.raised() {
            return Err(EvalError::limit("interrupted (Ctrl-C)", e.span));
        }
        match &e.kind {
            ExprKind::Int(v) => Ok(Value::int(*v)),
            ExprKind::Float(v, single) => {
                elements::float_literal(*v, *single, self.dsl || self.dsl_seen, e.span)
            }
            // a C++ literal past `int` is a `long` (`4294967296`), as CuTe computes with it
            ExprKind::DynInt(v) if *v as i32 as i64 != *v => Ok(Value::IntTuple(IntTuple::of_int(
                crate::algebra::integer::Int::cpp_typed(*v, storage::ElemType::I64),
            ))),
            ExprKind::DynInt(v) => Ok(Value::IntTuple(IntTuple::int_of(*v, true))),
            ExprKind::Scaled(v, b) => Ok(Value::IntTuple(IntTuple::stride(
                crate::algebra::basis::Stride::new(*v, *b),
            ))),
            ExprKind::Underscore => Ok(Value::Under),
            // Python's list in DSL text: its values, held as a list (Python's `+`, `append`,
            // print and type() see one; the function table takes it as the tuple it holds)
            ExprKind::List(items) if self.dsl || self.dsl_seen => {
                let v = Value::List(self.tuple_items(items)?);
                check_limits(&v, e.span)?;
                Ok(v)
            }
            ExprKind::Tuple(items) | ExprKind::Tiler(items) | ExprKind::List(items) => {
                // (in DSL text, a Python list inside is held as a list)
                if items.iter().all(is_int_literal)
                    && !((self.dsl || self.dsl_seen) && items.iter().any(holds_list_display))
                {
                    let v = Value::IntTuple(items.iter().map(int_literal).collect());
                    // the limits only grow from a tuple to the tuples around it: when the whole
                    // passes, every part does (and on failure the general path names the part)
                    if value::check_value(&v).is_ok() {
                        return Ok(v);
                    }
                }
                let v = Value::tuple(self.tuple_items(items)?);
                check_limits(&v, e.span)?;
                Ok(v)
            }
            ExprKind::Group(inner) => self.eval(inner),
            ExprKind::Layout(s, d) => {
                let shape = convert::into_int_tuple(self.eval(s)?, s.span)?;
                let stride = convert::into_int_tuple(self.eval(d)?, d.span)?;
                Layout::new(shape, stride)
                    .map(Value::Layout)
                    .map_err(|err| EvalError::algebra(err, e.span))
            }
            ExprKind::Swizzle(b, m, s) => Swizzle::new(*b, *m, *s)
                .map(Value::Swizzle)
                .map_err(|err| EvalError::algebra(err, e.span)),
            ExprKind::SmemPtr(bits) => Ok(Value::Offset(Offset::SmemPtr(*bits))),
            // CuTe's swizzle_ptr as it prints, `Sw<3,4,3>_smem_ptr[16b]((nil))`: the pointer
            // it wraps, swizzled
            ExprKind::Pointer(prefix, width, address)
                if let Some((sw, inner)) = swizzle_ptr_prefix(prefix) =>
            {
                let sw = sw.map_err(|err| EvalError::algebra(err, e.span))?;
                let wrapped = Expr {
                    kind: ExprKind::Pointer(inner, width, address),
                    span: e.span,
                };
                match self.eval(&wrapped)? {
                    Value::Pointer(p) => p
                        .swizzled(sw)
                        .map(Value::Pointer)
                        .map_err(|err| EvalError::algebra(err, e.span)),
                    other => Ok(other),
                }
            }
            ExprKind::Pointer(prefix, width, address) => {
                use crate::algebra::pointer::{ElementWidth, MemSpace, Pointer};
                let static_bits = width
                    .strip_prefix('_')
                    .and_then(|w| w.strip_suffix('b'))
                    .and_then(|d| d.parse::<i64>().ok());
                // a sparse_ptr, `smem_sparse<2>_ptr[_8b](0x4)`
                if let Some((head, s)) = prefix.split_once("sparse<") {
                    let space = match head {
                        "smem_" => MemSpace::Smem,
                        "gmem_" => MemSpace::Gmem,
                        _ => MemSpace::Raw,
                    };
                    let s = s.trim_end_matches(">_ptr").parse::<i64>().unwrap_or(0);
                    let Some(bits) = static_bits else {
                        return Err(EvalError::new(
                            format!(
                                "{prefix}[{width}]: a sparse_ptr's width is sizeof_bits<sparse_elem<S,T>>, a static integer of bits (_8b)"
                            ),
                            e.span,
                        ));
                    };
                    return Pointer::parse_sparse(space, s, bits, address)
                        .map(Value::Pointer)
                        .map_err(|err| EvalError::algebra(err, e.span));
                }
                if width.starts_with("sparse_elem<") {
                    let space = MemSpace::from_prefix(prefix).expect("the parser reads these");
                    return Pointer::parse_sparse_elem(space, width, address)
                        .map(Value::Pointer)
                        .map_err(|err| EvalError::algebra(err, e.span));
                }
                if static_bits.is_some() {
                    return Err(EvalError::new(
                        format!(
                            "{prefix}[{width}]({address}): a width printed as a static integer is a pointer to sparse_elem<S,T> (its sizeof_bits, bits(T)/S), whose print leaves out S; write static_cast<sparse_elem<S,T>*>(…), or the sparse_ptr make_sparse_ptr<S>(…) prints as sparse<S>_ptr[…]"
                        ),
                        e.span,
                    ));
                }
                let space = MemSpace::from_prefix(prefix).expect("the parser reads these");
                let width = match width.strip_suffix('b').map(str::parse::<i64>) {
                    Some(Ok(bits)) => ElementWidth::Bits(bits),
                    _ => ElementWidth::of_type(width),
                };
                Pointer::parse_address(space, width, address, prefix.ends_with("subptr"))
                    .map(Value::Pointer)
                    .map_err(|err| EvalError::algebra(err, e.span))
            }
            ExprKind::Trait(t, args) => self.trait_value(*t, args, e.span),
            ExprKind::Str(_) | ExprKind::FStr(..) => Err(EvalError::new(
                "a string stands only on its own (a docstring) or in print and cute.printf",
                e.span,
            )),
            ExprKind::Keyword(name, _) => Err(EvalError::new(
                format!("a keyword argument ('{name}=') stands only in a call's arguments"),
                e.span,
            )),
            // the DSL's `cute.nvgpu.tcgen05.CtaGroup.ONE`: an enumeration's member, a name
            ExprKind::Qualified("nvgpu") => Err(EvalError::new(nvgpu::not_a_value(""), e.span)),
            ExprKind::Qualified(n) | ExprKind::Name(n) if let Some(path) = self.nvgpu_path(n) => {
                let head = n.split('.').next().unwrap_or(n);
                match nvgpu::member(&path) {
                    // `warp.X` where `warp` is a variable: its fields
                    _ if matches!(e.kind, ExprKind::Name(_)) && self.is_bound(head) => {
                        let mut v = self.get(head).cloned().unwrap_or(Value::Under);
                        for field in n.split('.').skip(1) {
                            v = methods::field(&v, field, e.span)?;
                        }
                        Ok(v)
                    }
                    Some(m) => Ok(Value::Name(m)),
                    // the enumeration itself (`print(tcgen05.CtaGroup)`): `<enum 'CtaGroup'>`
                    None if let Some(class) = nvgpu::enumeration(&path) => Ok(Value::Name(class)),
                    None => Err(EvalError::new(nvgpu::not_a_value(&path), e.span)),
                }
            }
            ExprKind::Name(n) => match self.get(n) {
                // a `size_t` past the signed 64-bit integers (held as its bits, negative)
                Some(v @ Value::IntTuple(t))
                    if !self.int_types.is_empty() && t.as_int().is_some_and(|x| x < 0) =>
                {
                    untyped(v.clone(), self.int_types.get(*n).copied(), e.span)
                }
                // `T{}` of a tuple type with run-time elements (`using StrideA =
                // Stride<int64_t, _1, int64_t>;`): its value-initialized value, `(0,_1,0)`
                // (the braces are the name's span's end)
                Some(v @ Value::Tuple(_))
                    if holds_run_time_type(v) && e.span.end - e.span.start > n.len() =>
                {
                    construct_tuple(v, &[], e.span, &[], e.span)
                }
                Some(v) => Ok(v.clone()),
                None if let Some(&what) = self.staged.get(*n) => Err(EvalError::new(
                    match what {
                        Staged::If => format!(
                            "NameError: name '{n}' is not defined: the DSL binds after a traced `if` only the names bound before it (not one its branches bind first): give '{n}' a value before the `if`, or write if cutlass.const_expr(c):"
                        ),
                        Staged::Loop => format!(
                            "NameError: name '{n}' is not defined: the DSL binds after a loop over range(…) only the names bound before it (not its counter, nor one its body binds first): give '{n}' a value before the loop, or loop over cutlass.range_constexpr(…)"
                        ),
                    },
                    e.span,
                )),
                None if let Some(v) = constant(n) => Ok(v),
                // a Python builtin class in DSL text (`str`, `list`): its name
                None if (self.dsl || self.dsl_seen) && is_python_builtin_class(n) => {
                    Ok(Value::Name(n.to_string()))
                }
                // an element type (`using T = float;`): its name, which make_tensor<T>,
                // sizeof_bits<T> and static_cast<T*> read
                None if crate::algebra::recast::element_bits(n).is_some() => {
                    Ok(Value::Name(n.to_string()))
                }
                // a TMA copy operation as a type (`using GmemTiledCopyA = SM90_TMA_LOAD;`, a
                // collective's; `GmemTiledCopyA{}`): its name, which make_tma_copy reads
                None if crate::atoms::tma::TMA_COPY_OPS
                    .contains(&n.strip_prefix("cute::").unwrap_or(n))
                    || crate::atoms::im2col::IM2COL_OPS
                        .contains(&n.strip_prefix("cute::").unwrap_or(n)) =>
                {
                    Ok(Value::Name(n.to_string()))
                }
                // a structured-sparse element type, `sparse_elem<S,T>` (pointer_sparse.hpp): a
                // sparse MMA's ValTypeA or ValTypeE, named
                None if is_sparse_elem(n) => Ok(Value::Name(n.to_string())),
                // a C array of an element type, `using DRegisters = float[8];` (the parser
                // reads it so): its name
                None if is_element_array(n) => Ok(Value::Name(n.to_string())),
                // a functor of functional.hpp (`conjugate{}`), as a value: its name, which the
                // algorithms taking a function read
                None if element_functions::functor(n).is_some() => Ok(Value::Name(n.to_string())),
                // a stride tag (`LayoutLeft{}`, `GenRowMajor{}`), as a value: its name, which
                // make_layout reads
                None if matches!(
                    *n,
                    "LayoutLeft" | "LayoutRight" | "GenColMajor" | "GenRowMajor"
                ) =>
                {
                    Ok(Value::Name(n.to_string()))
                }
                // `gmem_ptr<T*>` as a type (`is_same_v<decltype(p), gmem_ptr<T*>>`): a pointer
                // to T of that space at nullptr, whose type is the one asked
                None if let Some(v) = self.pointer_type(n) => {
                    v.map_err(|err| EvalError::algebra(err, e.span))
                }
                // `Sm1xxBlkScaledConfig<32>`: the block-scale config, whose static members
                // (`::tile_atom_to_shape_SFA(problem)`) are functions of the table
                None if let Some(vs) = crate::atoms::blockscaled::config_vector_size(n) => {
                    Ok(Value::Name(crate::atoms::blockscaled::config_name(vs)))
                }
                // `sizeof_bits_v<T>`, `sizeof_bits<T>::value` (the parser reads it so): an int
                // in CuTe, printed as one
                None if let Some(ty) = n
                    .strip_prefix("sizeof_bits_v<")
                    .and_then(|r| r.strip_suffix('>')) =>
                {
                    self.sizeof_bits(ty.trim(), e.span)
                }
                // `array<int, 2>` as a type, `array<int, 0>{}`: its value-initialised value
                None if let Some((element, width)) = array::array_type(n) => {
                    array::Array::new(element, width, &[], e.span)
                        .map(|a| Value::Array(Box::new(a)))
                }
                None if functions::lookup(n).is_some() => Err(EvalError::new(
                    format!("'{n}' is a function: call it with arguments, e.g. {n}(...)"),
                    e.span,
                )),
                None if self.lambdas.contains_key(*n) => Err(EvalError::new(
                    format!("'{n}' is a lambda: call it ({n}(…)); it is not modelled as a value"),
                    e.span,
                )),
                None if self.function_key(n).is_some() => Err(EvalError::new(
                    format!(
                        "'{n}' is a function defined in this session: call it ({n}(…)); it is not modelled as a value"
                    ),
                    e.span,
                )),
                None if let Some((target, member)) = self.bound_member(n) => {
                    methods::field(&target, member, e.span)
                }
                // a struct of the program's own, `SharedStorage<TA, TB, …>` (structs.rs)
                None if let Some(r) = self.struct_type(n, e.span) => r,
                // `bit_field<BitStart, NumBits[, T]>` (bit_field.rs)
                None if let Some(r) = self.bit_field_type(n, e.span) => r,
                // a copy operation as a type (`using CopyOp = UniversalCopy<uint128_t>;`,
                // `using Op = SM75_U32x4_LDSM_N;`): its name, which Copy_Atom<CopyOp, T> reads
                None if is_copy_op(n) => Ok(Value::Name(self.type_text(n, e.span)?)),
                // a device-only type (`TMEM::Allocator1Sm`, `cutlass::arch::ClusterBarrier`)
                None if let Some(v) = device::named(n) => Ok(v),
                // `std::tuple<int, double>` as a type (`tuple_element_t<0, std::tuple<…>>`,
                // a template argument): CuTe's tuple type of those elements
                None if let Some(cute_name) = std_tuple_as_cute(n) => {
                    let arena = bumpalo::Bump::new();
                    let text = arena.alloc_str(&cute_name);
                    let t = parser::parse_cpp_expr(text, &arena)
                        .map_err(|err| EvalError::new(err.message, e.span))?;
                    self.eval(&Expr { span: e.span, ..t })
                }
                None => Err(EvalError::new(
                    format!("{}{}", unknown_name(n), self.did_you_mean(n)),
                    e.span,
                )),
            },
            // `cute::move(x)`, `std::move(x)`: x's value (a cast to an rvalue, whose category
            // only `decltype(get<I>(move(t)))` reads: traits.rs)
            ExprKind::Call(callee, [x])
                if matches!(
                    self.called_function(callee),
                    Some("move" | "cute::move" | "std::move")
                ) && !self.user_function("move") =>
            {
                self.eval(x)
            }
            // the DSL's operations, `cute.nvgpu.warp.MmaF16BF16Op(…)` (nvgpu.rs)
            ExprKind::Call(callee, args) if let Some(path) = self.nvgpu_callee(callee) => {
                let mut vals = Vec::with_capacity(args.len());
                let mut keywords = Vec::new();
                for a in args.iter() {
                    match a.kind {
                        ExprKind::Keyword(name, v) => keywords.push((name, self.eval(v)?)),
                        _ if !keywords.is_empty() => {
                            return Err(EvalError::new(
                                "positional argument follows keyword argument",
                                a.span,
                            ));
                        }
                        _ => vals.push(self.eval(a)?),
                    }
                }
                if path == "cpasync.make_tiled_tma_atom" {
                    return nvgpu::make_tiled_tma_atom(&vals, &keywords, e.span);
                }
                nvgpu::construct(&path, &vals, &keywords, e.span)
            }
            ExprKind::Qualified(n) => match constant(n) {
                Some(v) => Ok(v),
                // the DSL's class `cute.SymInt` (what `type(cute.sym_int())` is), as it prints
                None if (self.dsl || self.dsl_seen) && *n == "SymInt" => {
                    Ok(Value::Name("<class 'cutlass.cute.typing.SymInt'>".to_string()))
                }
                // `cutlass::half_t`, `cute::float_e4m3_t`: an element type, as unqualified
                None if crate::algebra::recast::element_bits(n).is_some() => {
                    Ok(Value::Name(n.to_string()))
                }
                None if let Some(vs) = crate::atoms::blockscaled::config_vector_size(n) => {
                    Ok(Value::Name(crate::atoms::blockscaled::config_name(vs)))
                }
                // `cute::negate{}`: a functor of functional.hpp as a value, as unqualified
                None if element_functions::functor(n).is_some() => Ok(Value::Name(n.to_string())),
                None if functions::lookup(n).is_some() => Err(EvalError::new(
                    format!("'{n}' is a function: call it with arguments, e.g. {n}(...)"),
                    e.span,
                )),
                None if let Some((target, member)) = self.bound_member(n) => {
                    methods::field(&target, member, e.span)
                }
                // CUTLASS 2's layouts, `cutlass::layout::ColumnMajor` (structs.rs)
                None if let Some(r) = self.struct_type(n, e.span) => r,
                // `bit_field<BitStart, NumBits[, T]>` (bit_field.rs)
                None if let Some(r) = self.bit_field_type(n, e.span) => r,
                None if let Some(v) = device::named(n) => Ok(v),
                None => Err(EvalError::new(unknown_name(n), e.span)),
            },
            ExprKind::Binary(_, a, _) | ExprKind::Field(a, _) if self.is_link(a) => {
                let (v, ty) = self.eval_chain(e)?;
                untyped(v, ty, e.span)
            }
            ExprKind::Binary(op, a, b) => {
                let (va, ta) = self.eval_typed(a)?;
                let (v, ty) = self.binary_step(e, *op, a, &va, ta, b)?;
                untyped(v, ty, e.span)
            }
            ExprKind::Unary(op, x) => {
                let v = self.eval(x)?;
                if *op == UnOp::Deref
                    && let Value::Struct(s) = v
                {
                    return s.dereferenced(e.span).map(Value::structure);
                }
                unary(*op, &v, x.span, e.span)
            }
            ExprKind::Static(x) => {
                // a template argument: a constant expression's value, static (`Int<(1<<4)>`)
                let v = self.eval(x)?;
                let n = match v {
                    Value::Bool(b) => Some(i64::from(b)),
                    _ => v.as_int(),
                };
                match n {
                    Some(n) => Ok(Value::int(n)),
                    None => Err(EvalError::new(
                        format!(
                            "a template argument of Int<N>/C<N> must be an integer, found {}",
                            v.kind()
                        ),
                        x.span,
                    )),
                }
            }
            // Python's slice of a tuple or a list, `t[a:b:c]` (read as `get(t, slice(a, b, c))`)
            ExprKind::Call(callee, [base, index])
                if callee.kind == ExprKind::Qualified("get")
                    && let ExprKind::Call(s, [start, stop, step]) = index.kind
                    && s.kind == ExprKind::Name("slice")
                    && !self.is_bound("slice") =>
            {
                self.python_slice(base, [start, stop, step], e.span)
            }
            // the DSL's `cute.Tensor[dtype, shape, stride]`: a tensor type, `TypedTensor(dtype,
            // shape, stride)` (typing.py's `Tensor.__class_getitem__`)
            ExprKind::Call(callee, [base, rest @ ..])
                if callee.kind == ExprKind::Qualified("get")
                    && matches!(
                        base.kind,
                        ExprKind::Name("Tensor") | ExprKind::Qualified("Tensor")
                    )
                    && !self.is_bound("Tensor")
                    && self.dsl_statement() =>
            {
                let f = functions::lookup("TypedTensor").expect("in the function table");
                // (`[a, b, c]` read as the index `(a, b, c)`)
                let rest = match rest {
                    [one] if let ExprKind::Tuple(items) = one.kind => items,
                    _ => rest,
                };
                let vals = self.eval_args(rest)?;
                let spans: Vec<Span> = rest.iter().map(|a| a.span).collect();
                self.call_function(f, &vals, &spans, e.span)
            }
            // NumPy's slice of several modes, `t[1:3, ::2]` (read as `get(t, (slice(1, 3,
            // None), slice(None, None, 2)))`)
            ExprKind::Call(callee, [base, index])
                if callee.kind == ExprKind::Qualified("get")
                    && let ExprKind::Tuple(modes) = index.kind
                    && modes.iter().any(|m| matches!(m.kind, ExprKind::Call(s, [_, _, _]) if s.kind == ExprKind::Name("slice")))
                    && !self.is_bound("slice") =>
            {
                let v = self.eval(base)?;
                let mut shown = Vec::with_capacity(modes.len());
                for m in modes.iter() {
                    shown.push(self.python_index_text(m)?);
                }
                Err(EvalError::new(
                    slice_refused(&v, &format!("({})", shown.join(", ")), true),
                    e.span,
                ))
            }
            // Python's `float(x)`, `int(x)`, `max`, `min` of Python's numbers (host.rs)
            ExprKind::Call(callee, args)
                if let Some(r) = self.python_number_builtin(callee, args, e.span) =>
            {
                r
            }
            // C++'s `sizeof(T)` of an element type CuTe names: its bytes, a `size_t` (dynamic)
            ExprKind::Call(callee, [arg])
                if self.called_function(callee) == Some("sizeof")
                    && functions::lookup("sizeof").is_none() =>
            {
                self.size_of(arg)
            }
            // the CuTe DSL's `cute.AddressSpace.gmem`: a name for `make_ptr`
            ExprKind::Field(base, name)
                if base.kind == ExprKind::Qualified("AddressSpace")
                    || (base.kind == ExprKind::Name("AddressSpace")
                        && !self.is_bound("AddressSpace")) =>
            {
                Ok(Value::Name(format!("AddressSpace.{name}")))
            }
            // CUDA's built-in indices of a kernel (`threadIdx.x`, `blockIdx.y`, `blockDim.x`):
            // cute answers for thread 0 of block 0 (as `thread0()`), of a launch it does not
            // know otherwise: its extents 1 (README, Limits). Run-time integers, as in CUDA.
            ExprKind::Field(..) if let Some(v) = self.cuda_index(e) => {
                Ok(Value::IntTuple(IntTuple::int_of(v, true)))
            }
            // `CtaGroup.ONE` after `from cutlass.cute.nvgpu.tcgen05 import CtaGroup`
            ExprKind::Field(..)
                if let Some(path) = self.nvgpu_callee(e)
                    && let Some(m) = nvgpu::member(&path) =>
            {
                Ok(Value::Name(m))
            }
            ExprKind::Field(base, name) => {
                let v = self.eval(base)?;
                methods::field(&v, name, e.span)
            }
            // C++'s `c ? a : b` (control.rs)
            ExprKind::Call(callee, [c, a, b])
                if callee.kind == ExprKind::Qualified(parser::CONDITIONAL) =>
            {
                self.conditional(c, a, b)
            }
            // `conditional_t<C, A, B>{}`: the chosen type's value
            ExprKind::Call(callee, [c, a, b])
                if callee.kind == ExprKind::Qualified(parser::CONDITIONAL_TYPE) =>
            {
                self.conditional_type(c, a, b)
            }
            // CuTe's (pointer.hpp) and thrust's `raw_pointer_cast(p)`: the raw pointer, its
            // element type kept (`ptr[32b](0x100)` of a gmem_ptr; a host_vector's `data()`)
            ExprKind::Call(callee, [arg])
                if self
                    .called_function(callee)
                    .is_some_and(|n| POINTER_MAKERS.contains(&n)) =>
            {
                match self.eval(arg)? {
                    Value::Pointer(p) => Ok(Value::Pointer(p.raw())),
                    other => Err(EvalError::new(
                        format!("raw_pointer_cast takes a pointer, found {}", other.kind()),
                        arg.span,
                    )),
                }
            }
            ExprKind::Call(callee, [arg]) if callee.kind == ExprKind::Name(parser::ADDRESS_OF) => {
                // `&T(i, j)`: the element's address, a raw pointer as CuTe's `&` gives it
                match self.eval_place(arg)? {
                    Value::Pointer(p) => Ok(Value::Pointer(p.raw())),
                    other => Err(EvalError::new(
                        format!(
                            "'&' takes an element of a tensor over memory (&T(i, j)), found {}",
                            other.kind()
                        ),
                        arg.span,
                    )),
                }
            }
            ExprKind::Lambda(..) => Err(EvalError::new(
                "a lambda is modelled where it is called ([&]{ return EXPR; }()), bound to a name (auto f = [&](auto x){ return EXPR; };, f = lambda x: EXPR) or passed to a function (apply(lambda x: EXPR, 3)), not as a value held in a list, tuple or dict",
                e.span,
            )),
            // an immediately invoked lambda, `[&](auto x){ …; return EXPR; }(a)`
            ExprKind::Call(callee, args) if let ExprKind::Lambda(l) = callee.kind => {
                self.call_lambda_here(l, args, e.span)
            }
            // a lambda bound to a name, called: its body run anew
            ExprKind::Call(callee, args)
                if let ExprKind::Name(n) = callee.kind
                    && let Some(l) = self.bound_lambda(n) =>
            {
                let seq = l.seq;
                self.call_routine(&l, args, e.span, Some(seq))
            }
            // an object of a Python class of fields, `Vec3(x=1, y=2, z=3)`
            ExprKind::Call(callee, args)
                if let ExprKind::Name(n) = callee.kind
                    && !self.vars.contains_key(n)
                    && self.classes.contains_key(n) =>
            {
                self.construct_record(n, args, e.span)
            }
            // Python's dict display `{KEY: VALUE, …}` (the parser's call of `{}` on the pairs)
            ExprKind::Call(callee, pairs) if let ExprKind::Name("{}") = callee.kind => {
                self.dict_display(pairs)
            }
            // `d[KEY]` of a dict, `d[KEY](ARGS)` of a function it holds
            ExprKind::Call(callee, [dict, key])
                if self.called_function(callee) == Some("get")
                    && let Some(entries) = self.dict_of(dict) =>
            {
                self.dict_entry(&entries, key).map(|(_, v)| v)
            }
            ExprKind::Call(callee, args)
                if let ExprKind::Call(getter, [dict, key]) = callee.kind
                    && self.called_function(getter) == Some("get")
                    && let Some(entries) = self.dict_of(dict)
                    && let (_, Value::Name(n)) = self.dict_entry(&entries, key)?
                    && let Some(l) = self.bound_lambda(&n) =>
            {
                let seq = l.seq;
                self.call_routine(&l, args, e.span, Some(seq))
            }
            // `cute.make_composed_layout(inner, offset, outer)` of a Python function `inner`
            ExprKind::Call(callee, [function, offset, outer])
                if self.called_function(callee) == Some("make_composed_layout")
                    && let ExprKind::Name(f) = function.kind
                    && self.python_function(f).is_some() =>
            {
                self.function_composed(f, offset, outer)
            }
            // `L::packed(extent)` of a struct type (CUTLASS 2's layouts, structs.rs)
            ExprKind::Call(callee, args)
                if let Some(n) = self.called_function(callee)
                    && let Some(r) = self.struct_static_call(n, args, e.span) =>
            {
                r
            }
            // `layout(coord)` of a CUTLASS 2 layout object
            ExprKind::Call(callee, args)
                if let ExprKind::Name(n) = callee.kind
                    && let Some(Value::Struct(s)) = self.get(n)
                    && let Some(r) = self.library_layout_call(s, args, e.span) =>
            {
                r
            }
            // `f(args)` of an object of a struct of the program's own with a call operator
            // (`increment_by_x<float>{1.111f}`'s `operator()`)
            ExprKind::Call(callee, args)
                if let ExprKind::Name(n) = callee.kind
                    && let Some(Value::Struct(s)) = self.get(n)
                    && let Some(text) = s.function(parser::CALL_OPERATOR) =>
            {
                self.call_member_function(s, "operator()", text, args, e.span)
            }
            // of a temporary, `increment_by_x<float>{1.111f}(x)`
            // (the callee evaluated only where it constructs a struct of the program's own:
            // a chain `L(0)(0)…` is no temporary, and evaluating each link here recursed)
            ExprKind::Call(callee, args)
                if let ExprKind::Call(inner, _) = callee.kind
                    && let ExprKind::Name(n) = inner.kind
                    && self.names_program_struct(n)
                    && let Ok(Value::Struct(s)) = self.eval(callee)
                    && let Some(text) = s.function(parser::CALL_OPERATOR) =>
            {
                self.call_member_function(&s, "operator()", text, args, e.span)
            }
            // the user's function, called
            ExprKind::Call(callee, args)
                if let ExprKind::Name(n) = callee.kind
                    && self.calls_user_function(n, args) =>
            {
                self.call_user_function(n, args, e.span)
            }
            // a tuple type constructed from values, `tuple<int, _2>(1, _2{})`, `T x(8, 4);`
            // (a declaration reads as the call), `T x;` of a static `T`
            ExprKind::Call(callee, args)
                if matches!(callee.kind, ExprKind::Name(_) | ExprKind::Call(..))
                    && let Some(ty) = self.tuple_type_of(callee) =>
            {
                let vals = self.eval_args(args)?;
                let vals = self.struct_elements_constructed(&ty, vals, args, e.span)?;
                let ty = self.alias_elements_resolved(ty, e.span)?;
                if args.is_empty() {
                    return self.value_initialized(&ty, e.span);
                }
                construct_tuple(&ty, &vals, callee.span, args, e.span)
            }
            // `L x;` (`L()`) of a static layout's type (`using L = Layout<Shape<_8, _4>>;`, a
            // template parameter bound to one): its value, as a static type default-constructs
            // (a layout takes no empty coordinate, so the call is no evaluation)
            ExprKind::Call(callee, [])
                if let ExprKind::Name(n) = callee.kind
                    && let Some(v) = self.get(n)
                    && match v {
                        Value::Layout(l) => l.is_static(),
                        Value::Composed(c) => {
                            c.layout.is_static()
                                && matches!(c.offset, crate::algebra::Offset::Int(i) if i.is_static())
                        }
                        _ => false,
                    } =>
            {
                Ok(v.clone())
            }
            // `s.data()`, `s.begin()` of a CuTe array object: its storage's pointer
            ExprKind::Call(callee, [])
                if let ExprKind::Field(base, m @ ("data" | "begin")) = callee.kind
                    && let ExprKind::Name(n) = base.kind
                    && let Some(st) = self.array_named(n)
                    && st.object =>
            {
                if st.subbyte && m == "data" {
                    return Err(EvalError::new(
                        format!(
                            "array_subbyte's data() is deleted in CuTe (its elements are not addressable): write {n}.begin(), its subbyte_iterator"
                        ),
                        callee.span,
                    ));
                }
                self.eval(base)
            }
            // `s.size()`, `s.front()`, `s.back()` of a CuTe array object (array.hpp,
            // array_subbyte.hpp): its `N` (a `size_t`, a run-time integer), its first and last
            // elements
            ExprKind::Call(callee, [])
                if let ExprKind::Field(base, m @ ("size" | "front" | "back")) = callee.kind
                    && let ExprKind::Name(n) = base.kind
                    && self.array_named(n).is_some_and(|st| st.object) =>
            {
                let Value::Pointer(p) = self.eval(base)? else {
                    return Err(EvalError::new(
                        format!("'{n}' is not an array here"),
                        base.span,
                    ));
                };
                let Some(len) = self.buffers.len(&p) else {
                    return Err(EvalError::new(
                        format!(
                            "{n}.{m}(): cute holds no values of the array's element type, nor its size (it holds those of float, double, half_t, bfloat16_t, the FP8/FP6/FP4 types and the integer types)"
                        ),
                        callee.span,
                    ));
                };
                if m == "size" {
                    return Ok(Value::IntTuple(IntTuple::int_of(len, true)));
                }
                let at = p
                    .advance(if m == "back" { len - 1 } else { 0 })
                    .map_err(|e| EvalError::algebra(e, callee.span))?;
                self.buffers
                    .read(&at)
                    .map(|x| Value::Scalar(Box::new(x)))
                    .map_err(|m| EvalError::new(m, callee.span))
            }
            // `fill(s, v)` of a CuTe array object (array.hpp's `fill(array<T,N>&, T const&)`):
            // nothing printed, as the algorithm on a tensor (the statement writes the values)
            ExprKind::Call(callee, [first, value])
                if self.called_function(callee) == Some("fill")
                    && let ExprKind::Name(n) = first.kind
                    && self.array_named(n).is_some_and(|st| st.object) =>
            {
                let v = self.eval(value)?;
                if v.as_int().is_none() && !matches!(v, Value::Bool(_) | Value::Scalar(_)) {
                    return Err(EvalError::new(
                        format!("fill: the value must be a number, found {}", v.kind()),
                        value.span,
                    ));
                }
                Ok(Value::Tuple(Vec::new()))
            }
            // `make_tensor(A, …)` of a C array: CuTe takes the iterator by value, and an array
            // does not copy (tensor_impl.hpp: "array must be initialized with a brace-enclosed
            // initializer")
            ExprKind::Call(callee, [first, ..])
                if self.called_function(callee) == Some("make_tensor")
                    && let ExprKind::Name(n) = first.kind
                    && self.array_named(n).is_some_and(|st| !st.object) =>
            {
                Err(EvalError::new(
                    format!(
                        "make_tensor({n}, …) of the C array '{n}' does not compile in CuTe (the array is taken by value): write make_tensor(&{n}[0], …), or make_tensor(make_smem_ptr({n}), …)"
                    ),
                    first.span,
                ))
            }
            // tuple_algorithms.hpp's algorithms that apply a function (`apply`, `fold`,
            // `transform` of a tuple, …: tuple_functions.rs)
            ExprKind::Call(callee, args)
                if let Some(name) = self.called_function(callee)
                    && let Some(r) = self.tuple_algorithm(name, args, e.span) =>
            {
                r
            }
            // `reduce`, `transform`, `for_each`, `batch_reduce`: their function argument a
            // functor or a lambda (element_functions.rs); the call checked by the table
            ExprKind::Call(callee, args)
                if let Some(name) = self.called_function(callee)
                    && element_functions::ELEMENT_FUNCTION_ALGORITHMS.contains(&name)
                    && let Some(f) = functions::lookup(name) =>
            {
                let (vals, _) = self.element_fn_args(name, args)?;
                let v = self.call_on(f, args, vals, e.span)?;
                if name == "reduce" {
                    return self.reduce_value(args, e.span);
                }
                Ok(v)
            }
            // C++'s cast to an integer type: as [`Env::eval_typed`] converts, its type left
            // here (a `size_t` past the signed 64-bit integers an error)
            ExprKind::Call(callee, args)
                if !self.dsl_statement() && self.int_cast(callee, args).is_some() =>
            {
                let (v, ty) = self.eval_typed(e)?;
                untyped(v, ty, e.span)
            }
            ExprKind::Call(callee, args) => {
                // NumPy, `from_dlpack`, a TensorSSA's methods (host.rs)
                if let Some(r) = self.host_call(callee, args, e.span) {
                    return r;
                }
                if let Some(first) = self.first_operand(callee, args)
                    && self.is_link(first)
                {
                    return self.eval_chain(e).map(|(v, _)| v);
                }
                let v = self.call(callee, args, e.span)?;
                within_limits(self.element_value(callee, v, e.span)?, e.span)
            }
        }
    }

    /// `a op b` with `a` evaluated to `va`: every intermediate value within the limits (a chain
    /// `A * B * C …` nests deeper at each step: it stops at the limit, not at the end).
    ///
    /// `ta`: `a`'s C++ integer type, where it has one; the result's comes back with it.
    fn binary_step(
        &self,
        e: &Expr,
        op: BinOp,
        a: &Expr,
        va: &Value,
        ta: Option<storage::ElemType>,
        b: &Expr,
    ) -> Result<(Value, Option<storage::ElemType>), EvalError> {
        // `a && b`, `a || b`: `b` only where `a` does not decide (control.rs)
        if matches!(op, BinOp::And | BinOp::Or) {
            return self.logical(op, a, va, b).map(|v| (v, None));
        }
        let (vb, tb) = self.eval_typed(b)?;
        // a comparison of objects of a struct of the program's own: its friend operator
        if op.is_comparison()
            && let Some(r) = self.struct_operator(op.symbol(), va, &vb, e.span)
        {
            return r.map(|v| (v, None));
        }
        // arithmetic of a value of a C++ integer type (`int b`, `b * 2`): that type's
        if ta.is_some() || tb.is_some() {
            if let Some(r) = self.typed_int_arith(e, op, (a, va, ta), (b, &vb, tb)) {
                return r;
            }
            let va = untyped(va.clone(), ta, a.span)?;
            let vb = untyped(vb, tb, b.span)?;
            return self
                .binary_step_untyped(e, op, a, &va, b, vb)
                .map(|v| (v, None));
        }
        self.binary_step_untyped(e, op, a, va, b, vb)
            .map(|v| (v, None))
    }

    /// [`Env::binary_step`] of operands of no C++ integer type, `b`'s value `vb`.
    fn binary_step_untyped(
        &self,
        e: &Expr,
        op: BinOp,
        a: &Expr,
        va: &Value,
        b: &Expr,
        vb: Value,
    ) -> Result<Value, EvalError> {
        // Python's sequences in DSL text: `xs + ys` concatenates two lists or two tuples,
        // `xs * n` and `n * xs` repeat one
        if (self.dsl || self.dsl_seen)
            && let Some(r) = python_sequence_binary(op, va, &vb, b.span, e.span)
        {
            return r;
        }
        // NumPy's element-wise arithmetic on host arrays, then a TensorSSA's (host.rs)
        if (self.dsl || self.dsl_seen)
            && let Some(r) = self.numpy_binary(op, va, &vb, e.span)
        {
            return r;
        }
        if let Some(r) = self.ssa_binary(op, va, &vb, e.span) {
            return r;
        }
        // the DSL's `a / b` of integers is Python's true division: of run-time integers
        // (`cutlass.Int32`) a Float32 (`Int32(10) / Int32(3)` is 3.333333; `n / 2` of an Int32
        // and a Python int too), of Python's ints a Python float (`7 / 2` is 3.5)
        if op == BinOp::Divide
            && (self.dsl || self.dsl_seen)
            && let (Value::IntTuple(x), Value::IntTuple(y)) = (va, &vb)
            && let (Some((x, x_dynamic)), Some((y, y_dynamic))) = (x.as_int_kind(), y.as_int_kind())
        {
            let x_dynamic = x_dynamic || y_dynamic;
            if y == 0 {
                return Err(EvalError::new("division by zero", e.span));
            }
            let q = storage::Number::Float(x as f64 / y as f64);
            let quotient = if x_dynamic {
                storage::Scalar::new(storage::ElemType::F32, q)
            } else {
                storage::Scalar::new(storage::ElemType::F64, q)
                    .map(|s| storage::Scalar { python: true, ..s })
            };
            return quotient
                .map(|s| Value::Scalar(Box::new(s)))
                .map_err(|m| EvalError::new(m, e.span));
        }
        // the DSL's `cutlass.Int32` arithmetic wraps modulo 2^32 (`Int32(65536) * 65536` is 0;
        // the DSL warns), where C++'s `int` past its range is undefined behaviour, an error
        if self.dsl_statement()
            && let (Value::IntTuple(x), Value::IntTuple(y)) = (va, &vb)
            && let Some(wrapped) = dsl_int32_wrap(op, x, y)
        {
            return Ok(Value::IntTuple(IntTuple::of_int(wrapped)));
        }
        // `A o B`, `A / B`, `A * B` of layouts: the function the user called, its law checked
        let law = match op {
            BinOp::Compose => Some("composition"),
            BinOp::Divide => Some("logical_divide"),
            BinOp::Product => Some("logical_product"),
            _ => None,
        };
        if let Some(name) = law
            && (matches!(va, Value::Layout(_))
                || matches!(va, Value::IntTuple(t) if !t.is_int() && !t.has_basis()))
            && matches!(
                vb,
                Value::Layout(_)
                    | Value::IntTuple(_)
                    | Value::Tuple(_)
                    | Value::Swizzle(_)
                    | Value::Composed(_)
            )
            && !vb.has_basis()
        {
            let f = functions::lookup(name).expect("in the function table");
            let v = self.call_function(f, &[va.clone(), vb], &[a.span, b.span], e.span)?;
            return within_limits(v, e.span);
        }
        // the DSL's Layout.__eq__/__ne__: static only for two static layouts
        if self.dsl
            && matches!(op, BinOp::Eq | BinOp::Ne)
            && let Some(v) = equality::compare_dsl_layouts(op, va, &vb, e.span)
        {
            return within_limits(v?, e.span);
        }
        // C++'s `C<t> op C<u>` of `int` constants where `t op u` is no constant expression
        if self.cpp_text
            && let Some(r) = constant::int_constant_binary(op, va, &vb, e.span)
        {
            return r;
        }
        let r = binary(op, va, a.span, &vb, b.span, e.span)?;
        // the DSL's arithmetic of a run-time integer has none of CuTe's static results
        // (`0 * cutlass.Int32(5)`, `cutlass.Int32(5) % 1` are `?`; checked with dsl-oracle)
        if self.dsl
            && let Some(kind) = Arithmetic::of(op)
            && let Value::IntTuple(t) = &r
            && t.is_int()
            && !t.is_dynamic()
            && (dsl_run_time(va).is_some() || dsl_run_time(&vb).is_some())
        {
            let dynamic = crate::algebra::Int::of_kind(
                t.as_int().unwrap_or_default(),
                arithmetic_dynamic_kind(kind, va, &vb),
            );
            return within_limits(Value::IntTuple(IntTuple::of_int(dynamic)), e.span);
        }
        within_limits(r, e.span)
    }

    /// The operand of an operator, field or call that is evaluated first and that the rest of
    /// its evaluation only continues from: the left operand of `a op b`, the base of `x.name`,
    /// the called value of `x(…)` and the receiver of `x.f(…)`, and the first argument of a
    /// function call that evaluates its arguments in order (`L[i]`, which is `get(L, i)`).
    /// Chains of these (`1 + 1 + …`, `L(0)(0)…`, `L[0][0]…`) nest as deep as they are long: they
    /// are evaluated link by link ([`Env::eval_chain`]), not by recursion.
    fn first_operand<'e>(
        &self,
        callee: &'e Expr<'e>,
        args: &'e [Expr<'e>],
    ) -> Option<&'e Expr<'e>> {
        if let Some(n) = self.called_function(callee) {
            let f = functions::lookup(n)?;
            let first = args.first()?;
            // an algorithm that applies a function (a lambda): evaluated whole, by its arm of
            // [`Env::eval_inner`], no link
            if tuple_functions::TUPLE_FUNCTION_ALGORITHMS.contains(&f.name)
                || element_functions::ELEMENT_FUNCTION_ALGORITHMS.contains(&f.name)
                || lazy::is_lazy_transform(f.name)
            {
                return None;
            }
            // the forms [`Env::call`] evaluates otherwise: keyword arguments, the DSL's
            // `size(L, mode)`, a bare name taken as a name
            if first.kind.name().is_some()
                || args.iter().any(|a| matches!(a.kind, ExprKind::Keyword(..)))
                || (args.len() == 2 && matches!(f.name, "size" | "cosize" | "rank" | "depth"))
            {
                return None;
            }
            return Some(first);
        }
        match &callee.kind {
            // `s.data()` of a CuTe array object: its pointer, no link ([`Env::eval_inner`])
            ExprKind::Field(base, "data" | "begin")
                if args.is_empty()
                    && matches!(base.kind, ExprKind::Name(n)
                        if self.array_named(n).is_some_and(|st| st.object)) =>
            {
                None
            }
            // `np.zeros(3)`, `np.random.randn(4)`: a call of a host module's function, evaluated
            // whole by [`Env::host_call`], no link
            ExprKind::Field(base, _) if host::is_host_module_path(self, base) => None,
            // `cute_rt.make_ptr(T, a.ctypes.data)`: a pointer to a host array, no link
            ExprKind::Field(_, "make_ptr")
                if args
                    .get(1)
                    .is_some_and(|a| host::host_array_address(a).is_some()) =>
            {
                None
            }
            ExprKind::Field(base, _) => Some(base),
            // a tuple type constructed from values, `tuple<int64_t, int>{65536, 65536}`, `T{1, 2}`
            // of `using T = tuple<int, int>;`: evaluated whole by its arm of [`Env::eval_inner`]
            // (its type is no value called at a coordinate), no link
            ExprKind::Call(inner, _)
                if matches!(
                    inner.kind,
                    ExprKind::Qualified("make_tuple" | "make_shape" | "make_stride" | "make_coord")
                ) && self.tuple_type_of(callee).is_some() =>
            {
                None
            }
            ExprKind::Name(n) if matches!(self.get(n), Some(v @ Value::Tuple(_)) if holds_run_time_type(v)) => {
                None
            }
            _ => Some(callee),
        }
    }

    /// The function a callee names: a qualified name (`cute::size`), or a name no variable
    /// shadows. `None` for a variable (a value applied to the arguments) or anything else.
    pub(crate) fn called_function<'e>(&self, callee: &Expr<'e>) -> Option<&'e str> {
        match callee.kind {
            ExprKind::Qualified(n) => Some(n),
            ExprKind::Name(n) if !self.is_bound(n) => Some(n),
            _ => None,
        }
    }

    /// `Cfg::member` where the variable `Cfg` holds a type with static members (`using Cfg =
    /// Sm1xxBlkScaledConfig<16>;`): that value and the member's name.
    fn bound_member<'n>(&self, n: &'n str) -> Option<(Value, &'n str)> {
        let (head, member) = n.rsplit_once("::")?;
        let v = self.get(head)?;
        match v {
            Value::Name(c) if crate::atoms::blockscaled::config_vector_size(c).is_some() => {
                Some((v.clone(), member))
            }
            // `TiledMMA::AtomThrID` where `using TiledMMA = decltype(tiled_mma);`
            Value::Atom(_) => Some((v.clone(), member)),
            // `BF::mask` where `using BF = bit_field<…>;` (bit_field.rs)
            Value::Name(t) if bit_field::BitField::of_text(t).is_some() => {
                Some((v.clone(), member))
            }
            // `TmemAllocator::Sm100TmemCapacityColumns`, `ProducerBarType::init(…)` (device.rs)
            Value::Name(_) if device::is_device(v) => Some((v.clone(), member)),
            // `c_type::value`, `c_type::value_type` where `using c_type = decltype(c);` of an
            // integral constant (constants.cpp): as `decltype(c)::value`
            Value::IntTuple(_) | Value::Bool(_) | Value::Constant(_)
                if matches!(member, "value" | "value_type") =>
            {
                let member = if member == "value" {
                    "::value"
                } else {
                    "value_type"
                };
                Some((v.clone(), member))
            }
            _ => None,
        }
    }

    /// CUDA's `threadIdx.x` (`blockIdx`, `blockDim`, `gridDim`; `.x`, `.y`, `.z`), where the
    /// session binds no variable of that name: the value cute gives it ([`cuda_builtin`]).
    fn cuda_index(&self, e: &Expr) -> Option<i64> {
        match e.kind {
            ExprKind::Field(
                Expr {
                    kind: ExprKind::Name(n),
                    ..
                },
                "x" | "y" | "z",
            ) if !self.is_bound(n) => cuda_builtin(n),
            _ => None,
        }
    }

    /// Whether `e` is a link of a chain: an operator, field or call with a first operand.
    pub(super) fn is_link(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Binary(..) => true,
            ExprKind::Field(..) => self.cuda_index(e).is_none(),
            ExprKind::Call(callee, args) => self.first_operand(callee, args).is_some(),
            _ => false,
        }
    }

    /// A chain of operators, fields and calls, each link continuing from the value of its
    /// first operand ([`Env::first_operand`]): the links are listed (memory in proportion to
    /// the text), the innermost operand evaluated, then each link in turn, as [`Env::eval`]
    /// evaluates it by recursion: the same values and the same errors, in constant stack.
    /// The value's C++ integer type comes back with it ([`Env::eval_typed`]).
    #[cold]
    #[inline(never)]
    fn eval_chain(&self, e: &Expr) -> Result<(Value, Option<storage::ElemType>), EvalError> {
        let mut links: Vec<&Expr> = Vec::new();
        let mut cur = e;
        loop {
            let next = match &cur.kind {
                ExprKind::Field(..) if self.cuda_index(cur).is_some() => None,
                ExprKind::Binary(_, a, _) | ExprKind::Field(a, _) => Some(*a),
                ExprKind::Call(callee, args) => self.first_operand(callee, args),
                _ => None,
            };
            let Some(next) = next else { break };
            links.push(cur);
            cur = next;
        }
        let (mut v, mut ty) = self.eval_typed(cur)?;
        for link in links.into_iter().rev() {
            if self.interrupt.raised() {
                return Err(EvalError::limit("interrupted (Ctrl-C)", link.span));
            }
            if let ExprKind::Binary(op, a, b) = &link.kind {
                (v, ty) = self.binary_step(link, *op, a, &v, ty, b)?;
                continue;
            }
            v = untyped(v, ty.take(), link.span)?;
            v = match &link.kind {
                ExprKind::Field(_, name) => methods::field(&v, name, link.span)?,
                ExprKind::Call(callee, args)
                    if let Some(r) = self.host_method_of(callee, &v, args, link.span) =>
                {
                    r?
                }
                ExprKind::Call(callee, args) => {
                    let r = self.call_from(callee, args, v, link.span)?;
                    within_limits(self.element_value(callee, r, link.span)?, link.span)?
                }
                _ => unreachable!("a link of the chain"),
            };
            // what the algebra kept of the leaves' type (`size`, `get`, `L(i)`)
            ty = kept_int_type(&v);
        }
        Ok((v, ty))
    }

    /// The values of a tuple's (or list's) items, in order; past the width limit the items
    /// stop at the first one past it (the error the whole would give, before the rest is made).
    fn tuple_items(&self, items: &[Expr]) -> Result<Vec<Value>, EvalError> {
        let mut tally = Tally::new(items.len());
        let mut vals = Vec::with_capacity(items.len());
        for i in items.iter() {
            let v = self.tuple_item(i)?;
            let past = tally.past(&v, crate::limits::MAX_TUPLE_WIDTH);
            vals.push(v);
            if past {
                break;
            }
        }
        Ok(vals)
    }

    /// An element of a tuple literal: integer arithmetic does not stand there in C++ text and
    /// the notation (SPEC §1b: `(2*3,4)` is an error; `make_shape(2*3, 4)` is the spelling); in
    /// CuTe DSL text a tuple is Python's, of any expressions (`stride=(1, n*2)`).
    fn tuple_item(&self, e: &Expr) -> Result<Value, EvalError> {
        let v = self.eval(e)?;
        if let ExprKind::Binary(op, ..) = e.kind
            && !(self.dsl || self.dsl_seen)
            && v.as_int().is_some()
        {
            return Err(EvalError::new(
                format!(
                    "integer arithmetic ('{}') inside a tuple literal: only integers stand there; \
                     write make_shape(...) with the expression as an argument",
                    op.symbol()
                ),
                e.span,
            ));
        }
        Ok(v)
    }

    /// A type's text as C++ reads it: `uint_byte_t<E>` (`uint_bit_t<E>`) of an integer
    /// expression the unsigned type of E bytes (bits) (cute/numeric/int.hpp:
    /// `uint_byte_t<16>` is `uint128_t`), then each alias ([`Env::with_type_aliases`]).
    fn type_text(&self, text: &str, span: Span) -> Result<String, EvalError> {
        let mut text = text.to_string();
        for (template, scale) in [("uint_byte_t<", 8), ("uint_bit_t<", 1)] {
            while let Some(at) = text.find(template) {
                let open = at + template.len() - 1;
                let mut depth = 0usize;
                let close = text[open..]
                    .char_indices()
                    .find(|&(_, c)| {
                        depth = match c {
                            '<' => depth + 1,
                            '>' => depth - 1,
                            _ => depth,
                        };
                        c == '>' && depth == 0
                    })
                    .map(|(i, _)| open + i)
                    .ok_or_else(|| EvalError::new(format!("'{template}' without its '>'"), span))?;
                let arena = bumpalo::Bump::new();
                let inner = &text[open + 1..close];
                let expr = parser::parse_expr(inner, &arena)
                    .map_err(|e| EvalError::new(format!("{template}…>: {}", e.message), span))?;
                let n = self
                    .eval_checked(&expr)
                    .map_err(|e| EvalError::new(e.message, span))?;
                let bits = n.as_int().and_then(|n| n.checked_mul(scale));
                let name = match bits {
                    Some(8) => "uint8_t",
                    Some(16) => "uint16_t",
                    Some(32) => "uint32_t",
                    Some(64) => "uint64_t",
                    Some(128) => "uint128_t",
                    _ => {
                        return Err(EvalError::new(
                            format!(
                                "{template}{inner}>: CuTe's unsigned types are of 8, 16, 32, 64 or 128 bits, found {}",
                                crate::eval::plain::render(&n)
                            ),
                            span,
                        ));
                    }
                };
                text.replace_range(at..close + 1, name);
            }
        }
        Ok(self.with_type_aliases(&text))
    }

    /// A type's text with each template argument that names a type alias (`using TA = float;`)
    /// replaced by the type it names: `UniversalFMA<TC,TA,TB>` -> `UniversalFMA<float,…>`, as
    /// C++ reads the alias. Only the identifiers inside the template brackets are looked up.
    fn with_type_aliases(&self, text: &str) -> String {
        let Some(open) = text.find('<') else {
            return text.to_string();
        };
        let mut out = String::with_capacity(text.len());
        out.push_str(&text[..open]);
        let rest = &text[open..];
        let mut word = String::new();
        let flush = |word: &mut String, out: &mut String| {
            match self.get(word) {
                Some(Value::Name(ty)) if !word.is_empty() => out.push_str(ty),
                _ => out.push_str(word),
            }
            word.clear();
        };
        for c in rest.chars() {
            if c.is_ascii_alphanumeric() || c == '_' || c == ':' {
                word.push(c);
            } else {
                flush(&mut word, &mut out);
                out.push(c);
            }
        }
        flush(&mut word, &mut out);
        out
    }

    /// The C++ integer type a variable was declared with, where it is not `int` (`size_t s`,
    /// `int64_t q`; LP64: a 64-bit type is `long`): `None` of an `int` and of a variable of no
    /// declared integer type.
    pub(super) fn declared_int_type(&self, n: &str) -> Option<constant::IntType> {
        use constant::IntType;
        let ty = *self.int_types.get(n)?;
        Some(match ty.int_bits()? {
            (32, true) => return None,
            (8, true) => IntType::SChar,
            (8, false) => IntType::UChar,
            (16, true) => IntType::Short,
            (16, false) => IntType::UShort,
            (32, false) => IntType::UInt,
            (64, true) => IntType::Long,
            (64, false) => IntType::ULong,
            _ => return None,
        })
    }

    /// Evaluate call arguments: a name that is neither a variable nor a function stays a
    /// [`Value::Name`] (atom names, element types); using it as anything else is an error.
    fn eval_args(&self, args: &[Expr]) -> Result<Vec<Value>, EvalError> {
        self.eval_args_as(args, true)
    }

    /// [`Env::eval_args`] of a table function `f`'s arguments: in DSL text, a Python list
    /// where the DSL takes a shape or an IntTuple is refused with the DSL's ValueError
    /// ([`dsl_list_refused`]); then each list is the tuple it holds.
    fn eval_table_args(
        &self,
        f: &functions::Function,
        args: &[Expr],
    ) -> Result<Vec<Value>, EvalError> {
        if !(self.dsl || self.dsl_seen) {
            return self.eval_args(args);
        }
        let vals = self.eval_args_as(args, false)?;
        for (k, (v, a)) in vals.iter().zip(args).enumerate() {
            if let Some(m) = dsl_list_refused(f.name, k, v) {
                return Err(EvalError::new(m, a.span));
            }
        }
        Ok(vals.into_iter().map(Value::as_tuple).collect())
    }

    /// [`Env::eval_args`], each Python list a tuple where `as_tuple`.
    fn eval_args_as(&self, args: &[Expr], as_tuple: bool) -> Result<Vec<Value>, EvalError> {
        let mut tally = Tally::new(args.len());
        args.iter()
            .map(|a| {
                let v = match &a.kind {
                    ExprKind::Name(n) | ExprKind::Qualified(n)
                        if self.called_function(a).is_some()
                            && functions::lookup(n).is_none()
                            && constant(n).is_none()
                            && self.bound_member(n).is_none() =>
                    {
                        Value::Name(self.with_type_aliases(n))
                    }
                    // a string (the DSL's `symbol="M"`): a name, as the Python package
                    // hands a `str` in
                    ExprKind::Str(s) => Value::Name(unescape(s)),
                    _ if as_tuple => self.eval(a)?.as_tuple(),
                    _ => self.eval(a)?,
                };
                tally.argument(&v, a.span)?;
                Ok(v)
            })
            .collect()
    }

    /// A call of a template form ([`functions::templated`]): its template arguments placed
    /// among the call's as the function's table entry says.
    fn call_templated(
        &self,
        t: &functions::Templated,
        name: &str,
        args: &[Expr],
        name_span: Span,
        span: Span,
    ) -> Result<Value, EvalError> {
        if t.mode_index && args.len() != 1 {
            return Err(EvalError::new(
                format!("{name} takes 1 argument, got {}", args.len()),
                span,
            ));
        }
        // `reinterpret_cast<SharedStorage*>(smem)` of a struct of the program's own
        if let Some(r) = self.struct_cast(name, args, span) {
            return r;
        }
        let mut called = self.eval_args(args)?;
        // `group<B,E>(tensor)`: CuTe's `group` is tuple_algorithms.hpp's, which reads a tensor
        // as one element (`get<I>` of a tensor does not compile): a tensor's modes are grouped
        // by `group_modes<B,E>` (tensor_impl.hpp; its comment's `e.g. group<2,4>(make_tensor…)`
        // does not compile); cute's notation's `group<0,2>(T)` is group_modes
        if self.cpp_text
            && name.split('<').next().map(str::trim) == Some("group")
            && let Some(v @ (Value::OffsetLayout(..) | Value::SwizzledTensor(..))) = called.first()
        {
            return Err(EvalError::new(
                format!(
                    "{name} of {}: CuTe's group<B,E> is the tuple algorithm, which takes a \
                     tensor as one element (get<I> of a tensor does not compile): group a \
                     tensor's modes with group_modes<B,E>(tensor)",
                    v.kind()
                ),
                span,
            ));
        }
        // `size<I…>(tiled_mma)`: that query of its thread layout VMNK, as CuTe's size overload
        if t.mode_index
            && let Some(Value::Atom(a)) = called.first()
            && let crate::atoms::Atom::TiledMma(m) | crate::atoms::Atom::ThrMma(m, _) = a.as_ref()
        {
            called[0] = Value::Layout(m.thr_layout_vmnk.clone());
        }
        // `size<I…>(tensor)` (`shape`, `stride`, `rank`, `depth`, `layout`): that query of its
        // layout, as tensor_impl.hpp's overloads are (CuTe has no `get<I>` or `cosize<I>` of a
        // tensor)
        if t.mode_index
            && matches!(
                name.split('<').next().map(str::trim),
                Some("size" | "shape" | "stride" | "rank" | "depth" | "layout")
            )
        {
            match &called[0] {
                Value::OffsetLayout(_, l) => called[0] = Value::Layout((**l).clone()),
                Value::SwizzledTensor(_, c) => called[0] = Value::Composed(c.clone()),
                _ => {}
            }
        }
        let arg_spans = args.iter().map(|a| a.span);
        let template_spans = std::iter::repeat_n(name_span, t.indices.len());
        // a template argument that names a type alias (`using T = float;`): the type it names
        let indices = t.indices.iter().map(|v| match v {
            Value::Name(n) => {
                // `T`, or a pointer to it, `T*` / `T const*`
                let base = n.trim_end_matches(['*', ' ']);
                let base = base.strip_suffix(" const").unwrap_or(base).trim();
                match self.get(base) {
                    Some(Value::Name(ty)) => Value::Name(format!("{ty}{}", &n[base.len()..])),
                    // a template parameter bound to a value (`X` of `f<0, _1>(t)`): the value
                    Some(bound) if base == n.as_str() => bound.clone(),
                    _ => v.clone(),
                }
            }
            _ => v.clone(),
        });
        // a mode index is an integer: a name bound to none (`get<I>(t)` outside the template
        // that binds I) is named
        let indices: Vec<Value> = indices.collect();
        if t.mode_index
            && let Some(Value::Name(n)) = indices.iter().find(|v| matches!(v, Value::Name(_)))
        {
            return Err(EvalError::new(
                format!(
                    "{name}: the index '{n}' is no integer here (a template argument is an integral constant: a number, or a name bound to one)"
                ),
                name_span,
            ));
        }
        let indices = indices.into_iter();
        let (vals, spans): (Vec<Value>, Vec<Span>) = match t.placement {
            functions::TemplateArgs::Before => (
                indices.chain(called).collect(),
                template_spans.chain(arg_spans).collect(),
            ),
            _ => (
                called.into_iter().chain(indices).collect(),
                arg_spans.chain(template_spans).collect(),
            ),
        };
        // `find<X>(t)`: of a type, where `find(t, x)` compares values
        if t.inner.name == "find"
            && let [tuple, x] = vals.as_slice()
        {
            return tuple_functions::find_type(tuple, x, span);
        }
        let v = self.call_function(t.inner, &vals, &spans, span)?;
        match t.query {
            Some(q) => functions::call(q, &[v], &[span], span),
            None => Ok(v),
        }
    }

    /// The arguments of a call with keyword arguments (CuTe DSL: `make_layout((4, 8),
    /// stride=(8, 1))`) in the positions of the function's parameters: each keyword names a
    /// parameter of the function's signature in the function table. `mode=` (the DSL's
    /// `size(L, mode=[0])`) is returned apart.
    pub(crate) fn positional<'e>(
        f: &functions::Function,
        args: &[Expr<'e>],
        span: Span,
        dsl: bool,
    ) -> Result<(Vec<Expr<'e>>, Option<Expr<'e>>), EvalError> {
        let params = f.parameters_in(dsl);
        let mut slots: Vec<Option<Expr>> = Vec::with_capacity(args.len());
        let mut mode = None;
        let mut seen_keyword = false;
        let mut keywords = std::collections::HashSet::new();
        for a in args {
            if let ExprKind::Keyword(name, _) = a.kind
                && !keywords.insert(name)
            {
                // Python refuses the call (a SyntaxError)
                return Err(EvalError::new(
                    format!("keyword argument repeated: {name}"),
                    a.span,
                ));
            }
            match a.kind {
                ExprKind::Keyword("mode", v) => mode = Some(*v),
                ExprKind::Keyword(name, v) => {
                    seen_keyword = true;
                    // the parameter of that name, else the one it is a DSL synonym of
                    // (`repeat_like(x=…, target=…)`: `x` is X, not T's synonym)
                    let Some(i) = params.iter().position(|p| p == name).or_else(|| {
                        params
                            .iter()
                            .position(|p| functions::same_parameter(p, name))
                    }) else {
                        return Err(EvalError::new(
                            format!(
                                "{} has no parameter '{name}' (its parameters: {})",
                                f.name,
                                params.join(", ")
                            ),
                            a.span,
                        ));
                    };
                    if slots.len() <= i {
                        slots.resize(i + 1, None);
                    }
                    if slots[i].is_some() {
                        return Err(EvalError::new(format!("{} given twice", params[i]), a.span));
                    }
                    slots[i] = Some(*v);
                }
                _ if seen_keyword || mode.is_some() => {
                    return Err(EvalError::new(
                        "a positional argument after a keyword argument",
                        a.span,
                    ));
                }
                // past a bare `*` of the DSL's signature: keyword-only (Python's TypeError)
                _ if f
                    .positional_limit_in(dsl)
                    .is_some_and(|limit| slots.len() >= limit) =>
                {
                    let limit = f.positional_limit_in(dsl).unwrap_or_default();
                    let required = (0..limit).filter(|&i| !f.has_default_in(dsl, i)).count();
                    let count = args
                        .iter()
                        .filter(|a| !matches!(a.kind, ExprKind::Keyword(..)))
                        .count();
                    // Python's words: `takes from 0 to 1 positional arguments but 2 were given`
                    let takes = match (required, limit) {
                        (r, l) if r == l => format!("{l}"),
                        (r, l) => format!("from {r} to {l}"),
                    };
                    let (noun, verb) = (
                        if limit == 1 && required == 1 {
                            "argument"
                        } else {
                            "arguments"
                        },
                        if count == 1 { "was" } else { "were" },
                    );
                    return Err(EvalError::new(
                        format!(
                            "TypeError: {}() takes {takes} positional {noun} but {count} {verb} given",
                            f.name
                        ),
                        span,
                    ));
                }
                _ => slots.push(Some(*a)),
            }
        }
        let mut given = Vec::with_capacity(slots.len());
        for (i, slot) in slots.into_iter().enumerate() {
            let e = match slot {
                Some(e) => e,
                // a parameter with a default, left out before one given by keyword: `None`
                None if f.has_default_in(dsl, i) => Expr {
                    kind: ExprKind::Name("None"),
                    span,
                },
                None => {
                    return Err(EvalError::new(
                        format!("{}: missing the argument '{}'", f.name, params[i]),
                        span,
                    ));
                }
            };
            given.push(e);
        }
        Ok((given, mode))
    }

    /// A call with keyword arguments ([`Env::positional`]); `mode=` selects a mode first
    /// (`size(L, mode=[0])` is `size(get(L, 0))`, `get(L, mode=[0, 1])` is `get(L, 0, 1)`).
    fn call_with_keywords(
        &self,
        f: &'static functions::Function,
        args: &[Expr],
        span: Span,
    ) -> Result<Value, EvalError> {
        let (given, mode) = Env::positional(f, args, span, self.dsl)?;
        let mut vals = self.eval_table_args(f, &given)?;
        let mut spans: Vec<Span> = given.iter().map(|a| a.span).collect();
        let Some(mode) = mode else {
            return self.call_function(f, &vals, &spans, span);
        };
        // the mode's indices: an integer or a list of them
        let indices = match self.eval(&mode)?.as_tuple() {
            Value::IntTuple(t) => t.leaves(),
            other => {
                return Err(EvalError::new(
                    format!(
                        "a mode (the DSL's mode=, or size(L, mode)) is a list of mode indices, not {}",
                        other.kind()
                    ),
                    mode.span,
                ));
            }
        };
        match f.name {
            "get" | "select" => {
                vals.extend(indices.into_iter().map(Value::int));
                spans.resize(vals.len(), mode.span);
                functions::call(f, &vals, &spans, span)
            }
            "size" | "cosize" | "rank" | "depth" | "shape" | "stride"
                if !indices.is_empty() && vals.len() == 1 =>
            {
                let get = functions::lookup("get").expect("in the function table");
                let mut get_args = vec![vals.swap_remove(0)];
                get_args.extend(indices.into_iter().map(Value::int));
                let mut get_spans = vec![spans[0]];
                get_spans.resize(get_args.len(), mode.span);
                let sub = functions::call(get, &get_args, &get_spans, span)?;
                functions::call(f, &[sub], &[spans[0]], span)
            }
            "size" | "cosize" | "rank" | "depth" | "shape" | "stride" => {
                functions::call(f, &vals, &spans, span)
            }
            _ => Err(EvalError::new(
                format!("{} has no parameter 'mode'", f.name),
                mode.span,
            )),
        }
    }

    /// Call a function of the table on evaluated arguments as the user wrote the call (a
    /// one-liner's `cute compose A B`): the law of its result checked, a broken one kept as a
    /// warning ([`Env::take_warnings`]) or, when strict, the error.
    pub fn call_as_written(
        &self,
        f: &functions::Function,
        vals: &[Value],
        spans: &[Span],
        span: Span,
    ) -> Result<Value, EvalError> {
        self.call_function_in(f, vals, spans, span, false)
    }

    /// Call a function of the table on evaluated arguments, in the statement's dialect.
    fn call_function(
        &self,
        f: &functions::Function,
        vals: &[Value],
        spans: &[Span],
        span: Span,
    ) -> Result<Value, EvalError> {
        self.call_function_in(f, vals, spans, span, self.dsl)
    }

    /// [`Env::call_function`] in a dialect (`dsl`: the CuTe DSL's form, [`functions::Dsl`]).
    /// Inline: where the caller goes on with the value (a statement's call on literals), it is
    /// checked and amended in the caller's own slot, not copied to a return slot.
    /// The rule of a call in the statement being run: the DSL's (`dsl`), C++ text's (its
    /// static integers `int` constants), or the notation's.
    #[inline(always)]
    fn rule(&self, dsl: bool) -> Rule {
        Rule::of_text(dsl, self.cpp_text)
    }

    #[inline(always)]
    fn call_function_in(
        &self,
        f: &functions::Function,
        vals: &[Value],
        spans: &[Span],
        span: Span,
        dsl: bool,
    ) -> Result<Value, EvalError> {
        // the call's value goes to the caller as it was written (a value of 128 bytes moved
        // between `Result`s is copied at each move): no law, or none broken, returns it as is
        let amend = |mut e: EvalError| {
            self.suggest_variable(&mut e);
            e
        };
        if !functions::has_law(f) {
            return functions::call_checking_in(f, vals, spans, span, None, dsl, self.rule(dsl))
                .map_err(amend);
        }
        let mut laws = Laws::default();
        let mut r =
            functions::call_checking_in(f, vals, spans, span, Some(&mut laws), dsl, self.rule(dsl));
        // amended where it lies: `r` is the value returned, never moved
        match &mut r {
            Err(e) => self.suggest_variable(e),
            Ok(_) if !laws.violations.is_empty() => {
                if let Err(e) = self.laws_broken(f, std::mem::take(&mut laws.violations), span) {
                    r = Err(e);
                }
            }
            Ok(_) => {}
        }
        // no law broken (as most calls): the sink (its `Vec` alone) allocated nothing, and is
        // not dropped out of line (`drop_in_place` of its `Vec` is a call)
        if laws.violations.capacity() == 0 {
            std::mem::forget(laws);
        }
        r
    }

    /// CUTLASS's `gemm::detail::is_major<I, Stride>()` (cutlass/detail/layout.hpp, gemm.h;
    /// `is_mn_major<Stride>()` is I = 0, `is_k_major<Stride>()` I = 1), which a collective's
    /// `conditional_t< ::cutlass::gemm::detail::is_major<0,StrideA>(), Step<_2,_1,_3>, …>`
    /// reads: `is_constant<1, decltype(front(get<I>(Stride{})))>`, whether mode I's first
    /// stride is the static 1 (a run-time `int64_t` is not). `None`: NAME is none of them.
    fn cutlass_is_major(&self, name: &str, span: Span) -> Option<Result<Value, EvalError>> {
        let n = name.strip_prefix("cutlass::").unwrap_or(name);
        let n = n.strip_prefix("gemm::").unwrap_or(n);
        let n = n.strip_prefix("detail::").unwrap_or(n);
        let (base, targs) = n.split_once('<')?;
        let targs = targs.strip_suffix('>')?;
        let (mode, stride_text) = match base.trim() {
            "is_major" => {
                let (i, s) = targs.split_once(',')?;
                (i.trim().parse::<usize>().ok()?, s.trim())
            }
            "is_mn_major" => (0, targs.trim()),
            "is_k_major" => (1, targs.trim()),
            _ => return None,
        };
        let arena = bumpalo::Bump::new();
        let stride = match parser::parse_expr(stride_text, &arena) {
            Ok(e) => self.eval(&e),
            Err(_) => Err(EvalError::new(
                format!("{name}: its stride type '{stride_text}' is not read"),
                span,
            )),
        };
        Some(stride.and_then(|v| {
            let mode_of = |v: &Value| -> Option<Value> {
                match v {
                    Value::Tuple(items) => items.get(mode).cloned(),
                    Value::IntTuple(t) if !t.is_int() => {
                        t.modes().get(mode).map(|m| Value::IntTuple(m.to_owned()))
                    }
                    _ => None,
                }
            };
            let Some(m) = mode_of(&v) else {
                return Err(EvalError::new(
                    format!("{name}: the stride {} has no mode {mode}", v.kind()),
                    span,
                ));
            };
            // the mode's first leaf (`front`): a static 1, or a run-time type's name
            let mut first = m;
            while let Some(next) = match &first {
                Value::Tuple(items) => items.first().cloned(),
                Value::IntTuple(t) if !t.is_int() => {
                    t.modes().first().map(|x| Value::IntTuple(x.to_owned()))
                }
                _ => None,
            } {
                first = next;
            }
            // (a `constexpr bool` of C++'s, printed `1` or `0`)
            let major = matches!(
                &first,
                Value::IntTuple(t) if t.is_static() && t.as_int() == Some(1)
            );
            Ok(Value::Scalar(Box::new(storage::Scalar {
                ty: storage::ElemType::Bool,
                value: storage::Number::Int(i128::from(major)),
                python: false,
            })))
        }))
    }

    /// A bare name taken as an argument that is no variable: suggest one.
    #[cold]
    fn suggest_variable(&self, e: &mut EvalError) {
        if let Some(n) = e
            .message
            .strip_prefix("undefined variable '")
            .and_then(|m| m.strip_suffix('\''))
        {
            let hint = self.did_you_mean(n);
            e.message.push_str(&hint);
        }
    }

    fn call(&self, callee: &Expr, args: &[Expr], span: Span) -> Result<Value, EvalError> {
        // a collective's `::cutlass::gemm::detail::is_major<0,StrideA>()` (CUTLASS's)
        if args.is_empty()
            && let Some(n) = self.called_function(callee)
            && let Some(r) = self.cutlass_is_major(n, span)
        {
            return r;
        }
        // `S<half_t> s;` (`S<half_t>{}`) of a struct of the program's own (structs.rs)
        if let Some(n) = self.called_function(callee)
            && let Some(r) = self.struct_constructed(n, args, callee.span)
        {
            return r;
        }
        // the DSL's `cute.arch.thread_idx()` and its kin in a kernel's body: thread 0 of block
        // 0, as cute answers C++'s `threadIdx.x`
        if let Some(n) = self.called_function(callee)
            && args.is_empty()
            && let Some(v) = dsl_gpu_index(n)
        {
            return Ok(v);
        }
        // the DSL's `cute.compile(f, …)` of a name the program does not define: Python's
        // NameError of `f` (a jit function of the program's own is compiled by `c = …`)
        if let Some("compile") = self.called_function(callee)
            && functions::lookup("compile").is_none()
            && let [f, ..] = args
            && let ExprKind::Name(function) = f.kind
            && !self.user_function(function)
            && !self.is_bound(function)
        {
            let mut e = EvalError::new(undefined_variable(function), f.span);
            e.message.push_str(&self.did_you_mean(function));
            return Err(e);
        }
        // Python's `type(x)` in the DSL: the class, as the DSL prints it at trace time
        if (self.dsl || self.dsl_seen)
            && self.called_function(callee) == Some("type")
            && let [arg] = args
        {
            let v = self.eval(arg)?;
            return function::python_type(&v)
                .map(|t| Value::Name(t.to_string()))
                .ok_or_else(|| {
                    EvalError::new(format!("type() of {} is not modelled", v.kind()), arg.span)
                });
        }
        // Python's `len(x)` of a list or tuple (DSL text)
        if (self.dsl || self.dsl_seen)
            && self.called_function(callee) == Some("len")
            && !self.is_bound("len")
            && let [arg] = args
        {
            let v = self.eval(arg)?;
            return v
                .tuple_modes()
                .map(|m| Value::int(m.len() as i64))
                .ok_or_else(|| {
                    EvalError::new(
                        format!("TypeError: object of {} has no len()", v.kind()),
                        arg.span,
                    )
                });
        }
        // the DSL's `cutlass.const_expr(c)`, `cutlass.dynamic_expr(c)`: `c`
        if let Some("const_expr" | "dynamic_expr") = self.called_function(callee)
            && let [arg] = args
        {
            return self.eval(arg);
        }
        // `kernel(…).launch(grid=…, block=…)` of the user's kernel: its body for thread 0 of
        // block 0, as cute answers a C++ kernel's
        if let ExprKind::Field(kernel, "launch") = callee.kind
            && let ExprKind::Call(k, k_args) = kernel.kind
            && let ExprKind::Name(n) = k.kind
            && self.calls_user_function(n, k_args)
        {
            self.call_user_function(n, k_args, kernel.span)?;
            return Ok(Value::Tuple(Vec::new()));
        }
        // any other launch: a GPU's
        if let ExprKind::Field(_, "launch") = callee.kind {
            return Err(EvalError::new(
                "a kernel's launch (`.launch(grid=…, block=…)`) runs on a GPU: cute answers a kernel's body for thread 0 of block 0 (paste the body)",
                callee.span,
            ));
        }
        // the DSL's `x.to(cutlass.Float32)`: `x` converted, as `cutlass.Float32(x)` converts it
        // (Python's `float`, `int` of DSL text: a Ratio's `to`, methods.rs)
        if let ExprKind::Field(base, "to") = callee.kind
            && let [ty] = args
            && let Some(n) = self.called_function(ty)
            && !(self.dsl_statement() && is_python_builtin_class(n))
            && (dsl_int_type(n).is_some() || storage::ElemType::of_name(n).is_some())
        {
            return self.call(ty, std::slice::from_ref(base), span);
        }
        // `half_t(x)`, `float(T(i))`, `static_cast<float>(x)`: a number of that type (`TI(x)`
        // where `using TI = float;`: the type the alias names)
        let alias = match callee.kind {
            ExprKind::Name(n) if matches!(self.get(n), Some(Value::Name(_))) => Some(n),
            _ => None,
        };
        if let Some(n) = self.called_function(callee).or(alias)
            && let [arg] = args
            && let Some(r) = self.number_cast(n, arg, span)
        {
            return r;
        }
        // `complex<float>(re, im)`
        if let Some(n) = self.called_function(callee)
            && let Some(r) = self.complex_value(n, args, span)
        {
            return r;
        }
        if let Some(n) = self.called_function(callee)
            && let Some((bits, signed)) = dsl_int_type(n).or_else(|| parser::cpp_int_type(n))
            && let [arg] = args
        {
            // `cutlass.Int32(x)`, and C++'s `int(x)`, `(int)x`, `static_cast<int>(x)`: a
            // run-time integer of that width (CuTe: `int(_4{})` is the dynamic 4)
            return self.dsl_int(n, bits, signed, arg);
        }
        // `lazy::transform(T, fn)`: its function read as written (the table holds its help)
        if let Some(n) = self.called_function(callee)
            && lazy::is_lazy_transform(n)
        {
            return self.lazy_transform(args, span);
        }
        if let Some(n) = self.called_function(callee) {
            let Some(f) = functions::lookup(n) else {
                // `negate{}(2)`, `cute::plus{}(1, 2)`: a functor object called
                if !self.is_bound(n) && element_functions::functor(n).is_some() {
                    let vals = self.eval_args(args)?;
                    return self.call_functor(n, &vals, span);
                }
                if let Some(t) = functions::templated(n) {
                    return self.call_templated(&t, n, args, callee.span, span);
                }
                // CuTe's tuple storage, `cute::eso::ESO_t<int64_t, Empty<1>> eso{};` (structs.rs)
                if let Some(types) = n
                    .strip_prefix("cute::")
                    .unwrap_or(n)
                    .strip_prefix("eso::ESO_t<")
                    .and_then(|r| r.strip_suffix('>'))
                {
                    return self.eso_object(types, args, span);
                }
                // the standard library's tuple: `std::tuple<int, double>{7, 1.5}` as CuTe's
                // tuple of those elements, `std::get<I>(t)` as CuTe's get (std_tuple_as_cute)
                if let Some(cute_name) = std_tuple_as_cute(n) {
                    let arena = bumpalo::Bump::new();
                    let text = arena.alloc_str(&cute_name);
                    let parsed = parser::parse_cpp_expr(text, &arena)
                        .map_err(|err| EvalError::new(err.message, callee.span))?;
                    let cute_callee = Expr {
                        span: callee.span,
                        ..parsed
                    };
                    let call = Expr {
                        kind: ExprKind::Call(&cute_callee, args),
                        span,
                    };
                    return self.eval(&call);
                }
                // `std::make_tuple(7, 1.5)`: a std::tuple of the decayed values, which cute
                // holds as CuTe's make_tuple makes it (std_tuple_as_cute)
                if n == "std::make_tuple" {
                    let cute_callee = Expr {
                        kind: ExprKind::Qualified("make_tuple"),
                        span: callee.span,
                    };
                    let call = Expr {
                        kind: ExprKind::Call(&cute_callee, args),
                        span,
                    };
                    return self.eval(&call);
                }
                if let Some(t) = n.strip_prefix("std::").and_then(|g| {
                    g.starts_with("get<")
                        .then(|| functions::templated(g))
                        .flatten()
                }) {
                    return self.call_templated(&t, n, args, callee.span, span);
                }
                if let Some((target, member)) = self.bound_member(n) {
                    return self.method_on(callee, member, args, target, span);
                }
                // `cute::TMEM::Allocator1Sm a;`, `TMEM::Allocator2Sm a{};`: an object of a
                // device-only type, declared by its name (device.rs)
                if args.is_empty()
                    && let Some(t) = device::type_named(n)
                {
                    return Ok(Value::Name(t.into()));
                }
                // `cutlass::arch::ClusterBarrier::init(…)`: a device-only type's (device.rs)
                if let Some((head, member)) = n.rsplit_once("::")
                    && let Some(t) = device::type_named(head)
                    && let Some(e) = device::call(&Value::Name(t.into()), member, span)
                {
                    return Err(e);
                }
                return Err(EvalError::new(
                    format!("{}{}", unknown_function(n), self.did_you_mean(n)),
                    callee.span,
                ));
            };
            // keyword arguments, or a signature with keyword-only parameters (the DSL's
            // `sym_int(width=32, *, …)`: its positional ones counted)
            if args.iter().any(|a| matches!(a.kind, ExprKind::Keyword(..)))
                || f.positional_limit_in(self.dsl).is_some()
            {
                return self.call_with_keywords(f, args, span);
            }
            // the DSL's `size(L, mode)`, `cosize(L, mode)`, `rank(L, mode)`: a mode list second
            if let [first, mode] = args
                && matches!(f.name, "size" | "cosize" | "rank" | "depth")
            {
                let mode_kw = Expr {
                    kind: ExprKind::Keyword("mode", mode),
                    span: mode.span,
                };
                return self.call_with_keywords(f, &[*first, mode_kw], span);
            }
            let vals = self.eval_table_args(f, args)?;
            return self.call_on(f, args, vals, span);
        }
        if let ExprKind::Field(base, name) = &callee.kind {
            let target = self.eval(base)?;
            return self.method_on(callee, name, args, target, span);
        }
        let target = self.eval(callee)?;
        self.check_shadow_call(callee, &target)?;
        self.apply_on(callee, args, target, span)
            .map_err(|e| self.shadow_note(callee, e))
    }

    /// A variable that shadows a function, called: an integer or a tuple is not called (in
    /// C++ or Python), though the notation reads a shape as its layout — `size = 4` then
    /// `size(2)` is an error, not 2.
    fn check_shadow_call(&self, callee: &Expr, target: &Value) -> Result<(), EvalError> {
        if let ExprKind::Name(n) = callee.kind
            && let Value::IntTuple(t) = target
            && self.shadowed(n).is_some()
        {
            let what = if t.is_int() { "an integer" } else { "a tuple" };
            return Err(self.shadow_note(
                callee,
                EvalError::new(format!("{what} is not called"), callee.span),
            ));
        }
        Ok(())
    }

    /// The CuTe DSL's sized integer `NAME(arg)` (`cutlass.Int8(300)`): the integer wrapped to
    /// the type's width, as the DSL wraps it (44).
    #[cold]
    fn dsl_int(&self, name: &str, bits: u32, signed: bool, arg: &Expr) -> Result<Value, EvalError> {
        let v = self.eval(arg)?;
        // a `MixedBits` converts to its `uint32_t` (`S | d`, swizzle.hpp)
        let mixed = match &v {
            Value::Offset(o @ Offset::Mixed { .. }) => o.as_bits().map(|b| b.value()),
            _ => None,
        };
        let Some(x) = v.as_int().or(mixed) else {
            return Err(EvalError::new(
                format!("{name} takes an integer, not {}", v.kind()),
                arg.span,
            ));
        };
        let r = int_conversion(x, bits, signed);
        // the DSL's `Int64(x)`, `Uint64(x)`: its 64-bit run-time integer (`?{i64}` in a tuple),
        // of which nothing is known (`Int64(assume(x, divby=8))` is `?{i64}`; checked with
        // dsl-oracle)
        if bits == 64
            && dsl_int_type(name).is_some()
            && let Ok(r) = i64::try_from(r)
        {
            return Ok(Value::IntTuple(IntTuple::of_int(
                crate::algebra::Int::i64_numeric(r),
            )));
        }
        // a run-time integer converted keeps its kind (the DSL's `cutlass.Int32(x)` of an
        // `IntValue` keeps its divisibility, of a parameter is unknown, of an `Int64` is a
        // 32-bit one of which nothing is known: checked with dsl-oracle)
        let kind = match &v {
            Value::IntTuple(t) if t.is_dynamic() => t.as_int_full().filter(|i| !i.is_i64()),
            _ => None,
        };
        match i64::try_from(r) {
            Ok(r)
                if r == x
                    && let Some(i) = kind =>
            {
                Ok(Value::IntTuple(IntTuple::of_int(
                    crate::algebra::Int::of_kind(r, i.kind()),
                )))
            }
            // a typed integer is a run-time value in the DSL: dynamic (SPEC §1)
            Ok(r) => Ok(Value::IntTuple(IntTuple::int_of(r, true))),
            Err(_) => Err(EvalError::of_kind(
                ErrorKind::Overflow,
                format!(
                    "integer overflow in {name}({x}): {r} is beyond the signed 64-bit integers cute computes with"
                ),
                arg.span,
            )),
        }
    }

    /// The tuple type a callee names, if it is one: a name or template whose value is a tuple
    /// holding an integer type's name (`tuple<int, _2>`), or a static tuple
    /// (`tuple<_8, _4>`, `using T = tuple<_8, _4>;`), which C++ constructs and cute's tuples
    /// never call.
    pub(super) fn tuple_type_of(&self, callee: &Expr) -> Option<Value> {
        let v = match callee.kind {
            ExprKind::Name(n) => self.get(n)?.clone(),
            ExprKind::Call(inner, _)
                if matches!(
                    inner.kind,
                    ExprKind::Qualified("make_tuple" | "make_shape" | "make_stride" | "make_coord")
                ) =>
            {
                self.eval(callee).ok()?
            }
            _ => return None,
        };
        match &v {
            Value::Tuple(_) if holds_run_time_type(&v) || self.holds_program_struct(&v) => Some(v),
            Value::IntTuple(t) if !t.is_int() && t.is_static() && t.basis().is_none() => Some(v),
            _ => None,
        }
    }

    /// Whether a tuple type has an element of a struct type of the program's own
    /// (`tuple<Nonempty<int>>`, nested too): a type, whose objects its constructor builds.
    fn holds_program_struct(&self, v: &Value) -> bool {
        match v {
            Value::Name(n) => self.names_program_struct(n),
            Value::Tuple(items) => items.iter().any(|x| self.holds_program_struct(x)),
            _ => false,
        }
    }

    /// C++'s `sizeof(T)` of an element type (or an alias bound to one): its bytes as a run-time
    /// `size_t`. A sub-byte type (`uint4_t`, `int2b_t`) is CuTe's one-byte struct.
    fn size_of(&self, arg: &Expr) -> Result<Value, EvalError> {
        // a struct of the program's own, `sizeof(SharedStorage<TA, TB, …>)` (structs.rs)
        if let ExprKind::Name(n) = arg.kind {
            let s = match self.get(n) {
                Some(Value::Struct(s)) => Some(Ok(Value::Struct(s.clone()))),
                Some(_) => None,
                None => self.struct_type(n, arg.span),
            };
            if let Some(s) = s {
                return match s? {
                    Value::Struct(s) => Ok(self.struct_size(&s)),
                    other => Ok(other),
                };
            }
        }
        // a tuple type, `sizeof(tuple<_1, int32_t>)`, `sizeof(T)` of `using T = tuple<…>;`
        // (its elements that name structs of the program's own: those structs' types)
        let tuple_type = match arg.kind {
            ExprKind::Name(n) => self.get(n).cloned(),
            ExprKind::Call(..) => self.tuple_type_of(arg),
            _ => None,
        }
        .map(|v| match v {
            Value::Tuple(_) => self.named_types(v),
            v => v,
        });
        // (a tuple variable's value: its elements' types)
        if let Some(v @ (Value::Tuple(_) | Value::IntTuple(_))) = &tuple_type
            && (holds_run_time_type(v)
                || matches!(v, Value::IntTuple(t) if t.is_static())
                || matches!(v, Value::IntTuple(t) if !t.is_int())
                || matches!(v, Value::Tuple(_)))
        {
            return tuple_size_of(v, arg.span);
        }
        // an integral constant's type (an empty class: 1 byte), an integer type
        // (`decltype(c)::value_type`: a typed constant's value type)
        // (a run-time integer: `int`), an array (`array<int, 3>`: its elements' bytes)
        let typed = match arg.kind {
            ExprKind::Call(..) | ExprKind::Field(..) | ExprKind::Int(_) => self.eval(arg).ok(),
            ExprKind::Name(n) if array::array_type(n).is_some() => self.eval(arg).ok(),
            // `c_type::value_type` of `using c_type = decltype(c);`
            ExprKind::Name(n) if !self.is_bound(n) && self.bound_member(n).is_some() => {
                self.eval(arg).ok()
            }
            ExprKind::Name(n) => self.get(n).cloned(),
            _ => None,
        };
        let bytes = |b: i64| Ok(Value::IntTuple(IntTuple::int_of(b, true)));
        match &typed {
            Some(Value::Constant(_) | Value::Bool(_)) => return bytes(1),
            Some(Value::Name(t)) if let Some(ty) = constant::IntType::of_name(t) => {
                return bytes(ty.size());
            }
            // a run-time integer: an `int`, or the type the algebra kept (`int64_t`: 8)
            Some(v @ Value::IntTuple(t)) if matches!(t.as_int_kind(), Some((_, true))) => {
                return bytes(kept_int_type(v).map_or(4, |ty| ty.bits() / 8));
            }
            Some(Value::IntTuple(t)) if t.is_int() && t.is_static() && !t.has_basis() => {
                return bytes(1);
            }
            // an owning tensor (`make_tensor<T>(L)`, `make_tensor_like(T)`): its ArrayEngine's
            // array_aligned<T, cosize(L)>, 16-byte aligned (tensor_impl.hpp; a static layout
            // is an empty member)
            Some(Value::OffsetLayout(Origin::Ptr(p), l))
                if p.base == crate::algebra::pointer::PtrBase::Stack
                    && !p.subbyte
                    && p.sparse.is_none()
                    && matches!(p.width, crate::algebra::pointer::ElementWidth::Bits(b) if b % 8 == 0) =>
            {
                let crate::algebra::pointer::ElementWidth::Bits(b) = p.width else {
                    unreachable!("matched above")
                };
                let n = l.cosize().map_err(|e| EvalError::algebra(e, arg.span))?;
                if let Some(total) = n.checked_mul(b / 8).and_then(|t| t.checked_add(15)) {
                    return bytes(total / 16 * 16);
                }
            }
            Some(Value::Array(a)) => {
                let element = crate::algebra::recast::element_bits(a.element.name())
                    .map(|bits| ((bits + 7) / 8).max(1));
                if let Some(n) = element.and_then(|e| e.checked_mul(a.items.len() as i64)) {
                    return bytes(n);
                }
            }
            _ => {}
        }
        let ty = match arg.kind {
            ExprKind::Name(n) | ExprKind::Qualified(n) => match self.get(n) {
                Some(Value::Name(t)) => Some(t.as_str()),
                Some(_) => None,
                None => Some(n),
            },
            _ => None,
        };
        // a C array's type, `float[8]`: its elements' bytes
        let (ty, count) = match ty.and_then(|t| t.strip_suffix(']')?.split_once('[')) {
            Some((elem, extent)) => (Some(elem.trim()), extent.trim().parse::<i64>().ok()),
            None => (ty, Some(1)),
        };
        let bytes = ty
            .and_then(crate::algebra::recast::element_bits)
            .and_then(|bits| ((bits + 7) / 8).max(1).checked_mul(count?));
        match bytes {
            Some(bytes) => Ok(Value::IntTuple(IntTuple::int_of(bytes, true))),
            None => Err(EvalError::new(
                "sizeof: only sizeof(T) of an element type CuTe names (half_t, float, …) is modelled",
                arg.span,
            )),
        }
    }

    /// CuTe's `sizeof_bits_v<T>` of an element type `ty` (or of a type alias bound to one): its
    /// width in bits, an `int` (a run-time integer as CuTe prints it).
    fn sizeof_bits(&self, ty: &str, span: Span) -> Result<Value, EvalError> {
        if let Some(bits) = self.array_bits(ty) {
            return Ok(Value::IntTuple(IntTuple::int_of(bits, true)));
        }
        let ty = match self.get(ty) {
            Some(Value::Name(t)) => t.as_str(),
            _ => ty,
        };
        match crate::algebra::recast::element_bits(ty) {
            Some(bits) => Ok(Value::IntTuple(IntTuple::int_of(bits, true))),
            None => Err(EvalError::new(
                format!(
                    "sizeof_bits: '{}' is not an element type CuTe names (half_t, float, …)",
                    clip(ty)
                ),
                span,
            )),
        }
    }

    /// CuTe's pointer types written as types, `gmem_ptr<T*>`, `smem_ptr<T*>`
    /// (pointer.hpp; `T` an element type or an alias of one, `const` or not): a pointer to T
    /// of that space at nullptr. `None`: not one.
    fn pointer_type(&self, n: &str) -> Option<Result<Value, AlgebraError>> {
        use crate::algebra::pointer::{ElementWidth, MemSpace, Pointer, PtrBase};
        let (space, rest) = [("gmem_ptr<", MemSpace::Gmem), ("smem_ptr<", MemSpace::Smem)]
            .into_iter()
            .find_map(|(p, s)| n.strip_prefix(p).map(|r| (s, r)))?;
        let elem = rest.strip_suffix('>')?.trim().strip_suffix('*')?.trim();
        let elem = elem.strip_suffix("const").unwrap_or(elem).trim();
        let elem = elem.strip_prefix("const ").unwrap_or(elem).trim();
        let elem = match self.get(elem) {
            Some(Value::Name(t)) => t.as_str(),
            _ => elem,
        };
        let width = ElementWidth::of_type(elem);
        if !matches!(width, ElementWidth::Bits(_)) {
            return None;
        }
        Some(
            Pointer::new(MemSpace::Raw, width, PtrBase::Null)
                .and_then(|p| p.tagged(space))
                .map(Value::Pointer),
        )
    }

    /// `sizeof_bits_v<decltype(s)>` of a CuTe array object `s` of `N` elements of `b` bits:
    /// `N·b` for `array<T, N>`; for `array_subbyte<T, N>` its storage's, whole elements of the
    /// least of `uint8_t` … `uint128_t` that holds one `T` (array_subbyte.hpp's
    /// `subbyte_storage_type_t`, `ceil_div(N·b, storage bits)` of them). `None`: not one.
    fn array_bits(&self, ty: &str) -> Option<i64> {
        let name = ty.strip_prefix("decltype(")?.strip_suffix(')')?.trim();
        let st = self.array_named(name).filter(|st| st.object)?;
        let Some(Value::Pointer(p)) = self.get(name) else {
            return None;
        };
        let n = self.buffers.len(p)?;
        let b = crate::algebra::recast::element_bits(self.buffers.elem_type(p).ok()?.name())?;
        let bits = n.checked_mul(b)?;
        if !st.subbyte {
            return Some(bits);
        }
        let storage = [8, 16, 32, 64, 128].into_iter().find(|&s| b <= s)?;
        Some(bits.checked_add(storage - 1)? / storage * storage)
    }

    /// [`Env::call`] with the first operand ([`Env::first_operand`]) evaluated to `first`.
    fn call_from(
        &self,
        callee: &Expr,
        args: &[Expr],
        first: Value,
        span: Span,
    ) -> Result<Value, EvalError> {
        match &callee.kind {
            ExprKind::Name(n) | ExprKind::Qualified(n)
                if self.called_function(callee).is_some() =>
            {
                let f = functions::lookup(n).expect("a function (first_operand)");
                let mut vals = Vec::with_capacity(args.len());
                vals.push(first);
                vals.extend(self.eval_args(&args[1..])?);
                self.call_on(f, args, vals, span)
            }
            ExprKind::Field(_, name) => self.method_on(callee, name, args, first, span),
            _ => {
                self.check_shadow_call(callee, &first)?;
                self.apply_on(callee, args, first, span)
                    .map_err(|e| self.shadow_note(callee, e))
            }
        }
    }

    /// A function called on its arguments, evaluated to `vals`.
    fn call_on(
        &self,
        f: &'static functions::Function,
        args: &[Expr],
        mut vals: Vec<Value>,
        span: Span,
    ) -> Result<Value, EvalError> {
        // the DSL's mode list: `cute.get(L, (0, 1))` is `get(L, 0, 1)` (of a tensor, `T[(4, 7)]`
        // is the tensor at that coordinate: the table's `get` sees it whole)
        if matches!(f.name, "get" | "select")
            && let [first, Value::IntTuple(modes)] = vals.as_slice()
            && !matches!(first, Value::OffsetLayout(..) | Value::SwizzledTensor(..))
            && !modes.is_int()
        {
            let modes = modes.modes().to_vec();
            vals.truncate(1);
            vals.extend(modes.into_iter().map(Value::IntTuple));
            let mut spans = vec![args[1].span; vals.len()];
            spans[0] = args[0].span;
            return functions::call(f, &vals, &spans, span);
        }
        // the spans of a few arguments on the stack
        let mut few = [Span::default(); 4];
        let many: Vec<Span>;
        let spans: &[Span] = if args.len() <= few.len() {
            for (slot, a) in few.iter_mut().zip(args) {
                *slot = a.span;
            }
            &few[..args.len()]
        } else {
            many = args.iter().map(|a| a.span).collect();
            &many
        };
        self.call_function(f, &vals, spans, span)
    }

    /// `x.name(args)` with `x` evaluated to `target`: a method, or the field applied to the
    /// arguments.
    fn method_on(
        &self,
        callee: &Expr,
        name: &str,
        args: &[Expr],
        target: Value,
        span: Span,
    ) -> Result<Value, EvalError> {
        // `tmem_allocator.allocate(…)`: a device-only object's, where CuTe's host program stops
        // (device.rs)
        if let Some(e) = device::call(&target, name, span) {
            return Err(e);
        }
        // `smem.A.begin()`, `shared_storage.tensor_sA()` of a struct of the program's own
        if let Some(r) = self.struct_method(&target, name, args, span) {
            return r;
        }
        // the CuTe DSL 4.8.1's Layout has no with_shape (C++'s Layout::with_shape; issue
        // NVIDIA/cutlass#2722: "'_Layout' object has no attribute 'with_shape'")
        if name == "with_shape" && self.dsl_statement() && matches!(target, Value::Layout(_)) {
            return Err(EvalError::new(
                "AttributeError: '_Layout' object has no attribute 'with_shape' (the CuTe DSL's; C++'s Layout::with_shape is composition(L, make_layout(SHAPE)): cute.composition)",
                callee.span,
            ));
        }
        let vals = self.eval_args(args)?;
        let spans: Vec<Span> = args.iter().map(|a| a.span).collect();
        if let Some(r) = methods::method(&target, name, &vals, &spans, span) {
            return r;
        }
        if self.interrupt.raised() {
            return Err(EvalError::limit("interrupted (Ctrl-C)", callee.span));
        }
        let field = methods::field(&target, name, callee.span)?;
        self.apply_on(callee, args, field, span)
    }

    /// A value (`target`, what `callee` gave) applied to the arguments: a layout or swizzle
    /// evaluated at a coordinate, a slice.
    fn apply_on(
        &self,
        callee: &Expr,
        args: &[Expr],
        target: Value,
        span: Span,
    ) -> Result<Value, EvalError> {
        // `T()` of a type written in place (`Layout<Shape<_2,_4>>()`, `Copy_Atom<Op, T>()`):
        // C++'s value initialisation, what `T{}` is (no CuTe value is called without arguments)
        let type_written = match callee.kind {
            ExprKind::Name(n) => !self.is_bound(n),
            // `Layout<…>` reads as the reader's `make_layout(…)`
            ExprKind::Call(inner, _) => matches!(inner.kind, ExprKind::Qualified(_)),
            _ => false,
        };
        // (`TmemAllocator tmem_allocator{};` of a device-only type: its object, device.rs)
        if args.is_empty() && (type_written || device::is_device(&target)) {
            return Ok(target);
        }
        // `n(2)` of a functor object (`auto n = negate{};`): C++'s call, an integer literal
        // an `int`
        if let Value::Name(f) = &target
            && element_functions::functor(f).is_some()
        {
            let vals = args
                .iter()
                .map(|a| match a.kind {
                    ExprKind::Int(v) => Ok(Value::IntTuple(IntTuple::int_of(v, true))),
                    _ => self.eval(a),
                })
                .collect::<Result<Vec<_>, _>>()?;
            return self.call_functor(f, &vals, span);
        }
        let mut tally = Tally::new(args.len());
        let vals = args
            .iter()
            .map(|a| {
                let v = self.eval(a)?;
                tally.argument(&v, a.span)?;
                Ok(v)
            })
            .collect::<Result<Vec<_>, EvalError>>()?;
        let arg_span = args
            .first()
            .map(|a| a.span.to(args.last().expect("non-empty").span))
            .unwrap_or(span);
        let coord = if vals.len() == 1 {
            vals.into_iter().next().expect("one")
        } else {
            Value::tuple(vals)
        };
        if let Value::FunctionComposed(f) = &target {
            return self.apply_function_composed(f, &coord, callee.span, arg_span, span);
        }
        // `P(c)` of a tensor over a transform iterator: `fn(inner(c))`
        if let Value::OffsetLayout(o @ Origin::Transform(_), l) = &target
            && let Ok(co) = to_coord(&coord, arg_span)
            && !co.has_underscore()
        {
            let ct = co.to_int_tuple().expect("no underscore");
            let at = l
                .eval_index(&ct)
                .map_err(|e| EvalError::algebra(e, arg_span))?;
            return self.transform_element(o, &at, span);
        }
        // over a swizzled layout: `fn(*(ptr_ + Sw(O + L(c))))`, the index as the swizzled
        // tensor's element over any iterator computes it
        if let Value::SwizzledTensor(o @ Origin::Transform(_), c) = &target
            && let Ok(co) = to_coord(&coord, arg_span)
            && !co.has_underscore()
        {
            let ct = co.to_int_tuple().expect("no underscore");
            let alg = |e| EvalError::algebra(e, arg_span);
            let (inner, dynamic) = c.layout.eval_kind(&ct).map_err(alg)?;
            let (at, dynamic) = c.apply_outer_kind(inner, dynamic).map_err(alg)?;
            let at = IntTuple::of_int(crate::algebra::Int::of(at, dynamic));
            return self.transform_element(o, &at, span);
        }
        let v = apply(&target, &coord, callee.span, arg_span, span);
        if let Ok(Value::IntTuple(t)) = &v
            && t.as_int_full().is_some_and(|i| i.is_int_past_range())
            && !self.dsl_statement()
        {
            return int_index_overflow(&target, &coord, arg_span).and(v);
        }
        v
    }
}

/// C++'s `L(c)` of run-time `int`s whose index is past `int`'s range: CuTe computes `crd2idx`
/// in `int` (undefined behaviour in C++; g++ shows it wrapped), the error of the walk in the
/// leaves' types ([`coord::crd2idx_cpp`]) that names the operation. The DSL's `Int32`
/// computes otherwise (a Python line of DSL text does not come here).
#[cold]
#[inline(never)]
fn int_index_overflow(target: &Value, coord: &Value, cspan: Span) -> Result<(), EvalError> {
    let (Ok(l), Ok(c)) = (to_layout(target, cspan), to_coord(coord, cspan)) else {
        return Ok(());
    };
    let Some(ct) = c.to_int_tuple() else {
        return Ok(());
    };
    crate::algebra::coord::crd2idx_cpp(&ct, l.shape(), l.stride())
        .map(|_| ())
        .map_err(|e| EvalError::algebra(e, cspan))
}

/// `x` converted to the integer type of `bits` bits (`signed`), as C++ converts (modulo
/// 2^bits), by the one conversion of typed values ([`storage::Scalar::new`]).
pub(crate) fn int_conversion(x: i64, bits: u32, signed: bool) -> i128 {
    storage::ElemType::of_int(bits, signed)
        .and_then(|ty| storage::Scalar::new(ty, storage::Number::Int(i128::from(x))).ok())
        .map_or(i128::from(x), |s| s.value.as_i128())
}

/// The CuTe DSL's sized integer types (`cutlass.Int8`): their width in bits, and whether they
/// are signed, as the element table has them.
fn dsl_int_type(name: &str) -> Option<(u32, bool)> {
    storage::ElemType::of_dsl(name).and_then(storage::ElemType::int_bits)
}

/// Whether the user may bind `name`: an error naming what the name is where not (a keyword,
/// CuTe's namespace).
fn bindable(name: &str, span: Span) -> Result<(), EvalError> {
    match unbindable(name) {
        Some(what) => Err(EvalError::new(
            format!("cannot assign to '{name}': it is {what}"),
            span,
        )),
        None => Ok(()),
    }
}

/// Why a name cannot be bound: a keyword of C++ or of Python (`auto`, `int`, `None`, `import`;
/// a statement may be either language, so a keyword of one is not bound in the other), or
/// CuTe's namespace and module, which the reader resolves (`cute::size`, `cute.size`). Any
/// other identifier either language allows can be bound, and shadows what it named
/// ([`shadowed_meaning`]).
fn unbindable(name: &str) -> Option<&'static str> {
    const CPP: &[&str] = &[
        "alignas",
        "alignof",
        "and_eq",
        "asm",
        "auto",
        "bitand",
        "bitor",
        "bool",
        "case",
        "catch",
        "char",
        "char8_t",
        "char16_t",
        "char32_t",
        "compl",
        "concept",
        "const",
        "consteval",
        "constexpr",
        "constinit",
        "const_cast",
        "co_await",
        "co_return",
        "co_yield",
        "decltype",
        "default",
        "delete",
        "do",
        "double",
        "dynamic_cast",
        "enum",
        "explicit",
        "export",
        "extern",
        "false",
        "float",
        "friend",
        "goto",
        "inline",
        "int",
        "long",
        "mutable",
        "namespace",
        "new",
        "noexcept",
        "not_eq",
        "nullptr",
        "operator",
        "or_eq",
        "private",
        "protected",
        "public",
        "register",
        "reinterpret_cast",
        "requires",
        "short",
        "signed",
        "sizeof",
        "static",
        "static_assert",
        "static_cast",
        "struct",
        "switch",
        "template",
        "this",
        "thread_local",
        "throw",
        "true",
        "typedef",
        "typeid",
        "typename",
        "union",
        "unsigned",
        "using",
        "virtual",
        "void",
        "volatile",
        "wchar_t",
        "xor",
        "xor_eq",
    ];
    const PYTHON: &[&str] = &[
        "False", "None", "True", "as", "assert", "async", "await", "def", "del", "elif", "except",
        "finally", "from", "global", "import", "in", "is", "lambda", "nonlocal", "pass", "raise",
        "with", "yield",
    ];
    const BOTH: &[&str] = &[
        "and", "break", "class", "continue", "else", "for", "if", "not", "or", "return", "try",
        "while",
    ];
    Some(if BOTH.contains(&name) {
        "a keyword of C++ and Python"
    } else if CPP.contains(&name) {
        "a keyword of C++"
    } else if PYTHON.contains(&name) {
        "a keyword of Python"
    } else if matches!(name, "cute" | "cutlass") {
        "CuTe's namespace (C++) and module (Python), which names are read in"
    } else {
        return None;
    })
}

/// What a name meant before a variable of that name shadows it: a function, a constant (`X`,
/// `Underscore`), a stride tag, an element type, an MMA, copy or shared-memory atom name.
/// A binding shadows it from then on, as a variable does in C++ and Python; a qualified
/// `cute::size` or `cute.size` still names CuTe's.
pub fn shadowed_meaning(name: &str) -> Option<&'static str> {
    Some(if functions::lookup(name).is_some() {
        "the function"
    } else if constant(name).is_some() {
        "the constant"
    } else if matches!(
        name,
        "LayoutLeft" | "LayoutRight" | "GenColMajor" | "GenRowMajor"
    ) {
        "the stride tag"
    } else if crate::atoms::copy::element_type(name).is_some()
        || crate::algebra::smem_atoms::is_type_name(name)
    {
        "the element type"
    } else if crate::algebra::smem_atoms::is_atom_name(name) {
        "the shared-memory layout atom"
    } else if crate::atoms::mma::is_atom_name(name) || crate::atoms::copy::is_op_name(name) {
        "the atom"
    } else {
        return None;
    })
}

/// The arguments of a statement read by the syntactic shortcut, valued as evaluating their
/// syntax tree values them. A literal the shortcut reads is within the limits on values (see
/// [`parser::literal::literal_call`]), so none is measured here.
#[derive(Default)]
struct LiteralArgs {
    /// The values read, in order: the arguments (after the layout a coordinate is applied to),
    /// and while a tiler is read, its items (a statement of more goes through the general
    /// path).
    vals: arrayvec::ArrayVec<Value, 8>,
    /// The arguments' spans (a few on the stack; a call of more goes through the general path).
    spans: arrayvec::ArrayVec<Span, 4>,
}

/// The methods that take values are inlined into the literal reader, so that a literal read is
/// moved into its slot of `vals` in one go rather than copied through each call's arguments.
impl parser::literal::Sink for LiteralArgs {
    #[inline(always)]
    fn tuple(&mut self, t: &crate::algebra::Tup) -> Option<()> {
        self.vals.try_push(Value::IntTuple(t.to_owned())).ok()
    }

    #[inline(always)]
    fn layout(&mut self, parts: crate::algebra::int_tuple::ReadPair<'_>) -> Option<()> {
        // not a layout (`Layout::new` would refuse it): the general path reports it; else the
        // value is made where it stays, of the tuples as read
        if !parts.is_layout() {
            return None;
        }
        self.vals
            .try_push(Value::Layout(Layout::from_parts(parts.into_pair())))
            .ok()
    }

    fn under(&mut self) -> Option<()> {
        self.vals.try_push(Value::Under).ok()
    }

    fn tiler(&mut self, items: usize) -> Option<()> {
        let at = self.vals.len() - items;
        // a tiler of IntTuples is one IntTuple, as a tuple literal is
        let tiler = if self.vals[at..]
            .iter()
            .all(|v| matches!(v, Value::IntTuple(_)))
        {
            Value::IntTuple(
                self.vals[at..]
                    .iter()
                    .map(|v| match v {
                        Value::IntTuple(t) => t.as_tup(),
                        _ => unreachable!("checked above"),
                    })
                    .collect(),
            )
        } else {
            Value::Tuple(self.vals.drain(at..).collect())
        };
        self.vals.truncate(at);
        self.vals.try_push(tiler).ok()
    }

    fn arg(&mut self, span: Span) -> Option<()> {
        // the spans of a few arguments on the stack (more go through the general path)
        self.spans.try_push(span).ok()
    }
}

/// The integers of many values counted as they are evaluated (the arguments of a call, the
/// items of a tuple), so that a call of many large values stops where they pass a limit, not
/// after every value was made (`make_tuple(A, A, …)` of 20,000 copies of a wide A). Values
/// each within the limits pass it only together: at most four never do, and are not counted.
struct Tally {
    total: usize,
    on: bool,
}

impl Tally {
    /// A tally of `n` values.
    fn new(n: usize) -> Tally {
        Tally {
            total: 0,
            on: n > 4,
        }
    }

    /// Count `v`; whether the values so far hold more than `max` integers.
    fn past(&mut self, v: &Value, max: usize) -> bool {
        if self.on {
            self.total = self.total.saturating_add(value::width(v));
        }
        self.total > max
    }

    /// Count an argument `v` (at `span`): an error past [`MAX_ARGUMENTS_WIDTH`].
    ///
    /// [`MAX_ARGUMENTS_WIDTH`]: crate::limits::MAX_ARGUMENTS_WIDTH
    fn argument(&mut self, v: &Value, span: Span) -> Result<(), EvalError> {
        use crate::limits::MAX_ARGUMENTS_WIDTH;
        if self.past(v, MAX_ARGUMENTS_WIDTH) {
            return Err(EvalError::limit(
                format!(
                    "the arguments hold more than {MAX_ARGUMENTS_WIDTH} integers together, more than the limit of {MAX_ARGUMENTS_WIDTH}"
                ),
                span,
            ));
        }
        Ok(())
    }
}

/// A value, if it is within the limits on values (`value::check_value`), else the error at
/// the span of the expression that computed it.
fn within_limits(v: Value, span: Span) -> Result<Value, EvalError> {
    check_limits(&v, span)?;
    Ok(v)
}

/// A statement's value handed to `take` in place if it is within the limits (see
/// [`Env::literal_statement`]), else the error (at `span` where the value is beyond them).
#[inline(always)]
fn checked_take<R>(
    mut v: Result<Value, EvalError>,
    span: Span,
    take: impl FnOnce(&mut Value) -> R,
) -> Result<R, EvalError> {
    if let Ok(value) = &mut v {
        return check_limits(value, span).map(|()| take(value));
    }
    // the error, moved out: no `expect_err`, whose panic would print the value (an
    // out-of-line copy of it links every value's `Debug`: 150 KB and 740 relocations more)
    v.map(|_| unreachable!("an error"))
}

/// [`value::check_value`], its failure the error at `span`.
#[inline]
fn check_limits(v: &Value, span: Span) -> Result<(), EvalError> {
    value::check_value(v).map_err(|m| EvalError::limit(m, span))
}

/// Whether `n` names a copy operation: one of the catalog's, or a templated one's
/// (`UniversalCopy<…>`, `SM80_CP_ASYNC_CACHEALWAYS<…>`) with any type.
fn is_copy_op(n: &str) -> bool {
    let base = n.split('<').next().unwrap_or(n).trim();
    crate::atoms::copy::is_op_name(n)
        || crate::atoms::copy::is_op_name(base)
        || (n.contains('<')
            && crate::atoms::copy::templated_ops()
                .iter()
                .any(|&(name, _, _)| name.split('<').next() == Some(base)))
}

/// A `swizzle_ptr`'s printed prefix `Sw<B,M,S>_smem_ptr`: its swizzle (checked) and the
/// prefix of the pointer it wraps; `None` for another pointer's.
fn swizzle_ptr_prefix(prefix: &str) -> Option<(crate::algebra::Result<Swizzle>, &str)> {
    let (args, inner) = prefix.strip_prefix("Sw<")?.split_once(">_")?;
    let mut v = args.split(',').map(|a| a.trim().parse::<i64>().ok());
    let (Some(Some(b)), Some(Some(m)), Some(Some(s)), None) =
        (v.next(), v.next(), v.next(), v.next())
    else {
        return Some((
            Err(crate::algebra::error::condition(
                "swizzle_ptr",
                format!("'Sw<{args}>' is not a swizzle Sw<B,M,S> of three integers"),
            )),
            inner,
        ));
    };
    Some((Swizzle::new(b, m, s), inner))
}

/// CuTe functions of pointers that `cute` does not model.
const POINTER_MAKERS: &[&str] = &[
    "raw_pointer_cast",
    "cute::raw_pointer_cast",
    "thrust::raw_pointer_cast",
];

/// Whether `n` is a C array's type of an element type CuTe names, `float[8]`.
fn is_element_array(n: &str) -> bool {
    n.strip_suffix(']')
        .and_then(|r| r.split_once('['))
        .is_some_and(|(elem, extent)| {
            crate::algebra::recast::element_bits(elem.trim()).is_some()
                && extent.trim().bytes().all(|c| c.is_ascii_digit())
        })
}

/// Whether `n` is `sparse_elem<S,T>`: S a positive integer, T an element type CuTe names.
fn is_sparse_elem(n: &str) -> bool {
    let Some(args) = n
        .strip_prefix("sparse_elem<")
        .and_then(|r| r.strip_suffix('>'))
    else {
        return false;
    };
    args.split_once(',').is_some_and(|(s, t)| {
        s.trim().parse::<u32>().is_ok_and(|s| s > 0)
            && crate::algebra::recast::element_bits(t).is_some()
    })
}

/// Whether `v` is a tuple type that holds C++'s integer or floating types (`tuple<int, _2>`
/// reads as the tuple `(int,_2)` of names and values): only a type holds a type's name.
fn holds_run_time_type(v: &Value) -> bool {
    match v {
        Value::Name(n) => {
            is_int_type_name(n)
                || storage::ElemType::of_name(n).is_some_and(|t| t.is_float() && !t.is_complex())
        }
        Value::Tuple(items) => items.iter().any(holds_run_time_type),
        _ => false,
    }
}

/// C++'s integer types, as a tuple type's element names them.
fn is_int_type_name(n: &str) -> bool {
    matches!(
        n,
        "int"
            | "int32_t"
            | "int64_t"
            | "uint32_t"
            | "uint64_t"
            | "int8_t"
            | "int16_t"
            | "uint8_t"
            | "uint16_t"
            | "size_t"
            | "long"
            | "unsigned"
    )
}

/// `sizeof` of a CuTe tuple (its type, or a value of it): CuTe 4.7's storage
/// (container/tuple.hpp), `tuple<T…>` deriving from `eso::ESO_t<T…>`, the "empty structure
/// optimization": `ESO<IsFirstEmpty, IsRestEmpty, First, Rest…>` holds `First first_;` where
/// First is not empty and `ESO_t<Rest…> rest_;` where some of Rest is not, each member at the
/// next multiple of its alignment, the class padded to its largest; an empty element (a static
/// integer, an empty struct, a tuple of empty elements) is not stored, and a tuple of no stored
/// element is an empty class, one byte (`sizeof(tuple<int, size_t>)` is 16,
/// `sizeof(tuple<int8_t, int, int8_t, double>)` 32, `sizeof(Shape<_4, _8>)` 1: CuTe 4.7.0).
fn tuple_size_of(v: &Value, span: Span) -> Result<Value, EvalError> {
    let Some((bytes, _)) = eso_layout(v) else {
        return Err(EvalError::new(
            format!(
                "sizeof of the tuple {} is modelled for C++ integer and floating types, static integers, structs of the program's own and tuples of them",
                crate::eval::plain::render(v)
            ),
            span,
        ));
    };
    Ok(Value::IntTuple(IntTuple::int_of(bytes.max(1), true)))
}

/// The (size, alignment) in bytes of a tuple's element as CuTe's storage holds it, `(0, 1)`
/// where it is empty (not stored); of a type written as a value (`int`, `_2`, a struct's type)
/// or a value of it. `None` where cute does not lay it out.
pub(super) fn eso_layout(v: &Value) -> Option<(i64, i64)> {
    /// `x` up to a multiple of `a` (> 0).
    fn round_up(x: i64, a: i64) -> Option<i64> {
        x.checked_add(a - 1).map(|y| y / a * a)
    }
    match v {
        Value::Name(n) => {
            // (the names the element types do not spell: LP64's)
            let bytes = match n.as_str() {
                "size_t" | "long" => 8,
                "unsigned" => 4,
                "char" => 1,
                _ if holds_run_time_type(v) => crate::algebra::recast::element_bits(n)? / 8,
                _ => return None,
            };
            Some((bytes, bytes.max(1)))
        }
        // `ESO_t<First, Rest…>`: `first_` where First is stored, then `rest_` where any of
        // Rest is
        Value::Tuple(_) | Value::IntTuple(_) if v.tuple_modes().is_some_and(|m| !m.is_empty()) => {
            let modes = v.tuple_modes()?;
            let (first, rest) = modes.split_first()?;
            let (first_size, first_align) = eso_layout(first)?;
            let (rest_size, rest_align) = eso_layout(&Value::Tuple(rest.to_vec()))?;
            let (mut end, mut align) = (0i64, 1i64);
            if first_size > 0 {
                end = first_size;
                align = first_align;
            }
            if rest_size > 0 {
                end = round_up(end, rest_align)?.checked_add(rest_size)?;
                align = align.max(rest_align);
            }
            Some((round_up(end, align)?, align))
        }
        Value::Tuple(_) => Some((0, 1)),
        Value::IntTuple(t) if t.is_static() && t.basis().is_none() => Some((0, 1)),
        // a run-time integer's value: an `int`, or the type the algebra kept (`int64_t`)
        Value::IntTuple(t) if t.basis().is_none() => {
            let bytes = kept_int_type(v).map_or(4, |ty| ty.bits() / 8);
            Some((bytes, bytes))
        }
        Value::Constant(_) => Some((0, 1)),
        Value::Scalar(s) => {
            let bytes = (s.ty.bits() / 8).max(1);
            Some((bytes, bytes))
        }
        Value::Struct(s) if s.empty() == Some(true) => Some((0, 1)),
        Value::Struct(s) => s.size_align(),
        _ => None,
    }
}

impl Env {
    /// A tuple type default-constructed (`tuple<int, double, _2> t;`, `T{}`): CuTe's `tuple()`
    /// default-initializes its storage, whose constructor `ESO() : first_{}, rest_{}`
    /// (container/tuple.hpp) value-initializes each stored element: an arithmetic one is 0, a
    /// struct of the program's own its default-constructed object, a tuple its elements so; an
    /// empty (static) element is not stored, its value its type's.
    pub(super) fn value_initialized(&self, ty: &Value, span: Span) -> Result<Value, EvalError> {
        let Some(modes) = ty.tuple_modes() else {
            return construct_tuple(ty, &[], span, &[], span);
        };
        let zero = Value::IntTuple(IntTuple::int_of(0, true));
        let mut vals = Vec::with_capacity(modes.len());
        for m in &modes {
            vals.push(match m {
                Value::Name(n) if holds_run_time_type(m) => construct_element(m, &zero, span)
                    .map_err(|e| EvalError {
                        message: format!(
                            "value-initializing the element of type {n}: {}",
                            e.message
                        ),
                        ..e
                    })?,
                Value::Name(n) => match self.struct_type(n, span) {
                    Some(Ok(Value::Struct(t))) if t.is_program_struct() => {
                        self.construct_struct(*t, Vec::new(), span)?
                    }
                    Some(Err(e)) => return Err(e),
                    _ => m.clone(),
                },
                Value::Tuple(_) => self.value_initialized(m, span)?,
                m => m.clone(),
            });
        }
        if vals.is_empty() {
            return Ok(ty.clone());
        }
        construct_tuple(ty, &vals, span, &[], span)
    }
}

/// CuTe's `tuple<T…>(args…)` (container/tuple.hpp): each element constructed from its value,
/// an integer type's from an integer (a run-time one), a static `C<v>` from `C<v>` only, a
/// tuple type's from a tuple; no values: `T{}` of a static `T` (a run-time element has none
/// here, C++ leaving it to the constructor).
fn construct_tuple(
    ty: &Value,
    vals: &[Value],
    tspan: Span,
    args: &[Expr],
    span: Span,
) -> Result<Value, EvalError> {
    let type_text = || crate::eval::plain::render(ty);
    let Some(modes) = ty.tuple_modes() else {
        return Err(EvalError::new(
            format!("constructing {} from values is not modelled", ty.kind()),
            tspan,
        ));
    };
    if vals.is_empty() {
        if holds_run_time_type(ty) {
            // CuTe's tuple value-initializes each element (container/tuple.hpp's `ESO() :
            // first_{}, rest_{}`): `Stride<int64_t, _1, int64_t>{}` is `(0,_1,0)`,
            // `tuple<int, float>{}` `(0,0.000000)`
            let zeros = modes
                .iter()
                .map(|m| match m {
                    Value::Tuple(_) if holds_run_time_type(m) => {
                        construct_tuple(m, &[], tspan, &[], span)
                    }
                    Value::Name(_) => Ok(Value::int(0)),
                    other => Ok(other.clone()),
                })
                .collect::<Result<Vec<_>, _>>()?;
            return construct_tuple(ty, &zeros, tspan, &[], span);
        }
        return Ok(ty.clone());
    }
    if vals.len() != modes.len() {
        return Err(EvalError::new(
            format!(
                "the tuple {} of {} elements is constructed from one value each, found {} values",
                type_text(),
                modes.len(),
                vals.len()
            ),
            span,
        ));
    }
    let mut out = Vec::with_capacity(modes.len());
    for (i, (m, v)) in modes.iter().zip(vals).enumerate() {
        let at = args.get(i).map_or(span, |a| a.span);
        out.push(construct_element(m, v, at)?);
    }
    // a tuple of integers only is an IntTuple (a shape, a coordinate), each element of a C++
    // integer type other than `int` of its type (`tuple<int, size_t>{1, 2}`: `get<1>(t) - 3`
    // is a `size_t`), as the algebra keeps a leaf's type ([`Int::cpp_typed`]); among other
    // elements a typed integer keeps its type as a scalar
    //
    // [`Int::cpp_typed`]: crate::algebra::integer::Int::cpp_typed
    let int_scalar =
        |v: &Value| matches!(v, Value::Scalar(s) if matches!(s.value, storage::Number::Int(_)));
    Ok(
        if out
            .iter()
            .all(|v| matches!(v, Value::IntTuple(_)) || int_scalar(v))
        {
            Value::IntTuple(IntTuple::tuple(out.into_iter().map(|v| match v {
                Value::IntTuple(t) => t,
                Value::Scalar(s) => IntTuple::of_int(crate::algebra::integer::Int::cpp_typed(
                    typed_bits(*s),
                    s.ty,
                )),
                _ => unreachable!("checked above"),
            })))
        } else {
            Value::Tuple(out)
        },
    )
}

/// One element of [`construct_tuple`]: of the type `m`, from the value `v`.
fn construct_element(m: &Value, v: &Value, at: Span) -> Result<Value, EvalError> {
    match m {
        Value::Name(n) if is_int_type_name(n) => match v.as_int().or(match v {
            // (an element of a typed integer: a tuple of tuples' copy)
            Value::Scalar(s) if matches!(s.value, storage::Number::Int(_)) => Some(typed_bits(**s)),
            _ => None,
        }) {
            // an element of an integer type other than `int` (`tuple<int, size_t>`) keeps its
            // type (`decltype(get<1>(t))` is `size_t`), as a tensor's typed element does
            Some(x)
                if let Some(ty) = constant::IntType::of_name(n).and_then(|t| t.elem_type())
                    && ty != storage::ElemType::I32 =>
            {
                storage::Scalar::new(ty, storage::Number::Int(i128::from(x)))
                    .map(|s| Value::Scalar(Box::new(s)))
                    .map_err(|m| EvalError::new(m, at))
            }
            Some(x) => Ok(Value::IntTuple(IntTuple::int_of(x, true))),
            None => Err(EvalError::new(
                format!(
                    "the element of type {n} is constructed from an integer, found {}",
                    v.kind()
                ),
                at,
            )),
        },
        // a floating element (`tuple<float, int>{15.5f, 7}`): the number converted to its type,
        // as the tuple's constructor (`T const&` parameters) converts it
        Value::Name(n)
            if let Some(ty) = storage::ElemType::of_name(n)
                && ty.is_float()
                && !ty.is_complex() =>
        {
            let x = elements::number_of(v).ok_or_else(|| {
                EvalError::new(
                    format!(
                        "the element of type {n} is constructed from a number, found {}",
                        v.kind()
                    ),
                    at,
                )
            })?;
            storage::Scalar::new(ty, x.value)
                .map(|s| Value::Scalar(Box::new(s)))
                .map_err(|m| EvalError::new(m, at))
        }
        // a typed constant's element (`std::integral_constant<int, 43>`): that constant only
        Value::Constant(c) => match v {
            Value::Constant(x) if x.type_name() == c.type_name() => Ok(v.clone()),
            _ => Err(EvalError::new(
                format!(
                    "the element of type {} is constructed only from an object of its type, found {}",
                    c.type_name(),
                    crate::eval::plain::render(v)
                ),
                at,
            )),
        },
        Value::IntTuple(t) if t.is_int() => {
            let want = t.as_int().expect("an integer");
            match v {
                // CuTe's `integral_constant<int, 43>` is a `C<43>`
                Value::Constant(c)
                    if c.class == constant::ConstantClass::Cute
                        && c.value() == i128::from(want) =>
                {
                    Ok(v.clone())
                }
                Value::IntTuple(x) if x.is_int() && x.is_static() && x.as_int() == Some(want) => {
                    Ok(m.clone())
                }
                _ => Err(EvalError::new(
                    format!(
                        "the static element _{want} is constructed only from _{want} (CuTe's C<{want}> has no constructor from {}: it does not compile)",
                        crate::eval::plain::render(v)
                    ),
                    at,
                )),
            }
        }
        // a struct type's element: an object of it ([`Env::struct_elements_constructed`])
        Value::Name(n) if let Value::Struct(o) = v => {
            let plain = |t: &str| t.split_whitespace().collect::<String>();
            if plain(o.type_name()) == plain(n) {
                Ok(v.clone())
            } else {
                Err(EvalError::new(
                    format!(
                        "the element of type {n} is constructed from an object of {}, which is no {n}",
                        o.type_name()
                    ),
                    at,
                ))
            }
        }
        _ => {
            let vals: Vec<Value> = match v {
                Value::Tuple(items) => items.clone(),
                Value::IntTuple(t) if !t.is_int() => {
                    t.modes().map(|x| Value::IntTuple(x.to_owned())).collect()
                }
                other => {
                    return Err(EvalError::new(
                        format!(
                            "the element of type {} is a tuple, constructed from a tuple, found {}",
                            crate::eval::plain::render(m),
                            other.kind()
                        ),
                        at,
                    ));
                }
            };
            let spans: Vec<Expr> = Vec::new();
            construct_tuple(m, &vals, at, &spans, at)
        }
    }
}

/// The standard library's `std::tuple<T...>` as cute holds it: CuTe's `cute::tuple<T...>` of
/// the same elements. CuTe's print writes a std::tuple as its own (`(7,1.500000)`), and its
/// apply, for_each and transform take one; `std::get<I>` reads it. (CuTe's `cute::get` takes
/// its own tuple only, which cute does not tell apart.)
pub(super) fn std_tuple_as_cute(n: &str) -> Option<String> {
    n.strip_prefix("std::tuple<")
        .map(|rest| format!("cute::tuple<{rest}"))
}

/// CuTe's `bit_field<BitStart, NumBits[, T]>` (container/bit_field.hpp, bitfield.cpp), named as
/// not modelled.
fn bit_field_refused(n: &str) -> Option<String> {
    n.strip_prefix("cute::").unwrap_or(n).starts_with("bit_field<").then(|| {
        format!(
            "'{}': cute models CuTe's bit_field<BitStart, NumBits[, T]> (container/bit_field.hpp) as a type of constant template arguments ('using BF = bit_field<S, N>; BF bf{{}}; bf = v;', BF::mask), its object by the value get() gives",
            clip(n)
        )
    })
}

/// The message for a name that is not a variable: a template `cute` does not model is named as
/// one (a C++ construct is never misread as something else).
fn unknown_name(n: &str) -> String {
    if let Some(m) = operation_as_value(n) {
        return m;
    }
    if let Some(m) = array_value(n) {
        return m;
    }
    if let Some(m) = bit_field_refused(n) {
        return m;
    }
    if n.contains('<') {
        return format!(
            "unknown template '{}': not a CuTe type or atom that cute models",
            clip(n)
        );
    }
    if n.contains("::") {
        return format!(
            "unknown name '{}': not in CuTe's namespace (cute::, cutlass::)",
            clip(n)
        );
    }
    undefined_variable(n)
}

/// The message for a name that is no variable (nor anything else cute reads as a value): a
/// name of CuTe's types (`composition(Tensor, Tiler)`, as the docs write a signature) is
/// named as a type.
fn undefined_variable(n: &str) -> String {
    if let Some(m) = operation_as_value(n) {
        return m;
    }
    if matches!(
        n,
        "Tensor"
            | "Layout"
            | "ComposedLayout"
            | "Shape"
            | "Stride"
            | "Coord"
            | "Tile"
            | "Tiler"
            | "Step"
            | "IntTuple"
    ) {
        return format!(
            "'{n}' names a type (as a function's signature writes its parameters), not a value: write one (a layout, a tensor, a tile)"
        );
    }
    format!("undefined variable '{}'", clip(n))
}

/// The message for an MMA or copy operation taken as a value to print or compute with
/// (`UniversalFMA<float>{}`): CuTe prints none (no `print` takes an operation), only its atom.
fn operation_as_value(n: &str) -> Option<String> {
    let shown = clip(n);
    if crate::atoms::mma::is_atom_name(n) {
        let n = shown;
        return Some(format!(
            "'{n}' is an MMA operation, which CuTe does not print or compute with (no print() takes one: 'no matching function for call to print'): its atom is the value, MMA_Atom<{n}>{{}}"
        ));
    }
    if crate::atoms::copy::is_op_name(n) {
        let n = shown;
        return Some(format!(
            "'{n}' is a copy operation, which CuTe does not print or compute with (no print() takes one: 'no matching function for call to print'): its atom is the value, Copy_Atom<{n}, T>{{}}"
        ));
    }
    None
}

/// The message for CuTe's `array<T, N>` written as a value (`array<int, 2>{1, 2}`), which cute
/// reads only as storage.
fn array_value(n: &str) -> Option<String> {
    ["array<", "array_aligned<", "array_subbyte<"]
        .iter()
        .any(|p| n.starts_with(p))
        .then(|| {
            format!(
                "'{}' as a value (CuTe's array object, printed as a tuple) is not modelled: an array is read as storage, 'array<T, N> NAME;' (NAME.begin() the pointer make_tensor takes)",
                clip(n)
            )
        })
}

/// The message for a call of a name that is no function.
fn unknown_function(n: &str) -> String {
    if let Some(m) = array_value(n) {
        return m;
    }
    if let Some(m) = bit_field_refused(n) {
        return m;
    }
    if POINTER_MAKERS.contains(&n) {
        return format!(
            "{n} is not modelled: cute's pointers keep their element type \
             (static_cast<T*>(nullptr), make_gmem_ptr(P), make_smem_ptr(P))"
        );
    }
    // CuTe's own implementation of its tuple (container/tuple.hpp's `cute::eso`, the "empty
    // structure optimization" base of `tuple<T...>`): its objects are modelled, its functions
    // not
    if n.strip_prefix("cute::").unwrap_or(n).starts_with("eso::") {
        return format!(
            "'{}': the functions of CuTe's tuple storage (container/tuple.hpp's cute::eso::getr, getv_cr, getv_r, getv_rr) are not modelled: cute models an ESO_t<T...> object (its members first_, rest_) and cute::get of a tuple",
            clip(n)
        );
    }
    // `test::test_tuple_find_all<tuple>()`: a function of a namespace a pasted file defines
    if let Some((ns, _)) = n.split_once("::")
        && !matches!(ns, "cute" | "cutlass" | "std")
    {
        return format!(
            "unknown function '{}': the namespace '{ns}' defines no such function (cute reads a namespace's functions where its 'namespace {ns} {{ … }}' is pasted)",
            clip(n)
        );
    }
    format!("unknown function '{}'", clip(n))
}

/// A string literal's text with its escapes (`\n`, `\t`, `\\`, `\"`, `\'`) read.
/// The value cute gives CUDA's built-in `NAME.x` (`.y`, `.z`) in a kernel: thread 0 of block 0
/// (`threadIdx`, `blockIdx`: 0) of a launch of one thread in one block (`blockDim`, `gridDim`:
/// 1), whose indices C++ reads at run time.
/// The CuTe DSL's `cute.arch` indices of a kernel's thread, as cute answers them (thread 0 of
/// block 0, one thread a block, as [`cuda_builtin`]): `thread_idx()`, `block_idx()` a tuple of
/// three run-time integers, `lane_idx()`, `warp_idx()` one; `block_dim()`, `grid_dim()` ones.
fn dsl_gpu_index(name: &str) -> Option<Value> {
    let int = |v| Value::IntTuple(IntTuple::int_of(v, true));
    let three = |v| Value::Tuple(vec![int(v), int(v), int(v)]);
    Some(match name {
        "thread_idx" | "block_idx" => three(0),
        "block_dim" | "grid_dim" | "cluster_dim" => three(1),
        "lane_idx" | "warp_idx" => int(0),
        _ => return None,
    })
}

fn cuda_builtin(name: &str) -> Option<i64> {
    match name {
        "threadIdx" | "blockIdx" => Some(0),
        "blockDim" | "gridDim" => Some(1),
        _ => None,
    }
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

/// A name shortened for a message.
fn clip(name: &str) -> String {
    const MAX: usize = 64;
    if name.len() <= MAX {
        return name.to_string();
    }
    let mut end = MAX;
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes)", &name[..end], name.len())
}

/// `target(coord)`: evaluate or slice; each of the coordinate's integers is of its kind (a
/// run-time coordinate makes a run-time index where CuTe's arithmetic does).
pub fn apply(
    target: &Value,
    coord: &Value,
    tspan: Span,
    cspan: Span,
    span: Span,
) -> Result<Value, EvalError> {
    let alg = |e| EvalError::algebra(e, span);
    match target {
        Value::Layout(_) | Value::IntTuple(_) => {
            let l = to_layout(target, tspan)?;
            let at_coord = |e| EvalError::algebra(e, cspan);
            // an IntTuple of integers holds no `_`: the coordinate as it is (a `Coord` of it
            // would give back the same IntTuple)
            if let Value::IntTuple(ct) = coord
                && !ct.has_basis()
            {
                return l.eval_index(ct).map(Value::IntTuple).map_err(at_coord);
            }
            let c = to_coord(coord, cspan)?;
            if c.has_underscore() {
                l.slice(&c).map(Value::Layout).map_err(at_coord)
            } else {
                let ct = c.to_int_tuple().expect("no underscore");
                l.eval_index(&ct).map(Value::IntTuple).map_err(at_coord)
            }
        }
        Value::Swizzle(s) => {
            let i = convert::to_int(coord, cspan)?;
            Ok(Value::int(s.apply(i)))
        }
        Value::Composed(c) => {
            let co = to_coord(coord, cspan)?;
            let Some(ct) = co.to_int_tuple() else {
                // swizzle_layout.hpp: slice(c, S) is get<0>(slice_and_offset(c, S))
                let (r, _) = crate::algebra::swizzle::slice_kind(&co, c)
                    .map_err(|e| EvalError::algebra(e, cspan))?;
                return functions::swizzled_value(r);
            };
            // a run-time coordinate makes the offset one (C++'s `(Sw o L)(2,3)` is `26`, of
            // `(_2,_3)` `_26`): the kind of the inner layout's index
            let (v, dynamic) = c.layout.eval_kind(&ct).map_err(alg)?;
            c.apply_outer_kind(v, dynamic)
                .map(|(o, dynamic)| Value::IntTuple(IntTuple::int_of(o, dynamic)))
                .map_err(alg)
        }
        Value::OffsetLayout(o, l) => {
            let co = to_coord(coord, cspan)?;
            if co.has_underscore() {
                let t = crate::algebra::tensor::OffsetTensor::at(o.clone(), (**l).clone());
                let r = t.slice(&co).map_err(alg)?;
                return Ok(Value::tensor(r));
            }
            let ct = co.to_int_tuple().expect("no underscore");
            let v = l.eval_index(&ct).map_err(alg)?;
            // a tensor over memory: the element's address, `T.data() + T.layout()(c)` (cute
            // holds no memory to read the element from)
            if let Origin::Ptr(p) = o {
                if let crate::algebra::pointer::MemSpace::Descriptor(k) = p.space {
                    return Err(EvalError::new(
                        format!(
                            "an element of a tensor over {} is a shared-memory matrix descriptor (a 64-bit word: start address, leading and stride byte offsets, swizzle), whose start address is where the operand lies in shared memory; cute models no shared-memory addresses, so it has no descriptor to give (slice the tensor with _ to keep the iterator)",
                            k.iterator_name()
                        ),
                        span,
                    ));
                }
                return match o.shift(&v).map_err(alg)? {
                    Origin::Ptr(p) => Ok(Value::Pointer(p)),
                    _ => unreachable!("a pointer moves to a pointer"),
                };
            }
            o.element(&v).map(Value::IntTuple).map_err(alg)
        }
        Value::SwizzledTensor(o, c) => {
            let co = to_coord(coord, cspan)?;
            let add = |x: crate::algebra::Int| {
                o.shift(&IntTuple::of_int(x))
                    .map_err(|e| EvalError::algebra(e, span))
            };
            if co.has_underscore() {
                // tensor(coord): slice_and_offset, the offset moving the data
                let (r, off) = crate::algebra::swizzle::slice_and_offset_kind(&co, c)
                    .map_err(|e| EvalError::algebra(e, cspan))?;
                return tensor_value(add(off)?, r);
            }
            let ct = co.to_int_tuple().expect("no underscore");
            let (inner, dynamic) = c.layout.eval_kind(&ct).map_err(alg)?;
            // the element: its index (run-time where the coordinate makes it so), or (over
            // memory) its address
            let (at, dynamic) = c.apply_outer_kind(inner, dynamic).map_err(alg)?;
            let at = crate::algebra::Int::of(at, dynamic);
            Ok(match add(at)? {
                Origin::Count(v) => Value::IntTuple(IntTuple::of_int(v)),
                Origin::Counting(n) => Value::IntTuple(IntTuple::int_of(n, true)),
                Origin::Coord(v) => Value::IntTuple(v),
                Origin::Ptr(p) => Value::Pointer(p),
                Origin::Transform(_) => {
                    return Err(EvalError::new(
                        "an element of a tensor over a transform_iter and a swizzled layout is not modelled (slice it with _)",
                        span,
                    ));
                }
            })
        }
        // `C(c)` of a layout composed with a layout, A(O + B(c)) (of a tensor over one, the
        // iterator moved by it); with `_`, CuTe's slice_and_offset, the offset in the layout
        Value::LayoutComposed(t) => {
            let co = to_coord(coord, cspan)?;
            if co.has_underscore() {
                return functions::layout_composed_slice(t, &co, cspan);
            }
            let ct = co.to_int_tuple().expect("no underscore");
            let v = t.layout.eval_index(&ct).map_err(alg)?;
            match &t.origin {
                None => Ok(Value::IntTuple(v)),
                Some(o) => o.element(&v).map(Value::IntTuple).map_err(alg),
            }
        }
        // `C(c)` of a composed layout of a composed layout: Sw(OFF + C'(c)); CuTe does not
        // compile a slice of it
        Value::NestedComposed(n) => {
            let co = to_coord(coord, cspan)?;
            if co.all_underscore() {
                return functions::nested_slice_all_underscore(n, &co, cspan);
            }
            let Some(ct) = co.to_int_tuple() else {
                return Err(EvalError::new(
                    "CuTe does not compile a slice of a composed layout of a composed layout (slice_and_offset of the inner ComposedLayout: error: incomplete type 'cute::tuple_size<cute::ComposedLayout<…>>'); slice its inner composed layout, C.layout_b()",
                    cspan,
                ));
            };
            // of the kind of CuTe's arithmetic: a run-time integer where the coordinate or an
            // offset is one (cute-oracle: `10` at a run-time 3, `_35` at `Int<29>{}`)
            let (i, dynamic) = n.inner.layout.eval_kind(&ct).map_err(alg)?;
            let (x, dynamic) = n.inner.apply_outer_kind(i, dynamic).map_err(alg)?;
            let outer_dynamic = matches!(
                n.offset.plain(),
                crate::algebra::swizzle::PlainOffset::Int(o) if o.dynamic()
            );
            n.outer_at(x)
                .map(|v| Value::IntTuple(IntTuple::int_of(v, dynamic || outer_dynamic)))
                .map_err(alg)
        }
        other => Err(EvalError::new(
            format!("{} cannot be evaluated at a coordinate", other.kind()),
            tspan,
        )),
    }
}

/// A tensor at `offset` over a plain or swizzled layout.
pub(crate) fn tensor_value(
    offset: Origin,
    r: crate::algebra::swizzle::SwizzledOrPlain,
) -> Result<Value, EvalError> {
    use crate::algebra::swizzle::SwizzledOrPlain;
    Ok(match r {
        SwizzledOrPlain::Plain(l) => Value::offset_layout(offset, l),
        SwizzledOrPlain::Composed(c) => Value::swizzled_tensor(offset, c),
    })
}

/// `composition(a, b)` over values (also the `o` operator).
pub fn compose_values(
    a: &Value,
    aspan: Span,
    b: &Value,
    bspan: Span,
    span: Span,
) -> Result<Value, EvalError> {
    compose_values_in(a, aspan, b, bspan, span, Rule::Cpp)
}

/// [`compose_values`] by `rule` (the CuTe DSL's compositions under a DSL call).
pub fn compose_values_in(
    a: &Value,
    aspan: Span,
    b: &Value,
    bspan: Span,
    span: Span,
    rule: Rule,
) -> Result<Value, EvalError> {
    let alg = |e| EvalError::algebra(e, span);
    // an integer with its kind (`5?` in the notation, a C++ `5`: a run-time offset) and the
    // DSL's divisibility
    let int = |v: &Value| match v {
        Value::IntTuple(t) if t.basis().is_none() => t.as_int_full(),
        _ => None,
    };
    match (a, b) {
        (Value::IntTuple(x), Value::IntTuple(y)) if x.is_int() && y.is_int() => {
            Err(EvalError::new(
                "'o' on two integers: composition needs a layout on the left",
                span,
            ))
        }
        (Value::IntTuple(t), Value::Layout(l)) if t.is_int() && t.basis().is_none() => {
            let o = Origin::Count(int(a).expect("an integer"));
            crate::algebra::tensor::OffsetTensor::checked(o, l.clone())
                .map(Value::tensor)
                .map_err(alg)
        }
        // `smem_ptr[16b](0x80) o Sw<3,3,3> o 0 o L`, read from the left
        (Value::Pointer(p), Value::Swizzle(s)) => Ok(Value::TensorSwizzle(
            Box::new(Origin::Ptr(p.clone())),
            *s,
            None,
        )),
        (Value::Pointer(p), Value::Composed(c)) => {
            Ok(Value::SwizzledTensor(Origin::Ptr(p.clone()), c.clone()))
        }
        // `gmem_ptr[16b](0x108) o L`: a tensor over memory as CuTe prints it
        (Value::Pointer(p), _) => crate::algebra::tensor::OffsetTensor::checked(
            Origin::Ptr(p.clone()),
            to_layout(b, bspan)?,
        )
        .map(Value::tensor)
        .map_err(alg),
        // `ArithTuple(…) o make_composed_layout(A, O, B)`: a tensor over a layout composed with
        // a layout (an im2col TMA's), and the tensor's or the layout's composition with a tiler
        (Value::ArithTuple(_) | Value::IntTuple(_), Value::LayoutComposed(t))
            if t.origin.is_none() =>
        {
            let origin = match a {
                Value::ArithTuple(c) => Origin::Coord(c.clone()),
                _ => match int(a) {
                    Some(i) => Origin::Count(i),
                    None => {
                        return Err(EvalError::new(
                            format!(
                                "{} o a layout composed with a layout: the left side is a tensor's iterator, an ArithTuple or an integer",
                                a.kind()
                            ),
                            aspan,
                        ));
                    }
                },
            };
            Ok(Value::LayoutComposed(Box::new(
                crate::algebra::layout_composed::ComposedTensor {
                    origin: Some(origin),
                    layout: t.layout.clone(),
                },
            )))
        }
        // composition(L, C) of a layout or a swizzled layout L
        (Value::Layout(_) | Value::Composed(_) | Value::Swizzle(_), Value::LayoutComposed(t))
            if t.origin.is_none() =>
        {
            functions::composed_after(a, aspan, t, bspan, span)
        }
        // composition(A o O o B, Y) = composition(A, O, composition(B, Y)) (layout_composed.hpp)
        // for Y a swizzle, a swizzled layout or a composed layout: of a layout B and a swizzle,
        // the swizzle moved before B; of a swizzle B and a swizzle, the two merged; a layout B
        // composes a composed Y when Y's offset is a static 0; a swizzle B composes no composed Y
        (
            Value::LayoutComposed(t),
            Value::Swizzle(_)
            | Value::Composed(_)
            | Value::LayoutComposed(_)
            | Value::NestedComposed(_),
        ) if t.origin.is_none() => {
            let inner = functions::inner_value(&t.layout.inner);
            let bc = compose_values_in(&inner, aspan, b, bspan, span, rule)?;
            let outer = functions::outer_value(&t.layout);
            match functions::construction::composed_of(&outer, t.layout.offset.clone(), &bc, span)?
            {
                Some(layout) => Ok(functions::composed_value(layout)),
                None => Err(EvalError::new(
                    format!(
                        "composition: CuTe's answer is {} o {} o {}, which cute does not model",
                        plain::render(&outer),
                        t.layout.offset,
                        plain::render(&bc),
                    ),
                    span,
                )),
            }
        }
        (Value::LayoutComposed(t), _) => {
            let mut buf = TilerBuf::new();
            let tl = to_tiler(b, bspan, &mut buf)?;
            let layout = t.layout.compose(&tl).map_err(alg)?;
            // (a layout as cute holds it: `Sw o OFF o (Sw' o _0 o T)` a composed layout of a
            // composed layout)
            if t.origin.is_none() {
                return Ok(functions::composed_value(layout));
            }
            Ok(Value::LayoutComposed(Box::new(
                crate::algebra::layout_composed::ComposedTensor {
                    origin: t.origin.clone(),
                    layout,
                },
            )))
        }
        // `ArithTuple(0,0) o L`: an identity tensor as CuTe prints it
        (Value::ArithTuple(c), _) => Ok(Value::OffsetLayout(
            Origin::Coord(c.clone()),
            Box::new(to_layout(b, bspan)?),
        )),
        // `OFF o Sw o OFF2 o L`, a tensor over a swizzled layout, read from the left
        (Value::IntTuple(_), Value::Swizzle(s)) if int(a).is_some() => Ok(Value::TensorSwizzle(
            Box::new(Origin::Count(int(a).expect("an integer"))),
            *s,
            None,
        )),
        (Value::TensorSwizzle(o, s, None), Value::IntTuple(_)) if int(b).is_some() => {
            Ok(Value::TensorSwizzle(
                o.clone(),
                *s,
                Some(Offset::Int(int(b).expect("an integer"))),
            ))
        }
        (Value::TensorSwizzle(o, s, None), Value::Offset(off)) => {
            Ok(Value::TensorSwizzle(o.clone(), *s, Some(*off)))
        }
        (Value::TensorSwizzle(o, s, off), _) => {
            let l = to_layout(b, bspan)?;
            Ok(Value::swizzled_tensor(
                (**o).clone(),
                ComposedLayout {
                    swizzle: *s,
                    offset: off.unwrap_or(Offset::ZERO),
                    layout: l,
                },
            ))
        }
        (Value::SwizzledTensor(o, c), _) => {
            let mut buf = TilerBuf::new();
            let t = to_tiler(b, bspan, &mut buf)?;
            c.compose(&t)
                .map(|r| Value::swizzled_tensor(o.clone(), r))
                .map_err(alg)
        }
        (Value::Swizzle(s), Value::IntTuple(_)) if int(b).is_some() => Ok(Value::SwizzleOffset(
            *s,
            Offset::Int(int(b).expect("an integer")),
        )),
        (Value::Swizzle(s), Value::Offset(o)) => Ok(Value::SwizzleOffset(*s, *o)),
        (Value::Swizzle(s0), Value::Swizzle(s1)) => crate::algebra::swizzle::merge_swizzles(s0, s1)
            .map(Value::Swizzle)
            .map_err(alg),
        (
            Value::Swizzle(s),
            Value::Composed(_) | Value::NestedComposed(_) | Value::LayoutComposed(_),
        ) => Err(functions::swizzle_then_composed(s, bspan)),
        (Value::Swizzle(s), _) => {
            let l = to_layout(b, bspan)?;
            Ok(make_composed(*s, Offset::ZERO, l))
        }
        // `Sw o OFF o (Sw' o OFF' o L)`, the printed form of a composed layout of a composed layout
        (Value::SwizzleOffset(s, o), Value::Composed(c)) => Ok(Value::NestedComposed(Box::new(
            crate::algebra::swizzle::NestedComposed {
                swizzle: *s,
                offset: *o,
                inner: (**c).clone(),
            },
        ))),
        (Value::SwizzleOffset(..), Value::Swizzle(_)) => Err(nested_composed(span)),
        (Value::SwizzleOffset(s, o), _) => {
            // the printed form `Sw o OFF o L` reads back as it is, identity swizzle included
            // (CuTe prints `Sw<0,0,3> o 0 o L` for upcast<64>(Sw<3,3,3> o L))
            let l = to_layout(b, bspan)?;
            Ok(Value::composed(ComposedLayout {
                swizzle: *s,
                offset: *o,
                layout: l,
            }))
        }
        // layout_composed.hpp: composition(C, C') is C.A o C.O o composition(C.B, C'), a composed
        // layout whose inner part is itself composed
        (Value::Composed(a), Value::Composed(_) | Value::Swizzle(_)) => {
            let r = match b {
                Value::Swizzle(s) => crate::algebra::swizzle::layout_then_swizzle(&a.layout, s),
                Value::Composed(c) => crate::algebra::swizzle::layout_then_composed(&a.layout, c),
                _ => unreachable!("matched above"),
            }
            .map_err(alg)?;
            Ok(
                match crate::algebra::swizzle::composed_then_swizzled(a, r) {
                    crate::algebra::swizzle::ComposedOrNested::Composed(c) => Value::composed(c),
                    crate::algebra::swizzle::ComposedOrNested::Nested(n) => {
                        Value::NestedComposed(Box::new(n))
                    }
                },
            )
        }
        // layout_composed.hpp: composition(L, C) is composition(composition(L, C.A), C.B); with
        // C a composed layout of a composed layout, a layout before it makes one again
        (Value::Layout(_) | Value::IntTuple(_), Value::NestedComposed(n))
            if n.offset.is_static_zero() =>
        {
            let la = compose_values_in(a, aspan, &Value::Swizzle(n.swizzle), bspan, span, rule)?;
            compose_values_in(
                &la,
                aspan,
                &Value::composed(n.inner.clone()),
                bspan,
                span,
                rule,
            )
        }
        (Value::Layout(_) | Value::IntTuple(_), Value::NestedComposed(_)) => Err(EvalError::new(
            "composition: CuTe requires the right side's offset to be 0 (CUTE_STATIC_ASSERT_V(b.offset() == Int<0>{}, \"Require offset == 0.\"))",
            bspan,
        )),
        // composition(Sw o OFF o B, Y) = composition(Sw, OFF, composition(B, Y))
        // (layout_composed.hpp) of a composed Y: three swizzle stages and more, one composed
        // layout
        (
            Value::NestedComposed(_),
            Value::Composed(_)
            | Value::NestedComposed(_)
            | Value::LayoutComposed(_)
            | Value::Swizzle(_),
        )
        | (Value::Composed(_), Value::NestedComposed(_)) => {
            use crate::algebra::layout_composed::{LayoutComposed, Stage};
            use crate::algebra::swizzle::PlainOffset;
            let (sw, off, inner) = match a {
                Value::Composed(c) => (c.swizzle, c.offset, Value::Layout(c.layout.clone())),
                Value::NestedComposed(n) => (n.swizzle, n.offset, Value::composed(n.inner.clone())),
                _ => unreachable!("matched above"),
            };
            let PlainOffset::Int(o) = off.plain() else {
                return Err(EvalError::new(
                    "composition: a composed layout over a smem_ptr offset composed with a composed layout is not modelled; use as_position_independent_swizzle_layout first",
                    aspan,
                ));
            };
            let bc = compose_values_in(&inner, aspan, b, bspan, span, rule)?;
            Ok(functions::composed_value(LayoutComposed {
                outer: Stage::Swizzle(sw),
                offset: IntTuple::int_of(o.value, o.dynamic()),
                inner: functions::stage_of(&bc, span)?,
            }))
        }
        (Value::NestedComposed(n), _) => {
            let mut buf = TilerBuf::new();
            let t = to_tiler(b, bspan, &mut buf)?;
            n.compose(&t)
                .map(|r| Value::NestedComposed(Box::new(r)))
                .map_err(alg)
        }
        (Value::Composed(c), _) => {
            let mut buf = TilerBuf::new();
            let t = to_tiler(b, bspan, &mut buf)?;
            c.compose(&t).map(Value::composed).map_err(alg)
        }
        (Value::OffsetLayout(o, l), _) => {
            let mut buf = TilerBuf::new();
            let t = to_tiler(b, bspan, &mut buf)?;
            composition::compose_tiler_in(l, &t, rule)
                .map(|r| Value::offset_layout(o.clone(), r))
                .map_err(alg)
        }
        (Value::Layout(_) | Value::IntTuple(_), Value::Swizzle(_) | Value::Composed(_)) => {
            // swizzle_layout.hpp / layout_composed.hpp: the swizzle moves to the left of A
            let l = convert::layout_of(a, aspan)?;
            let r = match b {
                Value::Swizzle(s) => crate::algebra::swizzle::layout_then_swizzle(&l, s),
                Value::Composed(c) => crate::algebra::swizzle::layout_then_composed(&l, c),
                _ => unreachable!("matched above"),
            };
            functions::swizzled_value(r.map_err(alg)?)
        }
        _ => {
            let l = convert::layout_of(a, aspan)?;
            let mut buf = TilerBuf::new();
            let t = to_tiler(b, bspan, &mut buf)?;
            composition::compose_tiler_in(&l, &t, rule)
                .map(Value::Layout)
                .map_err(alg)
        }
    }
}

/// `Sw o OFF o Sw' o …` read from the left: CuTe's printout of a composed layout of a composed
/// layout, which reads back with the inner one in parentheses.
fn nested_composed(span: Span) -> EvalError {
    EvalError::new(
        "a composed layout of a composed layout reads back with the inner one in parentheses: Sw o OFF o (Sw' o OFF' o L)",
        span,
    )
}

fn make_composed(s: Swizzle, o: Offset, l: Layout) -> Value {
    // composition(Swizzle<0,M,S>, Int<0>, L) is L (a run-time 0 keeps the composed layout)
    if s.bits == 0 && o.is_static_zero() {
        return Value::Layout(l);
    }
    Value::composed(ComposedLayout {
        swizzle: s,
        offset: o,
        layout: l,
    })
}

/// CuTe's pointer arithmetic: `p + n` and `n + p` move `p` by `n` elements; `p - n` only on a
/// raw pointer (CuTe's `gmem_ptr` and `smem_ptr` define `+` alone). `None` when neither side
/// is a pointer.
fn pointer_arithmetic(
    op: BinOp,
    a: &Value,
    b: &Value,
    span: Span,
) -> Option<Result<Value, EvalError>> {
    use crate::algebra::pointer::MemSpace;
    if !matches!(op, BinOp::Add | BinOp::Sub) {
        return None;
    }
    let (p, n) = match (a, b) {
        (Value::Pointer(p), _) => (p, b.as_int()),
        (_, Value::Pointer(p)) if op == BinOp::Add => (p, a.as_int()),
        (_, Value::Pointer(_)) => {
            return Some(Err(EvalError::new(
                format!(
                    "'{}' with a pointer on the right: only n + p moves a pointer",
                    op.symbol()
                ),
                span,
            )));
        }
        _ => return None,
    };
    let by = match (op, n) {
        (BinOp::Add, Some(n)) => Some(n),
        (BinOp::Sub, Some(n)) if p.space == MemSpace::Raw => n.checked_neg(),
        (BinOp::Sub, Some(_)) => {
            return Some(Err(EvalError::new(
                format!(
                    "CuTe's {} has no operator- (it defines p + n): write p + (-n)",
                    p.space.prefix()
                ),
                span,
            )));
        }
        _ => None,
    };
    Some(match by {
        Some(n) => p
            .advance(n)
            .map(Value::Pointer)
            .map_err(|e| EvalError::algebra(e, span)),
        None => Err(EvalError::new(
            format!(
                "'{}' of a pointer and {}: a pointer moves by an integer number of elements (p + n)",
                op.symbol(),
                if matches!(a, Value::Pointer(_)) {
                    b.kind()
                } else {
                    a.kind()
                }
            ),
            span,
        )),
    })
}

/// `m0 & m1`, `m0 | m1`, `m0 ^ m1` where either side is a `MixedBits` and the other one or an
/// integer (swizzle.hpp's operators: a static `C<v>` keeps the bits mixed, a run-time integer
/// meets the `MixedBits`'s `uint32_t` and gives a run-time one); `None` for anything else.
fn mixed_bits_arithmetic(op: BinOp, a: &Value, b: &Value) -> Option<Value> {
    use crate::algebra::mixed_bits::Bits;
    let bits = |v: &Value| match v {
        Value::Offset(o @ Offset::Mixed { .. }) => o.as_bits(),
        Value::IntTuple(t) if t.basis().is_none() => t
            .as_int()
            .map(|v| Bits::of(crate::algebra::Int::of(v, t.is_dynamic()))),
        _ => None,
    };
    if !matches!(a, Value::Offset(Offset::Mixed { .. }))
        && !matches!(b, Value::Offset(Offset::Mixed { .. }))
    {
        return None;
    }
    let (x, y) = (bits(a)?, bits(b)?);
    let r = match op {
        BinOp::BitAnd => x.and(y),
        BinOp::BitOr => x.or(y),
        BinOp::BitXor => x.xor(y),
        _ => return None,
    };
    Some(match r {
        Bits::Static(v) => Value::IntTuple(IntTuple::int_of(v, false)),
        Bits::Dynamic(v) => Value::IntTuple(IntTuple::int_of(v, true)),
        m => Value::Offset(Offset::of_bits(m)),
    })
}

/// Python's floor division `a // b` of two integers (of DSL text: a Python body's, a session's):
/// the quotient rounded toward negative infinity (`-7 // 2` is -4), run-time where an operand
/// is. A NumPy array's or TensorSSA's is `host.rs`'s, a number's of a DSL type `elements.rs`'s.
fn floor_divide(a: &Value, b: &Value, bspan: Span, span: Span) -> Result<Value, EvalError> {
    let (Some(x), Some(y)) = (a.as_int(), b.as_int()) else {
        return Err(EvalError::new(
            format!(
                "'//' (Python's floor division) of {} and {}: cute divides integers so",
                a.kind(),
                b.kind()
            ),
            span,
        ));
    };
    if y == 0 {
        return Err(EvalError::new("'//' by zero", bspan));
    }
    let q = x
        .checked_div(y)
        .ok_or_else(|| EvalError::new("'//' overflows a 64-bit integer", span))?;
    let q = if x % y != 0 && ((x < 0) != (y < 0)) {
        q - 1
    } else {
        q
    };
    // a multiple of 0 (0) floor-divided is one too (`assume(x, divby=8) * 0 // 4`; checked
    // with dsl-oracle)
    let zero_div = crate::algebra::integer::ZERO_DIV_KIND;
    if dsl_run_time(a).is_some_and(|i| i.kind() == zero_div) {
        return Ok(Value::IntTuple(IntTuple::of_int(
            crate::algebra::Int::of_kind(q, zero_div),
        )));
    }
    let int = |v: &Value| match v {
        Value::IntTuple(t) => t.as_int_full(),
        _ => None,
    };
    if let (Some(x), Some(y)) = (int(a), int(b))
        && (x.is_i64() || y.is_i64())
    {
        // the DSL's 64-bit run-time integer keeps its kind (`assume(s, divby=4) // 2` is
        // `?{i64 div=2}`; checked with dsl-oracle)
        if let Ok(r) = x.div(y, "//") {
            return Ok(Value::IntTuple(IntTuple::of_int(
                crate::algebra::Int::of_kind(q, r.kind()),
            )));
        }
    }
    if let Some(kind) = python_operator_kind(a, b) {
        return Ok(Value::IntTuple(IntTuple::of_int(
            crate::algebra::Int::of_kind(q, kind),
        )));
    }
    let dynamic = |v: &Value| matches!(v, Value::IntTuple(t) if !t.is_static());
    Ok(Value::IntTuple(IntTuple::int_of(
        q,
        dynamic(a) || dynamic(b),
    )))
}

/// Python's `a ** b` of two integers (DSL text): `a` to the power `b`, a run-time integer where
/// either is (the DSL's `Int32` arithmetic); a negative exponent (Python's float) and overflow
/// are errors.
fn power(a: &Value, b: &Value, bspan: Span, span: Span) -> Result<Value, EvalError> {
    let (Some(x), Some(y)) = (a.as_int(), b.as_int()) else {
        return Err(EvalError::new(
            format!(
                "'**' (Python's power) of {} and {}: cute raises integers only",
                a.kind(),
                b.kind()
            ),
            span,
        ));
    };
    if y < 0 {
        return Err(EvalError::new(
            format!(
                "'**' with the negative exponent {y}: Python's answer is a float, which cute does not model here"
            ),
            bspan,
        ));
    }
    let r = u32::try_from(y)
        .ok()
        .and_then(|e| x.checked_pow(e))
        .ok_or_else(|| EvalError::new(format!("{x} ** {y} overflows a 64-bit integer"), span))?;
    if let Some(kind) = python_operator_kind(a, b) {
        return Ok(Value::IntTuple(IntTuple::of_int(
            crate::algebra::Int::of_kind(r, kind),
        )));
    }
    let dynamic = |v: &Value| matches!(v, Value::IntTuple(t) if !t.is_static());
    Ok(Value::IntTuple(IntTuple::int_of(
        r,
        dynamic(a) || dynamic(b),
    )))
}

/// The CuTe DSL's ValueError where a Python list stands for a shape or an IntTuple (its
/// `make_layout([4, 8])`; checked with dsl-oracle): the message naming the first list of
/// integers and tuples in the argument, `None` where none is or the parameter takes one.
fn dsl_list_refused(function: &str, param: usize, v: &Value) -> Option<String> {
    // (a list of layouts is make_layout's join of them, as the DSL takes it)
    fn first_list(v: &Value) -> Option<&Value> {
        match v {
            Value::List(items)
                if items.iter().all(|i| {
                    matches!(i, Value::IntTuple(_) | Value::Tuple(_) | Value::List(_))
                }) =>
            {
                Some(v)
            }
            Value::Tuple(items) => items.iter().find_map(first_list),
            _ => None,
        }
    }
    let list = first_list(v)?;
    let text = || {
        let mut out = String::new();
        plain::write_traced_value(&mut out, list);
        out
    };
    let shape = "Expected Shape, which is a positive integer or tuple of Shapes, but got";
    let int_tuple = "Expected IntTuple, whose leaves are integers, but got";
    Some(match (function, param) {
        ("make_layout" | "make_ordered_layout", 0) => format!("ValueError: {shape} {}", text()),
        ("make_layout", 1) => "ValueError: shape and stride must be congruent".to_string(),
        ("make_ordered_layout", 1) | ("size", 0) => format!("ValueError: {int_tuple} {}", text()),
        _ => return None,
    })
}

/// Whether `e` is a list display or a tuple display holding one.
fn holds_list_display(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::List(_) => true,
        ExprKind::Tuple(items) => items.iter().any(holds_list_display),
        _ => false,
    }
}

/// Whether `e` is the name `n` or a list or tuple display holding it as an item, at any
/// depth (`xs`, `[xs]`, `(1, xs)`): what `n.append(e)` would make a list that holds itself.
fn mentions_as_item(e: &Expr, n: &str) -> bool {
    match &e.kind {
        ExprKind::Name(m) => *m == n,
        ExprKind::List(items) | ExprKind::Tuple(items) => {
            items.iter().any(|i| mentions_as_item(i, n))
        }
        ExprKind::Group(inner) => mentions_as_item(inner, n),
        _ => false,
    }
}

/// Whether a value is a Python list (`Some(true)`) or tuple (`Some(false)`) in DSL text.
fn python_sequence(v: &Value) -> Option<bool> {
    match v {
        Value::List(_) => Some(true),
        Value::IntTuple(t) if !t.is_int() => Some(false),
        Value::Tuple(_) => Some(false),
        _ => None,
    }
}

/// A Python list's or tuple's items.
fn python_items(v: &Value) -> Vec<Value> {
    match v {
        Value::List(items) | Value::Tuple(items) => items.clone(),
        v => v.tuple_modes().unwrap_or_default(),
    }
}

/// Whether a name is one of Python's builtin classes (`int`, `float`, …): Python prints the
/// class as `<class 'int'>`, `type(x)` of it is `<class 'type'>`.
pub(super) fn is_python_builtin_class(name: &str) -> bool {
    matches!(
        name,
        "int" | "float" | "bool" | "str" | "tuple" | "list" | "dict" | "type" | "object"
    )
}

/// Python's print of a builtin class (`print(int)`): `<class 'int'>`; `None` for any other
/// value.
fn python_class_text(v: &Value) -> Option<String> {
    match v {
        Value::Name(n) if is_python_builtin_class(n) => Some(format!("<class '{n}'>")),
        _ => None,
    }
}

/// Python's name of a value's type in its TypeErrors (`int`, `tuple`, `list`).
fn python_type_name(v: &Value) -> &'static str {
    match v {
        Value::List(_) => "list",
        Value::IntTuple(t) if t.is_int() => "int",
        Value::IntTuple(_) | Value::Tuple(_) => "tuple",
        Value::Bool(_) => "bool",
        Value::Scalar(x) if x.python => "float",
        Value::Dict(_) => "dict",
        _ => "object",
    }
}

/// Python's `+` and `*` of sequences (DSL text): `xs + ys` of two lists or two tuples,
/// `xs * n` or `n * xs` (n a Python int; none at all where n <= 0). `None` where neither
/// applies. The result's size is checked against the limit on values before it is built.
fn python_sequence_binary(
    op: BinOp,
    a: &Value,
    b: &Value,
    bspan: Span,
    span: Span,
) -> Option<Result<Value, EvalError>> {
    let make = |items: Vec<Value>, list: bool| {
        if list {
            Value::List(items)
        } else {
            Value::tuple(items)
        }
    };
    let limit = |m| EvalError::limit(m, span);
    match op {
        BinOp::Add => {
            let list = python_sequence(a)?;
            if python_sequence(b) != Some(list) {
                // a tuple plus another value is the algebra's (an IntTuple's `+`)
                if !list {
                    return None;
                }
                return Some(Err(EvalError::new(
                    format!(
                        "TypeError: can only concatenate list (not \"{}\") to list",
                        python_type_name(b)
                    ),
                    bspan,
                )));
            }
            Some(
                value::check_joined(&[(a, 1), (b, 1)])
                    .map_err(limit)
                    .map(|()| {
                        let mut items = python_items(a);
                        items.extend(python_items(b));
                        make(items, list)
                    }),
            )
        }
        BinOp::Product => {
            let static_int = |v: &Value| match v {
                Value::IntTuple(t) if t.is_int() && !t.is_dynamic() => t.as_int(),
                _ => None,
            };
            let (whole, list, n) = match (python_sequence(a), python_sequence(b)) {
                (Some(list), None) => (a, list, static_int(b)?),
                (None, Some(list)) => (b, list, static_int(a)?),
                _ => return None,
            };
            // (an empty sequence repeated is empty however many times: no pass per time)
            let empty = match whole {
                Value::List(items) | Value::Tuple(items) => items.is_empty(),
                Value::IntTuple(t) => t.rank() == 0,
                _ => false,
            };
            let times = if empty {
                0
            } else {
                usize::try_from(n).unwrap_or(0)
            };
            Some(
                value::check_joined(&[(whole, times)])
                    .map_err(limit)
                    .map(|()| {
                        let items = python_items(whole);
                        let mut out = Vec::with_capacity(items.len() * times);
                        for _ in 0..times {
                            out.extend(items.iter().cloned());
                        }
                        make(out, list)
                    }),
            )
        }
        _ => None,
    }
}

fn binary(
    op: BinOp,
    a: &Value,
    aspan: Span,
    b: &Value,
    bspan: Span,
    span: Span,
) -> Result<Value, EvalError> {
    if op == BinOp::Pow {
        return power(a, b, bspan, span);
    }
    // the DSL's NotImplementedError (core.py's ScaledBasis.__mul__)
    if op == BinOp::Product && [a, b].iter().any(|v| matches!(v, Value::RatioBasis(..))) {
        return Err(EvalError::new(
            "NotImplementedError: scaling a basis element having a ratio is not supported",
            span,
        ));
    }
    // the DSL's `Ratio * int`, `int * Ratio`, `Ratio * Ratio`
    if op == BinOp::Product
        && let Some(product) = match (a, b) {
            (Value::Ratio(r), other) | (other, Value::Ratio(r)) => r.times(other),
            _ => None,
        }
    {
        return product
            .map(Value::Ratio)
            .ok_or_else(|| EvalError::new("a Ratio's product overflows 64 bits", span));
    }
    if let Some(r) = elements::scalar_binary(op, a, b, span) {
        return r;
    }
    if let Some(r) = constant::binary(op, a, b, span) {
        return r;
    }
    if matches!(op, BinOp::Eq | BinOp::Ne) {
        return equality::compare(op, a, b, span);
    }
    if matches!(op, BinOp::In | BinOp::NotIn) {
        return membership(op, a, b, bspan, span);
    }
    if matches!(op, BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge) {
        return equality::relational(op, a, aspan, b, bspan);
    }
    if op == BinOp::FloorDiv {
        return floor_divide(a, b, bspan, span);
    }
    // a truth value in arithmetic is the integer 1 or 0 (C++ promotes a bool; CuTe's
    // `C<true> + _1{}` is `_2`), of its kind
    if Arithmetic::of(op).is_some()
        && (matches!(a, Value::Bool(_)) || matches!(b, Value::Bool(_)))
        && [a, b]
            .iter()
            .all(|v| matches!(v, Value::Bool(_)) || v.as_int().is_some())
    {
        let promoted = |v: &Value| match v {
            Value::Bool(t) => Value::int(i64::from(*t)),
            other => other.clone(),
        };
        return binary(op, &promoted(a), aspan, &promoted(b), bspan, span);
    }
    if let (Some(x), Some(y), Some(kind)) = (a.as_int(), b.as_int(), Arithmetic::of(op)) {
        let r = arithmetic(op, kind, x, y, bspan, span)?;
        if r as i32 as i64 != r {
            int_overflow(op, kind, a, b, span)?;
        }
        let dynamic = arithmetic_is_dynamic(op, kind, a, x, b, y);
        return Ok(Value::IntTuple(IntTuple::of_int(if dynamic {
            crate::algebra::Int::of_kind(r, arithmetic_dynamic_kind(kind, a, b))
        } else {
            crate::algebra::Int::st(r)
        })));
    }
    // basis elements: `Int<2>{} * E<1>{}` scales, `+` adds as CuTe's arithmetic tuples
    if let (Value::IntTuple(x), Value::IntTuple(y)) = (a, b)
        && (x.has_basis() || y.has_basis())
    {
        let alg = |e| EvalError::algebra(e, span);
        return match op {
            BinOp::Product => match (a.as_int(), b.as_int(), x.as_stride(), y.as_stride()) {
                (Some(k), None, _, Some(d)) | (None, Some(k), Some(d), _) => d
                    .scaled(k, "*")
                    .map(|d| Value::IntTuple(IntTuple::stride(d)))
                    .map_err(alg),
                _ => Err(EvalError::new(
                    "'*' of basis elements: one side must be an integer",
                    span,
                )),
            },
            BinOp::Add => crate::algebra::basis::index_add(x, y)
                .map(Value::IntTuple)
                .map_err(alg),
            _ => Err(EvalError::new(
                format!(
                    "'{}' is not defined on basis elements (CuTe's arithmetic tuples add and scale)",
                    op.symbol()
                ),
                span,
            )),
        };
    }
    if let Some(v) = mixed_bits_arithmetic(op, a, b) {
        return Ok(v);
    }
    if let Some(v) = pointer_arithmetic(op, a, b, span) {
        return v;
    }
    // which operators compute integers is said once, by [`Arithmetic::of`]
    match Arithmetic::of(op) {
        None if op == BinOp::Compose => compose_values(a, aspan, b, bspan, span),
        // the comparisons, `&&` and `||`
        None => unreachable!("compared above"),
        // as the functions they stand for (which also take composed layouts)
        Some(Arithmetic::Div | Arithmetic::Mul) => {
            let name = if op == BinOp::Divide {
                "logical_divide"
            } else {
                "logical_product"
            };
            let f = functions::lookup(name).expect("in the function table");
            functions::call(f, &[a.clone(), b.clone()], &[aspan, bspan], span)
        }
        Some(Arithmetic::Add | Arithmetic::Sub | Arithmetic::Rem | Arithmetic::Bitwise) => {
            let (bad, bad_span) = if a.as_int().is_none() {
                (a, aspan)
            } else {
                (b, bspan)
            };
            Err(EvalError::new(
                format!(
                    "'{}' is integer arithmetic: it needs two integers, found {}",
                    op.symbol(),
                    bad.kind()
                ),
                bad_span,
            ))
        }
    }
}

/// `op x` on an integer (`-x`, `+x`, `~x` of CuTe's kind: a static operand gives a static
/// result) or `!x` on an integer or a bool (a bool).
/// Python's `*x` where no call's arguments take it.
fn splat_outside_call(span: Span) -> EvalError {
    EvalError::new(
        "Python's '*x' unpacks a tuple among a NumPy call's arguments (np.random.randn(*shape), a.reshape(*shape)); elsewhere it is not modelled",
        span,
    )
}

fn unary(op: UnOp, v: &Value, vspan: Span, span: Span) -> Result<Value, EvalError> {
    if op == UnOp::Splat {
        return Err(splat_outside_call(span));
    }
    if let Some(r) = elements::scalar_unary(op, v, span) {
        return r;
    }
    if let Some(r) = constant::unary(op, v, vspan, span) {
        return r;
    }
    if op == UnOp::Not
        && let Value::Bool(b) = v
    {
        return Ok(Value::Bool(!b));
    }
    if op == UnOp::Deref {
        return Err(structs::not_dereferenced(v, span));
    }
    let Some(x) = v.as_int() else {
        return Err(EvalError::new(
            format!(
                "the prefix '{}' is integer arithmetic: it needs an integer, found {}",
                op.symbol(),
                v.kind()
            ),
            vspan,
        ));
    };
    let dynamic = matches!(v, Value::IntTuple(t) if t.is_dynamic());
    let r = match op {
        UnOp::Neg => x.checked_neg().ok_or_else(|| {
            EvalError::of_kind(
                ErrorKind::Overflow,
                format!("integer overflow in -({x})"),
                span,
            )
        })?,
        UnOp::Plus => x,
        UnOp::BitNot => !x,
        // `!C<t>` is `C<!t>`; `!` of a run-time integer C++'s `bool` (a run-time 1 or 0)
        UnOp::Not if dynamic => i64::from(x == 0),
        UnOp::Not => return Ok(Value::Bool(x == 0)),
        UnOp::Splat => return Err(splat_outside_call(span)),
        UnOp::Deref => return Err(structs::not_dereferenced(v, span)),
    };
    // (the DSL's `-x` of a value it does not know, an `IntValue`'s too, is one it does not
    // know: `-assume(x, divby=8) * 4` is `?`)
    if let Some(i) = dsl_run_time(v)
        && (i.is_unknown() || i.is_int_value())
    {
        return Ok(Value::IntTuple(IntTuple::of_int(
            crate::algebra::Int::unknown(r),
        )));
    }
    Ok(Value::IntTuple(IntTuple::int_of(r, dynamic)))
}

/// The run-time integer `v` is, with its kind.
fn dsl_run_time(v: &Value) -> Option<crate::algebra::Int> {
    match v {
        Value::IntTuple(t) if t.is_dynamic() => t.as_int_full(),
        _ => None,
    }
}

/// The kind of the DSL's `a // b` or `a ** b` of integers, where either is one of the DSL's
/// own run-time kinds: an `IntValue` where either is one (`cute.size((b, b)) // 2 * 4` is
/// `?{div=4}`), else unknown where either is ([`crate::algebra::Int::unknown`]).
fn python_operator_kind(a: &Value, b: &Value) -> Option<u32> {
    use crate::algebra::integer::{INT_VALUE_KIND, UNKNOWN_KIND};
    let (x, y) = (dsl_run_time(a), dsl_run_time(b));
    if x.is_some_and(|i| i.is_int_value()) || y.is_some_and(|i| i.is_int_value()) {
        return Some(INT_VALUE_KIND);
    }
    (x.is_some_and(|i| i.is_unknown()) || y.is_some_and(|i| i.is_unknown())).then_some(UNKNOWN_KIND)
}

/// The integer arithmetic a binary operator stands for, `None` for the others (composition,
/// the comparisons, `&&`, `||`): the one place that says which operators compute integers.
#[derive(Clone, Copy)]
enum Arithmetic {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    /// `<< >> & ^ |`, by [`crate::algebra::arith::integer_op`] under the operator's symbol.
    Bitwise,
}

impl Arithmetic {
    /// `x op y` of [`crate::algebra::Int`]s, their kinds carried (a bitwise operator under its
    /// `symbol`).
    fn on_ints(
        self,
        x: crate::algebra::Int,
        y: crate::algebra::Int,
        symbol: &'static str,
    ) -> Result<crate::algebra::Int, crate::algebra::AlgebraError> {
        match self {
            Arithmetic::Add => x.add(y, "+"),
            Arithmetic::Sub => x.sub(y, "-"),
            Arithmetic::Mul => x.mul(y, "*"),
            Arithmetic::Div => x.div(y, "/"),
            Arithmetic::Rem => x.rem(y, "%"),
            Arithmetic::Bitwise => x.bitwise(y, symbol),
        }
    }

    fn of(op: BinOp) -> Option<Arithmetic> {
        Some(match op {
            BinOp::Add => Arithmetic::Add,
            BinOp::Sub => Arithmetic::Sub,
            BinOp::Product => Arithmetic::Mul,
            BinOp::Divide => Arithmetic::Div,
            BinOp::Rem => Arithmetic::Rem,
            BinOp::Shl | BinOp::Shr | BinOp::BitAnd | BinOp::BitXor | BinOp::BitOr => {
                Arithmetic::Bitwise
            }
            BinOp::Compose
            | BinOp::FloorDiv
            | BinOp::Pow
            | BinOp::Eq
            | BinOp::Ne
            | BinOp::Lt
            | BinOp::Le
            | BinOp::Gt
            | BinOp::Ge
            | BinOp::In
            | BinOp::NotIn
            | BinOp::And
            | BinOp::Or => return None,
        })
    }
}

/// The DSL's `x op y` (`+ - *`) of two `cutlass.Int32` values (a plain run-time integer, or
/// one beside a Python int of an `Int32`'s value) whose result is past 32 bits: wrapped modulo
/// 2^32, as the DSL's `Int32` computes it (dsl 4.8.1: `Int32(65536) * 65536` is 0,
/// `Int32(2147483647) + 1` is -2147483648); `None` for any other.
fn dsl_int32_wrap(op: BinOp, x: &IntTuple, y: &IntTuple) -> Option<crate::algebra::Int> {
    let (x, y) = (x.as_int_full()?, y.as_int_full()?);
    let int32 = |i: crate::algebra::Int| i.kind() <= 1 && i.value as i32 as i64 == i.value;
    if !(x.dynamic() || y.dynamic()) || !int32(x) || !int32(y) {
        return None;
    }
    let r = match op {
        BinOp::Add => x.value + y.value,
        BinOp::Sub => x.value - y.value,
        BinOp::Product => x.value * y.value,
        _ => return None,
    };
    (r as i32 as i64 != r).then(|| crate::algebra::Int::dy(r as i32 as i64))
}

/// `a op b` of run-time integers whose value is past `int`'s range: where both are `int`s, the
/// algebra's error ([`crate::algebra::Int`]'s arithmetic: CuTe computes it in `int`, undefined
/// behaviour in C++), which names it.
#[cold]
#[inline(never)]
fn int_overflow(
    op: BinOp,
    kind: Arithmetic,
    a: &Value,
    b: &Value,
    span: Span,
) -> Result<(), EvalError> {
    let int = |v: &Value| match v {
        Value::IntTuple(t) => t.as_int_full(),
        _ => None,
    };
    if let (Some(x), Some(y)) = (int(a), int(b))
        && (x.dynamic() || y.dynamic())
        && let Err(e) = kind.on_ints(x, y, op.symbol())
    {
        return Err(EvalError::algebra(e, span));
    }
    Ok(())
}

/// Whether `x op y` is dynamic, as CuTe's integral_constant arithmetic gives it (dynamic where
/// an operand is, but for `_0 * y`, `_0 / y`, `y % _1`, …: [`crate::algebra::Int`]).
fn arithmetic_is_dynamic(
    op: BinOp,
    kind: Arithmetic,
    a: &Value,
    x: i64,
    b: &Value,
    y: i64,
) -> bool {
    use crate::algebra::Int;
    let dynamic = |v: &Value| matches!(v, Value::IntTuple(t) if t.is_dynamic());
    let (x, y) = (Int::of(x, dynamic(a)), Int::of(y, dynamic(b)));
    let r = kind.on_ints(x, y, op.symbol());
    r.is_ok_and(|r| r.dynamic())
}

/// The kind of `a op b` of run-time integers ([`crate::algebra::Int::kind`]), as the CuTe DSL
/// has it. Where an operand is a value of the DSL's `IntValue` (one with a divisibility,
/// `cute.assume(x, divby=4)`, or an int-tuple operation's result), its operators are the
/// int-tuple ones (`+`, `-`: the gcd of the two divisibilities; `*`: the product; `%` by a
/// static integer: the gcd) and give an `IntValue`; beside one, a `cutlass.Int32(3)` written in
/// the body counts as its value, and a value the DSL does not know ([`Int::unknown`]: a jit
/// function's parameter) as divisibility 1. Plain `cutlass.Int32` operands compute as a Python
/// integer type and keep nothing (`Int32(8) * 4` prints `?`): unknown where either is (checked
/// with dsl-oracle).
///
/// [`Int::unknown`]: crate::algebra::Int::unknown
fn arithmetic_dynamic_kind(kind: Arithmetic, a: &Value, b: &Value) -> u32 {
    use crate::algebra::Int;
    use crate::algebra::integer::{INT_VALUE_KIND, UNKNOWN_KIND, ZERO_DIV_KIND};
    let int = |v: &Value| match v {
        Value::IntTuple(t) => t.as_int_full(),
        _ => None,
    };
    let (Some(x), Some(y)) = (int(a), int(b)) else {
        return 1;
    };
    // a Python integer past Int32 beside a run-time one makes the DSL's 64-bit one, of which
    // nothing is known (`assume(x, divby=4) * 2**31` is `?{i64}` in a layout; checked with
    // dsl-oracle)
    let past_i32 = |i: Int| !i.dynamic() && i32::try_from(i.value).is_err();
    if (past_i32(x) && y.dynamic() && !y.is_i64()) || (past_i32(y) && x.dynamic() && !x.is_i64()) {
        return crate::algebra::integer::I64_KIND;
    }
    if !x.is_int_value() && !y.is_int_value() {
        return if x.is_unknown() || y.is_unknown() {
            UNKNOWN_KIND
        } else {
            1
        };
    }
    // beside an `IntValue`, a `cutlass.Int32(v)` is packed as its Python value: a static v
    // (`Int32(16) + assume(x, divby=36)` is `?{div=4}`)
    let literal = |i: Int| {
        if i.dynamic() && !i.is_int_value() && !i.is_unknown() {
            Int::st(i.value)
        } else {
            i
        }
    };
    let (x, y) = (literal(x), literal(y));
    // the DSL's `Int64` numeric beside a static integer or another: an `Int64` numeric, of
    // which nothing is known (`Int64(x) * 2` is `?{i64}` in a tuple; checked with dsl-oracle)
    let numeric = |i: Int| i.is_i64_numeric() || !i.dynamic();
    if (x.is_i64_numeric() || y.is_i64_numeric()) && numeric(x) && numeric(y) {
        return Int::i64_numeric(0).kind();
    }
    if x.is_i64() || y.is_i64() {
        // the DSL's 64-bit run-time integer: its own arithmetic ([`Int`]'s)
        let r = kind.on_ints(x, y, "|");
        // (`s * 0` too: `?{i64}`, where C++'s `x * _0` is `_0`)
        return match r {
            Ok(r) if r.dynamic() => r.kind(),
            _ => crate::algebra::integer::I64_KIND,
        };
    }
    // the DSL's product of an `IntValue` and 0 is a multiple of 0 (where C++'s `x * _0` is `_0`)
    if let Arithmetic::Mul = kind
        && ((x.is_constant(0) && y.is_int_value()) || (y.is_constant(0) && x.is_int_value()))
    {
        return ZERO_DIV_KIND;
    }
    if let Arithmetic::Div | Arithmetic::Bitwise = kind {
        return INT_VALUE_KIND;
    }
    let r = kind.on_ints(x, y, "");
    match r {
        Ok(r) if r.kind() == ZERO_DIV_KIND => ZERO_DIV_KIND,
        Ok(r) if r.divisibility() != 0 => r.kind(),
        _ => INT_VALUE_KIND,
    }
}

/// `x op y` on two integers, as C++ computes it (`/` truncates, `%` takes the dividend's sign);
/// overflow and division by zero are errors.
fn arithmetic(
    op: BinOp,
    kind: Arithmetic,
    x: i64,
    y: i64,
    yspan: Span,
    span: Span,
) -> Result<i64, EvalError> {
    if matches!(kind, Arithmetic::Div | Arithmetic::Rem) && y == 0 {
        return Err(EvalError::of_kind(
            ErrorKind::Overflow,
            format!("division by zero in '{}'", op.symbol()),
            yspan,
        ));
    }
    let r = match kind {
        Arithmetic::Add => x.checked_add(y),
        Arithmetic::Sub => x.checked_sub(y),
        Arithmetic::Mul => x.checked_mul(y),
        Arithmetic::Div => x.checked_div(y),
        Arithmetic::Rem => x.checked_rem(y),
        Arithmetic::Bitwise => {
            return crate::algebra::arith::integer_op(op.symbol(), x, y).map_err(|e| match e {
                crate::algebra::AlgebraError::Overflow(_) => EvalError::of_kind(
                    ErrorKind::Overflow,
                    format!("integer overflow in {x} {} {y}", op.symbol()),
                    span,
                ),
                other => EvalError::algebra(other, yspan),
            });
        }
    };
    r.ok_or_else(|| {
        EvalError::of_kind(
            ErrorKind::Overflow,
            format!("integer overflow in {x} {} {y}", op.symbol()),
            span,
        )
    })
}

impl Env {
    /// Python's `t[start:stop:step]` of a tuple or a list (a list's slice is a list): its modes
    /// CPython's `PySlice_AdjustIndices` picks. A bound left out (`None`) is the end the step
    /// walks from or to; a negative bound counts from the end; bounds are clamped to `[0, len]`
    /// (a step > 0) or `[-1, len - 1]` (a step < 0); the picked indices are `start, start +
    /// step, …` while before `stop` in the step's direction. A step of 0 is Python's ValueError.
    /// Python's repr of an index: `slice(1, 3, None)` of a slice (its bounds' values), `1`,
    /// `None`.
    fn python_index_text(&self, e: &Expr) -> Result<String, EvalError> {
        let bound = |e: &Expr| -> Result<String, EvalError> {
            let mut out = String::new();
            plain::write_traced_value(&mut out, &self.eval(e)?);
            Ok(out)
        };
        match e.kind {
            ExprKind::Call(s, [a, b, c]) if s.kind == ExprKind::Name("slice") => Ok(format!(
                "slice({}, {}, {})",
                bound(a)?,
                bound(b)?,
                bound(c)?
            )),
            _ => bound(e),
        }
    }

    fn python_slice(
        &self,
        base: &Expr,
        [start, stop, step]: [&Expr; 3],
        span: Span,
    ) -> Result<Value, EvalError> {
        let v = self.eval(base)?;
        let Some(modes) = v.tuple_modes() else {
            let shown = self.python_index_text(&Expr {
                kind: ExprKind::Call(
                    &Expr {
                        kind: ExprKind::Name("slice"),
                        span,
                    },
                    &[*start, *stop, *step],
                ),
                span,
            })?;
            return Err(EvalError::new(slice_refused(&v, &shown, false), base.span));
        };
        let len = modes.len() as i64;
        let int_or_none = |e: &Expr| -> Result<Option<i64>, EvalError> {
            match self.eval(e)? {
                Value::Under => Ok(None),
                Value::IntTuple(t) if t.is_int() && !t.is_dynamic() => Ok(t.as_int()),
                other => Err(EvalError::new(
                    format!(
                        "a slice's bound is a Python int or None, found {}",
                        other.kind()
                    ),
                    e.span,
                )),
            }
        };
        let step = int_or_none(step)?.unwrap_or(1);
        if step == 0 {
            return Err(EvalError::new(
                "ValueError: slice step cannot be zero",
                span,
            ));
        }
        let (low, high) = if step > 0 { (0, len) } else { (-1, len - 1) };
        let bound = |e: &Expr, default: i64| -> Result<i64, EvalError> {
            Ok(match int_or_none(e)? {
                None => default,
                Some(n) if n < 0 => n.saturating_add(len).max(low),
                Some(n) => n.min(high),
            })
        };
        let (from, to) = if step > 0 {
            (bound(start, 0)?, bound(stop, len)?)
        } else {
            (bound(start, len - 1)?, bound(stop, -1)?)
        };
        let mut picked = Vec::new();
        let mut i = from;
        while (step > 0 && i < to) || (step < 0 && i > to) {
            picked.push(modes[i as usize].clone());
            i = match i.checked_add(step) {
                Some(next) => next,
                None => break,
            };
        }
        let v = match v {
            Value::List(_) => Value::List(picked),
            _ => Value::tuple(picked),
        };
        check_limits(&v, span)?;
        Ok(v)
    }
}

/// The error of a Python slice `shown` (`slice(1, 3, None)`, `(slice(1, 3, None), 1)`: several
/// modes where `modes`) of a value that is no tuple or list: a tensor's is the DSL's ValueError
/// (its coordinate's leaves are integers or None), a layout's its TypeError (its mode index
/// compared with 0); NumPy's and torch's views are not modelled (checked with dsl-oracle).
fn slice_refused(v: &Value, shown: &str, modes: bool) -> String {
    use crate::algebra::pointer::PtrBase;
    match v {
        Value::OffsetLayout(Origin::Ptr(p), _)
            if matches!(p.base, PtrBase::Host { dlpack: false, .. }) =>
        {
            format!(
                "a slice of a NumPy or torch array ({shown}, a view of its memory) is not modelled: cute models its elements a[i, j] and from_dlpack(a)"
            )
        }
        Value::OffsetLayout(..) | Value::SwizzledTensor(..) | Value::FakeTensor(_) => format!(
            "ValueError: Expected Coord, whose leaves are integers or None, but got {shown} (the CuTe DSL's tensors take no slice: a coordinate with None, t[None, 1], selects modes)"
        ),
        Value::Layout(_) | Value::Composed(_) => format!(
            "TypeError: '<=' not supported between instances of 'int' and '{}' (the CuTe DSL's layouts take a mode's index, not a slice)",
            if modes { "tuple" } else { "slice" }
        ),
        other => format!(
            "a slice t[a:b] is of a tuple or a list, found {}",
            other.kind()
        ),
    }
}

/// Python's `a in b` / `a not in b`: whether `a` equals an element of the tuple `b` (a key of
/// the dict `b`), by `==` as [`equality::compare`] has it.
fn membership(
    op: BinOp,
    a: &Value,
    b: &Value,
    bspan: Span,
    span: Span,
) -> Result<Value, EvalError> {
    let items: Vec<Value> = match b {
        Value::Tuple(items) => items.clone(),
        Value::IntTuple(t) if !t.is_int() => {
            t.modes().map(|m| Value::IntTuple(m.to_owned())).collect()
        }
        Value::Dict(pairs) => pairs.iter().map(|(k, _)| k.clone()).collect(),
        other => {
            return Err(EvalError::new(
                format!(
                    "'{}' needs a tuple or a dict on its right, found {}",
                    op.symbol(),
                    other.kind()
                ),
                bspan,
            ));
        }
    };
    let mut found = false;
    for item in &items {
        if matches!(
            equality::compare(BinOp::Eq, a, item, span),
            Ok(Value::Bool(true))
        ) {
            found = true;
            break;
        }
    }
    Ok(Value::Bool(found == (op == BinOp::In)))
}

/// The names that stand for a value when no variable has them: C++'s `X` and `Underscore`
/// (CuTe's `_`), Python's `None` (a mode kept) and `Ellipsis` (`...`), `True`/`False` and C++'s
/// `true`/`false`.
pub fn constant(name: &str) -> Option<Value> {
    Some(match name {
        "X" | "Underscore" | "None" => Value::Under,
        // Python's `...`, printed `Ellipsis`
        "Ellipsis" => Value::Name("Ellipsis".into()),
        "true" | "True" => Value::Bool(true),
        "false" | "False" => Value::Bool(false),
        // CuTe's `true_type`, `false_type`: `C<true>`, `C<false>`, printed `_1`, `_0`
        "true_type" => Value::Bool(true),
        "false_type" => Value::Bool(false),
        // CuTe's `using smem_ptr_flag = smem_ptr_flag_bits<1>;` (pointer_flagged.hpp): the flag
        // of GMMA's `Layout_*_Atom_Bits`, `ComposedLayout<Swizzle<3,4,3>, smem_ptr_flag, …>`
        "smem_ptr_flag" => Value::Offset(Offset::SmemPtr(1)),
        _ => return crate::atoms::tmem::constant(name).map(Value::int),
    })
}

/// Whether an expression is an IntTuple written out: an integer or a tuple of such.
fn is_int_literal(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::DynInt(_) | ExprKind::Scaled(..) => true,
        ExprKind::Tuple(items) | ExprKind::List(items) => items.iter().all(is_int_literal),
        _ => false,
    }
}

/// The IntTuple an [`is_int_literal`] expression writes (what evaluating it gives).
fn int_literal(e: &Expr) -> IntTuple {
    match &e.kind {
        ExprKind::Tuple(items) | ExprKind::List(items) => items.iter().map(int_literal).collect(),
        ExprKind::Int(v) => IntTuple::int(*v),
        ExprKind::DynInt(v) => IntTuple::int_of(*v, true),
        ExprKind::Scaled(v, b) => IntTuple::stride(crate::algebra::basis::Stride::new(*v, *b)),
        _ => unreachable!("checked by is_int_literal"),
    }
}

/// CuTe's bit fields (bit_field.rs) in the session.
impl Env {
    /// `bit_field<BitStart, NumBits[, T]>` (container/bit_field.hpp) as a type, its template
    /// arguments evaluated and checked: named by [`bit_field::BitField::text`]. `None`: `n`
    /// names no bit field.
    fn bit_field_type(&self, n: &str, span: Span) -> Option<Result<Value, EvalError>> {
        let args = n
            .strip_prefix("cute::")
            .unwrap_or(n)
            .strip_prefix("bit_field<")?
            .strip_suffix('>')?;
        Some((|| {
            let args = structs::split_args(args);
            let (start, bits, other) = match args[..] {
                [s, b] => (s, b, None),
                [s, b, t] => (s, b, Some(t)),
                _ => {
                    return Err(EvalError::new(
                        "bit_field<BitStart, NumBits[, OtherValueType]> takes two or three template arguments",
                        span,
                    ));
                }
            };
            let start = self.member_int(start, "bit_field's BitStart", span)?;
            let bits = self.member_int(bits, "bit_field's NumBits", span)?;
            let other = match other {
                None => None,
                Some(t) => {
                    let t = t.trim();
                    let name = match self.get(t) {
                        Some(Value::Name(n)) => n.clone(),
                        _ => t.to_string(),
                    };
                    Some(storage::ElemType::of_name(&name).ok_or_else(|| {
                        EvalError::new(
                            format!(
                                "bit_field's OtherValueType '{t}' is not an element type cute holds"
                            ),
                            span,
                        )
                    })?)
                }
            };
            bit_field::BitField::new(start, bits, other)
                .map(|f| Value::Name(f.text()))
                .map_err(|m| EvalError::new(m, span))
        })())
    }

    /// `BF bf{};` of a bit field type `BF` (its storage value-initialized), and `bf = x;` of a
    /// variable of one (CuTe's `operator=`, which masks `x`): the value to bind. `None`: the
    /// statement is neither (a declaration of the name ends its being a bit field).
    fn bit_field_assigned(
        &mut self,
        name: &str,
        declared: Option<parser::DeclaredInt>,
        expr: &Expr,
    ) -> Result<Option<Value>, EvalError> {
        if let ExprKind::Call(callee, args) = expr.kind
            && let ExprKind::Name(n) | ExprKind::Qualified(n) = callee.kind
            && let Some(field) = match self.get(n) {
                Some(Value::Name(t)) => bit_field::BitField::of_text(t),
                _ => match self.bit_field_type(n, callee.span) {
                    Some(Ok(Value::Name(t))) => bit_field::BitField::of_text(&t),
                    Some(Err(e)) => return Err(e),
                    _ => None,
                },
            }
        {
            if !args.is_empty() {
                return Err(EvalError::new(
                    format!(
                        "{}{{…}} initializes its storage words (data_), which cute does not hold: write {}{{}} and assign the value (bf = x)",
                        field.text(),
                        field.text()
                    ),
                    expr.span,
                ));
            }
            let v = field.zero().map_err(|m| EvalError::new(m, expr.span))?;
            self.bit_fields.insert(name.to_string(), field);
            self.int_types.insert(name.to_string(), field.value_type());
            return Ok(Some(v));
        }
        // `auto bf = BF{};` (`BF{}` reads as the type): the object value-initialized
        if declared == Some(parser::DeclaredInt::Auto)
            && let ExprKind::Name(n) | ExprKind::Qualified(n) = expr.kind
            && let Some(field) = match self.get(n) {
                Some(Value::Name(t)) => bit_field::BitField::of_text(t),
                Some(_) => None,
                None => match self.bit_field_type(n, expr.span) {
                    Some(Ok(Value::Name(t))) => bit_field::BitField::of_text(&t),
                    Some(Err(e)) => return Err(e),
                    _ => None,
                },
            }
        {
            let v = field.zero().map_err(|m| EvalError::new(m, expr.span))?;
            self.bit_fields.insert(name.to_string(), field);
            self.int_types.insert(name.to_string(), field.value_type());
            return Ok(Some(v));
        }
        // `auto e = bf;`: a copy of the object, a bit field of the same type
        if declared == Some(parser::DeclaredInt::Auto)
            && let ExprKind::Name(n) = expr.kind
            && let Some(&field) = self.bit_fields.get(n)
            && let Some(v) = self.get(n).cloned()
        {
            self.bit_fields.insert(name.to_string(), field);
            self.int_types.insert(name.to_string(), field.value_type());
            return Ok(Some(v));
        }
        if declared.is_some() {
            self.bit_fields.remove(name);
            return Ok(None);
        }
        let Some(&field) = self.bit_fields.get(name) else {
            return Ok(None);
        };
        let (v, ty) = self.eval_checked_typed(expr)?;
        field.set(v, ty, expr.span).map(Some)
    }
}

impl Env {
    /// A declaration's value of a C++ integer type (`int b = …`, `auto c = b * 2`: `ty`, the
    /// value's own type): the variable's type recorded (a declaration of another type
    /// forgets it), the value converted to it as C++ converts (modulo 2^bits; a `size_t`
    /// past the signed 64-bit integers held as its bits, [`typed_bits`]); an assignment keeps
    /// the variable's type.
    fn typed_int_binding(
        &mut self,
        name: &str,
        declared: Option<parser::DeclaredInt>,
        v: Value,
        ty: Option<storage::ElemType>,
        span: Span,
    ) -> Result<Value, EvalError> {
        // `int x = s;` of a struct object: its conversion function's value (`operator T()`)
        let (v, ty) = match (declared, &v) {
            (Some(parser::DeclaredInt::Int(..)), Value::Struct(_)) => {
                (self.struct_converted(&v, span)?, None)
            }
            _ => (v, ty),
        };
        let recorded = match declared {
            Some(parser::DeclaredInt::Int(bits, signed)) => storage::ElemType::of_int(bits, signed),
            Some(parser::DeclaredInt::Auto) => ty,
            Some(parser::DeclaredInt::Other) => None,
            None => match self.int_types.get(name) {
                Some(&t) => Some(t),
                None => return untyped(v, ty, span),
            },
        };
        match recorded {
            Some(t) => _ = self.int_types.insert(name.to_string(), t),
            None => {
                if declared.is_some() {
                    self.int_types.remove(name);
                }
                return untyped(v, ty, span);
            }
        }
        let to = recorded.expect("matched above");
        match v {
            Value::IntTuple(ref t) if let Some((x, true)) = t.as_int_kind() => {
                let x = typed_value(x, ty);
                storage::Scalar::new(to, storage::Number::Int(x))
                    .map(typed_int)
                    .map_err(|m| EvalError::new(m, span))
            }
            // a converting initialization (assignment): a floating value truncated toward zero
            // (`int y = 2.5;` is 2; past the type's range undefined in C++, an error), a truth
            // value 0 or 1
            Value::Scalar(ref s) => storage::Scalar::new(to, s.value)
                .map(typed_int)
                .map_err(|m| EvalError::new(m, span)),
            Value::Bool(b) => storage::Scalar::new(to, storage::Number::Int(i128::from(b)))
                .map(typed_int)
                .map_err(|m| EvalError::new(m, span)),
            // `int y = int;`: a type's name is no value
            Value::Name(ref n)
                if constant::IntType::of_name(n).is_some()
                    || storage::ElemType::of_name(n).is_some() =>
            {
                Err(EvalError::new(
                    format!(
                        "'{n}' is a type, not a value: the {} variable is initialized from a value (int y = 2;)",
                        to.name()
                    ),
                    span,
                ))
            }
            v => Ok(v),
        }
    }

    /// An expression's value and, where it has one, its C++ integer type (the value carries
    /// it as C++'s does: a variable's declared type, a cast's, an arithmetic result's, whose
    /// operands' types each came up with them: no expression is walked twice). `None`: no
    /// C++ integer type of cute's typed arithmetic (a literal's `int` is taken where it meets
    /// a typed operand).
    pub(super) fn eval_typed(
        &self,
        e: &Expr,
    ) -> Result<(Value, Option<storage::ElemType>), EvalError> {
        match e.kind {
            // as [`Env::eval`]: the stack grows on demand for deep nesting
            ExprKind::Binary(..)
            | ExprKind::Group(_)
            | ExprKind::Unary(..)
            | ExprKind::Call(..) => {
                stacker::maybe_grow(1024 * 1024, 8 * 1024 * 1024, || self.eval_typed_inner(e))
            }
            // a variable of a C++ integer type
            ExprKind::Name(n)
                if !self.int_types.is_empty()
                    && let Some(&ty) = self.int_types.get(n)
                    && let Some(v) = self.vars.get(n) =>
            {
                Ok(((**v).clone(), Some(ty)))
            }
            // a literal, a name of no typed variable, …: no C++ integer type of its own (but
            // what the algebra kept of the leaves' type)
            _ => {
                let v = self.eval(e)?;
                let ty = kept_int_type(&v);
                Ok((v, ty))
            }
        }
    }

    fn eval_typed_inner(&self, e: &Expr) -> Result<(Value, Option<storage::ElemType>), EvalError> {
        match e.kind {
            ExprKind::Binary(_, a, _) if self.is_link(a) => self.eval_chain(e),
            ExprKind::Binary(op, a, b) => {
                let (va, ta) = self.eval_typed(a)?;
                self.binary_step(e, op, a, &va, ta, b)
            }
            ExprKind::Group(x) => self.eval_typed(x),
            // C++'s `c ? a : b` (control.rs), of the taken branch's type
            ExprKind::Call(callee, [c, a, b])
                if callee.kind == ExprKind::Qualified(parser::CONDITIONAL) =>
            {
                self.conditional_typed(c, a, b)
            }
            // C++'s `int64_t(x)`, `(size_t)x`, `static_cast<unsigned>(x)`
            ExprKind::Call(callee, args)
                if !self.dsl_statement()
                    && let Some((ty, arg)) = self.int_cast(callee, args) =>
            {
                // the argument evaluated once (a cast of a cast of … stays linear)
                let (v, from) = self.eval_typed(arg)?;
                let number = match &v {
                    Value::IntTuple(t) if let Some((x, _)) = t.as_int_kind() => {
                        storage::Number::Int(typed_value(x, from))
                    }
                    // a `MixedBits` converts to its `uint32_t` (`S | d`, swizzle.hpp)
                    Value::Offset(o @ Offset::Mixed { .. }) if let Some(b) = o.as_bits() => {
                        storage::Number::Int(i128::from(b.value()))
                    }
                    // a number (`int(2.5f)` truncates), a truth value, a typed constant
                    v => match elements::number_of(v) {
                        Some(x) => x.value,
                        None => {
                            return Err(EvalError::new(
                                format!(
                                    "{} takes an integer, not {}",
                                    callee.kind.name().unwrap_or(ty.name()),
                                    v.kind()
                                ),
                                arg.span,
                            ));
                        }
                    },
                };
                storage::Scalar::new(ty, number)
                    .map(|s| (typed_int(s), Some(ty)))
                    .map_err(|m| EvalError::new(m, e.span))
            }
            // `-u` of an unsigned `u` wraps (`~u` too); `-i` of an `int` at its least value
            // overflows
            ExprKind::Unary(op @ (UnOp::Neg | UnOp::Plus | UnOp::BitNot), x) => {
                let (v, ty) = self.eval_typed(x)?;
                let (Some(t), Value::IntTuple(it)) = (ty, &v) else {
                    return unary(op, &untyped(v, ty, x.span)?, x.span, e.span).map(|v| (v, None));
                };
                let Some((n, true)) = it.as_int_kind() else {
                    return unary(op, &untyped(v, ty, x.span)?, x.span, e.span).map(|v| (v, None));
                };
                // `-x` as `0 - x`, `~x` as `-1 ^ x` (an `int`'s -1 converts to x's type)
                let (left, sign) = match op {
                    UnOp::BitNot => (
                        storage::Scalar::new(storage::ElemType::I32, storage::Number::Int(-1)),
                        '^',
                    ),
                    UnOp::Neg => (storage::Scalar::new(t, storage::Number::Int(0)), '-'),
                    _ => (storage::Scalar::new(t, storage::Number::Int(0)), '+'),
                };
                let operand = storage::Scalar::new(t, storage::Number::Int(typed_value(n, ty)));
                left.and_then(|z| operand.and_then(|o| storage::Scalar::arith(sign, z, o)))
                    .map(|r| (typed_int(r), Some(r.ty)))
                    .map_err(|m| EvalError::new(m, e.span))
            }
            // a call: what the algebra kept of the leaves' type (`size`, `get`, `L(i)`)
            _ => {
                let v = self.eval(e)?;
                let ty = kept_int_type(&v);
                Ok((v, ty))
            }
        }
    }

    /// The C++ integer type a cast converts to and its operand: `int64_t(x)`, `(size_t)x`
    /// (read as `size_t(x)`), `static_cast<unsigned>(x)`.
    fn int_cast<'e>(
        &self,
        callee: &Expr<'e>,
        args: &'e [Expr<'e>],
    ) -> Option<(storage::ElemType, &'e Expr<'e>)> {
        let ([arg], ExprKind::Name(n) | ExprKind::Qualified(n)) = (args, &callee.kind) else {
            return None;
        };
        let ty = n
            .strip_prefix("static_cast<")
            .and_then(|t| t.strip_suffix('>'))
            .unwrap_or(n)
            .trim();
        let (bits, signed) = parser::cpp_int_type(ty.strip_prefix("std::").unwrap_or(ty))?;
        if self.is_bound(n) {
            return None;
        }
        Some((storage::ElemType::of_int(bits, signed)?, arg))
    }

    /// `a OP b` where an operand has a C++ integer type (`ta`, `tb`): computed in the operands'
    /// common type as C++ does, by the one checked arithmetic of typed values
    /// ([`storage::Scalar::arith`]: a signed result past the type's range is undefined
    /// behaviour, an error; an unsigned one wraps), the result of that type. An operand of
    /// none is a literal's `int` (`long` past its range); a static one (`_4`) keeps CuTe's
    /// own mixed operators (`x * _0` is `_0`, `x % _1` is `_0`), else converts to its `int`.
    /// `None`: not such an expression (an operand is no integer), evaluated as any other.
    fn typed_int_arith(
        &self,
        e: &Expr,
        op: BinOp,
        (a, va, ta): (&Expr, &Value, Option<storage::ElemType>),
        (b, vb, tb): (&Expr, &Value, Option<storage::ElemType>),
    ) -> Option<Result<(Value, Option<storage::ElemType>), EvalError>> {
        let int_of = |v: &Value| match v {
            Value::IntTuple(t) => t.as_int_kind(),
            // a typed static integer (`integral_constant<int, 63>`, an element of
            // make_int_range<B, E>): its value, static
            Value::Constant(c) => i64::try_from(c.value()).ok().map(|x| (x, false)),
            _ => None,
        };
        let ((x, x_dynamic), (y, y_dynamic)) = (int_of(va)?, int_of(vb)?);
        // two static integers: CuTe's static arithmetic
        if !x_dynamic && !y_dynamic {
            return None;
        }
        // a comparison compares the operands converted to their common type (`-1 < 0u` is
        // false): its truth as the untyped comparison gives it, of their order
        if matches!(
            op,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne
        ) {
            let held = |n: i64, ty: Option<storage::ElemType>| {
                (typed_value(n, ty), ty.unwrap_or(literal_int_type(n)))
            };
            let ((x, tx), (y, ty)) = (held(x, ta), held(y, tb));
            let common = storage::Scalar::common(tx, ty);
            let converted = |n: i128| common.round(storage::Number::Int(n)).map(|n| n.as_i128());
            let order = match (converted(x), converted(y)) {
                (Ok(x), Ok(y)) => x.cmp(&y) as i64,
                (Err(m), _) | (_, Err(m)) => return Some(Err(EvalError::new(m, e.span))),
            };
            let stand_in = |n: i64, dynamic: bool| Value::IntTuple(IntTuple::int_of(n, dynamic));
            return Some(
                binary(
                    op,
                    &stand_in(order, x_dynamic),
                    a.span,
                    &stand_in(0, y_dynamic),
                    b.span,
                    e.span,
                )
                .map(|v| (v, None)),
            );
        }
        if matches!(op, BinOp::Shl | BinOp::Shr) {
            // the left operand's promoted type; the count's type does not matter
            let count = typed_value(y, tb);
            return Some(
                storage::Scalar::new(
                    ta.unwrap_or(literal_int_type(x)),
                    storage::Number::Int(typed_value(x, ta)),
                )
                .and_then(|x| storage::Scalar::shift(x, count, op == BinOp::Shr))
                .map(|r| (typed_int(r), Some(r.ty)))
                .map_err(|m| EvalError::new(m, e.span)),
            );
        }
        let sign = arith_char(op)?;
        // CuTe's mixed static-dynamic operators whose result is static
        if let Some(r) = cute_static_mixed(op, (x, x_dynamic), (y, y_dynamic)) {
            return Some(Ok((r, None)));
        }
        let operand = |n: i64, ty: Option<storage::ElemType>, span: Span| {
            let t = ty.unwrap_or(literal_int_type(n));
            storage::Scalar::new(t, storage::Number::Int(typed_value(n, ty)))
                .map_err(|m| EvalError::new(m, span))
        };
        let (x, y) = match (operand(x, ta, a.span), operand(y, tb, b.span)) {
            (Ok(x), Ok(y)) => (x, y),
            (Err(err), _) | (_, Err(err)) => return Some(Err(err)),
        };
        Some(
            storage::Scalar::arith(sign, x, y)
                .map(|r| (typed_int(r), Some(r.ty)))
                .map_err(|m| EvalError::new(m, e.span)),
        )
    }
}

/// CuTe's operators of a static integer with a run-time one whose result is static
/// (integral_constant.hpp's "mixed static-dynamic special cases"): `_0 * x`, `x * _0`,
/// `_0 / x`, `x % _1`, `x % _-1`, `_0 % x`, `_0 & x`, `x & _0` are `_0`.
fn cute_static_mixed(
    op: BinOp,
    (x, x_dynamic): (i64, bool),
    (y, y_dynamic): (i64, bool),
) -> Option<Value> {
    let zero = match op {
        BinOp::Product => (!x_dynamic && x == 0) || (!y_dynamic && y == 0),
        BinOp::Divide => !x_dynamic && x == 0,
        BinOp::Rem => (!y_dynamic && (y == 1 || y == -1)) || (!x_dynamic && x == 0),
        BinOp::BitAnd => (!x_dynamic && x == 0) || (!y_dynamic && y == 0),
        _ => false,
    };
    zero.then(|| Value::int(0))
}

/// The C++ type of an integer of no declared type where it meets a typed one: a literal's,
/// `int`, or `long` past its range.
fn literal_int_type(n: i64) -> storage::ElemType {
    if i32::try_from(n).is_ok() {
        storage::ElemType::I32
    } else {
        storage::ElemType::I64
    }
}

/// The value of a C++ integer held as `n` (a `size_t`'s bits where it is past the signed
/// 64-bit integers: [`typed_bits`]).
fn typed_value(n: i64, ty: Option<storage::ElemType>) -> i128 {
    match ty {
        Some(storage::ElemType::U64) => i128::from(n as u64),
        _ => i128::from(n),
    }
}

/// How a value of a C++ integer type is held in the session's 64-bit signed integers: its
/// value, or a `uint64_t`'s bits where it is past `i64::MAX` (read back by [`typed_value`]).
fn typed_bits(s: storage::Scalar) -> i64 {
    let v = s.value.as_i128();
    i64::try_from(v).unwrap_or(v as u64 as i64)
}

/// A run-time integer of a C++ integer type: its value held as [`typed_bits`] holds it, its type
/// kept with it where it is one the algebra computes in ([`Int::cpp_typed`]: `int64_t`,
/// `unsigned`, `uint64_t`; `size(make_shape(int64_t(3), 4))` is an `int64_t`, as CuTe's).
fn typed_int(s: storage::Scalar) -> Value {
    Value::IntTuple(IntTuple::of_int(crate::algebra::integer::Int::cpp_typed(
        typed_bits(s),
        s.ty,
    )))
}

/// The C++ integer type a value keeps where the algebra computed it in one other than `int`
/// (`size` of `int64_t` leaves, [`Int::cpp_type`](crate::algebra::integer::Int::cpp_type)).
#[inline]
fn kept_int_type(v: &Value) -> Option<storage::ElemType> {
    match v {
        Value::IntTuple(t) => t.as_int_full()?.cpp_type(),
        _ => None,
    }
}

/// A value of a C++ integer type `ty` leaving the typed arithmetic (an argument, a tuple's
/// item): a `size_t` past the signed 64-bit integers cute computes with is an error there.
#[inline]
fn untyped(v: Value, ty: Option<storage::ElemType>, span: Span) -> Result<Value, EvalError> {
    if ty == Some(storage::ElemType::U64)
        && let Value::IntTuple(t) = &v
        && let Some(n) = t.as_int()
        && n < 0
    {
        return Err(EvalError::new(
            format!(
                "the {} value {} is beyond the signed 64-bit integers cute computes with",
                storage::ElemType::U64.name(),
                n as u64
            ),
            span,
        ));
    }
    Ok(v)
}

/// The operator character of `+ - * / %` for [`storage::Scalar::arith`].
fn arith_char(op: BinOp) -> Option<char> {
    Some(match op {
        BinOp::Add => '+',
        BinOp::Sub => '-',
        BinOp::Product => '*',
        BinOp::Divide => '/',
        BinOp::Rem => '%',
        BinOp::BitAnd => '&',
        BinOp::BitOr => '|',
        BinOp::BitXor => '^',
        _ => return None,
    })
}

/// What a jit function staged that bound a name first in its body (the DSL's NameError where
/// it is used after it).
#[derive(Clone, Copy, Debug)]
enum Staged {
    /// A Python `if` (scf.if).
    If,
    /// A Python loop over `range(…)` (scf.for).
    Loop,
}

/// Whether `v` is a Python float or a bool (of which Python's REPL echo, its repr, is what
/// `print` shows).
/// Python's builtins that give a Python int (echoed `3`, not CuTe's `_3`).
const PYTHON_INT_BUILTINS: [&str; 5] = ["int", "max", "min", "len", "abs"];

impl Env {
    /// Whether `e` calls one of Python's builtins that give a Python int (`int`, `max`,
    /// `min`, `len`, `abs`), no name of the session hiding it.
    fn is_python_int_builtin(&self, e: &Expr) -> bool {
        match e.kind {
            ExprKind::Call(callee, _) => match callee.kind {
                ExprKind::Name(f) | ExprKind::Qualified(f) if PYTHON_INT_BUILTINS.contains(&f) => {
                    !self.is_bound(f)
                }
                _ => false,
            },
            _ => false,
        }
    }
}

fn is_python_float_or_bool(v: &Value) -> bool {
    match v {
        Value::Bool(_) => true,
        Value::Scalar(x) => x.python && !x.ty.is_complex(),
        _ => false,
    }
}

/// The number of fields of a `str.format` template whose fields are all `{}` (`{{` and `}}`
/// are braces); `None` where one is numbered or named (`{0}`, `{x}`) or a brace is unmatched.
fn empty_fields(template: &str) -> Option<usize> {
    let b = template.as_bytes();
    let (mut i, mut n) = (0, 0);
    while i < b.len() {
        match (b[i], b.get(i + 1)) {
            (b'{', Some(b'{')) | (b'}', Some(b'}')) => i += 2,
            (b'{', Some(b'}')) => {
                n += 1;
                i += 2;
            }
            (b'{' | b'}', _) => return None,
            _ => i += 1,
        }
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value (or error message) of each statement run in one session.
    fn session(statements: &[&str]) -> Vec<String> {
        let mut env = Env::new();
        statements
            .iter()
            .enumerate()
            .filter_map(|(i, s)| {
                env.set_line(i + 1);
                match env.run(s) {
                    Ok(Outcome::Value(v)) => Some(crate::eval::plain::render(&v)),
                    Ok(_) => None,
                    Err(e) => Some(format!("error: {}", e.message)),
                }
            })
            .collect()
    }

    /// Issue 37: any name C++ or Python allows binds and shadows CuTe's meaning of it; the
    /// qualified `cute::size` and `cute.size` still name CuTe's; a keyword does not bind.
    #[test]
    fn names_as_cpp_and_python_have_them() {
        let got = session(&[
            "auto layout = make_layout(make_shape(2, 3));",
            "layout",
            "shape = (4, 8)",
            "stride = 3",
            "s8 = 1",
            "f32 = s8 + stride",
            "f32",
            "X = 2",
            "X",
            "size = cute::size(layout)",
            "size",
            "cute.size(shape)",
            "size(4:1)",
            "size(2)",
            "depth = depth((2,(3,4)))",
            "depth",
            "get = 3",
            "L = (2,3):(1,3)",
            "L[1]",
            "Shape<_2,_3>{}",
            "auto = 3",
            "class = 3",
            "cute = 3",
        ]);
        assert_eq!(
            got,
            [
                // a C++ declaration: its plain literals are dynamic (issue 36)
                "(2?,3?):(1,2?)",
                "4",
                "2",
                "6?",
                "32",
                "error: 'size' is a variable here (bound at line 10), not the function (cute::size or cute.size calls it): an integer is not called",
                "error: 'size' is a variable here (bound at line 10), not the function (cute::size or cute.size calls it): an integer is not called",
                "2",
                "3:3",
                "(2,3)",
                "error: cannot assign to 'auto': it is a keyword of C++",
                "error: cannot assign to 'class': it is a keyword of C++ and Python",
                "error: cannot assign to 'cute': it is CuTe's namespace (C++) and module (Python), which names are read in",
            ]
        );
    }

    /// A variable that shadows a function, applied where it can be (a layout at a coordinate),
    /// is the variable; where it cannot, the error says the name is the variable.
    #[test]
    fn a_shadowing_layout_is_applied() {
        let got = session(&["layout = (2,3):(1,2)", "layout(1, 2)", "layout(1, 2, 3)"]);
        assert_eq!(got[0], "5");
        assert!(
            got[1].starts_with(
                "error: 'layout' is a variable here (bound at line 1), not the function"
            ),
            "{got:?}"
        );
    }

    /// The lookups a binding asks (no message built) give the verdicts of the parsers they
    /// stand for, on every catalog name and on names that are none.
    #[test]
    fn a_bindings_lookups_agree_with_the_atom_parsers() {
        use crate::algebra::smem_atoms;
        use crate::atoms::{catalog, copy, mma};
        let mut names: Vec<String> = catalog::mma_rows()
            .iter()
            .map(|r| r.name.to_string())
            .collect();
        names.extend(copy::op_names());
        names.extend(
            crate::atoms::umma::SCALED_FAMILIES
                .iter()
                .map(|s| s.to_string()),
        );
        names.extend(
            crate::algebra::element::ELEMENTS
                .iter()
                .flat_map(|e| e.cpp.iter().chain(e.short))
                .map(|n| n.to_string()),
        );
        for n in [
            "x",
            "v1",
            "tile",
            "SM80_16x8x16_F32F16F16F32",
            "SM80_16x8x16_F32F16F16F32_TN",
            "SM90_64x64x16_F16F16F16_SS",
            "cute::SM80_16x8x8_F16F16F16F16_TN",
            "Layout_K_SW128_Atom",
            "GMMA::Layout_MN_SW64_Atom",
            "Layout_K_SW16_Atom",
            "Layout_x",
            "DefaultCopy",
            "UniversalCopy<uint32_t>",
            "SM100_MMA_F16BF16_SS",
        ] {
            names.push(n.to_string());
        }
        // the copy operations' list, made once (not once a name)
        let copy_ops: std::collections::HashSet<String> = copy::op_names().into_iter().collect();
        for n in &names {
            assert_eq!(mma::is_atom_name(n), mma::mma_atom(n).is_ok(), "{n}");
            assert_eq!(copy::is_op_name(n), copy_ops.contains(n), "{n}");
            assert_eq!(
                smem_atoms::is_atom_name(n),
                smem_atoms::parse_atom_name(n).is_ok(),
                "{n}"
            );
            assert_eq!(
                smem_atoms::is_type_name(n),
                smem_atoms::type_bits(n).is_ok(),
                "{n}"
            );
        }
    }

    /// Issue 41, item 3: names that differ only in their last bytes (`x0000000` …) spread over
    /// the buckets as random ones would (65,536 names into 65,536 buckets fill about 41,400);
    /// the multiply-rotate hash used before put them in a few hundred, and 400,000 such
    /// assignments took seconds.
    #[test]
    fn names_that_differ_in_their_last_bytes_spread_over_the_buckets() {
        use std::hash::BuildHasher;
        let hasher = NameHasher::default();
        for name in [
            |i: u32| format!("x{i:07}"),
            |i: u32| format!("v{i}"),
            |i: u32| format!("tile_{i:05}_a"),
        ] {
            let buckets: std::collections::HashSet<u64> = (0..65_536)
                .map(|i| hasher.hash_one(name(i).as_str()) & 0xffff)
                .collect();
            assert!(buckets.len() > 38_000, "{} buckets", buckets.len());
        }
        let mut env = Env::new();
        for i in 0..20_000 {
            assert!(matches!(
                env.run(&format!("x{i:07} = {i}")),
                Ok(Outcome::Assigned)
            ));
        }
        assert_eq!(env.vars().len(), 20_000);
    }
}
