//! The function table's group: see [`super::GROUPS`].

use super::Function;

pub(super) static FUNCTIONS: &[Function] = &[];
