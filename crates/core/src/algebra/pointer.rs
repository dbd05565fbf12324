//! CuTe's typed pointers (pointer.hpp, pointer_base.hpp): the iterators of tensors over memory.
//!
//! `cute` computes no memory: a pointer is where it starts (the null address, a pointer named
//! by a declaration `half_t const* A`, or an owning tensor's register array), the element
//! offset from there, its memory space tag and its element width. Moving it by `n` elements
//! is CuTe's `ptr + n`; its address, where it has one, is `n * sizeof(T)` bytes past the
//! null address, as CuTe prints it (`gmem_ptr[16b](0x108)`).

use std::fmt;

use super::arith;
use super::error::{Result, condition};

/// The memory space tag of a pointer (CuTe's `gmem_ptr<P>`, `smem_ptr<P>`, or a raw `T*`,
/// which is also what `make_rmem_ptr` of a raw pointer gives).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemSpace {
    /// A raw pointer `T*` (registers, or an untagged address): CuTe prints `ptr[Nb](…)`.
    Raw,
    /// `gmem_ptr`: global memory.
    Gmem,
    /// `smem_ptr`: shared memory.
    Smem,
}

impl MemSpace {
    /// The prefix CuTe prints before `[Nb]`.
    pub fn prefix(self) -> &'static str {
        match self {
            MemSpace::Raw => "ptr",
            MemSpace::Gmem => "gmem_ptr",
            MemSpace::Smem => "smem_ptr",
        }
    }

    /// The space a printed prefix names.
    pub fn from_prefix(p: &str) -> Option<MemSpace> {
        Some(match p {
            "ptr" => MemSpace::Raw,
            "gmem_ptr" => MemSpace::Gmem,
            "smem_ptr" => MemSpace::Smem,
            _ => return None,
        })
    }

    /// The CuTe function that tags a pointer with this space.
    pub fn maker(self) -> &'static str {
        match self {
            MemSpace::Raw => "make_rmem_ptr",
            MemSpace::Gmem => "make_gmem_ptr",
            MemSpace::Smem => "make_smem_ptr",
        }
    }
}

/// The element type of a pointer, as far as `cute` knows it: its width in bits
/// (`sizeof_bits<T>`), or the name of a type it does not know (a kernel's template parameter,
/// `TA const* A`), which serves wherever the width does not matter (offsets in elements).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ElementWidth {
    /// `sizeof_bits<T>` of a type CuTe names.
    Bits(i64),
    /// A type `cute` does not know, by its name.
    Unknown(String),
}

impl ElementWidth {
    /// The width of an element type by its C++ name (CuTe's `sizeof_bits<T>`, the one table
    /// [`element_bits`](super::recast::element_bits)), or the name where it is not one CuTe names.
    pub fn of_type(name: &str) -> ElementWidth {
        match super::recast::element_bits(name) {
            Some(b) => ElementWidth::Bits(b),
            None => ElementWidth::Unknown(name.trim().to_string()),
        }
    }

    /// The bits, or the error naming the type where its width matters (`what`).
    pub fn bits(&self, what: &str) -> Result<i64> {
        match self {
            ElementWidth::Bits(b) => Ok(*b),
            ElementWidth::Unknown(n) => Err(condition(
                "pointer",
                format!(
                    "{what} needs the width of the element type '{n}', which is not one CuTe names (half_t, bfloat16_t, float, double, int8_t, uint8_t, tfloat32_t, float_e4m3_t, ...)"
                ),
            )),
        }
    }
}

impl fmt::Display for ElementWidth {
    /// `16b`, or the unknown type's name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElementWidth::Bits(b) => write!(f, "{b}b"),
            ElementWidth::Unknown(n) => write!(f, "{n}"),
        }
    }
}

/// Where a pointer's offsets count from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PtrBase {
    /// `nullptr`: the address is the offset in bytes (CuTe prints `(nil)` at 0, `0x108`).
    Null,
    /// A pointer declared by name (`half_t const* A`): printed `A`, `A+132`.
    Named(String),
    /// The register array of an owning tensor (`make_tensor<float>(…)`, `make_fragment_like`):
    /// CuTe prints its stack address; `cute` prints the fixed placeholder `stack`.
    Stack,
}

/// The word an owning tensor's address prints as, in place of CuTe's stack address.
pub const STACK: &str = "stack";

/// A typed pointer: `base + offset` elements of the element type, tagged with its memory space.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pointer {
    /// Its memory space tag.
    pub space: MemSpace,
    /// Its element type's width.
    pub width: ElementWidth,
    /// Where it counts from.
    pub base: PtrBase,
    /// Elements past the base.
    pub offset: i64,
}

impl Pointer {
    /// A pointer of element type `width` at `base`.
    pub fn new(space: MemSpace, width: ElementWidth, base: PtrBase) -> Result<Pointer> {
        let p = Pointer {
            space,
            width,
            base,
            offset: 0,
        };
        p.check_width()?;
        Ok(p)
    }

    /// A pointer CuTe models with a plain `T*`: whole bytes. Sub-byte element types (`int4b_t`)
    /// take CuTe's `subbyte_iterator`, which `cute` does not model; a null-based pointer needs
    /// its width for its address.
    fn check_width(&self) -> Result<()> {
        match (&self.width, &self.base) {
            (ElementWidth::Bits(b), _) if *b <= 0 => Err(condition(
                "pointer",
                format!("an element of {b} bits: a width is at least 8 bits"),
            )),
            (ElementWidth::Bits(b), _) if *b % 8 != 0 => Err(condition(
                "pointer",
                format!(
                    "a pointer to {b}-bit elements is CuTe's subbyte_iterator, which is not modelled (elements of whole bytes only)"
                ),
            )),
            (ElementWidth::Unknown(_), PtrBase::Null) => self
                .width
                .bits("a pointer at nullptr (its address)")
                .map(|_| ()),
            _ => Ok(()),
        }
    }

    /// CuTe's `ptr + n`: `n` elements further.
    pub fn advance(&self, n: i64) -> Result<Pointer> {
        let offset = arith::add(self.offset, n, "pointer offset")?;
        if let ElementWidth::Bits(b) = self.width
            && self.base == PtrBase::Null
        {
            // its address must be an integer of bytes
            arith::mul(offset, b / 8, "pointer address")?;
        }
        Ok(Pointer {
            offset,
            ..self.clone()
        })
    }

    /// The same pointer tagged with `space`: CuTe's `make_gmem_ptr(p)`, `make_smem_ptr(p)`,
    /// `make_rmem_ptr(p)` (idempotent on its own tag; a raw pointer takes any tag).
    pub fn tagged(&self, space: MemSpace) -> Result<Pointer> {
        if self.space == space || self.space == MemSpace::Raw {
            return Ok(Pointer {
                space,
                ..self.clone()
            });
        }
        if space == MemSpace::Raw {
            // make_rmem_ptr of a tagged pointer wraps it (rmem_ptr<gmem_ptr<T*>>): not modelled
            return Err(condition(
                "make_rmem_ptr",
                format!(
                    "{self} is already tagged {}: a register pointer over it is not modelled",
                    self.space.prefix()
                ),
            ));
        }
        Err(condition(
            space.maker(),
            format!(
                "{self} is already tagged {}: CuTe does not retag a pointer",
                self.space.prefix()
            ),
        ))
    }

    /// The register array of a new owning tensor of this pointer's element type
    /// (`make_tensor_like`, `make_fragment_like` of a tensor over it).
    pub fn owning(&self) -> Pointer {
        Pointer {
            space: MemSpace::Raw,
            width: self.width.clone(),
            base: PtrBase::Stack,
            offset: 0,
        }
    }

    /// The raw pointer `&*p` (what `&T(i,j)` gives in CuTe: the tag dropped).
    pub fn raw(&self) -> Pointer {
        Pointer {
            space: MemSpace::Raw,
            ..self.clone()
        }
    }

    /// The address in bytes of a null-based pointer: `offset * sizeof(T)`.
    pub fn address(&self) -> Option<i64> {
        match (&self.base, &self.width) {
            (PtrBase::Null, ElementWidth::Bits(b)) => self.offset.checked_mul(b / 8),
            _ => None,
        }
    }

    /// The pointer a printed address reads back as: `(nil)`, `0x108` (bytes past nullptr; a
    /// negative offset prints as its 64-bit two's complement, as `%p` does), `NAME`, `NAME+N`,
    /// `NAME-N`, `stack`, `stack+N`.
    pub fn parse_address(space: MemSpace, width: ElementWidth, text: &str) -> Result<Pointer> {
        let t = text.trim();
        let bad = |why: String| condition("pointer", why);
        let at = |base: PtrBase, offset: i64| -> Result<Pointer> {
            let p = Pointer::new(space, width.clone(), base)?;
            p.advance(offset)
        };
        if t == "(nil)" || t == "nil" || t == "0" {
            return at(PtrBase::Null, 0);
        }
        if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
            let bytes = u64::from_str_radix(hex, 16).map_err(|_| {
                bad(format!(
                    "'{t}' is not an address (0x followed by hex digits)"
                ))
            })? as i64;
            Pointer::new(space, width.clone(), PtrBase::Null)?;
            let size = width.bits("an address")? / 8;
            if bytes % size != 0 {
                return Err(bad(format!(
                    "address {t} is not a multiple of the element size, {size} bytes"
                )));
            }
            return at(PtrBase::Null, bytes / size);
        }
        let (name, offset) = match t.find(['+', '-']) {
            Some(i) => {
                let n = t[i + 1..].trim();
                let v: i64 = n
                    .parse()
                    .map_err(|_| bad(format!("'{n}' is not an element offset in '{t}'")))?;
                (t[..i].trim(), if &t[i..i + 1] == "-" { -v } else { v })
            }
            None => (t, 0),
        };
        let ident = !name.is_empty()
            && !name.starts_with(|c: char| c.is_ascii_digit())
            && name.chars().all(|c| c.is_alphanumeric() || c == '_');
        if !ident {
            return Err(bad(format!(
                "'{t}' is not a pointer's address: (nil), 0x…, NAME, NAME+N or {STACK}"
            )));
        }
        let base = if name == STACK {
            PtrBase::Stack
        } else {
            PtrBase::Named(name.to_string())
        };
        at(base, offset)
    }
}

impl fmt::Display for Pointer {
    /// As CuTe prints it (`gmem_ptr[16b](0x108)`, `smem_ptr[32b]((nil))`, `ptr[16b](0xe)`); a
    /// named pointer `gmem_ptr[16b](A+132)`, an owning tensor's `ptr[32b](stack)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}](", self.space.prefix(), self.width)?;
        let name = match &self.base {
            PtrBase::Null => {
                return match self.address() {
                    Some(0) => write!(f, "(nil))"),
                    Some(a) => write!(f, "{:#x})", a as u64),
                    None => write!(f, "nullptr{:+})", self.offset),
                };
            }
            PtrBase::Named(n) => n.as_str(),
            PtrBase::Stack => STACK,
        };
        match self.offset {
            0 => write!(f, "{name})"),
            o => write!(f, "{name}{o:+})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn null(space: MemSpace, bits: i64) -> Pointer {
        Pointer::new(space, ElementWidth::Bits(bits), PtrBase::Null).unwrap()
    }

    #[test]
    fn prints_as_cute() {
        let p = null(MemSpace::Gmem, 16);
        assert_eq!(p.to_string(), "gmem_ptr[16b]((nil))");
        assert_eq!(p.advance(132).unwrap().to_string(), "gmem_ptr[16b](0x108)");
        assert_eq!(
            p.advance(-3).unwrap().to_string(),
            "gmem_ptr[16b](0xfffffffffffffffa)"
        );
        assert_eq!(
            null(MemSpace::Raw, 32).advance(3).unwrap().to_string(),
            "ptr[32b](0xc)"
        );
        let a = Pointer::new(
            MemSpace::Smem,
            ElementWidth::Bits(16),
            PtrBase::Named("A".into()),
        )
        .unwrap();
        assert_eq!(a.to_string(), "smem_ptr[16b](A)");
        assert_eq!(a.advance(-4).unwrap().to_string(), "smem_ptr[16b](A-4)");
    }

    #[test]
    fn reads_back() {
        let p = null(MemSpace::Gmem, 16).advance(-3).unwrap();
        for q in [
            p.clone(),
            p.advance(135).unwrap(),
            Pointer::new(
                MemSpace::Raw,
                ElementWidth::Unknown("TA".into()),
                PtrBase::Named("A".into()),
            )
            .unwrap()
            .advance(7)
            .unwrap(),
            Pointer::new(MemSpace::Raw, ElementWidth::Bits(32), PtrBase::Stack).unwrap(),
        ] {
            let s = q.to_string();
            let open = s.find('(').unwrap();
            let back = Pointer::parse_address(q.space, q.width.clone(), &s[open + 1..s.len() - 1])
                .unwrap();
            assert_eq!(back, q, "{s}");
        }
    }

    #[test]
    fn refuses_what_is_not_modelled() {
        assert!(Pointer::new(MemSpace::Gmem, ElementWidth::Bits(4), PtrBase::Null).is_err());
        let e = Pointer::new(
            MemSpace::Gmem,
            ElementWidth::Unknown("TA".into()),
            PtrBase::Null,
        )
        .unwrap_err();
        assert!(e.to_string().contains("'TA'"), "{e}");
        assert!(null(MemSpace::Gmem, 16).tagged(MemSpace::Smem).is_err());
    }
}
