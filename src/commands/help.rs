//! `cute help [TOPIC]`, `cute man` and `cute completions SHELL`: what the command line says
//! about itself, from the one grammar ([`crate::cli`]) and the engine's help ([`cute::help`]).

use std::io::{self, Write};

use clap::CommandFactory;

use crate::cli::Cli;

/// `cute help [TOPIC]`: a topic of [`cute::help`], a command's help, or a function's entry.
pub fn help(topic: Option<&str>, out: &mut dyn Write) -> i32 {
    let Some(topic) = topic else {
        let _ = out.write_all(cute::help::overview().as_bytes());
        return 0;
    };
    if let Some(text) = cute::help::topic(topic) {
        let _ = out.write_all(text.as_bytes());
        return 0;
    }
    let mut cli = Cli::command();
    cli.build();
    if let Some(sub) = cli.find_subcommand_mut(topic) {
        let _ = write!(out, "{}", sub.render_long_help());
        return 0;
    }
    let _ = writeln!(
        io::stderr(),
        "error: no help on '{}': `cute help` lists the topics; a command, a function or a member (.partition_A) works too",
        cute::escape::escaped(topic)
    );
    2
}

/// `cute man`: the manual page (roff), from the command line's grammar.
pub fn man(out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let mut page = Vec::new();
    match clap_mangen::Man::new(Cli::command()).render(&mut page) {
        Ok(()) => {
            let _ = out.write_all(&page);
            0
        }
        Err(e) => {
            let _ = writeln!(err, "error: cannot render the manual page: {e}");
            1
        }
    }
}

/// `cute completions SHELL`: the shell's completion script.
pub fn completions(shell: clap_complete::Shell, out: &mut dyn Write) -> i32 {
    // written whole, so that a failed write is reported, not a panic of the generator
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "cute", &mut script);
    let _ = out.write_all(&script);
    0
}
