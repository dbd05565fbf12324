//! CUTLASS 2's layouts (`cutlass/layout/matrix.h`, `pitch_linear.h`,
//! `tensor_op_multiplicand_sm75.h` of CUTLASS 4.7), as CuTe's unit tests compare them with
//! CuTe's (test/unit/cute/layout/layout_operator.cu): a layout object holds its leading
//! dimension (`stride_[0]`); `L::packed(extent)` makes the one of a packed extent and
//! `layout(coord)` is the offset of a coordinate (`LongIndex operator()(TensorCoord)`).
//! A matrix layout's coordinate is `(row, column)` (`MatrixCoord`), a pitch-linear one's
//! `(contiguous, strided)` (`PitchLinearCoord`).

/// Which of CUTLASS 2's layouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `layout::ColumnMajor`: `row + column * stride`.
    ColumnMajor,
    /// `layout::RowMajor`: `row * stride + column`.
    RowMajor,
    /// `layout::PitchLinear`: `contiguous + strided * stride`.
    PitchLinear,
    /// `TensorOpMultiplicand<ElementSize, Crosswise>` (pitch-linear), which
    /// `TensorOpMultiplicandCrosswise` and `TensorOpMultiplicandCongruous` (but of 32-bit
    /// elements) are.
    TensorOp,
    /// `TensorOpMultiplicandCongruous<32, Crosswise>` (pitch-linear).
    TensorOpCongruous32,
}

/// How a layout's coordinate reaches its pitch-linear one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// A pitch-linear layout: `(contiguous, strided)`.
    PitchLinear,
    /// `ColumnMajor…`: `PitchLinearCoord(row, column)`.
    ColumnMajor,
    /// `RowMajor…`: `PitchLinearCoord(column, row)`.
    RowMajor,
}

/// One of CUTLASS 2's layouts: its kind, its template arguments, and how a matrix coordinate
/// reaches it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cutlass2Layout {
    /// The type as CUTLASS spells it (`cutlass::layout::RowMajorTensorOpMultiplicandCrosswise<16, 64>`).
    pub name: String,
    pub kind: Kind,
    pub order: Order,
    /// `ElementSize` (bits) and `Crosswise` of the TensorOp layouts.
    pub element_size: i64,
    pub crosswise: i64,
    /// `stride_[0]`, the leading dimension (0: default-constructed).
    pub stride: i64,
}

fn overflow() -> String {
    "a CUTLASS 2 layout's offset overflows 64 bits".to_string()
}

impl Cutlass2Layout {
    /// The layout `name` (after `cutlass::layout::`) with its template arguments, if CUTLASS
    /// 2 has it; its static_assert (`kFactor > 0`) checked.
    pub fn named(name: &str, args: &[i64]) -> Option<Result<Cutlass2Layout, String>> {
        use Kind::*;
        let (kind, order, takes) = match name {
            "ColumnMajor" => (ColumnMajor, Order::PitchLinear, 0),
            "RowMajor" => (RowMajor, Order::PitchLinear, 0),
            "PitchLinear" => (PitchLinear, Order::PitchLinear, 0),
            "TensorOpMultiplicand" | "TensorOpMultiplicandCrosswise" => {
                (TensorOp, Order::PitchLinear, 2)
            }
            "TensorOpMultiplicandCongruous" => (TensorOp, Order::PitchLinear, 2),
            "ColumnMajorTensorOpMultiplicandCongruous"
            | "ColumnMajorTensorOpMultiplicandCrosswise" => (TensorOp, Order::ColumnMajor, 2),
            "RowMajorTensorOpMultiplicandCongruous" | "RowMajorTensorOpMultiplicandCrosswise" => {
                (TensorOp, Order::RowMajor, 2)
            }
            _ => return None,
        };
        let full = if takes == 0 {
            format!("cutlass::layout::{name}")
        } else {
            let list: Vec<String> = args.iter().map(i64::to_string).collect();
            format!("cutlass::layout::{name}<{}>", list.join(", "))
        };
        if args.len() != takes {
            return Some(Err(format!(
                "{full} takes {takes} template argument{} (CUTLASS 4.7's layout/), got {}",
                if takes == 1 { "" } else { "s" },
                args.len()
            )));
        }
        let (element_size, crosswise) = match args {
            [e, c] => (*e, *c),
            _ => (0, 0),
        };
        // Congruous<32, Crosswise> is its own formula; the others are TensorOpMultiplicand's
        let kind = if kind == TensorOp && name.ends_with("Congruous") && element_size == 32 {
            TensorOpCongruous32
        } else {
            kind
        };
        let l = Cutlass2Layout {
            name: full,
            kind,
            order,
            element_size,
            crosswise,
            stride: 0,
        };
        if kind == TensorOp {
            // kFactor = kTileShapeContiguous * kElementsPerAccess / kCrosswise > 0
            if element_size <= 0 || crosswise <= 0 || 128 % element_size != 0 {
                return Some(Err(format!(
                    "{}: ElementSize must divide 128 and Crosswise be positive (kElementsPerAccess = 128 / ElementSize)",
                    l.name
                )));
            }
            if l.factor() <= 0 {
                return Some(Err(format!(
                    "{}: static_assert(kFactor > 0) fails: \"kCrosswise should be no large than one shared memory cache line.\"",
                    l.name
                )));
            }
        }
        if kind == TensorOpCongruous32 && crosswise <= 0 {
            return Some(Err(format!("{}: Crosswise must be positive", l.name)));
        }
        Some(Ok(l))
    }

    /// `kElementsPerAccess = kAccessSize / kElementSize` (128 bits an access).
    fn elements_per_access(&self) -> i64 {
        128 / self.element_size
    }

    /// `kFactor = kTileShapeContiguous * kElementsPerAccess / kCrosswise`, with
    /// `kTileShapeContiguous = 128 / (kAccessSize / 8) = 8`.
    fn factor(&self) -> i64 {
        8 * self.elements_per_access() / self.crosswise
    }

    /// `L::packed(extent)`: the layout of a packed `extent` (`(rows, columns)` of a matrix
    /// layout, `(contiguous, strided)` of a pitch-linear one): its stride the rows
    /// (ColumnMajor…), the columns (RowMajor…) or the contiguous extent.
    pub fn packed(&self, extent: (i64, i64)) -> Cutlass2Layout {
        let stride = match (self.kind, self.order) {
            (Kind::RowMajor, _) | (_, Order::RowMajor) => extent.1,
            _ => extent.0,
        };
        Cutlass2Layout {
            stride,
            ..self.clone()
        }
    }

    /// `layout(coord)`: the offset of a coordinate (`(row, column)` of a matrix layout).
    pub fn offset(&self, coord: (i64, i64)) -> Result<i64, String> {
        let (a, b) = coord;
        let (c, s) = match self.order {
            Order::PitchLinear | Order::ColumnMajor => (a, b),
            Order::RowMajor => (b, a),
        };
        let mul = |x: i64, y: i64| x.checked_mul(y).ok_or_else(overflow);
        let add = |x: i64, y: i64| x.checked_add(y).ok_or_else(overflow);
        match self.kind {
            Kind::ColumnMajor | Kind::PitchLinear => add(c, mul(s, self.stride)?),
            Kind::RowMajor => add(mul(a, self.stride)?, b),
            Kind::TensorOp => self.tensor_op(c, s),
            Kind::TensorOpCongruous32 => {
                // tc = c / 32; ts = s / 4; c' = (c % 32) / kElementsPerAccess; s' = s % 4;
                // (c' ^ 2s') * kElementsPerAccess + s' * stride + tc * 32 + ts * stride * 4 + c % 4
                let epa = self.elements_per_access();
                let (tc, ts) = (c.div_euclid(32), s.div_euclid(4));
                let cc = c.rem_euclid(32) / epa;
                let ss = s.rem_euclid(4);
                let mut o = mul(cc ^ (2 * ss), epa)?;
                o = add(o, mul(ss, self.stride)?)?;
                o = add(o, mul(tc, 32)?)?;
                o = add(o, mul(mul(ts, self.stride)?, 4)?)?;
                add(o, c.rem_euclid(4))
            }
        }
    }

    /// TensorOpMultiplicand's `operator()(PitchLinearCoord)` (tensor_op_multiplicand_sm75.h):
    /// the vector of the access, its tile, the partition within the tile, then the swizzle
    /// of the partitions and of the vectors within them. (C++'s `/` and `%` of a negative
    /// coordinate truncate; cute's coordinates are non-negative here.)
    fn tensor_op(&self, c: i64, s: i64) -> Result<i64, String> {
        if c < 0 || s < 0 {
            return Err(format!(
                "{}: a negative coordinate ({c}, {s}) is outside the layout",
                self.name
            ));
        }
        let epa = self.elements_per_access();
        let factor = self.factor();
        // TileShape = <8, max(8 / kFactor, 32 / 8)>, PartitionShape = <4, 4>
        let tile_contiguous = 8;
        let tile_strided = (tile_contiguous / factor).max(32 / tile_contiguous);
        let vec_contiguous_idx = c / epa;
        let vec_strided_idx = s / factor;
        let per_tile = tile_contiguous / factor;
        if per_tile == 0 {
            return Err(format!(
                "{}: TileShape::kContiguous / kFactor is 0 (Crosswise too small)",
                self.name
            ));
        }
        let tile_contiguous_idx = vec_contiguous_idx / per_tile;
        let tile_contiguous_residual = vec_contiguous_idx % per_tile + (s % factor) * per_tile;
        let tile_strided_residual = vec_strided_idx % tile_strided;
        let partition_contiguous_idx = tile_contiguous_residual / 4;
        let partition_strided_idx = tile_strided_residual / 4;
        let partition_contiguous_residual = tile_contiguous_residual % 4;
        let partition_strided_residual = tile_strided_residual % 4;
        let permuted_vec = partition_contiguous_residual ^ (partition_strided_residual % 4);
        let permuted_partition = partition_contiguous_idx ^ (partition_strided_idx % 2);
        let mul = |x: i64, y: i64| x.checked_mul(y).ok_or_else(overflow);
        let add = |x: i64, y: i64| x.checked_add(y).ok_or_else(overflow);
        let within = add(
            add(
                mul(tile_contiguous_idx, tile_contiguous)?,
                permuted_partition * 4,
            )?,
            permuted_vec,
        )?;
        let element_contiguous = add(mul(within, epa)?, c % epa)?;
        add(
            element_contiguous,
            mul(mul(vec_strided_idx, self.stride)?, factor)?,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matrix_layouts_are_their_strides() {
        let cm = Cutlass2Layout::named("ColumnMajor", &[]).unwrap().unwrap();
        let cm = cm.packed((8, 4));
        assert_eq!(cm.offset((3, 2)).unwrap(), 3 + 2 * 8);
        let rm = Cutlass2Layout::named("RowMajor", &[]).unwrap().unwrap();
        assert_eq!(rm.packed((8, 4)).offset((3, 2)).unwrap(), 3 * 4 + 2);
        assert!(Cutlass2Layout::named("ColumnMajor", &[1]).unwrap().is_err());
        assert!(Cutlass2Layout::named("Nope", &[]).is_none());
    }

    #[test]
    fn a_crosswise_layout_starts_unswizzled() {
        let l = Cutlass2Layout::named("RowMajorTensorOpMultiplicandCrosswise", &[16, 64])
            .unwrap()
            .unwrap()
            .packed((128, 64));
        // Sw<3,3,3> o (128,64):(64,1) at (0, 0..8) and (1, 0): 0..8, then row 1 is swizzled
        assert_eq!(l.offset((0, 5)).unwrap(), 5);
        assert_eq!(l.offset((1, 0)).unwrap(), 64 ^ (1 << 3));
        assert!(
            Cutlass2Layout::named("TensorOpMultiplicand", &[16, 1024])
                .unwrap()
                .is_err()
        );
    }
}
