//! Fuzz target: see `ludus::fuzzing::scenario_file`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ludus::fuzzing::scenario_file(data));
