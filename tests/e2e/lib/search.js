'use strict';
// Search as a reader uses it: on each language's home page, type a word
// into the search box and read the results. A word form the page text uses
// differently must still be found (stemming: Czech "trůnu" finds "trůn",
// Finnish "valtaistuimelta" finds "valtaistuimen"), every result must lead
// to a page in the reader's language, a word no page has must say so, and
// the first query may fetch at most 100 KB of index.
const FIRST_QUERY_BUDGET = 100 * 1024;

// Per language: a query, and a word (folded, as the index folds) that a
// result's snippet must show.
const QUERIES = {
  en: { query: 'thrones', shows: 'throne' },
  cs: { query: 'trůnu', shows: 'trun' },
  fi: { query: 'valtaistuimelta', shows: 'valtaistuim' },
};

const fold = (s) => s.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

async function runQuery(page, query) {
  // Emptied first, so the status below is this query's, not the last one's.
  await page.fill('#site-search-input', '');
  await page.waitForFunction(() => document.querySelector('.search-status').textContent.trim() === '', null, { timeout: 5000 });
  await page.type('#site-search-input', query + ' ');
  await page.waitForFunction(() => {
    const s = document.querySelector('.search-status');
    return s && s.textContent.trim() !== '';
  }, null, { timeout: 10000 });
  return page.evaluate(() => ({
    status: document.querySelector('.search-status').textContent,
    hits: [...document.querySelectorAll('.search-results li a')].map((a) => ({
      href: a.getAttribute('href'),
      marks: [...a.querySelectorAll('mark')].map((m) => m.textContent),
      text: a.textContent,
    })),
  }));
}

async function checkSearch(context, origin, homePages, results, log) {
  for (const { path: p, lang } of homePages) {
    const want = QUERIES[lang];
    if (!want) continue;
    const page = await context.newPage();
    const problems = [];
    let fetched = 0;
    const requests = [];
    page.on('response', async (r) => {
      if (!/\/search\/[^/]+\//.test(new URL(r.url()).pathname)) return;
      requests.push(r.body().then((b) => { fetched += b.length; }, () => {}));
    });
    try {
      await page.goto(origin + p, { waitUntil: 'load' });
      await page.waitForSelector('form.site-search:not([hidden])', { timeout: 5000 });
      const found = await runQuery(page, want.query);
      await Promise.all(requests);
      const first = fetched;
      if (!found.hits.length) problems.push(`"${want.query}": no results (${found.status})`);
      const prefix = p === '/' ? null : p;
      for (const hit of found.hits) {
        const inLang = prefix ? hit.href.startsWith(prefix) : !/^\/(cs|fi)\//.test(hit.href);
        if (!inLang) problems.push(`"${want.query}": result ${hit.href} is not in ${lang}`);
      }
      if (found.hits.length && !found.hits.some((h) => h.marks.some((m) => fold(m).startsWith(want.shows)))) {
        problems.push(`"${want.query}": no result marks a word starting "${want.shows}"`);
      }
      if (first > FIRST_QUERY_BUDGET) problems.push(`the first query fetched ${Math.round(first / 1024)} KB (budget ${FIRST_QUERY_BUDGET / 1024} KB)`);
      const none = await runQuery(page, 'qzxvqzxv');
      if (none.hits.length) problems.push(`"qzxvqzxv" found ${none.hits.length} results`);
      log(`     search ${p}: "${want.query}" → ${found.hits.length} results, first query fetched ${(first / 1024).toFixed(1)} KB`);
    } catch (e) {
      problems.push(`search could not be used: ${e.message.split('\n')[0]}`);
    } finally {
      await page.close();
    }
    results.add('search', p, problems);
  }
}

module.exports = { checkSearch };
