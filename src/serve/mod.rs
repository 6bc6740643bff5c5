//! The development server behind `rulehub serve`: builds the hub in memory,
//! serves it over HTTP, watches the sources and rebuilds on change, and tells
//! open pages to reload over a websocket.
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
use std::sync::mpsc;
use std::sync::{Arc, RwLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::diagnostic::Diagnostic;
use crate::hub::HubConfig;
use crate::site::{self, BuildOptions, SiteFiles, Stats};

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
}

impl Default for Options {
    fn default() -> Self {
        Options {
            root: PathBuf::from("."),
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 1111,
            drafts: false,
        }
    }
}

/// What happened, for the caller to report.
#[derive(Debug)]
pub enum Event {
    /// A build succeeded and is being served.
    Built {
        stats: Stats,
        warnings: Vec<Diagnostic>,
        elapsed: Duration,
        /// The files whose change caused the build (empty for the first).
        changed: Vec<PathBuf>,
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
}

/// What the HTTP side serves right now.
#[derive(Debug, Default)]
pub(crate) struct Snapshot {
    /// The last good site (empty until a build succeeds).
    pub site: Arc<SiteFiles>,
    /// The overlay HTML while the newest build failed.
    pub overlay: Option<Arc<str>>,
    /// The path part of `base_url` (`""` at a domain root), under which the
    /// site's own links point.
    pub base_path: String,
}

/// State shared by the HTTP server and the rebuild thread.
pub(crate) struct Shared {
    pub snapshot: RwLock<Arc<Snapshot>>,
    pub reload: tokio::sync::broadcast::Sender<()>,
}

impl Shared {
    pub fn current(&self) -> Arc<Snapshot> {
        self.snapshot
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    fn replace(&self, snapshot: Snapshot) {
        *self
            .snapshot
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Arc::new(snapshot);
    }
}

/// A running server. Dropping it stops the HTTP side and the watcher.
pub struct Server {
    addr: SocketAddr,
    base_path: String,
    events: mpsc::Receiver<Event>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    http_thread: Option<JoinHandle<()>>,
    _watcher: watch::Watcher,
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
        let (reload, _) = tokio::sync::broadcast::channel(16);
        let shared = Arc::new(Shared {
            snapshot: RwLock::new(Arc::new(Snapshot::default())),
            reload,
        });
        let (events_tx, events) = mpsc::channel();
        let mut builder = Builder {
            root: root.clone(),
            options: BuildOptions {
                drafts: options.drafts,
                origin: Some(local_origin(addr)),
            },
            shared: shared.clone(),
            events: events_tx.clone(),
            last_good: None,
            last_overlay: None,
        };
        builder.rebuild(Vec::new());
        let base_path = shared.current().base_path.clone();
        let watcher = watch::Watcher::start(&root, move |batch| match batch {
            Ok(changed) => builder.rebuild(changed),
            Err(message) => {
                let _ = builder.events.send(Event::WatchError(message));
            }
        })?;
        let (shutdown_tx, shutdown_rx) = tokio::sync::oneshot::channel();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(ServeError::Runtime)?;
        listener
            .set_nonblocking(true)
            .map_err(ServeError::Runtime)?;
        let http_thread = std::thread::Builder::new()
            .name("rulehub-http".into())
            .spawn(move || {
                runtime.block_on(async move {
                    let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                        return;
                    };
                    let app = http::router(shared);
                    tokio::select! {
                        _ = axum::serve(listener, app) => {}
                        _ = shutdown_rx => {}
                    }
                });
                // Open websockets end with the runtime.
                runtime.shutdown_background();
            })
            .map_err(ServeError::Runtime)?;
        Ok(Server {
            addr,
            base_path,
            events,
            shutdown: Some(shutdown_tx),
            http_thread: Some(http_thread),
            _watcher: watcher,
        })
    }

    /// The address actually listened on (the port is real even for port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The address of the home page, e.g. `http://127.0.0.1:1111/`.
    pub fn url(&self) -> String {
        format!("http://{}{}/", self.addr, self.base_path)
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
    }
}

/// Runs builds and publishes their results.
struct Builder {
    root: PathBuf,
    options: BuildOptions,
    shared: Arc<Shared>,
    events: mpsc::Sender<Event>,
    last_good: Option<Arc<SiteFiles>>,
    last_overlay: Option<Arc<str>>,
}

impl Builder {
    fn rebuild(&mut self, changed: Vec<PathBuf>) {
        let started = Instant::now();
        let result = site::build(&self.root, &self.options);
        let elapsed = started.elapsed();
        let base_path = base_path(&self.root);
        let (event, site, overlay) = match result {
            Ok(built) => {
                let site = Arc::new(built.files);
                (
                    Event::Built {
                        stats: built.stats,
                        warnings: built.warnings,
                        elapsed,
                        changed,
                    },
                    site,
                    None,
                )
            }
            Err(diagnostics) => {
                let overlay: Arc<str> = overlay_html(&diagnostics).into();
                let site = self.last_good.clone().unwrap_or_default();
                (
                    Event::Failed {
                        diagnostics,
                        elapsed,
                        changed,
                    },
                    site,
                    Some(overlay),
                )
            }
        };
        let unchanged =
            self.last_good.as_ref().is_some_and(|old| *old == site) && self.last_overlay == overlay;
        if overlay.is_none() {
            self.last_good = Some(site.clone());
        }
        self.last_overlay = overlay.clone();
        self.shared.replace(Snapshot {
            site,
            overlay,
            base_path,
        });
        if !unchanged {
            // No receivers (no open page) is not an error.
            let _ = self.shared.reload.send(());
        }
        let _ = self.events.send(event);
    }
}

/// The path part of the hub's `base_url`, read afresh for every build (a
/// broken or missing hub.yaml means the domain root; the build reports it).
fn base_path(root: &Path) -> String {
    std::fs::read_to_string(root.join("hub.yaml"))
        .ok()
        .and_then(|text| crate::hub::front_matter::parse::<HubConfig>(&text, &(0..text.len())).ok())
        .map(|config| config.base_path().to_string())
        .unwrap_or_default()
}

/// `http://host:port` of the server, as a browser on this machine reaches it.
fn local_origin(addr: SocketAddr) -> String {
    if addr.ip().is_unspecified() {
        format!("http://127.0.0.1:{}", addr.port())
    } else {
        format!("http://{addr}")
    }
}
