//! Answering a block of lines at once: the fast path on each line, the lines split among
//! threads when there are many. Each line's answer is kept in order, so that the caller can
//! print them in order and give the lines the fast path declined to the general engine.

use std::sync::OnceLock;

use super::{Answer, run_line};
use crate::algebra::AlgebraError;
use crate::parser::Span;

/// Below this many lines a block is answered on the calling thread.
const MIN_LINES_PER_THREAD: usize = 2048;
/// The most threads a block is split among.
const MAX_THREADS: usize = 8;

/// What the fast path did with one line.
#[derive(Debug)]
pub enum LineAnswer {
    /// Printed: the line's value ends at this offset of the chunk's output (it starts where the
    /// previous printed line ended).
    Printed(usize),
    /// Refused with this error at this span of the line.
    Error(Box<(AlgebraError, Span)>),
    /// Declined: the general engine answers.
    Declined,
}

/// The answers for a run of consecutive lines.
#[derive(Debug, Default)]
pub struct Chunk {
    /// The printed lines, one after the other.
    pub out: Vec<u8>,
    /// One answer per line.
    pub lines: Vec<LineAnswer>,
}

fn answer_chunk(lines: &[&[u8]]) -> Chunk {
    let mut c = Chunk {
        out: Vec::with_capacity(lines.len() * 32),
        lines: Vec::with_capacity(lines.len()),
    };
    for line in lines {
        let a = match run_line(line, &mut c.out) {
            Answer::Printed => LineAnswer::Printed(c.out.len()),
            Answer::Error(e, span) => LineAnswer::Error(Box::new((e, span))),
            Answer::Declined => LineAnswer::Declined,
        };
        c.lines.push(a);
    }
    c
}

fn threads() -> usize {
    static N: OnceLock<usize> = OnceLock::new();
    *N.get_or_init(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
            .min(MAX_THREADS)
    })
}

/// The fast path's answers for `lines` (each without its newline), as consecutive chunks.
pub fn answer(lines: &[&[u8]]) -> Vec<Chunk> {
    let n = threads().min(lines.len() / MIN_LINES_PER_THREAD).max(1);
    if n == 1 {
        return vec![answer_chunk(lines)];
    }
    let per = lines.len().div_ceil(n);
    std::thread::scope(|s| {
        let rest: Vec<_> = lines[per..]
            .chunks(per)
            .map(|c| (c.len(), s.spawn(move || answer_chunk(c))))
            .collect();
        let mut out = Vec::with_capacity(n);
        out.push(answer_chunk(&lines[..per]));
        for (len, h) in rest {
            // a worker that failed leaves its lines to the general engine
            out.push(h.join().unwrap_or_else(|_| Chunk {
                out: Vec::new(),
                lines: (0..len).map(|_| LineAnswer::Declined).collect(),
            }));
        }
        out
    })
}
