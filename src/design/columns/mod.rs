//! Scenario files of a game played on the engine's table of columns
//! (`effects::columns`): a position written as a person reads the table
//! ([`Position`]), read against the rules and laid out on the table
//! ([`Layout`]).

mod position;

pub use position::{Cards, Layout, Position, seat};
