//! The development server behind `rulehub serve`: builds the hub in memory,
//! serves it over HTTP, watches the sources and rebuilds on change, and tells
//! open pages to reload over a websocket.
//!
//! Beside the preview it runs a room server (the `rulehub-room` crate, as
//! `rulehub room` does) and points the preview's pages at it, so authors can
//! try "Invite a friend" without publishing anything.
//!
//! Nothing here prints. [`Server::start`] returns a handle whose
//! [`Server::events`] yield one [`Event`] per build, for the caller to report.
//! Nothing is ever written to disk: the site is served from memory, so a
//! request can only ever name a file the build produced.

mod http;
mod overlay;
mod watch;

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::diagnostic::Diagnostic;
use crate::site::{BuildOptions, Rebuilt, Session, SiteFiles, Stats};

pub use http::{Resolved, resolve_request_path};
pub use overlay::{html_escape, inject, overlay_html, render_plain};

/// The websocket address pages connect to for reload messages.
pub const LIVERELOAD_PATH: &str = "/__rulehub/livereload";
/// The text message sent over the websocket after every rebuild.
pub const RELOAD_MESSAGE: &str = "reload";

/// How to serve.
#[derive(Debug, Clone)]
pub struct Options {
    /// The hub folder.
    pub root: PathBuf,
    /// The address to listen on (loopback by default).
    pub bind: IpAddr,
    /// The port; 0 picks a free one.
    pub port: u16,
    /// Include pages marked `published: false`.
    pub drafts: bool,
    /// Run a room server beside the preview, keeping its rooms in this
    /// folder; `None` runs none (pages then name hub.yaml's `room_server`,
    /// if any).
    pub rooms: Option<PathBuf>,
    /// Serve under this address's path instead of `base_url`'s (`serve
    /// --base-url`, to preview a site published under another folder); the
    /// origin is always this server's.
    pub base_url: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            root: PathBuf::from("."),
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 1111,
            drafts: false,
            rooms: None,
            base_url: None,
        }
    }
}

/// The room server running beside the preview.
#[derive(Debug, Clone)]
pub struct Rooms {
    /// `http://127.0.0.1:PORT`, as the preview's pages name it.
    pub url: String,
    /// Where its rooms and finished games are kept.
    pub data: PathBuf,
    /// Rooms restored from `data`.
    pub restored: usize,
    /// What recovery could not restore or had to cut back, for the log.
    pub warnings: Vec<String>,
}

/// What happened, for the caller to report.
#[derive(Debug)]
pub enum Event {
    /// A build succeeded and is being served.
    Built {
        stats: Stats,
        warnings: Vec<Diagnostic>,
        /// Pages rendered by this build; the others were unchanged and kept.
        rendered: usize,
        elapsed: Duration,
        /// The files whose change caused the build (empty for the first,
        /// and when the watcher lost events so every file was looked at).
        changed: Vec<PathBuf>,
        /// This build caught up the search index and print pages after the
        /// edited pages were published.
        catch_up: bool,
    },
    /// A build failed; the last good site (if any) is still served, with the
    /// diagnostics shown as an overlay on every page.
    Failed {
        diagnostics: Vec<Diagnostic>,
        elapsed: Duration,
        changed: Vec<PathBuf>,
    },
    /// The file watcher reported a problem (builds may be missed).
    WatchError(String),
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("no `content/` folder in {0}")]
    NotAHub(PathBuf),
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("cannot watch {path}: {message}")]
    Watch { path: PathBuf, message: String },
    #[error("cannot start the server: {0}")]
    Runtime(std::io::Error),
    #[error("cannot start the room server: {0}")]
    Rooms(String),
}

/// What the HTTP side serves right now.
#[derive(Debug, Default)]
pub(crate) struct Snapshot {
    /// The last good site (empty until a build succeeds), updated in place
    /// by each rebuild's delta.
    pub site: SiteFiles,
    /// The overlay HTML while the newest build failed.
    pub overlay: Option<Arc<str>>,
    /// The path part of `base_url` (`""` at a domain root), under which the
    /// site's own links point.
    pub base_path: String,
}

/// State shared by the HTTP server and the rebuild thread.
pub(crate) struct Shared {
    pub snapshot: RwLock<Snapshot>,
    pub reload: tokio::sync::broadcast::Sender<()>,
}

impl Shared {
    /// The site as served now; hold it only as long as a request needs.
    pub fn current(&self) -> RwLockReadGuard<'_, Snapshot> {
        self.snapshot
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn update(&self) -> RwLockWriteGuard<'_, Snapshot> {
        self.snapshot
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// A running server. Dropping it stops the HTTP side and the watcher.
pub struct Server {
    addr: SocketAddr,
    shared: Arc<Shared>,
    events: mpsc::Receiver<Event>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    http_thread: Option<JoinHandle<()>>,
    rooms: Option<Rooms>,
    watcher: Option<watch::Watcher>,
    build_thread: Option<JoinHandle<()>>,
    /// Tells a catch-up pass in progress to give up (when stopping).
    stop_building: Arc<AtomicBool>,
}

impl Server {
    /// Binds the address, builds the hub once, starts watching and serving.
    /// Pages are built for this server's own address, so canonical and
    /// alternate links lead back to it rather than to production.
    /// The first build's result is the first event.
    pub fn start(options: &Options) -> Result<Server, ServeError> {
        let root = options.root.clone();
        if !root.join("content").is_dir() {
            return Err(ServeError::NotAHub(root));
        }
        let addr = SocketAddr::new(options.bind, options.port);
        let listener =
            TcpListener::bind(addr).map_err(|source| ServeError::Bind { addr, source })?;
        let addr = listener
            .local_addr()
            .map_err(|source| ServeError::Bind { addr, source })?;
        let rooms = match &options.rooms {
            Some(data) => Some(start_rooms(data, options.bind, addr)?),
            None => None,
        };
        let (reload, _) = tokio::sync::broadcast::channel(16);
        let shared = Arc::new(Shared {
            snapshot: RwLock::new(Snapshot::default()),
            reload,
        });
        let (events_tx, events) = mpsc::channel();
        let mut builder = Builder {
            session: Session::new(
                &root,
                &BuildOptions {
                    drafts: options.drafts,
                    base_url: options.base_url.clone(),
                    origin: Some(local_origin(addr)),
                    room_server: rooms.as_ref().map(|r| r.info.url.clone()),
                },
            ),
            shared: shared.clone(),
            events: events_tx.clone(),
        };
        builder.rebuild(Vec::new());
        // The watcher hands batches to the build thread and raises `pending`
        // first, so a catch-up pass in progress makes way for the edit.
        let pending = Arc::new(AtomicBool::new(false));
        let (batches_tx, batches) = mpsc::channel::<Vec<PathBuf>>();
        let watch_events = events_tx.clone();
        let raised = pending.clone();
        let watcher = watch::Watcher::start(&root, move |batch| {
            let changed = match batch {
                Ok(watch::Batch::Files(changed)) => changed,
                // Lost events: look at every file, as the first build did.
                Ok(watch::Batch::Unknown) => Vec::new(),
                Err(message) => {
                    let _ = watch_events.send(Event::WatchError(message));
                    return;
                }
            };
            raised.store(true, Ordering::Relaxed);
            let _ = batches_tx.send(changed);
        })?;
        let stop_building = pending.clone();
        let build_thread = std::thread::Builder::new()
            .name("rulehub-build".into())
            .spawn(move || builder.run(&batches, &pending))
            .map_err(ServeError::Runtime)?;
        let (shutdown_tx, shutdown_rx) = tokio::sync::oneshot::channel();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(ServeError::Runtime)?;
        listener
            .set_nonblocking(true)
            .map_err(ServeError::Runtime)?;
        let (room_runner, rooms) = match rooms {
            Some(started) => (Some(started.runner), Some(started.info)),
            None => (None, None),
        };
        let serving = shared.clone();
        let http_thread = std::thread::Builder::new()
            .name("rulehub-http".into())
            .spawn(move || {
                runtime.block_on(async move {
                    let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                        return;
                    };
                    let app = http::router(serving);
                    let (rooms_stop, rooms_stopped) = tokio::sync::oneshot::channel::<()>();
                    let rooms_task = room_runner.map(|run| {
                        tokio::spawn(run(Box::pin(async move {
                            let _ = rooms_stopped.await;
                        })))
                    });
                    tokio::select! {
                        _ = axum::serve(listener, app) => {}
                        _ = shutdown_rx => {}
                    }
                    // Room sockets are told the server is going (1001).
                    let _ = rooms_stop.send(());
                    if let Some(task) = rooms_task {
                        let _ = task.await;
                    }
                });
                // Open websockets end with the runtime.
                runtime.shutdown_background();
            })
            .map_err(ServeError::Runtime)?;
        Ok(Server {
            addr,
            shared,
            events,
            shutdown: Some(shutdown_tx),
            http_thread: Some(http_thread),
            rooms,
            watcher: Some(watcher),
            build_thread: Some(build_thread),
            stop_building,
        })
    }

    /// The room server beside the preview, when one runs.
    pub fn rooms(&self) -> Option<&Rooms> {
        self.rooms.as_ref()
    }

    /// The address actually listened on (the port is real even for port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The address of the home page, e.g. `http://127.0.0.1:1111/`, under the
    /// base path of the site served now.
    pub fn url(&self) -> String {
        format!("http://{}{}/", self.addr, self.shared.current().base_path)
    }

    /// Build results and watcher problems, in order. Blocks in `recv`; the
    /// channel closes when the server stops.
    pub fn events(&self) -> &mpsc::Receiver<Event> {
        &self.events
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
        if let Some(thread) = self.http_thread.take() {
            let _ = thread.join();
        }
        // No watcher, no more batches: the build thread ends after the
        // build it is in (the queue is closed first, so it cannot start
        // another), and a catch-up pass ends at once.
        drop(self.watcher.take());
        self.stop_building.store(true, Ordering::Relaxed);
        if let Some(thread) = self.build_thread.take() {
            let _ = thread.join();
        }
    }
}

type RebuildResult = Result<Rebuilt, Vec<Diagnostic>>;

/// What the server rebuilds with: a [`Session`], or in tests a stand-in.
trait Rebuild {
    fn rebuild(&mut self, changed: &[PathBuf]) -> Result<Rebuilt, Vec<Diagnostic>>;
    /// The edited pages first (see [`Session::rebuild_quick`]).
    fn rebuild_quick(&mut self, changed: &[PathBuf]) -> Result<Rebuilt, Vec<Diagnostic>> {
        self.rebuild(changed)
    }
    /// The rest, unless `stop` is raised (see [`Session::rebuild_unless`]).
    fn catch_up(
        &mut self,
        changed: &[PathBuf],
        stop: &AtomicBool,
    ) -> Result<Rebuilt, Vec<Diagnostic>> {
        let _ = stop;
        self.rebuild(changed)
    }
    /// Forgets what earlier rebuilds remembered.
    fn reset(&mut self);
}

impl Rebuild for Session {
    fn rebuild(&mut self, changed: &[PathBuf]) -> Result<Rebuilt, Vec<Diagnostic>> {
        Session::rebuild(self, changed)
    }
    fn rebuild_quick(&mut self, changed: &[PathBuf]) -> Result<Rebuilt, Vec<Diagnostic>> {
        Session::rebuild_quick(self, changed)
    }
    fn catch_up(
        &mut self,
        changed: &[PathBuf],
        stop: &AtomicBool,
    ) -> Result<Rebuilt, Vec<Diagnostic>> {
        Session::rebuild_unless(self, changed, stop)
    }
    fn reset(&mut self) {
        Session::reset(self);
    }
}

/// Runs builds and publishes their results.
struct Builder<S = Session> {
    session: S,
    shared: Arc<Shared>,
    events: mpsc::Sender<Event>,
}

impl<S: Rebuild> Builder<S> {
    /// Rebuilds after `changed` and publishes the edited pages at once; the
    /// search index and print pages, which read every page, follow in a
    /// second pass (one-page edits stay fast on a large hub).
    fn rebuild(&mut self, changed: Vec<PathBuf>) {
        if self.publish(changed.clone(), &mut S::rebuild_quick, false) {
            // The same files again: only they are re-read, not all of content/.
            self.publish(changed, &mut S::rebuild, true);
        }
    }

    /// Builds each batch of changed files (an empty batch: look at every
    /// file) as it comes, until the watcher is gone. The catch-up pass
    /// after an edit gives way to the next edit (`pending` is raised before
    /// a batch is sent): that edit's pages are published first, and one
    /// catch-up then covers both.
    fn run(&mut self, batches: &mpsc::Receiver<Vec<PathBuf>>, pending: &AtomicBool) {
        // The files of the edits whose catch-up pass is still owed.
        let mut owed: Option<Vec<PathBuf>> = None;
        loop {
            let batch = match owed {
                Some(_) => match batches.try_recv() {
                    Ok(batch) => Some(batch),
                    Err(mpsc::TryRecvError::Empty) => None,
                    Err(mpsc::TryRecvError::Disconnected) => return,
                },
                None => match batches.recv() {
                    Ok(batch) => Some(batch),
                    Err(_) => return,
                },
            };
            // Lowered before the queue is emptied: a batch sent after this
            // raises it again.
            pending.store(false, Ordering::Relaxed);
            match batch {
                Some(first) => {
                    let changed = batches.try_iter().fold(first, union);
                    let deferred = self.publish(changed.clone(), &mut S::rebuild_quick, false);
                    owed = deferred.then(|| match owed.take() {
                        Some(earlier) => union(earlier, changed),
                        None => changed,
                    });
                }
                None => {
                    let changed = owed.take().unwrap_or_default();
                    let mut catch_up = |s: &mut S, c: &[PathBuf]| s.catch_up(c, pending);
                    if self.publish(changed.clone(), &mut catch_up, true) {
                        // Stopped for a newer edit: still owed.
                        owed = Some(changed);
                    }
                }
            }
        }
    }

    /// Runs one rebuild and publishes its result; true when it left units
    /// for a later pass (deferred, or stopped on the way).
    fn publish(
        &mut self,
        changed: Vec<PathBuf>,
        pass: &mut dyn FnMut(&mut S, &[PathBuf]) -> RebuildResult,
        catch_up: bool,
    ) -> bool {
        let started = Instant::now();
        // A bug in a stage must not take the preview down: the panic becomes
        // an error on the page and in the terminal, and the next rebuild
        // starts from scratch, since the session may be half-updated.
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            pass(&mut self.session, &changed)
        }))
        .unwrap_or_else(|panic| {
            self.session.reset();
            Err(vec![internal_error(panic.as_ref())])
        });
        let mut deferred = false;
        let (event, reload) = match result {
            // Nothing to show: the next pass publishes.
            Ok(rebuilt) if rebuilt.stopped => return true,
            Ok(rebuilt) => {
                deferred = rebuilt.deferred;
                let mut snapshot = self.shared.update();
                let recovered = snapshot.overlay.take().is_some();
                let changed_files = rebuilt.delta.apply(&mut snapshot.site);
                snapshot.base_path = rebuilt.base_path;
                drop(snapshot);
                let event = Event::Built {
                    stats: rebuilt.stats,
                    warnings: rebuilt.warnings,
                    rendered: rebuilt.rendered,
                    elapsed: started.elapsed(),
                    changed,
                    catch_up,
                };
                (event, recovered || changed_files)
            }
            Err(diagnostics) => {
                let overlay: Arc<str> = overlay_html(&diagnostics).into();
                let mut snapshot = self.shared.update();
                let reload = snapshot.overlay.as_ref() != Some(&overlay);
                snapshot.overlay = Some(overlay);
                drop(snapshot);
                let event = Event::Failed {
                    diagnostics,
                    elapsed: started.elapsed(),
                    changed,
                };
                (event, reload)
            }
        };
        if reload {
            // No receivers (no open page) is not an error.
            let _ = self.shared.reload.send(());
        }
        let _ = self.events.send(event);
        deferred
    }
}

/// The files of two batches; an empty batch (every file) absorbs the other.
fn union(mut a: Vec<PathBuf>, b: Vec<PathBuf>) -> Vec<PathBuf> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    a.extend(b);
    a.sort();
    a.dedup();
    a
}

/// The diagnostic for a rebuild that panicked.
fn internal_error(panic: &(dyn std::any::Any + Send)) -> Diagnostic {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    Diagnostic::error(
        "rulehub",
        format!("internal error while rebuilding: {what}"),
    )
    .with_help(
        "this is a bug in rulehub, not in the hub; the last good site is still served. \
         Please report it with the change that caused it",
    )
}

/// Serves the room server until its shutdown future completes.
type RoomRunner = Box<
    dyn FnOnce(
            std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>,
        ) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>
        + Send,
>;

struct StartedRooms {
    info: Rooms,
    runner: RoomRunner,
}

/// Opens the room store in `data`, restores its rooms and binds a free port
/// on the preview's address. The preview's own origins (by IP and as
/// `localhost`) are the only ones allowed, as `rulehub room --allow-origin`
/// would allow them.
fn start_rooms(data: &Path, bind: IpAddr, preview: SocketAddr) -> Result<StartedRooms, ServeError> {
    use rulehub_room::{Config, Journal, RoomServer};
    let store = Journal::open(data).map_err(|e| {
        ServeError::Rooms(format!(
            "{e}; pass --rooms-data with a folder it may write, or --no-rooms"
        ))
    })?;
    let port = preview.port();
    let mut allowed_origins = vec![local_origin(preview), format!("http://localhost:{port}")];
    allowed_origins.dedup();
    let config = Config {
        allowed_origins,
        ..Config::default()
    };
    let (server, opened) =
        RoomServer::open(config, Arc::new(store)).map_err(|e| ServeError::Rooms(e.to_string()))?;
    let mut warnings: Vec<String> = opened
        .truncated
        .iter()
        .map(|code| {
            format!("room {code}: the journal ended in a half-written record (a crash mid-write); it was cut back to the last whole one")
        })
        .collect();
    warnings.extend(
        opened
            .unreadable
            .iter()
            .map(|(what, why)| format!("{what}: not restored: {why}")),
    );
    let addr = SocketAddr::new(bind, 0);
    let listener = TcpListener::bind(addr).map_err(|source| ServeError::Bind { addr, source })?;
    let addr = listener
        .local_addr()
        .map_err(|source| ServeError::Bind { addr, source })?;
    listener
        .set_nonblocking(true)
        .map_err(ServeError::Runtime)?;
    let runner: RoomRunner = Box::new(move |stop| {
        Box::pin(async move {
            let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                return;
            };
            // A failing room server must not take the preview down; its
            // pages then report the room server unreachable.
            let _ = server.serve(listener, stop).await;
        })
    });
    Ok(StartedRooms {
        info: Rooms {
            url: local_origin(addr),
            data: data.to_path_buf(),
            restored: opened.rooms,
            warnings,
        },
        runner,
    })
}

/// `http://host:port` of the server, as a browser on this machine reaches it.
fn local_origin(addr: SocketAddr) -> String {
    if addr.ip().is_unspecified() {
        format!("http://127.0.0.1:{}", addr.port())
    } else {
        format!("http://{addr}")
    }
}

#[cfg(test)]
mod rebuild_tests {
    use super::*;

    /// A stage with a bug: its first rebuild panics.
    struct PanicsOnce {
        panicked: bool,
        resets: usize,
    }

    impl Rebuild for PanicsOnce {
        fn rebuild(&mut self, _: &[PathBuf]) -> Result<Rebuilt, Vec<Diagnostic>> {
            if !self.panicked {
                self.panicked = true;
                panic!("index out of bounds: the len is 1 but the index is 99");
            }
            Err(vec![Diagnostic::error("content/x.md", "an ordinary error")])
        }
        fn reset(&mut self) {
            self.resets += 1;
        }
    }

    /// The served site before the first build.
    fn nothing_served() -> Arc<Shared> {
        let (reload, _) = tokio::sync::broadcast::channel(4);
        Arc::new(Shared {
            snapshot: RwLock::new(Snapshot::default()),
            reload,
        })
    }

    /// A session that notes each pass, and plays the watcher: during the
    /// first catch-up pass a second edit comes in; after the last the
    /// watcher goes.
    struct Edits {
        passes: Vec<String>,
        watcher: Option<mpsc::Sender<Vec<PathBuf>>>,
        pending: Arc<AtomicBool>,
    }

    fn rebuilt(deferred: bool, stopped: bool) -> Rebuilt {
        Rebuilt {
            stats: Stats::default(),
            warnings: Vec::new(),
            delta: crate::site::SiteDelta::default(),
            rendered: 0,
            base_path: String::new(),
            deferred,
            stopped,
        }
    }

    fn names(changed: &[PathBuf]) -> String {
        let names: Vec<_> = changed.iter().map(|p| p.display().to_string()).collect();
        names.join("+")
    }

    impl Rebuild for Edits {
        fn rebuild(&mut self, changed: &[PathBuf]) -> Result<Rebuilt, Vec<Diagnostic>> {
            self.passes.push(format!("full {}", names(changed)));
            Ok(rebuilt(false, false))
        }
        fn rebuild_quick(&mut self, changed: &[PathBuf]) -> Result<Rebuilt, Vec<Diagnostic>> {
            self.passes.push(format!("quick {}", names(changed)));
            Ok(rebuilt(true, false))
        }
        fn catch_up(
            &mut self,
            changed: &[PathBuf],
            stop: &AtomicBool,
        ) -> Result<Rebuilt, Vec<Diagnostic>> {
            if self.passes.len() == 1
                && let Some(watcher) = &self.watcher
            {
                self.pending.store(true, Ordering::Relaxed);
                watcher.send(vec![PathBuf::from("b.md")]).expect("queued");
            }
            let stopped = stop.load(Ordering::Relaxed);
            if !stopped {
                // The watcher goes once all is built, and with it the loop.
                self.watcher = None;
            }
            let verb = if stopped { "stopped" } else { "caught up" };
            self.passes.push(format!("{verb} {}", names(changed)));
            Ok(rebuilt(false, stopped))
        }
        fn reset(&mut self) {}
    }

    #[test]
    fn an_edit_during_the_catch_up_is_published_first_and_one_catch_up_covers_both() {
        let shared = nothing_served();
        let (events, received) = mpsc::channel();
        let (batches_tx, batches) = mpsc::channel();
        let pending = Arc::new(AtomicBool::new(false));
        let mut builder = Builder {
            session: Edits {
                passes: Vec::new(),
                watcher: Some(batches_tx.clone()),
                pending: pending.clone(),
            },
            shared,
            events,
        };
        batches_tx
            .send(vec![PathBuf::from("a.md")])
            .expect("queued");
        drop(batches_tx);
        // Returns once the (simulated) watcher is gone and nothing is owed.
        builder.run(&batches, &pending);
        assert_eq!(
            builder.session.passes,
            [
                "quick a.md",
                "stopped a.md",
                "quick b.md",
                "caught up a.md+b.md"
            ]
        );
        let catch_ups: Vec<bool> = received
            .try_iter()
            .map(|event| matches!(event, Event::Built { catch_up: true, .. }))
            .collect();
        assert_eq!(
            catch_ups,
            [false, false, true],
            "a stopped pass tells nobody anything"
        );
    }

    #[test]
    fn a_rebuild_that_panics_becomes_an_error_and_the_server_goes_on() {
        let shared = nothing_served();
        let (events, received) = mpsc::channel();
        let mut builder = Builder {
            session: PanicsOnce {
                panicked: false,
                resets: 0,
            },
            shared: shared.clone(),
            events,
        };
        builder.rebuild(vec![PathBuf::from("content/x.md")]);
        match received.try_recv() {
            Ok(Event::Failed { diagnostics, .. }) => {
                assert!(diagnostics[0].message.contains("internal error"));
                assert!(diagnostics[0].message.contains("the index is 99"));
            }
            other => panic!("expected a failed build, got {other:?}"),
        }
        assert_eq!(builder.session.resets, 1, "the session starts afresh");
        assert!(
            shared.current().overlay.is_some(),
            "the page shows the error"
        );
        // The builder still works: the next edit is built as usual.
        builder.rebuild(vec![PathBuf::from("content/x.md")]);
        assert!(matches!(received.try_recv(), Ok(Event::Failed { .. })));
    }
}
