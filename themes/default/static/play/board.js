// The practice board on a variant page: play the page's rules against the
// engine's AI, which runs in a Web Worker (worker.js). The page's
// <section class="play"> holds the resolved rules and every sentence, in the
// page's language, as JSON; without JavaScript the section stays hidden.
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
  function Engine(assets) {
    var self = this;
    this.worker = new Worker(assets + 'worker.js');
    this.next = 1;
    this.waiting = {};
    this.worker.onmessage = function (event) {
      var resolve = self.waiting[event.data.id];
      delete self.waiting[event.data.id];
      if (resolve) resolve(event.data.answer);
    };
    this.ready = this.ask({ op: 'init', wasm: new URL(assets + 'engine.wasm', document.baseURI).href });
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

  function Board(section, data) {
    this.section = section;
    this.data = data;
    this.s = data.strings;
    this.rows = data.rules.dims.rows;
    this.cols = data.rules.dims.cols;
    this.human = data.rules.first_to_move;
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
    this.newGame();
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
    root.appendChild(el('p', {}, s['play-intro']));

    var controls = el('div', { class: 'play-controls' });
    var sideLabel = el('label', {}, s['play-you-play'] + ' ');
    this.sideSelect = el('select', { name: 'side' });
    ['attackers', 'defenders'].forEach(function (side) {
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
    root.appendChild(buttons);
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
    this.engine = new Engine(this.data.assets);
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
        return engine.ask({ op: 'new', request: { rules: self.data.rules } });
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
    return this.state && this.state.outcome.result !== 'ongoing';
  };

  // Whose turn it is decides what happens next: the AI moves, or the reader.
  Board.prototype.next = function () {
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

  Board.prototype.announceMove = function (state) {
    var p = state.played;
    var mover = state.to_move === 'attackers' ? 'defenders' : 'attackers';
    var text = fill(this.s['play-moved'], { side: this.sideName(mover), move: p.notation.split('x')[0] });
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
    return this.state.moves.filter(function (m) { return m[0] === cell; }).map(function (m) { return m[1]; });
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

  Board.prototype.play = function (from, to) {
    var self = this;
    var engine = this.engine;
    this.selected = null;
    this.thinking = true;
    this.section.setAttribute('data-turn', 'wait');
    engine.ask({ op: 'play', from: from, to: to }).then(function (answer) {
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
      var header = self.data.replay_preset
        ? '# rulehub replay --rules ' + self.data.replay_preset + " --setup '" + rules.setup + "' --to-move " + rules.first_to_move + ' FILE\n'
        : '';
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

  Board.prototype.render = function () {
    var state = this.state;
    if (!state) return;
    var targets = this.selected === null ? [] : this.movesFrom(this.selected);
    var movable = {};
    var self = this;
    if (!this.thinking && !this.over() && state.to_move === this.human) {
      state.moves.forEach(function (m) { movable[m[0]] = true; });
    }
    var captured = this.last ? this.last.captures : [];
    for (var i = 0; i < this.cells.length; i++) {
      var cell = this.cells[i];
      var letter = state.cells.charAt(i);
      var piece = PIECES[letter];
      var c = cell.classList;
      c.toggle('play-attacker', letter === 'b');
      c.toggle('play-defender', letter === 'w');
      c.toggle('play-king', letter === 'K');
      c.toggle('play-movable', !!movable[i]);
      c.toggle('play-selected', this.selected === i);
      c.toggle('play-target', targets.indexOf(i) >= 0);
      c.toggle('play-from', !!this.last && this.last.from === i);
      c.toggle('play-to', !!this.last && this.last.to === i);
      c.toggle('play-captured', captured.indexOf(i) >= 0);
      cell.tabIndex = i === this.cursor ? 0 : -1;
      var label = this.squareName(i) + ', ' + (piece ? this.s['play-piece-' + piece] : this.s['play-empty']);
      if (this.selected === i) label += ', ' + this.s['play-selected'];
      cell.setAttribute('aria-label', label);
      if (this.selected === i) cell.setAttribute('aria-selected', 'true');
      else cell.removeAttribute('aria-selected');
    }
    this.undoButton.disabled = this.thinking || state.ply === 0;
    this.section.setAttribute('data-ply', state.ply);
    self.grid.setAttribute('aria-busy', this.thinking ? 'true' : 'false');
  };

  function start(section) {
    var blob = section.querySelector('script.play-data');
    if (!blob || typeof Worker === 'undefined' || typeof WebAssembly === 'undefined') return;
    var data = JSON.parse(blob.textContent);
    var link = el('link', { rel: 'stylesheet', href: data.assets + 'play.css' });
    link.addEventListener('load', function () { section.hidden = false; });
    document.head.appendChild(link);
    section.rulehubBoard = new Board(section, data);
  }

  Array.prototype.forEach.call(document.querySelectorAll('section.play'), start);
})();
