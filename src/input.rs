//! The statements' bytes as `cute eval` and `cute run` read them: a window on the input that
//! grows a block at a time and is consumed from its front.
//!
//! Every input — a regular file, a pipe, a terminal — is read with `read` into a buffer, a
//! block at a time. A regular file is not memory-mapped: a mapped file truncated by another
//! process while it is read ends the process with SIGBUS (issue 41, item 2), and reading it
//! costs no measurable time against evaluating what it holds (`cute eval` on 100 MB:
//! BENCHMARKS.md, session 20).

use std::fs::File;
use std::io::{self, BufRead, Read};
use std::os::fd::AsFd;

/// The most bytes of input taken at a time: the runner answers a block of whole lines, then
/// takes the next.
pub const BLOCK: u64 = 1 << 20;

/// A descriptor of `input`'s open file, its own (it shares the file's offset), where it has one:
/// its size sets the first block's allocation.
pub fn descriptor(input: &impl AsFd) -> Option<File> {
    input.as_fd().try_clone_to_owned().ok().map(File::from)
}

/// The input, and the window of its bytes read but not yet consumed.
pub struct Input<R> {
    input: R,
    /// The window.
    buf: Vec<u8>,
}

impl<R: BufRead> Input<R> {
    /// The input `input`, whose descriptor is `file` ([`descriptor`]; nothing read from either
    /// yet): the window's first block is allocated at the file's size where it has one.
    pub fn new(input: R, file: Option<File>) -> Input<R> {
        let len = file
            .as_ref()
            .and_then(|f| f.metadata().ok())
            .filter(|m| m.is_file())
            .map(|m| m.len());
        let first = len.map_or(0, |n| n.min(BLOCK) as usize);
        Input {
            input,
            buf: Vec::with_capacity(first),
        }
    }

    /// Read up to `n` more bytes onto the end of the window: how many came (fewer than `n`
    /// only at the end of the input). An interrupted read is retried.
    pub fn more(&mut self, n: u64) -> io::Result<usize> {
        (&mut self.input).take(n).read_to_end(&mut self.buf)
    }

    /// The bytes read and not yet consumed.
    pub fn window(&self) -> &[u8] {
        &self.buf
    }

    /// Consume the first `n` bytes of the window.
    pub fn consume(&mut self, n: usize) {
        self.buf.drain(..n);
    }

    /// Skip the input past the window up to and including the next newline (or to its end):
    /// the bytes skipped, the newline not counted. The window stays as it is until
    /// [`Input::clear`].
    pub fn skip_line(&mut self) -> io::Result<u64> {
        cute::statements::skip_to_newline(&mut self.input)
    }

    /// Consume the whole window (and what [`Input::skip_line`] skipped).
    pub fn clear(&mut self) {
        self.buf.clear();
    }
}
