//! CLI transcripts (trycmd) under tests/cli/: every subcommand, success and failure.

#[test]
fn cli_transcripts() {
    trycmd::TestCases::new()
        .register_bin("cute", std::path::Path::new(env!("CARGO_BIN_EXE_cute")))
        .case("tests/cli/*.toml")
        .case("tests/cli/*.md");
}

/// Every `console` block of the README is a transcript: each command runs and prints what is
/// shown (`...` stands for lines left out). Blocks that need a GPU, write files or are an
/// interactive session are `sh`/`text` (the REPL session is replayed by `readme_repl_session`).
#[test]
fn readme_examples() {
    trycmd::TestCases::new()
        .register_bin("cute", std::path::Path::new(env!("CARGO_BIN_EXE_cute")))
        .case("README.md");
}

/// The examples of `cute --help` and of every command's `--help` (its "Example(s):" section):
/// each runs and succeeds; an example showing output (`explain`'s) prints it (`...` stands for
/// lines left out) and a `# comment` naming a conflict degree is what `bank` finds. GPU runs of
/// `gemm` are checked here with `--emit` added (the flags are valid and the kernel is
/// generated); their measurements are checked on the device (BENCHMARKS.md).
#[test]
fn help_examples_run_and_print_what_they_show() {
    let bin = env!("CARGO_BIN_EXE_cute");
    let help = |args: &[&str]| {
        let out = std::process::Command::new(bin)
            .args(args)
            .arg("--help")
            .env("NO_COLOR", "1")
            .output()
            .expect("cute runs");
        String::from_utf8(out.stdout).expect("UTF-8 help")
    };
    let commands = crate::helpers::commands();
    let mut ran = 0;
    for text in std::iter::once(help(&[])).chain(commands.iter().map(|c| help(&[c.as_str()]))) {
        let Some(start) = text.find("\nExample") else {
            continue;
        };
        let lines: Vec<&str> = text[start..].lines().skip(2).collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(cmd) = line.strip_prefix("  cute ") else {
                continue;
            };
            // the output shown under it: the more indented lines, up to a blank line
            let shown: Vec<String> = lines[i + 1..]
                .iter()
                .take_while(|l| l.starts_with("  ") && !l.starts_with("  cute "))
                .map(|l| match l.trim() {
                    "..." => "...".to_string(),
                    _ => l[2..].to_string(),
                })
                .collect();
            let (cmd, comment) = match cmd.split_once("   #") {
                Some((c, comment)) => (c, comment.trim()),
                None => (cmd, ""),
            };
            // `> FILE`: the command alone (its output is checked to be written, not the file)
            let cmd = cmd.split(" > ").next().unwrap_or(cmd);
            let mut args = shlex::split(cmd).unwrap_or_else(|| panic!("unquoted: {cmd}"));
            if args[0] == "gemm" && !args.iter().any(|a| a == "--emit" || a == "--compile-only") {
                args.push("--emit".into());
            }
            if args[0] == "gemm"
                && args.iter().any(|a| a == "--compile-only")
                && crate::helpers::nvrtc_absent()
            {
                crate::helpers::skipped(&format!("the example `cute {}` needs NVRTC", cmd.trim()));
                continue;
            }
            let out = std::process::Command::new(bin)
                .args(&args)
                .env("NO_COLOR", "1")
                .stdin(std::process::Stdio::null())
                .output()
                .expect("cute runs");
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert!(
                out.status.success(),
                "cute {cmd}: {}\n{stdout}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(
                !stdout.is_empty() || args[0] == "repl",
                "cute {cmd} printed nothing"
            );
            if !shown.is_empty() {
                let expected = shown.join("\n") + "\n";
                snapbox::assert_data_eq!(stdout.to_string(), expected);
            }
            if args[0] == "bank" && !comment.is_empty() {
                assert!(
                    stdout.contains(comment),
                    "cute {cmd}: no '{comment}' in\n{stdout}"
                );
            }
            ran += 1;
        }
    }
    assert!(ran >= 30, "only {ran} examples found");
}

/// README's example of an error is a `text` block (trycmd would show its `? 1` status line in a
/// `console` one): what it shows — the diagnostic, which is what a terminal shows, once
/// (`tmux::eval_on_a_terminal_shows_each_error_once_in_order`) — is what `cute` writes to
/// standard error, and the one line it writes into a pipe is the diagnostic's first.
#[test]
fn readme_error_example_is_what_cute_shows() {
    let readme = include_str!("../../README.md");
    let start = readme
        .find("```text\n$ cute eval ")
        .expect("README's error example");
    let block = &readme[start + "```text\n".len()..];
    let block = &block[..block.find("```").expect("the block's end")];
    let mut lines = block.lines();
    let command = lines.next().unwrap().strip_prefix("$ cute ").unwrap();
    let shown: Vec<&str> = lines.collect();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(shlex::split(command).expect("quoted"))
        .env("NO_COLOR", "1")
        .output()
        .expect("cute runs");
    assert_eq!(out.status.code(), Some(1), "{command}");
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert_eq!(stderr.trim_end(), shown.join("\n").trim_end(), "{command}");
    assert_eq!(stdout, format!("{}\n", shown[0]), "{command}");
}
