// Players, the lobby, ratings and rematches of `gabata serve` (docs/api.md, "Players, the lobby,
// ratings"; issue 21): names of any script and their uniqueness without regard to case, a
// player's key as the only credential, seeks made, listed, accepted once, withdrawn and lapsed,
// the lobby's event stream, Glicko-2 ratings moving the right way at a rated game's end, the
// archive of finished games page by page, the games being played now, rematches with the seats
// swapped, and all of it but the seeks surviving a restart.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startServer } = require('./server');
const { request, openEvents } = require('./http');
const { apiOn, playerMaker, JSON_CT, bearer } = require('./players');

let srv;
let data;
// --seek-lapse 1: a seek lapses 1 s after its player's lobby stream went (60 s by default)
// --rated-one-address: these tests play rated games from one address (the refusal without it is
// tested on a server of its own, below); --rated-pair-per-day 0: and many between the same two
// players (the best players' list; the limit is rated_pairs.test.js's)
const ARGS = ['--seek-lapse', '1', '--player-rate', '0', '--seeks-per-ip', '50', '--rated-one-address', '--rated-pair-per-day', '0'];
test.before(async () => {
  data = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-lobby-'));
  srv = await startServer(['--data', data, ...ARGS]);
});
test.after(async () => {
  if (srv) assert.equal(await srv.stop(), 0);
  fs.rmSync(data, { recursive: true, force: true });
});

const api = apiOn(() => srv.base);
const player = playerMaker(api);

let serial = 0;
const keys = new Map(); // player id -> key (opening() plays for whoever sits on a seat)
// a player with a name of its own (the tests share one server: names must differ)
async function newPlayer(prefix = 'Player', opts = {}) {
  const p = await player(`${prefix} ${++serial}`, opts);
  keys.set(p.id, p.key);
  return p;
}
// each seat makes a move (its first listed), so that the game's end counts: a game between named
// players that ends before each has moved is aborted, unrated (abort.test.js)
async function opening(id, base) {
  for (let guard = 0; guard < 20; guard++) {
    const v = (await api('GET', `/api/games/${id}`, { base })).json;
    if (v.state.over || (v.history.some((h) => h.by === 'S') && v.history.some((h) => h.by === 'N'))) return;
    const key = keys.get(v.accounts[v.state.to_move].id);
    const mv = v.moves.length ? v.moves[0].text : v.free_move.example;
    const r = await api('POST', `/api/games/${id}/moves`, { key, body: { move: mv }, base });
    assert.equal(r.status, 200, r.text);
  }
}
async function seek(player, body = {}) {
  const r = await api('POST', '/api/seeks', { key: player.key, body: { variant: 'sadeqa', ...body } });
  assert.equal(r.status, 201, r.text);
  return r.json.seek;
}
async function accept(player, seekId) {
  const r = await api('POST', `/api/seeks/${seekId}/accept`, { key: player.key });
  assert.equal(r.status, 201, r.text);
  return r.json;
}
// a lobby game between a (the seeker, South) and b
async function lobbyGame(a, b, body = {}) {
  const s = await seek(a, { seat: 'S', ...body });
  const g = await accept(b, s);
  assert.equal(g.seat, 'N');
  return g.game;
}
const view = async (id) => (await api('GET', `/api/games/${id}`)).json;
// a resignation once each seat has moved (before, it would abort the game)
const resign = async (id, player) => { await opening(id); return api('POST', `/api/games/${id}/resign`, { key: player.key }); };
const ratingOf = async (player, variant = 'sadeqa') => (await api('GET', `/api/players/${player.id}`)).json.ratings[variant];

test('names of any script are players; the same name in another case, width or composition is taken (409)', async () => {
  const names = ['Abeba', 'ሰላም ዓለም', 'አበበ በቀለ', 'مرحبا', 'مُحَمَّد', 'Zoë 2', 'عمر ٣', 'ተ፩'];
  for (const name of names) {
    const r = await api('POST', '/api/players', { body: { name } });
    assert.equal(r.status, 201, `${name}: ${r.text}`);
    assert.equal(r.json.name, name.normalize('NFC'));
    assert.match(r.json.id, /^[0-9a-f]{32}$/);
    assert.match(r.json.key, /^[0-9a-f]{64}$/, 'the key is 256 bits from the operating system');
    const p = await api('GET', `/api/players/${r.json.id}`);
    assert.equal(p.status, 200);
    assert.equal(p.json.name, name.normalize('NFC'));
    assert.equal(p.json.key, undefined, 'the key is never shown again');
  }
  for (const taken of ['abeba', 'ABEBA', 'Ａｂｅｂａ', 'ZOË 2', 'zoe\u0308 2']) {
    const r = await api('POST', '/api/players', { body: { name: taken } });
    assert.equal(r.status, 409, `${taken}: ${r.text}`);
    assert.match(r.json.error, /taken/);
  }
  // a name that looks like another on a screen, in other letters (Unicode's UTS #39 skeleton, by
  // ICU): refused with the name it would pass for; one merely one letter apart is a name
  for (const [alike, of] of [['\u0410beba', 'Abeba'], ['\u0410BEBA', 'Abeba'], ['Zo\u0451 2', 'Zoë 2'], ['\u0627\u06cc\u0644\u0627\u0645', null]]) {
    const r = await api('POST', '/api/players', { body: { name: alike } });
    if (of === null) { assert.equal(r.status, 201, `${alike}: ${r.text}`); continue; }
    assert.equal(r.status, 409, `${alike}: ${r.text}`);
    assert.equal(r.json.like, of);
    assert.match(r.json.error, /looks like/);
    assert.ok(r.json.error.includes(`'${of}'`), r.json.error);
  }
  assert.equal((await api('POST', '/api/players', { body: { name: 'Abebe' } })).status, 201);
  // decomposed on input, stored composed (NFC)
  const r = await api('POST', '/api/players', { body: { name: 'Rene\u0301 K' } });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.json.name, 'Ren\u00e9 K');
  assert.equal((await api('POST', '/api/players', { body: { name: 'René k' } })).status, 409);
});

test('a name that is not 1-20 letters, digits and single spaces is refused with 400 and its reason', async () => {
  const bad = [
    ['', /1 to 20/], [' Abeba', /start with a space/], ['Abeba ', /end with a space/], ['Abe  ba', /single spaces/],
    ['a<b', /letters, digits and spaces only/], ['x'.repeat(21), /at most 20/], ['\u0301a', /combining mark/],
    ['tab\there', /U\+0009/], ['zero\u200bwidth', /U\+200B/], ['emoji\u{1F600}', /U\+1F600/], ['new\nline', /U\+000A/],
    ['a\u0000b', /U\+0000|u0000/],
    // invisible letters and marks (Unicode's default ignorable code points): a blank name, or one
    // that looks exactly like another's ('Abeba' and 'Abeba' + a variation selector) was accepted
    ['\u3164', /invisible character \(U\+3164\)/], ['A\u3164B', /U\+3164/], ['\u115F\u1160', /U\+115F/],
    ['\uFFA0x', /U\+FFA0/], ['Abeba\uFE00', /invisible character \(U\+FE00\)/], ['ab\u034Fc', /U\+034F/],
    ['a\u17B4', /U\+17B4/],
    // a letter stacked with marks (one 'a' with 59 accents stood a screen high in the lobby)
    ['a' + '\u0301'.repeat(59), /at most 4 combining marks/], ['Ab' + '\u0308'.repeat(5), /at most 4 combining marks/],
  ];
  for (const [name, why] of bad) {
    const r = await api('POST', '/api/players', { body: { name } });
    assert.equal(r.status, 400, `${JSON.stringify(name)}: ${r.text}`);
    assert.match(r.json.error, why, JSON.stringify(name));
    assert.doesNotMatch(r.text, /\n/, 'one line');
  }
  assert.equal((await api('POST', '/api/players', { body: { name: 'x'.repeat(20) } })).status, 201, '20 is fine');
  // marks as scripts write them: Arabic's shadda and vowel, Tibetan's stacks, up to 4 on a letter
  for (const name of ['مُحَمَّدٌ', 'བསྒྲུབས', 'ཀྵྭྱྀ']) assert.equal((await api('POST', '/api/players', { body: { name } })).status, 201, name);
  assert.equal((await api('POST', '/api/players', { body: {} })).status, 400);
  assert.equal((await api('POST', '/api/players', { body: { name: 7 } })).status, 400);
  assert.equal((await api('POST', '/api/players', { body: { name: 'Ok', key: 'x' } })).status, 400, 'unknown field');
  assert.equal((await api('GET', '/api/players/00000000000000000000000000000000')).status, 404);
  assert.equal((await api('GET', '/api/players/nonsense')).status, 404);
});

test('a new player is rated 1500, RD 350, provisional, in every game', async () => {
  const p = await newPlayer();
  const r = await api('GET', `/api/players/${p.id}`);
  assert.equal(r.json.games, 0);
  for (const v of ['sadeqa', 'qelat', 'akil', 'bulto'])
    assert.deepEqual(r.json.ratings[v], { rating: 1500, rd: 350, games: 0, provisional: true });
});

test('seeks: made with a key only, listed with the seeker, accepted once, never by the seeker', async () => {
  const a = await newPlayer('Seeker');
  const b = await newPlayer('Taker');
  const c = await newPlayer('Late');
  assert.equal((await api('POST', '/api/seeks', { body: { variant: 'sadeqa' } })).status, 401, 'no key');
  assert.equal((await api('POST', '/api/seeks', { key: 'f'.repeat(64), body: { variant: 'sadeqa' } })).status, 403, 'no player\'s key');
  for (const body of [{}, { variant: 'chess' }, { variant: 'sadeqa', seat: 'E' }, { variant: 'sadeqa', rated: 'yes' },
    { variant: 'sadeqa', clock: { initial_s: 1, increment_s: 0 } }, { variant: 'sadeqa', clock: { increment_s: 2 } },
    { variant: 'sadeqa', clock: { initial_s: 60, increment_s: 181 } }, { variant: 'sadeqa', seed: 3 },
    { variant: 'sadeqa', options: 'seeds=5' }]) {
    const r = await api('POST', '/api/seeks', { key: a.key, body });
    assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
  }
  const id = await seek(a, { options: 'seeds=4', clock: { initial_s: 300, increment_s: 5 }, rated: true, seat: 'N' });
  const list = (await api('GET', '/api/seeks')).json.seeks;
  const mine = list.find((s) => s.seek === id);
  assert.deepEqual(mine, { seek: id, variant: 'sadeqa', options: 'seeds=4', clock: { initial_s: 300, increment_s: 5 },
    rated: true, seat: 'N', by: { id: a.id, name: a.name, rating: 1500, provisional: true }, created: mine.created });
  const own = await api('POST', `/api/seeks/${id}/accept`, { key: a.key });
  assert.equal(own.status, 409, 'one\'s own seek');
  assert.equal((await api('POST', `/api/seeks/${id}/accept`)).status, 401);
  const g = await accept(b, id);
  assert.equal(g.seat, 'S', 'the seeker asked for North');
  assert.match(g.game, /^[0-9a-f]{32}$/);
  const second = await api('POST', `/api/seeks/${id}/accept`, { key: c.key });
  assert.equal(second.status, 409, 'a second accept');
  assert.ok(!(await api('GET', '/api/seeks')).json.seeks.some((s) => s.seek === id), 'the seek is gone');
  // the game: both seats taken, the accounts on them, rated
  const v = await view(g.game);
  assert.equal(v.online, true);
  assert.equal(v.joined, true);
  assert.equal(v.rated, true);
  assert.deepEqual(v.accounts, { S: { id: b.id, name: b.name }, N: { id: a.id, name: a.name } });
  // each key plays its own seat, and only that
  const m = v.moves[0].text;
  assert.equal((await api('POST', `/api/games/${g.game}/moves`, { key: a.key, body: { move: m } })).status, 403, 'North\'s key on South\'s turn');
  assert.equal((await api('POST', `/api/games/${g.game}/moves`, { key: c.key, body: { move: m } })).status, 403, 'another player');
  assert.equal((await api('POST', `/api/games/${g.game}/moves`, { body: { move: m } })).status, 401);
  const mv = await api('POST', `/api/games/${g.game}/moves`, { key: b.key, body: { move: m } });
  assert.equal(mv.status, 200, mv.text);
  // the seat drawn at random is one of the two, drawn at the acceptance
  const seen = new Set();
  for (let i = 0; i < 12 && seen.size < 2; i++) {
    const x = await newPlayer('Rnd');
    const gg = await accept(b, await seek(x, { seat: 'random' }));
    seen.add(gg.seat);
    const vv = await view(gg.game);
    assert.equal(vv.accounts[gg.seat].id, b.id);
  }
  assert.equal(seen.size, 2, 'random seats fall both ways (2^-11 to fail by chance)');
});

test('a seek is withdrawn by its owner only; limits per player and per address (429)', async () => {
  const a = await newPlayer('Owner');
  const b = await newPlayer('Other');
  const id = await seek(a);
  assert.equal((await api('DELETE', `/api/seeks/${id}`, { key: b.key })).status, 403);
  assert.equal((await api('DELETE', `/api/seeks/${id}`)).status, 401);
  const d = await api('DELETE', `/api/seeks/${id}`, { key: a.key });
  assert.equal(d.status, 200, d.text);
  assert.deepEqual(d.json, { seek: id, withdrawn: true });
  assert.equal((await api('DELETE', `/api/seeks/${id}`, { key: a.key })).status, 404);
  assert.equal((await api('POST', `/api/seeks/${id}/accept`, { key: b.key })).status, 404);
  // three open seeks a player (--seeks-per-player)
  const ids = [await seek(a), await seek(a), await seek(a)];
  const fourth = await api('POST', '/api/seeks', { key: a.key, body: { variant: 'qelat' } });
  assert.equal(fourth.status, 429, fourth.text);
  assert.match(fourth.json.error, /seeks-per-player/);
  for (const x of ids) assert.equal((await api('DELETE', `/api/seeks/${x}`, { key: a.key })).status, 200);
});

test('the lobby stream: seeks added and removed, the game told to the seeker, missed events replayed', async () => {
  const a = await newPlayer('Streamer');
  const b = await newPlayer('Joiner');
  const watcher = await openEvents(srv.base, '/api/lobby/events');
  const mine = await openEvents(srv.base, '/api/lobby/events', { headers: { Authorization: `Bearer ${a.key}` } });
  try {
    assert.equal(mine.status, 200);
    await mine.wait((e) => e.event === 'hello');
    const bad = await openEvents(srv.base, '/api/lobby/events', { headers: { Authorization: `Bearer ${'0'.repeat(64)}` } });
    assert.equal(bad.status, 401, 'a key that is no player\'s');
    bad.close();
    const id = await seek(a, { rated: true });
    const added = await watcher.wait((e) => e.event === 'seek' && e.json.seek.seek === id);
    assert.equal(added.json.action, 'added');
    assert.equal(added.json.seek.by.name, a.name);
    const g = await accept(b, id);
    const started = await mine.wait((e) => e.event === 'game' && e.json.seek === id);
    assert.deepEqual(started.json, { seek: id, game: g.game, seat: g.seat === 'S' ? 'N' : 'S', player: a.id }, 'the seeker\'s own seat');
    const removed = await watcher.wait((e) => e.event === 'seek' && e.json.action === 'removed' && e.json.seek.seek === id);
    assert.equal(removed.json.why, 'accepted');
    // a stream that reconnects with Last-Event-ID gets what it missed, in order
    const last = added.id;
    const again = await openEvents(srv.base, '/api/lobby/events', { lastEventId: last });
    try {
      await again.wait((e) => e.event === 'game' && e.json.seek === id);
      const ids = again.events.filter((e) => e.id > last).map((e) => e.id);
      assert.ok(ids.length >= 2);
      assert.deepEqual([...ids].sort((x, y) => x - y), ids, 'in order');
      assert.equal(again.events.some((e) => e.id === last), false, 'nothing already seen');
    } finally { again.close(); }
  } finally { watcher.close(); mine.close(); }
  // the key travels in the header only: a key in the query names nobody
  const q = await openEvents(srv.base, `/api/lobby/events?key=${a.key}&token=${a.key}`);
  q.close();
  assert.equal(q.status, 200, 'a spectator');
});

test('a seek lapses once its player\'s lobby stream has been gone --seek-lapse seconds; one never streamed too', async () => {
  const a = await newPlayer('Lapser');
  const watcher = await openEvents(srv.base, '/api/lobby/events');
  try {
    const mine = await openEvents(srv.base, '/api/lobby/events', { headers: { Authorization: `Bearer ${a.key}` } });
    await mine.wait((e) => e.event === 'hello');
    const id = await seek(a);
    // while the stream is open the seek stays (three lapses' worth)
    await new Promise((r) => setTimeout(r, 3000));
    assert.ok((await api('GET', '/api/seeks')).json.seeks.some((s) => s.seek === id), 'kept while the stream is open');
    // never sooner than --seek-lapse (1 s) after the stream went: the server counts on a clock
    // finer than whole seconds (with time() a seek made at x.999 s lapsed at x+1.0 s)
    const closed = performance.now();
    mine.close();
    const gone = await watcher.wait((e) => e.event === 'seek' && e.json.action === 'removed' && e.json.seek.seek === id, 10000);
    assert.equal(gone.json.why, 'lapsed');
    assert.ok(performance.now() - closed >= 1000, `lapsed ${Math.round(performance.now() - closed)} ms after the stream closed`);
    assert.ok(!(await api('GET', '/api/seeks')).json.seeks.some((s) => s.seek === id));
    // a seek by a script that never opens the stream lapses as long after it was made
    const b = await newPlayer('Script');
    const asked = performance.now();
    const id2 = await seek(b);
    const gone2 = await watcher.wait((e) => e.event === 'seek' && e.json.action === 'removed' && e.json.seek.seek === id2, 10000);
    assert.equal(gone2.json.why, 'lapsed');
    assert.ok(performance.now() - asked >= 1000, `lapsed ${Math.round(performance.now() - asked)} ms after it was made`);
  } finally { watcher.close(); }
});

test('a rated game moves the ratings: the winner up, the loser down, both RDs down; an unrated one changes nothing', async () => {
  const a = await newPlayer('Winner');
  const b = await newPlayer('Loser');
  const g = await lobbyGame(a, b, { rated: true });
  assert.equal((await resign(g, b)).status, 200);
  const ra = await ratingOf(a);
  const rb = await ratingOf(b);
  assert.ok(ra.rating > 1500, JSON.stringify(ra));
  assert.ok(rb.rating < 1500, JSON.stringify(rb));
  assert.ok(ra.rd < 350 && rb.rd < 350);
  assert.equal(ra.games, 1);
  assert.equal(rb.games, 1);
  assert.equal(Math.round(ra.rating - 1500), Math.round(1500 - rb.rating), 'equals before: symmetric');
  assert.deepEqual(await ratingOf(a, 'qelat'), { rating: 1500, rd: 350, games: 0, provisional: true }, 'per game');
  // unrated
  const g2 = await lobbyGame(a, b, { rated: false });
  assert.equal((await resign(g2, a)).status, 200);
  assert.deepEqual(await ratingOf(a), ra);
  assert.deepEqual(await ratingOf(b), rb);
  assert.equal((await api('GET', `/api/players/${a.id}`)).json.games, 2, 'both finished games count');
  // the seeker's rating in the list is as it stands
  const s = await seek(a);
  assert.equal((await api('GET', '/api/seeks')).json.seeks.find((x) => x.seek === s).by.rating, ra.rating);
  await api('DELETE', `/api/seeks/${s}`, { key: a.key });
});

test('a game between two players from the lobby gets no hint and no computer move while it lasts (409); an invited game keeps them', async () => {
  const a = await newPlayer('Alone');
  const b = await newPlayer('Unaided');
  const id = await lobbyGame(a, b, { rated: true });
  const v = await view(id);
  const mover = v.state.to_move === 'S' ? a : b;
  const hint = await api('GET', `/api/games/${id}/hint`);
  assert.equal(hint.status, 409, hint.text);
  assert.match(hint.json.error, /lobby/);
  const comp = await api('POST', `/api/games/${id}/computer`, { key: mover.key, body: { player: 'ai:8', ply: 0 } });
  assert.equal(comp.status, 409, comp.text);
  assert.equal((await view(id)).history.length, 0, 'nothing was played');
  assert.equal((await resign(id, a)).status, 200);
  assert.equal((await api('GET', `/api/games/${id}/hint`)).status, 409, 'over: the game is over');
  // an invited game between friends keeps the computer's help
  const inv = await api('POST', '/api/games', { body: { variant: 'sadeqa', online: true } });
  assert.equal(inv.status, 201, inv.text);
  assert.equal((await api('GET', `/api/games/${inv.json.id}/hint`)).status, 200);
});

test('a draw agreed between equals leaves them equal, better known', async () => {
  const a = await newPlayer('Even');
  const b = await newPlayer('Even');
  const g = await lobbyGame(a, b, { rated: true });
  await opening(g);
  assert.equal((await api('POST', `/api/games/${g}/draw/offer`, { key: a.key })).status, 200);
  const r = await api('POST', `/api/games/${g}/draw/answer`, { key: b.key, body: { accept: true } });
  assert.equal(r.status, 200, r.text);
  const ra = await ratingOf(a);
  const rb = await ratingOf(b);
  assert.equal(ra.rating, 1500);
  assert.equal(rb.rating, 1500);
  assert.ok(ra.rd < 350 && rb.rd < 350 && ra.games === 1);
});

test('the archive: a player\'s finished games, newest first, page by page', async () => {
  const a = await newPlayer('Archivist');
  const b = await newPlayer('Rival');
  const games = [];
  for (let i = 0; i < 3; i++) {
    const g = await lobbyGame(a, b, { rated: i !== 1, clock: i === 2 ? { initial_s: 60, increment_s: 1 } : null });
    assert.equal((await resign(g, i === 0 ? b : a)).status, 200);
    games.push(g);
  }
  const going = await lobbyGame(a, b); // not finished: not in the archive
  const p1 = await api('GET', `/api/players/${a.id}/games?limit=2`);
  assert.equal(p1.status, 200, p1.text);
  assert.deepEqual(p1.json.games.map((g) => g.id), [games[2], games[1]]);
  assert.equal(p1.json.next, games[1]);
  const first = p1.json.games[0];
  assert.deepEqual(first, { id: games[2], variant: 'sadeqa', options: '', clock: { initial_s: 60, increment_s: 1 }, rated: true,
    seat: 'S', result: 'loss', end_reason: 'resigned', opponent: { id: b.id, name: b.name }, ended: first.ended });
  assert.ok(Math.abs(first.ended - Date.now()) < 60000, 'ended: ms since 1970');
  assert.equal(p1.json.games[1].rated, false);
  const p2 = await api('GET', `/api/players/${a.id}/games?limit=2&before=${p1.json.next}`);
  assert.deepEqual(p2.json.games.map((g) => g.id), [games[0]]);
  assert.equal(p2.json.games[0].result, 'win');
  assert.equal(p2.json.next, null);
  // the opponent's view of the same game
  const pb = await api('GET', `/api/players/${b.id}/games?limit=1`);
  assert.equal(pb.json.games[0].id, games[2]);
  assert.equal(pb.json.games[0].result, 'win');
  assert.equal(pb.json.games[0].seat, 'N');
  assert.ok(!p1.json.games.concat(p2.json.games).some((g) => g.id === going));
  for (const q of ['before=xyz', 'limit=0', 'limit=1000', `before=${going}`])
    assert.equal((await api('GET', `/api/players/${a.id}/games?${q}`)).status, 400, q);
  assert.equal((await api('GET', '/api/players/00000000000000000000000000000000/games')).status, 404);
  await resign(going, a);
});

test('GET /api/games?status=live: the games being played now, newest first, paged', async () => {
  const a = await newPlayer('Live');
  const b = await newPlayer('Live');
  const g1 = await lobbyGame(a, b);
  await new Promise((r) => setTimeout(r, 1100)); // (created is in seconds: one apart)
  const g2 = await lobbyGame(a, b, { clock: { initial_s: 30, increment_s: 0 } });
  const all = (await api('GET', '/api/games?status=live&limit=200')).json.games;
  const i1 = all.findIndex((g) => g.id === g1);
  const i2 = all.findIndex((g) => g.id === g2);
  assert.ok(i1 >= 0 && i2 >= 0 && i2 < i1, 'both, the newer first');
  assert.deepEqual(all[i2], { id: g2, variant: 'sadeqa', options: '', clock: { initial_s: 30, increment_s: 0 }, rated: false,
    accounts: { S: { id: a.id, name: a.name }, N: { id: b.id, name: b.name } }, ply: 0, created: all[i2].created });
  const p1 = await api('GET', '/api/games?status=live&limit=1');
  assert.equal(p1.json.games.length, 1);
  assert.ok(p1.json.next);
  const p2 = await api('GET', `/api/games?status=live&limit=1&before=${p1.json.next}`);
  assert.equal(p2.json.games.length, 1);
  assert.notEqual(p2.json.games[0].id, p1.json.games[0].id);
  // a game by invitation is not listed: its id stays with the two it was sent to
  const inv = await api('POST', '/api/games', { body: { variant: 'qelat', online: true } });
  assert.equal((await api('POST', `/api/games/${inv.json.id}/join`, { body: { invite: inv.json.invite } })).status, 200);
  assert.ok(!(await api('GET', '/api/games?status=live&limit=200')).json.games.some((g) => g.id === inv.json.id), 'not an invited game');
  await resign(g2, a);
  assert.ok(!(await api('GET', '/api/games?status=live&limit=200')).json.games.some((g) => g.id === g2), 'over: not live');
  assert.equal((await api('GET', '/api/games')).status, 405, 'as before: POST starts a game');
  assert.equal((await api('GET', '/api/games?status=over')).status, 400);
  await resign(g1, a);
});

test('a rematch: offered by one seat after the end, accepted by the other; seats swapped, same game, rated and clock', async () => {
  const a = await newPlayer('Again');
  const b = await newPlayer('Again');
  const g = await lobbyGame(a, b, { rated: true, options: 'seeds=4', clock: { initial_s: 120, increment_s: 3 } });
  assert.equal((await api('POST', `/api/games/${g}/rematch`, { key: a.key })).status, 409, 'not over yet');
  const ev = await openEvents(srv.base, `/api/games/${g}/events`);
  try {
    await ev.wait((e) => e.event === 'hello');
    assert.equal((await resign(g, a)).status, 200);
    const other = await newPlayer('Stranger');
    assert.equal((await api('POST', `/api/games/${g}/rematch`, { key: other.key })).status, 403);
    assert.equal((await api('POST', `/api/games/${g}/rematch`)).status, 401);
    const offer = await api('POST', `/api/games/${g}/rematch`, { key: a.key });
    assert.equal(offer.status, 200, offer.text);
    assert.deepEqual(offer.json.offer, { kind: 'rematch', by: 'S' });
    assert.equal(offer.json.rematch, null);
    const told = await ev.wait((e) => e.event === 'rematch');
    assert.deepEqual(told.json, { by: 'S', game: null });
    assert.equal((await api('POST', `/api/games/${g}/rematch`, { key: a.key })).status, 409, 'offered already');
    const acc = await api('POST', `/api/games/${g}/rematch`, { key: b.key });
    assert.equal(acc.status, 201, acc.text);
    const n = acc.json.game;
    assert.match(n, /^[0-9a-f]{32}$/);
    const told2 = await ev.wait((e) => e.event === 'rematch' && e.json.game);
    assert.deepEqual(told2.json, { by: 'N', game: n });
    const old = await view(g);
    assert.equal(old.rematch, n);
    assert.equal(old.offer, null);
    assert.equal((await api('POST', `/api/games/${g}/rematch`, { key: a.key })).status, 409, 'agreed already');
    const nv = await view(n);
    assert.deepEqual(nv.accounts, { S: { id: b.id, name: b.name }, N: { id: a.id, name: a.name } }, 'seats swapped');
    assert.equal(nv.variant, 'sadeqa');
    assert.equal(nv.rated, true);
    assert.equal(nv.state.ply, 0);
    const live = (await api('GET', '/api/games?status=live&limit=200')).json.games.find((x) => x.id === n);
    assert.deepEqual(live.clock, { initial_s: 120, increment_s: 3 });
    assert.equal(live.options, 'seeds=4');
    // b is South now: b's key moves first
    const mv = await api('POST', `/api/games/${n}/moves`, { key: b.key, body: { move: nv.moves[0].text } });
    assert.equal(mv.status, 200, mv.text);
    await resign(n, a);
  } finally { ev.close(); }
});

test('a rematch of an invited game: each seat\'s token plays the other side in the new game', async () => {
  const c = await api('POST', '/api/games', { body: { variant: 'qelat', online: true } });
  assert.equal(c.status, 201);
  const j = await api('POST', `/api/games/${c.json.id}/join`, { body: { invite: c.json.invite } });
  const tS = c.json.token;
  const tN = j.json.token;
  assert.equal((await api('POST', `/api/games/${c.json.id}/resign`, { key: tN })).status, 200);
  assert.equal((await api('POST', `/api/games/${c.json.id}/rematch`, { key: tN })).status, 200);
  const acc = await api('POST', `/api/games/${c.json.id}/rematch`, { key: tS });
  assert.equal(acc.status, 201, acc.text);
  const nv = await view(acc.json.game);
  assert.equal(nv.accounts, null);
  assert.equal(nv.rated, false);
  assert.equal(nv.joined, true);
  const m = nv.moves[0].text;
  assert.equal((await api('POST', `/api/games/${acc.json.game}/moves`, { key: tS, body: { move: m } })).status, 403, 'the creator is North now');
  assert.equal((await api('POST', `/api/games/${acc.json.game}/moves`, { key: tN, body: { move: m } })).status, 200);
  // off line (one token for both sides) there is no rematch
  const off = await api('POST', '/api/games', { body: { variant: 'qelat', south: 'human', north: 'human' } });
  await api('POST', `/api/games/${off.json.id}/resign`, { key: off.json.token });
  assert.equal((await api('POST', `/api/games/${off.json.id}/rematch`, { key: off.json.token })).status, 409);
});

test('GET /api/ratings/VARIANT: the best players, settled ratings only, highest first; bad game 404, bad limit 400', async () => {
  // Glicko-2 from 1500/350: two new players who play only each other settle (RD at most 110, the
  // provisional line) after a score of games (14 when they take turns winning). A wins 5 of every
  // 7 and B the rest, in Bulto, which no other test here rates; C plays one game only.
  const a = await newPlayer('Best');
  const b = await newPlayer('Second');
  const c = await newPlayer('Newcomer');
  const before = (await api('GET', '/api/ratings/bulto')).json;
  assert.deepEqual(before, { variant: 'bulto', players: [] }, 'no settled rating yet');
  let played = 0;
  for (; played < 40 && ((await ratingOf(a, 'bulto')).provisional || (await ratingOf(b, 'bulto')).provisional); played++) {
    assert.deepEqual((await api('GET', '/api/ratings/bulto')).json.players, [], `after ${played} games: provisional, unlisted`);
    const g = await lobbyGame(a, b, { variant: 'bulto', rated: true });
    assert.equal((await resign(g, played % 7 < 5 ? b : a)).status, 200);
  }
  const g = await lobbyGame(c, a, { variant: 'bulto', rated: true });
  assert.equal((await resign(g, a)).status, 200, 'C beats A once: a high rating, but provisional');
  const ra = await ratingOf(a, 'bulto');
  const rb = await ratingOf(b, 'bulto');
  const rc = await ratingOf(c, 'bulto');
  assert.ok(!ra.provisional && !rb.provisional && rc.provisional, JSON.stringify([ra, rb, rc]));
  assert.ok(rc.rating > rb.rating, 'C is above B by rating, yet not listed');
  const r = await api('GET', '/api/ratings/bulto');
  assert.equal(r.status, 200, r.text);
  assert.deepEqual(r.json, { variant: 'bulto', players: [
    { rank: 1, id: a.id, name: a.name, rating: ra.rating, rd: ra.rd, games: played + 1 },
    { rank: 2, id: b.id, name: b.name, rating: rb.rating, rd: rb.rd, games: played }] });
  assert.deepEqual((await api('GET', '/api/ratings/bulto?limit=1')).json.players.map((p) => p.id), [a.id]);
  assert.deepEqual((await api('GET', '/api/ratings/qelat')).json.players, [], 'per game');
  for (const [path, status, words] of [['/api/ratings/chess', 404, /no such game 'chess'/], ['/api/ratings/bulto?limit=0', 400, /limit/],
    ['/api/ratings/bulto?limit=101', 400, /limit/], ['/api/ratings/bulto?limit=x', 400, /limit/], ['/api/ratings/', 404, /./]]) {
    const x = await api('GET', path);
    assert.equal(x.status, status, `${path}: ${x.text}`);
    assert.match(x.json.error, words, path);
  }
  assert.equal((await api('POST', '/api/ratings/bulto', { body: {} })).status, 405);
});

test('a restart keeps the players, their keys, ratings and archives; the seeks are gone', async () => {
  const a = await newPlayer('Kept');
  const b = await newPlayer('Kept');
  const g = await lobbyGame(a, b, { rated: true });
  await resign(g, b);
  // a rematch offered before the restart is accepted after it
  const offered = await lobbyGame(a, b, { rated: true });
  await resign(offered, a);
  assert.equal((await api('POST', `/api/games/${offered}/rematch`, { key: b.key })).status, 200);
  const ra = await ratingOf(a);
  const arch = (await api('GET', `/api/players/${a.id}/games`)).json;
  assert.equal(arch.games.length, 2);
  const s = await seek(a);
  assert.equal(await srv.stop(), 0);
  srv = await startServer(['--data', data, ...ARGS]);
  assert.deepEqual(await ratingOf(a), ra);
  assert.deepEqual((await api('GET', `/api/players/${a.id}/games`)).json, arch);
  assert.deepEqual((await view(offered)).offer, { kind: 'rematch', by: 'N' });
  const re = await api('POST', `/api/games/${offered}/rematch`, { key: a.key });
  assert.equal(re.status, 201, re.text);
  assert.equal((await view(re.json.game)).rated, true);
  await resign(re.json.game, b);
  const ra3 = await ratingOf(a);
  assert.ok(ra3.rating > ra.rating, 'the rematch is rated too');
  assert.ok(!(await api('GET', '/api/seeks')).json.seeks.some((x) => x.seek === s), 'seeks live in memory only');
  assert.equal((await api('POST', '/api/players', { body: { name: a.name.toUpperCase() } })).status, 409, 'names kept');
  // the key still plays: a new seek, accepted, and a move by it
  const g2 = await lobbyGame(a, b, { rated: true });
  const v = await view(g2);
  assert.equal((await api('POST', `/api/games/${g2}/moves`, { key: a.key, body: { move: v.moves[0].text } })).status, 200);
  await resign(g2, a);
  const after = await ratingOf(a);
  assert.ok(after.rating < ra3.rating, 'a loss after the restart lowers the kept rating');
  assert.equal(after.games, 4);
});

test('a database of the server before the lobby gains its tables and columns, and its games play on', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-old-'));
  try {
    // the games table as the server wrote it before issue 21, with one game in it
    const id = '0123456789abcdef0123456789abcdef';
    const now = Math.floor(Date.now() / 1000);
    const sql = `CREATE TABLE games (id TEXT PRIMARY KEY, variant TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,
      south TEXT NOT NULL, north TEXT NOT NULL, rng INTEGER NOT NULL, online INTEGER NOT NULL, joined INTEGER NOT NULL,
      token_s BLOB NOT NULL, token_n BLOB NOT NULL, invite BLOB, moves TEXT NOT NULL, movers TEXT NOT NULL,
      show_last INTEGER NOT NULL, offer TEXT, ended INTEGER NOT NULL, finished INTEGER NOT NULL,
      created INTEGER NOT NULL, updated INTEGER NOT NULL);
      CREATE INDEX games_expiry ON games(finished, updated);
      INSERT INTO games VALUES ('${id}', 'sadeqa', '', 7, 'human', 'ai:4', 7, 0, 0, zeroblob(32), zeroblob(32), NULL,
        '', '', 1, '', 0, 0, ${now}, ${now});`;
    const { execFileSync } = require('node:child_process');
    execFileSync('sqlite3', [path.join(dir, 'games.sqlite')], { input: sql });
    const old = await startServer(['--data', dir]);
    try {
      const v = await request(old.base, { path: `/api/games/${id}` });
      assert.equal(v.status, 200, v.text);
      assert.equal(v.json.rated, false);
      assert.equal(v.json.accounts, null);
      const mk = async (name) => {
        const p = (await request(old.base, { method: 'POST', path: '/api/players', headers: JSON_CT, body: { name } })).json;
        keys.set(p.id, p.key);
        return p;
      };
      const a = await mk('Old One');
      const b = await mk('Old Two');
      const sk = await request(old.base, { method: 'POST', path: '/api/seeks', headers: bearer(a.key), body: { variant: 'qelat', rated: true } });
      assert.equal(sk.status, 201, sk.text);
      const g = await request(old.base, { method: 'POST', path: `/api/seeks/${sk.json.seek}/accept`, headers: bearer(b.key), localAddress: '127.0.0.2' });
      assert.equal(g.status, 201, g.text);
      await opening(g.json.game, old.base);
      const r = await request(old.base, { method: 'POST', path: `/api/games/${g.json.game}/resign`, headers: bearer(b.key) });
      assert.equal(r.status, 200, r.text);
      const pa = await request(old.base, { path: `/api/players/${a.id}` });
      assert.ok(pa.json.ratings.qelat.rating > 1500);
    } finally { assert.equal(await old.stop(), 0); }
    const cols = execFileSync('sqlite3', [path.join(dir, 'games.sqlite'), 'PRAGMA table_info(games)']).toString();
    for (const c of ['player_s', 'player_n', 'rated', 'rematch_id', 'finished_at', 'clock_initial_ms', 'offered_draw_s',
      'offered_draw_n', 'offered_undo_s', 'offered_undo_n', 'offer_client']) assert.match(cols, new RegExp(`\\|${c}\\|`));
    assert.equal(execFileSync('sqlite3', [path.join(dir, 'games.sqlite'), 'PRAGMA integrity_check']).toString().trim(), 'ok');
  } finally { fs.rmSync(dir, { recursive: true, force: true }); }
});

test('players created a minute per address are limited (--player-rate), with Retry-After', async () => {
  const s2 = await startServer(['--player-rate', '2']);
  try {
    const mk = (name, localAddress) => request(s2.base, { method: 'POST', path: '/api/players', headers: JSON_CT, body: { name }, localAddress });
    assert.equal((await mk('One', '127.0.0.5')).status, 201);
    assert.equal((await mk('Two', '127.0.0.5')).status, 201);
    const third = await mk('Three', '127.0.0.5');
    assert.equal(third.status, 429, third.text);
    assert.ok(Number(third.headers['retry-after']) > 0);
    assert.equal((await mk('Four', '127.0.0.6')).status, 201, 'another address');
  } finally { await s2.stop(); }
});

test('seeks from one address are limited (--seeks-per-ip)', async () => {
  const s2 = await startServer(['--seeks-per-ip', '3']);
  try {
    const mk = async (name) => (await request(s2.base, { method: 'POST', path: '/api/players', headers: JSON_CT, body: { name }, localAddress: '127.0.0.7' })).json;
    const p1 = await mk('Ip One');
    const p2 = await mk('Ip Two');
    const sk = (p, localAddress = '127.0.0.7') => request(s2.base, { method: 'POST', path: '/api/seeks', headers: bearer(p.key), body: { variant: 'bulto' }, localAddress });
    assert.equal((await sk(p1)).status, 201);
    assert.equal((await sk(p1)).status, 201);
    assert.equal((await sk(p2)).status, 201);
    const r = await sk(p2);
    assert.equal(r.status, 429, r.text);
    assert.match(r.json.error, /seeks-per-ip/);
    assert.equal((await sk(p2, '127.0.0.8')).status, 201, 'from another address');
  } finally { await s2.stop(); }
});

test('rated games are between two addresses: a rated seek or rematch taken from its own address is 403, and stays open', async () => {
  // one person with two names on one machine: Farmer seeks rated, Stooge accepts and resigns, and
  // again: Farmer's rating rose 160 points a game, as far as he liked (no --rated-one-address here)
  const own = await startServer(['--player-rate', '0']);
  try {
    const call = (method, p, { key, body, localAddress } = {}) => api(method, p, { key, body, localAddress, base: own.base });
    const mk = async (name) => (await call('POST', '/api/players', { body: { name } })).json;
    const farmer = await mk('Farmer'), stooge = await mk('Stooge');
    const rated = (await call('POST', '/api/seeks', { key: farmer.key, body: { variant: 'sadeqa', seat: 'S', rated: true } })).json.seek;
    const r = await call('POST', `/api/seeks/${rated}/accept`, { key: stooge.key });
    assert.equal(r.status, 403, r.text);
    assert.match(r.json.error, /^this rated seek was made from your address: a rated game is between players on two addresses/);
    assert.ok((await call('GET', '/api/seeks')).json.seeks.some((k) => k.seek === rated), 'the seek is still open to others');
    assert.equal((await call('GET', `/api/players/${farmer.id}`)).json.ratings.sadeqa.games, 0);
    // a casual seek is taken from the same address as before
    const casual = (await call('POST', '/api/seeks', { key: farmer.key, body: { variant: 'sadeqa' } })).json.seek;
    assert.equal((await call('POST', `/api/seeks/${casual}/accept`, { key: stooge.key })).status, 201);
    // from another address the rated one is taken; its rematch asked and accepted from one address is not
    const acc = await call('POST', `/api/seeks/${rated}/accept`, { key: stooge.key, localAddress: '127.0.0.2' });
    assert.equal(acc.status, 201, acc.text);
    const game = acc.json.game;
    assert.equal((await call('POST', `/api/games/${game}/resign`, { key: stooge.key })).status, 200);
    assert.equal((await call('POST', `/api/games/${game}/rematch`, { key: farmer.key })).status, 200);
    const again = await call('POST', `/api/games/${game}/rematch`, { key: stooge.key });
    assert.equal(again.status, 403, again.text);
    assert.match(again.json.error, /^this rated rematch was offered from your address/);
    assert.equal((await call('GET', `/api/games/${game}`)).json.rematch, null, 'no rematch made');
    const ok = await call('POST', `/api/games/${game}/rematch`, { key: stooge.key, localAddress: '127.0.0.3' });
    assert.equal(ok.status, 201, ok.text);
  } finally {
    assert.equal(await own.stop(), 0);
  }
});
