//! Fuzz target: see `ludus::games::fuzzing::scenario_file`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ludus::games::fuzzing::scenario_file(data));
