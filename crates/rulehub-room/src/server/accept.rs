//! Accepting connections, with the HTTP limits a public server needs: a
//! bound on the time to send a request's headers, on the time a kept-alive
//! connection may sit idle, and on the connections one address may hold
//! (the request body's bound is the endpoint's, see `http.rs`). Accepted
//! sockets are `TCP_NODELAY`: a relayed move is one small frame, which
//! Nagle's algorithm would hold back for the peer's delayed ACK (40 ms).
//!
//! hyper serves each connection (HTTP/1.1, with upgrades for the
//! WebSocket); its header read timer runs from the moment it waits for a
//! request head, so it bounds an idle connection too. The idle bound proper
//! is [`Watched`]: a connection that has been answered and sends nothing
//! more is closed. Upgraded sockets keep their connection's place in the
//! per-address count until they close, but not the idle bound (a watcher
//! may be silent for long; the WebSocket has its own `hello` deadline).

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::time::{Instant, Sleep};

use super::{lock, stopped};
use crate::limits::Limits;
use crate::protocol::ErrorCode;

/// How long a refused connection is given to read its 503 before it is
/// dropped.
const REFUSAL_GRACE: Duration = Duration::from_secs(1);
/// Refusals answered at once; more are closed without an answer.
const MAX_REFUSING: usize = 64;
/// How long a stopping server lets open HTTP exchanges finish.
const DRAIN: Duration = Duration::from_secs(5);

/// Open connections per client address.
#[derive(Default)]
pub(super) struct PerAddress {
    open: Mutex<HashMap<IpAddr, usize>>,
}

impl PerAddress {
    /// A place for one more connection from `ip`, or `None` when it holds
    /// `cap` already (`cap` 0: no cap).
    fn take(self: &Arc<Self>, ip: IpAddr, cap: usize) -> Option<Place> {
        let mut open = lock(&self.open);
        let count = open.entry(ip).or_insert(0);
        if cap != 0 && *count >= cap {
            return None;
        }
        *count += 1;
        Some(Place {
            table: self.clone(),
            ip,
        })
    }

    #[cfg(test)]
    fn count(&self, ip: IpAddr) -> usize {
        lock(&self.open).get(&ip).copied().unwrap_or(0)
    }
}

/// One connection's place in [`PerAddress`], given back when dropped.
pub(super) struct Place {
    table: Arc<PerAddress>,
    ip: IpAddr,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut open = lock(&self.table.open);
        if let Some(count) = open.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// A TCP connection that fails its reads once it has waited `idle` for the
/// next request after its last answer (or after opening), until disarmed
/// (the connection became a WebSocket). It holds the connection's place in
/// the per-address count for as long as it lives.
pub(super) struct Watched {
    stream: TcpStream,
    _place: Place,
    idle: Duration,
    /// Nothing read since the last write (or since opening).
    waiting: bool,
    deadline: Pin<Box<Sleep>>,
    armed: Arc<AtomicBool>,
}

impl Watched {
    fn new(stream: TcpStream, place: Place, idle: Duration, armed: Arc<AtomicBool>) -> Watched {
        Watched {
            stream,
            _place: place,
            idle,
            waiting: true,
            deadline: Box::pin(tokio::time::sleep(idle)),
            armed,
        }
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        if this.waiting
            && this.armed.load(Ordering::Acquire)
            && this.deadline.as_mut().poll(cx).is_ready()
        {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the connection was idle for too long",
            )));
        }
        let before = buf.filled().len();
        let read = Pin::new(&mut this.stream).poll_read(cx, buf);
        if matches!(read, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            this.waiting = false;
        }
        read
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        let written = Pin::new(&mut this.stream).poll_write(cx, data);
        if matches!(written, Poll::Ready(Ok(n)) if n > 0) && this.armed.load(Ordering::Acquire) {
            // (A WebSocket's writes, once disarmed, touch no timer.)
            this.waiting = true;
            let next = Instant::now() + this.idle;
            this.deadline.as_mut().reset(next);
        }
        written
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// Serves `router` on `listener` until `shutdown` turns true, then lets
/// open exchanges finish (at most [`DRAIN`]). Upgraded sockets are not
/// waited for here.
pub(super) async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    per_address: Arc<PerAddress>,
    mut shutdown: watch::Receiver<bool>,
) -> io::Result<()> {
    let open = Arc::new(AtomicUsize::new(0));
    let refusing = Arc::new(AtomicUsize::new(0));
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = stopped(&mut shutdown) => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            // Out of file descriptors, or a connection reset before it was
            // accepted: wait a moment rather than spin, and go on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let Some(place) = per_address.take(peer.ip(), limits.max_connections_per_address) else {
            // Answered with a 503 while few refusals are in progress; in a
            // flood of them, dropped at once, so refusals hold no more than
            // a few descriptors.
            if refusing.fetch_add(1, Ordering::AcqRel) < MAX_REFUSING {
                let refusing = refusing.clone();
                let cap = limits.max_connections_per_address;
                tokio::spawn(async move {
                    refuse(stream, peer, cap).await;
                    refusing.fetch_sub(1, Ordering::AcqRel);
                });
            } else {
                refusing.fetch_sub(1, Ordering::AcqRel);
                drop(stream);
            }
            continue;
        };
        let armed = Arc::new(AtomicBool::new(true));
        let io = TokioIo::new(Watched::new(
            stream,
            place,
            limits.keep_alive_idle,
            armed.clone(),
        ));
        let service = TowerToHyperService::new(router.clone());
        let mut stop = shutdown.clone();
        let open = open.clone();
        let header_timeout = limits.header_timeout;
        open.fetch_add(1, Ordering::AcqRel);
        tokio::spawn(async move {
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .keep_alive(true)
                .serve_connection(io, service)
                .with_upgrades();
            let mut connection = std::pin::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                () = stopped(&mut stop) => {
                    connection.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(DRAIN, connection.as_mut()).await;
                }
            }
            // Served, or handed to a WebSocket, which may be quiet for long.
            armed.store(false, Ordering::Release);
            open.fetch_sub(1, Ordering::AcqRel);
        });
    }
    let deadline = Instant::now() + DRAIN;
    while open.load(Ordering::Acquire) > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    Ok(())
}

/// Answers a connection over the per-address cap with a 503 and closes it.
async fn refuse(mut stream: TcpStream, peer: SocketAddr, cap: usize) {
    let body = serde_json::json!({
        "error": ErrorCode::TooManyConnections,
        "message": format!(
            "{} already holds {cap} connections to this server, the most one address may hold; close some and try again",
            peer.ip()
        ),
    })
    .to_string();
    let response = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(REFUSAL_GRACE, async {
        stream.write_all(response.as_bytes()).await?;
        stream.shutdown().await
    })
    .await;
    // Read what the client sent until it closes (or the grace is over), so
    // that closing does not reset the connection before it has read the
    // answer.
    let mut sink = [0u8; 1024];
    let _ = tokio::time::timeout(REFUSAL_GRACE, async {
        loop {
            match tokio::io::AsyncReadExt::read(&mut stream, &mut sink).await {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
        }
    })
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_counted_per_address_and_given_back() {
        let table = Arc::new(PerAddress::default());
        let a: IpAddr = "192.0.2.1".parse().expect("ip");
        let b: IpAddr = "192.0.2.2".parse().expect("ip");
        let first = table.take(a, 2).expect("one");
        let second = table.take(a, 2).expect("two");
        assert!(table.take(a, 2).is_none(), "a third from one address");
        let other = table.take(b, 2).expect("another address has its own");
        drop(first);
        assert_eq!(table.count(a), 1);
        let again = table.take(a, 2).expect("a place was given back");
        drop((second, again, other));
        assert_eq!(table.count(a), 0);
        // Cap 0: no cap.
        let many: Vec<Place> = (0..100).filter_map(|_| table.take(a, 0)).collect();
        assert_eq!(many.len(), 100);
    }
}
