//! Watching the hub's sources (content/, templates/, themes/, hub.yaml)
//! with notify, debouncing the events, and handing each batch of relevant
//! changes to a callback on a thread of its own.
//!
//! Reads are not changes: inotify reports every `open` (the build itself
//! opens every source), so access events other than "closed after writing"
//! are dropped, or each build would trigger the next.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use notify::event::{AccessKind, AccessMode, CreateKind, ModifyKind};
use notify::{Event, EventKind, RecommendedWatcher, RecursiveMode, Watcher as _};

use super::ServeError;

/// The folders under the hub root whose contents feed the build.
pub const WATCHED_DIRS: [&str; 3] = ["content", "templates", "themes"];
/// The hub configuration file.
pub const CONFIG_FILE: &str = "hub.yaml";

/// Quiet time after the last change before a rebuild starts (editors
/// write a file in several steps), unless the batch is already settled:
/// every source written has been closed, and nothing was removed or
/// renamed (those come without a close). See [`Settling`].
const DEBOUNCE: Duration = Duration::from_millis(30);
/// The longest a burst of changes can hold a rebuild back.
const MAX_WAIT: Duration = Duration::from_millis(500);
/// How often the batch thread looks whether it should stop.
const POLL: Duration = Duration::from_millis(200);

/// What a batch of file events changed.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Batch {
    /// These sources of the build (relative to the hub root).
    Files(Vec<PathBuf>),
    /// Events were lost (the kernel's event queue overflowed): anything
    /// may have changed.
    Unknown,
}

/// A running watcher; dropping it stops watching.
pub(crate) struct Watcher {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Watcher {
    /// Watches the hub at `root`; `on_batch` gets each batch of changes, or
    /// a message when the watcher fails.
    pub fn start(
        root: &Path,
        mut on_batch: impl FnMut(Result<Batch, String>) + Send + 'static,
    ) -> Result<Watcher, ServeError> {
        let root = std::fs::canonicalize(root).map_err(watch_error(root))?;
        let (tx, rx) = mpsc::channel::<notify::Result<Event>>();
        let mut watcher = notify::recommended_watcher(tx).map_err(watch_error(&root))?;
        watcher
            .watch(&root, RecursiveMode::NonRecursive)
            .map_err(watch_error(&root))?;
        for dir in WATCHED_DIRS {
            let path = root.join(dir);
            if path.is_dir() {
                watcher
                    .watch(&path, RecursiveMode::Recursive)
                    .map_err(watch_error(&path))?;
            }
        }
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = stop.clone();
        let thread = std::thread::Builder::new()
            .name("rulehub-watch".into())
            .spawn(move || {
                // The watcher lives (and watches) as long as this thread.
                let mut watcher = watcher;
                while !stopping.load(Ordering::Relaxed) {
                    let first = match rx.recv_timeout(POLL) {
                        Ok(event) => event,
                        Err(RecvTimeoutError::Timeout) => continue,
                        Err(RecvTimeoutError::Disconnected) => break,
                    };
                    let mut batch = Gathering::default();
                    batch.take(&root, first, &mut on_batch);
                    // Debounce: wait for a quiet moment, but not forever,
                    // and not at all once every written source is closed.
                    let started = Instant::now();
                    while started.elapsed() < MAX_WAIT {
                        let wait = if batch.settling.settled() {
                            Duration::ZERO
                        } else {
                            DEBOUNCE
                        };
                        match rx.recv_timeout(wait) {
                            Ok(event) => batch.take(&root, event, &mut on_batch),
                            Err(_) => break,
                        }
                    }
                    let Gathering { changed, lost, .. } = batch;
                    rewatch(&mut watcher, &root, &changed);
                    let mut relevant: Vec<PathBuf> = changed
                        .iter()
                        .filter_map(|path| relevant(&root, path))
                        .collect();
                    relevant.sort();
                    relevant.dedup();
                    if lost {
                        on_batch(Ok(Batch::Unknown));
                    } else if !relevant.is_empty() {
                        on_batch(Ok(Batch::Files(relevant)));
                    }
                }
            })
            .map_err(ServeError::Runtime)?;
        Ok(Watcher {
            stop,
            thread: Some(thread),
        })
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Why watching `path` could not start.
fn watch_error<E: std::fmt::Display>(path: &Path) -> impl FnOnce(E) -> ServeError + '_ {
    move |error| ServeError::Watch {
        path: path.to_path_buf(),
        message: error.to_string(),
    }
}

/// Whether an event may have changed what a build reads.
fn is_change(kind: &EventKind) -> bool {
    match kind {
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Access(_) => false,
        _ => true,
    }
}

/// The events of one batch, as they arrive.
#[derive(Default)]
struct Gathering {
    changed: Vec<PathBuf>,
    /// The kernel's queue overflowed: events were lost.
    lost: bool,
    settling: Settling,
}

impl Gathering {
    fn take(
        &mut self,
        root: &Path,
        event: notify::Result<Event>,
        on_batch: &mut dyn FnMut(Result<Batch, String>),
    ) {
        match event {
            Ok(event) if event.need_rescan() => self.lost = true,
            Ok(event) if is_change(&event.kind) => {
                self.settling.note(root, &event);
                self.changed.extend(event.paths);
            }
            Ok(_) => {}
            Err(error) => on_batch(Err(error.to_string())),
        }
    }
}

/// Whether a batch of events is complete without waiting for quiet: a
/// source closed after writing is a finished save (an editor, `git`, a
/// script), so the rebuild need not wait the debounce for it. A source
/// written but not yet closed, or any removal or rename (which come
/// without a close, often in pairs), keeps the debounce.
#[derive(Debug, Default)]
struct Settling {
    /// Sources written and not closed since.
    open: std::collections::HashSet<PathBuf>,
    /// A source was closed after writing.
    closed: bool,
    /// Something changed that no close will follow.
    unsure: bool,
}

impl Settling {
    fn note(&mut self, root: &Path, event: &Event) {
        let sources = event.paths.iter().filter_map(|p| relevant(root, p));
        match event.kind {
            EventKind::Access(AccessKind::Close(AccessMode::Write)) => {
                for path in sources {
                    self.open.remove(&path);
                    self.closed = true;
                }
            }
            EventKind::Create(CreateKind::File) | EventKind::Modify(ModifyKind::Data(_)) => {
                self.open.extend(sources);
            }
            _ => self.unsure |= sources.count() > 0,
        }
    }

    fn settled(&self) -> bool {
        self.closed && self.open.is_empty() && !self.unsure
    }
}

/// A watched folder created (or re-created) after the start gets a fresh
/// recursive watch.
fn rewatch(watcher: &mut RecommendedWatcher, root: &Path, changed: &[PathBuf]) {
    for dir in WATCHED_DIRS {
        let path = root.join(dir);
        if changed.contains(&path) {
            let _ = watcher.unwatch(&path);
            if path.is_dir() {
                let _ = watcher.watch(&path, RecursiveMode::Recursive);
            }
        }
    }
}

/// `path` relative to `root` when it is a source of the build: inside one of
/// the watched folders (not hidden, not an editor backup) or hub.yaml.
pub fn relevant(root: &Path, path: &Path) -> Option<PathBuf> {
    let rel = path.strip_prefix(root).ok()?;
    let mut components = rel.components();
    let first = components.next()?.as_os_str().to_str()?;
    if rel == Path::new(CONFIG_FILE) {
        return Some(rel.to_path_buf());
    }
    if !WATCHED_DIRS.contains(&first) {
        return None;
    }
    let hidden_or_backup = rel.components().any(|c| {
        c.as_os_str()
            .to_str()
            .is_some_and(|name| name.starts_with('.') || name.ends_with('~'))
    });
    (!hidden_or_backup).then(|| rel.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_a_file_is_not_changing_it() {
        use notify::event::{CreateKind, DataChange, ModifyKind, RemoveKind};
        assert!(!is_change(&EventKind::Access(AccessKind::Open(
            AccessMode::Any
        ))));
        assert!(!is_change(&EventKind::Access(AccessKind::Close(
            AccessMode::Read
        ))));
        assert!(is_change(&EventKind::Access(AccessKind::Close(
            AccessMode::Write
        ))));
        assert!(is_change(&EventKind::Modify(ModifyKind::Data(
            DataChange::Any
        ))));
        assert!(is_change(&EventKind::Create(CreateKind::File)));
        assert!(is_change(&EventKind::Remove(RemoveKind::File)));
    }

    fn event(kind: EventKind, paths: &[&str]) -> Event {
        paths.iter().fold(Event::new(kind), |event, path| {
            event.add_path(PathBuf::from(path))
        })
    }

    fn settled_after(events: &[Event]) -> bool {
        let mut settling = Settling::default();
        for event in events {
            settling.note(Path::new("/hub"), event);
        }
        settling.settled()
    }

    #[test]
    fn a_save_is_settled_once_every_written_source_is_closed() {
        use notify::event::{DataChange, RenameMode};
        let write = |path| {
            event(
                EventKind::Modify(ModifyKind::Data(DataChange::Any)),
                &[path],
            )
        };
        let close = |path| {
            event(
                EventKind::Access(AccessKind::Close(AccessMode::Write)),
                &[path],
            )
        };
        let a = "/hub/content/family/a.md";
        let b = "/hub/content/family/b.md";
        assert!(!settled_after(&[write(a)]), "written, not yet closed");
        assert!(settled_after(&[write(a), close(a)]));
        assert!(
            !settled_after(&[write(a), write(b), close(a)]),
            "b is still being written"
        );
        assert!(settled_after(&[write(a), write(b), close(a), close(b)]));
        assert!(
            !settled_after(&[
                write("/hub/content/family/.a.md.swp"),
                close("/hub/content/family/.a.md.swp")
            ]),
            "an editor's swap file is no source: its close settles nothing"
        );
        // An editor's atomic save: a temporary file renamed over the page.
        let rename = event(
            EventKind::Modify(ModifyKind::Name(RenameMode::Both)),
            &["/hub/content/family/a.md.tmp", a],
        );
        assert!(
            !settled_after(&[write(b), close(b), rename]),
            "a rename comes without a close: wait for quiet"
        );
        let removed = event(EventKind::Remove(notify::event::RemoveKind::File), &[a]);
        assert!(!settled_after(&[write(b), close(b), removed]));
    }

    #[test]
    fn only_sources_of_the_build_count() {
        let root = Path::new("/hub");
        let rel = |p: &str| relevant(root, Path::new(p));
        assert_eq!(
            rel("/hub/content/family/tablut.md"),
            Some(PathBuf::from("content/family/tablut.md"))
        );
        assert_eq!(rel("/hub/hub.yaml"), Some(PathBuf::from("hub.yaml")));
        assert_eq!(
            rel("/hub/themes/default/static/style.css"),
            Some(PathBuf::from("themes/default/static/style.css"))
        );
        assert_eq!(rel("/hub/public/index.html"), None);
        assert_eq!(rel("/hub/target/debug/rulehub"), None);
        assert_eq!(rel("/hub/content/family/.tablut.md.swp"), None);
        assert_eq!(rel("/hub/content/family/tablut.md~"), None);
        assert_eq!(rel("/elsewhere/content/x.md"), None);
    }
}
