'use strict';
// Usage: node suite.js --site <built site dir> [--screenshots <dir>] [--only check,check]
// Runs every check of lib/checks.js and prints `N passed, N failed` last;
// exits 1 when anything failed.
const path = require('path');
const checks = require('./lib/checks');

function parseArgs(argv) {
  const opts = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--site') opts.site = argv[++i];
    else if (a === '--screenshots') opts.screenshots = argv[++i];
    else if (a === '--only') opts.only = argv[++i].split(',');
    else if (a === '--list') opts.list = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return opts;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.list) {
    for (const [name, what] of Object.entries(checks.CHECKS)) console.log(`${name.padEnd(14)} ${what}`);
    return 0;
  }
  if (!opts.site) throw new Error('--site <dir> is required');
  for (const o of opts.only || []) if (!checks.CHECKS[o]) throw new Error(`unknown check ${o}`);
  const t0 = Date.now();
  const results = await checks.run(path.resolve(opts.site), {
    only: opts.only,
    screenshots: opts.screenshots && path.resolve(opts.screenshots),
  });
  const failed = results.filter((r) => !r.ok);
  console.log(`\nchecks finished in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (failed.length) {
    console.log('failures:');
    for (const r of failed) console.log(`  ${r.check} ${r.target}: ${r.details.length} problem(s), first: ${r.details[0]}`);
  }
  console.log(`${results.length - failed.length} passed, ${failed.length} failed`);
  return failed.length ? 1 : 0;
}

require('./lib/run')(main);
