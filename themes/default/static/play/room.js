// The browser client of a `rulehub room` server (docs/rooms.md): creates
// rooms over HTTP and keeps one WebSocket per room open, reconnecting with
// backoff and resyncing from the protocol's sequence numbers. It knows
// nothing of boards or languages: board.js draws, this file talks. It never
// shows text to people, so it holds no sentences (the server's `message`
// is passed on as it came).

const VERSION = 1;
const BACKOFF_MS = [1000, 2000, 4000, 8000, 16000, 30000];
// A socket that says nothing for this long after `hello` is given up and
// reopened: a proxy may keep a dead connection looking open.
const WELCOME_TIMEOUT_MS = 10000;
const PING_EVERY_MS = 25000;

function base(serverUrl) {
  return String(serverUrl).replace(/\/+$/, '');
}

function storageKey(serverUrl, room) {
  return 'rulehub-room:' + base(serverUrl) + ':' + room;
}

function loadToken(serverUrl, room) {
  try {
    return localStorage.getItem(storageKey(serverUrl, room));
  } catch (e) {
    return null; // storage refused (private mode): the seat lasts the page
  }
}

function saveToken(serverUrl, room, token) {
  try {
    localStorage.setItem(storageKey(serverUrl, room), token);
  } catch (e) {
    // As above: without storage a reload watches instead of playing.
  }
}

/** Reads a room code as the server does: upper case, O→0, I/L→1. */
export function normaliseCode(text) {
  const code = String(text || '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  return /^[0-9A-HJKMNP-TV-Z]{10}$/.test(code) ? code : null;
}

/**
 * POST /rooms. Resolves to {room, token, seat}; the token is also kept in
 * localStorage, so connect() to this room takes the creator's seat. Rejects
 * with an Error whose `code` is the server's error code (or `network`).
 */
export async function createRoom(serverUrl, rules, options = {}) {
  const body = { v: VERSION, rules };
  if (options.side) body.side = options.side;
  if (options.family) body.family = options.family;
  if (options.setup) body.setup = options.setup;
  let response;
  try {
    response = await fetch(base(serverUrl) + '/rooms', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (e) {
    const error = new Error(String((e && e.message) || e));
    error.code = 'network';
    throw error;
  }
  let answer = null;
  try {
    answer = await response.json();
  } catch (e) {
    answer = null;
  }
  if (!response.ok || !answer || !answer.room || !answer.token) {
    const error = new Error((answer && answer.message) || 'HTTP ' + response.status);
    error.code = (answer && answer.error) || 'http-' + response.status;
    throw error;
  }
  saveToken(serverUrl, answer.room, answer.token);
  return { room: answer.room, token: answer.token, seat: answer.seat };
}

/**
 * Opens the room's socket and keeps it open until close(). Handlers get the
 * server's frames as they are (see docs/rooms.md); status is "connecting",
 * "open", "reconnecting" or "closed".
 */
export function connect(serverUrl, room, options = {}) {
  return new Session(serverUrl, room, options);
}

class Session {
  constructor(serverUrl, room, options) {
    this.server = base(serverUrl);
    this.room = room;
    this.watch = !!options.watch;
    this.seat = null;
    this.seq = null;
    this.seats = null;
    this.status = 'connecting';
    this.attempt = 0;
    this.closed = false;
    this.socket = null;
    this.timer = null;
    this.handlers = { state: [], move: [], presence: [], status: [], error: [] };
    this.open();
  }

  onState(f) { this.handlers.state.push(f); return this; }
  onMove(f) { this.handlers.move.push(f); return this; }
  onPresence(f) { this.handlers.presence.push(f); return this; }
  onStatus(f) { this.handlers.status.push(f); f(this.status); return this; }
  onError(f) { this.handlers.error.push(f); return this; }

  emit(kind, value) {
    for (const f of this.handlers[kind]) {
      try {
        f(value);
      } catch (e) {
        // One handler's bug must not stop the others or the socket.
        setTimeout(() => { throw e; });
      }
    }
  }

  setStatus(status) {
    if (this.status === status) return;
    this.status = status;
    this.emit('status', status);
  }

  wsUrl() {
    return this.server.replace(/^http/, 'ws') + '/ws';
  }

  open() {
    clearTimeout(this.timer);
    let socket;
    try {
      socket = new WebSocket(this.wsUrl());
    } catch (e) {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      const hello = { type: 'hello', v: VERSION, room: this.room };
      const token = loadToken(this.server, this.room);
      if (token) hello.token = token;
      if (this.watch && !token) hello.watch = true;
      socket.send(JSON.stringify(hello));
      this.timer = setTimeout(() => socket.close(), WELCOME_TIMEOUT_MS);
    };
    socket.onmessage = (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch (e) {
        return; // the server sends JSON only; anything else is not ours
      }
      if (socket === this.socket) this.receive(frame);
    };
    socket.onclose = (event) => {
      if (socket !== this.socket) return;
      clearTimeout(this.timer);
      clearInterval(this.pinger);
      this.socket = null;
      // 1000: the room expired (an error frame said so first).
      if (this.closed || event.code === 1000 || this.gone) {
        this.closed = true;
        this.setStatus('closed');
        return;
      }
      this.retry();
    };
  }

  retry() {
    this.setStatus('reconnecting');
    const wait = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt += 1;
    this.timer = setTimeout(() => this.open(), wait);
  }

  receive(frame) {
    switch (frame.type) {
      case 'welcome':
        clearTimeout(this.timer);
        this.attempt = 0;
        this.seat = frame.seat;
        if (frame.token) saveToken(this.server, this.room, frame.token);
        clearInterval(this.pinger);
        this.pinger = setInterval(() => this.send({ type: 'ping' }), PING_EVERY_MS);
        this.setStatus('open');
        break;
      case 'state':
        this.seq = frame.seq;
        this.seat = frame.you;
        this.seats = frame.seats;
        this.emit('state', frame);
        break;
      case 'moved':
        if (this.seq !== null && frame.seq <= this.seq) break; // already in a state
        if (this.seq === null || frame.seq !== this.seq + 1) {
          // Something was missed: the whole state replaces the view.
          this.send({ type: 'sync' });
          break;
        }
        this.seq = frame.seq;
        this.emit('move', frame);
        break;
      case 'presence':
        // A seat newly taken raised the room's seq, which presence does not
        // carry: without a sync the next move would be refused as stale.
        if (!this.seats || frame.seats.some((seat, i) => !this.seats[i] || seat.taken !== this.seats[i].taken)) {
          this.send({ type: 'sync' });
        }
        this.seats = frame.seats;
        this.emit('presence', frame.seats);
        break;
      case 'error':
        if (frame.code === 'no-such-room') this.gone = true;
        if (frame.code === 'stale') this.send({ type: 'sync' });
        this.emit('error', { code: frame.code, message: frame.message });
        break;
      default:
        break; // pong, and frames of a later protocol
    }
  }

  send(frame) {
    if (!this.socket || this.socket.readyState !== 1) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Sends a move in record notation ("d2-c2"); false when not connected. */
  sendMove(move) {
    return this.send({ type: 'move', move, seq: this.seq });
  }

  rematch() {
    return this.send({ type: 'rematch' });
  }

  sync() {
    return this.send({ type: 'sync' });
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.socket) this.socket.close(1000);
    this.socket = null;
    this.setStatus('closed');
  }
}
