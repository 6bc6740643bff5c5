'use strict';
// A tiny static file server for the built site, on a loopback port.
// `/dir/` serves `dir/index.html`; `/dir` redirects to `/dir/`; anything
// missing gets the site's 404.html with status 404, like a typical host.
const http = require('http');
const fs = require('fs');
const path = require('path');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

// options.transform(pathname, html) may rewrite an HTML page as it is
// served (the room check names a room server on one page this way).
// `hold(true)` keeps every SVG request waiting until `hold(false)` (the
// layout-shift check sees the page before its boards arrive); `errors()`
// returns and forgets the requests answered 4xx/5xx since it was last asked.
function start(root, options = {}) {
  root = path.resolve(root);
  let holding = false;
  let held = [];
  let errors = [];
  const server = http.createServer((req, res) => {
    if (holding && /\.svg$/.test(req.url.split(/[?#]/)[0])) {
      held.push(() => handle(req, res));
      return;
    }
    handle(req, res);
  });
  function handle(req, res) {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    const file = path.join(root, pathname);
    if (!file.startsWith(root)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    let target = file;
    try {
      const stat = fs.statSync(target);
      if (stat.isDirectory()) {
        if (!pathname.endsWith('/')) {
          res.writeHead(301, { Location: pathname + '/' }).end();
          return;
        }
        target = path.join(target, 'index.html');
      }
      let body = fs.readFileSync(target);
      if (options.transform && target.endsWith('.html')) body = options.transform(pathname, body.toString('utf8'));
      res.writeHead(200, {
        'Content-Type': TYPES[path.extname(target)] || 'application/octet-stream',
        'Cache-Control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      const notFound = path.join(root, '404.html');
      const body = fs.existsSync(notFound) ? fs.readFileSync(notFound) : 'not found';
      errors.push(`HTTP 404: ${req.url}`);
      res.writeHead(404, { 'Content-Type': TYPES['.html'] });
      res.end(req.method === 'HEAD' ? undefined : body);
    }
  }
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () => {
          for (const go of held.splice(0)) go();
          server.closeAllConnections?.();
          return new Promise((r) => server.close(r));
        },
        hold(on) {
          holding = on;
          if (!on) for (const go of held.splice(0)) go();
        },
        errors: () => errors.splice(0),
      });
    });
  });
}

module.exports = { start };
