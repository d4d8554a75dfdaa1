// Offer spam (docs/api.md, "Seats and tokens"): a draw offer or an undo request may be made once
// a move by each player: made again before the next move is played, it is a 429 with one line.
// Run: GABATA=build/gabata node --test offers.test.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { startServer } = require('./server');
const { request } = require('./http');

const JSON_CT = { 'Content-Type': 'application/json' };
let srv;
test.before(async () => { srv = await startServer(); });
test.after(async () => { if (srv) assert.equal(await srv.stop(), 0); });
const call = (method, p, token, body) =>
  request(srv.base, { method, path: p, headers: token ? { ...JSON_CT, Authorization: `Bearer ${token}` } : JSON_CT, body });

// an invited game between two people: { id, S, N } (the seats' tokens)
async function friends() {
  const g = await call('POST', '/api/games', null, { variant: 'sadeqa', online: true });
  assert.equal(g.status, 201, g.text);
  const j = await call('POST', `/api/games/${g.json.id}/join`, null, { invite: g.json.invite });
  assert.equal(j.status, 200, j.text);
  return { id: g.json.id, [g.json.seat]: g.json.token, [j.json.seat]: j.json.token };
}
async function play(g) {
  const v = (await call('GET', `/api/games/${g.id}`)).json;
  const r = await call('POST', `/api/games/${g.id}/moves`, g[v.state.to_move], { move: v.moves[0].text });
  assert.equal(r.status, 200, r.text);
}

test('a draw offer declined cannot be made again before the next move (429, one line); after a move it can', async () => {
  const g = await friends();
  assert.equal((await call('POST', `/api/games/${g.id}/draw/offer`, g.S)).status, 200);
  assert.equal((await call('POST', `/api/games/${g.id}/draw/answer`, g.N, { accept: false })).status, 200);
  const again = await call('POST', `/api/games/${g.id}/draw/offer`, g.S);
  assert.equal(again.status, 429, again.text);
  assert.match(again.json.error, /^South offered a draw at this move already: offer again after the next move$/);
  // the other player has his own offer
  assert.equal((await call('POST', `/api/games/${g.id}/draw/offer`, g.N)).status, 200);
  assert.equal((await call('POST', `/api/games/${g.id}/draw/answer`, g.S, { accept: false })).status, 200);
  await play(g);
  assert.equal((await call('POST', `/api/games/${g.id}/draw/offer`, g.S)).status, 200, 'a move later: allowed again');
});

test('an undo request declined cannot be made again before the next move (429); a draw offer is counted apart', async () => {
  const g = await friends();
  await play(g);
  const v = (await call('GET', `/api/games/${g.id}`)).json;
  const mover = v.history[0].by, other = mover === 'S' ? 'N' : 'S';
  assert.equal((await call('POST', `/api/games/${g.id}/undo/request`, g[mover])).status, 200);
  assert.equal((await call('POST', `/api/games/${g.id}/undo/answer`, g[other], { accept: false })).status, 200);
  const again = await call('POST', `/api/games/${g.id}/undo/request`, g[mover]);
  assert.equal(again.status, 429, again.text);
  assert.match(again.json.error, /^(South|North) asked for an undo at this move already: ask again after the next move$/);
  assert.equal((await call('POST', `/api/games/${g.id}/draw/offer`, g[mover])).status, 200, 'a draw is another kind');
});
