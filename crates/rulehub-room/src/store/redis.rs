//! Several room servers over one Redis: [`RedisStore`] keeps the rooms,
//! [`RedisFanOut`] carries notes between the servers over pub/sub.
//!
//! Keys (the `{CODE}` braces keep one room's keys in one Redis Cluster slot):
//! - `rulehub:room:{CODE}:seq`: the room's `seq`, as decimal text;
//! - `rulehub:room:{CODE}:log`: a list of JSON [`Event`]s, the first a
//!   snapshot (the same events the embedded journal holds);
//! - `rulehub:room:{CODE}:game:N`: finished game N in `rulehub replay`'s
//!   format (kept without expiry, like the journal's `games/`).
//!
//! Both room keys expire after the idle time; every write and every
//! `hello` renews them, so Redis forgets a room nobody uses even when no
//! server holds it in memory.
//!
//! Every change is one Lua script that compares the stored `seq` with the
//! one the change was decided from and writes only when they match, so of
//! two servers that both try to store move N, one succeeds and the other
//! gets [`StoreError::Conflict`]. A change is acknowledged once the script
//! has returned: Redis has it. Whether Redis keeps it across its own
//! restart is Redis's persistence setting (`appendonly yes`,
//! `appendfsync always` for the journal's guarantee), see docs/rooms.md.
//!
//! The client is the `redis` crate's blocking one (the store runs on the
//! blocking pool like the journal), without its async runtime features.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use ::redis::{Client, Connection, RedisResult, Script};
use tokio::sync::mpsc;

use super::{Event, Recovery, Snapshot, Store, StoreError, StoredRoom, WriteId};
use crate::fanout::{FanOut, Heard, Note};
use crate::secret::RoomCode;

/// How long one Redis command may take before the store reports it failed.
const TIMEOUT: Duration = Duration::from_secs(2);
/// Connections kept open between commands (more are opened while busy).
const IDLE_CONNECTIONS: usize = 16;
/// The pub/sub channel notes travel on.
const CHANNEL: &str = "rulehub:notes";
/// How often the listening thread looks up from a quiet subscription to
/// see whether its server stopped.
const LISTEN_POLL: Duration = Duration::from_millis(250);

/// Stores `ARGV[3]` if the room is at `seq` `ARGV[1]`: appended to the log,
/// or (with `ARGV[5]` = `replace`) as the whole log; then the room is at
/// `ARGV[2]`. Returns 1, or 0 (nothing written) on a conflict, or when the
/// write `ARGV[6]` was voided by [`SETTLE`] (it arrived after its server
/// had settled it as not stored).
const WRITE: &str = r"
if redis.call('SISMEMBER', KEYS[3], ARGV[6]) == 1 then return 0 end
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[5] == 'replace' then redis.call('DEL', KEYS[2]) end
redis.call('RPUSH', KEYS[2], ARGV[3])
redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[4])
redis.call('EXPIRE', KEYS[2], ARGV[4])
return 1
";

/// Settles write `ARGV[2]` (the event `ARGV[1]`) whose answer was lost: 1
/// if the event is in the room's log (the write, or the same event from
/// another server, stands); else the write is voided, so that it can never
/// land later (a script still queued behind a stall finds it voided and
/// writes nothing), and 0. Idempotent: settling twice gives one answer.
const SETTLE: &str = r"
local log = redis.call('LRANGE', KEYS[1], 0, -1)
for _, entry in ipairs(log) do
  if entry == ARGV[1] then return 1 end
end
redis.call('SADD', KEYS[2], ARGV[2])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return 0
";

/// Starts a room at `seq` `ARGV[1]` with the snapshot `ARGV[2]`, unless the
/// code is taken (0).
const CREATE: &str = r"
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2])
redis.call('RPUSH', KEYS[2], ARGV[2])
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return 1
";

/// A few blocking connections, opened as needed; a connection that failed
/// is dropped, so a restarted Redis is reconnected to by the next command.
struct Pool {
    client: Client,
    /// The address without any password, for messages.
    shown: String,
    idle: Mutex<Vec<Connection>>,
}

impl Pool {
    fn open(url: &str) -> Result<Pool, StoreError> {
        let shown = redact(url);
        let client = Client::open(url).map_err(|e| {
            StoreError::Backend(format!(
                "`{shown}` is not a Redis address such as `redis://127.0.0.1:6379/`: {e}"
            ))
        })?;
        Ok(Pool {
            client,
            shown,
            idle: Mutex::new(Vec::new()),
        })
    }

    fn connect(&self) -> RedisResult<Connection> {
        let connection = self.client.get_connection_with_timeout(TIMEOUT)?;
        connection.set_read_timeout(Some(TIMEOUT))?;
        connection.set_write_timeout(Some(TIMEOUT))?;
        Ok(connection)
    }

    fn run<T>(
        &self,
        what: &str,
        job: impl FnOnce(&mut Connection) -> RedisResult<T>,
    ) -> Result<T, StoreError> {
        self.run_write(what, job).map_err(|(e, _)| e)
    }

    /// [`Pool::run`] for a write, whose error says whether the command may
    /// still be carried out: a timeout (Redis slow or stalled, the command
    /// perhaps queued in its socket) may be; a refused or closed connection
    /// is a Redis that is not there to carry anything out.
    fn run_write<T>(
        &self,
        what: &str,
        job: impl FnOnce(&mut Connection) -> RedisResult<T>,
    ) -> Result<T, (StoreError, bool)> {
        let idle = self
            .idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop();
        let failed = |e: ::redis::RedisError| (self.error(what, &e), e.is_timeout());
        let mut connection = match idle {
            Some(connection) => connection,
            None => self.connect().map_err(failed)?,
        };
        // A connection that failed is dropped here, not kept: its next
        // answer could be the one this command lost.
        let result = job(&mut connection).map_err(failed)?;
        let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
        if idle.len() < IDLE_CONNECTIONS {
            idle.push(connection);
        }
        Ok(result)
    }

    fn error(&self, what: &str, e: &::redis::RedisError) -> StoreError {
        StoreError::Backend(format!(
            "Redis at {}: cannot {what}: {e}; check that redis-server is running and reachable",
            self.shown
        ))
    }
}

/// `redis://user:secret@host:6379/0` without `user:secret@`, so no message
/// or log line carries a password.
fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let authority_end = rest.find('/').unwrap_or(rest.len());
    match rest[..authority_end].rfind('@') {
        Some(at) => format!("{scheme}://{}", &rest[at + 1..]),
        None => url.to_string(),
    }
}

fn key(code: &RoomCode, part: &str) -> String {
    format!("rulehub:room:{{{code}}}:{part}")
}

/// Rooms kept in Redis; see the module documentation.
pub struct RedisStore {
    pool: Arc<Pool>,
    ttl_seconds: u64,
    write: Script,
    create: Script,
    settle: Script,
}

impl RedisStore {
    /// Connects to `url` (checking that Redis answers); rooms nobody uses
    /// for `idle` are forgotten by Redis.
    pub fn open(url: &str, idle: Duration) -> Result<RedisStore, StoreError> {
        let pool = Pool::open(url)?;
        pool.run("reach it", |c| ::redis::cmd("PING").query::<String>(c))?;
        Ok(RedisStore {
            pool: Arc::new(pool),
            ttl_seconds: idle.as_secs().max(1),
            write: Script::new(WRITE),
            create: Script::new(CREATE),
            settle: Script::new(SETTLE),
        })
    }

    /// Where the rooms are, without any password (for the log).
    pub fn address(&self) -> &str {
        &self.pool.shown
    }

    /// The fan-out over the same Redis.
    pub fn fan_out(&self) -> RedisFanOut {
        RedisFanOut {
            pool: self.pool.clone(),
        }
    }

    fn write(
        &self,
        code: &RoomCode,
        after: u64,
        event: &Event,
        replace: bool,
    ) -> Result<(), StoreError> {
        self.write_as(code, after, event, replace, &WriteId::random())
    }

    /// [`RedisStore::append`] under a given write id: what a write queued
    /// behind a stall does when it finally runs (tests use it to show that
    /// a write settled as not stored cannot land).
    #[doc(hidden)]
    pub fn append_as(
        &self,
        code: &RoomCode,
        event: &Event,
        id: &WriteId,
    ) -> Result<(), StoreError> {
        self.write_as(code, event.seq(), event, false, id)
    }

    fn write_as(
        &self,
        code: &RoomCode,
        after: u64,
        event: &Event,
        replace: bool,
        id: &WriteId,
    ) -> Result<(), StoreError> {
        let json = serde_json::to_string(event).expect("events are plain data");
        let before = after.checked_sub(1).ok_or_else(|| {
            StoreError::Conflict(code.to_string()) // seq 0 is only ever a creation
        })?;
        let mut invocation = self.write.key(key(code, "seq"));
        invocation
            .key(key(code, "log"))
            .key(key(code, "void"))
            .arg(before.to_string())
            .arg(after.to_string())
            .arg(json)
            .arg(self.ttl_seconds)
            .arg(if replace { "replace" } else { "append" })
            .arg(id.as_str());
        let written: i64 = self
            .pool
            .run_write(&format!("store room {code}"), |c| invocation.invoke(c))
            .map_err(|(error, may_land)| {
                if may_land {
                    StoreError::Unsettled {
                        id: id.clone(),
                        message: error.to_string(),
                    }
                } else {
                    error
                }
            })?;
        if written == 1 {
            Ok(())
        } else {
            Err(StoreError::Conflict(code.to_string()))
        }
    }
}

impl Store for RedisStore {
    fn create(&self, code: &RoomCode, snapshot: &Snapshot) -> Result<(), StoreError> {
        let json = serde_json::to_string(&Event::Snapshot(Box::new(snapshot.clone())))
            .expect("events are plain data");
        let mut invocation = self.create.key(key(code, "seq"));
        invocation
            .key(key(code, "log"))
            .arg(snapshot.seq.to_string())
            .arg(json)
            .arg(self.ttl_seconds);
        let created: i64 = self
            .pool
            .run(&format!("create room {code}"), |c| invocation.invoke(c))?;
        if created == 1 {
            Ok(())
        } else {
            Err(StoreError::Conflict(code.to_string()))
        }
    }

    fn append(&self, code: &RoomCode, event: &Event) -> Result<(), StoreError> {
        self.write(code, event.seq(), event, false)
    }

    fn compact(&self, code: &RoomCode, snapshot: &Snapshot) -> Result<(), StoreError> {
        let event = Event::Snapshot(Box::new(snapshot.clone()));
        self.write(code, snapshot.seq, &event, true)
    }

    fn load(&self, code: &RoomCode) -> Result<Option<StoredRoom>, StoreError> {
        let log: Vec<String> = self.pool.run(&format!("read room {code}"), |c| {
            ::redis::cmd("LRANGE")
                .arg(key(code, "log"))
                .arg(0)
                .arg(-1)
                .query(c)
        })?;
        if log.is_empty() {
            return Ok(None);
        }
        let damaged = |why: String| {
            StoreError::Damaged(format!(
                "Redis at {}: room {code} is damaged ({why}); delete {} and {} to forget it",
                self.pool.shown,
                key(code, "seq"),
                key(code, "log")
            ))
        };
        let mut events = Vec::with_capacity(log.len());
        for (i, text) in log.iter().enumerate() {
            let event: Event = serde_json::from_str(text)
                .map_err(|e| damaged(format!("entry {i} is not an event: {e}")))?;
            events.push(event);
        }
        let mut events = events.into_iter();
        let Some(Event::Snapshot(snapshot)) = events.next() else {
            return Err(damaged("it does not start with a snapshot".into()));
        };
        Ok(Some(StoredRoom {
            code: code.clone(),
            snapshot: *snapshot,
            events: events.collect(),
        }))
    }

    fn touch(&self, code: &RoomCode) -> Result<(), StoreError> {
        self.pool.run(&format!("renew room {code}"), |c| {
            ::redis::pipe()
                .cmd("EXPIRE")
                .arg(key(code, "seq"))
                .arg(self.ttl_seconds)
                .ignore()
                .cmd("EXPIRE")
                .arg(key(code, "log"))
                .arg(self.ttl_seconds)
                .ignore()
                .query::<()>(c)
        })
    }

    fn shared(&self) -> bool {
        true
    }

    fn settle(&self, code: &RoomCode, event: &Event, id: &WriteId) -> Result<bool, StoreError> {
        let json = serde_json::to_string(event).expect("events are plain data");
        let mut invocation = self.settle.key(key(code, "log"));
        invocation
            .key(key(code, "void"))
            .arg(json)
            .arg(id.as_str())
            .arg(self.ttl_seconds);
        let stands: i64 = self
            .pool
            .run(&format!("settle a write to room {code}"), |c| {
                invocation.invoke(c)
            })?;
        Ok(stands == 1)
    }

    fn archive_game(&self, code: &RoomCode, game: u32, record: &str) -> Result<(), StoreError> {
        self.pool
            .run(&format!("keep game {game} of room {code}"), |c| {
                ::redis::cmd("SET")
                    .arg(key(code, &format!("game:{game}")))
                    .arg(record)
                    .query::<()>(c)
            })
    }

    fn archived_game(&self, code: &RoomCode, game: u32) -> Result<Option<String>, StoreError> {
        self.pool
            .run(&format!("read game {game} of room {code}"), |c| {
                ::redis::cmd("GET")
                    .arg(key(code, &format!("game:{game}")))
                    .query(c)
            })
    }

    fn remove(&self, code: &RoomCode) -> Result<(), StoreError> {
        self.pool.run(&format!("remove room {code}"), |c| {
            ::redis::cmd("DEL")
                .arg(key(code, "seq"))
                .arg(key(code, "log"))
                .query::<()>(c)
        })
    }

    /// Rooms are loaded when someone connects to them ([`Store::load`]),
    /// so a server starts at once however many rooms Redis holds.
    fn recover(&self) -> Result<Recovery, StoreError> {
        Ok(Recovery::default())
    }
}

/// Notes over Redis pub/sub, on the channel `rulehub:notes`.
pub struct RedisFanOut {
    pool: Arc<Pool>,
}

impl FanOut for RedisFanOut {
    fn publish(&self, note: &Note) -> Result<(), StoreError> {
        let json = serde_json::to_string(note).expect("notes are plain data");
        self.pool.run("publish a note", |c| {
            ::redis::cmd("PUBLISH")
                .arg(CHANNEL)
                .arg(json)
                .query::<()>(c)
        })
    }

    /// A thread of its own reads the subscription (the blocking client
    /// cannot be awaited); after every subscription, the first included, it
    /// says [`Heard::Lost`]; it reconnects after a failure, and ends once
    /// `heard` is closed.
    fn listen(&self, node: u64, heard: mpsc::Sender<Heard>) {
        let pool = self.pool.clone();
        let spawned = std::thread::Builder::new()
            .name("rulehub-redis-notes".into())
            .spawn(move || {
                while !heard.is_closed() {
                    // Either the server stopped (`heard` closed) or Redis
                    // failed; in both cases, look again after a pause.
                    let _ = listen_once(&pool, node, &heard);
                    std::thread::sleep(LISTEN_POLL);
                }
            });
        // Without the thread the server still works, reloading rooms from
        // the store at every conflict; there is no one to tell here.
        drop(spawned);
    }
}

fn listen_once(pool: &Pool, node: u64, heard: &mpsc::Sender<Heard>) -> RedisResult<()> {
    let mut connection = pool.connect()?;
    let mut subscription = connection.as_pubsub();
    subscription.subscribe(CHANNEL)?;
    subscription.set_read_timeout(Some(LISTEN_POLL))?;
    if heard.blocking_send(Heard::Lost).is_err() {
        return Ok(());
    }
    loop {
        let message = match subscription.get_message() {
            Ok(message) => message,
            Err(e) if e.is_timeout() => {
                if heard.is_closed() {
                    return Ok(());
                }
                continue;
            }
            Err(e) => return Err(e),
        };
        let Ok(payload) = message.get_payload::<String>() else {
            continue;
        };
        // Anything on the channel that is not a note is not ours.
        let Ok(note) = serde_json::from_str::<Note>(&payload) else {
            continue;
        };
        if note.node == node {
            continue;
        }
        if heard.blocking_send(Heard::Note(note)).is_err() {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_stay_out_of_messages() {
        assert_eq!(
            redact("redis://user:secret@example.org:6379/0"),
            "redis://example.org:6379/0"
        );
        assert_eq!(redact("redis://:p@h/"), "redis://h/");
        assert_eq!(redact("redis://127.0.0.1:6379/"), "redis://127.0.0.1:6379/");
        assert_eq!(redact("not a url"), "not a url");
    }

    #[test]
    fn keys_keep_a_room_in_one_cluster_slot() {
        let code = RoomCode::parse("ABCDEFGHJK").expect("code");
        assert_eq!(key(&code, "seq"), "rulehub:room:{ABCDEFGHJK}:seq");
    }
}
