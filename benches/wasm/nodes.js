// AI speed of the practice board's WebAssembly in Node (V8, as in Chromium):
//   cargo run -q -p rulehub-tafl-wasm --example tafl_preset_json -- copenhagen > /tmp/r.json
//   node benches/wasm/nodes.js /tmp/r.json [level] [wasm]
// prints nodes, depth, ms and nodes/s of the AI's first move; compare with
// `rulehub ai --rules copenhagen --level normal`.
'use strict';
const fs = require('fs');
const path = require('path');
// engine.js is an ES module with no imports (the board's worker imports
// it): loaded from its text, whatever the package type around it.
const engineSource = fs.readFileSync(path.join(__dirname, '../../themes/default/static/play/engine.js'));
const [rulesFile, level = 'normal', wasm = path.join(__dirname, '../../crates/rulehub-tafl-site/assets/tafl.wasm')] = process.argv.slice(2);
import('data:text/javascript;base64,' + engineSource.toString('base64')).then((engineJs) => engineJs.load(fs.readFileSync(wasm))).then((engine) => {
  const state = engine.newGame(JSON.parse(fs.readFileSync(rulesFile, 'utf8')));
  if (!state.ok) throw new Error(state.error);
  engine.aiMove(state.handle, level, 0, 0); // warm up the JIT
  const runs = 5;
  let best = Infinity;
  let answer;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    answer = engine.aiMove(state.handle, level, 0, 0);
    best = Math.min(best, performance.now() - t0);
  }
  console.log(`move ${answer.move}, depth ${answer.depth}, nodes ${answer.nodes}, ${best.toFixed(1)} ms (best of ${runs}), ${Math.round(answer.nodes / best * 1000)} nodes/s`);
});
