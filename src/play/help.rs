//! `ludus play --help` and `ludus replay --help` in the player's language.
//! clap writes the help from the doc comments of [`super::PlayArgs`] and
//! [`super::ReplayArgs`], in English; with `--lang fr` or `--lang nl` on
//! the command line, the two commands' texts (their summary, usage line,
//! headings, each option's help and value name, `--help` itself) are
//! taken from the player's catalogue (`cli-*` messages) before clap
//! parses. What clap says by itself (an error in the command line) stays
//! English.

use std::ffi::OsString;

use clap::{Arg, ArgAction, Command};

use super::i18n::Lang;

/// The commands whose help the catalogue words.
const COMMANDS: [&str; 2] = ["play", "replay"];

/// Parses the command line as `T`, the help of `play` and `replay` in the
/// language of their `--lang` (English without one); exits on `--help` or
/// an error, as `T::parse()` does.
pub fn parse<T: clap::Parser>() -> T {
    let args: Vec<OsString> = std::env::args_os().collect();
    let mut cmd = T::command();
    if let Some((name, lang)) = command_lang(&args) {
        cmd = cmd.mut_subcommand(name, |c| localize(c, name, lang));
    }
    let mut m = cmd.get_matches_from(args);
    T::from_arg_matches_mut(&mut m).unwrap_or_else(|e| e.exit())
}

/// `play` or `replay` and the language of its `--lang X` (or
/// `--lang=X`), when that is French or Dutch.
fn command_lang(args: &[OsString]) -> Option<(&'static str, Lang)> {
    let args: Vec<&str> = args.iter().skip(1).filter_map(|a| a.to_str()).collect();
    let name = COMMANDS.into_iter().find(|c| args.first() == Some(c))?;
    let code = args
        .iter()
        .enumerate()
        .find_map(|(i, a)| match a.strip_prefix("--lang") {
            Some("") => args.get(i + 1).copied(),
            Some(v) => v.strip_prefix('='),
            None => None,
        })?;
    let lang = Lang::from_code(Some(code));
    (lang != Lang::En).then_some((name, lang))
}

/// The value names of an option that takes a value (a flag has none).
fn value_names(a: &Arg) -> &[clap::builder::Str] {
    if a.get_action().takes_values() {
        a.get_value_names().unwrap_or_default()
    } else {
        &[]
    }
}

/// The catalogue id of a value name: `KEY=VALUE` is `cli-value-key-value`.
fn value_id(v: &str) -> String {
    format!("cli-value-{}", v.to_lowercase().replace('=', "-"))
}

/// `cmd`'s help in `lang`.
pub fn localize(cmd: Command, name: &str, lang: Lang) -> Command {
    let t = |id: &str| lang.t(id);
    let ids: Vec<(String, bool)> = cmd
        .get_arguments()
        .map(|a| (a.get_id().to_string(), a.is_positional()))
        .collect();
    let mut cmd = cmd
        .about(t(&format!("cli-{name}-about")))
        .long_about(None)
        .override_usage(t(&format!("cli-{name}-usage")))
        .help_template(format!(
            "{{about-with-newline}}\n{} {{usage}}\n\n{{all-args}}{{after-help}}",
            t("cli-usage-heading")
        ))
        .disable_help_flag(true);
    for (id, positional) in ids {
        let help = t(&format!("cli-{name}-{id}"));
        let heading = t(if positional {
            "cli-arguments"
        } else {
            "cli-options"
        });
        cmd = cmd.mut_arg(&id, |a| {
            let names: Vec<String> = value_names(&a)
                .iter()
                .map(|v| lang.get(&value_id(v)).unwrap_or_else(|| v.to_string()))
                .collect();
            let a = a.help(help).long_help(None).help_heading(heading);
            if names.is_empty() {
                a
            } else {
                a.value_names(names)
            }
        });
    }
    cmd.arg(
        Arg::new("help")
            .short('h')
            .long("help")
            .action(ArgAction::Help)
            .help(t("cli-help"))
            .help_heading(t("cli-options")),
    )
}

/// The catalogue ids `localize` reads for the arguments of `cmd` (the
/// `name` command): a test checks that every language has them.
pub fn ids(cmd: &Command, name: &str) -> Vec<String> {
    let mut v: Vec<String> = [
        "cli-usage-heading",
        "cli-options",
        "cli-arguments",
        "cli-help",
    ]
    .map(String::from)
    .into();
    v.push(format!("cli-{name}-about"));
    v.push(format!("cli-{name}-usage"));
    for a in cmd.get_arguments() {
        v.push(format!("cli-{name}-{}", a.get_id()));
        for n in value_names(a) {
            v.push(value_id(n));
        }
    }
    v
}
