// The practice board's draughts part, loaded by board.js when the page's
// data names it (family_script): the same Board with draughts drawn on it —
// dark squares numbered as players number them, men and kings, and the
// route of a capture chosen by clicking the squares it jumps through when
// two captures join the same squares. The engine is draughts.wasm; moves
// are cell paths [from, landing…, to].
(function () {
  'use strict';
  var api = window.RulehubBoard;
  var Board = api.Board;
  var proto = Board.prototype;
  var base = { build: proto.build, render: proto.render, onCell: proto.onCell, onKey: proto.onKey, update: proto.update };

  var link = api.el('link', { rel: 'stylesheet', href: document.currentScript.src.replace(/js$/, 'css') });
  document.head.appendChild(link);

  // Squares are named by number; a light square (never played on) by its
  // column letter and row, which no move uses.
  proto.squareName = function (cell) {
    var n = this.data.numbers[cell];
    if (n) return String(n);
    return String.fromCharCode(97 + cell % this.cols) + (this.rows - Math.floor(cell / this.cols));
  };

  // PDN names the whole capture (22x15x6): the route is part of the move.
  proto.moveName = function (p) {
    return p.notation;
  };

  // A room relays a move by its whole route (`22x15x6`, `11-15`).
  proto.moveCells = function (move) {
    var numbers = this.data.numbers;
    var cells = String(move).split(/[-x]/).map(function (text) {
      var n = Number(text);
      return n > 0 ? numbers.indexOf(n) : -1;
    });
    return cells.length >= 2 && cells.every(function (c) { return c >= 0; }) ? cells : null;
  };

  // The squares the reader chose: the route when one was picked, else its
  // ends; the room takes the one legal move they name, capture or not.
  proto.roomMove = function (from, to, via) {
    var route = [from].concat(via || [], [to]).map(this.squareName, this);
    return route.join(via && via.length ? 'x' : '-');
  };

  proto.paint = function (c, letter) {
    c.toggle('play-light', letter === '-');
    c.toggle('play-white', letter === 'w' || letter === 'W');
    c.toggle('play-black', letter === 'b' || letter === 'B');
    c.toggle('play-crown', letter === 'W' || letter === 'B');
    if (letter === '-') return this.s['play-light-square'];
    if (letter === '.') return this.s['play-empty'];
    return this.s['play-piece-' + letter];
  };

  proto.build = function () {
    base.build.call(this);
    for (var i = 0; i < this.cells.length; i++) {
      var n = this.data.numbers[i];
      if (n) this.cells[i].appendChild(api.el('span', { class: 'play-n', 'aria-hidden': 'true' }, String(n)));
    }
  };

  // A new state ends any choice of route.
  proto.update = function (state) {
    this.route = null;
    base.update.call(this, state);
  };

  // The squares that tell the routes still open apart: each lies on some
  // of them but not on all.
  function routeCells(routes) {
    var count = {};
    routes.forEach(function (path) {
      path.slice(1, -1).forEach(function (cell) { count[cell] = (count[cell] || 0) + 1; });
    });
    return Object.keys(count).filter(function (cell) { return count[cell] < routes.length; }).map(Number);
  }

  proto.onCell = function (cell) {
    var routes = this.route;
    if (routes) {
      this.cursor = cell;
      var left = routeCells(routes).indexOf(cell) >= 0
        ? routes.filter(function (path) { return path.slice(1, -1).indexOf(cell) >= 0; })
        : [];
      this.route = left.length > 1 ? left : null;
      if (left.length === 1) {
        var path = left[0];
        this.play(path[0], path[path.length - 1], path.slice(1, -1));
      } else if (!left.length) {
        this.selected = null;
      }
      return this.render();
    }
    var from = this.selected;
    if (from !== null && this.movesFrom(from).indexOf(cell) >= 0) {
      var joined = this.state.moves.filter(function (m) { return m[0] === from && m[m.length - 1] === cell; });
      if (joined.length > 1) {
        this.cursor = cell;
        this.route = joined;
        this.status.textContent = this.s['play-choose-route'];
        return this.render();
      }
    }
    base.onCell.call(this, cell);
  };

  proto.onKey = function (event) {
    if (event.key === 'Escape' && this.route) {
      this.route = null;
      this.selected = null;
    }
    base.onKey.call(this, event);
  };

  proto.render = function () {
    base.render.call(this);
    if (!this.state) return;
    var via = this.route ? routeCells(this.route) : [];
    var path = this.last && this.last.path ? this.last.path : [];
    for (var i = 0; i < this.cells.length; i++) {
      var cell = this.cells[i];
      cell.classList.toggle('play-via', via.indexOf(i) >= 0);
      cell.classList.toggle('play-path', path.indexOf(i) >= 0);
      if (via.indexOf(i) >= 0) cell.setAttribute('aria-label', cell.getAttribute('aria-label') + ', ' + this.s['play-via']);
    }
    this.section.setAttribute('data-route', via.join(' '));
  };
})();
