//! Fuzz target: see `ludus::games::fuzzing::variant_file`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ludus::games::fuzzing::variant_file(data));
