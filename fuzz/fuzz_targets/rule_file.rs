//! Fuzz target: see `ludus::fuzzing::rule_file`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ludus::fuzzing::rule_file(data));
