//! The parts of a complex value (cute/numeric/complex.hpp's `using cutlass::real, imag,
//! conj`): `real(z)`, `imag(z)`, `conj(z)` of a `complex<float>` or `complex<double>` (of a
//! real value: the value, 0, the value, as cutlass's overloads for real types give).

use super::{Args, Function};
use crate::eval::storage::{ElemType, Number, Scalar};
use crate::eval::{EvalError, Value};

/// The argument as an element value, its type and parts.
fn complex_arg(a: &Args, f: &str) -> Result<(ElemType, f64, f64), EvalError> {
    let s = match &a.vals[0] {
        Value::Scalar(s) => **s,
        v if v.as_int().is_some() => Scalar {
            ty: ElemType::I32,
            value: Number::Int(i128::from(v.as_int().unwrap_or(0))),
            python: false,
        },
        other => {
            return Err(EvalError::new(
                format!(
                    "{f} takes a number (a complex value), found {}",
                    other.kind()
                ),
                a.spans[0],
            ));
        }
    };
    let (re, im) = s.value.parts();
    Ok((s.ty, re, im))
}

/// The part type of a complex type (`float` of `complex<float>`), or the type itself.
fn part_type(ty: ElemType) -> ElemType {
    match ty {
        ElemType::C64 => ElemType::F32,
        ElemType::C128 => ElemType::F64,
        t => t,
    }
}

fn scalar(ty: ElemType, x: Number) -> Result<Value, EvalError> {
    Ok(Value::Scalar(Box::new(Scalar {
        ty,
        value: x,
        python: false,
    })))
}

pub(super) static FUNCTIONS: &[Function] = &[
    f!(
        "real",
        "real(z)",
        "the real part of a complex value (cutlass::real)",
        "real(complex<float>(1.5f, -2.f))",
        1,
        1,
        |a| {
            let (ty, re, _) = complex_arg(a, "real")?;
            scalar(part_type(ty), Number::Float(re))
        }
    ),
    f!(
        "imag",
        "imag(z)",
        "the imaginary part of a complex value (cutlass::imag; of a real value, 0)",
        "imag(complex<float>(1.5f, -2.f))",
        1,
        1,
        |a| {
            let (ty, _, im) = complex_arg(a, "imag")?;
            scalar(part_type(ty), Number::Float(im))
        }
    ),
    f!(
        "conj",
        "conj(z)",
        "the complex conjugate (cutlass::conj; of a real value, the value)",
        "conj(complex<float>(1.5f, -2.f))",
        1,
        1,
        |a| {
            let (ty, re, im) = complex_arg(a, "conj")?;
            if !ty.is_complex() {
                return Ok(a.vals[0].clone());
            }
            scalar(ty, Number::Complex(re, -im))
        }
    ),
];
