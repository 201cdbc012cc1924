//! Ludus: a rules engine for card games whose rules live in data. Each
//! game is a module under [`games`] with its rules under `rules/<game>/`;
//! the engine, the simulator, the reports, the terminal player and the
//! agents are generic over it (ARCHITECTURE.md).
//!
//! See ARCHITECTURE.md for the module map and how a turn flows through it.

pub mod agents;
pub mod args;
pub mod cli;
pub mod described;
pub mod design;
pub mod diag;
pub mod effects;
pub mod engine;
pub mod games;
pub mod load;
pub mod play;
pub mod report;
pub mod serve;
pub mod sim;
pub mod soak;
pub mod stats;
pub mod sweep;
pub mod term;
