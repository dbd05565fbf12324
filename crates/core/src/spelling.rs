//! Names near a misspelt one ("did you mean"), for every table of names the engine has: the
//! function table, the atom catalog. A room of its own, below the evaluator and the atoms.

/// The names closest to `name` among `candidates` (an atom catalog's names, ...): at most three,
/// each within a third of the name's length in edits.
pub fn closest_among<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Vec<String> {
    let len = name.chars().count();
    let limit = len / 3;
    if limit == 0 {
        return Vec::new();
    }
    let mut found: Vec<(usize, String)> = candidates
        .filter(|c| *c != name)
        // the distance is at least the difference of the lengths: most candidates end here,
        // before the quadratic distance is computed
        .filter(|c| c.chars().count().abs_diff(len) <= limit)
        .map(|c| (strsim::damerau_levenshtein(name, c), c.to_string()))
        .filter(|(d, _)| *d <= limit)
        .collect();
    found.sort();
    found.dedup_by(|a, b| a.1 == b.1);
    found.into_iter().take(3).map(|(_, c)| c).collect()
}
