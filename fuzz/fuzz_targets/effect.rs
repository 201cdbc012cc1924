//! Fuzz target: see `ludus::games::caesar_cleopatra::fuzzing::effect`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ludus::games::caesar_cleopatra::fuzzing::effect(data));
