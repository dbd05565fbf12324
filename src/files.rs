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
/// regular file (or a new one) is written beside it under a temporary name and renamed over it,
/// keeping the old file's permissions; a device, FIFO or other special file is written directly
/// (never replaced). A symbolic link is written through (its target is written, the link stays),
/// and a file the user may not write is refused, as writing it in place would be. Errors name
/// the path.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), RenderError> {
    use std::io::Write as _;
    let fail = |e: std::io::Error| {
        RenderError(format!(
            "cannot write {}: {e}",
            cute::escape::escaped(&path.to_string_lossy())
        ))
    };
    let target = link_target(path).map_err(fail)?;
    let path = target.as_path();
    let existing = std::fs::metadata(path).ok();
    if existing.as_ref().is_some_and(|m| !m.is_file()) {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(fail)?;
        return f.write_all(bytes).and_then(|()| f.flush()).map_err(fail);
    }
    if existing.is_some() {
        // what writing the file in place would be refused (a read-only file), this is too;
        // opened without truncating, so nothing changes here
        std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(fail)?;
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
        if let Some(old) = &existing {
            f.set_permissions(old.permissions())?;
        }
        f.sync_all()
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&tmp, path)) {
        let _ = std::fs::remove_file(&tmp);
        return Err(fail(e));
    }
    Ok(())
}

/// The file a path names once its symbolic links are followed (the path itself when it is not
/// a link; a dangling link's target, to be created): at most 40 links, as the system follows.
fn link_target(path: &Path) -> std::io::Result<std::path::PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = std::fs::read_link(&at)?;
                at = match at.parent() {
                    Some(dir) => dir.join(to),
                    None => to,
                };
            }
            _ => return Ok(at),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}
