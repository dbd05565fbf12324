//! `cute gemm`: validate, generate, compile, run, report.

use std::io::Write;

use super::config::{ConfigError, GemmConfig, plain_smem_atom};
use super::device::{Gpu, GpuError};
use super::flags::{GemmFlags, Majors};
use super::hopper::config::{HopperConfig, HopperConfigError, is_sm90};
use super::nvrtc::{self, compile};
use super::report;
use super::suite::SuiteError;
use super::variant::{Variant, VariantError};

/// Exit status when there is no GPU, driver or library.
pub const EXIT_NO_GPU: i32 = 3;

/// Why `cute gemm` has no configurations to compile or run: the flags make none, or the
/// suite's or the tune's conditions do not hold (a usage error, exit status 2).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GemmError {
    /// The flags make no configuration.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// The suite with an architecture other than the Hopper path's.
    #[error(
        "--suite: the suite runs the Hopper path (wgmma + TMA), which needs --arch {needed}, got {0}",
        needed = super::suite::SUITE_ARCH
    )]
    SuiteArch(String),
    /// The suite's own conditions (`--sweep`, the flags it chooses, a shape's configuration).
    #[error(transparent)]
    Suite(#[from] SuiteError),
    /// The tune with an architecture other than the Hopper path's.
    #[error(
        "--tune: the candidates are Hopper configurations (wgmma + TMA), which need an sm_90a GPU (--arch {needed}), not {0}",
        needed = super::suite::SUITE_ARCH
    )]
    TuneArch(String),
    /// The tune with flags it chooses itself.
    #[error(
        "--tune: the tune chooses the tile, atom and pipeline itself: leave out --mma, --tile and --stages"
    )]
    TuneChooses,
    /// No candidate of the tune fits the problem: the notes saying why of each.
    #[error("--tune: no candidate fits this problem: {}", .0.join("; "))]
    NoCandidate(Vec<String>),
}

/// `--arch` is not an architecture NVRTC names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not an architecture: write sm_80, 80, sm_86, sm_89, sm_90a or 90")]
pub struct ArchError(pub String);

/// What `cute gemm` was asked to do.
#[derive(Clone, Debug)]
pub struct GemmOptions {
    /// The configuration flags.
    pub flags: GemmFlags,
    /// Print the generated source.
    pub emit: bool,
    /// Compile to CUBIN and report resources, with no GPU.
    pub compile_only: bool,
    /// Several configurations side by side.
    pub sweep: bool,
    /// The fixed suite of shapes (issue 20), each with its chosen configuration.
    pub suite: bool,
    /// Try the configurations worth trying for the shape ([`super::tune`]) and report the best.
    pub tune: bool,
    /// `--raster` was on the command line (the per-shape choice keeps it).
    pub raster_given: bool,
    /// NVRTC architecture for --compile-only (default sm_90a).
    pub arch: Option<String>,
    /// Timed runs per round.
    pub reps: usize,
    /// Rounds alternating cuBLAS and the kernel.
    pub rounds: usize,
    /// Flush L2 before every timed run.
    pub flush_l2: bool,
    /// How the report is printed.
    pub report: report::ReportFormat,
    /// `--wide`: at a terminal, the whole report table (every field in its row) rather than
    /// the table fitted to the terminal with the configurations listed below it.
    pub wide: bool,
}

impl GemmOptions {
    /// What the command line fixed, which the per-shape choice keeps.
    pub fn given(&self) -> super::hopper::choose::Given {
        super::hopper::choose::Given {
            raster: self.raster_given,
        }
    }
}

/// The sweep: two tile shapes × swizzled or plain shared memory × two pipeline depths, and the
/// plain raster against the grouped one for the first; then, on the first shape, each other
/// operand majorness (swizzled and plain) that the problem allows.
pub fn sweep_configs(base: &GemmFlags) -> Result<Vec<GemmConfig>, ConfigError> {
    let mut out = Vec::new();
    let shapes = [
        ("(128,128,64)", "(2,2,1)", 64),
        ("(128,256,32)", "(2,4,1)", 32),
    ];
    for (tile, warps, bk) in shapes {
        for swizzled in [true, false] {
            for stages in [3, 4] {
                let mut f = base.clone();
                f.tile = Some(tile.into());
                f.atom_layout = warps.into();
                f.stages = Some(stages);
                let (bm, bn) = if bk == 64 { (128, 128) } else { (128, 256) };
                if swizzled {
                    f.smem_a = None;
                    f.smem_b = None;
                } else {
                    f.smem_a = Some(plain_smem_atom(f.majors.a, bm, bk));
                    f.smem_b = Some(plain_smem_atom(f.majors.b, bn, bk));
                }
                out.push(GemmConfig::from_flags(&f)?);
            }
        }
    }
    let mut f = base.clone();
    f.tile = Some(shapes[0].0.into());
    f.atom_layout = shapes[0].1.into();
    f.stages = Some(3);
    f.smem_a = None;
    f.smem_b = None;
    f.raster = "plain".into();
    out.push(GemmConfig::from_flags(&f)?);
    for majors in Majors::ALL {
        if majors == base.majors {
            continue;
        }
        for swizzled in [true, false] {
            let mut g = f.clone();
            g.raster = base.raster.clone();
            g.majors = majors;
            if !swizzled {
                g.smem_a = Some(plain_smem_atom(majors.a, 128, 64));
                g.smem_b = Some(plain_smem_atom(majors.b, 128, 64));
            }
            // a majorness the problem's sizes refuse (M not a multiple of 8, ...) is left out
            if let Ok(c) = GemmConfig::from_flags(&g) {
                out.push(c);
            }
        }
    }
    Ok(out)
}

/// The Hopper sweep's rows: the default, then one knob (or a combination) at a time.
type Knob = (&'static str, fn(&mut GemmFlags));
const SM90_ROWS: &[Knob] = &[
    ("default", |_| {}),
    ("--stages 3", |f| f.stages = Some(3)),
    ("--raster plain", |f| f.raster = "plain".into()),
    ("--consumers 1", |f| f.consumers = Some(1)),
    ("--persistent", |f| f.persistent = true),
    ("--cluster 2", |f| f.cluster = Some("(2,1)".into())),
    ("--cluster 2 --persistent", |f| {
        f.cluster = Some("(2,1)".into());
        f.persistent = true;
    }),
    ("--tma-store", |f| f.tma_store = true),
    ("--persistent --tma-store", |f| {
        f.persistent = true;
        f.tma_store = true;
    }),
    ("--persistent --cluster 2 --tma-store", |f| {
        f.persistent = true;
        f.cluster = Some("(2,1)".into());
        f.tma_store = true;
    }),
    ("--a-major M (NN)", |f| f.majors = NN),
    ("--a-major M --b-major N (NT)", |f| f.majors = NT),
    ("--b-major N (TT)", |f| f.majors = TT),
    (
        "--a-major M --b-major N --cluster 2 --persistent --tma-store",
        |f| {
            f.majors = NT;
            f.cluster = Some("(2,1)".into());
            f.persistent = true;
            f.tma_store = true;
        },
    ),
    ("SW64 and SW32 K-major atoms", |f| {
        f.smem_a = Some(format!("gmma_atom(Layout_K_SW64_Atom, {})", f.dtype));
        f.smem_b = Some(format!("gmma_atom(Layout_K_SW32_Atom, {})", f.dtype));
    }),
    ("SW64 and SW32 MN-major atoms (NT)", |f| {
        f.majors = NT;
        f.smem_a = Some(format!("gmma_atom(Layout_MN_SW64_Atom, {})", f.dtype));
        f.smem_b = Some(format!("gmma_atom(Layout_MN_SW32_Atom, {})", f.dtype));
    }),
    ("INTER atoms, A K-major, B N-major (TT)", |f| {
        f.majors = TT;
        f.smem_a = Some(format!("gmma_atom(Layout_K_INTER_Atom, {})", f.dtype));
        f.smem_b = Some(format!("gmma_atom(Layout_MN_INTER_Atom, {})", f.dtype));
    }),
];

const NN: Majors = Majors::ALL[1];
const NT: Majors = Majors::ALL[2];
const TT: Majors = Majors::ALL[3];

/// An SM90 atom's name without its `<MA,MB>`: its majors then follow the flags.
fn without_majors(mma: &str) -> String {
    mma.split('<').next().unwrap_or(mma).to_string()
}

/// The Hopper sweep: the default configuration, then each knob (pipeline depth, raster,
/// consumers, persistent grid, cluster multicast, TMA store) and two combinations, each other
/// operand majorness, and the narrower swizzles. The default row's error is the sweep's; a knob
/// row that does not fit this problem (a cluster that does not divide the tiles, M not a
/// multiple of 8 for an M-major A, say) is left out with a note saying why. The atom's majors
/// follow each row's flags.
pub fn sweep_sm90(base: &GemmFlags) -> Result<(Vec<HopperConfig>, Vec<String>), HopperConfigError> {
    let mut f = base.clone();
    if !is_sm90(f.mma.as_deref()) {
        f.mma = Some(super::hopper::config::default_sm90_mma(
            &f.dtype,
            f.b_dtype.as_deref(),
            f.majors,
            !f.fast_accum,
        ));
        f.smem_a = None;
        f.smem_b = None;
        f.atom_layout = super::flags::DEFAULT_ATOM_LAYOUT.into();
    }
    f.mma = f.mma.as_deref().map(without_majors);
    // the sweep sets these itself
    f.tile = None;
    f.stages = None;
    f.consumers = None;
    f.cluster = None;
    f.persistent = false;
    f.tma_store = false;
    let mut out = Vec::new();
    let mut notes = Vec::new();
    for (i, (name, knob)) in SM90_ROWS.iter().enumerate() {
        let mut g = f.clone();
        knob(&mut g);
        match HopperConfig::from_flags(&g) {
            Ok(c) => out.push(c),
            Err(e) if i == 0 => return Err(e),
            Err(e) => notes.push(format!("sweep row {name} left out: {e}")),
        }
    }
    Ok((out, notes))
}

/// Both paths side by side: the mma.sync sweep, then the Hopper one; and notes on left-out rows.
pub fn sweep_all(base: &GemmFlags) -> Result<(Vec<Variant>, Vec<String>), VariantError> {
    // fp8 runs on the Hopper path only: its sweep is the Hopper one
    if super::config::input_types(base)?.0.is_fp8() {
        let (sm90, mut notes) = sweep_sm90(base)?;
        notes.insert(
            0,
            "fp8: the mma.sync rows are left out (fp8 runs on the Hopper path only)".into(),
        );
        return Ok((sm90.into_iter().map(Variant::Sm90).collect(), notes));
    }
    let mut sm80_flags = base.clone();
    if is_sm90(sm80_flags.mma.as_deref()) {
        sm80_flags.mma = None;
    }
    // the Hopper knobs are the Hopper rows' business
    sm80_flags.consumers = None;
    sm80_flags.cluster = None;
    sm80_flags.persistent = false;
    sm80_flags.tma_store = false;
    let mut out: Vec<Variant> = sweep_configs(&sm80_flags)?
        .into_iter()
        .map(Variant::Sm80)
        .collect();
    let (sm90, notes) = sweep_sm90(base)?;
    out.extend(sm90.into_iter().map(Variant::Sm90));
    Ok((out, notes))
}

/// `--tune`'s configurations for `sms` SMs (the Hopper path: sm_90a), with notes on candidates
/// the shape refuses.
fn tune_variants(
    opts: &GemmOptions,
    flags: &GemmFlags,
    arch: &str,
    sms: usize,
) -> Result<(Vec<Variant>, Vec<String>), GemmError> {
    if arch != super::suite::SUITE_ARCH {
        return Err(GemmError::TuneArch(arch.to_string()));
    }
    if !super::hopper::choose::applies(flags) {
        return Err(GemmError::TuneChooses);
    }
    let (v, notes) = super::tune::variants(&super::tune::candidates(flags, opts.given(), sms));
    if v.is_empty() {
        return Err(GemmError::NoCandidate(notes));
    }
    Ok((v, notes))
}

fn no_nvrtc(err: &mut dyn Write) -> i32 {
    let _ = writeln!(
        err,
        "error: NVRTC (libnvrtc.so) was not found: install the CUDA toolkit or `pip install nvidia-cuda-nvrtc` and put its lib folder on LD_LIBRARY_PATH"
    );
    EXIT_NO_GPU
}

/// Run `cute gemm`; returns the exit status.
/// A progress bar over `n` configurations on standard error, shown only when there are several
/// and standard error is a terminal.
fn progress(n: usize, what: &'static str) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if n < 2 || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(n as u64).with_message(what);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{msg} {bar:30} {pos}/{len} configurations")
    {
        bar.set_style(style);
    }
    bar
}

/// NVRTC's name of an architecture: `sm_80`, `80` and `sm_90a` are read; `90` is `sm_90a`
/// (the Hopper path needs the `a` features).
pub fn normalize_arch(text: &str) -> Result<String, ArchError> {
    let t = text.trim();
    let digits = t.strip_prefix("sm_").unwrap_or(t);
    let (num, suffix) = digits.split_at(
        digits
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(digits.len()),
    );
    let valid = num.len() >= 2 && matches!(suffix, "" | "a" | "f");
    if !valid {
        return Err(ArchError(text.to_string()));
    }
    let suffix = if num == "90" && suffix.is_empty() {
        "a"
    } else {
        suffix
    };
    Ok(format!("sm_{num}{suffix}"))
}

pub fn gemm(opts: &GemmOptions, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let arch = match normalize_arch(opts.arch.as_deref().unwrap_or("sm_90a")) {
        Ok(a) => a,
        Err(m) => {
            let _ = writeln!(err, "error: --arch: {m}");
            return 2;
        }
    };
    let configure = |flags: &GemmFlags| -> Result<(Vec<Variant>, Vec<String>), GemmError> {
        if opts.suite {
            if arch != super::suite::SUITE_ARCH {
                Err(GemmError::SuiteArch(arch.clone()))
            } else {
                Ok(super::suite::chosen_variants(
                    flags,
                    opts.given(),
                    opts.sweep,
                    super::hopper::choose::COMPILE_ONLY_SMS,
                )?)
            }
        } else if opts.tune {
            tune_variants(opts, flags, &arch, super::hopper::choose::COMPILE_ONLY_SMS)
        } else if opts.sweep {
            Ok(sweep_all(flags)?)
        } else {
            Ok(Variant::from_flags(flags).map(|c| (vec![c], Vec::new()))?)
        }
    };
    let mut choices: Vec<String> = Vec::new();
    let mut cfgs = match configure(&opts.flags) {
        Ok((c, notes)) => {
            if opts.suite {
                choices = notes;
            } else {
                for n in notes {
                    let _ = writeln!(err, "note: {n}");
                }
            }
            c
        }
        // an invalid flag value (or a problem no GPU can hold) is a usage error
        Err(m) => {
            let _ = writeln!(err, "error: {m}");
            return 2;
        }
    };
    let mut gpu = None;
    if !opts.compile_only && !opts.emit {
        match Gpu::open() {
            Ok(g) => {
                // Without --mma, a Hopper GPU runs the Hopper path, and with no Hopper knob given
                // its best measured configuration (persistent grid + TMA store, BENCHMARKS.md)
                // where the problem allows it.
                if opts.suite && g.arch != super::suite::SUITE_ARCH {
                    let _ = writeln!(
                        err,
                        "error: --suite: the suite runs the Hopper path (wgmma + TMA), which needs an sm_90a GPU; {} is {}",
                        g.name, g.arch
                    );
                    return EXIT_NO_GPU;
                } else if opts.suite {
                    match super::suite::chosen_variants(
                        &opts.flags,
                        opts.given(),
                        opts.sweep,
                        g.sms,
                    ) {
                        Ok((c, lines)) => {
                            cfgs = c;
                            choices = lines;
                        }
                        Err(m) => {
                            let _ = writeln!(err, "error: {m}");
                            return 2;
                        }
                    }
                } else if opts.tune {
                    match tune_variants(opts, &opts.flags, &g.arch, g.sms) {
                        Ok((c, notes)) => {
                            for n in notes {
                                let _ = writeln!(err, "note: {n}");
                            }
                            cfgs = c;
                        }
                        Err(m) => {
                            let _ = writeln!(err, "error: {m}");
                            return 2;
                        }
                    }
                } else if let Some((c, line)) =
                    super::suite::chosen_single(&opts.flags, opts.given(), opts.sweep, &g)
                {
                    // issue 20: a configuration chosen for the shape (choose.rs)
                    cfgs = vec![c];
                    choices = vec![line];
                } else if opts.flags.mma.is_none() && !opts.sweep && g.arch == "sm_90a" {
                    let mut f = opts.flags.clone();
                    f.mma = Some(super::hopper::config::default_sm90_mma(
                        &f.dtype,
                        f.b_dtype.as_deref(),
                        f.majors,
                        !f.fast_accum,
                    ));
                    let mut best = f.clone();
                    if !f.persistent && !f.tma_store && f.cluster.is_none() && f.consumers.is_none()
                    {
                        best.persistent = true;
                        best.tma_store = true;
                    }
                    if let Ok((c, _)) = configure(&best).or_else(|_| configure(&f)) {
                        cfgs = c;
                    }
                }
                gpu = Some(g);
            }
            Err(GpuError::Unavailable(m)) => {
                let _ = writeln!(err, "error: {m}");
                return EXIT_NO_GPU;
            }
            Err(e) => {
                let _ = writeln!(err, "error: {e}");
                return 1;
            }
        }
    }
    if opts.emit {
        for c in &cfgs {
            let _ = writeln!(out, "{}", c.source());
        }
        if !opts.compile_only {
            return 0;
        }
    }
    if opts.compile_only {
        if !nvrtc::nvrtc_present() {
            return no_nvrtc(err);
        }

        let mut rows = Vec::new();
        // a bar per configuration on a terminal (indicatif draws nothing when stderr is piped)
        let bar = progress(cfgs.len(), "compiling");
        for c in cfgs {
            bar.inc(1);
            if let Err(m) = c.supports(&arch) {
                let _ = writeln!(err, "error: --arch: {c}: {m}");
                return 1;
            }
            match compile(&c.source(), &arch) {
                Ok(r) => rows.push((c, r)),
                Err(m) => {
                    let _ = writeln!(err, "error: {c}: {m}");
                    return 1;
                }
            }
        }
        bar.finish_and_clear();
        super::suite::print_choices(out, err, &choices, opts.report);
        let _ = writeln!(
            out,
            "{}",
            report::compiled(
                &arch,
                &rows,
                opts.report,
                report::TableFit::stdout(opts.wide)
            )
        );
        return 0;
    }
    let Some(gpu) = gpu else {
        return 1;
    };
    // on a GPU without wgmma the sweep keeps the rows it can run
    let runnable: Vec<Variant> = cfgs
        .into_iter()
        .filter(|c| match c.supports(&gpu.arch) {
            Ok(()) => true,
            Err(m) => {
                let _ = writeln!(err, "note: skipped {c}: {m}");
                !opts.sweep
            }
        })
        .collect();
    let timing = super::run::Timing {
        reps: opts.reps.max(1),
        rounds: if opts.tune {
            opts.rounds.clamp(1, super::tune::TUNE_ROUNDS)
        } else {
            opts.rounds.max(1)
        },
        flush_l2: opts.flush_l2,
    };
    if opts.tune
        && let Some(first) = runnable.first()
    {
        let (m, n, k) = first.mnk();
        let _ = writeln!(
            err,
            "note: tuning {} configurations of {m}x{n}x{k}: about {:.0} s ({} rounds of {} timed runs each, compiling included)",
            runnable.len(),
            super::tune::estimate_s(runnable.len(), (m, n, k), timing).ceil(),
            timing.rounds,
            timing.reps
        );
    }
    let bar = progress(runnable.len(), "measuring");
    // one problem (size and type) at a time: a sweep is one, the suite one per shape
    let result = super::suite::run_by_problem(&gpu, &runnable, timing, |m| {
        bar.inc(1);
        bar.suspend(|| {
            let _ = writeln!(
                err,
                "{}: {:.1} TFLOP/s ({} {:.1}, ratio {:.1}% over {} rounds), rel. error {:.2e}, fp64 sample {}{}",
                m.config,
                m.tflops(),
                m.config.baseline(),
                m.cublas_tflops(),
                100.0 * m.ratio(),
                m.rounds.len(),
                m.rel_err,
                if m.host.passed() { "ok" } else { "FAILED" },
                m.no_baseline
                    .as_ref()
                    .map_or(String::new(), |why| format!(" (no baseline: {why})"))
            );
        });
    });
    bar.finish_and_clear();
    // the mma.sync rows' ldmatrix pattern run on the GPU too: the predicted conflicts confirmed
    let result = result.map(|mut rows| {
        for r in &mut rows {
            if let Variant::Sm80(c) = &r.config
                && let Ok(report) = c.ldmatrix_bank_report()
            {
                match super::bank_probe::measure(&report) {
                    Ok(m) => r.measured_bank = Some(m.measured()),
                    Err(e) => {
                        let _ = writeln!(err, "note: {}: bank probe: {e}", r.config);
                    }
                }
            }
        }
        rows
    });
    match result {
        Ok(rows) => {
            super::suite::print_choices(out, err, &choices, opts.report);
            // the suite's table has a row per shape; JSON and CSV are a record per row anyway
            if !opts.suite || opts.report != report::ReportFormat::Table {
                let _ = writeln!(
                    out,
                    "{}",
                    report::measurements(
                        &gpu,
                        timing,
                        &rows,
                        opts.report,
                        report::TableFit::stdout(opts.wide),
                    )
                );
            }
            if opts.suite {
                super::suite::print_summary(
                    out,
                    err,
                    &gpu,
                    timing,
                    &rows,
                    opts.report,
                    report::TableFit::stdout(opts.wide),
                );
            }
            if opts.tune {
                let line = super::tune::summary(&rows);
                let _ = match opts.report {
                    report::ReportFormat::Table => writeln!(out, "{line}"),
                    report::ReportFormat::Json => {
                        writeln!(out, "{}", super::tune::summary_record(&rows))
                    }
                    report::ReportFormat::Csv => writeln!(err, "note: {line}"),
                };
            }
            if rows.iter().all(|r| r.verified()) {
                0
            } else {
                let _ = writeln!(
                    err,
                    "error: a kernel's result differs from cuBLAS's or from the fp64 host reference beyond the tolerance"
                );
                1
            }
        }
        Err(GpuError::Unavailable(m)) => {
            let _ = writeln!(err, "error: {m}");
            EXIT_NO_GPU
        }
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            1
        }
    }
}
