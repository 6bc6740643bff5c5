//! The embedded store: one append-only journal file per room.
//!
//! Why a journal written for this rather than SQLite: a room's history is a
//! short list appended one move at a time and read back whole only after a
//! restart, which is exactly what an append-only file does best; it adds no C
//! compile to a fresh build (rusqlite's `bundled` SQLite would), and one
//! `fdatasync` per move is the whole cost of durability.
//!
//! Layout under the data folder:
//! - `rooms/<CODE>.journal`: records, each `length: u32 LE`, `crc32: u32 LE`
//!   (of the payload), then `length` bytes of JSON ([`Event`]). The first
//!   record is always a snapshot.
//! - `games/<CODE>-<N>.txt`: finished games in `rulehub replay`'s format.
//!
//! A crash can leave the last record half-written; recovery keeps every
//! whole record and truncates the torn tail (that move was never
//! acknowledged, because acknowledging waits for the fsync). Only a tail
//! may be cut: a damaged record with a whole record after it is damage in
//! the middle (a bad disk block, a stray write), and cutting there would
//! delete acknowledged moves; such a room is not loaded, with an error
//! naming the record, and its file is left untouched for a person. A write that
//! fails while the server runs (a full disk) is cut back at once to the
//! length before it, so the next move is not written after a torn record
//! that recovery would stop at (losing every acknowledged move behind it);
//! if even the cut fails, the room takes no more moves until a later
//! attempt manages it. A rematch
//! compacts the journal to one snapshot, written to a temporary file,
//! fsynced and renamed over the old one, so either version survives a crash.

use std::collections::HashMap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use super::{Event, Recovery, Snapshot, Store, StoreError, StoredRoom};
use crate::secret::RoomCode;

/// A record larger than this is corruption, not a room event (the largest
/// real one, a snapshot, carries rules of a few kilobytes).
const MAX_RECORD: usize = 1 << 20;
/// A journal larger than this is not read back (a room's worth of events is
/// far smaller; compaction at every rematch keeps it so).
const MAX_JOURNAL: u64 = 64 << 20;
const HEADER: usize = 8;

/// The embedded journal store; see the module documentation.
#[derive(Debug)]
pub struct Journal {
    rooms: PathBuf,
    games: PathBuf,
    /// Journals whose last append failed and could not be cut back: the
    /// length of their whole records, to restore before anything else is
    /// written to them.
    torn: Mutex<HashMap<PathBuf, u64>>,
    /// Test hook: an append writes at most this many bytes and then fails
    /// as a full disk would.
    #[cfg(test)]
    fail_after: Mutex<Option<usize>>,
}

impl Journal {
    /// Opens (creating if needed) the store in `data`.
    pub fn open(data: &Path) -> Result<Journal, StoreError> {
        let rooms = data.join("rooms");
        let games = data.join("games");
        for dir in [&rooms, &games] {
            fs::create_dir_all(dir)
                .map_err(|e| StoreError::io(format!("cannot create {}", dir.display()), e))?;
        }
        Ok(Journal {
            rooms,
            games,
            torn: Mutex::new(HashMap::new()),
            #[cfg(test)]
            fail_after: Mutex::new(None),
        })
    }

    fn journal_path(&self, code: &RoomCode) -> PathBuf {
        self.rooms.join(format!("{code}.journal"))
    }

    fn game_path(&self, code: &RoomCode, game: u32) -> PathBuf {
        self.games.join(format!("{code}-{game}.txt"))
    }

    fn append_to(&self, path: &Path, event: &Event, create: bool) -> Result<(), StoreError> {
        let context = || format!("cannot write {}", path.display());
        let mut file = match OpenOptions::new()
            .append(true)
            .create_new(create)
            .open(path)
        {
            Ok(file) => file,
            Err(e) if create && e.kind() == io::ErrorKind::AlreadyExists => {
                return Err(StoreError::Conflict(format!("{}", path.display())));
            }
            Err(e) => return Err(StoreError::io(context(), e)),
        };
        let mut torn = self.torn.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&good) = torn.get(path) {
            file.set_len(good)
                .and_then(|()| file.sync_all())
                .map_err(|e| {
                    StoreError::io(
                        format!(
                            "{} ends in a half-written record that cannot be cut off; free disk space",
                            path.display()
                        ),
                        e,
                    )
                })?;
            torn.remove(path);
        }
        let good = file
            .metadata()
            .map_err(|e| StoreError::io(context(), e))?
            .len();
        let written = self
            .write_record(&mut file, &encode(event))
            .and_then(|()| file.sync_data());
        if let Err(e) = written {
            if create {
                // A journal without its snapshot is no room at all.
                drop(file);
                let _ = fs::remove_file(path);
            } else {
                // Cut the journal back to its whole records; if that fails
                // too, remember to before the room's next write.
                let cut = file.set_len(good).and_then(|()| file.sync_all());
                if cut.is_err() {
                    torn.insert(path.to_path_buf(), good);
                }
            }
            return Err(StoreError::io(
                format!(
                    "cannot write {} (is the disk full?); the change was not stored",
                    path.display()
                ),
                e,
            ));
        }
        drop(torn);
        if create {
            sync_dir(&self.rooms).map_err(|e| StoreError::io(context(), e))?;
        }
        Ok(())
    }

    #[cfg(not(test))]
    fn write_record(&self, file: &mut File, bytes: &[u8]) -> io::Result<()> {
        file.write_all(bytes)
    }

    #[cfg(test)]
    fn write_record(&self, file: &mut File, bytes: &[u8]) -> io::Result<()> {
        let limit = *self
            .fail_after
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        match limit {
            Some(n) if n < bytes.len() => {
                file.write_all(&bytes[..n])?;
                Err(io::Error::new(
                    io::ErrorKind::StorageFull,
                    "No space left on device",
                ))
            }
            _ => file.write_all(bytes),
        }
    }

    /// Writes `bytes` to `path` through a temporary file, fsync and rename.
    fn replace(&self, dir: &Path, path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
        let context = || format!("cannot write {}", path.display());
        let temporary = path.with_extension("tmp");
        let mut file = File::create(&temporary).map_err(|e| StoreError::io(context(), e))?;
        file.write_all(bytes)
            .and_then(|()| file.sync_all())
            .and_then(|()| fs::rename(&temporary, path))
            .and_then(|()| sync_dir(dir))
            .map_err(|e| StoreError::io(context(), e))
    }

    fn recover_one(&self, code: RoomCode, path: &Path, recovery: &mut Recovery) {
        let Journaled {
            events,
            good_len,
            torn,
        } = match read_journal(path) {
            Ok(read) => read,
            Err(message) => {
                recovery
                    .unreadable
                    .push((path.display().to_string(), message));
                return;
            }
        };
        if torn {
            let truncated = OpenOptions::new()
                .write(true)
                .open(path)
                .and_then(|f| f.set_len(good_len).and_then(|()| f.sync_all()));
            if let Err(e) = truncated {
                recovery.unreadable.push((
                    path.display().to_string(),
                    format!("cannot truncate its torn tail: {e}"),
                ));
                return;
            }
            recovery.truncated.push(code.clone());
        }
        let mut events = events.into_iter();
        let Some(Event::Snapshot(snapshot)) = events.next() else {
            recovery.unreadable.push((
                path.display().to_string(),
                "the journal does not start with a snapshot".to_string(),
            ));
            return;
        };
        recovery.rooms.push(StoredRoom {
            code,
            snapshot: *snapshot,
            events: events.collect(),
        });
    }
}

impl Store for Journal {
    fn create(&self, code: &RoomCode, snapshot: &Snapshot) -> Result<(), StoreError> {
        let event = Event::Snapshot(Box::new(snapshot.clone()));
        self.append_to(&self.journal_path(code), &event, true)
    }

    fn append(&self, code: &RoomCode, event: &Event) -> Result<(), StoreError> {
        self.append_to(&self.journal_path(code), event, false)
    }

    fn compact(&self, code: &RoomCode, snapshot: &Snapshot) -> Result<(), StoreError> {
        let bytes = encode(&Event::Snapshot(Box::new(snapshot.clone())));
        let path = self.journal_path(code);
        self.replace(&self.rooms, &path, &bytes)?;
        // The new journal holds no torn tail, whatever the old one did.
        self.torn
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&path);
        Ok(())
    }

    fn load(&self, code: &RoomCode) -> Result<Option<StoredRoom>, StoreError> {
        let path = self.journal_path(code);
        if !path.exists() {
            return Ok(None);
        }
        let mut recovery = Recovery::default();
        self.recover_one(code.clone(), &path, &mut recovery);
        if let Some((file, why)) = recovery.unreadable.pop() {
            return Err(StoreError::Damaged(format!("cannot read {file}: {why}")));
        }
        Ok(recovery.rooms.pop())
    }

    fn archive_game(&self, code: &RoomCode, game: u32, record: &str) -> Result<(), StoreError> {
        self.replace(&self.games, &self.game_path(code, game), record.as_bytes())
    }

    fn archived_game(&self, code: &RoomCode, game: u32) -> Result<Option<String>, StoreError> {
        let path = self.game_path(code, game);
        match fs::read_to_string(&path) {
            Ok(text) => Ok(Some(text)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(StoreError::io(format!("cannot read {}", path.display()), e)),
        }
    }

    fn remove(&self, code: &RoomCode) -> Result<(), StoreError> {
        let path = self.journal_path(code);
        match fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(StoreError::io(
                format!("cannot remove {}", path.display()),
                e,
            )),
        }
    }

    fn recover(&self) -> Result<Recovery, StoreError> {
        let context = || format!("cannot list {}", self.rooms.display());
        let mut recovery = Recovery::default();
        let mut entries: Vec<PathBuf> = fs::read_dir(&self.rooms)
            .map_err(|e| StoreError::io(context(), e))?
            .map(|entry| entry.map(|e| e.path()))
            .collect::<Result<_, _>>()
            .map_err(|e| StoreError::io(context(), e))?;
        // Recovery reports in a stable order.
        entries.sort();
        for path in entries {
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            match path.extension().and_then(|e| e.to_str()) {
                // A compaction the crash interrupted: the old journal stands.
                Some("tmp") => {
                    let _ = fs::remove_file(&path);
                }
                Some("journal") => match RoomCode::parse(stem) {
                    Some(code) => self.recover_one(code, &path, &mut recovery),
                    None => recovery.unreadable.push((
                        path.display().to_string(),
                        "the file name is not a room code".to_string(),
                    )),
                },
                _ => {}
            }
        }
        Ok(recovery)
    }
}

fn encode(event: &Event) -> Vec<u8> {
    let payload = serde_json::to_vec(event).expect("journal events are plain data");
    let length = u32::try_from(payload.len()).expect("events are far below 4 GiB");
    let mut bytes = Vec::with_capacity(HEADER + payload.len());
    bytes.extend_from_slice(&length.to_le_bytes());
    bytes.extend_from_slice(&crc32fast::hash(&payload).to_le_bytes());
    bytes.extend_from_slice(&payload);
    bytes
}

/// What reading a journal found.
#[derive(Debug)]
struct Journaled {
    /// The whole records before the first bad byte.
    events: Vec<Event>,
    /// The length they cover.
    good_len: u64,
    /// Whether anything followed them: a torn tail (no whole record after
    /// the bad bytes), safe to cut off.
    torn: bool,
}

/// The whole records of a journal, the length they cover, and whether a
/// torn tail followed them. A damaged record with a whole record after it
/// (damage in the middle, not a crash mid-append) is an error: cutting
/// there would delete acknowledged moves, and skipping it would replay the
/// later moves on the wrong position. The file is then left as it is.
fn read_journal(path: &Path) -> Result<Journaled, String> {
    let file = File::open(path).map_err(|e| format!("cannot open: {e}"))?;
    let size = file.metadata().map_err(|e| e.to_string())?.len();
    if size > MAX_JOURNAL {
        return Err(format!(
            "{size} bytes is over the {MAX_JOURNAL}-byte journal limit"
        ));
    }
    let mut bytes = Vec::new();
    file.take(MAX_JOURNAL)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read: {e}"))?;
    let mut events = Vec::new();
    let mut at = 0;
    while let Some((event, next)) = decode_at(&bytes, at) {
        events.push(event);
        at = next;
    }
    if at != bytes.len()
        && let Some(later) = next_whole_record(&bytes, at + 1)
    {
        return Err(format!(
            "record {} (byte {at}) is damaged, and a whole record follows it at byte {later}: \
             this is damage in the middle of the journal, not a record torn by a crash, so \
             the room is not loaded and the file is left as it is (the {} record{} before the \
             damage are intact; see docs/rooms.md, \"The journal format\")",
            events.len() + 1,
            events.len(),
            if events.len() == 1 { "" } else { "s" },
        ));
    }
    Ok(Journaled {
        events,
        good_len: at as u64,
        torn: at != bytes.len(),
    })
}

/// The first offset from `from` at which a whole record starts (a header
/// whose checksum matches a payload that is an event), if any.
fn next_whole_record(bytes: &[u8], from: usize) -> Option<usize> {
    (from..bytes.len().saturating_sub(HEADER)).find(|&at| decode_at(bytes, at).is_some())
}

/// The record at `at` and where the next starts, or `None` at the end or at
/// a record that is short, too long, fails its checksum or is not an event.
fn decode_at(bytes: &[u8], at: usize) -> Option<(Event, usize)> {
    let header = bytes.get(at..at.checked_add(HEADER)?)?;
    let length = u32::from_le_bytes(header[..4].try_into().ok()?) as usize;
    let crc = u32::from_le_bytes(header[4..].try_into().ok()?);
    if length > MAX_RECORD {
        return None;
    }
    let start = at + HEADER;
    let payload = bytes.get(start..start + length)?;
    // Every event is a JSON object: a cheap test before the checksum, for
    // the search past a damaged record.
    if payload.first() != Some(&b'{') || crc32fast::hash(payload) != crc {
        return None;
    }
    let event = serde_json::from_slice(payload).ok()?;
    Some((event, start + length))
}

fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secret::SeatToken;

    fn snapshot() -> Snapshot {
        Snapshot {
            family: crate::game::Family::default(),
            rules: serde_json::json!({"any": "rules"}),
            setup: None,
            tokens: [
                SeatToken::random().expect("random"),
                SeatToken::random().expect("random"),
            ],
            creator_side: "attackers".into(),
            guest_joined: false,
            game: 1,
            seq: 0,
        }
    }

    /// A journal in a fresh folder holding one new room. The folder is
    /// returned so it lives as long as the test.
    fn journal_with_room() -> (tempfile::TempDir, Journal, RoomCode) {
        let dir = tempfile::tempdir().expect("tempdir");
        let journal = Journal::open(dir.path()).expect("open");
        let code = RoomCode::random().expect("random");
        journal.create(&code, &snapshot()).expect("create");
        (dir, journal, code)
    }

    fn moved(seq: u64) -> Event {
        Event::Moved {
            seq,
            game: 1,
            mv: format!("a{seq}-b{seq}"),
        }
    }

    #[test]
    fn a_torn_tail_is_truncated_and_whole_records_survive() {
        let (_dir, journal, code) = journal_with_room();
        journal.append(&code, &moved(1)).expect("append");
        journal.append(&code, &moved(2)).expect("append");
        let path = journal.journal_path(&code);
        let whole = fs::metadata(&path).expect("meta").len();
        // A crash in the middle of the third record.
        let partial = &encode(&moved(3))[..11];
        OpenOptions::new()
            .append(true)
            .open(&path)
            .and_then(|mut f| f.write_all(partial))
            .expect("tear");

        let recovery = journal.recover().expect("recover");
        assert_eq!(recovery.truncated, vec![code.clone()]);
        assert_eq!(recovery.rooms.len(), 1);
        assert_eq!(recovery.rooms[0].events, vec![moved(1), moved(2)]);
        assert_eq!(fs::metadata(&path).expect("meta").len(), whole);
        // The truncated journal takes appends again.
        journal.append(&code, &moved(3)).expect("append");
        let again = journal.recover().expect("recover");
        assert!(again.truncated.is_empty());
        assert_eq!(again.rooms[0].events.len(), 3);
    }

    #[test]
    fn a_write_that_fails_partway_leaves_no_torn_record_behind() {
        let (_dir, journal, code) = journal_with_room();
        journal.append(&code, &moved(1)).expect("append");
        let path = journal.journal_path(&code);
        let whole = fs::metadata(&path).expect("meta").len();
        // The disk fills up eleven bytes into the next record.
        *journal.fail_after.lock().expect("lock") = Some(11);
        let error = journal.append(&code, &moved(2)).expect_err("disk full");
        let message = error.to_string();
        assert!(message.contains("disk full"), "{message}");
        assert!(message.contains("not stored"), "{message}");
        assert_eq!(fs::metadata(&path).expect("meta").len(), whole);
        // Space again: the retried move follows the last whole record, and
        // a restart finds both moves, nothing cut off.
        *journal.fail_after.lock().expect("lock") = None;
        journal.append(&code, &moved(2)).expect("append");
        journal.append(&code, &moved(3)).expect("append");
        let recovery = journal.recover().expect("recover");
        assert!(recovery.truncated.is_empty());
        assert_eq!(recovery.rooms[0].events, vec![moved(1), moved(2), moved(3)]);
    }

    #[test]
    fn a_room_whose_first_write_fails_leaves_no_file() {
        let dir = tempfile::tempdir().expect("tempdir");
        let journal = Journal::open(dir.path()).expect("open");
        let code = RoomCode::random().expect("random");
        *journal.fail_after.lock().expect("lock") = Some(3);
        journal.create(&code, &snapshot()).expect_err("disk full");
        assert!(!journal.journal_path(&code).exists());
        let recovery = journal.recover().expect("recover");
        assert!(recovery.rooms.is_empty() && recovery.unreadable.is_empty());
    }

    #[test]
    fn load_gives_one_room_or_none() {
        let dir = tempfile::tempdir().expect("tempdir");
        let journal = Journal::open(dir.path()).expect("open");
        let code = RoomCode::random().expect("random");
        assert!(journal.load(&code).expect("load").is_none());
        journal.create(&code, &snapshot()).expect("create");
        journal.append(&code, &moved(1)).expect("append");
        let room = journal.load(&code).expect("load").expect("a room");
        assert_eq!(room.events, vec![moved(1)]);
        assert!(matches!(
            journal.create(&code, &snapshot()),
            Err(StoreError::Conflict(_))
        ));
    }

    #[test]
    fn a_flipped_bit_stops_the_journal_at_the_record_before() {
        let (_dir, journal, code) = journal_with_room();
        journal.append(&code, &moved(1)).expect("append");
        let path = journal.journal_path(&code);
        let mut bytes = fs::read(&path).expect("read");
        let last = bytes.len() - 2;
        bytes[last] ^= 0x20;
        fs::write(&path, bytes).expect("write");
        let recovery = journal.recover().expect("recover");
        assert_eq!(recovery.rooms[0].events, vec![]);
        assert_eq!(recovery.truncated, vec![code]);
    }

    /// The offset of the `n`th record (0: the snapshot) of a journal.
    fn record_offset(bytes: &[u8], n: usize) -> usize {
        let mut at = 0;
        for _ in 0..n {
            at = decode_at(bytes, at).expect("a whole record").1;
        }
        at
    }

    #[test]
    fn a_damaged_record_in_the_middle_refuses_the_room_and_keeps_the_file() {
        // One byte of move 2's payload, then one of its length field: either
        // way moves 3 and 4 (acknowledged) follow the damage.
        for (what, offset_in_record) in [("payload", HEADER + 3), ("length", 1)] {
            let (_dir, journal, code) = journal_with_room();
            for seq in 1..=4 {
                journal.append(&code, &moved(seq)).expect("append");
            }
            let path = journal.journal_path(&code);
            let mut bytes = fs::read(&path).expect("read");
            let at = record_offset(&bytes, 2) + offset_in_record;
            bytes[at] ^= 0x5a;
            fs::write(&path, &bytes).expect("write");

            let recovery = journal.recover().expect("recover");
            assert!(recovery.rooms.is_empty(), "{what}: the room is not loaded");
            assert!(recovery.truncated.is_empty(), "{what}: nothing is cut");
            let [(file, why)] = recovery.unreadable.as_slice() else {
                panic!("{what}: one unreadable journal: {:?}", recovery.unreadable);
            };
            assert!(file.ends_with(".journal"), "{file}");
            assert!(why.contains("record 3"), "{what}: {why}");
            assert!(why.contains("not a record torn by a crash"), "{why}");
            assert!(why.contains("left as it is"), "{why}");
            assert_eq!(
                fs::read(&path).expect("read"),
                bytes,
                "{what}: file untouched"
            );
            // Loading it for a client says the same, and still cuts nothing.
            let error = journal.load(&code).expect_err("damaged");
            assert!(error.to_string().contains("damaged"), "{error}");
            assert_eq!(fs::read(&path).expect("read"), bytes);
        }
    }

    #[test]
    fn a_torn_last_record_is_still_cut_after_a_damaged_looking_tail() {
        // A crash that left the last record's header whole but its payload
        // short: nothing whole follows, so it is a tail, and it is cut.
        let (_dir, journal, code) = journal_with_room();
        journal.append(&code, &moved(1)).expect("append");
        let path = journal.journal_path(&code);
        let whole = fs::metadata(&path).expect("meta").len();
        let record = encode(&moved(2));
        OpenOptions::new()
            .append(true)
            .open(&path)
            .and_then(|mut f| f.write_all(&record[..record.len() - 1]))
            .expect("tear");
        let recovery = journal.recover().expect("recover");
        assert_eq!(recovery.truncated, vec![code]);
        assert_eq!(recovery.rooms[0].events, vec![moved(1)]);
        assert_eq!(fs::metadata(&path).expect("meta").len(), whole);
    }

    #[test]
    fn compaction_leaves_one_snapshot() {
        let (_dir, journal, code) = journal_with_room();
        journal.append(&code, &moved(1)).expect("append");
        let mut next = snapshot();
        next.game = 2;
        next.seq = 2;
        journal.compact(&code, &next).expect("compact");
        let recovery = journal.recover().expect("recover");
        assert_eq!(recovery.rooms[0].snapshot, next);
        assert!(recovery.rooms[0].events.is_empty());
    }

    #[test]
    fn stray_files_are_reported_not_trusted() {
        let dir = tempfile::tempdir().expect("tempdir");
        let journal = Journal::open(dir.path()).expect("open");
        fs::write(dir.path().join("rooms/notacode.journal"), b"xx").expect("write");
        fs::write(dir.path().join("rooms/ABCDEFGHJK.journal"), b"").expect("write");
        let recovery = journal.recover().expect("recover");
        assert!(recovery.rooms.is_empty());
        assert_eq!(recovery.unreadable.len(), 2);
    }
}
