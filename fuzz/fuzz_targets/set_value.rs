//! Fuzz target: see `ludus::games::fuzzing::set_value`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ludus::games::fuzzing::set_value(data));
