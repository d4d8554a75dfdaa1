// Players' names of either direction in the page (docs/web.md): a name is isolated from the text
// around it (FSI … PDI), so that an Arabic name does not carry its neighbours into its own
// direction. Before, the lobby showed 'سلمى 1500?' as '1500 سلمى?' (the rating before the name)
// and a game between 'عمر' (South) and 'مرحبا' (North) as 'مرحبا – عمر': North first, for a reader
// of South – North; on the Arabic page two Latin names were read in the wrong order the same way.
// Measured on the drawn text (where each name's first letter lands), never on the string alone.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { startServer } = require('./server');
const { launch } = require('./browser');
const { apiOn, playerMaker, seekTaken } = require('./players');

let srv, browser;
test.before(async () => {
  srv = await startServer(['--player-rate', '0']);
  browser = await launch();
});
test.after(async () => {
  if (browser) await browser.close();
  if (srv) assert.equal(await srv.stop(), 0);
});

const api = apiOn(() => srv.base);
const player = playerMaker(api);
async function lobbyGame(south, north) {
  assert.equal((await seekTaken(api, south, north, { seat: 'S' })).status, 201);
}

// where the drawn text of `el` puts the first letter of each of `words` (its left edge, px)
const lefts = (page, sel, words) => page.$eval(sel, (el, ws) => {
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const out = {};
  for (let n = walk.nextNode(); n; n = walk.nextNode())
    for (const w of ws) {
      const i = n.data.indexOf(w);
      if (i < 0 || w in out) continue;
      const r = document.createRange();
      r.setStart(n, i);
      r.setEnd(n, i + 1);
      const b = r.getBoundingClientRect();
      out[w] = w.match(/[\u0600-\u06ff]/) ? b.right : b.left; // an Arabic word starts at its right
    }
  return out;
}, words);

test('names of either direction keep their places: South before North in the games played now, the rating after the name', async () => {
  const [omar, marhaba, salma] = [await player('عمر'), await player('مرحبا'), await player('سلمى')];
  await lobbyGame(omar, marhaba);
  assert.equal((await api('POST', '/api/seeks', { key: salma.key, body: { variant: 'sadeqa', rated: true } })).status, 201);
  const [abeba, bob] = [await player('Abeba'), await player('Bob')];
  await lobbyGame(abeba, bob);

  const page = await (await browser.newContext({ viewport: { width: 500, height: 800 } })).newPage();
  await page.goto(`${srv.base}/?lang=en#lobby`);
  await page.waitForSelector('#live-games li[data-game] >> nth=1');
  await page.waitForSelector('#seeks li');
  const live = await lefts(page, '#live-games', ['عمر', 'مرحبا']);
  assert.ok(live['عمر'] < live['مرحبا'], `left to right: South's name first (${JSON.stringify(live)})`);
  const seek = await lefts(page, '#seeks li .who', ['سلمى', '1500']);
  assert.ok(seek['سلمى'] < seek['1500'], `the rating follows the name (${JSON.stringify(seek)})`);

  await page.goto(`${srv.base}/?lang=ar#lobby`);
  await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.querySelectorAll('#live-games li[data-game]').length === 2);
  const rtl = await lefts(page, '#live-games', ['Abeba', 'Bob']);
  assert.ok(rtl.Abeba > rtl.Bob, `right to left: South's name first, on the right (${JSON.stringify(rtl)})`);
  await page.context().close();
});
