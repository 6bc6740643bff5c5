//! `rulehub serve` end to end: a child process on an ephemeral port, plain
//! HTTP/1.1 and a hand-rolled websocket client over std `TcpStream`, every
//! wait bounded, the child killed by a drop guard.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

const START_TIMEOUT: Duration = Duration::from_secs(90);
const CHANGE_TIMEOUT: Duration = Duration::from_secs(30);
const IO_TIMEOUT: Duration = Duration::from_secs(10);

/// Never served: proves no response reads hub.yaml.
const SECRET: &str = "secret-marker-5c1e";

const VARIANT: &str = r#"---
title: "Mini Tablut"
slug: "mini"
variant_of: "tafl"
order: 1
summary: "A test page."
engine:
  topology:
    type: grid
    rows: 9
    cols: 9
  players: [attackers, defenders]
  setup: "3bbb3/4b4/4w4/b3w3b/bbwwKwwbb/b3w3b/4w4/4b4/3bbb3"
  rules: tablut-edge
  render:
    ops:
      - op: rect
        fill: transparent
        scope: board
      - op: cells
        pattern: cellMap
        light: cell-light
        dark: cell-dark
        defaultFill: floor
        zones:
          cells:
            - type: throne
              at: [[4,4]]
        typeColors:
          floor: floor
          throne: throne
        typeStrokes:
          floor: floor-stroke
          throne: throne-stroke
published: true
---

{{svg:board.svg "Mini Tablut"}}

## First heading

```example
id: pair-capture
position:
  king: h8
  attackers: [b2, e2]
  defenders: [c2]
to_move: attackers
moves: [e2-d2]
expect:
  captures: [c2]
```
"#;

fn hub() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("hub.yaml"),
        format!(
            "# {SECRET}\ntitle: \"Serve test\"\nbase_url: \"https://example.org/\"\nlanguages: [en]\n"
        ),
    )
    .expect("hub.yaml");
    std::fs::create_dir_all(dir.path().join("content/tafl")).expect("content");
    std::fs::write(variant_path(dir.path()), VARIANT).expect("variant");
    dir
}

fn variant_path(root: &Path) -> PathBuf {
    root.join("content/tafl/mini.md")
}

/// Replaces the file in one step (as editors do), so the server never
/// builds a half-written file.
fn save(path: &Path, text: &str) {
    let temp = path.with_file_name(".saving.tmp");
    std::fs::write(&temp, text).expect("write temp");
    std::fs::rename(&temp, path).expect("rename");
}

/// The running server; killed when dropped, whatever the test did.
struct Served {
    child: Child,
    addr: SocketAddr,
    stderr: Arc<Mutex<String>>,
    /// Lines printed after the address line.
    stdout: mpsc::Receiver<String>,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Served {
    fn start(root: &Path) -> Served {
        Served::start_with(root, &[])
    }

    fn start_with(root: &Path, extra: &[&std::ffi::OsStr]) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rulehub"))
            .args(["serve", "--port", "0", "--root"])
            .arg(root)
            .args(extra)
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start rulehub serve");
        let stdout = child.stdout.take().expect("stdout");
        let stderr = child.stderr.take().expect("stderr");
        let log = Arc::new(Mutex::new(String::new()));
        let sink = log.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let mut log = sink.lock().expect("log");
                log.push_str(&line);
                log.push('\n');
            }
        });
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut served = Served {
            child,
            addr: "127.0.0.1:1".parse().expect("placeholder"),
            stderr: log,
            stdout: rx,
        };
        let deadline = Instant::now() + START_TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = served.stdout.recv_timeout(left).unwrap_or_else(|_| {
                panic!(
                    "no address printed within {START_TIMEOUT:?}; stderr:\n{}",
                    served.stderr()
                )
            });
            if let Some(start) = line.find("http://") {
                let url = line[start..].split_whitespace().next().expect("url");
                // `http://127.0.0.1:PORT/` or, under a base path, `…/docs/`.
                let host = url
                    .trim_start_matches("http://")
                    .split('/')
                    .next()
                    .unwrap_or_default()
                    .to_string();
                assert!(host.starts_with("127.0.0.1:"), "loopback by default: {url}");
                served.addr = host.parse().expect("socket address");
                return served;
            }
        }
    }

    fn stderr(&self) -> String {
        self.stderr.lock().expect("log").clone()
    }

    /// Waits until the terminal output contains `text`.
    fn wait_for_stderr(&self, text: &str, what: &str) {
        let deadline = Instant::now() + CHANGE_TIMEOUT;
        while !self.stderr().contains(text) {
            assert!(
                Instant::now() < deadline,
                "{what}: not seen within {CHANGE_TIMEOUT:?}; stderr:\n{}",
                self.stderr()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn get(&self, path: &str) -> Response {
        self.request(&format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            self.addr
        ))
    }

    /// The next line printed on stdout, if one comes within a few seconds.
    fn next_stdout(&self) -> Option<String> {
        self.stdout.recv_timeout(IO_TIMEOUT).ok()
    }

    fn request(&self, raw: &str) -> Response {
        request_to(self.addr, raw)
    }
}

fn request_to(addr: SocketAddr, raw: &str) -> Response {
    let mut stream = TcpStream::connect_timeout(&addr, IO_TIMEOUT).expect("connect");
    stream.set_read_timeout(Some(IO_TIMEOUT)).expect("timeout");
    stream.set_write_timeout(Some(IO_TIMEOUT)).expect("timeout");
    stream.write_all(raw.as_bytes()).expect("send");
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).expect("read response");
    Response::parse(&bytes)
}

impl Served {
    /// Waits until `path` satisfies `done`, returning the last response.
    fn poll(&self, path: &str, what: &str, done: impl Fn(&Response) -> bool) -> Response {
        let deadline = Instant::now() + CHANGE_TIMEOUT;
        loop {
            let response = self.get(path);
            if done(&response) {
                return response;
            }
            assert!(
                Instant::now() < deadline,
                "{what}: not seen within {CHANGE_TIMEOUT:?}; last body:\n{}\nstderr:\n{}",
                response.body,
                self.stderr()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

struct Response {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Response {
    fn parse(bytes: &[u8]) -> Response {
        let text = String::from_utf8_lossy(bytes);
        let (head, body) = text.split_once("\r\n\r\n").expect("a full response");
        let mut lines = head.lines();
        let status = lines
            .next()
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|s| s.parse().ok())
            .expect("status line");
        let headers = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        Response {
            status,
            headers,
            body: body.to_string(),
        }
    }

    fn header(&self, name: &str) -> &str {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map_or("", |(_, v)| v.as_str())
    }
}

/// A minimal websocket client: the RFC 6455 handshake, then unmasked
/// server frames read one by one.
struct LiveReload {
    reader: BufReader<TcpStream>,
}

impl LiveReload {
    fn connect(addr: SocketAddr) -> LiveReload {
        let mut stream = TcpStream::connect_timeout(&addr, IO_TIMEOUT).expect("connect");
        stream.set_read_timeout(Some(IO_TIMEOUT)).expect("timeout");
        write!(
            stream,
            "GET /__rulehub/livereload HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        .expect("handshake");
        let mut reader = BufReader::new(stream);
        let mut status = String::new();
        reader.read_line(&mut status).expect("status line");
        assert!(status.contains(" 101 "), "websocket refused: {status}");
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).expect("header");
            if line == "\r\n" || line.is_empty() {
                break;
            }
            if line
                .to_ascii_lowercase()
                .starts_with("sec-websocket-accept")
            {
                // The RFC's own example key and answer.
                assert!(line.contains("s3pPLMBiTxaQ9kYGzzhZRbK+xOo="), "{line}");
            }
        }
        LiveReload { reader }
    }

    /// The next text message, within the timeout.
    fn next_text(&mut self, timeout: Duration) -> String {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "no websocket message within {timeout:?}");
            self.reader
                .get_ref()
                .set_read_timeout(Some(left))
                .expect("timeout");
            let mut head = [0u8; 2];
            self.reader.read_exact(&mut head).expect("frame header");
            let opcode = head[0] & 0x0f;
            assert_eq!(head[1] & 0x80, 0, "server frames are not masked");
            let length = match head[1] & 0x7f {
                126 => {
                    let mut n = [0u8; 2];
                    self.reader.read_exact(&mut n).expect("length");
                    u64::from(u16::from_be_bytes(n))
                }
                127 => {
                    let mut n = [0u8; 8];
                    self.reader.read_exact(&mut n).expect("length");
                    u64::from_be_bytes(n)
                }
                n => u64::from(n),
            };
            let mut payload = vec![0u8; usize::try_from(length).expect("length")];
            self.reader.read_exact(&mut payload).expect("payload");
            match opcode {
                1 => return String::from_utf8(payload).expect("text frame"),
                8 => panic!("the server closed the websocket"),
                _ => {} // ping, pong, binary: not what we wait for
            }
        }
    }
}

#[test]
fn serves_the_site_from_memory_with_pretty_urls_and_content_types() {
    let hub = hub();
    let served = Served::start(hub.path());

    let home = served.get("/");
    assert_eq!(home.status, 200);
    assert_eq!(home.header("content-type"), "text/html; charset=utf-8");
    assert!(home.body.contains("Serve test"));
    assert!(
        home.body.contains("/__rulehub/livereload"),
        "reload script injected"
    );
    assert!(!home.body.contains("rulehub-overlay"));

    let page = served.get("/tafl/mini/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Mini Tablut"));
    assert!(page.body.contains("First heading"));
    let canonical = format!(
        "<link rel=\"canonical\" href=\"http://{}/tafl/mini/\">",
        served.addr
    );
    assert!(
        page.body.contains(&canonical),
        "canonical points at the local server: {}",
        page.body
    );

    let bare = served.get("/tafl/mini");
    assert!(matches!(bare.status, 301 | 308), "{}", bare.status);
    assert_eq!(bare.header("location"), "/tafl/mini/");

    for (path, content_type) in [
        ("/tafl/mini/board.svg", "image/svg+xml"),
        ("/assets/style.css", "text/css; charset=utf-8"),
        ("/sitemap.xml", "application/xml"),
        ("/robots.txt", "text/plain; charset=utf-8"),
    ] {
        let response = served.get(path);
        assert_eq!(response.status, 200, "{path}");
        assert_eq!(response.header("content-type"), content_type, "{path}");
    }

    let missing = served.get("/tafl/no-such-variant/");
    assert_eq!(missing.status, 404);
    assert_eq!(missing.header("content-type"), "text/html; charset=utf-8");
    assert!(missing.body.contains("/__rulehub/livereload"));

    assert!(
        !hub.path().join("public").exists(),
        "serve must not write public/"
    );
    // Only the build's own output, never what `rulehub build` would write.
    let built = std::process::Command::new(env!("CARGO_BIN_EXE_rulehub"))
        .args(["build", "--root"])
        .arg(hub.path())
        .output()
        .expect("build");
    assert!(built.status.success());
    let written =
        std::fs::read_to_string(hub.path().join("public/tafl/mini/index.html")).expect("built");
    assert!(
        !written.contains("livereload"),
        "no reload script in build output"
    );
}

#[test]
fn edits_reload_the_page_and_errors_show_as_an_escaped_overlay_until_fixed() {
    let hub = hub();
    let served = Served::start(hub.path());
    let mut socket = LiveReload::connect(served.addr);
    let path = variant_path(hub.path());

    // An edit: the page changes and open pages are told to reload.
    save(
        &path,
        &VARIANT.replace("## First heading", "## Edited heading"),
    );
    assert_eq!(socket.next_text(CHANGE_TIMEOUT), "reload");
    served.poll("/tafl/mini/", "the edited heading", |r| {
        r.body.contains("Edited heading")
    });
    // A body edit renders that page again, not the listings: first the
    // variant's page, published at once, then its family's print page (and
    // the search index), which show it too.
    served.wait_for_stderr(
        "(1 page re-rendered)",
        "only the edited page rendered first",
    );
    served.wait_for_stderr(
        "then the search index and print pages (1 page re-rendered)",
        "the print page caught up after",
    );

    // A mistake (with markup in it): the last good page stays, under an
    // overlay that names the error, escaped.
    save(
        &path,
        &VARIANT
            .replace("## First heading", "## Edited heading")
            .replace("rules: tablut-edge", "rules: \"<b>tablut-edgy</b>\""),
    );
    assert_eq!(socket.next_text(CHANGE_TIMEOUT), "reload");
    let broken = served.poll("/tafl/mini/", "the error overlay", |r| {
        r.body.contains("rulehub-overlay")
    });
    assert_eq!(broken.status, 200);
    assert!(
        broken.body.contains("Edited heading"),
        "last good build still served"
    );
    assert!(
        broken.body.contains("&lt;b&gt;tablut-edgy&lt;/b&gt;"),
        "{}",
        broken.body
    );
    assert!(!broken.body.contains("<b>tablut-edgy</b>"));
    assert!(broken.body.contains("content/tafl/mini.md:"));
    let other = served.get("/");
    assert!(
        other.body.contains("rulehub-overlay"),
        "every page shows it"
    );
    served.wait_for_stderr("tablut-edgy", "the error printed in the terminal too");

    // The fix: the overlay is gone.
    save(
        &path,
        &VARIANT.replace("## First heading", "## Fixed heading"),
    );
    assert_eq!(socket.next_text(CHANGE_TIMEOUT), "reload");
    let fixed = served.poll("/tafl/mini/", "the fixed page", |r| {
        r.body.contains("Fixed heading")
    });
    assert!(!fixed.body.contains("rulehub-overlay"));
}

#[test]
fn requests_for_paths_outside_the_site_are_refused() {
    let hub = hub();
    // A file beside the hub that a traversal would reach.
    let outside = hub
        .path()
        .parent()
        .expect("parent")
        .join(format!("rulehub-serve-outside-{}.txt", std::process::id()));
    std::fs::write(&outside, SECRET).expect("outside file");
    let served = Served::start(hub.path());
    let outside_name = outside
        .file_name()
        .and_then(|n| n.to_str())
        .expect("name")
        .to_string();
    let paths = [
        "/../hub.yaml".to_string(),
        "/../../etc/passwd".to_string(),
        format!("/../{outside_name}"),
        "/%2e%2e/hub.yaml".to_string(),
        "/%2E%2E/%2E%2E/etc/passwd".to_string(),
        "/tafl/..%2f..%2fhub.yaml".to_string(),
        "/tafl/%2e%2e/%2e%2e/hub.yaml".to_string(),
        "/..%5c..%5chub.yaml".to_string(),
        "//etc/passwd".to_string(),
        format!("/{}", hub.path().join("hub.yaml").display()),
        "/hub.yaml".to_string(),
        "/content/tafl/mini.md".to_string(),
    ];
    for path in &paths {
        let response = served.request(&format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            served.addr
        ));
        assert!(
            matches!(response.status, 400 | 404),
            "{path}: {}",
            response.status
        );
        assert!(!response.body.contains(SECRET), "{path} leaked a file");
        assert!(!response.body.contains("root:"), "{path} leaked a file");
    }
    // The absolute form of the request target, too.
    let absolute = served.request(&format!(
        "GET http://{}/../hub.yaml HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        served.addr, served.addr
    ));
    assert!(matches!(absolute.status, 400 | 404), "{}", absolute.status);
    assert!(!absolute.body.contains(SECRET));
    // Only reading is allowed.
    let post = served.request(&format!(
        "POST /tafl/mini/ HTTP/1.1\r\nHost: {}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
        served.addr
    ));
    assert_eq!(post.status, 405);
    let _ = std::fs::remove_file(&outside);
}

#[test]
fn requests_naming_another_host_or_origin_are_refused() {
    // A hostile page that points its own domain at 127.0.0.1 (DNS
    // rebinding) sends that domain as Host, and its address as Origin.
    let hub = hub();
    let served = Served::start(hub.path());
    let addr = served.addr;
    for raw in [
        "GET / HTTP/1.1\r\nHost: evil.example:1111\r\nConnection: close\r\n\r\n".to_string(),
        format!(
            "GET / HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://evil.example\r\nConnection: close\r\n\r\n"
        ),
        format!(
            "GET /__rulehub/livereload HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://evil.example\r\nUpgrade: websocket\r\nConnection: close\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ),
    ] {
        let response = served.request(&raw);
        assert_eq!(response.status, 403, "{raw}");
        assert!(
            !response.body.contains("Serve test"),
            "nothing of the site leaks"
        );
    }
    for host in [format!("{addr}"), format!("localhost:{}", addr.port())] {
        let raw = format!(
            "GET / HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\nConnection: close\r\n\r\n"
        );
        assert_eq!(served.request(&raw).status, 200, "{host}");
    }
}

/// The page's `data-room-server`, if it names one.
fn room_server_attr(html: &str) -> Option<String> {
    let start = html.find("data-room-server=\"")? + "data-room-server=\"".len();
    Some(html[start..].split('"').next()?.to_string())
}

#[test]
fn serve_runs_a_room_server_beside_the_preview_and_its_pages_name_it() {
    let hub = hub();
    let data = tempfile::tempdir().expect("temp dir");
    let served = Served::start_with(
        hub.path(),
        &["--rooms-data".as_ref(), data.path().as_os_str()],
    );
    let line = served.next_stdout().expect("a line about the rooms");
    assert!(line.starts_with("rooms for"), "{line}");
    let url = line[line.find("http://").expect("an address")..]
        .split_whitespace()
        .next()
        .expect("url")
        .to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "loopback: {url}");
    let page = served.get("/tafl/mini/");
    assert_eq!(room_server_attr(&page.body).as_deref(), Some(url.as_str()));
    // hub.yaml names no room server: only the preview's pages name one.
    let built =
        rulehub::site::build(hub.path(), &rulehub::site::BuildOptions::default()).expect("builds");
    let published = built
        .files
        .files
        .get("tafl/mini/index.html")
        .map(|bytes| String::from_utf8_lossy(bytes).into_owned())
        .expect("the variant page");
    assert_eq!(room_server_attr(&published), None);

    let rooms: SocketAddr = url
        .trim_start_matches("http://")
        .parse()
        .expect("socket address");
    let health = request_to(
        rooms,
        &format!("GET /health HTTP/1.1\r\nHost: {rooms}\r\nConnection: close\r\n\r\n"),
    );
    assert_eq!(health.status, 200, "{}", health.body);
    assert!(health.body.contains("\"ok\":true"), "{}", health.body);
    // The preview's page may open a room, with its own rules; the room is
    // kept in --rooms-data. Another site's page may not.
    let start = page.body.find("class=\"play-data\">").expect("board data") + 18;
    let end = start + page.body[start..].find("</script>").expect("end of data");
    let data_json: serde_json::Value =
        serde_json::from_str(&page.body[start..end]).expect("board data is JSON");
    let body = serde_json::json!({ "v": 1, "rules": data_json["rules"] }).to_string();
    let create = |origin: &str| {
        request_to(
            rooms,
            &format!(
                "POST /rooms HTTP/1.1\r\nHost: {rooms}\r\nOrigin: {origin}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            ),
        )
    };
    let created = create(&format!("http://{}", served.addr));
    assert_eq!(created.status, 201, "{}", created.body);
    let code = serde_json::from_str::<serde_json::Value>(&created.body).expect("JSON")["room"]
        .as_str()
        .expect("a room code")
        .to_string();
    assert!(
        data.path()
            .join("rooms")
            .join(format!("{code}.journal"))
            .is_file(),
        "the room is stored in --rooms-data"
    );
    assert_eq!(
        create(&format!("http://localhost:{}", served.addr.port())).status,
        201
    );
    assert_eq!(create("http://evil.example").status, 403);
}

#[test]
fn no_rooms_runs_no_room_server_and_pages_offer_no_room_mode() {
    let hub = hub();
    let served = Served::start_with(hub.path(), &["--no-rooms".as_ref()]);
    let page = served.get("/tafl/mini/");
    assert_eq!(page.status, 200);
    assert_eq!(room_server_attr(&page.body), None);
    assert!(
        served.stdout.recv_timeout(Duration::from_secs(2)).is_err(),
        "nothing is said about rooms"
    );
    assert!(!hub.path().join("rooms-data").exists());
}

#[test]
fn base_url_serves_the_preview_under_its_path_at_the_local_origin() {
    let hub = hub();
    let served = Served::start_with(
        hub.path(),
        &[
            "--no-rooms".as_ref(),
            "--base-url".as_ref(),
            "https://rules.example.net/docs".as_ref(),
        ],
    );
    let page = served.get("/docs/tafl/mini/");
    assert_eq!(page.status, 200);
    let canonical = format!(
        "<link rel=\"canonical\" href=\"http://{}/docs/tafl/mini/\">",
        served.addr
    );
    assert!(page.body.contains(&canonical), "{}", page.body);
    assert!(page.body.contains("href=\"/docs/assets/style.css\""));
    assert!(
        !page.body.contains("rules.example.net"),
        "the origin stays local"
    );
    assert_ne!(
        served.get("/tafl/mini/").status,
        200,
        "nothing outside the path"
    );
}

#[test]
fn serve_refuses_a_base_url_that_is_not_an_http_address() {
    let hub = hub();
    let output = Command::new(env!("CARGO_BIN_EXE_rulehub"))
        .args([
            "serve",
            "--port",
            "0",
            "--no-rooms",
            "--base-url",
            "docs/",
            "--root",
        ])
        .arg(hub.path())
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not an http(s) address"));
}

#[test]
fn serve_outside_a_hub_exits_2_and_suggests_init() {
    let dir = tempfile::tempdir().expect("temp dir");
    let output = Command::new(env!("CARGO_BIN_EXE_rulehub"))
        .args(["serve", "--port", "0", "--no-rooms", "--root"])
        .arg(dir.path())
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no `content/` folder"), "{stderr}");
    assert!(stderr.contains("rulehub init"), "{stderr}");
}
