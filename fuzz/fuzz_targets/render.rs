#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let src = cute_fuzz::text(data);
    cute_fuzz::render_all(&src);
    cute_fuzz::repl(data);
});
