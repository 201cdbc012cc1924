//! Every file of the fuzz corpus (`fuzz/corpus/<target>/`) through its
//! target's reader, on stable Rust: the inputs that fuzzing kept, and the
//! ones that once broke a reader, stay a regression suite.

use std::path::Path;

#[test]
fn every_corpus_file_goes_through_its_reader() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    for (name, target) in ludus::games::fuzzing::TARGETS {
        let dir = root.join(name);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "no corpus for {name}");
        for f in files {
            // A fuzzer running beside the tests may drop a file it reduced.
            let Ok(data) = std::fs::read(&f) else {
                continue;
            };
            let run = std::panic::catch_unwind(|| target(&data));
            assert!(run.is_ok(), "{name}: {} panics", f.display());
        }
    }
}
