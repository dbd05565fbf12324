//! A struct of the program's own (`parser::structs`), as CUTLASS's tutorials use their kernels'
//! shared storage: `SharedStorage<TA, TB, ASmemLayout, BSmemLayout>` instantiated and laid out
//! as the compiler lays it out, `sizeof(SharedStorage)`, `*reinterpret_cast<SharedStorage*>(
//! shared_memory)` the object at that pointer, `smem.A.begin()` the pointer to its member's
//! first element (what `make_smem_ptr` then tags), `smem.tma_barrier` a C array's pointer,
//! `smem.tensor_sA()` a member function's returned expression.
//!
//! The layout is C++'s (the Itanium ABI's, which nvcc and g++ share): each member at the next
//! offset that is a multiple of its alignment (its type's, or `alignas(N)`'s where larger), a
//! union's members all at its start, the struct's size its end rounded up to its alignment
//! (the largest of its members'). CuTe's storage types: `array<T, N>` is `T[N]`;
//! `array_aligned<T, N, A = 16>` is `alignas(A) array<T, N>` (container/array_aligned.hpp);
//! `ArrayEngine<T, N>` holds an `array_aligned<T, N>` for a whole-byte `T` (tensor_impl.hpp),
//! and its `begin()` is the array's.

use super::{Env, ErrorKind, EvalError, Outcome, Value};
use crate::algebra::cutlass2::Cutlass2Layout;
use crate::algebra::pointer::{ElementWidth, Pointer};
use crate::parser::{self, Constructor, MemberDef, MemberKind, Span, StructDef};

/// A struct's definition as the session keeps it: its template parameters and its body's text
/// (its members read again where it is instantiated).
#[derive(Clone, Debug)]
pub(super) struct StructTemplate {
    params: Vec<String>,
    body: String,
    /// An alias template: `body` is the aliased type.
    alias: bool,
}

/// Where a struct value stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    /// The type itself (`SharedStorage<half_t, …>`, `using SharedStorage = …;`).
    Type,
    /// A pointer to an object of the type (`reinterpret_cast<SharedStorage*>(shared_memory)`),
    /// the pointer to its first byte.
    Pointer(Pointer),
    /// The object at that byte (`*p`, a reference to it, a member of one).
    Object(Pointer),
    /// An object the session holds by value (`S<…> s;`, `S{…}`, `S(args)`), constructed as
    /// C++ constructs it: its members' values ([`StructValue::values`]).
    Held,
}

/// A member laid out: its name, its offset in bytes and what it is.
#[derive(Clone, Debug, PartialEq)]
pub struct LaidMember {
    name: String,
    offset: i64,
    kind: LaidKind,
}

/// What a laid-out member is.
#[derive(Clone, Debug, PartialEq)]
enum LaidKind {
    /// CuTe's storage (`ArrayEngine<T, N>`, `array_aligned<T, N>`, `array<T, N>`): an object
    /// whose `begin()` is the pointer to its first element.
    Storage(Box<StructValue>),
    /// A C array `T name[N]`: its name is the pointer to its first element.
    CArray(String),
    /// A scalar (`uint64_t mma_barrier;`): its value is the memory's.
    Scalar(String),
    /// An anonymous union or struct: its members, at their offsets from its start.
    Nested(Box<StructValue>),
}

/// A struct of the program's own (or one of CuTe's storage types), laid out: a type, a pointer
/// to an object of it, or the object.
#[derive(Clone, Debug, PartialEq)]
pub struct StructValue {
    /// The type as written (`SharedStorage<half_t, half_t, …>`, `ArrayEngine<half_t, 4096>`).
    ty: String,
    /// `sizeof`, in bytes.
    size: i64,
    /// `alignof`, in bytes.
    align: i64,
    members: Vec<LaidMember>,
    /// The member functions: each name and its returned expression's text.
    methods: Vec<(String, String)>,
    /// The template parameters' values, which a member function's expression sees.
    scope: Vec<(String, Value)>,
    /// CuTe's storage type (ArrayEngine, array_aligned, array): its element type, and whether
    /// it has `data()` (CuTe's arrays; an ArrayEngine has `begin()` only).
    storage: Option<(String, bool)>,
    /// The member functions of parameters or statements: each name and its definition.
    functions: Vec<(String, String)>,
    /// The constructors, in order.
    constructors: Vec<Constructor>,
    /// The friend operators defined in it: each operator, its definition (named
    /// `parser::friend_function_name`'s) and a friend template's parameters.
    friends: Vec<(String, String, Vec<String>)>,
    /// The data members' default initializers (`T x = EXPR;`): each name and its text.
    inits: Vec<(String, String)>,
    /// A held object's data members' values, in declaration order (one not initialized is
    /// absent: its value is indeterminate, as C++'s).
    values: Vec<(String, Value)>,
    /// One of CUTLASS 2's layouts (`cutlass::layout::ColumnMajor`): its type or object.
    library: Option<Cutlass2Layout>,
    place: Place,
}

/// The most members (all nested structs and unions counted) one struct may have.
const MAX_MEMBERS: usize = 4096;

impl StructValue {
    /// Its (sizeof, alignof) as a member of a struct lays it out, where it is an object or a
    /// type of the program's own (`None`: a pointer to one, CuTe's storage, a CUTLASS 2 layout).
    pub(super) fn size_align(&self) -> Option<(i64, i64)> {
        (self.is_program_struct() && matches!(self.place, Place::Held | Place::Type))
            .then_some((self.size, self.align))
    }

    /// Whether it is a struct of the program's own (not one of CuTe's storage types nor a
    /// CUTLASS 2 layout).
    pub(super) fn is_program_struct(&self) -> bool {
        self.library.is_none() && self.storage.is_none()
    }

    /// Whether it is a standard-layout class: a struct of the program's own whose data members
    /// are scalars (`None`: one of CuTe's storage types, a CUTLASS 2 layout, a member that is
    /// an array or a nested struct, not modelled).
    pub(super) fn standard_layout(&self) -> Option<bool> {
        (self.storage.is_none()
            && self.library.is_none()
            && self
                .members
                .iter()
                .all(|m| matches!(m.kind, LaidKind::Scalar(_))))
        .then_some(true)
    }

    /// Whether it is an empty class: a struct of the program's own without data members
    /// (`None`: one of CuTe's storage types or a CUTLASS 2 layout).
    pub(super) fn empty(&self) -> Option<bool> {
        (self.storage.is_none() && self.library.is_none()).then_some(self.members.is_empty())
    }

    /// The struct as written, for messages.
    pub fn type_name(&self) -> &str {
        &self.ty
    }

    /// The text of its member function `name` (one of parameters or statements), if it has one.
    pub fn function(&self, name: &str) -> Option<&str> {
        (self.functions.iter())
            .find(|(n, _)| n == name)
            .map(|(_, t)| t.as_str())
    }

    /// What it is, for messages.
    pub fn kind(&self) -> &'static str {
        match self.place {
            Place::Type => "a struct type",
            Place::Pointer(_) => "a pointer to a struct",
            Place::Object(_) | Place::Held => "a struct object",
        }
    }

    /// The value in words, as cute prints it (CuTe prints no struct of the program's own):
    /// `SharedStorage<half_t, …> (49152 bytes)`, a pointer's `SharedStorage<…>* at ADDR`, an
    /// object's `SharedStorage<…> at ADDR`.
    pub fn described(&self) -> String {
        match &self.place {
            Place::Type => format!("{} ({} bytes)", self.ty, self.size),
            Place::Pointer(p) => format!("{}* at {p}", self.ty),
            Place::Object(p) => format!("{} at {p}", self.ty),
            Place::Held => format!("{} object", self.ty),
        }
    }

    /// `*p` of a pointer to the struct: the object there.
    pub fn dereferenced(self, span: Span) -> Result<StructValue, EvalError> {
        match self.place {
            Place::Pointer(p) => Ok(StructValue {
                place: Place::Object(p),
                ..self
            }),
            _ => Err(EvalError::new(
                format!(
                    "'*' of {} '{}': only a pointer is dereferenced (*reinterpret_cast<{}*>(smem))",
                    self.kind(),
                    self.ty,
                    self.ty
                ),
                span,
            )),
        }
    }

    /// The object's byte pointer, or the error for a type or a pointer (`what`: the access).
    fn object(&self, what: &str, span: Span) -> Result<&Pointer, EvalError> {
        match &self.place {
            Place::Object(p) => Ok(p),
            Place::Type => Err(EvalError::new(
                format!(
                    "{what} of the type '{}': a member is an object's (cast shared memory to it: {}& s = *reinterpret_cast<{}*>(smem);)",
                    self.ty, self.ty, self.ty
                ),
                span,
            )),
            Place::Pointer(_) => Err(EvalError::new(
                format!(
                    "{what} of a pointer to '{}': dereference it first ((*p).m, p->m)",
                    self.ty
                ),
                span,
            )),
            Place::Held => Err(EvalError::new(
                format!(
                    "{what} of an object of '{}' the session holds: it lies in no memory cute models",
                    self.ty
                ),
                span,
            )),
        }
    }

    /// Whether it is an object (over memory, or held by value).
    fn is_object(&self) -> bool {
        matches!(self.place, Place::Object(_) | Place::Held)
    }

    /// One of CUTLASS 2's layouts, its type or object.
    pub fn library_layout(&self) -> Option<&Cutlass2Layout> {
        self.library.as_ref()
    }

    /// `s.name`: the member's value: a storage object, a C array's pointer, a nested
    /// struct's object.
    pub fn member(&self, name: &str, span: Span) -> Result<Value, EvalError> {
        let Some(m) = self.members.iter().find(|m| m.name == name) else {
            let names: Vec<&str> = self.members.iter().map(|m| m.name.as_str()).collect();
            let methods: Vec<&str> = self.methods.iter().map(|m| m.0.as_str()).collect();
            return Err(EvalError::new(
                format!(
                    "'{}' has no member '{name}' (its members: {}{})",
                    self.ty,
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(", ")
                    },
                    if methods.is_empty() {
                        String::new()
                    } else {
                        format!("; its member functions: {}", methods.join(", "))
                    }
                ),
                span,
            ));
        };
        if self.place == Place::Held {
            return match self.values.iter().find(|(n, _)| n == name) {
                Some((_, v)) => Ok(v.clone()),
                None => Err(EvalError::new(
                    format!(
                        "the member '{name}' of an object of '{}' was never initialized: its value is indeterminate (C++ leaves it so; initialize it in the constructor or give it a default, T {name} = …;)",
                        self.ty
                    ),
                    span,
                )),
            };
        }
        let at = self.object(&format!("'.{name}'"), span)?;
        let here = at
            .advance(m.offset)
            .map_err(|e| EvalError::algebra(e, span))?;
        Ok(match &m.kind {
            LaidKind::Storage(s) | LaidKind::Nested(s) => Value::structure(StructValue {
                place: Place::Object(here),
                ..(**s).clone()
            }),
            LaidKind::CArray(elem) => Value::Pointer(element_pointer(&here, elem, span)?),
            LaidKind::Scalar(ty) => {
                return Err(EvalError::new(
                    format!(
                        "the member '{name}', a {ty}: its value is the memory's, which cute does not hold (cute models a struct's storage members and their pointers)"
                    ),
                    span,
                ));
            }
        })
    }

    /// The pointer to a storage object's first element (`begin()`, `data()`).
    fn begin(&self, method: &str, span: Span) -> Option<Result<Value, EvalError>> {
        let (elem, has_data) = self.storage.as_ref()?;
        if method == "data" && !has_data {
            return Some(Err(EvalError::new(
                format!("{} has no data() in CuTe (it has begin())", self.ty),
                span,
            )));
        }
        if !matches!(method, "begin" | "data") {
            return Some(Err(EvalError::new(
                format!(
                    "{}.{method}() is not modelled: cute models begin(){} of CuTe's storage",
                    self.ty,
                    if *has_data { " and data()" } else { "" }
                ),
                span,
            )));
        }
        Some(
            self.object(&format!("{method}()"), span)
                .and_then(|at| element_pointer(at, elem, span))
                .map(Value::Pointer),
        )
    }
}

/// The raw `T*` at the byte pointer `at`.
fn element_pointer(at: &Pointer, elem: &str, span: Span) -> Result<Pointer, EvalError> {
    at.recast(ElementWidth::of_type(elem))
        .map(|p| p.raw())
        .map_err(|e| EvalError::algebra(e, span))
}

/// `n` rounded up to a multiple of `to` (a power of two).
fn round_up(n: i64, to: i64, span: Span) -> Result<i64, EvalError> {
    n.checked_add(to - 1)
        .map(|x| x / to * to)
        .ok_or_else(|| EvalError::new("a struct's size overflows 64 bits", span))
}

/// The pieces of a template's argument list cut at its top-level commas, trimmed (`<>`: none).
pub(super) fn split_args(list: &str) -> Vec<&str> {
    if list.trim().is_empty() {
        return Vec::new();
    }
    parser::split_top(list).into_iter().map(str::trim).collect()
}

/// The C++ type of a value a template parameter is deduced from: a run-time integer's `int`,
/// a number's type (`float`, `double`), a struct object's type. `None`: none of these.
fn cpp_type_of(v: &Value) -> Option<String> {
    match v {
        Value::IntTuple(t) if t.is_int() && t.is_dynamic() => Some("int".to_string()),
        Value::Scalar(s) => Some(s.ty.name().to_string()),
        Value::Struct(s) if s.place == Place::Held => Some(s.ty.clone()),
        _ => None,
    }
}

/// A parameter's name: the last word of its declaration (`T const& t`: `t`), none where it
/// ends in its type (`Empty<V>`, `int`).
fn param_name(p: &str) -> String {
    let p = p.trim();
    let name: String = p
        .chars()
        .rev()
        .take_while(|&c| c.is_alphanumeric() || c == '_')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let before = p[..p.len() - name.len()].trim_end();
    let is_type_word = matches!(
        name.as_str(),
        "int" | "long" | "unsigned" | "size_t" | "float" | "double" | "bool" | "char" | "auto"
    ) || (name.ends_with("_t") && name.starts_with(['i', 'u']));
    if before.is_empty() || is_type_word || before.ends_with("::") {
        String::new()
    } else {
        name
    }
}

/// The error for `*x` of a value that is no pointer to a struct.
pub(super) fn not_dereferenced(v: &Value, span: Span) -> EvalError {
    EvalError::new(
        format!(
            "'*' of {}: cute models a pointer's dereference of a pointer to a struct of the program's own (*reinterpret_cast<SharedStorage*>(smem)); a tensor's element is T(i)",
            v.kind()
        ),
        span,
    )
}

impl Env {
    /// Bind a struct's definition to its name.
    pub(super) fn define_struct(&mut self, def: &StructDef) -> Result<Outcome, EvalError> {
        super::bindable(def.name, def.name_span)?;
        let t = StructTemplate {
            params: def.params.iter().map(|p| p.to_string()).collect(),
            body: def.body.to_string(),
            alias: def.alias,
        };
        // inside a namespace, its name is `NS::NAME` only (`Env::scoped_key` finds it plain)
        let key = self
            .qualified(def.name)
            .unwrap_or_else(|| def.name.to_string());
        self.structs.insert(key, t);
        Ok(Outcome::Nothing)
    }

    /// The key under which `n` is bound in a table of the program's own names (`bound`
    /// says whether a key is), as C++ looks a plain or partly qualified name up: in the
    /// namespaces enclosing where this runs (innermost first: `a::b::n`, `a::n`), at file
    /// scope (`n`), then in the namespaces `using namespace NS;` named (`NS::n`).
    pub(super) fn scoped_key(&self, n: &str, bound: impl Fn(&str) -> bool) -> Option<String> {
        let mut scope = self.namespace.as_str();
        while !scope.is_empty() {
            let key = format!("{scope}::{n}");
            if bound(&key) {
                return Some(key);
            }
            scope = scope.rsplit_once("::").map_or("", |(outer, _)| outer);
        }
        if bound(n) {
            return Some(n.to_string());
        }
        self.using_namespaces
            .iter()
            .map(|ns| format!("{ns}::{n}"))
            .find(|key| bound(key))
    }

    /// `using namespace NS;` of a namespace of the program's own: its names found plain
    /// from here on.
    pub(super) fn using_namespace(&mut self, ns: &str) -> Result<Outcome, EvalError> {
        if !self.using_namespaces.iter().any(|u| u == ns) {
            self.using_namespaces.push(ns.to_string());
        }
        Ok(Outcome::Nothing)
    }

    /// `NS::name` of a name defined inside the namespace `NS` of the program's own whose
    /// definition runs (`None` at file scope).
    pub(super) fn qualified(&self, name: &str) -> Option<String> {
        (!self.namespace.is_empty()).then(|| format!("{}::{name}", self.namespace))
    }

    /// `namespace NS { … }`: its statements run in order (each, past an error of one: the
    /// first error is the statement's), the functions and structs they
    /// define bound to `NS::NAME` only: a plain `NAME` finds them inside the namespace (its
    /// body and its functions'), after `using namespace NS;` and `using NS::NAME;`, as C++'s
    /// lookup does ([`Env::scoped_key`]), so they never shadow CuTe's own elsewhere; a nested
    /// namespace's names are `OUTER::INNER::NAME`.
    pub(super) fn define_namespace(
        &mut self,
        ns: &crate::parser::ast::Namespace,
    ) -> Result<Outcome, EvalError> {
        let outer = self.namespace.clone();
        self.namespace = match self.qualified(ns.name) {
            Some(q) => q,
            None => ns.name.to_string(),
        };
        // each statement runs, as a pasted file's (C++ defines the namespace's other names
        // where one of them is not modelled): its first error is the namespace's
        let mut r = Ok(Outcome::Nothing);
        for stmt in ns.body {
            if let Err(e) = self.exec(stmt, |_| {})
                && r.is_ok()
            {
                r = Err(e);
            }
        }
        self.namespace = outer;
        r
    }

    /// `using NS::NAME;` of a namespace of the program's own: the function or struct it
    /// defines bound to its plain name where the declaration is.
    pub(super) fn using_declaration(
        &mut self,
        name: &str,
        span: Span,
    ) -> Result<Outcome, EvalError> {
        let plain = name.rsplit_once("::").map_or(name, |(_, n)| n);
        let struct_key = self.scoped_key(name, |k| self.structs.contains_key(k));
        let function_key = self.function_key(name);
        if struct_key.is_some() || function_key.is_some() {
            // the name is bound where the declaration is (a namespace's, or file scope)
            let here = self.qualified(plain).unwrap_or_else(|| plain.to_string());
            if let Some(t) = struct_key.and_then(|k| self.structs.get(&k).cloned()) {
                self.structs.insert(here.clone(), t);
            }
            let routines = function_key.and_then(|k| self.functions.get(&k).cloned());
            for r in routines.into_iter().flatten() {
                self.overload(here.clone(), r);
            }
            return Ok(Outcome::Nothing);
        }
        let ns = name.rsplit_once("::").map_or("", |(ns, _)| ns);
        Err(EvalError::new(
            format!(
                "a using-declaration of '{name}': the namespace '{ns}' defines no function or struct of that name (cute reads a namespace's functions and structs where its 'namespace {ns} {{ … }}' is pasted)"
            ),
            span,
        ))
    }

    /// Whether `n` (`NAME`, `NAME<ARGS>`) names a struct or struct template of the program's
    /// own (no instantiation: a test before [`Env::struct_type`] builds one).
    pub(super) fn names_program_struct(&self, n: &str) -> bool {
        let base = n.split_once('<').map_or(n, |(base, _)| base).trim();
        let base = base.strip_prefix("struct ").unwrap_or(base).trim();
        self.scoped_key(base, |k| self.structs.contains_key(k))
            .is_some()
    }

    /// `S<ARGS>` (or `S`) of a struct the session defines: the type laid out for its template
    /// arguments. `None`: `n` names no such struct.
    pub(super) fn struct_type(&self, n: &str, span: Span) -> Option<Result<Value, EvalError>> {
        let (base, args) = match n.split_once('<') {
            Some((base, rest)) => (base.trim(), Some(rest.strip_suffix('>')?)),
            None => (n.trim(), None),
        };
        let base = base.strip_prefix("struct ").unwrap_or(base).trim();
        if let Some(r) = self.library_layout_type(base, args, span) {
            return Some(r);
        }
        let key = self.scoped_key(base, |k| self.structs.contains_key(k))?;
        let t = self.structs.get(&key)?;
        if t.alias {
            return Some(self.alias_instantiated(base, t, args, span));
        }
        Some(self.instantiate(base, t, args, span).map(Value::structure))
    }

    /// `NAME<ARGS>` of an alias template `template <PARAMS> using NAME = TYPE;`: TYPE with
    /// each parameter replaced by its argument's text, read as a type.
    fn alias_instantiated(
        &self,
        base: &str,
        t: &StructTemplate,
        args: Option<&str>,
        span: Span,
    ) -> Result<Value, EvalError> {
        let args = args.map(split_args).unwrap_or_default();
        if args.len() != t.params.len() {
            return Err(EvalError::new(
                format!(
                    "the alias template '{base}' takes {} template arguments, found {}",
                    t.params.len(),
                    args.len()
                ),
                span,
            ));
        }
        let mut text = String::with_capacity(t.body.len());
        let mut rest = t.body.as_str();
        while let Some(c) = rest.chars().next() {
            let word: String = rest
                .chars()
                .take_while(|&c| c.is_ascii_alphanumeric() || c == '_')
                .collect();
            if word.is_empty() {
                text.push(c);
                rest = &rest[c.len_utf8()..];
                continue;
            }
            match t.params.iter().position(|p| *p == word) {
                Some(k) => text.push_str(args[k].trim()),
                None => text.push_str(&word),
            }
            rest = &rest[word.len()..];
        }
        // (an alias naming itself stops at the limit on nested calls)
        self.check_struct_depth(base, span)?;
        let mut inner = self.clone();
        inner.lambda_depth += 1;
        let arena = bumpalo::Bump::new();
        let e = parser::parse_cpp_expr(&text, &arena).map_err(|e| {
            EvalError::new(
                format!(
                    "the alias template '{base}' names '{}': {}",
                    super::clip(&text),
                    e.message
                ),
                span,
            )
        })?;
        // (its errors where it is named: their places are in the substituted text)
        inner.eval(&e).map_err(|e| EvalError { span, ..e })
    }

    /// `S<…> s;`, `S<…> s(ARGS);`, `S{ARGS}` of a struct the session defines (or of CUTLASS
    /// 2's layouts): an object held by value, constructed as C++ constructs it
    /// ([`Env::construct_struct`]). `None`: `n` names no struct.
    pub(super) fn struct_constructed(
        &self,
        n: &str,
        args: &[crate::parser::Expr],
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        // `Nonempty{7}` of a class template: its arguments deduced from a constructor's
        if !n.contains('<')
            && let Some(key) = self.scoped_key(n.trim(), |k| self.structs.contains_key(k))
            && let Some(t) = self.structs.get(&key)
            && !t.params.is_empty()
        {
            return Some(self.deduced_construction(n.trim(), t, args, span));
        }
        let r = self.struct_type(n, span)?;
        Some((|| {
            let ty = match r? {
                Value::Struct(ty) => ty,
                // `IC<int, 43>{}` of an alias template of a static type: its value
                v if args.is_empty() && super::traits::is_static(&v) => return Ok(v),
                v => {
                    return Err(EvalError::new(
                        format!(
                            "'{n}' is {}: cute constructs a struct, or a static type from no values",
                            v.kind()
                        ),
                        span,
                    ));
                }
            };
            if let Some(l) = &ty.library {
                // `L(Index ldm = 0)`: its leading dimension
                let stride = match args {
                    [] => 0,
                    [a] => self.eval(a)?.as_int().ok_or_else(|| {
                        EvalError::new(
                            format!("{}(ldm) takes an integer, its leading dimension", l.name),
                            a.span,
                        )
                    })?,
                    _ => {
                        return Err(EvalError::new(
                            format!("{}(ldm) takes one argument, its leading dimension", l.name),
                            span,
                        ));
                    }
                };
                let library = Some(Cutlass2Layout {
                    stride,
                    ..l.clone()
                });
                return Ok(Value::structure(StructValue {
                    library,
                    place: Place::Held,
                    ..*ty
                }));
            }
            let vals = self.eval_args(args)?;
            self.construct_struct(*ty, vals, span)
        })())
    }

    /// `cute::eso::ESO_t<T...> x{ARGS};` (`types`: the text of T...): an object of CuTe's tuple
    /// storage (container/tuple.hpp), the base class of `tuple<T...>`, constructed as the tuple
    /// is (from one value each, or value-initialized: `ESO() : first_{}, rest_{}`). It is
    /// `ESO<IsFirstEmpty, IsRestEmpty, First, Rest...>`: a data member `First first_` where
    /// First is not empty, `ESO_t<Rest...> rest_` where some of Rest is not, laid out as the
    /// tuple ([`super::eso_layout`]); CuTe's print takes none.
    pub(super) fn eso_object(
        &self,
        types: &str,
        args: &[crate::parser::Expr],
        span: Span,
    ) -> Result<Value, EvalError> {
        if split_args(types).iter().all(|t| t.trim().is_empty()) {
            return Err(EvalError::new(
                "cute::eso::ESO_t<> of no types: its IsFirstEmpty (is_first_empty_v<T...>) needs a first type (CuTe does not compile it)",
                span,
            ));
        }
        let arena = bumpalo::Bump::new();
        let text = arena.alloc_str(&format!("cute::tuple<{types}>"));
        let parsed = parser::parse_cpp_expr(text, &arena).map_err(|e| {
            EvalError::new(format!("the types of ESO_t<{types}>: {}", e.message), span)
        })?;
        let callee = crate::parser::Expr { span, ..parsed };
        let constructed = self.eval(&crate::parser::Expr {
            kind: crate::parser::ExprKind::Call(&callee, args),
            span,
        })?;
        let ty = match self.tuple_type_of(&callee) {
            Some(t) => self.named_types(t),
            None => self.named_types(self.eval(&callee)?),
        };
        let (Some(modes), Some(values)) = (ty.tuple_modes(), constructed.tuple_modes()) else {
            return Err(EvalError::new(
                format!("cute::eso::ESO_t<{types}>: its types are not laid out here"),
                span,
            ));
        };
        let names: Vec<String> = split_args(types)
            .iter()
            .map(|t| t.trim().to_string())
            .collect();
        eso_struct(&modes, &values, &names)
            .map(Value::structure)
            .ok_or_else(|| {
                EvalError::new(
                    format!(
                        "cute::eso::ESO_t<{types}>: cute lays out C++ integer and floating types, static integers, structs of the program's own and tuples of them"
                    ),
                    span,
                )
            })
    }

    /// `S{ARGS}` / `S(ARGS)` of a class template `S` written without its arguments: C++17's
    /// class template argument deduction from the constructor of as many parameters, each
    /// template parameter the type of the argument whose parameter's type it is (`T const& t`
    /// of `Nonempty{7}`: `int`), then the object of `S<…>` constructed.
    fn deduced_construction(
        &self,
        n: &str,
        t: &StructTemplate,
        args: &[crate::parser::Expr],
        span: Span,
    ) -> Result<Value, EvalError> {
        let vals = self.eval_args(args)?;
        let members = parser::struct_members(&t.body)
            .map_err(|m| EvalError::new(format!("in the struct '{n}': {m}"), span))?;
        let constructor = members.iter().find_map(|m| match &m.kind {
            MemberKind::Constructor(c) if split_args(&c.params).len() == vals.len() => Some(c),
            _ => None,
        });
        let Some(c) = constructor else {
            return Err(EvalError::new(
                format!(
                    "the class template '{n}' is written without its template arguments, and no constructor of {} parameter{} deduces them (cute models C++17's deduction from a constructor)",
                    vals.len(),
                    if vals.len() == 1 { "" } else { "s" }
                ),
                span,
            ));
        };
        let mut deduced: Vec<Option<String>> = vec![None; t.params.len()];
        for (p, v) in split_args(&c.params).into_iter().zip(&vals) {
            let name = param_name(p);
            let ty = p[..p.len() - name.len()]
                .replace("const", "")
                .replace('&', "");
            if let Some(k) = t.params.iter().position(|q| q == ty.trim()) {
                deduced[k] = Some(cpp_type_of(v).ok_or_else(|| {
                    EvalError::new(
                        format!(
                            "deducing '{}' of '{n}' from {}: cute deduces a template parameter from an int, a float, a double or a struct object",
                            t.params[k],
                            v.kind()
                        ),
                        span,
                    )
                })?);
            }
        }
        let Some(types) = deduced.into_iter().collect::<Option<Vec<_>>>() else {
            return Err(EvalError::new(
                format!(
                    "the template arguments of '{n}' are not all deduced from its constructor's parameters: write them, {n}<…>"
                ),
                span,
            ));
        };
        let text = format!("{n}<{}>", types.join(", "));
        match self.struct_type(&text, span) {
            Some(Ok(Value::Struct(ty))) => self.construct_struct(*ty, vals, span),
            Some(Err(e)) => Err(e),
            _ => Err(EvalError::new(format!("'{text}' is no struct"), span)),
        }
    }

    /// An object of the struct type `ty` constructed from `vals`, as C++ constructs it: the
    /// constructor of as many parameters (those with default arguments may be left out) with
    /// its parameters bound; each data member in declaration order initialized from the
    /// constructor's initializer list, else from its default member initializer, else left
    /// indeterminate; then the constructor's body runs (it sees and assigns the members).
    /// A struct without a constructor is an aggregate: its members in order from the values.
    pub(super) fn construct_struct(
        &self,
        ty: StructValue,
        vals: Vec<Value>,
        span: Span,
    ) -> Result<Value, EvalError> {
        self.check_struct_depth(&ty.ty, span)?;
        let mut inner = self.clone();
        inner.lambda_depth += 1;
        for (p, v) in &ty.scope {
            inner.set(p, v.clone());
        }
        let names: Vec<String> = ty.members.iter().map(|m| m.name.clone()).collect();
        let eval_text = |env: &Env, text: &str, what: &str| -> Result<Value, EvalError> {
            let arena = bumpalo::Bump::new();
            let e = parser::parse_cpp_expr(text, &arena)
                .map_err(|e| EvalError::new(format!("{what} '{text}': {}", e.message), span))?;
            env.eval(&e).map_err(|e| match e.kind {
                ErrorKind::Limit => EvalError::limit(e.message, span),
                _ => EvalError::new(format!("{what} '{text}': {}", e.message), span),
            })
        };
        let mut values = Vec::new();
        if ty.constructors.is_empty() {
            if vals.len() > names.len() {
                return Err(EvalError::new(
                    format!(
                        "the aggregate '{}' of {} member{} is initialized from {} values",
                        ty.ty,
                        names.len(),
                        if names.len() == 1 { "" } else { "s" },
                        vals.len()
                    ),
                    span,
                ));
            }
            let mut vals = vals.into_iter();
            for n in &names {
                if let Some(v) = vals.next() {
                    values.push((n.clone(), v));
                } else if let Some((_, init)) = ty.inits.iter().find(|(m, _)| m == n) {
                    let v = eval_text(&inner, init, &format!("the initializer of '{n}'"))?;
                    values.push((n.clone(), v));
                }
            }
            let values = self.member_values_converted(&ty, values, span)?;
            return Ok(Value::structure(StructValue {
                values,
                place: Place::Held,
                ..ty
            }));
        }
        let params_of = |c: &Constructor| -> Vec<(String, Option<String>)> {
            split_args(&c.params)
                .into_iter()
                .filter(|p| *p != "void")
                .map(|p| match parser::first_top_level(p, b'=') {
                    Some(k) => (param_name(&p[..k]), Some(p[k + 1..].trim().to_string())),
                    None => (param_name(p), None),
                })
                .collect()
        };
        let takes = |ps: &[(String, Option<String>)]| {
            let required = ps.iter().filter(|p| p.1.is_none()).count();
            (required..=ps.len()).contains(&vals.len())
        };
        let Some(c) = ty.constructors.iter().find(|c| takes(&params_of(c))) else {
            let counts: Vec<String> = ty
                .constructors
                .iter()
                .map(|c| params_of(c).len().to_string())
                .collect();
            return Err(EvalError::new(
                format!(
                    "no constructor of '{}' takes {} argument{} (its constructors take {})",
                    ty.ty,
                    vals.len(),
                    if vals.len() == 1 { "" } else { "s" },
                    counts.join(", ")
                ),
                span,
            ));
        };
        let params = params_of(c);
        let given = vals.len();
        for (k, ((name, default), v)) in params
            .iter()
            .zip(vals.into_iter().map(Some).chain(std::iter::repeat(None)))
            .enumerate()
        {
            let v = match (v, default) {
                (Some(v), _) => v,
                (None, Some(d)) if k >= given => eval_text(&inner, d, "the default argument")?,
                _ => continue,
            };
            if !name.is_empty() {
                inner.set(name, v);
            }
        }
        // the members in declaration order, whatever the initializer list's order
        for n in &names {
            let init = c
                .inits
                .iter()
                .find(|(m, _)| m == n)
                .or_else(|| ty.inits.iter().find(|(m, _)| m == n));
            if let Some((_, text)) = init {
                let v = eval_text(&inner, text, &format!("the initializer of '{n}'"))?;
                // the members after it see it (`second(first + step)`)
                inner.set(n, v.clone());
                values.push((n.clone(), v));
            }
        }
        if let Some((m, _)) = c.inits.iter().find(|(m, _)| !names.contains(m)) {
            return Err(EvalError::new(
                format!(
                    "the constructor of '{}' initializes '{m}', which is no member of it",
                    ty.ty
                ),
                span,
            ));
        }
        if !c.body.trim().is_empty() {
            for (n, v) in &values {
                inner.set(n, v.clone());
            }
            let arena = bumpalo::Bump::new();
            let stmts = parser::parse_body(&c.body, &arena).map_err(|e| {
                EvalError::new(
                    format!("in the constructor of '{}': {}", ty.ty, e.message),
                    span,
                )
            })?;
            let mut out = Vec::new();
            // (a limit's error is the innermost constructor's, said once)
            inner
                .run_body(stmts, &mut out, None)
                .map_err(|e| match e.kind {
                    ErrorKind::Limit => EvalError::limit(e.message, span),
                    _ => EvalError::new(
                        format!("in the constructor of '{}': {}", ty.ty, e.message),
                        span,
                    ),
                })?;
            self.emitted.borrow_mut().extend(out);
            // what the body assigned
            values = names
                .iter()
                .filter_map(|n| {
                    let v = inner.get(n)?.clone();
                    values.iter().any(|(m, _)| m == n).then(|| (n.clone(), v))
                })
                .collect();
        }
        let values = self.member_values_converted(&ty, values, span)?;
        Ok(Value::structure(StructValue {
            values,
            place: Place::Held,
            ..ty
        }))
    }

    /// Each scalar member's value converted to its type, as C++ converts what initializes or
    /// is assigned to it (`int twice = 6.5` holds 6): `T(v)`, cute's one conversion.
    fn member_values_converted(
        &self,
        ty: &StructValue,
        values: Vec<(String, Value)>,
        span: Span,
    ) -> Result<Vec<(String, Value)>, EvalError> {
        const HELD: &str = "cute_member_value";
        let mut inner = self.clone();
        values
            .into_iter()
            .map(|(n, v)| {
                let Some(LaidKind::Scalar(elem)) =
                    ty.members.iter().find(|m| m.name == n).map(|m| &m.kind)
                else {
                    return Ok((n, v));
                };
                if !matches!(v, Value::Scalar(_) | Value::IntTuple(_) | Value::Bool(_)) {
                    return Ok((n, v));
                }
                inner.set(HELD, v);
                let text = format!("{elem}({HELD})");
                let arena = bumpalo::Bump::new();
                let converted = parser::parse_cpp_expr(&text, &arena)
                    .map_err(|e| e.message)
                    .and_then(|e| inner.eval(&e).map_err(|e| e.message))
                    .map_err(|m| {
                        EvalError::new(
                            format!("the member '{n}' of '{}', a {elem}: {m}", ty.ty),
                            span,
                        )
                    })?;
                Ok((n, converted))
            })
            .collect()
    }

    /// One of CUTLASS 2's layouts as a type (`cutlass::layout::ColumnMajor`,
    /// `cutlass::layout::RowMajorTensorOpMultiplicandCrosswise<16, 64>`), its template
    /// arguments evaluated. `None`: `base` names none.
    fn library_layout_type(
        &self,
        base: &str,
        args: Option<&str>,
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        let bare = base.strip_prefix("cutlass::").unwrap_or(base);
        let name = bare.strip_prefix("layout::")?;
        // (a namespace of the program's own named `layout` keeps its structs)
        if self
            .scoped_key(base, |k| self.structs.contains_key(k))
            .is_some()
        {
            return None;
        }
        let _ = crate::algebra::cutlass2::Cutlass2Layout::named(name, &[])?;
        Some((|| {
            let ints = args
                .map(split_args)
                .unwrap_or_default()
                .into_iter()
                .map(|a| self.member_int(a, "the template argument", span))
                .collect::<Result<Vec<_>, _>>()?;
            let l = crate::algebra::cutlass2::Cutlass2Layout::named(name, &ints)
                .unwrap_or_else(|| Err(format!("unknown layout '{name}'")))
                .map_err(|m| EvalError::new(m, span))?;
            Ok(Value::structure(StructValue {
                ty: l.name.clone(),
                size: 4,
                align: 4,
                members: Vec::new(),
                methods: Vec::new(),
                scope: Vec::new(),
                storage: None,
                functions: Vec::new(),
                constructors: Vec::new(),
                friends: Vec::new(),
                inits: Vec::new(),
                values: Vec::new(),
                library: Some(l),
                place: Place::Type,
            }))
        })())
    }

    /// `T::f(ARGS)` of a struct type `T` (a name bound to one, or written): CUTLASS 2's
    /// layouts' `packed(extent)`. `None`: `n` is no such call.
    pub(super) fn struct_static_call(
        &self,
        n: &str,
        args: &[crate::parser::Expr],
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        let (ty, f) = n.rsplit_once("::")?;
        let s = match self.get(ty) {
            Some(Value::Struct(s)) if s.place == Place::Type => (**s).clone(),
            Some(_) => return None,
            None => match self.struct_type(ty, span)? {
                Ok(Value::Struct(s)) => *s,
                Ok(_) => return None,
                Err(e) => return Some(Err(e)),
            },
        };
        self.library_static_call(s, f, args, span)
    }

    /// `L::f(ARGS)` of CUTLASS 2's layout type `s`: `packed(extent)`. `None`: `s` is none.
    fn library_static_call(
        &self,
        s: StructValue,
        f: &str,
        args: &[crate::parser::Expr],
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        let l = s.library.clone()?;
        Some((|| {
            if f != "packed" {
                return Err(EvalError::new(
                    format!(
                        "{}::{f} is not modelled: cute models CUTLASS 2's layouts' packed(extent) and their offsets, layout(coord)",
                        l.name
                    ),
                    span,
                ));
            }
            let [arg] = args else {
                return Err(EvalError::new(
                    format!("{}::packed takes one extent, {{rows, columns}}", l.name),
                    span,
                ));
            };
            let extent = self.pair_of(arg, &l.name)?;
            Ok(Value::structure(StructValue {
                library: Some(l.packed(extent)),
                place: Place::Held,
                ..s
            }))
        })())
    }

    /// A coordinate or extent of two integers (`{m, n}`) of a CUTLASS 2 layout's.
    fn pair_of(&self, arg: &crate::parser::Expr, layout: &str) -> Result<(i64, i64), EvalError> {
        let v = self.eval(arg)?;
        let ints: Option<Vec<i64>> = v
            .tuple_modes()
            .map(|ms| ms.iter().map(Value::as_int).collect::<Option<Vec<_>>>())
            .unwrap_or_default();
        match ints.as_deref() {
            Some([a, b]) => Ok((*a, *b)),
            _ => Err(EvalError::new(
                format!(
                    "{layout} takes a coordinate of two integers ({{row, column}}; CUTLASS's MatrixCoord), found {}",
                    v.kind()
                ),
                arg.span,
            )),
        }
    }

    /// `layout(coord)` of a CUTLASS 2 layout object: the offset (a `LongIndex`, run-time).
    /// `None`: `s` is no such layout.
    pub(super) fn library_layout_call(
        &self,
        s: &StructValue,
        args: &[crate::parser::Expr],
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        let l = s.library.as_ref()?;
        if s.place != Place::Held {
            return None;
        }
        Some((|| {
            let [arg] = args else {
                return Err(EvalError::new(
                    format!(
                        "{}'s operator() takes one coordinate, {{row, column}}",
                        l.name
                    ),
                    span,
                ));
            };
            let coord = self.pair_of(arg, &l.name)?;
            let offset = l.offset(coord).map_err(|m| EvalError::new(m, span))?;
            Ok(Value::IntTuple(crate::algebra::IntTuple::int_of(
                offset, true,
            )))
        })())
    }

    /// A struct's template instantiated for `args` (the text between its brackets) and laid
    /// out.
    fn instantiate(
        &self,
        name: &str,
        t: &StructTemplate,
        args: Option<&str>,
        span: Span,
    ) -> Result<StructValue, EvalError> {
        let args = args.map(split_args).unwrap_or_default();
        if args.len() != t.params.len() {
            return Err(EvalError::new(
                format!(
                    "the struct '{name}' takes {} template argument{}, got {}",
                    t.params.len(),
                    if t.params.len() == 1 { "" } else { "s" },
                    args.len()
                ),
                span,
            ));
        }
        // `struct S { ArrayEngine<half_t, sizeof(S)> A; };`: an instantiation inside itself
        self.check_struct_depth(name, span)?;
        let mut inner = self.clone();
        inner.lambda_depth += 1;
        let mut scope = Vec::new();
        let mut written = Vec::new();
        // the arguments in the caller's scope, one level deeper (`A<A<…<int>…>>` nests an
        // instantiation in each), all read before the parameters are bound
        let values = args
            .iter()
            .map(|arg| inner.type_argument(arg, span))
            .collect::<Result<Vec<_>, _>>()?;
        for ((param, arg), v) in t.params.iter().zip(&args).zip(values) {
            written.push(match &v {
                Value::Name(n) => n.clone(),
                _ => arg.to_string(),
            });
            inner.set(param, v.clone());
            scope.push((param.clone(), v));
        }
        let members = parser::struct_members(&t.body)
            .map_err(|m| EvalError::new(format!("in the struct '{name}': {m}"), span))?;
        let mut count = 0;
        let mut laid = inner.lay_out(&members, false, span, &mut count)?;
        laid.ty = if t.params.is_empty() {
            name.to_string()
        } else {
            format!("{name}<{}>", written.join(", "))
        };
        laid.scope = scope;
        Ok(laid)
    }

    /// A template argument's value: a type's name (an alias replaced by what it names), or a
    /// value (`decltype(sA)`, a layout's type).
    fn type_argument(&self, arg: &str, span: Span) -> Result<Value, EvalError> {
        let arena = bumpalo::Bump::new();
        // the argument clipped: an error inside nested instantiations quotes each level's
        let quoted = super::clip(arg);
        // an integer type (`size_t`, `uint32_t`) stands for itself, as a trait's argument does
        if !self.is_bound(arg.trim()) && super::constant::IntType::of_name(arg.trim()).is_some() {
            return Ok(Value::Name(arg.trim().to_string()));
        }
        let e = parser::parse_cpp_expr(arg, &arena).map_err(|e| {
            EvalError::new(format!("template argument '{quoted}': {}", e.message), span)
        })?;
        self.eval(&e).map_err(|e| {
            EvalError::new(format!("template argument '{quoted}': {}", e.message), span)
        })
    }

    /// An integer expression of a member's text (an extent, an alignment, `N` of a storage
    /// type), evaluated with the struct's template parameters bound.
    pub(super) fn member_int(&self, text: &str, what: &str, span: Span) -> Result<i64, EvalError> {
        let arena = bumpalo::Bump::new();
        let e = parser::parse_cpp_expr(text, &arena)
            .map_err(|e| EvalError::new(format!("{what} '{text}': {}", e.message), span))?;
        let v = self.eval(&e).map_err(|e| match e.kind {
            // a limit reached inside (a struct asking its own size) is said once
            ErrorKind::Limit => EvalError::limit(e.message, span),
            _ => EvalError::new(format!("{what} '{text}': {}", e.message), span),
        })?;
        v.as_int().ok_or_else(|| {
            EvalError::new(
                format!("{what} '{text}' must be an integer, found {}", v.kind()),
                span,
            )
        })
    }

    /// An element type's name of a member's text (`TA`, `cute::uint64_t`) and its bytes.
    fn member_element(&self, text: &str, span: Span) -> Result<(String, i64), EvalError> {
        let text = text.trim();
        let name = match self.get(text) {
            Some(Value::Name(n)) => n.clone(),
            _ => text.to_string(),
        };
        let bare = name.trim_start_matches("const ").trim();
        // a C++ integer type CuTe's element types do not name (`size_t`, `long`)
        let bits = crate::algebra::recast::element_bits(bare).or_else(|| {
            super::constant::IntType::of_name(bare).map(|t| t.size().saturating_mul(8))
        });
        match bits {
            Some(bits) if bits % 8 == 0 => Ok((bare.to_string(), bits / 8)),
            Some(bits) => Err(EvalError::new(
                format!(
                    "a struct's member of the {bits}-bit type '{bare}' is not modelled (CuTe stores sub-byte elements in array_subbyte)"
                ),
                span,
            )),
            None => Err(EvalError::new(
                format!(
                    "a struct's member of the type '{text}' is not modelled: cute lays out CuTe's storage (ArrayEngine<T, N>, array_aligned<T, N>, array<T, N>), C arrays and scalars of the element types CuTe names"
                ),
                span,
            )),
        }
    }

    /// A data member's type laid out: what it is, its size and its alignment.
    fn member_type(&self, ty: &str, span: Span) -> Result<(LaidKind, i64, i64), EvalError> {
        let bare = ty.trim();
        let bare = bare.strip_prefix("cute::").unwrap_or(bare);
        for (template, data, default_align) in [
            ("ArrayEngine<", false, Some(16)),
            ("array_aligned<", true, Some(16)),
            ("array<", true, None),
        ] {
            let Some(inner) = bare
                .strip_prefix(template)
                .and_then(|r| r.strip_suffix('>'))
            else {
                continue;
            };
            let args = split_args(inner);
            let (elem, count) = match args.as_slice() {
                [elem, count] | [elem, count, _] => (*elem, *count),
                _ => {
                    return Err(EvalError::new(
                        format!("expected {template}T, N> as a struct's member, found '{ty}'"),
                        span,
                    ));
                }
            };
            let (elem, bytes) = self.member_element(elem, span)?;
            let n = self.member_int(count, "the number of elements", span)?;
            let template = template.trim_end_matches('<');
            let template = format!("{template}<");
            let mut align = default_align.unwrap_or(1).max(bytes);
            if let [_, _, a] = args.as_slice() {
                align = align.max(self.member_int(a, "the alignment", span)?);
            }
            if n < 0 || align <= 0 || align & (align - 1) != 0 {
                return Err(EvalError::new(
                    format!("'{ty}': a negative size or an alignment that is no power of two"),
                    span,
                ));
            }
            let size = n
                .checked_mul(bytes)
                .ok_or_else(|| EvalError::new(format!("'{ty}' overflows 64 bits"), span))?;
            let size = round_up(size, align, span)?;
            let storage = StructValue {
                ty: format!("{template}{elem}, {n}>"),
                size,
                align,
                members: Vec::new(),
                methods: Vec::new(),
                scope: Vec::new(),
                storage: Some((elem, data)),
                functions: Vec::new(),
                constructors: Vec::new(),
                friends: Vec::new(),
                inits: Vec::new(),
                values: Vec::new(),
                library: None,
                place: Place::Type,
            };
            return Ok((LaidKind::Storage(Box::new(storage)), size, align));
        }
        let (elem, bytes) = self.member_element(bare, span)?;
        Ok((LaidKind::Scalar(elem), bytes, bytes))
    }

    /// Members laid out one after another (`union`: each at the start), as C++ lays them out.
    fn lay_out(
        &self,
        members: &[MemberDef],
        union: bool,
        span: Span,
        count: &mut usize,
    ) -> Result<StructValue, EvalError> {
        let mut laid = Vec::new();
        let mut methods = Vec::new();
        let mut functions = Vec::new();
        let mut constructors = Vec::new();
        let mut friends = Vec::new();
        let mut inits = Vec::new();
        let (mut end, mut align) = (0i64, 1i64);
        for m in members {
            *count += 1;
            if *count > MAX_MEMBERS {
                return Err(EvalError::limit(
                    format!("a struct of more than {MAX_MEMBERS} members (the limit)"),
                    span,
                ));
            }
            let (kind, size, mut m_align) = match &m.kind {
                MemberKind::Method(expr) => {
                    methods.push((m.name.clone(), expr.clone()));
                    continue;
                }
                MemberKind::Function(text) => {
                    functions.push((m.name.clone(), text.clone()));
                    continue;
                }
                MemberKind::Constructor(c) => {
                    constructors.push(c.clone());
                    continue;
                }
                MemberKind::Friend {
                    op,
                    definition,
                    template_params,
                } => {
                    friends.push((op.clone(), definition.clone(), template_params.clone()));
                    continue;
                }
                MemberKind::Data { ty, extent, init } => {
                    if let Some(init) = init {
                        inits.push((m.name.clone(), init.clone()));
                    }
                    let (kind, size, m_align) = self.member_type(ty, span)?;
                    match extent {
                        None => (kind, size, m_align),
                        Some(extent) => {
                            let n = self.member_int(extent, "the extent", span)?;
                            let elem = match kind {
                                LaidKind::Scalar(elem) if n >= 0 => elem,
                                _ => {
                                    return Err(EvalError::new(
                                        format!(
                                            "the member '{}[{extent}]': cute lays out C arrays of element types, of a size 0 or more",
                                            m.name
                                        ),
                                        span,
                                    ));
                                }
                            };
                            let size = size.checked_mul(n).ok_or_else(|| {
                                EvalError::new("a struct's size overflows 64 bits", span)
                            })?;
                            (LaidKind::CArray(elem), size, m_align)
                        }
                    }
                }
                MemberKind::Nested { union, members } => {
                    let mut s = self.lay_out(members, *union, span, count)?;
                    s.ty = if *union { "union" } else { "struct" }.to_string();
                    let (size, a) = (s.size, s.align);
                    (LaidKind::Nested(Box::new(s)), size, a)
                }
            };
            if let Some(a) = &m.align {
                let a = self.member_int(a, "the alignment", span)?;
                if a <= 0 || a & (a - 1) != 0 {
                    return Err(EvalError::new(
                        format!(
                            "alignas({a}) of the member '{}': an alignment is a power of two",
                            m.name
                        ),
                        span,
                    ));
                }
                m_align = m_align.max(a);
            }
            let offset = if union {
                0
            } else {
                round_up(end, m_align, span)?
            };
            end = end.max(
                offset
                    .checked_add(size)
                    .ok_or_else(|| EvalError::new("a struct's size overflows 64 bits", span))?,
            );
            align = align.max(m_align);
            if !m.name.is_empty() {
                laid.push(LaidMember {
                    name: m.name.clone(),
                    offset,
                    kind,
                });
            }
        }
        // an empty struct is one byte in C++
        let size = round_up(end.max(1), align, span)?;
        Ok(StructValue {
            ty: String::new(),
            size,
            align,
            members: laid,
            methods,
            scope: Vec::new(),
            storage: None,
            functions,
            constructors,
            friends,
            inits,
            values: Vec::new(),
            library: None,
            place: Place::Type,
        })
    }

    /// The limit on nested calls, which a struct's instantiation and its member functions
    /// count against (a struct whose member's size asks its own `sizeof`, a member function
    /// that calls itself).
    fn check_struct_depth(&self, name: &str, span: Span) -> Result<(), EvalError> {
        if self.lambda_depth >= crate::limits::MAX_CALL_DEPTH {
            return Err(EvalError::limit(
                format!(
                    "the struct '{name}' is instantiated or called inside itself deeper than {} levels (the limit on nested calls)",
                    crate::limits::MAX_CALL_DEPTH
                ),
                span,
            ));
        }
        Ok(())
    }

    /// `sizeof(S)` of a struct type (or of an object of one): its size in bytes, a `size_t`.
    pub(super) fn struct_size(&self, s: &StructValue) -> Value {
        Value::IntTuple(crate::algebra::IntTuple::int_of(s.size, true))
    }

    /// `reinterpret_cast<S*>(p)` (`static_cast`) of a struct type `S`: the pointer to an object
    /// of it at `p`'s address. `None`: the cast's type names no struct of the session's.
    pub(super) fn struct_cast(
        &self,
        name: &str,
        args: &[crate::parser::Expr],
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        let rest = name
            .strip_prefix("reinterpret_cast<")
            .or_else(|| name.strip_prefix("static_cast<"))?;
        let target = rest.strip_suffix('>')?.trim().strip_suffix('*')?.trim();
        let target = target.strip_suffix("const").unwrap_or(target).trim();
        let ty = match self.get(target) {
            Some(Value::Struct(s)) if s.place == Place::Type => Ok((**s).clone()),
            Some(_) => return None,
            None => match self.struct_type(target, span)? {
                Ok(Value::Struct(s)) => Ok(*s),
                Ok(_) => return None,
                Err(e) => Err(e),
            },
        };
        Some((|| {
            let ty = ty?;
            let [arg] = args else {
                return Err(EvalError::new("a cast takes one argument", span));
            };
            let p = match self.eval(arg)? {
                Value::Pointer(p) => p,
                other => {
                    return Err(EvalError::new(
                        format!(
                            "reinterpret_cast<{}*> takes a pointer (extern __shared__ char smem[];), found {}",
                            ty.ty,
                            other.kind()
                        ),
                        arg.span,
                    ));
                }
            };
            let bytes = p
                .recast(ElementWidth::Bits(8))
                .map_err(|e| EvalError::algebra(e, arg.span))?;
            Ok(Value::structure(StructValue {
                place: Place::Pointer(bytes),
                ..ty
            }))
        })())
    }

    /// `s.name(ARGS)` of a member function of parameters or statements: its definition read
    /// as a function's and called, the struct's template parameters and the object's members
    /// bound where it runs (what it assigns to a member is not written back: cute models
    /// member functions that compute from the members).
    pub(super) fn call_member_function(
        &self,
        s: &StructValue,
        name: &str,
        text: &str,
        args: &[crate::parser::Expr],
        span: Span,
    ) -> Result<Value, EvalError> {
        // `S<…>{}` reads as the type: a member function called on it is the value-initialized
        // object's (C++ calls no member function of a type)
        let constructed;
        let s = match s.place {
            Place::Type if s.library.is_none() => {
                constructed = match self.construct_struct(s.clone(), Vec::new(), span)? {
                    Value::Struct(o) => *o,
                    _ => s.clone(),
                };
                &constructed
            }
            _ => s,
        };
        if !s.is_object() {
            s.object(&format!("'{name}()'"), span)?;
        }
        let mut inner = self.member_scope(s, span)?;
        let in_member = |message: String| {
            EvalError::new(
                format!("in the member function '{}::{name}': {message}", s.ty),
                span,
            )
        };
        let arena = bumpalo::Bump::new();
        // (a member function may return any type, `float f(…)`, `To operator()(…)`: read as
        // a definition, whose first word `inline` says it is one)
        let text = match text.starts_with("template") {
            true => std::borrow::Cow::Borrowed(text),
            false => std::borrow::Cow::Owned(format!("inline {text}")),
        };
        let stmts = parser::parse_body(&text, &arena).map_err(|e| in_member(e.message))?;
        let [parser::ast::Stmt::Function(def)] = stmts else {
            return Err(in_member(
                "cute reads a member function as 'RET NAME(PARAMS) { BODY }'".to_string(),
            ));
        };
        // the arguments are the caller's (its names, not the members')
        let vals = self.eval_args(args)?;
        inner.define_function(def)?;
        inner.call_user_function_on(def.name, vals, span)
    }

    /// `a OP b` where `a` or `b` is an object of a struct of the program's own: the friend
    /// operator its struct defines (the left's first, then the right's), called on the two.
    /// Of two such objects without one, the error C++'s is (C++17 rewrites no `!=` as `==`).
    /// `None`: neither is such an object.
    pub(super) fn struct_operator(
        &self,
        op: &str,
        a: &Value,
        b: &Value,
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        // `S<…>{}` reads as the type (as `Layout<…>{}` does), which no comparison takes:
        // there it is the object value-initialized
        let object = |v: &Value| -> Option<Result<Value, EvalError>> {
            match v {
                Value::Struct(s) if s.library.is_none() && s.place == Place::Held => {
                    Some(Ok(v.clone()))
                }
                Value::Struct(s) if s.library.is_none() && s.place == Place::Type => {
                    Some(self.construct_struct((**s).clone(), Vec::new(), span))
                }
                _ => None,
            }
        };
        let (oa, ob) = (object(a), object(b));
        if oa.is_none() && ob.is_none() {
            return None;
        }
        let a = &match oa {
            Some(r) => match r {
                Ok(v) => v,
                Err(e) => return Some(Err(e)),
            },
            None => a.clone(),
        };
        let b = &match ob {
            Some(r) => match r {
                Ok(v) => v,
                Err(e) => return Some(Err(e)),
            },
            None => b.clone(),
        };
        let held = |v: &Value| match v {
            Value::Struct(s) if s.place == Place::Held && s.library.is_none() => Some(s.clone()),
            _ => None,
        };
        let (sa, sb) = (held(a), held(b));
        let found = [&sa, &sb].into_iter().flatten().find_map(|s| {
            let (_, def, params) = s.friends.iter().find(|(o, _, _)| o == op)?;
            Some((s.clone(), def.clone(), params.clone()))
        });
        let Some((s, definition, template_params)) = found else {
            let name = sa.as_ref().or(sb.as_ref()).map_or("", |s| s.ty.as_str());
            return Some(Err(EvalError::new(
                format!(
                    "no operator{op} for an object of '{name}' (its struct defines none; C++ does not compile the comparison)"
                ),
                span,
            )));
        };
        Some((|| {
            self.check_struct_depth(&s.ty, span)?;
            let mut inner = self.clone();
            inner.lambda_depth += 1;
            for (p, v) in &s.scope {
                inner.set(p, v.clone());
            }
            let in_friend = |message: String| {
                EvalError::new(
                    format!("in the friend 'operator{op}' of '{}': {message}", s.ty),
                    span,
                )
            };
            let arena = bumpalo::Bump::new();
            let stmts =
                parser::parse_body(&definition, &arena).map_err(|e| in_friend(e.message))?;
            let [parser::ast::Stmt::Function(def)] = stmts else {
                return Err(in_friend(
                    "cute reads a friend operator as 'RET operator OP(PARAMS) { BODY }'"
                        .to_string(),
                ));
            };
            // a friend template's parameters deduced from the arguments' types: `W` of a
            // parameter `Empty<W> const&` is the template argument of the object's `Empty<…>`
            // at its place
            let param_types: Vec<&str> = definition
                .split_once('(')
                .and_then(|(_, r)| r.split_once(')'))
                .map(|(list, _)| split_args(list))
                .unwrap_or_default();
            for p in &template_params {
                let value = param_types.iter().zip([a, b]).find_map(|(ty, arg)| {
                    let Value::Struct(obj) = arg else { return None };
                    let (_, list) = ty.split_once('<')?;
                    let list = list.rsplit_once('>')?.0;
                    let k = split_args(list).iter().position(|x| x == p)?;
                    obj.scope.get(k).map(|(_, v)| v.clone())
                });
                let Some(value) = value else {
                    return Err(in_friend(format!(
                        "its template parameter '{p}' is not deduced from the arguments' types"
                    )));
                };
                inner.set(p, value);
            }
            inner.define_function(def)?;
            inner.call_user_function_on(def.name, vec![a.clone(), b.clone()], span)
        })())
    }

    /// Where a member function of `s` runs: one call deeper, its template parameters and its
    /// members bound (an object the session holds: its values).
    fn member_scope(&self, s: &StructValue, span: Span) -> Result<Self, EvalError> {
        self.check_struct_depth(&s.ty, span)?;
        let mut inner = self.clone();
        inner.lambda_depth += 1;
        for (p, v) in &s.scope {
            inner.set(p, v.clone());
        }
        if s.place == Place::Held {
            for (n, v) in &s.values {
                inner.set(n, v.clone());
            }
        } else {
            for m in &s.members {
                if let Ok(v) = s.member(&m.name, span) {
                    inner.set(&m.name, v);
                }
            }
        }
        Ok(inner)
    }

    /// `s.name()` of a struct object: CuTe storage's `begin()`/`data()`, or the struct's member
    /// function, its expression evaluated with the members and template parameters bound.
    /// `None`: no struct.
    /// The values of a `tuple<…, S, …>`'s elements (`vals`, of `args`), each of a struct type
    /// `S` of the program's own an object of `S`: the value already one, else `S` constructed
    /// from it (its converting constructor: the element's copy-initialization, as CuTe's
    /// `tuple(T const&... t)` takes it).
    pub(super) fn struct_elements_constructed(
        &self,
        ty: &Value,
        vals: Vec<Value>,
        args: &[crate::parser::Expr],
        span: Span,
    ) -> Result<Vec<Value>, EvalError> {
        let Some(modes) = ty.tuple_modes() else {
            return Ok(vals);
        };
        if modes.len() != vals.len() {
            return Ok(vals);
        }
        let mut out = Vec::with_capacity(vals.len());
        for (i, (m, v)) in modes.iter().zip(vals).enumerate() {
            let at = args.get(i).map_or(span, |a| a.span);
            let ty = match m {
                Value::Name(n) => match self.struct_type(n, at) {
                    Some(Ok(Value::Struct(t))) if t.library.is_none() => Some(t),
                    Some(Err(e)) => return Err(e),
                    _ => None,
                },
                _ => None,
            };
            // a value read as a name that names an alias template of a static type
            // (`IC<int, 43>{}`): the object of that type
            let v = match v {
                Value::Name(n) if n.contains('<') => match self.struct_type(&n, at) {
                    Some(Ok(w))
                        if !matches!(w, Value::Struct(_)) && super::traits::is_static(&w) =>
                    {
                        w
                    }
                    // `Empty<0>{}` of a struct of the program's own (read as its type's
                    // name): the object, value-initialized
                    Some(Ok(Value::Struct(w))) if w.library.is_none() && w.storage.is_none() => {
                        self.construct_struct(*w, Vec::new(), at)?
                    }
                    Some(Err(e)) => return Err(e),
                    _ => Value::Name(n),
                },
                v => v,
            };
            out.push(match ty {
                Some(t) => match &v {
                    Value::Struct(o) if o.ty == t.ty => v,
                    _ => self.construct_struct(*t, vec![v], at)?,
                },
                None => v,
            });
        }
        Ok(out)
    }

    /// A tuple type's elements that name an alias template of a static type (`IC<int, 43>` of
    /// `template <class T, T V> using IC = std::integral_constant<T, V>;`) as the type they
    /// name, in nested tuples too.
    pub(super) fn alias_elements_resolved(
        &self,
        ty: Value,
        span: Span,
    ) -> Result<Value, EvalError> {
        let Value::Tuple(items) = ty else {
            return Ok(ty);
        };
        let mut out = Vec::with_capacity(items.len());
        for m in items {
            out.push(match m {
                Value::Name(n) if n.contains('<') => match self.struct_type(&n, span) {
                    Some(Ok(w))
                        if !matches!(w, Value::Struct(_)) && super::traits::is_static(&w) =>
                    {
                        w
                    }
                    Some(Err(e)) => return Err(e),
                    _ => Value::Name(n),
                },
                t @ Value::Tuple(_) => self.alias_elements_resolved(t, span)?,
                other => other,
            });
        }
        Ok(Value::Tuple(out))
    }

    /// C++'s implicit conversion of the struct object `v` to an integer (`int x = s;`): its
    /// conversion function `operator T() const { return EXPR; }` called (one of them; the
    /// integer then converted to the declared type as C++'s standard conversions do).
    pub(super) fn struct_converted(&self, v: &Value, span: Span) -> Result<Value, EvalError> {
        let Value::Struct(s) = v else {
            return Ok(v.clone());
        };
        let conversions: Vec<&str> = s
            .methods
            .iter()
            .filter(|m| m.0.starts_with("operator "))
            .map(|m| m.0.as_str())
            .collect();
        match conversions.as_slice() {
            [name] => self
                .struct_method(v, name, &[], span)
                .unwrap_or_else(|| Err(EvalError::new("no conversion function", span))),
            [] => Err(EvalError::new(
                format!(
                    "an integer is initialized from an object of '{}', which has no conversion function ('operator T() const'): CuTe does not compile it",
                    s.ty
                ),
                span,
            )),
            _ => Err(EvalError::new(
                format!(
                    "the conversion of an object of '{}' to an integer: cute models a struct of one conversion function, it has {}",
                    s.ty,
                    conversions.join(", ")
                ),
                span,
            )),
        }
    }

    pub(super) fn struct_method(
        &self,
        target: &Value,
        name: &str,
        args: &[crate::parser::Expr],
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        let Value::Struct(s) = target else {
            return None;
        };
        if let Some(r) = s.begin(name, span) {
            return Some(r);
        }
        // `cutlass::layout::RowMajorTensorOpMultiplicandCrosswise<16, 64>::packed(extent)`
        if s.place == Place::Type
            && let Some(r) = self.library_static_call((**s).clone(), name, args, span)
        {
            return Some(r);
        }
        if let Some((_, text)) = s.functions.iter().find(|m| m.0 == name) {
            return Some(self.call_member_function(s, name, text, args, span));
        }
        Some((|| {
            let Some((_, expr)) = s.methods.iter().find(|m| m.0 == name) else {
                return Err(EvalError::new(
                    format!(
                        "'{}' has no member function '{name}'{}",
                        s.ty,
                        if s.methods.is_empty() {
                            String::new()
                        } else {
                            format!(
                                " (it has {})",
                                s.methods
                                    .iter()
                                    .map(|m| m.0.as_str())
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            )
                        }
                    ),
                    span,
                ));
            };
            if !args.is_empty() {
                return Err(EvalError::new(
                    format!("the member function '{name}' takes no arguments"),
                    span,
                ));
            }
            if s.place != Place::Held {
                s.object(&format!("'{name}()'"), span)?;
            }
            let inner = self.member_scope(s, span)?;
            let arena = bumpalo::Bump::new();
            let e = parser::parse_cpp_expr(expr, &arena).map_err(|e| {
                EvalError::new(
                    format!("in the member function '{name}': {}", e.message),
                    span,
                )
            })?;
            inner.eval(&e).map_err(|e| match e.kind {
                ErrorKind::Limit => EvalError::limit(e.message, span),
                _ => EvalError::new(
                    format!("in the member function '{name}': {}", e.message),
                    span,
                ),
            })
        })())
    }
}

/// CuTe's `ESO<IsFirstEmpty, IsRestEmpty, First, Rest...>` of the element types `types`
/// holding `values` (one each), as [`Env::eso_object`] says; `None` where an element is not
/// laid out.
fn eso_struct(types: &[Value], values: &[Value], names: &[String]) -> Option<StructValue> {
    let empty = |t: &Value| super::eso_layout(t).map(|(size, _)| size == 0);
    let (first, rest) = types.split_first()?;
    let first_empty = empty(first)?;
    let mut rest_empty = true;
    for t in rest {
        rest_empty &= empty(t)?;
    }
    let (size, align) = super::eso_layout(&Value::Tuple(types.to_vec()))?;
    let mut members = Vec::new();
    let mut held = Vec::new();
    if !first_empty {
        let kind = match first {
            Value::Struct(s) => LaidKind::Nested(s.clone()),
            _ => LaidKind::Scalar(names.first()?.clone()),
        };
        members.push(LaidMember {
            name: "first_".into(),
            offset: 0,
            kind,
        });
        held.push(("first_".to_string(), values.first()?.clone()));
    }
    if !rest_empty {
        let inner = eso_struct(rest, values.get(1..)?, names.get(1..)?)?;
        let (first_size, _) = super::eso_layout(first)?;
        let offset = (first_size + inner.align - 1) / inner.align * inner.align;
        members.push(LaidMember {
            name: "rest_".into(),
            offset,
            kind: LaidKind::Nested(Box::new(StructValue {
                place: Place::Type,
                values: Vec::new(),
                ..inner.clone()
            })),
        });
        held.push(("rest_".to_string(), Value::structure(inner)));
    }
    Some(StructValue {
        ty: format!(
            "cute::eso::ESO<{first_empty}, {rest_empty}, {}>",
            names.join(", ")
        ),
        size: size.max(1),
        align,
        members,
        methods: Vec::new(),
        scope: Vec::new(),
        storage: None,
        functions: Vec::new(),
        constructors: Vec::new(),
        friends: Vec::new(),
        inits: Vec::new(),
        values: held,
        library: None,
        place: Place::Held,
    })
}

#[cfg(test)]
mod tests {
    use super::round_up;
    use crate::parser::Span;

    #[test]
    fn sizes_round_up_to_alignments() {
        let s = Span::default();
        assert_eq!(round_up(0, 16, s).unwrap(), 0);
        assert_eq!(round_up(200, 16, s).unwrap(), 208);
        assert_eq!(round_up(208, 128, s).unwrap(), 256);
        assert!(round_up(i64::MAX, 16, s).is_err());
    }
}
