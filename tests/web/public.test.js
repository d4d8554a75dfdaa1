// The whole public path of issue 21 in the browser, as two people on two phones (two browser
// contexts, each its own storage): each chooses a name in the lobby; one makes a rated seek with
// a 5 s + 0 clock; the other sees it arrive live and accepts; both pages open the game; they make
// moves; then one side lets his clock run out: both pages say the game ended on time; the player
// pages show the ratings moved the right way (the winner above 1500, the loser below); a rematch
// is offered and accepted and both pages move to it with the seats swapped (nobody moves in it:
// it is aborted, which rates nothing); the archive lists both games and one opens in review.
// Screenshots at 360×640 of the lobby, a clocked game and a player page go to
// tests/web/out/ (see shots.js). Every URL the pages request is checked for the
// players' keys and the seats' tokens (hardening 5). And a scripts/build-static folder, which has
// no server behind it, offers no lobby.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const { execFileSync } = require('node:child_process');
const { startServer } = require('./server');
const { launch } = require('./browser');
const { fillSeek } = require('./seek_form');
const { apiOn, playerMaker } = require('./players');

const PHONE = { width: 360, height: 640 };
const { SHOTS } = require('./shots'); // untracked unless UPDATE_SCREENSHOTS=1
const ROOT = path.resolve(__dirname, '..', '..');

let srv, base, browser;
test.before(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  // --rated-one-address: both pages are on this machine, one address, and play a rated game
  srv = await startServer(['--game-rate', '0', '--games-per-ip', '0', '--heartbeat', '1', '--rated-one-address']);
  base = srv.base;
  browser = await launch();
});
test.after(async () => {
  if (browser) await browser.close();
  if (srv) assert.equal(await srv.stop(), 0, 'the server stops cleanly');
});

const urls = [];      // every URL a page requested: [who, url]
const secrets = new Set();
async function person(who) {
  const ctx = await browser.newContext({ viewport: PHONE });
  const page = await ctx.newPage();
  page.who = who;
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('request', (r) => urls.push([who, r.url(), r.method(), r.postData()]));
  page.on('response', async (r) => {
    if (r.request().method() !== 'POST') return;
    try {
      const j = await r.json();
      for (const k of ['token', 'key']) if (typeof j[k] === 'string' && j[k]) secrets.add(j[k]);
    } catch { /* not JSON */ }
  });
  return page;
}
const view = async (id) => (await fetch(`${base}/api/games/${id}`)).json();
const speed0 = (p) => p.$eval('#speed', (e) => { e.value = '0'; });

// what must hold of a phone screen: nothing wider than the screen, every control tall enough
async function fits(page, what) {
  const m = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth, width: innerWidth,
    off: [...document.querySelectorAll('button, select, input, a, summary, .clock')]
      .filter((e) => e.offsetParent !== null)
      .filter((e) => { const r = e.getBoundingClientRect(); return r.right > innerWidth + 0.5 || r.left < -0.5; })
      .map((e) => e.id || e.textContent.trim().slice(0, 30)),
    small: [...document.querySelectorAll('.screen:not([hidden]) button, .screen:not([hidden]) select, .screen:not([hidden]) input, #online button')]
      .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().height < 44).map((e) => e.id || e.textContent.trim().slice(0, 30)),
  }));
  assert.ok(m.scroll <= m.width, `${what}: no sideways scroll (${m.scroll} > ${m.width})`);
  assert.deepEqual(m.off, [], `${what}: nothing off the screen's sides`);
  assert.deepEqual(m.small, [], `${what}: controls at least 44 px tall`);
}

async function chooseName(page, name) {
  await page.goto(`${base}/#lobby`);
  await page.waitForSelector('#lobby:not([hidden]) #name-form:not([hidden])');
  await page.fill('#name-input', name);
  await page.click('#name-ok');
  await page.waitForSelector('#me-line:not([hidden])');
  assert.equal(await page.textContent('#me-link'), name);
  const me = await page.evaluate(() => JSON.parse(localStorage.getItem('gabata.player')));
  assert.equal(me.name, name);
  assert.match(me.key, /^[0-9a-f]{32,}$/, 'the key is kept in localStorage');
  return me;
}

// the side to move clicks a hole its page marks playable (the first one)
async function moveBy(page, ply) {
  await page.waitForFunction((n) => document.body.dataset.busy === 'false' && Number(document.body.dataset.ply) >= n, ply);
  const h = await page.$eval('#board .hole[data-legal="true"]', (g) => g.dataset.hole);
  await page.click(`#board .hole[data-hole="${h}"]`);
  await page.waitForFunction((n) => Number(document.body.dataset.ply) > n, ply);
}

test('two people: names, a rated 5 s + 0 seek accepted live, moves, a flag fall, ratings, a rematch, the archive', async () => {
  const a = await person('Abeba');
  const b = await person('Bekele');
  const A = await chooseName(a, 'Abeba');
  const B = await chooseName(b, 'Bekele');
  // a name is unique without regard to case
  const c = await person('copy');
  await c.goto(`${base}/#lobby`);
  await c.waitForSelector('#name-form:not([hidden])');
  await c.fill('#name-input', 'abeba');
  await c.click('#name-ok');
  await c.waitForFunction(() => /taken/.test(document.getElementById('lobby-message').textContent));
  // and a look-alike in other letters (a Cyrillic А) is refused with the name it passes for
  await c.fill('#name-input', '\u0410beba');
  await c.click('#name-ok');
  await c.waitForFunction(() => /looks like/.test(document.getElementById('lobby-message').textContent));
  assert.match(await c.textContent('#lobby-message'), /The name \u2068\u0410beba\u2069 looks like \u2068Abeba\u2069, the name of another player/);
  // "Play the computer" is one tap from the lobby
  await c.click('#play-computer');
  await c.waitForSelector('body[data-screen="game"][data-busy="false"] #board .hole[data-legal="true"]');
  assert.match(await c.textContent('#board'), /\(computer\)/);
  assert.deepEqual(c.errors, []);
  await c.context().close();

  // a seek withdrawn: gone from the other's lobby too, live
  await a.click('#seek-open');
  await a.selectOption('#seek-clock', 'none');
  await a.selectOption('#seek-rated', 'casual');
  await a.click('#seek-create');
  await b.waitForSelector('#seeks li[data-mine="false"]', { timeout: 10000 });
  assert.match(await b.textContent('#seeks li[data-mine="false"]'), /no clock · casual/);
  await a.click('#seeks li[data-mine="true"] button.withdraw');
  await b.waitForSelector('#seeks li', { state: 'detached', timeout: 10000 });

  // Abeba asks for a rated game of Sadeqa, 5 s and nothing added, and plays South
  if (!(await a.$eval('#seek-box', (d) => d.open))) await a.click('#seek-open');
  await fillSeek(a, { variant: 'sadeqa', initial: 5, increment: 0, rated: true, seat: 'S' });
  await a.click('#seek-options-box summary');
  await fits(a, 'the form of a seek, with its options');
  await a.click('#seek-create');
  await a.waitForSelector('#seeks li[data-mine="true"] button.withdraw');
  // Bekele's lobby shows it without a reload: the lobby's event stream
  await b.waitForSelector('#seeks li[data-mine="false"] button.accept', { timeout: 10000 });
  const text = await b.textContent('#seeks li[data-mine="false"]');
  assert.match(text, /Abeba/);
  assert.match(text, /1500/, 'the seeker\'s rating');
  assert.match(text, /Sadeqa/);
  assert.match(text, /5 s \+ 0/);
  assert.match(text, /rated/);
  await fits(b, 'the lobby');
  await b.screenshot({ path: path.join(SHOTS, 'public-lobby-360.png') });

  // accepted: both pages open the game, Abeba's at once through the lobby's stream
  await b.click('#seeks li[data-mine="false"] button.accept');
  await b.waitForSelector('body[data-online="N"][data-screen="game"] #board .hole', { timeout: 10000 });
  await a.waitForSelector('body[data-online="S"][data-screen="game"] #board .hole', { timeout: 10000 });
  const id = await a.getAttribute('body', 'data-game-id');
  assert.equal(await b.getAttribute('body', 'data-game-id'), id, 'the same game on both pages');
  for (const p of [a, b]) {
    await speed0(p);
    assert.equal(new URL(p.url()).hash, `#game=${id}`, 'the address names the game only');
    await p.waitForSelector('#clocks:not([hidden])');
  }
  const v0 = await view(id);
  assert.ok(v0.clock && typeof v0.clock.S === 'number', 'a clocked game');
  // South's first move has a window of its own, shown on his clock in place of his time
  await a.waitForSelector('.clock[data-first="true"][data-side="S"]');
  assert.match(await a.textContent('.clock[data-side="S"] .time'), /^1st move \d s$/);
  // moves: the first of each side costs no time; then each side's clock runs on its turn (a forced
  // move the server plays itself: the side to move is asked of the server each time)
  const pageOf = { S: a, N: b };
  let v = v0;
  while (v.history.length < 4) {
    await moveBy(pageOf[v.state.to_move], v.history.length);
    v = await view(id);
  }
  const loser = v.state.to_move, winner = loser === 'S' ? 'N' : 'S';
  const L = pageOf[loser], W = pageOf[winner];
  await L.waitForFunction((n) => document.body.dataset.busy === 'false' && Number(document.body.dataset.ply) >= n, v.history.length);
  assert.ok(await L.waitForSelector(`.clock[data-running="true"][data-side="${loser}"]`), 'the clock of the side to move runs, and is marked');
  assert.match(await L.textContent('#clock-near .who'), new RegExp(`${loser === 'S' ? 'South' : 'North'} \\(you\\)`));
  assert.match(await L.textContent('#clock-far .who'), new RegExp(`\\(\u2068(${loser === 'S' ? 'Bekele' : 'Abeba'})\u2069\\)`), 'the other clock names him (isolated: names_bidi.test.js)');
  await fits(L, 'a clocked game');
  // at 360×640 the whole board, the clocks and the status are on the screen at once
  await L.evaluate(() => window.scrollTo(0, 0));
  const box = await L.evaluate(() => ({ clocks: document.getElementById('clocks').getBoundingClientRect().top,
    board: document.getElementById('board').getBoundingClientRect().bottom, status: document.getElementById('status').getBoundingClientRect().top }));
  assert.ok(box.status >= 0 && box.clocks >= 0 && box.board <= PHONE.height + 1, `the board and the clocks fit the screen (${JSON.stringify(box)})`);
  await L.screenshot({ path: path.join(SHOTS, 'public-game-360.png') });
  // the moves went with the ply they were made at (a stale one changes nothing: 409)
  const moves = urls.filter(([, u, m]) => m === 'POST' && u.endsWith(`/api/games/${id}/moves`));
  assert.ok(moves.length >= 4 && moves.every(([, , , d]) => Number.isInteger(JSON.parse(d).ply)), 'every move carries "ply"');

  // the side to move lets his clock run out: a warning first, then both pages say "time"
  await L.waitForSelector('#clock-warning:not([hidden])', { timeout: 10000 });
  assert.match(await L.textContent('#clock-warning'), /Under 10 seconds on your clock/);
  assert.equal(await L.getAttribute('#clock-warning', 'aria-live'), 'assertive');
  const wins = new RegExp(`${winner === 'S' ? 'South' : 'North'} wins on time`);
  for (const p of [a, b]) {
    await p.waitForSelector('#status[data-end-reason="time"]', { timeout: 15000 });
    assert.match(await p.textContent('#status'), wins);
  }
  const ended = await view(id);
  assert.equal(ended.state.end_reason, 'time');
  assert.equal(ended.state.result.winner, winner);

  // the rematch: the loser offers, the winner sees it and accepts; both pages go to the new game, seats swapped
  await L.waitForSelector('#rematch-box:not([hidden]) #rematch');
  await L.click('#rematch');
  await W.waitForSelector(`#rematch-box:not([hidden])[data-by="${loser}"] #rematch`, { timeout: 10000 });
  assert.match(await W.textContent('#rematch-text'), new RegExp(`\u2068${L === a ? 'Abeba' : 'Bekele'}\u2069 offers a rematch`));
  await W.click('#rematch');
  await b.waitForSelector(`body[data-online="S"]:not([data-game-id="${id}"]) #board .hole`, { timeout: 10000 });
  await a.waitForSelector(`body[data-online="N"]:not([data-game-id="${id}"]) #board .hole`, { timeout: 10000 });
  const id2 = await a.getAttribute('body', 'data-game-id');
  assert.equal(await b.getAttribute('body', 'data-game-id'), id2);
  assert.equal((await view(id)).rematch, id2, 'the old game names its rematch');
  const v2 = await view(id2);
  assert.deepEqual(v2.clock.S, 5000, 'the same clock');
  // nobody moves in it: South's first move does not come in time, and it is aborted (unrated)
  for (const p of [a, b]) {
    await p.waitForSelector('#status[data-end-reason="aborted"]', { timeout: 15000 });
    assert.match(await p.textContent('#status'), /aborted/);
  }

  // the player pages: ratings moved the right way, provisional marked; the archive lists both games
  const ratings = {};
  for (const [p, who] of [[a, A], [b, B]]) {
    await p.click('#to-lobby');
    await p.click('#me-link');
    await p.waitForSelector(`#player:not([hidden]) #ratings tr[data-variant="sadeqa"]`);
    await p.waitForFunction(() => document.querySelectorAll('#archive li').length >= 2);
    ratings[who.name] = Number(await p.getAttribute('#ratings tr[data-variant="sadeqa"]', 'data-rating'));
    assert.equal(await p.getAttribute('#ratings tr[data-variant="sadeqa"]', 'data-provisional'), 'true');
    assert.match(await p.textContent('#ratings tr[data-variant="sadeqa"]'), /provisional/);
    const listed = await p.$$eval('#archive li', (lis) => lis.map((li) => li.dataset.game));
    assert.deepEqual(listed.slice(0, 2), [id2, id], 'both games, newest first');
  }
  const won = W === a ? 'Abeba' : 'Bekele', lost = L === a ? 'Abeba' : 'Bekele';
  assert.ok(ratings[won] > 1500, `the winner of the first game gained (${won}: ${ratings[won]})`);
  assert.ok(ratings[lost] < 1500, `the loser lost (${lost}: ${ratings[lost]})`);
  await fits(a, 'the player page');
  await a.screenshot({ path: path.join(SHOTS, 'public-player-360.png') });
  // a game of the archive opens in review
  await a.click(`#archive li[data-game="${id}"] button.review-game`);
  await a.waitForSelector('body[data-review="true"][data-screen="game"] #review:not([hidden])');
  assert.match(await a.textContent('#status'), /Looking back: the start/);
  await a.click('#review-next');
  assert.match(await a.textContent('#status'), new RegExp(`Looking back: after move 1 of ${ended.history.length}`));

  // no credential in any URL either page asked for
  assert.ok(secrets.size >= 2);
  const leaks = urls.filter(([, u]) => [...secrets].some((t) => u.includes(t)) || /[?&#](token|key)=/.test(u));
  assert.deepEqual(leaks.map(([w, u]) => `${w}: ${u}`), [], 'a credential in a URL');
  for (const p of [a, b]) {
    assert.deepEqual(p.errors, [], `${p.who}: no script error`);
    await p.context().close();
  }
});

// The lobby's list is redrawn at every event of its stream; a seek coming or going elsewhere in
// it must not take the focus (or a tap in progress) from the Accept a person is on: that button
// stays the same element, focused, and Enter on it still accepts its own seek.
test('the lobby: seeks coming and going leave the Accept a person is on where it was, focused', async () => {
  const api = apiOn(() => base);
  const player = playerMaker(api);
  const seek = async (p, body) => { const r = await api('POST', '/api/seeks', { key: p.key, body }); assert.equal(r.status, 201, r.text); return r.json.seek; };
  const first = await player('Dawit');
  const second = await player('Eleni');
  const c = await person('Chaltu');
  await chooseName(c, 'Chaltu');
  const s1 = await seek(first, { variant: 'sadeqa', seat: 'S' });
  const own = `#seeks li[data-seek="${s1}"] button.accept`;
  await c.waitForSelector(own, { timeout: 10000 });
  await c.focus(own);
  await c.$eval(own, (b) => { b.dataset.marked = 'yes'; });
  const onIt = () => c.evaluate((sel) => document.activeElement === document.querySelector(sel) && document.activeElement.dataset.marked === 'yes', own);
  assert.equal(await onIt(), true, 'the Accept has the focus');
  // another seek arrives (listed before or after it), then goes
  const s2 = await seek(second, { variant: 'qelat', seat: 'N' });
  await c.waitForSelector(`#seeks li[data-seek="${s2}"]`, { timeout: 10000 });
  assert.equal(await onIt(), true, 'a seek arriving: the same button, still focused');
  assert.equal((await api('DELETE', `/api/seeks/${s2}`, { key: second.key })).status, 200);
  await c.waitForSelector(`#seeks li[data-seek="${s2}"]`, { state: 'detached', timeout: 10000 });
  assert.equal(await onIt(), true, 'a seek going: the same button, still focused');
  assert.equal(await c.$$eval('#seeks li', (l) => l.length), 1);
  // Enter on it accepts that seek: Chaltu plays North against Dawit
  await c.keyboard.press('Enter');
  await c.waitForSelector('body[data-online="N"][data-screen="game"] #board .hole', { timeout: 15000 });
  assert.deepEqual(c.errors, [], 'no script error');
  await c.context().close();
});

// The lobby's seeks and a player's page are drawn from the server's data in the page's words;
// choosing another language draws them again in it at once (not at the next event or reload).
test('the lobby\'s seeks and a player\'s page change language with the page', async () => {
  const api = apiOn(() => base);
  const seeker = await playerMaker(api)('Gadisa');
  const f = await person('Fatuma');
  await chooseName(f, 'Fatuma');
  const r = await api('POST', '/api/seeks', { key: seeker.key, body: { variant: 'sadeqa', seat: 'S' } });
  assert.equal(r.status, 201, r.text);
  const row = `#seeks li[data-seek="${r.json.seek}"]`;
  await f.waitForSelector(`${row} button.accept`, { timeout: 10000 });
  assert.equal(await f.textContent(`${row} button.accept`), 'Accept');
  await f.click('#settings summary'); // (the language is among the settings: a gear on a phone)
  await f.selectOption('#lang-select', 'om');
  await f.waitForFunction(() => document.documentElement.lang === 'om');
  const words = await f.evaluate(() => ({ accept: t('Accept'), casual: t('casual'), south: t('plays South') }));
  assert.notEqual(words.accept, 'Accept', 'the catalog has the word');
  await f.waitForFunction((w) => { const b = document.querySelector(`${w.row} button.accept`); return b && b.textContent === w.accept; }, { row, accept: words.accept }, { timeout: 15000 });
  const detail = await f.textContent(`${row} .detail`);
  assert.ok(detail.includes(words.casual) && detail.includes(words.south), `in Afaan Oromoo: ${detail}`);
  // a player's page: Fatuma takes the seek, Gadisa aborts it (before any move): his archive says
  // so in Afaan Oromoo, then in English once English is chosen
  await f.click(`${row} button.accept`);
  await f.waitForSelector('body[data-online="N"][data-screen="game"] #board .hole', { timeout: 15000 });
  const id = await f.evaluate(() => app.view.id);
  const ab = await api('POST', `/api/games/${id}/abort`, { key: seeker.key });
  assert.equal(ab.status, 200, ab.text);
  await f.waitForFunction(() => app.view && app.view.state.over, null, { timeout: 15000 });
  await f.goto(`${base}/#player=${seeker.id}`);
  await f.waitForSelector(`#archive li[data-game="${id}"]`, { timeout: 10000 });
  const aborted = await f.evaluate(() => t('aborted'));
  assert.notEqual(aborted, 'aborted');
  assert.ok((await f.textContent(`#archive li[data-game="${id}"]`)).includes(aborted), 'the archive in Afaan Oromoo');
  if (!(await f.$eval('#settings', (d) => d.open))) await f.click('#settings summary');
  await f.selectOption('#lang-select', 'en');
  await f.waitForFunction((g) => { const li = document.querySelector(`#archive li[data-game="${g}"] .who`); return li && /^against .*Fatuma.*: aborted$/.test(li.textContent); }, id, { timeout: 15000 });
  assert.deepEqual(f.errors, [], 'no script error');
  await f.context().close();
});

test('a scripts/build-static folder, with no server behind it, offers no lobby', async () => {
  // (the engine's two files are stand-ins: the page looks for its server, not for its engine, here)
  const wasm = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-stub-wasm-'));
  fs.writeFileSync(path.join(wasm, 'gabata.js'), '');
  fs.writeFileSync(path.join(wasm, 'gabata.wasm'), '');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-static-'));
  execFileSync(path.join(ROOT, 'scripts', 'build-static'), [dir], { env: { ...process.env, WASM: wasm } });
  const server = http.createServer((req, res) => {
    const p = new URL(req.url, 'http://x').pathname;
    const file = path.join(dir, p === '/' ? 'index.html' : path.normalize(p).replace(/^\/+/, ''));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) { res.writeHead(404); res.end('not found'); return; }
    res.writeHead(200, { 'Content-Type': file.endsWith('.html') ? 'text/html' : file.endsWith('.css') ? 'text/css' : 'text/javascript' });
    res.end(fs.readFileSync(file));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const ctx = await browser.newContext({ viewport: PHONE });
  const p = await ctx.newPage();
  try {
    await p.goto(`http://127.0.0.1:${server.address().port}/#lobby`);
    await p.waitForFunction(() => document.body.dataset.engine !== undefined, null, { timeout: 30000 });
    assert.equal(await p.getAttribute('body', 'data-static'), 'true');
    assert.equal(await p.isVisible('#to-lobby'), false, 'no way to the lobby');
    assert.equal(await p.isVisible('#lobby'), false, 'and #lobby does not open it');
    assert.equal(await p.$('#opponent option[value="online"]'), null, 'nor a game online');
  } finally {
    await ctx.close();
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(wasm, { recursive: true, force: true });
  }
});
