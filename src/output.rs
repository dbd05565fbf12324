//! What every command shares about its output: exit statuses, a writer that remembers its first
//! failure, the status of a run's I/O, and a spinner for long work on a terminal.

use std::io::{self, Write};

/// Exit status: everything succeeded.
pub const EXIT_OK: i32 = 0;

/// Exit status: some input was wrong.
pub const EXIT_INPUT: i32 = 1;

/// Exit status from a run's I/O result: a pipe closed by its reader (`cute eval … | head`) is
/// not an error (a standard output closed before `cute` started is: [`stdout`]). A failure to read
/// the input (an error that carries its message) is not reported elsewhere: it is written to
/// `err` here. A failure to write the output is reported by the command's [`Latched`] output.
pub fn finish(result: io::Result<()>, failed: bool) -> i32 {
    match result {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => EXIT_OK,
        Err(e) if e.get_ref().is_some() => {
            let _ = writeln!(io::stderr(), "error: {e}");
            EXIT_INPUT
        }
        Err(_) => EXIT_INPUT,
        Ok(()) if failed => EXIT_INPUT,
        Ok(()) => EXIT_OK,
    }
}

/// A spinner on standard error for long work: it appears only after a second, only on a
/// terminal (nothing when piped), and disappears when dropped.
pub struct Spinner {
    done: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Spinner {
    /// Start waiting; after a second, `message` spins until the spinner is dropped.
    pub fn after_a_second(message: &'static str) -> Spinner {
        use std::io::IsTerminal;
        use std::sync::atomic::Ordering;
        let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        if !io::stderr().is_terminal() {
            return Spinner { done, thread: None };
        }
        let flag = done.clone();
        let thread = std::thread::spawn(move || {
            let start = std::time::Instant::now();
            while start.elapsed() < std::time::Duration::from_secs(1) {
                if flag.load(Ordering::Relaxed) {
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            let bar = indicatif::ProgressBar::new_spinner().with_message(message);
            bar.enable_steady_tick(std::time::Duration::from_millis(100));
            while !flag.load(Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            bar.finish_and_clear();
        });
        Spinner {
            done,
            thread: Some(thread),
        }
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        self.done.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// A writer that remembers its first failure, so that a command whose writes failed part-way
/// (a full disk) says so once at the end, whatever it did with the error.
pub struct Latched<W: Write> {
    inner: W,
    failure: Option<(io::ErrorKind, String)>,
}

impl<W: Write> Latched<W> {
    /// Wrap a writer.
    pub fn new(inner: W) -> Latched<W> {
        Latched {
            inner,
            failure: None,
        }
    }

    /// Flush, then the first failure of any write or of the flush, if any.
    pub fn finish(&mut self) -> Option<(io::ErrorKind, String)> {
        let _ = self.flush();
        self.failure.take()
    }

    fn latch<T>(&mut self, r: io::Result<T>) -> io::Result<T> {
        if let Err(e) = &r
            && self.failure.is_none()
        {
            self.failure = Some((e.kind(), e.to_string()));
        }
        r
    }
}

impl<W: Write> Write for Latched<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let r = self.inner.write(buf);
        self.latch(r)
    }

    fn flush(&mut self) -> io::Result<()> {
        let r = self.inner.flush();
        self.latch(r)
    }
}

/// Exit status: the command line itself is wrong (as clap's usage errors).
pub const EXIT_USAGE: i32 = 2;

/// Which of the standard descriptors (bit 0: input, bit 1: output, bit 2: error) were closed
/// when the process started, as [`note_closed_descriptors`] found them.
static CLOSED_AT_START: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

/// Note which of the descriptors 0, 1 and 2 are closed. The binary calls this from its
/// `.init_array`, before Rust's runtime starts: the runtime opens `/dev/null` on a closed
/// standard descriptor, so that afterwards `cute eval '4:1' >&-` would write its answer into
/// `/dev/null` and exit 0, and `cute eval <&-` would read an empty input (issue 41, item 10).
pub extern "C" fn note_closed_descriptors() {
    let mut closed = 0;
    for fd in 0..3 {
        // SAFETY: fcntl(F_GETFD) only reads the descriptor's flags; any integer is a valid
        // argument (a closed descriptor fails with EBADF).
        let flags = unsafe { libc::fcntl(fd, libc::F_GETFD) };
        if flags == -1 && io::Error::last_os_error().raw_os_error() == Some(libc::EBADF) {
            closed |= 1 << fd;
        }
    }
    CLOSED_AT_START.store(closed, std::sync::atomic::Ordering::Relaxed);
}

/// Whether standard input was closed when the process started.
pub fn stdin_closed() -> bool {
    CLOSED_AT_START.load(std::sync::atomic::Ordering::Relaxed) & 1 != 0
}

/// The error of reading a standard input that was closed when the process started.
pub fn stdin_closed_error() -> io::Error {
    io::Error::other("standard input is closed")
}

/// Standard output, locked; where it was closed when the process started, a writer whose every
/// write fails (`standard output is closed`), so that the output is never lost silently.
pub enum Stdout {
    /// Standard output.
    Open(io::StdoutLock<'static>),
    /// Standard output was closed.
    Closed,
}

/// Standard output, or [`Stdout::Closed`].
pub fn stdout() -> Stdout {
    if CLOSED_AT_START.load(std::sync::atomic::Ordering::Relaxed) & 2 != 0 {
        Stdout::Closed
    } else {
        Stdout::Open(io::stdout().lock())
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Stdout::Open(out) => out.write(buf),
            Stdout::Closed => Err(io::Error::other("standard output is closed")),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Stdout::Open(out) => out.write_all(buf),
            Stdout::Closed => Err(io::Error::other("standard output is closed")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Stdout::Open(out) => out.flush(),
            Stdout::Closed => Ok(()),
        }
    }
}
