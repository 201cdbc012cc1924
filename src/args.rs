//! Command-line arguments that several commands share: which rules a run
//! plays. Each command's own arguments live with the command (`play` owns
//! `PlayArgs`), and `cli` gathers them.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use crate::diag::Diagnostics;
use crate::engine::{BASE_VARIANT, Game, Loaded, Selection};
use crate::load::GameDir;
use crate::term::render;

/// The exit code of invalid input (rules, arguments).
pub const EXIT_INVALID: u8 = 1;

/// The largest count a command takes (games, threads, ...): 10^15, a
/// run that would never end, and far within the integers its sums use.
pub const MAX_COUNT: u64 = 1_000_000_000_000_000;

/// Reads a count (`--games`, `--threads`, `--players` ...): a whole
/// number from 1 to [`MAX_COUNT`]. The option takes negative numbers as
/// values (`allow_negative_numbers`), so that `-1` is told it must be
/// positive rather than taken for an option.
pub fn count(s: &str) -> Result<u64, String> {
    whole(s, 1)
}

/// [`count`] as a `usize`.
pub fn count_usize(s: &str) -> Result<usize, String> {
    count(s).and_then(|v| usize::try_from(v).map_err(|_| whole_message(1)))
}

/// Reads an index (`--log N`): a whole number from 0 to [`MAX_COUNT`].
pub fn index(s: &str) -> Result<u64, String> {
    whole(s, 0)
}

fn whole_message(min: u64) -> String {
    if min == 0 {
        "the number must be a whole number, 0 or more".into()
    } else {
        "the number must be positive: a whole number, 1 or more".into()
    }
}

fn whole(s: &str, min: u64) -> Result<u64, String> {
    let t = s.trim();
    let (negative, digits) = match t.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(whole_message(min));
    }
    if negative && digits.bytes().any(|b| b != b'0') {
        return Err(whole_message(min));
    }
    match digits.parse::<u64>() {
        Ok(v) if v < min => Err(whole_message(min)),
        Ok(v) if v <= MAX_COUNT => Ok(v),
        _ => Err(format!(
            "the number is too large: at most {MAX_COUNT} (10^15)"
        )),
    }
}

/// Which rules a run plays: the game directory, a variant, add-ons, and
/// single settings.
#[derive(Debug, Clone, clap::Args)]
pub struct RulesArgs {
    /// A rules directory on disk: a game folder (with game.ron) or a folder
    /// of games. Default: $LUDUS_RULES if set, else the rules built into
    /// ludus (the shipped rules/ folder).
    #[arg(long, value_name = "DIR")]
    pub rules: Option<PathBuf>,
    /// The game, by its folder under the rules directory (`-` for `_`, or
    /// the start of its name); default: the one `games.ron` names.
    #[arg(long)]
    pub game: Option<String>,
    /// The number of players, where the game is played by more than one
    /// number; default: the game's.
    #[arg(long, value_parser = count_usize, allow_negative_numbers = true)]
    pub players: Option<usize>,
    /// A rule variant (`ludus variants list`); default: the base rules,
    /// also named `base`.
    #[arg(long)]
    pub variant: Option<String>,
    /// An add-on taken on top of the variant (repeatable).
    #[arg(long = "addon")]
    pub addons: Vec<String>,
    /// Set one rule for this run, as key=value in RON (repeatable), e.g.
    /// --set FILE.KEY=VALUE (`ludus variants show` lists the keys).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
    /// Card and rule names: en (default), fr or nl, from the rulebooks.
    #[arg(long)]
    pub lang: Option<String>,
}

impl RulesArgs {
    /// The default selection for a rules directory.
    pub fn for_dir(dir: &Path) -> RulesArgs {
        RulesArgs {
            rules: Some(dir.to_path_buf()),
            game: None,
            players: None,
            variant: None,
            addons: vec![],
            sets: vec![],
            lang: None,
        }
    }

    /// The rules directory: `--rules`, `$LUDUS_RULES` or the built-in rules.
    pub fn game_dir(&self) -> Result<GameDir, Diagnostics> {
        GameDir::select_game(self.rules.as_deref(), self.game.as_deref()).map_err(Diagnostics::from)
    }

    pub fn selection(&self) -> Selection {
        Selection {
            // `base` names the base rules: no overlay, like no --variant.
            variant: self.variant.clone().filter(|v| v != BASE_VARIANT),
            addons: self.addons.clone(),
            sets: self.sets.clone(),
            lang: self.lang.clone(),
            players: self.players,
        }
    }

    /// Loads the rules of the game `G`, printing diagnostics on failure.
    pub fn load<G: Game>(&self) -> Result<Arc<G::Rules>, ExitCode> {
        self.load_full::<G>().map(|l| l.rules)
    }

    /// [`RulesArgs::load`], with what reports and saves say of the rules.
    pub fn load_full<G: Game>(&self) -> Result<Loaded<G::Rules>, ExitCode> {
        self.game_dir()
            .and_then(|dir| G::load(&dir, &self.selection()))
            .map_err(|d| {
                render(&d);
                ExitCode::from(EXIT_INVALID)
            })
    }
}
