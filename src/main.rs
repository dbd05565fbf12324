//! The `cute` binary: parse the command line, hand over to the library.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// A calculator for CuTe layout algebra.
#[derive(Parser)]
#[command(name = "cute", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate statements (arguments, or standard input when none), one output line each.
    ///
    /// Example: cute eval 'composition((12,(4,8)):(59,(13,1)), <3:4, 8:2>)'
    Eval {
        /// Statements; with none, standard input is read.
        statements: Vec<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let stderr = io::stderr();
    let mut err = stderr.lock();
    let code = match cli.command {
        Command::Eval { statements } => {
            let stdin = io::stdin();
            cute::app::eval(&statements, stdin.lock(), &mut out, &mut err)
        }
    };
    let code = match out.flush() {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => 1,
        _ => code,
    };
    ExitCode::from(code as u8)
}
