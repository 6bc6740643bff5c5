'use strict';
// The end-to-end checks of a built rulehub site. `run()` serves a site
// directory, drives headless Chromium over every page and runs the Nu HTML
// checker over every page, board SVG and stylesheet, returning one result per
// (check, target): { check, target, ok, details: [] }.
const fs = require('fs');
const path = require('path');
const { execFile } = require('child_process');
const { chromium } = require('playwright-core');
const server = require('./server');
const px = require('./pixels');
const { PNG } = require('pngjs');
const { checkPlay } = require('./play');
const { checkPrint } = require('./print');
const { checkSearch } = require('./search');
const { checkGames, shownAs } = require('./games');
const room = require('./room');

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const JOBS = Number(process.env.E2E_JOBS || 3); // pages checked at a time
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const INPAGE = fs.readFileSync(path.join(__dirname, 'inpage.js'), 'utf8');
const AXE = require.resolve('axe-core/axe.min.js');
const VNU = String(require('vnu-jar'));

// Every check, by name, with what it proves. `--only a,b` picks some.
const CHECKS = {
  'load': 'no console errors, page errors, failed requests or HTTP errors',
  'boards': 'every <img> loads (naturalWidth > 0), is visible and its screenshot is not blank',
  'svg-shown': 'every SVG in the output, and every board on a sheet of them (each <view>), is shown by some page',
  'img-alt': 'every <img> has an alt attribute; board images a non-empty one',
  'headings': 'one h1, first heading is h1, no skipped levels',
  'axe': 'axe-core: no serious or critical violations (light colour scheme)',
  'axe-dark': 'axe-core: no serious or critical violations (dark colour scheme)',
  'contrast': 'body and every visible text reach WCAG AA contrast (light)',
  'contrast-dark': 'body and every visible text reach WCAG AA contrast (dark)',
  'boards-dark': 'in dark colour scheme boards load, are not blank and stand out from the page',
  'focus': 'every Tab stop is in view and has a visible focus indicator (light)',
  'focus-dark': 'every Tab stop is in view and has a visible focus indicator (dark)',
  'languages': 'the switcher marks the page language and each link leads to that page in that language',
  'mobile': 'at 375 px nothing overflows horizontally and boards fit the viewport',
  'vnu': 'Nu HTML checker: 0 errors (HTML pages, SVGs, CSS)',
  'play': 'on every variant page a random reader plays a whole game against the AI; rulehub replay accepts the copied record; no main-thread task > 50 ms',
  'play-keyboard': 'a few moves by keyboard alone (Tab, arrows, Enter), each announced in the live region',
  'play-line': 'the move list grows with the game and shows earlier positions (click, End); a reload keeps the game; Hint draws the engine’s move from a movable piece and words its verdict; Take back stops the AI while it thinks, shown by a progress bar; New game starts over',
  'play-hard-bound': 'on the largest board of each family the hard level replies within 3 s',
  'search': 'on each language home, a word in another form finds pages of that language; an unknown word finds none; the first query fetches <= 100 KB',
  'redirects': 'every page at an old address (old_slugs) leads to a page of the site',
  'print': 'variant and print-all pages print to A4 PDF without navigation, with every board and example unsplit and link addresses shown',
  'games': 'each sample game steps back from its final board to the start, every board new, loaded and captioned; End, Home and ArrowRight work from the keyboard',
  'room': 'two pages play a whole game through a `rulehub room` server (invite, join by link, a watcher), survive its kill -9 and restart, refusal shown, rematch and leave; the stored record replays; room UI contrast, focus and axe in light and dark',
};

function listFiles(dir, rel = '') {
  const out = [];
  for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(dir, r));
    else out.push(r);
  }
  return out.sort();
}

/** `tafl/index.html` → `/tafl/`; `404.html` → `/404.html`. */
function urlPath(file) {
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html')) return '/' + file.slice(0, -'index.html'.length);
  return '/' + file;
}

class Results {
  constructor(log) {
    this.list = [];
    this.log = log;
  }
  add(check, target, details) {
    const ok = details.length === 0;
    this.list.push({ check, target, ok, details });
    if (ok) this.log(`ok   ${check} ${target}`);
    else {
      const shown = details.slice(0, 10).map((d) => `       - ${d}`);
      if (details.length > 10) shown.push(`       … and ${details.length - 10} more`);
      this.log(`FAIL ${check} ${target}\n${shown.join('\n')}`);
    }
  }
}

const notes = new Set();
// Seconds each check has spent (pages overlap, so per check these add up to
// more than the run's time); printed last, so a slow check shows in CI's log.
const spent = new Map();
async function timed(name, work) {
  const t0 = Date.now();
  try {
    return await work();
  } finally {
    spent.set(name, (spent.get(name) || 0) + (Date.now() - t0));
  }
}
// Opens `url` in a new page of `context`, recording everything that goes
// wrong while it loads, then scrolls through it so lazy images load.
// With `{ scroll: false }` the boards below the fold are left to load
// lazily: every board states its size, so the layout is the same.
async function open(context, url, { scroll = true } = {}) {
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    // Every page names its icon (templates/base.html), so even Chromium's
    // /favicon.ico probe would be a real failure here.
    if (m.type() === 'error') problems.push(`console error: ${m.text()}${m.location()?.url ? ` (${m.location().url})` : ''}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  const response = await page.goto(url, { waitUntil: 'load' });
  if (!response) problems.push('no response');
  await page.evaluate(async (scroll) => {
    // What a reader can open is checked open ("At a glance", a worked
    // example's steps): its boards, contrast and focus stops count too.
    for (const d of document.querySelectorAll('details')) d.open = true;
    if (!scroll) return;
    const step = Math.max(200, innerHeight - 100);
    // Every wait is bounded: a headless renderer can leave a frame or an
    // image's decode() pending forever, and a run that hangs reports
    // nothing. A board that never loads fails the checks that follow.
    const atMost = (ms, promise) => Promise.race([promise, new Promise((r) => setTimeout(r, ms))]);
    const nextFrame = () => atMost(200, new Promise((r) => requestAnimationFrame(() => setTimeout(r, 20))));
    for (let y = 0; y < document.scrollingElement.scrollHeight; y += step) {
      scrollTo(0, y);
      await nextFrame();
    }
    // Under load, Chromium can miss a lazy board that the pass above
    // scrolled by, leaving it waiting to be near (complete=false). A reader
    // who scrolls to it sees it load; so does this, going back to each one.
    const deadline = Date.now() + 10000;
    for (;;) {
      const pending = [...document.images].filter((i) => !i.complete);
      if (pending.length === 0 || Date.now() >= deadline) break;
      for (const img of pending) {
        img.scrollIntoView({ block: 'center' });
        await nextFrame();
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await atMost(5000, Promise.all([...document.images].map((i) => i.decode().catch(() => {}))));
    scrollTo(0, 0);
  }, scroll);
  return { page, problems };
}

async function imageInfo(page) {
  return page.$$eval('img', (imgs) =>
    imgs.map((img) => {
      const r = img.getBoundingClientRect();
      return {
        src: img.getAttribute('src'),
        url: img.currentSrc || img.src,
        // What the element shows: Chromium's currentSrc names the first
        // view of a sheet that any <img> loaded, not this one's.
        shows: img.src,
        alt: img.getAttribute('alt'),
        complete: img.complete,
        naturalWidth: img.naturalWidth,
        visible: window.__rh.visible(img),
        left: r.left + scrollX,
        right: r.right + scrollX,
        top: r.top + scrollY,
        width: r.width,
        height: r.height,
        bg: window.__rh.background(img.parentElement),
        board: /\.svg(\?|#|$)/.test(img.getAttribute('src') || ''),
        // A thumbnail beside its variant's title link repeats the link, so
        // its empty alt is right (WCAG: a redundant image).
        thumbnail: img.classList.contains('thumbnail'),
      };
    }),
  );
}

// Loaded, visible and non-blank; with `standOut`, also clearly different
// from the page background over a good share of its area. One screenshot of
// the viewport serves every board that scroll position shows whole (a
// screenshot per image made this the slowest check); a board taller or
// wider than the viewport gets its own element screenshot.
// `shownInDefault` holds the images (path and view) the default language's
// pages show: a translation shows those files and views with the same markup
// and stylesheet, so its copies are checked for loading and visibility and
// judged from a screenshot on the default language's page only.
// A screenshot of the viewport. Headless Chromium on a loaded machine has
// twice left the page waiting for a frame on the tallest pages (the
// print-all pages, hundreds of boards) until a 30 s timeout, while the
// same pages passed in other runs; so a screenshot that times out is
// tried once more, after a pause, before it counts as the page's failure.
async function viewportShot(page) {
  try {
    return await page.screenshot({ animations: 'disabled', timeout: 15000 });
  } catch (e) {
    if (!/Timeout/.test(e.message)) throw e;
    await page.waitForTimeout(1000);
    return page.screenshot({ animations: 'disabled', timeout: 30000 });
  }
}

async function checkImages(page, standOut, shownInDefault = null) {
  const details = [];
  const infos = await imageInfo(page);
  const judgedThere = (img) => shownInDefault !== null && shownInDefault.has(pathAndView(img.shows));
  const judge = (img, s) => {
    const name = img.src;
    if (s.dominantShare > 0.995 || s.colours < 3) {
      details.push(`${name}: blank (${s.colours} colours, ${(s.dominantShare * 100).toFixed(1)}% one colour)`);
    } else if (standOut && img.board && s.farFromBackground < 0.2) {
      details.push(
        `${name}: hardly differs from the page background rgb(${img.bg.slice(0, 3).join(',')}) ` +
          `(${(s.farFromBackground * 100).toFixed(1)}% of pixels)`,
      );
    }
  };
  const viewport = page.viewportSize();
  const left = [];
  for (let i = 0; i < infos.length; i++) {
    const img = infos[i];
    if (!img.complete || img.naturalWidth === 0) {
      details.push(`${img.src}: not loaded (complete=${img.complete}, naturalWidth=${img.naturalWidth})`);
    } else if (!img.visible) details.push(`${img.src}: not visible`);
    else if (!judgedThere(img)) left.push(i);
  }
  const oversized = (img) => img.height > viewport.height - 16 || img.right > viewport.width;
  for (const i of left.filter((k) => oversized(infos[k]))) {
    try {
      const handle = (await page.$$('img'))[i];
      judge(infos[i], px.stats(await handle.screenshot({ timeout: 5000, animations: 'disabled' }), infos[i].bg));
    } catch (e) {
      details.push(`${infos[i].src}: no screenshot (${e.message.split('\n')[0]})`);
    }
  }
  const pending = left.filter((k) => !oversized(infos[k])).sort((a, b) => infos[a].top - infos[b].top);
  while (pending.length) {
    const y = Math.max(0, infos[pending[0]].top - 8);
    const scrolled = await page.evaluate(async (to) => {
      scrollTo(0, to);
      // A frame after the scroll, or half a second where no frame comes (a
      // run once waited on one for 12 minutes).
      await new Promise((r) => {
        requestAnimationFrame(() => setTimeout(r, 20));
        setTimeout(r, 500);
      });
      return scrollY;
    }, y);
    const png = PNG.sync.read(await viewportShot(page));
    const shown = pending.filter((k) => {
      const img = infos[k];
      return img.top >= scrolled && img.top + img.height <= scrolled + viewport.height;
    });
    // The page may not scroll as far as the first board's top (its foot is
    // near): that board is still in view, lower down.
    if (!shown.includes(pending[0])) {
      details.push(`${infos[pending[0]].src}: could not be scrolled into view`);
      shown.push(pending[0]);
    }
    for (const k of shown) {
      const img = infos[k];
      if (img.top >= scrolled && img.top + img.height <= scrolled + viewport.height) {
        judge(img, px.regionStats(png, { x: img.left, y: img.top - scrolled, width: img.width, height: img.height }, img.bg));
      }
      pending.splice(pending.indexOf(k), 1);
    }
  }
  await page.evaluate(() => scrollTo(0, 0));
  return { details, infos };
}

/** An image address without its origin: `/tafl/brandubh/examples.svg#view`. */
function pathAndView(url) {
  const u = new URL(url, 'http://localhost');
  return u.pathname + u.hash;
}

/** Every image (path and view) the default language's pages show, from their HTML. */
function imagesOfPages(siteDir, pages) {
  const shown = new Set();
  for (const p of pages) {
    const html = fs.readFileSync(path.join(siteDir, p.endsWith('/') ? p + 'index.html' : p), 'utf8');
    for (const m of html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/g)) {
      shown.add(pathAndView(new URL(m[1].replace(/&amp;/g, '&'), 'http://localhost' + p).href));
    }
  }
  return shown;
}

function checkAlt(infos) {
  const details = [];
  for (const img of infos) {
    if (img.alt === null) details.push(`${img.src}: no alt attribute`);
    else if (img.board && !img.thumbnail && !img.alt.trim()) details.push(`${img.src}: board image with empty alt`);
  }
  return details;
}

async function checkHeadings(page) {
  const heads = await page.$$eval('h1,h2,h3,h4,h5,h6', (hs) =>
    hs.map((h) => ({ level: +h.localName[1], text: h.textContent.trim().slice(0, 50) })),
  );
  const details = [];
  const h1s = heads.filter((h) => h.level === 1).length;
  if (h1s !== 1) details.push(`${h1s} h1 elements`);
  if (heads.length && heads[0].level !== 1) details.push(`first heading is h${heads[0].level} "${heads[0].text}"`);
  for (let i = 1; i < heads.length; i++) {
    if (heads[i].level > heads[i - 1].level + 1) {
      details.push(`h${heads[i - 1].level} "${heads[i - 1].text}" is followed by h${heads[i].level} "${heads[i].text}"`);
    }
  }
  for (const h of heads) if (!h.text) details.push(`empty h${h.level}`);
  return details;
}

async function checkAxe(page) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes.length} node(s): ` +
        v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' ') + (n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ').slice(0, 160)})` : ''))
          .join('; '),
    );
}

async function checkContrast(page) {
  const details = [];
  const body = await page.evaluate(() => {
    const cs = getComputedStyle(document.body);
    return { color: window.__rh.parse(cs.color), bg: window.__rh.background(document.body) };
  });
  const bodyRatio = px.contrast(px.over(body.color, body.bg), body.bg);
  if (bodyRatio < 4.5) details.push(`body text ${fmt(body.color)} on ${fmt(body.bg)}: contrast ${bodyRatio.toFixed(2)} < 4.5`);
  const samples = await page.evaluate(() => window.__rh.textSamples());
  for (const s of samples) {
    const fg = px.over([...s.color.slice(0, 3), s.color[3] * s.opacity], s.bg);
    const ratio = px.contrast(fg, s.bg);
    const need = s.large ? 3 : 4.5;
    if (ratio < need) details.push(`${s.el}: ${fmt(fg)} on ${fmt(s.bg)} contrast ${ratio.toFixed(2)} < ${need}`);
  }
  return details;
}

function fmt(c) {
  return `rgb(${c.slice(0, 3).map((v) => Math.round(v)).join(',')})`;
}

// Tabs through the page: every stop must be the focused element, matched by
// :focus-visible, inside the viewport, and drawn with an outline (or box
// shadow) at least 2 px wide whose colour contrasts 3:1 with the background.
async function checkFocus(page) {
  const details = [];
  await page.evaluate(() => {
    document.activeElement?.blur();
    scrollTo(0, 0);
  });
  const seen = new Set();
  let stops = 0;
  for (let n = 0; n < 500; n++) {
    await page.keyboard.press('Tab');
    const f = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body || el === document.documentElement) return null;
      const cs = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      let key = el.localName;
      for (let e = el; e.parentElement; e = e.parentElement) key = [...e.parentElement.children].indexOf(e) + '/' + key;
      return {
        key,
        name: window.__rh.describe(el),
        focusVisible: el.matches(':focus-visible'),
        outlineStyle: cs.outlineStyle,
        outlineWidth: parseFloat(cs.outlineWidth) || 0,
        outlineColor: window.__rh.parse(cs.outlineColor),
        boxShadow: cs.boxShadow,
        bg: window.__rh.background(el.parentElement || el),
        inView: r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight,
      };
    });
    if (!f || seen.has(f.key)) break;
    seen.add(f.key);
    stops++;
    const problems = [];
    if (!f.focusVisible) problems.push('not :focus-visible');
    if (!f.inView) problems.push('outside the viewport');
    const outline = f.outlineStyle !== 'none' && f.outlineStyle !== 'hidden' && f.outlineWidth >= 2;
    if (!outline && f.boxShadow === 'none') {
      problems.push(`no focus indicator (outline ${f.outlineStyle} ${f.outlineWidth}px, box-shadow ${f.boxShadow})`);
    } else if (outline && f.outlineColor) {
      const ratio = px.contrast(px.over(f.outlineColor, f.bg), f.bg);
      if (ratio < 3) problems.push(`outline ${fmt(f.outlineColor)} on ${fmt(f.bg)}: contrast ${ratio.toFixed(2)} < 3`);
    }
    if (problems.length) details.push(`${f.name}: ${problems.join(', ')}`);
  }
  if (stops === 0) details.push('Tab reached nothing');
  return details;
}

// The language and switcher links of a page's HTML text, or of the page
// itself when `html` is null; runs in the page.
function switcherOf({ html, base }) {
  const doc = html === null ? document : new DOMParser().parseFromString(html, 'text/html');
  return {
    lang: doc.documentElement.lang,
    links: [...doc.querySelectorAll('nav.languages a')].map((a) => ({
      href: new URL(a.getAttribute('href'), base).pathname,
      hreflang: a.getAttribute('hreflang'),
      current: a.getAttribute('aria-current') === 'page',
    })),
  };
}

// Every link of the page's language switcher leads to the same page in the
// link's language, and that page's switcher lists the same pages with itself
// marked current. One link a page is followed by a click (waiting for the
// DOM only: the load check has already loaded the page whole); the others
// are fetched, which is what a click loads, and read from their HTML.
async function checkLanguages(context, origin, urlp) {
  const details = [];
  const page = await context.newPage();
  try {
    await page.goto(origin + urlp, { waitUntil: 'domcontentloaded' });
    const here = await page.evaluate(switcherOf, { html: null, base: origin + urlp });
    const current = here.links.filter((l) => l.current);
    if (here.links.length < 2) {
      details.push(`language switcher has ${here.links.length} link(s)`);
      return details;
    }
    if (current.length !== 1) details.push(`${current.length} links marked aria-current`);
    else if (current[0].hreflang !== here.lang) details.push(`current link is ${current[0].hreflang} but <html lang="${here.lang}">`);
    const hrefs = here.links.map((l) => l.href).sort().join(' ');
    const compare = (link, landed, status, there) => {
      const tag = `${link.hreflang} link → ${landed}`;
      if (status < 200 || status >= 300) details.push(`${tag}: HTTP ${status}`);
      if (there.lang !== link.hreflang) details.push(`${tag}: <html lang="${there.lang}">, expected ${link.hreflang}`);
      const cur = there.links.find((l) => l.current);
      if (!cur || cur.href !== landed) details.push(`${tag}: that page does not mark itself current in its switcher`);
      else if (cur.hreflang !== link.hreflang) details.push(`${tag}: that page's current language is ${cur.hreflang}`);
      if (urlp !== '/404.html' && there.links.map((l) => l.href).sort().join(' ') !== hrefs) {
        details.push(`${tag}: its switcher lists other pages (${there.links.map((l) => l.href).join(' ')}) — not the same page translated`);
      }
    };
    const others = [];
    for (let i = 0; i < here.links.length; i++) {
      const link = here.links[i];
      if (!link.current) others.push(i);
      else if (link.href !== urlp && urlp !== '/404.html') details.push(`current link points to ${link.href}, not to this page`);
    }
    for (const i of others.slice(1)) {
      const link = here.links[i];
      const got = await page.evaluate(async (href) => {
        const r = await fetch(href);
        return { status: r.status, landed: new URL(r.url).pathname, html: await r.text() };
      }, link.href);
      compare(link, got.landed, got.status, await page.evaluate(switcherOf, { html: got.html, base: origin + got.landed }));
    }
    if (others.length) {
      const i = others[0];
      const [response] = await Promise.all([
        page.waitForNavigation({ waitUntil: 'domcontentloaded' }),
        page.locator('nav.languages a').nth(i).click(),
      ]);
      const landed = new URL(page.url()).pathname;
      compare(here.links[i], landed, response ? response.status() : 0, await page.evaluate(switcherOf, { html: null, base: page.url() }));
    }
  } catch (e) {
    details.push(`language switcher: ${e.message.split('\n')[0]}`);
  } finally {
    await page.close();
  }
  return details;
}

async function checkMobile(page) {
  const details = [];
  const m = await page.evaluate(() => {
    const se = document.scrollingElement;
    const wide = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.right > innerWidth + 0.5 && window.__rh.visible(el)) {
        // Report the outermost offenders only, not each of their children;
        // content inside a horizontally scrolling box does not count.
        let scroller = false;
        for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
          const ov = getComputedStyle(e).overflowX;
          if (ov === 'auto' || ov === 'scroll' || ov === 'hidden') scroller = true;
        }
        if (!scroller && !wide.some((w) => w.el.contains(el))) wide.push({ el, right: Math.round(r.right) });
      }
    }
    return {
      scrollWidth: se.scrollWidth,
      innerWidth,
      wide: wide.slice(0, 5).map((w) => `${window.__rh.describe(w.el)} reaches ${w.right}px`),
    };
  });
  if (m.scrollWidth > m.innerWidth) {
    details.push(`scrollWidth ${m.scrollWidth} > innerWidth ${m.innerWidth}${m.wide.length ? ': ' + m.wide.join('; ') : ''}`);
  }
  for (const img of await imageInfo(page)) {
    if (!img.board) continue;
    if (img.width <= 0 || img.height <= 0) details.push(`${img.src}: rendered ${img.width}×${img.height}`);
    else if (img.left < -0.5 || img.right > m.innerWidth + 0.5) {
      details.push(`${img.src}: spans ${Math.round(img.left)}–${Math.round(img.right)}px, viewport is ${m.innerWidth}px`);
    }
  }
  return details;
}

/** What of an SVG file a page must show: each board (view) of a sheet, or the file. */
function boardsOf(siteDir, file) {
  const text = fs.readFileSync(path.join(siteDir, file), 'utf8');
  const views = [...text.matchAll(/<view id="([^"]+)"/g)].map((m) => `/${file}#${m[1]}`);
  return views.length ? views : [`/${file}`];
}

function runVnu(siteDir, files) {
  const targets = files.filter((f) => /\.(html|svg|css)$/.test(f)).map((f) => path.join(siteDir, f));
  const args = ['-jar', VNU, '--also-check-svg', '--also-check-css', '--format', 'json', ...targets];
  return new Promise((resolve, reject) => {
    execFile('java', args, { maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      let messages;
      try {
        messages = JSON.parse(stderr || stdout).messages;
      } catch (e) {
        reject(new Error(`vnu printed no JSON (${err ? err.message : 'exit 0'}): ${(stderr || stdout).slice(0, 500)}`));
        return;
      }
      const byFile = new Map(targets.map((t) => [t, []]));
      for (const m of messages) {
        if (m.type !== 'error' && m.type !== 'non-document-error') continue;
        const file = m.url ? decodeURIComponent(m.url.replace(/^file:/, '')) : '(vnu)';
        const where = m.lastLine ? `${m.lastLine}:${m.firstColumn || m.lastColumn}` : '';
        const text = `${where} ${m.message}${m.extract ? ` [${m.extract.replace(/\s+/g, ' ').trim().slice(0, 80)}]` : ''}`;
        if (!byFile.has(file)) byFile.set(file, []);
        byFile.get(file).push(text.trim());
      }
      resolve(byFile);
    });
  });
}

/**
 * Runs the checks over `siteDir`. Options: `only` (array of check names),
 * `screenshots` (directory for a screenshot of one variant page per
 * language), `log` (line printer).
 */
async function run(siteDir, { only, pages: pick, screenshots, log = console.log } = {}) {
  const want = (name) => !only || only.includes(name);
  const results = new Results(log);
  const files = listFiles(siteDir);
  // Pages at old addresses only send the reader on (meta refresh); they
  // are checked for where they lead, not as pages.
  const isRedirect = (f) => /<meta http-equiv="refresh"/.test(fs.readFileSync(path.join(siteDir, f), 'utf8'));
  const htmlFiles = files.filter((f) => f.endsWith('.html'));
  const redirects = htmlFiles.filter(isRedirect);
  const pages = htmlFiles
    .filter((f) => !redirects.includes(f))
    .map(urlPath)
    .filter((p) => !pick || pick.includes(p));
  if (want('redirects')) {
    for (const f of redirects.filter((r) => !pick || pick.includes(urlPath(r)))) {
      const html = fs.readFileSync(path.join(siteDir, f), 'utf8');
      const to = (/content="0; url=([^"]+)"/.exec(html) || [])[1];
      const problems = [];
      if (!to) problems.push('no address to go on to');
      else {
        const target = path.join(siteDir, decodeURIComponent(to), to.endsWith('/') ? 'index.html' : '');
        if (!fs.existsSync(target)) problems.push(`leads to ${to}, which is not in the site`);
        else if (isRedirect(path.relative(siteDir, target))) problems.push(`leads to ${to}, another redirect`);
      }
      results.add('redirects', urlPath(f), problems);
    }
  }
  const svgs = files.filter((f) => f.endsWith('.svg'));
  log(`${pages.length} pages, ${svgs.length} SVGs in ${siteDir}`);

  const vnu = want('vnu') ? runVnu(siteDir, files) : null; // runs beside the browser
  const srv = await server.start(siteDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    const base = { reducedMotion: 'reduce', deviceScaleFactor: 1 };
    const light = await browser.newContext({ ...base, viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    const dark = await browser.newContext({ ...base, viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    const mobile = await browser.newContext({ ...base, viewport: { width: 375, height: 812 }, colorScheme: 'light' });
    for (const c of [light, dark, mobile]) await c.addInitScript({ content: INPAGE });

    const shown = new Set();
    const info = new Map(); // page → { lang, boards }
    const langOf = (p) => (/<html lang="([^"]+)"/.exec(fs.readFileSync(path.join(siteDir, p.endsWith('/') ? p + 'index.html' : p), 'utf8')) || [])[1];
    const siteLang = langOf('/');
    const shownInDefault = imagesOfPages(siteDir, pages.filter((p) => langOf(p) === siteLang));
    const translation = (p) => (langOf(p) === siteLang ? null : shownInDefault);
    // One page's checks; results are buffered and printed per page, in order.
    const checkOne = async (p, results) => {
      const t0 = Date.now();
      const { page, problems } = await timed('load', () => open(light, srv.origin + p));
      if (want('load')) results.add('load', p, problems);
      const { details: boardProblems, infos } = await timed('boards', () => checkImages(page, false, translation(p)));
      for (const i of infos) shown.add(shownAs(i.shows));
      if (want('boards')) results.add('boards', p, boardProblems);
      if (want('img-alt')) results.add('img-alt', p, checkAlt(infos));
      if (want('headings')) results.add('headings', p, await timed('headings', () => checkHeadings(page)));
      if (want('contrast')) results.add('contrast', p, await timed('contrast', () => checkContrast(page)));
      if (want('focus')) results.add('focus', p, await timed('focus', () => checkFocus(page)));
      if (want('axe')) results.add('axe', p, await timed('axe', () => checkAxe(page)));
      const lang = await page.evaluate(() => document.documentElement.lang);
      info.set(p, { lang, boards: infos.some((i) => i.board) });
      await page.close();

      if (['axe-dark', 'contrast-dark', 'boards-dark', 'focus-dark'].some(want)) {
        const d = await timed('load', () => open(dark, srv.origin + p));
        if (want('boards-dark')) {
          const r = await timed('boards-dark', () => checkImages(d.page, true, translation(p)));
          results.add('boards-dark', p, [...d.problems, ...r.details]);
        }
        if (want('contrast-dark')) results.add('contrast-dark', p, await timed('contrast-dark', () => checkContrast(d.page)));
        if (want('focus-dark')) results.add('focus-dark', p, await timed('focus-dark', () => checkFocus(d.page)));
        if (want('axe-dark')) results.add('axe-dark', p, await timed('axe-dark', () => checkAxe(d.page)));
        await d.page.close();
      }
      if (want('mobile')) {
        // (The layout at 375 px does not wait for boards: each states its size.)
        const m = await timed('mobile', () => open(mobile, srv.origin + p, { scroll: false }));
        results.add('mobile', p, [...m.problems, ...(await timed('mobile', () => checkMobile(m.page)))]);
        await m.page.close();
      }
      if (want('languages')) results.add('languages', p, await timed('languages', () => checkLanguages(light, srv.origin, p)));
      results.log(`     (${p} took ${Date.now() - t0} ms)`);
    };
    // A few pages at a time: most of the time is spent waiting on the browser.
    const buffers = pages.map(() => null);
    let next = 0;
    let printed = 0;
    const flush = () => {
      while (printed < pages.length && buffers[printed] && buffers[printed].done) {
        for (const line of buffers[printed].lines) log(line);
        results.list.push(...buffers[printed].list);
        printed++;
      }
    };
    const worker = async () => {
      while (next < pages.length) {
        const i = next++;
        const buf = new Results(() => {});
        buf.lines = [];
        buf.log = (line) => buf.lines.push(line);
        buffers[i] = buf;
        try {
          await checkOne(pages[i], buf);
        } catch (e) {
          buf.add('error', pages[i], [String(e.stack || e).split('\n').slice(0, 3).join(' ')]);
        }
        buf.done = true;
        flush();
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, JOBS) }, worker));
    flush();
    const shotPages = new Map(); // language → first variant page
    for (const p of pages) {
      const i = info.get(p);
      if (i && i.boards && !shotPages.has(i.lang)) shotPages.set(i.lang, p);
    }
    if (want('play') || want('play-keyboard') || want('play-line') || want('play-hard-bound')) {
      const variants = [];
      // The default language is the home page's (which a selftest run may not visit).
      const home = fs.readFileSync(path.join(siteDir, 'index.html'), 'utf8');
      const defaultLang = (/<html lang="([^"]+)"/.exec(home) || [])[1];
      for (const p of pages) {
        const html = fs.readFileSync(path.join(siteDir, p.endsWith('/') ? p + 'index.html' : p), 'utf8');
        if (html.includes('class="play-data"') && info.get(p)?.lang === defaultLang) variants.push(p);
      }
      await timed('play', () => checkPlay(light, srv.origin, variants, results, log, want));
    }
    if (want('search')) {
      const homes = pages
        .filter((p) => p === '/' || p === `/${info.get(p)?.lang}/`)
        .map((p) => ({ path: p, lang: info.get(p)?.lang }));
      await timed('search', () => checkSearch(light, srv.origin, homes, results, log));
    }
    if (want('games')) {
      // Sample games on the default language's pages (translations show the same boards).
      const home = fs.readFileSync(path.join(siteDir, 'index.html'), 'utf8');
      const defaultLang = (/<html lang="([^"]+)"/.exec(home) || [])[1];
      const withGames = pages.filter((p) => {
        const html = fs.readFileSync(path.join(siteDir, p.endsWith('/') ? p + 'index.html' : p), 'utf8');
        // (Print pages show games without the stepper: paper cannot step.)
        return html.includes('<div class="game"') && !/\/print\/$/.test(p) && info.get(p)?.lang === defaultLang;
      });
      await timed('games', () => checkGames(light, srv.origin, withGames, shown, results, log));
    }
    if (want('print')) {
      // Every family's print page, and the variant pages of the default language.
      const home = fs.readFileSync(path.join(siteDir, 'index.html'), 'utf8');
      const defaultLang = (/<html lang="([^"]+)"/.exec(home) || [])[1];
      const printed = pages.filter((p) => {
        if (/\/print\/$/.test(p)) return true;
        const html = fs.readFileSync(path.join(siteDir, p.endsWith('/') ? p + 'index.html' : p), 'utf8');
        return html.includes('class="board board-start"') && info.get(p)?.lang === defaultLang;
      });
      await timed('print', () => checkPrint(browser, srv.origin, printed, results, log));
    }
    if (want('room') && (!pick || pick.includes(room.PAGE))) {
      await timed('room', () => room.checkRoom(browser, siteDir, results, log, { inpage: INPAGE, checkContrast, checkFocus, checkAxe }));
    }
    if (want('room') && (!pick || pick.includes(room.DRAUGHTS_PAGE))) {
      await timed('room', () => room.checkDraughtsRoom(browser, siteDir, results, log, { inpage: INPAGE, checkContrast, checkFocus, checkAxe }));
    }
    if (want('svg-shown')) {
      const missing = svgs.flatMap((s) => boardsOf(siteDir, s)).filter((s) => !shown.has(s));
      results.add('svg-shown', `${svgs.length} SVGs`, missing.map((s) => `${s} is not shown on any page`));
    }
    if (screenshots) {
      fs.mkdirSync(screenshots, { recursive: true });
      for (const [lang, p] of shotPages) {
        const slug = p.split('/').filter(Boolean).pop();
        for (const [ctx, suffix] of [[light, ''], [dark, '-dark'], [mobile, '-375']]) {
          const { page } = await open(ctx, srv.origin + p);
          const file = path.join(screenshots, `${lang}-${slug}${suffix}.png`);
          await page.screenshot({ path: file, fullPage: true });
          await page.close();
          log(`     screenshot ${file}`);
        }
      }
    }
  } finally {
    await browser.close();
    await srv.close();
  }
  if (vnu) {
    const byFile = await timed('vnu (after the browser checks)', () => vnu);
    const svgProblems = [];
    for (const [file] of byFile) {
      const rel = path.relative(siteDir, file);
      if (rel.endsWith('.html') && pick && !pick.includes(urlPath(rel))) byFile.delete(file);
    }
    for (const [file, problems] of byFile) {
      const rel = path.relative(siteDir, file);
      if (rel.endsWith('.html')) results.add('vnu', urlPath(rel), problems);
      else for (const pr of problems) svgProblems.push(`${rel}: ${pr}`);
    }
    const others = [...byFile.keys()].filter((f) => !f.endsWith('.html')).length;
    results.add('vnu', `${others} SVG and CSS files`, svgProblems);
  }
  for (const n of notes) log(`note ${n}`);
  const perCheck = [...spent].sort((a, b) => b[1] - a[1]).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`);
  log(`time per check (pages overlap): ${perCheck.join(', ')}`);
  return results.list;
}

module.exports = { run, CHECKS, listFiles, urlPath };
