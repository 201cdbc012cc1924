//! The integration tests, one binary: each file is a module (`cargo test
//! --profile tests --test suite leaks::` runs one file's tests). One binary
//! links the library once instead of once per file, which is most of the
//! tests' build time on a fresh clone.

#[macro_use]
mod common;

mod agents;
mod agents_n_seats;
mod browser;
mod cards;
mod check_files;
mod cli;
mod de_cape_described;
mod de_cape_described_scenarios;
mod de_cape_french;
mod de_cape_play;
mod de_cape_report;
mod de_cape_screen;
mod described;
mod described_alloc;
mod described_calls;
mod described_language;
mod described_measures;
mod described_model;
mod designer_reports;
mod designer_trust;
mod effect_errors;
mod fuzz_corpus;
mod game_boundary;
mod kernel_equality;
mod leaks;
mod leaks_every_game;
mod native;
mod play;
mod play_pty;
mod play_screen;
mod play_toy;
mod random_games;
mod report;
mod roemer_scenario_files;
mod roemer_screen;
mod rule_bounds;
mod rule_differences;
mod rules_data;
mod run_options;
mod saves;
mod scenarios;
mod serve;
mod serve_browser;
mod serve_client;
mod serve_leaks;
mod serve_load;
mod soak;
mod sweep;
mod variant_errors;
mod variants;
