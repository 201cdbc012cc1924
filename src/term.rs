//! Terminal output shared by the commands: diagnostics rendered with
//! ariadne, colour when the output is a terminal.

use std::io::IsTerminal;

use crate::diag::Diagnostics;

/// Whether to colour output: a terminal and no `NO_COLOR`.
pub fn color_enabled() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// Prints diagnostics to stderr, each once: where its file can be read, as
/// an ariadne report (`Error: message`, then a box headed `file:line:col`
/// with the source line and the place marked, then the hints); else as the
/// plain `file:line:col: error: message` line and its hints.
pub fn render(diags: &Diagnostics) {
    for d in diags.iter() {
        if !render_snippet(d) {
            eprintln!("{d}");
        }
    }
}

/// Renders one diagnostic with its source snippet; false if the source
/// cannot be shown (no span, unreadable file, or a span not in its text).
fn render_snippet(d: &crate::diag::Diagnostic) -> bool {
    use ariadne::{Color, Config, IndexType, Label, Report, ReportKind, Source};
    let Some(span) = d.span.clone() else {
        return false;
    };
    let Some(text) = crate::load::rules_dir::source_text(&d.file) else {
        return false;
    };
    if span.start > span.end || text.get(span.clone()).is_none() {
        return false;
    }
    let name = d.file.display().to_string();
    let mut report = Report::build(ReportKind::Error, (name.clone(), span.clone()))
        .with_config(
            Config::default()
                .with_color(color_enabled())
                .with_index_type(IndexType::Byte),
        )
        .with_message(&d.message)
        .with_label(
            Label::new((name.clone(), span))
                .with_message("here")
                .with_color(Color::Red),
        );
    report.with_helps(&d.hints);
    report.finish().eprint((name, Source::from(text))).is_ok()
}
