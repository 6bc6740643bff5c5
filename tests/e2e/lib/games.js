'use strict';
// Sample games (```game blocks) as a reader steps through them: the page
// opens on the final board with the last move highlighted; "Previous" walks
// back to the start, each press showing a board not seen before that loads,
// with its own caption and the list's current move following; at the start
// the backward buttons are disabled; End, Home and ArrowRight work from the
// keyboard. Every board shown is added to `shown` for the svg-shown check.

/** How a shown board counts for svg-shown: its file, and its view on a sheet. */
function shownAs(url) {
  const u = new URL(url);
  return u.pathname + u.hash;
}

async function stepState(game) {
  return game.evaluate((g) => {
    const img = g.querySelector('.game-board img');
    return {
      src: img.getAttribute('src'),
      // Not currentSrc: Chromium's names the first view of the sheet loaded.
      url: img.src,
      alt: img.alt,
      caption: g.querySelector('.game-status').textContent,
      current: [...g.querySelectorAll('.game-moves li')].findIndex((li) => li.getAttribute('aria-current') === 'step'),
      disabled: [...g.querySelectorAll('.game-controls button')].map((b) => b.disabled),
    };
  });
}

async function loaded(page, game) {
  await page.waitForFunction((g) => {
    const img = g.querySelector('.game-board img');
    return img.complete && img.naturalWidth > 0;
  }, game, { timeout: 5000 }).then(() => true, () => false);
  return game.evaluate((g) => g.querySelector('.game-board img').naturalWidth > 0);
}

async function checkGame(page, game, label, shown, problems) {
  const buttons = await game.$$('.game-controls button');
  if (buttons.length !== 4) {
    problems.push(`${label}: expected 4 step buttons, found ${buttons.length} (stepper.js not run?)`);
    return 0;
  }
  const [, previous, next] = buttons;
  const total = await game.$$eval('.game-moves li', (lis) => lis.length);
  // The moves as the list names them: a pass (Go) leaves the board as it
  // was, so the boards on either side of one may look the same.
  const moveNames = await game.$$eval('.game-moves li', (lis) => lis.map((li) => li.textContent.trim()));
  let s = await stepState(game);
  if (s.current !== total - 1) problems.push(`${label}: opens on move ${s.current + 1}, not the last (${total})`);
  const srcs = new Set([s.src]);
  const captions = new Set([s.caption]);
  shown.add(shownAs(s.url));
  // A move always changes the position, so the board a step shows must
  // look different from the one before it: a board is a view of a sheet,
  // and a view the browser did not apply would show the same picture.
  const picture = async () => (await game.$('.game-board img')).screenshot();
  // The final board may be lazy: bring it into view and let it load first.
  await game.scrollIntoViewIfNeeded();
  if (!(await loaded(page, game))) problems.push(`${label}: ${s.src} did not load`);
  let shot = await picture();
  for (let k = total - 1; k >= 0; k--) {
    await previous.click();
    s = await stepState(game);
    const where = `${label} back to move ${k}`;
    if (s.current !== k - 1) problems.push(`${where}: the list marks move ${s.current + 1}`);
    if (srcs.has(s.src)) problems.push(`${where}: shows a board already shown (${s.src})`);
    if (captions.has(s.caption)) problems.push(`${where}: the caption did not change ("${s.caption}")`);
    if (!s.alt) problems.push(`${where}: the board has no alt text`);
    if (!(await loaded(page, game))) problems.push(`${where}: ${s.src} did not load`);
    const before = shot;
    shot = await picture();
    if (shot.equals(before) && moveNames[k] !== 'pass') problems.push(`${where}: ${s.src} looks the same as the board of the next move`);
    srcs.add(s.src);
    captions.add(s.caption);
    shown.add(shownAs(s.url));
  }
  if (!s.disabled[0] || !s.disabled[1]) problems.push(`${label}: at the start, Start and Previous are not disabled`);
  await next.focus();
  await page.keyboard.press('End');
  s = await stepState(game);
  if (s.current !== total - 1) problems.push(`${label}: End shows move ${s.current + 1}, not ${total}`);
  await page.keyboard.press('Home');
  s = await stepState(game);
  if (s.current !== -1) problems.push(`${label}: Home shows move ${s.current + 1}, not the start`);
  await page.keyboard.press('ArrowRight');
  s = await stepState(game);
  if (s.current !== 0) problems.push(`${label}: ArrowRight from the start shows move ${s.current + 1}, not 1`);
  return total + 1;
}

async function checkGames(context, origin, pages, shown, results, log) {
  for (const p of pages) {
    const page = await context.newPage();
    const problems = [];
    try {
      await page.goto(origin + p, { waitUntil: 'load' });
      const games = await page.$$('.game');
      let positions = 0;
      for (const [i, game] of games.entries()) {
        const id = await game.getAttribute('id');
        // A worked example's stepper sits in a closed <details>.
        await game.evaluate((g) => { const d = g.closest('details'); if (d) d.open = true; });
        await game.waitForSelector('.game-controls button', { timeout: 5000 }).catch(() => {});
        positions += await checkGame(page, game, `game ${i + 1} (${id})`, shown, problems);
      }
      log(`     games ${p}: ${games.length} game(s), ${positions} positions stepped through`);
    } catch (e) {
      problems.push(`the game could not be stepped through: ${e.message.split('\n')[0]}`);
    } finally {
      await page.close();
    }
    results.add('games', p, problems);
  }
}

module.exports = { checkGames, shownAs };
