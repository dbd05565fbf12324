//! Hostile input on every surface (issue "Hardening, round 2"): each reproducer ends as a clean
//! error that names the problem, and a generated set of hostile command lines over every
//! subcommand is classified — error, panic, signal, hang, silent failure, success — with no
//! panic, signal, hang or silent failure allowed.

use std::ffi::OsString;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How a process ended.
#[derive(Debug)]
struct Ended {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
    elapsed: Duration,
    timed_out: bool,
}

/// Where the child's standard output goes.
#[derive(Clone, Copy)]
enum Out {
    Captured,
    /// `/dev/full`: every write fails with ENOSPC.
    Full,
}

fn run_with(args: &[OsString], stdin: Vec<u8>, out: Out, limit: Duration) -> Ended {
    let stdout = match out {
        Out::Captured => Stdio::piped(),
        Out::Full => Stdio::from(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .expect("/dev/full"),
        ),
    };
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn cute");
    let mut pipe = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let mut out_pipe = child.stdout.take();
    let mut err_pipe = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut o = Vec::new();
        if let Some(p) = out_pipe.as_mut() {
            let _ = std::io::Read::read_to_end(p, &mut o);
        }
        o
    });
    let err_reader = std::thread::spawn(move || {
        let mut e = String::new();
        let _ = std::io::Read::read_to_string(&mut err_pipe, &mut e);
        e
    });
    let mut timed_out = false;
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if start.elapsed() > limit {
            timed_out = true;
            let _ = child.kill();
            break child.wait().expect("wait");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let elapsed = start.elapsed();
    let _ = writer.join();
    Ended {
        code: status.code(),
        stdout: reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
        elapsed,
        timed_out,
    }
}

fn run(args: &[&str], stdin: &[u8]) -> Ended {
    let args: Vec<OsString> = args.iter().map(OsString::from).collect();
    run_with(
        &args,
        stdin.to_vec(),
        Out::Captured,
        Duration::from_secs(20),
    )
}

fn stdout(e: &Ended) -> String {
    String::from_utf8_lossy(&e.stdout).into_owned()
}

/// The outcome classes of the hostile-command-line test.
#[derive(Debug, PartialEq, Eq, Clone, Copy, PartialOrd, Ord)]
enum Class {
    /// A clean failure: non-zero exit (1, 2 or 3) with a message.
    Error,
    /// Exit 0.
    Success,
    /// A Rust panic.
    Panic,
    /// Killed by a signal (a crash).
    Signal,
    /// Ran past the time limit.
    Hang,
    /// A non-zero exit with no message.
    Silent,
    /// An exit status other than 0, 1, 2, 3.
    OddStatus,
}

fn classify(e: &Ended) -> Class {
    if e.timed_out {
        return Class::Hang;
    }
    if e.stderr.contains("panicked") || e.code == Some(101) {
        return Class::Panic;
    }
    match e.code {
        None => Class::Signal,
        Some(0) => Class::Success,
        Some(1..=3) => {
            let said = e.stderr.contains("error") || stdout(e).contains("error");
            if said { Class::Error } else { Class::Silent }
        }
        Some(_) => Class::OddStatus,
    }
}

// ---------------------------------------------------------------- the reproducers

#[test]
fn operator_chains_stop_at_the_nesting_limit() {
    for op in [" * ", " o ", " / "] {
        let chain = vec!["1:1"; 8000].join(op);
        for args in [vec!["eval"], vec!["repl"]] {
            let e = run(&args, format!("{chain}\n").as_bytes());
            assert!(
                matches!(classify(&e), Class::Error | Class::Success),
                "{op} chain through {args:?}: {e:?}"
            );
            assert!(e.elapsed < Duration::from_secs(5), "{op}: {:?}", e.elapsed);
        }
        let e = run(&["explain", &chain], b"");
        assert!(
            matches!(classify(&e), Class::Error | Class::Success),
            "explain {op}: {e:?}"
        );
    }
    let e = run(
        &["eval"],
        format!("{}\n", vec!["1:1"; 8000].join(" * ")).as_bytes(),
    );
    assert!(
        stdout(&e).contains("deeper than the limit of 256 levels"),
        "{e:?}"
    );
}

/// A Python definition whose `def` line never closes (`def f(` then 100,000 parameters' lines),
/// or decorators with no `def`: each line is read once (the header was read again whole at
/// each line, and these hung), and each ends as the error that names it.
#[test]
fn an_open_python_definition_is_read_in_linear_time() {
    let mut open_params = String::from("def f(\n");
    let mut decorators = String::from("@cute.jit\n");
    for i in 0..100_000 {
        open_params.push_str(&format!("  a{i},\n"));
        decorators.push_str(&format!("@x{i}\n"));
    }
    for (input, want) in [
        (open_params, "expected ')' to close the parameters"),
        (decorators, "a decorator without its function"),
    ] {
        let e = run(&["eval"], input.as_bytes());
        assert_eq!(e.code, Some(1), "{e:?}");
        assert!(stdout(&e).contains(want), "{}", stdout(&e));
        assert!(
            e.elapsed < Duration::from_secs(10),
            "{want}: {:?}",
            e.elapsed
        );
    }
}

/// Python's `elif` nests one level deeper, as C++'s `else if`: a chain of 3,000 stops at the
/// limit on nested control statements (it overflowed the stack), and a short one runs.
#[test]
fn an_elif_chain_stops_at_the_nesting_limit() {
    let mut chain = String::from("if True:\n    a = 1\n");
    for _ in 0..3000 {
        chain.push_str("elif False:\n    b = 2\n");
    }
    let e = run(&["eval"], chain.as_bytes());
    assert_eq!(e.code, Some(1), "{e:?}");
    assert!(
        stdout(&e).contains("control statements nested deeper than 64 levels (the limit)"),
        "{}",
        stdout(&e)
    );
    let e = run(
        &["eval"],
        b"if False:\n    a = 1\nelif False:\n    b = 2\nelse:\n    c = 3\nprint(c)\n",
    );
    assert_eq!((stdout(&e).as_str(), e.code), ("3\n", Some(0)), "{e:?}");
}

/// A template nested past 128 levels (`using T = tuple<tuple<…int…>>;`, 129 to 2,000): the
/// statement's `;` closes its angles at once (it popped them one by one, and past the 128 the
/// scanner remembers it never got there: a hang); deeper than the parser's limit, that error.
#[test]
fn a_template_nested_past_128_levels_ends_at_its_semicolon() {
    for n in [129, 300, 2000] {
        let stmt = format!("using T = {}int{};\n", "tuple<".repeat(n), ">".repeat(n));
        let e = run(&["eval"], stmt.as_bytes());
        assert!(
            matches!(classify(&e), Class::Error | Class::Success),
            "{n}: {e:?}"
        );
        assert!(e.elapsed < Duration::from_secs(5), "{n}: {:?}", e.elapsed);
        if n > 256 {
            assert!(
                stdout(&e).contains("nesting deeper than 256 levels"),
                "{n}: {e:?}"
            );
        }
    }
}

#[test]
fn a_line_past_the_statement_limit_is_skipped_in_constant_memory() {
    let mut input = vec![0u8; 40 << 20];
    input.extend_from_slice(b"\nsize(4:1)\n");
    let e = run(&["eval"], &input);
    assert_eq!(e.code, Some(1));
    let out = stdout(&e);
    assert!(
        out.starts_with("error: statement longer than 4194304 bytes"),
        "{out}"
    );
    assert!(out.ends_with("4\n"), "the next line is answered: {out}");
    assert!(e.elapsed < Duration::from_secs(10), "{:?}", e.elapsed);
}

#[test]
fn io_failures_are_said() {
    let e = run(&["run", "/tmp"], b"");
    assert_eq!(e.code, Some(1));
    assert!(
        e.stderr.contains("cannot read /tmp: Is a directory"),
        "{e:?}"
    );
    let e = run(&["run", "-"], b"size(4:1)\n");
    assert_eq!((e.code, stdout(&e).as_str()), (Some(0), "4\n"));
    for args in [
        vec!["eval", "4:1"],
        vec!["compose", "4:1", "2:1"],
        vec!["coalesce", "4:1"],
        vec!["show", "(4,8):(1,4)"],
        vec!["explain", "4:1 o 2:1"],
        vec!["--help"],
        vec!["--version"],
        vec!["completions", "bash"],
        vec!["completions", "fish"],
        vec!["completions", "zsh"],
        vec!["completions", "elvish"],
        vec!["completions", "powershell"],
        vec!["bank", "(8,64):(64,1)", "--tv", "(8,8):(1,8)"],
        vec!["gemm", "--emit"],
        vec!["repl"],
    ] {
        let os: Vec<OsString> = args.iter().map(OsString::from).collect();
        let e = run_with(&os, b"4:1\n".to_vec(), Out::Full, Duration::from_secs(20));
        assert_eq!(e.code, Some(1), "{args:?}: {e:?}");
        assert!(
            e.stderr
                .contains("cannot write output: No space left on device"),
            "{args:?}: {e:?}"
        );
    }
}

#[test]
fn a_closed_pipe_stays_quiet() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(["completions", "fish"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
}

#[test]
fn pictures_are_written_whole() {
    let dir = std::env::temp_dir().join(format!("cute-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("l.tex");
    std::fs::write(&file, "old").unwrap();
    let e = run(
        &["show", "(4,8):(1,4)", "--latex", file.to_str().unwrap()],
        b"",
    );
    assert_eq!(e.code, Some(0), "{e:?}");
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("tikzpicture")
    );
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 1, "no temporary file left behind");
    // a device is written directly, and its error reported
    let e = run(&["show", "(4,8):(1,4)", "--latex", "/dev/full"], b"");
    assert_eq!(e.code, Some(1));
    assert!(e.stderr.contains("cannot write /dev/full"), "{e:?}");
    let e = run(
        &[
            "show",
            "(4,8):(1,4)",
            "--svg",
            "/dev/null",
            "--latex",
            "/dev/null",
        ],
        b"",
    );
    assert!(
        matches!(classify(&e), Class::Success | Class::Error),
        "{e:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn explain_index_fails_outside_the_domain_and_on_overflow() {
    let e = run(
        &[
            "explain",
            "--index",
            "3",
            "(2,2):(9223372036854775807,1) o (2,2)",
        ],
        b"",
    );
    assert_eq!(e.code, Some(1), "{e:?}");
    assert!(stdout(&e).contains("integer overflow"), "{e:?}");
    let e = run(&["explain", "--index", "100", "(2,2):(1,2)"], b"");
    assert_eq!(e.code, Some(1), "{e:?}");
    assert!(stdout(&e).contains("outside the domain [0, 4)"), "{e:?}");
}

#[test]
fn control_characters_are_escaped_in_diagnostics() {
    let e = run(&["eval"], b"size(\x1b[2J4:1) \xef\xbb\xbf\n");
    assert!(!e.stderr.contains('\x1b'), "{e:?}");
    assert!(!stdout(&e).contains('\x1b'), "{e:?}");
    assert!(e.stderr.contains("\\u{1b}"), "{e:?}");
}

#[test]
fn small_contract_items() {
    let e = run(
        &[
            "eval",
            "auto = 2",
            "None = 2",
            "make_tile(Sw<3,4,3>)",
            "make_tile(4:1)",
            "size((4,-2))",
            "make_shape(4, 0)",
        ],
        b"",
    );
    assert_eq!(
        stdout(&e),
        "error: cannot assign to 'auto': it is a keyword of C++\n\
         error: cannot assign to 'None': it is a keyword of Python\n\
         <Sw<3,4,3>>\n\
         <4:1>\n\
         error: shape (4,-2) has a non-positive extent -2\n\
         error: shape (4,0) has a non-positive extent 0\n"
    );
    let e = run(
        &[
            "show",
            "--color-by",
            "bank",
            "--elem-bits",
            "0",
            "(8,8):(8,1)",
        ],
        b"",
    );
    assert_eq!(e.code, Some(2), "{e:?}");
    let e = run(
        &[
            "bank",
            "(8,64):(64,1)",
            "--tv",
            "(8,8):(1,8)",
            "--elem-bits",
            "0",
        ],
        b"",
    );
    assert_eq!(e.code, Some(2), "{e:?}");
}

#[test]
fn gemm_settings_are_checked_before_anything_is_allocated() {
    for (args, says) in [
        (
            &["--m", "100000000", "--n", "100000000", "--k", "8"][..],
            "more than any GPU has",
        ),
        (
            &["--m", "4194304", "--n", "4194304", "--k", "64"],
            "more than any GPU has",
        ),
        (
            &["--m", "2147483520", "--n", "128", "--k", "2147483640"],
            "more than any GPU has",
        ),
        (
            &["--m", "65536", "--n", "65536", "--k", "1048576"],
            "more than any GPU has",
        ),
        (
            &["--stages", "4611686018427387904", "--emit"],
            "not in 1..=64",
        ),
        (&["--stages", "18446744073709551615"], "not in 1..=64"),
        (&["--reps", "0"], "not in 1..=10000"),
        (&["--reps", "99999999999"], "not in 1..=10000"),
        (&["--arch", "sm_80"], "--compile-only"),
        (
            &["--sweep", "--tile", "(128,128,32)"],
            "cannot be used with",
        ),
        (
            &["--compile-only", "--arch", "garbage"],
            "not an architecture",
        ),
        (
            &["--tile", "(1000000000000,128,64)", "--emit"],
            "at most 65536",
        ),
        (&["--tile", "foo", "--emit"], "--tile"),
        (&["--dtype", "xx", "--emit"], "--dtype"),
        (&["--atom-layout", "(0,1,1)", "--emit"], "--atom-layout"),
    ] {
        let mut all = vec!["gemm"];
        all.extend_from_slice(args);
        let e = run(&all, b"");
        assert_eq!(e.code, Some(2), "{all:?}: {e:?}");
        assert!(e.stderr.contains(says), "{all:?}: {}", e.stderr);
        assert!(
            e.elapsed < Duration::from_secs(5),
            "{all:?}: {:?}",
            e.elapsed
        );
    }
}

// ---------------------------------------------------------------- the generated set

/// A small deterministic generator (xorshift), so the set is the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[(self.next() % xs.len() as u64) as usize]
    }
}

fn hostile_values() -> Vec<String> {
    let mut v: Vec<String> = [
        "",
        " ",
        "4:1",
        "(4,8):(1,4)",
        "-1",
        "0",
        "9223372036854775807",
        "-9223372036854775808",
        "99999999999999999999",
        "(4,-2):(1,4)",
        "(0,4):(1,4)",
        "Sw<3,3,-9223372036854775808>",
        "Sw<99,99,99>",
        "(2,2):(9223372036854775807,1)",
        "Layout<Shape<_4,_8>>{}",
        "cute.make_layout((4,8), stride=(8,1))",
        "_",
        "<>",
        "()",
        "((((((((",
        "))))",
        "\u{1b}[2J",
        "\u{feff}4:1",
        "4:1 /* open",
        "x = 4:1",
        "using T = decltype(",
        "print_layout((4,8,2):(1,4,32))",
        "print_latex(4:1)",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (64,64,1))",
        "gmma_atom(Layout_K_SW128_Atom, bf16)",
        // thread partitions: `cute show` draws them, `cute bank --tv` analyses them
        "local_partition((4,8), (2,4), 99)",
        "local_partition((4096,4096), (2,2), 1)",
        "local_tile((2,2):(9223372036854775807,1), (1,2), (0,0))",
        "make_tiled_copy(copy_atom(UniversalCopy<uint32_t>, half_t), (4,8):(8,1), (1,2)).thread(3).partition_S(Sw<3,3,3> o (8,64):(64,1))",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).thread(-1).partition_A((32,16))",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).partition_C((32,32))",
        "--",
        "-",
        "--frobnicate",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.push("(".repeat(300) + &")".repeat(300));
    v.push("4".repeat(100_000));
    v.push(vec!["1:1"; 3000].join(" * "));
    v.push(format!("({})", vec!["2"; 25].join(",")));
    v.push(format!(
        "({}):({})",
        vec!["2"; 64].join(","),
        vec!["1"; 64].join(",")
    ));
    v
}

fn hostile_command_lines() -> Vec<(Vec<String>, Vec<u8>)> {
    let values = hostile_values();
    let vals: Vec<&str> = values.iter().map(String::as_str).collect();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut cases = Vec::new();
    let commands: &[(&[&str], usize)] = &[
        (&["eval"], 2),
        (&["compose"], 2),
        (&["coalesce"], 1),
        (&["complement"], 2),
        (&["divide", "--kind", "zipped"], 2),
        (&["product", "--kind", "raked"], 2),
        (&["inverse", "--left"], 1),
        (&["idx2crd"], 2),
        (&["crd2idx"], 2),
        (&["show"], 1),
        (&["show", "--style", "cute"], 1),
        (&["show", "--color-by", "bank", "--elem-bits", "16"], 1),
        (&["explain", "--verify", "--index", "3"], 1),
        (&["--format", "json", "explain"], 1),
        (&["bank", "--tv"], 2),
        (&["bank", "--tv"], 1),
        (&["show", "--tv"], 2),
        (&["--format", "json", "show", "--tv"], 2),
        (&["--format", "cpp", "eval"], 1),
        (&["--format", "dsl", "eval"], 1),
        (&["--format", "grid", "eval"], 1),
        (&["--format", "table", "eval"], 1),
        (&["--format", "json", "--values", "eval"], 1),
    ];
    for _ in 0..8 {
        for (cmd, n) in commands {
            let mut args: Vec<String> = cmd.iter().map(|s| s.to_string()).collect();
            for _ in 0..*n {
                args.push(rng.pick(&vals).to_string());
            }
            cases.push((args, Vec::new()));
        }
    }
    // hostile standard input for the commands that read it
    let stdins: Vec<Vec<u8>> = vec![
        vec![0u8; 5 << 20],
        (0..200_000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect(),
        format!("{}\n", vec!["(4,8):(1,4)"; 5000].join(" o ")).into_bytes(),
        b"(\n".repeat(100_000),
        b":help\n:show\n:format nope\n:vars\n:quit\n".to_vec(),
        values.join("\n").into_bytes(),
    ];
    for input in stdins {
        for cmd in [vec!["eval"], vec!["repl"], vec!["run", "-"]] {
            cases.push((cmd.iter().map(|s| s.to_string()).collect(), input.clone()));
        }
    }
    for args in [
        vec!["completions", "nushell"],
        vec!["run"],
        vec!["run", "/nonexistent/file.cute"],
        vec!["run", "/proc/self/mem"],
        vec!["eval", "--format", "xml", "4:1"],
        vec!["gemm", "--reps", "0", "--emit"],
        vec!["gemm", "--stages", "18446744073709551615", "--emit"],
        vec!["gemm", "--tile", "garbage", "--emit"],
        vec!["gemm", "--smem-a", "(((", "--emit"],
    ] {
        cases.push((args.iter().map(|s| s.to_string()).collect(), Vec::new()));
    }
    cases
}

#[test]
fn hostile_command_lines_end_cleanly() {
    let cases = hostile_command_lines();
    assert!(cases.len() > 150);
    let mut bad = Vec::new();
    let mut counts = std::collections::BTreeMap::new();
    for (args, stdin) in cases {
        let os: Vec<OsString> = args.iter().map(OsString::from).collect();
        let e = run_with(&os, stdin, Out::Captured, Duration::from_secs(20));
        let class = classify(&e);
        *counts.entry(class).or_insert(0usize) += 1;
        if !matches!(class, Class::Error | Class::Success) {
            let shown: Vec<String> = args.iter().map(|a| a.chars().take(60).collect()).collect();
            bad.push(format!(
                "{class:?}: {shown:?}: {}",
                &e.stderr.chars().take(300).collect::<String>()
            ));
        }
    }
    eprintln!("hostile command lines: {counts:?}");
    assert!(
        bad.is_empty(),
        "{} bad outcomes:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// Found by CI (a debug build took 12 s and wrote 47 MB): the piped REPL kept a 5 MiB line of
/// NUL bytes whole and echoed it, escaped, in the diagnostic. It now skips a line past the
/// statement limit in constant memory, as `cute eval` does, and a diagnostic shows a long
/// statement cut around the span.
#[test]
fn a_huge_line_gives_a_short_diagnostic_everywhere() {
    for cmd in ["repl", "eval", "run"] {
        let mut args = vec![OsString::from(cmd)];
        if cmd == "run" {
            args.push("-".into());
        }
        let e = run_with(
            &args,
            vec![0u8; 5 << 20],
            Out::Captured,
            Duration::from_secs(20),
        );
        assert!(!e.timed_out, "{cmd}");
        assert!(
            e.stderr
                .contains("statement longer than 4194304 bytes (this line has 5242880)"),
            "{cmd}: {}",
            &e.stderr.chars().take(300).collect::<String>()
        );
        assert!(
            e.stderr.len() < 4096,
            "{cmd}: {} bytes of diagnostic",
            e.stderr.len()
        );
        // a long line under the limit: the diagnostic shows the span and a little around it
        let mut line = "x".repeat(300_000);
        line.push_str(" foo(1)\n");
        let e = run_with(
            &args,
            line.into_bytes(),
            Out::Captured,
            Duration::from_secs(20),
        );
        assert_eq!(e.code, Some(if cmd == "repl" { 0 } else { 1 }), "{cmd}");
        assert!(
            e.stderr.len() < 4096,
            "{cmd}: {} bytes of diagnostic",
            e.stderr.len()
        );
        assert!(
            e.stderr.contains(":1:300002"),
            "{cmd}: the column is the line's:\n{}",
            e.stderr
        );
        assert!(
            e.stderr.contains("...xxx"),
            "{cmd}: cut before the span:\n{}",
            e.stderr
        );
    }
}

/// `sh -c SCRIPT` with `$CUTE` the binary: (exit status, stdout, stderr).
fn shell(script: &str) -> (Option<i32>, String, String) {
    let out = Command::new("sh")
        .args(["-c", script])
        .env("CUTE", env!("CARGO_BIN_EXE_cute"))
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("run sh");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `cute eval` with `input` on standard input under an address-space limit of `kib` KiB
/// (`ulimit -v`, in a shell that then runs the binary): (exit status, stdout, stderr).
fn eval_under_address_limit(kib: u64, input: &[u8]) -> (Option<i32>, String, String) {
    let path = std::env::temp_dir().join(format!(
        "cute-as-limit-{}-{}.txt",
        std::process::id(),
        input.len()
    ));
    std::fs::write(&path, input).expect("write the input");
    let out = Command::new("sh")
        .args(["-c", "ulimit -v \"$1\" && shift && exec \"$@\"", "sh"])
        .arg(kib.to_string())
        .arg(env!("CARGO_BIN_EXE_cute"))
        .arg("eval")
        .env("NO_COLOR", "1")
        .stdin(std::fs::File::open(&path).expect("open the input"))
        .output()
        .expect("run cute under ulimit -v");
    let _ = std::fs::remove_file(&path);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Issue 41, item 10: a standard output closed when `cute` starts loses no output silently (the
/// runtime reopens it on /dev/null: the answer would vanish with exit 0); a statement with
/// nothing to print still succeeds.
#[test]
fn a_closed_stdout_is_an_error() {
    for command in [
        "\"$CUTE\" eval '4:1' >&-",
        "\"$CUTE\" show '4:1' >&-",
        "\"$CUTE\" gemm --emit >&-",
        "echo 'size(4:1)' | \"$CUTE\" eval >&-",
    ] {
        let (code, _, stderr) = shell(command);
        assert_eq!(code, Some(1), "{command}: {stderr}");
        assert!(
            stderr.contains("cannot write output: standard output is closed"),
            "{command}: {stderr}"
        );
    }
    let (code, _, stderr) = shell("\"$CUTE\" eval 'x = 4:1' >&-");
    assert_eq!(code, Some(0), "{stderr}");
}

/// Issue 41, item 10: a standard input closed when `cute` starts is an error, not an empty
/// input; `/dev/null` still reads as empty.
#[test]
fn a_closed_stdin_is_an_error() {
    for command in ["\"$CUTE\" eval <&-", "\"$CUTE\" run - <&-", "\"$CUTE\" <&-"] {
        let (code, stdout, stderr) = shell(command);
        assert_eq!(code, Some(1), "{command}: {stderr}");
        assert_eq!(
            stderr, "error: cannot read <stdin>: standard input is closed\n",
            "{command}"
        );
        assert!(stdout.is_empty());
    }
    let (code, _, stderr) = shell("\"$CUTE\" eval < /dev/null");
    assert_eq!(code, Some(0), "{stderr}");
}

/// Issue 41, item 10: `cute run` takes any file name, UTF-8 or not (shown lossily, escaped).
#[test]
fn run_takes_a_file_name_that_is_not_utf8() {
    use std::os::unix::ffi::OsStringExt;
    let mut name = std::env::temp_dir().into_os_string().into_vec();
    name.extend_from_slice(format!("/cute-\u{1b}-{}-", std::process::id()).as_bytes());
    name.push(0xff);
    name.extend_from_slice(b".cute");
    let path = std::path::PathBuf::from(OsString::from_vec(name));
    std::fs::write(&path, "size(4:1)\nsizee(4)\n").expect("write the script");
    let ended = run_with(
        &[OsString::from("run"), path.clone().into_os_string()],
        Vec::new(),
        Out::Captured,
        Duration::from_secs(60),
    );
    let _ = std::fs::remove_file(&path);
    assert_eq!(ended.code, Some(1), "{}", ended.stderr);
    assert_eq!(
        String::from_utf8_lossy(&ended.stdout),
        "4\nerror: unknown function 'sizee'; did you mean 'size'?\n"
    );
    assert!(
        ended.stderr.contains("cute-\\u{1b}-") && ended.stderr.contains("\u{fffd}.cute:2:1"),
        "{}",
        ended.stderr
    );
}

/// Issue 41, item 10: `--svg` onto a symbolic link writes its target (the link stays), and a
/// read-only file is refused, or, where the user may write anything (root), stays read-only.
#[test]
fn svg_writes_through_links_and_keeps_read_only_files() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("cute-svg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let mma = "tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (1,1,1))";
    let show = |file: &std::path::Path| {
        run_with(
            &[
                OsString::from("show"),
                OsString::from("--svg"),
                file.as_os_str().to_owned(),
                OsString::from(mma),
            ],
            Vec::new(),
            Out::Captured,
            Duration::from_secs(60),
        )
    };
    // a link to a file in another folder, and a dangling one
    std::fs::create_dir_all(dir.join("real")).expect("a folder");
    let target = dir.join("real/picture.svg");
    std::fs::write(&target, "old").expect("the old picture");
    let link = dir.join("link.svg");
    std::os::unix::fs::symlink("real/picture.svg", &link).expect("a link");
    let ended = show(&link);
    assert_eq!(ended.code, Some(0), "{}", ended.stderr);
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("the link")
            .file_type()
            .is_symlink()
    );
    assert!(
        std::fs::read_to_string(&target)
            .expect("the target")
            .contains("<svg")
    );
    let dangling = dir.join("dangling.svg");
    std::os::unix::fs::symlink("real/new.svg", &dangling).expect("a link");
    assert_eq!(show(&dangling).code, Some(0));
    assert!(dir.join("real/new.svg").is_file());
    assert!(
        std::fs::symlink_metadata(&dangling)
            .expect("the link")
            .file_type()
            .is_symlink()
    );
    // a read-only file
    let read_only = dir.join("read-only.svg");
    std::fs::write(&read_only, "old").expect("the old picture");
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o444))
        .expect("read-only");
    let writable = std::fs::OpenOptions::new()
        .write(true)
        .open(&read_only)
        .is_ok();
    let ended = show(&read_only);
    let mode = std::fs::metadata(&read_only)
        .expect("the file")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o444, "the file's mode is kept");
    if writable {
        // root writes any file, as it would in place
        assert_eq!(ended.code, Some(0), "{}", ended.stderr);
    } else {
        assert_eq!(ended.code, Some(1));
        assert!(
            ended.stderr.contains("Permission denied"),
            "{}",
            ended.stderr
        );
        assert_eq!(
            std::fs::read_to_string(&read_only).expect("the file"),
            "old"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 41, item 8: what a user typed is echoed with its control characters escaped
/// (`\u{1b}`, as the statements' diagnostics show them), on every surface that echoes it: `cute
/// help NAME`, `cute gemm`'s flags, `cute run`'s file name, the REPL's commands, clap's usage
/// errors.
#[test]
fn a_users_text_is_echoed_escaped() {
    let raw = "\u{1b}[31mX\u{7}";
    let shown = "\\u{1b}[31mX\\u{7}";
    let mut cases: Vec<(Vec<String>, Vec<u8>)> = vec![
        (vec!["help".into(), raw.into()], Vec::new()),
        (
            vec!["run".into(), format!("no-such-{raw}.cute")],
            Vec::new(),
        ),
        (
            vec!["repl".into()],
            format!(":format {raw}\n:help {raw}\n:zz{raw}\u{0}\nsize(4:1)\n").into_bytes(),
        ),
    ];
    for flag in [
        "--mma",
        "--dtype",
        "--a-major",
        "--b-major",
        "--arch",
        "--tile",
        "--raster",
    ] {
        cases.push((
            vec![
                "gemm".into(),
                "--compile-only".into(),
                flag.into(),
                raw.into(),
            ],
            Vec::new(),
        ));
    }
    cases.push((
        vec![
            "gemm".into(),
            "--compile-only".into(),
            "--smem-a".into(),
            format!("(8,{raw})"),
        ],
        Vec::new(),
    ));
    for (args, stdin) in cases {
        let argv: Vec<OsString> = args.iter().map(OsString::from).collect();
        let ended = run_with(&argv, stdin, Out::Captured, Duration::from_secs(60));
        let what = format!("{args:?}: {}", ended.stderr);
        assert!(ended.code.is_some(), "{what}");
        assert!(
            !ended.stderr.contains(['\u{1b}', '\u{7}', '\u{0}']),
            "raw control characters: {what}"
        );
        assert!(ended.stderr.contains(shown), "{what}");
        assert!(!ended.stdout.contains(&0x1b), "{what}");
    }
}

/// Issue 41, item 8: clap's usage errors echo the refused value; on a terminal (where clap
/// colours its message) it reached the terminal raw. Run under `script` (a terminal), where
/// the system has it.
#[test]
fn a_usage_error_on_a_terminal_echoes_no_control_character() {
    let script = "\"$CUTE\" --format \"$(printf '\\033[31mX\\007')\" eval 1; echo \"exit $?\"";
    let Ok(out) = Command::new("script")
        .args(["-qec", script, "/dev/null"])
        .env("CUTE", env!("CARGO_BIN_EXE_cute"))
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .output()
    else {
        eprintln!("skipped: no `script` here to run cute on a terminal");
        return;
    };
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("invalid value"), "{text}");
    assert!(text.contains("exit 2"), "{text}");
    assert!(!text.contains("\u{1b}[31m"), "{text:?}");
    assert!(!text.contains('\u{7}'), "{text:?}");
}

/// Issue "Hardening, round 3", item 1: a statement of 4 MiB within the statement limit, an
/// operator chain (`1+1+…`), a call chain (`4:1(0)(0)…`), an index chain (`A[0][0]…`) and a
/// product chain that passes the nesting limit (`A*A*…`), took 2.3 to 3.3 GB and panicked in
/// `stacker` ("mmap failed to allocate stack", exit 101) under an address-space limit, already
/// with 500 KB under 300 MB. Chains are evaluated link by link and lists are allocated at their
/// size: each runs in about 55 bytes per byte of input, under 1 GiB of address space (256 bytes
/// per byte, with the threads' reservations), and ends with its answer or a clean error.
#[test]
fn long_chains_run_in_memory_proportional_to_the_statement() {
    const MIB: usize = 1 << 20;
    let chain = |head: &str, link: &str, len: usize| {
        let mut s = head.to_string();
        while s.len() + link.len() < len {
            s.push_str(link);
        }
        s.push('\n');
        s
    };
    let plus = chain("1", "+1", 4 * MIB - 8);
    let links = (plus.len() - 2) / 2;
    let cases = [
        (plus, Some(0), format!("{}\n", links + 1)),
        (
            chain("4:1", "(0)", 4 * MIB - 8),
            Some(1),
            "error: make_layout: shape 0 has a non-positive extent 0\n".to_string(),
        ),
        (
            format!("A = 1:0\n{}", chain("A", "*A", 4 * MIB - 16)),
            Some(1),
            "error: the result is nested 257 levels deep, deeper than the limit of 256 levels\n"
                .to_string(),
        ),
        (
            format!("A = 4:1\n{}", chain("A", "[0]", MIB)),
            Some(0),
            "4:1\n".to_string(),
        ),
    ];
    for (input, code, want) in cases {
        let (got_code, out, err) = eval_under_address_limit(1 << 20, input.as_bytes());
        assert!(!err.contains("panicked"), "{}", &err[..err.len().min(500)]);
        assert_eq!(got_code, code, "{}", &err[..err.len().min(500)]);
        assert_eq!(out, want);
    }
    // the smallest case: 500 KB under 300 MB
    let (code, out, err) =
        eval_under_address_limit(300 << 10, chain("1", "+1", 500_000).as_bytes());
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "250000\n");
}

/// Issue 37: an index chain of the CuTe DSL (`t[0][0]…`, each link the DSL's `get`) was
/// evaluated once per link by the check for a TensorSSA's index before the chain evaluated it
/// again: a chain of N links took time in N² and a stack in N (4,000 links: 20 s). Each link now
/// indexes its base's value once, so a statement of 1 MiB (about 350,000 links) answers, under
/// the address limit the other chains run under.
#[test]
fn a_dsl_index_chain_runs_link_by_link() {
    const MIB: usize = 1 << 20;
    let mut chain = String::from("import cutlass.cute as cute\nt = cute.make_layout((2, 3))\nt");
    while chain.len() + 3 < MIB {
        chain.push_str("[0]");
    }
    chain.push('\n');
    let (code, out, err) = eval_under_address_limit(1 << 20, chain.as_bytes());
    assert!(!err.contains("panicked"), "{}", &err[..err.len().min(500)]);
    assert_eq!(code, Some(0), "{}", &err[..err.len().min(500)]);
    assert_eq!(out, "2:1\n");
}

/// `lazy::transform` of a transform of …: each nests the iterator it wraps, so a loop of them
/// stops at the limit on nesting, naming it, where the iterator would grow without bound.
#[test]
fn nested_lazy_transforms_stop_at_the_nesting_limit() {
    let (_, err, code) = crate::helpers::cute_format(
        "auto P = make_identity_tensor(make_shape(2, 3));\nfor (int i = 0; i < 100000; ++i) { P = lazy::transform(P, negate{}); }\n",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("nested deeper than the limit of 256 levels"),
        "{err}"
    );
}

/// Item 1, values: a long list of copies of a wide value (`make_tuple(A, A, …)`, `(A, A, …)`,
/// `L(A, A, …)`) stops at the copy that passes the limit on values, not after making them all
/// (20,000 copies of a 2^20-integer tuple took 22 GB); a list of more items than a value may
/// hold integers is refused as it is read.
#[test]
fn many_copies_of_a_wide_value_stop_at_the_limit() {
    let a = format!("A = ({}1)\n", "1,".repeat((1 << 20) - 1));
    let copies = format!("{}A", "A,".repeat(20_000));
    let m = format!(
        "M = tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1))\n({}M)\n",
        "M,".repeat(1 << 18)
    );
    let input = format!(
        "{a}make_tuple({copies})\n({copies})\nA({copies})\n{m}make_tuple({}x)\n",
        "x,".repeat(1 << 20)
    );
    let (code, out, err) = eval_under_address_limit(1 << 20, input.as_bytes());
    assert!(!err.contains("panicked"), "{}", &err[..err.len().min(500)]);
    assert_eq!(code, Some(1));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(lines[0].contains("the arguments hold more than 4194304 integers together"));
    assert!(lines[1].contains("more than the limit of 1048576"));
    assert!(lines[2].contains("the arguments hold more than 4194304 integers together"));
    assert!(lines[3].contains("more than the limit of 1048576"));
    assert!(lines[4].contains("a list of more than 1048576 items"));
}

/// A DSL program's host arrays and TensorSSAs are held whole: a reshape, a `broadcast_to` or an
/// element-wise operation whose shape has more elements than a value may hold (or whose
/// extents' product overflows) is refused before anything is made, not a panic or a hang.
#[test]
fn host_array_shapes_past_the_limit_are_errors() {
    let head = "import cutlass\nimport cutlass.cute as cute\nfrom cutlass.cute.runtime import from_dlpack\nimport numpy as np\n";
    let jit = |body: &str, args: &str| {
        format!(
            "{head}a = np.ones((1, 1))\nb = np.ones((4096, 1))\nc = np.ones((1, 4096))\n@cute.jit\ndef f(x: cute.Tensor, y: cute.Tensor):\n    {body}\nf({args})\n"
        )
    };
    for (input, want) in [
        (
            format!("{head}x = np.arange(4).reshape(4294967296, 4294967296, 0)\n"),
            "reshape: cannot reshape an array of 4 elements into the shape (4294967296, 4294967296, 0)",
        ),
        (
            format!("{head}x = np.arange(4).reshape(4, 4611686018427387905)\n"),
            "reshape: cannot reshape an array of 4 elements into the shape (4, 4611686018427387905)",
        ),
        (
            jit(
                "print(x.load().broadcast_to((1, 1000000000000)))",
                "from_dlpack(a), from_dlpack(a)",
            ),
            "broadcast_to: an array of more than 4194304 elements",
        ),
        (
            jit(
                "print(x.load().broadcast_to((1099511627776, 1099511627776)))",
                "from_dlpack(a), from_dlpack(a)",
            ),
            "broadcast_to: an array of more than 4194304 elements",
        ),
        (
            jit(
                "print(x.load() + y.load())",
                "from_dlpack(b), from_dlpack(c)",
            ),
            "an array of more than 4194304 elements",
        ),
    ] {
        let e = run(&["--format", "cute", "eval"], input.as_bytes());
        assert_eq!(classify(&e), Class::Error, "{input}\n{}", e.stderr);
        assert!(
            e.elapsed < Duration::from_secs(10),
            "{input}: {:?}",
            e.elapsed
        );
        assert!(stdout(&e).contains(want), "{input}\n{}", stdout(&e));
    }
}

/// A variadic lambda's body is expanded as text at each call: a pattern expanded inside
/// another (`make_tuple(xs, xs...)...`, quadratic in the pack's length) stops at the limit on a
/// statement's length, before the text is built, not after gigabytes; a body of 400,000 uses of
/// its pack (each rewriting the text: 5.6 s in a release build) stops at the limit on uses.
#[test]
fn a_pack_expansion_past_the_statement_limit_is_an_error() {
    let uses = vec!["xs..."; 400_000].join(", ");
    let input = format!("auto f = [](auto... xs) {{ return make_tuple({uses}); }};\nprint(f(1))\n");
    let e = run(&["--format", "cute", "eval"], input.as_bytes());
    assert_eq!(classify(&e), Class::Error, "{}", e.stderr);
    assert!(e.elapsed < Duration::from_secs(5), "{:?}", e.elapsed);
    assert!(
        stdout(&e).contains("the body uses its packs more than 1024 times (the limit)"),
        "{}",
        stdout(&e)
    );
    let ones = vec!["1"; 100_000].join(",");
    let body = "make_tuple(make_tuple(xs, xs...)...)";
    let input = format!("auto f = [](auto... xs) {{ return {body}; }};\nprint(f({ones}))\n");
    let e = run(&["--format", "cute", "eval"], input.as_bytes());
    assert_eq!(classify(&e), Class::Error, "{body}\n{}", e.stderr);
    assert!(
        e.elapsed < Duration::from_secs(10),
        "{body}: {:?}",
        e.elapsed
    );
    assert!(
        stdout(&e).contains("more than the limit of 4194304 bytes"),
        "{body}\n{}",
        stdout(&e)
    );
}

/// A lambda's call runs in a copy of the session: a wide variable bound in it (a tuple of 10^6
/// integers) is shared by the copies, not copied at each of the statement's 16384 calls (which
/// took minutes), so the limit on calls ends the statement at once.
#[test]
fn a_wide_variable_is_not_copied_at_each_lambda_call() {
    for algorithm in [
        "fold(s, 0, [](auto a, auto b){ return a + b; })",
        "filter_tuple(s, [](auto x){ return make_tuple(x, x); })",
    ] {
        let input = format!("auto s = make_int_sequence<1000000>{{}};\nprint({algorithm})\n");
        let e = run(&["--format", "cute", "eval"], input.as_bytes());
        assert_eq!(classify(&e), Class::Error, "{algorithm}\n{}", e.stderr);
        assert!(
            e.elapsed < Duration::from_secs(10),
            "{algorithm}: {:?}",
            e.elapsed
        );
        assert!(
            stdout(&e).contains("more than 16384 times (the limit)"),
            "{algorithm}\n{}",
            stdout(&e)
        );
    }
}

/// A struct's template argument naming an instantiation of a struct (`A<A<…<int>…>>`) is
/// laid out inside the instantiation: nested 3000 deep it overflowed the stack (a crash);
/// it counts against the limit on nested calls, and the error quotes each level's argument
/// clipped.
#[test]
fn struct_template_arguments_nested_past_the_limit_are_an_error() {
    let n = 3000;
    let input = format!(
        "template <class T> struct A {{ int x; }};\nprint(sizeof(A<{}int{}>))\nprint(sizeof(A<A<A<int>>>))\n",
        "A<".repeat(n),
        ">".repeat(n)
    );
    let e = run(&["--format", "cute", "eval"], input.as_bytes());
    assert_eq!(classify(&e), Class::Error, "{}", e.stderr);
    let out = stdout(&e);
    assert!(
        out.contains("is instantiated or called inside itself deeper than 64 levels"),
        "{out}"
    );
    // each level quotes its argument clipped (it quoted each whole: 570 kB)
    assert!(out.len() < 20_000, "{} bytes", out.len());
    assert!(out.ends_with("4"), "{out}");
}

/// A NumPy array of rank past NumPy's 64 dimensions (`a.reshape(1, 1, …, 7)` of 50,000 ones):
/// NumPy refuses it, and its print (a nested bracket, a hanging indent one column deeper, per
/// axis) overflowed the stack in quadratic memory. The error names NumPy's limit.
#[test]
fn a_numpy_array_past_64_dimensions_is_refused() {
    let ones = "1,".repeat(50_000);
    let text = format!(
        "import numpy as np\nimport cutlass\nimport cutlass.cute as cute\na = np.arange(7)\nb = a.reshape({ones}7)\nprint(b)\n"
    );
    refused_fast(
        &text,
        "a NumPy array has at most 64 dimensions, found 50001",
    );
}

/// `cute eval` of `text` ends within 15 seconds (a debug build) with an error that says `says`.
fn refused_fast(text: &str, says: &str) {
    let e = run(&["eval"], text.as_bytes());
    let said = format!("{}{}", stdout(&e), e.stderr);
    let head = &said[..said.floor_char_boundary(400)];
    assert_eq!(classify(&e), Class::Error, "{head}");
    assert!(said.contains(says), "{head}");
    assert!(e.elapsed < Duration::from_secs(15), "{:?}", e.elapsed);
}

/// Namespaces nested 5,000 deep, and braced blocks nested 100,000 deep in a namespace or a
/// loop's body: each level counts as a control statement's body does, and past the limit the
/// statement is that error (these overflowed the stack, the blocks after seconds of rescanning).
/// A namespace within the limit runs.
#[test]
fn namespaces_and_braced_blocks_stop_at_the_nesting_limit() {
    let namespaces = format!(
        "{}int x = 1;{}\n",
        "namespace a {".repeat(5000),
        "}".repeat(5000)
    );
    let braces = |head: &str| {
        format!(
            "{head} {{ {}print(1);{} }}\n",
            "{".repeat(100_000),
            "}".repeat(100_000)
        )
    };
    for text in [
        namespaces,
        braces("namespace q"),
        braces("for (int i = 0; i < 2; ++i)"),
    ] {
        refused_fast(&text, "nested deeper than 64 levels (the limit)");
    }
    let e = run(
        &["eval"],
        b"namespace a { namespace b { int f() { return 3; } } }\nprint(a::b::f())\n",
    );
    // (an `int` is a run-time integer: `3?` in cute's notation)
    assert_eq!((stdout(&e).as_str(), e.code), ("3?\n", Some(0)), "{e:?}");
}

/// A jit function's unrolled loops of a million passes, each printing sixteen strings: a line of
/// text counted as one printed item let 31 million pieces through (4.7 GB). Each piece counts
/// against the statement's limit on what its loops print, as each integer of a value does.
#[test]
fn text_printed_in_long_loops_counts_against_the_limit() {
    let items = vec!["\"x\""; 16].join(", ");
    let text = format!(
        "import cutlass\nimport cutlass.cute as cute\n@cute.jit\ndef f(b: cutlass.Int32):\n    for i in cutlass.range_constexpr(1000):\n        for j in cutlass.range_constexpr(1000):\n            print({items})\nf(cutlass.Int32(3))\n"
    );
    refused_fast(&text, "print more than 4194304 items (the limit)");
}

/// Issue 37: a C++ integer's type rides with its value through each operation, so a chain of
/// 200,000 `+1` on an `unsigned` runs in time linear in its length (each operation asked its
/// whole left side its type before session 31: 58 s) and keeps the type to its end (the
/// bounded walk of session 30 computed past 256 operations untyped: `-1`, and the `int` chain
/// past its range went on). Expectations: C++'s (cute-oracle on the short forms).
#[test]
fn a_long_chain_of_typed_integers_is_linear_and_keeps_its_type() {
    let input = format!(
        "unsigned u = 0;\nu{}-200001;\nint a = 2147483000;\na{};\na{};\n",
        "+1".repeat(200_000),
        "+1".repeat(647),
        "+1".repeat(648)
    );
    let e = run(&["eval", "--format", "cute"], input.as_bytes());
    assert!(!e.timed_out, "{:?}", e.elapsed);
    assert_eq!(
        stdout(&e),
        "4294967295\n2147483647\n\
         error: the int value 2147483648 of 2147483647 + 1 overflows (undefined behaviour in C++)\n"
    );
    assert!(e.elapsed < Duration::from_secs(10), "{:?}", e.elapsed);
}

/// A C++ cast to an integer type evaluates its argument once: `make_shape(int(int(…1…)))`
/// nested 40 deep evaluated each level's argument twice before session 31 (2^40 evaluations;
/// 13 s at 20 deep), now once each.
#[test]
fn nested_integer_casts_evaluate_their_argument_once() {
    let input = format!("make_shape({}1{});\n", "int(".repeat(40), ")".repeat(40));
    let e = run(&["eval", "--format", "cute"], input.as_bytes());
    assert!(!e.timed_out, "{:?}", e.elapsed);
    assert_eq!(stdout(&e), "(1)\n");
    assert!(e.elapsed < Duration::from_secs(10), "{:?}", e.elapsed);
}

/// A recursion that does not end — a constructor that constructs its own struct, a friend
/// operator that calls itself, a function that calls itself — stops at the limit on nested
/// calls, fast, and the error names the condition once with the innermost call's place (each
/// of the 64 levels appended its own before: 3.8 kB, 4.2 kB, 6.3 kB of one message).
#[test]
fn unending_recursions_say_the_limit_once() {
    for (text, says) in [
        (
            "struct R { int x; R(int v) : x(v) { R r(v); } };\nR r(1);\n",
            "the struct 'R' is instantiated or called inside itself deeper than 64 levels",
        ),
        (
            "struct P { int x; friend bool operator==(P a, P b) { return a == b; } };\nP p{1};\np == p;\n",
            "deeper than 64 levels",
        ),
        (
            "int f(int n) { return f(n); }\nf(1)\n",
            "calls nested deeper than 64 levels (the limit), calling the function 'f'",
        ),
    ] {
        refused_fast(text, says);
        let e = run(&["eval"], text.as_bytes());
        let said = format!("{}{}", stdout(&e), e.stderr);
        assert!(said.len() < 2_000, "{} bytes: {said}", said.len());
    }
}

/// A Python dict past its limit of entries, stored one key at a time in a loop or written as
/// one display of 200,000 pairs, is an error naming the limit, fast: each store copied the
/// whole dict and looked its key up among all (100,000 stores ran for minutes).
#[test]
fn a_dict_past_its_limit_of_entries_is_an_error() {
    let head = "import cutlass\nimport cutlass.cute as cute\n";
    let display: Vec<String> = (0..200_000).map(|i| format!("{i}: {i}")).collect();
    for text in [
        format!("{head}d = {{}}\nfor i in range(100000):\n    d[i] = i\n"),
        format!("{head}d = {{{}}}\n", display.join(", ")),
    ] {
        refused_fast(&text, "a dict of more than 1024 entries (the limit)");
    }
}

/// A C++ declaration without its `;` continued by 300,000 lines that each start with `+` (the
/// splitter's continuation rule of session 31) is split in time linear in its length: each line
/// reread the whole pending text for its last `;` (200,000 lines: 13 s, now 1.7 s).
#[test]
fn a_declaration_continued_over_many_lines_splits_in_linear_time() {
    let n = 300_000;
    for end in [";", ""] {
        let input = format!("int x = 1{}{end}\nx\n", "\n+ 1".repeat(n));
        let e = run(&["eval", "--format", "cute"], input.as_bytes());
        assert!(!e.timed_out, "{:?}", e.elapsed);
        assert_eq!(stdout(&e), format!("{}\n", n + 1));
        assert!(e.elapsed < Duration::from_secs(15), "{:?}", e.elapsed);
    }
}

/// C's casts of an integer chained 5,000 deep (`(unsigned)(unsigned)…1`) are levels of
/// nesting: past the limit, an error naming it (they overflowed the stack from 1,000 deep).
#[test]
fn chained_c_casts_stop_at_the_nesting_limit() {
    for ty in ["(unsigned)", "(int)"] {
        refused_fast(
            &format!("auto x = {}1;\n", ty.repeat(5000)),
            "nesting deeper than 256 levels",
        );
    }
    let e = run(
        &["eval", "--format", "cute"],
        format!("auto x = {}1;\nx\n", "(unsigned)".repeat(200)).as_bytes(),
    );
    assert_eq!(stdout(&e), "1\n");
}

/// Python's lists and tuples in DSL text past the limits on a value: a repetition
/// (`[0] * 10**9`, `[[]] * 10**9`, `(1,) * 10**9`), a doubling loop (`x = x + x`,
/// `x.extend(x)`, `x += x`) and a list that would hold itself (`x.append(x)`, `x += [x]`, a
/// cycle cute's values cannot make; through a function's parameters too) are refused before
/// anything is built, each naming its condition; a display nested 100,000 deep stops at the
/// limit on nesting.
#[test]
fn python_lists_past_the_limits_are_refused() {
    let head = "import cutlass\nimport cutlass.cute as cute\n";
    for (body, says) in [
        (
            "x = [0] * 10**9\n",
            "the result has 1000000000 integers, more than the limit of 1048576",
        ),
        (
            "x = [[]] * 10**9\n",
            "the result is a sequence of 1000000000 items, more than the limit of 1048576",
        ),
        (
            "x = [] * 10**18\ny = () * 10**18\nprint(x, y, len(x))\nz = [[]] * 10**9\n",
            "the result is a sequence of 1000000000 items",
        ),
        (
            "x = (1,) * 10**9\n",
            "the result has 1000000000 integers, more than the limit of 1048576",
        ),
        (
            "x = [[]]\nfor i in range(40):\n    x = x + x\n",
            "the result is a sequence of 2097152 items, more than the limit of 1048576",
        ),
        (
            "x = [1]\nfor i in range(100):\n    x.extend(x)\n",
            "the result has 2097152 integers, more than the limit of 1048576",
        ),
        (
            "x = [1]\nx.append(x)\n",
            "x.append: a list that holds itself is not modelled",
        ),
        (
            "x = [1]\nx.append([2, (x,)])\n",
            "x.append: a list that holds itself is not modelled",
        ),
        (
            "x = [1]\nfor i in range(100):\n    x += x\n",
            "the result has 2097152 integers, more than the limit of 1048576",
        ),
        (
            "x = [1]\ny = x\nx += [2, y]\n",
            "x.extend: a list that holds itself is not modelled",
        ),
        (
            "x = [1]\nx.extend([(x,)])\n",
            "x.extend: a list that holds itself is not modelled",
        ),
        (
            "x = [1]\ndef g(xs):\n    xs.extend(xs)\nfor i in range(100):\n    g(x)\n",
            "the result has 2097152 integers, more than the limit of 1048576",
        ),
        (
            "x = [1]\ny = x\ndef g(xs, ys):\n    xs.append(ys)\ng(x, y)\n",
            "xs.append: a list that holds itself is not modelled",
        ),
        (
            &format!("x = {}1{}\n", "[".repeat(100_000), "]".repeat(100_000)),
            "nesting deeper than 256 levels",
        ),
        (
            "x = [1]\nfor i in range(100000):\n    x = [x]\n",
            "the result is nested 257 levels deep, deeper than the limit of 256 levels",
        ),
    ] {
        refused_fast(&format!("{head}{body}"), says);
    }
}

/// Fake tensors and torch's host tensors with hostile shapes: 10,000 modes (compact strides
/// found in time linear in the rank), extents whose product past the last mode overflows (no
/// stride: the DSL's tensor, checked with dsl-oracle), a divisibility that is not positive or
/// whose product overflows, a stride order that is no permutation (the DSL's ValueError),
/// `torch.zeros(10**9)` (the limit on stored elements, before anything is allocated) and
/// `permute` of repeated or out-of-range dims (torch's errors).
#[test]
fn hostile_fake_tensors_and_torch_shapes_are_refused_or_bounded() {
    let head = "import cutlass\nimport cutlass.cute as cute\nimport torch\nfrom cutlass.cute.runtime import make_fake_compact_tensor\n";
    let ones = vec!["1"; 10_000].join(", ");
    let order: Vec<String> = (0..10_000).rev().map(|i| i.to_string()).collect();
    let text = format!(
        "{head}a = make_fake_compact_tensor(cutlass.Float32, ({ones}), stride_order=({}))\nprint(len(a.stride))\nprint(make_fake_compact_tensor(cutlass.Float32, (2**40, 2**40)))\n",
        order.join(", ")
    );
    let e = run(&["eval"], text.as_bytes());
    assert_eq!(
        (stdout(&e).as_str(), e.code),
        (
            "10000\nFakeTensor<Float32, (1099511627776, 1099511627776), (1, 1099511627776)>\n",
            Some(0)
        ),
        "{}",
        e.stderr
    );
    assert!(e.elapsed < Duration::from_secs(15), "{:?}", e.elapsed);
    for (body, says) in [
        (
            "n = cute.sym_int(divisibility=-4)\n",
            "a divisibility of -4: cute models a positive one",
        ),
        (
            "n = cute.sym_int(divisibility=2**62)\na = make_fake_compact_tensor(cutlass.Float32, (n, n, 4))\n",
            "a SymInt's divisibility overflows 64 bits",
        ),
        (
            "a = make_fake_compact_tensor(cutlass.Float32, (3, 4), stride_order=(0, 0))\n",
            "ValueError: tuple.index(x): x not in tuple",
        ),
        (
            "a = make_fake_compact_tensor(cutlass.Float32, (2,) * 70)\n",
            "a fake tensor's strides overflow 64 bits",
        ),
        (
            "t = torch.zeros(10**9)\nprint(t)\n",
            "torch.zeros: an array of more than 4194304 elements",
        ),
        (
            "t = torch.zeros(3, 4)\nprint(t.permute(0, 0))\n",
            "permute: repeated dim",
        ),
        (
            "t = torch.zeros(3, 4)\nprint(t.permute(0, 5))\n",
            "permute: Dimension out of range (expected to be in range of [-2, 1], but got 5)",
        ),
    ] {
        refused_fast(&format!("{head}{body}"), says);
    }
}

/// A loop of 300,000 `x.append(i)` grows the list in place, its size against the limit counted
/// from the last append's: each append copied and walked the whole list (20,000 took 3.9 s, so
/// this loop would run for minutes).
#[test]
fn a_loop_of_appends_grows_the_list_in_place() {
    let text = "import cutlass\nimport cutlass.cute as cute\nx = []\nfor i in range(300000):\n    x.append(i)\nprint(len(x), x[299999])\nx.extend([1, 2])\nprint(len(x))\n";
    let e = run(&["eval"], text.as_bytes());
    assert!(!e.timed_out, "{:?}", e.elapsed);
    assert_eq!(stdout(&e), "300000 299999\n300002\n", "{}", e.stderr);
}
