// Live updates of `gabata serve`: GET /api/games/ID/events, a Server-Sent Events stream
// (docs/api.md, "Events"). Two streams on one game both see a move; event ids increase by one
// in the game's own sequence; a stream reopened with Last-Event-ID gets exactly the events it
// missed, in order.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { startServer } = require('./server');
const { request, openEvents } = require('./http');

const JSON_CT = { 'Content-Type': 'application/json' };

let srv;
test.before(async () => { srv = await startServer(['--ai-rate', '0']); });
test.after(async () => { assert.equal(await srv.stop(), 0, 'the server stops cleanly with streams open'); });

// every change carries the game's token (docs/api.md, "Seats and tokens")
const tokens = new Map();
const auth = (id) => ({ ...JSON_CT, Authorization: `Bearer ${tokens.get(id)}` });
async function newGame(body) {
  const r = await request(srv.base, { method: 'POST', path: '/api/games', headers: JSON_CT, body });
  assert.equal(r.status, 201, r.text);
  tokens.set(r.json.id, r.json.token);
  return r.json;
}
const move = (id, m) => request(srv.base, { method: 'POST', path: `/api/games/${id}/moves`, headers: auth(id), body: { move: m } });

test('two streams on one game both see a move, with its trace, numbered in order', async () => {
  const g = await newGame({ variant: 'sadeqa', seed: 5, south: 'human', north: 'human' });
  const a = await openEvents(srv.base, `/api/games/${g.id}/events`);
  const b = await openEvents(srv.base, `/api/games/${g.id}/events`);
  try {
    assert.equal(a.status, 200);
    assert.match(a.headers['content-type'], /^text\/event-stream/);
    assert.equal(a.headers['x-content-type-options'], 'nosniff');
    await a.wait((e) => e.event === 'hello');
    await b.wait((e) => e.event === 'hello');
    assert.match(a.raw, /^retry: \d+\n/m, 'the stream tells EventSource how soon to reconnect');
    const m = g.moves[0].text;
    const r = await move(g.id, m);
    assert.equal(r.status, 200, r.text);
    for (const s of [a, b]) {
      const ev = await s.wait((e) => e.event === 'move', 5000);
      assert.equal(ev.json.move, m);
      assert.equal(ev.json.by, 'S');
      assert.equal(ev.json.ply, 1);
      assert.equal(ev.json.position, r.json.position, 'the event says where the game stands, as the view does');
      assert.deepEqual(ev.json.trace, r.json.last.trace, 'the event carries the move\'s trace');
    }
    // a second move, from the other side: ids go up by one in the game's sequence
    const r2 = await move(g.id, r.json.moves[0].text);
    assert.equal(r2.status, 200, r2.text);
    const moves = (await a.wait((e) => e.event === 'move' && e.json.ply === 2) && a.events.filter((e) => e.event === 'move'));
    assert.equal(moves[1].id, moves[0].id + 1);
    assert.equal(moves[1].json.by, 'N');
    const bm = (await b.wait((e) => e.event === 'move' && e.json.ply === 2)) && b.events.filter((e) => e.event === 'move');
    assert.deepEqual(bm.map((e) => e.id), moves.map((e) => e.id), 'both streams number the events alike');
  } finally {
    a.close();
    b.close();
  }
});

test('reconnecting with Last-Event-ID replays exactly what was missed', async () => {
  const g = await newGame({ variant: 'qelat', seed: 9, south: 'human', north: 'human' });
  const a = await openEvents(srv.base, `/api/games/${g.id}/events`);
  await a.wait((e) => e.event === 'hello');
  let view = (await move(g.id, g.moves[0].text)).json;
  const first = await a.wait((e) => e.event === 'move');
  a.close();
  // three moves while the stream is closed
  const missed = [];
  for (let i = 0; i < 3 && !view.state.over; i++) {
    const m = view.moves[0] ? view.moves[0].text : view.free_move.example;
    const r = await move(g.id, m);
    assert.equal(r.status, 200, r.text);
    missed.push(m);
    view = r.json;
  }
  const b = await openEvents(srv.base, `/api/games/${g.id}/events`, { lastEventId: first.id });
  try {
    await b.wait((e) => e.event === 'move' && e.json.ply === 1 + missed.length, 5000);
    const got = b.events.filter((e) => e.event === 'move');
    assert.deepEqual(got.map((e) => e.json.move), missed, 'the missed moves, in order, and no other');
    assert.deepEqual(got.map((e) => e.id), missed.map((_, i) => first.id + 1 + i), 'ids follow on from the last one seen');
    assert.ok(!b.events.some((e) => e.event === 'hello'), 'a resumed stream goes straight on');
    // and it goes on live
    const r = await move(g.id, view.moves[0] ? view.moves[0].text : view.free_move.example);
    assert.equal(r.status, 200, r.text);
    const live = await b.wait((e) => e.event === 'move' && e.json.ply === 2 + missed.length, 5000);
    assert.equal(live.id, first.id + 1 + missed.length);
  } finally {
    b.close();
  }
});

test('a computer move, an undo and a deletion are pushed too; an unknown game is a 404', async () => {
  const g = await newGame({ variant: 'sadeqa', seed: 1, south: 'human', north: 'ai:2' });
  const a = await openEvents(srv.base, `/api/games/${g.id}/events`);
  await a.wait((e) => e.event === 'hello');
  const r = await move(g.id, g.moves[0].text);
  const c = await request(srv.base, { method: 'POST', path: `/api/games/${g.id}/computer`, headers: auth(g.id) });
  assert.equal(c.status, 200, c.text);
  const ev = await a.wait((e) => e.event === 'move' && e.json.by === 'N', 5000);
  assert.equal(ev.json.move, c.json.history[c.json.history.length - 1].move);
  assert.equal(r.status, 200);
  const u = await request(srv.base, { method: 'POST', path: `/api/games/${g.id}/undo`, headers: auth(g.id) });
  assert.equal(u.status, 200, u.text);
  const ue = await a.wait((e) => e.event === 'undo', 5000);
  assert.equal(ue.json.ply, u.json.history.length);
  await request(srv.base, { method: 'DELETE', path: `/api/games/${g.id}`, headers: auth(g.id) });
  await a.wait((e) => e.event === 'deleted', 5000);
  await new Promise((res) => { if (a.closed) res(); else a.wait(() => a.closed, 5000).catch(() => {}).then(res); setTimeout(res, 3000); });
  assert.ok(a.closed, 'the stream of a deleted game ends');
  const ids = a.events.filter((e) => e.id !== null && e.event !== 'hello').map((e) => e.id);
  assert.deepEqual(ids, ids.map((_, i) => ids[0] + i), `ids increase by one: ${ids}`);
  const none = await request(srv.base, { path: '/api/games/0123456789abcdef/events' });
  assert.equal(none.status, 404);
});
