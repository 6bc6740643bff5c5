'use strict';
// Pixel statistics of a PNG screenshot, and WCAG colour maths.
const { PNG } = require('pngjs');

/** Parses `rgb(r, g, b)` / `rgba(r, g, b, a)` into [r, g, b, a]. */
function parseColor(text) {
  const m = /rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)/.exec(text || '');
  if (!m) return null;
  let a = m[4] === undefined ? 1 : parseFloat(m[4]);
  if (m[4] && m[4].endsWith('%')) a /= 100;
  return [parseFloat(m[1]), parseFloat(m[2]), parseFloat(m[3]), a];
}

function luminance([r, g, b]) {
  const lin = (c) => {
    c /= 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of two opaque colours. */
function contrast(a, b) {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Composites `fg` (with alpha) over opaque `bg`. */
function over(fg, bg) {
  const a = fg[3] === undefined ? 1 : fg[3];
  return [0, 1, 2].map((i) => fg[i] * a + bg[i] * (1 - a)).concat(1);
}

/**
 * Statistics of a screenshot: how much of it is its most common colour, and
 * what share of pixels differ clearly (sum of channel differences > 60) from
 * `background`.
 */
function stats(buffer, background) {
  const png = PNG.sync.read(buffer);
  return regionStats(png, { x: 0, y: 0, width: png.width, height: png.height }, background);
}

/**
 * The same statistics over a rectangle of a decoded PNG (one screenshot of the
 * viewport serves every board it shows). The rectangle is clipped to the
 * picture and rounded inwards, so an anti-aliased edge of the page around
 * the board does not count.
 */
function regionStats(png, rect, background) {
  const x0 = Math.max(0, Math.ceil(rect.x));
  const y0 = Math.max(0, Math.ceil(rect.y));
  const x1 = Math.min(png.width, Math.floor(rect.x + rect.width));
  const y1 = Math.min(png.height, Math.floor(rect.y + rect.height));
  const width = Math.max(0, x1 - x0);
  const height = Math.max(0, y1 - y0);
  const { data } = png;
  const counts = new Map();
  let far = 0;
  for (let y = y0; y < y1; y++) {
    for (let i = (y * png.width + x0) * 4, end = (y * png.width + x1) * 4; i < end; i += 4) {
      const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
      counts.set(key, (counts.get(key) || 0) + 1);
      if (background) {
        const d =
          Math.abs(data[i] - background[0]) +
          Math.abs(data[i + 1] - background[1]) +
          Math.abs(data[i + 2] - background[2]);
        if (d > 60) far++;
      }
    }
  }
  const total = width * height;
  let dominant = 0;
  for (const c of counts.values()) dominant = Math.max(dominant, c);
  return {
    width,
    height,
    colours: counts.size,
    dominantShare: total ? dominant / total : 1,
    farFromBackground: total ? far / total : 0,
  };
}

module.exports = { parseColor, luminance, contrast, over, stats, regionStats };
