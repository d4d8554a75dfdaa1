// Rated games between the same two players (docs/api.md, "Ratings"): of the rated games two
// accounts finish against each other in a rolling 24 hours only the first --rated-pair-per-day
// (default 3) are rated. One person with two accounts on two addresses, losing on purpose with
// one, lifted the other's rating as far as he liked. Past the limit a rated seek of one is not
// taken by the other and a rated rematch between them is not made (403, one line, in the
// players' languages: play a casual game instead); a third player, and casual games, are not
// touched. Counted from the database: a restart (SIGKILL) forgets nothing. Games already being
// played count at the seek, and one that ends past the limit ends casual.
// Run: GABATA=build/gabata node --test rated_pairs.test.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { startServer, gabataBinary } = require('./server');
const { apiOn, playerMaker, seekTaken } = require('./players');

// each player on an address of his own (no --rated-one-address: the farmer of the story has two)
const OTHER = '127.0.0.2';
const ARGS = ['--player-rate', '0', '--seeks-per-ip', '50'];
const LIMIT = /^you and this opponent have reached the limit of (\d+) rated games against each other in 24 hours \(--rated-pair-per-day\): play a casual game instead$/;

let srv;
let data;
test.before(async () => {
  data = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-pairs-'));
  srv = await startServer(['--data', data, ...ARGS]);
});
test.after(async () => {
  if (srv) assert.equal(await srv.stop(), 0);
  fs.rmSync(data, { recursive: true, force: true });
});

const api = apiOn(() => srv.base);
const player = playerMaker(api);

async function kill(s) {
  if (s.proc.exitCode !== null || s.proc.signalCode) return;
  const gone = new Promise((res) => s.proc.once('exit', res));
  s.proc.kill('SIGKILL');
  await gone;
}

let serial = 0;
const newPlayer = (prefix, base) => player(`${prefix} ${++serial}`, { base });
// a seek of a (South) accepted by b from the other address: the answer
const meet = (a, b, { rated = true, base } = {}) => seekTaken(api, a, b, { seat: 'S', rated }, { localAddress: OTHER, base });
// each seat moves once (a game ended sooner is aborted, never rated), then `loser` resigns
async function finish(id, a, b, loser, base) {
  for (let guard = 0; guard < 20; guard++) {
    const v = (await api('GET', `/api/games/${id}`, { base })).json;
    if (v.history.some((h) => h.by === 'S') && v.history.some((h) => h.by === 'N')) break;
    const who = v.accounts[v.state.to_move].id === a.id ? a : b;
    const r = await api('POST', `/api/games/${id}/moves`, { key: who.key, body: { move: v.moves[0].text }, base });
    assert.equal(r.status, 200, r.text);
  }
  const r = await api('POST', `/api/games/${id}/resign`, { key: loser.key, base });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.state.end_reason, 'resigned');
}
const ratingOf = async (p, base) => (await api('GET', `/api/players/${p.id}`, { base })).json.ratings.sadeqa;
// n rated games begun between a and b, each accepted (201): their ids
async function begin(a, b, n, base) {
  const ids = [];
  for (let i = 0; i < n; i++) {
    const g = await meet(a, b, { base });
    assert.equal(g.status, 201, g.text);
    ids.push(g.json.game);
  }
  return ids;
}
const refusedAsLimit = (r, n) => {
  assert.equal(r.status, 403, r.text);
  assert.doesNotMatch(r.text, /\n/, 'one line');
  const m = LIMIT.exec(r.json.error);
  assert.ok(m, r.json.error);
  assert.equal(Number(m[1]), n, 'the limit named');
};

test('the same two players: 3 rated games a day (the default), the 4th seek either way and a rematch refused (403); casual games and a third player unaffected; a restart forgets nothing', async () => {
  const a = await newPlayer('Farmer');
  const b = await newPlayer('Stooge');
  const c = await newPlayer('Stranger');
  let last;
  for (let i = 1; i <= 3; i++) {
    const g = await meet(a, b);
    assert.equal(g.status, 201, `rated game ${i}: ${g.text}`);
    await finish(g.json.game, a, b, b); // the stooge loses on purpose
    assert.equal((await ratingOf(a)).games, i, `game ${i} rated`);
    last = g.json.game;
  }
  const up = await ratingOf(a);
  assert.ok(up.rating > 1500);
  // the 4th: a's rated seek is not taken by b, nor b's by a; the seek stays open to others
  const fourth = await meet(a, b);
  refusedAsLimit(fourth, 3);
  assert.ok((await api('GET', '/api/seeks')).json.seeks.some((s) => s.seek === fourth.seek), 'the seek stays open');
  const back = await api('POST', '/api/seeks', { key: b.key, body: { variant: 'sadeqa', rated: true }, localAddress: OTHER });
  assert.equal(back.status, 201, back.text);
  refusedAsLimit(await api('POST', `/api/seeks/${back.json.seek}/accept`, { key: a.key }), 3);
  // the last rated game's rematch: neither offered nor made
  refusedAsLimit(await api('POST', `/api/games/${last}/rematch`, { key: a.key }), 3);
  refusedAsLimit(await api('POST', `/api/games/${last}/rematch`, { key: b.key, localAddress: OTHER }), 3);
  assert.equal((await api('GET', `/api/games/${last}`)).json.offer, null, 'no rematch offered');
  // casual games between them go on, and change nothing
  const casual = await meet(a, b, { rated: false });
  assert.equal(casual.status, 201, casual.text);
  await finish(casual.json.game, a, b, b);
  assert.deepEqual(await ratingOf(a), up, 'casual: unrated');
  // a third player takes the seek b could not: rated
  const third = await api('POST', `/api/seeks/${fourth.seek}/accept`, { key: c.key, localAddress: OTHER });
  assert.equal(third.status, 201, third.text);
  assert.equal((await api('GET', `/api/games/${third.json.game}`)).json.rated, true);
  await finish(third.json.game, a, c, c);
  assert.equal((await ratingOf(c)).games, 1, 'the stranger is rated');
  assert.equal((await ratingOf(a)).games, 4);
  await api('DELETE', `/api/seeks/${back.json.seek}`, { key: b.key });
  // SIGKILL and a restart on the same database: the limit still counts the games
  await kill(srv);
  srv = await startServer(['--data', data, ...ARGS]);
  refusedAsLimit(await meet(a, b), 3);
  refusedAsLimit(await api('POST', `/api/games/${last}/rematch`, { key: a.key }), 3);
  assert.equal((await ratingOf(b)).games, 3);
});

test('rated games still being played count: with 3 open the 4th is refused; one aborted makes room', async () => {
  const a = await newPlayer('Busy');
  const b = await newPlayer('Busy');
  const games = await begin(a, b, 3);
  const fourth = await meet(a, b);
  refusedAsLimit(fourth, 3);
  // aborted before any move: never rated, so no longer counted
  const ab = await api('POST', `/api/games/${games[0]}/abort`, { key: a.key });
  assert.equal(ab.status, 200, ab.text);
  const now = await api('POST', `/api/seeks/${fourth.seek}/accept`, { key: b.key, localAddress: OTHER });
  assert.equal(now.status, 201, now.text);
  for (const id of [games[1], games[2], now.json.game]) await finish(id, a, b, b);
  assert.equal((await ratingOf(a)).games, 3);
});

// A rated game nobody has touched for a day (both players gone from a clockless game, nobody
// claimed) holds none of the pair's places: it would otherwise hold one for the 30 days until it
// expires. Ended later, it is rated or not by the finished games of the 24 hours, as any game.
test('a rated game untouched for 24 hours no longer counts as being played: the pair may begin another', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-pairs-idle-'));
  let s2 = await startServer(['--data', dir, ...ARGS, '--rated-pair-per-day', '2']);
  try {
    const a = await newPlayer('Idle', s2.base);
    const b = await newPlayer('Idle', s2.base);
    const ids = await begin(a, b, 2, s2.base);
    refusedAsLimit(await meet(a, b, { base: s2.base }), 2);
    assert.equal(await s2.stop(), 0);
    // the first game last changed 24 hours and a minute ago (the server keeps `updated` in seconds)
    const db = path.join(dir, 'games.sqlite');
    spawnSync('sqlite3', [db, `UPDATE games SET updated = updated - 86460 WHERE id = '${ids[0]}'`], { encoding: 'utf8' });
    assert.equal(spawnSync('sqlite3', [db, `SELECT count(*) FROM games WHERE id = '${ids[0]}' AND updated < strftime('%s','now') - 86400`], { encoding: 'utf8' }).stdout.trim(), '1', 'the game made a day old');
    s2 = await startServer(['--data', dir, ...ARGS, '--rated-pair-per-day', '2']);
    const third = await meet(a, b, { base: s2.base });
    assert.equal(third.status, 201, `a third rated game begins: ${third.text}`);
    // the idle one and the new one ended: both rated (2 in the 24 hours), then a fourth is refused
    await finish(ids[0], a, b, b, s2.base);
    await finish(third.json.game, a, b, b, s2.base);
    assert.equal((await ratingOf(a, s2.base)).games, 2);
    refusedAsLimit(await meet(a, b, { base: s2.base }), 2);
  } finally {
    await s2.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('games begun under the limit and ended past it (a restart with a lower limit): the first rated, the rest end casual', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-pairs-lower-'));
  let s2 = await startServer(['--data', dir, ...ARGS, '--rated-pair-per-day', '5']);
  try {
    const a = await newPlayer('Early', s2.base);
    const b = await newPlayer('Late', s2.base);
    const ids = await begin(a, b, 2, s2.base);
    await kill(s2);
    s2 = await startServer(['--data', dir, ...ARGS, '--rated-pair-per-day', '1']);
    await finish(ids[0], a, b, b, s2.base);
    await finish(ids[1], a, b, b, s2.base);
    assert.equal((await ratingOf(a, s2.base)).games, 1, 'one rated game');
    assert.equal((await ratingOf(b, s2.base)).games, 1);
    const v0 = (await api('GET', `/api/games/${ids[0]}`, { base: s2.base })).json;
    const v1 = (await api('GET', `/api/games/${ids[1]}`, { base: s2.base })).json;
    assert.equal(v0.rated, true);
    assert.equal(v1.rated, false, 'ended casual');
    const arch = (await api('GET', `/api/players/${a.id}/games`, { base: s2.base })).json.games;
    assert.deepEqual(arch.map((g) => [g.id, g.rated, g.result]), [[ids[1], false, 'win'], [ids[0], true, 'win']]);
  } finally {
    await s2.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('--rated-pair-per-day 0: no limit', async () => {
  const s2 = await startServer([...ARGS, '--rated-pair-per-day', '0']);
  try {
    const a = await newPlayer('Free', s2.base);
    const b = await newPlayer('Free', s2.base);
    for (let i = 1; i <= 4; i++) {
      const g = await meet(a, b, { base: s2.base });
      assert.equal(g.status, 201, `game ${i}: ${g.text}`);
      await finish(g.json.game, a, b, b, s2.base);
    }
    assert.equal((await ratingOf(a, s2.base)).games, 4);
  } finally { assert.equal(await s2.stop(), 0); }
});

test('--rated-pair-per-day refuses a negative, absurd or missing number at start, with one line', () => {
  for (const bad of [['-1'], ['1001'], ['x'], ['3x'], ['1e3'], ['']]) {
    const r = spawnSync(gabataBinary(), ['serve', '--port', '0', '--rated-pair-per-day', ...bad], { encoding: 'utf8', timeout: 10000 });
    assert.equal(r.status, 2, `${bad}: ${r.stdout}${r.stderr}`);
    assert.equal(r.stderr, 'gabata: --rated-pair-per-day needs a whole number from 0 to 1000\n', JSON.stringify(bad));
  }
  const r = spawnSync(gabataBinary(), ['serve', '--port', '0', '--rated-pair-per-day'], { encoding: 'utf8', timeout: 10000 });
  assert.equal(r.status, 2);
  assert.equal(r.stderr, 'gabata: --rated-pair-per-day needs a whole number from 0 to 1000\n', 'missing');
  assert.match(spawnSync(gabataBinary(), ['serve', '--help'], { encoding: 'utf8' }).stdout, /--rated-pair-per-day N/);
});

// The page shows these refusals (403) as it shows the same-address one: the server's one line in
// the player's language (read by tlib from the catalog), after the page's own words; and the page
// stays usable: the seek stays listed with its Accept, the rematch's button stays, and a second
// try says the same again. Afaan Oromoo (its words checked whole: "dandeessan" holds "and"); a
// server of its own at --rated-pair-per-day 1. The page's player is on 127.0.0.1, his opponent
// (driven through the API) on 127.0.0.2. At the limit no rematch can be offered: accepting one
// refused is the next test's, at a limit of 2.
const { launch } = require('./browser');
/* msgid -> msgstr of a catalog (single msgstr entries, fuzzy ones left out) */
function catalog(lang) {
  const out = {};
  const text = fs.readFileSync(path.join(__dirname, '..', '..', 'po', `${lang}.po`), 'utf8');
  for (const block of text.split(/\n\n+/)) {
    if (/^#~/m.test(block) || /^#,.*\bfuzzy\b/m.test(block)) continue;
    const m = /^msgid ((?:".*"\n?)+)msgstr ((?:".*"\n?)+)/m.exec(block);
    if (!m) continue;
    const join = (s) => s.trim().split('\n').map((l) => JSON.parse(l)).join('');
    out[join(m[1])] = join(m[2]);
  }
  return out;
}
/* the element wholly inside the viewport, as the page is scrolled now */
async function onScreen(page, sel, what) {
  const r = await page.$eval(sel, (e) => { const b = e.getBoundingClientRect(); return { top: b.top, bottom: b.bottom, h: innerHeight }; });
  assert.ok(r.top >= -0.5 && r.bottom <= r.h + 0.5, `${what}: ${sel} on the screen (${Math.round(r.top)}–${Math.round(r.bottom)} of ${r.h})`);
}
// Abebe Kebede names himself on the page (in `lang`, on a phone of `viewport`) and accepts a rated
// seek of q (q plays North, from the other address): the page, its script errors, Abebe's player,
// the game, and seek() that makes another such seek of q's
async function acceptedOnPage(browser, base, q, lang, viewport) {
  const page = await (await browser.newContext({ viewport })).newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${base}/?lang=${lang}#lobby`);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: 15000 });
  await page.waitForSelector('#lobby:not([hidden]) #name-form:not([hidden])');
  await page.fill('#name-input', 'Abebe Kebede');
  await page.click('#name-ok');
  await page.waitForSelector('#me-line:not([hidden])');
  const p = await page.evaluate(() => JSON.parse(localStorage.getItem('gabata.player')));
  const seek = async () => {
    const s = await api('POST', '/api/seeks', { key: q.key, body: { variant: 'sadeqa', seat: 'N', rated: true }, localAddress: OTHER, base });
    assert.equal(s.status, 201, s.text);
    return s.json.seek;
  };
  const first = await seek();
  await page.click(`#seeks li[data-seek="${first}"] button.accept`, { timeout: 15000 });
  await page.waitForSelector('body[data-online="S"][data-screen="game"] #board .hole', { timeout: 15000 });
  const id = await page.evaluate(() => app.view.id);
  return { page, errors, p, id, seek };
}

test('the page (Afaan Oromoo): a refused Accept and a refused rematch at the limit say why in Afaan Oromoo, on the screen; the seek stays listed, the buttons usable', async () => {
  const lang = 'om';
  const cat = catalog(lang);
  const FMT = 'you and this opponent have reached the limit of %d rated games against each other in 24 hours (--rated-pair-per-day): play a casual game instead';
  const reason = cat[FMT].replace('%d', '1');
  assert.ok(cat[FMT] && cat[FMT].includes('%d'), 'the catalog translates the line');
  const english = FMT.replace(/\(--[\w-]+\)/g, '').match(/[A-Za-z]{3,}/g);
  const translated = (shown, prefixId, what) => {
    assert.ok(shown.startsWith(cat[prefixId].split('{error}')[0]), `${what}: the page's own words first: ${shown}`);
    assert.ok(shown.includes(reason), `${what}: the server's reason in Afaan Oromoo, its number kept: ${shown}`);
    const bare = shown.replace(/--[\w-]+/g, '');
    for (const w of english) assert.ok(!new RegExp(`\\b${w}\\b`).test(bare), `${what}: English word "${w}" in: ${shown}`);
  };
  const s2 = await startServer([...ARGS, '--rated-pair-per-day', '1']);
  const browser = await launch();
  try {
    const base = s2.base;
    const q = await newPlayer('Lema', base);
    // the first rated game: Lema's seek, accepted on the page, Lema resigns
    const { page, errors, p, id, seek } = await acceptedOnPage(browser, base, q, lang, { width: 320, height: 568 });
    await finish(id, p, q, q, base);
    // the end: "Offer a rematch" refused, in Afaan Oromoo; the button stays for a later try
    await page.waitForSelector('#rematch-box:not([hidden]) #rematch:not([hidden])', { timeout: 15000 });
    // at 320×568 the rematch is on the screen with the final position, no scroll asked (the board
    // shrinks at a game's end: no hole is tapped then)
    await onScreen(page, '#rematch', 'the rematch at the game\'s end');
    await onScreen(page, '#board', 'the final position');
    for (let i = 0; i < 2; i++) {
      await page.evaluate(() => { document.getElementById('message').textContent = ''; });
      await page.click('#rematch');
      await page.waitForFunction(() => document.getElementById('message').className === 'refused' && document.getElementById('message').textContent, null, { timeout: 15000 });
      translated(await page.textContent('#message'), 'No rematch: {error}', `the rematch, try ${i + 1}`);
      await onScreen(page, '#message', `the rematch's refusal, try ${i + 1}`);
      assert.equal(await page.isVisible('#rematch'), true, 'the rematch button still shown');
      assert.equal(await page.isEnabled('#rematch'), true, 'and usable');
    }
    assert.equal((await api('GET', `/api/games/${id}`, { base })).json.offer, null, 'no rematch offered');
    // the lobby: Lema's next rated seek, its Accept refused in Afaan Oromoo; the seek stays, Accept
    // usable. Five other players' seeks listed first (nearer the page's player's rating): Lema's is
    // far down the list, and the refusal, at the list's top, was off the screen of a phone
    for (let i = 0; i < 5; i++) {
      const o = await newPlayer('Other', base);
      const r = await api('POST', '/api/seeks', { key: o.key, body: { variant: 'sadeqa', rated: false }, localAddress: OTHER, base });
      assert.equal(r.status, 201, r.text);
    }
    const second = await seek();
    await page.goto(`${base}/?lang=${lang}#lobby`);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: 15000 });
    for (let i = 0; i < 2; i++) {
      await page.evaluate(() => { const m = document.getElementById('lobby-message'); m.textContent = ''; m.className = ''; });
      await page.click(`#seeks li[data-seek="${second}"] button.accept:not([disabled])`, { timeout: 15000 });
      await page.waitForFunction(() => document.getElementById('lobby-message').className === 'refused', null, { timeout: 15000 });
      translated(await page.textContent('#lobby-message'), 'Refused: {error}', `the seek's Accept, try ${i + 1}`);
      await onScreen(page, '#lobby-message', `the Accept's refusal, try ${i + 1}`);
      await page.waitForSelector(`#seeks li[data-seek="${second}"] button.accept:not([disabled])`, { timeout: 15000 });
      assert.equal(await page.evaluate(() => document.body.dataset.screen), 'lobby', 'still in the lobby');
    }
    assert.ok((await api('GET', '/api/seeks', { base })).json.seeks.some((s) => s.seek === second), 'the seek stays open');
    assert.deepEqual(errors, [], 'no script error on the page');
  } finally {
    await browser.close();
    assert.equal(await s2.stop(), 0);
  }
});

// Accepting a rematch past the limit: at --rated-pair-per-day 2 the first game ends (one
// counted) and Lema offers its rematch; meanwhile a second rated game between them begins (two
// counted, one being played); the page's "Accept the rematch" is refused (403), in Afaan Oromoo,
// twice, and the offer and its button stay (for a try once there is room: the second game aborted,
// as the API test above makes room).
test('the page (Afaan Oromoo): "Accept the rematch" refused at the limit says why, the offer and its button stay', async () => {
  const lang = 'om';
  const cat = catalog(lang);
  const FMT = 'you and this opponent have reached the limit of %d rated games against each other in 24 hours (--rated-pair-per-day): play a casual game instead';
  const s2 = await startServer([...ARGS, '--rated-pair-per-day', '2']);
  const browser = await launch();
  try {
    const base = s2.base;
    const q = await newPlayer('Lema', base);
    const { page, errors, p, id } = await acceptedOnPage(browser, base, q, lang, { width: 360, height: 640 });
    await finish(id, p, q, q, base);
    const offer = await api('POST', `/api/games/${id}/rematch`, { key: q.key, localAddress: OTHER, base });
    assert.equal(offer.status, 200, offer.text);
    // the second rated game, begun through the API while the offer stands
    const second = await meet(q, p, { base });
    assert.equal(second.status, 201, second.text);
    await page.waitForSelector('#rematch-box:not([hidden])[data-by="N"] #rematch:not([hidden])', { timeout: 15000 });
    const reason = cat[FMT].replace('%d', '2');
    for (let i = 0; i < 2; i++) {
      await page.evaluate(() => { const m = document.getElementById('message'); m.textContent = ''; m.className = ''; });
      await page.click('#rematch');
      await page.waitForFunction(() => document.getElementById('message').className === 'refused', null, { timeout: 15000 });
      const shown = await page.textContent('#message');
      assert.ok(shown.startsWith(cat['No rematch: {error}'].split('{error}')[0]) && shown.includes(reason), `try ${i + 1}: in Afaan Oromoo: ${shown}`);
      await onScreen(page, '#message', `try ${i + 1}`);
      assert.equal(await page.isEnabled('#rematch:not([hidden])'), true, `try ${i + 1}: the button stays`);
      assert.equal(await page.getAttribute('#rematch-box', 'data-by'), 'N', 'the offer stands');
    }
    assert.deepEqual((await api('GET', `/api/games/${id}`, { base })).json.offer, { kind: 'rematch', by: 'N' }, 'the offer stands on the server');
    assert.deepEqual(errors, [], 'no script error on the page');
  } finally {
    await browser.close();
    assert.equal(await s2.stop(), 0);
  }
});
