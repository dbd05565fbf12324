//! The interactive editor: rustyline with completion, highlighting, continuation, history and
//! bracketed paste.

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::io::{Read, Seek, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use owo_colors::OwoColorize;
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::Hinter;
use rustyline::history::{DefaultHistory, History};
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{
    Cmd, CompletionType, ConditionalEventHandler, Config, Context, Editor, Event, EventContext,
    EventHandler, Helper, KeyCode, KeyEvent, Modifiers, RepeatCount,
};

use super::{COMMANDS, Flow, Names, Session};
use cute::algebra::Interrupt;
use cute::eval::functions;
use cute::render::Format;

/// Completion, highlighting and continuation for the REPL line editor.
pub struct CuteHelper {
    names: Names,
    color: bool,
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == ':'
}

/// Every word worth completing besides variables, sorted, once: the function table's names, the
/// commands, the members (`partition_A`, …), and the atom catalog's names (MMA and copy atoms,
/// GMMA shared-memory atoms, element types).
fn static_words() -> &'static [String] {
    static WORDS: OnceLock<Vec<String>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let mut words: Vec<String> = functions::all().map(|f| f.name.to_string()).collect();
        words.extend(COMMANDS.iter().map(|c| c.name.to_string()));
        words.extend(
            cute::eval::methods::MEMBERS
                .iter()
                .map(|(n, _, _)| n.to_string()),
        );
        words.extend(cute::eval::functions::completion_names());
        words.sort();
        words.dedup();
        words
    })
}

/// The words starting with `prefix`: of the static list and of the session's names, sorted.
pub fn candidates(prefix: &str, names: &BTreeSet<String>) -> Vec<String> {
    let words = static_words();
    let from = words.partition_point(|w| w.as_str() < prefix);
    let mut found: Vec<String> = words[from..]
        .iter()
        .take_while(|w| w.starts_with(prefix))
        .cloned()
        .collect();
    found.extend(
        names
            .range::<str, _>((
                std::ops::Bound::Included(prefix),
                std::ops::Bound::Unbounded,
            ))
            .take_while(|w| w.starts_with(prefix))
            .cloned(),
    );
    found.sort();
    found.dedup();
    found
}

/// Where the word to complete starts in `line[..pos]`: after a `::` qualifier (`cute::`,
/// `GMMA::`) when it has one.
fn word_start(line: &str, pos: usize) -> usize {
    let start = line[..pos]
        .rfind(|c: char| !is_word(c))
        .map_or(0, |i| i + 1);
    match line[start..pos].rfind("::") {
        Some(i) => start + i + 2,
        None => start,
    }
}

impl Completer for CuteHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let start = word_start(line, pos);
        let prefix = &line[start..pos];
        if prefix.is_empty() {
            return Ok((pos, Vec::new()));
        }
        let found = candidates(prefix, &self.names.borrow())
            .into_iter()
            .map(|w| Pair {
                display: w.clone(),
                replacement: w,
            })
            .collect();
        Ok((start, found))
    }
}

impl Hinter for CuteHelper {
    type Hint = String;
}

impl Validator for CuteHelper {
    fn validate(&self, _: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        // every line is accepted: a statement with an open bracket goes on at the next prompt
        // (`  ...> `), and a pasted block is split into its statements by the session
        Ok(ValidationResult::Valid(None))
    }
}
/// Colour the notation; the display width is unchanged. Functions are blue, the session's
/// variables (`is_var`) green, other names plain.
pub fn highlight_line(line: &str, is_var: &dyn Fn(&str) -> bool) -> String {
    let mut out = String::with_capacity(line.len() * 2);
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (start, c) = chars[i];
        if c == '#' {
            out.push_str(&(&line[start..]).dimmed().to_string());
            break;
        }
        if c.is_ascii_digit()
            || (c == '-' && chars.get(i + 1).is_some_and(|(_, d)| d.is_ascii_digit()))
        {
            let mut j = i + 1;
            while j < chars.len() && chars[j].1.is_ascii_digit() {
                j += 1;
            }
            let end = chars.get(j).map_or(line.len(), |(p, _)| *p);
            out.push_str(&(&line[start..end]).cyan().to_string());
            i = j;
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' || (c == ':' && i == 0) {
            let mut j = i + 1;
            while j < chars.len() && (chars[j].1.is_ascii_alphanumeric() || chars[j].1 == '_') {
                j += 1;
            }
            let end = chars.get(j).map_or(line.len(), |(p, _)| *p);
            let word = &line[start..end];
            let styled = if word == "o" {
                word.magenta().bold().to_string()
            } else if word.starts_with(':') {
                word.yellow().to_string()
            } else if functions::lookup(word).is_some() {
                word.blue().to_string()
            } else if is_var(word) {
                word.green().to_string()
            } else {
                word.to_string()
            };
            out.push_str(&styled);
            i = j;
            continue;
        }
        match c {
            '/' | '*' | '=' => out.push_str(&c.magenta().bold().to_string()),
            _ => out.push(c),
        }
        i += 1;
    }
    out
}

impl Highlighter for CuteHelper {
    fn highlight<'l>(&self, line: &'l str, _pos: usize) -> Cow<'l, str> {
        if self.color {
            let names = self.names.borrow();
            Cow::Owned(highlight_line(line, &|w| names.contains(w)))
        } else {
            Cow::Borrowed(line)
        }
    }

    fn highlight_char(&self, _line: &str, _pos: usize, _kind: CmdKind) -> bool {
        self.color
    }
}

impl Helper for CuteHelper {}

/// A bracketed paste as it arrives: its keys are collected here, not inserted one by one into
/// the line (and drawn) by the editor.
#[derive(Debug, Default)]
struct Paste {
    /// Between the paste's start and end marks.
    active: bool,
    /// The pasted text so far.
    text: String,
    /// Where the cursor was in the line when the paste began.
    at: usize,
    /// The last key was a carriage return (a CR LF is one newline).
    after_cr: bool,
    /// A pasted block of whole lines, waiting to be run.
    block: Option<(String, usize)>,
}

/// The key handler that collects a bracketed paste. A paste of several lines ends the line
/// editing at once (no extra Enter); the session then runs its statements one by one, each
/// shown with its prompt as if typed. A paste within one line is inserted as usual.
#[derive(Clone, Default)]
struct PasteCollector(Arc<Mutex<Paste>>);

impl PasteCollector {
    /// The pasted block of several lines, if the last line editing ended with one: its text and
    /// where it goes into the line.
    fn take_block(&self) -> Option<(String, usize)> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .block
            .take()
    }
}

impl ConditionalEventHandler for PasteCollector {
    fn handle(&self, evt: &Event, _: RepeatCount, _: bool, ctx: &EventContext) -> Option<Cmd> {
        let key = evt.get(0)?;
        let mut paste = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match *key {
            KeyEvent(KeyCode::BracketedPasteStart, _) => {
                paste.active = true;
                paste.text.clear();
                paste.at = ctx.pos();
                paste.after_cr = false;
                Some(Cmd::Noop)
            }
            KeyEvent(KeyCode::BracketedPasteEnd, _) if paste.active => {
                paste.active = false;
                let text = std::mem::take(&mut paste.text);
                if text.contains('\n') {
                    let at = paste.at;
                    paste.block = Some((text, at));
                    Some(Cmd::AcceptLine)
                } else {
                    Some(Cmd::Insert(1, text))
                }
            }
            KeyEvent(code, mods) if paste.active => {
                let after_cr = std::mem::take(&mut paste.after_cr);
                match (code, mods) {
                    (KeyCode::Char(c), Modifiers::NONE) => paste.text.push(c),
                    (KeyCode::Enter, _) => {
                        paste.text.push('\n');
                        paste.after_cr = true;
                    }
                    (KeyCode::Char('J'), Modifiers::CTRL) if !after_cr => paste.text.push('\n'),
                    (KeyCode::Tab, _) => paste.text.push('\t'),
                    // other control keys in a paste are dropped, as the notation has none
                    _ => {}
                }
                Some(Cmd::Noop)
            }
            _ => None,
        }
    }
}

/// Where the history is kept: `$XDG_DATA_HOME/cute/history.txt` (on Linux, by default
/// `~/.local/share/cute/history.txt`).
pub fn history_path() -> Option<PathBuf> {
    Some(dirs::data_dir()?.join("cute").join("history.txt"))
}

/// The largest history file read at start-up; of a larger one, only its last bytes are read.
const MAX_HISTORY_BYTES: u64 = 1 << 20;

/// The longest statement kept in the history: a longer one (a pasted megabyte of text) is run
/// but not kept.
pub const MAX_HISTORY_ENTRY_BYTES: usize = 4096;

/// How many statements the history keeps.
pub const HISTORY_ENTRIES: usize = 100;

// a history file this session writes (each entry escaped, at worst twice as long, and a newline)
// is always read whole by the next
const _: () = assert!(
    (HISTORY_ENTRIES * (2 * MAX_HISTORY_ENTRY_BYTES + 1) + 4) as u64 <= MAX_HISTORY_BYTES,
    "the history this session writes fits what the next one reads"
);

/// The entries of a history file's text (`#V2` escapes `\n` and `\\`), the unreadable ones
/// (not UTF-8, a bad escape, or longer than [`MAX_HISTORY_ENTRY_BYTES`]) skipped: the entries,
/// and how many were skipped. `partial`: the text starts within a line (the file's tail), so its
/// first line is dropped.
pub fn history_entries(bytes: &[u8], partial: bool) -> (Vec<String>, usize) {
    let mut lines = bytes.split(|&b| b == b'\n');
    if partial {
        lines.next();
    }
    let mut v2 = false;
    let mut first = true;
    let mut entries = Vec::new();
    let mut skipped = 0;
    for line in lines {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if std::mem::take(&mut first) && !partial && line == b"#V2" {
            v2 = true;
            continue;
        }
        if line.is_empty() {
            continue;
        }
        let Ok(line) = std::str::from_utf8(line) else {
            skipped += 1;
            continue;
        };
        let entry = if v2 || partial {
            match unescape(line) {
                Some(e) => e,
                None => {
                    skipped += 1;
                    continue;
                }
            }
        } else {
            line.to_string()
        };
        if entry.len() > MAX_HISTORY_ENTRY_BYTES {
            skipped += 1;
            continue;
        }
        entries.push(entry);
    }
    (entries, skipped)
}

/// A `#V2` history line's entry: `\n` a newline, `\\` a backslash (`None`: another escape).
fn unescape(line: &str) -> Option<String> {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next()? {
                'n' => out.push('\n'),
                '\\' => out.push('\\'),
                _ => return None,
            }
        } else {
            out.push(c);
        }
    }
    Some(out)
}

/// Load the history file, and say where to save it (`None`: history is kept for this session
/// only). A link to a device, a FIFO or a directory is not read (a warning); of a file over
/// [`MAX_HISTORY_BYTES`] only the last bytes are read, and unreadable entries are skipped (a
/// warning: the file is rewritten at the first save). The history itself always works.
fn usable_history(
    path: Option<PathBuf>,
    editor: &mut Editor<CuteHelper, DefaultHistory>,
) -> Option<PathBuf> {
    let path = path?;
    if let Some(dir) = path.parent()
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!(
            "warning: history not kept: cannot create {}: {e}",
            dir.display()
        );
        return None;
    }
    let len = match std::fs::metadata(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Some(path),
        Err(e) => {
            eprintln!("warning: history not kept: {}: {e}", path.display());
            return None;
        }
        Ok(m) if !m.is_file() => {
            eprintln!(
                "warning: history not kept: {} is not a regular file",
                path.display()
            );
            return None;
        }
        Ok(m) => m.len(),
    };
    let read = || -> std::io::Result<Vec<u8>> {
        let mut file = std::fs::File::open(&path)?;
        if len > MAX_HISTORY_BYTES {
            file.seek(std::io::SeekFrom::Start(len - MAX_HISTORY_BYTES))?;
        }
        let mut bytes = Vec::new();
        file.take(MAX_HISTORY_BYTES).read_to_end(&mut bytes)?;
        Ok(bytes)
    };
    let bytes = match read() {
        Ok(b) => b,
        Err(e) => {
            eprintln!(
                "warning: history not kept: cannot read {}: {e}",
                path.display()
            );
            return None;
        }
    };
    let partial = len > MAX_HISTORY_BYTES;
    if partial {
        eprintln!(
            "warning: history file {} has {len} bytes, more than {MAX_HISTORY_BYTES}: only its \
             last entries are read (the file is rewritten)",
            path.display()
        );
    }
    let (entries, skipped) = history_entries(&bytes, partial);
    if skipped > 0 {
        eprintln!(
            "warning: history file {}: skipped {skipped} {} (not UTF-8, badly escaped or over \
             {MAX_HISTORY_ENTRY_BYTES} bytes; the file is rewritten)",
            path.display(),
            if skipped == 1 { "entry" } else { "entries" }
        );
    }
    for e in entries {
        let _ = editor.history_mut().add_owned(e);
    }
    Some(path)
}

/// Keep a statement (or `:command`) in the history: one entry, unless it is blank or longer than
/// [`MAX_HISTORY_ENTRY_BYTES`].
fn remember(editor: &mut Editor<CuteHelper, DefaultHistory>, entry: &str) {
    if !entry.trim().is_empty() && entry.len() <= MAX_HISTORY_ENTRY_BYTES {
        let _ = editor.add_history_entry(entry);
    }
}

/// Whether the terminal is a dumb one (`TERM=dumb`): no colour, no line editing.
fn dumb_terminal() -> bool {
    std::env::var_os("TERM").is_some_and(|t| t == "dumb")
}

/// The prompts: a new statement's and a continuation's.
fn prompts(color: bool) -> (&'static str, &'static str) {
    if color {
        ("\x1b[1;32mcute>\x1b[0m ", "\x1b[2m  ...>\x1b[0m ")
    } else {
        ("cute> ", "  ...> ")
    }
}

/// The interactive session on a terminal.
pub fn interactive(format: Format, color: bool, strict: bool, values: bool) -> i32 {
    // a dumb terminal shows escapes as text
    let color = color && !dumb_terminal();
    let names: Names = Names::default();
    let config = Config::builder()
        .completion_type(CompletionType::List)
        .max_history_size(HISTORY_ENTRIES)
        .map(|c| c.build());
    let mut editor: Editor<CuteHelper, DefaultHistory> = match config.and_then(Editor::with_config)
    {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: cannot start the line editor: {e}");
            return 1;
        }
    };
    editor.set_helper(Some(CuteHelper {
        names: names.clone(),
        color,
    }));
    let paste = PasteCollector::default();
    for key in [KeyCode::BracketedPasteStart, KeyCode::BracketedPasteEnd] {
        editor.bind_sequence(
            KeyEvent(key, Modifiers::NONE),
            EventHandler::Conditional(Box::new(paste.clone())),
        );
    }
    // every other key goes to the collector too, which takes it only within a paste
    editor.bind_sequence(
        Event::Any,
        EventHandler::Conditional(Box::new(paste.clone())),
    );
    let history = usable_history(history_path(), &mut editor);
    println!(
        "cute {} — CuTe layout algebra. :help for help, Ctrl-D to leave.",
        env!("CARGO_PKG_VERSION")
    );
    // Ctrl-C while statements run stops them (the line editor handles Ctrl-C at the prompt)
    let interrupt = Interrupt::flag();
    let raise = interrupt.clone();
    if let Err(e) = ctrlc::set_handler(move || raise.raise()) {
        eprintln!("warning: Ctrl-C will not interrupt evaluations: {e}");
    }
    let mut session = Session::new(format, color);
    session.set_strict(strict);
    session.set_values(values);
    session.set_interrupt(interrupt.clone());
    session.track_names(names);
    let (main_prompt, more_prompt) = prompts(color);
    // the end of a pasted block after its last newline, left to edit at the next prompt
    let mut carried = String::new();
    loop {
        // a statement with an open bracket goes on at the continuation prompt
        let prompt = if session.is_pending() {
            more_prompt
        } else {
            main_prompt
        };
        let initial = std::mem::take(&mut carried);
        let read = editor.readline_with_initial(prompt, (&initial, ""));
        let flow = match read {
            Ok(text) => match paste.take_block() {
                Some((block, at)) => {
                    // the line as it was, the block pasted at the cursor
                    let at = (0..=at.min(text.len()))
                        .rev()
                        .find(|&i| text.is_char_boundary(i))
                        .unwrap_or(0);
                    let whole = format!("{}{block}{}", &text[..at], &text[at..]);
                    let cut = whole.rfind('\n').map_or(0, |i| i + 1);
                    carried = whole[cut..].to_string();
                    // the editor left its prompt line: the block's lines replace it, each shown
                    // with its prompt
                    erase_rows(prompt_rows(prompt_width(prompt), &text));
                    run_lines(
                        &whole[..cut],
                        Some((main_prompt, more_prompt)),
                        &mut session,
                        &mut editor,
                        &interrupt,
                    )
                }
                None => {
                    if text.trim().is_empty() && !session.is_pending() {
                        continue;
                    }
                    run_lines(&text, None, &mut session, &mut editor, &interrupt)
                }
            },
            // Ctrl-C abandons a pending statement (and otherwise the line being typed)
            Err(ReadlineError::Interrupted) => {
                session.abandon();
                Flow::Continue
            }
            Err(ReadlineError::Eof) => Flow::Quit,
            Err(e) => {
                eprintln!("error: {e}");
                return 1;
            }
        };
        if let Some(path) = &history
            && let Err(e) = editor.save_history(path)
        {
            eprintln!("warning: cannot save history {}: {e}", path.display());
        }
        if flow == Flow::Quit {
            return 0;
        }
    }
}

/// The display width of a prompt (its escapes not counted).
fn prompt_width(prompt: &str) -> usize {
    let mut width = 0;
    let mut in_escape = false;
    for c in prompt.chars() {
        match (in_escape, c) {
            (false, '\x1b') => in_escape = true,
            (true, 'm') => in_escape = false,
            (true, _) => {}
            (false, _) => width += 1,
        }
    }
    width
}

/// The terminal rows a prompt and its line took.
fn prompt_rows(prompt_width: usize, line: &str) -> usize {
    let columns = usize::from(crate::terminal::width().unwrap_or(80)).max(1);
    (prompt_width + line.chars().count()) / columns + 1
}

/// Move up over the last `rows` rows and clear them.
fn erase_rows(rows: usize) {
    let mut out = std::io::stdout().lock();
    let _ = write!(out, "\x1b[{rows}A\r\x1b[J");
    let _ = out.flush();
}

/// Run the lines of `text` one by one, each statement they complete kept in the history.
/// `echo`: the prompts to show each line with first (a pasted block), as if typed. Ctrl-C stops
/// the statement running and drops the lines after it.
fn run_lines(
    text: &str,
    echo: Option<(&str, &str)>,
    session: &mut Session,
    editor: &mut Editor<CuteHelper, DefaultHistory>,
    interrupt: &Interrupt,
) -> Flow {
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    // the names, to colour the echoed lines as the editor colours a typed one
    let names = editor.helper().filter(|h| h.color).map(|h| h.names.clone());
    interrupt.clear();
    // a block's last line ends with its newline: nothing after it
    let body = text.strip_suffix('\n').unwrap_or(text);
    let count = body.split('\n').count();
    for (i, line) in body.split('\n').enumerate() {
        if interrupt.raised() {
            session.abandon();
            let _ = writeln!(
                stderr.lock(),
                "interrupted: the rest of the block ({} lines) is dropped",
                count - i
            );
            return Flow::Continue;
        }
        let line = line.strip_suffix('\r').unwrap_or(line);
        if let Some((main, more)) = echo {
            let prompt = if session.is_pending() { more } else { main };
            let shown = match &names {
                Some(names) => {
                    let names = names.borrow();
                    Cow::Owned(highlight_line(line, &|w| names.contains(w)))
                }
                None => Cow::Borrowed(line),
            };
            let mut out = stdout.lock();
            let _ = writeln!(out, "{prompt}{shown}");
            let _ = out.flush();
        }
        let (flow, entry) = session.feed(line, &mut stdout.lock(), &mut stderr.lock());
        if let Some(entry) = entry {
            remember(editor, &entry);
        }
        if flow == Flow::Quit {
            return Flow::Quit;
        }
    }
    Flow::Continue
}

#[cfg(test)]
mod tests {
    use super::highlight_line;

    #[test]
    fn only_bound_names_are_coloured_as_variables() {
        let line = highlight_line("size(A) + Bx", &|w| w == "A");
        let green_a = format!("{}", owo_colors::OwoColorize::green(&"A"));
        let blue_size = format!("{}", owo_colors::OwoColorize::blue(&"size"));
        assert!(line.contains(&green_a), "{line:?}");
        assert!(line.contains(&blue_size), "{line:?}");
        assert!(
            line.contains(" Bx")
                && !line.contains(&format!("{}", owo_colors::OwoColorize::green(&"Bx"))),
            "{line:?}"
        );
    }

    #[test]
    fn completion_offers_the_tables_the_catalog_and_the_variables() {
        use super::candidates;
        let names: std::collections::BTreeSet<String> =
            ["co_var".to_string(), "x1".to_string()].into();
        let co = candidates("co", &names);
        for want in ["coalesce", "complement", "cosize", "co_var"] {
            assert!(co.iter().any(|w| w == want), "{want} in {co:?}");
        }
        assert!(co.windows(2).all(|w| w[0] < w[1]), "sorted, once: {co:?}");
        // the atom catalog: MMA and copy atoms, GMMA shared-memory atoms, element types
        for (prefix, want) in [
            ("SM80_16x8x16_F32BF", "SM80_16x8x16_F32BF16BF16F32_TN"),
            ("SM75_U32x4", "SM75_U32x4_LDSM_N"),
            // every atom of CuTe 4.7's catalog: Blackwell's UMMA and TMEM copies, SM120, GMMA
            ("SM100_MMA_F16BF16_2x", "SM100_MMA_F16BF16_2x1SM_SS"),
            ("SM100_TMEM_LOAD_32dp32b8", "SM100_TMEM_LOAD_32dp32b8x"),
            (
                "SM120_16x8x32_TN<float_e2m1_t,float_e2m1",
                "SM120_16x8x32_TN<float_e2m1_t,float_e2m1_t,float>",
            ),
            ("SM90_64x24x16_F32BF", "SM90_64x24x16_F32BF16BF16_RS<K,K>"),
            ("SM90_U32x4_ST", "SM90_U32x4_STSM_N"),
            ("Universal", "UniversalCopy<uint128_t>"),
            ("Layout_K_SW1", "Layout_K_SW128_Atom"),
            ("Layout_MN_IN", "Layout_MN_INTER_Atom"),
            ("bf1", "bf16"),
            ("e4", "e4m3"),
            ("partition_", "partition_A"),
            // TMEM's warp partitioner and the block-scale config (issue 38's last names)
            ("make_tmem_warp", "make_tmem_warp_partitioner"),
            ("make_tiler_", "make_tiler_impl"),
            ("Sm1xxBlk", "Sm1xxBlkScaledConfig"),
            ("Sm1xxBlo", "Sm1xxBlockScaledConfig"),
            ("deduce_layoutSF", "deduce_layoutSFA"),
            // the DSL's operations (cute.nvgpu.warp.MmaF16BF16Op: the word after the `.`)
            ("MmaF16", "MmaF16BF16Op"),
            ("LdMatrix8x8", "LdMatrix8x8x16bOp"),
            ("CopyG2", "CopyG2SOp"),
            ("tcgen", "tcgen05"),
            ("OperandMaj", "OperandMajorMode"),
            // the DSL's placeholders of cute.compile (the table's fake group)
            ("sym_int6", "sym_int64"),
            ("make_fake_c", "make_fake_compact_tensor"),
            ("make_fake_s", "make_fake_stream"),
            (":he", ":help"),
            ("x", "x1"),
        ] {
            assert_eq!(
                candidates(prefix, &names).first().map(String::as_str),
                Some(want),
                "{prefix}"
            );
        }
        assert!(candidates("zzz_nothing", &names).is_empty());
    }

    #[test]
    fn a_qualified_name_completes_after_its_qualifier() {
        use super::word_start;
        assert_eq!(word_start("GMMA::Layout_K", 14), 6);
        assert_eq!(word_start("x = cute::make_la", 17), 10);
        assert_eq!(word_start("size(coal", 9), 5);
        assert_eq!(word_start(":he", 3), 0);
    }

    #[test]
    fn a_history_file_is_read_as_far_as_it_is_good() {
        use super::{MAX_HISTORY_ENTRY_BYTES, history_entries};
        // `#V2`: escaped newlines and backslashes
        let (e, skipped) = history_entries(b"#V2\nA = 4:1\nzipped_divide(A,\\n  (2,4))\n", false);
        assert_eq!(e, ["A = 4:1", "zipped_divide(A,\n  (2,4))"]);
        assert_eq!(skipped, 0);
        // an entry not UTF-8, one badly escaped, one too long: skipped, the others kept
        let long = "x".repeat(MAX_HISTORY_ENTRY_BYTES + 1);
        let mut bytes = b"#V2\nsize(A)\n\xff\xfe\nbad\\q\n".to_vec();
        bytes.extend_from_slice(long.as_bytes());
        bytes.extend_from_slice(b"\ncosize(A)\n");
        let (e, skipped) = history_entries(&bytes, false);
        assert_eq!(e, ["size(A)", "cosize(A)"]);
        assert_eq!(skipped, 3);
        // the tail of a huge file: its first (partial) line dropped
        let (e, skipped) = history_entries(b"xxxxx\nsize(A)\nrank(A)\n", true);
        assert_eq!(e, ["size(A)", "rank(A)"]);
        assert_eq!(skipped, 0);
        // a file without `#V2` (rustyline's first format): lines as they are
        let (e, _) = history_entries(b"a\\b\nsize(A)\n", false);
        assert_eq!(e, ["a\\b", "size(A)"]);
    }

    #[test]
    fn a_prompt_is_as_wide_as_its_text() {
        use super::{prompt_width, prompts};
        assert_eq!(prompt_width(prompts(true).0), 6);
        assert_eq!(prompt_width(prompts(false).0), 6);
        assert_eq!(prompt_width(prompts(true).1), 7);
    }
}
