//! C++'s template forms of a call (`get<0>(L)`, `size<1>(L)`, `upcast<2>(L)`): what a name
//! with template arguments spells ([`templated`]).

use super::{Function, TemplateArgs, lookup};
use crate::eval::Value;

/// A mode-index template form of C++: `get<i,j>(L)` and `layout<i,j>(L)` are `get(L, i, j)`;
/// `select<…>(L)`, `take<b,e>(L)`, `group<b,e>(L)` take the indices after L; `size<i…>(L)` (and
/// `cosize`, `shape`, `stride`, `rank`, `depth`) is that query of `get(L, i…)`.
pub struct Templated {
    /// The function called with L and the indices.
    pub inner: &'static Function,
    /// The query then applied to its result, if any.
    pub query: Option<&'static Function>,
    /// The template arguments.
    pub indices: Vec<Value>,
    /// Where the template arguments go among the call's arguments.
    pub placement: TemplateArgs,
    /// A mode-index form (`size<0>`): it takes exactly one argument.
    pub mode_index: bool,
}

/// The template form a name spells, if it is one: a mode-index form (`size<0>`, `select<1,0>`),
/// or a function of the table that takes template arguments (`upcast<2>`,
/// `recast_layout<uint16_t,uint8_t>`).
pub fn templated(name: &str) -> Option<Templated> {
    let (base, rest) = name.split_once('<')?;
    let text = rest.strip_suffix('>')?;
    let mode_index = match base {
        "get" | "layout" => Some(("get", None)),
        "select" | "take" | "group" => Some((base, None)),
        "size" | "cosize" | "shape" | "stride" | "rank" | "depth" => Some(("get", Some(base))),
        _ => None,
    };
    if let Some((inner, query)) = mode_index {
        // an index that is a name (`get<index>(t)` of a lambda's `auto index`, an integral
        // constant converted to the constant it holds): the value bound to it, where called
        let indices = text
            .split(',')
            .map(|t| {
                template_int(t).map(Value::int).or_else(|| {
                    let t = t.trim();
                    (t.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                        && t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'))
                    .then(|| Value::Name(t.to_string()))
                })
            })
            .collect::<Option<_>>()?;
        return Some(Templated {
            inner: lookup(inner)?,
            query: query.and_then(lookup),
            indices,
            placement: TemplateArgs::After,
            mode_index: true,
        });
    }
    let inner = lookup(base)?;
    if inner.template == TemplateArgs::None {
        return None;
    }
    let indices = crate::parser::split_top(text)
        .into_iter()
        .map(str::trim)
        .map(|t| match template_int(t) {
            Some(v) => Value::int(v),
            None => Value::Name(t.to_string()),
        })
        .collect();
    Some(Templated {
        inner,
        query: None,
        indices,
        placement: inner.template,
        mode_index: false,
    })
}

/// An integral constant as a template argument: `2`, `_2`, `Int<2>`, `Int<2>{}`, `C<2>`.
fn template_int(t: &str) -> Option<i64> {
    let t = t.trim();
    let t = t.strip_suffix("{}").unwrap_or(t);
    let t = ["Int<", "C<", "cute::Int<", "cute::C<"]
        .iter()
        .find_map(|p| t.strip_prefix(p).and_then(|r| r.strip_suffix('>')))
        .unwrap_or(t);
    let t = t.strip_prefix('_').unwrap_or(t);
    t.parse::<i64>().ok()
}
