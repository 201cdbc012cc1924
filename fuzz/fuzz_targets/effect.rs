//! Fuzz target: see `ludus::games::fuzzing::effect`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ludus::games::fuzzing::effect(data));
