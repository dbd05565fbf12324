#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let src = cute_fuzz::text(data);
    let _ = cute_fuzz::eval(&src);
});
