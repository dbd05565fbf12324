//! Answering a block of input lines at once — what `cute eval` does with its standard input:
//! the block is cut into runs of whole lines, one per thread when there are many, and each line
//! is offered to the caller's answerer ([`Answerer`]: `cute eval` answers a line that is a
//! statement by itself and depends on no variable) into the run's output buffers. The caller
//! then takes the runs in order: an answered line's output is copied out, any other line goes
//! through the session as before. This module only schedules: it knows nothing of statements.

use std::io;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};

/// How a line is answered ahead, on any thread: its bytes (without newline or carriage
/// return), its line number and the source's name in, its output into the run's buffers.
/// A plain function (called straight, where a `dyn Fn` is called through a shim that moves
/// its arguments over: a line is answered in a few thousand instructions, and this is one call
/// a line).
pub type Answerer = fn(&[u8], usize, &str, &mut Run) -> LineAnswer;

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

/// Split `block[range]` into lines into `run` (emptied first), answering each when `answer`
/// is set.
fn fill(
    run: &mut Run,
    block: &[u8],
    range: Range<usize>,
    first_line: usize,
    source: &str,
    answer: Option<Answerer>,
) {
    run.out.clear();
    run.err.clear();
    run.lines.clear();
    let (mut pos, end) = (range.start, range.end);
    let mut line = first_line;
    while pos < end {
        let nl = memchr::memchr(b'\n', &block[pos..end]).map_or(end, |i| pos + i);
        let a = match answer {
            Some(answer_line) => {
                let raw = &block[pos..nl];
                answer_line(raw.strip_suffix(b"\r").unwrap_or(raw), line, source, run)
            }
            None => LineAnswer::Declined,
        };
        run.lines.push(Line {
            range: pos..nl,
            answer: a,
        });
        pos = nl + 1;
        line += 1;
    }
}

/// [`fill`], where a panic (a bug) leaves the run's lines to the session instead.
fn fill_guarded(
    run: &mut Run,
    block: &[u8],
    range: Range<usize>,
    first: usize,
    source: &str,
    answer: Answerer,
) {
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        fill(run, block, range.clone(), first, source, Some(answer))
    }));
    if r.is_err() {
        fill(run, block, range, first, source, None);
    }
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

/// How many helper threads have started: the warm-up threads' cue to stop.
static HELPERS_RUNNING: AtomicUsize = AtomicUsize::new(0);

/// How long a warm-up thread keeps a processor awake at most.
const WARM_UP: std::time::Duration = std::time::Duration::from_millis(5);

/// Keep the other processors awake while the input is read, so that the helper threads start
/// at once. On a virtual machine an idle processor can take milliseconds to be woken for a new
/// thread (measured: 0.1 to 4 ms, most of a 20,000-statement run); one thread per helper that
/// yields in a loop until the helpers run (at most `WARM_UP`) keeps them running. Once per
/// process, and only where there are several processors.
pub fn warm_up() {
    static STARTED: AtomicBool = AtomicBool::new(false);
    let helpers = threads() - 1;
    if helpers == 0 || STARTED.swap(true, Ordering::Relaxed) {
        return;
    }
    for _ in 0..helpers {
        let _ = std::thread::Builder::new()
            .name("cute-warm-up".into())
            .spawn(move || {
                let start = std::time::Instant::now();
                while HELPERS_RUNNING.load(Ordering::Relaxed) < helpers && start.elapsed() < WARM_UP
                {
                    std::thread::yield_now();
                }
            });
    }
}

/// The input is all answered: the warm-up threads stop.
pub fn warm_down() {
    HELPERS_RUNNING.store(usize::MAX, Ordering::Relaxed);
}

/// The input bytes of one chunk of a block: whole lines.
const CHUNK_BYTES: usize = 16 * 1024;

/// What the threads answering a block share: the next chunk to answer, the answered chunks
/// not yet taken (by index), and emptied runs to reuse (their memory already touched).
struct Shared {
    next: AtomicUsize,
    done: Mutex<Vec<Option<Run>>>,
    ready: Condvar,
    spare: Mutex<Vec<Run>>,
}

impl Shared {
    /// Answer chunk `k` (if it is still to be done) and file it.
    fn answer(
        &self,
        k: usize,
        (cuts, firsts): (&[usize], &[usize]),
        block: &[u8],
        source: &str,
        answer: Answerer,
    ) {
        let mut run = self
            .spare
            .lock()
            .map(|mut v| v.pop())
            .ok()
            .flatten()
            .unwrap_or_default();
        fill_guarded(
            &mut run,
            block,
            cuts[k]..cuts[k + 1],
            firsts[k],
            source,
            answer,
        );
        if let Ok(mut done) = self.done.lock() {
            done[k] = Some(run);
        }
        self.ready.notify_all();
    }

    /// Claim the next chunk to answer, if any is left.
    fn claim(&self, chunks: usize) -> Option<usize> {
        let k = self.next.fetch_add(1, Ordering::Relaxed);
        (k < chunks).then_some(k)
    }
}

/// Hand the lines of `block` (whole lines; the last one's newline may be missing), the first
/// being line `first_line` of `source`, to `take` in order, one run of lines at a time. With
/// an `answer`, the lines are first answered where they can be, in chunks of about
/// `CHUNK_BYTES` shared among threads (the calling thread answers chunks too while it waits
/// for the next one in order); the runs are reused once taken.
pub fn in_order(
    block: &[u8],
    first_line: usize,
    source: &str,
    answer: Option<Answerer>,
    mut take: impl FnMut(&Run) -> io::Result<()>,
) -> io::Result<()> {
    let mut cuts = vec![0];
    let mut firsts = vec![first_line];
    while let Some(&last) = cuts.last().filter(|&&c| c < block.len()) {
        let at = (last + CHUNK_BYTES).min(block.len());
        let cut = memchr::memchr(b'\n', &block[at..]).map_or(block.len(), |i| at + i + 1);
        let lines = memchr::memchr_iter(b'\n', &block[last..cut]).count();
        firsts.push(firsts.last().expect("non-empty") + lines);
        cuts.push(cut);
    }
    let chunks = cuts.len() - 1;
    let helpers = if answer.is_some() {
        threads().min(chunks).saturating_sub(1)
    } else {
        0
    };
    let Some(answer_ahead) = answer.filter(|_| helpers > 0) else {
        let mut run = Run::default();
        for k in 0..chunks {
            match answer {
                Some(a) => {
                    fill_guarded(&mut run, block, cuts[k]..cuts[k + 1], firsts[k], source, a)
                }
                None => fill(
                    &mut run,
                    block,
                    cuts[k]..cuts[k + 1],
                    firsts[k],
                    source,
                    None,
                ),
            }
            take(&run)?;
        }
        return Ok(());
    };
    let answer = answer_ahead;
    let shared = Shared {
        next: AtomicUsize::new(0),
        done: Mutex::new((0..chunks).map(|_| None).collect()),
        ready: Condvar::new(),
        spare: Mutex::new(Vec::new()),
    };
    let (cuts, firsts, sh) = (&cuts, &firsts, &shared);
    std::thread::scope(|s| {
        for _ in 0..helpers {
            // a thread the system refuses is one helper fewer: the chunks are claimed by
            // whoever runs, the calling thread included
            let _ = std::thread::Builder::new()
                .name("cute-helper".into())
                .spawn_scoped(s, move || {
                    HELPERS_RUNNING.fetch_add(1, Ordering::Relaxed);
                    while let Some(k) = sh.claim(chunks) {
                        sh.answer(k, (cuts, firsts), block, source, answer);
                    }
                });
        }
        let result = (0..chunks).try_for_each(|k| {
            let run = loop {
                let taken = sh.done.lock().ok().and_then(|mut d| d[k].take());
                if let Some(run) = taken {
                    break run;
                }
                // not answered yet: answer another chunk meanwhile, or wait for it
                if let Some(j) = sh.claim(chunks) {
                    sh.answer(j, (cuts, firsts), block, source, answer);
                    continue;
                }
                let Ok(mut done) = sh.done.lock() else {
                    // a poisoned lock: only a panic while holding it; answer it here
                    let mut run = Run::default();
                    fill_guarded(
                        &mut run,
                        block,
                        cuts[k]..cuts[k + 1],
                        firsts[k],
                        source,
                        answer,
                    );
                    break run;
                };
                while done[k].is_none() {
                    done = match sh.ready.wait(done) {
                        Ok(d) => d,
                        Err(p) => p.into_inner(),
                    };
                }
                break done[k].take().expect("filed");
            };
            let r = take(&run);
            if let Ok(mut spare) = sh.spare.lock() {
                spare.push(run);
            }
            r
        });
        // on an error (a closed stdout) the helpers stop after the chunk they are on
        sh.next.store(chunks, Ordering::Relaxed);
        result
    })
}
