//! Fuzz target: see `ludus::fuzzing::typed_move`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ludus::fuzzing::typed_move(data));
