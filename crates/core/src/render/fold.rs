//! The box-drawn grid of cells that the integer grid (`grid.rs`) and the thread/value grids
//! (`tv.rs`) share, and its folding: a grid wider than the terminal is drawn as bands of columns,
//! one under the other, each with its column indices and row labels repeated (as a pager-friendly
//! `print_tensor` would) and its cells as narrow as its own values allow, then a line saying
//! what was folded. Without a width (a pipe), or when the grid fits, it is drawn whole, as it
//! always was.

use std::fmt::Write as _;
use std::ops::Range;

use super::paint::{Mark, Paint};

/// How a cell's text (and a column index) sits in its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Align {
    /// Numbers: right-aligned.
    Right,
    /// Labels: left-aligned.
    Left,
}

/// One cell: its text and the colour it is painted (`None`: plain).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cell {
    pub text: String,
    pub mark: Option<Mark>,
}

/// A grid of cells to draw: `cells` row by row, each row `cols` long.
#[derive(Clone, Debug)]
pub(crate) struct BoxGrid {
    /// The number of columns (rows may be none).
    pub cols: usize,
    /// The cells, row by row.
    pub cells: Vec<Vec<Cell>>,
    /// How texts and column indices align.
    pub align: Align,
    /// A line between the blocks of this many rows (a hierarchical row mode).
    pub row_block: Option<i64>,
    /// A heavy line between the blocks of this many columns (a hierarchical column mode).
    pub col_block: Option<i64>,
}

/// A band of columns and the width of its cells' text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Band {
    /// The columns.
    pub cols: Range<usize>,
    /// The width of every cell's text in the band, in characters.
    pub w: usize,
}

impl Band {
    /// The width of the band's lines in characters, with row labels `label_width` wide:
    /// the labels and a space, a line before each cell, each cell's text with a space either
    /// side, the closing line.
    fn line_width(&self, label_width: usize) -> usize {
        label_width + 2 + self.cols.len() * (self.w + 3)
    }
}

/// The number of decimal digits of `n >= 0`.
fn digits(n: usize) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

impl BoxGrid {
    /// The widest text of each column, its index included.
    fn col_widths(&self) -> Vec<usize> {
        (0..self.cols)
            .map(|j| {
                self.cells
                    .iter()
                    .map(|row| row[j].text.chars().count())
                    .fold(digits(j), usize::max)
            })
            .collect()
    }

    /// The row labels' width.
    fn label_width(&self) -> usize {
        digits(self.cells.len().saturating_sub(1))
    }

    /// The bands the grid is drawn in to fit `width` columns: the whole grid when it fits (or
    /// `width` is `None`); else the fewest bands that fit, each as wide as its own values need,
    /// preferring bands whose column count is a multiple of the column blocks, then of the
    /// largest power of two. A grid whose single columns are wider than `width` is drawn a
    /// column a band.
    pub(crate) fn bands(&self, width: Option<u16>) -> Vec<Band> {
        bands(
            &self.col_widths(),
            self.label_width(),
            width,
            self.col_block,
        )
    }

    /// Draw the grid into `out` fitted to `width` (see [`BoxGrid::bands`]): per band the
    /// column indices, the cells in Unicode box lines, `paint` colouring each cell; bands
    /// apart by an empty line, and after them a line saying how the grid was folded.
    pub(crate) fn draw(&self, out: &mut String, paint: Paint, width: Option<u16>) {
        let bands = self.bands(width);
        for (i, band) in bands.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            self.draw_band(out, band, paint);
        }
        if let (Some(width), true) = (width, bands.len() > 1) {
            push_line(out, &fold_note(&bands, width), Some(width));
        }
    }

    fn draw_band(&self, out: &mut String, band: &Band, paint: Paint) {
        let lw = self.label_width();
        let w = band.w;
        let heavy =
            |j: usize| j > band.cols.start && self.col_block.is_some_and(|b| j as i64 % b == 0);
        let rule = |left: &str, light: &str, heavy_mid: &str, right: &str| {
            let mut s = " ".repeat(lw + 1);
            s.push_str(left);
            for j in band.cols.clone() {
                if j > band.cols.start {
                    s.push_str(if heavy(j) { heavy_mid } else { light });
                }
                s.push_str(&"─".repeat(w + 2));
            }
            s.push_str(right);
            s.push('\n');
            s
        };

        out.push_str(&" ".repeat(lw + 1));
        for j in band.cols.clone() {
            let _ = match self.align {
                Align::Right => write!(out, "  {j:>w$} "),
                Align::Left => write!(out, "  {j:<w$} "),
            };
        }
        out.truncate(out.trim_end_matches(' ').len());
        out.push('\n');
        out.push_str(&rule("┌", "┬", "┰", "┐"));
        for (i, row) in self.cells.iter().enumerate() {
            if i > 0 && self.row_block.is_some_and(|b| i as i64 % b == 0) {
                out.push_str(&rule("├", "┼", "╂", "┤"));
            }
            let _ = write!(out, "{i:>lw$} ");
            for j in band.cols.clone() {
                out.push(if heavy(j) { '┃' } else { '│' });
                let cell = &row[j];
                let text = match self.align {
                    Align::Right => format!(" {:>w$} ", cell.text),
                    Align::Left => format!(" {:<w$} ", cell.text),
                };
                match cell.mark {
                    Some(mark) => paint.push(out, &text, mark),
                    None => out.push_str(&text),
                }
            }
            out.push_str("│\n");
        }
        out.push_str(&rule("└", "┴", "┸", "┘"));
    }
}

/// The bands of columns whose text widths are `col_widths` (see [`BoxGrid::bands`]).
fn bands(
    col_widths: &[usize],
    label_width: usize,
    width: Option<u16>,
    col_block: Option<i64>,
) -> Vec<Band> {
    let n = col_widths.len();
    let band = |cols: Range<usize>| Band {
        w: col_widths[cols.clone()].iter().copied().max().unwrap_or(1),
        cols,
    };
    let whole = band(0..n);
    let Some(width) = width.map(usize::from) else {
        return vec![whole];
    };
    if n <= 1 || whole.line_width(label_width) <= width {
        return vec![whole];
    }
    let split = |k: usize| -> Vec<Band> {
        (0..n)
            .step_by(k)
            .map(|start| band(start..(start + k).min(n)))
            .collect()
    };
    let fits = |k: usize| split(k).iter().all(|b| b.line_width(label_width) <= width);
    let Some(k_max) = (1..n).rev().find(|&k| fits(k)) else {
        return split(1);
    };
    // bands on the column blocks (the heavy lines), as long as they fit
    let block = col_block
        .and_then(|b| usize::try_from(b).ok())
        .filter(|&b| b > 1 && b <= k_max);
    if let Some(b) = block
        && let Some(k) = (1..=k_max / b).rev().map(|m| m * b).find(|&k| fits(k))
    {
        return split(k);
    }
    // else every k from `fewest` to `k_max` gives the fewest bands: take the multiple of the
    // largest power of two, the most even on a tie
    let count = n.div_ceil(k_max);
    let fewest = n.div_ceil(count);
    let mut candidates: Vec<usize> = (fewest..=k_max).collect();
    candidates.sort_by_key(|&k| (std::cmp::Reverse(k.trailing_zeros()), k));
    let k = candidates.into_iter().find(|&k| fits(k)).unwrap_or(k_max);
    split(k)
}

/// The line saying how a grid was folded: `… columns 0–15, 16–31, 32–47, 48–63 in 4 bands of
/// 16 to fit 100 columns`.
fn fold_note(bands: &[Band], width: u16) -> String {
    let range = |b: &Band| match b.cols.len() {
        1 => b.cols.start.to_string(),
        _ => format!("{}–{}", b.cols.start, b.cols.end - 1),
    };
    let listed = if bands.len() <= 4 {
        bands.iter().map(range).collect::<Vec<_>>().join(", ")
    } else {
        format!(
            "{}, {}, …, {}",
            range(&bands[0]),
            range(&bands[1]),
            range(&bands[bands.len() - 1])
        )
    };
    let k = bands[0].cols.len();
    let last = bands[bands.len() - 1].cols.len();
    let of = if last == k {
        k.to_string()
    } else {
        format!("{k} (the last {last})")
    };
    format!(
        "… columns {listed} in {} bands of {of} to fit {width} columns",
        bands.len()
    )
}

/// Append a line of prose, `text`, and a newline; wider than `width` (the terminal's), broken
/// at spaces into lines that fit it (a word longer than that on a line of its own). `None` (a
/// pipe): as it is.
pub(crate) fn push_line(out: &mut String, text: &str, width: Option<u16>) {
    match width.map(usize::from) {
        Some(width) if text.chars().count() > width => push_wrapped(out, text, width),
        _ => {
            out.push_str(text);
            out.push('\n');
        }
    }
}

/// Append `text` and a newline, broken at spaces into lines of at most `width` characters
/// (a word longer than that on a line of its own).
fn push_wrapped(out: &mut String, text: &str, width: usize) {
    let mut line = 0;
    for (i, word) in text.split(' ').enumerate() {
        let n = word.chars().count();
        if i > 0 {
            if line + 1 + n > width {
                out.push('\n');
                line = 0;
            } else {
                out.push(' ');
                line += 1;
            }
        }
        out.push_str(word);
        line += n;
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A grid of `rows × cols` right-aligned numbers `r * cols + c`, painted when `mark`.
    fn numbers(rows: usize, cols: usize, mark: bool) -> BoxGrid {
        BoxGrid {
            cols,
            cells: (0..rows)
                .map(|r| {
                    (0..cols)
                        .map(|c| Cell {
                            text: (r * cols + c).to_string(),
                            mark: mark.then_some(Mark::Cell(1, 2, 3)),
                        })
                        .collect()
                })
                .collect(),
            align: Align::Right,
            row_block: None,
            col_block: None,
        }
    }

    fn drawn(g: &BoxGrid, width: Option<u16>) -> String {
        let mut out = String::new();
        g.draw(&mut out, Paint::NONE, width);
        out
    }

    /// The lines after the last band, joined.
    fn note(s: &str) -> String {
        let last = s.rfind('┘').expect("a grid");
        s[last..].lines().skip(1).collect::<Vec<_>>().join(" ")
    }

    fn widest(s: &str) -> usize {
        s.lines().map(|l| l.chars().count()).max().unwrap_or(0)
    }

    #[test]
    fn whole_without_a_width_or_when_it_fits() {
        let g = numbers(8, 64, false);
        let whole = drawn(&g, None);
        assert_eq!(widest(&whole), 1 + 2 + 64 * 6);
        assert_eq!(drawn(&g, Some(387)), whole, "exactly wide enough");
        assert_eq!(drawn(&g, Some(u16::MAX)), whole);
        assert!(!whole.contains('…'));
        assert_eq!(g.bands(Some(387)).len(), 1);
    }

    #[test]
    fn bands_fit_the_width_and_repeat_the_headers() {
        let g = numbers(8, 64, false);
        let out = drawn(&g, Some(100));
        assert!(widest(&out) <= 100, "{out}");
        let bands = g.bands(Some(100));
        assert_eq!(
            bands.iter().map(|b| b.cols.clone()).collect::<Vec<_>>(),
            [0..16, 16..32, 32..48, 48..64]
        );
        // each band: its column indices, its rules, every row label
        assert_eq!(out.matches('┌').count(), 4, "{out}");
        assert_eq!(out.matches('└').count(), 4);
        let lines: Vec<&str> = out.lines().collect();
        let headers: Vec<(&str, &str)> = lines
            .windows(2)
            .filter(|w| w[1].contains('┌'))
            .map(|w| {
                let idx: Vec<&str> = w[0].split_whitespace().collect();
                (idx[0], idx[idx.len() - 1])
            })
            .collect();
        assert_eq!(
            headers,
            [("0", "15"), ("16", "31"), ("32", "47"), ("48", "63")],
            "{out}"
        );
        assert_eq!(
            out.lines().filter(|l| l.starts_with("7 │")).count(),
            4,
            "row labels repeated:\n{out}"
        );
        assert!(
            out.ends_with(
                "… columns 0–15, 16–31, 32–47, 48–63 in 4 bands of 16 to fit 100 columns\n"
            ),
            "{out}"
        );
        // every cell once, in its band
        for v in [0, 15, 16, 63, 64, 511] {
            assert_eq!(
                out.lines()
                    .filter(|l| l.contains('│'))
                    .flat_map(|l| l.split(['│', '┃']).skip(1))
                    .filter(|c| c.trim() == v.to_string())
                    .count(),
                1,
                "{v}:\n{out}"
            );
        }
    }

    #[test]
    fn each_band_is_as_narrow_as_its_values() {
        // columns 0..9 hold one digit, 10.. three
        let mut g = numbers(2, 20, false);
        for row in &mut g.cells {
            for (c, cell) in row.iter_mut().enumerate() {
                cell.text = if c < 10 { "7".into() } else { "777".into() };
            }
        }
        let bands = g.bands(Some(60));
        assert!(bands.len() > 1);
        assert_eq!(bands[0].w, 1, "{bands:?}");
        assert_eq!(bands.last().unwrap().w, 3, "{bands:?}");
        assert!(widest(&drawn(&g, Some(60))) <= 60);
        // whole, one width for all
        assert_eq!(g.bands(None), [Band { cols: 0..20, w: 3 }]);
    }

    #[test]
    fn bands_line_up_with_column_blocks_and_powers_of_two() {
        // 64 three-digit columns in 150 columns: at most 24 a band, 3 bands; 24 (8·3) over 22
        let g = numbers(8, 64, false);
        let bands = g.bands(Some(150));
        assert_eq!(
            bands.iter().map(|b| b.cols.clone()).collect::<Vec<_>>(),
            [0..24, 24..48, 48..64]
        );
        assert!(drawn(&g, Some(150)).contains("in 3 bands of 24 (the last 16) to fit 150 columns"));
        // blocks of 6 columns: at most 21 a band, so bands of 18, on the blocks
        let g = BoxGrid {
            col_block: Some(6),
            ..numbers(8, 60, false)
        };
        let bands = g.bands(Some(130));
        assert_eq!(
            bands.iter().map(|b| b.cols.clone()).collect::<Vec<_>>(),
            [0..18, 18..36, 36..54, 54..60]
        );
        let out = drawn(&g, Some(130));
        assert!(widest(&out) <= 130, "{out}");
        // a band's first column has the plain border, its inner blocks the heavy line
        for l in out.lines().filter(|l| l.contains('│')) {
            assert!(l[2..].starts_with('│'), "{l}");
            let heavy = l.matches('┃').count();
            assert!(heavy == 2 || heavy == 0, "{l}");
        }
        assert!(
            out.lines()
                .any(|l| l.starts_with("  ┌─────┬") && l.contains('┰'))
        );
    }

    #[test]
    fn many_bands_are_listed_short_and_colour_stays_per_cell() {
        let g = numbers(2, 64, true);
        let mut out = String::new();
        g.draw(
            &mut out,
            Paint::with(super::super::paint::bracketed),
            Some(40),
        );
        let plain = drawn(&g, Some(40));
        assert!(widest(&plain) <= 40, "{plain}");
        assert_eq!(
            note(&plain),
            "… columns 0–5, 6–11, …, 60–63 in 11 bands of 6 (the last 4) to fit 40 columns",
            "the note wrapped to the width too:\n{plain}"
        );
        assert_eq!(out.matches("«Cell(1, 2, 3)|").count(), 2 * 64, "{out}");
        assert!(out.contains("«Cell(1, 2, 3)|  63 »"), "{out}");
    }

    #[test]
    fn too_narrow_for_one_column_draws_a_column_a_band() {
        let g = numbers(3, 4, false);
        let bands = g.bands(Some(5));
        assert_eq!(bands.len(), 4);
        assert!(bands.iter().all(|b| b.cols.len() == 1));
        assert_eq!(
            note(&drawn(&g, Some(5))),
            "… columns 0, 1, 2, 3 in 4 bands of 1 to fit 5 columns"
        );
    }

    #[test]
    fn empty_grids_draw_as_before() {
        let g = numbers(0, 0, false);
        assert_eq!(drawn(&g, Some(10)), drawn(&g, None));
        assert_eq!(drawn(&g, None), "\n  ┌┐\n  └┘\n");
        let g = numbers(0, 3, false);
        assert_eq!(drawn(&g, Some(3)).matches('┌').count(), 3);
    }

    #[test]
    fn prose_lines_break_at_spaces_to_fit() {
        let text =
            "Thread/value grids of tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)): 128 threads";
        let mut out = String::new();
        push_line(&mut out, text, None);
        assert_eq!(out, format!("{text}\n"), "a pipe: as it is");
        let mut out = String::new();
        push_line(&mut out, text, Some(200));
        assert_eq!(out, format!("{text}\n"), "it fits: as it is");
        let mut out = String::new();
        push_line(&mut out, text, Some(40));
        assert_eq!(
            out,
            "Thread/value grids of\ntiled_mma(SM80_16x8x16_F32BF16BF16F32_TN,\n(2,2,1)): 128 threads\n"
        );
    }
}
