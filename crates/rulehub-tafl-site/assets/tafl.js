// Tafl's module for the practice board (board.js imports it by the name
// the page's data-board gives): squares named by column letter and row,
// attackers, defenders and the king drawn by play.css's piece classes, and
// moves written as the record writes them (`e1-e3`, captures marked `x`).
// The engine beside it is tafl.wasm (crates/rulehub-tafl-wasm).
import { coordinate } from './view.js';

var PIECES = { b: 'attacker', w: 'defender', K: 'king' };

export function squareName(board, cell) {
  return coordinate(board, cell);
}

// The move as announced: without its capture marks, which the
// announcement says in words.
export function moveName(played) {
  return played.notation.split('x')[0];
}

// The cells a room's move visits, start first, from its name as the
// server relays it (`e1-e3`).
export function moveCells(board, move) {
  var m = /^([a-z])(\d+)-([a-z])(\d+)/.exec(move);
  if (!m) return null;
  var at = function (letter, number) {
    return (board.rows - Number(number)) * board.cols + (letter.charCodeAt(0) - 97);
  };
  return [at(m[1], m[2]), at(m[3], m[4])];
}

// The move the reader chose, as the room server reads it.
export function roomMove(board, from, to) {
  return squareName(board, from) + '-' + squareName(board, to);
}

// Draws a cell's piece; answers its name.
export function paint(board, c, letter) {
  var piece = PIECES[letter];
  c.toggle('play-attacker', letter === 'b');
  c.toggle('play-defender', letter === 'w');
  c.toggle('play-king', letter === 'K');
  return piece ? board.s['play-piece-' + piece] : board.s['play-empty'];
}

// The first line of a copied record: the `rulehub replay` command that
// checks it, when the page plays a preset's rules.
export function recordHeader(data) {
  var rules = data.rules;
  return data.replay_preset
    ? '# rulehub replay --rules ' + data.replay_preset + " --setup '" + rules.setup + "' --to-move " + rules.first_to_move + ' FILE\n'
    : '';
}
