//! Fuzz target: see `ludus::games::fuzzing::save_file`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ludus::games::fuzzing::save_file(data));
