//! The HTTP endpoints: room creation, health, finished games' records and
//! the WebSocket upgrade, with the Origin rule and CORS.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::body::Body;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tokio::time::Instant;

use super::session::{Connection, SOCKET_BUFFER};
use super::{Live, RETRIES, RoomServer, Slot, blocking, lock, store_refusal};
use crate::limits::HARD_MESSAGE_CAP;
use crate::protocol::{CreateRequest, CreateResponse, ErrorCode, PROTOCOL_VERSION, Refusal};
use crate::room::{CREATOR, GameRequest, Room, side_index};
use crate::secret::RoomCode;
use crate::store::StoreError;

impl RoomServer {
    /// The request's origin when it may be echoed in CORS headers; a
    /// refusal (for a 403) when a page of another origin sent it.
    fn origin_allowed(&self, headers: &HeaderMap) -> Result<Option<HeaderValue>, Refusal> {
        let Some(origin) = headers.get(header::ORIGIN) else {
            return Ok(None);
        };
        let text = origin.to_str().unwrap_or("");
        let allowed = self
            .shared
            .config
            .allowed_origins
            .iter()
            .any(|o| o.eq_ignore_ascii_case(text));
        if allowed {
            Ok(Some(origin.clone()))
        } else {
            Err(Refusal::new(
                ErrorCode::OriginNotAllowed,
                format!(
                    "origin `{text}` may not use this room server; the operator can allow it with --allow-origin"
                ),
            ))
        }
    }

    async fn create_room(&self, body: &[u8]) -> Result<CreateResponse, (StatusCode, Refusal)> {
        let bad = |code, message: String| (StatusCode::BAD_REQUEST, Refusal::new(code, message));
        let request: CreateRequest = serde_json::from_slice(body).map_err(|e| {
            bad(
                ErrorCode::Malformed,
                format!("the body is not a room request: {e}"),
            )
        })?;
        if request.v != PROTOCOL_VERSION {
            return Err(bad(
                ErrorCode::UnsupportedVersion,
                format!(
                    "protocol version {} is not spoken here; use {PROTOCOL_VERSION}",
                    request.v
                ),
            ));
        }
        let game_request = GameRequest {
            family: request.family,
            rules: request.rules,
            setup: request.setup,
        };
        let refused = |r| (StatusCode::BAD_REQUEST, r);
        let game = game_request.open().map_err(refused)?;
        let side = match &request.side {
            Some(name) => side_index(game.as_ref(), name).map_err(refused)?,
            None => 0,
        };
        let seat = game.sides()[side];
        let mut game = Some(game);
        let full = || {
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Refusal::new(
                    ErrorCode::TooManyRooms,
                    "the server holds as many rooms as it allows; try again later",
                ),
            )
        };
        if self.room_count() >= self.shared.config.limits.max_rooms {
            return Err(full());
        }
        let randomness = |e: crate::secret::RandomnessError| {
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                Refusal::new(ErrorCode::StoreFailed, e.to_string()),
            )
        };
        let mut attempts = 0;
        let (code, room) = loop {
            let code = RoomCode::random().map_err(randomness)?;
            if self.slot(&code).is_some() {
                continue;
            }
            // A retry (the code was taken) opens the same game again.
            let game = match game.take() {
                Some(game) => game,
                None => game_request.open().map_err(refused)?,
            };
            let (room, snapshot) =
                Room::create(code.clone(), game_request.clone(), game, side).map_err(randomness)?;
            let store = self.shared.store.clone();
            let stored_code = code.clone();
            match blocking(move || store.create(&stored_code, &snapshot)).await {
                Ok(()) => break (code, room),
                // Another server (or an old room) has this code: draw again.
                Err(StoreError::Conflict(_)) if attempts < RETRIES => attempts += 1,
                Err(e) => return Err((StatusCode::INTERNAL_SERVER_ERROR, store_refusal(&e))),
            }
        };
        let token = room.token(CREATOR).as_str().to_string();
        let slot = Arc::new(Slot {
            live: tokio::sync::Mutex::new(Live::new(room, Instant::now())),
        });
        let inserted = {
            let mut rooms = lock(&self.shared.rooms);
            // Checked again: other creations may have raced this one.
            let room_for_it = rooms.len() < self.shared.config.limits.max_rooms;
            if room_for_it {
                rooms.insert(code.clone(), slot);
            }
            room_for_it
        };
        if !inserted {
            let store = self.shared.store.clone();
            let _ = blocking(move || store.remove(&code)).await;
            return Err(full());
        }
        Ok(CreateResponse {
            v: PROTOCOL_VERSION,
            room: code.to_string(),
            token,
            seat,
        })
    }
}

fn json_response(status: StatusCode, body: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
        body,
    )
        .into_response()
}

fn http_error(status: StatusCode, code: ErrorCode, message: &str) -> Response {
    json_response(
        status,
        serde_json::json!({ "error": code, "message": message }).to_string(),
    )
}

fn forbidden(refusal: &Refusal) -> Response {
    http_error(StatusCode::FORBIDDEN, refusal.code, &refusal.message)
}

fn with_cors(mut response: Response, origin: Option<HeaderValue>) -> Response {
    if let Some(origin) = origin {
        let headers = response.headers_mut();
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        headers.insert(header::VARY, HeaderValue::from_static("Origin"));
    }
    response
}

/// `GET /health`, under the Origin rule like every endpoint: a page of
/// another origin learns nothing, not even the number of rooms.
pub(super) async fn health(State(server): State<RoomServer>, headers: HeaderMap) -> Response {
    let origin = match server.origin_allowed(&headers) {
        Ok(origin) => origin,
        Err(refusal) => return forbidden(&refusal),
    };
    let response = json_response(
        StatusCode::OK,
        serde_json::json!({ "ok": true, "v": PROTOCOL_VERSION, "rooms": server.room_count() })
            .to_string(),
    );
    with_cors(response, origin)
}

pub(super) async fn preflight(State(server): State<RoomServer>, headers: HeaderMap) -> Response {
    let origin = match server.origin_allowed(&headers) {
        Ok(origin) => origin,
        Err(refusal) => return forbidden(&refusal),
    };
    let mut response = StatusCode::NO_CONTENT.into_response();
    let out = response.headers_mut();
    out.insert(
        header::ACCESS_CONTROL_ALLOW_METHODS,
        HeaderValue::from_static("POST, GET"),
    );
    out.insert(
        header::ACCESS_CONTROL_ALLOW_HEADERS,
        HeaderValue::from_static("content-type"),
    );
    out.insert(
        header::ACCESS_CONTROL_MAX_AGE,
        HeaderValue::from_static("600"),
    );
    with_cors(response, origin)
}

pub(super) async fn create(
    State(server): State<RoomServer>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let origin = match server.origin_allowed(&headers) {
        Ok(origin) => origin,
        Err(refusal) => return forbidden(&refusal),
    };
    let limit = server.shared.config.limits.max_create_bytes;
    let patience = server.shared.config.limits.body_timeout;
    let response = match tokio::time::timeout(patience, axum::body::to_bytes(body, limit)).await {
        Err(_) => {
            let mut response = http_error(
                StatusCode::REQUEST_TIMEOUT,
                ErrorCode::TooSlow,
                &format!(
                    "the request body did not arrive within {} s",
                    patience.as_secs_f64()
                ),
            );
            // The rest of the body may never come: do not wait for it.
            response
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            response
        }
        Ok(Err(_)) => http_error(
            StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::TooLarge,
            &format!("the request is larger than the {limit}-byte limit"),
        ),
        Ok(Ok(bytes)) => match server.create_room(&bytes).await {
            Ok(created) => json_response(
                StatusCode::CREATED,
                serde_json::to_string(&created).expect("plain data"),
            ),
            Err((status, refusal)) => http_error(status, refusal.code, &refusal.message),
        },
    };
    with_cors(response, origin)
}

pub(super) async fn game_record(
    State(server): State<RoomServer>,
    headers: HeaderMap,
    Path((code, game)): Path<(String, String)>,
) -> Response {
    let origin = match server.origin_allowed(&headers) {
        Ok(origin) => origin,
        Err(refusal) => return forbidden(&refusal),
    };
    // Read here rather than by the route, whose refusal is plain text.
    let Ok(game) = game.parse::<u32>() else {
        let refusal = http_error(
            StatusCode::BAD_REQUEST,
            ErrorCode::Malformed,
            &format!(
                "`{}` is not a game number: games are numbered 1, 2, 3 …",
                game.chars().take(32).collect::<String>()
            ),
        );
        return with_cors(refusal, origin);
    };
    let not_found = || {
        http_error(
            StatusCode::NOT_FOUND,
            ErrorCode::NoSuchRoom,
            "no such room or game",
        )
    };
    let Some(code) = RoomCode::parse(&code) else {
        return with_cors(not_found(), origin);
    };
    let current = match server.slot(&code) {
        Some(slot) => {
            let live = slot.live.lock().await;
            (live.room.game_number() == game).then(|| live.room.record())
        }
        None => None,
    };
    let record = match current {
        Some(record) => Some(record),
        None => {
            let store = server.shared.store.clone();
            match blocking(move || store.archived_game(&code, game)).await {
                Ok(record) => record,
                Err(e) => {
                    let refusal = store_refusal(&e);
                    return with_cors(
                        http_error(
                            StatusCode::INTERNAL_SERVER_ERROR,
                            refusal.code,
                            &refusal.message,
                        ),
                        origin,
                    );
                }
            }
        }
    };
    let response = match record {
        Some(text) => (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            text,
        )
            .into_response(),
        None => not_found(),
    };
    with_cors(response, origin)
}

pub(super) async fn upgrade(
    State(server): State<RoomServer>,
    method: Method,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if method != Method::GET {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    if let Err(refusal) = server.origin_allowed(&headers) {
        return forbidden(&refusal);
    }
    // Small buffers: frames are a few hundred bytes, and tungstenite's
    // 128 KiB defaults would cost a quarter of a gigabyte at 2,000 sockets.
    ws.max_message_size(HARD_MESSAGE_CAP)
        .max_frame_size(HARD_MESSAGE_CAP)
        .read_buffer_size(SOCKET_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(HARD_MESSAGE_CAP)
        .on_upgrade(move |socket| async move {
            server.shared.open_sockets.fetch_add(1, Ordering::AcqRel);
            Connection::new(server.clone()).run(socket).await;
            server.shared.open_sockets.fetch_sub(1, Ordering::AcqRel);
        })
}

/// The origin (`scheme://host[:port]`, lowercase) of an http(s) address,
/// as browsers send it in `Origin`; `None` for anything else.
pub fn origin_of(url: &str) -> Option<String> {
    let lower = url.trim().to_ascii_lowercase();
    let (scheme, rest) = lower.split_once("://")?;
    if scheme != "http" && scheme != "https" {
        return None;
    }
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    if host.is_empty() || host.contains('@') {
        return None;
    }
    Some(format!("{scheme}://{host}"))
}

#[cfg(test)]
mod tests {
    use super::origin_of;

    #[test]
    fn origins_are_scheme_host_and_port() {
        assert_eq!(
            origin_of("https://Rules.Example.org/family/"),
            Some("https://rules.example.org".into())
        );
        assert_eq!(
            origin_of("http://localhost:1111"),
            Some("http://localhost:1111".into())
        );
        for bad in ["ftp://x", "rules.example.org", "https://", "https://u@evil"] {
            assert_eq!(origin_of(bad), None, "{bad}");
        }
    }
}
