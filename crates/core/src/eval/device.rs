//! CuTe's and CUTLASS's device-only objects a kernel uses, modelled as far as CuTe's program
//! compiled for the host runs them: tensor memory's allocators (cute/arch/tmem_allocator_sm100.hpp)
//! and a pipeline's mbarriers (cutlass/arch/barrier.h). Their types and objects are values (a
//! type alias binds one, `TmemAllocator tmem_allocator{};` makes one, its static members read);
//! what they do is PTX only the GPU runs (`tcgen05.alloc`, `mbarrier.init`), where the host
//! build stops: CUTE_INVALID_CONTROL_PATH's or CUTLASS_NOT_IMPLEMENTED's assert. cute stops
//! there too, with an error naming that GPU-only effect.

use super::{EvalError, Value};
use crate::algebra::IntTuple;
use crate::parser::Span;

/// A device-only type: its name as CuTe spells it, and whether it is an allocator of tensor
/// memory (else an mbarrier).
struct DeviceType {
    name: &'static str,
    allocator: bool,
}

const TYPES: &[DeviceType] = &[
    DeviceType {
        name: "cute::TMEM::Allocator1Sm",
        allocator: true,
    },
    DeviceType {
        name: "cute::TMEM::Allocator2Sm",
        allocator: true,
    },
    DeviceType {
        name: "cutlass::arch::ClusterBarrier",
        allocator: false,
    },
    DeviceType {
        name: "cutlass::arch::ClusterTransactionBarrier",
        allocator: false,
    },
];

/// The device type `n` names (`TMEM::Allocator1Sm`, `cute::TMEM::Allocator2Sm`,
/// `cutlass::arch::ClusterBarrier`, `arch::ClusterTransactionBarrier`): its full name.
pub(super) fn type_named(n: &str) -> Option<&'static str> {
    let of = |t: &DeviceType| {
        let mut rest = t.name;
        loop {
            if rest == n {
                return true;
            }
            match rest.split_once("::") {
                Some((_, tail)) => rest = tail,
                None => return false,
            }
        }
    };
    TYPES.iter().find(|t| of(t)).map(|t| t.name)
}

/// A name of a device type or of one's static constant (`cute::TMEM::Allocator1Sm`,
/// `TMEM::Allocator2Sm::ColumnsPerAllocationSlice`): its value.
pub(super) fn named(n: &str) -> Option<Value> {
    if let Some(t) = type_named(n) {
        return Some(Value::Name(t.into()));
    }
    let (head, member) = n.rsplit_once("::")?;
    static_member(&Value::Name(type_named(head)?.into()), member)
}

fn device_type(v: &Value) -> Option<&'static DeviceType> {
    match v {
        Value::Name(n) => TYPES.iter().find(|t| t.name == n),
        _ => None,
    }
}

/// Whether `v` is a device type or an object of one (`TmemAllocator{}` is the object).
pub(super) fn is_device(v: &Value) -> bool {
    device_type(v).is_some()
}

/// A static member of a device type that is a constant: the allocators'
/// `Sm100TmemCapacityColumns` (512) and `ColumnsPerAllocationSlice` (32), `static constexpr int`.
pub(super) fn static_member(v: &Value, member: &str) -> Option<Value> {
    let t = device_type(v)?;
    let x = match member {
        "Sm100TmemCapacityColumns" if t.allocator => 512,
        "ColumnsPerAllocationSlice" if t.allocator => 32,
        _ => return None,
    };
    Some(Value::IntTuple(IntTuple::int_of(x, true)))
}

/// A call of a member function of a device type or object (`tmem_allocator.allocate(…)`,
/// `ProducerBarType::init(…)`): the GPU-only effect it is, as an error, where CuTe's program off
/// the GPU stops. `None` where `v` is no device type.
pub(super) fn call(v: &Value, member: &str, span: Span) -> Option<EvalError> {
    let t = device_type(v)?;
    let short = t.name.rsplit_once("::").map_or(t.name, |(_, s)| s);
    let message = if t.allocator {
        let ptx = match member {
            "allocate" => {
                "tcgen05.alloc (it writes the address the GPU allocates into shared memory)"
            }
            "free" => "tcgen05.dealloc",
            "release_allocation_lock" => "tcgen05.relinquish_alloc_permit",
            _ => {
                return Some(EvalError::new(
                    format!(
                        "{} has no member '{member}' (allocate, free, release_allocation_lock)",
                        t.name
                    ),
                    span,
                ));
            }
        };
        format!(
            "{short}::{member} runs {ptx} (cute/arch/tmem_allocator_sm100.hpp): a GPU-only effect (CuTe's program off the GPU stops here: CUTE_INVALID_CONTROL_PATH(\"Attempting to use TMEM allocation PTX without CUTE_ARCH_TCGEN05_TMEM_ENABLED\"))"
        )
    } else {
        format!(
            "{short}::{member} runs the mbarrier PTX of a pipeline's barrier (cutlass/arch/barrier.h: a shared-memory object of the GPU whose phase flips when the expected arrivals and TMA transaction bytes have come): a GPU-only effect (CuTe's program off the GPU stops here: CUTLASS_NOT_IMPLEMENTED's assert)"
        )
    };
    Some(EvalError::new(message, span))
}
