"""The CuTe DSL's element types (``cutlass.Float16``, ``cutlass.BFloat16``, ...), for the atoms.

In the DSL they come from ``import cutlass``; here ``from cutelayout import cutlass`` (or
``cutelayout.Float16``, the same class). Each names an element type of the engine's (CuTe C++'s
``half_t``, ``bfloat16_t``, ...): a call hands the engine that name (``_cute_value_``), so
``cute.make_copy_atom(op, cutlass.Float16, ...)`` is the engine's ``copy_atom(OP, half_t)``.
"""

from __future__ import annotations


class _NumericMeta(type):
    # a type prints as its name, as the DSL's do
    def __repr__(cls):
        return cls.__name__

    __str__ = __repr__


class Numeric(metaclass=_NumericMeta):
    """An element type of the CuTe DSL: its ``width`` in bits and the C++ type it is."""

    width: int = 0
    #: The element type's C++ name, as the engine reads it.
    _cute_value_: str = ""

    def __init__(self, *args, **kwargs):
        raise TypeError(
            "%s is an element type: eager cutelayout holds no scalar values of it" % type(self).__name__
        )


def _numeric(name, width, cpp, doc):
    return _NumericMeta(name, (Numeric,), {"width": width, "_cute_value_": cpp, "__doc__": doc, "__module__": __name__})


Float16 = _numeric("Float16", 16, "half_t", "IEEE half precision (C++ ``half_t``).")
BFloat16 = _numeric("BFloat16", 16, "bfloat16_t", "bfloat16 (C++ ``bfloat16_t``).")
Float32 = _numeric("Float32", 32, "float", "IEEE single precision (C++ ``float``).")
TFloat32 = _numeric("TFloat32", 32, "tfloat32_t", "TF32 (C++ ``tfloat32_t``).")
Float64 = _numeric("Float64", 64, "double", "IEEE double precision (C++ ``double``).")
Int8 = _numeric("Int8", 8, "int8_t", "8-bit signed integer.")
Uint8 = _numeric("Uint8", 8, "uint8_t", "8-bit unsigned integer.")
Int16 = _numeric("Int16", 16, "int16_t", "16-bit signed integer.")
Uint16 = _numeric("Uint16", 16, "uint16_t", "16-bit unsigned integer.")
Int32 = _numeric("Int32", 32, "int32_t", "32-bit signed integer.")
Uint32 = _numeric("Uint32", 32, "uint32_t", "32-bit unsigned integer.")
Int64 = _numeric("Int64", 64, "int64_t", "64-bit signed integer.")
Uint64 = _numeric("Uint64", 64, "uint64_t", "64-bit unsigned integer.")
Float8E4M3FN = _numeric("Float8E4M3FN", 8, "float_e4m3_t", "FP8 e4m3 (C++ ``float_e4m3_t``).")
Float8E5M2 = _numeric("Float8E5M2", 8, "float_e5m2_t", "FP8 e5m2 (C++ ``float_e5m2_t``).")
Float8E8M0FNU = _numeric("Float8E8M0FNU", 8, "float_ue8m0_t", "Scale factor ue8m0 (C++ ``float_ue8m0_t``).")
Float6E2M3FN = _numeric("Float6E2M3FN", 6, "float_e2m3_t", "FP6 e2m3 (C++ ``float_e2m3_t``).")
Float6E3M2FN = _numeric("Float6E3M2FN", 6, "float_e3m2_t", "FP6 e3m2 (C++ ``float_e3m2_t``).")
Float4E2M1FN = _numeric("Float4E2M1FN", 4, "float_e2m1_t", "FP4 e2m1 (C++ ``float_e2m1_t``).")

#: The element types, by name.
NUMERIC_TYPES = (
    Float16,
    BFloat16,
    Float32,
    TFloat32,
    Float64,
    Int8,
    Uint8,
    Int16,
    Uint16,
    Int32,
    Uint32,
    Int64,
    Uint64,
    Float8E4M3FN,
    Float8E5M2,
    Float8E8M0FNU,
    Float6E2M3FN,
    Float6E3M2FN,
    Float4E2M1FN,
)

__all__ = ["Numeric"] + [t.__name__ for t in NUMERIC_TYPES]
