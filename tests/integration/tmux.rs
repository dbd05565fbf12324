//! The REPL in a real terminal, under tmux: variables, a multi-line statement, an error that
//! does not end the session, tab completion and the history file. Skipped when tmux is absent
//! (`SKIPPED <test>: needs tmux` in `cargo test`'s output: `helpers::skipped`).

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
        self.wait_for_within(text, Duration::from_secs(10))
    }

    /// [`Tmux::wait_for`] with a limit of its own (a debug build on a loaded machine takes its
    /// time: `gemm --sweep` builds 32 configurations before its progress bar shows).
    fn wait_for_within(&self, text: &str, limit: Duration) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(text) || start.elapsed() > limit {
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
    start_env(tag, "NO_COLOR=1", prepare)
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
    if crate::helpers::tmux_missing() {
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
    let s = tmux.wait_for_within("configurations", Duration::from_secs(180));
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

/// On a terminal (standard output and standard error one tty) `cute eval` shows each error
/// once — its diagnostic — in statement order: from arguments, from `-` (standard input) and
/// for `cute run`. With standard error sent elsewhere the terminal gets SPEC §4's `error:` line
/// in its place; piped, that line is on standard output and the diagnostic on standard error.
#[test]
fn eval_on_a_terminal_shows_each_error_once_in_order() {
    let file = std::env::temp_dir().join(format!("cute-tmux-once-{}.cute", std::process::id()));
    std::fs::write(&file, "size((4,8))\nsizee(4)\ncomplement(4:2, 24)\n").unwrap();
    let statements = "'size((4,8))' 'sizee(4)' 'complement(4:2, 24)'";
    for (tag, args, caret) in [
        ("once-args", format!("eval {statements}"), true),
        ("once-stdin", format!("eval - < {}", file.display()), true),
        ("once-run", format!("run {}", file.display()), true),
        (
            "once-stderr-away",
            format!("eval {statements} 2>/dev/null"),
            false,
        ),
    ] {
        let Some(tmux) = in_terminal(tag, &args, 100) else {
            return;
        };
        let s = tmux.wait_for("CUTE-DONE");
        assert!(s.contains("CUTE-DONE"), "{tag}:\n{s}");
        assert_eq!(
            s.matches("unknown function 'sizee'").count(),
            1,
            "{tag}: the error once:\n{s}"
        );
        let lines: Vec<&str> = s.lines().map(str::trim_end).collect();
        let at = |want: &dyn Fn(&str) -> bool, what: &str| {
            lines
                .iter()
                .position(|l| want(l))
                .unwrap_or_else(|| panic!("{tag}: no {what} on the screen:\n{s}"))
        };
        let value = at(&|l| l == "32", "32");
        let error = at(
            &|l| l.starts_with("error: unknown function 'sizee'"),
            "error",
        );
        let last = at(&|l| l == "(2,3):(1,8)", "(2,3):(1,8)");
        assert!(
            value < error && error < last,
            "{tag}: in statement order:\n{s}"
        );
        if caret {
            let caret = at(&|l| l.contains("^^^^^"), "caret");
            assert!(
                error < caret && caret < last,
                "{tag}: the caret in place:\n{s}"
            );
        }
    }
    let _ = std::fs::remove_file(&file);
    let (out, err, code) = crate::helpers::cute(
        &["eval", "size((4,8))", "sizee(4)", "complement(4:2, 24)"],
        "",
    );
    assert_eq!(
        out,
        "32\nerror: unknown function 'sizee'; did you mean 'size'?\n(2,3):(1,8)\n"
    );
    assert!(
        err.contains("^^^^^") && err.matches("unknown function").count() == 1,
        "{err}"
    );
    assert_eq!(code, 1);
}

/// A test that skips its checks for a missing tool says so in a plain `cargo test`'s output,
/// not only with `--nocapture`: this test binary run again on two tests, pretending tmux and
/// NVRTC are not installed (`CUTE_TEST_WITHOUT`).
#[test]
fn a_skip_for_a_missing_tool_shows_in_the_test_output() {
    if std::env::var_os("CUTE_TEST_WITHOUT").is_some() {
        return;
    }
    let tests = [
        "tmux::repl_in_a_real_terminal",
        "tmux::gemm_shows_progress_on_a_terminal_and_none_when_piped",
    ];
    let out = Command::new(std::env::current_exe().unwrap())
        .args(tests)
        .arg("--exact")
        .env("CUTE_TEST_WITHOUT", "tmux,nvrtc")
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{stdout}\n{stderr}");
    for test in tests {
        assert!(stdout.contains(&format!("test {test} ... ok")), "{stdout}");
    }
    assert!(
        stderr.contains("SKIPPED tmux::repl_in_a_real_terminal: needs tmux"),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "SKIPPED tmux::gemm_shows_progress_on_a_terminal_and_none_when_piped: needs NVRTC"
        ),
        "{stderr}"
    );
}

/// [`start_with`], the REPL started under `env ENV` (instead of `NO_COLOR=1`).
fn start_env(
    tag: &str,
    env: &str,
    prepare: impl FnOnce(&Path),
) -> Option<(Tmux, std::path::PathBuf)> {
    if crate::helpers::tmux_missing() {
        return None;
    }
    let data = std::env::temp_dir().join(format!("cute-tmux-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(data.join("cute")).unwrap();
    prepare(&data);
    let tmux = Tmux {
        socket: format!("cute-test-{tag}-{}", std::process::id()),
    };
    let cmd = format!(
        "env XDG_DATA_HOME={} {env} {} repl",
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

impl Tmux {
    /// Paste `block` as a terminal does, bracketed (the REPL turns bracketed paste on).
    fn paste(&self, data: &Path, block: &str) {
        let file = data.join("paste.txt");
        std::fs::write(&file, block).unwrap();
        self.run(&["load-buffer", file.to_str().unwrap()]);
        self.run(&["paste-buffer", "-p", "-t", "cute"]);
    }

    /// The screen's lines, their trailing blanks trimmed, the empty ones left out.
    fn lines(&self) -> Vec<String> {
        self.screen()
            .lines()
            .map(|l| l.trim_end().to_string())
            .filter(|l| !l.is_empty())
            .collect()
    }

    /// Wait until the screen's lines end with `last` (at most 10 s); the lines.
    fn wait_for_last(&self, last: &str) -> Vec<String> {
        let start = Instant::now();
        loop {
            let lines = self.lines();
            let at_end = lines.iter().rev().take(2).any(|l| l == last);
            if at_end || start.elapsed() > Duration::from_secs(10) {
                return lines;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// Tab lists the candidates (a second Tab), as shells do; on a unique match a second Tab keeps
/// it; the atom catalog's names complete (GMMA shared-memory atoms, element types, MMA atoms).
#[test]
fn tab_lists_the_candidates_and_completes_atom_names() {
    let Some((tmux, data)) = start("tablist") else {
        return;
    };
    tmux.send(&["co", "Tab"]);
    std::thread::sleep(Duration::from_millis(200));
    tmux.send(&["Tab"]);
    let s = tmux.wait_for("complement");
    let listing = s
        .lines()
        .find(|l| l.contains("coalesce") && !l.contains("cute>"))
        .unwrap_or_else(|| panic!("a line of candidates:\n{s}"));
    assert!(
        listing.contains("complement") || s.contains("cosize"),
        "the candidates listed:\n{s}"
    );
    assert!(
        s.lines().filter(|l| l.starts_with("cute> co")).count() >= 1,
        "the line kept below the list:\n{s}"
    );
    tmux.send(&["C-u"]);
    tmux.send(&["C-l"]);

    // a unique match: the second Tab keeps it
    tmux.send(&["coales", "Tab"]);
    std::thread::sleep(Duration::from_millis(200));
    tmux.send(&["Tab"]);
    std::thread::sleep(Duration::from_millis(200));
    tmux.line("(4:1)");
    let s = tmux.wait_for("coalesce(4:1)");
    assert!(s.contains("cute> coalesce(4:1)"), "kept:\n{s}");

    // atoms: a GMMA shared-memory atom, an element type, an MMA atom
    tmux.send(&["gmma_atom(Layout_K_SW1", "Tab"]);
    std::thread::sleep(Duration::from_millis(200));
    tmux.send(&[", bf1", "Tab"]);
    std::thread::sleep(Duration::from_millis(200));
    tmux.line(")");
    let s = tmux.wait_for("smem_ptr[16b]");
    assert!(
        s.contains("gmma_atom(Layout_K_SW128_Atom, bf16)")
            && s.contains("Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)"),
        "atom names complete:\n{s}"
    );
    tmux.send(&["mma_atom(SM80_16x8x16_F32BF", "Tab"]);
    std::thread::sleep(Duration::from_millis(200));
    tmux.line(").CLayout");
    let s = tmux.wait_for("((4,8),(2,2)):((32,1),(16,8))");
    assert!(
        s.contains("mma_atom(SM80_16x8x16_F32BF16BF16F32_TN).CLayout"),
        "an MMA atom completes:\n{s}"
    );
    tmux.send(&["C-d"]);
    let _ = std::fs::remove_dir_all(data);
}

/// A bracketed paste runs at once (no extra Enter), each statement shown with its prompt and
/// then its answer, as if typed; each statement is one history entry, a multi-line one too.
#[test]
fn a_bracketed_paste_shows_each_statement_then_its_answer() {
    let Some((tmux, data)) = start("pasteecho") else {
        return;
    };
    tmux.paste(
        &data,
        "A = (4,8):(1,4)\nsize(A)\nfrobnicate(A)\nzipped_divide(A,\n  (2,4))\ncosize(A)\n",
    );
    // the last statement shown, then its answer and the next prompt (a prompt alone at the end
    // is also the screen before the paste is read)
    tmux.wait_for("cute> cosize(A)");
    let lines = tmux.wait_for_last("cute>");
    let at = |want: &str| {
        lines
            .iter()
            .position(|l| l == want)
            .unwrap_or_else(|| panic!("{want:?} on the screen:\n{}", lines.join("\n")))
    };
    let order = [
        at("cute> A = (4,8):(1,4)"),
        at("cute> size(A)"),
        at("cute> frobnicate(A)"),
        at("cute> zipped_divide(A,"),
        at("  ...>   (2,4))"),
        at("((2,4),(2,2)):((1,4),(2,16))"),
        at("cute> cosize(A)"),
    ];
    assert!(
        order.windows(2).all(|w| w[0] < w[1]),
        "in order:\n{}",
        lines.join("\n")
    );
    assert_eq!(lines[order[1] + 1], "32", "size's answer under it");
    assert!(
        lines[order[2] + 1].contains("unknown function 'frobnicate'"),
        "the error under its statement:\n{}",
        lines.join("\n")
    );
    assert_eq!(lines[order[6] + 1], "32", "cosize's answer under it");
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("cute>")).count(),
        6,
        "no prompt left empty above the block:\n{}",
        lines.join("\n")
    );

    // a paste within a line is inserted where the cursor is, and waits for Enter
    tmux.send(&["C-l"]);
    tmux.send(&["size("]);
    tmux.paste(&data, "(4,8)");
    tmux.line(")");
    let s = tmux.wait_for("cute> size((4,8))");
    assert!(s.contains("cute> size((4,8))\n32"), "{s}");

    tmux.send(&["C-d"]);
    std::thread::sleep(Duration::from_millis(300));
    let history = std::fs::read_to_string(data.join("cute").join("history.txt")).unwrap();
    let entries: Vec<&str> = history.lines().collect();
    assert_eq!(
        entries,
        [
            "#V2",
            "A = (4,8):(1,4)",
            "size(A)",
            "frobnicate(A)",
            "zipped_divide(A,\\n  (2,4))",
            "cosize(A)",
            "size((4,8))"
        ],
        "one entry per statement"
    );
    let _ = std::fs::remove_dir_all(data);
}

/// A statement typed over two lines is one history entry, recalled whole by Up; `:help` says
/// where the history is.
#[test]
fn a_multi_line_statement_is_one_history_entry() {
    let Some((tmux, data)) = start("histmulti") else {
        return;
    };
    tmux.line("A = (4,8):(1,4)");
    tmux.type_text("zipped_divide(A,");
    tmux.send(&["Enter"]);
    tmux.wait_for("...>");
    tmux.line("  (2,4))");
    tmux.wait_for("((2,4),(2,2))");
    tmux.send(&["C-l"]);
    tmux.send(&["Up"]);
    std::thread::sleep(Duration::from_millis(200));
    tmux.send(&["Enter"]);
    let s = tmux.wait_for("((2,4),(2,2))");
    assert!(
        s.contains("cute> zipped_divide(A,\n  (2,4))\n((2,4),(2,2)):((1,4),(2,16))"),
        "Up recalls the whole statement:\n{s}"
    );
    tmux.send(&["C-l"]);
    tmux.line(":help");
    let s = tmux.wait_for("History:");
    let history = data.join("cute").join("history.txt");
    assert!(
        s.replace('\n', "").contains(&history.display().to_string()),
        ":help names the history file:\n{s}"
    );
    tmux.send(&["C-d"]);
    std::thread::sleep(Duration::from_millis(300));
    let text = std::fs::read_to_string(&history).unwrap();
    assert!(
        text.lines().any(|l| l == "zipped_divide(A,\\n  (2,4))")
            && !text.lines().any(|l| l == "  (2,4))"),
        "one entry:\n{text}"
    );
    let _ = std::fs::remove_dir_all(data);
}

/// Ctrl-C during a pasted block stops the statement running and drops the rest of the block;
/// the session goes on.
#[test]
fn ctrl_c_stops_a_paste() {
    let Some((tmux, data)) = start("pastestop") else {
        return;
    };
    let long = ":explain --verify (((8,3),(2,6)))*(((4,32),(96,384))) / (32)";
    let mut stopped = false;
    for _ in 0..3 {
        tmux.send(&["C-l"]);
        tmux.paste(&data, &format!("{long}\n{long}\n{long}\nsize((4,8))\n"));
        std::thread::sleep(Duration::from_millis(300));
        tmux.send(&["C-c"]);
        let s = tmux.wait_for("is dropped");
        if s.contains("is dropped") {
            stopped = true;
            assert!(
                !s.lines().any(|l| l.trim() == "32") && !s.contains("cute> size((4,8))"),
                "the rest is not run:\n{s}"
            );
            break;
        }
        // too late: the block ran through; wait for its end
        tmux.wait_for("\n32\n");
    }
    assert!(stopped, "Ctrl-C did not stop the paste:\n{}", tmux.screen());
    tmux.line("size((2,3))");
    let s = tmux.wait_for("\n6\n");
    assert!(s.contains("\n6\n"), "the session goes on:\n{s}");
    tmux.send(&["C-d"]);
    let _ = std::fs::remove_dir_all(data);
}

/// A history file made huge by one long line (as an earlier version saved a pasted megabyte),
/// or holding bytes that are not UTF-8, does not disable the history: a warning, the good
/// entries kept, the file rewritten; a pasted statement over the limit is not kept.
#[test]
fn a_huge_or_bad_history_file_does_not_disable_history() {
    let huge = |d: &Path| {
        let mut text = b"#V2\nold_entry = 1\n".to_vec();
        text.extend(std::iter::repeat_n(b'x', 1_200_000));
        text.extend_from_slice(b"\nlast_old = 2\n");
        std::fs::write(d.join("cute").join("history.txt"), text).unwrap();
    };
    let bad = |d: &Path| {
        std::fs::write(
            d.join("cute").join("history.txt"),
            b"#V2\ngood = 1\n\xff\xfe bad\n",
        )
        .unwrap();
    };
    for (tag, prepare, warning, kept) in [
        (
            "histhuge",
            huge as fn(&Path),
            "more than 1048576",
            "last_old = 2",
        ),
        ("histbad", bad, "skipped 1 entry", "good = 1"),
    ] {
        let Some((tmux, data)) = start_env(tag, "NO_COLOR=1", prepare) else {
            return;
        };
        let s = tmux.wait_for(warning);
        assert!(s.contains(warning), "{tag}: a warning:\n{s}");
        // a pasted statement over the limit is run, not kept
        let long = format!("size((4,8)) # {}\n", "y".repeat(5000));
        tmux.paste(&data, &long);
        tmux.wait_for("\n32\n");
        tmux.send(&["C-l"]);
        tmux.line("cosize((2,3))");
        tmux.wait_for("\n6\n");
        tmux.send(&["C-d"]);
        std::thread::sleep(Duration::from_millis(300));
        let text = std::fs::read(data.join("cute").join("history.txt")).unwrap();
        let text = String::from_utf8(text).expect("the file is rewritten, UTF-8");
        assert!(
            text.lines().any(|l| l == kept) && text.lines().any(|l| l == "cosize((2,3))"),
            "{tag}: the old good entries and the new one:\n{text}"
        );
        assert!(
            text.len() < 10_000,
            "{tag}: nothing long kept ({} bytes)",
            text.len()
        );
        let _ = std::fs::remove_dir_all(data);
    }
}

/// With `TERM=dumb` the prompt carries no colour (and no escapes at all).
#[test]
fn a_dumb_terminal_gets_no_colour() {
    let Some((tmux, data)) = start_env("dumb", "TERM=dumb", |_| {}) else {
        return;
    };
    tmux.line("size((4,8))");
    tmux.wait_for("32");
    let screen = tmux.run(&["capture-pane", "-e", "-p", "-t", "cute"]);
    assert!(
        screen.contains("cute> size((4,8))") && !screen.contains('\x1b'),
        "no escapes: {screen:?}"
    );
    tmux.send(&["C-d"]);
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
