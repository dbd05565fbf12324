//! Answering a block of input lines at once — what `cute eval` does with its standard input:
//! the block is cut into runs of whole lines, one per thread when there are many, and each
//! line that is a statement by itself and depends on no variable is answered there, by the
//! fast path ([`crate::fast`]) or else by a general engine of its own, into the run's output
//! buffers. The caller then takes the lines in order ([`crate::app::Runner`]): an answered
//! line's output is copied out, any other line goes through the session as before. A line's
//! answer does not depend on the lines before it, so the output is the same as one statement
//! after the other.

use std::ops::Range;
use std::sync::OnceLock;

use crate::app::{Runner, report};
use crate::eval::EvalError;
use crate::fast::{self, Answer};
use crate::statements::{self, Statement};

/// Below this many bytes per thread a block is answered on the calling thread.
const MIN_BYTES_PER_THREAD: usize = 64 * 1024;
/// The most threads a block is split among.
const MAX_THREADS: usize = 8;

/// What was done with one line.
#[derive(Debug, Clone, Copy)]
pub enum LineAnswer {
    /// Answered: its stdout ends at `out_end` of the run's output, its stderr at `err_end`
    /// (each starts where the previous answered line's ended).
    Done {
        /// End of its stdout in [`Run::out`].
        out_end: usize,
        /// End of its stderr in [`Run::err`].
        err_end: usize,
        /// Whether it failed.
        failed: bool,
        /// Whether it bound `ans` (an expression's value).
        sets_ans: bool,
    },
    /// Not answered: the session runs it.
    Declined,
}

/// One line of a block.
#[derive(Debug)]
pub struct Line {
    /// Its bytes in the block (without the newline).
    pub range: Range<usize>,
    /// What was done with it.
    pub answer: LineAnswer,
}

/// The answers for a run of consecutive lines.
#[derive(Debug, Default)]
pub struct Run {
    /// The answered lines' stdout, one after the other.
    pub out: Vec<u8>,
    /// The answered lines' stderr (diagnostics), one after the other.
    pub err: Vec<u8>,
    /// The lines, in order.
    pub lines: Vec<Line>,
}

/// Whether the statement mentions nothing but function names: no variable (nor `ans`), no
/// name that would become an atom or element-type name, so its value is the same in any session.
fn is_pure(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let starts = c.is_ascii_alphabetic()
            || (c == b'_'
                && b.get(i + 1)
                    .is_some_and(|n| n.is_ascii_alphanumeric() || *n == b'_'));
        // `_4` and `_-4` are integers, a lone `_` the underscore
        let integer = c == b'_' && b.get(i + 1).is_some_and(|n| n.is_ascii_digit());
        if starts && !integer {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            if crate::eval::functions::lookup(&text[start..i]).is_none() {
                return false;
            }
            continue;
        }
        if c.is_ascii_digit() {
            // a number's digits and any letters glued to it are not a name
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            continue;
        }
        i += 1;
    }
    true
}

/// Answer one line (`text`, without newline or carriage return) into `run`'s buffers.
fn answer_line(text: &[u8], line: usize, source: &str, run: &mut Run) -> LineAnswer {
    let done = |run: &Run, failed, sets_ans| LineAnswer::Done {
        out_end: run.out.len(),
        err_end: run.err.len(),
        failed,
        sets_ans,
    };
    match fast::run_line(text, &mut run.out) {
        Answer::Printed => return done(run, false, true),
        Answer::Error(e, span) => {
            let st = Statement {
                text: String::from_utf8_lossy(text).into_owned(),
                line,
            };
            let _ = report(
                source,
                &st,
                &EvalError::algebra(e, span),
                &mut run.out,
                &mut run.err,
            );
            return done(run, true, false);
        }
        Answer::Declined => {}
    }
    let Ok(s) = std::str::from_utf8(text) else {
        return LineAnswer::Declined;
    };
    if !statements::is_whole(s) || !is_pure(s) {
        return LineAnswer::Declined;
    }
    let st = Statement {
        text: s.to_string(),
        line,
    };
    let (failed, sets_ans) = {
        let mut runner = Runner::new(&mut run.out, &mut run.err, source).with_fast_path(false);
        if runner.statement(&st).is_err() {
            return LineAnswer::Declined;
        }
        (runner.failed(), runner.env().ans_bound() > 0)
    };
    done(run, failed, sets_ans)
}

/// Split `block[range]` into lines, answering each when `answer` is set.
fn run_of(block: &[u8], range: Range<usize>, first_line: usize, source: &str, answer: bool) -> Run {
    let mut run = Run {
        out: Vec::with_capacity(if answer { range.len() } else { 0 }),
        err: Vec::new(),
        lines: Vec::with_capacity(range.len() / 24 + 1),
    };
    let (mut pos, end) = (range.start, range.end);
    let mut line = first_line;
    while pos < end {
        let nl = memchr::memchr(b'\n', &block[pos..end]).map_or(end, |i| pos + i);
        let a = if answer {
            let raw = &block[pos..nl];
            answer_line(
                raw.strip_suffix(b"\r").unwrap_or(raw),
                line,
                source,
                &mut run,
            )
        } else {
            LineAnswer::Declined
        };
        run.lines.push(Line {
            range: pos..nl,
            answer: a,
        });
        pos = nl + 1;
        line += 1;
    }
    run
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

/// The lines of `block` (whole lines; the last one's newline may be missing), the first being
/// line `first_line` of `source`, as consecutive runs; answered where `answer` is set.
pub fn lines(block: &[u8], first_line: usize, source: &str, answer: bool) -> Vec<Run> {
    let n = if answer {
        threads().min(block.len() / MIN_BYTES_PER_THREAD).max(1)
    } else {
        1
    };
    if n == 1 {
        return vec![run_of(block, 0..block.len(), first_line, source, answer)];
    }
    // cut after a newline near each n-th of the block
    let mut cuts = vec![0];
    for k in 1..n {
        let at = (block.len() * k / n).max(*cuts.last().expect("non-empty"));
        let cut = memchr::memchr(b'\n', &block[at..]).map_or(block.len(), |i| at + i + 1);
        cuts.push(cut);
    }
    cuts.push(block.len());
    let mut firsts = vec![first_line];
    for w in cuts.windows(2).take(n - 1) {
        let count = memchr::memchr_iter(b'\n', &block[w[0]..w[1]]).count();
        firsts.push(firsts.last().expect("non-empty") + count);
    }
    std::thread::scope(|s| {
        let rest: Vec<_> = (1..n)
            .map(|k| {
                let range = cuts[k]..cuts[k + 1];
                let first = firsts[k];
                let r = range.clone();
                let h = s.spawn(move || run_of(block, r, first, source, true));
                (range, first, h)
            })
            .collect();
        let mut runs = Vec::with_capacity(n);
        runs.push(run_of(block, cuts[0]..cuts[1], first_line, source, true));
        for (range, first, h) in rest {
            // a run whose thread failed leaves its lines to the session
            runs.push(
                h.join()
                    .unwrap_or_else(|_| run_of(block, range, first, source, false)),
            );
        }
        runs
    })
}
