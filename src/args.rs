//! Command-line arguments that several commands share: which rules a run
//! plays. Each command's own arguments live with the command (`play` owns
//! `PlayArgs`), and `cli` gathers them.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use crate::diag::Diagnostics;
use crate::games::caesar_cleopatra::variant::{self, Selection};
use crate::games::caesar_cleopatra::{self as cc};
use crate::load::GameDir;
use crate::term::render;

/// The exit code of invalid input (rules, arguments).
pub const EXIT_INVALID: u8 = 1;

/// Which rules a run plays: the game directory, a variant, add-ons, and
/// single settings.
#[derive(Debug, Clone, clap::Args)]
pub struct RulesArgs {
    /// A rules directory on disk: a game folder (with game.ron) or a folder
    /// of games. Default: $LUDUS_RULES if set, else the rules built into
    /// ludus (the shipped rules/ folder).
    #[arg(long, value_name = "DIR")]
    pub rules: Option<PathBuf>,
    /// A rule variant (`ludus variants list`); default: the base rules
    /// (000's readings), also named `base`.
    #[arg(long)]
    pub variant: Option<String>,
    /// An add-on taken on top of the variant (repeatable).
    #[arg(long = "addon")]
    pub addons: Vec<String>,
    /// Set one rule for this run, as key=value in RON (repeatable), e.g.
    /// --set scoring.mission_bonus=1 or --set turn.action_timing=BeforeRefill.
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
            variant: None,
            addons: vec![],
            sets: vec![],
            lang: None,
        }
    }

    /// The rules directory: `--rules`, `$LUDUS_RULES` or the built-in rules.
    pub fn game_dir(&self) -> Result<GameDir, Diagnostics> {
        GameDir::select(self.rules.as_deref()).map_err(Diagnostics::from)
    }

    pub fn selection(&self) -> Selection {
        Selection {
            // `base` names the base rules: no overlay, like no --variant.
            variant: self.variant.clone().filter(|v| v != variant::BASE_VARIANT),
            addons: self.addons.clone(),
            sets: self.sets.clone(),
            lang: self.lang.clone(),
            players: None,
        }
    }

    /// Loads the rules, printing diagnostics on failure.
    pub fn load(&self) -> Result<Arc<cc::Rules>, ExitCode> {
        self.game_dir()
            .and_then(|dir| variant::load(dir, &self.selection()))
            .map(|r| Arc::new(r.rules))
            .map_err(|d| {
                render(&d);
                ExitCode::from(EXIT_INVALID)
            })
    }
}
