// Who may do what to a game (issue 12, docs/api.md "Seats and tokens"): ids, tokens and invites
// are random and unrelated; every change needs the seat's token, and a refused request changes
// nothing; an invite works once; anyone may watch.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { startServer } = require('./server');

let srv;
// the rates per address lifted (hardening.test.js tests them): every game here comes from 127.0.0.1
test.before(async () => { srv = await startServer(['--game-rate', '0', '--games-per-ip', '0', '--ai-rate', '0']); });
test.after(async () => { assert.equal(await srv.stop(), 0, 'the server stops cleanly'); });

async function call(method, p, body, token) {
  const headers = {};
  if (method !== 'GET') headers['Content-Type'] = 'application/json'; // every change is JSON (hardening)
  if (token !== undefined) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(srv.base + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* the record */ }
  return { status: res.status, json, text };
}

const view = async (id) => (await call('GET', `/api/games/${id}`)).json;
const randomHex = (bytes) => crypto.randomBytes(bytes).toString('hex');

// an online game with both seats taken: { id, S, N } (the tokens)
async function onlineGame(variant = 'sadeqa', seat = 'S') {
  const c = await call('POST', '/api/games', { variant, online: true, seat });
  assert.equal(c.status, 201, c.text);
  assert.equal(c.json.seat, seat);
  const j = await call('POST', `/api/games/${c.json.id}/join`, { invite: c.json.invite });
  assert.equal(j.status, 200, j.text);
  assert.equal(j.json.seat, seat === 'S' ? 'N' : 'S');
  return { id: c.json.id, [seat]: c.json.token, [j.json.seat]: j.json.token, invite: c.json.invite };
}

// count of 1 bits in a hex string, and per position
function bits(hex) {
  return [...hex].flatMap((d) => { const v = parseInt(d, 16); return [v >> 3 & 1, v >> 2 & 1, v >> 1 & 1, v & 1]; });
}

test('200 games: ids, tokens and invites are long, distinct, unrelated and balanced', async () => {
  const made = [];
  for (let i = 0; i < 200; i++) {
    const r = await call('POST', '/api/games', { variant: 'qelat', online: true }); // (an online game takes no seed: hardening 3)
    assert.equal(r.status, 201, r.text);
    made.push(r.json);
  }
  const ids = made.map((g) => g.id), toks = made.map((g) => g.token), invs = made.map((g) => g.invite);
  for (const id of ids) assert.match(id, /^[0-9a-f]{32}$/, '128 bits');
  for (const t of toks) assert.match(t, /^[0-9a-f]{64}$/, '256 bits');
  for (const v of invs) assert.match(v, /^[0-9a-f]{32}$/, '128 bits');
  const all = [...ids, ...toks, ...invs];
  assert.equal(new Set(all).size, all.length, 'all distinct');
  // no two consecutive ids share more than 8 leading hex digits (chance 2^-32 each), and the
  // difference of consecutive ids is not constant (a counter or a linear step would be)
  for (let i = 1; i < ids.length; i++) {
    let k = 0;
    while (k < 32 && ids[i][k] === ids[i - 1][k]) k++;
    assert.ok(k <= 8, `${ids[i - 1]} and ${ids[i]} share ${k} leading digits`);
  }
  const diffs = new Set(ids.slice(1).map((id, i) => (BigInt(`0x${id}`) - BigInt(`0x${ids[i]}`)).toString(16)));
  assert.ok(diffs.size > 190, 'steps between ids vary');
  // no token or invite contains its game's id or a part of it, nor follows from it by a hash
  for (const g of made) {
    assert.ok(!g.token.includes(g.id.slice(0, 8)) && !g.invite.includes(g.id.slice(0, 8)));
    assert.notEqual(crypto.createHash('sha256').update(g.id).digest('hex'), g.token);
  }
  // bit balance: over all 200 ids, 25,600 bits, about half are 1 (6 sigma = 480); each of the
  // 128 positions is 1 in about half of the ids (6 sigma = 42)
  for (const set of [ids, invs]) {
    const b = set.map(bits);
    const ones = b.flat().reduce((a, x) => a + x, 0);
    assert.ok(Math.abs(ones - b.length * 64) < 480, `${ones} ones of ${b.length * 128}`);
    for (let k = 0; k < 128; k++) {
      const c = b.reduce((a, x) => a + x[k], 0);
      assert.ok(Math.abs(c - 100) < 43, `bit ${k} is 1 in ${c} of 200`);
    }
  }
  // the database keeps the SHA-256 of each token, never the token itself
  const db = path.join(srv.data, 'games.sqlite');
  const dump = spawnSync('sqlite3', [db, 'SELECT lower(hex(token_s)), lower(hex(invite)) FROM games'], { encoding: 'utf8' });
  assert.ok(!dump.error, 'the sqlite3 program is needed (scripts/install-deps --test installs it)');
  assert.equal(dump.status, 0, dump.stderr);
  const rows = new Set(dump.stdout.trim().split('\n'));
  for (const g of made.slice(0, 20)) {
    const hash = (t) => crypto.createHash('sha256').update(t).digest('hex');
    assert.ok(rows.has(`${hash(g.token)}|${hash(g.invite)}`), 'SHA-256 of token and invite stored');
  }
  const files = fs.readdirSync(srv.data).filter((f) => f.startsWith('games.sqlite'));
  const bytes = Buffer.concat(files.map((f) => fs.readFileSync(path.join(srv.data, f))));
  for (const g of made.slice(0, 20)) {
    assert.ok(!bytes.includes(g.token), 'no token in the database files');
    assert.ok(!bytes.includes(g.invite), 'no invite in the database files');
  }
  assert.equal(fs.statSync(db).mode & 0o077, 0, 'the database is for its owner alone');
});

test('every change without the right token is refused (401/403) and changes nothing', async () => {
  const g = await onlineGame('sadeqa');
  const other = await onlineGame('sadeqa'); // a valid token, of another game
  assert.equal((await call('POST', `/api/games/${g.id}/moves`, { move: 'C' }, g.S)).status, 200);
  const n = (await view(g.id)).moves[0].text;
  assert.equal((await call('POST', `/api/games/${g.id}/moves`, { move: n }, g.N)).status, 200);
  const before = await view(g.id);
  assert.equal(before.state.to_move, 'S');
  const bad = { none: undefined, garbage: randomHex(32), 'another game': other.S, 'not a bearer': null };
  const actions = [
    ['POST', 'moves', { move: 'A' }], ['POST', 'computer', {}], ['POST', 'undo', {}],
    ['POST', 'undo/request', {}], ['POST', 'draw/offer', {}], ['POST', 'resign', {}],
    ['DELETE', '', undefined],
  ];
  for (const [method, action, body] of actions) {
    for (const [what, tok] of Object.entries(bad)) {
      const p = `/api/games/${g.id}${action ? `/${action}` : ''}`;
      let r;
      if (tok === null) {
        const res = await fetch(srv.base + p, { method, headers: { 'Content-Type': 'application/json', Authorization: `Basic ${g.S}` }, body: body && JSON.stringify(body) });
        r = { status: res.status, text: await res.text() };
      } else {
        r = await call(method, p, body, tok);
      }
      const want = tok === undefined ? 401 : 403;
      assert.equal(r.status, want, `${method} ${action} with ${what}: ${r.text}`);
    }
  }
  // the other seat's token: a move and a computer move out of turn
  assert.equal((await call('POST', `/api/games/${g.id}/moves`, { move: 'a' }, g.N)).status, 403);
  assert.equal((await call('POST', `/api/games/${g.id}/moves`, { move: 'A' }, g.N)).status, 403);
  assert.equal((await call('POST', `/api/games/${g.id}/computer`, {}, g.N)).status, 403);
  assert.deepEqual(await view(g.id), before, 'nothing changed');
  // and the right one works
  assert.equal((await call('POST', `/api/games/${g.id}/moves`, { move: before.moves[0].text }, g.S)).status, 200);

  // off line: one token for the game, against the computer or on one screen
  const c = await call('POST', '/api/games', { variant: 'bulto', seed: 4 });
  assert.equal(c.json.seat, 'both');
  assert.equal(c.json.invite, null);
  assert.match(c.json.token, /^[0-9a-f]{64}$/);
  const id = c.json.id;
  const v0 = await view(id);
  assert.equal((await call('POST', `/api/games/${id}/computer`, {})).status, 401);
  assert.equal((await call('POST', `/api/games/${id}/moves`, { move: v0.moves[0].text })).status, 401);
  assert.equal((await call('POST', `/api/games/${id}/moves`, { move: v0.moves[0].text }, g.S)).status, 403);
  assert.equal((await call('DELETE', `/api/games/${id}`, undefined, other.N)).status, 403);
  assert.deepEqual(await view(id), v0);
  assert.equal((await call('POST', `/api/games/${id}/moves`, { move: v0.moves[0].text }, c.json.token)).status, 200);
  assert.equal((await call('POST', `/api/games/${id}/computer`, {}, c.json.token)).status, 200);
  assert.equal((await call('POST', `/api/games/${id}/undo`, {}, c.json.token)).status, 200, 'undo against the computer needs no consent');
  assert.equal((await call('DELETE', `/api/games/${id}`, undefined, c.json.token)).status, 200);
  assert.equal((await call('GET', `/api/games/${id}`)).status, 404);
});

test('an invite works once; a bad one is refused', async () => {
  const c = await call('POST', '/api/games', { variant: 'akil', online: true, seat: 'N' });
  const id = c.json.id;
  const before = await view(id);
  assert.equal(before.joined, false);
  assert.equal((await call('POST', `/api/games/${id}/join`, { invite: randomHex(16) })).status, 403);
  assert.equal((await call('POST', `/api/games/${id}/join`, { invite: c.json.token })).status, 403, "the creator's token is no invite");
  assert.equal((await call('POST', `/api/games/${id}/join`, {})).status, 400);
  assert.deepEqual(await view(id), before);
  const other = await call('POST', '/api/games', { variant: 'akil', online: true });
  assert.equal((await call('POST', `/api/games/${id}/join`, { invite: other.json.invite })).status, 403, "another game's invite");
  const j = await call('POST', `/api/games/${id}/join`, { invite: c.json.invite });
  assert.equal(j.status, 200, j.text);
  assert.equal(j.json.seat, 'S');
  assert.equal(j.json.joined, true);
  const again = await call('POST', `/api/games/${id}/join`, { invite: c.json.invite });
  assert.equal(again.status, 409, 'a used invite');
  assert.equal(again.json.token, undefined);
  // a game not online has no invite to use
  const local = await call('POST', '/api/games', { variant: 'akil', south: 'human', north: 'human' });
  assert.equal((await call('POST', `/api/games/${local.json.id}/join`, { invite: c.json.invite })).status, 403);
  // the joined seat's token is the one that moves South
  const v = await view(id);
  const move = v.moves.length ? v.moves[0].text : v.free_move.example;
  assert.equal((await call('POST', `/api/games/${id}/moves`, { move }, c.json.token)).status, 403);
  assert.equal((await call('POST', `/api/games/${id}/moves`, { move }, j.json.token)).status, 200);
});

test('a spectator reads the game, its record and a hint, and can change nothing', async () => {
  const g = await onlineGame('qelat');
  const v = await view(g.id);
  assert.equal((await call('POST', `/api/games/${g.id}/moves`, { move: v.moves[0].text }, g.S)).status, 200);
  const seen = await call('GET', `/api/games/${g.id}`);
  assert.equal(seen.status, 200);
  assert.equal(seen.json.history.length, 1);
  assert.equal(seen.json.token, undefined, 'a view never shows a token');
  assert.equal(seen.json.invite, undefined);
  const rec = await call('GET', `/api/games/${g.id}/record`);
  assert.equal(rec.status, 200);
  assert.match(rec.text, /\[Variant "qelat"\]/);
  assert.equal((await call('GET', `/api/games/${g.id}/hint`)).status, 200);
  assert.equal((await call('POST', `/api/games/${g.id}/moves`, { move: seen.json.moves[0].text })).status, 401);
});

test('against a person undo and draws need the opponent: offer, answer', async () => {
  const g = await onlineGame('sadeqa');
  assert.equal((await call('POST', `/api/games/${g.id}/undo/request`, {}, g.S)).status, 409, 'nothing of South to undo');
  assert.equal((await call('POST', `/api/games/${g.id}/moves`, { move: 'C' }, g.S)).status, 200);
  assert.equal((await call('POST', `/api/games/${g.id}/undo`, {}, g.S)).status, 409, 'no undo without consent');
  const asked = await call('POST', `/api/games/${g.id}/undo/request`, {}, g.S);
  assert.equal(asked.status, 200, asked.text);
  assert.deepEqual(asked.json.offer, { kind: 'undo', by: 'S' });
  assert.equal((await call('POST', `/api/games/${g.id}/undo/answer`, { accept: true }, g.S)).status, 403, 'one does not answer oneself');
  const no = await call('POST', `/api/games/${g.id}/undo/answer`, { accept: false }, g.N);
  assert.equal(no.status, 200);
  assert.equal(no.json.offer, null);
  assert.equal(no.json.history.length, 1, 'declined: the move stays');
  // one request a move: asked again at once it is refused (offers.test.js); after North's move
  // South may ask again, and the undo takes back to South's last move (both moves)
  assert.equal((await call('POST', `/api/games/${g.id}/undo/request`, {}, g.S)).status, 429, 'one request a move');
  assert.equal((await call('POST', `/api/games/${g.id}/moves`, { move: no.json.moves[0].text }, g.N)).status, 200);
  assert.equal((await call('POST', `/api/games/${g.id}/undo/request`, {}, g.S)).status, 200);
  const yes = await call('POST', `/api/games/${g.id}/undo/answer`, { accept: true }, g.N);
  assert.equal(yes.status, 200);
  assert.deepEqual(yes.json.history, []);
  assert.equal(yes.json.state.to_move, 'S');
  // a draw: North offers, South accepts; the game is over
  assert.equal((await call('POST', `/api/games/${g.id}/draw/answer`, { accept: true }, g.S)).status, 409, 'no offer yet');
  assert.equal((await call('POST', `/api/games/${g.id}/draw/offer`, {}, g.N)).status, 200);
  assert.equal((await call('POST', `/api/games/${g.id}/draw/answer`, { accept: true })).status, 401);
  const drawn = await call('POST', `/api/games/${g.id}/draw/answer`, { accept: true }, g.S);
  assert.equal(drawn.status, 200);
  assert.equal(drawn.json.state.over, true);
  assert.equal(drawn.json.state.end_reason, 'agreed');
  assert.equal(drawn.json.state.result.winner, null);
  assert.equal((await call('POST', `/api/games/${g.id}/moves`, { move: 'C' }, g.S)).status, 409);
  assert.match((await call('GET', `/api/games/${g.id}/record`)).text, /\[Ended "draw agreed"\]/);
  // resigning: the seat of the token resigns
  const h = await onlineGame('bulto');
  assert.equal((await call('DELETE', `/api/games/${h.id}`, undefined, h.S)).status, 409, 'not while both play');
  const r = await call('POST', `/api/games/${h.id}/resign`, {}, h.N);
  assert.equal(r.status, 200);
  assert.equal(r.json.state.result.winner, 'S');
  assert.equal(r.json.state.end_reason, 'resigned');
  assert.equal((await call('DELETE', `/api/games/${h.id}`, undefined, h.S)).status, 200, 'over: either may delete it');
});
