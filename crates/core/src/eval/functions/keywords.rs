//! Keyword arguments (CuTe DSL): the parameter names of a function's signature
//! ([`Function::parameters`]) and the DSL's synonyms of them ([`same_parameter`]).

use super::Function;

/// Keyword names of the DSL that stand for a parameter named otherwise in the signatures.
const SYNONYMS: &[(&str, &[&str])] = &[
    (
        "l",
        &[
            "input", "layout", "src", "a", "target", "obj", "sequence", "tensor",
        ],
    ),
    ("a", &["input", "layout", "lhs", "target", "block", "src"]),
    ("b", &["rhs", "layout_b", "tiler", "begin"]),
    ("e", &["end"]),
    ("t", &["tiler", "a", "x", "input", "target"]),
    ("m", &["cotarget"]),
    ("shape", &["trg_shape", "target_shape", "layout"]),
    ("profile", &["target_profile"]),
    ("guide", &["target_profile"]),
    ("idx", &["index"]),
    ("crd", &["coord", "dicer"]),
    ("thr_idx", &["index"]),
    ("thr_layout", &["tiler"]),
    ("name", &["op_or_atom"]),
    ("copy_atom", &["atom"]),
    ("atom_tv_layout", &["atom_layout_tv"]),
    ("tiled_mma", &["mma"]),
    // the DSL's make_tiled_mma(op_or_atom, atom_layout_mnk, permutation_mnk)
    ("tile_m", &["permutation_mnk"]),
];

impl Function {
    /// The parameter names of the signature in this table, lowercased: `make_layout(SHAPE[,
    /// STRIDE …])` has `shape`, `stride`. Keyword arguments (CuTe DSL) are matched against them.
    pub fn parameters(&self) -> Vec<String> {
        self.parameters_in(false)
    }

    /// [`Function::parameters`] in a dialect: the DSL's, where its signature differs
    /// ([`Function::signature_in`]).
    pub fn parameters_in(&self, dsl: bool) -> Vec<String> {
        signature_parameters(self.signature_in(dsl))
            .filter_map(|p| {
                let name = parameter_name(p);
                (!name.is_empty()).then(|| name.to_ascii_lowercase())
            })
            .collect()
    }

    /// Whether its `i`th parameter ([`Function::parameters_in`]) has a default in the
    /// signature (the DSL's `divisibility=1`): a call may leave it out before one it gives by
    /// keyword, and it is then `None` (the handler takes the default).
    pub fn has_default_in(&self, dsl: bool, i: usize) -> bool {
        signature_parameters(self.signature_in(dsl))
            .filter(|p| !parameter_name(p).is_empty())
            .nth(i)
            .is_some_and(|p| p.contains('='))
    }

    /// How many arguments it takes by position where its signature makes the rest
    /// keyword-only (Python's bare `*`: `sym_int(width=32, *, divisibility=1, symbol=None)`
    /// takes 1); `None` where it has no `*`.
    pub fn positional_limit_in(&self, dsl: bool) -> Option<usize> {
        let sig = self.signature_in(dsl);
        if !sig.contains('*') {
            return None;
        }
        let mut named = 0;
        for p in signature_parameters(sig) {
            if p.trim() == "*" {
                return Some(named);
            }
            named += usize::from(!parameter_name(p).is_empty());
        }
        None
    }
}

/// The text of each parameter between a signature's outer parentheses, cut at its commas.
fn signature_parameters(sig: &str) -> impl Iterator<Item = &str> {
    let inner = sig.find('(').map_or("", |open| {
        let mut depth = 0usize;
        let mut close = sig.len();
        for (i, c) in sig.char_indices().skip(open) {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        close = i;
                        break;
                    }
                }
                _ => {}
            }
        }
        &sig[open + 1..close]
    });
    inner.split(',').filter(|_| !inner.is_empty())
}

/// A parameter's name in its text (`SHAPE[` is `SHAPE`, `divisibility=1` is `divisibility`);
/// empty for `*`.
fn parameter_name(p: &str) -> &str {
    p.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .next()
        .unwrap_or("")
}

/// Whether a keyword argument names this parameter (its name, or a DSL synonym of it).
pub fn same_parameter(param: &str, keyword: &str) -> bool {
    param == keyword
        || SYNONYMS
            .iter()
            .any(|(p, kws)| *p == param && kws.contains(&keyword))
}
