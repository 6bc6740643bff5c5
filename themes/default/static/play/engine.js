// The practice board's engine: loads a family's WebAssembly module (each
// built from its crates/rulehub-<family>-wasm, all with the exports of
// crates/rulehub-play) and wraps those plain exports. Requests go through
// the module's own input buffer, answers come back as JSON text from its
// output buffer.
// An ES module with no imports: the worker (worker.js) imports it, and
// Node can too (benches/wasm/nodes.js).
var encoder = new TextEncoder();
var decoder = new TextDecoder();

function Engine(instance) {
  this.x = instance.exports;
}
Engine.prototype.answer = function (len) {
  var bytes = new Uint8Array(this.x.memory.buffer, this.x.rh_output(), len);
  return JSON.parse(decoder.decode(bytes));
};
Engine.prototype.input = function (text) {
  var bytes = encoder.encode(text);
  var ptr = this.x.rh_input(bytes.length);
  if (!ptr && bytes.length) throw new Error('request too large: ' + bytes.length + ' bytes');
  new Uint8Array(this.x.memory.buffer, ptr, bytes.length).set(bytes);
};
// request: {rules, setup?, to_move?}; answers the state with its handle.
Engine.prototype.newGame = function (request) {
  this.input(JSON.stringify(request));
  return this.answer(this.x.rh_new_game());
};
Engine.prototype.freeGame = function (h) { return this.answer(this.x.rh_free_game(h)); };
Engine.prototype.state = function (h) { return this.answer(this.x.rh_state(h)); };
// via: a capture's landing cells between, for a family whose moves pass squares.
Engine.prototype.play = function (h, from, to, via) {
  this.input(via ? JSON.stringify(via) : '');
  return this.answer(this.x.rh_play(h, from, to));
};
Engine.prototype.undo = function (h) { return this.answer(this.x.rh_undo(h)); };
Engine.prototype.record = function (h) { return this.answer(this.x.rh_record(h)); };
// The AI's move (not played). seed: an integer below 2^53; nodes: 0 for the level's own budget.
Engine.prototype.aiMove = function (h, level, seed, nodes) {
  this.input(level);
  var high = Math.floor(seed / 4294967296) >>> 0;
  var low = seed >>> 0;
  return this.answer(this.x.rh_ai_move(h, high, low, nodes >>> 0));
};

// bytes: an ArrayBuffer or typed array holding the module.
export function load(bytes) {
  // The module's one import is the clock the AI keeps a level's reply time by.
  var imports = { env: { rh_now_ms: function () { return performance.now(); } } };
  return WebAssembly.instantiate(bytes, imports).then(function (r) {
    return new Engine(r.instance);
  });
}
