'use strict';
// Usage: node engines.js --site <built site dir> --engine chromium|firefox|webkit
//                        [--only check,check] [--pages /a/,/b/] [--list]
// Runs the checks of lib/every-engine.js in one engine over the built site
// and prints `N passed, N failed` last; exits 1 when anything failed.
// run.sh starts one of these per engine, side by side.
const fs = require('fs');
const path = require('path');
const server = require('./lib/server');
const engines = require('./lib/engines');
const every = require('./lib/every-engine');
const { listFiles, urlPath } = require('./lib/checks');

function parseArgs(argv) {
  const opts = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--site') opts.site = argv[++i];
    else if (a === '--engine') opts.engine = argv[++i];
    else if (a === '--only') opts.only = argv[++i].split(',');
    else if (a === '--pages') opts.pages = argv[++i].split(',');
    else if (a === '--list') opts.list = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return opts;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.list) {
    for (const [name, what] of Object.entries(every.CHECKS)) console.log(`${name.padEnd(13)} ${what}`);
    return 0;
  }
  if (!opts.site || !opts.engine) throw new Error('--site <dir> and --engine <chromium|firefox|webkit> are required');
  for (const o of opts.only || []) if (!every.CHECKS[o]) throw new Error(`unknown check ${o}`);
  const results = await run(path.resolve(opts.site), opts.engine, { only: opts.only, pages: opts.pages });
  const failed = results.filter((r) => !r.ok);
  if (failed.length) {
    console.log(`[${opts.engine}] failures:`);
    for (const r of failed) console.log(`  ${r.check} ${r.target}: ${r.details.length} problem(s), first: ${r.details[0]}`);
  }
  console.log(`${results.length - failed.length} passed, ${failed.length} failed`);
  return failed.length ? 1 : 0;
}

/** Runs the checks in `engineName` over `siteDir`; one result per (check, page). */
async function run(siteDir, engineName, { only, pages: pick, log = console.log } = {}) {
  const want = (name) => !only || only.includes(name);
  const tag = `[${engineName}]`;
  const list = [];
  const timings = new Map(); // check → ms spent
  let since = Date.now();
  const add = (check, target, details) => {
    const ok = details.length === 0;
    const ms = Date.now() - since;
    since = Date.now();
    check === 'error' || timings.set(check, (timings.get(check) || 0) + ms);
    list.push({ check, target, ok, details });
    if (ok) log(`ok   ${tag} ${check} ${target}`);
    else log(`FAIL ${tag} ${check} ${target}\n${details.slice(0, 10).map((d) => `       - ${d}`).join('\n')}${details.length > 10 ? `\n       … and ${details.length - 10} more` : ''}`);
  };
  const read = (p) => fs.readFileSync(path.join(siteDir, p.endsWith('/') ? p + 'index.html' : p), 'utf8');
  const isRedirect = (f) => /<meta http-equiv="refresh"/.test(fs.readFileSync(path.join(siteDir, f), 'utf8'));
  const htmlFiles = listFiles(siteDir).filter((f) => f.endsWith('.html'));
  const pages = htmlFiles.filter((f) => !isRedirect(f)).map(urlPath).filter((p) => !pick || pick.includes(p));
  // Pages at old addresses: a reader passes through them (console only).
  const redirects = htmlFiles.filter(isRedirect).map(urlPath).filter((p) => !pick || pick.includes(p));
  const defaultLang = (/<html lang="([^"]+)"/.exec(read('/')) || [])[1];
  const langOf = (p) => (/<html lang="([^"]+)"/.exec(read(p)) || [])[1];

  const t0 = Date.now();
  const srv = await server.start(siteDir);
  const engine = await engines.launch(engineName);
  log(`${tag} ${engineName} ${engine.version}: ${pages.length} pages`);
  for (const n of every.NOT_HERE[engineName] || []) log(`note ${tag} ${n}`);
  const counts = { boards: 0, stepped: 0, games: 0, printed: 0, held: 0 };
  const practiced = new Set(); // families whose practice board was played
  try {
    for (const p of pages) {
      const url = srv.origin + p;
      const html = read(p);
      const t = Date.now();
      try {
        srv.errors();
        since = Date.now();
        if (want('layout-shift') && /<img\b[^>]*\.svg/.test(html)) {
          const details = [];
          counts.held += await every.layoutShift(engine, srv, url, details);
          add('layout-shift', p, details);
        } else {
          await engine.open(url);
          await engine.eval(every.LOAD_ALL);
        }
        // Translations show the default language's SVG files and views, and
        // a family's print page the views its variant pages show.
        if (want('board-views') && langOf(p) === defaultLang && !/\/print\/$/.test(p)) {
          const details = [];
          counts.boards += await every.boardViews(engine, siteDir, details);
          add('board-views', p, details);
        }
        const family = p.split('/')[1];
        const practiceHere = html.includes('class="play-data"') && langOf(p) === defaultLang && !practiced.has(family);
        if (want('practice') && practiceHere) {
          practiced.add(family);
          const details = [];
          const r = await every.practice(engine, details);
          add('practice', p, details);
          if (r) log(`     ${tag} practice ${p}: reader played ${r.move}, the AI answered (ply ${r.ply}), highlight differs by ${r.highlight.toFixed(0)}`);
        }
        if (want('stepper') && html.includes('<div class="game"') && !/\/print\/$/.test(p) && langOf(p) === defaultLang) {
          const details = [];
          const r = await every.steppers(engine, siteDir, details);
          counts.games += r.games;
          counts.stepped += r.stepped;
          add('stepper', p, details);
        }
        // (Translations print with the same stylesheet and image markup.)
        if (want('print-greys') && /<img\b[^>]*\.svg/.test(html) && langOf(p) === defaultLang) {
          const details = [];
          counts.printed += await every.printGreys(engine, details);
          add('print-greys', p, details);
        }
        if (want('console')) add('console', p, [...new Set([...(await engine.problems()), ...srv.errors()])]);
      } catch (e) {
        add('error', p, [String(e.stack || e).split('\n').slice(0, 3).join(' ')]);
        // A driver that timed out may be stuck on the page; let the next start clean.
        srv.hold(false);
      }
      log(`     ${tag} (${p} took ${Date.now() - t} ms)`);
    }
    for (const p of want('console') ? redirects : []) {
      const to = (/content="0; url=([^"]+)"/.exec(read(p)) || [])[1];
      const details = [];
      since = Date.now();
      try {
        srv.errors();
        await engine.open(srv.origin + p);
        let at = null;
        for (let k = 0; k < 50 && at !== to; k++) {
          // (A script may be cut short by the page going on.)
          at = await engine.eval('return location.pathname').catch(() => null);
          if (at !== to) await new Promise((r) => setTimeout(r, 100));
        }
        if (at !== to) details.push(`still at ${at} after 5 s, not at ${to}`);
        await new Promise((r) => setTimeout(r, 1000)); // what a browser asks for as it leaves
        details.push(...new Set([...(await engine.problems()), ...srv.errors()]));
      } catch (e) {
        details.push(String(e.message || e).split('\n')[0]);
      }
      add('console', `${p} (old address)`, details);
    }
  } finally {
    await engine.close();
    await srv.close();
  }
  log(
    `${tag} ${engineName} ${engine.version}: ${pages.length} pages, ${counts.boards} boards compared with librsvg, ` +
      `${counts.held} boards measured before loading, ${counts.stepped} steps in ${counts.games} steppers, ` +
      `${counts.printed} boards under print rules, practice played on ${practiced.size} families, in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  log(`${tag} time per check: ${[...timings].map(([c, ms]) => `${c} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
  return list;
}

module.exports = { run };

if (require.main === module) require('./lib/run')(main);
