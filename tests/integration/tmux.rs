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

    /// Type a line and wait for the next prompt (typed-ahead keys may be dropped by the
    /// terminal mode switch between two prompts, as for a person typing too early).
    fn line(&self, text: &str) {
        let before = self.screen().matches("cute>").count();
        self.send(&[text, "Enter"]);
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

#[test]
fn repl_in_a_real_terminal() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("skipped: tmux is not installed (.ci/run installs it)");
        return;
    }
    let data = std::env::temp_dir().join(format!("cute-tmux-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(&data).unwrap();
    let tmux = Tmux {
        socket: format!("cute-test-{}", std::process::id()),
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
        "40",
        &cmd,
    ]);
    tmux.wait_for("cute>");

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
