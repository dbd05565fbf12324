//! The function table's group: see [`super::GROUPS`]. Analysis of a layout's accesses:
//! `bank_conflicts`, the shared-memory bank conflict degree ([`crate::analysis::bank`]).

use super::{EvalError, Function, Value};

pub(super) static FUNCTIONS: &[Function] = &[f!(
    "bank_conflicts",
    "bank_conflicts(SMEM, TV, ELEM_BITS[, ACCESS_BITS])",
    "the shared-memory bank conflict degree of TV's accesses to SMEM (1: conflict-free)",
    "bank_conflicts((8,64):(64,1), (8,8):(1,8), 16)",
    3,
    4,
    |a| {
        use crate::analysis::bank;
        let smem = match &a.vals[0] {
            Value::Composed(c) => bank::SmemLayout::Composed((**c).clone()),
            _ => bank::SmemLayout::Plain(a.layout(0)?),
        };
        let bits = |i: usize| {
            u32::try_from(a.index(i)?)
                .map_err(|_| EvalError::new("bit width out of range", a.spans[i]))
        };
        let access = if a.len() == 4 { bits(3)? } else { 128 };
        bank::analyze(&smem, &a.layout(1)?, bits(2)?, access)
            .map(|r| Value::int(r.degree as i64))
            .map_err(|m| EvalError::new(m, a.span))
    }
)];
