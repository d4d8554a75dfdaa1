// Online play from the page (issue 12): two browser contexts (two machines, each with its own
// storage) play a whole online game of each of the four games by clicking the holes the page
// marks playable, each seeing the other's moves live over the event stream; a third context
// watches through the spectator link, sees every move and cannot move. Mid-game one player
// reloads, and the server is killed with SIGKILL and restarted on the same --data folder: both
// pages reconnect by themselves and go on from the same position. Then the consent UI: undo asked
// and declined or accepted, a draw offered and agreed, a resignation, the opponent gone and back.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startServer } = require('./server');
const { launch } = require('./browser');

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
// many games from one address, and a stream that notices a closed page within a second or two
const SERVER_ARGS = ['--game-rate', '0', '--games-per-ip', '0', '--heartbeat', '1'];

let srv, browser, data, port;

async function start() {
  srv = await startServer(['--data', data, '--port', String(port), ...SERVER_ARGS]);
}

test.before(async () => {
  data = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-online-'));
  port = 0;
  await start();
  port = Number(new URL(srv.base).port); // a restart listens on the same port: the pages reconnect there
  browser = await launch();
});

test.after(async () => {
  if (browser) await browser.close();
  if (srv) assert.equal(await srv.stop(), 0, 'the server stops cleanly');
  fs.rmSync(data, { recursive: true, force: true });
});

async function killAndRestart() {
  const gone = new Promise((res) => srv.proc.once('exit', res));
  srv.proc.kill('SIGKILL');
  await gone;
  await start();
}

// a context is a machine: its own cookies, localStorage and event streams
async function machine(viewport = PHONE) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  return page;
}
async function close(page) {
  assert.deepEqual(page.errors, [], 'no script error on the page');
  await page.context().close();
}

function rng(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 4294967296; };
}

async function getView(id) {
  const r = await fetch(`${srv.base}/api/games/${id}`);
  assert.equal(r.status, 200);
  return r.json();
}

// the page shows at least `ply` moves and is not busy showing one
async function caughtUp(page, ply, timeout = 30000) {
  await page.waitForFunction((n) => document.body.dataset.busy === 'false' && Number(document.body.dataset.ply) >= n,
    ply, { timeout });
}

async function setOptions(page, opts) {
  if (!Object.keys(opts).length) return;
  await page.click('#options-box summary');
  for (const [k, v] of Object.entries(opts)) {
    const sel = `#options [data-key="${k}"]`;
    if ((await page.$eval(sel, (e) => e.tagName)) === 'SELECT') await page.selectOption(sel, v);
    else await page.fill(sel, v);
  }
}

// "Play a friend online": the creator chooses the game, its options and his seat, and gets a link
async function createOnline(page, variant, opts, seat) {
  await page.goto(srv.base + '/');
  await page.waitForSelector('body[data-busy="false"] #board .hole');
  if (!(await page.$eval('#setup-box', (d) => d.open))) await page.click('#new-game');
  await page.selectOption('#variant', variant);
  await setOptions(page, opts);
  await page.selectOption('#opponent', 'online');
  await page.selectOption('#side', seat);
  await page.$eval('#speed', (e) => { e.value = '0'; });
  await page.click('#start');
  await page.waitForSelector(`body[data-online="${seat}"] #invite:not([hidden])`);
  const link = await page.inputValue('#invite-link');
  const watch = await page.inputValue('#watch-link');
  const id = await page.getAttribute('body', 'data-game-id');
  assert.equal(new URL(page.url()).hash, `#game=${id}`, "the creator's own address names the game, nothing secret (hardening 5)");
  const token = await page.evaluate((gid) => JSON.parse(localStorage.getItem('gabata.seats'))[gid].token, id);
  assert.match(token, /^[0-9a-f]{64}$/, "the creator's token is kept in localStorage, by the game's id");
  assert.ok(!link.includes(token) && !watch.includes(token), 'the links carry nothing secret of the creator');
  assert.match(link, new RegExp(`#join=${id}\\.[0-9a-f]{32}$`));
  assert.ok(watch.endsWith(`#watch=${id}`));
  assert.equal(await page.getAttribute('#online-status', 'data-opponent'), 'waiting');
  // phone first: the panel fits the screen, its controls big enough to touch
  const fit = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth, width: innerWidth,
    small: [...document.querySelectorAll('#online button, #online input, #online summary')]
      .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().height < 44).map((e) => e.id || e.textContent),
  }));
  assert.ok(fit.scroll <= fit.width, `no sideways scroll: ${fit.scroll} > ${fit.width}`);
  assert.deepEqual(fit.small, [], 'the online controls are at least 44 px tall');
  assert.match(await page.textContent('#online-status'), /Waiting for your friend/);
  return { id, link, watch, token };
}

async function join(page, link, seat) {
  await page.goto(link);
  await page.waitForSelector(`body[data-online="${seat}"][data-busy="false"] #board .hole`);
  assert.doesNotMatch(page.url(), /join=/, 'the invite leaves the address once used');
  assert.match(new URL(page.url()).hash, /^#game=[0-9a-f]{32}$/, 'the address names the game only');
  await page.$eval('#speed', (e) => { e.value = '0'; });
}

async function watch(page, link) {
  await page.goto(link);
  await page.waitForSelector('body[data-online="watch"][data-busy="false"] #board .hole');
  await page.$eval('#speed', (e) => { e.value = '0'; });
}

// what a page shows: its board and its move list
async function shown(page) {
  return page.evaluate(() => ({
    holes: [...document.querySelectorAll('#board .hole')].map((g) => [Number(g.dataset.hole), Number(g.dataset.count), g.dataset.owner, g.dataset.mark]),
    stores: Object.fromEntries([...document.querySelectorAll('#board .store')].map((g) => [g.dataset.store, Number(g.dataset.count)])),
    moves: [...document.querySelectorAll('#movelist li')].map((li) => [li.dataset.by, li.dataset.move]),
    status: document.getElementById('status').textContent,
    seat: document.getElementById('board').dataset.seat,
  }));
}
function expected(view) {
  const st = view.state;
  return {
    holes: st.holes.map((c, h) => [h, c, st.owner[h], st.mark[h] || '']),
    stores: st.stores,
    moves: view.history.map((h) => [h.by, h.move]),
  };
}
async function checkShows(page, view, what) {
  const s = await shown(page);
  const e = expected(view);
  assert.deepEqual(s.holes, e.holes, `${what}: the board`);
  assert.deepEqual(s.stores, e.stores, `${what}: the stores`);
  assert.deepEqual(s.moves, e.moves, `${what}: the move list`);
  return s;
}

// the spectator cannot move: no playable hole, no tab stop on a hole, no move button or form
async function checkReadOnly(page, id) {
  const r = await page.evaluate(() => ({
    legal: document.querySelectorAll('#board .hole[data-legal="true"]').length,
    tabbable: document.querySelectorAll('#board .hole[tabindex="0"]').length,
    buttons: document.querySelectorAll('#phase-controls button, #phase-controls input, #choices:not([hidden]) button').length,
    controls: document.getElementById('online-controls').hidden,
    moveForm: document.getElementById('move-form').hidden,
    undo: document.getElementById('undo').hidden,
  }));
  assert.deepEqual(r, { legal: 0, tabbable: 0, buttons: 0, controls: true, moveForm: true, undo: true }, 'the spectator has nothing to move with');
  // a forged request from the spectator's machine: no token, a made-up one
  const forged = await page.evaluate(async (gid) => {
    const out = [];
    for (const auth of [null, 'Bearer ' + '0'.repeat(64)]) {
      const headers = { 'Content-Type': 'application/json' };
      if (auth) headers.Authorization = auth;
      const res = await fetch(`/api/games/${gid}/moves`, { method: 'POST', headers, body: JSON.stringify({ move: 'A' }) });
      out.push(res.status);
    }
    return out;
  }, id);
  assert.deepEqual(forged, [401, 403], 'a move without a seat\'s token is refused');
}

// One move by the side to move, by clicking: a hole the page marks playable (chosen at random),
// a choice, a move button, or the layout form; a forced move the page plays by itself.
async function playOne(page, view, rand) {
  if (view.free_move) { await page.click('#free-move-submit'); return 'form'; }
  if (view.moves.length === 1) return 'forced'; // (Q5, A9: the page plays it for the player)
  const legal = await page.$$eval('#board .hole[data-legal="true"]', (gs) => gs.map((g) => Number(g.dataset.hole)));
  const onHoles = [...new Set(view.moves.filter((m) => m.hole !== null && m.hole !== undefined).map((m) => m.hole))];
  assert.deepEqual(legal.sort((a, b) => a - b), onHoles.sort((a, b) => a - b), 'the page marks exactly the holes a move starts from');
  const loose = view.moves.filter((m) => m.hole === null || m.hole === undefined);
  const k = Math.floor(rand() * (legal.length + loose.length));
  if (k >= legal.length) {
    await page.click(`#phase-controls button[data-move="${loose[k - legal.length].text}"]`);
    return 'button';
  }
  const h = legal[k];
  const here = view.moves.filter((m) => m.hole === h);
  await page.click(`#board .hole[data-hole="${h}"]`);
  if (here.length > 1) {
    const m = here[Math.floor(rand() * here.length)];
    await page.waitForSelector('#choices:not([hidden])');
    await page.click(`#choices button.choice[data-move="${m.text}"]`);
    return 'choice';
  }
  return 'hole';
}

async function axe(page, what) {
  // (evaluated, not added as a script tag: the page's Content-Security-Policy allows no inline script)
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(AXE_SOURCE);
  const r = await page.evaluate(async () => {
    const res = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return res.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
  });
  assert.deepEqual(r, [], `axe-core (${what})`);
}

// short games: a single round where there are rounds, and a ply cap (a game it ends is over too)
const GAMES = [
  { variant: 'sadeqa', opts: { 'max-plies': '120' }, creator: 'S', event: 'reload' },
  { variant: 'qelat', opts: { rounds: '1', 'max-plies': '120' }, creator: 'N', event: 'restart' },
  { variant: 'akil', opts: { rounds: '1', 'max-plies': '120' }, creator: 'S', event: 'reload' },
  { variant: 'bulto', opts: { 'max-plies': '120' }, creator: 'N', event: 'restart' },
];

for (const g of GAMES) {
  test(`two machines play a whole online game of ${g.variant}, watched live; mid-game a ${g.event}`, async () => {
    const t0 = Date.now();
    const creator = await machine(PHONE);
    const friend = await machine(PHONE);
    const viewer = await machine(DESKTOP);
    const other = g.creator === 'S' ? 'N' : 'S';
    const link = await createOnline(creator, g.variant, g.opts, g.creator);
    if (g.variant === 'sadeqa') await axe(creator, 'the online panel with the link, phone');
    await join(friend, link.link, other);
    await watch(viewer, link.watch);
    const pages = { [g.creator]: creator, [other]: friend };
    // each sees the board from his own side, and the other connected
    for (const [seat, p] of Object.entries(pages)) {
      assert.equal(await p.getAttribute('#board', 'data-seat'), seat, `${seat} sees the board from his side`);
      await p.waitForSelector('#online-status[data-opponent="connected"]');
    }
    if (g.variant === 'sadeqa') await axe(viewer, 'the spectator, desktop');
    const rand = rng(g.variant.length * 97 + 3);
    let view = await getView(link.id);
    assert.equal(view.joined, true);
    const used = { hole: 0, choice: 0, button: 0, form: 0, forced: 0 };
    let steps = 0, evented = false;
    while (!view.state.over) {
      assert.ok(steps++ < 400, `${g.variant}: the game did not end`);
      const n = view.history.length;
      // everyone shows this position: the mover's own move and the other's arrived live
      for (const p of [creator, friend, viewer]) await caughtUp(p, n);
      const mover = pages[view.state.to_move];
      // (a forced move is played by the mover's page by itself, at once: nothing stands still then)
      const forced = !view.free_move && view.moves.length === 1;
      if (steps % 15 === 1 && !forced) {
        for (const [what, p] of [['the mover', mover], ['the spectator', viewer]]) await checkShows(p, view, `${g.variant} ply ${n}, ${what}`);
        // the tab's title tells the mover it is his move (he may be in another tab), nobody else
        const waiter = pages[other === view.state.to_move ? g.creator : other];
        assert.match(await mover.title(), /^Your move\. · gabata/, `${g.variant} ply ${n}: the mover's tab`);
        for (const p of [waiter, viewer]) assert.doesNotMatch(await p.title(), /Your move/, `${g.variant} ply ${n}: a tab not to move`);
        await checkReadOnly(viewer, link.id);
      }
      if (!evented && n >= 10 && !forced) {
        evented = true;
        if (g.event === 'reload') {
          await mover.reload();
          await mover.waitForSelector(`body[data-online="${view.state.to_move}"][data-busy="false"] #board .hole`);
          await mover.$eval('#speed', (e) => { e.value = '0'; });
          await caughtUp(mover, n);
          await checkShows(mover, view, `${g.variant}: after the reload`);
        } else {
          await killAndRestart();
          const after = await getView(link.id);
          assert.deepEqual(after.history, view.history, 'the restarted server has every move');
          assert.deepEqual(after.state, view.state, 'and the same position');
          // the pages reconnect by themselves (EventSource) and read the game again
          for (const p of [creator, friend, viewer]) {
            await p.waitForSelector('#online-status[data-stream="open"]', { timeout: 30000 });
            await caughtUp(p, n);
            await checkShows(p, after, `${g.variant}: after the restart`);
          }
        }
        view = await getView(link.id);
        continue;
      }
      used[await playOne(mover, view, rand)]++;
      await mover.waitForFunction((k) => Number(document.body.dataset.ply) > k || document.getElementById('message').className === 'refused', n, { timeout: 30000 });
      const msg = await mover.textContent('#message');
      assert.ok(!/not allowed|Sorry|could not|Refused/i.test(msg), `${g.variant}: ${msg}`);
      view = await getView(link.id);
      assert.ok(view.history.length > n, `${g.variant}: the move was not played`);
    }
    const n = view.history.length;
    for (const p of [creator, friend, viewer]) await caughtUp(p, n);
    const a = await checkShows(creator, view, `${g.variant} at the end, creator`);
    const b = await checkShows(friend, view, `${g.variant} at the end, friend`);
    const c = await checkShows(viewer, view, `${g.variant} at the end, spectator`);
    assert.deepEqual(c.moves, a.moves, 'the spectator saw every move the players made');
    assert.deepEqual(b.moves, a.moves);
    for (const s of [a, b, c]) assert.match(s.status, /^Game over: /);
    for (const p of [creator, friend, viewer]) assert.equal(await p.title(), 'gabata — two-row mancala games', 'the game over: the page\'s own title');
    await checkReadOnly(viewer, link.id);
    console.log(`${g.variant}: ${n} moves (${view.state.end_reason || ''}), ${used.hole} holes, ${used.choice} choices, ${used.button} buttons, ` +
      `${used.form} layouts clicked, ${used.forced} forced; ${g.event} at ply 10; ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    for (const p of [creator, friend, viewer]) await close(p);
  });
}

// Every wait of the consent test is on what the page shows, under one generous limit (a loaded
// machine can take many seconds to notice a closed page or to open a stream), never a fixed
// delay or a short cap that a slow run overshoots.
const CONSENT_WAIT = 120000;
async function patient(viewport) {
  const p = await machine(viewport);
  p.setDefaultTimeout(CONSENT_WAIT);
  return p;
}

test('consent: undo asked and declined, asked and accepted; a draw offered and agreed; resign; the opponent gone and back', async () => {
  const s = await patient(PHONE);
  const n = await patient(PHONE);
  const link = await createOnline(s, 'sadeqa', {}, 'S');
  await join(n, link.link, 'N');
  await s.waitForSelector('#online-status[data-opponent="connected"]');
  // the friend leaves (his page closed): the creator is told; he comes back through his own
  // address on the same machine (its localStorage has his token: the address names the game only)
  const nAddress = n.url();
  const nMachine = n.context();
  assert.deepEqual(n.errors, [], 'no script error on the page');
  await n.close();
  await s.waitForSelector('#online-status[data-opponent="gone"]');
  const n2 = await nMachine.newPage();
  n2.setDefaultTimeout(CONSENT_WAIT);
  n2.errors = [];
  n2.on('pageerror', (e) => n2.errors.push(String(e)));
  await n2.goto(nAddress);
  await n2.waitForSelector('body[data-online="N"][data-busy="false"] #board .hole');
  await s.waitForSelector('#online-status[data-opponent="connected"]');
  const rand = rng(9);
  const pages = { S: s, N: n2 };
  let view = await getView(link.id);
  while (view.history.length < 3) {
    const p = pages[view.state.to_move];
    await caughtUp(p, view.history.length, CONSENT_WAIT);
    await playOne(p, view, rand);
    await p.waitForFunction((k) => Number(document.body.dataset.ply) > k, view.history.length);
    view = await getView(link.id);
  }
  await caughtUp(s, 3, CONSENT_WAIT);
  await caughtUp(n2, 3, CONSENT_WAIT);
  const asker = pages[view.history[2].by], answerer = pages[view.history[2].by === 'S' ? 'N' : 'S'];
  // asked and declined: nothing changes
  await asker.click('#ask-undo');
  await answerer.waitForSelector('#offer:not([hidden])[data-kind="undo"] #offer-decline');
  assert.match(await answerer.textContent('#offer-text'), /take back/);
  assert.equal(await asker.isVisible('#offer-buttons'), false, 'the one who asked cannot answer');
  await axe(answerer, 'an offer to answer, phone');
  await answerer.click('#offer-decline');
  await asker.waitForSelector('#offer[hidden]', { state: 'attached' });
  // (the answer reaches the asker by his stream: wait for it, do not read the message at once)
  await asker.waitForFunction(() => /declined/.test(document.getElementById('message').textContent));
  assert.equal((await getView(link.id)).history.length, 3);
  // one request a move (docs/api.md): asking again needs a move played first, its button says so
  assert.equal(await asker.isDisabled('#ask-undo'), true, 'asked at this move already');
  view = await getView(link.id);
  await playOne(pages[view.state.to_move], view, rand);
  await caughtUp(asker, 4, CONSENT_WAIT);
  await caughtUp(answerer, 4, CONSENT_WAIT);
  view = await getView(link.id);
  const askerSide = view.history[2].by;
  let back = view.history.length - 1; // the take-back ends with the asker's last move
  while (view.history[back].by !== askerSide) back--;
  // asked and accepted: the asker's last move (and any after it) is taken back on both screens
  await asker.click('#ask-undo');
  await answerer.waitForSelector('#offer:not([hidden])[data-kind="undo"] #offer-accept');
  await answerer.click('#offer-accept');
  for (const p of [s, n2]) await p.waitForFunction((k) => Number(document.body.dataset.ply) === k && document.getElementById('offer').hidden, back);
  view = await getView(link.id);
  assert.equal(view.history.length, back);
  for (const p of [s, n2]) await checkShows(p, view, 'after the undo');
  // a draw offered and agreed
  await n2.click('#offer-draw');
  await s.waitForSelector('#offer:not([hidden])[data-kind="draw"] #offer-accept');
  await s.click('#offer-accept');
  for (const p of [s, n2]) await p.waitForFunction(() => /^Game over: .*agreed/.test(document.getElementById('status').textContent));
  assert.equal(await s.isDisabled('#offer-draw'), true);
  // a second game: North resigns
  const link2 = await createOnline(s, 'bulto', {}, 'S');
  const n3 = await patient(PHONE);
  await join(n3, link2.link, 'N');
  await n3.click('#resign');
  await n3.click('#resign-yes');
  for (const p of [s, n3]) await p.waitForFunction(() => /^Game over: South wins/.test(document.getElementById('status').textContent));
  assert.equal((await getView(link2.id)).state.end_reason, 'resigned');
  // the invite works once: a third machine opening it watches instead
  const late = await patient(PHONE);
  await late.goto(link2.link);
  await late.waitForSelector('body[data-online="watch"]');
  assert.match(await late.textContent('#message'), /Both seats of this game are taken/);
  for (const p of [s, n2, n3, late]) await close(p);
});
