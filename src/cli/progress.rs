//! The progress bar of long builds. It is drawn on stderr only when that is
//! a terminal and only once the command has run for a second, so short
//! builds, pipes and CI logs see nothing but the closing line.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rulehub::site::Progress;

use super::Verbosity;

/// How long a command runs before its progress bar appears.
const SHOW_AFTER: Duration = Duration::from_secs(1);

/// A page counter that becomes a bar on stderr when rendering is slow.
pub struct PageBar {
    bar: ProgressBar,
    started: Instant,
    /// Whether the bar may be drawn at all (a terminal, human output, not
    /// quiet).
    enabled: bool,
    shown: AtomicBool,
}

impl PageBar {
    /// A hidden bar, counting from now; `verb` leads its line ("building").
    /// `human` says whether the terminal gets readable output at all.
    pub fn new(verb: &str, human: bool, verbosity: Verbosity) -> PageBar {
        let enabled = human && verbosity != Verbosity::Quiet && std::io::stderr().is_terminal();
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template(&format!(
                "{verb} [{{bar:30}}] {{pos}}/{{len}} pages, {{eta}} left"
            ))
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
        );
        PageBar {
            bar,
            started: Instant::now(),
            enabled,
            shown: AtomicBool::new(false),
        }
    }

    /// Removes the bar (if it was drawn) before the closing line.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Progress for PageBar {
    fn start(&self, pages: usize) {
        self.bar.set_length(pages as u64);
    }

    fn advance(&self, pages: usize) {
        self.bar.inc(pages as u64);
        if self.enabled
            && self.started.elapsed() >= SHOW_AFTER
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }
}
