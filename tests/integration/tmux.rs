//! The REPL in a real terminal, under tmux: variables, a multi-line statement, an error that
//! does not end the session, tab completion and the history file. Skipped when tmux is absent.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn send(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "cute"];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "cute"])
    }

    /// Type text literally (`;` and key names included).
    fn type_text(&self, text: &str) {
        // tmux reads an argument ending in `;` as its command separator: that `;` goes alone,
        // escaped
        match text.strip_suffix(';') {
            Some(head) => {
                self.run(&["send-keys", "-t", "cute", "-l", head]);
                self.run(&["send-keys", "-t", "cute", "\\;"]);
            }
            None => {
                self.run(&["send-keys", "-t", "cute", "-l", text]);
            }
        }
    }

    /// Type a line and wait for the next prompt (typed-ahead keys may be dropped by the
    /// terminal mode switch between two prompts, as for a person typing too early).
    fn line(&self, text: &str) {
        let before = self.screen().matches("cute>").count();
        self.type_text(text);
        self.send(&["Enter"]);
        let start = Instant::now();
        while self.screen().matches("cute>").count() <= before
            && start.elapsed() < Duration::from_secs(10)
        {
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// Wait until the screen shows `text` (at most 10 s).
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(text) || start.elapsed() > Duration::from_secs(10) {
                return s;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

/// A REPL in a new tmux session (`None`: tmux is not installed), its data directory empty.
fn start(tag: &str) -> Option<(Tmux, std::path::PathBuf)> {
    start_with(tag, |_| {})
}

/// [`start`], with the data directory prepared by `prepare` first.
fn start_with(tag: &str, prepare: impl FnOnce(&Path)) -> Option<(Tmux, std::path::PathBuf)> {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("skipped: tmux is not installed (.ci/run installs it)");
        return None;
    }
    let data = std::env::temp_dir().join(format!("cute-tmux-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(&data).unwrap();
    prepare(&data);
    let tmux = Tmux {
        socket: format!("cute-test-{tag}-{}", std::process::id()),
    };
    let cmd = format!(
        "env XDG_DATA_HOME={} NO_COLOR=1 {} repl",
        data.display(),
        env!("CARGO_BIN_EXE_cute")
    );
    tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "cute",
        "-x",
        "120",
        "-y",
        "60",
        &cmd,
    ]);
    tmux.wait_for("cute>");
    Some((tmux, data))
}

#[test]
fn repl_in_a_real_terminal() {
    let Some((tmux, data)) = start("session") else {
        return;
    };

    tmux.line("A = (4,8):(1,4)");
    tmux.send(&["A o <2:1,", "Enter"]);
    std::thread::sleep(Duration::from_millis(100));
    tmux.line("2:4>");
    let s = tmux.wait_for("(2,2):(1,16)");
    assert!(s.contains("(2,2):(1,16)"), "multi-line statement:\n{s}");

    tmux.line("size(B)");
    let s = tmux.wait_for("undefined variable 'B'");
    assert!(s.contains("undefined variable 'B'"), "error shown:\n{s}");

    // the session goes on; tab completes a function name
    tmux.send(&["coales", "Tab"]);
    std::thread::sleep(Duration::from_millis(100));
    tmux.line("(A)");
    let s = tmux.wait_for("32:1");
    assert!(
        s.contains("coalesce(A)") && s.contains("32:1"),
        "tab completion:\n{s}"
    );

    tmux.send(&["C-d"]);
    std::thread::sleep(Duration::from_millis(300));
    let history = data.join("cute").join("history.txt");
    let text = std::fs::read_to_string(&history).unwrap_or_default();
    assert!(
        text.contains("A = (4,8):(1,4)") && text.contains("coalesce(A)"),
        "history file {}:\n{text}",
        history.display()
    );
    let _ = std::fs::remove_dir_all(Path::new(&data));
}

#[test]
fn repl_takes_a_pasted_block() {
    let Some((tmux, data)) = start("paste") else {
        return;
    };
    let paste = |block: &str, bracketed: bool| {
        let file = data.join("block.txt");
        std::fs::write(&file, block).unwrap();
        tmux.run(&["load-buffer", file.to_str().unwrap()]);
        if bracketed {
            tmux.run(&["paste-buffer", "-p", "-t", "cute"]);
        } else {
            tmux.run(&["paste-buffer", "-t", "cute"]);
        }
    };
    // a bracketed paste of several statements: each runs, each result and error once
    paste("A = (4,8):(1,4)\nsize(A)\nfrobnicate(A)\ncosize(A)\n", true);
    tmux.send(&["Enter"]);
    let s = tmux.wait_for("cute> \n");
    let s = if s.contains("\n32\n") {
        s
    } else {
        tmux.wait_for("\n32\n")
    };
    assert_eq!(
        s.matches("unknown function 'frobnicate'").count(),
        1,
        "error once:\n{s}"
    );
    assert_eq!(
        s.matches("\n32\n").count(),
        2,
        "size and cosize, once each:\n{s}"
    );

    // several lines arriving at once, unbracketed: all run
    tmux.send(&["C-l"]);
    paste("B = 3:2\nsize(B)\ncosize(B)\nB o 2:1\n", false);
    let s = tmux.wait_for("2:2");
    assert!(
        s.contains("\n3\n") && s.contains("\n5\n") && s.contains("2:2"),
        "all lines run:\n{s}"
    );

    // an open bracket shows the continuation prompt; Ctrl-C abandons the statement
    tmux.send(&["C-l"]);
    tmux.send(&["A o <2:1,", "Enter"]);
    let s = tmux.wait_for("...>");
    assert!(s.contains("\n  ...>"), "continuation prompt:\n{s}");
    tmux.send(&["C-c"]);
    std::thread::sleep(Duration::from_millis(200));
    tmux.line("size(A) + 1");
    let s = tmux.wait_for("33");
    assert!(
        s.contains("\n33\n"),
        "the abandoned statement is gone:\n{s}"
    );
    tmux.send(&["C-d"]);
    let _ = std::fs::remove_dir_all(Path::new(&data));
}

#[test]
fn a_hostile_history_file_is_not_read() {
    // a history that is a link to /dev/full (reading it would never end), then a FIFO
    for (tag, make) in [
        (
            "devfull",
            (|p: &Path| std::os::unix::fs::symlink("/dev/full", p).unwrap()) as fn(&Path),
        ),
        ("fifo", |p: &Path| {
            let ok = Command::new("mkfifo").arg(p).status().unwrap().success();
            assert!(ok, "mkfifo");
        }),
    ] {
        let Some((tmux, data)) = start_with(tag, |d| {
            std::fs::create_dir_all(d.join("cute")).unwrap();
            make(&d.join("cute").join("history.txt"));
        }) else {
            return;
        };
        let s = tmux.wait_for("history not kept");
        assert!(s.contains("is not a regular file"), "{tag}:\n{s}");
        tmux.line("size((4,8))");
        let s = tmux.wait_for("\n32\n");
        assert!(s.contains("\n32\n"), "{tag}: the session works:\n{s}");
        tmux.send(&["C-d"]);
        let _ = std::fs::remove_dir_all(Path::new(&data));
    }
}

/// `cute ARGS` in a new tmux session `width` columns wide, then `CUTE-DONE` on the screen when
/// it has finished (`None`: tmux is not installed).
fn in_terminal(tag: &str, args: &str, width: u16) -> Option<Tmux> {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("skipped: tmux is not installed (.ci/run installs it)");
        return None;
    }
    let tmux = Tmux {
        socket: format!("cute-test-{tag}-{}", std::process::id()),
    };
    // NVRTC may come from LD_LIBRARY_PATH (CI), which a tmux server does not pass on
    let library_path = std::env::var("LD_LIBRARY_PATH").unwrap_or_default();
    let cmd = format!(
        "env NO_COLOR=1 LD_LIBRARY_PATH='{library_path}' {} {args}; echo CUTE-DONE; sleep 60",
        env!("CARGO_BIN_EXE_cute")
    );
    let width = width.to_string();
    tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "cute",
        "-x",
        &width,
        "-y",
        "60",
        &cmd,
    ]);
    Some(tmux)
}

/// The longest line's width in characters.
fn widest(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

/// A 24-mode layout: its property table's value row is far wider than 60 columns.
const WIDE: &str = "'(2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,16384,32768,65536,131072,262144,524288,1048576,2097152,4194304,8388608)'";

#[test]
fn wide_tables_fit_the_terminal_and_stay_whole_when_piped() {
    let Some(tmux) = in_terminal("wide", &format!("show --format table {WIDE}"), 60) else {
        return;
    };
    let s = tmux.wait_for("CUTE-DONE");
    assert!(s.contains("CUTE-DONE") && s.contains("property"), "{s}");
    assert!(widest(&s) <= 60, "a line wider than the terminal:\n{s}");

    let (out, _, code) =
        crate::helpers::cute(&["show", "--format", "table", &WIDE[1..WIDE.len() - 1]], "");
    assert_eq!(code, 0);
    let value_row = out
        .lines()
        .find(|l| l.contains("(2,2,2,2"))
        .expect("the value row");
    assert!(
        value_row.contains("8388608)"),
        "piped, the row stays whole:\n{out}"
    );
}

#[test]
fn gemm_shows_progress_on_a_terminal_and_none_when_piped() {
    if crate::helpers::nvrtc_missing() {
        return;
    }
    let Some(tmux) = in_terminal("progress", "gemm --compile-only --sweep", 100) else {
        return;
    };
    let s = tmux.wait_for("configurations");
    assert!(
        s.contains("compiling") && s.contains("configurations"),
        "a progress bar while compiling:\n{s}"
    );
    let start = Instant::now();
    let mut s = tmux.screen();
    while !s.contains("CUTE-DONE") && start.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(200));
        s = tmux.screen();
    }
    assert!(s.contains("CUTE-DONE"), "{s}");
    assert!(
        !s.contains("configurations"),
        "the bar is cleared at the end:\n{s}"
    );
    assert!(widest(&s) <= 100, "the report fits 100 columns:\n{s}");

    let (out, err, code) = crate::helpers::cute(&["gemm", "--compile-only", "--sweep"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        !err.contains("configurations") && !err.contains('\r'),
        "no bar when piped: {err}"
    );
    assert!(widest(&out) > 100, "piped, the table stays whole:\n{out}");
}

/// README's REPL session, typed into a real terminal, shows exactly what the README shows.
#[test]
fn readme_repl_session_is_what_a_terminal_shows() {
    let readme = include_str!("../../README.md");
    let start_at = readme
        .find("```text\n$ cute repl\n")
        .expect("README's REPL block");
    let block = &readme[start_at..];
    let block = &block[..block[8..].find("```").expect("the block's end") + 8];
    let shown: Vec<&str> = block.lines().skip(2).collect();
    let Some((tmux, data)) = start("readme") else {
        return;
    };
    for (i, line) in shown.iter().enumerate() {
        let continued = shown
            .get(i + 1)
            .is_some_and(|next| next.starts_with("  ...> "));
        let Some(input) = line
            .strip_prefix("cute> ")
            .or_else(|| line.strip_prefix("  ...> "))
        else {
            continue;
        };
        if continued {
            tmux.type_text(input);
            tmux.send(&["Enter"]);
            tmux.wait_for("...>");
        } else {
            tmux.line(input);
        }
    }
    let screen = tmux.screen();
    let lines: Vec<&str> = screen.lines().map(str::trim_end).collect();
    let first = lines
        .iter()
        .position(|l| *l == shown[0])
        .unwrap_or_else(|| panic!("the session's first line on screen:\n{screen}"));
    for (k, want) in shown.iter().enumerate() {
        assert_eq!(
            lines.get(first + k).copied().unwrap_or(""),
            want.trim_end(),
            "line {k} of README's REPL session; the screen:\n{screen}"
        );
    }
    let _ = std::fs::remove_dir_all(data);
}

/// Ctrl-C during a long computation (an `--verify` of millions of points) stops it: the
/// statement fails as interrupted and the session goes on.
#[test]
fn ctrl_c_stops_a_long_computation_and_the_session_goes_on() {
    let Some((tmux, data)) = start("interrupt") else {
        return;
    };
    let long = ":explain --verify (((8,3),(2,6)))*(((4,32),(96,384))) / (32)";
    // a few tries: the key must arrive while the computation runs (it takes about a second)
    let mut stopped = false;
    for _ in 0..3 {
        tmux.type_text(long);
        tmux.send(&["Enter"]);
        std::thread::sleep(Duration::from_millis(150));
        tmux.send(&["C-c"]);
        let s = tmux.wait_for("interrupted");
        if s.contains("interrupted") {
            stopped = true;
            break;
        }
    }
    assert!(
        stopped,
        "Ctrl-C did not stop the computation:\n{}",
        tmux.screen()
    );
    tmux.line("size((4,8))");
    let s = tmux.wait_for("32");
    assert!(
        s.lines().any(|l| l.trim() == "32"),
        "the session goes on:\n{s}"
    );
    let _ = std::fs::remove_dir_all(data);
}

/// A grid wider than the terminal is folded into bands of columns that fit it, each with its
/// column indices, and a line says so; piped, it stays whole.
#[test]
fn wide_grids_fold_to_the_terminal_and_stay_whole_when_piped() {
    let expr = "Sw<3,3,3> o (8,64):(64,1)";
    let Some(tmux) = in_terminal("fold", &format!("--format grid eval '{expr}'"), 100) else {
        return;
    };
    let s = tmux.wait_for("CUTE-DONE");
    assert!(s.contains("CUTE-DONE"), "{s}");
    assert!(widest(&s) <= 100, "a line wider than the terminal:\n{s}");
    assert!(
        s.contains("… columns 0–15, 16–31, 32–47, 48–63 in 4 bands of 16 to fit 100 columns"),
        "{s}"
    );
    // each band under its own column indices, every row in each
    let lines: Vec<&str> = s.lines().collect();
    let firsts: Vec<&str> = lines
        .windows(2)
        .filter(|w| w[1].contains('┌'))
        .filter_map(|w| w[0].split_whitespace().next())
        .collect();
    assert_eq!(firsts, ["0", "16", "32", "48"], "{s}");
    assert_eq!(lines.iter().filter(|l| l.starts_with("7 │")).count(), 4);

    let (out, _, code) = crate::helpers::cute(&["--format", "grid", "eval", expr], "");
    assert_eq!(code, 0);
    assert_eq!(widest(&out), 387, "piped, the grid stays whole:\n{out}");
    assert!(!out.contains("bands"));
}
