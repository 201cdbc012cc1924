//! Fuzz target: see `ludus::games::fuzzing::typed_move`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ludus::games::fuzzing::typed_move(data));
