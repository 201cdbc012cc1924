//! Fuzz target: see `ludus::fuzzing::effect`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ludus::fuzzing::effect(data));
