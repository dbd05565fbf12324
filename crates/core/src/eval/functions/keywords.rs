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
        let sig = self.signature_in(dsl);
        let Some(open) = sig.find('(') else {
            return Vec::new();
        };
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
        sig[open + 1..close]
            .split(',')
            .map(|p| {
                p.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                    .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                    .next()
                    .unwrap_or("")
                    .to_ascii_lowercase()
            })
            .filter(|p| !p.is_empty())
            .collect()
    }
}

/// Whether a keyword argument names this parameter (its name, or a DSL synonym of it).
pub fn same_parameter(param: &str, keyword: &str) -> bool {
    param == keyword
        || SYNONYMS
            .iter()
            .any(|(p, kws)| *p == param && kws.contains(&keyword))
}
