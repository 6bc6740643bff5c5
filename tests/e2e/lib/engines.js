'use strict';
// The three engines readers use, behind one small interface, for the checks
// every engine runs (lib/every-engine.js):
//
//   chromium  Debian's chromium, driven by puppeteer-core over CDP
//   firefox   Debian's firefox-esr, driven by puppeteer-core over WebDriver BiDi
//   webkit    WebKitGTK (gir1.2-webkit2-4.1), driven by lib/webkit_driver.py
//             (PyGObject) under Xvfb
//
// An engine: `version`, `open(url, {width, height, commit})`,
// `eval(body, args)` (an async function body; its JSON-able result),
// `click(x, y)` and `key(name)` (real input at a viewport point),
// `snapshot()` (PNG of the viewport), `problems()` (console errors, page
// errors and failed loads since the last open), `close()`.
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const readline = require('readline');

const EXECUTABLES = {
  chromium: process.env.CHROMIUM || '/usr/bin/chromium',
  firefox: process.env.FIREFOX || '/usr/bin/firefox-esr',
};

// Installed in every page before its own scripts: console.error, uncaught
// errors, unhandled rejections and resources that fail to load are kept in
// window.__rhConsole. WebKitGTK reports none of them to its embedder, so
// this is its console; in the other two it backs up the driver's events.
const CAPTURE = `
(() => {
  if (window.__rhConsole) return;
  const log = (window.__rhConsole = []);
  const error = console.error.bind(console);
  console.error = (...args) => { log.push('console error: ' + args.map(String).join(' ')); error(...args); };
  addEventListener('error', (e) => {
    const t = e.target;
    if (t && t !== window && (t.src || t.href)) log.push('failed to load: ' + (t.src || t.href));
    else log.push('page error: ' + (e.message || e.error));
  }, true);
  addEventListener('unhandledrejection', (e) => log.push('unhandled rejection: ' + (e.reason && e.reason.message || e.reason)));
})();
`;

function argsExpression(body, args) {
  const names = Object.keys(args || {});
  return `(async ({${names.join(', ')}}) => {\n${body}\n})(${JSON.stringify(args || {})})`;
}

async function puppeteerEngine(name, { init = [] } = {}) {
  const puppeteer = require('puppeteer-core');
  const launch =
    name === 'chromium'
      ? {
          browser: 'chrome',
          protocol: 'cdp',
          args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--hide-scrollbars'],
        }
      : {
          browser: 'firefox',
          protocol: 'webDriverBiDi',
          extraPrefsFirefox: {
            // Overlay scrollbars: the viewport is the page's full width, as in the others.
            'widget.gtk.overlay-scrollbars.enabled': true,
            'layout.testing.overlay-scrollbars.always-visible': false,
            // The layout-shift check has the server hold every SVG back until
            // the page's DOM is ready. Each held request keeps one of
            // Firefox's six connections to the server busy, and a page with
            // six boards near the top then never gets its module scripts, so
            // DOMContentLoaded never comes (a deadlock of the test, not of a
            // page a reader meets). More connections than any page has boards.
            'network.http.max-persistent-connections-per-server': 64,
          },
        };
  const browser = await puppeteer.launch({ ...launch, executablePath: EXECUTABLES[name], headless: true });
  const version = (await browser.version()).replace(/^[^/]*\//, '').replace(/^HeadlessChrome\//, '');
  const page = await browser.newPage();
  let problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText || '';
    // An image the page replaced before it loaded (the stepper) is cancelled, not failed.
    if (!/ERR_ABORTED|NS_BINDING_ABORTED/.test(why)) problems.push(`request failed: ${r.url()} (${why})`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  for (const s of [CAPTURE, ...init]) await page.evaluateOnNewDocument(s);
  return {
    name,
    version,
    async open(url, { width = 1280, height = 900, commit = false } = {}) {
      problems = [];
      await page.setViewport({ width, height, deviceScaleFactor: 1 });
      await page.goto(url, { waitUntil: commit ? 'domcontentloaded' : 'load', timeout: 60000 });
    },
    eval: (body, args) => page.evaluate(argsExpression(body, args)),
    click: (x, y) => page.mouse.click(x, y),
    key: (key) => page.keyboard.press(key),
    snapshot: async () => Buffer.from(await page.screenshot({ type: 'png' })),
    async problems() {
      const inPage = await page.evaluate('window.__rhConsole || []').catch(() => []);
      // The page's own record repeats what the driver saw; keep what only it saw.
      const extra = inPage.filter((p) => p.startsWith('failed to load') && !problems.some((q) => q.includes(p.slice(16))));
      return [...problems, ...extra];
    },
    close: () => browser.close(),
  };
}

// WebKit's names for the keys the checks press.
const GDK_KEYS = { ArrowLeft: 'Left', ArrowRight: 'Right', ArrowUp: 'Up', ArrowDown: 'Down', Enter: 'Return', Home: 'Home', End: 'End', Tab: 'Tab' };

async function webkitEngine({ init = [] } = {}) {
  const driver = path.join(__dirname, 'webkit_driver.py');
  const python = process.env.WEBKIT_PYTHON || '/usr/bin/python3';
  // xvfb-run -a picks a free display, so several runs can share a machine.
  const child = spawn('xvfb-run', ['-a', '-s', '-screen 0 1920x1200x24', python, driver], {
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
  });
  const stderr = [];
  child.stderr.on('data', (d) => stderr.push(d));
  child.stdout.on('data', () => {});
  let nextId = 1;
  const waiting = new Map();
  let dead = null;
  readline.createInterface({ input: child.stdio[3] }).on('line', (line) => {
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      return;
    }
    const w = waiting.get(msg.id);
    if (!w) return;
    waiting.delete(msg.id);
    if ('error' in msg) w.reject(new Error(msg.error));
    else w.resolve(msg.value);
  });
  child.on('exit', (code) => {
    dead = new Error(`the WebKit driver exited (${code}): ${Buffer.concat(stderr).toString().trim().split('\n').slice(-3).join(' ')}`);
    for (const w of waiting.values()) w.reject(dead);
    waiting.clear();
  });
  // Long enough for a script scrolling through a print page of every
  // variant on a loaded machine; a driver that stops answering fails the
  // page it was on.
  const send = (cmd, fields = {}, timeout = 120000) => {
    if (dead) return Promise.reject(dead);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`WebKit driver: ${cmd} did not answer within ${timeout / 1000} s`));
      }, timeout);
      waiting.set(id, {
        resolve: (v) => { clearTimeout(timer); resolve(v); },
        reject: (e) => { clearTimeout(timer); reject(e); },
      });
      child.stdin.write(JSON.stringify({ id, cmd, ...fields }) + '\n');
    });
  };
  for (const s of [CAPTURE, ...init]) await send('init', { source: s });
  const version = await send('version');
  return {
    name: 'webkit',
    version,
    open: (url, { width = 1280, height = 900, commit = false } = {}) => send('open', { url, width, height, commit }),
    eval: (body, args) => send('eval', { body, args: args || {} }),
    click: (x, y) => send('click', { x, y }),
    key: (key) => send('key', { name: GDK_KEYS[key] || key }),
    snapshot: async () => Buffer.from(await send('snapshot'), 'base64'),
    problems: () => send('eval', { body: 'return window.__rhConsole || []' }),
    async close() {
      if (dead) return;
      await send('quit', {}, 5000).catch(() => {});
      await new Promise((r) => {
        if (child.exitCode !== null) r();
        else child.once('exit', r);
        setTimeout(() => { child.kill('SIGTERM'); r(); }, 5000).unref();
      });
    },
  };
}

async function launch(name, options) {
  if (name === 'webkit') return webkitEngine(options);
  if (name === 'chromium' || name === 'firefox') {
    if (!fs.existsSync(EXECUTABLES[name])) throw new Error(`${EXECUTABLES[name]} is missing (Debian package ${name === 'firefox' ? 'firefox-esr' : 'chromium'})`);
    return puppeteerEngine(name, options);
  }
  throw new Error(`unknown engine ${name} (chromium, firefox or webkit)`);
}

module.exports = { launch, ENGINES: ['chromium', 'firefox', 'webkit'] };
