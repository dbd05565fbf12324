//! `cute explain`: a derivation as text (coloured on a terminal) or as JSON (steps as data).
//!
//! Text: one line per step, indented by its depth, `rule: text`; with `--verify`, a line under
//! each checked step with its claim and ✓ (or ✗ and where it fails); the last line is
//! `= RESULT` or `error: MESSAGE`. Without a trailing newline, like the other renderers.

use super::paint::{Mark, Paint};
use serde_json::{Map, Value as Json, json};

use super::plain;
use crate::algebra::trace::{Check, Step, Val, Verdict};
use crate::eval::explain::Explanation;

/// The most characters of one step's line; longer ones are cut and say so.
pub const MAX_LINE: usize = 2000;

fn clip(s: &str) -> String {
    if s.len() <= MAX_LINE {
        return s.to_string();
    }
    let mut end = MAX_LINE;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} more bytes)", &s[..end], s.len() - end)
}

fn verdict_text(v: &Verdict) -> String {
    match v {
        Verdict::Holds { points, of } if points == of && *of <= 1 => "✓".to_string(),
        Verdict::Holds { points, of } if points == of => format!("✓ (all {of} indices)"),
        Verdict::Holds { points, of } => {
            format!("✓ (the first {points} of {of} indices: capped)")
        }
        Verdict::Fails(why) => format!("✗ {why}"),
        Verdict::Unchecked { of } => format!(
            "– not checked ({of} indices): the {} points --verify evaluates per explanation are spent",
            crate::algebra::trace::VERIFY_BUDGET
        ),
    }
}

/// The derivation as text.
pub fn text(ex: &Explanation, paint: Paint) -> String {
    let mut out = String::new();
    let head = format!("explain {}", ex.expr);
    paint.push(&mut out, &head, Mark::Heading);
    out.push('\n');
    for (k, st) in ex.steps.iter().enumerate() {
        let indent = "  ".repeat(st.depth + 1);
        let rule = format!("{} {}:", st.op, st.rule);
        let failing = st.rule.contains("fails")
            || st.rule.contains("violated")
            || st.rule == "error"
            || st.rule == "overlap"
            || st.check.as_ref().is_some_and(|c| !c.claimed());
        let rule = paint.paint(
            rule,
            if failing {
                Mark::FailedStep
            } else if st.depth == 0 {
                Mark::Step
            } else {
                Mark::SubStep
            },
        );
        out.push_str(&format!("{indent}{rule} {}\n", clip(&st.text)));
        if let (Some(vs), Some(check)) = (&ex.verdicts, &st.check) {
            let verdict = vs.get(k).cloned().flatten();
            let mark = verdict.as_ref().map(verdict_text).unwrap_or_default();
            let mark = match &verdict {
                Some(v) if v.ok() => paint.paint(mark, Mark::CheckHeld),
                Some(_) => paint.paint(mark, Mark::CheckFailed),
                None => mark,
            };
            out.push_str(&format!(
                "{indent}  check: {} {mark}\n",
                clip(&check.statement())
            ));
        }
    }
    if ex.dropped > 0 {
        out.push_str(&format!(
            "  … {} more steps left out (at most {} are shown)\n",
            ex.dropped,
            crate::algebra::trace::MAX_STEPS
        ));
    }
    match &ex.result {
        Ok(v) => {
            let r = format!("= {}", plain::render(v));
            paint.push(&mut out, &r, Mark::Result);
        }
        Err(e) => {
            let r = format!("error: {}", e.message);
            paint.push(&mut out, &r, Mark::Error);
        }
    }
    // CuTe's answer stands; the law it breaks (SPEC §3)
    for w in &ex.warnings {
        out.push('\n');
        paint.push(&mut out, &format!("warning: {}", w.message), Mark::Error);
    }
    if let Some(vs) = &ex.verdicts {
        let unchecked = vs
            .iter()
            .flatten()
            .filter(|v| matches!(v, Verdict::Unchecked { .. }))
            .count();
        let checked = vs.iter().flatten().count() - unchecked;
        let failed = vs.iter().flatten().filter(|v| !v.ok()).count();
        out.push('\n');
        let mut line = if failed == 0 {
            format!(
                "verified: {checked} check{} hold{}",
                if checked == 1 { "" } else { "s" },
                if checked == 1 { "s" } else { "" }
            )
        } else {
            format!("verified: {failed} of {checked} checks fail")
        };
        if unchecked > 0 {
            line.push_str(&format!(
                "; {unchecked} not checked (the budget of {} points is spent)",
                crate::algebra::trace::VERIFY_BUDGET
            ));
        }
        out.push_str(&line);
    }
    out
}

fn check_json(c: &Check, verdict: Option<&Verdict>) -> Json {
    let mut m = Map::new();
    let kind = match c {
        Check::Rel { .. } => "relation",
        Check::Either(..) => "either",
        Check::SameFunction { .. } => "same_function",
        Check::Composition { .. } => "composition",
        Check::Injective { .. } => "injective",
        Check::RightInverse { .. } => "right_inverse",
        Check::LeftInverse { .. } => "left_inverse",
        Check::Rearranged { .. } => "rearranged",
        Check::SwizzleBits { .. } => "swizzle_bits",
    };
    m.insert("kind".into(), json!(kind));
    m.insert("statement".into(), json!(c.statement()));
    m.insert("claimed".into(), json!(c.claimed()));
    if let Check::Rel { lhs, rel, rhs, .. } = c {
        m.insert("lhs".into(), json!(lhs));
        m.insert("rel".into(), json!(rel.symbol()));
        m.insert("rhs".into(), json!(rhs));
    }
    match verdict {
        Some(Verdict::Holds { points, of }) => {
            m.insert("verified".into(), json!(true));
            m.insert("points".into(), json!(points));
            m.insert("of".into(), json!(of));
        }
        Some(Verdict::Fails(why)) => {
            m.insert("verified".into(), json!(false));
            m.insert("failure".into(), json!(why));
        }
        Some(Verdict::Unchecked { of }) => {
            m.insert("verified".into(), json!(null));
            m.insert("unchecked".into(), json!(true));
            m.insert("of".into(), json!(of));
        }
        None => {}
    }
    Json::Object(m)
}

fn step_json(st: &Step, verdict: Option<&Verdict>) -> Json {
    let values: Map<String, Json> = st
        .values
        .iter()
        .map(|(k, v)| {
            let j = match v {
                Val::Int(i) => json!(i),
                _ => json!(v.to_string()),
            };
            (k.to_string(), j)
        })
        .collect();
    let mut m = Map::new();
    m.insert("depth".into(), json!(st.depth));
    m.insert("op".into(), json!(st.op));
    m.insert("rule".into(), json!(st.rule));
    m.insert("text".into(), json!(st.text));
    m.insert("values".into(), Json::Object(values));
    if let Some(c) = &st.check {
        m.insert("check".into(), check_json(c, verdict));
    }
    Json::Object(m)
}

/// The derivation as one JSON object: `expr`, `steps` (each `depth`, `op`, `rule`, `text`,
/// `values` by name in the notation, and `check` with its verdict when verified),
/// `steps_dropped`, then `result` (the value's JSON object) or `error`, and `verified`.
pub fn json(ex: &Explanation) -> String {
    let steps: Vec<Json> = ex
        .steps
        .iter()
        .enumerate()
        .map(|(k, st)| {
            let v = ex
                .verdicts
                .as_ref()
                .and_then(|vs| vs.get(k))
                .and_then(|v| v.as_ref());
            step_json(st, v)
        })
        .collect();
    let mut m = Map::new();
    m.insert("expr".into(), json!(ex.expr));
    m.insert("steps".into(), Json::Array(steps));
    m.insert("steps_dropped".into(), json!(ex.dropped));
    match &ex.result {
        Ok(v) => {
            let obj = super::json::to_json(v, &super::RenderOptions::default())
                .unwrap_or_else(|_| json!({"text": plain::render(v)}));
            m.insert("result".into(), obj);
        }
        Err(e) => {
            m.insert("error".into(), json!(e.message));
        }
    }
    if !ex.warnings.is_empty() {
        let ws: Vec<&str> = ex.warnings.iter().map(|w| w.message.as_str()).collect();
        m.insert("warnings".into(), json!(ws));
    }
    if let Some(vs) = &ex.verdicts {
        m.insert(
            "verified".into(),
            json!(vs.iter().flatten().all(Verdict::ok) && ex.warnings.is_empty()),
        );
    }
    Json::Object(m).to_string()
}
