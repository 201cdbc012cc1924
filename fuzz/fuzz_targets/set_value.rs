//! Fuzz target: see `ludus::fuzzing::set_value`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ludus::fuzzing::set_value(data));
