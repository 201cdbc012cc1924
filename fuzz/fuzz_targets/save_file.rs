//! Fuzz target: see `ludus::fuzzing::save_file`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ludus::fuzzing::save_file(data));
