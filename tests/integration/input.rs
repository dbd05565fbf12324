//! A regular file and a pipe are both read into a buffer a block at a time (`src/input.rs`):
//! both give the same bytes, whatever the input's blocks, lines and offset.

use std::io::{Seek, SeekFrom, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// A file of this test's own in the temporary directory, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, bytes: &[u8]) -> TempFile {
        let path = std::env::temp_dir().join(format!("cute-input-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).expect("write the input file");
        TempFile(path)
    }

    fn open(&self) -> std::fs::File {
        std::fs::File::open(&self.0).expect("open the input file")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn cute(args: &[&str], stdin: Stdio) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_cute"));
    c.args(args)
        .env("NO_COLOR", "1")
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

/// `cute ARGS` with `bytes` written to a pipe on its standard input.
fn piped(args: &[&str], bytes: &[u8]) -> Output {
    let mut child = cute(args, Stdio::piped()).spawn().expect("spawn cute");
    let mut pipe = child.stdin.take().expect("stdin");
    let bytes = bytes.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&bytes);
    });
    let out = child.wait_with_output().expect("wait for cute");
    writer.join().expect("writer");
    out
}

/// `cute ARGS` with the file on its standard input.
fn from_file(args: &[&str], file: std::fs::File) -> Output {
    cute(args, Stdio::from(file)).output().expect("run cute")
}

fn same(what: &str, a: &Output, b: &Output) {
    assert_eq!(a.status.code(), b.status.code(), "{what}: exit status");
    assert!(a.stdout == b.stdout, "{what}: standard output differs");
    assert_eq!(
        String::from_utf8_lossy(&a.stderr),
        String::from_utf8_lossy(&b.stderr),
        "{what}: standard error"
    );
}

/// More than two blocks of statements: one-liners, a statement of several lines, variables,
/// errors, comments, blank and CRLF lines, a line past the statement limit, and no newline at
/// the end.
fn statements() -> Vec<u8> {
    let mut text = Vec::new();
    let lines = [
        "logical_divide((4,6,1):(3,12,72), <2:1, _>)",
        "size((8,(2,4)):(1,(8,16)))",
        "composition((6,2):(8,2), (4,3):(3,1))",
        "x = complement(4:2, 24)",
        "coalesce(x)\r",
        "",
        "// a comment",
        "composition((4,3):(3,1),",
        "            (2,2):(1,2))",
        "logical_product(4:3, (2,(3)):(1,(2)))",
        "(4,(2,2)):(1,(4,8))(2, 0)",
    ];
    let mut i = 0;
    while text.len() < 2_300_000 {
        text.extend_from_slice(lines[i % lines.len()].as_bytes());
        text.push(b'\n');
        i += 1;
        if i == 20_000 {
            // past MAX_STATEMENT_LEN (4 MiB): reported and skipped
            text.extend(std::iter::repeat_n(b'(', 5 << 20));
            text.push(b'\n');
        }
    }
    text.extend_from_slice(b"cosize((4,8):(8,1))");
    text
}

#[test]
fn a_file_reads_as_a_pipe() {
    let text = statements();
    let file = TempFile::new("blocks", &text);
    let piped_eval = piped(&["eval"], &text);
    assert_eq!(piped_eval.status.code(), Some(1), "the input has errors");
    let stderr = String::from_utf8_lossy(&piped_eval.stderr);
    assert!(stderr.contains("longer than"), "the long line is reported");
    same(
        "eval < file",
        &from_file(&["eval"], file.open()),
        &piped_eval,
    );
    let path = file.0.to_str().expect("a UTF-8 path");
    let run_piped = piped(&["run", "-"], &text);
    same(
        "run - < file",
        &from_file(&["run", "-"], file.open()),
        &run_piped,
    );
    // `cute run FILE` names the file where `-` is `<stdin>`
    let run_path = cute(&["run", path], Stdio::null())
        .output()
        .expect("run cute");
    assert_eq!(
        run_path.stdout, run_piped.stdout,
        "run FILE: standard output"
    );
    assert_eq!(run_path.status.code(), run_piped.status.code());
}

#[test]
fn a_file_is_read_from_its_offset_to_its_end() {
    let text = b"size(4:1)\nsize(8:1)\ncosize(2:3)\n";
    let file = TempFile::new("offset", text);
    let mut f = file.open();
    f.seek(SeekFrom::Start(10)).expect("seek");
    same(
        "from offset 10",
        &from_file(&["eval"], f),
        &piped(&["eval"], &text[10..]),
    );
    // the offset is left at the end, as reading the file would: what runs next reads nothing
    let shell = format!("'{}' eval; cat", env!("CARGO_BIN_EXE_cute"));
    let out = Command::new("sh")
        .args(["-c", &shell])
        .stdin(Stdio::from(file.open()))
        .output()
        .expect("run sh");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "4\n8\n4\n");
}

#[test]
fn empty_and_unmappable_inputs_read_as_before() {
    let file = TempFile::new("empty", b"");
    let out = from_file(&["eval"], file.open());
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
    let null = from_file(
        &["eval"],
        std::fs::File::open("/dev/null").expect("/dev/null"),
    );
    assert_eq!(null.status.code(), Some(0));
    assert!(null.stdout.is_empty());
}

/// Issue 41, item 2: a file truncated while `cute run FILE` or `cute eval < FILE` reads it ends
/// the input, never the process (a mapped file ended it with SIGBUS, exit 135).
#[test]
fn a_file_truncated_while_read_ends_the_input_not_the_process() {
    let mut text = Vec::new();
    while text.len() < 8 << 20 {
        text.extend_from_slice(b"logical_divide((4,6,1):(3,12,72), <2:1, _>)\nx = 4:1\n");
    }
    for stdin in [false, true] {
        let file = TempFile::new(if stdin { "cut-stdin" } else { "cut-run" }, &text);
        let path = file.0.to_str().expect("a UTF-8 path").to_string();
        let mut child = if stdin {
            cute(&["eval"], Stdio::from(file.open()))
        } else {
            cute(&["run", &path], Stdio::null())
        }
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn cute");
        std::thread::sleep(std::time::Duration::from_millis(300));
        std::fs::OpenOptions::new()
            .write(true)
            .open(&file.0)
            .and_then(|f| f.set_len(0))
            .expect("truncate the file");
        let status = child.wait().expect("wait for cute");
        assert!(
            status.code().is_some(),
            "stdin {stdin}: ended by a signal: {status:?}"
        );
    }
}
