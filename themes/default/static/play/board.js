// The practice board on a variant page: play the page's rules against the
// engine's AI, which runs in a Web Worker (worker.js). The page's
// <section class="play"> holds the resolved rules and every sentence, in the
// page's language, as JSON; without JavaScript the section stays hidden.
//
// Room mode: when the page's <article> names a room server
// (data-room-server, from hub.yaml `room_server`), "Invite a friend" opens a
// private online room through room.js (docs/rooms.md) and the board plays
// the friend instead of the AI. The server is the authority: a move is shown
// only when the server relays it back; the local engine only offers the
// legal moves and redraws the server's game.
// Other families: see draughts.js.
(function () {
  'use strict';

  var LEVELS = ['easy', 'normal', 'hard'];
  var PIECES = { b: 'attacker', w: 'defender', K: 'king' };

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var k in attrs) node.setAttribute(k, attrs[k]);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (m, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? values[name] : m;
    });
  }

  // Talks to the worker: every request gets a promise of its answer.
  function Engine(assets, wasm) {
    var self = this;
    this.worker = new Worker(assets + 'worker.js');
    this.next = 1;
    this.waiting = {};
    this.worker.onmessage = function (event) {
      var resolve = self.waiting[event.data.id];
      delete self.waiting[event.data.id];
      if (resolve) resolve(event.data.answer);
    };
    this.ready = this.ask({ op: 'init', wasm: new URL(assets + (wasm || 'engine.wasm'), document.baseURI).href });
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

  function Board(section, data) {
    this.section = section;
    this.data = data;
    var article = section.closest('article[data-room-server]');
    this.roomServer = article && data.rooms !== false ? article.getAttribute('data-room-server') : null;
    this.mode = 'practice';
    this.s = data.strings;
    var dims = data.rules.dims || { rows: data.rules.board_size, cols: data.rules.board_size };
    this.rows = dims.rows;
    this.cols = dims.cols;
    this.sides = data.sides || ['attackers', 'defenders'];
    this.human = data.first_to_move || data.rules.first_to_move;
    this.level = 'normal';
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
    this.build();
    var code = this.roomServer && roomInAddress();
    if (code) this.enterRoom(code);
    else this.newGame();
  }

  Board.prototype.sideName = function (side) {
    return this.s['play-side-' + side];
  };

  Board.prototype.squareName = function (cell) {
    var row = Math.floor(cell / this.cols);
    var col = cell % this.cols;
    return String.fromCharCode(97 + col) + (this.rows - row);
  };

  Board.prototype.build = function () {
    var s = this.s;
    var self = this;
    var root = el('div', { class: 'play-body' });
    this.intro = root.appendChild(el('p', {}, s['play-intro']));
    this.heading = this.section.querySelector('h2');
    this.practiceHeading = this.heading ? this.heading.textContent : '';

    var controls = el('div', { class: 'play-controls' });
    var sideLabel = el('label', {}, s['play-you-play'] + ' ');
    this.sideSelect = el('select', { name: 'side' });
    this.sides.forEach(function (side) {
      var option = el('option', { value: side }, self.sideName(side));
      if (side === self.human) option.selected = true;
      self.sideSelect.appendChild(option);
    });
    sideLabel.appendChild(this.sideSelect);
    var levelLabel = el('label', {}, s['play-level'] + ' ');
    this.levelSelect = el('select', { name: 'level' });
    LEVELS.forEach(function (level) {
      var option = el('option', { value: level }, s['play-level-' + level]);
      if (level === self.level) option.selected = true;
      self.levelSelect.appendChild(option);
    });
    levelLabel.appendChild(this.levelSelect);
    controls.appendChild(sideLabel);
    controls.appendChild(levelLabel);
    this.controls = controls;
    this.sideSelect.addEventListener('change', function () { self.human = self.sideSelect.value; self.newGame(); });
    this.levelSelect.addEventListener('change', function () { self.level = self.levelSelect.value; });
    root.appendChild(controls);

    this.grid = el('div', {
      class: 'play-board',
      role: 'grid',
      'aria-label': fill(s['play-board-label'], { rows: this.rows, cols: this.cols }),
      style: 'grid-template-columns: repeat(' + this.cols + ', 1fr)',
    });
    this.cells = [];
    for (var i = 0; i < this.rows * this.cols; i++) {
      var cell = el('div', { role: 'gridcell', class: 'play-cell', tabindex: '-1', 'data-square': this.squareName(i) });
      if (this.special[i]) cell.classList.add('play-' + this.special[i]);
      cell.addEventListener('click', this.onCell.bind(this, i));
      this.cells.push(cell);
    }
    this.grid.addEventListener('keydown', this.onKey.bind(this));
    root.appendChild(this.grid);
    root.appendChild(el('p', { class: 'play-help' }, s['play-keyboard-help']));

    this.status = el('p', { class: 'play-status', role: 'status', 'aria-live': 'polite' });
    root.appendChild(this.status);

    var buttons = el('div', { class: 'play-buttons' });
    function button(label, action) {
      var b = el('button', { type: 'button' }, label);
      b.addEventListener('click', action);
      buttons.appendChild(b);
      return b;
    }
    this.newButton = button(s['play-new-game'], function () { self.newGame(); });
    this.undoButton = button(s['play-undo'], function () { self.undo(); });
    button(s['play-flip'], function () { self.flipped = !self.flipped; self.layout(); self.render(); });
    this.copyButton = button(s['play-copy'], function () { self.copy(); });
    if (this.roomServer) {
      this.inviteButton = button(s['play-room-invite'], function () { self.invite(); });
      this.inviteButton.classList.add('play-invite');
      this.rematchButton = button(s['play-room-rematch'], function () { self.rematch(); });
      this.rematchButton.hidden = true;
      this.leaveButton = button(s['play-room-leave'], function () { self.leave(); });
      this.leaveButton.hidden = true;
    }
    root.appendChild(buttons);
    if (this.roomServer) this.buildRoomPanel(root, buttons);
    this.recordBox = el('textarea', { class: 'play-record', readonly: '', rows: '6', hidden: '', 'aria-label': s['play-copy'] });
    root.appendChild(this.recordBox);
    this.section.appendChild(root);
    this.layout();
  };

  // Puts the cells in display order, a row element per board row (rows
  // take no box, so the cells sit in the board's CSS grid): turned round
  // when the board is flipped.
  Board.prototype.layout = function () {
    var n = this.cells.length;
    if (!this.rowEls) {
      this.rowEls = [];
      for (var r = 0; r < this.rows; r++) {
        this.rowEls.push(this.grid.appendChild(el('div', { role: 'row', class: 'play-row' })));
      }
    }
    for (var i = 0; i < n; i++) {
      this.rowEls[Math.floor(i / this.cols)].appendChild(this.cells[this.flipped ? n - 1 - i : i]);
    }
  };

  Board.prototype.startEngine = function () {
    if (this.engine) this.engine.stop();
    this.engine = new Engine(this.data.assets, this.data.wasm);
    return this.engine;
  };

  Board.prototype.newGame = function () {
    var self = this;
    var engine = this.startEngine();
    this.games += 1;
    this.seed = this.games * 7919 + Math.floor(Math.random() * 100000);
    this.selected = null;
    this.last = null;
    this.thinking = false;
    this.recordBox.hidden = true;
    this.section.removeAttribute('data-outcome');
    this.section.setAttribute('data-turn', 'wait');
    engine.ready
      .then(function (answer) {
        if (!answer.ok) throw new Error(answer.error);
        return engine.ask({ op: 'new', request: { rules: self.data.rules, setup: self.data.setup } });
      })
      .then(function (state) {
        if (engine !== self.engine) return;
        if (!state.ok) throw new Error(state.error);
        self.update(state);
        self.announce('');
        self.next();
      })
      .catch(function (e) { self.fail(e); });
  };

  Board.prototype.fail = function (e) {
    this.status.textContent = fill(this.s['play-error'], { error: String(e && e.message || e) });
    this.section.setAttribute('data-error', '1');
  };

  Board.prototype.update = function (state) {
    this.state = state;
    if (state.played) this.last = state.played;
    this.render();
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
    this.section.setAttribute('data-turn', 'ai');
    this.announce(this.s['play-thinking'], true, true);
    this.render();
    engine.ask({ op: 'ai', level: this.level, seed: this.seed + state.ply }).then(function (answer) {
      if (engine !== self.engine) return;
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

  // The move as announced: tafl's without its capture marks, which the
  // announcement says in words.
  Board.prototype.moveName = function (p) {
    return p.notation.split('x')[0];
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
    this.status.textContent = prefix + text;
  };

  Board.prototype.movesFrom = function (cell) {
    if (!this.state || this.thinking || this.over() || this.state.to_move !== this.human) return [];
    if (this.mode === 'room' && this.connection !== 'open') return [];
    return this.state.moves.filter(function (m) { return m[0] === cell; }).map(function (m) { return m[m.length - 1]; });
  };

  Board.prototype.onCell = function (cell) {
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

  // Takes back the reader's last move and the AI's answer to it.
  Board.prototype.undo = function () {
    var self = this;
    var engine = this.engine;
    if (this.thinking || !this.state || this.state.ply === 0) return;
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
      var rules = self.data.rules;
      var header = self.data.replay_header || (self.data.replay_preset
        ? '# rulehub replay --rules ' + self.data.replay_preset + " --setup '" + rules.setup + "' --to-move " + rules.first_to_move + ' FILE\n'
        : '');
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

  // Draws a cell's piece; answers its name.
  Board.prototype.paint = function (c, letter) {
    var piece = PIECES[letter];
    c.toggle('play-attacker', letter === 'b');
    c.toggle('play-defender', letter === 'w');
    c.toggle('play-king', letter === 'K');
    return piece ? this.s['play-piece-' + piece] : this.s['play-empty'];
  };

  Board.prototype.render = function () {
    var state = this.state;
    if (!state) return;
    var targets = this.selected === null ? [] : this.movesFrom(this.selected);
    var movable = {};
    var self = this;
    var offline = this.mode === 'room' && this.connection !== 'open';
    if (!this.thinking && !offline && !this.over() && state.to_move === this.human) {
      state.moves.forEach(function (m) { movable[m[0]] = true; });
    }
    var captured = this.last ? this.last.captures : [];
    for (var i = 0; i < this.cells.length; i++) {
      var cell = this.cells[i];
      var c = cell.classList;
      var piece = this.paint(c, state.cells.charAt(i));
      c.toggle('play-movable', !!movable[i]);
      c.toggle('play-selected', this.selected === i);
      c.toggle('play-target', targets.indexOf(i) >= 0);
      c.toggle('play-from', !!this.last && this.last.from === i);
      c.toggle('play-to', !!this.last && this.last.to === i);
      c.toggle('play-captured', captured.indexOf(i) >= 0);
      cell.tabIndex = i === this.cursor ? 0 : -1;
      var label = this.squareName(i) + ', ' + piece;
      if (this.selected === i) label += ', ' + this.s['play-selected'];
      cell.setAttribute('aria-label', label);
      if (this.selected === i) cell.setAttribute('aria-selected', 'true');
      else cell.removeAttribute('aria-selected');
    }
    this.undoButton.disabled = this.thinking || state.ply === 0;
    this.section.setAttribute('data-ply', state.ply);
    self.grid.setAttribute('aria-busy', this.thinking ? 'true' : 'false');
  };

  // ---- Room mode -------------------------------------------------------

  // The room's panel: who plays what, the connection, the link to send.
  Board.prototype.buildRoomPanel = function (root, buttons) {
    var s = this.s;
    var self = this;
    var panel = el('div', { class: 'play-room', hidden: '' });
    this.roomWho = el('p', { class: 'play-room-who' });
    panel.appendChild(this.roomWho);
    // Its own polite live region: a lost connection is said once, not
    // mixed into the moves.
    this.roomConnection = el('p', { class: 'play-room-connection', role: 'status', 'aria-live': 'polite' });
    panel.appendChild(this.roomConnection);
    this.roomPresence = el('p', { class: 'play-room-presence' });
    panel.appendChild(this.roomPresence);
    var linkRow = el('div', { class: 'play-room-link', hidden: '' });
    var linkLabel = el('label', { for: 'play-room-link' }, s['play-room-link-label']);
    this.roomLink = el('input', { id: 'play-room-link', type: 'text', readonly: '', spellcheck: 'false' });
    this.roomLink.addEventListener('focus', function () { self.roomLink.select(); });
    var copyLink = el('button', { type: 'button' }, s['play-room-copy-link']);
    copyLink.addEventListener('click', function () { self.copyLink(); });
    this.copyLinkButton = copyLink;
    linkRow.appendChild(linkLabel);
    linkRow.appendChild(this.roomLink);
    linkRow.appendChild(copyLink);
    this.roomLinkRow = linkRow;
    panel.appendChild(linkRow);
    this.roomPanel = panel;
    root.insertBefore(panel, buttons);
  };

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
  // server relays it (tafl: `e1-e3`); a family's script replaces this with
  // its own notation (draughts.js).
  Board.prototype.moveCells = function (move) {
    var m = /^([a-z])(\d+)-([a-z])(\d+)/.exec(move);
    if (!m) return null;
    var self = this;
    var at = function (letter, number) {
      return (self.rows - Number(number)) * self.cols + (letter.charCodeAt(0) - 97);
    };
    return [at(m[1], m[2]), at(m[3], m[4])];
  };

  // The move the reader chose, as the room server reads it.
  Board.prototype.roomMove = function (from, to) {
    return this.squareName(from) + '-' + this.squareName(to);
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
    var s = this.s;
    var code = this.room;
    if (this.human) this.roomWho.textContent = fill(s['play-room-you-play'], { side: this.sideName(this.human), room: code });
    else if (this.state) this.roomWho.textContent = fill(s['play-room-watching'], { room: code });
    else this.roomWho.textContent = fill(s['play-room-joining'], { room: code });
    var presence = '';
    if (this.human && this.seats) {
      var other = this.seats.filter(function (seat) { return seat.side !== this.human; }, this)[0];
      if (other && !other.taken) presence = s['play-room-waiting'];
      else if (other && !other.connected) presence = s['play-room-friend-away'];
      else if (other) presence = s['play-room-friend-here'];
    }
    this.roomPresence.textContent = presence;
    // The link stays after the friend joined: whoever else opens it watches.
    this.roomLinkRow.hidden = false;
    this.rematchButton.hidden = !(this.human && this.over());
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

  function start(section) {
    var blob = section.querySelector('script.play-data');
    if (!blob || typeof Worker === 'undefined' || typeof WebAssembly === 'undefined') return;
    var data = JSON.parse(blob.textContent);
    var link = el('link', { rel: 'stylesheet', href: data.assets + 'play.css' });
    link.addEventListener('load', function () { section.hidden = false; });
    document.head.appendChild(link);
    var go = function () { section.rulehubBoard = new Board(section, data); };
    if (!data.family_script) return go();
    var script = el('script', { src: data.assets + data.family_script });
    script.addEventListener('load', go);
    document.head.appendChild(script);
  }

  window.RulehubBoard = { Board: Board, el: el, fill: fill };
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
})();
