//! Calls of the user's functions and lambdas, one mechanism for both: `template <class A>
//! void f(A const& a) { … }` bound to its name (overloads by their number of parameters),
//! `auto g = [&](auto x) { …; return y; };`, `[&]{ … }()`. A call binds its parameters to the
//! arguments' values in a scope of its own (the session's variables as they are now, as C++'s
//! `[&]` sees them; what the body binds is gone after it) and runs the body statement by
//! statement through the one statement runner ([`Env::exec`]) until its end or a `return`.
//! Calls nest at most [`MAX_CALL_DEPTH`] deep and one statement makes at most [`MAX_CALLS`]
//! of them, or the statement is an error naming the limit.

use super::{Env, ErrorKind, EvalError, Outcome, TextPart, Value};
use crate::limits::{MAX_CALL_DEPTH, MAX_CALLS};
use crate::parser::{self, Expr, ExprKind, FunctionDef, Span, Stmt};

/// A function or lambda the user defined: its parameters, its body's text (read at each call)
/// and what it is, for messages.
#[derive(Clone, Debug)]
pub(super) struct Routine {
    /// Each parameter's name, and the template type parameter its type is (bound too).
    params: Vec<(String, Option<String>)>,
    /// A function template's template parameters, in order: each name and whether it is a
    /// template template parameter (a call may give them, `f<3, float>(x)`).
    template_params: Vec<(String, bool)>,
    /// The parameters whose type is CuTe's `Layout<S, D>` (a function's; none of a lambda's).
    takes_layout: Vec<bool>,
    /// The default arguments' texts of the last parameters (`4` of `int x = 4`), in order.
    defaults: Vec<String>,
    body: String,
    /// Its place among the session's lambdas (a lambda sees only those bound before it, as
    /// C++'s name lookup does); functions see every function, themselves included.
    pub(super) seq: usize,
    /// `the function 'f'`, `the lambda 'g'`.
    what: String,
    /// A Python function's `__qualname__` (`f`, `f.<locals>.inner` of one defined in `f`).
    qualname: String,
    /// The input's line of the body's first (that of its `{`), where the front end said.
    first_line: Option<usize>,
    /// A Python function (a CuTe DSL jit function): its body Python's lines, and what it
    /// prints as the DSL does: its Python `print`s (at trace time) before its `cute.printf`s
    /// (at run time).
    python: bool,
    /// Whether it is a jit function or kernel (`@cute.jit`), whose `cute.printf`s print after
    /// what it prints as it is traced; a plain Python function prints as it goes.
    jit: bool,
    /// Its compile-time parameters (a jit function's `cutlass.Constexpr`), in order.
    constexpr: Vec<bool>,
    /// Its parameters' CuTe DSL numeric types (`x: cutlass.Int32`), in order: a Python number
    /// argument is passed as a run-time value of the type, as the DSL passes it.
    numeric: Vec<Option<String>>,
    /// Its parameters annotated `cute.Tensor`, in order: the DSL refuses an argument that is
    /// no tensor (ARG_ANNOTATION_MISMATCH).
    tensor: Vec<bool>,
    /// The parameters `cute.compile(f, …)` bound (its compile-time ones), bound before the
    /// call's own.
    bound: Vec<(String, Value)>,
    /// Whether it is a compiled jit function (`cute.compile(f, …)`'s): a call runs it, what it
    /// prints as the DSL traces it printed once, at the compile.
    compiled: bool,
    /// A compiled function's parameters' layouts, where the compile's argument was a tensor
    /// of a static layout (`from_dlpack(a)`'s): the DSL compiled that layout in, and a call
    /// with a tensor of another shape runs it over the compiled layout (dsl_dynamic_layout.rst:
    /// `(3):(1)` of an array of 5 prints its first 3 elements).
    compiled_layouts: Vec<Option<crate::algebra::Layout>>,
    /// The namespace of the program's own a function is defined in (`Some("")` at file
    /// scope): its body looks plain names up there, as C++ does; `None` of a lambda, which
    /// runs where it is called.
    namespace: Option<String>,
    /// What of its definition cute reads but does not model, where something is: a parameter
    /// whose type is a pattern of the template's pack (`std::tuple<Args...> unpacked`). A
    /// call is an error naming it, unless the call gives the pack's types explicitly
    /// ([`Env::with_template_args`] instantiates the body then).
    unmodelled: Option<String>,
    /// Of a template instantiated with its pack given explicitly: the parameter whose type
    /// expands the pack (`std::tuple<Args...> unpacked`), its index and its text. Its argument
    /// is a braced list (`{7, 1.5}`), which deduces nothing; one that is a value would deduce
    /// the pack from its type, which cute does not model.
    braced: Option<(usize, String)>,
    /// Of a template instantiated with explicit template arguments: the parameters whose type
    /// the call made known (`E packed` of `f<tuple<int>, …>`, `std::tuple<int, double>
    /// unpacked` of the pack given): each index and its type's text. A braced list passed to
    /// one (`{7}`, `{}`) constructs that type, as C++ copy-list-initializes the parameter.
    param_types: Vec<(usize, String)>,
    /// Whether the function is declared `constexpr` (none of a lambda, which cute does not
    /// read as one).
    constexpr_fn: bool,
    /// The non-type template parameters bound to a call's explicit integer arguments (`N` of
    /// `f<2>(…)`): constant expressions in the body, as `constexpr` variables are.
    constant_params: Vec<String>,
}

impl Routine {
    /// The error for a call of a routine whose definition holds what cute does not model.
    fn check_modelled(&self, span: Span) -> Result<(), EvalError> {
        match &self.unmodelled {
            Some(what) => Err(EvalError::new(
                format!(
                    "{} is read but not called: its parameter '{what}' has a type that expands the template's pack inside another type, whose deduction from the call's arguments cute does not model (a pack is modelled as the last parameter, 'Args const&... xs', or given explicitly, 'f<E, int, double>(e, {{7, 1.5}})')",
                    self.what
                ),
                span,
            )),
            None => Ok(()),
        }
    }

    /// The error for a call of an instantiated template whose parameter expanding the pack is
    /// given a value, not a braced list: C++ deduces the pack from its type (it may add to the
    /// types given), which cute does not model.
    fn check_braced(&self, args: &[Expr]) -> Result<(), EvalError> {
        match &self.braced {
            Some((k, what)) if args.get(*k).is_some_and(|a| !is_braced_list(a)) => {
                Err(EvalError::new(
                    format!(
                        "the argument of {}'s parameter '{what}' is a value, from whose type C++ deduces the pack, which cute does not model: cute instantiates the template with the pack's types given explicitly and a braced list as that argument ('{{7, 1.5}}')",
                        self.what
                    ),
                    args[*k].span,
                ))
            }
            _ => Ok(()),
        }
    }

    /// Whether a call of `args` arguments calls it: as many as its parameters, or fewer where
    /// the rest have default arguments.
    fn takes(&self, args: usize) -> bool {
        if self.pack().is_some() {
            return args + 1 >= self.params.len();
        }
        args <= self.params.len() && args + self.defaults.len() >= self.params.len()
    }

    /// The name of its parameter pack (`xs` of a lambda's `auto... xs`, its last parameter).
    fn pack(&self) -> Option<&str> {
        self.params.last().and_then(|(n, _)| n.strip_prefix("..."))
    }
}

impl Env {
    /// `f(…)` of the user's function `n`, if the session defines one of that name (and no
    /// variable hides it).
    pub(super) fn user_function(&self, n: &str) -> bool {
        !self.vars.contains_key(n) && self.function_key(n).is_some()
    }

    /// The key of the user's function that the name `n` calls where this runs: as C++ looks
    /// a name up, in the namespaces of the program's own enclosing it (innermost first), at
    /// file scope (a using-declaration binds its name there), then in those `using namespace
    /// NS;` named. `None`: no function of that name.
    pub(super) fn function_key(&self, n: &str) -> Option<String> {
        self.scoped_key(n, |k| self.functions.contains_key(k))
    }

    /// Whether `callee` names a function of the user's declared `constexpr` (`f<…>` of a
    /// function template's too): its call on constant arguments is a constant expression.
    pub(super) fn is_constexpr_function(&self, callee: &Expr) -> bool {
        let Some(n) = self.called_function(callee) else {
            return false;
        };
        let base = explicit_template_args(n).map_or(n, |(base, _)| base);
        self.user_function(base)
            && self
                .function_key(base)
                .and_then(|k| self.functions.get(&k))
                .is_some_and(|o| o.iter().all(|r| r.constexpr_fn))
    }

    /// Whether `n(args)` calls the user's function: one of as many parameters, or any where
    /// CuTe has no function of that name (then the call's error says what the user's take).
    /// Where the user's overloads take another number, or the one of as many takes a
    /// `Layout<S, D>` where the argument is no layout (`logical_divide(layout, tile)` after the
    /// docs' `logical_divide(Layout<…> const&, Layout<…> const&)`), and CuTe's function of that
    /// name exists, CuTe's is called, as C++'s overload set would.
    pub(super) fn calls_user_function(&self, n: &str, args: &[Expr]) -> bool {
        if let Some((base, _)) = explicit_template_args(n) {
            return self.user_function(base)
                && self.functions[&self.function_key(base).unwrap_or_default()]
                    .iter()
                    .any(|r| !r.template_params.is_empty() && r.takes(args.len()));
        }
        self.user_function(n)
            && (super::functions::lookup(n).is_none()
                || self.functions[&self.function_key(n).unwrap_or_default()]
                    .iter()
                    .any(|r| r.takes(args.len()) && self.layouts_fit(r, args)))
    }

    /// Whether the routine's parameters take these arguments: each one whose type is
    /// `Layout<S, D>` a layout (an argument that fails to evaluate is the call's error).
    fn layouts_fit(&self, r: &Routine, args: &[Expr]) -> bool {
        r.takes_layout.iter().zip(args).all(|(&layout, arg)| {
            !layout || self.eval(arg).map_or(true, |v| v.plain_layout().is_some())
        })
    }

    /// Bind a function's definition to its name: another of the same number of parameters is
    /// replaced, one of another number stays (an overload); a variable of that name is gone.
    pub(super) fn define_function(&mut self, def: &FunctionDef) -> Result<Outcome, EvalError> {
        super::bindable(def.name, def.name_span)?;
        self.vars.remove(def.name);
        self.arrays.remove(def.name);
        self.lambdas.remove(def.name);
        let routine = Routine {
            template_params: def
                .template_params
                .iter()
                .map(|&(n, t)| (n.to_string(), t))
                .collect(),
            params: def
                .params
                .iter()
                .map(|p| (p.name.to_string(), p.type_param.map(str::to_string)))
                .collect(),
            takes_layout: def.params.iter().map(|p| p.takes_layout).collect(),
            defaults: def
                .params
                .iter()
                .filter_map(|p| p.default.map(str::to_string))
                .collect(),
            body: def.body.to_string(),
            seq: 0,
            what: format!("the function '{}'", def.name),
            qualname: format!("{}{}", self.locals, def.name),
            first_line: (self.line > 0).then(|| self.line + def.body_line),
            python: def.python,
            jit: def.jit,
            constexpr: def.params.iter().map(|p| p.constexpr).collect(),
            numeric: def
                .params
                .iter()
                .map(|p| p.numeric.map(str::to_string))
                .collect(),
            tensor: def.params.iter().map(|p| p.tensor).collect(),
            bound: Vec::new(),
            compiled: false,
            compiled_layouts: Vec::new(),
            namespace: Some(self.namespace.clone()),
            unmodelled: def.pack_pattern.map(str::to_string),
            braced: None,
            param_types: Vec::new(),
            constexpr_fn: def.constexpr,
            constant_params: Vec::new(),
        };
        // inside a namespace, its name is `NS::NAME` only (C++ finds it plain inside NS, after
        // `using namespace NS;` or `using NS::NAME;`: `Env::function_key`)
        let key = self
            .qualified(def.name)
            .unwrap_or_else(|| def.name.to_string());
        self.overload(key, routine);
        Ok(Outcome::Nothing)
    }

    /// Bind `routine` to `key` beside its overloads: one of as many parameters is replaced.
    pub(super) fn overload(&mut self, key: String, routine: Routine) {
        let overloads = self.functions.entry(key).or_default();
        overloads.retain(|r| r.params.len() != routine.params.len());
        overloads.push(routine);
    }

    /// Bind a lambda to a name (the variable of that name, if any, is gone).
    pub(super) fn bind_lambda(&mut self, name: &str, lambda: &parser::Lambda) {
        let routine = Routine {
            what: format!("the lambda '{name}'"),
            // Python's lambda is `<lambda>` whatever name it is bound to
            qualname: if lambda.python {
                format!("{}<lambda>", self.locals)
            } else {
                name.to_string()
            },
            ..Env::inline_lambda(lambda)
        };
        self.bind_routine(name, routine);
    }

    /// Bind a routine to a name as a lambda is bound, called by it (the variable of that
    /// name, if any, is gone): `f = lambda x: EXPR`, Python's `g = f` of a function.
    pub(super) fn bind_routine(&mut self, name: &str, routine: Routine) {
        self.vars.remove(name);
        self.arrays.remove(name);
        let seq = self.lambdas.values().map(|l| l.seq + 1).max().unwrap_or(0);
        self.lambdas
            .insert(name.to_string(), Routine { seq, ..routine });
    }

    /// A call of the user's function `n` with `args`: the overload of as many parameters.
    pub(super) fn call_user_function(
        &self,
        n: &str,
        args: &[Expr],
        span: Span,
    ) -> Result<Value, EvalError> {
        // `f<3, float>(x)`: the function template's first template parameters given
        if let Some((base, targs)) = explicit_template_args(n) {
            let key = self.function_key(base).unwrap_or_else(|| base.to_string());
            let r = self
                .functions
                .get(&key)
                .and_then(|o| {
                    o.iter()
                        .find(|r| r.params.len() == args.len() && !r.template_params.is_empty())
                        .or_else(|| o.iter().find(|r| r.takes(args.len())))
                })
                .cloned()
                .ok_or_else(|| {
                    EvalError::new(
                        format!(
                            "the function template '{base}' takes no {} arguments",
                            args.len()
                        ),
                        span,
                    )
                })?;
            let r = self.with_template_args(r, base, targs, span)?;
            return self.call_routine(&r, args, span, None);
        }
        let key = self.function_key(n).unwrap_or_else(|| n.to_string());
        let Some(overloads) = self.functions.get(&key) else {
            return Err(EvalError::new(format!("unknown function '{n}'"), span));
        };
        // the overload of as many parameters, else one whose defaults fill the rest
        let exact = overloads.iter().find(|r| r.params.len() == args.len());
        let Some(r) = exact.or_else(|| overloads.iter().find(|r| r.takes(args.len()))) else {
            if let Some(m) = missing_jit_argument(overloads, n, args.len()) {
                return Err(EvalError::new(m, span));
            }
            let mut takes: Vec<usize> = overloads.iter().map(|r| r.params.len()).collect();
            takes.sort_unstable();
            let takes: Vec<String> = takes.iter().map(usize::to_string).collect();
            return Err(EvalError::new(
                format!(
                    "the function '{n}' takes {} argument{}, got {}",
                    takes.join(" or "),
                    if takes == ["1"] { "" } else { "s" },
                    args.len()
                ),
                span,
            ));
        };
        self.call_routine(&r.clone(), args, span, None)
    }

    /// The routine of a function template with its first template parameters bound to a
    /// call's explicit template arguments (`f<0, float>`): a template template parameter's
    /// argument (`cute::tuple` of `template <class...> class Tuple`) replaces the parameter's
    /// name in the body's text, as C++ instantiates it; another's is bound as a value (a type
    /// written as a value is its value; a type cute has no value of, `float`, its name).
    fn with_template_args(
        &self,
        mut r: Routine,
        base: &str,
        targs: &str,
        span: Span,
    ) -> Result<Routine, EvalError> {
        let mut targs = super::structs::split_args(targs);
        // a type pack that a parameter's type expands (`std::tuple<Args...> unpacked`), given
        // explicitly (the template arguments from its place on; none: an empty pack, as C++
        // deduces a trailing pack that no argument deduces): the body instantiated with its
        // types (parser::pack::expand_type_packs)
        if let Some(pattern) = r.unmodelled.clone()
            && let Some(k) = r
                .template_params
                .iter()
                .position(|(n, _)| pattern.contains(&format!("{n}...")))
            && k + 1 == r.template_params.len()
            && targs.len() >= k
        {
            let pack = r.template_params[k].0.clone();
            let types: Vec<String> = targs
                .split_off(k)
                .into_iter()
                .map(|t| t.trim().to_string())
                .collect();
            if types.len() > crate::limits::MAX_PACK_EXPANSIONS {
                return Err(EvalError::new(
                    format!(
                        "the pack '{pack}' of '{base}' is given {} types, past the limit of {}",
                        types.len(),
                        crate::limits::MAX_PACK_EXPANSIONS
                    ),
                    span,
                ));
            }
            r.body = parser::pack::expand_type_packs(&r.body, &[(&pack, &types)])
                .map_err(|m| EvalError::new(format!("in {}: {m}", r.what), span))?;
            let name = pattern
                .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .find(|w| !w.is_empty())
                .unwrap_or_default();
            let at = r.params.iter().position(|(n, _)| n == name);
            r.braced = at.map(|at| (at, pattern.clone()));
            // the parameter's type, the pack expanded in it (`std::tuple<int, double>`)
            let ty = pattern.trim_end().strip_suffix(name).unwrap_or(&pattern);
            if let Some(at) = at
                && let Ok(ty) = parser::pack::expand_type_packs(ty, &[(&pack, &types)])
            {
                r.param_types.push((at, ty.trim().to_string()));
            }
            r.template_params.truncate(k);
            r.unmodelled = None;
        }
        r.check_modelled(span)?;
        // a variadic template's pack (`Ts` of `Ts const&... ts`) is deduced from the call
        if let Some(pack) = r
            .pack()
            .and(r.params.last().and_then(|(_, t)| t.as_deref()))
            && let Some(k) = r.template_params.iter().position(|(n, _)| n == pack)
            && targs.len() > k
        {
            return Err(EvalError::new(
                format!(
                    "explicit template arguments of the parameter pack '{pack}' of '{base}' are not modelled: its types are deduced from the call's arguments"
                ),
                span,
            ));
        }
        if targs.len() > r.template_params.len() {
            return Err(EvalError::new(
                format!(
                    "the function template '{base}' has {} template parameters, given {}",
                    r.template_params.len(),
                    targs.len()
                ),
                span,
            ));
        }
        for ((name, template_template), arg) in r.template_params.clone().iter().zip(targs) {
            let arg = arg.trim();
            if *template_template {
                r.body = replaced_word(&r.body, name, arg);
                continue;
            }
            let arena = bumpalo::Bump::new();
            let v = match parser::parse_cpp_expr(arg, &arena) {
                Ok(e) => match self.eval(&e) {
                    Ok(v) => v,
                    Err(_) if matches!(e.kind, ExprKind::Name(_) | ExprKind::Qualified(_)) => {
                        Value::Name(self.with_type_aliases(arg))
                    }
                    Err(e) => {
                        return Err(EvalError::new(
                            format!(
                                "the template argument '{arg}' of '{base}' ({name}): {}",
                                e.message
                            ),
                            span,
                        ));
                    }
                },
                Err(e) => {
                    return Err(EvalError::new(
                        format!(
                            "the template argument '{arg}' of '{base}' ({name}): {}",
                            e.message
                        ),
                        span,
                    ));
                }
            };
            // a non-type template argument is a constant expression (`0` of `size_t N`): a
            // plain integer (`print(N)` prints `0`), usable where C++ asks a constant
            // (`static_assert(N == 0)`, `Int<N>{}`), as a `constexpr` variable is
            if matches!(&v, Value::IntTuple(t) if t.is_int() && t.is_dynamic()) {
                r.constant_params.push(name.clone());
            }
            r.bound.push((name.clone(), v));
            // a parameter of this type (`E packed`): a braced list constructs it
            if let Some(at) = r
                .params
                .iter()
                .position(|(_, t)| t.as_deref() == Some(name))
            {
                r.param_types.push((at, arg.to_string()));
            }
        }
        Ok(r)
    }

    /// [`Env::call_user_function`] of values: the overload of as many parameters.
    pub(super) fn call_user_function_on(
        &self,
        n: &str,
        vals: Vec<Value>,
        span: Span,
    ) -> Result<Value, EvalError> {
        let key = self.function_key(n).unwrap_or_else(|| n.to_string());
        let r = (self.functions.get(&key))
            .and_then(|o| o.iter().find(|r| r.params.len() == vals.len()))
            .cloned()
            .ok_or_else(|| {
                EvalError::new(
                    format!("the function '{n}' takes no {} arguments", vals.len()),
                    span,
                )
            })?;
        self.call_routine_on(&r, vals, span, None)
    }

    /// A call of the lambda bound to `n`, if there is one (and no variable hides it).
    pub(super) fn bound_lambda(&self, n: &str) -> Option<Routine> {
        if self.vars.contains_key(n) {
            return None;
        }
        self.lambdas.get(n).cloned()
    }

    /// A lambda written where it is used (`transform(T, [](auto x){ return x * 2; })`).
    pub(super) fn inline_lambda(lambda: &parser::Lambda) -> Routine {
        let python = lambda.python;
        Routine {
            template_params: Vec::new(),
            params: lambda
                .params
                .iter()
                .map(|p| (p.to_string(), None))
                .collect(),
            takes_layout: Vec::new(),
            defaults: lambda.defaults.iter().map(|d| d.to_string()).collect(),
            body: lambda.body.to_string(),
            seq: 0,
            what: "the lambda".to_string(),
            qualname: "<lambda>".to_string(),
            first_line: None,
            python,
            jit: false,
            constexpr: Vec::new(),
            numeric: Vec::new(),
            tensor: Vec::new(),
            bound: Vec::new(),
            compiled: false,
            compiled_layouts: Vec::new(),
            namespace: None,
            unmodelled: None,
            braced: None,
            param_types: Vec::new(),
            constexpr_fn: false,
            constant_params: Vec::new(),
        }
    }

    /// `NAME = cute.compile(f, ARGS…)` of the user's jit function `f`: `f` traced with `ARGS`
    /// (what it prints as the DSL traces it printed now, its `cute.printf`s not: it does not
    /// run), and `NAME` bound to the compiled function, which takes `f`'s parameters but its
    /// compile-time ones (`cutlass.Constexpr`, bound to their `ARGS`) and runs `f`.
    pub(super) fn compile_jit(
        &mut self,
        name: &str,
        function: &str,
        args: &[Expr],
        span: Span,
    ) -> Result<Outcome, EvalError> {
        // `options="--enable-tvm-ffi"`: the compiler's, no argument of the function
        let args: Vec<Expr> = (args.iter())
            .filter(|a| !matches!(a.kind, ExprKind::Keyword("options", _)))
            .cloned()
            .collect();
        let args = &args[..];
        self.python_names_defined(args)?;
        let key = self.function_key(function).unwrap_or_default();
        let overloads = self.functions.get(&key).map_or(&[][..], |v| &v[..]);
        let Some(r) = overloads.iter().find(|r| r.python && r.takes(args.len())) else {
            if let Some(m) = missing_jit_argument(overloads, function, args.len()) {
                return Err(EvalError::new(format!("cute.compile: {m}"), span));
            }
            return Err(EvalError::new(
                format!(
                    "cute.compile: '{function}' is no jit function (@cute.jit def) of {} parameters",
                    args.len()
                ),
                span,
            ));
        };
        let r = r.clone();
        let mut vals = self.eval_args(args)?;
        // a fake tensor (fake.rs) is traced as the tensor it stands for (in a tuple or a
        // NamedTuple too)
        fn traced(v: &mut Value) -> Result<(), String> {
            match v {
                Value::FakeTensor(t) => *v = t.traced()?,
                Value::Tuple(items) => items.iter_mut().try_for_each(traced)?,
                Value::Record(r) => r.fields.iter_mut().try_for_each(|(_, v)| traced(v))?,
                _ => {}
            }
            Ok(())
        }
        for (v, a) in vals.iter_mut().zip(args) {
            traced(v).map_err(|m| EvalError::new(m, a.span))?;
        }
        self.call_routine_on(&r, vals.clone(), span, None)?;
        // the trace's lines, not the run's
        self.emitted.get_mut().retain(|o| !is_run_time_line(o));
        let mut compiled = r;
        let mut params = Vec::new();
        let mut layouts = Vec::new();
        for (k, (param, v)) in compiled.params.iter().zip(vals).enumerate() {
            if compiled.constexpr.get(k).copied().unwrap_or(false) {
                compiled.bound.push((param.0.clone(), v));
            } else {
                params.push(param.clone());
                layouts.push(match jit_array_argument(v) {
                    Ok(Value::OffsetLayout(super::Origin::Ptr(_), l)) if l.is_static() => Some(*l),
                    _ => None,
                });
            }
        }
        compiled.compiled_layouts = layouts;
        compiled.params = params;
        let numeric = std::mem::take(&mut compiled.numeric);
        compiled.numeric = (numeric.into_iter())
            .zip(&compiled.constexpr)
            .filter(|(_, c)| !**c)
            .map(|(n, _)| n)
            .collect();
        compiled.constexpr = vec![false; compiled.params.len()];
        compiled.takes_layout = Vec::new();
        compiled.defaults = Vec::new();
        compiled.compiled = true;
        compiled.what = format!("the compiled function '{name}' ({function})");
        self.vars.remove(name);
        self.arrays.remove(name);
        compiled.seq = self.lambdas.values().map(|l| l.seq + 1).max().unwrap_or(0);
        self.lambdas.insert(name.to_string(), compiled);
        Ok(Outcome::Assigned)
    }

    /// The parameters' names of a routine.
    pub(super) fn param_names(r: &Routine) -> impl Iterator<Item = &str> {
        r.params.iter().map(|(n, _)| n.as_str())
    }

    /// The text of a routine's body.
    pub(super) fn body_of(r: &Routine) -> &str {
        &r.body
    }

    /// The user's Python function `n` (one parameter's overload first), if the session
    /// defines one and no variable hides it.
    pub(super) fn python_function(&self, n: &str) -> Option<&Routine> {
        if !self.user_function(n) {
            return None;
        }
        let overloads = &self.functions[n];
        (overloads.iter().find(|r| r.python && r.params.len() == 1))
            .or_else(|| overloads.iter().find(|r| r.python))
    }

    /// `cute.make_composed_layout(inner, offset, outer)` of the Python function `inner`: the
    /// DSL's `_ComposedLayoutWithInnerFunc` (cute/core.py), which keeps the function, the
    /// offset as given and the outer layout (an affine layout, or the DSL's TypeError).
    pub(super) fn function_composed(
        &self,
        function: &str,
        offset: &Expr,
        outer: &Expr,
    ) -> Result<Value, EvalError> {
        let qualname = self
            .python_function(function)
            .expect("checked")
            .qualname
            .clone();
        let offset_value = self.eval(offset)?;
        if !matches!(offset_value, Value::IntTuple(_)) {
            return Err(EvalError::new(
                format!(
                    "make_composed_layout: the offset is an IntTuple (an integer or a tuple of them), not {}",
                    offset_value.kind()
                ),
                offset.span,
            ));
        }
        let outer_layout = match self.eval(outer)? {
            Value::Layout(l) => l,
            other => {
                return Err(EvalError::new(
                    format!(
                        "TypeError: expects the outer (or right-most or effectively visible) layout to be an affine layout, but got {}",
                        crate::eval::plain::render(&other)
                    ),
                    outer.span,
                ));
            }
        };
        Ok(Value::FunctionComposed(Box::new(
            super::value::FunctionComposed {
                function: function.to_string(),
                qualname,
                offset: offset_value,
                outer: outer_layout,
            },
        )))
    }

    /// A layout composed with a Python function applied to `coord`, as the DSL's `__call__`:
    /// `inner(tuple_add(offset, outer(coord)))`, the function the one of its name where the
    /// layout is applied (a closure sees the names of the body that defined it).
    pub(super) fn apply_function_composed(
        &self,
        f: &super::value::FunctionComposed,
        coord: &Value,
        callee_span: Span,
        arg_span: Span,
        span: Span,
    ) -> Result<Value, EvalError> {
        let delta = super::apply(
            &Value::Layout(f.outer.clone()),
            coord,
            callee_span,
            arg_span,
            span,
        )?;
        let (Value::IntTuple(offset), Value::IntTuple(delta)) = (&f.offset, &delta) else {
            return Err(EvalError::new(
                format!(
                    "the composed layout's outer layout gave {} at the coordinate, which its offset is not added to",
                    delta.kind()
                ),
                arg_span,
            ));
        };
        let sum = crate::algebra::basis::index_add(offset, delta)
            .map_err(|e| EvalError::algebra(e, span))?;
        let Some(r) = self.python_function(&f.function) else {
            return Err(EvalError::new(
                format!(
                    "the composed layout's function '{}' is not defined here (a Python closure is modelled only where the body that defines it runs)",
                    f.qualname
                ),
                callee_span,
            ));
        };
        let r = r.clone();
        self.call_routine_on(&r, vec![Value::IntTuple(sum)], span, None)
    }

    /// Bind a Python class of fields (a NamedTuple, a dataclass) to its name.
    pub(super) fn define_class(&mut self, def: &parser::ClassDef) -> Result<Outcome, EvalError> {
        super::bindable(def.name, def.name_span)?;
        self.vars.remove(def.name);
        let fields = (def.fields.iter())
            .map(|(n, d)| (n.to_string(), d.map(str::to_string)))
            .collect();
        (self.classes).insert(def.name.to_string(), (def.kind == "NamedTuple", fields));
        Ok(Outcome::Nothing)
    }

    /// `P(a, b)`, `P(x=a, y=b)` of a Python class of fields: each field its argument (by
    /// position, then by keyword), else its default, else Python's TypeError.
    pub(super) fn construct_record(
        &self,
        class: &str,
        args: &[Expr],
        span: Span,
    ) -> Result<Value, EvalError> {
        let (_, fields) = &self.classes[class];
        let mut values: Vec<Option<Value>> = vec![None; fields.len()];
        let mut positional = 0;
        for a in args {
            match a.kind {
                ExprKind::Keyword(name, value) => {
                    let Some(k) = fields.iter().position(|(n, _)| n == name) else {
                        return Err(EvalError::new(
                            format!(
                                "TypeError: {class}() got an unexpected keyword argument '{name}'"
                            ),
                            a.span,
                        ));
                    };
                    if values[k].is_some() {
                        return Err(EvalError::new(
                            format!(
                                "TypeError: {class}() got multiple values for argument '{name}'"
                            ),
                            a.span,
                        ));
                    }
                    values[k] = Some(self.eval(value)?);
                }
                _ => {
                    if positional >= fields.len() {
                        return Err(EvalError::new(
                            format!(
                                "TypeError: {class}() takes {} positional arguments, got more",
                                fields.len()
                            ),
                            a.span,
                        ));
                    }
                    values[positional] = Some(self.eval(a)?);
                    positional += 1;
                }
            }
        }
        let mut out = Vec::with_capacity(fields.len());
        for ((name, default), v) in fields.iter().zip(values) {
            let v = match (v, default) {
                (Some(v), _) => v,
                (None, Some(text)) => {
                    let arena = bumpalo::Bump::new();
                    let e = parser::parse_cpp_expr(text, &arena)
                        .map_err(|e| EvalError::new(e.message, span))?;
                    self.eval_checked(&e).map_err(|e| {
                        EvalError::new(
                            format!(
                                "the default '{text}' of the field '{name}' of {class}: {}",
                                e.message
                            ),
                            span,
                        )
                    })?
                }
                (None, None) => {
                    return Err(EvalError::new(
                        format!("TypeError: {class}() missing required argument: '{name}'"),
                        span,
                    ));
                }
            };
            out.push((name.clone(), v));
        }
        Ok(Value::Record(Box::new(super::value::Record {
            class: class.to_string(),
            fields: out,
            known: self.lambda_depth == 0,
        })))
    }

    /// Python's dict display's value: each `(KEY, VALUE)` pair evaluated (a later key replaces
    /// an earlier equal one, as Python's does); a value naming a function of the session is
    /// kept as its name.
    pub(super) fn dict_display(&self, pairs: &[Expr]) -> Result<Value, EvalError> {
        let mut entries: Vec<(Value, Value)> = Vec::new();
        for pair in pairs {
            let ExprKind::Tuple([key, value]) = pair.kind else {
                return Err(EvalError::new("expected 'KEY: VALUE'", pair.span));
            };
            let k = self.dict_key(key)?;
            let v = self.dict_value(value)?;
            dict_put(&mut entries, k, v, pair.span)?;
        }
        Ok(Value::Dict(Box::new(entries)))
    }

    /// A dict's key: an integer, a truth value or a string (what this model hashes).
    fn dict_key(&self, key: &Expr) -> Result<Value, EvalError> {
        if let ExprKind::Str(s) = key.kind {
            return Ok(Value::Name(format!("'{s}'")));
        }
        let k = self.eval(key)?;
        match &k {
            Value::IntTuple(t) if t.is_int() => Ok(k),
            Value::Bool(_) => Ok(k),
            Value::IntTuple(_) => Ok(k),
            other => Err(EvalError::new(
                format!(
                    "a dict's key is modelled as an integer, a tuple of them or a string, not {}",
                    other.kind()
                ),
                key.span,
            )),
        }
    }

    /// A value put in a dict: a function of the session (a compiled jit function) by its name.
    fn dict_value(&self, value: &Expr) -> Result<Value, EvalError> {
        if let ExprKind::Name(n) = value.kind
            && !self.vars.contains_key(n)
            && (self.lambdas.contains_key(n) || self.functions.contains_key(n))
        {
            return Ok(Value::Name(n.to_string()));
        }
        self.eval(value)
    }

    /// The entries of the dict `e` names, if it names one.
    pub(super) fn dict_of(&self, e: &Expr) -> Option<Vec<(Value, Value)>> {
        let ExprKind::Name(n) = e.kind else {
            return None;
        };
        match self.get(n) {
            Some(Value::Dict(d)) => Some((**d).clone()),
            _ => None,
        }
    }

    /// `d[KEY]`: the entry's key and value, or Python's KeyError.
    pub(super) fn dict_entry(
        &self,
        entries: &[(Value, Value)],
        key: &Expr,
    ) -> Result<(Value, Value), EvalError> {
        let k = self.dict_key(key)?;
        entries
            .iter()
            .find(|(old, _)| *old == k)
            .cloned()
            .ok_or_else(|| {
                EvalError::new(
                    format!("KeyError: {}", crate::eval::plain::render(&k)),
                    key.span,
                )
            })
    }

    /// `d[KEY] = VALUE` of the dict bound to `name`: the entry replaced or added.
    pub(super) fn dict_store(
        &mut self,
        name: &str,
        key: &Expr,
        value: &Expr,
    ) -> Result<Outcome, EvalError> {
        let k = self.dict_key(key)?;
        let v = self.dict_value(value)?;
        // stored in place where the dict is bound once (a loop's `d[i] = i` copied the whole
        // dict at each store)
        if let Some(slot) = self.vars.get_mut(name)
            && matches!(**slot, Value::Dict(_))
            && let Value::Dict(entries) = std::sync::Arc::make_mut(slot)
        {
            dict_put(entries, k, v, key.span)?;
            return Ok(Outcome::Nothing);
        }
        let Some(Value::Dict(d)) = self.get(name) else {
            return Err(EvalError::new("not a dict", key.span));
        };
        let mut entries = (**d).clone();
        dict_put(&mut entries, k, v, key.span)?;
        self.set(name, Value::Dict(Box::new(entries)));
        Ok(Outcome::Nothing)
    }

    /// `[&](auto x){ … }(a)`: a lambda called where it is written.
    pub(super) fn call_lambda_here(
        &self,
        lambda: &parser::Lambda,
        args: &[Expr],
        span: Span,
    ) -> Result<Value, EvalError> {
        self.call_routine(&Env::inline_lambda(lambda), args, span, None)
    }

    /// Call a routine: its arguments bound to its parameters in a scope of its own, its body
    /// run. `visible`: the lambdas its body sees (those bound before it; `None`: all). What
    /// the body printed goes before what the statement prints ([`Env::emitted`]); a call that
    /// returns no value gives `()` and marks [`Env::void_call`].
    pub(super) fn call_routine(
        &self,
        r: &Routine,
        args: &[Expr],
        span: Span,
        visible: Option<usize>,
    ) -> Result<Value, EvalError> {
        r.check_modelled(span)?;
        r.check_braced(args)?;
        // Python's keyword arguments (`f(2, k=5)`): each at its parameter's place
        let arena = bumpalo::Bump::new();
        let placed;
        let args = if r.python && args.iter().any(|a| matches!(a.kind, ExprKind::Keyword(..))) {
            placed = Env::keyword_arguments_placed(r, args, span, &arena)?;
            &placed[..]
        } else {
            args
        };
        if r.python {
            self.python_names_defined(args)?;
        }
        // `apply(lambda x: x + 1, 3)`, `apply(f, 3)`: the functions passed, each bound in the
        // body to its parameter's name as a lambda is, called by it
        if args
            .iter()
            .any(|a| matches!(a.kind, ExprKind::Lambda(_) | ExprKind::Name(_)))
        {
            let functions: Vec<Option<Routine>> =
                args.iter().map(|a| self.function_argument(a)).collect();
            if functions.iter().any(Option::is_some) && r.takes(args.len()) {
                return self.call_with_functions(r, args, functions, span, visible);
            }
        }
        if r.takes(args.len()) && args.len() < r.params.len() && r.pack().is_none() {
            // `f()` of `void f(int x = 4)`: the default arguments of the parameters not given,
            // evaluated where the call is
            let mut vals = self.eval_args(args)?;
            self.check_call_depth(r, span)?;
            let skip = r.defaults.len() - (r.params.len() - args.len());
            self.defaults_depth.set(self.defaults_depth.get() + 1);
            let defaults = r.defaults[skip..]
                .iter()
                .map(|text| self.default_argument(r, text, span))
                .collect::<Result<Vec<_>, _>>();
            self.defaults_depth.set(self.defaults_depth.get() - 1);
            vals.extend(defaults?);
            return self.call_routine_on(r, vals, span, visible);
        }
        if args.len() != r.params.len() && r.pack().is_none() {
            return self.call_routine_on(
                r,
                vec![Value::Tuple(Vec::new()); args.len()],
                span,
                visible,
            );
        }
        // a Python function's list argument stays a list, the caller's object where it is
        // passed by name (what the body appends the caller sees; a jit function's where its
        // parameter is `cutlass.Constexpr`, else a list of the DSL's run-time values,
        // `traced_argument`)
        let mut vals = self.eval_args_as(args, !r.python)?;
        // a braced list given to a parameter of a type the call made known: that type
        // constructed from its items (`std::tuple<int, double> unpacked` from `{7, 1.5}`)
        for (at, ty) in &r.param_types {
            if let Some(arg) = args.get(*at).filter(|a| is_braced_list(a)) {
                vals[*at] = self.construct_braced(ty, arg, span)?;
            }
        }
        if r.python {
            *self.caller_names.borrow_mut() = args
                .iter()
                .map(|a| match a.kind {
                    ExprKind::Name(n) if matches!(self.get(n), Some(Value::List(_))) => {
                        Some(n.to_string())
                    }
                    _ => None,
                })
                .collect();
        }
        self.call_routine_on(r, vals, span, visible)
    }

    /// A Python call's arguments with its keyword arguments (`f(2, k=5)`) at their parameters'
    /// places, as Python binds them: the positional ones first, each keyword one at the
    /// parameter of its name, a parameter given none its default (read in `arena`), Python's
    /// TypeError where a keyword names no parameter or one given already, or a parameter
    /// without a default is given nothing.
    fn keyword_arguments_placed<'e>(
        r: &Routine,
        args: &[Expr<'e>],
        span: Span,
        arena: &'e bumpalo::Bump,
    ) -> Result<Vec<Expr<'e>>, EvalError> {
        let named = r.params.len() - usize::from(r.pack().is_some());
        let mut slots: Vec<Option<Expr<'e>>> = vec![None; named];
        let mut rest = Vec::new();
        let mut keywords = false;
        for (k, a) in args.iter().enumerate() {
            match a.kind {
                ExprKind::Keyword(name, value) => {
                    keywords = true;
                    let Some(slot) = r.params[..named].iter().position(|(p, _)| p == name) else {
                        return Err(EvalError::new(
                            format!(
                                "TypeError: {}() got an unexpected keyword argument '{name}'",
                                r.qualname
                            ),
                            a.span,
                        ));
                    };
                    if slots[slot].is_some() {
                        return Err(EvalError::new(
                            format!(
                                "TypeError: {}() got multiple values for argument '{name}'",
                                r.qualname
                            ),
                            a.span,
                        ));
                    }
                    slots[slot] = Some(*value);
                }
                _ if keywords => {
                    return Err(EvalError::new(
                        "SyntaxError: positional argument follows keyword argument",
                        a.span,
                    ));
                }
                _ if k < named => slots[k] = Some(*a),
                _ => rest.push(*a),
            }
        }
        let first_default = named.saturating_sub(r.defaults.len());
        let mut placed = Vec::with_capacity(args.len().max(named));
        for (k, slot) in slots.into_iter().enumerate() {
            match slot {
                Some(e) => placed.push(e),
                None if k >= first_default => {
                    let text = arena.alloc_str(&r.defaults[k - first_default]);
                    let e = parser::parse_python_expr(text, arena).map_err(|e| {
                        EvalError::new(
                            format!("the default argument '{text}' of {}: {}", r.what, e.message),
                            span,
                        )
                    })?;
                    placed.push(Expr { span, ..e });
                }
                None => {
                    return Err(EvalError::new(
                        format!(
                            "TypeError: {}() missing 1 required positional argument: '{}'",
                            r.qualname, r.params[k].0
                        ),
                        span,
                    ));
                }
            }
        }
        placed.extend(rest);
        Ok(placed)
    }

    /// The function an argument is, where it is one: a lambda written there (`lambda x: x + 1`,
    /// `[](auto x){ return x + 1; }`), or the name of a lambda or of a function of the session
    /// (of one overload) that no variable hides.
    fn function_argument(&self, a: &Expr) -> Option<Routine> {
        match a.kind {
            ExprKind::Lambda(l) => Some(Env::inline_lambda(l)),
            _ => self.named_function(a),
        }
    }

    /// The function `a` names, where it is the name of a lambda or of a function of the
    /// session (of one overload) that no variable hides.
    pub(super) fn named_function(&self, a: &Expr) -> Option<Routine> {
        match a.kind {
            ExprKind::Name(n) if !self.vars.contains_key(n) => {
                self.lambdas.get(n).cloned().or_else(|| {
                    match self.functions.get(&self.function_key(n)?)?.as_slice() {
                        [one] => Some(one.clone()),
                        _ => None,
                    }
                })
            }
            _ => None,
        }
    }

    /// [`Env::call_routine`] of arguments some of which are functions (`functions[k]`): each
    /// bound to its parameter's name as a lambda is; a parameter not given its default.
    fn call_with_functions(
        &self,
        r: &Routine,
        args: &[Expr],
        functions: Vec<Option<Routine>>,
        span: Span,
        visible: Option<usize>,
    ) -> Result<Value, EvalError> {
        let mut vals = Vec::with_capacity(r.params.len().max(args.len()));
        for (a, function) in args.iter().zip(&functions) {
            vals.push(match function {
                // (what the parameter holds as a variable: the function's name)
                Some(f) => Value::Name(f.qualname.clone()),
                None => self.eval_args(std::slice::from_ref(a))?.remove(0),
            });
        }
        if args.len() < r.params.len() && r.pack().is_none() {
            let skip = r.defaults.len() - (r.params.len() - args.len());
            for text in &r.defaults[skip..] {
                vals.push(self.default_argument(r, text, span)?);
            }
        }
        self.call_routine_bound(r, vals, functions, span, visible)
    }

    /// Python's NameError where an argument of a Python function's call is a name nothing
    /// defines (not a variable, a function, a class, an element type or a builtin): CuTe's
    /// C++ passes a type's or function's name as its value, which Python does not.
    fn python_names_defined(&self, args: &[Expr]) -> Result<(), EvalError> {
        for a in args {
            if let ExprKind::Name(n) = a.kind
                && !self.is_bound(n)
                && !self.user_function(n)
                && self.bound_lambda(n).is_none()
                && !self.classes.contains_key(n)
                && super::functions::lookup(n).is_none()
                && super::constant(n).is_none()
                && crate::algebra::element::ElemType::of_dsl(n).is_none()
                && !matches!(
                    n,
                    "None" | "True" | "False" | "int" | "float" | "bool" | "str" | "print"
                )
            {
                return Err(EvalError::new(
                    format!("NameError: name '{n}' is not defined"),
                    a.span,
                ));
            }
        }
        Ok(())
    }

    /// The limit on nested calls (a default argument being evaluated counts as one).
    fn check_call_depth(&self, r: &Routine, span: Span) -> Result<(), EvalError> {
        if self.lambda_depth + self.defaults_depth.get() >= MAX_CALL_DEPTH {
            return Err(EvalError::limit(
                format!(
                    "calls nested deeper than {MAX_CALL_DEPTH} levels (the limit), calling {}: a recursion that does not end?",
                    r.what
                ),
                span,
            ));
        }
        Ok(())
    }

    /// One default argument's text of `r`, evaluated where the call at `span` is.
    fn default_argument(&self, r: &Routine, text: &str, span: Span) -> Result<Value, EvalError> {
        let in_default = |message: String| {
            EvalError::new(
                format!("the default argument '{text}' of {}: {message}", r.what),
                span,
            )
        };
        let arena = bumpalo::Bump::new();
        // (Python's `y=2` is a Python int, C++'s `int n = 2` a run-time one)
        let e = if r.python {
            parser::parse_python_expr(text, &arena)
        } else {
            parser::parse_cpp_expr(text, &arena)
        }
        .map_err(|e| in_default(e.message))?;
        // a limit reached inside (a default that calls its own function) is said once
        self.eval_checked(&e).map_err(|e| match e.kind {
            ErrorKind::Limit => EvalError::limit(e.message, span),
            _ => in_default(e.message),
        })
    }

    /// [`Env::call_routine`] of the arguments' values (what an algorithm hands its function:
    /// `transform(T, f)` calls `f(T(i))`).
    pub(super) fn call_routine_on(
        &self,
        r: &Routine,
        vals: Vec<Value>,
        span: Span,
        visible: Option<usize>,
    ) -> Result<Value, EvalError> {
        self.call_routine_bound(r, vals, Vec::new(), span, visible)
    }

    /// [`Env::call_routine_on`], the arguments that are functions (`functions[k]`, where
    /// given) bound to their parameters' names as lambdas are.
    fn call_routine_bound(
        &self,
        r: &Routine,
        vals: Vec<Value>,
        functions: Vec<Option<Routine>>,
        span: Span,
        visible: Option<usize>,
    ) -> Result<Value, EvalError> {
        if r.pack().is_some() && !r.takes(vals.len()) {
            let fixed = r.params.len() - 1;
            return Err(EvalError::new(
                format!(
                    "{} takes at least {fixed} argument{} (then its pack), got {}",
                    r.what,
                    if fixed == 1 { "" } else { "s" },
                    vals.len()
                ),
                span,
            ));
        }
        if r.pack().is_none() && vals.len() != r.params.len() {
            return Err(EvalError::new(
                format!(
                    "{} takes {} argument{}, got {}",
                    r.what,
                    r.params.len(),
                    if r.params.len() == 1 { "" } else { "s" },
                    vals.len()
                ),
                span,
            ));
        }
        self.check_call_depth(r, span)?;
        if self.calls.get() >= MAX_CALLS {
            return Err(EvalError::limit(
                format!(
                    "the statement calls functions and lambdas more than {MAX_CALLS} times (the limit), calling {}",
                    r.what
                ),
                span,
            ));
        }
        let caller_names = std::mem::take(&mut *self.caller_names.borrow_mut());
        let mut inner = self.clone();
        inner.argument_lists.clear();
        inner.tracing |= r.jit;
        // a Python function's body is CuTe DSL text
        inner.dsl |= r.python;
        if r.python {
            inner.locals = format!("{}.<locals>.", r.qualname);
        }
        inner.lambda_depth += 1;
        if let Some(ns) = &r.namespace {
            inner.namespace.clone_from(ns);
        }
        inner.calls.set(self.calls.get() + 1);
        if let Some(seq) = visible {
            inner.lambdas.retain(|_, l| l.seq < seq);
        }
        for (name, v) in &r.bound {
            inner.lambdas.remove(name);
            inner.arrays.remove(name);
            inner.set(name, v.clone());
        }
        for name in &r.constant_params {
            inner.constexprs.insert(name.clone());
        }
        // a variadic lambda: its pack's elements bound each to a variable of its own, and the
        // body's uses of the pack expanded to them (parser::pack)
        let mut vals = vals;
        let body = match r.pack() {
            // Python's `*xs`: the tuple of the rest
            Some(pack) if r.python => {
                let rest = vals.split_off(r.params.len() - 1);
                inner.lambdas.remove(pack);
                inner.set(pack, Value::tuple(rest));
                std::borrow::Cow::Borrowed(r.body.as_str())
            }
            Some(pack) => {
                let rest = vals.split_off(r.params.len() - 1);
                let n = rest.len();
                // a function template's type pack (`Ts` of `Ts const&... ts`): each element
                // the argument's type, a type written as a value is its value
                let type_pack = r.params.last().and_then(|(_, t)| t.as_deref());
                for (i, v) in rest.into_iter().enumerate() {
                    if let Some(t) = type_pack {
                        inner.set(&parser::pack::element_name(t, i), v.clone());
                    }
                    inner.set(&parser::pack::element_name(pack, i), v);
                }
                let packs: Vec<(&str, usize)> = std::iter::once((pack, n))
                    .chain(type_pack.map(|t| (t, n)))
                    .collect();
                std::borrow::Cow::Owned(
                    parser::pack::expand_packs(&r.body, &packs)
                        .map_err(|m| EvalError::new(format!("in {}: {m}", r.what), span))?,
                )
            }
            None => std::borrow::Cow::Borrowed(r.body.as_str()),
        };
        for (k, ((name, type_param), v)) in r.params.iter().zip(vals).enumerate() {
            inner.lambdas.remove(name);
            inner.arrays.remove(name);
            if let Some(t) = type_param {
                // `A` of `A const& a`: a type written as a value is its value
                inner.set(t, v.clone());
            }
            let number = matches!(&v, Value::Bool(_) | Value::Scalar(_))
                || matches!(&v, Value::IntTuple(t) if t.is_int());
            if r.jit
                && r.tensor.get(k).copied().unwrap_or(false)
                && let Some(class) = no_tensor_class(&v)
            {
                return Err(EvalError::new(
                    format!(
                        "{}: expects argument #{} ({name}) to be <class 'cutlass.cute.typing.Tensor'>, but got {class} (the CuTe DSL refuses it, ARG_ANNOTATION_MISMATCH)",
                        r.what,
                        k + 1
                    ),
                    span,
                ));
            }
            let v = match v {
                Value::Record(rec) if r.jit && !r.constexpr.get(k).copied().unwrap_or(false) => {
                    self.jit_record_argument(*rec, name, r, k, span)?
                }
                v => v,
            };
            let v = if r.jit {
                jit_array_argument(v).map_err(|m| {
                    EvalError::new(format!("the argument '{name}' of {}: {m}", r.what), span)
                })?
            } else {
                v
            };
            // a Python value passed to a jit function's parameter that is no
            // `cutlass.Constexpr` (nor a numeric type's or a tensor's): the DSL's run-time
            // values of its integers (a list the body's own)
            let v = if r.jit
                && !r.constexpr.get(k).copied().unwrap_or(false)
                && r.numeric.get(k).is_none_or(Option::is_none)
                && !r.tensor.get(k).copied().unwrap_or(false)
            {
                traced_argument(v)
            } else {
                v
            };
            // a compiled function runs over the layout it was compiled with
            let v = match (v, r.compiled_layouts.get(k)) {
                (Value::OffsetLayout(o @ super::Origin::Ptr(_), _), Some(Some(l))) => {
                    Value::OffsetLayout(o, Box::new(l.clone()))
                }
                (v, _) => v,
            };
            inner.set(name, v);
            // `x: cutlass.Int32` of a jit function: the DSL passes a Python number as a
            // run-time value of the type (`cutlass.Int32(x)`)
            if let Some(Some(numeric)) = r.numeric.get(k).filter(|_| r.jit && number) {
                let text = format!("{numeric}({name})");
                let arena = bumpalo::Bump::new();
                let converted = parser::parse_cpp_expr(&text, &arena)
                    .map_err(|e| EvalError::new(e.message, span))
                    .and_then(|e| inner.eval_checked(&e))
                    .map_err(|e| {
                        EvalError::new(
                            format!(
                                "the argument of '{name}: {numeric}' of {}: {}",
                                r.what, e.message
                            ),
                            span,
                        )
                    })?;
                // its value is the call's, unknown to the DSL as it traces the body: beside a
                // value with a divisibility it counts as divisibility 1 (`Int::unknown`; an
                // `Int64`'s is the DSL's 64-bit one, `?{i64}` in a tuple)
                let converted = match &converted {
                    Value::IntTuple(t) if t.is_dynamic() => match t.as_int_full() {
                        Some(i) if i.divisibility() == 0 && !i.is_i64() => Value::IntTuple(
                            crate::algebra::IntTuple::of_int(crate::algebra::Int::unknown(i.value)),
                        ),
                        _ => converted,
                    },
                    _ => converted,
                };
                inner.set(name, converted);
            }
            if let Some(Some(function)) = functions.get(k) {
                inner.vars.remove(name);
                inner.lambdas.insert(name.clone(), function.clone());
            }
        }
        // the lists the caller passed by name, followed as the body grows them (a jit
        // function's `cutlass.Constexpr` parameters' only)
        if r.python {
            // (the caller's list object of each: one list passed twice, `g(a, a)`, is one
            // list in the body too)
            let mut objects: Vec<(*const Value, std::sync::Arc<Value>)> = Vec::new();
            for (k, ((name, _), caller)) in r.params.iter().zip(&caller_names).enumerate() {
                let Some(caller) = caller else { continue };
                if r.jit && !r.constexpr.get(k).copied().unwrap_or(false) {
                    continue;
                }
                let Some(object) = self.vars.get(caller.as_str()).map(std::sync::Arc::as_ptr)
                else {
                    continue;
                };
                if let Some((_, shared)) = objects.iter().find(|(o, _)| *o == object) {
                    let shared = std::sync::Arc::clone(shared);
                    inner.vars.insert(name.clone(), shared);
                    continue;
                }
                if let Some(list) = inner.vars.get(name.as_str())
                    && matches!(**list, Value::List(_))
                {
                    let list = std::sync::Arc::clone(list);
                    objects.push((object, std::sync::Arc::clone(&list)));
                    inner.argument_lists.push((caller.clone(), list));
                }
            }
        }
        // (the objects held, not their addresses: one freed as the body grows the list may
        // give its address to the grown one)
        let passed: Vec<std::sync::Arc<Value>> = inner
            .argument_lists
            .iter()
            .map(|(_, l)| std::sync::Arc::clone(l))
            .collect();
        let arena = bumpalo::Bump::new();
        let parse = if r.python {
            parser::parse_python_body
        } else {
            parser::parse_body
        };
        let stmts = parse(&body, &arena)
            .map_err(|e| EvalError::new(format!("in {}: {}", r.what, e.message), span))?;
        let mut out = Vec::new();
        let mut at_run_time = Vec::new();
        let result = inner.run_body(stmts, &mut out, r.jit.then_some(&mut at_run_time));
        // a jit function prints its `cute.printf`s as it runs, after it is traced; a compiled
        // one was traced at its compile
        if r.compiled {
            out.retain(|o| matches!(o, Outcome::Failed(_)));
        }
        // a Python body's expression statement (`...`, `x`) prints nothing, as Python's
        // statements of a function do not
        if r.python {
            drop_values(&mut out);
        }
        // (a jit function that raises as it is traced runs nothing: no `cute.printf` prints)
        if result.is_ok() {
            out.append(&mut at_run_time);
        }
        self.calls.set(inner.calls.get());
        // a list the body grew: the caller's list grown (rebound after the statement)
        for ((caller, list), before) in inner.argument_lists.iter().zip(passed) {
            if !std::sync::Arc::ptr_eq(list, &before) {
                self.grown_arguments
                    .borrow_mut()
                    .push((caller.clone(), (**list).clone()));
            }
        }
        if r.python {
            // Python's arrays are the caller's: what the jit function wrote stays written
            *self.written_back.borrow_mut() = Some(inner.buffers.clone());
        }
        self.warnings
            .borrow_mut()
            .extend(inner.warnings.get_mut().drain(..));
        // an error, or a failed check, at the body's text: the call's, saying where in the body
        // (a limit's error, a recursion's, says only its innermost call's place: each of the
        // 64 calls' would make it kilobytes long)
        let at_call = |e: EvalError| EvalError {
            message: if matches!(e.kind, ErrorKind::Limit) && e.message.contains(" (in ") {
                e.message
            } else {
                format!(
                    "{} (in {}{})",
                    e.message,
                    r.what,
                    where_in(&body, e.span, r.first_line)
                )
            },
            span,
            ..e
        };
        let out = out.into_iter().map(|o| match o {
            Outcome::Failed(e) => Outcome::Failed(at_call(e)),
            o => o,
        });
        // what the body printed before an error is printed before it, as the DSL prints a
        // jit function's `print`s before it raises
        self.emitted.borrow_mut().extend(out);
        let returned = result.map_err(at_call)?;
        // a compiled jit function's call returns what the DSL's executor returns: the Python
        // int 0, whatever the function returns (`print(compiled(1, 2))` prints `0`)
        if r.compiled {
            self.void_call.set(false);
            return Ok(Value::IntTuple(crate::algebra::IntTuple::int(0)));
        }
        self.void_call.set(returned.is_none());
        // a Python function that returns nothing returns None (`val = bar(10)` binds it)
        if r.python && returned.is_none() {
            self.void_call.set(false);
            return Ok(Value::Under);
        }
        Ok(returned.unwrap_or(Value::Tuple(Vec::new())))
    }

    /// Run a body's statements in order, what they give collected in `out` (what a statement
    /// printed before a `return` in it, in a loop or a block, included): the value of the
    /// `return` that ends it (`None`: it ended without one, `return;`, or a failed `ASSERT_*`).
    /// `at_run_time` (a Python jit function's): where what its statements that print only
    /// with `cute.printf` print goes (the DSL prints it as it runs the function, after tracing).
    pub(super) fn run_body(
        &mut self,
        stmts: &[Stmt],
        out: &mut Vec<Outcome>,
        mut at_run_time: Option<&mut Vec<Outcome>>,
    ) -> Result<Option<Value>, EvalError> {
        for s in stmts {
            let mut got = None;
            let o = match self.exec(s, |v| got = Some(v.clone())) {
                Ok(o) => o,
                Err(e) => {
                    // what the failing statement's calls printed before the error
                    let printed = std::mem::take(self.emitted.get_mut());
                    for o in printed {
                        match at_run_time.as_deref_mut() {
                            Some(later) if is_run_time_line(&o) => later.push(o),
                            _ => out.push(o),
                        }
                    }
                    return Err(e);
                }
            };
            match at_run_time.as_deref_mut() {
                Some(later) => {
                    let mut here = Vec::new();
                    collect(o, got, &mut here);
                    for o in here {
                        if is_run_time_line(&o) {
                            later.push(o);
                        } else {
                            out.push(o);
                        }
                    }
                }
                None => collect(o, got, out),
            }
            if let Some(returned) = self.returned.take() {
                return Ok(returned);
            }
        }
        Ok(None)
    }

    /// `return [EXPR];`: its value kept in [`Env::returned`], which the statements around it
    /// (a loop, a block, the body) see and leave by (outside a body, an error).
    pub(super) fn exec_return(
        &mut self,
        e: Option<&Expr>,
        span: Span,
    ) -> Result<Outcome, EvalError> {
        if self.lambda_depth == 0 {
            return Err(EvalError::new(
                "'return' stands only in a function's or a lambda's body",
                span,
            ));
        }
        let v = match e {
            Some(e) => {
                let v = self.eval_checked(e)?;
                // `return f(x);` of a function that returns nothing (C++ allows it)
                (!self.is_void_user_call(e)).then_some(v)
            }
            None => None,
        };
        self.returned = Some(v);
        Ok(Outcome::Nothing)
    }

    /// Whether `e` is a call of the user's function or lambda that returned nothing.
    pub(super) fn is_void_user_call(&self, e: &Expr) -> bool {
        let Some(callee) = called(e) else {
            return false;
        };
        let user = match callee.kind {
            ExprKind::Name(n) => {
                let n = explicit_template_args(n).map_or(n, |(base, _)| base);
                self.user_function(n) || self.bound_lambda(n).is_some()
            }
            ExprKind::Lambda(..) => true,
            // the DSL's `kernel(…).launch(…)` of the user's kernel: nothing to print
            ExprKind::Field(kernel, "launch") => {
                return matches!(kernel.kind, ExprKind::Call(k, _)
                    if matches!(k.kind, ExprKind::Name(n) if self.user_function(n)));
            }
            _ => false,
        };
        user && self.void_call.get()
    }

    /// Whether `e` calls a Python function of the program's own (a jit function, a compiled
    /// one, a plain `def`): a statement of such a call prints what the function prints, not
    /// its value, as a Python script does (`jit_executor(1, 2)` prints `Result: 3` only).
    pub(super) fn is_python_user_call(&self, e: &Expr) -> bool {
        let Some(callee) = called(e) else {
            return false;
        };
        // `d[KEY](ARGS)` of a compiled function a dict holds
        if let ExprKind::Call(getter, [dict, key]) = callee.kind
            && self.called_function(getter) == Some("get")
            && let Some(entries) = self.dict_of(dict)
            && let Ok((_, Value::Name(n))) = self.dict_entry(&entries, key)
        {
            return self.lambdas.get(&n).is_some_and(|r| r.python);
        }
        let ExprKind::Name(n) = callee.kind else {
            return false;
        };
        if self.vars.contains_key(n) {
            return false;
        }
        self.lambdas.get(n).is_some_and(|r| r.python)
            || (self.function_key(n))
                .and_then(|k| self.functions.get(&k))
                .is_some_and(|rs| rs.iter().any(|r| r.python))
    }

    /// The outcome of a statement whose calls printed: what they printed first.
    pub(super) fn with_emitted(&mut self, outcome: Outcome) -> Outcome {
        if self.emitted.get_mut().is_empty() {
            return outcome;
        }
        let mut seq = std::mem::take(self.emitted.get_mut());
        match outcome {
            Outcome::Nothing | Outcome::Assigned => {}
            Outcome::Sequence(more) => seq.extend(more),
            o => seq.push(o),
        }
        Outcome::Sequence(seq)
    }

    /// What the calls of a statement printed, taken (a value's statement prints it after).
    pub(super) fn take_emitted(&mut self) -> Vec<Outcome> {
        std::mem::take(self.emitted.get_mut())
    }
}

/// The callee of `e` when `e` is a call (its parentheses peeled).
fn called<'a>(mut e: &'a Expr<'a>) -> Option<&'a Expr<'a>> {
    while let ExprKind::Group(inner) = e.kind {
        e = inner;
    }
    match e.kind {
        ExprKind::Call(callee, _) => Some(callee),
        _ => None,
    }
}

/// A body statement's outcome added to the body's.
/// Whether an outcome is a `cute.printf` line ([`TextPart::RunTime`]),
/// A jit function's argument as the DSL passes it: a NumPy (or torch) array itself, not
/// `from_dlpack(a)`'s view, is the tensor `from_dlpack(a).mark_layout_dynamic()`, its shape
/// run-time and its strides but the leading one the DSL's 64-bit run-time integers
/// (`(?):(1)`, `(?,?):(?{i64},1)`; checked with dsl-oracle); any other value as it is.
fn jit_array_argument(v: Value) -> Result<Value, String> {
    use crate::algebra::pointer::PtrBase;
    // (an array written in the call, `foo(np.zeros(8))`: cute holds its values, not memory
    // that the DSL's tensor would be over)
    if matches!(&v, Value::Ssa(a) if a.numpy) {
        return Err(
            "an array no name holds, passed as it is (the DSL passes a tensor over its memory, tensor<ptr<f32, generic> o (?):(1)>): bind it first (a = np.…)"
                .to_string(),
        );
    }
    // (only cute.compile takes a fake tensor, compile_jit)
    if let Value::FakeTensor(_) = &v {
        return Err(
            "its type `<class 'cutlass.cute.runtime._FakeTensor'>` is not supported: a fake tensor is for cute.compile(f, …) (the CuTe DSL refuses it, ARG_UNSUPPORTED_TYPE)"
                .to_string(),
        );
    }
    let Value::OffsetLayout(super::Origin::Ptr(mut p), l) = v else {
        return Ok(v);
    };
    let PtrBase::Host { dlpack, .. } = &mut p.base else {
        return Ok(Value::OffsetLayout(super::Origin::Ptr(p), l));
    };
    if *dlpack {
        return Ok(Value::OffsetLayout(super::Origin::Ptr(p), l));
    }
    *dlpack = true;
    let layout = super::host::dynamic_layout(&l.shape().leaves(), &l.stride().leaves(), None)
        .map_err(|e| e.to_string())?;
    Ok(Value::OffsetLayout(super::Origin::Ptr(p), Box::new(layout)))
}

/// A Python value as a jit function's parameter that is no `cutlass.Constexpr` holds it: its
/// integers, bools and floats the DSL's run-time values (`Int32(?)`, `Boolean(?)`,
/// `Float32(?)`: it does not know them as it traces the body; checked with dsl-oracle), in its
/// tuples and lists too; anything else as it is.
fn traced_argument(v: Value) -> Value {
    use super::storage::{ElemType, Number, Scalar};
    match v {
        Value::Bool(b) => Value::Scalar(Box::new(Scalar {
            ty: ElemType::Bool,
            value: Number::Int(i128::from(b)),
            python: false,
        })),
        Value::Scalar(x) if x.python => match Scalar::new(ElemType::F32, x.value) {
            Ok(s) => Value::Scalar(Box::new(s)),
            Err(_) => Value::Scalar(x),
        },
        Value::IntTuple(t) => {
            let unknown = t.map_ints(&mut |i| Ok(crate::algebra::Int::unknown(i.value)));
            Value::IntTuple(unknown.unwrap_or(t))
        }
        Value::Tuple(items) => Value::Tuple(items.into_iter().map(traced_argument).collect()),
        Value::List(items) => Value::List(items.into_iter().map(traced_argument).collect()),
        v => v,
    }
}

/// The DSL's CALL_MISSING_ARG of a call (or `cute.compile`) of the jit function `name` with
/// `given` arguments, fewer than it needs: its first parameter left without a value (checked
/// with dsl-oracle: "Required argument `b` is missing in the call to `f`."); `None` where it
/// is no jit function or takes fewer.
fn missing_jit_argument(overloads: &[Routine], name: &str, given: usize) -> Option<String> {
    let [r] = overloads else {
        return None;
    };
    let needed = r.params.len().checked_sub(r.defaults.len())?;
    if !r.jit || r.pack().is_some() || given >= needed {
        return None;
    }
    let (param, _) = &r.params[given];
    Some(format!(
        "Required argument `{param}` is missing in the call to `{name}` (the CuTe DSL refuses it, CALL_MISSING_ARG)"
    ))
}

/// The Python class of an argument that a jit function's `cute.Tensor` parameter does not take
/// (the DSL's ARG_ANNOTATION_MISMATCH names it), `None` where it takes it: a tensor
/// (`from_dlpack(a)`'s, one a jit function made) or `None`. A NumPy or torch array passed as
/// it is, is no `cute.Tensor` (checked with dsl-oracle: an unannotated parameter takes it).
fn no_tensor_class(v: &Value) -> Option<String> {
    use crate::algebra::pointer::PtrBase;
    match v {
        Value::OffsetLayout(super::Origin::Ptr(p), _) => match p.base {
            PtrBase::Host {
                dlpack: false,
                torch,
            } => Some(
                if torch {
                    "<class 'torch.Tensor'>"
                } else {
                    "<class 'numpy.ndarray'>"
                }
                .to_string(),
            ),
            _ => None,
        },
        Value::IntTuple(t) if t.is_int() && !t.is_dynamic() => Some("<class 'int'>".to_string()),
        Value::IntTuple(_) | Value::Tuple(_) => Some("<class 'tuple'>".to_string()),
        Value::Bool(_) => Some("<class 'bool'>".to_string()),
        Value::Scalar(x) if x.python => Some("<class 'float'>".to_string()),
        Value::Dict(_) => Some("<class 'dict'>".to_string()),
        _ => None,
    }
}

impl Env {
    /// An object of a Python class of fields passed to a jit function, as the CuTe DSL 4.8.1
    /// passes it (checked with dsl-oracle's Python): its fields become run-time values
    /// (`Int32(?)`; a dataclass's Python ints too), but a NamedTuple with a Python int field
    /// is refused (ARG_UNSUPPORTED_TYPE where every field is one; Python's RuntimeError of the
    /// DSL's generator where some are).
    fn jit_record_argument(
        &self,
        mut rec: super::value::Record,
        name: &str,
        r: &Routine,
        k: usize,
        span: Span,
    ) -> Result<Value, EvalError> {
        let python_int =
            |v: &Value| matches!(v, Value::IntTuple(t) if t.is_int() && !t.is_dynamic());
        let named_tuple = self.classes.get(&rec.class).is_some_and(|(n, _)| *n);
        let plain = rec.fields.iter().filter(|(_, v)| python_int(v)).count();
        if named_tuple && plain > 0 {
            let class = &rec.class;
            let m = if plain == rec.fields.len() {
                format!(
                    "Argument {name} (position {}) cannot be converted to a JitArgument for {}. Its type `<class '__main__.{class}'>` is not supported (the CuTe DSL refuses a NamedTuple of Python ints, ARG_UNSUPPORTED_TYPE: annotate it `{name}: Constexpr`, or make its fields cutlass.Int32)",
                    k + 1,
                    r.what
                )
            } else {
                format!(
                    "RuntimeError: generator raised StopIteration (the CuTe DSL 4.8.1 fails so on a NamedTuple {class} of Python ints and run-time values, the argument '{name}' of {}: make its fields cutlass.Int32)",
                    r.what
                )
            };
            return Err(EvalError::new(m, span));
        }
        for (_, v) in &mut rec.fields {
            if let Value::IntTuple(t) = v
                && t.is_int()
                && !t.is_dynamic()
            {
                *t = t.with_kind(true);
            }
        }
        rec.known = false;
        Ok(Value::Record(Box::new(rec)))
    }
}

/// The outcomes less the values of expression statements, at every depth (a loop's body's).
fn drop_values(out: &mut Vec<Outcome>) {
    out.retain_mut(|o| match o {
        Outcome::Value(_) => false,
        Outcome::Sequence(more) => {
            drop_values(more);
            !more.is_empty()
        }
        _ => true,
    });
}

/// what the DSL prints as it runs a jit function, after tracing it.
fn is_run_time_line(o: &Outcome) -> bool {
    matches!(o, Outcome::Text(parts) if matches!(parts.as_slice(), [TextPart::RunTime(_)]))
}

fn collect(o: Outcome, got: Option<Value>, out: &mut Vec<Outcome>) {
    match (o, got) {
        (Outcome::Value(_), Some(v)) => out.push(Outcome::Value(v)),
        (Outcome::Printed(_), Some(v)) => out.push(Outcome::Printed(v)),
        (Outcome::Nothing | Outcome::Assigned, _) => {}
        (Outcome::Sequence(more), _) => out.extend(more),
        (o, _) => out.push(o),
    }
}

/// Python's `d[k] = v` of a dict's entries: an equal key's value replaced, or the entry added
/// (at most [`crate::limits::MAX_DICT_ENTRIES`]).
fn dict_put(
    entries: &mut Vec<(Value, Value)>,
    k: Value,
    v: Value,
    span: Span,
) -> Result<(), EvalError> {
    if let Some(slot) = entries.iter_mut().find(|(old, _)| *old == k) {
        slot.1 = v;
        return Ok(());
    }
    if entries.len() >= crate::limits::MAX_DICT_ENTRIES {
        return Err(EvalError::limit(
            format!(
                "a dict of more than {} entries (the limit)",
                crate::limits::MAX_DICT_ENTRIES
            ),
            span,
        ));
    }
    entries.push((k, v));
    Ok(())
}

/// `, at line N: TEXT` (the input's line, where `first_line` is known) or `, line K of its
/// body: TEXT` for an error at `span` of a body's text.
fn where_in(body: &str, span: Span, first_line: Option<usize>) -> String {
    let start = span.start.min(body.len());
    if !body.is_char_boundary(start) {
        return String::new();
    }
    // the body's first line is the rest of the line of its `{`
    let line = body[..start].matches('\n').count();
    let from = body[..start].rfind('\n').map_or(0, |k| k + 1);
    let to = body[start..].find('\n').map_or(body.len(), |k| start + k);
    let text = body[from..to].trim();
    if text.is_empty() {
        return String::new();
    }
    let text: String = text.chars().take(80).collect();
    match first_line {
        Some(first) => format!(", at line {}: {text}", first + line),
        None if line == 0 => format!(": {text}"),
        None => format!(", line {} of its body: {text}", line + 1),
    }
}

/// Python's `type(v)` of a CuTe DSL value as the DSL prints it: a run-time number's class is
/// its numeric type (`Int32`, `Float32`), a Python value's `<class 'int'>`; `None` where the
/// value's class is not modelled.
pub(super) fn python_type(v: &Value) -> Option<String> {
    Some(match v {
        Value::IntTuple(t) if t.is_int() && t.is_dynamic() => "Int32".to_string(),
        Value::IntTuple(t) if t.is_int() => "<class 'int'>".to_string(),
        Value::IntTuple(_) | Value::Tuple(_) => "<class 'tuple'>".to_string(),
        Value::Bool(_) => "<class 'bool'>".to_string(),
        Value::Layout(_) => "<class 'cutlass.cute.core._Layout'>".to_string(),
        Value::Composed(_) => "<class 'cutlass.cute.core._ComposedLayout'>".to_string(),
        Value::Swizzle(_) => "<class 'cutlass.cute.core.Swizzle'>".to_string(),
        // a Python float (`2.5`, arithmetic of Python numbers) is Python's
        Value::Scalar(x) if x.python => "<class 'float'>".to_string(),
        Value::Scalar(x) => x.ty.dsl_type()?.to_string(),
        Value::Unknown(ty) => ty.dsl_type()?.to_string(),
        Value::RatioBasis(..) => "<class 'cutlass.cute.core.ScaledBasis'>".to_string(),
        Value::Under => "<class 'NoneType'>".to_string(),
        // a Python class (`int`, what `type(3)` is) is a `type`
        Value::Name(n) if n.starts_with("<class '") || super::is_python_builtin_class(n) => {
            "<class 'type'>".to_string()
        }
        // a DSL numeric type (`cutlass.Int32`, `cute.Float16`) is of its metaclass
        Value::Name(n)
            if n.as_str() == "Boolean" || crate::algebra::element::Element::of_dsl(n).is_some() =>
        {
            let meta = if n.contains("Float") {
                "FloatMeta"
            } else {
                "IntegerMeta"
            };
            format!("<class 'cutlass.base_dsl.typing.{meta}'>")
        }
        Value::Dict(_) => "<class 'dict'>".to_string(),
        Value::List(_) => "<class 'list'>".to_string(),
        Value::SymInt(_) => "<class 'cutlass.cute.typing.SymInt'>".to_string(),
        Value::FakeTensor(_) => "<class 'cutlass.cute.runtime._FakeTensor'>".to_string(),
        Value::Ssa(a) if a.numpy => "<class 'numpy.ndarray'>".to_string(),
        Value::Ssa(_) => "<class 'cutlass.cute.tensor.TensorSSA'>".to_string(),
        // a host array (NumPy's, torch's) is its own class; a tensor over memory (from_dlpack's,
        // a register tensor, a fake tensor traced) or an identity tensor the DSL's `_Tensor`
        Value::OffsetLayout(..) if let Some(class) = no_tensor_class(v) => class,
        Value::OffsetLayout(super::Origin::Ptr(_) | super::Origin::Coord(_), _)
        | Value::SwizzledTensor(..) => "<class 'cutlass.cute.tensor._Tensor'>".to_string(),
        Value::Pointer(_) => "<class 'cutlass.cute.core._Pointer'>".to_string(),
        // an operation's class is in its namespace's `mma` or `copy` module
        // (`cutlass.cute.nvgpu.warp.mma.MmaF16BF16Op`), the universal ones in `common`
        Value::Op(op) => match op.class.rsplit_once('.') {
            Some((ns, class)) => {
                let module = if class.starts_with("Mma") {
                    "mma"
                } else {
                    "copy"
                };
                format!("<class 'cutlass.cute.nvgpu.{ns}.{module}.{class}'>")
            }
            None => format!("<class 'cutlass.cute.nvgpu.common.{}'>", op.class),
        },
        Value::Atom(a) => {
            use crate::atoms::Atom;
            let class = match **a {
                Atom::Mma(_) => "MmaAtom",
                Atom::TiledMma(_) => "TiledMma",
                Atom::ThrMma(..) => "ThrMma",
                Atom::Copy(_) => "CopyAtom",
                Atom::TiledCopy(_) => "TiledCopy",
                Atom::ThrCopy(..) => "ThrCopy",
                Atom::TvTiler(_) | Atom::TvSlice(..) => return None,
            };
            format!("<class 'cutlass.cute.atom.{class}'>")
        }
        _ => return None,
    })
}

/// `NAME<ARGS>` of a call's callee: the name and its template arguments' text (`None`: no
/// template arguments written).
fn explicit_template_args(n: &str) -> Option<(&str, &str)> {
    let (base, rest) = n.split_once('<')?;
    let args = rest.strip_suffix('>')?;
    let base = base.trim();
    (!base.is_empty()
        && base
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':'))
    .then_some((base, args))
}

impl Env {
    /// The value of the type `ty` (its text) copy-list-initialized from the braced list `arg`:
    /// the type's constructor called on the list's items (`T{}`: on none).
    fn construct_braced(&self, ty: &str, arg: &Expr, span: Span) -> Result<Value, EvalError> {
        let items: &[Expr] = match arg.kind {
            ExprKind::Tuple(items) => items,
            _ => &[],
        };
        let arena = bumpalo::Bump::new();
        let text = arena.alloc_str(ty);
        let in_type = |m: String| EvalError::new(format!("the parameter's type '{ty}': {m}"), span);
        let callee = parser::parse_cpp_expr(text, &arena).map_err(|e| in_type(e.message))?;
        let callee = Expr {
            span: arg.span,
            ..callee
        };
        self.eval(&Expr {
            kind: ExprKind::Call(&callee, items),
            span: arg.span,
        })
    }
}

/// Whether an argument is a braced list as cute reads one: `{7, 1.5}` (its items' tuple), `{}`.
fn is_braced_list(a: &Expr) -> bool {
    match a.kind {
        ExprKind::Tuple(_) => true,
        ExprKind::Call(callee, []) => matches!(callee.kind, ExprKind::Name("{}")),
        _ => false,
    }
}

/// `text` with each whole word `word` replaced by `with`.
fn replaced_word(text: &str, word: &str, with: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let w: &str = &rest[..rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len())];
        if w.is_empty() {
            out.push(c);
            rest = &rest[c.len_utf8()..];
            continue;
        }
        out.push_str(if w == word { with } else { w });
        rest = &rest[w.len()..];
    }
    out
}
