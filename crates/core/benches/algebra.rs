//! Criterion benchmarks of the layout algebra (pure library calls, no parsing or printing
//! in the timed part). Run with `cargo bench --bench algebra`.
//!
//! The cases are small, representative layouts from CuTe's documentation and tests, plus a
//! medium one; every operation also runs CuTe's law check where the library does one, so
//! these numbers are what `cute eval` pays per statement for the algebra itself.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use cute::algebra::complement::complement_to;
use cute::algebra::composition::compose;
use cute::algebra::divide::{logical_divide, logical_product};
use cute::algebra::inverse::right_inverse;
use cute::algebra::{IntTuple, Layout, Tiler};

/// `"(12,(4,8)):(59,(13,1))"` -> Layout, through the notation's literal reader.
fn l(text: &str) -> Layout {
    text.parse().expect("valid bench layout")
}

/// A by-mode tiler `<B0, B1, ...>` of layouts.
fn tiler(modes: &[&str]) -> Tiler<'static> {
    Tiler::tuple(modes.iter().map(|m| Tiler::layout(l(m))).collect())
}

fn int(n: i64) -> IntTuple {
    IntTuple::int(n)
}

/// Report (once, outside the timed loop) a case that the library refuses, so that a
/// benchmark of the error path is not mistaken for one of the algorithm.
fn note<T, E: std::fmt::Display>(name: &str, r: Result<T, E>) {
    if let Err(e) = r {
        eprintln!("note: bench case {name} returns an error: {e}");
    }
}

// ------------------------------------------------------------------ benchmarks

fn bench_coalesce(c: &mut Criterion) {
    let mut g = c.benchmark_group("coalesce");
    for (name, a) in [
        ("(2,(1,6)):(1,(6,2))", l("(2,(1,6)):(1,(6,2))")),
        (
            "((2,4),(3,8)):((1,2),(8,24))",
            l("((2,4),(3,8)):((1,2),(8,24))"),
        ),
        (
            "(4,(4,2),8):(16,(1,64),128)",
            l("(4,(4,2),8):(16,(1,64),128)"),
        ),
    ] {
        note(name, a.coalesce());
        g.bench_function(name, |b| b.iter(|| black_box(black_box(&a).coalesce())));
    }
    g.finish();
}

fn bench_compose(c: &mut Criterion) {
    let mut g = c.benchmark_group("compose");
    for (name, a, bl) in [
        ("20:2 o (5,4):(4,1)", l("20:2"), l("(5,4):(4,1)")),
        (
            "(6,2):(8,2) o (4,3):(3,1)",
            l("(6,2):(8,2)"),
            l("(4,3):(3,1)"),
        ),
        (
            "(10,2):(16,4) o (5,4):(1,5)",
            l("(10,2):(16,4)"),
            l("(5,4):(1,5)"),
        ),
        (
            "(12,(4,8)):(59,(13,1)) o (3,8):(4,12)",
            l("(12,(4,8)):(59,(13,1))"),
            l("(3,8):(4,12)"),
        ),
        (
            "(64,(32,32)):(1024,(1,32)) o (16,(4,8)):(64,(1,4))",
            l("(64,(32,32)):(1024,(1,32))"),
            l("(16,(4,8)):(64,(1,4))"),
        ),
    ] {
        note(name, compose(&a, &bl));
        g.bench_function(name, |b| {
            b.iter(|| black_box(compose(black_box(&a), black_box(&bl))))
        });
    }
    g.finish();
}

fn bench_complement(c: &mut Criterion) {
    let mut g = c.benchmark_group("complement");
    for (name, a, n) in [
        ("complement((2,2):(1,6), 24)", l("(2,2):(1,6)"), 24),
        ("complement(4:2, 24)", l("4:2"), 24),
        (
            "complement((2,(3,4)):(3,(1,12)), 96)",
            l("(2,(3,4)):(3,(1,12))"),
            96,
        ),
        (
            "complement(((4,2),8):((2,16),64), 2048)",
            l("((4,2),8):((2,16),64)"),
            2048,
        ),
    ] {
        let ct = int(n);
        note(name, complement_to(&a, &ct));
        g.bench_function(name, |b| {
            b.iter(|| black_box(complement_to(black_box(&a), black_box(&ct))))
        });
    }
    g.finish();
}

fn bench_logical_divide(c: &mut Criterion) {
    let mut g = c.benchmark_group("logical_divide");
    for (name, a, t) in [
        (
            "(4,2,3):(2,1,8) / 4:2",
            l("(4,2,3):(2,1,8)"),
            Tiler::layout(l("4:2")),
        ),
        (
            "(12,(4,8)):(59,(13,1)) / <3:4, 8:2>",
            l("(12,(4,8)):(59,(13,1))"),
            tiler(&["3:4", "8:2"]),
        ),
        (
            "(9,(4,8)):(59,(13,1)) / <3:3, (2,4):(1,8)>",
            l("(9,(4,8)):(59,(13,1))"),
            tiler(&["3:3", "(2,4):(1,8)"]),
        ),
        (
            "(128,64):(64,1) / <(4,8):(1,16), 16:2>",
            l("(128,64):(64,1)"),
            tiler(&["(4,8):(1,16)", "16:2"]),
        ),
    ] {
        note(name, logical_divide(&a, &t));
        g.bench_function(name, |b| {
            b.iter(|| black_box(logical_divide(black_box(&a), black_box(&t))))
        });
    }
    g.finish();
}

fn bench_logical_product(c: &mut Criterion) {
    let mut g = c.benchmark_group("logical_product");
    for (name, a, t) in [
        (
            "(2,2):(4,1) * 6:1",
            l("(2,2):(4,1)"),
            Tiler::layout(l("6:1")),
        ),
        (
            "(2,5):(5,1) * (3,4):(1,3)",
            l("(2,5):(5,1)"),
            Tiler::layout(l("(3,4):(1,3)")),
        ),
        (
            "(2,5):(5,1) * <3:5, 4:6>",
            l("(2,5):(5,1)"),
            tiler(&["3:5", "4:6"]),
        ),
        (
            "((4,2),(8,4)):((1,32),(4,64)) * (4,8):(8,1)",
            l("((4,2),(8,4)):((1,32),(4,64))"),
            Tiler::layout(l("(4,8):(8,1)")),
        ),
    ] {
        note(name, logical_product(&a, &t));
        g.bench_function(name, |b| {
            b.iter(|| black_box(logical_product(black_box(&a), black_box(&t))))
        });
    }
    g.finish();
}

fn bench_right_inverse(c: &mut Criterion) {
    let mut g = c.benchmark_group("right_inverse");
    for (name, a) in [
        ("(4,8):(8,1)", l("(4,8):(8,1)")),
        ("(4,(4,2)):(4,(1,16))", l("(4,(4,2)):(4,(1,16))")),
        (
            "((8,4),(4,2)):((4,128),(1,32))",
            l("((8,4),(4,2)):((4,128),(1,32))"),
        ),
        ("(2,4,6):(0,1,8)", l("(2,4,6):(0,1,8)")),
    ] {
        note(name, right_inverse(&a));
        g.bench_function(name, |b| b.iter(|| black_box(right_inverse(black_box(&a)))));
    }
    g.finish();
}

/// Whole statements, parsed, evaluated and printed (`Env::run` and the one-line printer).
fn bench_statement(c: &mut Criterion) {
    let mut g = c.benchmark_group("statement");
    for text in [
        "logical_divide((4,6,1):(3,12,72), 24:1)",
        "composition((2,16):(1,2), (4,4):(1,4))",
        "logical_product((3,16):(1,3), <8:1>)",
        "complement((16,2):(1,16), 64)",
        "right_inverse((4,(4,2)):(4,(1,16)))",
        "(4,(2,2)):(1,(4,8))(2, 0)",
    ] {
        let mut env = cute::eval::Env::new();
        g.bench_function(text, |b| {
            b.iter(|| {
                let mut line = String::new();
                let _ = env.run_with(black_box(text), |v| {
                    line = cute::render::plain::render(v);
                });
                black_box(line)
            })
        });
    }
    g.finish();
}

criterion_group!(
    benches,
    bench_statement,
    bench_coalesce,
    bench_compose,
    bench_complement,
    bench_logical_divide,
    bench_logical_product,
    bench_right_inverse
);
criterion_main!(benches);
