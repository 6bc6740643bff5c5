'use strict';
// Private online rooms in headless Chromium: a `rulehub room` server on a
// loopback port with a temporary data folder; the variant page served with
// `data-room-server` naming it (as hub.yaml `room_server` makes the build
// write it). Page A invites, page B opens the link and takes the free seat,
// a third page opens it and only watches. They play a known line to its
// end by clicking; mid-game the server is killed with SIGKILL and started
// again on the same folder, and both players' pages must reconnect and
// finish. A reload resumes a seat; a move out of turn and an illegal move
// must come back as the server's refusals, in the page's words. Then rematch (sides swap), leave, and the stored record
// games/<CODE>-1.txt must pass `rulehub replay`. The room UI is checked for
// contrast, focus and axe in light (A) and dark (B). Every wait is bounded;
// the server and the pages are stopped whatever happens.
const fs = require('fs');
const os = require('os');
const net = require('net');
const path = require('path');
const { spawn, execFileSync } = require('child_process');
const server = require('./server');

const RULEHUB = process.env.RULEHUB_BIN || path.join(__dirname, '../../../target/release/rulehub');
const PAGE = '/tafl/brandubh/';
// A line on the page's Brandubh (brandubh-weak) where the defenders win in
// twelve plies: the engine's hard AI for the defenders against its easy AI
// (engine.wasm in Node, seed 1); e1-e2 captures e3; the king leaves the
// throne for d1 and escapes to a1.
const LINE = ['d2-c2', 'e4-e2', 'f4-e4', 'e2-f2', 'd7-e7', 'd5-f5', 'd1-e1', 'd3-e3', 'e1-e2', 'd4-d1', 'e2-e1', 'd1-a1'];
const OUTCOME = 'win-defenders-corner-escape';
const KILL_AFTER = 4; // plies played before the server is killed
const WAIT = 20000; // ms for any one thing to happen
const RECONNECT = 45000; // ms to reconnect after a restart (backoff 1, 2, 4, 8 s …)

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// Starts `rulehub room` and waits until /health answers.
async function startRoomServer(port, data, origin, root) {
  const child = spawn(RULEHUB, ['room', '--listen', `127.0.0.1:${port}`, '--data', data, '--root', root, '--allow-origin', origin], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  const deadline = Date.now() + WAIT;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`rulehub room exited (${child.exitCode}): ${output.trim()}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/health`);
      if (r.ok) return { child, output: () => output };
    } catch (e) {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`rulehub room did not answer /health within ${WAIT} ms: ${output.trim()}`);
}

function killed(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGKILL');
  });
}

const attr = (page, name) => page.$eval('section.play', (s, n) => s.getAttribute(n), name);
const status = (page) => page.$eval('section.play .play-status', (s) => s.textContent);

async function waitFor(page, who, what, test, arg, timeout = WAIT) {
  try {
    await page.waitForFunction(test, arg, { timeout });
  } catch (e) {
    const said = await status(page).catch(() => '?');
    const conn = await attr(page, 'data-room-status').catch(() => '?');
    throw new Error(`${who}: ${what} not seen within ${timeout} ms (connection ${conn}; the board says "${said}")`);
  }
}

// In the page: does the board's section carry these attribute values?
const SECTION_IS = (want) => {
  const s = document.querySelector('section.play');
  return !!s && Object.entries(want).every(([k, v]) => s.getAttribute(k) === String(v));
};

async function openBoard(context, url, problems, who) {
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`${who}: page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`${who}: console error: ${m.text()}`); });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('section.play:not([hidden])', { timeout: WAIT });
  return page;
}

async function playMove(page, who, move) {
  const [from, to] = move.split('-');
  await page.click(`.play-cell[data-square="${from}"]`);
  const target = page.locator(`.play-cell.play-target[data-square="${to}"]`);
  if (!(await target.count())) throw new Error(`${who}: ${move}: the board does not offer ${to} after picking ${from}`);
  await target.click();
}

// Runs `story(env)` with a `rulehub room` server on a free loopback port
// (its data in a temporary folder) and the site served with `page` naming
// it, as hub.yaml's `room_server` would. `env.context(scheme)` opens a
// browser context with the in-page helpers; `env.restart()` starts the
// server again on the same folder after a kill. The server, the site and
// every context are stopped whatever happens.
async function withRoomServer(browser, siteDir, page, helpers, story) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rulehub-room-e2e-'));
  const data = path.join(tmp, 'data');
  const root = path.join(tmp, 'hub'); // no hub.yaml: only --allow-origin is allowed
  fs.mkdirSync(root);
  const port = await freePort();
  const roomUrl = `http://127.0.0.1:${port}`;
  const srv = await server.start(siteDir, {
    transform: (pathname, html) => (pathname === page ? html.replace('<article class="variant"', `<article class="variant" data-room-server="${roomUrl}"`) : html),
  });
  const contexts = [];
  const base = { reducedMotion: 'reduce', deviceScaleFactor: 1, viewport: { width: 1280, height: 900 } };
  const env = {
    tmp,
    data,
    roomUrl,
    origin: srv.origin,
    room: null,
    async context(colorScheme) {
      const c = await browser.newContext({ ...base, colorScheme });
      contexts.push(c);
      await c.addInitScript({ content: helpers.inpage });
      return c;
    },
    async restart() {
      env.room = await startRoomServer(port, data, srv.origin, root);
    },
  };
  try {
    await env.restart();
    await story(env);
  } finally {
    for (const c of contexts) await c.close().catch(() => {});
    if (env.room) await killed(env.room.child);
    await srv.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function checkRoom(browser, siteDir, results, log, helpers) {
  const problems = [];
  const t0 = Date.now();
  try {
    await withRoomServer(browser, siteDir, PAGE, helpers, async (env) => {
      const { data, tmp } = env;
      const light = await env.context('light');
      const dark = await env.context('dark');
      const watcherContext = await env.context('light');

      // A invites.
      const a = await openBoard(light, env.origin + PAGE, problems, 'A');
      const invite = a.locator('section.play button.play-invite');
      if (!(await invite.count())) throw new Error('A: no "Invite a friend" button on a page that names a room server');
      await invite.click();
      await waitFor(a, 'A', 'the creator in the room, online', SECTION_IS, { 'data-room-status': 'open', 'data-room-seat': 'attackers', 'data-ply': 0 });
      const link = await a.$eval('#play-room-link', (i) => i.value);
      const code = await attr(a, 'data-room');
      if (!link.endsWith(`${PAGE}#room=${code}`)) problems.push(`A: the link to send is ${link}, not this page with #room=${code}`);
      const tokens = await a.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('rulehub-room:')).map((k) => localStorage.getItem(k)));
      if (!tokens.length) problems.push('A: the seat token is not kept in localStorage');
      if (tokens.some((t) => link.includes(t))) problems.push('A: the link carries the seat token');

      // B joins by the link; a third visitor only watches.
      const b = await openBoard(dark, link, problems, 'B');
      await waitFor(b, 'B', 'the friend in the free seat, online', SECTION_IS, { 'data-room-status': 'open', 'data-room-seat': 'defenders' });
      // A reload resumes the seat: the token is in localStorage, the room in the address.
      await b.reload({ waitUntil: 'load' });
      await waitFor(b, 'B', 'the seat resumed after a reload', SECTION_IS, { 'data-room-status': 'open', 'data-room-seat': 'defenders' });
      const w = await openBoard(watcherContext, link, problems, 'watcher');
      await waitFor(w, 'watcher', 'a read-only watcher', SECTION_IS, { 'data-room-status': 'open', 'data-room-seat': 'watcher' });
      if (await w.locator('.play-movable').count()) problems.push('watcher: pieces are offered to move');

      // Every sentence came from the page's strings: none is missing.
      for (const [who, page] of [['A', a], ['B', b], ['watcher', w]]) {
        const text = await page.$eval('section.play', (s) => s.innerText);
        const gap = /undefined|\{\w+\}/.exec(text);
        if (gap) problems.push(`${who}: the board shows "${gap[0]}": a string is missing or unfilled`);
        const heading = await page.$eval('section.play h2', (h) => h.textContent.trim());
        if (!heading) problems.push(`${who}: the board's heading is empty in a room`);
      }
      // The room UI reads well and can be reached by keyboard, light and dark.
      for (const [who, page] of [['A (light)', a], ['B (dark)', b]]) {
        for (const d of await helpers.checkContrast(page)) problems.push(`${who}: ${d}`);
        for (const d of await helpers.checkFocus(page)) problems.push(`${who}: ${d}`);
        for (const d of await helpers.checkAxe(page)) problems.push(`${who}: ${d}`);
      }

      // A move out of turn is refused by the server, in the page's words.
      await waitFor(a, 'A', 'the first move offered', SECTION_IS, { 'data-turn': 'human' });
      await b.evaluate(() => document.querySelector('section.play').rulehubBoard.session.sendMove('d5-c5'));
      await waitFor(b, 'B', 'the refusal of a move out of turn', SECTION_IS, { 'data-room-refused': 'not-your-turn' });
      const refused = await status(b);
      if (!refused || /not-your-turn/.test(refused)) problems.push(`B: the refusal is not said in words: "${refused}"`);
      // An illegal move (onto an occupied square), sent past the board's own
      // check, is the server's to refuse; nothing changes.
      await a.evaluate(() => document.querySelector('section.play').rulehubBoard.session.sendMove('d6-d5'));
      await waitFor(a, 'A', 'the refusal of an illegal move', SECTION_IS, { 'data-room-refused': 'illegal-move', 'data-ply': 0 });

      const players = { attackers: a, defenders: b };
      let side = 'attackers';
      let restarted = false;
      let reconnectMs = 0;
      for (let ply = 0; ply < LINE.length; ply++) {
        if (ply === KILL_AFTER && !restarted) {
          await killed(env.room.child);
          await waitFor(a, 'A', 'the lost connection', SECTION_IS, { 'data-room-status': 'reconnecting' });
          await waitFor(b, 'B', 'the lost connection', SECTION_IS, { 'data-room-status': 'reconnecting' });
          await env.restart();
          restarted = true;
          const up = Date.now();
          for (const [who, page] of [['A', a], ['B', b], ['watcher', w]]) {
            await waitFor(page, who, `reconnection with the game at ply ${ply}`, SECTION_IS, { 'data-room-status': 'open', 'data-ply': ply }, RECONNECT);
          }
          reconnectMs = Date.now() - up;
        }
        const mover = players[side];
        const who = side === 'attackers' ? 'A' : 'B';
        await waitFor(mover, who, `its turn at ply ${ply}`, SECTION_IS, { 'data-turn': 'human', 'data-ply': ply });
        await playMove(mover, who, LINE[ply]);
        for (const [name, page] of [['A', a], ['B', b], ['watcher', w]]) {
          await waitFor(page, name, `${LINE[ply]} (ply ${ply + 1}) relayed`, SECTION_IS, { 'data-ply': ply + 1 });
        }
        side = side === 'attackers' ? 'defenders' : 'attackers';
      }
      for (const [name, page] of [['A', a], ['B', b], ['watcher', w]]) {
        await waitFor(page, name, `the result ${OUTCOME}`, SECTION_IS, { 'data-outcome': OUTCOME });
        if (!(await status(page)).trim()) problems.push(`${name}: the result is not announced`);
      }

      // Rematch: sides swap; then B leaves and is back to practice.
      await a.click('section.play button:has-text("Rematch")');
      await waitFor(a, 'A', 'the rematch with sides swapped', SECTION_IS, { 'data-room-game': 2, 'data-room-seat': 'defenders', 'data-ply': 0 });
      await waitFor(b, 'B', 'the rematch with sides swapped', SECTION_IS, { 'data-room-game': 2, 'data-room-seat': 'attackers', 'data-ply': 0 });
      await b.click('section.play button:has-text("Leave")');
      await waitFor(b, 'B', 'practice after leaving', () => {
        const s = document.querySelector('section.play');
        return !s.hasAttribute('data-room') && !location.hash && !!s.querySelector('button.play-invite:not([hidden])');
    });

    // The stored record replays, under the preset the page's rules are.
    const preset = await a.evaluate(() => JSON.parse(document.querySelector('script.play-data').textContent).replay_preset);
    const record = path.join(data, 'games', `${code}-1.txt`);
    if (!fs.existsSync(record)) problems.push(`no stored record ${path.relative(tmp, record)}`);
    else {
      try {
        execFileSync(RULEHUB, ['replay', '--rules', preset, record], { stdio: 'pipe' });
      } catch (e) {
        problems.push(`rulehub replay failed on the stored record (exit ${e.status}): ${String(e.stderr || e.stdout).trim().split('\n').slice(-2).join(' ')}`);
      }
    }
    log(`     room ${code}: ${LINE.length} plies by two pages and a watcher, server killed (SIGKILL) after ply ${KILL_AFTER} and restarted, all three back ${reconnectMs} ms after it answered, result ${OUTCOME}, in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    });
  } catch (e) {
    problems.push(String(e.message || e).split('\n')[0]);
  }
  results.add('room', PAGE, problems);
}

// A draughts room: the same board and server with the draughts engine on
// both sides. Two pages play an opening whose third ply is a forced
// capture, each clicked as a reader clicks it (the capture by its two
// squares); every page must replay the server's route, a move out of turn
// and a move backwards must come back as the server's refusals, and the
// game's record (GET /rooms/<CODE>/games/1) must pass `rulehub replay` with
// the start position it names.
const DRAUGHTS_PAGE = '/draughts/english-draughts/';
const DRAUGHTS_LINE = ['11-15', '22-18', '15-22', '25-18'];
const DRAUGHTS_RELAYED = ['11-15', '22-18', '15x22', '25x18'];

async function checkDraughtsRoom(browser, siteDir, results, log, helpers) {
  const problems = [];
  const t0 = Date.now();
  try {
    await withRoomServer(browser, siteDir, DRAUGHTS_PAGE, helpers, async (env) => {
      const { roomUrl, tmp } = env;
      const light = await env.context('light');
      const dark = await env.context('dark');

      const a = await openBoard(light, env.origin + DRAUGHTS_PAGE, problems, 'A');
      const invite = a.locator('section.play button.play-invite');
      if (!(await invite.count())) throw new Error('A: no "Invite a friend" button on a draughts page that names a room server');
      // A plays black, which moves first in English draughts.
      await a.selectOption('section.play select[name="side"]', 'black');
      await invite.click();
      await waitFor(a, 'A', 'the creator in the room as black, online', SECTION_IS, { 'data-room-status': 'open', 'data-room-seat': 'black', 'data-ply': 0 });
      const link = await a.$eval('#play-room-link', (i) => i.value);
      const code = await attr(a, 'data-room');
      const b = await openBoard(dark, link, problems, 'B');
      await waitFor(b, 'B', 'the friend as white, online', SECTION_IS, { 'data-room-status': 'open', 'data-room-seat': 'white' });
      for (const [who, page] of [['A', a], ['B', b]]) {
        const text = await page.$eval('section.play', (s) => s.innerText);
        const gap = /undefined|\{\w+\}/.exec(text);
        if (gap) problems.push(`${who}: the board shows "${gap[0]}": a string is missing or unfilled`);
        for (const d of await helpers.checkAxe(page)) problems.push(`${who}: ${d}`);
      }

      await waitFor(a, 'A', 'the first move offered', SECTION_IS, { 'data-turn': 'human' });
      await b.evaluate(() => document.querySelector('section.play').rulehubBoard.session.sendMove('22-18'));
      await waitFor(b, 'B', 'the refusal of a move out of turn', SECTION_IS, { 'data-room-refused': 'not-your-turn' });
      // A black man may not step backwards: the server's engine refuses it.
      await a.evaluate(() => document.querySelector('section.play').rulehubBoard.session.sendMove('9-5'));
      await waitFor(a, 'A', 'the refusal of an illegal move', SECTION_IS, { 'data-room-refused': 'illegal-move', 'data-ply': 0 });

      const players = { black: a, white: b };
      let side = 'black';
      for (let ply = 0; ply < DRAUGHTS_LINE.length; ply++) {
        const mover = players[side];
        const who = side === 'black' ? 'A' : 'B';
        await waitFor(mover, who, `its turn at ply ${ply}`, SECTION_IS, { 'data-turn': 'human', 'data-ply': ply });
        await playMove(mover, who, DRAUGHTS_LINE[ply]);
        for (const [name, page] of [['A', a], ['B', b]]) {
          await waitFor(page, name, `${DRAUGHTS_RELAYED[ply]} (ply ${ply + 1}) relayed`, SECTION_IS, { 'data-ply': ply + 1 });
        }
        side = side === 'black' ? 'white' : 'black';
      }
      // Both boards show the same position: the captured men are gone.
      const cells = (page) => page.$$eval('section.play .play-cell', (cs) => cs.map((c) => c.className.replace(/\s*play-(target|movable|selected|last|path|via|cursor|capture[a-z]*)\b/g, '')).join('|'));
      if ((await cells(a)) !== (await cells(b))) problems.push('A and B show different positions after the same moves');

      const response = await fetch(`${roomUrl}/rooms/${code}/games/1`);
      const record = await response.text();
      for (const move of DRAUGHTS_RELAYED) {
        if (!record.includes(move)) problems.push(`the room's record lacks ${move}: ${record.replace(/\n/g, ' / ')}`);
      }
      const setup = (/^; setup: (\S+)$/m.exec(record) || [])[1];
      if (!setup) problems.push('the room\'s record names no start position');
      else {
        const file = path.join(tmp, 'game.pdn');
        fs.writeFileSync(file, record);
        try {
          execFileSync(RULEHUB, ['replay', '--rules', 'english-draughts', '--setup', setup, file], { stdio: 'pipe' });
        } catch (e) {
          problems.push(`rulehub replay failed on the room's record (exit ${e.status}): ${String(e.stderr || e.stdout).trim().split('\n').slice(-2).join(' ')}`);
        }
      }
      log(`     draughts room ${code}: ${DRAUGHTS_LINE.length} plies (a capture by its two squares relayed as ${DRAUGHTS_RELAYED[2]}), refusals in turn and direction, record replayed, in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    });
  } catch (e) {
    problems.push(String(e.message || e).split('\n')[0]);
  }
  results.add('room', DRAUGHTS_PAGE, problems);
}

module.exports = { checkRoom, checkDraughtsRoom, PAGE, DRAUGHTS_PAGE };
