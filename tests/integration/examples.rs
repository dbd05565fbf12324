//! Every function of the table carries an example that evaluates (`:help NAME` and
//! `cute help NAME` show it with its result, computed), and names close to a function get a
//! "did you mean".

use cute::eval::functions::{all, closest};
use cute::eval::{Env, Outcome};
use cute::help::describe;

#[test]
fn every_function_has_an_example_that_evaluates() {
    for f in all() {
        assert!(
            f.example().contains(f.name) || f.example().contains(&f.name.replace('_', "")),
            "{}: the example {:?} calls it",
            f.name,
            f.example()
        );
        match Env::new().run(f.example()) {
            Ok(Outcome::Value(_)) => {}
            // CuTe's `void` algorithms (`copy`, `gemm`, …): the call checked, nothing printed
            Ok(Outcome::Nothing) if f.void => {}
            other => panic!("{}: example {:?} gives {other:?}", f.name, f.example()),
        }
        let d = describe(f);
        assert!(d.contains("example: ") && !d.contains("error:"), "{d}");
    }
}

#[test]
fn close_names_are_suggested() {
    assert_eq!(
        closest("sizee", std::iter::empty()),
        vec!["size".to_string()]
    );
    assert_eq!(
        closest("lgical_divide", std::iter::empty()),
        vec!["logical_divide".to_string()]
    );
    assert_eq!(
        closest("myvar", ["myvars"].into_iter()),
        vec!["myvars".to_string()]
    );
    assert!(closest("xyzzy", std::iter::empty()).is_empty());
    assert!(
        closest("Bx", ["B"].into_iter()).is_empty(),
        "no guesses for two letters"
    );
    let mut env = Env::new();
    env.run("tile_a = (4,8):(1,4)").unwrap();
    let e = env.run("size(tile_b)").unwrap_err();
    assert_eq!(
        e.message,
        "undefined variable 'tile_b'; did you mean 'tile_a'?"
    );
}

/// SPEC §2's list in the README names every function of the table (the table is the truth; the
/// README must keep up with it).
#[test]
fn readme_names_every_function() {
    let readme = include_str!("../../README.md");
    let start = readme
        .find("Functions (as in CuTe C++), by header")
        .expect("README's function list");
    // the list ends with its section
    let end = readme[start..]
        .find("\n## ")
        .map_or(readme.len(), |e| start + e);
    let words: std::collections::HashSet<&str> = readme[start..end]
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .collect();
    // (a qualified name, `lazy::transform`, is written whole in the list)
    let missing: Vec<&str> = all()
        .map(|f| f.name)
        .filter(|n| {
            let written = words.contains(n)
                || (n.contains("::") && readme[start..end].contains(&format!("`{n}`")));
            !written
        })
        .collect();
    assert!(
        missing.is_empty(),
        "README's function list lacks {missing:?}"
    );
}

/// Every member (`x.name(...)`) has an example that calls it and evaluates; `cute help NAME`
/// and `cute help .NAME` show it with its result.
#[test]
fn every_member_has_an_example_that_evaluates() {
    use cute::eval::methods::{MEMBERS, member};
    for (name, _, _) in MEMBERS {
        let (_, _, example) = member(name).expect("an entry");
        assert!(
            example.contains(&format!(".{name}(")) || example.contains(&format!(".{name}<")),
            "{name}: the example {example:?} calls it"
        );
        match Env::new().run(example) {
            Ok(Outcome::Value(_)) => {}
            other => panic!("{name}: example {example:?} gives {other:?}"),
        }
        let text = cute::help::topic(&format!(".{name}")).expect("help on .NAME");
        assert!(
            text.contains("example: ") && text.contains("= ") && !text.contains("error:"),
            "{name}: {text}"
        );
    }
}

/// examples/tiles.cute's comment names its tile right: `(1,1)` of the 4x4 tiles is index 5 in
/// column-major order, the 6th.
#[test]
fn the_tiles_example_names_its_tile_right() {
    let script =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/tiles.cute"))
            .unwrap();
    assert!(
        script.contains("tile at (1,1)") && script.contains("the 6th, index 5"),
        "{script}"
    );
    let mut env = Env::new();
    let tile = |env: &mut Env, coord: &str| match env.run(&format!(
        "local_tile(make_layout((128,64), LayoutRight), (32,16), {coord})"
    )) {
        Ok(Outcome::Value(v)) => cute::render::plain::render(&v),
        other => panic!("{other:?}"),
    };
    assert_eq!(tile(&mut env, "(1,1)"), tile(&mut env, "5"));
    assert_ne!(tile(&mut env, "(1,1)"), tile(&mut env, "3"));
}
