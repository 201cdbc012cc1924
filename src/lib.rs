//! Ludus: a rules engine for Caesar & Cleopatra whose rules live in data.
//!
//! See ARCHITECTURE.md for the module map and how a turn flows through it.

pub mod agents;
pub mod args;
pub mod cli;
pub mod design;
pub mod diag;
pub mod effects;
pub mod engine;
pub mod games;
pub mod load;
pub mod play;
pub mod report;
pub mod sim;
pub mod soak;
pub mod term;
