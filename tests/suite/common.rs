//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ludus::games::caesar_cleopatra::{self as cc, Rules};

pub fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/caesar_cleopatra")
}

pub fn rules() -> Arc<Rules> {
    Arc::new(cc::load(&rules_dir()).expect("the shipped rules load"))
}

/// Copies the folder `from` and all it holds to `to`.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.path().is_dir() {
            copy_dir(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

/// A temporary copy of the shipped rules, to modify.
pub struct RulesCopy {
    pub dir: tempfile::TempDir,
}

impl RulesCopy {
    pub fn new() -> RulesCopy {
        let dir = tempfile::tempdir().unwrap();
        copy_dir(&rules_dir(), dir.path());
        RulesCopy { dir }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Replaces exactly one occurrence of `from` in `file`.
    pub fn edit(&self, file: &str, from: &str, to: &str) -> &Self {
        let p = self.dir.path().join(file);
        let text = std::fs::read_to_string(&p).unwrap();
        assert_eq!(
            text.matches(from).count(),
            1,
            "{from:?} must occur once in {file}"
        );
        std::fs::write(&p, text.replacen(from, to, 1)).unwrap();
        self
    }

    pub fn load(&self) -> Result<Rules, ludus::diag::Diagnostics> {
        cc::load(self.path())
    }

    /// Diagnostics as text, with the temporary folder shown as `rules/`.
    pub fn errors(&self) -> String {
        let d = self.load().expect_err("the modified rules must not load");
        let prefix = format!("{}/", self.path().display());
        d.to_string().replace(&prefix, "rules/")
    }
}

/// insta settings that keep snapshots in the top-level `snapshots/` folder.
#[macro_export]
macro_rules! snapshot_settings {
    () => {{
        let mut s = insta::Settings::clone_current();
        s.set_snapshot_path(concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"));
        s.set_prepend_module_to_snapshot(false);
        s
    }};
}

/// Runs `f` with snapshots in the top-level `snapshots/` folder.
pub fn snapshot_settings_fn(f: impl FnOnce()) {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path(concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"));
    s.set_prepend_module_to_snapshot(false);
    s.bind(f);
}

/// Runs every scenario file under `root` (but its `pending/` folder)
/// with `run` (the file; whether as JSON) and compares each with its
/// snapshot `snapshots/<prefix>_<path>.snap`: a file under `err/` must
/// fail (the snapshot is the error text), any other must run and its JSON
/// form be one JSON object (the snapshot is the report). Paths stay
/// relative, as a user types them, so that the snapshots do not depend on
/// where the crate lives. Returns how many files ran, and the failures.
pub fn snapshot_scenarios(
    root: &str,
    prefix: &str,
    run: impl Fn(&Path, bool) -> Result<String, ludus::diag::Diagnostics>,
) -> (usize, Vec<String>) {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
    let mut failures = Vec::new();
    let mut ran = 0;
    for path in ludus::design::scenario::files(Path::new(root)) {
        let rel = path.strip_prefix(root).unwrap();
        if rel.starts_with("pending") {
            continue;
        }
        ran += 1;
        let text = match (run(&path, false), rel.starts_with("err")) {
            (Ok(report), false) => match run(&path, true) {
                Ok(j) => match serde_json::from_str::<serde_json::Value>(&j) {
                    Ok(_) => report,
                    Err(e) => {
                        failures.push(format!("{}: --json is not JSON: {e}", path.display()));
                        continue;
                    }
                },
                Err(d) => {
                    failures.push(format!("{}: --json fails:\n{d}", path.display()));
                    continue;
                }
            },
            (Err(d), true) => d.to_string(),
            (Ok(_), true) => {
                failures.push(format!("{}: must fail, but runs", path.display()));
                continue;
            }
            (Err(d), false) => {
                failures.push(format!("{}:\n{d}", path.display()));
                continue;
            }
        };
        let stem: Vec<String> = (rel.with_extension("").components())
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let name = format!("{prefix}_{}", stem.join("_"));
        let mut settings = snapshot_settings!();
        settings.set_input_file(&path);
        settings.set_omit_expression(true);
        let same = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            settings.bind(|| insta::assert_snapshot!(name.as_str(), text));
        }));
        if same.is_err() {
            failures.push(format!(
                "{}: the report differs from snapshots/{name}.snap",
                path.display()
            ));
        }
    }
    (ran, failures)
}

/// The shipped rules under a variant (`variants/<id>.ron`).
pub fn rules_of(variant: &str) -> Arc<Rules> {
    let sel = cc::variant::Selection::variant(variant);
    let set = cc::variant::load(&rules_dir(), &sel).expect("the shipped variant loads");
    Arc::new(set.rules)
}

/// Asserts that two states hold the same cards in every zone: each
/// player's zones and each group (`what` names the pair in a failure).
#[allow(dead_code)] // not every test file compares states
pub fn assert_same_cards(a: &cc::State, b: &cc::State, what: &str) {
    for p in 0..2 {
        assert_eq!(
            format!("{:?}", a.zones(p)),
            format!("{:?}", b.zones(p)),
            "{what}, player {p}"
        );
    }
    for g in 0..a.rules().groups.len() {
        assert_eq!(
            format!("{:?}", a.group(g)),
            format!("{:?}", b.group(g)),
            "{what}, group {g}"
        );
    }
}

/// Runs the `ludus` binary in the project folder, without colours: exit
/// code, standard output, standard error.
pub fn ludus(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The words of `text`, one space between each: a text wrapped anywhere
/// between words reads the same.
pub fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The answers to a command typed at `ludus play`: the text after each
/// prompt that echoes `cmd`, up to the next prompt.
pub fn answers<'a>(out: &'a str, cmd: &str) -> Vec<&'a str> {
    let echo = format!("> {cmd}\n");
    out.match_indices(&echo)
        .map(|(i, _)| {
            let rest = &out[i + echo.len()..];
            let end = rest.find("\n> ").map_or(rest.len(), |e| e + 1);
            &rest[..end]
        })
        .collect()
}

/// `ludus play ARGS` with `input` typed (no colour, no autosave, the
/// built-in rules): what it wrote; it must exit 0.
pub fn play_typed(args: &[&str], input: &str) -> String {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .arg("play")
        .args(args)
        .arg("--no-autosave")
        .env("NO_COLOR", "1")
        .env_remove("LUDUS_RULES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The deciding screens of a described game's output: from each board's
/// title (starting with `game` and naming `to_move`) to the prompt line
/// after it.
pub fn deciding_screens<'a>(out: &'a str, game: &str, to_move: &str) -> Vec<&'a str> {
    out.match_indices(&format!("\n{game}"))
        .filter_map(|(i, _)| {
            let rest = &out[i + 1..];
            let title = rest.lines().next()?;
            if !title.contains(to_move) {
                return None;
            }
            let end = rest.find("\n> ")?;
            let line_end = rest[end + 1..]
                .find('\n')
                .map_or(rest.len(), |e| end + 1 + e);
            Some(&rest[..line_end])
        })
        .collect()
}

/// The rules of the described game in `rules/<dir>` for `players` seats,
/// its names in `lang`.
pub fn described_rules(dir: &str, players: usize, lang: &str) -> Arc<ludus::described::Rules> {
    use ludus::engine::Game as _;
    let sel = ludus::engine::Selection {
        players: Some(players),
        lang: Some(lang.to_string()),
        ..ludus::engine::Selection::default()
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rules")
        .join(dir);
    ludus::described::Described::load(&ludus::load::GameDir::from(dir), &sel)
        .unwrap()
        .rules
}
