#![no_main]

use libfuzzer_sys::fuzz_target;

// `cute run FILE` / `cute eval < FILE`: the reader in blocks (lines answered ahead on threads,
// long lines skipped), the session, the diagnostics.
fuzz_target!(|data: &[u8]| {
    cute_fuzz::run(data);
});
