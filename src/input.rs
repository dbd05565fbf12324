//! The statements' bytes as `cute eval` and `cute run` read them: a window on the input that
//! grows a block at a time and is consumed from its front.
//!
//! A regular file of up to [`MAP_LIMIT`] bytes is mapped whole: the window is a range of the
//! file's pages in the page cache, so nothing is copied and no buffer's pages are faulted in
//! (reading a 686 KB file into a new buffer costs 0.4–0.7 ms on the benchmark machine, mapping
//! it 0.1 ms: BENCHMARKS.md, session 16). Anything else — a pipe, a terminal, a larger file, a
//! file that cannot be mapped — is read into a buffer block by block. Both give the same
//! windows, so the runner cuts the same blocks and lines from either.

use std::fs::File;
use std::io::{self, BufRead, Read, Seek, SeekFrom};
use std::os::fd::AsFd;

/// The most bytes of input taken at a time: the runner answers a block of whole lines, then
/// takes the next.
pub const BLOCK: u64 = 1 << 20;

/// The largest regular file that is mapped rather than read (a larger one is read a block at a
/// time, so that what it costs in memory stays bounded by the block).
pub const MAP_LIMIT: u64 = 64 << 20;

/// A descriptor of `input`'s open file, its own (it shares the file's offset), where it has one.
pub fn descriptor(input: &impl AsFd) -> Option<File> {
    input.as_fd().try_clone_to_owned().ok().map(File::from)
}

/// The input, and the window of its bytes read but not yet consumed.
pub enum Input<R> {
    /// A regular file mapped whole: the window is `map[lo..hi]`; `next` is where the next
    /// bytes are taken from (past `hi` only while a line too long to keep is skipped).
    Mapped {
        file: File,
        map: memmap2::Mmap,
        lo: usize,
        hi: usize,
        next: usize,
    },
    /// Read into `buf` (the window), a block at a time.
    Streamed { input: R, buf: Vec<u8> },
}

impl<R: BufRead> Input<R> {
    /// The input `input`, whose descriptor is `file` ([`descriptor`]; nothing read from
    /// either yet): mapped when it is a regular file of 1 to [`MAP_LIMIT`] bytes that can be
    /// mapped, else read into a buffer, whose first block is allocated at the file's size where
    /// it has one.
    pub fn new(input: R, file: Option<File>) -> Input<R> {
        let len = file
            .as_ref()
            .and_then(|f| f.metadata().ok())
            .filter(|m| m.is_file())
            .map(|m| m.len());
        if let (Some(mut file), Some(len @ 1..=MAP_LIMIT)) = (file, len)
            && let Ok(at) = file.stream_position()
            && at < len
        {
            // SAFETY: the map is only read, through the window's slices. As with any mapped
            // file, the bytes are those of the file while it is read: a file truncated by
            // another process while `cute` reads it ends the process (SIGBUS), as it does for
            // every tool that maps its input (ripgrep, for one).
            let map = unsafe { memmap2::MmapOptions::new().populate().map(&file) };
            if let Ok(map) = map
                && map.len() as u64 == len
            {
                let at = at as usize;
                return Input::Mapped {
                    file,
                    map,
                    lo: at,
                    hi: at,
                    next: at,
                };
            }
        }
        let first = len.map_or(0, |n| n.min(BLOCK) as usize);
        Input::Streamed {
            input,
            buf: Vec::with_capacity(first),
        }
    }

    /// Read up to `n` more bytes onto the end of the window: how many came (fewer than `n`
    /// only at the end of the input). An interrupted read is retried.
    pub fn more(&mut self, n: u64) -> io::Result<usize> {
        match self {
            Input::Mapped { map, hi, next, .. } => {
                let got = (map.len() - *next).min(usize::try_from(n).unwrap_or(usize::MAX));
                *hi = *next + got;
                *next = *hi;
                Ok(got)
            }
            Input::Streamed { input, buf } => input.take(n).read_to_end(buf),
        }
    }

    /// The bytes read and not yet consumed.
    pub fn window(&self) -> &[u8] {
        match self {
            Input::Mapped { map, lo, hi, .. } => &map[*lo..*hi],
            Input::Streamed { buf, .. } => buf,
        }
    }

    /// Consume the first `n` bytes of the window.
    pub fn consume(&mut self, n: usize) {
        match self {
            Input::Mapped { lo, .. } => *lo += n,
            Input::Streamed { buf, .. } => {
                buf.drain(..n);
            }
        }
    }

    /// Skip the input past the window up to and including the next newline (or to its end):
    /// the bytes skipped, the newline not counted. The window stays as it is until
    /// [`Input::clear`].
    pub fn skip_line(&mut self) -> io::Result<u64> {
        match self {
            Input::Mapped { map, next, .. } => {
                let rest = &map[*next..];
                let (skipped, newline) = match memchr::memchr(b'\n', rest) {
                    Some(i) => (i, 1),
                    None => (rest.len(), 0),
                };
                *next += skipped + newline;
                Ok(skipped as u64)
            }
            Input::Streamed { input, .. } => cute::statements::skip_to_newline(input),
        }
    }

    /// Consume the whole window (and what [`Input::skip_line`] skipped).
    pub fn clear(&mut self) {
        match self {
            Input::Mapped { lo, hi, next, .. } => {
                *lo = *next;
                *hi = *next;
            }
            Input::Streamed { buf, .. } => buf.clear(),
        }
    }

    /// Leave the descriptor where reading it to this point would have: a mapped file's offset
    /// past the bytes taken.
    pub fn finish(self) -> io::Result<()> {
        match self {
            Input::Mapped { mut file, next, .. } => {
                file.seek(SeekFrom::Start(next as u64))?;
                Ok(())
            }
            Input::Streamed { .. } => Ok(()),
        }
    }
}
