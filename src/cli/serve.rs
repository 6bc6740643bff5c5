//! `rulehub serve`: the development server, reporting every build.

use std::io::Write;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::process::{ExitCode, Stdio};

use clap::Args;
use rulehub::diagnostic::Diagnostic;
use rulehub::serve::{self, Event, Options, Server};

use super::report::{self, MessageFormat, counts, plural};
use super::{EXIT_USAGE, Verbosity};

#[derive(Args)]
pub struct ServeArgs {
    /// The hub folder (holding hub.yaml and content/).
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// The address to listen on. Anything but loopback exposes the preview
    /// to the network.
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// The port; 0 picks a free one.
    #[arg(long, default_value_t = 1111)]
    port: u16,
    /// Open the site in the browser once it is served.
    #[arg(long)]
    open: bool,
    /// Include pages marked `published: false`.
    #[arg(long)]
    drafts: bool,
    /// Where the room server beside the preview keeps its rooms and
    /// finished games (default: rooms-data in the hub folder).
    #[arg(long, value_name = "DIR")]
    rooms_data: Option<PathBuf>,
    /// Run no room server: the preview's pages then name hub.yaml's
    /// `room_server`, if any.
    #[arg(long, conflicts_with = "rooms_data")]
    no_rooms: bool,
    /// Serve under this address's path instead of hub.yaml's `base_url`'s
    /// (as `build --base-url` publishes); the preview keeps its own origin.
    #[arg(long, value_name = "URL", value_parser = super::build::base_url)]
    base_url: Option<String>,
}

pub fn run(args: &ServeArgs, verbosity: Verbosity) -> ExitCode {
    crate::keep_freed_memory();
    let options = Options {
        root: args.root.clone(),
        bind: args.bind,
        port: args.port,
        drafts: args.drafts,
        base_url: args.base_url.clone(),
        rooms: (!args.no_rooms).then(|| {
            args.rooms_data
                .clone()
                .unwrap_or_else(|| args.root.join("rooms-data"))
        }),
    };
    let server = match Server::start(&options) {
        Ok(server) => server,
        Err(error) => {
            eprintln!("error: {error}");
            match error {
                serve::ServeError::Bind { .. } => {
                    eprintln!("help: pass another --port, or --port 0 for any free one");
                }
                serve::ServeError::Rooms(_) => {
                    eprintln!("help: `--no-rooms` serves the preview without a room server");
                }
                serve::ServeError::NotAHub(_) => {
                    eprintln!(
                        "help: a hub is a folder with hub.yaml and content/ (its pages); run rulehub \
                         in a hub, pass the hub's folder with --root, or start one with `rulehub init`"
                    );
                }
                _ => {}
            }
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let mut last_warnings: Vec<Diagnostic> = Vec::new();
    // The first event is the first build; report it before the address.
    if let Ok(event) = server.events().recv() {
        report_event(&args.root, event, &mut last_warnings, verbosity);
    }
    let url = server.url();
    println!("serving {} at {url} (Ctrl-C to stop)", args.root.display());
    if let Some(rooms) = server.rooms() {
        if verbosity != Verbosity::Quiet {
            for warning in &rooms.warnings {
                eprintln!("warning: {warning}");
            }
        }
        println!(
            "rooms for \"Invite a friend\" at {} (data in {}, {} restored; --no-rooms turns them off)",
            rooms.url,
            rooms.data.display(),
            plural(rooms.restored, "room", "rooms")
        );
    }
    let _ = std::io::stdout().flush();
    if !args.bind.is_loopback() && verbosity != Verbosity::Quiet {
        eprintln!(
            "warning: listening on {}: anyone on the network can read the preview",
            args.bind
        );
    }
    if args.open {
        open_browser(&url);
    }
    while let Ok(event) = server.events().recv() {
        report_event(&args.root, event, &mut last_warnings, verbosity);
    }
    // The events end only when the watcher thread ends, which it does not
    // on its own: the preview can no longer follow edits.
    eprintln!("error: the file watcher stopped; restart `rulehub serve`");
    ExitCode::from(EXIT_USAGE)
}

/// Reports a build: warnings (when they changed) and a summary line, or
/// the errors; with `--quiet`, only the errors.
fn report_event(
    root: &Path,
    event: Event,
    last_warnings: &mut Vec<Diagnostic>,
    verbosity: Verbosity,
) {
    let quiet = verbosity == Verbosity::Quiet;
    match event {
        Event::Built { .. } | Event::WatchError(_) if quiet => {}
        Event::Built {
            stats,
            warnings,
            rendered,
            elapsed,
            changed,
            catch_up,
        } => {
            if warnings != *last_warnings {
                report::print(&warnings, MessageFormat::Human);
                *last_warnings = warnings;
            }
            let what = format!(
                "{}, {}, {}",
                plural(stats.pages, "page", "pages"),
                plural(stats.diagrams, "diagram", "diagrams"),
                plural(stats.examples, "example checked", "examples checked"),
            );
            if catch_up {
                eprintln!(
                    "  then the search index and print pages ({} re-rendered) in {} ms",
                    plural(rendered, "page", "pages"),
                    elapsed.as_millis()
                );
            } else if changed.is_empty() {
                eprintln!("built {what} in {} ms", elapsed.as_millis());
            } else {
                eprintln!(
                    "rebuilt after {} changed: {what} ({} re-rendered) in {} ms",
                    describe(root, &changed),
                    plural(rendered, "page", "pages"),
                    elapsed.as_millis()
                );
            }
        }
        Event::Failed {
            diagnostics,
            elapsed,
            changed,
        } => {
            report::print_human(&diagnostics, verbosity);
            last_warnings.clear();
            if quiet {
                return;
            }
            let (errors, warnings) = counts(&diagnostics);
            let mut line = format!("error: the hub has {}", plural(errors, "error", "errors"));
            if warnings > 0 {
                line.push_str(&format!(" and {}", plural(warnings, "warning", "warnings")));
            }
            if !changed.is_empty() {
                line.push_str(&format!(" after {} changed", describe(root, &changed)));
            }
            eprintln!(
                "{line} ({} ms); the pages show them until fixed, with the last good build underneath",
                elapsed.as_millis()
            );
        }
        Event::WatchError(message) => eprintln!("warning: file watcher: {message}"),
    }
}

/// "content/FAMILY/VARIANT.md" or "content/FAMILY/VARIANT.md and 2 more", naming
/// a file that still exists first (editors save through temporary files).
fn describe(root: &Path, changed: &[PathBuf]) -> String {
    let Some(first) = changed
        .iter()
        .find(|p| root.join(p).is_file())
        .or(changed.first())
    else {
        return "nothing".to_string();
    };
    match changed.len() {
        1 => first.display().to_string(),
        n => format!("{} and {} more", first.display(), n - 1),
    }
}

/// Opens `url` in the default browser; failures are only mentioned.
fn open_browser(url: &str) {
    let program = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    let spawned = std::process::Command::new(program)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    match spawned {
        // Reap the opener when it exits.
        Ok(mut child) => {
            std::thread::spawn(move || child.wait());
        }
        Err(error) => eprintln!(
            "note: could not open a browser with {}: {error}; open {url} yourself",
            Path::new(program).display()
        ),
    }
}
