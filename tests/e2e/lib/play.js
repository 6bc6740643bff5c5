'use strict';
// The practice board in headless Chromium: on every variant page (default
// language) the reader plays random legal moves against the AI, by clicking
// and by drag and drop in turn, as a reader does, until the game ends; the game is exported with "Copy
// game" and replayed by `rulehub replay`; one page is played by keyboard
// only. The longest main-thread task after the board started is recorded
// (PerformanceObserver "longtask") and must stay within 50 ms; the AI's
// nodes/s in the worker is reported. Every family is played the same way
// (tafl and draughts); a draughts capture whose route must be named is
// finished by clicking the marked squares it jumps through.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const MAX_PLIES = 400; // a random reader against the AI ends far sooner
const LONG_TASK_MS = 50;
// The hard level's promise to the reader (Level::reply_time_ms, 2.5 s, and
// the move's own play and messages): no reply over 3 s.
const HARD_REPLY_MS = 3000;
const HARD_REPLIES = 3;
const RULEHUB = process.env.RULEHUB_BIN || path.join(__dirname, '../../../target/release/rulehub');

// Records every long task from the moment the board asks for it.
const OBSERVER = `
  window.__longest = 0;
  window.__longestThinking = 0;
  window.__longTasks = 0;
  window.__watch = false;
  try {
    new PerformanceObserver((list) => {
      if (!window.__watch) return;
      const s = document.querySelector('section.play');
      const thinking = s && s.dataset.turn === 'ai';
      for (const e of list.getEntries()) {
        window.__longTasks++;
        window.__longest = Math.max(window.__longest, e.duration);
        if (thinking) window.__longestThinking = Math.max(window.__longestThinking, e.duration);
      }
    }).observe({ type: 'longtask', buffered: false });
  } catch (e) {}
`;

async function waitForTurn(page) {
  await page.waitForFunction(() => {
    const s = document.querySelector('section.play');
    return s && (s.dataset.outcome || s.dataset.error || s.dataset.turn === 'human');
  }, null, { timeout: 30000 });
  return page.evaluate(() => {
    const s = document.querySelector('section.play');
    return { outcome: s.dataset.outcome, error: s.dataset.error ? s.querySelector('.play-status').textContent : null, ply: Number(s.dataset.ply) };
  });
}

async function aiStats(page) {
  return page.evaluate(() => window.__ai || { nodes: 0, ms: 0 });
}

// Plays one game by clicking; returns { problems, plies, outcome, record, longest, nodes, ms }.
async function playGame(context, url, side) {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  await page.addInitScript({ content: OBSERVER });
  // Each game starts afresh: the page keeps a game across reloads (checked
  // by lineGame), and this context played the page's other side before.
  await page.addInitScript({ content: 'try { localStorage.clear(); } catch (e) {}' });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('section.play:not([hidden])', { timeout: 10000 });
  // Every special square the rules name (the board data's `special`:
  // throne, corners, camps, escape squares) is painted in its palette
  // colour (--play-camp for .play-camp), whatever its checker colour.
  problems.push(...(await page.evaluate(() => {
    const board = document.querySelector('.play-board');
    if (!board) return ['no .play-board'];
    const data = JSON.parse(document.querySelector('script.play-data').textContent);
    const kinds = new Set((data.special || []).map(([kind]) => `play-${kind}`));
    const probe = document.createElement('span');
    probe.hidden = true;
    board.appendChild(probe);
    const out = [];
    for (const cell of board.querySelectorAll('.play-cell')) {
      for (const kind of cell.classList) {
        if (!kinds.has(kind)) continue;
        probe.style.backgroundColor = `var(--${kind})`;
        const want = getComputedStyle(probe).backgroundColor;
        const got = getComputedStyle(cell).backgroundColor;
        if (got !== want) out.push(`a ${kind.slice(5)} square (${cell.getAttribute('aria-label') || '?'}) is painted ${got}, not ${want}`);
      }
    }
    probe.remove();
    return out.slice(0, 5);
  })));
  // Sum the AI's nodes and time as the section reports them after each move.
  await page.evaluate(() => {
    window.__ai = { nodes: 0, ms: 0, moves: 0 };
    const s = document.querySelector('section.play');
    new MutationObserver(() => {
      if (s.dataset.aiMs && s.dataset.aiMs !== window.__lastMs + '|' + s.dataset.ply) {
        window.__lastMs = s.dataset.aiMs + '|' + s.dataset.ply;
        window.__ai.nodes += Number(s.dataset.aiNodes);
        window.__ai.ms += Number(s.dataset.aiMs);
        window.__ai.moves += 1;
      }
    }).observe(s, { attributes: true, attributeFilter: ['data-ai-ms'] });
  });
  if (side) await page.selectOption('section.play select[name=side]', side);
  await page.evaluate(() => { window.__watch = true; });
  let state = await waitForTurn(page);
  let readerMoves = 0;
  while (!state.outcome && !state.error && state.ply < MAX_PLIES) {
    const pieces = page.locator('.play-movable');
    const n = await pieces.count();
    if (!n) { problems.push(`ply ${state.ply}: the reader's turn but no piece can move`); break; }
    // Every other move is dragged and dropped, the rest clicked.
    const byDrag = readerMoves++ % 2 === 1;
    const piece = pieces.nth(Math.floor(Math.random() * n));
    const centre = async (locator) => {
      const box = await locator.boundingBox();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    if (byDrag) {
      // The mouse goes where it is told, scrolled into view or not: show
      // the whole board (it fits the viewport) before pressing.
      await page.locator('.play-board').scrollIntoViewIfNeeded();
      const from = await centre(piece);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + 12, from.y + 12, { steps: 2 });
    } else {
      await piece.click();
    }
    const targets = page.locator('.play-target');
    const t = await targets.count();
    if (!t) { problems.push(`ply ${state.ply}: a ${byDrag ? 'carried' : 'movable'} piece shows no destination`); break; }
    const target = targets.nth(Math.floor(Math.random() * t));
    if (byDrag) {
      const to = await centre(target);
      await page.mouse.move(to.x, to.y, { steps: 4 });
      await page.mouse.up();
      if (await page.locator('.play-ghost').count()) problems.push(`ply ${state.ply}: the carried piece stays after the drop`);
    } else {
      await target.click();
    }
    // Two captures joining the same squares: pick the route.
    for (let k = 0; k < 20; k++) {
      const via = page.locator('.play-via');
      const v = await via.count();
      if (!v) break;
      await via.nth(Math.floor(Math.random() * v)).click();
    }
    state = await waitForTurn(page);
  }
  if (state.error) problems.push(`board error: ${state.error}`);
  if (!state.outcome && !state.error) problems.push(`no result after ${state.ply} plies`);
  const longest = await page.evaluate(() => window.__longest);
  const longestThinking = await page.evaluate(() => window.__longestThinking);
  const ai = await aiStats(page);
  await page.click('section.play button:has-text("Copy game")');
  await page.waitForFunction(() => { const r = document.querySelector('.play-record'); return r && !r.hidden && r.value; });
  const record = await page.$eval('.play-record', (r) => r.value);
  const status = await page.$eval('.play-status', (s) => s.textContent);
  await page.close();
  return { problems, plies: state.ply, outcome: state.outcome, record, longest, longestThinking, ai, status };
}

// `rulehub replay` with the command the record's first line names: tafl's
// (`# …`, with the side to move) or draughts' (a PDN comment `; …`, whose
// FEN names the side to move).
function replay(record) {
  const first = record.split('\n')[0];
  const m = /^# rulehub replay --rules (\S+) --setup '([^']+)' --to-move (\w+) FILE$/.exec(first)
    || /^; rulehub replay --rules (\S+) --setup '([^']+)' FILE$/.exec(first);
  if (!m) return [`the record names no replay command (custom rules?): ${first}`];
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rulehub-play-')), 'game.txt');
  fs.writeFileSync(file, record);
  const args = ['replay', '--rules', m[1], '--setup', m[2]];
  if (m[3]) args.push('--to-move', m[3]);
  try {
    execFileSync(RULEHUB, [...args, file], { stdio: 'pipe' });
    return [];
  } catch (e) {
    return [`rulehub replay failed (exit ${e.status}): ${String(e.stderr || e.stdout).trim().split('\n').slice(-2).join(' ')}`];
  }
}

// Keyboard only: move the cursor with arrows to a movable piece, Enter,
// then to one of its destinations, Enter; the move must be played and
// announced in the live region.
async function keyboardGame(context, url) {
  const page = await context.newPage();
  const problems = [];
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('section.play:not([hidden])', { timeout: 10000 });
  for (let move = 0; move < 3; move++) {
    const state = await waitForTurn(page);
    if (state.outcome) break;
    const before = state.ply;
    // Reach the board by Tab, as a keyboard user does.
    let onBoard = await page.evaluate(() => document.activeElement && document.activeElement.classList.contains('play-cell'));
    for (let i = 0; i < 40 && !onBoard; i++) {
      await page.keyboard.press('Tab');
      onBoard = await page.evaluate(() => document.activeElement && document.activeElement.classList.contains('play-cell'));
    }
    if (!onBoard) { problems.push('Tab never reaches the board'); break; }
    const plan = await page.evaluate(() => {
      const cells = [...document.querySelectorAll('.play-cell')];
      const squares = cells.map((c) => c.dataset.square);
      const from = document.querySelector('.play-movable');
      return { cursor: document.activeElement.dataset.square, from: from.dataset.square, squares };
    });
    // Arrows by where the cells are shown (squares are named by letter
    // and number in tafl, by number in draughts).
    const go = async (to) => {
      const at = await page.evaluate((square) => {
        const cells = [...document.querySelectorAll('.play-cell')];
        const cols = cells.length / document.querySelectorAll('.play-row').length;
        const a = cells.indexOf(document.activeElement);
        const b = cells.findIndex((c) => c.dataset.square === square);
        return { rows: Math.floor(b / cols) - Math.floor(a / cols), cols: (b % cols) - (a % cols) };
      }, to);
      for (let i = 0; i < Math.abs(at.cols); i++) await page.keyboard.press(at.cols > 0 ? 'ArrowRight' : 'ArrowLeft');
      for (let i = 0; i < Math.abs(at.rows); i++) await page.keyboard.press(at.rows > 0 ? 'ArrowDown' : 'ArrowUp');
    };
    await go(plan.from);
    await page.keyboard.press('Enter');
    const target = await page.evaluate(() => { const t = document.querySelector('.play-target'); return t && t.dataset.square; });
    if (!target) { problems.push(`Enter on ${plan.from} shows no destination`); break; }
    await go(target);
    await page.keyboard.press('Enter');
    for (let k = 0; k < 20; k++) {
      const via = await page.evaluate(() => { const v = document.querySelector('.play-via'); return v && v.dataset.square; });
      if (!via) break;
      await go(via);
      await page.keyboard.press('Enter');
    }
    const after = await waitForTurn(page);
    if (after.ply <= before) problems.push(`keyboard move ${plan.from}-${target} was not played`);
    const said = await page.$eval('.play-status', (s) => s.textContent);
    // A step (d1-d3, 11-15) or a capture with its landings (22x15, 22x15x8).
    if (!new RegExp(`\\b${plan.from}[-x](?:\\w+x)*${target}\\b`).test(said)) problems.push(`the live region did not announce ${plan.from}-${target}: "${said}"`);
  }
  await page.close();
  return problems;
}

// What the board shows: each cell's spoken label (square and piece).
function boardLabels(page) {
  return page.$$eval('.play-cell', (cells) => cells.map((c) => c.getAttribute('aria-label')).join('|'));
}

function moveList(page) {
  return page.$$eval('.play-moves .play-move', (buttons) => buttons.map((b) => b.textContent));
}

// The letters below the board and the numbers beside it: one a column
// and one a row, each beside its own cells (the cell at the bottom left,
// as shown, is named by the first letter and the last number where the
// family names squares by coordinates), and in line with them on screen.
function coordinatesOf(page) {
  return page.evaluate(() => {
    const out = [];
    const rows = [...document.querySelectorAll('.play-row')];
    const files = [...document.querySelectorAll('.play-files span')];
    const ranks = [...document.querySelectorAll('.play-ranks span')];
    const cols = rows.length ? rows[0].children.length : 0;
    if (files.length !== cols || ranks.length !== rows.length) {
      return [`${files.length} letters and ${ranks.length} numbers around a board of ${cols}×${rows.length}`];
    }
    const bottomLeft = rows[rows.length - 1].children[0];
    const name = bottomLeft.dataset.square;
    if (/^[a-z]+\d+$/.test(name) && name !== files[0].textContent + ranks[ranks.length - 1].textContent) {
      out.push(`the bottom left square is ${name}, labelled ${files[0].textContent}${ranks[ranks.length - 1].textContent}`);
    }
    const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    const a = centre(files[0].getBoundingClientRect());
    const b = bottomLeft.getBoundingClientRect();
    if (Math.abs(a.x - centre(b).x) > b.width / 4) out.push('the first letter is not below its column');
    const r = centre(ranks[0].getBoundingClientRect());
    const top = rows[0].children[0].getBoundingClientRect();
    if (Math.abs(r.y - centre(top).y) > top.height / 4) out.push('the first number is not beside its row');
    return out;
  });
}

// One random legal move by clicking, as playGame plays them.
async function clickMove(page) {
  const pieces = page.locator('.play-movable');
  await pieces.nth(Math.floor(Math.random() * (await pieces.count()))).click();
  const targets = page.locator('.play-target');
  await targets.nth(Math.floor(Math.random() * (await targets.count()))).click();
  for (let k = 0; k < 20; k++) {
    const via = page.locator('.play-via');
    const v = await via.count();
    if (!v) break;
    await via.nth(Math.floor(Math.random() * v)).click();
  }
}

// The game's line: the move list grows with the game and shows earlier
// positions; the game survives a reload; Hint draws the engine's move and
// says what it thinks; Take back stops the AI while it
// thinks (the wait shown as a progress bar); New game starts over, also
// after a reload.
async function lineGame(context, url) {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.addInitScript({ content: 'if (!sessionStorage.started) { sessionStorage.started = 1; localStorage.clear(); }' });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('section.play:not([hidden])', { timeout: 10000 });
  let state = await waitForTurn(page);
  problems.push(...(await coordinatesOf(page)));
  await page.click('section.play button:has-text("Turn the board")');
  problems.push(...(await coordinatesOf(page)).map((p) => `flipped: ${p}`));
  await page.click('section.play button:has-text("Turn the board")');
  // A piece dropped off the board goes back where it stood.
  await page.locator('.play-board').scrollIntoViewIfNeeded();
  const before = await boardLabels(page);
  const box = await page.locator('.play-movable').first().boundingBox();
  if (box) {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width, box.y + box.height, { steps: 3 });
    if (!(await page.locator('.play-ghost').count())) problems.push('a dragged piece does not follow the pointer');
    await page.mouse.move(2, 2, { steps: 3 });
    await page.mouse.up();
    const after = await waitForTurn(page);
    if (after.ply !== state.ply || (await boardLabels(page)) !== before || (await page.locator('.play-ghost').count())) {
      problems.push('a piece dropped off the board does not go back');
    }
  }
  for (let i = 0; i < 2 && !state.outcome; i++) {
    await clickMove(page);
    state = await waitForTurn(page);
  }
  const played = await moveList(page);
  if (played.length !== state.ply) problems.push(`after ${state.ply} plies the move list holds ${played.length} moves`);
  const live = await boardLabels(page);
  // The first move in the list shows the position after it.
  await page.click('.play-moves .play-move >> nth=0');
  const viewing = await page.$eval('section.play', (s) => s.dataset.viewing);
  if (viewing !== '1') problems.push(`clicking the first move shows ${viewing === undefined ? 'the game' : 'move ' + viewing}`);
  if ((await boardLabels(page)) === live) problems.push('the position after the first move looks like the last one');
  if (await page.locator('.play-movable').count()) problems.push('an earlier position offers moves');
  await page.keyboard.press('End');
  if ((await page.$eval('section.play', (s) => s.dataset.viewing)) !== undefined || (await boardLabels(page)) !== live) {
    problems.push('End does not show the game again');
  }
  // A reload keeps the game.
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('section.play:not([hidden])', { timeout: 10000 });
  const again = await waitForTurn(page);
  if (again.ply !== state.ply) problems.push(`after a reload the game is at ply ${again.ply}, not ${state.ply}`);
  if ((await boardLabels(page)) !== live) problems.push('after a reload the board shows another position');
  if (JSON.stringify(await moveList(page)) !== JSON.stringify(played)) problems.push(`after a reload the move list is ${JSON.stringify(await moveList(page))}, not ${JSON.stringify(played)}`);
  // A hint: the engine's move as an arrow from a piece the reader can move,
  // and its verdict in words; gone once a move is played.
  if (!again.outcome) {
    const said = await page.$eval('.play-status', (s) => s.textContent);
    await page.click('section.play button:has-text("Hint")');
    await page.locator('.play-board').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('section.play').dataset.hint, null, { timeout: 10000 });
    const hint = await page.evaluate(() => {
      const line = document.querySelector('.play-arrow polyline');
      if (!line) return null;
      const [x, y] = line.getAttribute('points').split(' ')[0].split(',').map(Number);
      const box = document.querySelector('.play-arrow').getBoundingClientRect();
      const cols = document.querySelector('.play-row').children.length;
      const rows = document.querySelectorAll('.play-row').length;
      const at = document.elementFromPoint(box.left + (x / cols) * box.width, box.top + (y / rows) * box.height);
      const cell = at && at.closest('.play-cell');
      return { movable: !!cell && cell.classList.contains('play-movable'), shown: box.width > 0, status: document.querySelector('.play-status').textContent };
    });
    if (!hint) problems.push('Hint draws no arrow');
    else {
      if (!hint.shown) problems.push('the hint arrow is not shown');
      if (!hint.movable) problems.push('the hint arrow does not start at a piece the reader can move');
      if (hint.status === said || !hint.status.trim()) problems.push('Hint says nothing about the position');
    }
  }
  // Take back while the AI thinks at the hard level.
  if (!again.outcome) {
    await page.selectOption('section.play select[name=level]', 'hard');
    await clickMove(page);
    const thinking = await page.waitForFunction(() => {
      const s = document.querySelector('section.play');
      return s.dataset.turn === 'ai' || s.dataset.turn === 'human' || s.dataset.outcome ? s.dataset.turn || 'over' : null;
    }, null, { timeout: 10000 }).then((h) => h.jsonValue());
    if (await page.locator('.play-arrow').count()) problems.push('the hint arrow stays after a move');
    if (thinking === 'ai') {
      const bar = await page.evaluate(() => {
        const p = document.querySelector('.play-progress');
        return p && !p.hidden && p.getBoundingClientRect().height > 0 && p.matches('progress') && p.getAttribute('aria-label');
      });
      if (!bar) problems.push('no progress bar shows while the AI thinks');
      const t0 = Date.now();
      await page.click('section.play button:has-text("Take back")');
      const back = await waitForTurn(page);
      const ms = Date.now() - t0;
      if (back.ply !== again.ply) problems.push(`Take back while the AI thought left ply ${back.ply}, not ${again.ply}`);
      if (ms > 2000) problems.push(`Take back took ${ms} ms to stop the AI`);
      if (await page.evaluate(() => !document.querySelector('.play-progress').hidden)) problems.push('the progress bar stays after Take back');
    }
  }
  // New game starts over, and stays over after a reload.
  await page.click('section.play button:has-text("New game")');
  await waitForTurn(page);
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('section.play:not([hidden])', { timeout: 10000 });
  const fresh = await waitForTurn(page);
  // (The AI may have made the first move again.)
  if (fresh.ply > 1 || (await moveList(page)).length !== fresh.ply) problems.push(`after New game and a reload the game is at ply ${fresh.ply}`);
  await page.close();
  return problems;
}

// The hard level's reply times on a page: `replies` AI moves against
// random clicks; answers each reply's milliseconds as the worker timed them.
async function hardReplies(context, url, replies) {
  const page = await context.newPage();
  await page.addInitScript({ content: 'try { localStorage.clear(); } catch (e) {}' });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('section.play:not([hidden])', { timeout: 10000 });
  await page.selectOption('section.play select[name=level]', 'hard');
  const times = [];
  let state = await waitForTurn(page);
  while (times.length < replies && !state.outcome && !state.error) {
    await clickMove(page);
    state = await waitForTurn(page);
    const ms = await page.$eval('section.play', (s) => Number(s.dataset.aiMs));
    if (ms) times.push(ms);
  }
  await page.close();
  return times;
}

// The sides a reader may choose on the page (its board's data names them).
async function sidesOf(context, url) {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    return await page.$eval('script.play-data', (s) => JSON.parse(s.textContent).sides || ['attackers', 'defenders']);
  } finally {
    await page.close();
  }
}

// How many cells the page's board has.
async function cellsOf(context, url) {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    return await page.$eval('script.play-data', (s) => {
      const d = JSON.parse(s.textContent);
      const dims = d.rules.dims || { rows: d.rules.board_size, cols: d.rules.board_size };
      return dims.rows * dims.cols;
    });
  } finally {
    await page.close();
  }
}

// `want(check)`: whether a check was asked for (all by default).
async function checkPlay(context, origin, variantPages, results, log, want = () => true) {
  const totals = { nodes: 0, ms: 0, longest: 0, longestThinking: 0, lengths: [] };
  for (const p of want('play') ? variantPages : []) {
    for (const side of await sidesOf(context, origin + p)) {
      let g;
      try {
        g = await playGame(context, origin + p, side);
      } catch (e) {
        // A board that stops answering is a failure of this page, not of the run.
        results.add('play', `${p} (reader: ${side})`, [`the game could not be played: ${e.message.split('\n')[0]}`]);
        log(`     ${p} reader ${side}: ${e.message.split('\n')[0]}`);
        continue;
      }
      const problems = [...g.problems];
      // While the AI thinks the page must stay responsive; the reader's own
      // clicks (driven by Playwright on a shared machine) are reported only.
      if (g.longestThinking > LONG_TASK_MS) problems.push(`a main-thread task took ${g.longestThinking.toFixed(0)} ms while the AI thought (limit ${LONG_TASK_MS})`);
      if (g.outcome && !g.status) problems.push('no result announced');
      if (!problems.length) problems.push(...replay(g.record));
      totals.nodes += g.ai.nodes;
      totals.ms += g.ai.ms;
      totals.longest = Math.max(totals.longest, g.longest);
      totals.longestThinking = Math.max(totals.longestThinking, g.longestThinking);
      totals.lengths.push(g.plies);
      results.add('play', `${p} (reader: ${side})`, problems);
      log(`     ${p} reader ${side}: ${g.plies} plies, ${g.outcome || 'unfinished'}, longest task ${g.longest.toFixed(0)} ms (${g.longestThinking.toFixed(0)} ms while the AI thought), AI ${g.ai.nodes} nodes in ${g.ai.ms.toFixed(0)} ms`);
    }
  }
  // The keyboard game on the first page of each family (its folder).
  const firsts = new Map();
  for (const p of variantPages) {
    const family = p.split('/')[1];
    if (!firsts.has(family)) firsts.set(family, p);
  }
  for (const p of firsts.values()) {
    let problems;
    if (want('play-keyboard')) {
      try {
        problems = await keyboardGame(context, origin + p);
      } catch (e) {
        problems = [`the keyboard game could not be played: ${e.message.split('\n')[0]}`];
      }
      results.add('play-keyboard', p, problems);
    }
    if (!want('play-line')) continue;
    try {
      problems = await lineGame(context, origin + p);
    } catch (e) {
      problems = [`the move list, reload and Take back could not be checked: ${e.message.split('\n')[0]}`];
    }
    results.add('play-line', p, problems);
  }
  // The hard level keeps to its reply time on the largest board of each
  // family (the most moves to search).
  const largest = new Map();
  for (const p of want('play-hard-bound') ? variantPages : []) {
    const family = p.split('/')[1];
    const cells = await cellsOf(context, origin + p);
    if (!largest.has(family) || cells > largest.get(family).cells) largest.set(family, { page: p, cells });
  }
  for (const { page: p } of largest.values()) {
    let problems = [];
    try {
      const times = (await hardReplies(context, origin + p, HARD_REPLIES)).sort((a, b) => a - b);
      const worst = times[times.length - 1] || 0;
      log(`     ${p}: hard replies ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
      if (worst > HARD_REPLY_MS) problems.push(`a hard reply took ${worst.toFixed(0)} ms (limit ${HARD_REPLY_MS})`);
      if (!times.length) problems.push('the AI never replied');
    } catch (e) {
      problems = [`the hard level could not be timed: ${e.message.split('\n')[0]}`];
    }
    results.add('play-hard-bound', p, problems);
  }
  if (!totals.lengths.length) return;
  const rate = totals.ms ? Math.round(totals.nodes / totals.ms * 1000) : 0;
  const sorted = totals.lengths.slice().sort((a, b) => a - b);
  log(`     play: AI ${rate} nodes/s in the worker; longest main-thread task ${totals.longest.toFixed(0)} ms (${totals.longestThinking.toFixed(0)} ms while the AI thought); game lengths (plies) min ${sorted[0]}, median ${sorted[Math.floor(sorted.length / 2)]}, max ${sorted[sorted.length - 1]}`);
}

module.exports = { checkPlay };
