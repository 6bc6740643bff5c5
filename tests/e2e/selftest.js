'use strict';
// Usage: node selftest.js --site <built site dir>
// Proves that each check can fail: copies the built site, introduces one
// fault per page (a missing image, an <img> without alt, an invalid attribute,
// a skipped heading level, …), runs the checks over the faulted pages and
// asserts that every fault is reported by the check meant to catch it.
// Prints one line per fault and `N passed, N failed` last.
const fs = require('fs');
const os = require('os');
const path = require('path');
const checks = require('./lib/checks');
const every = require('./lib/every-engine');
const engines = require('./engines');

// Each fault: the page it is put on, the checks that must report it (on that
// page, or on `target` for site-wide checks), a text the report must contain,
// and the edit. `edit(html)` changes the page; `files` changes other files.
const FAULTS = [
  {
    name: 'broken image link',
    page: '/tafl/brandubh/',
    expect: { load: 'missing-board.svg', boards: 'missing-board.svg: not loaded' },
    edit: (h) => sub(h, 'src="board.svg"', 'src="missing-board.svg"'),
  },
  {
    name: '<img> without alt',
    page: '/cs/tafl/brandubh/',
    // (vnu accepts it: HTML lets an <img> in a <figure> with a caption omit alt.)
    expect: { 'img-alt': 'board.svg: no alt attribute', axe: 'image-alt' },
    // (A translated page shows the default language's board: src="/tafl/brandubh/board.svg".)
    edit: (h) => subRe(h, /(<img src="[^"]*board\.svg") alt="[^"]*"/, '$1'),
  },
  {
    name: 'invalid attribute',
    page: '/fi/tafl/',
    expect: { vnu: 'Attribute “bogus-attr” not allowed' },
    edit: (h) => sub(h, '<main id="main">', '<main id="main" bogus-attr="1">'),
  },
  {
    name: 'skipped heading level',
    page: '/tafl/tablut/',
    expect: { headings: 'is followed by h4' },
    edit: (h) => h.replace(/<h2 (id="[^"]*")>([^<]*)<\/h2>/, '<h4 $1>$2</h4>'),
  },
  {
    name: 'script error',
    page: '/cs/tafl/tablut/',
    expect: { load: 'console error: selftest fault', console: 'console error: selftest fault' },
    edit: (h) => sub(h, '</main>', '<script>console.error("selftest fault")</script></main>'),
  },
  {
    name: 'horizontal overflow at 375 px',
    page: '/fi/tafl/tablut/',
    expect: { mobile: 'scrollWidth' },
    edit: (h) => sub(h, '</main>', '<p style="width:900px">selftest: too wide</p></main>'),
  },
  {
    name: 'board that does not scale',
    page: '/fi/tafl/brandubh/',
    expect: { mobile: 'board.svg: spans' },
    edit: (h) => sub(h, '</head>', '<style>.board-start img{width:600px!important;max-width:none!important}.prose{overflow-x:auto}</style></head>'),
  },
  {
    name: 'focus outline removed',
    page: '/tafl/tablut-tournament/',
    expect: { focus: 'no focus indicator', 'focus-dark': 'no focus indicator' },
    edit: (h) => sub(h, '</head>', '<style>a:focus-visible{outline:none}</style></head>'),
  },
  {
    name: 'low contrast text in dark mode',
    page: '/cs/tafl/tablut-tournament/',
    expect: { 'contrast-dark': 'body text', 'axe-dark': 'color-contrast' },
    edit: (h) => sub(h, '</head>', '<style>@media (prefers-color-scheme: dark){body{color:#3a342c}}</style></head>'),
  },
  {
    name: 'low contrast text in light mode',
    page: '/tafl/compare/',
    expect: { contrast: 'p.lead', axe: 'color-contrast' },
    edit: (h) => sub(h, '</head>', '<style>.lead{color:#d8d0c4}</style></head>'),
  },
  {
    name: 'language switcher to the wrong page',
    page: '/fi/tafl/tablut-tournament/',
    expect: { languages: 'not the same page translated' },
    edit: (h) => sub(h, '<a href="/cs/tafl/tablut-tournament/" hreflang="cs"', '<a href="/cs/tafl/" hreflang="cs"'),
  },
  {
    name: 'translated page with the wrong html lang',
    // (A family page: a variant page would then count as the default
    // language's and have its practice board played in Czech.)
    page: '/cs/tafl/',
    expect: { languages: 'current link is cs but <html lang="en">' },
    edit: (h) => sub(h, '<html lang="cs">', '<html lang="en">'),
  },
  {
    name: 'blank board',
    page: '/tafl/copenhagen/',
    expect: { boards: 'board.svg: blank' },
    files: {
      'tafl/copenhagen/board.svg': () =>
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400"><rect width="400" height="400" fill="#fbf7ef"/></svg>\n',
    },
  },
  {
    name: 'board that vanishes in dark mode',
    page: '/tafl/tablut-corner/',
    expect: { 'boards-dark': 'board.svg: ' },
    files: {
      'tafl/tablut-corner/board.svg': (s) =>
        sub(s, '</style>', '@media (prefers-color-scheme: dark){*{fill:#1c1915!important;stroke:#1c1915!important}}</style>'),
    },
  },
  {
    name: 'invalid SVG',
    page: '/tafl/brandubh/',
    target: /SVG and CSS files$/,
    expect: { vnu: 'brandubh/examples.svg' },
    files: { 'tafl/brandubh/examples.svg': (s) => sub(s, '<title>', '<title bogus-attr="1">') },
  },
  {
    name: 'SVG no page shows',
    page: '/tafl/brandubh/',
    target: /SVGs$/,
    expect: { 'svg-shown': '/tafl/brandubh/example-orphan.svg is not shown' },
    files: { 'tafl/brandubh/example-orphan.svg': () => fs.readFileSync(path.join(siteDir(), 'tafl/brandubh/board.svg'), 'utf8') },
  },
  {
    name: 'a board on a sheet no page shows',
    page: '/tafl/brandubh/',
    target: /SVGs$/,
    expect: { 'svg-shown': '/tafl/brandubh/examples.svg#example-orphan is not shown' },
    files: { 'tafl/brandubh/examples.svg': (s) => sub(s, '<view ', '<view id="example-orphan" viewBox="0 0 10 10"/><view ') },
  },
  {
    name: 'a game record rulehub replay refuses',
    page: '/tafl/tablut-tournament/',
    target: /^\/tafl\/tablut-tournament\/ \(reader: /,
    expect: { play: 'rulehub replay failed' },
    // Every record the board writes gains a move after the game's end.
    edit: (h) => sub(h, '</head>', `<script>(() => {
      const v = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value');
      Object.defineProperty(HTMLTextAreaElement.prototype, 'value', {
        configurable: true, get() { return v.get.call(this); },
        set(text) { v.set.call(this, text ? text + 'a1-a2\\n' : text); },
      });
    })();</script></head>`),
  },
  {
    name: 'a draughts game record rulehub replay refuses',
    page: '/draughts/english-draughts/',
    target: /^\/draughts\/english-draughts\/ \(reader: /,
    expect: { play: 'rulehub replay failed' },
    // Every record the board writes gains an impossible first move (a PDN
    // result ends the move text, so one appended after it would be skipped).
    edit: (h) => sub(h, '</head>', `<script>(() => {
      const v = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value');
      Object.defineProperty(HTMLTextAreaElement.prototype, 'value', {
        configurable: true, get() { return v.get.call(this); },
        set(text) { v.set.call(this, text ? text.replace(/^\\d+\\.+ /m, (number) => number + '1-5 ') : text); },
      });
    })();</script></head>`),
  },
  {
    name: 'a board Enter does not work on',
    page: '/tafl/brandubh/',
    expect: { 'play-keyboard': 'shows no destination' },
    // (The keyboard game is played on the first variant page the check sees.)
    edit: (h) => sub(h, '</head>', `<script>document.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && e.target.classList && e.target.classList.contains('play-cell')) { e.preventDefault(); e.stopImmediatePropagation(); }
    }, true);</script></head>`),
  },
  {
    name: 'a board that forgets its game on reload',
    page: '/tafl/brandubh/',
    expect: { 'play-line': 'after a reload the game is at ply 0' },
    // (The line is checked on the first variant page of each family.)
    edit: (h) => sub(h, '</head>', '<script>Storage.prototype.setItem = function () {};</script></head>'),
  },
  {
    name: 'an AI that ignores its level\'s reply time',
    page: '/tafl/copenhagen/',
    expect: { 'play-hard-bound': 'a hard reply took' },
    // The engine's clock stands still, so no search is ever cut: the hard
    // level's node budget alone takes longer than its reply time on 11×11.
    files: { 'assets/play/engine.js': (s) => sub(s, 'return performance.now();', 'return 0;') },
  },
  {
    name: 'a hint that draws no arrow',
    page: '/tafl/brandubh/',
    expect: { 'play-line': 'Hint draws no arrow' },
    edit: (h) => sub(h, '</head>', `<script>Element.prototype.appendChild = ((append) => function (child) {
      return child instanceof SVGElement && child.getAttribute('class') === 'play-arrow' ? child : append.call(this, child);
    })(Element.prototype.appendChild);</script></head>`),
  },
  {
    name: 'worked examples that print split across sheets',
    page: '/tafl/copenhagen/',
    expect: { print: 'may be cut across sheets' },
    edit: (h) => sub(h, '</head>', '<style>@media print{.example{break-inside:auto!important}}</style></head>'),
  },
  {
    name: 'an old address that leads nowhere',
    page: '/tafl/standard/',
    expect: { redirects: 'leads to /tafl/gone/, which is not in the site' },
    files: { 'tafl/standard/index.html': (s) => s.split('/tafl/tablut/').join('/tafl/gone/') },
  },
  {
    name: 'a stepper whose step looks like the next one under another address',
    // (Not on a variant page before /tafl/brandubh/: the keyboard fault
    // there needs the play check to see that page first.)
    page: '/tafl/copenhagen/',
    expect: { games: 'looks the same as the board of the next move' },
    edit: (h) => sub(h, 'data-src="examples.svg#example-perpetual-repetition-step-1"', 'data-src="examples.svg?again#example-perpetual-repetition-step-2"'),
  },
  {
    name: 'a sample game whose step shows the board of the move after it',
    page: '/tafl/brandubh/',
    expect: { games: 'shows a board already shown' },
    edit: (h) => sub(h, 'data-src="game-fork-between-corners.svg#game-fork-between-corners-12"', 'data-src="game-fork-between-corners.svg#game-fork-between-corners-13"'),
  },
  {
    name: 'a room client that does not load',
    page: '/tafl/brandubh/',
    expect: { room: 'A: the creator in the room, online not seen' },
    // "Invite a friend" imports room.js; a broken one opens no room.
    files: { 'assets/play/room.js': () => 'throw new Error("selftest: room.js broken");\n' },
  },
  // The checks every engine runs (engines.js), shown failing in Chromium.
  {
    name: 'a board that paints another view than its address names',
    page: '/tafl/tablut-corner/',
    // srcset wins over src: the picture is the "after" board, the address the "before" one.
    expect: { 'board-views': 'not its own #example-finnish-capture-blocked-before' },
    edit: (h) => sub(h, '<img src="examples.svg#example-finnish-capture-blocked-before"',
      '<img srcset="examples.svg#example-finnish-capture-blocked-after" src="examples.svg#example-finnish-capture-blocked-before"'),
  },
  {
    name: 'a stepper whose picture stays on the first board it showed (WebKit did this)',
    page: '/tafl/tablut/',
    expect: { stepper: 'the board on screen did not change' },
    // CSS content replaces what the <img> paints, whatever its src says later.
    edit: (h) => sub(h, '</body>', `<script>for (const img of document.querySelectorAll('.game-board img')) img.style.content = 'url("' + img.src + '")';</script></body>`),
  },
  {
    name: 'boards that print in colour',
    page: '/tafl/tablut/',
    expect: { 'print-greys': 'prints in colour' },
    edit: (h) => sub(h, '</head>', '<style>@media print{img{filter:none!important}}</style></head>'),
  },
  {
    name: 'boards that take no room until they load',
    page: '/tafl/tablut/',
    expect: { 'layout-shift': 'before its image arrives' },
    // Without a ratio an unloaded image is 0 px tall, width/height or not.
    edit: (h) => sub(h, '</head>', '<style>img{aspect-ratio:auto!important}</style></head>'),
  },
  {
    name: 'a practice board that does not show the last move',
    page: '/draughts/english-draughts/',
    expect: { practice: 'not highlighted on screen' },
    edit: (h) => sub(h, '</head>', '<style>.play-board .play-cell.play-from,.play-board .play-cell.play-to{background-image:none!important;box-shadow:none!important}</style></head>'),
  },
  {
    name: 'a search index that does not load',
    page: '/fi/',
    expect: { search: 'no results' },
    files: { 'search/fi/index.json': () => 'not json' },
  },
];

let SITE;
function siteDir() {
  return SITE;
}

function sub(text, from, to) {
  if (!text.includes(from)) throw new Error(`selftest: "${from}" not found; the fixture needs updating`);
  return text.replace(from, to);
}

function subRe(text, pattern, to) {
  if (!pattern.test(text)) throw new Error(`selftest: ${pattern} not found; the fixture needs updating`);
  return text.replace(pattern, to);
}

function pageFile(p) {
  return p === '/404.html' ? '404.html' : p.slice(1) + 'index.html';
}

async function main() {
  const args = process.argv.slice(2);
  const i = args.indexOf('--site');
  if (i < 0) throw new Error('--site <dir> is required');
  SITE = path.resolve(args[i + 1]);
  // --only a,b: only the faults these checks must catch, with only these
  // checks (to try one check's fault quickly; the coverage line is skipped).
  const o = args.indexOf('--only');
  const only = o >= 0 ? args[o + 1].split(',') : null;
  if (only) FAULTS.splice(0, FAULTS.length, ...FAULTS.filter((f) => Object.keys(f.expect).some((c) => only.includes(c))));
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'rulehub-selftest-'));
  fs.cpSync(SITE, copy, { recursive: true });
  for (const f of FAULTS) {
    if (f.edit) {
      const file = path.join(copy, pageFile(f.page));
      fs.writeFileSync(file, f.edit(fs.readFileSync(file, 'utf8')));
    }
    for (const [rel, change] of Object.entries(f.files || {})) {
      const file = path.join(copy, rel);
      const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      fs.writeFileSync(file, change(old));
    }
  }
  const pages = [...new Set(FAULTS.map((f) => f.page))];
  console.log(`selftest: ${FAULTS.length} faults on ${pages.length} pages of a copy in ${copy}`);
  const lines = [];
  const results = await checks.run(copy, { pages, only: only && only.filter((c) => checks.CHECKS[c]), log: (l) => lines.push(l) });
  // The checks every engine runs, in Chromium, on the pages whose faults
  // they must catch.
  const engineChecks = Object.keys(every.CHECKS).filter((c) => !only || only.includes(c));
  const enginePages = [...new Set(FAULTS.filter((f) => Object.keys(f.expect).some((c) => every.CHECKS[c])).map((f) => f.page))];
  if (engineChecks.length && enginePages.length) {
    results.push(...(await engines.run(copy, 'chromium', { pages: enginePages, only: engineChecks, log: (l) => lines.push(l) })));
  }
  if (process.env.SELFTEST_VERBOSE) console.log(lines.join('\n'));

  let passed = 0;
  let failed = 0;
  for (const f of FAULTS) {
    const missing = [];
    const seen = [];
    for (const [check, text] of Object.entries(f.expect).filter(([c]) => !only || only.includes(c))) {
      const hit = results.find(
        (r) =>
          r.check === check &&
          !r.ok &&
          (f.target ? f.target.test(r.target) : r.target === f.page) &&
          r.details.some((d) => d.includes(text)),
      );
      if (hit) seen.push(`${check}: ${hit.details.find((d) => d.includes(text)).slice(0, 150)}`);
      else missing.push(`${check} did not report "${text}" on ${f.page}`);
    }
    if (missing.length) {
      failed++;
      console.log(`FAIL selftest ${f.name}\n${missing.map((m) => `       - ${m}`).join('\n')}`);
    } else {
      passed++;
      console.log(`ok   selftest ${f.name} (${f.page})\n${seen.map((s) => `       caught by ${s}`).join('\n')}`);
    }
  }
  // Every check must have been shown failing at least once.
  const proven = new Set(FAULTS.flatMap((f) => Object.keys(f.expect)));
  const unproven = [...Object.keys(checks.CHECKS), ...Object.keys(every.CHECKS)].filter((c) => !proven.has(c));
  if (only) {
    // (coverage is judged on full runs only)
  } else if (unproven.length) {
    failed++;
    console.log(`FAIL selftest coverage: no fault for ${unproven.join(', ')}`);
  } else {
    passed++;
    console.log(`ok   selftest coverage: every one of ${proven.size} checks is shown to fail on its fault`);
  }
  fs.rmSync(copy, { recursive: true, force: true });
  console.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

require('./lib/run')(main);
