//! Issue 37: names as C++ and Python have them — any identifier either language allows binds
//! and shadows CuTe's meaning of it, in `cute eval`, `cute run` and the REPL.

use crate::helpers::cute;

const SHADOWED_SIZE: &str = "error: 'size' is a variable here (bound at line 2), not the function (cute::size or cute.size calls it): an integer is not called";

/// The first line of CuTe's layout docs, and names CUTLASS's material binds.
#[test]
fn names_from_cutlass_material_bind() {
    let (out, err, code) = cute(
        &[
            "eval",
            "auto layout = make_layout(make_shape(4, 8), make_stride(1, 4));",
            "shape = cute.shape(layout)",
            "stride = cute.stride(layout)",
            "s8 = size(layout)",
            "u8 = 2",
            "f32 = s8 / u8",
            "X = make_layout(shape, stride)",
            "X",
            "f32",
        ],
        "",
    );
    // (after DSL text, `/` of a run-time integer is Python's true division, a Float32)
    assert_eq!(
        (out.as_str(), code),
        ("(4?,8?):(1?,4?)\n16.000000\n", 0),
        "{err}"
    );
}

/// A statement on standard input after a binding that shadows a function is answered by the
/// session, not ahead of it (a block long enough to be split among threads).
#[test]
fn a_shadowing_binding_reaches_the_lines_after_it() {
    let mut input = String::from("size(4:1)\nsize = 4\n");
    for _ in 0..3000 {
        input.push_str("size(4:1)\n");
    }
    input.push_str("cute::size(2:1)\n");
    let (out, _, code) = cute(&["eval"], &input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(code, 1);
    assert_eq!(lines.len(), 3002);
    assert_eq!(lines[0], "4");
    assert!(
        lines[1..3001].iter().all(|l| *l == SHADOWED_SIZE),
        "{:?}",
        &lines[..3]
    );
    // `::` makes the line C++: its plain literals are dynamic (issue 36)
    assert_eq!(lines[3001], "2?");
}

#[test]
fn shadowing_in_cute_run_names_the_line() {
    let dir = std::env::temp_dir().join(format!("cute-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("names.cute");
    std::fs::write(&file, "# a script\nsize = 4\nsize(4:1)\nsize\n").unwrap();
    let (out, err, code) = cute(&["run", file.to_str().unwrap()], "");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 1);
    assert_eq!(out, format!("{SHADOWED_SIZE}\n4\n"));
    assert!(err.contains("names.cute:3:1"), "{err}");
}

/// `:vars` says what each variable shadows; one bad name does not fail the pasted block.
#[test]
fn the_repl_shows_what_is_shadowed() {
    let (out, _, code) = cute(
        &["repl"],
        "x = 1\nsize = 4\nauto = 3\nbf16 = 2\nsize(4:1)\ncute::size(4:1)\n:vars\n",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!(
            "error: cannot assign to 'auto': it is a keyword of C++\n\
             {SHADOWED_SIZE}\n\
             4?\n\
             ans = 4?\n\
             bf16 = 2    # shadows the element type bf16, bound at line 4\n\
             size = 4    # shadows the function size, bound at line 2\n\
             x = 1\n"
        )
    );
}
