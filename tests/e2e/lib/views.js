'use strict';
// What a board image should look like: the SVG (or one <view> of a sheet of
// boards) rendered on its own by librsvg (rsvg-convert), at the size the
// page shows it, and how near a screenshot crop comes to it. A board shows
// "its own view" when its crop is nearer to that view's rendering than to
// any other view of the same sheet, and near it in absolute terms too.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const crypto = require('crypto');
const { PNG } = require('pngjs');

const RSVG = process.env.RSVG_CONVERT || 'rsvg-convert';
// Crops and renderings are compared as grid×grid averages: 32×32, or
// coarser for a small picture (a 48 px thumbnail), so that each cell
// averages several pixels and anti-aliasing evens out.
const gridFor = (w, h) => Math.max(4, Math.min(32, Math.floor(Math.min(w, h) / 6)));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rulehub-views-'));
const cacheDir = process.env.E2E_VIEWS_CACHE || null;
if (cacheDir) fs.mkdirSync(cacheDir, { recursive: true });
process.on('exit', () => fs.rmSync(work, { recursive: true, force: true }));

const sheets = new Map(); // file → { text, views: Map(id → {viewBox, par}) }
function sheet(file) {
  if (!sheets.has(file)) {
    const text = fs.readFileSync(file, 'utf8');
    const views = new Map();
    for (const m of text.matchAll(/<view\b([^>]*)>/g)) {
      const id = (/\bid="([^"]+)"/.exec(m[1]) || [])[1];
      const viewBox = (/\bviewBox="([^"]+)"/.exec(m[1]) || [])[1];
      const par = (/\bpreserveAspectRatio="([^"]+)"/.exec(m[1]) || [])[1];
      if (id && viewBox) views.set(id, { viewBox, par });
    }
    sheets.set(file, { text, views });
  }
  return sheets.get(file);
}

/** The sheet's views' ids (empty for a plain SVG). */
function viewsOf(file) {
  return [...sheet(file).views.keys()];
}

/** An RGB grid×grid average of a PNG (or a region of it). */
function shrink(png, grid, x0 = 0, y0 = 0, w = png.width, h = png.height) {
  const GRID = grid;
  const out = new Float64Array(GRID * GRID * 3);
  const counts = new Float64Array(GRID * GRID);
  for (let y = 0; y < h; y++) {
    const gy = Math.min(GRID - 1, Math.floor((y * GRID) / h));
    for (let x = 0; x < w; x++) {
      const gx = Math.min(GRID - 1, Math.floor((x * GRID) / w));
      const i = ((y0 + y) * png.width + (x0 + x)) * 4;
      const a = png.data[i + 3] / 255; // renderings are over white, as the page's light card is near
      const cell = gy * GRID + gx;
      for (let c = 0; c < 3; c++) out[cell * 3 + c] += png.data[i + c] * a + 255 * (1 - a);
      counts[cell]++;
    }
  }
  for (let cell = 0; cell < GRID * GRID; cell++) for (let c = 0; c < 3; c++) out[cell * 3 + c] /= counts[cell] || 1;
  return out;
}

/** Mean absolute difference (0–255) of two shrunk images. */
function distance(a, b) {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

const RENDER_WIDTH = 192; // compared as grid averages, so one size serves every crop

const renders = new Map();
let renderCount = 0;
/**
 * `file` (one `view` of it, or all of it) rendered alone by librsvg,
 * RENDER_WIDTH wide with the view's proportions (a board is shown at its
 * own proportions; pictures are compared as grid averages), as a PNG.
 */
function render(file, view) {
  const key = `${file}#${view || ''}`;
  if (renders.has(key)) return renders.get(key);
  const s = sheet(file);
  const box = view ? (s.views.get(view) || {}).viewBox : (/<svg\b[^>]*\sviewBox="([^"]+)"/.exec(s.text) || [])[1];
  const [, , bw, bh] = (box || '0 0 1 1').split(/[\s,]+/).map(Number);
  const w = RENDER_WIDTH;
  const h = Math.max(1, Math.round((RENDER_WIDTH * bh) / bw));
  // Engines run side by side share their renderings (E2E_VIEWS_CACHE, a
  // directory run.sh names): each view is rendered once per site.
  const cached = cacheDir && path.join(cacheDir, `${crypto.createHash('sha1').update(s.text).digest('hex').slice(0, 16)}-${(view || '').replace(/[^\w.-]/g, '_')}.png`);
  let bytes;
  if (cached && fs.existsSync(cached)) bytes = fs.readFileSync(cached);
  else {
    if (view && !s.views.has(view)) throw new Error(`${path.basename(file)} has no view "${view}"`);
    let text = s.text;
    if (view) {
      const v = s.views.get(view);
      // The sheet with the view's viewBox as its own: what a browser shows
      // for file.svg#view.
      text = text.replace(/<svg\b[^>]*>/, (tag) => {
        const t = tag.replace(/\s(viewBox|width|height|preserveAspectRatio)="[^"]*"/g, '');
        return t.replace(/^<svg/, `<svg viewBox="${v.viewBox}"${v.par ? ` preserveAspectRatio="${v.par}"` : ''}`);
      });
    }
    const input = path.join(work, `in-${renderCount++}.svg`);
    fs.writeFileSync(input, text);
    bytes = execFileSync(RSVG, ['-w', String(w), '-h', String(h), '-b', 'white', input], { maxBuffer: 64 << 20 });
    fs.rmSync(input);
    if (cached) {
      const tmp = `${cached}.${process.pid}`;
      fs.writeFileSync(tmp, bytes);
      fs.renameSync(tmp, cached);
    }
  }
  const png = PNG.sync.read(bytes);
  const shrunk = new Map(); // grid → averages
  const out = (grid) => {
    if (!shrunk.has(grid)) shrunk.set(grid, shrink(png, grid));
    return shrunk.get(grid);
  };
  renders.set(key, out);
  return out;
}

const LIMIT = 18; // mean difference a board's own view may show (anti-aliasing, fonts)

/**
 * Does the crop (x, y, w, h of `png`) show `view` of `file`? Returns null
 * when it does, else what it looks like instead.
 */
function showsOwnView(png, crop, file, view) {
  const { x, y, w, h } = crop;
  if (w < 8 || h < 8) return `is ${w}×${h} px`;
  if (x < 0 || y < 0 || x + w > png.width || y + h > png.height) return `lies outside the viewport (${x},${y} ${w}×${h})`;
  const grid = gridFor(w, h);
  const shot = shrink(png, grid, x, y, w, h);
  const own = distance(shot, render(file, view)(grid));
  let nearest = null;
  if (view) {
    for (const other of viewsOf(file)) {
      if (other === view) continue;
      const d = distance(shot, render(file, other)(grid));
      if (d < own && (!nearest || d < nearest.d)) nearest = { view: other, d };
    }
  }
  // Two views drawn alike (the same position twice) cannot be told apart.
  if (nearest && distance(render(file, nearest.view)(grid), render(file, view)(grid)) < 1) nearest = null;
  if (nearest) return `shows #${nearest.view} (difference ${nearest.d.toFixed(1)}), not its own #${view} (${own.toFixed(1)})`;
  if (own > LIMIT) return `differs from its ${view ? `view #${view}` : 'SVG'} rendered alone by ${own.toFixed(1)} (limit ${LIMIT})`;
  return null;
}

/** Mean difference between two crops of two PNGs (0 = identical). */
function cropDistance(a, ca, b, cb) {
  const grid = gridFor(ca.w, ca.h);
  return distance(shrink(a, grid, ca.x, ca.y, ca.w, ca.h), shrink(b, grid, cb.x, cb.y, cb.w, cb.h));
}

/** The largest channel spread (max − min of r, g, b) in a crop, ignoring the 1% most coloured pixels. */
function colourfulness(png, { x, y, w, h }) {
  const spreads = [];
  for (let j = y; j < y + h; j++) {
    for (let i = x; i < x + w; i++) {
      const k = (j * png.width + i) * 4;
      const r = png.data[k];
      const g = png.data[k + 1];
      const b = png.data[k + 2];
      spreads.push(Math.max(r, g, b) - Math.min(r, g, b));
    }
  }
  spreads.sort((p, q) => p - q);
  return spreads[Math.floor(spreads.length * 0.99)] || 0;
}

/** The mean colour of a crop. */
function meanColour(png, { x, y, w, h }) {
  const sum = [0, 0, 0];
  for (let j = y; j < y + h; j++) {
    for (let i = x; i < x + w; i++) {
      const k = (j * png.width + i) * 4;
      for (let c = 0; c < 3; c++) sum[c] += png.data[k + c];
    }
  }
  return sum.map((s) => s / (w * h));
}

module.exports = { viewsOf, showsOwnView, cropDistance, colourfulness, meanColour, render, renders: () => renderCount };
