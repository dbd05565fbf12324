//! Issue 37, part 2: C++ pasted as written prints, under `--format cute`, byte for byte what CuTe
//! prints. `tests/golden/cute_sessions.txt` (and each `tests/golden/cute_sessions_*.txt`) holds
//! each session (the statements, `---`, CuTe 4.7's printout, filled in by
//! `tests/oracle/cute_sessions.py [FILE]` from `cute-oracle`); each runs as one
//! `cute eval --format cute` on standard input, then as `cute run` of a file, then as arguments.

use crate::helpers::{cute, golden_dir};

/// The sessions of `cute_sessions.txt` and `cute_sessions_*.txt`: (heading, statements, what
/// CuTe prints).
fn sessions() -> Vec<(String, String, String)> {
    let mut files: Vec<_> = std::fs::read_dir(golden_dir())
        .expect("golden")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            (name.starts_with("cute_sessions") && name.ends_with(".txt")).then_some(name)
        })
        .collect();
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(golden_dir().join(&file)).expect("golden");
        sessions_of(&text, &mut out);
    }
    out
}

/// The sessions of one file's text, pushed on `out`.
pub(crate) fn sessions_of(text: &str, out: &mut Vec<(String, String, String)>) {
    for block in text.split("\n\n") {
        let Some((stmts, want)) = block.split_once("\n---") else {
            continue; // the file's heading
        };
        let heading = stmts
            .lines()
            .filter(|l| l.starts_with("# "))
            .collect::<Vec<_>>()
            .join(" ");
        let stmts: String = stmts
            .lines()
            .filter(|l| !l.starts_with("# "))
            .map(|l| format!("{l}\n"))
            .collect();
        let want = want.strip_prefix('\n').unwrap_or(want).trim_end();
        out.push((heading, stmts, want.to_string()));
    }
}

/// Runs each session as one `cute eval --format cute` on standard input and asserts that it
/// prints what CuTe printed, naming every session that differs.
pub(crate) fn assert_sessions_print_what_cute_prints(sessions: &[(String, String, String)]) {
    let mut bad = Vec::new();
    for (heading, stmts, want) in sessions {
        let (out, err, code) = cute(&["eval", "--format", "cute"], stmts);
        if out.trim_end() != want || code != 0 {
            bad.push(format!(
                "{heading}\n{stmts}--- want\n{want}\n--- got (exit {code})\n{out}{err}"
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} sessions differ:\n{}",
        bad.len(),
        sessions.len(),
        bad.join("\n")
    );
}

#[test]
fn pasted_cpp_prints_what_cute_prints() {
    let sessions = sessions();
    assert!(!sessions.is_empty());
    assert_sessions_print_what_cute_prints(&sessions);
}

/// A line of several statements is cut at its `;` in every front end: standard input (above),
/// `cute run`, the arguments of `cute eval` and the REPL.
#[test]
fn several_statements_on_a_line_in_every_front_end() {
    let line = "auto L = make_layout(12, 2); complement(L); size(L)\n";
    let want = "(2,1):(_1,24)\n12\n";
    let dir = std::env::temp_dir().join(format!("cute-semicolons-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("s.cute");
    std::fs::write(&file, line).unwrap();
    let (out, _, code) = cute(&["run", "--format", "cute", file.to_str().unwrap()], "");
    assert_eq!((out.as_str(), code), (want, 0), "run");
    let (out, _, code) = cute(&["eval", "--format", "cute", line.trim_end()], "");
    assert_eq!((out.as_str(), code), (want, 0), "eval argument");
    let (out, _, code) = cute(&["repl", "--format", "cute"], line);
    assert_eq!((out.as_str(), code), (want, 0), "repl");
    std::fs::remove_dir_all(&dir).unwrap();
    // an error in the second statement points at it in its line (the first, ending in `;`, is
    // C++: its size is a run-time integer)
    let (out, err, code) = cute(&["eval"], "size(4:1); rnk(4:1)\n");
    assert_eq!(
        out,
        "4?\nerror: unknown function 'rnk'; did you mean 'rank'?\n"
    );
    assert!(err.contains("<stdin>:1:12"), "{err}");
    assert!(err.contains("1 │ size(4:1); rnk(4:1)"), "{err}");
    assert_eq!(code, 1);
    // DSL lines: Python's `;` between statements
    let (out, _, code) = cute(
        &["eval"],
        "a = cute.make_layout((4, 2), stride=(2, 1)); cute.size(a); cute.cosize(a)\n",
    );
    assert_eq!((out.as_str(), code), ("8\n8\n", 0));
}

/// What CuTe does not compile of a composed layout of a composed layout is refused naming why
/// (each checked with cute-oracle: the compiler's error), and what it does is answered.
#[test]
fn a_composed_layout_of_a_composed_layout_refuses_what_cute_does_not_compile() {
    let x = "composition(composition(Swizzle<2,0,3>{}, Int<0>{}, make_layout(Shape<_8,_8>{},LayoutRight{})), composition(Swizzle<1,0,3>{}, Int<0>{}, make_layout(Shape<_8,_8>{},LayoutRight{})))";
    let c = "composition(Swizzle<1,0,3>{}, Int<0>{}, make_layout(Shape<_8,_8>{},LayoutRight{}))";
    for (stmt, says) in [
        (
            format!("filter({x})"),
            "no matching function for call to 'filter",
        ),
        (format!("{x}(_,2)"), "incomplete type 'cute::tuple_size"),
        (format!("slice(make_coord(2,_), {x})"), "incomplete type"),
        (
            format!("slice_and_offset(make_coord(_,2), {x})"),
            "incomplete type",
        ),
        (format!("stride({x})"), "use of deleted function"),
        (format!("{c}.stride()"), "use of deleted function"),
    ] {
        let (out, _, code) = cute(&["eval", "--format", "cute"], &format!("{stmt};\n"));
        assert!(
            out.starts_with("error: ") && out.contains(says),
            "{stmt}: {out}"
        );
        assert_eq!(code, 1, "{stmt}");
    }
    // three swizzle stages (composition(Sw o OFF o B, Y) = composition(Sw, OFF,
    // composition(B, Y))): one composed layout, as cute-oracle prints it
    for (stmt, cute_prints) in [
        (
            format!("composition({x}, {c})"),
            "Sw<2,0,3> o _0 o Sw<1,0,-3> o _0 o Sw<1,0,3> o _0 o (_8,_8):(_8,_1)",
        ),
        (
            format!("composition({c}, {x})"),
            "Sw<1,0,3> o _0 o Sw<2,0,-3> o _0 o Sw<1,0,3> o _0 o (_8,_8):(_8,_1)",
        ),
    ] {
        let (out, _, code) = cute(&["eval", "--format", "cute"], &format!("{stmt};\n"));
        assert_eq!((out.trim_end(), code), (cute_prints, 0), "{stmt}");
    }
}

/// `recast_ptr` to an element the address is not aligned to: CuTe reinterprets the address
/// (cute-oracle: `gmem_ptr[32b](0x2)`, `smem_ptr[128b](0x6)`), and so does cute (a null-based
/// pointer at that byte address); it moves by whole elements from there.
#[test]
fn recast_ptr_to_a_misaligned_element_is_cutes_address() {
    for (stmt, cute_prints) in [
        (
            "recast_ptr<float>(make_gmem_ptr(static_cast<half_t*>(nullptr)) + 1);",
            "gmem_ptr[32b](0x2)",
        ),
        (
            "recast_ptr<uint128_t>(make_smem_ptr(static_cast<half_t*>(nullptr)) + 3);",
            "smem_ptr[128b](0x6)",
        ),
        (
            "recast_ptr<float>(make_gmem_ptr(static_cast<uint8_t*>(nullptr)) + 3);",
            "gmem_ptr[32b](0x3)",
        ),
        (
            "recast_ptr<float>(make_gmem_ptr(static_cast<uint8_t*>(nullptr)) + 3) + 2;",
            "gmem_ptr[32b](0xb)",
        ),
        (
            "recast_ptr<half_t>(recast_ptr<float>(make_gmem_ptr(static_cast<uint8_t*>(nullptr)) + 3) + 2);",
            "gmem_ptr[16b](0xb)",
        ),
        (
            "recast_ptr<uint8_t>(recast_ptr<float>(make_gmem_ptr(static_cast<uint8_t*>(nullptr)) + 3) + 1);",
            "gmem_ptr[8b](0x7)",
        ),
    ] {
        let (out, _, code) = cute(&["eval", "--format", "cute", stmt], "");
        assert_eq!((out.trim_end(), code), (cute_prints, 0), "{stmt}");
    }
    // aligned, it is CuTe's pointer
    let (out, _, _) = cute(
        &[
            "eval",
            "--format",
            "cute",
            "recast_ptr<float>(make_gmem_ptr(static_cast<half_t*>(nullptr)) + 2);",
        ],
        "",
    );
    assert_eq!(out, "gmem_ptr[32b](0x4)\n");
}

/// A failing `static_assert` is an error naming it and its message (CuTe does not compile); a
/// passing one prints nothing; C++'s control flow is refused naming the construct, never bound
/// or skipped silently.
#[test]
fn static_asserts_and_control_flow() {
    let (out, err, code) = cute(
        &["eval", "--format", "cute"],
        "static_assert(size(Layout<_4,_2>{}) == 4);\nstatic_assert(size(Layout<_4,_2>{}) == 5, \"size is 5\");\nCUTE_STATIC_ASSERT_V(size(Layout<_4,_2>{}) == _5{});\nstatic_assert(make_layout(4));\n",
    );
    assert_eq!(
        out,
        "error: static_assert(size(Layout<_4,_2>{}) == 5, \"size is 5\") failed: size(Layout<_4,_2>{}) is 4 (CuTe does not compile)\n\
         error: CUTE_STATIC_ASSERT_V(size(Layout<_4,_2>{}) == _5{}) failed: size(Layout<_4,_2>{}) is 4, _5{} is 5 (CuTe does not compile)\n\
         error: static_assert takes a condition (a truth value or an integer), found a layout\n"
    );
    assert!(err.contains("<stdin>:2:15"), "{err}");
    assert_eq!(code, 1);
    // a counted loop runs (its counter a run-time integer, as C++'s `int i`); a `while` that
    // never ends is an error naming the limit
    let (out, _, code) = cute(&["eval", "for (int i = 0; i < 4; ++i) { print(i); }"], "");
    assert_eq!((out.as_str(), code), ("0?\n1?\n2?\n3?\n", 0));
    let (out, _, code) = cute(
        &[
            "eval",
            "--format",
            "cute",
            "for (int i = 0; i < 4; ++i) { print(i); }",
        ],
        "",
    );
    assert_eq!((out.as_str(), code), ("0123", 0));
    let (out, _, code) = cute(&["eval", "while (true) { }"], "");
    assert!(
        out.starts_with("error: the loops of this statement run their bodies more than"),
        "{out}"
    );
    assert_eq!(code, 1);
    let (out, _, code) = cute(&["eval", "if (size(L) == 4) { print(L); }"], "");
    assert!(out.contains("L"), "{out}");
    assert_eq!(code, 1);
}
