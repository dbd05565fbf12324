//! `cute show`: a value's table of properties and its grid or thread/value picture, a partition's
//! marked tile, and `--svg`/`--latex` files.

use std::io::Write;

use crate::commands::one_liner::eval_argument;
use crate::diagnostic;
use crate::output::{EXIT_INPUT, finish};
use cute::eval::{Env, Value};

/// `cute show EXPR`: the properties table and the grid (or, with the CuTe style, exactly what
/// CuTe's `print_layout` prints).
pub fn show(
    expr: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
    format: cute::render::Format,
    opts: &cute::render::RenderOptions,
    svg: Option<&std::path::Path>,
    latex: Option<&std::path::Path>,
) -> i32 {
    let mut env = Env::new();
    let pictured = matches!(
        format,
        cute::render::Format::Plain | cute::render::Format::Json
    );
    if pictured && !opts.style_cute && svg.is_none() && latex.is_none() {
        match cute::eval::partition_statement::read(&env, expr) {
            Ok(Some(st)) => {
                return show_partition(expr, &st, format, opts.paint, opts.width, out, err);
            }
            Ok(None) => {}
            Err(e) => {
                let _ = err.write_all(diagnostic::render("<argument 1>", 1, expr, &e).as_bytes());
                return EXIT_INPUT;
            }
        }
    }
    let Some(v) = eval_argument(&env, 1, expr, err) else {
        return EXIT_INPUT;
    };
    // CuTe's answer that breaks its law: shown, with the warning
    let warnings = env.take_warnings();
    let _ = err.write_all(crate::runner::warning_lines(&warnings).as_bytes());
    for (path, write) in [
        (
            svg,
            crate::files::write_svg
                as fn(&Value, &std::path::Path) -> Result<(), cute::render::RenderError>,
        ),
        (latex, crate::files::write_latex),
    ] {
        if let Some(p) = path
            && let Err(m) = write(&v, p)
        {
            let _ = writeln!(err, "error: {m}");
            return EXIT_INPUT;
        }
    }
    match cute::render::show_as(&v, format, opts) {
        Ok(text) => finish(writeln!(out, "{text}"), false),
        Err(m) => {
            let _ = writeln!(err, "error: {m}");
            EXIT_INPUT
        }
    }
}

/// `cute show` of a partition statement (`expr`, read as `st`): the tile with the partition's
/// cells marked, as text or (`--format json`) a `partition_picture` object.
fn show_partition(
    expr: &str,
    st: &cute::eval::partition_statement::PartitionStatement,
    format: cute::render::Format,
    paint: cute::render::paint::Paint,
    width: Option<u16>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let report = |e: &cute::eval::EvalError, err: &mut dyn Write| {
        let _ = err.write_all(diagnostic::render("<argument 1>", 1, expr, e).as_bytes());
        EXIT_INPUT
    };
    let text = match format {
        cute::render::Format::Json => {
            let marked =
                match cute::eval::partition_statement::mark(&st.tile, st.tile_span, &st.result) {
                    Ok(m) => m,
                    Err(e) => return report(&e, err),
                };
            match cute::render::tv::partition_json(st, &marked) {
                Ok(mut j) => {
                    j.push('\n');
                    j
                }
                Err(m) => {
                    let _ = writeln!(err, "error: {m}");
                    return EXIT_INPUT;
                }
            }
        }
        _ => match cute::render::tv::partition_picture(st, paint, width) {
            Ok(t) => t,
            Err(e) => return report(&e, err),
        },
    };
    finish(out.write_all(text.as_bytes()), false)
}
