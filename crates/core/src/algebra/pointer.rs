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
    /// `tmem_ptr<T>`: Blackwell's tensor memory, addressed by a 32-bit word `0xLLLL.CCCC`
    /// (datapath lane in the upper half, 32-bit column in the lower); CuTe prints
    /// `tmem_[32b](0x0000.0000)`.
    Tmem,
    /// The iterator of a tensor of shared-memory matrix descriptors, what `make_fragment_A/B`
    /// of a GMMA (SM90) or UMMA (SM100) atom reading the operand from shared memory gives
    /// (mma_traits_sm90_gmma.hpp's `GMMA::DescriptorIterator`, mma_traits_sm100.hpp's
    /// `UMMA::DescriptorIterator`): each element a 64-bit descriptor whose start address moves
    /// by the offset, in 16-byte units. CuTe prints only the iterator's type name.
    Descriptor(DescriptorKind),
}

/// Which architecture's shared-memory descriptor a [`MemSpace::Descriptor`] iterates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DescriptorKind {
    /// SM90's `GmmaDescriptor` (wgmma).
    Gmma,
    /// SM100's `UMMA::SmemDescriptor` (tcgen05.mma).
    Umma,
}

impl DescriptorKind {
    /// How CuTe prints the iterator: `GMMA::DescriptorIterator`, `UMMA::DescriptorIterator`.
    pub fn iterator_name(self) -> &'static str {
        match self {
            DescriptorKind::Gmma => "GMMA::DescriptorIterator",
            DescriptorKind::Umma => "UMMA::DescriptorIterator",
        }
    }
}

impl MemSpace {
    /// The prefix CuTe prints before `[Nb]`.
    pub fn prefix(self) -> &'static str {
        match self {
            MemSpace::Raw => "ptr",
            MemSpace::Gmem => "gmem_ptr",
            MemSpace::Smem => "smem_ptr",
            MemSpace::Tmem => "tmem_",
            MemSpace::Descriptor(k) => k.iterator_name(),
        }
    }

    /// The space a printed prefix names (`gmem_subptr`, a `subbyte_iterator`'s, too).
    pub fn from_prefix(p: &str) -> Option<MemSpace> {
        Some(match p {
            "ptr" | "subptr" => MemSpace::Raw,
            "gmem_ptr" | "gmem_subptr" => MemSpace::Gmem,
            "smem_ptr" | "smem_subptr" => MemSpace::Smem,
            "tmem_" => MemSpace::Tmem,
            _ => return None,
        })
    }

    /// The CuTe function that tags a pointer with this space.
    pub fn maker(self) -> &'static str {
        match self {
            MemSpace::Raw => "make_rmem_ptr",
            MemSpace::Gmem => "make_gmem_ptr",
            MemSpace::Smem => "make_smem_ptr",
            MemSpace::Tmem => "make_tmem_ptr",
            // no function makes one: make_fragment_A/B of an MMA reading shared memory
            MemSpace::Descriptor(_) => "make_fragment_A",
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
    /// `nullptr` moved to a byte address that is not a whole number of its elements from
    /// null: what `recast_ptr<U>` makes of an address misaligned for `U` (CuTe reinterprets the
    /// address as it is: `recast<double>` of a `half_t` tensor at 0x4). Its address is these
    /// bytes plus the offset in elements; CuTe prints it as any address (`ptr[64b](0x4)`).
    Bytes(i64),
    /// The register array of an owning tensor (`make_tensor<float>(…)`, `make_fragment_like`):
    /// CuTe prints its stack address; `cute` prints the fixed placeholder `stack`.
    Stack,
    /// A host array's memory (a CuTe DSL program's NumPy array, `np.arange(6)`): `cute`
    /// prints the placeholder `host`. `dlpack`: the array as the DSL sees it through
    /// `from_dlpack(a)` (a tensor in `generic` memory), not as Python's NumPy holds it.
    Host {
        /// Whether it is `from_dlpack`'s view.
        dlpack: bool,
        /// Whether torch made it (`torch.arange`), not NumPy (Python prints it as torch does).
        torch: bool,
    },
    /// The CuTe DSL's fake tensor (`cute.runtime.make_fake_compact_tensor`) as a compiled
    /// function traces it: memory that is not there, its base assumed aligned to `align`
    /// bytes (printed `ptr<f32, gmem, align<16>>` where it exceeds the element's size).
    Fake {
        /// The assumed alignment in bytes.
        align: u32,
    },
}

/// The word a fake tensor's address prints as.
pub const FAKE: &str = "fake";

/// The word a host array's address prints as.
pub const HOST: &str = "host";

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
    /// CuTe's `subbyte_iterator` over elements narrower than a byte (what `recast_ptr` to a
    /// sub-byte type and an owning sub-byte array give): a byte address and a bit index,
    /// printed `gmem_subptr[4b](0x3.4)`. A plain `int4b_t*` is not one: it moves by
    /// `sizeof(int4b_t)`, one byte an element.
    pub subbyte: bool,
    /// The element type's name where the pointer was made of one (`make_tmem_ptr<int32_t>`, an
    /// UMMA accumulator of `int32_t`): what `value_type` names where CuTe builds from it
    /// (`make_tmem_copy`'s `Copy_Atom<Op, value_type>`). Not part of the pointer's identity:
    /// CuTe prints only the width.
    pub type_name: TypeName,
    /// A structured-sparse element type `sparse_elem<S, T>` (pointer_sparse.hpp): `width` is
    /// then its `sizeof_bits`, `bits(T)/S`, printed as CuTe's static integer (`[_8b]`).
    pub sparse: Option<Sparse>,
    /// The session's storage the pointer points into, where it does (an owning tensor's or an
    /// array's elements, which hold values: `eval::storage`). Not part of its identity.
    pub storage: StorageTag,
    /// CuTe's `swizzle_ptr<SwizzleFn, smem_ptr<T*>>` (pointer_swizzle.hpp): a shared-memory
    /// pointer whose dereference swizzles its byte address (`Sw o PtrAdd`, position-dependent).
    /// It moves and recasts as the pointer it wraps, keeping the swizzle; CuTe prints
    /// `Sw<3,4,3>_smem_ptr[16b]((nil))`.
    pub swizzle: Option<PtrSwizzle>,
}

/// A `swizzle_ptr`'s `Swizzle<B,M,S>`, held in three bytes (a pointer is part of every value:
/// it stays small). Its parameters fit: CuTe's swizzle masks lie within 31 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PtrSwizzle([i8; 3]);

impl PtrSwizzle {
    /// The swizzle held.
    pub fn get(self) -> super::Swizzle {
        let [b, m, s] = self.0;
        super::Swizzle {
            bits: i64::from(b),
            base: i64::from(m),
            shift: i64::from(s),
        }
    }

    /// The swizzle held compactly, or the error where a parameter does not fit in a byte.
    pub fn of(sw: super::Swizzle) -> Result<PtrSwizzle> {
        let byte = |v: i64| i8::try_from(v).ok();
        match (byte(sw.bits), byte(sw.base), byte(sw.shift)) {
            (Some(b), Some(m), Some(s)) => Ok(PtrSwizzle([b, m, s])),
            _ => Err(condition(
                "make_swizzle_ptr",
                format!("{sw}: a swizzle's parameters lie within 31 bits"),
            )),
        }
    }
}

/// A pointer to CuTe's `sparse_elem<S, T>` (pointer_sparse.hpp): one physical `T` standing for
/// `S` logical elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sparse {
    /// `S`: the logical elements one physical element holds (2 to 255: CUTLASS's are 2, 4
    /// and 8; a byte keeps a pointer small).
    pub sparsity: u8,
    /// Whether the pointer is CuTe's `sparse_ptr<S, sparse_elem<S,T>*>` (what
    /// `make_sparse_ptr<S>`, `recast_ptr<sparse_elem<S,T>>` and an owning array of them give:
    /// it moves by logical elements, `S` of them a physical one, and prints `sparse<S>_`), or a
    /// plain `sparse_elem<S,T>*` (it moves by physical elements and prints as a `ptr`).
    pub adaptor: bool,
}

/// CuTe's `sparse_elem<S, T>` by its name: `(S, sizeof_bits = bits(T)/S)`; `None` where the
/// name is no `sparse_elem`, an error where CuTe's width is not a whole number of bits.
pub fn sparse_elem(name: &str) -> Option<Result<(i64, i64)>> {
    let n = name.trim();
    let n = n.strip_prefix("cute::").unwrap_or(n);
    let inner = n.strip_prefix("sparse_elem<")?.strip_suffix('>')?;
    let (s, t) = inner.split_once(',')?;
    let bad = |why: String| Some(Err(condition("sparse_elem", why)));
    let Ok(s) = s.trim().parse::<i64>() else {
        return bad(format!(
            "{name}: the sparsity S is an integer, not '{}'",
            s.trim()
        ));
    };
    let Some(bits) = super::recast::element_bits(t) else {
        return bad(format!(
            "{name}: '{}' is not an element type CuTe names (half_t, float_e4m3_t, int8_t, ...)",
            t.trim()
        ));
    };
    if !(1..=255).contains(&s) {
        return bad(format!(
            "{name}: cute holds sparsities S from 1 to 255 (CUTLASS's are 2, 4 and 8)"
        ));
    }
    if bits % s != 0 {
        return bad(format!(
            "{name}: sizeof_bits<sparse_elem<S,T>> is bits(T)/S = {bits}/{s}, not a whole number of bits (CuTe's integral_ratio), which cute's pointer widths do not hold"
        ));
    }
    Some(Ok((s, bits / s)))
}

/// The number of the storage a pointer points into (`None`: memory `cute` holds no values
/// of). Every two compare equal (and hash alike): the pointers print alike.
#[derive(Clone, Copy, Debug, Default)]
pub struct StorageTag(pub Option<std::num::NonZeroU32>);

impl PartialEq for StorageTag {
    fn eq(&self, _: &StorageTag) -> bool {
        true
    }
}

impl Eq for StorageTag {}

impl std::hash::Hash for StorageTag {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// A pointer's element type name, carried for naming only: every two compare equal (and hash
/// alike), as their pointers print alike.
#[derive(Clone, Debug, Default)]
pub struct TypeName(pub Option<Box<str>>);

impl PartialEq for TypeName {
    fn eq(&self, _: &TypeName) -> bool {
        true
    }
}

impl Eq for TypeName {}

impl std::hash::Hash for TypeName {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl Pointer {
    /// The one constructor the others start from: `offset` elements of `width` past `base` in
    /// `space`, a plain `T*` (no `subbyte_iterator`, no sparse element, no type name, no
    /// storage), unchecked.
    fn at(space: MemSpace, width: ElementWidth, base: PtrBase, offset: i64) -> Pointer {
        Pointer {
            space,
            width,
            base,
            offset,
            subbyte: false,
            type_name: TypeName::default(),
            sparse: None,
            storage: StorageTag::default(),
            swizzle: None,
        }
    }

    /// CuTe's `make_tmem_ptr<T>(addr)`: a tensor-memory pointer at the 32-bit address `addr`
    /// (`offset` holds that address: a TMEM pointer moves by its own rule, [`Pointer::advance`]).
    pub fn tmem(width: ElementWidth, addr: u32) -> Result<Pointer> {
        let bits = width.bits("make_tmem_ptr")?;
        let p = Pointer::at(MemSpace::Tmem, width, PtrBase::Null, i64::from(addr));
        p.check_width()?;
        tmem_offset_shift(bits)?;
        Ok(p)
    }

    /// A TMEM pointer's 32-bit address (`raw_pointer_cast`): `None` for another pointer.
    pub fn tmem_address(&self) -> Option<u32> {
        (self.space == MemSpace::Tmem).then_some(self.offset as u32)
    }

    /// A pointer of element type `width` at `base`.
    pub fn new(space: MemSpace, width: ElementWidth, base: PtrBase) -> Result<Pointer> {
        // an owning array of a sub-byte type is CuTe's array_subbyte, its iterator a
        // subbyte_iterator
        let subbyte = base == PtrBase::Stack && matches!(width, ElementWidth::Bits(b) if b < 8);
        let p = Pointer {
            subbyte,
            ..Pointer::at(space, width, base, 0)
        };
        p.check_width()?;
        Ok(p)
    }

    /// A pointer to elements of the type named `ty` at `base`: of a `sparse_elem<S,T>`, a
    /// plain `sparse_elem<S,T>*` (`adaptor` false: `static_cast<sparse_elem<S,T>*>(p)`) or
    /// CuTe's `sparse_ptr` over one (`adaptor` true: `recast_ptr<sparse_elem<S,T>>`, an
    /// owning array of them); of another type, [`Pointer::new`] of its width.
    pub fn of_element(space: MemSpace, ty: &str, base: PtrBase, adaptor: bool) -> Result<Pointer> {
        match sparse_elem(ty) {
            None => Pointer::new(space, ElementWidth::of_type(ty), base),
            Some(sw) => {
                let (sparsity, bits) = sw?;
                Ok(Pointer {
                    type_name: TypeName(Some(ty.trim().into())),
                    sparse: Some(Sparse {
                        sparsity: sparsity as u8,
                        adaptor,
                    }),
                    ..Pointer::at(space, ElementWidth::Bits(bits), base, 0)
                })
            }
        }
    }

    /// CuTe's `make_sparse_ptr<S>(p)` (pointer_sparse.hpp): `p` itself for `S` = 1, else the
    /// `sparse_ptr<S, …>` over `p`, a plain pointer to `sparse_elem<S,T>` (its static_asserts:
    /// the value type is sparse, of sparsity `S`, and not a sparse_ptr already).
    pub fn make_sparse(&self, s: i64) -> Result<Pointer> {
        const OP: &str = "make_sparse_ptr";
        if s == 1 {
            return Ok(self.clone());
        }
        match self.sparse {
            Some(Sparse { adaptor: true, .. }) => Err(condition(
                OP,
                format!(
                    "{self} is a sparse_ptr already: Enforce sparse singleton (CuTe's static_assert)"
                ),
            )),
            Some(Sparse { sparsity, .. }) if i64::from(sparsity) == s => {
                // the sparse_ptr counts logical elements, S a physical one
                Ok(Pointer {
                    sparse: Some(Sparse {
                        sparsity,
                        adaptor: true,
                    }),
                    offset: arith::mul(self.offset, s, OP)?,
                    ..self.clone()
                })
            }
            Some(Sparse { sparsity, .. }) => Err(condition(
                OP,
                format!(
                    "{self} points to elements of sparsity {sparsity}, not {s}: Enforce sparsity S (CuTe's static_assert)"
                ),
            )),
            None => Err(condition(
                OP,
                format!(
                    "{self} does not point to sparse_elem<S,T>: Enforce sparse value-type (CuTe's static_assert)"
                ),
            )),
        }
    }

    /// The logical elements per physical one of a `sparse_ptr` (1 for any other pointer).
    fn logical_per_physical(&self) -> i64 {
        match self.sparse {
            Some(Sparse {
                sparsity,
                adaptor: true,
            }) => i64::from(sparsity),
            _ => 1,
        }
    }

    /// The same pointer with its element type's name (see [`Pointer::type_name`]).
    pub fn with_type_name(self, name: &str) -> Pointer {
        Pointer {
            type_name: TypeName(Some(name.trim().into())),
            ..self
        }
    }

    /// A pointer's element: whole bytes, or fewer than 8 bits (CUTLASS's sub-byte types,
    /// `int4b_t`, `uint1b_t`, `float_e2m1_t`, stored in a byte each); a null-based pointer
    /// needs its width for its address.
    fn check_width(&self) -> Result<()> {
        match (&self.width, &self.base) {
            (ElementWidth::Bits(b), _) if *b <= 0 => Err(condition(
                "pointer",
                format!("an element of {b} bits: a width is at least 1 bit"),
            )),
            (ElementWidth::Bits(b), _) if *b > 8 && *b % 8 != 0 => Err(condition(
                "pointer",
                format!(
                    "a pointer to {b}-bit elements: CuTe's types are whole bytes or narrower than a byte"
                ),
            )),
            // `void* p = nullptr;`: no element, no address arithmetic (make_gmem_ptr<T>(p)
            // types it)
            (ElementWidth::Unknown(n), PtrBase::Null) if n.as_str() == "void" => Ok(()),
            (ElementWidth::Unknown(_), PtrBase::Null) => self
                .width
                .bits("a pointer at nullptr (its address)")
                .map(|_| ()),
            _ => Ok(()),
        }
    }

    /// `sizeof(T)` of a width: a sub-byte type is stored in one byte.
    fn element_bytes(bits: i64) -> i64 {
        if bits < 8 { 1 } else { bits / 8 }
    }

    /// `sizeof` of the pointer's physical element of `bits` (its `sizeof_bits`): of a
    /// `sparse_elem<S,T>`, `sizeof(T)`.
    fn physical_bytes(&self, bits: i64) -> i64 {
        match self.sparse {
            Some(sp) => Self::element_bytes(bits.saturating_mul(i64::from(sp.sparsity))),
            None => Self::element_bytes(bits),
        }
    }

    /// A `sparse_ptr` read back from its print, `smem_sparse<S>_ptr[_Nb](ADDRESS)`: `S`
    /// logical elements of `bits` bits in a physical one.
    pub fn parse_sparse(space: MemSpace, s: i64, bits: i64, text: &str) -> Result<Pointer> {
        if !(2..=255).contains(&s) || bits < 1 {
            return Err(condition(
                "pointer",
                format!(
                    "sparse<{s}>_ptr[_{bits}b]: a sparse_ptr has a sparsity from 2 to 255 and a width of at least 1 bit"
                ),
            ));
        }
        let phys = Pointer::parse_address(
            space,
            ElementWidth::Bits(arith::mul(bits, s, "pointer")?),
            text,
            false,
        )?;
        let offset = match phys.base {
            PtrBase::Null => arith::mul(phys.offset, s, "pointer")?,
            _ => phys.offset,
        };
        Ok(Pointer {
            width: ElementWidth::Bits(bits),
            offset,
            sparse: Some(Sparse {
                sparsity: s as u8,
                adaptor: true,
            }),
            ..phys
        })
    }

    /// The same pointer as CuTe's `subbyte_iterator` (`recast_ptr` to a sub-byte type, or
    /// `array_subbyte<T, N>::begin()` of any `T`): elements packed bit by bit, a byte address
    /// and a bit index.
    /// @pre the element's width is known
    pub fn as_subbyte(&self) -> Result<Pointer> {
        match self.width {
            ElementWidth::Bits(b) if b >= 1 => Ok(Pointer {
                subbyte: true,
                ..self.clone()
            }),
            _ => Err(condition(
                "pointer",
                format!(
                    "a subbyte_iterator holds elements of a known width, not {}",
                    self.width
                ),
            )),
        }
    }

    /// CuTe's `recast_ptr<NewT>(ptr)` (pointer.hpp): the same address as a pointer to
    /// elements of `new` (a `subbyte_iterator` for a type narrower than a byte).
    /// @pre both widths are known, and the address is a whole number of the new elements
    /// from the base
    pub fn recast(&self, new: ElementWidth) -> Result<Pointer> {
        const OP: &str = "recast_ptr";
        if let Some(sp) = self.sparse {
            // pointer_sparse.hpp: recast_ptr<NewT>(sparse_ptr) = recast_ptr<NewT>(ptr.get()),
            // the physical sparse_elem<S,T>* (a sparse_elem is one T: sizeof(T) a step); a
            // plain sparse_elem<S,T>* is reinterpreted as it is
            let bits = arith::mul(self.width.bits(OP)?, i64::from(sp.sparsity), OP)?;
            let physical = Pointer::at(
                self.space,
                ElementWidth::Bits(bits),
                self.base.clone(),
                self.offset / self.logical_per_physical(),
            );
            return physical.recast(new);
        }
        if let Some(addr) = self.tmem_address() {
            // TMEM's recast_ptr keeps the address (its offsets are shifted by the type already)
            return Pointer::tmem(new, addr);
        }
        let old_bits = self.width.bits(OP)?;
        let new_bits = new.bits(OP)?;
        let unit = |bits: i64, sub: bool| {
            if sub {
                bits
            } else {
                Self::element_bytes(bits) * 8
            }
        };
        let at_bit = match self.base {
            // a misaligned address: its bits from null
            PtrBase::Bytes(_) => match self.address() {
                Some(bytes) => arith::mul(bytes, 8, OP)?,
                None => return Err(condition(OP, format!("{self}: its address overflows"))),
            },
            _ => arith::mul(self.offset, unit(old_bits, self.subbyte), OP)?,
        };
        let subbyte = new_bits < 8;
        let new_unit = unit(new_bits, subbyte);
        let from_null = matches!(self.base, PtrBase::Null | PtrBase::Bytes(_));
        if at_bit % new_unit != 0 && from_null && !subbyte && at_bit % 8 == 0 {
            // CuTe reinterprets the address as it is (a reinterpret_cast): a pointer at a byte
            // address its elements are not aligned to
            let p = Pointer {
                subbyte,
                swizzle: self.swizzle,
                ..Pointer::at(self.space, new, PtrBase::Bytes(at_bit / 8), 0)
            };
            p.check_width()?;
            return Ok(p);
        }
        if at_bit % new_unit != 0 {
            // CuTe reinterprets the address as it is (a reinterpret_cast): a pointer its
            // elements are not aligned to, which cute's pointers (whole elements from a base)
            // do not hold
            let cute = match (self.base == PtrBase::Null, self.subbyte || subbyte) {
                (true, false) => format!(
                    "; CuTe prints {}",
                    self.to_string().replacen(
                        &format!("[{old_bits}b]"),
                        &format!("[{new_bits}b]"),
                        1
                    )
                ),
                _ => String::new(),
            };
            return Err(condition(
                OP,
                format!(
                    "{self} is {at_bit} bits past its base, not a whole number of {new_bits}-bit elements: the recast pointer is misaligned for its elements (CuTe reinterprets the address as it is; dereferencing it is undefined behaviour){cute}, and cute's pointers count whole elements"
                ),
            ));
        }
        let base = match self.base {
            PtrBase::Bytes(_) => PtrBase::Null,
            ref b => b.clone(),
        };
        let p = Pointer {
            subbyte,
            // pointer_swizzle.hpp: the swizzle acts on the address, whatever the type
            swizzle: self.swizzle,
            ..Pointer::at(self.space, new, base, at_bit / new_unit)
        };
        p.check_width()?;
        Ok(p)
    }

    /// CuTe's `recast_ptr<sparse_elem<S,T>>(ptr)` (pointer.hpp): the address reinterpreted as
    /// a `sparse_elem<S,T>*` and made CuTe's `sparse_ptr` over it (`make_sparse_ptr<S>`); of a
    /// `sparse_ptr`, CuTe's `static_assert(not is_sparse<NewT>::value)` (pointer_sparse.hpp).
    pub fn recast_sparse(&self, ty: &str) -> Result<Pointer> {
        const OP: &str = "recast_ptr";
        if let Some(Sparse { adaptor: true, .. }) = self.sparse {
            return Err(condition(
                OP,
                format!(
                    "recast_ptr<{ty}> of the sparse_ptr {self}: CuTe's static_assert(not is_sparse<NewT>::value) (pointer_sparse.hpp): a sparse_ptr recasts to a dense element type only"
                ),
            ));
        }
        let Some(sw) = sparse_elem(ty) else {
            return self.recast(ElementWidth::of_type(ty));
        };
        let (s, bits) = sw?;
        // the physical element, sizeof(T): the address as a T*, then as sparse_elem<S,T>*
        let physical = self.recast(ElementWidth::Bits(arith::mul(bits, s, OP)?))?;
        let plain = Pointer {
            subbyte: false,
            type_name: TypeName(Some(ty.trim().into())),
            sparse: Some(Sparse {
                sparsity: s as u8,
                adaptor: false,
            }),
            ..Pointer::at(
                physical.space,
                ElementWidth::Bits(bits),
                physical.base,
                physical.offset,
            )
        };
        plain.make_sparse(s)
    }

    /// CuTe's `ptr + n`: `n` elements further. A TMEM pointer's is `tmem_ptr::operator+`:
    /// `addr + rotr(uint32_t(n), OffsetShift)` in 32-bit arithmetic, where `OffsetShift =
    /// log_2(32 / sizeof_bits<T>)` (the word address, the sub-word index rotated into the
    /// unused top bits).
    pub fn advance(&self, n: i64) -> Result<Pointer> {
        if let Some(addr) = self.tmem_address() {
            let shift = tmem_offset_shift(self.width.bits("a TMEM pointer")?)?;
            let moved = addr.wrapping_add(rotr(n as u32, shift));
            return Ok(Pointer {
                offset: i64::from(moved),
                ..self.clone()
            });
        }
        let per = self.logical_per_physical();
        if n % per != 0 {
            return Err(condition(
                "pointer offset",
                format!(
                    "{self} moves by {n} elements: a sparse_ptr moves by multiples of its sparsity {per} (CuTe's assert(i % Sparsity == 0) in sparse_ptr::operator+)"
                ),
            ));
        }
        let offset = arith::add(self.offset, n, "pointer offset")?;
        if let ElementWidth::Bits(b) = self.width
            && self.base == PtrBase::Null
        {
            // its address must be an integer of bytes (of bits for a subbyte_iterator)
            let unit = if self.subbyte {
                b
            } else {
                self.physical_bytes(b)
            };
            arith::mul(offset, unit, "pointer address")?;
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
            // an owning array of a sub-byte type is CuTe's array_subbyte
            subbyte: self.sparse.is_none() && matches!(self.width, ElementWidth::Bits(b) if b < 8),
            type_name: self.type_name.clone(),
            // an owning array of sparse_elem's iterator is a sparse_ptr
            sparse: self.sparse.map(|s| Sparse { adaptor: true, ..s }),
            ..Pointer::at(MemSpace::Raw, self.width.clone(), PtrBase::Stack, 0)
        }
    }

    /// The raw pointer `&*p` (what `&T(i,j)` gives in CuTe: the tag dropped). Of a
    /// `swizzle_ptr`, the swizzled address (its `operator*` dereferences `Sw(address)`), where
    /// the address is known.
    pub fn raw(&self) -> Pointer {
        let mut p = Pointer {
            space: MemSpace::Raw,
            ..self.clone()
        };
        if let (Some(sw), Some(addr), ElementWidth::Bits(b)) =
            (self.swizzle, self.address(), &self.width)
            && !self.subbyte
            && self.sparse.is_none()
        {
            let size = Self::element_bytes(*b);
            let moved = sw.get().apply(addr);
            if moved % size == 0 {
                p.offset = moved / size;
                p.swizzle = None;
            }
        }
        p
    }

    /// CuTe's `make_swizzle_ptr(ptr, Sw)` (pointer_swizzle.hpp), what `make_smem_ptr(p, Sw)`
    /// and `make_tensor` of a shared-memory pointer with a GMMA atom's `Sw o smem_ptr[Bb](unset)
    /// o L` build: the pointer whose dereference swizzles its byte address; `Swizzle<0,M,S>`
    /// decays to the pointer itself.
    /// @pre the pointer is not a `swizzle_ptr` already (cute holds one swizzle a pointer)
    pub fn swizzled(&self, sw: super::Swizzle) -> Result<Pointer> {
        if sw.bits == 0 {
            return Ok(self.clone());
        }
        if let Some(old) = self.swizzle {
            return Err(condition(
                "make_swizzle_ptr",
                format!(
                    "{self} is a swizzle_ptr already: a swizzle_ptr<{sw}> over swizzle_ptr<{}> is not modelled",
                    old.get()
                ),
            ));
        }
        Ok(Pointer {
            swizzle: Some(PtrSwizzle::of(sw)?),
            ..self.clone()
        })
    }

    /// The pointer a `swizzle_ptr` wraps (`ptr.get()`, `raw_pointer_cast`'s address): its
    /// swizzle dropped.
    pub fn unswizzled(&self) -> Pointer {
        Pointer {
            swizzle: None,
            ..self.clone()
        }
    }

    /// The address in bytes of a null-based pointer: `offset * sizeof(T)` (of a
    /// `subbyte_iterator`, the byte that holds its element: `offset * bits / 8`).
    pub fn address(&self) -> Option<i64> {
        if matches!(self.space, MemSpace::Tmem | MemSpace::Descriptor(_)) {
            return None;
        }
        match (&self.base, &self.width) {
            (PtrBase::Null, ElementWidth::Bits(b)) if self.subbyte => {
                self.offset.checked_mul(*b).map(|bits| bits.div_euclid(8))
            }
            (PtrBase::Null, ElementWidth::Bits(b)) => {
                (self.offset / self.logical_per_physical()).checked_mul(self.physical_bytes(*b))
            }
            (PtrBase::Bytes(at), ElementWidth::Bits(b)) if !self.subbyte => self
                .offset
                .checked_mul(self.physical_bytes(*b))
                .and_then(|bytes| bytes.checked_add(*at)),
            _ => None,
        }
    }

    /// A `subbyte_iterator`'s bit index within its byte (0 for any other pointer).
    pub fn bit_index(&self) -> i64 {
        match (&self.base, &self.width) {
            (PtrBase::Null, ElementWidth::Bits(b)) if self.subbyte => {
                self.offset.wrapping_mul(*b).rem_euclid(8)
            }
            _ => 0,
        }
    }

    /// The prefix CuTe prints before `[Nb]`: `gmem_ptr`, or `gmem_subptr` for a
    /// `subbyte_iterator`.
    pub fn prefix(&self) -> String {
        if let Some(Sparse {
            sparsity,
            adaptor: true,
        }) = self.sparse
        {
            return match self.space {
                MemSpace::Raw => format!("sparse<{sparsity}>_ptr"),
                s => format!("{}_sparse<{sparsity}>_ptr", &s.prefix()[..4]),
            };
        }
        if self.subbyte {
            match self.space {
                MemSpace::Raw => "subptr".to_string(),
                s => format!("{}_subptr", &s.prefix()[..4]),
            }
        } else {
            self.space.prefix().to_string()
        }
    }

    /// The pointer a printed address reads back as: `(nil)`, `0x108` (bytes past nullptr; a
    /// negative offset prints as its 64-bit two's complement, as `%p` does), `NAME`, `NAME+N`,
    /// `NAME-N`, `stack`, `stack+N`.
    pub fn parse_address(
        space: MemSpace,
        width: ElementWidth,
        text: &str,
        subbyte: bool,
    ) -> Result<Pointer> {
        let t = text.trim();
        let bad = |why: String| condition("pointer", why);
        if space == MemSpace::Tmem {
            return Pointer::tmem(width, parse_tmem_address(t)?);
        }
        if subbyte {
            // a subbyte_iterator's `ADDRESS.BIT`: the element at bit ADDRESS*8+BIT
            let bits = width.bits("a subbyte_iterator's address")?;
            let (addr, bit) = match t.rsplit_once('.') {
                Some((a, b)) if !a.is_empty() && b.chars().all(|c| c.is_ascii_digit()) => (
                    a,
                    b.parse::<i64>()
                        .map_err(|_| bad(format!("'{b}' is not a bit index")))?,
                ),
                _ => (t, 0),
            };
            let base = Pointer::parse_address(space, ElementWidth::Bits(8), addr, false)?;
            let p = Pointer::new(space, width.clone(), base.base.clone())?.as_subbyte()?;
            let at_bit = arith::add(
                arith::mul(base.offset, 8, "pointer address")?,
                bit,
                "pointer address",
            )?;
            if base.base != PtrBase::Null {
                // a named or stack subbyte pointer prints its element offset
                return p.advance(base.offset);
            }
            if at_bit % bits != 0 {
                return Err(bad(format!(
                    "bit {at_bit} is not a multiple of the element width, {bits} bits"
                )));
            }
            return p.advance(at_bit / bits);
        }
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
            let size = Self::element_bytes(width.bits("an address")?);
            if bytes % size != 0 {
                // an address its elements are not aligned to (what recast_ptr makes of one)
                return Pointer::new(space, width.clone(), PtrBase::Bytes(bytes));
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
        // CuTe: printf("tmem_["); print(sizeof_bits<T>); printf("b](0x%04x.%04x)", ...)
        self.fmt_as(f, false)
    }
}

/// A pointer as CuTe prints it (`--format cute`): as cute's notation, but for a plain
/// `sparse_elem<S,T>*`, whose width CuTe prints as its `sizeof_bits` (`ptr[_8b]`), which
/// leaves out `S` (cute's notation names the type, so that it reads back).
pub struct CutePrint<'a>(pub &'a Pointer);

impl fmt::Display for CutePrint<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt_as(f, true)
    }
}

impl Pointer {
    /// A plain `sparse_elem<S,T>*` read back from cute's notation, `ptr[sparse_elem<2,half_t>](0x6)`.
    pub fn parse_sparse_elem(space: MemSpace, ty: &str, text: &str) -> Result<Pointer> {
        let Some(sw) = sparse_elem(ty) else {
            return Err(condition(
                "pointer",
                format!("'{ty}' is not sparse_elem<S,T>"),
            ));
        };
        let (s, bits) = sw?;
        let phys = Pointer::parse_address(
            space,
            ElementWidth::Bits(arith::mul(bits, s, "pointer")?),
            text,
            false,
        )?;
        let p = Pointer::of_element(space, ty, phys.base.clone(), false)?;
        Ok(Pointer {
            offset: phys.offset,
            ..p
        })
    }

    fn fmt_as(&self, f: &mut fmt::Formatter<'_>, cute: bool) -> fmt::Result {
        // pointer_swizzle.hpp: print(SwizzleFn{}); printf("_"); print(ptr.get())
        if let MemSpace::Descriptor(k) = self.space {
            // mma_traits_sm90_gmma.hpp: print(DescriptorIterator) { printf("GMMA::DescriptorIterator"); }
            return f.write_str(k.iterator_name());
        }
        if let Some(sw) = self.swizzle {
            write!(f, "{}_", sw.get())?;
        }
        if let Some(addr) = self.tmem_address() {
            return write!(
                f,
                "tmem_[{}](0x{:04x}.{:04x})",
                self.width,
                addr >> 16,
                addr & 0xFFFF
            );
        }
        match (self.sparse, &self.type_name.0) {
            // a plain sparse_elem<S,T>*: cute's notation names its type
            (Some(Sparse { adaptor: false, .. }), Some(ty)) if !cute => {
                write!(f, "{}[{ty}](", self.prefix())?
            }
            // sizeof_bits<sparse_elem<S,T>> is CuTe's integral_ratio, a static integer: `_8b`
            (Some(_), _) => write!(f, "{}[_{}](", self.prefix(), self.width)?,
            (None, _) => write!(f, "{}[{}](", self.prefix(), self.width)?,
        }
        let name = match &self.base {
            PtrBase::Null | PtrBase::Bytes(_) => {
                let bit = if self.subbyte {
                    format!(".{}", self.bit_index())
                } else {
                    String::new()
                };
                return match self.address() {
                    Some(0) => write!(f, "(nil){bit})"),
                    Some(a) => write!(f, "{:#x}{bit})", a as u64),
                    None => write!(f, "nullptr{:+})", self.offset),
                };
            }
            PtrBase::Named(n) => n.as_str(),
            PtrBase::Stack => STACK,
            PtrBase::Host { .. } => HOST,
            PtrBase::Fake { .. } => FAKE,
        };
        match self.offset {
            0 => write!(f, "{name})"),
            o => write!(f, "{name}{o:+})"),
        }
    }
}

/// `tmem_ptr<T>::OffsetShift = log_2(trait_ratio(sizeof_bits<uint32_t>, sizeof_bits<T>))`: the
/// ratio `32/bits` reduced, `log_2(num) - log_2(den)` (CuTe's `log_2` of a ratio, each a floor):
/// 1 for 16-bit elements, -1 for 64-bit ones.
pub fn tmem_offset_shift(bits: i64) -> Result<i32> {
    if bits <= 0 || bits > 1024 {
        return Err(condition(
            "tmem_ptr",
            format!("an element of {bits} bits: TMEM holds elements of 1 to 1024 bits"),
        ));
    }
    let g = gcd(32, bits);
    let (num, den) = (32 / g, bits / g);
    Ok(num.ilog2() as i32 - den.ilog2() as i32)
}

/// `TMEM::DP<T>`: one datapath lane in `T`-element offsets, `1 << 16` shifted left by
/// `OffsetShift` (CuTe's `shiftl`, a right shift for a negative count).
pub fn tmem_dp(bits: i64) -> Result<i64> {
    let s = tmem_offset_shift(bits)?;
    Ok(if s >= 0 {
        1i64 << (16 + s)
    } else {
        (1i64 << 16) >> (-s)
    })
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// CuTe's `rotr` of a `uint32_t` (a negative count rotates left).
fn rotr(x: u32, s: i32) -> u32 {
    if s >= 0 {
        x.rotate_right(s as u32)
    } else {
        x.rotate_left(s.unsigned_abs())
    }
}

/// A TMEM address as CuTe prints it, `0xLLLL.CCCC` (or a plain `0x…`/decimal word).
fn parse_tmem_address(t: &str) -> Result<u32> {
    let bad = || {
        condition(
            "pointer",
            format!(
                "'{t}' is not a TMEM address (0xLLLL.CCCC: lane and column, 4 hex digits each)"
            ),
        )
    };
    let hex = |h: &str| {
        (!h.is_empty() && h.len() <= 4)
            .then(|| u32::from_str_radix(h, 16).ok())
            .flatten()
    };
    if let Some(body) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        return match body.split_once('.') {
            Some((hi, lo)) => match (hex(hi), hex(lo)) {
                (Some(hi), Some(lo)) => Ok(hi << 16 | lo),
                _ => Err(bad()),
            },
            None => u32::from_str_radix(body, 16).map_err(|_| bad()),
        };
    }
    t.parse::<u32>().map_err(|_| bad())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tmem_pointers_move_as_cute_moves_them() {
        // cute-oracle: make_tmem_ptr<half_t>(0) + 1, + 3, + 1 + 1; <uint8_t> + 5; <double> + 3
        let t = |bits: i64, addr: u32| Pointer::tmem(ElementWidth::Bits(bits), addr).unwrap();
        assert_eq!(t(32, 0).to_string(), "tmem_[32b](0x0000.0000)");
        assert_eq!(
            t(16, 0).advance(1).unwrap().to_string(),
            "tmem_[16b](0x8000.0000)"
        );
        assert_eq!(
            t(16, 0).advance(3).unwrap().to_string(),
            "tmem_[16b](0x8000.0001)"
        );
        let twice = t(16, 0).advance(1).and_then(|p| p.advance(1)).unwrap();
        assert_eq!(twice.to_string(), "tmem_[16b](0x0000.0000)");
        assert_eq!(
            t(8, 0).advance(5).unwrap().to_string(),
            "tmem_[8b](0x4000.0001)"
        );
        assert_eq!(
            t(64, 0).advance(3).unwrap().to_string(),
            "tmem_[64b](0x0000.0006)"
        );
        assert_eq!(
            t(6, 0).advance(1).unwrap().to_string(),
            "tmem_[6b](0x2000.0000)"
        );
        assert_eq!(
            t(16, 0x10000).advance(-2).unwrap().to_string(),
            "tmem_[16b](0x8000.ffff)"
        );
        assert_eq!(t(32, 0x10020).to_string(), "tmem_[32b](0x0001.0020)");
        assert_eq!(tmem_dp(32).unwrap(), 65536);
        assert_eq!(tmem_dp(16).unwrap(), 131072);
        assert_eq!(tmem_dp(6).unwrap(), 524288);
        assert_eq!(tmem_dp(64).unwrap(), 32768);
        let back =
            Pointer::parse_address(MemSpace::Tmem, ElementWidth::Bits(16), "0x8000.ffff", false)
                .unwrap();
        assert_eq!(back, t(16, 0x8000_ffff));
    }

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
    fn sub_byte_pointers_print_as_cute() {
        // a plain int4b_t* moves by sizeof(int4b_t), one byte
        let p = null(MemSpace::Gmem, 4);
        assert_eq!(p.advance(3).unwrap().to_string(), "gmem_ptr[4b](0x3)");
        let s = p.as_subbyte().unwrap();
        assert_eq!(s.to_string(), "gmem_subptr[4b]((nil).0)");
        assert_eq!(s.advance(3).unwrap().to_string(), "gmem_subptr[4b](0x1.4)");
        let back = Pointer::parse_address(MemSpace::Gmem, ElementWidth::Bits(4), "0x1.4", true);
        assert_eq!(back.unwrap(), s.advance(3).unwrap());
        // array_subbyte<uint16_t, N>'s iterator is a subbyte_iterator too
        let wide = null(MemSpace::Gmem, 16).as_subbyte().unwrap();
        assert_eq!(
            wide.advance(3).unwrap().to_string(),
            "gmem_subptr[16b](0x6.0)"
        );
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
            let back = Pointer::parse_address(
                q.space,
                q.width.clone(),
                &s[open + 1..s.len() - 1],
                q.subbyte,
            )
            .unwrap();
            assert_eq!(back, q, "{s}");
        }
    }

    #[test]
    fn refuses_what_is_not_modelled() {
        assert!(Pointer::new(MemSpace::Gmem, ElementWidth::Bits(12), PtrBase::Null).is_err());
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
