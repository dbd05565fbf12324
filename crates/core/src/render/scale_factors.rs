//! The picture of a block-scale-factor layout (`Sm1xxBlockScaledConfig<VS>`'s
//! `tile_atom_to_shape_SFA/SFB`, `SfAtom`): which scale factor covers which elements of the
//! MN×K operand, drawn as blocks instead of one cell per element. Two grids: the atoms (128 rows
//! × 4·VS elements along K, each 512 consecutive factors) with the offset of each one's first
//! factor, and the inside of an atom (128 rows × 4 blocks of VS elements) with each factor's
//! offset from the atom's first; then the formula that joins them. The terminal's text is here;
//! `--svg` and `--latex` draw the same [`SfPicture`] (`svg.rs`, `latex.rs`).

use super::fold::push_line;
use super::tv::{labelled_grid, thread_color};
use super::{RenderError, RenderOptions};
use crate::algebra::Layout;
use crate::atoms::blockscaled::{SF_ATOM_BLOCKS, SF_ATOM_ROWS, ScaleFactorLayout};
use crate::eval::Value;
use crate::limits::{MAX_GRID_COLS, MAX_GRID_ROWS};

/// A scale-factor layout's two grids, their cells computed (the atoms' grid cut to
/// [`MAX_GRID_ROWS`] × [`MAX_GRID_COLS`]).
#[derive(Clone, Debug)]
pub struct SfPicture {
    /// The layout's own text.
    pub layout: String,
    /// The vector size.
    pub vs: i64,
    /// Elements along MN and along K.
    pub extent: (i64, i64),
    /// All the atoms along MN and along K.
    pub atoms: (i64, i64),
    /// The first factor of each atom shown, row by row.
    pub atom_offsets: Vec<Vec<i64>>,
    /// Inside an atom: 128 rows × 4 factors, each its offset from the atom's first.
    pub inside: Vec<Vec<i64>>,
    /// The batches and the offset between two, for a rank-3 layout.
    pub batches: Option<(i64, i64)>,
    /// Whether the layout's K mode comes first (MN-major `SfAtom`).
    pub k_first: bool,
}

impl SfPicture {
    /// The picture of a value that is a scale-factor layout; `None` for another value.
    pub fn of(v: &Value) -> Option<Result<SfPicture, RenderError>> {
        let Value::Layout(l) = v else { return None };
        let sf = ScaleFactorLayout::recognise(l)?;
        Some(SfPicture::compute(l, &sf).map_err(RenderError::from))
    }

    fn compute(l: &Layout, sf: &ScaleFactorLayout) -> crate::algebra::Result<SfPicture> {
        let atoms = sf.atoms()?;
        let shown = (
            atoms.0.min(MAX_GRID_ROWS as i64),
            atoms.1.min(MAX_GRID_COLS as i64),
        );
        let atom_offsets = (0..shown.0)
            .map(|i| (0..shown.1).map(|j| sf.atom_offset(i, j)).collect())
            .collect::<crate::algebra::Result<_>>()?;
        let inside = (0..SF_ATOM_ROWS)
            .map(|m| {
                (0..SF_ATOM_BLOCKS)
                    .map(|j| sf.factor_in_atom(m, j))
                    .collect()
            })
            .collect::<crate::algebra::Result<_>>()?;
        Ok(SfPicture {
            layout: l.to_string(),
            vs: sf.vs,
            extent: sf.extent()?,
            atoms,
            atom_offsets,
            inside,
            batches: sf.batches()?,
            k_first: sf.k_first,
        })
    }

    /// The elements along K an atom covers.
    pub fn atom_k(&self) -> i64 {
        SF_ATOM_BLOCKS * self.vs
    }

    /// What the picture is: the first line of the text, the title of the files.
    pub fn title(&self) -> String {
        let (m, k) = self.extent;
        let (am, ak) = self.atoms;
        let mut s = format!(
            "Scale factors of {}{} (VS = {}): MN×K = {m}×{k} elements, one factor per row and {} elements along K; {am}×{ak} atom{} of {SF_ATOM_ROWS} rows × {} elements, 512 factors each",
            self.layout,
            if self.k_first { ", MN-major" } else { "" },
            self.vs,
            self.vs,
            if am * ak == 1 { "" } else { "s" },
            self.atom_k(),
        );
        if let Some((n, stride)) = self.batches {
            s.push_str(&format!(
                "; L = {n} batch{}, {stride} factors apart (batch 0 shown)",
                if n == 1 { "" } else { "es" }
            ));
        }
        s
    }

    /// The heading of the atoms' grid.
    pub fn atoms_heading(&self) -> String {
        let ak = self.atom_k();
        format!(
            "Atoms: the offset of each atom's first factor, its 512 factors consecutive from there (row i: rows {SF_ATOM_ROWS}i..{SF_ATOM_ROWS}i+{}; column j: elements {ak}j..{ak}j+{} along K)",
            SF_ATOM_ROWS - 1,
            ak - 1
        )
    }

    /// The heading of the grid inside an atom.
    pub fn inside_heading(&self) -> String {
        let vs = self.vs;
        format!(
            "Inside each atom: the offset, from the atom's first, of the factor scaling row m and elements {vs}j..{vs}j+{} along K (column j); a row's 4 factors are one 32-bit word",
            vs - 1
        )
    }

    /// The formula that joins the two grids.
    pub fn legend(&self) -> String {
        let (vs, ak) = (self.vs, self.atom_k());
        format!(
            "element (m, k) takes the factor at atom(m/{SF_ATOM_ROWS}, k/{ak}) + 16·(m%32) + 4·(m/32%4) + (k/{vs})%4"
        )
    }

    /// The colour of an atom's cell: by atom.
    pub fn atom_colour(offset: i64) -> (u8, u8, u8) {
        thread_color(offset.div_euclid(512))
    }

    /// The colour of a factor's cell inside an atom: by its 32-bit word.
    pub fn inside_colour(offset: i64) -> (u8, u8, u8) {
        thread_color(offset.div_euclid(4))
    }
}

/// `cute show`'s picture of a scale-factor layout (see the module), ending without a newline;
/// `None` for another value.
pub fn picture(v: &Value, opts: &RenderOptions) -> Option<Result<String, RenderError>> {
    let p = match SfPicture::of(v)? {
        Ok(p) => p,
        Err(e) => return Some(Err(e)),
    };
    let mut out = String::new();
    push_line(&mut out, &p.title(), opts.width);
    out.push('\n');
    let at = |g: &Vec<Vec<i64>>, r: i64, c: i64| g[r as usize][c as usize];
    let shown = (
        p.atom_offsets.len(),
        p.atom_offsets.first().map_or(0, Vec::len),
    );
    let atoms = labelled_grid(
        &p.atoms_heading(),
        p.atoms,
        &|r, c| at(&p.atom_offsets, r, c).to_string(),
        &|r, c| Some(SfPicture::atom_colour(at(&p.atom_offsets, r, c))),
        opts.paint,
        shown,
        opts.width,
    );
    out.push_str(&atoms);
    out.push('\n');
    let inside = labelled_grid(
        &p.inside_heading(),
        (SF_ATOM_ROWS, SF_ATOM_BLOCKS),
        &|r, c| at(&p.inside, r, c).to_string(),
        &|r, c| Some(SfPicture::inside_colour(at(&p.inside, r, c))),
        opts.paint,
        (SF_ATOM_ROWS as usize, SF_ATOM_BLOCKS as usize),
        opts.width,
    );
    out.push_str(&inside);
    push_line(&mut out, &p.legend(), opts.width);
    while out.ends_with('\n') {
        out.pop();
    }
    Some(Ok(out))
}
