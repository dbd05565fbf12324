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

/// A binary operator: all three share one precedence and associate to the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `A o B`: composition.
    Compose,
    /// `A / B`: logical_divide.
    Divide,
    /// `A * B`: logical_product.
    Product,
}

/// An expression with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it is.
    pub span: Span,
}

/// The kinds of expression.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// An integer literal.
    Int(i64),
    /// `_`.
    Underscore,
    /// `(a, b, ...)`, or `(a)` when `a` is an integer or an IntTuple literal (rank 1).
    Tuple(Vec<Expr>),
    /// A parenthesised expression that is not an IntTuple.
    Group(Box<Expr>),
    /// `Shape:Stride`, both IntTuple literals.
    Layout(Box<Expr>, Box<Expr>),
    /// `<a, b, ...>`.
    Tiler(Vec<Expr>),
    /// `Sw<B,M,S>`.
    Swizzle(i64, i64, i64),
    /// `smem_ptr[Nb](unset)`.
    SmemPtr(i64),
    /// A name: a variable, a function, or an atom name; `Name<args>` keeps its template text.
    Name(String),
    /// `callee(args)`.
    Call(Box<Expr>, Vec<Expr>),
    /// `base.name`.
    Field(Box<Expr>, String),
    /// `lhs op rhs`.
    Binary(BinOp, Box<Expr>, Box<Expr>),
}

/// A statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// `name = expr`.
    Assign {
        /// The variable.
        name: String,
        /// Where the variable is written.
        name_span: Span,
        /// The value.
        expr: Expr,
    },
    /// An expression to print.
    Expr(Expr),
    /// A blank line or a comment.
    Empty,
}
