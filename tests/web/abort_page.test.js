// The page's side of aborted and abandoned games (docs/api.md "Aborted games", "Abandoned
// games"; abort.test.js has the API's): a lobby player before his first move sees "Abort the
// game", and pressing it ends the game aborted (no winner), the button gone; after his move it is
// gone. When the opponent to move has had no stream for --abandon-grace (1 s here) the page
// offers "Claim the win", and pressing it ends the game abandoned, won by the claimant.
// Run: GABATA=build/gabata node --test abort_page.test.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { startServer } = require('./server');
const { launch } = require('./browser');


let srv, browser;
test.before(async () => {
  srv = await startServer(['--player-rate', '0', '--rated-one-address', '--abandon-grace', '1']);
  browser = await launch();
});
test.after(async () => {
  if (browser) await browser.close();
  if (srv) assert.equal(await srv.stop(), 0);
});

async function api(method, p, body, key) {
  const r = await fetch(srv.base + p, {
    method, body: body ? JSON.stringify(body) : undefined,
    headers: Object.assign({ 'Content-Type': 'application/json' }, key ? { Authorization: `Bearer ${key}` } : {}),
  });
  return { status: r.status, json: await r.json().catch(() => null) };
}
let serial = 0;
async function player(name) {
  const r = await api('POST', '/api/players', { name: `${name} ${++serial}` });
  assert.equal(r.status, 201);
  return r.json;
}
// a rated lobby game: a seeks as South, b accepts (by the API: b never opens a stream)
async function lobbyGame(a, b) {
  const s = await api('POST', '/api/seeks', { variant: 'sadeqa', seat: 'S', rated: true }, a.key);
  assert.equal(s.status, 201);
  const g = await api('POST', `/api/seeks/${s.json.seek}/accept`, {}, b.key);
  assert.equal(g.status, 201);
  return g.json.game;
}
// South's page of that game: the player's key and his seat kept as the lobby leaves them
async function southPage(a, id) {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 640 } });
  await ctx.addInitScript(([p, game]) => {
    localStorage.setItem('gabata.player', JSON.stringify(p));
    localStorage.setItem('gabata.seats', JSON.stringify({ [game]: { seat: 'S', player: p.id, at: Date.now() } }));
  }, [{ id: a.id, name: a.name, key: a.key }, id]);
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.goto(`${srv.base}/#game=${id}`);
  await page.waitForSelector('body[data-busy="false"] #board .hole');
  await page.$eval('#speed', (e) => { e.value = '0'; });
  return page;
}
const view = async (id) => (await api('GET', `/api/games/${id}`)).json;
const state = async (id) => (await view(id)).state;
// a condition, asked again every 100 ms (a hang guard of 30 s, no time asserted)
async function waitFor(cond) {
  for (let i = 0; i < 300; i++) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('a condition never came true');
}

test('the page aborts a game before its player has moved, and then offers it no more', async () => {
  const a = await player('Abeba'), b = await player('Bekele');
  const id = await lobbyGame(a, b);
  const page = await southPage(a, id);
  await page.waitForSelector('#abort:not([hidden])');
  await page.click('#abort');
  await page.waitForFunction(() => /aborted/i.test(document.getElementById('message').textContent));
  const st = await state(id);
  assert.equal(st.over, true);
  assert.equal(st.end_reason, 'aborted');
  assert.equal(st.result.winner, null, 'nobody wins an aborted game');
  assert.equal(await page.$eval('#abort', (e) => e.hidden), true, 'no abort once the game is over');
  assert.deepEqual(page.errors, []);
  await page.context().close();
  // after one's own first move the button is gone (the API refuses it then)
  const id2 = await lobbyGame(a, b);
  const p2 = await southPage(a, id2);
  await p2.waitForSelector('#abort:not([hidden])');
  await p2.click('#board .hole[data-hole="2"]'); // South's C: every hole holds 6 (S1, S2)
  await p2.waitForFunction(() => document.getElementById('abort').hidden);
  assert.equal((await state(id2)).over, false);
  await p2.context().close();
});

test("the page claims the win when the opponent to move has been gone the grace", async () => {
  const a = await player('Chaltu'), b = await player('Dawit');
  const id = await lobbyGame(a, b);
  const page = await southPage(a, id);
  // each side moves once (a claim before that aborts instead), North by the API (no stream),
  // then South again: North, never connected, is to move
  await page.click('#board .hole[data-hole="2"]');
  await waitFor(async () => (await view(id)).state.to_move === 'N');
  const vn = await view(id);
  assert.equal((await api('POST', `/api/games/${id}/moves`, { move: vn.moves[0].text }, b.key)).status, 200);
  const vs = await view(id);
  await page.waitForFunction(() => app.view && app.view.state.to_move === 'S');
  await page.click(`#board .hole[data-hole="${vs.moves[0].hole}"]`);
  await waitFor(async () => (await view(id)).state.to_move === 'N');
  await page.waitForSelector('#claim:not([hidden])', { timeout: 60000 });
  // the server counts the absence itself: a press it finds too early is refused, and pressed
  // again (a hang guard of 60 tries, no time asserted)
  for (let i = 0; i < 60 && !(await state(id)).over; i++) {
    if (await page.$eval('#claim', (e) => !e.hidden)) await page.click('#claim-win');
    await page.waitForTimeout(500);
  }
  const st = await state(id);
  assert.equal(st.over, true, 'the claim ended the game');
  assert.equal(st.end_reason, 'abandoned');
  assert.equal(st.result.winner, 'S', 'the claimant wins');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
