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

test('after an undo taken back, the same ply is a new position: offers may be made again', async () => {
  const g = await friends();
  await play(g);
  const v = (await call('GET', `/api/games/${g.id}`)).json;
  const mover = v.history[0].by, other = mover === 'S' ? 'N' : 'S';
  assert.equal((await call('POST', `/api/games/${g.id}/draw/offer`, g[mover])).status, 200);
  assert.equal((await call('POST', `/api/games/${g.id}/draw/answer`, g[other], { accept: false })).status, 200);
  assert.equal((await call('POST', `/api/games/${g.id}/undo/request`, g[mover])).status, 200);
  assert.equal((await call('POST', `/api/games/${g.id}/undo/answer`, g[other], { accept: true })).status, 200);
  const r = await call('POST', `/api/games/${g.id}/moves`, g[mover], { move: v.history[0].move });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.history.length, 1, 'back at the ply of the declined offer');
  assert.equal((await call('POST', `/api/games/${g.id}/draw/offer`, g[mover])).status, 200, 'another position: allowed');
});

// What an offer leaves behind is in the database: SIGKILL and a restart on it forget neither
// the offers made at this move (a second one is still a 429) nor a rated rematch's address.
test('a restart (SIGKILL) keeps the offers made at this move and a rated rematch offer\'s address', async () => {
  const fs = require('node:fs');
  const os = require('node:os');
  const path = require('node:path');
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-offers-'));
  const kill = async (s) => { const gone = new Promise((res) => s.proc.once('exit', res)); s.proc.kill('SIGKILL'); await gone; };
  let s2 = await startServer(['--data', data, '--player-rate', '0']);
  const at = (method, p, token, body, localAddress) =>
    request(s2.base, { method, path: p, headers: token ? { ...JSON_CT, Authorization: `Bearer ${token}` } : JSON_CT, body, localAddress });
  try {
    const c = await at('POST', '/api/games', null, { variant: 'sadeqa', online: true });
    const j = await at('POST', `/api/games/${c.json.id}/join`, null, { invite: c.json.invite });
    const g = { id: c.json.id, [c.json.seat]: c.json.token, [j.json.seat]: j.json.token };
    const v = (await at('GET', `/api/games/${g.id}`)).json;
    const mover = v.state.to_move, other = mover === 'S' ? 'N' : 'S';
    assert.equal((await at('POST', `/api/games/${g.id}/moves`, g[mover], { move: v.moves[0].text })).status, 200);
    assert.equal((await at('POST', `/api/games/${g.id}/draw/offer`, g[mover])).status, 200);
    assert.equal((await at('POST', `/api/games/${g.id}/draw/answer`, g[other], { accept: false })).status, 200);
    assert.equal((await at('POST', `/api/games/${g.id}/undo/request`, g[mover])).status, 200);
    assert.equal((await at('POST', `/api/games/${g.id}/undo/answer`, g[other], { accept: false })).status, 200);
    // a rated lobby game between two addresses, over, its rematch offered from the first address
    const mk = async (name) => (await at('POST', '/api/players', null, { name })).json;
    const a = await mk('Offer One'), b = await mk('Offer Two');
    const sk = await at('POST', '/api/seeks', a.key, { variant: 'sadeqa', rated: true });
    const lg = await at('POST', `/api/seeks/${sk.json.seek}/accept`, b.key, {}, '127.0.0.2');
    assert.equal(lg.status, 201, lg.text);
    assert.equal((await at('POST', `/api/games/${lg.json.game}/abort`, a.key)).status, 200);
    assert.equal((await at('POST', `/api/games/${lg.json.game}/rematch`, a.key)).status, 200);
    await kill(s2);
    s2 = await startServer(['--data', data, '--player-rate', '0']);
    const draw = await at('POST', `/api/games/${g.id}/draw/offer`, g[mover]);
    assert.equal(draw.status, 429, draw.text);
    assert.match(draw.json.error, /^(South|North) offered a draw at this move already: offer again after the next move$/);
    const undo = await at('POST', `/api/games/${g.id}/undo/request`, g[mover]);
    assert.equal(undo.status, 429, undo.text);
    assert.match(undo.json.error, /asked for an undo at this move already/);
    assert.equal((await at('POST', `/api/games/${g.id}/draw/offer`, g[other])).status, 200, 'the other seat offers his own');
    // the rematch offered from 127.0.0.1 is still not accepted from it
    const same = await at('POST', `/api/games/${lg.json.game}/rematch`, b.key);
    assert.equal(same.status, 403, same.text);
    assert.match(same.json.error, /^this rated rematch was offered from your address/);
    const ok = await at('POST', `/api/games/${lg.json.game}/rematch`, b.key, {}, '127.0.0.3');
    assert.equal(ok.status, 201, ok.text);
  } finally {
    assert.equal(await s2.stop(), 0);
    fs.rmSync(data, { recursive: true, force: true });
  }
});
