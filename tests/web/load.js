#!/usr/bin/env node
// A small load test of `gabata serve`, on loopback only and bounded in count: G games are started
// and kept at once, then W concurrent clients play P computer moves in every one of them,
// interleaved; at the end each game must still be there with exactly the moves played in it.
// Prints the figures; exits 1 if any request failed.
//   node load.js [--games G] [--clients W] [--plies P] [--base http://127.0.0.1:PORT]
// Without --base it starts its own server (the binary from $GABATA or the build tree).
//
// The online load (issue 12): node load.js --online [--games G] [--plies P] [--busy B] [--slow S]
// plays G two-person games at once, each by two clients from two addresses of their own
// (127.1.x.y and 127.2.x.y), each client holding the game's event stream and moving when the
// other's move arrives on it; meanwhile B clients keep the worker pool busy with ai:8 moves,
// S slow connections from one address trickle requests a byte every 2 s (reconnecting when cut
// off), and a probe from yet another address asks /api/health every 20 ms. Every move must reach
// the opponent's stream, and no request may fail. Prints requests/s, the health latency
// percentiles and the event latency (from the move's request to the opponent's event).
// --pace MS: each player thinks MS on average (uniformly 0.5 to 1.5 times it) before each move,
// so that the latencies are those of a server at a given rate of moves (--full: 2000 ms, i.e.
// about 500 moves a second over 1,000 games, each player moving every 4 s: several times the pace
// of real play); --pace 0 is a closed loop, each move made as soon as the last one arrived, which
// measures the most requests a second, its latencies being those of a queue kept full.
//   node load.js --full    the issue's size: 1,000 games (2,000 clients), 1,000 slow connections
// --flags F (with --online; --full: 200): beside the load, F games on 5 s clocks (issue 21), each
// from an address of its own (127.6.x.y) and watched by its stream there, both first moves made and
// then left to run out; prints how late each flag's `time` event came after its deadline (the
// issue: within 200 ms), and counts as lost a flag that never fell.
// --lobby L (with --online; --full: 200): beside the load, L pairs of strangers meet in the lobby
// (issue 21): each makes a player, the seeker holds the lobby stream and offers a rated game on a
// 10 min + 5 s clock, the other reads the seeks and accepts, the seeker's page learns of the game
// from its stream; they play P plies by their keys, each move reaching the other's stream, then
// the player to move resigns and both ratings must have moved (the winner's up). Every fifth
// seeker also offers a second game and withdraws it. Prints the time from an accept to the
// seeker's `game` event, and counts a pair that did not finish as lost.
'use strict';
const { startServer } = require('./server');
const { request: httpRequest } = require('./http');

// F clocked games left to run out, started `delay` ms into the load: { n, fell, lost, late: [ms] }
async function runFlags(base, { flags = 0, delay = 0 } = {}) {
  const out = { n: flags, fell: 0, lost: 0, late: [], failures: [] };
  if (!flags) return out;
  await new Promise((r) => setTimeout(r, delay));
  const JSON_CT = { 'Content-Type': 'application/json' };
  const waits = [];
  for (let i = 0; i < flags; i++) {
    const localAddress = `127.6.${Math.floor(i / 250)}.${(i % 250) + 1}`; // (127.4.0.1: the slow connections)
    // a connection reset before any answer is sent again (a loaded server may cut a connection as
    // it is reused); a move carries its ply, so one that did go through is a 409 "stale": read
    // the game instead
    const post = async (p, body, token) => {
      for (let attempt = 0; ; attempt++) {
        let r;
        try {
          r = await httpRequest(base, { method: 'POST', path: p, body, localAddress, headers: { ...JSON_CT, ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
        } catch (e) {
          if (attempt < 3) continue;
          throw e;
        }
        if (r.status === 409 && attempt > 0 && /^stale/.test(r.json && r.json.error)) {
          r = await httpRequest(base, { path: p.replace(/\/moves$/, ''), localAddress });
        }
        if (r.status !== 200 && r.status !== 201) throw new Error(`${p}: ${r.status} ${r.text}`);
        return r.json;
      }
    };
    try {
      const c = await post('/api/games', { variant: 'sadeqa', online: true, clock: { initial_s: 5 } });
      const j = await post(`/api/games/${c.id}/join`, { invite: c.invite });
      const tok = { S: c.token, N: j.token };
      let v = j;
      for (let k = 0; k < 2; k++) v = await post(`/api/games/${c.id}/moves`, { move: v.moves[0].text, ply: v.history.length }, tok[v.state.to_move]);
      const ev = await openEvents(base, `/api/games/${c.id}/events`, { localAddress });
      const deadline = v.clock.deadline;
      waits.push(ev.wait((e) => e.event === 'time', Math.max(0, deadline - Date.now()) + 10000)
        .then((e) => { out.fell++; out.late.push(e.at - deadline); }, () => { out.lost++; })
        .finally(() => ev.close()));
    } catch (e) {
      out.lost++;
      if (out.failures.length < 5) out.failures.push(`flag game ${i}: ${e.message}`);
    }
  }
  await Promise.all(waits);
  out.late.sort((a, b) => a - b);
  return out;
}

// L pairs of strangers through the lobby, started `delay` ms into the load (see the header)
async function runLobby(base, { pairs = 0, plies = 10, pace = 0, delay = 0 } = {}) {
  const out = { n: pairs, done: 0, lost: 0, moves: 0, delivered: 0, requests: 0, failures: [], accept: [], list: [] };
  if (!pairs) return out;
  await new Promise((r) => setTimeout(r, delay));
  const tag = Math.random().toString(36).slice(2, 7); // names unique to this run (a --base server keeps its players)
  const JSON_CT = { 'Content-Type': 'application/json' };
  const think = seeded(7);
  const pause = () => (pace ? new Promise((r) => setTimeout(r, pace * (0.5 + think()))) : Promise.resolve());
  async function call(localAddress, method, p, body, key, ok = [200, 201]) {
    out.requests++;
    const headers = { ...(method === 'GET' ? {} : JSON_CT), ...(key ? { Authorization: `Bearer ${key}` } : {}) };
    const r = await httpRequest(base, { method, path: p, body, localAddress, headers });
    if (!ok.includes(r.status)) throw new Error(`${method} ${p}: ${r.status} ${r.text.slice(0, 160)}`);
    return r;
  }
  async function pair(i) {
    const addr = [`127.7.${Math.floor(i / 250)}.${(i % 250) + 1}`, `127.8.${Math.floor(i / 250)}.${(i % 250) + 1}`];
    const streams = [];
    try {
      const a = (await call(addr[0], 'POST', '/api/players', { name: `Ld${tag}${i}s` })).json;
      const lobby = await openEvents(base, '/api/lobby/events', { localAddress: addr[0], headers: { Authorization: `Bearer ${a.key}` } });
      streams.push(lobby);
      if (lobby.status !== 200) throw new Error(`lobby stream: ${lobby.status}`);
      const seek = (await call(addr[0], 'POST', '/api/seeks', { variant: 'sadeqa', clock: { initial_s: 600, increment_s: 5 }, rated: true, seat: 'random' }, a.key)).json.seek;
      if (i % 5 === 0) { // a second offer, withdrawn: the lobby's removals
        const other = (await call(addr[0], 'POST', '/api/seeks', { variant: 'qelat', clock: null, rated: false, seat: 'S' }, a.key)).json.seek;
        await call(addr[0], 'DELETE', `/api/seeks/${other}`, undefined, a.key);
      }
      await pause();
      const b = (await call(addr[1], 'POST', '/api/players', { name: `Ld${tag}${i}t` })).json;
      const t0 = Date.now();
      const list = (await call(addr[1], 'GET', '/api/seeks')).json.seeks;
      out.list.push(Date.now() - t0);
      if (!list.some((x) => x.seek === seek)) throw new Error(`seek ${seek} not in the lobby's list`);
      const sent = Date.now();
      const acc = (await call(addr[1], 'POST', `/api/seeks/${seek}/accept`, undefined, b.key)).json;
      const started = await lobby.wait((e) => e.event === 'game' && e.json && e.json.seek === seek, 10000);
      out.accept.push(started.at - sent);
      if (started.json.game !== acc.game) throw new Error(`the seeker was told of game ${started.json.game}, the accepter got ${acc.game}`);
      const keys = acc.seat === 'S' ? { S: b.key, N: a.key } : { S: a.key, N: b.key };
      const who = acc.seat === 'S' ? { S: b, N: a } : { S: a, N: b };
      const got = { S: new Set(), N: new Set() };
      for (const side of ['S', 'N']) {
        const st = await openEvents(base, `/api/games/${acc.game}/events`, {
          localAddress: side === acc.seat ? addr[1] : addr[0], headers: { Authorization: `Bearer ${keys[side]}` },
          onEvent: (ev) => { if (ev.event === 'move' && ev.json) got[side].add(ev.json.ply); },
        });
        streams.push(st);
        if (st.status !== 200) throw new Error(`game stream: ${st.status}`);
        got[side].stream = st;
      }
      let v = (await call(addr[0], 'GET', `/api/games/${acc.game}`)).json;
      for (let p = 0; p < plies && !v.state.over; p++) {
        await pause();
        const mover = v.state.to_move, other = mover === 'S' ? 'N' : 'S';
        const m = v.moves.length ? v.moves[(i + p) % v.moves.length].text : v.free_move && v.free_move.example;
        if (!m) break;
        v = (await call(mover === acc.seat ? addr[1] : addr[0], 'POST', `/api/games/${acc.game}/moves`, { move: m, ply: v.history.length }, keys[mover])).json;
        out.moves++;
        // the move reaches the other player's stream (and the server's forced replies with it)
        const ply = v.history.length;
        await got[other].stream.wait((e) => e.event === 'move' && e.json && e.json.ply >= ply, 10000);
        out.delivered++;
      }
      if (!v.state.over) {
        const loser = v.state.to_move;
        await call(loser === acc.seat ? addr[1] : addr[0], 'POST', `/api/games/${acc.game}/resign`, { ply: v.history.length }, keys[loser]);
        const winner = loser === 'S' ? 'N' : 'S';
        const rw = (await call(addr[0], 'GET', `/api/players/${who[winner].id}`)).json.ratings.sadeqa;
        const rl = (await call(addr[0], 'GET', `/api/players/${who[loser].id}`)).json.ratings.sadeqa;
        if (!(rw.rating > 1500 && rl.rating < 1500)) throw new Error(`ratings after the resignation: winner ${rw.rating}, loser ${rl.rating}`);
      }
      out.done++;
    } catch (e) {
      out.lost++;
      if (out.failures.length < 5) out.failures.push(`lobby pair ${i}: ${e.message}`);
    } finally {
      for (const st of streams) st.close();
    }
  }
  await Promise.all(Array.from({ length: pairs }, (_, i) => pair(i)));
  out.accept.sort((x, y) => x - y);
  out.list.sort((x, y) => x - y);
  return out;
}

async function runLoad(base, { games = 500, clients = 32, plies = 6, variant = 'sadeqa' } = {}) {
  const url = new URL(base);
  if (!/^127\.|^localhost$|^\[::1\]$/.test(url.hostname)) throw new Error('the load test only targets loopback addresses');
  let requests = 0;
  let failed = 0;
  const failures = [];
  async function req(method, path, body, token) {
    requests++;
    try {
      const headers = method === 'GET' ? {} : { 'Content-Type': 'application/json' };
      if (token) headers.Authorization = `Bearer ${token}`;
      const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const json = await res.json();
      if (!res.ok) throw new Error(`${res.status} ${json.error}`);
      return json;
    } catch (e) {
      failed++;
      if (failures.length < 5) failures.push(`${method} ${path}: ${e.message}`);
      return null;
    }
  }
  const t0 = Date.now();
  // start the games, W at a time
  const ids = [];
  const queue = Array.from({ length: games }, (_, i) => i);
  await Promise.all(Array.from({ length: clients }, async () => {
    while (queue.length) {
      const i = queue.shift();
      const g = await req('POST', '/api/games', { variant, seed: i, south: 'random', north: 'ai:1' });
      if (g) ids[i] = { id: g.id, token: g.token, played: 0, over: g.state.over };
    }
  }));
  // play: every client takes the next game in turn and makes one computer move in it
  const work = [];
  for (let p = 0; p < plies; p++) for (let i = 0; i < games; i++) work.push(i);
  const busy = new Set();
  await Promise.all(Array.from({ length: clients }, async () => {
    while (work.length) {
      const k = work.findIndex((i) => !busy.has(i));
      if (k < 0) { await new Promise((r) => setTimeout(r, 1)); continue; }
      const i = work.splice(k, 1)[0];
      const g = ids[i];
      if (!g || g.over) continue;
      busy.add(i);
      const v = await req('POST', `/api/games/${g.id}/computer`, undefined, g.token);
      if (v) { g.played++; g.over = v.state.over; }
      busy.delete(i);
    }
  }));
  // every game is still there, with exactly its moves
  let held = 0;
  await Promise.all(Array.from({ length: clients }, async (_, c) => {
    for (let i = c; i < games; i += clients) {
      const g = ids[i];
      if (!g) continue;
      const v = await req('GET', `/api/games/${g.id}`);
      if (v && v.history.length === g.played) held++;
      else if (v) { failed++; failures.push(`game ${g.id}: ${v.history.length} moves, ${g.played} played`); }
    }
  }));
  const secs = (Date.now() - t0) / 1000;
  return { games, clients, plies, held, requests, failed, failures, secs };
}

// ---- the online load ----
const http = require('node:http');
const net = require('node:net');
const { Worker } = require('node:worker_threads');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const { openEvents } = require('./http');

// p50, p99 and the largest of the health probes' and the events' latencies
function figures(health, events) {
  const h = [...health].sort((a, b) => a - b);
  const e = [...events].sort((a, b) => a - b);
  return {
    health: { n: h.length, p50: percentile(h, 50), p99: percentile(h, 99), max: h[h.length - 1] },
    events: { n: e.length, p50: percentile(e, 50), p99: percentile(e, 99), max: e[e.length - 1] },
  };
}

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// A client: its own address, a keep-alive agent, JSON in and out; failures are counted.
function makeClient(base, localAddress, stats) {
  const u = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2, localAddress });
  function req(method, path, body, token, retried = false) {
    if (!retried) stats.requests++;
    return new Promise((resolve) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const headers = {};
      if (method !== 'GET') headers['Content-Type'] = 'application/json';
      if (data !== undefined) headers['Content-Length'] = Buffer.byteLength(data);
      if (token) headers.Authorization = `Bearer ${token}`;
      const t0 = process.hrtime.bigint();
      const rq = http.request({ host: u.hostname, port: u.port, method, path, headers, agent }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => { text += d; });
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - t0) / 1e6;
          let json = null;
          try { json = JSON.parse(text); } catch { /* not JSON */ }
          if (res.statusCode >= 400) {
            stats.failed++;
            if (stats.failures.length < 8) stats.failures.push(`${method} ${path}: ${res.statusCode} ${json && json.error}`);
            resolve(null);
          } else resolve({ json, ms });
        });
      });
      rq.on('error', (e) => {
        // a kept-alive connection the server closed (idle past its deadline) just as it was
        // reused: sent again once on a new one, as browsers do (node's docs, request.reusedSocket)
        if (rq.reusedSocket && !retried && (e.code === 'ECONNRESET' || /hang up/.test(e.message))) {
          stats.retried = (stats.retried || 0) + 1;
          resolve(req(method, path, body, token, true));
          return;
        }
        stats.failed++;
        if (stats.failures.length < 8) stats.failures.push(`${method} ${path}: ${e.message}`);
        resolve(null);
      });
      if (data !== undefined) rq.write(data);
      rq.end();
    });
  }
  return { req, agent, localAddress };
}

// a small deterministic random source (the think times)
function seeded(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 4294967296; };
}

function addressOf(kind, i) {
  return `127.${kind}.${(i >> 8) & 255}.${(i & 255) + 1 > 255 ? 255 : (i & 255) + 1}`;
}

async function runOnline(base, { games = 50, plies = 40, busy = 4, slow = 50, pace = 0, ramp = 0, variant = 'sadeqa', first = 0, probe = true } = {}) {
  const url = new URL(base);
  if (!/^127\.|^localhost$/.test(url.hostname)) throw new Error('the load test only targets loopback addresses');
  const stats = { requests: 0, failed: 0, failures: [] };
  const eventLatency = [];
  const eventAt = []; // when each move's request was sent
  const health = [];
  const healthAt = [];
  // the start, when every game is created and joined, its two streams opened and its first move
  // made in the same few seconds (and the load generator's own code is still being compiled), is
  // a burst no real server sees; the figures are given for the whole run and for the steady
  // state, from the moment every game had started and had time for its first move (1.5 x pace)
  let setUp = 0;
  let allSetUp = Infinity;
  let running = true;

  // the slow connections: all from one address, a byte every 2 s, reconnecting when cut off
  const slowSocks = new Set();
  let slowCut = 0;
  function slowOne() {
    if (!running) return;
    const s = net.connect({ host: url.hostname, port: Number(url.port), localAddress: '127.4.0.1' });
    const line = `POST /api/games HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{"variant":"sadeqa"}`;
    let k = 0;
    s.on('error', () => {});
    s.timer = setInterval(() => { if (k < line.length - 1) s.write(line[k++]); }, 2000);
    s.on('close', () => {
      clearInterval(s.timer);
      slowSocks.delete(s);
      slowCut++;
      if (running) setTimeout(slowOne, 1000);
    });
    slowSocks.add(s);
  }
  for (let i = 0; i < slow; i++) slowOne();

  // the probe: /api/health every 20 ms, from its own address, on a thread of its own so that
  // this busy event loop does not add its lag to the figures
  const probeThread = probe && new Worker(`
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const u = new URL(workerData.base);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: '127.3.0.1' });
    let running = true, failed = 0, lat = [];
    parentPort.on('message', () => { running = false; });
    (async () => {
      while (running) {
        const t0 = process.hrtime.bigint();
        const ok = await new Promise((res) => {
          const rq = http.get({ host: u.hostname, port: u.port, path: '/api/health', agent }, (r) => {
            r.resume();
            r.on('end', () => res(r.statusCode === 200));
          });
          rq.on('error', () => res(false));
        });
        if (ok) lat.push([Date.now(), Number(process.hrtime.bigint() - t0) / 1e6]); else failed++;
        await new Promise((res) => setTimeout(res, 20));
      }
      agent.destroy();
      parentPort.postMessage({ lat, failed });
    })();`, { eval: true, workerData: { base } });
  const probing = !probe ? Promise.resolve() : new Promise((res) => probeThread.once('message', (m) => {
    for (const [at, ms] of m.lat) { health.push(ms); healthAt.push(at); }
    stats.requests += m.lat.length + m.failed;
    stats.failed += m.failed;
    if (m.failed) stats.failures.push(`/api/health: ${m.failed} probes failed`);
    probeThread.terminate().then(res);
  }));

  // the busy clients: ai:8 moves, one after the other, each in a game of its own
  let busyMoves = 0;
  const busyClients = Array.from({ length: busy }, (_, i) => makeClient(base, addressOf(5, i), stats));
  const busying = Promise.all(busyClients.map(async (c, i) => {
    let g = await c.req('POST', '/api/games', { variant, seed: 1000 + i, south: 'human', north: 'human' });
    while (running && g) {
      const r = await c.req('POST', `/api/games/${g.json.id}/computer`, { player: 'ai:8' }, g.json.token);
      if (!r) break;
      busyMoves++;
      if (r.json.state.over) g = await c.req('POST', '/api/games', { variant, south: 'human', north: 'human' });
    }
  }));
  await new Promise((res) => setTimeout(res, 300)); // the pool is busy before play starts

  // this process's own lag (its event loop, busy with 2,000 clients, reads an event late by as
  // much): printed beside the latencies, which include it
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const t0 = Date.now();
  let moves = 0;
  let delivered = 0;
  const lost = [];
  const streams = [];
  await Promise.all(Array.from({ length: games }, async (_, k) => {
    const i = first + k; // this game's number among all the processes' games
    // --ramp S: the games start evenly over S seconds (players arrive), then all play at once
    if (ramp) await new Promise((res) => setTimeout(res, (ramp * 1000 * k) / games));
    const side = [makeClient(base, addressOf(1, i), stats), makeClient(base, addressOf(2, i), stats)];
    // an online game (issue 12): the creator's seat and token, the other seat by the invite
    const c = await side[0].req('POST', '/api/games', { variant, online: true, seat: 'S' });
    if (!c) return;
    const id = c.json.id;
    const tokens = [c.json.token, null];
    if (c.json.invite) { // online games (seat tokens): the second player joins with the invite
      const j = await side[1].req('POST', `/api/games/${id}/join`, { invite: c.json.invite });
      if (!j) return;
      tokens[1] = j.json.token;
    }
    const sent = new Map(); // ply -> time its request was sent
    const got = [new Set(), new Set()];
    const arrivals = [[], []];
    const es = [];
    for (let s = 0; s < 2; s++) {
      let st;
      try {
        st = await openEvents(base, `/api/games/${id}/events`, {
          localAddress: side[s].localAddress, token: tokens[s] || undefined,
          onEvent: (ev) => {
            if (ev.event !== 'move' || !ev.json) return;
            got[s].add(ev.json.ply);
            const at = sent.get(ev.json.ply);
            if (at !== undefined && ev.json.by !== (s ? 'N' : 'S')) { eventLatency.push(ev.at - at); eventAt.push(at); }
            for (const w of arrivals[s].splice(0)) w();
          },
        });
      } catch (e) {
        stats.failed++;
        stats.failures.push(`events of ${id}: ${e.message}`);
        return;
      }
      if (st.status !== 200) { stats.failed++; stats.failures.push(`events of ${id}: ${st.status}`); return; }
      await st.wait((e) => e.event === 'hello' || e.event === 'connected', 10000).catch(() => {});
      es.push(st);
      streams.push(st);
    }
    if (++setUp === games) allSetUp = Date.now() + 1.5 * pace;
    let view = c.json;
    // the players think: pace ms on average (0.5 to 1.5 times it) before each move; pace 0 is a
    // closed loop, every move made as soon as the last one arrived (a throughput test)
    const think = seeded(i + 1);
    for (let p = 0; p < plies && !view.state.over; p++) {
      if (pace) await new Promise((res) => setTimeout(res, pace * (0.5 + think())));
      const mover = view.state.to_move === 'N' || view.state.to_move === 1 ? 1 : 0;
      const m = view.moves.length ? view.moves[(i + p) % view.moves.length].text : view.free_move && view.free_move.example;
      if (!m) break;
      const ply = view.history.length + 1;
      sent.set(ply, Date.now());
      const r = await side[mover].req('POST', `/api/games/${id}/moves`, { move: m }, tokens[mover]);
      if (!r) break;
      moves++;
      // the opponent learns of it from its stream, then reads the game and moves in its turn
      const other = 1 - mover;
      const ok = await new Promise((res) => {
        if (got[other].has(ply)) return res(true);
        const timer = setTimeout(() => res(false), 10000);
        const w = () => { if (got[other].has(ply)) { clearTimeout(timer); res(true); } else arrivals[other].push(w); };
        arrivals[other].push(w);
      });
      if (ok) delivered++;
      else { lost.push(`${id} ply ${ply}`); break; }
      const v = await side[other].req('GET', `/api/games/${id}`);
      if (!v) break;
      view = v.json;
    }
  }));
  const secs = (Date.now() - t0) / 1000;
  lag.disable();
  running = false;
  if (probe) probeThread.postMessage('stop');
  await probing;
  await busying;
  for (const s of streams) s.close();
  for (const s of slowSocks) { clearInterval(s.timer); s.destroy(); }
  const steadyHealth = health.filter((_, k) => healthAt[k] >= allSetUp);
  const steadyEvents = eventLatency.filter((_, k) => eventAt[k] >= allSetUp);
  health.sort((a, b) => a - b);
  eventLatency.sort((a, b) => a - b);
  return {
    startSecs: (allSetUp - t0) / 1000,
    steadyHealthRaw: steadyHealth, steadyEventRaw: steadyEvents,
    steady: figures(steadyHealth, steadyEvents),
    games, plies, busy, slow, pace, ramp, moves, delivered, lost, busyMoves, slowCut, secs, ...stats,
    rps: stats.requests / secs,
    healthRaw: health, eventRaw: eventLatency,
    health: { n: health.length, p50: percentile(health, 50), p99: percentile(health, 99), max: health[health.length - 1] },
    lag: { p50: lag.percentile(50) / 1e6, p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 },
    events: { n: eventLatency.length, p50: percentile(eventLatency, 50), p99: percentile(eventLatency, 99), max: eventLatency[eventLatency.length - 1] },
  };
}

// The online load from several processes (--procs N): the games shared out, the busy clients,
// the slow connections and the probe in the first; the figures merged. For a machine with cores
// to spare: on 2 cores, 2 or 4 processes gave worse tails than one (docs/performance.md).
function runOnlineParts(base, opt, procs) {
  const { fork } = require('node:child_process');
  const per = Math.ceil(opt.games / procs);
  const parts = [];
  for (let k = 0; k < procs && k * per < opt.games; k++) {
    const part = { ...opt, first: k * per, games: Math.min(per, opt.games - k * per) };
    if (k > 0) Object.assign(part, { busy: 0, slow: 0, probe: false });
    parts.push(new Promise((resolve, reject) => {
      const child = fork(__filename, ['--part', JSON.stringify({ base, part })], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      let got = null;
      child.on('message', (m) => { got = m; });
      child.on('exit', (code) => (got ? resolve(got) : reject(new Error(`load part ${k} exited (${code}) with no figures`))));
    }));
  }
  return Promise.all(parts).then((rs) => {
    const r = { ...rs[0], games: opt.games, failures: [], lost: [], healthRaw: [], eventRaw: [], steadyHealthRaw: [], steadyEventRaw: [] };
    for (const k of ['moves', 'delivered', 'requests', 'failed', 'retried']) r[k] = rs.reduce((a, x) => a + (x[k] || 0), 0);
    for (const x of rs) {
      r.failures.push(...x.failures);
      r.lost.push(...x.lost);
      r.healthRaw.push(...x.healthRaw);
      r.eventRaw.push(...x.eventRaw);
      r.steadyHealthRaw.push(...x.steadyHealthRaw);
      r.steadyEventRaw.push(...x.steadyEventRaw);
    }
    r.steady = figures(r.steadyHealthRaw, r.steadyEventRaw);
    r.startSecs = Math.max(...rs.map((x) => x.startSecs));
    r.secs = Math.max(...rs.map((x) => x.secs));
    r.rps = r.requests / r.secs;
    r.procs = rs.length;
    r.lag = { p50: Math.max(...rs.map((x) => x.lag.p50)), p99: Math.max(...rs.map((x) => x.lag.p99)), max: Math.max(...rs.map((x) => x.lag.max)) };
    const h = r.healthRaw.sort((a, b) => a - b);
    const e = r.eventRaw.sort((a, b) => a - b);
    r.health = { n: h.length, p50: percentile(h, 50), p99: percentile(h, 99), max: h[h.length - 1] };
    r.events = { n: e.length, p50: percentile(e, 50), p99: percentile(e, 99), max: e[e.length - 1] };
    return r;
  });
}

function onlineServerArgs(games, busy) {
  // the server as it would run, but for room: every client has its own address, so the
  // per-address limits stay at their defaults
  return ['--max-games', String(Math.max(1000, 2 * (games + busy) + 100)), '--max-connections', String(Math.max(4096, 8 * games + 2000))];
}

function printOnline(r) {
  const f = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');
  console.log(`online load: ${r.games} games (${2 * r.games} clients with event streams), ${r.moves} moves played, ` +
    `${r.delivered} delivered to the opponent's stream; ${r.busyMoves} ai:8 moves by ${r.busy} busy clients; ` +
    `${r.slow} slow connections (cut off ${r.slowCut} times); ` +
    (r.pace ? `players think ${r.pace / 2}-${1.5 * r.pace} ms before a move` : 'closed loop: every move made at once') +
    (r.ramp ? `; the games started over ${r.ramp} s` : ''));
  console.log(`  ${r.requests} requests in ${r.secs.toFixed(2)} s (${Math.round(r.rps)}/s), ${r.failed} failed, ${r.lost.length} moves not delivered` +
    `, ${r.retried || 0} sent again on a new connection (a kept-alive one closed as it was reused)`);
  console.log(`  /api/health latency: p50 ${f(r.health.p50)} ms, p99 ${f(r.health.p99)} ms, max ${f(r.health.max)} ms (${r.health.n} probes)`);
  console.log(`  event latency (move request sent to the opponent's event): p50 ${f(r.events.p50)} ms, p99 ${f(r.events.p99)} ms, max ${f(r.events.max)} ms (${r.events.n} events)`);
  const st = r.steady;
  console.log(`  in the steady state (every game started and its first move made, after the first ${f(r.startSecs)} s): /api/health p50 ${f(st.health.p50)} ms, p99 ${f(st.health.p99)} ms, ` +
    `max ${f(st.health.max)} ms (${st.health.n} probes); events p50 ${f(st.events.p50)} ms, p99 ${f(st.events.p99)} ms, max ${f(st.events.max)} ms (${st.events.n})`);
  console.log(`  the load generator's own event-loop lag (included in the event latency${r.procs > 1 ? `; the worst of its ${r.procs} processes` : ''}): p50 ${f(r.lag.p50)} ms, p99 ${f(r.lag.p99)} ms, max ${f(r.lag.max)} ms`);
  if (r.flags && r.flags.n) {
    const fl = r.flags, q = (p) => (fl.late.length ? fl.late[Math.min(fl.late.length - 1, Math.floor(p * fl.late.length))] : NaN);
    console.log(`  flags: ${fl.fell} of ${fl.n} clocks ran out and were told p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, ` +
      `max ${fl.late.length ? fl.late[fl.late.length - 1] : '-'} ms after their deadlines (${fl.late.filter((x) => x > 200).length} later than 200 ms), ${fl.lost} lost`);
    for (const x of fl.failures) console.log(`  ${x}`);
  }
  if (r.lobby && r.lobby.n) {
    const lb = r.lobby, q = (a, p) => (a.length ? a[Math.min(a.length - 1, Math.floor(p * a.length))] : NaN);
    console.log(`  lobby: ${lb.done} of ${lb.n} pairs met, played and rated (${lb.moves} moves, ${lb.delivered} delivered, ${lb.requests} requests), ${lb.lost} lost; ` +
      `accept to the seeker's game event p50 ${q(lb.accept, 0.5)} ms, p99 ${q(lb.accept, 0.99)} ms; the seeks' list p50 ${q(lb.list, 0.5)} ms, p99 ${q(lb.list, 0.99)} ms`);
    for (const x of lb.failures) console.log(`  ${x}`);
  }
  for (const x of r.failures) console.log(`  ${x}`);
  for (const x of r.lost.slice(0, 5)) console.log(`  not delivered: ${x}`);
}

async function main() {
  const args = process.argv.slice(2);
  const opt = {};
  let base = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const num = () => {
      const v = Number(args[++i]);
      if (!Number.isInteger(v) || v < 1 || v > 100000) { console.error(`load.js: ${a} needs a whole number from 1 to 100000`); process.exit(2); }
      return v;
    };
    if (a === '--games') opt.games = num();
    else if (a === '--clients') opt.clients = num();
    else if (a === '--plies') opt.plies = num();
    else if (a === '--base') base = args[++i];
    else if (a === '--online') opt.online = true;
    else if (a === '--full') Object.assign(opt, { online: true, games: 1000, slow: 1000, busy: 4, pace: opt.pace === undefined ? 2000 : opt.pace, procs: opt.procs || 1, ramp: opt.ramp === undefined ? 10 : opt.ramp, flags: opt.flags === undefined ? 200 : opt.flags, lobby: opt.lobby === undefined ? 200 : opt.lobby });
    else if (a === '--flags') opt.flags = num();
    else if (a === '--lobby') opt.lobby = num();
    else if (a === '--pace') { const v = Number(args[++i]); if (!Number.isInteger(v) || v < 0 || v > 60000) { console.error('load.js: --pace needs a whole number of ms from 0 to 60000'); process.exit(2); } opt.pace = v; }
    else if (a === '--busy') opt.busy = num();
    else if (a === '--procs') opt.procs = num();
    else if (a === '--ramp') { const v = Number(args[++i]); if (!Number.isInteger(v) || v < 0 || v > 600) { console.error('load.js: --ramp needs a whole number of seconds from 0 to 600'); process.exit(2); } opt.ramp = v; }
    else if (a === '--part') { // (a process of --procs: its share, its figures to the parent)
      const { base: b, part } = JSON.parse(args[++i]);
      const r = await runOnline(b, part);
      process.send(r, () => process.exit(0));
      return;
    }
    else if (a === '--slow') opt.slow = num();
    else if (a === '--help') { console.log('usage: node load.js [--games G] [--clients W] [--plies P] [--base URL]\n       node load.js --online [--games G] [--plies P] [--busy B] [--slow S] [--pace MS] [--ramp S] [--procs N] [--flags F] [--lobby L] [--base URL]\n       node load.js --full [--pace MS] [--ramp S] [--procs N]    (--pace 0: closed loop, the throughput; --procs: load processes, default 1)'); return; }
    else { console.error(`load.js: unexpected argument '${a}'`); process.exit(2); }
  }
  let srv = null;
  if (opt.online) {
    const games = opt.games || 50;
    if (!base) {
      srv = await startServer(onlineServerArgs(games, opt.busy || 4));
      base = srv.base;
    }
    console.error(`online load: ${games} games, ${opt.plies || 40} plies, ${opt.busy || 4} busy ai:8 clients, ${opt.slow === undefined ? 50 : opt.slow} slow connections, ` +
      `${opt.pace ? `${opt.pace} ms to think a move` : 'no time to think'}, on ${base}`);
    const flagged = runFlags(base, { flags: opt.flags || 0, delay: 1000 * ((opt.ramp || 0) + 2) });
    const met = runLobby(base, { pairs: opt.lobby || 0, plies: 10, pace: opt.pace || 0, delay: 1000 * ((opt.ramp || 0) + 1) });
    const r = opt.procs > 1 ? await runOnlineParts(base, { ...opt, games }, opt.procs) : await runOnline(base, { ...opt, games });
    r.flags = await flagged;
    r.lobby = await met;
    if (srv) await srv.stop();
    printOnline(r);
    process.exit(r.failed || r.lost.length || r.delivered !== r.moves || r.flags.lost || r.lobby.lost ? 1 : 0);
  }
  if (!base) {
    srv = await startServer(['--max-games', String(Math.max(1000, opt.games || 0)), '--game-rate', '0', '--ai-rate', '0', '--games-per-ip', '0']);
    base = srv.base;
  }
  console.error(`load: ${opt.games || 500} games, ${opt.clients || 32} clients, ${opt.plies || 6} computer moves each, on ${base}`);
  const r = await runLoad(base, opt);
  if (srv) await srv.stop();
  console.log(`load: ${r.held} of ${r.games} games held at once and played concurrently by ${r.clients} clients; ` +
    `${r.requests} requests in ${r.secs.toFixed(2)} s (${Math.round(r.requests / r.secs)}/s), ${r.failed} failed`);
  for (const f of r.failures) console.log(`  ${f}`);
  process.exit(r.failed ? 1 : 0);
}

if (require.main === module) main().catch((e) => { console.error(`load.js: ${e.message}`); process.exit(1); });
module.exports = { runLoad, runOnline, runFlags, runLobby, onlineServerArgs, printOnline };
