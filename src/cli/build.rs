//! `rulehub build` and `rulehub check`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, ValueEnum};
use rulehub::diagnostic::{Diagnostic, Severity};
use rulehub::hub::LoadOptions;
use rulehub::inventory::Inventory;
use rulehub::site::{self, BuildOptions, Stats};

use super::progress::PageBar;
use super::report::{self, MessageFormat, ReportArgs, counts, plural};
use super::scope::Scope;
use super::{EXIT_CONTENT, EXIT_USAGE, Verbosity};

#[derive(Args)]
pub struct BuildArgs {
    /// The hub folder (holding hub.yaml and content/).
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// Where the site goes; replaced whole, only when the build succeeds.
    #[arg(long)]
    output: Option<PathBuf>,
    /// Include pages marked `published: false`.
    #[arg(long)]
    drafts: bool,
    /// Publish at this address instead of hub.yaml's `base_url` (links,
    /// canonical addresses and the sitemap follow it), e.g. a preview's
    /// `https://example.github.io/my-hub/`.
    #[arg(long, value_name = "URL", value_parser = base_url)]
    base_url: Option<String>,
    #[command(flatten)]
    report: ReportArgs,
}

#[derive(Args)]
pub struct CheckArgs {
    /// The hub folder (holding hub.yaml and content/).
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// Check pages marked `published: false` too.
    #[arg(long)]
    drafts: bool,
    /// Check as if published at this address instead of hub.yaml's
    /// `base_url` (as `build --base-url` does).
    #[arg(long, value_name = "URL", value_parser = base_url)]
    base_url: Option<String>,
    #[command(flatten)]
    report: ReportArgs,
    /// Treat warnings as errors: report them as errors and fail.
    #[arg(long, value_enum, value_name = "KIND")]
    deny: Vec<Denied>,
    /// Check the whole hub but report only problems in pages changed since
    /// the git commit, branch or tag REF (and the pages that share their
    /// data; problems in hub.yaml, templates and themes always count).
    #[arg(long, value_name = "REF")]
    changed_since: Option<String>,
    /// Like --changed-since, with the changed files named directly (paths
    /// from the current folder; files outside the hub are ignored).
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// What `--deny` can turn into errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Denied {
    /// Untranslated or otherwise incomplete pages.
    Warnings,
}

pub fn build(args: &BuildArgs, verbosity: Verbosity) -> ExitCode {
    if let Err(message) = args.report.validate() {
        return usage_error(&message);
    }
    let started = Instant::now();
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| args.root.join("public"));
    if let Err(problem) =
        usable_root(&args.root).and_then(|()| output_outside_content(&args.root, &output))
    {
        return usage_error(&problem);
    }
    // Pages stream into a staging folder as they render (memory stays flat on
    // large hubs); the folder replaces `output` only when everything worked.
    let bar = PageBar::new("building", args.report.human_on_terminal(), verbosity);
    let result = site::build_to(
        &args.root,
        &BuildOptions {
            drafts: args.drafts,
            base_url: args.base_url.clone(),
            ..BuildOptions::default()
        },
        &output,
        &bar,
    );
    bar.finish();
    let (diagnostics, stats) = match result {
        Ok(written) => (written.warnings, Some(written.stats)),
        Err(site::BuildError::Content(diagnostics)) => (diagnostics, None),
        Err(site::BuildError::Write(error)) => return usage_error(&error.to_string()),
    };
    let run = Run {
        root: &args.root,
        drafts: args.drafts,
        report: &args.report,
        verbosity,
        started,
    };
    let code = run.finish("built", &diagnostics, stats.as_ref(), None);
    if code == ExitCode::SUCCESS && run.human() && verbosity != Verbosity::Quiet {
        eprintln!("site written to {}", output.display());
    }
    code
}

pub fn check(args: &CheckArgs, verbosity: Verbosity) -> ExitCode {
    if let Err(message) = args.report.validate() {
        return usage_error(&message);
    }
    if let Err(problem) = usable_root(&args.root) {
        return usage_error(&problem);
    }
    let scope = match Scope::from_args(&args.root, args.changed_since.as_deref(), &args.files) {
        Ok(scope) => scope,
        Err(message) => return usage_error(&message),
    };
    let started = Instant::now();
    let bar = PageBar::new("checking", args.report.human_on_terminal(), verbosity);
    let result = site::check(
        &args.root,
        &BuildOptions {
            drafts: args.drafts,
            base_url: args.base_url.clone(),
            ..BuildOptions::default()
        },
        &bar,
    );
    bar.finish();
    let (mut diagnostics, stats) = match result {
        Ok(checked) => (checked.warnings, Some(checked.stats)),
        Err(diagnostics) => (diagnostics, None),
    };
    if args.deny.contains(&Denied::Warnings) {
        // Promoted before reporting, so every format shows them as errors.
        for diagnostic in &mut diagnostics {
            diagnostic.severity = Severity::Error;
        }
    }
    let run = Run {
        root: &args.root,
        drafts: args.drafts,
        report: &args.report,
        verbosity,
        started,
    };
    let inventory = (args.report.needs_inventory() || scope.is_some())
        .then(|| run.inventory())
        .flatten();
    let hidden = match &scope {
        Some(scope) => scope.retain(&mut diagnostics, inventory.as_ref()),
        None => 0,
    };
    let inventory = match &scope {
        Some(scope) => inventory.map(|inventory| scope.restrict(inventory)),
        None => inventory,
    };
    let code = run.finish("checked", &diagnostics, stats.as_ref(), inventory);
    if let Some(scope) = scope
        && run.human()
        && verbosity != Verbosity::Quiet
    {
        scope_note(&scope, hidden);
    }
    code
}

/// Says what a scoped check left out, so nobody takes it for a full one.
fn scope_note(scope: &Scope, hidden: usize) {
    let mut note = format!(
        "reported only problems in {} {} and the pages that share their data",
        plural(scope.changed_files(), "file", "files"),
        scope.origin
    );
    if hidden > 0 {
        note.push_str(&format!(
            "; {} elsewhere not shown",
            plural(hidden, "problem", "problems")
        ));
    }
    eprintln!("{note}");
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(EXIT_USAGE)
}

/// What `build` and `check` share once the hub has been checked: reporting
/// and the exit code.
struct Run<'a> {
    root: &'a Path,
    drafts: bool,
    report: &'a ReportArgs,
    verbosity: Verbosity,
    started: Instant,
}

impl Run<'_> {
    fn human(&self) -> bool {
        self.report.human_on_terminal()
    }

    fn inventory(&self) -> Option<Inventory> {
        Inventory::load(
            self.root,
            &LoadOptions {
                drafts: self.drafts,
            },
        )
    }

    /// Reports the diagnostics left to report and picks the exit code: a
    /// content failure when any of them is an error. `stats` is there when
    /// the whole hub checked out.
    fn finish(
        &self,
        verb: &str,
        diagnostics: &[Diagnostic],
        stats: Option<&Stats>,
        inventory: Option<Inventory>,
    ) -> ExitCode {
        let failed = diagnostics.iter().any(Diagnostic::is_error);
        let inventory = match inventory {
            Some(inventory) => Some(inventory),
            None if self.report.needs_inventory() => self.inventory(),
            None => None,
        };
        if let Err(message) =
            self.report
                .write_machine_report(diagnostics, inventory.as_ref(), self.root)
        {
            return usage_error(&message);
        }
        if self.human() {
            if failed {
                content_errors(diagnostics, self.verbosity);
            } else {
                self.succeeded(verb, diagnostics, stats);
            }
        }
        if failed {
            ExitCode::from(EXIT_CONTENT)
        } else {
            ExitCode::SUCCESS
        }
    }

    /// Prints the warnings of a successful run and its closing summary line.
    fn succeeded(&self, verb: &str, warnings: &[Diagnostic], stats: Option<&Stats>) {
        if self.verbosity == Verbosity::Quiet {
            return;
        }
        report::print(warnings, MessageFormat::Human);
        let Some(stats) = stats else {
            // Only problems outside the scope failed the hub.
            eprintln!("{verb} the whole hub: no errors in the pages reported on");
            return;
        };
        if self.verbosity == Verbosity::Verbose {
            for (variant, examples, languages) in &stats.variants {
                let translations = if languages.is_empty() {
                    "no translations".to_string()
                } else {
                    format!("translated: {}", languages.join(", "))
                };
                eprintln!(
                    "  {variant}: {}, {translations}",
                    plural(*examples, "example checked", "examples checked")
                );
            }
        }
        let mut line = format!(
            "{verb} {} in {}, {}, {} in {} ms",
            plural(stats.pages, "page", "pages"),
            plural(stats.languages, "language", "languages"),
            plural(stats.diagrams, "diagram", "diagrams"),
            plural(stats.examples, "example checked", "examples checked"),
            self.started.elapsed().as_millis()
        );
        if !warnings.is_empty() {
            line.push_str(&format!(
                " ({})",
                plural(warnings.len(), "warning", "warnings")
            ));
        }
        eprintln!("{line}");
    }
}

/// A `--root` that is not a folder, or a folder that is not a hub (it has
/// neither hub.yaml nor content/), is a usage error (exit 2), not a problem
/// of the hub's content: most likely rulehub ran in the wrong folder.
fn usable_root(root: &Path) -> Result<(), String> {
    if !root.is_dir() {
        return Err(format!(
            "`{}` is not a folder; pass the hub's folder with --root",
            root.display()
        ));
    }
    if !root.join("hub.yaml").is_file() && !root.join("content").is_dir() {
        // `init` starts hubs only in empty folders: name this one when it is.
        let empty = std::fs::read_dir(root).is_ok_and(|mut entries| entries.next().is_none());
        let start = if empty {
            format!("`rulehub init {}`", root.display())
        } else {
            "`rulehub init my-hub` (a new folder)".to_string()
        };
        return Err(format!(
            "`{}` is not a rulehub hub: it has neither a hub.yaml nor a content/ folder\n  \
             = help: a hub is a folder with hub.yaml (its title, address and languages) and \
             content/ (its pages); run rulehub in a hub, pass the hub's folder with --root, or \
             start one with {start}",
            root.display()
        ));
    }
    Ok(())
}

/// `--base-url`: an absolute http(s) address, ending in `/` (added when
/// missing) so that its path is a folder the site's links go under.
pub fn base_url(value: &str) -> Result<String, String> {
    let example = "write the address the site is published at, e.g. `https://example.org/` or \
                   `https://example.org/docs/`";
    let rest = ["https://", "http://"]
        .iter()
        .find_map(|scheme| value.strip_prefix(scheme))
        .ok_or_else(|| format!("not an http(s) address; {example}"))?;
    let (host, _path) = rest.split_once('/').unwrap_or((rest, ""));
    if host.is_empty() {
        return Err(format!("the address names no host; {example}"));
    }
    if let Some(bad) = value.chars().find(|c| {
        c.is_whitespace() || c.is_control() || matches!(c, '?' | '#' | '"' | '<' | '>' | '\\')
    }) {
        return Err(format!(
            "the address contains {bad:?}, which a base address cannot hold; {example}"
        ));
    }
    if host.contains('@') {
        return Err(format!("the address holds a user name; {example}"));
    }
    Ok(if value.ends_with('/') {
        value.to_string()
    } else {
        format!("{value}/")
    })
}

/// An output folder inside `content/` would be copied into the next site
/// as assets, and that site into the one after, without end.
fn output_outside_content(root: &Path, output: &Path) -> Result<(), String> {
    let content = lexical_absolute(&root.join("content"));
    if lexical_absolute(output).starts_with(&content) {
        Err(format!(
            "the output folder `{}` is inside `{}`: every build would copy the site into itself; \
             choose an --output outside content/",
            output.display(),
            content.display()
        ))
    } else {
        Ok(())
    }
}

/// `path` made absolute, with `.` and `..` resolved by name (the folders
/// need not exist yet).
fn lexical_absolute(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut normal = PathBuf::new();
    for component in absolute.components() {
        match component {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                normal.pop();
            }
            other => normal.push(other),
        }
    }
    normal
}

/// Prints every diagnostic of a failed run and the closing count; with
/// `--quiet`, the errors alone.
fn content_errors(diagnostics: &[Diagnostic], verbosity: Verbosity) {
    report::print_human(diagnostics, verbosity);
    if verbosity == Verbosity::Quiet {
        return;
    }
    let (errors, warnings) = counts(diagnostics);
    let mut line = format!("error: the hub has {}", plural(errors, "error", "errors"));
    if warnings > 0 {
        line.push_str(&format!(" and {}", plural(warnings, "warning", "warnings")));
    }
    eprintln!("{line}; nothing was written");
}
