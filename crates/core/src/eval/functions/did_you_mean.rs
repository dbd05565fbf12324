//! "Did you mean": the names of the table (and its aliases) closest to a name it lacks.

use super::{ALIASES, all};
pub use crate::spelling::closest_among;

/// The names closest to `name` among the functions (and `others`, e.g. a session's variables),
/// for a "did you mean": at most three, each within a third of the name's length in edits (none for names of one or two letters).
pub fn closest<'a>(name: &str, others: impl Iterator<Item = &'a str>) -> Vec<String> {
    closest_among(
        name,
        all()
            .map(|f| f.name)
            .chain(ALIASES.iter().map(|(a, _)| *a))
            .chain(others),
    )
}
