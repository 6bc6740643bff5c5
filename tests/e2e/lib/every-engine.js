'use strict';
// The checks every engine runs (Chromium, Firefox ESR, WebKitGTK; see
// lib/engines.js), on the built site served by lib/server.js. What a reader
// of any browser must get:
//
//   console       no console errors, page errors, failed loads or HTTP errors
//                 (a /favicon.ico probe included)
//   layout-shift  boards keep their place while their images load: every
//                 board <img> is as tall before its image arrives as after,
//                 and so is the page (the server holds the SVGs back)
//   board-views   every board image shows its own view: its screenshot is
//                 nearer to that view of the sheet, rendered alone by
//                 librsvg, than to any other view, and near it outright
//   stepper       stepping back through a sample game or worked example by
//                 clicking "Previous", the board changes at every step and
//                 shows that step's view
//   practice      on the practice board a move played by clicking is
//                 answered by the AI, whose move is highlighted on screen
//                 (its from-square looks different with the highlight)
//   print-greys   with the stylesheet's print rules in force, every board
//                 image is greyscale (computed filter, and the first board's
//                 pixels carry no colour), on the default language's pages
//
// Every check runs in every engine; what an engine cannot do is named in
// NOT_HERE and printed with each run.
const fs = require('fs');
const path = require('path');
const { PNG } = require('pngjs');
const views = require('./views');

const CHECKS = {
  console: 'no console errors, page errors, failed loads or HTTP errors (a /favicon.ico probe counts)',
  'layout-shift': 'every board <img> and the page are as tall before the SVGs arrive as after',
  'board-views': 'every board image shows its own view (screenshot vs the view rendered alone by librsvg)',
  stepper: 'clicking Previous through each sample game and stepped example changes the board every step, to that step\'s view',
  practice: 'a move clicked on the practice board is answered by the AI, and the AI\'s move is highlighted on screen',
  'print-greys': 'with the print rules in force every board image is greyscale (filter and pixels)',
};

// What an engine or its driver cannot do, by name (printed with each run).
const NOT_HERE = {
  chromium: [],
  firefox: [
    'console: the driver sees console messages and page errors over BiDi; HTTP errors from its network events',
  ],
  webkit: [
    'console: WebKitGTK gives its embedder no console or network events; errors are caught in the page ' +
      '(console.error, error and unhandledrejection events, resources that fail) and HTTP errors from the test server\'s log',
    'print-greys: no print media emulation in WebKitGTK; the stylesheet\'s @media print rules are applied as screen rules instead (as in the other engines, for one method everywhere)',
  ],
};

// Loads every image (lazy ones made eager: scrolling a long print page
// past each board takes minutes in WebKit on a busy machine), opening every
// <details> first (a worked example's steps), and waits, bounded, for all.
const LOAD_ALL = `
  for (const d of document.querySelectorAll('details')) d.open = true;
  for (const img of document.images) if (img.loading === 'lazy') img.loading = 'eager';
  const atMost = (ms, p) => Promise.race([p, new Promise((r) => setTimeout(r, ms))]);
  const deadline = Date.now() + 20000;
  while ([...document.images].some((i) => !i.complete) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await atMost(5000, Promise.all([...document.images].map((i) => i.decode().catch(() => {}))));
  scrollTo(0, 0);
  await atMost(200, new Promise((r) => requestAnimationFrame(() => setTimeout(r, 20))));
`;

// The board images of the page, as [{ i, src, url, height }].
const BOARDS = `
  const all = [...document.images];
  return all.map((img, i) => ({ i, src: img.getAttribute('src') || '', url: img.src, height: img.getBoundingClientRect().height }))
    .filter((b) => /\\.svg(#|$)/.test(new URL(b.url).pathname + new URL(b.url).hash));
`;

// The content box, in viewport pixels, of image `img` once it has loaded
// and painted, or why it cannot be compared. (A function's source, put into
// the scripts below.)
const FRAME_OF = `
  const frameOf = async (img) => {
    const atMost = (ms, p) => Promise.race([p, new Promise((r) => setTimeout(r, ms))]);
    const deadline = Date.now() + 5000;
    while (!(img.complete && img.naturalWidth > 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 30));
    await atMost(2000, img.decode().catch(() => {}));
    const cs = getComputedStyle(img);
    const r = img.getBoundingClientRect();
    const px = (p) => parseFloat(cs[p]) || 0;
    if (cs.display === 'none' || cs.visibility === 'hidden' || r.width === 0) return { hidden: true };
    const x = r.left + px('borderLeftWidth') + px('paddingLeft');
    const y = r.top + px('borderTopWidth') + px('paddingTop');
    const w = r.right - px('borderRightWidth') - px('paddingRight') - x;
    const h = r.bottom - px('borderBottomWidth') - px('paddingBottom') - y;
    // One pixel in from each edge: the edges blend with what is around.
    return { loaded: img.complete && img.naturalWidth > 0, url: img.src,
      inView: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
      x: Math.ceil(x) + 1, y: Math.ceil(y) + 1, w: Math.floor(x + w) - Math.ceil(x) - 2, h: Math.floor(y + h) - Math.ceil(y) - 2 };
  };
  const painted = async () => {
    for (let k = 0; k < 3; k++) await Promise.race([new Promise((r) => requestAnimationFrame(() => setTimeout(r, 20))), new Promise((r) => setTimeout(r, 200))]);
  };
`;

// Brings image `i` into view and answers its frame.
const FRAME_IMAGE = `${FRAME_OF}
  const img = document.images[i];
  img.scrollIntoView({ block: 'center' });
  const f = await frameOf(img);
  await painted();
  return f;
`;

// Scrolls image `first` to near the top of the viewport and answers the
// frames of every image of `wanted` now wholly in view, keyed by index.
const FRAMES_IN_VIEW = `${FRAME_OF}
  document.images[first].scrollIntoView({ block: 'start' });
  scrollBy(0, -8);
  const out = {};
  for (const i of wanted) {
    const r = document.images[i].getBoundingClientRect();
    if (i === first || (r.bottom > 0 && r.top < innerHeight)) out[i] = await frameOf(document.images[i]);
  }
  await painted();
  for (const i of Object.keys(out)) {
    const r = document.images[i].getBoundingClientRect();
    out[i].inView = r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
    if (!out[i].inView && Number(i) !== first) delete out[i];
  }
  return out;
`;

/** The site file and view an image URL names. */
function target(siteDir, url) {
  const u = new URL(url);
  const file = path.join(siteDir, decodeURIComponent(u.pathname));
  return { file, view: u.hash ? decodeURIComponent(u.hash.slice(1)) : null, name: u.pathname + u.hash };
}

async function boardViews(engine, siteDir, problems) {
  const boards = await engine.eval(BOARDS);
  const left = boards.map((b) => b.i);
  let compared = 0;
  // One screenshot for all the boards a scroll position shows.
  while (left.length) {
    const frames = await engine.eval(FRAMES_IN_VIEW, { first: left[0], wanted: left });
    const shot = PNG.sync.read(await engine.snapshot());
    for (const [key, f] of Object.entries(frames)) {
      left.splice(left.indexOf(Number(key)), 1);
      if (f.hidden) continue;
      const t = target(siteDir, f.url);
      if (!f.loaded) problems.push(`${t.name}: not loaded`);
      else if (!f.inView) problems.push(`${t.name}: does not fit in the viewport`);
      else {
        const wrong = views.showsOwnView(shot, f, t.file, t.view);
        if (wrong) problems.push(`${t.name} ${wrong}`);
        compared++;
      }
    }
  }
  return compared;
}

async function layoutShift(engine, server, url, problems) {
  server.hold(true);
  let before;
  try {
    await engine.open(url, { commit: true });
    before = await engine.eval(`
      const deadline = Date.now() + 10000;
      while (document.readyState === 'loading' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 20)));
      const boards = (() => {${BOARDS}})();
      return { boards, page: document.documentElement.scrollHeight, loaded: boards.filter((b) => document.images[b.i].complete && document.images[b.i].naturalWidth > 0).length };
    `);
  } finally {
    server.hold(false);
  }
  const after = await engine.eval(`${LOAD_ALL}\n${BOARDS.replace('return', 'const boards =')}; return { boards, page: document.documentElement.scrollHeight };`);
  for (const b of before.boards) {
    const a = after.boards.find((x) => x.i === b.i);
    if (a && Math.abs(a.height - b.height) > 1) {
      problems.push(`${b.src} is ${Math.round(b.height)} px tall before its image arrives and ${Math.round(a.height)} px after (no width/height?)`);
    }
  }
  if (Math.abs(after.page - before.page) > 1 && problems.length) {
    problems.push(`the page grows from ${before.page} to ${after.page} px as its boards load`);
  }
  return before.boards.length;
}

const STEPPERS = `
  return [...document.querySelectorAll('.game')].map((g, k) => ({
    k, id: g.id, steps: g.querySelectorAll('.game-moves li').length,
    buttons: g.querySelectorAll('.game-controls button').length,
  }));
`;

async function steppers(engine, siteDir, problems) {
  const games = await engine.eval(STEPPERS);
  let stepped = 0;
  for (const g of games) {
    const label = `game ${g.id || g.k + 1}`;
    if (g.buttons !== 4) {
      problems.push(`${label}: ${g.buttons} step buttons (stepper.js did not run?)`);
      continue;
    }
    // The board's frame once its image names another address than `was`.
    const frameOf = async (was) => {
      const i = await engine.eval(`
        const g = document.querySelectorAll('.game')[k];
        const until = Date.now() + 2000;
        while (g.querySelector('.game-board img').src === was && Date.now() < until) await new Promise((r) => setTimeout(r, 30));
        return [...document.images].indexOf(g.querySelector('.game-board img'));
      `, { k: g.k, was });
      return engine.eval(FRAME_IMAGE, { i });
    };
    // A pass (Go) leaves the board as it was: the boards on either side of
    // one may look the same.
    const moveNames = await engine.eval(`
      return [...document.querySelectorAll('.game')[k].querySelectorAll('.game-moves li')].map((li) => li.textContent.trim());
    `, { k: g.k });
    let f = await frameOf(null);
    let shot = PNG.sync.read(await engine.snapshot());
    for (let step = g.steps - 1; step >= 0; step--) {
      const button = await engine.eval(`
        const b = document.querySelectorAll('.game')[k].querySelectorAll('.game-controls button')[1];
        let r = b.getBoundingClientRect();
        if (r.top < 0 || r.bottom > innerHeight) {
          b.scrollIntoView({ block: 'nearest' });
          r = b.getBoundingClientRect();
        }
        return { x: r.left + r.width / 2, y: r.top + r.height / 2, disabled: b.disabled, inView: r.top >= 0 && r.bottom <= innerHeight };
      `, { k: g.k });
      if (button.disabled || !button.inView) {
        problems.push(`${label}: Previous is ${button.disabled ? 'disabled' : 'out of view'} at move ${step + 1}`);
        break;
      }
      await engine.click(button.x, button.y);
      const next = await frameOf(f.url);
      const t = target(siteDir, next.url);
      const where = `${label}, back to move ${step}`;
      if (next.url === f.url) {
        problems.push(`${where}: the image still names ${t.name}`);
        break;
      }
      if (!next.loaded) {
        problems.push(`${where}: ${t.name} did not load`);
        break;
      }
      const nextShot = PNG.sync.read(await engine.snapshot());
      const still = moveNames[step] === 'pass';
      // A near picture is a stale one only if it is not its own view: one
      // stone on a 19×19 board changes little of the picture.
      const near = next.w === f.w && next.h === f.h && views.cropDistance(shot, f, nextShot, next) < 0.3;
      const wrong = views.showsOwnView(nextShot, next, t.file, t.view);
      if (near && !still && wrong) {
        problems.push(`${where}: the board on screen did not change (still the picture of move ${step + 1}; the image names ${t.name})`);
      } else if (wrong) {
        problems.push(`${where}: ${t.name} ${wrong}`);
      }
      stepped++;
      f = next;
      shot = nextShot;
    }
  }
  return { games: games.length, stepped };
}

const PLAY_STATE = `
  const s = document.querySelector('section.play');
  const deadline = Date.now() + (wait || 0);
  for (;;) {
    const ready = s && !s.hidden && (s.dataset.outcome || s.dataset.error || s.dataset.turn === 'human');
    if (ready || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!s) return { missing: true };
  return { hidden: s.hidden, turn: s.dataset.turn, ply: Number(s.dataset.ply || 0), outcome: s.dataset.outcome || null,
    error: s.dataset.error ? s.querySelector('.play-status').textContent : null };
`;

// The centre of the first cell matching `selector` (waiting up to `wait`
// ms for one), scrolled into view.
const CELL = `
  const until = Date.now() + (wait || 0);
  let c = document.querySelector(selector);
  while (!c && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    c = document.querySelector(selector);
  }
  if (!c) return null;
  c.scrollIntoView({ block: 'center' });
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
  const r = c.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, square: c.dataset.square,
    box: { x: Math.ceil(r.left) + 2, y: Math.ceil(r.top) + 2, w: Math.floor(r.width) - 4, h: Math.floor(r.height) - 4 } };
`;

async function practice(engine, problems) {
  let state = await engine.eval(PLAY_STATE, { wait: 20000 });
  if (state.missing || state.hidden) {
    problems.push('the practice board did not appear');
    return null;
  }
  if (state.turn !== 'human') {
    problems.push(`the reader never gets a turn (${state.error || state.outcome || state.turn})`);
    return null;
  }
  const ply = state.ply;
  const from = await engine.eval(CELL, { selector: '.play-movable', wait: 0 });
  if (!from) {
    problems.push('no piece can move');
    return null;
  }
  await engine.click(from.x, from.y);
  const to = await engine.eval(CELL, { selector: '.play-target', wait: 2000 });
  if (!to) {
    problems.push(`a click on ${from.square} shows no destination`);
    return null;
  }
  await engine.click(to.x, to.y);
  for (let k = 0; k < 20; k++) {
    const via = await engine.eval(CELL, { selector: '.play-via', wait: 300 });
    if (!via) break;
    await engine.click(via.x, via.y);
  }
  await engine.eval('await new Promise((r) => setTimeout(r, 300));');
  state = await engine.eval(PLAY_STATE, { wait: 30000 });
  if (state.error) {
    problems.push(`board error: ${state.error}`);
    return null;
  }
  if (state.ply < ply + 2 && !state.outcome) {
    problems.push(`after ${from.square}-${to.square} the AI did not answer (ply ${state.ply}, turn ${state.turn})`);
    return null;
  }
  // The AI's move is the last: its from-square is empty, so the highlight
  // is all there is to see on it. Compare it with and without the class.
  const last = await engine.eval(CELL, { selector: '.play-from', wait: 2000 });
  if (!last) {
    problems.push('the AI\'s move marks no from-square (.play-from)');
    return null;
  }
  const lit = PNG.sync.read(await engine.snapshot());
  await engine.eval(`
    window.__rhLast = [...document.querySelectorAll('.play-from, .play-to')].map((c) => [c, c.className]);
    for (const [c] of window.__rhLast) c.classList.remove('play-from', 'play-to');
    for (let k = 0; k < 2; k++) await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
  `);
  const plain = PNG.sync.read(await engine.snapshot());
  await engine.eval('for (const [c, n] of window.__rhLast) c.className = n;');
  const a = views.meanColour(lit, last.box);
  const b = views.meanColour(plain, last.box);
  const diff = Math.max(...a.map((v, i) => Math.abs(v - b[i])));
  if (diff < 10) {
    problems.push(`the AI's move is not highlighted on screen: square ${last.square} is rgb(${a.map(Math.round)}) with the highlight, rgb(${b.map(Math.round)}) without`);
  }
  return { move: `${from.square}-${to.square}`, ply: state.ply, highlight: diff };
}

// The stylesheets' @media print rules, put in force as screen rules.
const FORCE_PRINT = `
  const rules = [];
  const walk = (list, print) => {
    for (const r of list) {
      if (r.media && r.cssRules) walk(r.cssRules, print || /\\bprint\\b/.test(r.media.mediaText));
      else if (print) rules.push(r.cssText);
    }
  };
  for (const sheet of document.styleSheets) { try { walk(sheet.cssRules, false); } catch (e) {} }
  const style = document.createElement('style');
  style.id = 'rh-forced-print';
  style.textContent = rules.join('\\n');
  document.head.appendChild(style);
  for (let k = 0; k < 2; k++) await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
  return [...document.images].map((img, i) => ({ i, src: img.getAttribute('src') || '', url: img.src, filter: getComputedStyle(img).filter,
    shown: getComputedStyle(img).display !== 'none' && img.getBoundingClientRect().width > 0 }))
    .filter((b) => /\\.svg(#|$)/.test(new URL(b.url).pathname + new URL(b.url).hash));
`;

async function printGreys(engine, problems) {
  const boards = await engine.eval(FORCE_PRINT);
  try {
    for (const b of boards) {
      if (!/grayscale\(1\)|grayscale\(100%\)/.test(b.filter)) problems.push(`${b.src} prints in colour (filter: ${b.filter})`);
    }
    const first = boards.find((b) => b.shown);
    if (first) {
      const f = await engine.eval(FRAME_IMAGE, { i: first.i });
      if (!f.hidden && f.loaded) {
        const shot = PNG.sync.read(await engine.snapshot());
        const colour = views.colourfulness(shot, f);
        if (colour > 24) problems.push(`${first.src} still has colour on screen with the print rules in force (channel spread ${colour})`);
      }
    }
  } finally {
    await engine.eval('document.getElementById("rh-forced-print")?.remove();');
  }
  return boards.length;
}

module.exports = { CHECKS, NOT_HERE, LOAD_ALL, boardViews, layoutShift, steppers, practice, printGreys };
