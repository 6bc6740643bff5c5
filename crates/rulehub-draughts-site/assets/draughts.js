// Draughts' module for the practice board (board.js imports it by the name
// the page's data-board gives): dark squares numbered as players number
// them, men and kings (draughts.css), and the route of a capture chosen by
// clicking the squares it jumps through when two captures join the same
// squares. The engine beside it is draughts.wasm
// (crates/rulehub-draughts-wasm); moves are cell paths [from, landing…, to].
import { el, coordinate } from './view.js';

document.head.appendChild(el('link', { rel: 'stylesheet', href: new URL('draughts.css', import.meta.url).href }));

// Squares are named by number; a light square (never played on) by its
// column letter and row, which no move uses.
export function squareName(board, cell) {
  var n = board.data.numbers[cell];
  if (n) return String(n);
  return coordinate(board, cell);
}

// PDN names the whole capture (22x15x6): the route is part of the move.
export function moveName(played) {
  return played.notation;
}

// A room relays a move by its whole route (`22x15x6`, `11-15`).
export function moveCells(board, move) {
  var numbers = board.data.numbers;
  var cells = String(move).split(/[-x]/).map(function (text) {
    var n = Number(text);
    return n > 0 ? numbers.indexOf(n) : -1;
  });
  return cells.length >= 2 && cells.every(function (c) { return c >= 0; }) ? cells : null;
}

// The squares the reader chose: the route when one was picked, else its
// ends; the room takes the one legal move they name, capture or not.
export function roomMove(board, from, to, via) {
  var route = [from].concat(via || [], [to]).map(function (cell) { return squareName(board, cell); });
  return route.join(via && via.length ? 'x' : '-');
}

export function paint(board, c, letter) {
  c.toggle('play-light', letter === '-');
  c.toggle('play-white', letter === 'w' || letter === 'W');
  c.toggle('play-black', letter === 'b' || letter === 'B');
  c.toggle('play-crown', letter === 'W' || letter === 'B');
  if (letter === '-') return board.s['play-light-square'];
  if (letter === '.') return board.s['play-empty'];
  return board.s['play-piece-' + letter];
}

// Each dark square shows its number, as on a printed board.
export function built(board) {
  for (var i = 0; i < board.cells.length; i++) {
    var n = board.data.numbers[i];
    if (n) board.cells[i].appendChild(el('span', { class: 'play-n', 'aria-hidden': 'true' }, String(n)));
  }
}

// A new state ends any choice of route.
export function update(board) {
  board.route = null;
}

// The squares that tell the routes still open apart: each lies on some
// of them but not on all.
function routeCells(routes) {
  var count = {};
  routes.forEach(function (path) {
    path.slice(1, -1).forEach(function (cell) { count[cell] = (count[cell] || 0) + 1; });
  });
  return Object.keys(count).filter(function (cell) { return count[cell] < routes.length; }).map(Number);
}

// A click while a route is being chosen, or on a square two captures
// reach: answers true when it was this module's to handle.
export function click(board, cell) {
  var routes = board.route;
  if (routes) {
    board.cursor = cell;
    var left = routeCells(routes).indexOf(cell) >= 0
      ? routes.filter(function (path) { return path.slice(1, -1).indexOf(cell) >= 0; })
      : [];
    board.route = left.length > 1 ? left : null;
    if (left.length === 1) {
      var path = left[0];
      board.play(path[0], path[path.length - 1], path.slice(1, -1));
    } else if (!left.length) {
      board.selected = null;
    }
    board.render();
    return true;
  }
  var from = board.selected;
  if (from !== null && board.movesFrom(from).indexOf(cell) >= 0) {
    var joined = board.state.moves.filter(function (m) { return m[0] === from && m[m.length - 1] === cell; });
    if (joined.length > 1) {
      board.cursor = cell;
      board.route = joined;
      board.status.textContent = board.s['play-choose-route'];
      board.render();
      return true;
    }
  }
  return false;
}

// Escape also drops a route being chosen.
export function key(board, event) {
  if (event.key === 'Escape' && board.route) {
    board.route = null;
    board.selected = null;
  }
}

// Marks the squares that tell the open routes apart, and the last move's
// whole route.
export function rendered(board) {
  var via = board.route ? routeCells(board.route) : [];
  var path = board.last && board.last.path ? board.last.path : [];
  for (var i = 0; i < board.cells.length; i++) {
    var cell = board.cells[i];
    cell.classList.toggle('play-via', via.indexOf(i) >= 0);
    cell.classList.toggle('play-path', path.indexOf(i) >= 0);
    if (via.indexOf(i) >= 0) cell.setAttribute('aria-label', cell.getAttribute('aria-label') + ', ' + board.s['play-via']);
  }
  board.section.setAttribute('data-route', via.join(' '));
}
