//! `cute gemm`: the command line's flags handed to the GPU runner ([`cute_gpu::command`]).

use std::io::Write;

use clap::ValueEnum as _;
use cute_gpu::report::ReportFormat;

use crate::cli::{FormatArg, GemmArgs};
use crate::output::EXIT_USAGE;

/// Run `cute gemm` with its flags; `global_format` is a `--format` given before the command.
pub fn gemm(
    g: GemmArgs,
    global_format: Option<FormatArg>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    // every message may quote a flag's text: none reaches the terminal raw
    let err = &mut cute::escape::Escaping(err);
    let report = match g.format.map(FormatArg::from).or(global_format) {
        None | Some(FormatArg::Plain | FormatArg::Table) => ReportFormat::Table,
        Some(FormatArg::Json) => ReportFormat::Json,
        Some(FormatArg::Csv) => ReportFormat::Csv,
        Some(other) => {
            let name = other.to_possible_value().map(|v| v.get_name().to_string());
            let _ = writeln!(
                err,
                "error: --format {}: gemm prints its report as a table, json or csv",
                name.unwrap_or_default()
            );
            return EXIT_USAGE;
        }
    };
    use cute_gpu::flags::{Major, Majors, Operand};
    let majors = match (
        Major::parse(Operand::A, &g.a_major),
        Major::parse(Operand::B, &g.b_major),
    ) {
        (Ok(a), Ok(b)) => Majors { a, b },
        (Err(m), _) | (_, Err(m)) => {
            let _ = writeln!(err, "error: {m}");
            return EXIT_USAGE;
        }
    };
    let opts = cute_gpu::command::GemmOptions {
        flags: cute_gpu::flags::GemmFlags {
            m: g.m,
            n: g.n,
            k: g.k,
            dtype: g.dtype,
            b_dtype: g.b_dtype,
            scale: g.scale,
            fast_accum: g.fast_accum,
            mma: g.mma,
            atom_layout: g.atom_layout,
            tile: g.tile,
            smem_a: g.smem_a,
            smem_b: g.smem_b,
            stages: g.stages,
            raster: g
                .raster
                .clone()
                .unwrap_or_else(|| cute_gpu::hopper::choose::DEFAULT_RASTER.into()),
            consumers: g.consumers,
            cluster: g.cluster,
            persistent: g.persistent,
            tma_store: g.tma_store,
            majors,
            split_k: g.split_k,
            read: cute_gpu::flags::read_flag,
        },
        emit: g.emit,
        compile_only: g.compile_only,
        sweep: g.sweep,
        suite: g.suite,
        tune: g.tune,
        raster_given: g.raster.is_some(),
        arch: g.arch,
        reps: g.reps,
        rounds: g.rounds,
        flush_l2: g.flush_l2,
        report,
        wide: g.wide,
    };
    cute_gpu::command::gemm(&opts, out, err)
}
