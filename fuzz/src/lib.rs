//! The four entry points the fuzz targets drive, shared so that a crash found by one target can
//! be replayed by any of them (and by `tests/integration/fuzz_regressions.rs`, which does the same).

use cute::eval::{Env, Outcome};
use cute::render::{Format, render_every_way};

/// The input as text: libFuzzer hands bytes; the CLI reads lines lossily, so do the same.
pub fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// (a) The parser alone.
pub fn parse(src: &str) {
    let _ = cute::parser::parse_statement(src, &cute::parser::Bump::new());
    let _ = cute::parser::is_incomplete(src);
}

/// (b) Parse and evaluate; each line is a statement of one session, so assignments feed later
/// lines (`a = ...` then `a o a`).
pub fn eval(src: &str) -> Vec<Outcome> {
    let mut env = Env::new();
    let mut out = Vec::new();
    for (i, line) in src.split('\n').enumerate() {
        match env.run(line) {
            Ok(o) => out.push(o),
            // the caret diagnostic the CLI prints on stderr
            Err(e) => drop(cute_cli::diagnostic::render("<fuzz>", i + 1, line, &e)),
        }
    }
    out
}

/// (c) Parse, evaluate and render every value in every format, then the grid as CuTe's
/// `print_layout` (`--style cute`), JSON with its values, and `cute show` with bank colours.
pub fn render_all(src: &str) {
    for o in eval(src) {
        let Outcome::Value(v) = o else { continue };
        render_every_way(&v);
    }
}

/// The REPL over piped input (its multi-line splitter and `:commands` too), as `cute repl < file`
/// runs it, with the output thrown away.
pub fn repl(data: &[u8]) {
    let (mut out, mut err) = (std::io::sink(), std::io::sink());
    let _ = cute_cli::repl::piped(data, &mut out, &mut err, Format::Plain);
}

/// `cute run FILE` as the CLI runs it: the reader (blocks, lines answered ahead, overlong lines
/// skipped) and the session, with the output kept in memory.
pub fn run(data: &[u8]) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut r = cute_cli::runner::Runner::new(&mut out, &mut err, "<fuzz>");
    let _ = r.reader(data, None);
}

/// (d) `cute explain --verify --index 3` of each line, rendered as text (plain and coloured)
/// and as JSON.
pub fn explain(src: &str) {
    let env = Env::new();
    let opts = cute::eval::explain::ExplainOptions {
        verify: true,
        index: Some(3),
    };
    for line in src.split('\n') {
        if let Ok(x) = cute::eval::explain::explain(&env, line, &opts) {
            let _ = cute::render::explain::text(&x, cute::render::paint::Paint::NONE);
            let _ = cute::render::explain::text(&x, cute_cli::terminal::paint(true));
            let _ = cute::render::explain::json(&x);
        }
    }
}

/// (e) Answering ahead is invisible: the whole input through `cute eval`'s reader
/// (`app::Runner::reader`, the pure one-line statements answered on threads before the block is
/// printed in order) gives the same stdout, stderr and status with answering ahead on and off.
/// Panics on a difference.
pub fn ahead(data: &[u8]) {
    let run = |ahead: bool| {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut r = cute_cli::runner::Runner::new(&mut out, &mut err, "<fuzz>").with_answer_ahead(ahead);
        let _ = r.reader(data, None);
        let failed = r.failed();
        (out, err, failed)
    };
    assert!(
        run(true) == run(false),
        "reader output differs with answering ahead"
    );
}
