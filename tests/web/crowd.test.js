// A crowd of addresses against `gabata serve` (issue 21, hardening 1; docs/api.md "Limits"):
// event streams and slow clients from many addresses must not fill the server. Before issue 21
// streams were uncapped and free of the deadline, so 65 addresses of 64 streams each filled
// --max-connections and nobody else was answered; now streams are capped (overall: a share of
// --max-connections; per address; per game) and so are the connections still receiving a request
// (per address and overall: past a cap the one receiving longest is closed). Here 80 addresses
// (127.3.0.x) each ask for more streams and slow sockets than they may, and hold what they get
// (a slow socket closed by the server comes back a second later, as an attacker's would), while
// another address asks /api/health 200 times and plays a move: every request must be answered.
// The latencies are printed (docs/performance.md has the figures), not asserted.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const net = require('node:net');
const { startServer } = require('./server');
const { request, openEvents } = require('./http');

const JSON_CT = { 'Content-Type': 'application/json' };
const ADDRESSES = 80;
const addr = (i) => `127.3.${Math.floor(i / 250)}.${(i % 250) + 1}`;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// A slow client from localAddress: a request trickled a byte a second (its headers, or with
// body: whole headers and then the body), reconnecting a second after the server closes it.
function slowClient(base, localAddress, body, crowd) {
  const u = new URL(base);
  const head = body
    ? `POST ${body} HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n`
    : `GET /api/health HTTP/1.1\r\nHost: ${u.host}\r\nX-Slow: ${'z'.repeat(200)}\r\n\r\n`;
  const start = () => {
    if (crowd.stopped) return;
    const s = net.connect({ host: u.hostname, port: Number(u.port), localAddress });
    crowd.sockets.add(s);
    let k = 0;
    s.on('connect', () => {
      if (body) s.write(head);
      s.timer = setInterval(() => { if (!body && k < head.length - 4) s.write(head[k++]); else if (body) s.write('['); }, 1000);
    });
    s.on('error', () => {});
    s.on('close', () => {
      clearInterval(s.timer);
      crowd.sockets.delete(s);
      crowd.slowClosed++;
      if (!crowd.stopped) setTimeout(start, 1000);
    });
  };
  start();
}

// Each of the addresses asks for `streams` event streams (on a few games) and opens `slow` slow
// sockets; resolves once the streams are answered. { streams: [...], refused: [...], stop() }
async function crowdOf(base, games, { streams, slow }) {
  const crowd = { sockets: new Set(), streams: [], refused: [], failed: 0, slowClosed: 0, stopped: false };
  // the streams first, each address asking for its own one after another (a burst of an address's
  // requests would be its own slow sockets pushing each other out), then the slow sockets
  await Promise.all(Array.from({ length: ADDRESSES }, async (_, a) => {
    for (let k = 0; k < streams; k++) {
      const id = games[(a + k) % games.length];
      try {
        const st = await Promise.race([openEvents(base, `/api/games/${id}/events`, { localAddress: addr(a) }),
          new Promise((_, rej) => setTimeout(() => rej(new Error('no answer in 10 s')), 10000))]);
        if (st.status === 200) crowd.streams.push(st);
        else { crowd.refused.push(st); await new Promise((r) => { if (st.closed) r(); else st.wait(() => st.closed, 2000).then(r, r); }); st.close(); }
      } catch {
        crowd.failed++;
      }
    }
  }));
  for (let a = 0; a < ADDRESSES; a++)
    for (let k = 0; k < slow; k++) slowClient(base, addr(a), k % 2 ? `/api/games/${games[0]}/moves` : null, crowd);
  crowd.stop = () => {
    crowd.stopped = true;
    for (const s of crowd.streams) s.close();
    for (const s of crowd.sockets) { clearInterval(s.timer); s.destroy(); }
  };
  return crowd;
}

// 200 health requests one after another, each on a connection of its own, and a move; every one
// answered (a request the server leaves unanswered fails at 10 s)
async function probe(base, game) {
  const ms = [];
  const fails = [];
  for (let i = 0; i < 200; i++) {
    const t0 = process.hrtime.bigint();
    try {
      const r = await request(base, { path: '/api/health', localAddress: '127.0.0.1', timeout: 10000 });
      if (r.status !== 200) fails.push(`health ${i}: ${r.status} ${r.text}`);
    } catch (e) {
      fails.push(`health ${i}: ${e.message}`);
    }
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (fails.length >= 3) break; // (it is failing: no need to wait for the rest)
  }
  let move;
  try {
    move = await request(base, { method: 'POST', path: `/api/games/${game.id}/moves`, headers: { ...JSON_CT, Authorization: `Bearer ${game.token}` }, body: { move: game.moves[0].text }, localAddress: '127.0.0.1', timeout: 10000 });
  } catch (e) {
    move = { status: 0, text: e.message };
  }
  ms.sort((a, b) => a - b);
  return { fails, move, p50: percentile(ms, 50), p99: percentile(ms, 99), max: ms[ms.length - 1] };
}

async function newGames(base, n) {
  const games = [];
  for (let i = 0; i < n; i++) {
    const r = await request(base, { method: 'POST', path: '/api/games', headers: JSON_CT, body: { variant: 'sadeqa', seed: i, south: 'human', north: 'human' }, localAddress: '127.0.0.1' });
    assert.equal(r.status, 201, r.text);
    games.push(r.json);
  }
  return games;
}

test('80 addresses each holding its limit of streams and of slow sockets: health and a move still answered', async () => {
  const srv = await startServer(['--game-rate', '0']); // the limits at their defaults otherwise
  let crowd;
  try {
    const games = await newGames(srv.base, 26);
    const mine = games.pop();
    // 52 streams an address (4,160: more than the 4,096 connections allowed, which they filled
    // before issue 21) and 20 slow sockets; the caps let 16 streams and 16 slow sockets through
    crowd = await crowdOf(srv.base, games.map((g) => g.id), { streams: 52, slow: 20 });
    await new Promise((r) => setTimeout(r, 1500)); // (the slow sockets connect and start)
    const p = await probe(srv.base, mine);
    console.log(`# ${ADDRESSES} addresses: ${crowd.streams.length} streams open, ${crowd.refused.length} refused, ${crowd.sockets.size} slow sockets open ` +
      `(${crowd.slowClosed} closed by the server so far); /api/health p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms; ` +
      `the move ${p.move.status}`);
    assert.deepEqual(p.fails, [], 'every health request answered');
    assert.equal(p.move.status, 200, `the move is answered: ${p.move.text}`);
    assert.ok(p.p99 < 1000, `health p99 ${p.p99} ms (a generous bound; the target is 100 ms)`);
    // the caps: 16 streams an address, the others refused with 429, Retry-After and one line
    assert.equal(crowd.streams.length, ADDRESSES * 16, `${crowd.streams.length} streams open (${crowd.failed} failed)`);
    assert.equal(crowd.refused.length, ADDRESSES * 36);
    for (const st of crowd.refused.slice(0, 20)) {
      assert.equal(st.status, 429);
      assert.match(st.headers['retry-after'] || '', /^\d+$/);
      assert.match(st.raw, /^\{"error":"[^"\n]*streams-per-ip[^"\n]*","status":429\}$/);
    }
    assert.ok(crowd.slowClosed >= ADDRESSES * 4, `past 16 an address, its slow sockets are closed (${crowd.slowClosed})`);
    // the streams still work: a move is pushed to them
    const watching = crowd.streams.filter((st) => st.raw.includes('event: hello'));
    assert.ok(watching.length === crowd.streams.length, 'every stream admitted got its hello');
  } finally {
    if (crowd) crowd.stop();
    assert.equal(await srv.stop(), 0);
  }
});

test('the overall caps: streams take at most half of --max-connections (503 past it), slow sockets a quarter', async () => {
  const srv = await startServer(['--game-rate', '0', '--max-connections', '400']);
  let crowd;
  try {
    const games = await newGames(srv.base, 8);
    const mine = games.pop();
    // 8 streams and 8 slow sockets from each of 80 addresses: 1,280 connections for 400
    crowd = await crowdOf(srv.base, games.map((g) => g.id), { streams: 8, slow: 8 });
    await new Promise((r) => setTimeout(r, 1500));
    const p = await probe(srv.base, mine);
    console.log(`# overall caps, --max-connections 400: ${crowd.streams.length} streams open, ${crowd.refused.length} refused, ` +
      `${crowd.sockets.size} slow sockets open (${crowd.slowClosed} closed by the server so far); ` +
      `/api/health p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms; the move ${p.move.status}`);
    assert.deepEqual(p.fails, [], 'every health request answered');
    assert.equal(p.move.status, 200, `the move is answered: ${p.move.text}`);
    assert.equal(crowd.streams.length, 200, `${crowd.streams.length} streams open (${crowd.failed} failed)`);
    assert.equal(crowd.refused.length, ADDRESSES * 8 - 200);
    for (const st of crowd.refused.slice(0, 20)) {
      assert.equal(st.status, 503);
      assert.match(st.headers['retry-after'] || '', /^\d+$/);
      assert.match(st.raw, /max-streams/);
    }
  } finally {
    if (crowd) crowd.stop();
    assert.equal(await srv.stop(), 0);
  }
});

test('a game\'s streams are capped (--streams-per-game): 429 past it, other games unaffected', async () => {
  const srv = await startServer(['--streams-per-game', '5']);
  const open = [];
  try {
    const [a, b] = await newGames(srv.base, 2);
    for (let i = 0; i < 7; i++) open.push(await openEvents(srv.base, `/api/games/${a.id}/events`, { localAddress: `127.4.0.${i + 1}` }));
    assert.deepEqual(open.map((s) => s.status), [200, 200, 200, 200, 200, 429, 429]);
    assert.match(open[5].raw, /streams-per-game/);
    const other = await openEvents(srv.base, `/api/games/${b.id}/events`, { localAddress: '127.4.0.1' });
    open.push(other);
    assert.equal(other.status, 200);
    // a stream closed frees its place
    open[0].close();
    let again;
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setTimeout(r, 100));
      again = await openEvents(srv.base, `/api/games/${a.id}/events`, { localAddress: '127.4.0.9' });
      open.push(again);
      if (again.status === 200) break;
    }
    assert.equal(again.status, 200, 'the closed stream\'s place is free again');
  } finally {
    for (const s of open) s.close();
    assert.equal(await srv.stop(), 0);
  }
});

test('spectators filling a game\'s streams (--streams-per-game) do not lock its players out: a seat\'s stream is still opened', async () => {
  // the live list names every game between players: 4 addresses of 16 spectator streams each
  // filled a game's 64, and its players' own streams were refused 429, their opponent's moves unseen
  const srv = await startServer(['--streams-per-game', '3']);
  const open = [];
  try {
    const g = (await request(srv.base, { method: 'POST', path: '/api/games', headers: JSON_CT, body: { variant: 'sadeqa', online: true } })).json;
    const n = (await request(srv.base, { method: 'POST', path: `/api/games/${g.id}/join`, headers: JSON_CT, body: { invite: g.invite } })).json;
    for (let i = 0; i < 4; i++) open.push(await openEvents(srv.base, `/api/games/${g.id}/events`, { localAddress: `127.4.1.${i + 1}` }));
    assert.deepEqual(open.map((s) => s.status), [200, 200, 200, 429], 'spectators: the cap');
    for (const [token, seat] of [[g.token, 'S'], [n.token, 'N']]) {
      const mine = await openEvents(srv.base, `/api/games/${g.id}/events`, { token, localAddress: '127.4.2.1' });
      open.push(mine);
      assert.equal(mine.status, 200, `${seat}'s own stream: ${mine.raw}`);
      assert.equal((await mine.wait((e) => e.event === 'hello')).json.seat, seat);
    }
    const more = await openEvents(srv.base, `/api/games/${g.id}/events`, { localAddress: '127.4.1.9' });
    open.push(more);
    assert.equal(more.status, 429, 'and still no more spectators');
  } finally {
    for (const s of open) s.close();
    assert.equal(await srv.stop(), 0);
  }
});
