//! C++'s parameter packs of a variadic lambda (`[](auto... xs) { … }`), expanded in its body's
//! text at each call, once the pack's length is known: the pack's elements are bound to
//! variables of their own ([`element_name`]) and each use of the pack becomes a use of them.
//!
//! - `PATTERN...` (in a call's arguments, a braced list): `P(x0), P(x1), …, P(xN-1)`, the
//!   pattern being the expression before `...` back to the `(`, `{`, `[` or `,` that opens it
//!   (an empty pack takes its comma with it: `f(a, xs...)` is `f(a)`);
//! - `sizeof...(xs)`: the pack's length;
//! - the fold expressions (C++17 [expr.prim.fold]): `(E op ...)` is `E0 op (… op EN-1)`,
//!   `(... op E)` is `(E0 op …) op EN-1`, `(E op ... op I)` is `E0 op (… op (EN-1 op I))`,
//!   `(I op ... op E)` is `((I op E0) op …) op EN-1`; a unary fold of an empty pack is `true`
//!   for `&&`, `false` for `||`, `void()` for `,`, and ill-formed for any other operator.
//!
//! An ellipsis whose pattern names none of the packs given (an inner lambda's own pack, its
//! declaration `auto... ys`) is left as it is, for that lambda's call to expand.
//!
//! A function template's type pack given explicitly (`f<E, 2, int, double>(…)` of `template
//! <class E, size_t N, class... Args>`) is expanded to its types' texts ([`expand_type_packs`]),
//! as C++ instantiates the template: `tuple<Args...>` is `tuple<int, double>`, a pattern inside a
//! template's argument list (`<`) ends at its `<` or `,`.

/// The variable the session binds a pack's element `i` to.
pub fn element_name(pack: &str, i: usize) -> String {
    format!("{pack}__pack{i}")
}

/// The binary operators a fold expression may fold over, longest first.
const FOLD_OPERATORS: &[&str] = &[
    "<<=", ">>=", "->*", "&&", "||", "<<", ">>", "+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=",
    "==", "!=", "<=", ">=", ".*", "+", "-", "*", "/", "%", "^", "&", "|", "=", "<", ">", ",",
];

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// A pack as the expansion reads it: its name, its length, and its elements' texts where they
/// are given (a type pack's types), else each element is its variable ([`element_name`]).
#[derive(Clone, Copy)]
struct Pack<'p> {
    name: &'p str,
    len: usize,
    texts: Option<&'p [String]>,
}

impl Pack<'_> {
    /// The text of its element `i`.
    fn element(&self, i: usize) -> String {
        match self.texts {
            Some(t) => t[i].clone(),
            None => element_name(self.name, i),
        }
    }
}

/// The body's text with every use of the packs (each its name and its length) expanded; an
/// error names the construct that cannot be expanded.
pub fn expand_packs(body: &str, packs: &[(&str, usize)]) -> Result<String, String> {
    let packs: Vec<Pack> = packs
        .iter()
        .map(|&(name, len)| Pack {
            name,
            len,
            texts: None,
        })
        .collect();
    expand(body, &packs)
}

/// The body's text with every use of the type packs (each its name and its elements' texts,
/// the types a call gave explicitly) expanded to those texts, as C++ instantiates a function
/// template: `tuple<Args...>` is `tuple<int, double>`, `(is_empty_v<Args> && ...)` is
/// `(is_empty_v<int> && is_empty_v<double>)`, `sizeof...(Args)` is `2`.
pub fn expand_type_packs(body: &str, packs: &[(&str, &[String])]) -> Result<String, String> {
    let packs: Vec<Pack> = packs
        .iter()
        .map(|&(name, texts)| Pack {
            name,
            len: texts.len(),
            texts: Some(texts),
        })
        .collect();
    expand(body, &packs)
}

fn expand(body: &str, packs: &[Pack]) -> Result<String, String> {
    let mut text = body.to_string();
    let mut from = 0;
    let mut expanded = 0usize;
    // each round expands one ellipsis (or steps over one it leaves); bounded by the text
    while let Some(k) = find_ellipsis(&text, from) {
        match expand_at(&text, k, packs)? {
            Some((start, end, replacement)) => {
                expanded += 1;
                if expanded > crate::limits::MAX_PACK_EXPANSIONS {
                    return Err(format!(
                        "the body uses its packs more than {} times (the limit)",
                        crate::limits::MAX_PACK_EXPANSIONS
                    ));
                }
                let resume = start + replacement.len();
                text.replace_range(start..end, &replacement);
                from = resume;
            }
            None => from = k + 3,
        }
    }
    Ok(text)
}

/// The next `...` at or after `from`, outside string and character literals and comments.
fn find_ellipsis(text: &str, from: usize) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'"' | b'\'' => i = skip_literal(b, i),
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |n| i + n);
            }
            b'.' if b[i..].starts_with(b"...") => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// The index after the string or character literal opening at `i`.
fn skip_literal(b: &[u8], i: usize) -> usize {
    let q = b[i];
    let mut j = i + 1;
    while j < b.len() && b[j] != q {
        j += if b[j] == b'\\' { 2 } else { 1 };
    }
    (j + 1).min(b.len())
}

/// Whether `pattern` names one of the packs (as a whole identifier): the pack it names first.
fn names_pack<'p>(pattern: &str, packs: &[Pack<'p>]) -> Option<Pack<'p>> {
    packs
        .iter()
        .copied()
        .find(|p| !word_positions(pattern, p.name).is_empty())
}

/// Where `word` stands in `text` as a whole identifier (not a member `.word`, `->word`).
fn word_positions(text: &str, word: &str) -> Vec<usize> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(k) = text[from..].find(word).map(|k| k + from) {
        let end = k + word.len();
        let before_ok = k == 0 || (!is_ident_byte(b[k - 1]) && b[k - 1] != b'.');
        let member = k >= 2 && &b[k - 2..k] == b"->";
        if before_ok && !member && b.get(end).is_none_or(|&c| !is_ident_byte(c)) {
            found.push(k);
        }
        from = k + word.len().max(1);
    }
    found
}

/// `pattern` with every pack it names replaced by that pack's element `i`.
fn instance(pattern: &str, packs: &[Pack], i: usize) -> String {
    let mut out = pattern.to_string();
    for p in packs {
        let at = word_positions(&out, p.name);
        for k in at.into_iter().rev() {
            out.replace_range(k..k + p.name.len(), &p.element(i));
        }
    }
    out
}

/// The length shared by the packs `pattern` names (C++: packs expanded together have one).
fn pack_length(pattern: &str, packs: &[Pack]) -> Result<usize, String> {
    let mut lengths = packs
        .iter()
        .filter(|p| !word_positions(pattern, p.name).is_empty());
    let Some(&Pack {
        name: first,
        len: n,
        ..
    }) = lengths.next()
    else {
        return Ok(0);
    };
    if let Some(&Pack {
        name: other,
        len: m,
        ..
    }) = lengths.find(|p| p.len != n)
    {
        return Err(format!(
            "the packs '{first}' ({n} elements) and '{other}' ({m}) are expanded together in '{}...': their lengths must agree",
            pattern.trim()
        ));
    }
    Ok(n)
}

/// The operator of `FOLD_OPERATORS` that `text` ends with (after trailing blanks), and where
/// it starts.
/// A `>` written against what it follows closes a template's arguments (`Int<N>...`,
/// `is_static_v<decltype(xs)>...`): no operator.
fn operator_before(text: &str) -> Option<(usize, &'static str)> {
    let t = text.trim_end();
    let op = FOLD_OPERATORS.iter().find(|op| t.ends_with(**op))?;
    let at = t.len() - op.len();
    if op.ends_with('>') && !t[..at].ends_with([' ', '\t', '\n']) {
        return None;
    }
    Some((at, op))
}

/// The operator `text` starts with (after leading blanks), and where it ends.
fn operator_after(text: &str) -> Option<(usize, &'static str)> {
    let lead = text.len() - text.trim_start().len();
    let op = FOLD_OPERATORS
        .iter()
        .find(|op| text[lead..].starts_with(**op))?;
    Some((lead + op.len(), op))
}

/// The unmatched opening bracket before `k` (any of `([{`), at depth 0 of the brackets between.
fn opening_before(b: &[u8], k: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = k;
    while i > 0 {
        i -= 1;
        match b[i] {
            b')' | b']' | b'}' => depth += 1,
            b'(' | b'[' | b'{' => {
                if depth == 0 {
                    return Some(i);
                }
                depth -= 1;
            }
            _ => {}
        }
    }
    None
}

/// The start of the pattern that ends at `k`: back to the `,` or opening bracket at depth 0,
/// a template's `<` among them (`tuple<Args...>`: the `<` written against its template's name;
/// a `>` not of `->` closes one).
fn pattern_start(b: &[u8], k: usize) -> usize {
    let mut depth = 0usize;
    let mut angle = 0usize;
    let mut i = k;
    while i > 0 {
        match b[i - 1] {
            b')' | b']' | b'}' => depth += 1,
            b'(' | b'[' | b'{' if depth == 0 => return i,
            b'(' | b'[' | b'{' => depth -= 1,
            b'>' if depth == 0 && (i < 2 || b[i - 2] != b'-') => angle += 1,
            b'<' if depth == 0 && angle > 0 => angle -= 1,
            b'<' if depth == 0 && i >= 2 && is_ident_byte(b[i - 2]) => return i,
            b',' if depth == 0 && angle == 0 => return i,
            b';' if depth == 0 => return i,
            _ => {}
        }
        i -= 1;
    }
    0
}

/// The expansion of the ellipsis at `k`: the range it replaces and its text, or `None` where
/// it is no use of the packs given.
fn expand_at(
    text: &str,
    k: usize,
    packs: &[Pack],
) -> Result<Option<(usize, usize, String)>, String> {
    let b = text.as_bytes();
    let before = text[..k].trim_end();
    // `sizeof...(xs)`
    if before.ends_with("sizeof")
        && before[..before.len() - 6]
            .bytes()
            .last()
            .is_none_or(|c| !is_ident_byte(c))
    {
        let rest = &text[k + 3..];
        let lead = rest.len() - rest.trim_start().len();
        if rest[lead..].starts_with('(')
            && let Some(close) = rest[lead..].find(')')
        {
            let name = rest[lead + 1..lead + close].trim();
            if let Some(n) = packs.iter().find(|p| p.name == name).map(|p| p.len) {
                let start = before.len() - 6;
                return Ok(Some((start, k + 3 + lead + close + 1, n.to_string())));
            }
        }
        return Ok(None);
    }
    // a declaration of a pack (`auto... ys`, `auto&&... ys`, `class... Ts`): not a use
    let decl = before.trim_end_matches(['&', ' ', '\t', '\n']);
    let last_word = decl
        .rsplit(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .next()
        .unwrap_or("");
    if matches!(last_word, "auto" | "class" | "typename" | "const") {
        return Ok(None);
    }
    let after = &text[k + 3..];
    let closes = after.trim_start().starts_with(')');
    let op_before = operator_before(before).filter(|(_, op)| *op != "," || closes);
    let op_after = if closes { None } else { operator_after(after) };
    // a fold expression: an operator beside the ellipsis, inside parentheses
    if op_before.is_some() || (op_after.is_some() && before.ends_with('(')) {
        let Some(open) = opening_before(b, k).filter(|&o| b[o] == b'(') else {
            return Ok(None);
        };
        let Some(close) = super::cut::closing_bracket(b, open).filter(|&c| b[c] == b')') else {
            return Ok(None);
        };
        let left = op_before.map(|(at, _)| text[open + 1..at].to_string());
        let right = op_after.map(|(at, _)| text[k + 3 + at..close].to_string());
        let op = op_before.or(op_after).map(|(_, op)| op).unwrap_or(",");
        // which side holds the pack: E; the other side, if any, is the init I
        let (pattern, init, right_fold) = match (&left, &right) {
            (Some(l), Some(r)) if names_pack(l, packs).is_some() => (l, Some(r), true),
            (Some(l), Some(r)) => (r, Some(l), false),
            (Some(l), None) => (l, None, true),
            (None, Some(r)) => (r, None, false),
            (None, None) => return Ok(None),
        };
        if names_pack(pattern, packs).is_none() {
            return Ok(None);
        }
        let n = pack_length(pattern, packs)?;
        // each term nests one level deeper: past the limit, an error before the text is built
        if n >= crate::limits::MAX_NESTING {
            return Err(format!(
                "a fold expression over a pack of {n} elements nests {n} levels deep, past the limit of {} levels",
                crate::limits::MAX_NESTING
            ));
        }
        within_statement_limit(text.len(), pattern.len(), n)?;
        let terms: Vec<String> = (0..n)
            .map(|i| grouped(&instance(pattern.trim(), packs, i)))
            .collect();
        // a statement that is a comma fold (`(print(xs), ...);`): its terms' statements in
        // order, as C++ evaluates `,`'s operands (none of an empty pack)
        let whole_statement = text[..open]
            .trim_end()
            .bytes()
            .last()
            .is_none_or(|c| matches!(c, b';' | b'{' | b'}'))
            && text[close + 1..].trim_start().starts_with(';');
        if op == "," && init.is_none() && whole_statement {
            let statements = terms.join("; ");
            return Ok(Some((open, close + 1, statements)));
        }
        let folded = fold_terms(terms, init.map(|s| s.trim()), op, right_fold)?;
        return Ok(Some((open, close + 1, grouped(&folded))));
    }
    // a pack expansion `PATTERN...`
    let start = pattern_start(b, k);
    let pattern = &text[start..k];
    if names_pack(pattern, packs).is_none() {
        return Ok(None);
    }
    let n = pack_length(pattern, packs)?;
    if n > 0 {
        within_statement_limit(text.len(), pattern.len(), n)?;
        let lead = pattern.len() - pattern.trim_start().len();
        let items: Vec<String> = (0..n).map(|i| instance(pattern.trim(), packs, i)).collect();
        return Ok(Some((start + lead, k + 3, items.join(", "))));
    }
    // an empty pack: the expansion and one comma beside it are gone
    let after_trimmed = after.trim_start();
    if b[..start].last() == Some(&b',') {
        return Ok(Some((start - 1, k + 3, String::new())));
    }
    if let Some(rest) = after_trimmed.strip_prefix(',') {
        let end = text.len() - rest.len();
        return Ok(Some((start, end, String::new())));
    }
    Ok(Some((start, k + 3, String::new())))
}

/// That `text_len` bytes of body with `n` instances of a pattern of `pattern_len` bytes (each at
/// least as long: an element's name is longer than its pack's) stay within the limit on a
/// statement's length: checked before the instances are built, as expansions nested in each
/// other grow the text with the product of the packs' lengths.
fn within_statement_limit(text_len: usize, pattern_len: usize, n: usize) -> Result<(), String> {
    let limit = crate::limits::MAX_STATEMENT_LEN;
    let expanded = pattern_len
        .checked_add(2)
        .and_then(|each| each.checked_mul(n))
        .and_then(|all| all.checked_add(text_len));
    match expanded {
        Some(len) if len <= limit => Ok(()),
        _ => Err(format!(
            "the body expanded for a pack of {n} elements would be more than the limit of {limit} bytes"
        )),
    }
}

/// An expression as an operand of a binary operator: in parentheses where it has an operator
/// of its own at top level (a name, a call, `T{}` stand bare: `(x)` of one primary would be
/// read as a tuple in cute's notation).
fn grouped(e: &str) -> String {
    let e = e.trim();
    let mut depth = 0usize;
    let primary = e.bytes().all(|c| match c {
        b'(' | b'[' | b'{' | b'<' => {
            depth += 1;
            true
        }
        b')' | b']' | b'}' | b'>' => {
            depth = depth.saturating_sub(1);
            true
        }
        _ => depth > 0 || is_ident_byte(c) || c == b':' || c == b'.',
    });
    if primary && !e.is_empty() {
        e.to_string()
    } else {
        format!("({e})")
    }
}

/// The fold of `terms` (each parenthesized) by `op`: to the right (`E0 op (E1 op …)`) or to
/// the left, with the init `I` at the far end or none.
fn fold_terms(
    terms: Vec<String>,
    init: Option<&str>,
    op: &str,
    right: bool,
) -> Result<String, String> {
    let mut all = terms;
    if let Some(i) = init {
        if right {
            all.push(grouped(i));
        } else {
            all.insert(0, grouped(i));
        }
    }
    if all.is_empty() {
        return match op {
            "&&" => Ok("true".to_string()),
            "||" => Ok("false".to_string()),
            "," => Ok("void()".to_string()),
            _ => Err(format!(
                "a unary fold over '{op}' of an empty pack is ill-formed in C++ (only &&, || and ',' have a value for an empty pack)"
            )),
        };
    }
    let sep = if op == "," {
        ", ".to_string()
    } else {
        format!(" {op} ")
    };
    let folded = if right {
        let mut acc = all.pop().expect("not empty");
        while let Some(t) = all.pop() {
            acc = format!("{t}{sep}{}", grouped(&acc));
        }
        acc
    } else {
        let mut it = all.into_iter();
        let mut acc = it.next().expect("not empty");
        for t in it {
            acc = format!("{}{sep}{t}", grouped(&acc));
        }
        acc
    };
    Ok(folded)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn x(body: &str, n: usize) -> String {
        expand_packs(body, &[("xs", n)]).unwrap()
    }

    #[test]
    fn expands_calls_folds_and_sizeof() {
        assert_eq!(
            x("return make_tuple(xs...);", 2),
            "return make_tuple(xs__pack0, xs__pack1);"
        );
        assert_eq!(x("return f(a, g(xs)...);", 1), "return f(a, g(xs__pack0));");
        assert_eq!(x("return f(a, xs...);", 0), "return f(a);");
        assert_eq!(
            x("return f(is_static_v<decltype(xs)>...);", 1),
            "return f(is_static_v<decltype(xs__pack0)>);"
        );
        assert_eq!(x("return sizeof...(xs);", 3), "return 3;");
        assert_eq!(
            x("return (xs + ...);", 3),
            "return (xs__pack0 + (xs__pack1 + xs__pack2));"
        );
        assert_eq!(
            x("return (... + xs);", 2),
            "return (xs__pack0 + xs__pack1);"
        );
        assert_eq!(x("return (0 + ... + xs);", 1), "return (0 + xs__pack0);");
        assert_eq!(x("return (xs && ...);", 0), "return true;");
        assert!(expand_packs("return (xs + ...);", &[("xs", 0)]).is_err());
        assert!(expand_packs("return (xs + ...);", &[("xs", 1 << 20)]).is_err());
        // a pattern inside a template's arguments
        assert_eq!(
            x("static_assert(tuple_size_v<tuple<xs...>> == 2);", 2),
            "static_assert(tuple_size_v<tuple<xs__pack0, xs__pack1>> == 2);"
        );
        assert_eq!(
            x("f(tuple<int, g<xs>...>{});", 1),
            "f(tuple<int, g<xs__pack0>>{});"
        );
        // an inner lambda's own pack is left to it
        let inner = "return apply(t, [](auto... ys){ return make_tuple(ys...); });";
        assert_eq!(x(inner, 2), inner);
    }

    #[test]
    fn expands_type_packs_to_their_types() {
        let types = ["int".to_string(), "Empty<0>".to_string()];
        let t = |body: &str, n: usize| expand_type_packs(body, &[("Args", &types[..n])]).unwrap();
        assert_eq!(
            t("using T = std::tuple<Args...>; int n = sizeof...(Args);", 2),
            "using T = std::tuple<int, Empty<0>>; int n = 2;"
        );
        assert_eq!(
            t("if constexpr ((is_empty_v<Args> && ...)) {}", 2),
            "if constexpr ((is_empty_v<int> && is_empty_v<Empty<0>>)) {}"
        );
        assert_eq!(t("tuple<Args...> sl;", 0), "tuple<> sl;");
        assert_eq!(
            t("if constexpr ((is_empty_v<Args> && ...)) {}", 0),
            "if constexpr (true) {}"
        );
    }
}
