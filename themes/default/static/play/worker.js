// The practice board's engine thread, a module worker: the WebAssembly
// engine and its AI run here, so the page never waits on a search.
// Messages in: {id, op, ...}; out: {id, answer}. The first message,
// {op:'init', wasm}, loads the module from that URL.
import { load } from './engine.js';

var engine = null;
var handle = null;

function run(msg) {
  switch (msg.op) {
    case 'play':
      return engine.play(handle, msg.from, msg.to, msg.via);
    case 'replay':
      // A game from its start position and moves: a new practice game
      // (no moves), or a room's game as the server sent it: a new game on the room's
      // rules (and start position), then every move (the cells it visits,
      // start first); answers the last state, with the start position and
      // each move's position after it (`start`, `steps`) for the move list.
      // A kept practice game comes back the same way.
      if (handle !== null) engine.freeGame(handle);
      var replayed = engine.newGame({ rules: msg.rules, setup: msg.setup });
      handle = replayed.ok ? replayed.handle : null;
      var start = replayed.ok ? { cells: replayed.cells, to_move: replayed.to_move, ply: replayed.ply } : null;
      var steps = [];
      for (var i = 0; replayed.ok && i < msg.moves.length; i++) {
        var path = msg.moves[i] || [];
        var via = path.length > 2 ? path.slice(1, -1) : undefined;
        replayed = engine.play(handle, path[0], path[path.length - 1], via);
        if (replayed.ok) steps.push({ played: replayed.played, cells: replayed.cells, to_move: replayed.to_move });
      }
      if (replayed.ok) {
        replayed.start = start;
        replayed.steps = steps;
      }
      return replayed;
    case 'undo':
      return engine.undo(handle);
    case 'record':
      return engine.record(handle);
    case 'hint':
      // The AI's move for the reader (not played), with its verdict.
      return engine.aiMove(handle, msg.level, msg.seed, 0);
    case 'ai':
      // Search, then play the answer, so the board gets one state back.
      var t0 = performance.now();
      var choice = engine.aiMove(handle, msg.level, msg.seed, 0);
      var ms = performance.now() - t0;
      if (!choice.ok) return choice;
      var played = engine.play(handle, choice.from, choice.to, choice.via);
      played.ai = { nodes: choice.nodes, depth: choice.depth, score: choice.score, ms: ms };
      return played;
    default:
      return { ok: false, error: 'unknown request ' + msg.op };
  }
}

var ready = null;
self.onmessage = function (event) {
  var msg = event.data;
  if (msg.op === 'init') {
    ready = fetch(msg.wasm)
      .then(function (r) {
        if (!r.ok) throw new Error(msg.wasm + ': HTTP ' + r.status);
        return r.arrayBuffer();
      })
      .then(load)
      .then(function (e) { engine = e; });
    ready.then(
      function () { self.postMessage({ id: msg.id, answer: { ok: true } }); },
      function (e) { self.postMessage({ id: msg.id, answer: { ok: false, error: String(e && e.message || e) } }); }
    );
    return;
  }
  ready.then(function () {
    var answer;
    try {
      answer = run(msg);
    } catch (e) {
      answer = { ok: false, error: String(e && e.message || e) };
    }
    self.postMessage({ id: msg.id, answer: answer });
  });
};
