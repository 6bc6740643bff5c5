'use strict';
// Printing, as a reader does with the browser's Print command: every
// variant page and every family's "print all rules" page is printed to an
// A4 PDF by headless Chromium. Checked: the PDF has pages (a print page at
// least one per variant, each starting a new sheet); under print media the
// navigation, search, practice board and pager are gone; every board and
// worked example may not be split across sheets (break-inside: avoid) and
// fits on one (so Chromium can keep it whole); links in the prose show
// their address.
const A4 = { width: 794, height: 1123 }; // CSS px at 96 dpi
const MARGIN = 38; // 1 cm, what the PDF is printed with
const PRINTABLE_HEIGHT = A4.height - 2 * MARGIN;

function pdfPageCount(pdf) {
  // Each page object is `/Type /Page` (the tree's root is `/Type /Pages`).
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) || []).length;
}

async function checkPrintPage(context, url) {
  const page = await context.newPage();
  const problems = [];
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.emulateMedia({ media: 'print' });
    const layout = await page.evaluate((maxHeight) => {
      const out = { shown: [], unguarded: [], tooTall: [], linkWithoutAddress: null, sections: 0 };
      for (const sel of ['.site-search', '.languages', '.crumbs', '.play', '.pager', '.site-footer']) {
        for (const el of document.querySelectorAll(sel)) {
          if (getComputedStyle(el).display !== 'none') out.shown.push(sel);
        }
      }
      for (const el of document.querySelectorAll('.example, figure.board')) {
        const name = el.id || (el.querySelector('img') || {}).getAttribute?.('src') || el.className;
        if (getComputedStyle(el).breakInside !== 'avoid') out.unguarded.push(name);
        const h = el.getBoundingClientRect().height;
        if (h > maxHeight) out.tooTall.push(`${name} (${Math.round(h)} px)`);
      }
      const link = document.querySelector('.prose a[href]:not([href^="#"])');
      if (link && !getComputedStyle(link, '::after').content.includes(link.getAttribute('href'))) {
        out.linkWithoutAddress = link.getAttribute('href');
      }
      out.sections = document.querySelectorAll('.print-variant').length;
      return out;
    }, PRINTABLE_HEIGHT);
    for (const s of new Set(layout.shown)) problems.push(`${s} is printed`);
    for (const n of layout.unguarded) problems.push(`${n} may be cut across sheets (break-inside is not avoid)`);
    for (const n of layout.tooTall) problems.push(`${n} is taller than an A4 sheet, so it will be cut`);
    if (layout.linkWithoutAddress) problems.push(`the link to ${layout.linkWithoutAddress} prints without its address`);
    const margin = `${MARGIN}px`;
    const pdf = await page.pdf({ format: 'A4', margin: { top: margin, bottom: margin, left: margin, right: margin } });
    const sheets = pdfPageCount(pdf);
    if (sheets < 1) problems.push('the PDF has no pages');
    if (layout.sections && sheets < layout.sections) {
      problems.push(`${layout.sections} variants printed on ${sheets} sheets: each should start a new sheet`);
    }
    return { problems, sheets, bytes: pdf.length, sections: layout.sections };
  } finally {
    await page.close();
  }
}

async function checkPrint(browser, origin, pages, results, log) {
  const context = await browser.newContext({ viewport: A4, colorScheme: 'light', reducedMotion: 'reduce' });
  try {
    for (const p of pages) {
      let r;
      try {
        r = await checkPrintPage(context, origin + p);
      } catch (e) {
        r = { problems: [`could not print: ${e.message.split('\n')[0]}`], sheets: 0, bytes: 0, sections: 0 };
      }
      results.add('print', p, r.problems);
      log(`     print ${p}: ${r.sheets} A4 sheets, ${Math.round(r.bytes / 1024)} KB PDF${r.sections ? `, ${r.sections} variants` : ''}`);
    }
  } finally {
    await context.close();
  }
}

module.exports = { checkPrint, pdfPageCount };
