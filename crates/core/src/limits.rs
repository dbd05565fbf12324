//! Every limit of `cute`, in one place.
//!
//! A calculator people paste arbitrary text into must never crash, hang or eat the machine, so
//! every quantity that input controls is bounded here. Past a limit `cute` either gives an error
//! that names the limit (input, evaluation) or prints what fits and says what it left out (grids,
//! listings). The modules that enforce a limit refer to the constant here; the README's
//! `## Limits` table lists them.

/// The longest statement accepted, in bytes (a multi-line statement counts all its lines). Longer
/// input is an error: `statement of N bytes is longer than the limit of 4194304 bytes`. Lines of a
/// megabyte are handled (issue 2).
pub const MAX_STATEMENT_LEN: usize = 1 << 22;

/// The deepest nesting of brackets and calls the parser accepts (SPEC §3 asks for at least 64),
/// and the deepest value a statement may produce. Deeper input is an error: `nesting deeper than
/// 256 levels`. Text with more than this many brackets open is not taken as the start of a
/// multi-line statement: it can only be an error.
pub const MAX_NESTING: usize = 256;

/// The most integers (leaves) in one value's shape, stride, IntTuple or tuple: in a literal, and
/// in a statement's result (so repeated `a = (a, a)` in a session cannot grow without bound).
/// More is an error: `… integers, more than the limit of 1048576`.
pub const MAX_TUPLE_WIDTH: usize = 1 << 20;

/// The most integers the arguments of one call hold together (four values of the widest): a
/// call of many large arguments (`make_tuple(A, A, A, …)`) stops at the argument that passes
/// it, before more copies are made. More is an error: `the arguments hold more than 4194304
/// integers together …`.
pub const MAX_ARGUMENTS_WIDTH: usize = 4 * MAX_TUPLE_WIDTH;

/// The deepest basis element a stride may hold (`E<n0,n1,n2,n3>`, printed `1@n3@n2@n1@n0`): an
/// identity layout of a shape nested at most this deep. Deeper is an error naming the limit.
pub const MAX_BASIS_DEPTH: usize = 4;

/// The largest mode index of a basis element (`E<126>`, `1@126`); larger is an error (a basis
/// is packed a byte a mode, the top bit of the top byte marking a dynamic leaf).
pub const MAX_BASIS_MODE: i64 = 126;

/// The most values `L(i)` listed by `--format json` with values; past it the list stops and the
/// object says `"values_truncated":true`.
pub const MAX_VALUES_RENDERED: i64 = 1 << 16;

/// The most index lines (`i -> L(i)`) the property table lists; a larger layout gets no listing.
pub const MAX_LISTED_VALUES: i64 = 64;

/// The most rows of the terminal grid (`--format grid`, `cute show`); past it the grid shows the
/// top rows and a line saying how many rows and columns were left out.
pub const MAX_GRID_ROWS: usize = 64;

/// The most columns of the terminal grid; past it, as for [`MAX_GRID_ROWS`].
pub const MAX_GRID_COLS: usize = 64;

/// The most cells CuTe's `print_layout` (`--style cute`) draws: it has no truncation (the output
/// must be byte for byte CuTe's), so a larger layout is an error naming this limit.
pub const MAX_CELLS_DRAWN: i64 = 1 << 22;

/// The most cells (all grids together) of a thread/value picture of a tiled MMA or tiled copy
/// (`cute show`, `--svg`, `--latex`). Past it `cute show` says the grids were not drawn and
/// `--svg`/`--latex` give an error naming the limit.
pub const MAX_TV_CELLS: i64 = 1 << 18;

/// The most (thread, value) pairs of one TV layout evaluated for such a picture.
pub const MAX_TV_PAIRS: i64 = 1 << 22;

/// The largest domain on which a property (injective, surjective) is decided, or a law checked,
/// by evaluating every point. Past it a property table says "too large", and a law is checked at
/// the first and last points and at pseudo-random points in between.
pub const MAX_ENUMERATED: i64 = 1 << 20;

/// The most layout evaluations one shared-memory bank-conflict analysis performs; past it, an
/// error naming the limit.
pub const MAX_BANK_POINTS: i64 = 1 << 22;

/// The most times the bodies of one statement's loops run, all loops of it together (a C++
/// `for` pasted with a bound of a billion stops here): more is an error naming the limit.
pub const MAX_LOOP_ITERATIONS: u64 = 1 << 20;

/// The most items one statement's loops print together, an item an integer of a value or a
/// piece of a line of text (a `print(L)` of a large layout, or a print of many strings, in a long
/// loop stops here, before its copies fill the memory): more is an error naming the limit.
pub const MAX_LOOP_PRINTED: usize = 1 << 22;

/// The deepest nesting of control statements (`for` and `if` inside each other) the reader
/// takes; deeper is an error naming the limit.
pub const MAX_CONTROL_NESTING: usize = 64;

/// The most element values a session holds, all owning tensors and arrays together
/// (`make_tensor<float>(…)`, `float A[N]`, `__shared__ half_t smem[N]`), and the most elements
/// one algorithm or `print_tensor` visits: more is an error naming the limit.
pub const MAX_STORED_ELEMENTS: usize = 1 << 22;

// SPEC §3: nesting of at least 64 levels.
const _: () = assert!(MAX_NESTING >= 64, "SPEC §3: nesting of at least 64 levels");

/// The deepest nesting of calls of the user's functions and lambdas (a recursion deeper is an
/// error naming this limit).
pub const MAX_CALL_DEPTH: usize = 64;

/// The most uses of packs (`xs...`, `sizeof...(xs)`, a fold) a variadic lambda's body expands
/// at one call: each rewrites the body's text, so more would cost their count times its length.
pub const MAX_PACK_EXPANSIONS: usize = 1024;

/// The most entries of a Python dict (DSL text's caches of compiled functions hold a few): each
/// store looks its key up among them, so more would cost their count squared.
pub const MAX_DICT_ENTRIES: usize = 1 << 10;

/// The most calls of the user's functions and lambdas one statement makes.
pub const MAX_CALLS: u64 = 1 << 14;
