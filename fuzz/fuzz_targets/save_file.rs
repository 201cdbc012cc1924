//! Fuzz target: see `ludus::games::caesar_cleopatra::fuzzing::save_file`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ludus::games::caesar_cleopatra::fuzzing::save_file(data));
