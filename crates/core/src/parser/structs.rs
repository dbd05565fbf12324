//! A struct of the program's own, as CUTLASS's tutorials declare their kernels' shared storage:
//! `template <class TA, class TB, class ASmemLayout, class BSmemLayout> struct SharedStorage {
//! alignas(128) ArrayEngine<TA, cosize_v<ASmemLayout>> A; … uint64_t tma_barrier[N]; … };`.
//! The definition keeps its body's text; its members are read here ([`struct_members`]) where
//! it is defined (so a member cute does not model is an error there) and again where the
//! struct is instantiated (`eval::structs` lays them out for its template arguments).

use super::ast::{Expr, ExprKind, Span, Stmt};
use super::cut::closing_bracket;
use super::{PResult, Parser, err, is_ident_char};

/// A struct's definition ([`Stmt::Struct`]).
#[derive(Clone, Debug, PartialEq)]
pub struct StructDef<'a> {
    /// Its name.
    pub name: &'a str,
    /// Where its name is written.
    pub name_span: Span,
    /// Its template parameters' names (none: a plain struct).
    pub params: &'a [&'a str],
    /// The text of its body, between its braces; an alias template's aliased type.
    pub body: &'a str,
    /// An alias template, `template <class T, T V> using NAME = TYPE;`: `body` is TYPE, its
    /// parameters replaced by the arguments where it is named (`NAME<int, 42>`).
    pub alias: bool,
}

/// A member of a struct, as written ([`struct_members`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberDef {
    /// Its name (empty: none).
    pub name: String,
    /// `alignas(E)`'s expression, if written.
    pub align: Option<String>,
    /// What it is.
    pub kind: MemberKind,
}

/// What a struct's member is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MemberKind {
    /// A data member `TYPE NAME;` (its type's text), or a C array `TYPE NAME[EXTENT];`.
    Data {
        /// The type as written (`cute::ArrayEngine<TA, cosize_v<ASmemLayout>>`, `uint64_t`).
        ty: String,
        /// The extent's expression of a C array.
        extent: Option<String>,
        /// Its default member initializer's expression (`= EXPR`, `{EXPR}`), which a
        /// constructor that does not initialize it runs.
        init: Option<String>,
    },
    /// An anonymous `union { … } NAME;` or `struct { … } NAME;`: its members.
    Nested {
        /// Whether it is a union (its members share its first byte).
        union: bool,
        /// Its members.
        members: Vec<MemberDef>,
    },
    /// A member function `[CUTE_DEVICE constexpr] auto NAME() { return EXPR; }`: the text of
    /// its returned expression.
    Method(String),
    /// A member function of parameters or of a body of statements (`bool run() { … }`): its
    /// definition's text, read as a function's where it is called.
    Function(String),
    /// A constructor (`NAME(PARAMS) : MEMBER{EXPR}, … { BODY }`, `NAME() = default;`).
    Constructor(Constructor),
    /// A friend operator defined in the struct (`friend bool operator==(S const& a, S const&
    /// b) { … }`): its operator (`==`) and its definition read as a function's, named
    /// `operator_eq` ([`friend_function_name`]).
    Friend {
        /// The operator's symbol.
        op: String,
        /// The definition, its name `operator==` replaced by [`friend_function_name`]'s.
        definition: String,
        /// A friend template's parameters' names (`W` of `template <int W> friend …`),
        /// deduced from the arguments' types where it is called.
        template_params: Vec<String>,
    },
}

/// The name a friend operator's definition is read under (`operator==`: `operator_eq`).
pub fn friend_function_name(op: &str) -> Option<&'static str> {
    Some(match op {
        "==" => "operator_eq",
        "!=" => "operator_ne",
        "<" => "operator_lt",
        "<=" => "operator_le",
        ">" => "operator_gt",
        ">=" => "operator_ge",
        _ => return None,
    })
}

/// A struct's constructor, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constructor {
    /// Its parameters' text, between its parentheses.
    pub params: String,
    /// Its member initializer list: each member's name and its initializer's expression
    /// (`datum{t}`: `t`).
    pub inits: Vec<(String, String)>,
    /// Its body's text (`= default`: empty).
    pub body: String,
}

/// The words before a member's type that say nothing of its layout.
const SPECIFIERS: &[&str] = &[
    "CUTE_DEVICE",
    "CUTE_HOST_DEVICE",
    "CUTE_HOST",
    "__device__",
    "__host__",
    "__forceinline__",
    "constexpr",
    "inline",
    "static",
    "const",
    "volatile",
    "mutable",
];

/// `text` with its comments blanked out (same length, so places stay).
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                out.push(' ');
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let end = text[i + 2..].find("*/").map_or(b.len(), |k| i + 2 + k + 2);
            out.extend(std::iter::repeat_n(' ', end - i));
            i = end;
        } else {
            let c = text[i..].chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The index of the bracket closing the one at `open` in `text` (`None`: not closed).
fn close_of(text: &str, open: usize) -> Option<usize> {
    closing_bracket(text.as_bytes(), open)
}

/// The members of a struct's body (its text between the braces): data members with their
/// `alignas`, anonymous unions and structs, member functions that return an expression. An
/// error names what is none of these (a constructor, a base class, a bit field …).
pub fn struct_members(body: &str) -> Result<Vec<MemberDef>, String> {
    members_within(body, 0)
}

/// The anonymous unions and structs one struct may nest, one inside another.
const MAX_NESTED: usize = 32;

/// [`struct_members`] of a body `depth` anonymous unions and structs deep.
fn members_within(body: &str, depth: usize) -> Result<Vec<MemberDef>, String> {
    if depth > MAX_NESTED {
        return Err(format!(
            "anonymous unions and structs nested more than {MAX_NESTED} deep (the limit)"
        ));
    }
    let text = without_comments(body);
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix(';') {
            rest = r.trim_start();
            continue;
        }
        let (member, after) = member_at(rest, depth)?;
        out.push(member);
        rest = after.trim_start();
    }
    Ok(out)
}

/// The name a struct's call operator (`operator()`) is defined by among its member functions.
pub const CALL_OPERATOR: &str = "operator_call";

/// The member at the start of `text` and the text after it.
fn member_at(text: &str, depth: usize) -> Result<(MemberDef, &str), String> {
    let mut rest = text;
    let mut align = None;
    // `operator T() const { return EXPR; }`: a conversion function, read as a member function
    // named `operator T`
    let mut conversion = false;
    // a member function template's header (`template <class T>`), kept for its definition
    let mut template_head = "";
    loop {
        rest = rest.trim_start();
        let word: String = rest.chars().take_while(|&c| is_ident_char(c)).collect();
        match word.as_str() {
            "alignas" | "CUTE_ALIGNAS" | "__align__" => {
                let open = rest[word.len()..]
                    .find('(')
                    .map(|k| word.len() + k)
                    .ok_or("expected alignas(N)")?;
                let close = close_of(rest, open).ok_or("expected ')' to close alignas(")?;
                align = Some(rest[open + 1..close].trim().to_string());
                rest = &rest[close + 1..];
            }
            w if SPECIFIERS.contains(&w) => rest = &rest[w.len()..],
            "union" | "struct" => {
                let after = rest[word.len()..].trim_start();
                if !after.starts_with('{') {
                    return Err(format!(
                        "a named {word} type inside a struct is not modelled: write it anonymous, '{word} {{ … }} NAME;'"
                    ));
                }
                let open = rest.len() - after.len();
                let close =
                    close_of(rest, open).ok_or(format!("expected '}}' to close the {word}"))?;
                let members = members_within(&rest[open + 1..close], depth + 1)?;
                let tail = &rest[close + 1..];
                let end = tail
                    .find(';')
                    .ok_or(format!("expected ';' after the {word}"))?;
                let name = tail[..end].trim();
                if !name.chars().all(is_ident_char) {
                    return Err(format!("expected the {word} member's name, found '{name}'"));
                }
                let kind = MemberKind::Nested {
                    union: word == "union",
                    members,
                };
                return Ok((
                    MemberDef {
                        name: name.to_string(),
                        align,
                        kind,
                    },
                    &tail[end + 1..],
                ));
            }
            // `public:` says nothing of the layout cute models
            "public" | "private" | "protected"
                if rest[word.len()..].trim_start().starts_with(':')
                    && !rest[word.len()..].trim_start().starts_with("::") =>
            {
                let colon = rest[word.len()..].find(':').unwrap_or(0);
                rest = &rest[word.len() + colon + 1..];
            }
            "friend" => return friend_at(&rest[word.len()..], align),
            "template" if rest[word.len()..].contains("friend") => {
                let after = rest[word.len()..].trim_start();
                let params_end = after
                    .starts_with('<')
                    .then(|| closing_angle(after))
                    .flatten()
                    .map_or("", |k| &after[..=k]);
                let tail = after[params_end.len()..].trim_start();
                if let Some(friend) = tail.strip_prefix("friend") {
                    let names = params_end
                        .strip_prefix('<')
                        .and_then(|p| p.strip_suffix('>'))
                        .map(|p| {
                            super::split_top(p)
                                .into_iter()
                                .map(|q| super::function::last_ident(q.trim()).to_string())
                                .collect::<Vec<_>>()
                        })
                        .unwrap_or_default();
                    if names.iter().any(String::is_empty) {
                        return Err(format!(
                            "the friend template's parameters '{params_end}': cute models named parameters ('template <int W>')"
                        ));
                    }
                    let (mut member, after) = friend_at(friend, align)?;
                    if let MemberKind::Friend {
                        template_params, ..
                    } = &mut member.kind
                    {
                        *template_params = names;
                    }
                    return Ok((member, after));
                }
                return Err(
                    "a struct's member 'template …' is not modelled: cute lays out data members (alignas, ArrayEngine, array_aligned, C arrays, scalars), anonymous unions and structs, member functions, constructors and friend operators".to_string(),
                );
            }
            "operator" if rest[word.len()..].trim_start().starts_with(is_ident_char) => {
                conversion = true;
                break;
            }
            // a member function template, `template <class T> T operator()(T const& a) const`
            "template"
                if template_head.is_empty()
                    && let after = rest[word.len()..].trim_start()
                    && after.starts_with('<')
                    && let Some(k) = closing_angle(after) =>
            {
                let head_len = rest.len() - after.len() + k + 1;
                template_head = &rest[..head_len];
                rest = &rest[head_len..];
            }
            "template" | "using" | "typedef" | "enum" | "operator" | "public" | "private"
            | "protected" => {
                return Err(format!(
                    "a struct's member '{word} …' is not modelled: cute lays out data members (alignas, ArrayEngine, array_aligned, C arrays, scalars), anonymous unions and structs, and member functions that return an expression"
                ));
            }
            _ => break,
        }
    }
    // a member function: a `(` before the first `;` or `{` at the top level
    // (outside a type's template arguments: `ArrayEngine<T, size<2>(L{})>`; a C array's
    // extent `[size<2>(L{})]` is no parameter list)
    let mut stop =
        first_outside_angles(rest, b";{([").ok_or("expected ';' after a struct's member")?;
    // the call operator, `R operator()(PARAMS)`: its parameters after its `()`
    let call_operator = rest[..stop].trim_end().ends_with("operator")
        && rest[stop + 1..].trim_start().starts_with(')');
    if call_operator {
        let after = stop + 1 + rest[stop + 1..].find(')').unwrap_or(0) + 1;
        stop = after
            + rest[after..]
                .find('(')
                .ok_or("expected operator()(PARAMS)")?;
    }
    if rest.as_bytes()[stop] == b'(' {
        let close =
            close_of(rest, stop).ok_or("expected ')' to close a member function's parameters")?;
        let name = if call_operator {
            CALL_OPERATOR
        } else {
            super::function::last_ident(&rest[..stop])
        };
        if !conversion && rest[..stop].trim() == name {
            return constructor_at(rest, stop, close, align);
        }
        let mut after = rest[close + 1..].trim_start();
        for q in ["const", "noexcept"] {
            after = after.strip_prefix(q).unwrap_or(after).trim_start();
        }
        if !after.starts_with('{') {
            return Err(format!(
                "a constructor, a declared member function or an initialised member ('{name}(…)') is not modelled: cute models member functions with a body, 'auto NAME() {{ return EXPR; }}'"
            ));
        }
        let open = rest.len() - after.len();
        let end = close_of(rest, open).ok_or("expected '}' to close a member function's body")?;
        let inner = rest[open + 1..end].trim();
        let expr = inner
            .strip_prefix("return")
            .and_then(|r| r.trim().strip_suffix(';'))
            .filter(|r| !r.contains(';'));
        let kind = match expr {
            Some(expr) if rest[stop + 1..close].trim().is_empty() && !call_operator => {
                MemberKind::Method(expr.trim().to_string())
            }
            _ if conversion => {
                return Err(format!(
                    "the conversion function '{}' is modelled as 'operator T() const {{ return EXPR; }}'",
                    rest[..stop].trim()
                ));
            }
            // the call operator: its definition read as a function's named CALL_OPERATOR
            // (its template header kept, a `const` after its parameters left out)
            _ if call_operator => {
                let head = rest[..stop].trim_end();
                let head = head.strip_suffix("()").unwrap_or(head).trim_end();
                let ret = head.strip_suffix("operator").unwrap_or(head);
                MemberKind::Function(
                    format!(
                        "{template_head} {ret} {CALL_OPERATOR}{} {}",
                        &rest[stop..=close],
                        &rest[open..=end]
                    )
                    .trim()
                    .to_string(),
                )
            }
            // parameters, or a body of statements: the definition, read as a function's
            _ => MemberKind::Function(
                format!("{template_head} {}", rest[..end + 1].trim())
                    .trim()
                    .to_string(),
            ),
        };
        let name = if conversion {
            // `operator T`, its type's words one space apart
            rest[..stop]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        } else {
            name.to_string()
        };
        return Ok((MemberDef { name, align, kind }, &rest[end + 1..]));
    }
    // a data member: `TYPE NAME;` or `TYPE NAME[EXTENT];` (the type's template arguments kept
    // whole: `ArrayEngine<T, cosize_v<L>>`)
    let end = first_top_level(rest, b';').ok_or("expected ';' after a struct's member")?;
    let whole = rest[..end].trim();
    // a default member initializer: `T x = EXPR;`, `T x{EXPR};`
    let (decl, init) = match first_outside_angles(whole, b"={") {
        Some(k) if whole.as_bytes()[k] == b'=' => {
            (whole[..k].trim(), Some(whole[k + 1..].trim().to_string()))
        }
        Some(k) if whole.ends_with('}') => (
            whole[..k].trim(),
            Some(whole[k + 1..whole.len() - 1].trim().to_string()),
        ),
        _ => (whole, None),
    };
    let (head, extent) = match decl.strip_suffix(']') {
        Some(d) => {
            let open = d.rfind('[').ok_or("expected '[' of a C array")?;
            (d[..open].trim_end(), Some(d[open + 1..].trim().to_string()))
        }
        None => (decl, None),
    };
    if head.contains('=') || head.contains('{') || (init.is_some() && extent.is_some()) {
        return Err(format!(
            "a member with an initializer ('{whole}') is not modelled: cute models a scalar member's default initializer, 'T x = EXPR;'"
        ));
    }
    if head.contains(':') && !head.contains("::") {
        return Err(format!("a bit field ('{decl}') is not modelled"));
    }
    let name = super::function::last_ident(head);
    let ty = head[..head.len() - name.len()].trim();
    if name.is_empty() || ty.is_empty() || ty.ends_with(',') {
        return Err(format!(
            "expected 'TYPE NAME;' as a struct's member, found '{decl}'"
        ));
    }
    if ty.ends_with('*') || ty.ends_with('&') {
        return Err(format!(
            "a pointer or reference member ('{decl}') is not modelled: cute lays out storage (ArrayEngine, array_aligned, C arrays, scalars)"
        ));
    }
    Ok((
        MemberDef {
            name: name.to_string(),
            align,
            kind: MemberKind::Data {
                ty: ty.to_string(),
                extent,
                init,
            },
        },
        &rest[end + 1..],
    ))
}

/// A constructor at the start of `text`, its parameters' parentheses at `open` and `close`:
/// `NAME(PARAMS) [noexcept] [: MEMBER(EXPR), MEMBER{EXPR}, …] { BODY }` or
/// `NAME(PARAMS) = default;`.
fn constructor_at(
    text: &str,
    open: usize,
    close: usize,
    align: Option<String>,
) -> Result<(MemberDef, &str), String> {
    let name = text[..open].trim();
    let params = text[open + 1..close].trim().to_string();
    let mut after = text[close + 1..].trim_start();
    after = after.strip_prefix("noexcept").unwrap_or(after).trim_start();
    if let Some(r) = after.strip_prefix('=') {
        let r = r.trim_start();
        let word: String = r.chars().take_while(|&c| is_ident_char(c)).collect();
        let r = r[word.len()..].trim_start();
        return match (word.as_str(), r.strip_prefix(';')) {
            ("default", Some(tail)) => Ok((
                MemberDef {
                    name: name.to_string(),
                    align,
                    kind: MemberKind::Constructor(Constructor {
                        params,
                        inits: Vec::new(),
                        body: String::new(),
                    }),
                },
                tail,
            )),
            _ => Err(format!(
                "the constructor '{name}({params}) = {word}' is not modelled: cute models a constructor with a body, or '= default'"
            )),
        };
    }
    let mut inits = Vec::new();
    if let Some(mut r) = after.strip_prefix(':') {
        // MEMBER(EXPR) or MEMBER{EXPR}, comma-separated, up to the body's `{`
        loop {
            r = r.trim_start();
            let member: String = r.chars().take_while(|&c| is_ident_char(c)).collect();
            if member.is_empty() {
                return Err(format!(
                    "in the constructor '{name}': expected a member's name in its initializer list"
                ));
            }
            let at = r[member.len()..].trim_start();
            let o = r.len() - at.len();
            let c = match at.chars().next() {
                Some('(' | '{') => close_of(r, o).ok_or(format!(
                    "in the constructor '{name}': expected the initializer of '{member}' closed"
                ))?,
                _ => {
                    return Err(format!(
                        "in the constructor '{name}': expected '(' or '{{' after '{member}' in its initializer list"
                    ));
                }
            };
            inits.push((member, r[o + 1..c].trim().to_string()));
            r = r[c + 1..].trim_start();
            match r.strip_prefix(',') {
                Some(more) => r = more,
                None => break,
            }
        }
        after = r;
    }
    if !after.starts_with('{') {
        return Err(format!(
            "the constructor '{name}(…)' is declared without a body: cute models a constructor with a body, or '= default'"
        ));
    }
    let open = text.len() - after.len();
    let end = close_of(text, open).ok_or("expected '}' to close a constructor's body")?;
    Ok((
        MemberDef {
            name: name.to_string(),
            align,
            kind: MemberKind::Constructor(Constructor {
                params,
                inits,
                body: text[open + 1..end].to_string(),
            }),
        },
        &text[end + 1..],
    ))
}

/// The index of the `>` closing the `<` at the start of `text`.
fn closing_angle(text: &str) -> Option<usize> {
    let mut depth = 0i64;
    for (i, c) in text.bytes().enumerate() {
        match c {
            b'<' => depth += 1,
            b'>' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// A friend operator defined in its struct, the text after `friend`:
/// `[constexpr] RET operator OP (PARAMS) { BODY }`.
fn friend_at(text: &str, align: Option<String>) -> Result<(MemberDef, &str), String> {
    let Some(at) = text.find("operator") else {
        return Err(
            "a friend that is no operator ('friend …') is not modelled: cute models a struct's friend operators (==, !=, <, <=, >, >=)".to_string(),
        );
    };
    let after = &text[at + "operator".len()..];
    let open = after
        .find('(')
        .ok_or("expected '(' after a friend operator's symbol")?;
    let op = after[..open].trim().to_string();
    let Some(name) = friend_function_name(&op) else {
        return Err(format!(
            "the friend 'operator{op}' is not modelled: cute models a struct's friend comparisons (==, !=, <, <=, >, >=)"
        ));
    };
    let open = at + "operator".len() + open;
    let close =
        close_of(text, open).ok_or("expected ')' to close a friend operator's parameters")?;
    let body_open = text[close..]
        .find(['{', ';'])
        .map(|k| close + k)
        .ok_or("expected a friend operator's body")?;
    if text.as_bytes()[body_open] == b';' {
        return Err(format!(
            "a friend 'operator{op}' declared without a body is not modelled: cute models a friend operator defined in its struct"
        ));
    }
    let end = close_of(text, body_open).ok_or("expected '}' to close a friend operator's body")?;
    // an unnamed parameter (`Empty<V> const&`) named, as a function's are read
    let params: Vec<String> = super::split_top(&text[open + 1..close])
        .into_iter()
        .enumerate()
        .map(|(k, p)| {
            let p = p.trim();
            let last = super::function::last_ident(p);
            let ends_in_type = last.is_empty()
                || p[..p.len() - last.len()].trim().is_empty()
                || matches!(last, "const" | "int" | "bool" | "float" | "double");
            if ends_in_type {
                format!("{p} cute_friend_arg{k}")
            } else {
                p.to_string()
            }
        })
        .collect();
    let definition = format!(
        "{} {name}({}){}",
        text[..at].trim(),
        params.join(", "),
        &text[close + 1..=end]
    );
    Ok((
        MemberDef {
            name: String::new(),
            align,
            kind: MemberKind::Friend {
                op,
                definition,
                template_params: Vec::new(),
            },
        },
        &text[end + 1..],
    ))
}

/// The index of the first of `stops` in `text` outside template arguments `<…>`.
fn first_outside_angles(text: &str, stops: &[u8]) -> Option<usize> {
    let mut depth = 0i64;
    for (i, c) in text.bytes().enumerate() {
        match c {
            b'<' => depth += 1,
            b'>' => depth -= 1,
            _ if depth <= 0 && stops.contains(&c) => return Some(i),
            _ => {}
        }
    }
    None
}

/// The index of the first `stop` of `text` outside brackets (a member's `;`, a parameter's
/// default's `=`).
pub(crate) fn first_top_level(text: &str, stop: u8) -> Option<usize> {
    let mut depth = 0i64;
    for (i, c) in text.bytes().enumerate() {
        match c {
            b'(' | b'[' | b'{' | b'<' => depth += 1,
            b')' | b']' | b'}' | b'>' => depth -= 1,
            _ if c == stop && depth <= 0 => return Some(i),
            _ => {}
        }
    }
    None
}

impl<'a> Parser<'a> {
    /// `struct NAME { MEMBERS };` at `at` (after its `template <…>`, whose parameters are
    /// `params`; `pos`: the statement's start). `None`: not a struct's definition.
    pub(super) fn struct_definition(
        &self,
        pos: usize,
        at: usize,
        params: &[&'a str],
    ) -> PResult<Option<Stmt<'a>>> {
        if let Some(("using", end)) = self.word_at(at) {
            return self.alias_template(at, end, params);
        }
        let Some(("struct" | "class", end)) = self.word_at(at) else {
            return Ok(None);
        };
        let name_at = self.skip_ws(end);
        // an unnamed struct declares its variable (`struct { int i; double j; } IntDouble;`):
        // it is named here by where it is written, a name no program spells
        let (name, name_end) = match self.word_at(name_at) {
            Some(named) => named,
            None if self.peek(name_at) == Some('{') => (
                &*self.arena.alloc_str(&format!("__unnamed_struct_{name_at}")),
                name_at,
            ),
            None => return Ok(None),
        };
        let open = self.skip_ws(name_end);
        match self.peek(open) {
            Some('{') => {}
            Some('<') => {
                return err(
                    "a class template or its specialization ('template <…> struct NAME<…> { … }') is not modelled: cute knows CuTe 4.7's own types and atoms (MMA_Traits, Copy_Traits)",
                    Span::new(pos, open + 1),
                );
            }
            // (Python's `class Foo:` is none)
            Some(':') if self.src[open..].contains('{') => {
                return err(
                    "a struct with a base class ('struct NAME : BASE { … }') is not modelled: cute lays out a struct's own members",
                    Span::new(name_at, open + 1),
                );
            }
            _ => return Ok(None),
        }
        let Some(close) = closing_bracket(self.src.as_bytes(), open) else {
            return err(
                "expected '}' to close the struct",
                Span::new(open, open + 1),
            );
        };
        // `struct S { … } x;`: the struct, then its variable `x` (a declaration `S x;`)
        let declarator = match self.word_at(self.skip_ws(close + 1)) {
            Some((var, var_end)) if params.is_empty() && !super::is_keyword(var) => {
                self.expect_end(var_end)?;
                Some((var, Span::new(self.skip_ws(close + 1), var_end)))
            }
            _ => {
                self.expect_end(close + 1)?;
                None
            }
        };
        let body = &self.src[open + 1..close];
        struct_members(body).map_err(|message| super::ParseError {
            message: format!("in the struct '{name}': {message}"),
            span: Span::new(open, close + 1),
        })?;
        let params = self.arena.alloc_slice_copy(params);
        let def = Stmt::Struct(self.arena.alloc(StructDef {
            name,
            name_span: Span::new(name_at, name_end),
            params,
            body,
            alias: false,
        }));
        let Some((var, var_span)) = declarator else {
            return Ok(Some(def));
        };
        let ty = self.alloc(Expr {
            kind: ExprKind::Name(name),
            span: Span::new(pos, open),
        });
        let declaration = Stmt::Assign {
            name: var,
            name_span: var_span,
            expr: Expr {
                kind: ExprKind::Call(ty, &[]),
                span: Span::new(pos, var_span.end),
            },
            constexpr: false,
            is_const: false,
            int_type: None,
        };
        Ok(Some(Stmt::Block(
            self.arena.alloc_slice_clone(&[def, declaration]),
        )))
    }

    /// `template <PARAMS> using NAME = TYPE;` (`at`: where `using` is written, `end`: its end):
    /// an alias template, its type's text kept ([`StructDef::alias`]).
    fn alias_template(
        &self,
        at: usize,
        end: usize,
        params: &[&'a str],
    ) -> PResult<Option<Stmt<'a>>> {
        let name_at = self.skip_ws(end);
        let Some((name, name_end)) = self.word_at(name_at) else {
            return Ok(None);
        };
        let eq = self.skip_ws(name_end);
        if self.peek(eq) != Some('=') {
            return Ok(None);
        }
        let Some(semi) = self.src[eq..].find(';').map(|k| eq + k) else {
            return err(
                "expected ';' after the alias template's type",
                Span::new(at, eq + 1),
            );
        };
        self.expect_end(semi + 1)?;
        let params = self.arena.alloc_slice_copy(params);
        Ok(Some(Stmt::Struct(self.arena.alloc(StructDef {
            name,
            name_span: Span::new(name_at, name_end),
            params,
            body: self.src[eq + 1..semi].trim(),
            alias: true,
        }))))
    }
}

impl<'a> Parser<'a> {
    /// `namespace NAME { … }` (a unit test's `namespace pt_test { struct Empty {}; … }`): its
    /// statements, read as a block's. `None`: no namespace's definition here.
    pub(super) fn namespace_definition(
        &self,
        pos: usize,
        nest: usize,
    ) -> PResult<Option<Stmt<'a>>> {
        let Some(("namespace", end)) = self.word_at(pos) else {
            return Ok(None);
        };
        let name_at = self.skip_ws(end);
        let Some((name, name_end)) = self.ident_at(name_at) else {
            return Ok(None);
        };
        let open = self.skip_ws(name_end);
        if self.peek(open) != Some('{') {
            return Ok(None);
        }
        let Some(close) = closing_bracket(self.src.as_bytes(), open) else {
            return err(
                format!("expected '}}' to close the namespace '{name}'"),
                Span::new(open, open + 1),
            );
        };
        self.expect_end(close + 1)?;
        super::control::control_nesting(nest, "namespaces", Span::new(pos, open + 1))?;
        let body = self.cpp_body().block(open + 1, close, nest + 1)?;
        Ok(Some(Stmt::Namespace(
            self.arena.alloc(super::ast::Namespace { name, body }),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_of_a_tutorials_shared_storage() {
        let m = struct_members(
            "alignas(128) cute::ArrayEngine<TA, cosize_v<L>> A; // a comment\n uint64_t bar[size<2>(L{})];\n alignas(128) union { alignas(128) struct { int x; } main; float c; } t;\n CUTE_DEVICE constexpr auto f() { return make_tensor(make_smem_ptr(A.begin()), L{}); }",
        )
        .unwrap();
        assert_eq!(m.len(), 4);
        assert_eq!(m[0].align.as_deref(), Some("128"));
        assert_eq!(
            m[0].kind,
            MemberKind::Data {
                ty: "cute::ArrayEngine<TA, cosize_v<L>>".into(),
                extent: None,
                init: None
            }
        );
        assert_eq!(
            m[1].kind,
            MemberKind::Data {
                ty: "uint64_t".into(),
                extent: Some("size<2>(L{})".into()),
                init: None
            }
        );
        assert!(
            matches!(&m[2].kind, MemberKind::Nested { union: true, members } if members.len() == 2)
        );
        assert_eq!(
            m[3].kind,
            MemberKind::Method("make_tensor(make_smem_ptr(A.begin()), L{})".into())
        );
        assert!(matches!(
            &struct_members("int x = 4;").unwrap()[0].kind,
            MemberKind::Data { init: Some(i), .. } if i == "4"
        ));
        let c = struct_members("public: S(T const& t) : x{t}, y(2) { x = 3; }\n S() = default;")
            .unwrap();
        assert_eq!(
            c[0].kind,
            MemberKind::Constructor(Constructor {
                params: "T const& t".into(),
                inits: vec![("x".into(), "t".into()), ("y".into(), "2".into())],
                body: " x = 3; ".into()
            })
        );
        assert!(matches!(&c[1].kind, MemberKind::Constructor(k) if k.body.is_empty()));
        assert!(struct_members("S() = delete;").is_err());
        assert!(matches!(
            &struct_members("bool run() { int x = 1; return x; }").unwrap()[0].kind,
            MemberKind::Function(_)
        ));
    }
}
