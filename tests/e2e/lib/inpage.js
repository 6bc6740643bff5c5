// Helpers installed in every page (context.addInitScript) as window.__rh.
// Plain browser JavaScript: no Node APIs here.
/* eslint-env browser */
window.__rh = (() => {
  function parse(text) {
    const m = /rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)/.exec(text || '');
    if (!m) return null;
    let a = m[4] === undefined ? 1 : parseFloat(m[4]);
    if (m[4] && m[4].endsWith('%')) a /= 100;
    return [parseFloat(m[1]), parseFloat(m[2]), parseFloat(m[3]), a];
  }
  function over(fg, bg) {
    return [0, 1, 2].map((i) => fg[i] * fg[3] + bg[i] * (1 - fg[3])).concat(1);
  }
  // The opaque colour behind `el`: its own and its ancestors' background
  // colours composited, over the canvas (white in light, the UA's dark canvas
  // colour otherwise). Background images are ignored; the theme uses none.
  function background(el) {
    const layers = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) {
        layers.push(c);
        if (c[3] >= 1) break;
      }
    }
    const dark = matchMedia('(prefers-color-scheme: dark)').matches;
    let bg = dark ? [18, 18, 18, 1] : [255, 255, 255, 1];
    for (let i = layers.length - 1; i >= 0; i--) bg = over(layers[i], bg);
    return bg;
  }
  function visible(el) {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  }
  // A short CSS-ish path naming an element in a report.
  function describe(el) {
    const parts = [];
    for (let e = el; e && e.nodeType === 1 && parts.length < 4; e = e.parentElement) {
      let s = e.localName;
      if (e.id) { parts.unshift(`${s}#${e.id}`); break; }
      if (e.classList.length) s += '.' + [...e.classList].join('.');
      parts.unshift(s);
    }
    const text = (el.getAttribute('href') || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return parts.join(' > ') + (text ? ` "${text}"` : '');
  }
  // Every visible element with its own text, with its colour and background.
  function textSamples() {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const done = new Set();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || done.has(el) || !n.textContent.trim()) continue;
      done.add(el);
      if (!visible(el)) continue;
      const cs = getComputedStyle(el);
      const size = parseFloat(cs.fontSize);
      const bold = parseInt(cs.fontWeight, 10) >= 700;
      out.push({
        el: describe(el),
        color: parse(cs.color),
        opacity: parseFloat(cs.opacity),
        bg: background(el),
        large: size >= 24 || (bold && size >= 18.66),
      });
    }
    return out;
  }
  return { parse, background, visible, describe, textSamples };
})();
