//! Fuzz target: see `ludus::fuzzing::variant_file`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ludus::fuzzing::variant_file(data));
