// Live updates of `gabata serve`: GET /api/games/ID/events, a Server-Sent Events stream
// (docs/api.md, "Events"). Two streams on one game both see a move; event ids increase by one
// in the game's own sequence; a stream reopened with Last-Event-ID gets exactly the events it
// missed, in order.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { startServer } = require('./server');
const { request, openEvents } = require('./http');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

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

// An online game on a server of the test's own: the creator's seat S and the joined seat N.
async function onlineGame(base) {
  const c = await request(base, { method: 'POST', path: '/api/games', headers: JSON_CT, body: { variant: 'sadeqa', online: true, seat: 'S' } });
  assert.equal(c.status, 201, c.text);
  const j = await request(base, { method: 'POST', path: `/api/games/${c.json.id}/join`, headers: JSON_CT, body: { invite: c.json.invite } });
  assert.equal(j.status, 200, j.text);
  return { view: c.json, id: c.json.id, S: c.json.token, N: j.json.token };
}

test('"gone" is told as soon as a seat\'s client goes away, not at the next heartbeat', async () => {
  // a heartbeat of an hour: only the server's watch on the streams' sockets can tell it in time
  const own = await startServer(['--heartbeat', '3600']);
  try {
    const g = await onlineGame(own.base);
    const s = await openEvents(own.base, `/api/games/${g.id}/events`, { token: g.S });
    await s.wait((e) => e.event === 'hello');
    const n = await openEvents(own.base, `/api/games/${g.id}/events`, { token: g.N });
    await n.wait((e) => e.event === 'hello');
    await s.wait((e) => e.event === 'connected' && e.json.seat === 'N', 5000);
    n.close(); // the other machine's page is closed: its socket goes
    const gone = await s.wait((e) => e.event === 'gone', 10000);
    assert.equal(gone.json.seat, 'N');
    const v = await request(own.base, { path: `/api/games/${g.id}` });
    assert.equal(v.json.connected.N, false, 'the view says N is gone too');
    assert.equal(v.json.connected.S, true);
    s.close();
  } finally {
    await own.stop();
  }
});

test('event numbers never go back: after a restart a stream naming an old number is told to read the game again', async () => {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-events-'));
  let own = await startServer(['--data', data]);
  try {
    const g = await onlineGame(own.base);
    const a = await openEvents(own.base, `/api/games/${g.id}/events`, { token: g.S });
    await a.wait((e) => e.event === 'hello');
    const play = async (base, view, token) => {
      const r = await request(base, { method: 'POST', path: `/api/games/${g.id}/moves`, headers: { ...JSON_CT, Authorization: `Bearer ${token}` }, body: { move: view.moves[0].text } });
      assert.equal(r.status, 200, r.text);
      return r.json;
    };
    let view = await play(own.base, g.view, g.S);
    const first = await a.wait((e) => e.event === 'move', 5000);
    a.close();
    own.proc.kill('SIGKILL');
    await new Promise((res) => own.proc.once('exit', res));
    own = await startServer(['--data', data]);
    // the game goes on after the restart: more events than the client saw before it
    const b0 = await openEvents(own.base, `/api/games/${g.id}/events`);
    const hello = await b0.wait((e) => e.event === 'hello');
    assert.ok(hello.id > first.id, `the restarted server numbers after the old numbers (${hello.id} > ${first.id})`);
    for (let k = 0; k < 3 && !view.state.over; k++)
      view = await play(own.base, view, view.state.to_move === 'N' ? g.N : g.S);
    const moves = [];
    await b0.wait((e) => e.event === 'move' && moves.push(e) >= 3, 5000);
    assert.ok(moves.every((e) => e.id > first.id), 'every new event is numbered above the ones before the restart');
    b0.close();
    // the page's stream comes back naming the last event it saw: it must not be given new events
    // under old numbers as if it had seen the ones before them
    const b = await openEvents(own.base, `/api/games/${g.id}/events`, { lastEventId: first.id });
    try {
      const ev = await b.wait((e) => e.event === 'reset' || e.event === 'move', 5000);
      assert.equal(ev.event, 'reset', 'told to read the game again');
    } finally {
      b.close();
    }
  } finally {
    await own.stop();
    fs.rmSync(data, { recursive: true, force: true });
  }
});

test('the views a server keeps between changes are the views it builds afresh from the database', async () => {
  // every kind of change, a read after each (so the kept view is the one answered), then the
  // server killed and started again: its views, built from the database, must be the same
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-views-'));
  let own = await startServer(['--data', data, '--ai-rate', '0']);
  const get = async (base, id) => {
    const r = await request(base, { path: `/api/games/${id}` });
    assert.equal(r.status, 200, r.text);
    return r.json;
  };
  const post = async (base, id, action, token, body) => {
    const r = await request(base, { method: 'POST', path: `/api/games/${id}/${action}`, headers: { ...JSON_CT, Authorization: `Bearer ${token}` }, body });
    assert.equal(r.status, 200, `${action}: ${r.text}`);
    return r.json;
  };
  try {
    const g = await onlineGame(own.base);
    const seen = [];
    let v = await get(own.base, g.id);
    for (let k = 0; k < 4; k++) {
      const tok = v.state.to_move === 'N' ? g.N : g.S;
      await post(own.base, g.id, 'moves', tok, { move: v.moves[k % v.moves.length].text });
      v = await get(own.base, g.id);
      seen.push(v);
      assert.deepEqual(await get(own.base, g.id), v, 'read twice, the same');
    }
    const mover = v.state.to_move === 'N' ? g.N : g.S;
    const other = mover === g.N ? g.S : g.N;
    await post(own.base, g.id, 'draw/offer', mover, {});
    const offered = await get(own.base, g.id);
    assert.equal(offered.offer.kind, 'draw', 'the kept view is forgotten at an offer');
    await post(own.base, g.id, 'draw/answer', other, { accept: false });
    const refused = await get(own.base, g.id);
    assert.equal(refused.offer, null, 'and at its answer');
    // a stream opens: "connected" changes with no change of the game
    const st = await openEvents(own.base, `/api/games/${g.id}/events`, { token: g.S });
    await st.wait((e) => e.event === 'hello');
    assert.equal((await get(own.base, g.id)).connected.S, true, 'the kept view follows the streams');
    st.close();
    await new Promise((res) => setTimeout(res, 300));
    const before = await get(own.base, g.id);
    own.proc.kill('SIGKILL');
    await new Promise((res) => own.proc.once('exit', res));
    own = await startServer(['--data', data, '--ai-rate', '0']);
    const after = await get(own.base, g.id);
    assert.deepEqual(after, before, 'the kept view is the view built afresh');
  } finally {
    await own.stop();
    fs.rmSync(data, { recursive: true, force: true });
  }
});

test('a stream takes its seat from the Authorization header; a token in the address is refused (hardening 5)', async () => {
  const own = await startServer(['--heartbeat', '3600']);
  try {
    const g = await onlineGame(own.base);
    // the old way, ?token=: 400 with one line, and the seat is not marked present
    for (const q of [`?token=${g.S}`, '?token=', `?lastEventId=1&token=${g.N}`]) {
      const r = await request(own.base, { path: `/api/games/${g.id}/events${q}` });
      assert.equal(r.status, 400, `${q}: ${r.text}`);
      assert.match(r.json.error, /Authorization/, 'the error says where the token goes');
      assert.ok(!r.text.includes('\n'), 'one line');
    }
    assert.equal((await request(own.base, { path: `/api/games/${g.id}` })).json.connected.S, false, 'a refused stream is no presence');
    // the header: this stream is South's, and the view says South is here
    const s = await openEvents(own.base, `/api/games/${g.id}/events`, { token: g.S });
    const hello = await s.wait((e) => e.event === 'hello');
    assert.equal(hello.json.seat, 'S');
    assert.equal((await request(own.base, { path: `/api/games/${g.id}` })).json.connected.S, true);
    // another seat's token names that seat; a token of no seat (or none) is a spectator
    const n = await openEvents(own.base, `/api/games/${g.id}/events`, { token: g.N });
    assert.equal((await n.wait((e) => e.event === 'hello')).json.seat, 'N');
    const x = await openEvents(own.base, `/api/games/${g.id}/events`, { token: '0'.repeat(64) });
    assert.equal(x.status, 200);
    assert.ok(!['S', 'N'].includes((await x.wait((e) => e.event === 'hello')).json.seat), 'a wrong token watches');
    for (const st of [s, n, x]) st.close();
  } finally {
    await own.stop();
  }
});
