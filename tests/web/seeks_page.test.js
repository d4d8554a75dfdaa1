// The lobby page with many seeks (docs/web.md): it draws at most 50 (the player's own, then the
// nearest his rating), says how many more there are, and applies each seek event's change
// without reading the whole list again. Run: GABATA=build/gabata node --test seeks_page.test.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { startServer } = require('./server');
const { launch } = require('./browser');
const { request } = require('./http');

let srv, browser;
test.before(async () => {
  // --rated-one-address: the best players' test plays rated games from this one address, and
  // --rated-pair-per-day 0: up to 40 between the same two players
  srv = await startServer(['--player-rate', '0', '--seeks-per-player', '100', '--seeks-per-ip', '1000', '--rated-one-address',
    '--rated-pair-per-day', '0']);
  browser = await launch();
});
test.after(async () => {
  if (browser) await browser.close();
  if (srv) assert.equal(await srv.stop(), 0);
});
const JSON_CT = { 'Content-Type': 'application/json' };
const call = (method, p, key, body) => request(srv.base, { method, path: p, headers: key ? { ...JSON_CT, Authorization: `Bearer ${key}` } : JSON_CT, body });

test('60 seeks: 50 drawn and "10 more" said; a seek added or withdrawn is applied from its event, no GET /api/seeks', async () => {
  const p = (await call('POST', '/api/players', null, { name: 'Crowd' })).json;
  const ids = [];
  for (let i = 0; i < 60; i++) {
    const r = await call('POST', '/api/seeks', p.key, { variant: 'sadeqa' });
    assert.equal(r.status, 201, r.text);
    ids.push(r.json.seek);
  }
  const page = await (await browser.newContext({ viewport: { width: 360, height: 640 } })).newPage();
  const reads = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname === '/api/seeks' && r.method() === 'GET') reads.push(r.url()); });
  await page.goto(`${srv.base}/#lobby`);
  await page.waitForFunction(() => document.querySelectorAll('#seeks li').length === 50, null, { timeout: 15000 });
  assert.match(await page.textContent('#more-seeks'), /^10 more seeks/);
  await page.waitForFunction(() => document.body.dataset.lobbyStream === 'open', null, { timeout: 15000 });
  // the page's arrival reads the list twice, no more: the lobby shown, then the stream's hello (for
  // what changed before the stream opened); both done before the count is taken
  for (let i = 0; reads.length < 2 && i < 150; i++) await new Promise((res) => setTimeout(res, 100));
  assert.equal(reads.length, 2, 'two reads at arrival');
  await page.waitForFunction(() => !lobby.refreshing, null, { timeout: 15000 });
  const before = reads.length;
  const r = await call('POST', '/api/seeks', p.key, { variant: 'sadeqa' });
  assert.equal(r.status, 201);
  await page.waitForFunction(() => /^11 more/.test(document.getElementById('more-seeks').textContent), null, { timeout: 15000 });
  await call('DELETE', `/api/seeks/${ids[0]}`, p.key);
  await call('DELETE', `/api/seeks/${ids[1]}`, p.key);
  await page.waitForFunction(() => /^9 more/.test(document.getElementById('more-seeks').textContent), null, { timeout: 15000 });
  assert.equal(await page.locator('#seeks li').count(), 50);
  assert.equal(reads.length, before, 'the events were applied: no read of the whole list');
});

// a rated L'ab al-Akil game from the lobby, a seeking South and b accepting, that `loser` resigns
// once each seat has moved (before, it would be aborted, unrated)
async function ratedGame(a, b, loser) {
  const s = await call('POST', '/api/seeks', a.key, { variant: 'akil', rated: true, seat: 'S' });
  assert.equal(s.status, 201, s.text);
  const g = await call('POST', `/api/seeks/${s.json.seek}/accept`, b.key, {});
  assert.equal(g.status, 201, g.text);
  const id = g.json.game;
  for (let guard = 0; guard < 20; guard++) {
    const v = (await call('GET', `/api/games/${id}`)).json;
    if (v.history.some((h) => h.by === 'S') && v.history.some((h) => h.by === 'N')) break;
    const who = v.state.to_move === 'S' ? a : b;
    const r = await call('POST', `/api/games/${id}/moves`, who.key, { move: v.moves.length ? v.moves[0].text : v.free_move.example });
    assert.equal(r.status, 200, r.text);
  }
  assert.equal((await call('POST', `/api/games/${id}/resign`, loser.key, {})).status, 200);
}

test('the lobby\'s best players: settled ratings by game, highest first, each a link to the player; in Arabic, right to left', async () => {
  const a = (await call('POST', '/api/players', null, { name: 'Alemu' })).json;
  const b = (await call('POST', '/api/players', null, { name: 'سارة' })).json;
  const settled = async (p) => !(await call('GET', `/api/players/${p.id}`)).json.ratings.akil.provisional;
  for (let i = 0; i < 40 && !((await settled(a)) && (await settled(b))); i++)
    await ratedGame(a, b, i % 4 === 3 ? a : b); // Alemu wins three games of four
  assert.ok((await settled(a)) && (await settled(b)), 'both settled within 40 games');
  const page = await (await browser.newContext({ viewport: { width: 360, height: 640 } })).newPage();
  await page.goto(`${srv.base}/?lang=ar#lobby`);
  await page.waitForFunction(() => document.getElementById('best-variant').options.length === 4, null, { timeout: 15000 });
  // Sadeqa III first: nobody settled there; then L'ab al-Akil
  await page.waitForFunction(() => !document.getElementById('no-best').hidden, null, { timeout: 15000 });
  assert.ok(await page.isHidden('#best'));
  assert.doesNotMatch(await page.textContent('#no-best'), /[A-Za-z]/, 'the empty list is said in Arabic');
  await page.selectOption('#best-variant', 'akil');
  await page.waitForFunction(() => document.querySelectorAll('#best tbody tr').length === 2, null, { timeout: 15000 });
  const rows = await page.$$eval('#best tbody tr', (trs) => trs.map((tr) => ({ cells: [...tr.cells].map((c) => c.textContent),
    href: tr.querySelector('a').getAttribute('href') })));
  const ra = (await call('GET', `/api/players/${a.id}`)).json.ratings.akil;
  const rb = (await call('GET', `/api/players/${b.id}`)).json.ratings.akil;
  assert.ok(ra.rating > rb.rating, 'Alemu won more');
  assert.deepEqual(rows, [
    { cells: ['1', 'Alemu', String(ra.rating), String(ra.games)], href: `#player=${a.id}` },
    { cells: ['2', 'سارة', String(rb.rating), String(rb.games)], href: `#player=${b.id}` }]);
  // right to left: the rank's column is the rightmost, the names start at the right of their cells
  const box = await page.$$eval('#best tbody tr:first-child td', (tds) => tds.map((td) => td.getBoundingClientRect().left));
  assert.ok(box[0] > box[1] && box[1] > box[2], `columns right to left: ${box}`);
  assert.equal(await page.$eval('#best th:nth-child(2)', (th) => getComputedStyle(th).textAlign), 'start');
  const link = await page.$eval('#best tbody tr:first-child a', (el) => { const r = el.getBoundingClientRect(); return { h: r.height, right: r.right,
    cell: el.parentElement.getBoundingClientRect().right }; });
  assert.ok(link.h >= 44, `the name's link is a tap target of 44 px: ${link.h}`);
  assert.ok(link.cell - link.right < 12, `the name at its cell's start (right): ${JSON.stringify(link)}`);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'nothing off screen');
  await page.click('#best tbody tr:first-child a');
  await page.waitForFunction((id) => document.body.dataset.shownPlayer === id, a.id, { timeout: 15000 });
  await page.context().close();
});
