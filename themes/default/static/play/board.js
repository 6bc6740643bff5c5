// The practice board on a variant page: play the page's rules against the
// engine's AI, which runs in a module Web Worker (worker.js). This module
// is the controller: it holds the game and asks the worker for moves;
// view.js draws, room-panel.js shows a room, and the family's own module
// (the section's data-board: square and move names, painting, input)
// is imported by the name the page gives, as is its engine (data-wasm).
// The page's <section class="play"> holds the resolved rules, the sides and
// every sentence, in the page's language, as JSON; without JavaScript (or
// without module workers) the section stays hidden.
//
// Room mode: when the page's <article> names a room server
// (data-room-server, from hub.yaml `room_server`), "Invite a friend" opens a
// private online room through room.js (docs/rooms.md) and the board plays
// the friend instead of the AI. The server is the authority: a move is shown
// only when the server relays it back; the local engine only offers the
// legal moves and redraws the server's game.
import * as view from './view.js';
import { buildRoomPanel, renderRoom } from './room-panel.js';
import { enableDrag, animate } from './drag.js';

var fill = view.fill;

// The most moves a kept game may hold: far above any real game, and a
// bound on what a page reads back from storage.
var MAX_KEPT_MOVES = 5000;

// Talks to the worker: every request gets a promise of its answer.
function Engine(assets, wasm) {
  var self = this;
  this.worker = new Worker(assets + 'worker.js', { type: 'module' });
  this.next = 1;
  this.waiting = {};
  this.worker.onmessage = function (event) {
    var resolve = self.waiting[event.data.id];
    delete self.waiting[event.data.id];
    if (resolve) resolve(event.data.answer);
  };
  this.ready = this.ask({ op: 'init', wasm: wasm });
}
Engine.prototype.ask = function (msg) {
  var self = this;
  msg.id = this.next++;
  return new Promise(function (resolve) {
    self.waiting[msg.id] = resolve;
    self.worker.postMessage(msg);
  });
};
Engine.prototype.stop = function () {
  this.worker.terminate();
};

// `#room=CODE` in the page address: a room link was opened.
function roomInAddress() {
  var m = /(?:^#|&)room=([0-9A-Za-z]{10})(?:&|$)/.exec(location.hash);
  return m ? m[1].toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1') : null;
}

function Board(section, data, family) {
  this.section = section;
  this.data = data;
  this.family = family;
  this.wasm = new URL(section.getAttribute('data-wasm'), document.baseURI).href;
  var article = section.closest('article[data-room-server]');
  this.roomServer = article && data.rooms !== false ? article.getAttribute('data-room-server') : null;
  this.mode = 'practice';
  this.s = data.strings;
  var dims = data.rules.dims || { rows: data.rules.board_size, cols: data.rules.board_size };
  this.rows = dims.rows;
  this.cols = dims.cols;
  this.sides = data.sides;
  this.human = data.first_to_move || data.rules.first_to_move;
  this.level = 'normal';
  // The game's moves as the move list shows them, and the start position.
  this.line = [];
  this.start = null;
  this.startPly = 0;
  this.viewing = null;
  this.aiThinking = false;
  this.flipped = false;
  this.state = null;
  this.selected = null;
  this.cursor = Math.floor(this.rows / 2) * this.cols + Math.floor(this.cols / 2);
  this.last = null;
  this.thinking = false;
  this.games = 0;
  this.special = {};
  var special = this.special;
  data.special.forEach(function (entry) {
    entry[1].forEach(function (cell) { special[cell] = entry[0]; });
  });
  var code = this.roomServer && roomInAddress();
  var saved = code ? null : this.saved();
  if (saved) {
    this.human = saved.human;
    this.level = saved.level;
  }
  this.build();
  if (code) this.enterRoom(code);
  else if (saved && saved.moves.length) this.resume(saved.moves, true);
  else this.newGame();
}

Board.prototype.sideName = function (side) {
  return this.s['play-side-' + side];
};

Board.prototype.squareName = function (cell) {
  return this.family.squareName(this, cell);
};

Board.prototype.build = function () {
  var parts = view.build(this);
  enableDrag(this);
  if (this.roomServer) buildRoomPanel(this, parts.root, parts.buttons);
  if (this.family.built) this.family.built(this);
};

Board.prototype.render = function () {
  view.render(this);
  if (this.state && this.family.rendered) this.family.rendered(this);
};

Board.prototype.startEngine = function () {
  if (this.engine) this.engine.stop();
  this.stopProgress();
  this.engine = new Engine(this.data.assets, this.wasm);
  return this.engine;
};

// A new game from the page's start, on a new seed.
Board.prototype.newGame = function () {
  this.freshSeed();
  this.resume([], false);
};

// Plays `paths` (each move's cells, start first) from the page's start
// and goes on from there: a new game (none), a kept game after a reload,
// or the game before a move taken back while the AI thought. Moves that
// no longer play (the page's rules changed) start a new game instead.
Board.prototype.resume = function (paths, restored) {
  var self = this;
  var engine = this.startEngine();
  if (restored) this.freshSeed();
  this.selected = null;
  this.last = null;
  this.viewing = null;
  this.thinking = true;
  this.recordBox.hidden = true;
  this.section.removeAttribute('data-outcome');
  this.section.setAttribute('data-turn', 'wait');
  engine.ready
    .then(function (answer) {
      if (!answer.ok) throw new Error(answer.error);
      return engine.ask({ op: 'replay', rules: self.data.rules, setup: self.data.setup, moves: paths });
    })
    .then(function (state) {
      if (engine !== self.engine) return;
      if (!state.ok) {
        if (!paths.length) throw new Error(state.error);
        self.forget();
        return self.newGame();
      }
      self.thinking = false;
      self.begin(state.start, state.steps);
      self.last = null;
      self.update(state);
      self.moveText = restored ? self.s['play-restored'] : '';
      self.next();
    })
    .catch(function (e) { self.fail(e); });
};

// ---- The game's line: the move list, and the game kept across reloads

// A game starts at `start` (a state) with `steps` already played (each
// {played, cells, to_move}).
Board.prototype.begin = function (start, steps) {
  var self = this;
  this.start = { cells: start.cells, to_move: start.to_move, moves: [] };
  this.startPly = start.ply;
  this.viewing = null;
  this.line = steps.map(function (step) { return self.entry(step.played, step); });
};

Board.prototype.entry = function (played, state) {
  return {
    path: [played.from].concat(played.path),
    name: this.moveName(played),
    played: played,
    position: { cells: state.cells, to_move: state.to_move, moves: [] },
  };
};

// Keeps the line in step with a new state: a move played joins it, a
// move taken back leaves it.
// Answers whether the state is a move just played.
Board.prototype.track = function (state) {
  var n = state.ply - this.startPly;
  var played = !!state.played && n === this.line.length + 1;
  if (played) this.line.push(this.entry(state.played, state));
  else if (n < this.line.length) this.line.length = Math.max(0, n);
  if (this.viewing !== null && this.viewing >= this.line.length) this.viewing = null;
  return played;
};

// The position after the `ply`-th move of the line (0: the start).
Board.prototype.positionAt = function (ply) {
  return ply === 0 ? this.start : this.line[ply - 1].position;
};

Board.prototype.playedAt = function (ply) {
  return ply === 0 ? null : this.line[ply - 1].played;
};

Board.prototype.shownPly = function () {
  return this.viewing === null ? this.line.length : this.viewing;
};

// Shows the position after move `ply` of the list; the last move is the
// game itself, which goes on from there.
Board.prototype.view = function (ply) {
  var last = this.line.length;
  if (!last) return;
  ply = Math.max(1, Math.min(last, ply));
  if (ply === last) {
    if (this.viewing !== null) this.status.textContent = this.liveStatus;
    this.viewing = null;
  } else {
    this.viewing = ply;
    this.selected = null;
    var move = Math.ceil(ply / 2) + (ply % 2 ? '. ' : '… ') + this.line[ply - 1].name;
    this.status.textContent = fill(this.s['play-viewing'], { move: move });
  }
  this.render();
};

// Where this page keeps its practice game: one game a page, with the
// rules and start it was played under, so a rebuilt page with other rules
// starts afresh.
Board.prototype.storageKey = function () {
  return 'rulehub-practice:' + location.pathname;
};

Board.prototype.signature = function () {
  return JSON.stringify([this.data.rules, this.data.setup || null]);
};

Board.prototype.save = function () {
  if (this.mode !== 'practice' || !this.start) return;
  var kept = {
    rules: this.signature(),
    human: this.human,
    level: this.level,
    moves: this.line.map(function (entry) { return entry.path; }),
  };
  try {
    localStorage.setItem(this.storageKey(), JSON.stringify(kept));
  } catch (e) {
    // Storage off or full: the game is just not kept.
  }
};

// The kept game, when it is one for this page's rules and well formed.
Board.prototype.saved = function () {
  var kept = null;
  try {
    kept = JSON.parse(localStorage.getItem(this.storageKey()) || 'null');
  } catch (e) {
    return null;
  }
  var levels = (this.data.levels || []).map(function (level) { return level.name; });
  var cells = this.rows * this.cols;
  var wellFormed = kept && kept.rules === this.signature() &&
    this.sides.indexOf(kept.human) >= 0 && levels.indexOf(kept.level) >= 0 &&
    Array.isArray(kept.moves) && kept.moves.length <= MAX_KEPT_MOVES &&
    kept.moves.every(function (path) {
      return Array.isArray(path) && path.length >= 2 && path.length <= cells && path.every(function (cell) {
        return Number.isInteger(cell) && cell >= 0 && cell < cells;
      });
    });
  return wellFormed ? kept : null;
};

Board.prototype.forget = function () {
  try {
    localStorage.removeItem(this.storageKey());
  } catch (e) {
    // Nothing was kept.
  }
};

// The engine's best move for the reader, drawn as an arrow, and what it
// thinks of the position, said in the live region. It searches as the
// hard level does, within that level's time.
Board.prototype.askHint = function () {
  var self = this;
  var engine = this.engine;
  var state = this.state;
  if (this.hinting || !state || this.thinking || this.over()) return;
  this.hinting = true;
  this.render();
  engine.ask({ op: 'hint', level: 'hard', seed: this.seed + state.ply }).then(function (answer) {
    if (engine !== self.engine) return;
    self.hinting = false;
    // The reader moved meanwhile: the hint is of a position gone.
    if (self.state !== state || !answer.ok) return self.render();
    var path = [answer.from].concat(answer.via || [], [answer.to]);
    self.hint = { ply: state.ply, path: path, verdict: answer.verdict };
    self.section.setAttribute('data-hint', answer.verdict);
    var words = fill(self.s['play-hint-' + answer.verdict] || '', { side: self.sideName(answer.favours), moves: answer.moves });
    self.status.textContent = words + ' ' + fill(self.s['play-hint-move'], { move: answer.move });
    self.render();
  });
};

// The AI's wait, shown against the most its level may think.
Board.prototype.startProgress = function () {
  var progress = this.progress;
  var level = (this.data.levels || []).filter(function (l) { return l.name === this.level; }, this)[0];
  var most = level ? level.reply_ms : 3000;
  var started = performance.now();
  progress.value = 0;
  progress.hidden = false;
  this.section.setAttribute('aria-busy', 'true');
  this.progressTimer = setInterval(function () {
    progress.value = Math.min(1, (performance.now() - started) / most);
  }, 100);
};

Board.prototype.stopProgress = function () {
  clearInterval(this.progressTimer);
  this.progressTimer = null;
  this.aiThinking = false;
  if (this.progress) this.progress.hidden = true;
  this.section.removeAttribute('aria-busy');
};

// Each game the AI plays from its own seed, so two games differ.
Board.prototype.freshSeed = function () {
  this.games += 1;
  this.seed = this.games * 7919 + Math.floor(Math.random() * 100000);
};

Board.prototype.fail = function (e) {
  this.status.textContent = fill(this.s['play-error'], { error: String(e && e.message || e) });
  this.section.setAttribute('data-error', '1');
};

Board.prototype.update = function (state) {
  if (this.family.update) this.family.update(this, state);
  if (this.hint && this.hint.ply !== state.ply) {
    this.hint = null;
    this.section.removeAttribute('data-hint');
  }
  this.state = state;
  if (state.played) this.last = state.played;
  var moved = this.track(state);
  this.save();
  this.render();
  if (moved && this.viewing === null) animate(this, state.played);
};

Board.prototype.over = function () {
  // In a room the server's outcome counts, not the local engine's.
  if (this.mode === 'room') return !!this.roomOutcome && this.roomOutcome.result !== 'ongoing';
  return this.state && this.state.outcome.result !== 'ongoing';
};

// Whose turn it is decides what happens next: the AI moves, or the reader.
Board.prototype.next = function () {
  if (this.mode === 'room') return this.nextInRoom();
  var self = this;
  var state = this.state;
  if (this.over()) {
    var o = state.outcome;
    var key = o.result === 'win' ? 'win-' + o.winner + '-' + o.code : 'draw-' + o.code;
    this.announce(this.data.outcomes[key] || key, true);
    this.section.setAttribute('data-outcome', key);
    this.render();
    return;
  }
  if (state.to_move === this.human) {
    this.announce(fill(this.s['play-your-move'], { side: this.sideName(this.human) }), true);
    this.section.setAttribute('data-turn', 'human');
    this.render();
    return;
  }
  var engine = this.engine;
  this.thinking = true;
  this.aiThinking = true;
  this.startProgress();
  this.section.setAttribute('data-turn', 'ai');
  this.announce(this.s['play-thinking'], true, true);
  this.render();
  engine.ask({ op: 'ai', level: this.level, seed: this.seed + state.ply }).then(function (answer) {
    if (engine !== self.engine) return;
    self.stopProgress();
    self.thinking = false;
    if (!answer.ok) return self.fail(answer.error);
    if (answer.ai) {
      self.section.setAttribute('data-ai-nodes', answer.ai.nodes);
      self.section.setAttribute('data-ai-ms', answer.ai.ms.toFixed(1));
    }
    self.update(answer);
    self.announceMove(answer);
    self.next();
  });
};

// The move as announced, as the family words it.
Board.prototype.moveName = function (p) {
  return this.family.moveName(p);
};

Board.prototype.announceMove = function (state) {
  var p = state.played;
  var mover = this.sides[this.sides[0] === state.to_move ? 1 : 0];
  var text = fill(this.s['play-moved'], { side: this.sideName(mover), move: this.moveName(p) });
  text = text.charAt(0).toUpperCase() + text.slice(1);
  if (p.captures.length) {
    text += fill(this.s['play-captured'], { squares: p.captures.map(this.squareName, this).join(', ') });
  }
  // The reader's move stays in the announcement until the AI's answer
  // joins it, so neither is lost to a screen reader.
  this.moveText = this.moveText ? this.moveText + '. ' + text : text;
};

Board.prototype.announce = function (text, withMove, keep) {
  var prefix = withMove && this.moveText ? this.moveText + '. ' : '';
  if (!keep) this.moveText = '';
  // Kept for going back from an earlier position in the move list, which
  // shows what it is in the status meanwhile.
  this.liveStatus = prefix + text;
  this.status.textContent = prefix + text;
};

Board.prototype.movesFrom = function (cell) {
  if (!this.state || this.thinking || this.over() || this.state.to_move !== this.human) return [];
  if (this.mode === 'room' && this.connection !== 'open') return [];
  return this.state.moves.filter(function (m) { return m[0] === cell; }).map(function (m) { return m[m.length - 1]; });
};

Board.prototype.onCell = function (cell) {
  // A click on the board while an earlier position is shown goes back to
  // the game, and counts there.
  if (this.viewing !== null) this.view(this.line.length);
  if (this.family.click && this.family.click(this, cell)) return;
  this.cursor = cell;
  if (this.selected !== null && this.movesFrom(this.selected).indexOf(cell) >= 0) {
    this.play(this.selected, cell);
  } else if (this.selected === cell) {
    this.selected = null;
  } else if (this.movesFrom(cell).length) {
    this.selected = cell;
  } else {
    this.selected = null;
  }
  this.render();
};

Board.prototype.onKey = function (event) {
  if (this.family.key) this.family.key(this, event);
  var row = Math.floor(this.cursor / this.cols);
  var col = this.cursor % this.cols;
  var step = this.flipped ? -1 : 1;
  switch (event.key) {
    case 'ArrowUp': row -= step; break;
    case 'ArrowDown': row += step; break;
    case 'ArrowLeft': col -= step; break;
    case 'ArrowRight': col += step; break;
    case 'Enter':
    case ' ':
      event.preventDefault();
      this.onCell(this.cursor);
      this.cells[this.cursor].focus();
      return;
    case 'Escape':
      this.selected = null;
      this.render();
      return;
    default:
      return;
  }
  event.preventDefault();
  row = Math.max(0, Math.min(this.rows - 1, row));
  col = Math.max(0, Math.min(this.cols - 1, col));
  this.cursor = row * this.cols + col;
  this.render();
  this.cells[this.cursor].focus();
};

Board.prototype.play = function (from, to, via) {
  if (this.mode === 'room') return this.sendMove(from, to, via);
  var self = this;
  var engine = this.engine;
  this.selected = null;
  this.thinking = true;
  this.section.setAttribute('data-turn', 'wait');
  engine.ask({ op: 'play', from: from, to: to, via: via }).then(function (answer) {
    if (engine !== self.engine) return;
    self.thinking = false;
    if (!answer.ok) return self.fail(answer.error);
    self.update(answer);
    self.announceMove(answer);
    self.next();
  });
};

// Takes back the reader's last move and the AI's answer to it. While the
// AI thinks, its search is stopped (its worker ended) and the reader's
// move it was answering is taken back.
Board.prototype.undo = function () {
  var self = this;
  var engine = this.engine;
  if (this.aiThinking && this.mode === 'practice' && this.line.length) {
    var paths = this.line.map(function (entry) { return entry.path; });
    // Back to the reader's turn: their last move goes, and so does any
    // move after the last of theirs.
    do paths.pop(); while (paths.length && this.line[paths.length - 1].position.to_move !== this.human);
    return this.resume(paths, false);
  }
  if (this.thinking || !this.state || this.line.length === 0) return;
  this.selected = null;
  this.last = null;
  this.thinking = true;
  this.section.setAttribute('data-turn', 'wait');
  function back() {
    return engine.ask({ op: 'undo' }).then(function (state) {
      if (!state.ok) return self.state;
      self.state = state;
      if (state.to_move !== self.human && state.ply > 0) return back();
      return state;
    });
  }
  back().then(function (state) {
    if (engine !== self.engine) return;
    self.thinking = false;
    self.section.removeAttribute('data-outcome');
    self.update(state);
    self.next();
  });
};

Board.prototype.copy = function () {
  var self = this;
  this.engine.ask({ op: 'record' }).then(function (answer) {
    if (!answer.ok) return self.fail(answer.error);
    var family = self.family;
    var header = self.data.replay_header || (family.recordHeader ? family.recordHeader(self.data) : '');
    var text = header + answer.record;
    self.recordBox.value = text;
    self.recordBox.hidden = false;
    var done = function () { self.status.textContent = self.s['play-copied']; };
    var failed = function () { self.status.textContent = self.s['play-copy-failed']; self.recordBox.select(); };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, failed);
    } else {
      failed();
    }
  });
};

// ---- Room mode -------------------------------------------------------

Board.prototype.roomClient = function () {
  var self = this;
  if (!this.roomModule) {
    this.roomModule = import(new URL(this.data.assets + 'room.js', document.baseURI).href);
    // A failed load is tried again on the next press.
    this.roomModule.catch(function () { self.roomModule = null; });
  }
  return this.roomModule;
};

// "Invite a friend": a room for this page's rules, the reader playing the
// side chosen for practice.
Board.prototype.invite = function () {
  var self = this;
  var s = this.s;
  this.inviteButton.disabled = true;
  this.status.textContent = s['play-room-creating'];
  this.roomClient()
    .then(function (client) {
      return client.createRoom(self.roomServer, self.data.rules, {
        side: self.sideSelect.value,
        family: self.data.family,
        setup: self.data.setup,
      });
    })
    .then(function (created) {
      self.inviteButton.disabled = false;
      history.replaceState(null, '', '#room=' + created.room);
      self.enterRoom(created.room, true);
    })
    .catch(function (e) {
      self.inviteButton.disabled = false;
      var why = e && e.code ? self.refusal(e.code) : String(e && e.message || e);
      self.status.textContent = fill(s['play-room-create-failed'], { error: why });
      self.section.setAttribute('data-room-error', (e && e.code) || 'failed');
    });
};

Board.prototype.enterRoom = function (code, invited) {
  var self = this;
  this.mode = 'room';
  this.room = code;
  this.roomOutcome = null;
  this.connection = 'connecting';
  this.human = null;
  this.selected = null;
  this.last = null;
  this.moveText = '';
  this.thinking = true;
  this.roomQueue = Promise.resolve();
  this.section.setAttribute('data-room', code);
  this.section.removeAttribute('data-outcome');
  this.section.removeAttribute('data-room-error');
  this.section.setAttribute('data-turn', 'wait');
  // The section no longer plays the computer: say so in its heading.
  if (this.heading) this.heading.textContent = this.s['play-room-heading'];
  this.intro.hidden = true;
  this.controls.hidden = true;
  this.newButton.hidden = true;
  this.undoButton.hidden = true;
  this.inviteButton.hidden = true;
  this.leaveButton.hidden = false;
  this.rematchButton.hidden = true;
  this.roomPanel.hidden = false;
  this.recordBox.hidden = true;
  this.roomLink.value = location.origin + location.pathname + '#room=' + code;
  this.renderRoom();
  var engine = this.startEngine();
  Promise.all([engine.ready, this.roomClient()])
    .then(function (ready) {
      if (!ready[0].ok) throw new Error(ready[0].error);
      if (self.mode !== 'room' || self.room !== code || engine !== self.engine) return;
      var session = ready[1].connect(self.roomServer, code);
      self.session = session;
      session.onStatus(function (status) { if (session === self.session) self.onRoomStatus(status); });
      session.onState(function (state) { if (session === self.session) self.onRoomState(state); });
      session.onMove(function (moved) { if (session === self.session) self.onRoomMove(moved); });
      session.onPresence(function (seats) { if (session === self.session) { self.seats = seats; self.renderRoom(); } });
      session.onError(function (error) { if (session === self.session) self.onRoomError(error); });
      if (invited) self.copyLinkButton.focus();
    })
    .catch(function (e) { self.fail(e); });
};

// Engine work in a room runs one step at a time, in the order the
// server's frames came.
Board.prototype.inRoom = function (step) {
  var self = this;
  var session = this.session;
  this.roomQueue = this.roomQueue.then(function () {
    if (self.session !== session) return null;
    return step();
  }).catch(function (e) { self.fail(e); });
};

// The cells a room's move visits, start first, from its name as the
// server relays it; the family reads its own notation.
Board.prototype.moveCells = function (move) {
  return this.family.moveCells(this, move);
};

// The move the reader chose, as the room server reads it.
Board.prototype.roomMove = function (from, to, via) {
  return this.family.roomMove(this, from, to, via);
};

Board.prototype.onRoomState = function (state) {
  var self = this;
  var engine = this.engine;
  this.inRoom(function () {
    var moves = state.moves.map(function (m) { return self.moveCells(m.move); });
    return engine.ask({ op: 'replay', rules: state.rules, setup: state.setup, moves: moves }).then(function (answer) {
      if (engine !== self.engine) return;
      if (!answer.ok) throw new Error(answer.error);
      self.human = state.you;
      self.seats = state.seats;
      self.game = state.game;
      self.roomOutcome = state.outcome;
      self.thinking = false;
      self.last = null;
      self.moveText = '';
      self.begin(answer.start, answer.steps);
      self.state = answer;
      if (answer.played) self.last = answer.played;
      self.section.setAttribute('data-room-seat', state.you || 'watcher');
      self.section.setAttribute('data-room-game', state.game);
      self.renderRoom();
      self.render();
      self.next();
    });
  });
};

Board.prototype.onRoomMove = function (moved) {
  var self = this;
  var engine = this.engine;
  this.inRoom(function () {
    var cells = self.moveCells(moved.move) || [];
    var via = cells.length > 2 ? cells.slice(1, -1) : undefined;
    return engine.ask({ op: 'play', from: cells[0], to: cells[cells.length - 1], via: via }).then(function (answer) {
      if (engine !== self.engine) return;
      if (!answer.ok) {
        // The local engine disagrees with the server's: the server's
        // game is the game, so fetch it whole.
        self.session.sync();
        return;
      }
      self.thinking = false;
      self.roomOutcome = moved.outcome;
      self.update(answer);
      self.announceMove(answer);
      self.next();
    });
  });
};

Board.prototype.sendMove = function (from, to, via) {
  this.selected = null;
  if (!this.session || !this.session.sendMove(this.roomMove(from, to, via))) return;
  // Nothing moves until the server relays the move back (or refuses it).
  this.thinking = true;
  this.section.setAttribute('data-turn', 'wait');
  this.status.textContent = this.s['play-room-sending'];
  this.render();
};

Board.prototype.onRoomError = function (error) {
  this.thinking = false;
  this.section.setAttribute('data-room-refused', error.code);
  if (error.code === 'no-such-room') {
    this.status.textContent = this.s['play-room-gone'];
    this.render();
    return;
  }
  this.status.textContent = fill(this.s['play-room-refused'], { reason: this.refusal(error.code) });
  this.render();
};

// A refusal in the page's language: the server's own sentence is English.
Board.prototype.refusal = function (code) {
  return this.s['play-room-error-' + code] || fill(this.s['play-room-error-other'], { code: code });
};

Board.prototype.onRoomStatus = function (status) {
  this.connection = status;
  this.section.setAttribute('data-room-status', status);
  this.roomConnection.textContent = this.s['play-room-status-' + status];
  if (status !== 'open' && this.state) this.section.setAttribute('data-turn', 'wait');
  this.render();
};

Board.prototype.renderRoom = function () {
  renderRoom(this);
};

Board.prototype.nextInRoom = function () {
  var state = this.state;
  if (!state) return;
  this.renderRoom();
  if (this.over()) {
    var o = this.roomOutcome;
    var key = o.result === 'win' ? 'win-' + o.winner + '-' + o.reason : 'draw-' + o.reason;
    this.announce(this.data.outcomes[key] || key, true);
    this.section.setAttribute('data-outcome', key);
    this.section.setAttribute('data-turn', 'over');
    this.render();
    return;
  }
  this.section.removeAttribute('data-outcome');
  var side = this.sideName(state.to_move);
  if (!this.human) {
    this.announce(fill(this.s['play-room-to-move'], { side: side }), true);
    this.section.setAttribute('data-turn', 'watch');
  } else if (state.to_move === this.human) {
    this.announce(fill(this.s['play-your-move'], { side: side }), true);
    this.section.setAttribute('data-turn', this.connection === 'open' ? 'human' : 'wait');
  } else {
    this.announce(fill(this.s['play-room-their-move'], { side: side }), true);
    this.section.setAttribute('data-turn', 'remote');
  }
  this.render();
};

Board.prototype.rematch = function () {
  if (this.session) this.session.rematch();
};

Board.prototype.copyLink = function () {
  var self = this;
  var link = this.roomLink.value;
  var done = function () { self.status.textContent = self.s['play-room-link-copied']; };
  var failed = function () { self.roomLink.focus(); self.roomLink.select(); self.status.textContent = self.s['play-copy-failed']; };
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(link).then(done, failed);
  else failed();
};

// Back to practice: the socket closes; the seat's token stays in this
// browser, so opening the link again takes the seat back.
Board.prototype.leave = function () {
  if (this.session) this.session.close();
  this.session = null;
  this.mode = 'practice';
  this.room = null;
  this.roomOutcome = null;
  this.human = this.sideSelect.value;
  ['data-room', 'data-room-status', 'data-room-seat', 'data-room-game', 'data-room-refused'].forEach(function (a) {
    this.section.removeAttribute(a);
  }, this);
  history.replaceState(null, '', location.pathname + location.search);
  this.roomPanel.hidden = true;
  if (this.heading) this.heading.textContent = this.practiceHeading;
  this.intro.hidden = false;
  this.controls.hidden = false;
  this.newButton.hidden = false;
  this.undoButton.hidden = false;
  this.inviteButton.hidden = false;
  this.leaveButton.hidden = true;
  this.rematchButton.hidden = true;
  this.newGame();
  this.inviteButton.focus();
};

// Whether this browser runs a worker as a module (Chrome 80, Safari 15,
// Firefox 114 and later): it reads the `type` option only if it does.
// Without, the board stays hidden, as it does without WebAssembly.
function moduleWorkers() {
  var supported = false;
  try {
    // The options are read before the address is parsed, and an address
    // that does not parse throws at once: no worker is started, so no
    // browser reports a failed load (Firefox did for `blob://`).
    new Worker('http://[', { get type() { supported = true; return 'module'; } });
  } catch (e) {
    // Always: the address is not one.
  }
  return supported;
}

function start(section) {
  var blob = section.querySelector('script.play-data');
  var family = section.getAttribute('data-board');
  if (!blob || !family || typeof Worker === 'undefined' || typeof WebAssembly === 'undefined' || !moduleWorkers()) return;
  var data = JSON.parse(blob.textContent);
  var link = view.el('link', { rel: 'stylesheet', href: data.assets + 'play.css' });
  link.addEventListener('load', function () { section.hidden = false; });
  document.head.appendChild(link);
  import(new URL(family, document.baseURI).href).then(function (module) {
    section.rulehubBoard = new Board(section, data, module);
  });
}

Array.prototype.forEach.call(document.querySelectorAll('section.play'), start);

// A room link opened in a tab that already shows the page changes only
// the fragment: follow it.
window.addEventListener('hashchange', function () {
  var code = roomInAddress();
  Array.prototype.forEach.call(document.querySelectorAll('section.play'), function (section) {
    var board = section.rulehubBoard;
    if (!board || !board.roomServer || !code || board.room === code) return;
    if (board.session) board.session.close();
    board.session = null;
    board.enterRoom(code, false);
  });
});
