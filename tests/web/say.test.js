// Quick phrases (docs/api.md, "Quick phrases"): a seat of an online game both have joined says
// one of a fixed list of phrases by its id; it goes to the game's streams as the event `say`.
// Spectators and off-line games are refused, an unknown phrase is a 400 naming it, and a seat
// says one every --say-every seconds and 30 a game at most (429, one line).
// Run: GABATA=build/gabata node --test say.test.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { startServer } = require('./server');
const { request, openEvents } = require('./http');

const JSON_CT = { 'Content-Type': 'application/json' };
let srv, fast; // fast: --say-every 0, for the 30 a game
test.before(async () => {
  srv = await startServer(['--player-rate', '0']);
  fast = await startServer(['--say-every', '0']);
});
test.after(async () => {
  if (srv) assert.equal(await srv.stop(), 0);
  if (fast) assert.equal(await fast.stop(), 0);
});
const call = (method, p, token, body, base = srv.base) =>
  request(base, { method, path: p, headers: token ? { ...JSON_CT, Authorization: `Bearer ${token}` } : JSON_CT, body });

// an invited game between two people: { id, S, N } (the seats' tokens)
async function friends(base = srv.base) {
  const g = await call('POST', '/api/games', null, { variant: 'sadeqa', online: true }, base);
  assert.equal(g.status, 201, g.text);
  const j = await call('POST', `/api/games/${g.json.id}/join`, null, { invite: g.json.invite }, base);
  assert.equal(j.status, 200, j.text);
  return { id: g.json.id, [g.json.seat]: g.json.token, [j.json.seat]: j.json.token };
}

test('a seat says a phrase: the other seat\'s stream and a spectator\'s get the event say, numbered', async () => {
  const g = await friends();
  const north = await openEvents(srv.base, `/api/games/${g.id}/events`, { token: g.N });
  const watcher = await openEvents(srv.base, `/api/games/${g.id}/events`);
  try {
    const hello = await north.wait((e) => e.event === 'hello');
    await watcher.wait((e) => e.event === 'hello');
    const r = await call('POST', `/api/games/${g.id}/say`, g.S, { phrase: 'good-luck' });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual({ by: r.json.by, phrase: r.json.phrase }, { by: 'S', phrase: 'good-luck' });
    const ev = await north.wait((e) => e.event === 'say');
    assert.deepEqual(ev.json, { by: 'S', phrase: 'good-luck' });
    assert.ok(ev.id > hello.json.last, 'numbered as every event');
    assert.deepEqual((await watcher.wait((e) => e.event === 'say')).json, { by: 'S', phrase: 'good-luck' });
    // North answers, with the player's side of it
    assert.equal((await call('POST', `/api/games/${g.id}/say`, g.N, { phrase: 'thanks' })).status, 200);
    assert.deepEqual((await watcher.wait((e) => e.event === 'say' && e.json.by === 'N')).json, { by: 'N', phrase: 'thanks' });
    // nothing is kept: the view has no trace of it
    const v = await call('GET', `/api/games/${g.id}`);
    assert.doesNotMatch(v.text, /good-luck|thanks/);
  } finally {
    north.close();
    watcher.close();
  }
});

test('a spectator is refused (no token 401, another game\'s token 403); an off-line game 409; not joined yet 409', async () => {
  const g = await friends();
  const none = await call('POST', `/api/games/${g.id}/say`, null, { phrase: 'hello' });
  assert.equal(none.status, 401, none.text);
  const other = await friends();
  const wrong = await call('POST', `/api/games/${g.id}/say`, other.S, { phrase: 'hello' });
  assert.equal(wrong.status, 403, wrong.text);
  const off = await call('POST', '/api/games', null, { variant: 'sadeqa' });
  const r = await call('POST', `/api/games/${off.json.id}/say`, off.json.token, { phrase: 'hello' });
  assert.equal(r.status, 409, r.text);
  assert.equal(r.json.error, 'quick phrases are for online games');
  const alone = await call('POST', '/api/games', null, { variant: 'sadeqa', online: true });
  const a = await call('POST', `/api/games/${alone.json.id}/say`, alone.json.token, { phrase: 'hello' });
  assert.equal(a.status, 409, a.text);
  assert.match(a.json.error, /^the opponent has not joined yet/);
});

test('an unknown phrase is a 400 naming it; no phrase, or not a string, 400', async () => {
  const g = await friends();
  const r = await call('POST', `/api/games/${g.id}/say`, g.S, { phrase: 'you are bad' });
  assert.equal(r.status, 400, r.text);
  assert.match(r.json.error, /^unknown phrase 'you are bad' \(hello, good-luck, /);
  assert.equal((await call('POST', `/api/games/${g.id}/say`, g.S, {})).status, 400);
  assert.equal((await call('POST', `/api/games/${g.id}/say`, g.S, { phrase: 3 })).status, 400);
  assert.equal((await call('POST', `/api/games/${g.id}/say`, g.S, { phrase: 'hello', text: 'hi' })).status, 400, 'no free text');
  // the refusals used none of the seat's allowance
  assert.equal((await call('POST', `/api/games/${g.id}/say`, g.S, { phrase: 'hello' })).status, 200);
});

test('flooding: of two phrases at once from one seat, one is a 429 with Retry-After; the other seat is counted apart', async () => {
  const g = await friends();
  const two = await Promise.all([0, 1].map(() => call('POST', `/api/games/${g.id}/say`, g.S, { phrase: 'hello' })));
  assert.deepEqual(two.map((r) => r.status).sort(), [200, 429], two.map((r) => r.text).join(' '));
  const no = two.find((r) => r.status === 429);
  assert.match(no.json.error, /^one phrase every 2 s: try again in [12] s$/);
  assert.match(no.headers['retry-after'], /^[12]$/);
  assert.equal((await call('POST', `/api/games/${g.id}/say`, g.N, { phrase: 'hello' })).status, 200, 'North has his own');
});

test('30 phrases a seat a game, then 429 (after the end too, the phrases go on until then)', async () => {
  const g = await friends(fast.base);
  const say = (tok, phrase = 'well-played') => call('POST', `/api/games/${g.id}/say`, tok, { phrase }, fast.base);
  assert.equal((await call('POST', `/api/games/${g.id}/resign`, g.N, undefined, fast.base)).status, 200);
  for (let i = 0; i < 30; i++) {
    const r = await say(g.S, 'good-game');
    assert.equal(r.status, 200, `phrase ${i + 1} after the end: ${r.text}`);
    assert.equal(r.json.left, 29 - i);
  }
  const r = await say(g.S);
  assert.equal(r.status, 429, r.text);
  assert.equal(r.json.error, 'South has said 30 phrases in this game: no more');
  assert.equal((await say(g.N)).status, 200, 'North has his own 30');
});

test('a game from the lobby: each player says a phrase with his key; a third player\'s key is refused (403)', async () => {
  const player = async (name) => {
    const r = await call('POST', '/api/players', null, { name });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  const [a, b, c] = [await player('Abeba'), await player('Chaltu'), await player('Yonas')];
  const s = await call('POST', '/api/seeks', a.key, { variant: 'sadeqa', seat: 'S' });
  assert.equal(s.status, 201, s.text);
  const g = await call('POST', `/api/seeks/${s.json.seek}/accept`, b.key);
  assert.equal(g.status, 201, g.text);
  const id = g.json.game;
  const south = await openEvents(srv.base, `/api/games/${id}/events`, { token: a.key });
  try {
    await south.wait((e) => e.event === 'hello');
    const r = await call('POST', `/api/games/${id}/say`, b.key, { phrase: 'hello' });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual((await south.wait((e) => e.event === 'say')).json, { by: 'N', phrase: 'hello' });
    assert.equal((await call('POST', `/api/games/${id}/say`, a.key, { phrase: 'good-luck' })).status, 200);
    assert.equal((await call('POST', `/api/games/${id}/say`, c.key, { phrase: 'hello' })).status, 403, 'not a player of this game');
  } finally {
    south.close();
  }
});
