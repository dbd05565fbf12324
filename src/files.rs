//! Files the command line writes: `cute show --svg/--latex FILE`, never leaving a truncated file
//! in place of the old one.

use std::path::Path;

use cute::eval::Value;
use cute::render::RenderError;

/// `cute show --svg FILE`: write the SVG picture of a tiled MMA, an MMA atom or a tiled copy.
pub fn write_svg(v: &Value, path: &Path) -> Result<(), RenderError> {
    let text = cute::render::svg::render(v)?;
    write_whole(path, text.as_bytes())
}

/// `cute show --latex FILE`: write the TikZ picture of a tiled MMA, an MMA atom, a tiled copy, a
/// layout or a composed layout.
pub fn write_latex(v: &Value, path: &Path) -> Result<(), RenderError> {
    let text = cute::render::latex::render(v)?;
    write_whole(path, text.as_bytes())
}

/// Write a picture so that a failure never leaves a truncated file in place of the old one: a
/// regular file (or a new one) is written beside it under a temporary name and renamed over it;
/// a device, FIFO or other special file is written directly (never replaced). Errors name the
/// path.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), RenderError> {
    use std::io::Write as _;
    let fail = |e: std::io::Error| RenderError(format!("cannot write {}: {e}", path.display()));
    let special = std::fs::metadata(path).is_ok_and(|m| !m.is_file());
    if special {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(fail)?;
        return f.write_all(bytes).and_then(|()| f.flush()).map_err(fail);
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "picture".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = std::fs::File::create(&tmp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&tmp, path)) {
        let _ = std::fs::remove_file(&tmp);
        return Err(fail(e));
    }
    Ok(())
}
