#![no_main]

use libfuzzer_sys::fuzz_target;

// The piped REPL alone (`cute repl < file`): the splitter, the `:commands`, C++ and DSL input.
fuzz_target!(|data: &[u8]| {
    cute_fuzz::repl(data);
});
