//! The syntax tree of `cute` statements. Every node carries its byte span in the input.

/// A byte range `[start, end)` of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from its ends.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// A binary operator, by C++'s precedence from the tightest: `o * / %`, `+ -`, `<< >>`,
/// `< <= > >=`, `== !=`, `&`, `^`, `|`, `&&`, `||`; every level associates to the left. The
/// relational `< <= > >=` are read only where C++ unambiguously has them (a condition, inside
/// parentheses: `parser/control.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `A o B`: composition.
    Compose,
    /// `A / B`: logical_divide (on two integers, C++'s truncating division).
    Divide,
    /// Python's `a // b`: the floor of the quotient (a TensorSSA's element-wise).
    FloorDiv,
    /// Python's `a ** b`: the power of two integers (DSL text).
    Pow,
    /// `A * B`: logical_product (on two integers, multiplication).
    Product,
    /// `a % b`: C++'s remainder of two integers.
    Rem,
    /// `a + b`: the sum of two integers.
    Add,
    /// `a - b`: the difference of two integers.
    Sub,
    /// `a == b`: CuTe's `operator==` (integers, tuples, layouts); binds looser than `+ -`.
    Eq,
    /// `a != b`: its negation.
    Ne,
    /// `a < b`: integral_constant's `operator<` (two integers; static when both are).
    Lt,
    /// `a <= b`.
    Le,
    /// `a > b`.
    Gt,
    /// `a >= b`.
    Ge,
    /// Python's `a in b`: whether a tuple holds `a` (a dict: as a key); binds as `==`.
    In,
    /// Python's `a not in b`: its negation.
    NotIn,
    /// `a && b`: logical and, the right side evaluated only when the left does not decide.
    And,
    /// `a || b`: logical or, likewise.
    Or,
    /// `a << b`: C++'s left shift of an integer (integral_constant's `operator<<`).
    Shl,
    /// `a >> b`: C++'s (arithmetic) right shift of an integer.
    Shr,
    /// `a & b`: bitwise and of two integers (binds looser than `==`, as in C++).
    BitAnd,
    /// `a ^ b`: bitwise exclusive or.
    BitXor,
    /// `a | b`: bitwise or (the loosest level).
    BitOr,
}

/// A prefix operator on an integer, as C++ and integral_constant.hpp define them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `-a`.
    Neg,
    /// `+a`.
    Plus,
    /// `~a`: the bitwise complement.
    BitNot,
    /// `!a`: logical negation (a `bool`).
    Not,
    /// Python's `*a` among a call's arguments: `a`'s items as arguments (`reshape(*shape)`).
    Splat,
    /// `*p`: a pointer's dereference (of a pointer to a struct of the program's own, its
    /// object: `*reinterpret_cast<SharedStorage*>(shared_memory)`).
    Deref,
}

impl UnOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            UnOp::Neg => "-",
            UnOp::Plus => "+",
            UnOp::BitNot => "~",
            UnOp::Not => "!",
            UnOp::Splat => "*",
            UnOp::Deref => "*",
        }
    }
}

impl BinOp {
    /// One of C++'s six comparisons (`== != < <= > >=`): a struct's friend operator answers it.
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
        )
    }

    /// The operator as written.
    // Not inlined: each inlined copy of a `match` to names is a table of string pointers, each
    // relocated at every start; one copy, one table.
    #[inline(never)]
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Compose => "o",
            BinOp::Divide => "/",
            BinOp::FloorDiv => "//",
            BinOp::Pow => "**",
            BinOp::Product => "*",
            BinOp::Rem => "%",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::BitAnd => "&",
            BinOp::BitXor => "^",
            BinOp::BitOr => "|",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::In => "in",
            BinOp::NotIn => "not in",
            BinOp::And => "&&",
            BinOp::Or => "||",
        }
    }
}

/// An expression with its span. The tree lives in the arena the parser was given (one per
/// statement), so building and dropping it costs no allocation per node.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Expr<'a> {
    /// What it is.
    pub kind: ExprKind<'a>,
    /// Where it is.
    pub span: Span,
}

/// The kinds of expression.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ExprKind<'a> {
    /// A floating-point literal (`1.5`, `2.0f`, `1e-3`): its value, and whether it is a
    /// `float` (the suffix `f`) rather than a `double`.
    Float(f64, bool),
    /// An integer literal: a static integer (`_4`, `Int<4>{}`, a Python literal, any integer of
    /// the notation).
    Int(i64),
    /// A dynamic integer (a run-time value in CuTe): a plain literal of C++ text (`4`,
    /// `int{4}`), the notation's `4?`.
    DynInt(i64),
    /// A scaled basis element `3@1@0` (C++ `E<0,1>{}`, `ScaledBasis<_3,0,1>{}`): a stride of an
    /// identity layout.
    Scaled(i64, crate::algebra::basis::Basis),
    /// `_`.
    Underscore,
    /// `(a, b, ...)`, or `(a)` when `a` is an integer or an IntTuple literal (rank 1).
    Tuple(&'a [Expr<'a>]),
    /// `[a, b, ...]`: Python's list in the CuTe DSL's text (a tuple elsewhere).
    List(&'a [Expr<'a>]),
    /// A parenthesised expression that is not an IntTuple.
    Group(&'a Expr<'a>),
    /// `Shape:Stride`, both IntTuple literals.
    Layout(&'a Expr<'a>, &'a Expr<'a>),
    /// `<a, b, ...>`.
    Tiler(&'a [Expr<'a>]),
    /// `Sw<B,M,S>`.
    Swizzle(i64, i64, i64),
    /// `smem_ptr[Nb](unset)`.
    SmemPtr(i64),
    /// A typed pointer as CuTe prints it, `gmem_ptr[16b](0x108)`, `ptr[32b](A+4)`: its space
    /// prefix, the text in the brackets (`16b`, or an element type's name) and the address
    /// text in the parentheses.
    Pointer(&'a str, &'a str, &'a str),
    /// A name: a variable, a function, or an atom name; `Name<args>` keeps its template text.
    Name(&'a str),
    /// A name that no variable shadows: written in CuTe's namespace (`cute::size`,
    /// `cute.size`: C++'s qualified lookup and Python's module attribute find CuTe's, whatever
    /// a variable is called), or made by the reader for a construct (`L[i]` is `get(L, i)`,
    /// `Shape<…>{}` is `make_shape(…)`).
    Qualified(&'a str),
    /// `callee(args)`.
    Call(&'a Expr<'a>, &'a [Expr<'a>]),
    /// `base.name`.
    Field(&'a Expr<'a>, &'a str),
    /// `lhs op rhs`.
    Binary(BinOp, &'a Expr<'a>, &'a Expr<'a>),
    /// `op operand`: `-x`, `~x`, `+x`, `!x`.
    Unary(UnOp, &'a Expr<'a>),
    /// A C++ lambda, `[&](auto x){ …; return EXPR; }`, or a Python lambda, `lambda x: EXPR`
    /// ([`Lambda`]).
    Lambda(&'a Lambda<'a>),
    /// A template argument that is an integer expression, `Int<(1 << 4)>{}`,
    /// `C<sizeof_bits_v<T> * 8>{}`: its value, static (a constant expression in C++).
    Static(&'a Expr<'a>),
    /// `name=value`, a keyword argument of a call (CuTe DSL: `stride=(8, 1)`).
    Keyword(&'a str, &'a Expr<'a>),
    /// A type trait of its template arguments (types written as values: `decltype(x)` is x,
    /// `int` a run-time integer): `is_static<decltype(x)>`, its value a static truth or integer
    /// (`::value` and the `_v` forms make it C++'s plain `bool`/`int`).
    Trait(Trait, &'a [Expr<'a>]),
    /// A string literal (`"…"`, `'…'`, a Python `"""…"""`): its text between the quotes, escapes
    /// as written. It stands as a statement of its own (a docstring: nothing) and in what
    /// `print` and `cute.printf` print.
    Str(&'a str),
    /// A Python f-string `f"… {x} …"`: its text between the quotes as written (fields and
    /// `{{` included) and its fields' expressions in order. It stands in what `print` prints.
    FStr(&'a str, &'a [Expr<'a>]),
}

impl<'a> ExprKind<'a> {
    /// The name of a [`ExprKind::Name`] or [`ExprKind::Qualified`].
    pub fn name(&self) -> Option<&'a str> {
        match *self {
            ExprKind::Name(n) | ExprKind::Qualified(n) => Some(n),
            _ => None,
        }
    }
}

/// The type traits a pasted program asks (`cute/util/type_traits.hpp`, `<type_traits>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trait {
    /// `is_static<T>`: T's value is known from its type alone.
    IsStatic,
    /// `is_integral<T>`: an integer (static or not) or `bool`.
    IsIntegral,
    /// `is_tuple<T>`: a tuple (not an integer, not a layout).
    IsTuple,
    /// `is_layout<T>`: a layout (plain or composed).
    IsLayout,
    /// `is_same<A, B>`: the same type (static integers of the same value, run-time integers of
    /// any).
    IsSame,
    /// `is_constant<n, T>`: T is a static integer (or truth) whose value is n.
    IsConstant,
    /// `tuple_size<T>`: the number of modes of a tuple.
    TupleSize,
    /// `std::is_empty<T>`: a class with no data (a tuple of static elements only, CuTe's
    /// tuple storing none of its empty elements).
    IsEmpty,
    /// `std::is_standard_layout<T>`: C++'s standard-layout class (or scalar): CuTe's tuple
    /// is one where its elements are, `std::tuple` as libstdc++ builds it.
    IsStandardLayout,
    /// `rank_v<T>`: the rank.
    Rank,
    /// `depth_v<T>`: the depth.
    Depth,
    /// `size_v<T>`: the size of a static shape or layout (`size_t<T>::value`).
    Size,
    /// `cosize_v<T>`: the codomain size of a static layout (`cosize_t<T>::value`).
    Cosize,
    /// A trait of type names only, decided as read (`is_same<int, long>`).
    Known(bool),
}

/// What a declaration's type words say of its variable's C++ integer type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclaredInt {
    /// An integer type (`int`, `size_t`, `unsigned int`): its width and signedness.
    Int(u32, bool),
    /// `auto` (`const auto`, `constexpr auto`): the type of the value it is initialised with.
    Auto,
    /// Another type: the variable has no C++ integer type.
    Other,
}

/// A statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt<'a> {
    /// `name = expr`.
    Assign {
        /// The variable.
        name: &'a str,
        /// Where the variable is written.
        name_span: Span,
        /// Declared `constexpr` (`constexpr int N = 4;`): a constant expression, usable where
        /// C++ asks one (`static_assert(N == 4)`, `if constexpr (N > 2)`), its value of its
        /// kind still (a run-time `int` prints `4`).
        constexpr: bool,
        /// Declared `const` (`tuple_type const pt{42};`): its elements read through CuTe's
        /// `get` are `const&` ([`Env`]'s value categories of `decltype(get<I>(pt))`).
        is_const: bool,
        /// What a declaration says of the variable's C++ integer type (`int b = …`,
        /// `size_t n = …`, `auto c = b * 2`: [`DeclaredInt`]), the variable's arithmetic that
        /// type's; `None` of an assignment (the variable's type stays).
        int_type: Option<DeclaredInt>,
        /// The value.
        expr: Expr<'a>,
    },
    /// Python's unpacking `a, b, _ = EXPR` (`tidx, _, _ = cute.arch.thread_idx()`): each name
    /// bound to its mode of the tuple, `_` to none.
    Unpack {
        /// The names, and where each is written.
        names: &'a [(&'a str, Span)],
        /// The tuple.
        expr: Expr<'a>,
    },
    /// An expression to print.
    Expr(Expr<'a>),
    /// A write of an element: `T(i, j) = v;`, `T[i] += v;`, `A[i] = v;` (`op`: the compound
    /// assignment's operator, `+ - * /`).
    Store {
        /// The element written.
        target: Expr<'a>,
        /// `None` for `=`, else the operator of `+=`, `-=`, `*=`, `/=`.
        op: Option<char>,
        /// The value.
        value: Expr<'a>,
    },
    /// C++'s `print(x)`: the value as CuTe's `print` writes it, with no newline after it.
    Show(Expr<'a>),
    /// `print_layout(x)` or `print_latex(x)`: a picture of the value.
    Picture(Picture, Expr<'a>),
    /// A pointer's declaration, as a kernel's parameter is written: `half_t const* A;`
    /// (a pointer named `A`), or `float* p = EXPR;` (bound to EXPR, a pointer of that type).
    DeclarePointer {
        /// The variable.
        name: &'a str,
        /// Where the variable is written.
        name_span: Span,
        /// The element type as written (`half_t`, `TA`).
        elem: &'a str,
        /// Where the element type is written.
        elem_span: Span,
        /// The initializer, if any.
        init: Option<Expr<'a>>,
        /// Where the declaration is of storage, not of a pointer: a C array `float A[8]`,
        /// `__shared__ half_t smem[N]`, CuTe's `array<T, N>`, `array_aligned<T, N>`,
        /// `array_subbyte<T, N>`. Its name is the pointer to its first element.
        storage: Option<Storage<'a>>,
    },
    /// `cute.printf("… {} …", x, …)` or `print("…", x, …)`: a line of text.
    Print(Printing, &'a [Expr<'a>]),
    /// `static_assert(COND)`, `static_assert(COND, "MSG")`, `CUTE_STATIC_ASSERT_V(COND[, "MSG"])`:
    /// checked; a failing one is an error naming it and its message.
    Assert {
        /// The name as written (`static_assert`, `CUTE_STATIC_ASSERT_V`, a unit test's
        /// `EXPECT_TRUE`).
        name: &'a str,
        /// The condition (the left side where `rhs` compares it).
        cond: Expr<'a>,
        /// The comparison and right side of `EXPECT_EQ(a, b)`, `EXPECT_LT(a, b)`,
        /// `CUTE_STATIC_ASSERT_V(a <= b)`: the check is `cond CMP rhs`.
        rhs: Option<(BinOp, Expr<'a>)>,
        /// The message, if written.
        message: Option<&'a str>,
        /// What the condition must be: `true`, or `false` for gtest's `EXPECT_FALSE`.
        expect: bool,
        /// The check as written, `EXPECT_EQ(a, b)`, and where it starts (its failure shows
        /// the text of what it compares).
        written: (&'a str, usize),
    },
    /// A counted C++ loop, `for (int i = START; i < BOUND; ++i) BODY`: its body runs with the
    /// counter bound to each value in turn, a run-time integer as in C++.
    Loop(&'a Loop<'a>),
    /// A range-based C++ loop, `for (int x : {1, 2, 3}) BODY`: its body runs with the variable
    /// bound to each element in turn.
    RangeFor(&'a RangeFor<'a>),
    /// `if (COND) THEN [else OTHERWISE]`: the branch the condition picks runs.
    If(&'a Branch<'a>),
    /// `while (COND) BODY`, `do BODY while (COND);`.
    While(&'a While<'a>),
    /// `switch (VALUE) { case K: … }`.
    Switch(&'a Switch<'a>),
    /// `break;`, `continue;` (where written).
    Jump(Jump, Span),
    /// `else BODY` as a statement of its own: the `else` of the `if` statement before it (a
    /// pasted block's `}` and `else {` on separate lines, which come as two statements). The
    /// body and where `else` is written.
    Else(&'a [Stmt<'a>], Span),
    /// Statements run in order: a control statement and those after it on its line, a
    /// `{ … }` block.
    Block(&'a [Stmt<'a>]),
    /// A function's definition, `template <class A> void f(A const& a) { … }`: bound to its
    /// name, called later.
    Function(&'a super::function::FunctionDef<'a>),
    /// A Python class of the program's own that holds fields only: a `typing.NamedTuple` or a
    /// `@dataclass` (dsl_struct_types.rst), bound to its name, constructed later.
    Class(&'a super::function::ClassDef<'a>),
    /// A struct's definition, `template <class T> struct S { … };`: bound to its name, laid
    /// out where it is instantiated (`S<float>`).
    Struct(&'a super::structs::StructDef<'a>),
    /// `namespace NAME { … }` of the program's own: its statements, the functions and structs
    /// it defines bound to `NAME::NAME2` (and to `NAME2`, as inside it).
    Namespace(&'a Namespace<'a>),
    /// `using NS::NAME;` of a namespace of the program's own (a unit test's `using
    /// pt_test::Empty;`): the qualified name and where it is written.
    UsingDeclaration(&'a str, Span),
    /// `using namespace NS;` of a namespace not CuTe's, CUTLASS's or the standard's: NS's
    /// names found by their plain names.
    UsingNamespace(&'a str),
    /// `return [EXPR];` in a function's or lambda's body.
    Return(Option<Expr<'a>>, Span),
    /// A blank line or a comment.
    Empty,
}

/// A namespace's definition, `namespace pt_test { … }` ([`Stmt::Namespace`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Namespace<'a> {
    /// Its name (`a::b` of a nested one written so).
    pub name: &'a str,
    /// Its statements.
    pub body: &'a [Stmt<'a>],
}

/// `for (TYPE COUNTER = START; COND; STEP) BODY`, as C++ runs it: START once, then while COND
/// holds (evaluated anew before each pass; an empty one always holds) the body, then the step
/// (`++i`, `i++`, `--i`, `i--`, `i += K`, `i -= K`).
#[derive(Clone, Debug, PartialEq)]
pub struct Loop<'a> {
    /// The counter's name.
    pub counter: &'a str,
    /// Where the counter is declared.
    pub counter_span: Span,
    /// Its first value.
    pub start: Expr<'a>,
    /// The condition (`None`: `for (…;;…)`, which always holds).
    pub cond: Option<Condition<'a>>,
    /// What the step adds (`1` for `++i`).
    pub step: Expr<'a>,
    /// Whether the step subtracts it (`--i`, `i -= K`).
    pub down: bool,
    /// Whether the counter's type is unsigned (`size_t`, `unsigned`): below 0 it would wrap.
    pub unsigned: bool,
    /// Whether the counter is a static integer: a Python loop over `range(…)` or
    /// `cutlass.range_constexpr(…)`, whose values are Python `int`s when the DSL traces it
    /// (C++'s `int i` and `cutlass.range(…)` are run-time integers).
    pub static_counter: bool,
    /// Whether it is a Python loop a jit function stages (scf.for: `range`, `cutlass.range`,
    /// not `cutlass.range_constexpr`): a name its body binds first is not bound after it.
    pub staged: bool,
    /// A Python `print` in the body of a Python loop over `range`/`cutlass.range` (where it
    /// is): in a jit function the DSL prints it once, as it traces the loop (an error in
    /// cute); at the top level the loop is plain Python's, its counter a Python `int`.
    pub trace_print: Option<Span>,
    /// The body's statements.
    pub body: &'a [Stmt<'a>],
    /// The header, `for (…)`.
    pub span: Span,
}

/// `for (DECL NAME : RANGE) BODY`: C++'s range-based loop. CuTe's own types give it no range
/// (`cute::tuple` has no `begin()`): the range is an initializer list, `{1, 2, 3}` (C++'s
/// `std::initializer_list<T>` of one type T).
#[derive(Clone, Debug, PartialEq)]
pub struct RangeFor<'a> {
    /// The variable's name.
    pub var: &'a str,
    /// Where it is declared.
    pub var_span: Span,
    /// Whether it is declared with an integer type (`int x`: each element converted to a
    /// run-time integer), not `auto`.
    pub integer: bool,
    /// The range as written.
    pub range: Expr<'a>,
    /// The elements of an initializer list (`None`: the range is another expression).
    pub items: Option<&'a [Expr<'a>]>,
    /// Whether it is Python's `for x in xs:` over a list's or tuple's items (the name keeps the
    /// last item after it), not C++'s.
    pub python: bool,
    /// The body's statements.
    pub body: &'a [Stmt<'a>],
    /// The header, `for (…)`.
    pub span: Span,
}

/// A condition: an expression read with the relational operators (`i < 2`, `a == b && !c`,
/// `is_static<decltype(x)>::value`), evaluated by the one evaluator and taken as a truth
/// value as C++'s `bool(x)` takes it (a static or run-time truth or integer).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Condition<'a> {
    /// The expression.
    pub expr: Expr<'a>,
    /// Where the condition is written.
    pub span: Span,
}

/// `while (COND) BODY` or `do BODY while (COND);`.
#[derive(Clone, Debug, PartialEq)]
pub struct While<'a> {
    /// The condition.
    pub cond: Condition<'a>,
    /// The body's statements.
    pub body: &'a [Stmt<'a>],
    /// Whether the body runs before the condition is first asked (`do … while`).
    pub post_test: bool,
    /// The header, `while (…)` or `do`.
    pub span: Span,
}

/// `switch (VALUE) { case K: … default: … }`: the statements from the first label whose
/// constant equals VALUE (or `default`) on, falling through the labels after it, to the end or
/// a `break`.
#[derive(Clone, Debug, PartialEq)]
pub struct Switch<'a> {
    /// The value switched on.
    pub value: Expr<'a>,
    /// The labels: each `case K` constant (`None` for `default`) and the index in `body` of
    /// the first statement after it.
    pub labels: &'a [(Option<Expr<'a>>, usize)],
    /// The body's statements.
    pub body: &'a [Stmt<'a>],
    /// The header, `switch (…)`.
    pub span: Span,
}

/// `break;` or `continue;`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Jump {
    /// `break`: leaves the innermost loop or switch.
    Break,
    /// `continue`: goes on to the innermost loop's next pass (its step first).
    Continue,
}

impl Jump {
    /// The keyword.
    pub fn word(self) -> &'static str {
        match self {
            Jump::Break => "break",
            Jump::Continue => "continue",
        }
    }
}

/// `if (COND) THEN else OTHERWISE`.
#[derive(Clone, Debug, PartialEq)]
pub struct Branch<'a> {
    /// The condition.
    pub cond: Condition<'a>,
    /// What runs when it holds.
    pub then: &'a [Stmt<'a>],
    /// What runs when it does not (empty without `else`).
    pub otherwise: &'a [Stmt<'a>],
    /// Whether it is C++17's `if constexpr (COND)`: the condition must be a static value, and
    /// the branch not taken is not evaluated (as a template's discarded statement).
    pub constexpr: bool,
    /// Whether it is a Python `if` (not `cutlass.const_expr`) with Python `print`s in its
    /// branches, which a jit function traces both of (scf.if): the prints of the branch not
    /// taken print too, where the DSL traces them.
    pub traced: bool,
    /// Whether it is a Python `if` (not `cutlass.const_expr`), which a jit function stages
    /// (scf.if): a name its branches bind first is not bound after it.
    pub staged: bool,
    /// Of a traced `if`, where a `print` of `then` and of `otherwise` is that cute cannot print
    /// as the DSL traces the branch when it is not taken: in a loop or a `const_expr` branch,
    /// or reading a name the branches bind (its value there is the trace's, not one cute has).
    pub untraceable: [Option<Span>; 2],
}

/// Storage a declaration names ([`Stmt::DeclarePointer`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Storage<'a> {
    /// The number of elements (`None`: `extern __shared__ T smem[]`, sized at launch).
    pub extent: Option<Expr<'a>>,
    /// CuTe's `array_subbyte<T, N>`: its iterator is a `subbyte_iterator`.
    pub subbyte: bool,
    /// A CuTe array (`array<T, N>`, `array_aligned`, `array_subbyte`): `.data()` and
    /// `.begin()` give its pointer. A C array's name is the pointer itself.
    pub object: bool,
    /// The initializer's values, `= {1, 2, 3}` or `{1, 2, 3}` (fewer than the extent: the
    /// rest are zero, as C++ initializes them).
    pub init: Option<&'a [Expr<'a>]>,
    /// The value of every element (`thrust::host_vector<T> h(n, v)`).
    pub fill: Option<&'a Expr<'a>>,
    /// Thrust's `host_vector<T>` (not CuTe's: CuTe's `print` has no overload for it).
    pub thrust: bool,
}

/// How a printing statement makes its line of text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Printing {
    /// The CuTe DSL's `cute.printf(FORMAT, args…)`: each `{}` of the format is the next
    /// argument's value.
    Format,
    /// Python's `print(a, b, …)`: the items (strings as they are, values printed), blank-separated.
    Items,
    /// CuTe C++'s `print("…");` of one string (a statement ended by `;`): the string as it is,
    /// as `printf("%s", s)` writes it (no newline of its own: `print(x); print(" ");`).
    Written,
}

/// The pictures a statement can ask for, as CuTe's printing functions draw them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picture {
    /// `print_layout(x)`: the grid CuTe's `print_layout` prints.
    Layout,
    /// `print_latex(x)`: the LaTeX (TikZ) picture CuTe's `print_latex` prints.
    Latex,
}

/// A lambda: a C++ lambda, `[&](auto x){ …; return EXPR; }`: its parameters' names and the text
/// of its body between the braces (run at each call, as a function's body is); or a Python
/// lambda, `lambda x, *xs, y=2: EXPR`, its body `return EXPR`, read as Python.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lambda<'a> {
    /// Each parameter's name; a pack's (C++'s `auto... xs`, Python's `*xs`), the last, marked
    /// `...xs`.
    pub params: &'a [&'a str],
    /// The default arguments' texts of the last parameters (Python's `y=2`), in order.
    pub defaults: &'a [&'a str],
    /// The body's text.
    pub body: &'a str,
    /// Whether it is Python's.
    pub python: bool,
}
