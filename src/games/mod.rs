//! Game modules: each one turns a rules directory into playable states.
//! Only Caesar & Cleopatra exists today; `rules/<game>/game.ron` names the
//! module that reads the rest of the directory.

pub mod caesar_cleopatra;
