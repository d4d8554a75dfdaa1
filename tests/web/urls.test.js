// No credential in any URL (issue 21, hardening 5): an address ends up in the browser's history,
// in a server's or a proxy's log, in what a person pastes into a message. Two browser contexts
// play an online game from the page (create, join by the invite link, moves, a reload, an offer)
// while every URL either page requests (Playwright's request events) and every address either
// page shows is collected; none may contain a seat's token, which the test learns from the
// answers of create and join. The invite, the one credential a link carries (docs/api.md), must
// leave the address once used.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { startServer } = require('./server');
const { launch } = require('./browser');


let srv, browser;
test.before(async () => {
  srv = await startServer(['--game-rate', '0', '--heartbeat', '1']);
  browser = await launch();
});
test.after(async () => {
  if (browser) await browser.close();
  if (srv) await srv.stop();
});

test('no token appears in any URL the pages request, nor in their addresses', async () => {
  const secrets = new Set();
  const urls = [];    // [who, url] of every request
  const shown = [];   // [who, address] after every step
  const pages = [];
  async function machine(who) {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 640 } });
    const page = await ctx.newPage();
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(String(e)));
    page.on('request', (r) => urls.push([who, r.url()]));
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) shown.push([who, f.url()]); });
    // the credentials handed out: from the answers themselves, whatever the page does with them
    page.on('response', async (r) => {
      if (r.request().method() !== 'POST' || !/\/api\/(games|games\/[^/]+\/join|players)$/.test(new URL(r.url()).pathname)) return;
      try {
        const j = await r.json();
        for (const k of ['token', 'key']) if (typeof j[k] === 'string' && j[k]) secrets.add(j[k]);
      } catch { /* not JSON */ }
    });
    pages.push([who, page]);
    return page;
  }
  const look = async () => { for (const [who, p] of pages) shown.push([who, p.url()]); };
  const speed0 = (p) => p.$eval('#speed', (e) => { e.value = '0'; });

  const a = await machine('creator');
  await a.goto(srv.base + '/?engine=server');
  await a.waitForSelector('body[data-busy="false"] #board .hole');
  if (!(await a.$eval('#setup-box', (d) => d.open))) await a.click('#new-game');
  await a.selectOption('#variant', 'sadeqa');
  await a.selectOption('#opponent', 'online');
  await a.selectOption('#side', 'S');
  await speed0(a);
  await a.click('#start');
  await a.waitForSelector('body[data-online="S"] #invite:not([hidden])');
  const link = await a.inputValue('#invite-link');
  const id = await a.getAttribute('body', 'data-game-id');
  await look();
  const b = await machine('friend');
  await b.goto(link);
  await b.waitForSelector('body[data-online="N"][data-busy="false"] #board .hole');
  await speed0(b);
  await look();
  assert.ok(secrets.size >= 3, 'the tokens handed out were seen (the first game\'s, both seats\')');
  const seatPage = { S: a, N: b };
  for (let k = 0; k < 4; k++) {
    const view = await (await fetch(`${srv.base}/api/games/${id}`)).json();
    const p = seatPage[view.state.to_move];
    const n = view.history.length;
    await p.waitForFunction((m) => document.body.dataset.busy === 'false' && Number(document.body.dataset.ply) >= m, n);
    if (view.moves.length > 1) await p.click(`#board .hole[data-hole="${view.moves.find((m) => m.hole !== null).hole}"]`);
    for (const q of [a, b]) await q.waitForFunction((m) => Number(document.body.dataset.ply) > m, n, { timeout: 20000 });
    await look();
    if (k === 1) { // a reload: the page comes back from what it kept
      await b.reload();
      await b.waitForSelector('body[data-online="N"][data-busy="false"] #board .hole');
      await speed0(b);
      await look();
    }
  }
  await a.click('#offer-draw');
  await b.waitForSelector('#offer:not([hidden])[data-kind="draw"] #offer-decline');
  await b.click('#offer-decline');
  await a.waitForSelector('#offer[hidden]', { state: 'attached' });
  await look();

  const streams = urls.filter(([, u]) => new URL(u).pathname.endsWith('/events'));
  assert.ok(streams.length >= 3, `the pages held event streams (${streams.length})`);
  const leaks = [];
  for (const [who, u] of [...urls, ...shown]) {
    for (const t of secrets) if (u.includes(t)) leaks.push(`${who}: ${u.replace(t, '<TOKEN>')}`);
    if (/[?&#]token=/.test(u)) leaks.push(`${who}: ${u}`);
  }
  assert.deepEqual([...new Set(leaks)], [], 'a credential in a URL');
  // the invite is a link's one credential: gone from the friend's address once he has joined
  assert.ok(!b.url().includes('join='), `the used invite left the address (${b.url()})`);
  assert.equal(new URL(b.url()).hash, `#game=${id}`);
  for (const [, p] of pages) {
    assert.deepEqual(p.errors, [], 'no script error');
    await p.context().close();
  }
});
