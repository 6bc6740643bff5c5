//! The HTTP side: maps request paths onto the in-memory site (pretty URLs,
//! content types, the 404 page) and runs the live-reload websocket.
//!
//! Requests are answered from the `SiteFiles` map only, never from the disk,
//! so no path can reach a file outside the site; paths that try (`..`,
//! encoded slashes, `//absolute`) are refused before the lookup anyway.

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tokio::sync::broadcast::error::RecvError;

use super::overlay::{error_page, inject};
use super::{LIVERELOAD_PATH, RELOAD_MESSAGE, Shared};
use crate::site::SiteFiles;

pub(crate) fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route(LIVERELOAD_PATH, get(livereload))
        .fallback(page)
        .layer(middleware::from_fn(only_this_machine))
        .with_state(shared)
}

/// Refuses requests whose `Host` or `Origin` names a host other than this
/// machine. A hostile page can point its own domain at 127.0.0.1 (DNS
/// rebinding) and then read the preview (drafts, error overlays with source
/// lines): its requests carry that domain as `Host` and its address as
/// `Origin`, so both are checked.
async fn only_this_machine(request: Request, next: Next) -> Response {
    let headers = request.headers();
    let host_ok = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|host| is_local_host(host_name(host)));
    let origin_ok = headers.get(header::ORIGIN).is_none_or(|origin| {
        origin
            .to_str()
            .ok()
            .and_then(|o| o.split_once("://"))
            .is_some_and(|(_, authority)| is_local_host(host_name(authority)))
    });
    if host_ok && origin_ok {
        next.run(request).await
    } else {
        (
            StatusCode::FORBIDDEN,
            "rulehub serve answers only requests addressed to this machine \
             (localhost or an IP address)\n",
        )
            .into_response()
    }
}

/// `name` of `name:port`, `[v6]:port` or `name`.
fn host_name(authority: &str) -> &str {
    let authority = authority.trim_end_matches('/');
    if let Some(rest) = authority.strip_prefix('[') {
        return rest.split(']').next().unwrap_or(rest);
    }
    authority
        .rsplit_once(':')
        .map_or(authority, |(name, _)| name)
}

/// `localhost` (and its subdomains) or an IP address: names a rebinding
/// attack cannot take over, unlike any other domain name.
fn is_local_host(name: &str) -> bool {
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    name == "localhost" || name.ends_with(".localhost") || name.parse::<std::net::IpAddr>().is_ok()
}

/// Where a request path leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolved {
    /// A file of the site, by its key.
    File(String),
    /// A folder named without its trailing slash: redirect there, so the
    /// page's relative links resolve.
    Redirect(String),
    NotFound,
    /// Malformed or trying to leave the site.
    BadRequest,
}

/// Resolves the raw (still percent-encoded) path of a request against the
/// site, under `base_path` (the path part of `base_url`, `""` at a root).
pub fn resolve_request_path(raw: &str, base_path: &str, site: &SiteFiles) -> Resolved {
    if !raw.starts_with('/') {
        return Resolved::BadRequest;
    }
    let lower = raw.to_ascii_lowercase();
    if raw.contains('\\') || ["%2f", "%5c", "%00"].iter().any(|e| lower.contains(e)) {
        return Resolved::BadRequest;
    }
    let Some(path) = percent_decode(raw) else {
        return Resolved::BadRequest;
    };
    if path.contains(['\0', '\\']) {
        return Resolved::BadRequest;
    }
    let path = if base_path.is_empty() {
        path.as_str()
    } else if path == base_path {
        return Resolved::Redirect(format!("{base_path}/"));
    } else {
        match path.strip_prefix(base_path) {
            Some(rest) if rest.starts_with('/') => rest,
            _ => return Resolved::NotFound,
        }
    };
    let rest = &path[1..];
    let segments: Vec<&str> = rest.split('/').collect();
    let last = segments.len() - 1;
    for (i, segment) in segments.iter().enumerate() {
        if *segment == "." || *segment == ".." || (segment.is_empty() && i != last) {
            return Resolved::BadRequest;
        }
    }
    if rest.is_empty() || rest.ends_with('/') {
        let key = format!("{rest}index.html");
        return if site.contains(&key) {
            Resolved::File(key)
        } else {
            Resolved::NotFound
        };
    }
    if site.contains(rest) {
        Resolved::File(rest.to_string())
    } else if site.contains(&format!("{rest}/index.html")) {
        Resolved::Redirect(format!("{raw}/"))
    } else {
        Resolved::NotFound
    }
}

/// `%XX` decoding; `None` for a bad escape or a result that is not UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The content type of a site file, by extension.
pub fn content_type(key: &str) -> &'static str {
    let extension = key.rsplit_once('.').map_or("", |(_, e)| e);
    match extension.to_ascii_lowercase().as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "svg" => "image/svg+xml",
        "css" => "text/css; charset=utf-8",
        "xml" => "application/xml",
        "txt" => "text/plain; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "pdf" => "application/pdf",
        // The practice board's engine, under its registered type (the only
        // one WebAssembly.instantiateStreaming accepts).
        "wasm" => "application/wasm",
        _ => "application/octet-stream",
    }
}

async fn page(State(shared): State<Arc<Shared>>, method: Method, uri: Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        let mut response = plain(StatusCode::METHOD_NOT_ALLOWED, "method not allowed\n");
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return response;
    }
    let snapshot = shared.current();
    let overlay = snapshot.overlay.as_deref();
    match resolve_request_path(uri.path(), &snapshot.base_path, &snapshot.site) {
        Resolved::File(key) => {
            let bytes = snapshot.site.get(&key).unwrap_or_default();
            file(StatusCode::OK, &key, bytes, overlay)
        }
        Resolved::Redirect(location) => {
            let location = match uri.query() {
                Some(query) => format!("{location}?{query}"),
                None => location,
            };
            let mut response = plain(StatusCode::PERMANENT_REDIRECT, "");
            if let Ok(value) = HeaderValue::from_str(&location) {
                response.headers_mut().insert(header::LOCATION, value);
            }
            response
        }
        Resolved::NotFound => match (overlay, snapshot.site.is_empty()) {
            (Some(overlay), true) => html(StatusCode::INTERNAL_SERVER_ERROR, error_page(overlay)),
            _ => match snapshot.site.get("404.html") {
                Some(bytes) => file(StatusCode::NOT_FOUND, "404.html", bytes, overlay),
                None => plain(StatusCode::NOT_FOUND, "not found\n"),
            },
        },
        Resolved::BadRequest => plain(StatusCode::BAD_REQUEST, "bad request path\n"),
    }
}

fn file(status: StatusCode, key: &str, bytes: &[u8], overlay: Option<&str>) -> Response {
    let content_type = content_type(key);
    if content_type.starts_with("text/html") {
        return html(status, inject(&String::from_utf8_lossy(bytes), overlay));
    }
    respond(status, content_type, bytes.to_vec())
}

fn html(status: StatusCode, text: String) -> Response {
    respond(status, "text/html; charset=utf-8", text.into_bytes())
}

fn plain(status: StatusCode, text: &'static str) -> Response {
    respond(
        status,
        "text/plain; charset=utf-8",
        text.as_bytes().to_vec(),
    )
}

fn respond(status: StatusCode, content_type: &'static str, body: Vec<u8>) -> Response {
    let mut response = (status, Body::from(body)).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

async fn livereload(State(shared): State<Arc<Shared>>, upgrade: WebSocketUpgrade) -> Response {
    // Subscribe before the handshake completes, so no rebuild in between is missed.
    let reloads = shared.reload.subscribe();
    upgrade.on_upgrade(move |socket| forward_reloads(socket, reloads))
}

async fn forward_reloads(mut socket: WebSocket, mut reloads: tokio::sync::broadcast::Receiver<()>) {
    loop {
        tokio::select! {
            reload = reloads.recv() => match reload {
                Ok(()) | Err(RecvError::Lagged(_)) => {
                    if socket.send(Message::Text(RELOAD_MESSAGE.into())).await.is_err() {
                        break;
                    }
                }
                Err(RecvError::Closed) => break,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_local_names_and_addresses_are_this_machine() {
        for local in [
            "127.0.0.1:1111",
            "localhost:1111",
            "[::1]:1111",
            "192.168.1.5:1111",
            "app.localhost",
            "LOCALHOST.",
        ] {
            assert!(is_local_host(host_name(local)), "{local}");
        }
        for foreign in [
            "evil.example:1111",
            "localhost.evil.example",
            "127.0.0.1.nip.io",
            "",
        ] {
            assert!(!is_local_host(host_name(foreign)), "{foreign}");
        }
    }

    fn site() -> SiteFiles {
        let mut site = SiteFiles::default();
        for key in [
            "index.html",
            "404.html",
            "family/standard/index.html",
            "family/standard/board.svg",
            "assets/style.css",
            "sitemap.xml",
        ] {
            site.insert(key, "x");
        }
        site
    }

    fn resolve(raw: &str) -> Resolved {
        resolve_request_path(raw, "", &site())
    }

    #[test]
    fn pretty_urls_map_onto_index_files() {
        assert_eq!(resolve("/"), Resolved::File("index.html".into()));
        assert_eq!(
            resolve("/family/standard/"),
            Resolved::File("family/standard/index.html".into())
        );
        assert_eq!(
            resolve("/family/standard"),
            Resolved::Redirect("/family/standard/".into())
        );
        assert_eq!(
            resolve("/family/standard/board.svg"),
            Resolved::File("family/standard/board.svg".into())
        );
        assert_eq!(
            resolve("/family/st%61ndard/"),
            Resolved::File("family/standard/index.html".into())
        );
        assert_eq!(resolve("/family/nothing/"), Resolved::NotFound);
        assert_eq!(resolve("/family/"), Resolved::NotFound);
    }

    #[test]
    fn paths_leaving_the_site_are_refused() {
        for raw in [
            "/../hub.yaml",
            "/family/../../etc/passwd",
            "/%2e%2e/%2e%2e/etc/passwd",
            "/%2E%2E/hub.yaml",
            "/family/..%2f..%2fhub.yaml",
            "/family%2fstandard/",
            "/..%5c..%5chub.yaml",
            "/family\\..\\hub.yaml",
            "//etc/passwd",
            "/./index.html",
            "/%00",
            "/%zz",
            "/%ff",
            "etc/passwd",
        ] {
            assert_eq!(resolve(raw), Resolved::BadRequest, "{raw}");
        }
    }

    #[test]
    fn a_base_path_prefixes_every_url() {
        let site = site();
        let resolve = |raw| resolve_request_path(raw, "/rules", &site);
        assert_eq!(resolve("/rules/"), Resolved::File("index.html".into()));
        assert_eq!(resolve("/rules"), Resolved::Redirect("/rules/".into()));
        assert_eq!(resolve("/rulesx/"), Resolved::NotFound);
        assert_eq!(resolve("/"), Resolved::NotFound);
        assert_eq!(resolve("/rules/../etc"), Resolved::BadRequest);
    }

    #[test]
    fn content_types_follow_the_extension() {
        assert_eq!(content_type("a/index.html"), "text/html; charset=utf-8");
        assert_eq!(content_type("a/board.svg"), "image/svg+xml");
        assert_eq!(content_type("assets/style.css"), "text/css; charset=utf-8");
        assert_eq!(content_type("sitemap.xml"), "application/xml");
        assert_eq!(content_type("robots.txt"), "text/plain; charset=utf-8");
        assert_eq!(
            content_type("assets/play/board.js"),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(content_type("assets/play/engine.wasm"), "application/wasm");
        assert_eq!(content_type("blob"), "application/octet-stream");
    }
}
