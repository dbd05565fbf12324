//! The CuTe DSL's spelling of the operations of the dynamic set (issue 36): `==`/`!=` of
//! layouts, composed layouts with an offset, counting tensors (made, sliced, at a coordinate,
//! over a swizzled layout), identity tensors sliced, `domain_offset` of identity and counting
//! tensors, `local_tile`/`local_partition` at coordinates — Python literals static,
//! `cutlass.Int32(…)` dynamic — compared with what the CuTe DSL 4.8.1 prints
//! (`tests/oracle/dynamic/gen_dsl_cases.py`, from `dsl-oracle`): cute's value, printed in the
//! DSL's form (a run-time integer `?`, a static one its value, `tensor<ORIGIN o LAYOUT>`,
//! `S<3,4,3>`, a truth `True`/`False`/`?`), is the DSL's print with its `{div=N}` notes dropped,
//! so the kind of every integer is checked.

use cute::eval::{Env, Outcome};
use cute::render::cute as cute_form;

use crate::helpers::check_oracle_cases;

/// CuTe's print (`--format cute`) in the DSL's print form: `_4` is `4`, a run-time `4` is `?`
/// (a `MixedBits` too), `Sw<…>` is `S<…>`, an `ArithTuple` iterator makes a `tensor<…>`; a
/// comparison's `_1`/`_0` is `True`/`False`, a run-time one `?`.
pub(crate) fn dsl_form(stmt: &str, printed: &str) -> String {
    if stmt.contains(" == ") || stmt.contains(" != ") {
        return match printed {
            "_1" => "True".into(),
            "_0" => "False".into(),
            _ => "?".into(),
        };
    }
    let (tensor, body) = match printed.strip_prefix("ArithTuple") {
        Some(rest) => (true, rest),
        None => (false, printed),
    };
    let b = body.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    let digits = |mut j: usize| {
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        j
    };
    while i < b.len() {
        let c = b[i];
        let prev = if i > 0 { b[i - 1] } else { b' ' };
        if body[i..].starts_with("Sw<") {
            let end = body[i..].find('>').map_or(b.len(), |k| i + k + 1);
            out.push('S');
            out.push_str(&body[i + 2..end]);
            i = end;
        } else if body[i..].starts_with("M_") {
            // M_S|(d&F)=v
            let eq = body[i..].find('=').map_or(b.len(), |k| i + k + 1);
            out.push('?');
            i = digits(eq);
        } else if c == b'@' {
            let end = digits(i + 1);
            out.push_str(&body[i..end]);
            i = end;
        } else if c == b'_' && i + 1 < b.len() && (b[i + 1].is_ascii_digit() || b[i + 1] == b'-') {
            let end = digits(i + 2);
            out.push_str(&body[i + 1..end]);
            i = end;
        } else if (c.is_ascii_digit()
            || (c == b'-' && i + 1 < b.len() && b[i + 1].is_ascii_digit()))
            && !prev.is_ascii_alphanumeric()
        {
            out.push('?');
            i = digits(i + 1);
        } else {
            out.push(c as char);
            i += 1;
        }
    }
    if tensor {
        format!("tensor<{out}>")
    } else {
        out
    }
}

/// The DSL's print without its divisibility notes (`?{div=8}` is `?`).
pub(crate) fn without_div(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(k) = rest.find("{div=") {
        out.push_str(&rest[..k]);
        rest = rest[k..].find('}').map_or("", |e| &rest[k + e + 1..]);
    }
    out.push_str(rest);
    out
}

#[test]
fn dsl_form_of_cutes_print() {
    assert_eq!(
        dsl_form("x", "ArithTuple(_4,16) o (_4,_8):(_1@0,_1@1)"),
        "tensor<(4,?) o (4,8):(1@0,1@1)>"
    );
    assert_eq!(
        dsl_form(
            "x",
            "ArithTuple_5 o Sw<3,4,3> o M_4|(16&48)=20 o (_16,_64):(_1,_64)"
        ),
        "tensor<5 o S<3,4,3> o ? o (16,64):(1,64)>"
    );
    assert_eq!(dsl_form("a == b", "1"), "?");
    assert_eq!(
        without_div("tensor<(4,?{div=8}) o (4,8)>"),
        "tensor<(4,?) o (4,8)>"
    );
}

#[test]
fn dsl_cases_print_what_the_dsl_prints() {
    let print = |s: &str| match Env::new().run(s) {
        Ok(Outcome::Value(v)) => dsl_form(s, &cute_form::render(&v)),
        Ok(_) => String::new(),
        Err(e) => format!("error: {}", e.message),
    };
    check_oracle_cases("dynamic", "dsl_cases.tsv", &[], print, |got, want| {
        got == without_div(want)
    });
}
