#!/usr/bin/env node
// A small load test of `gabata serve`, on loopback only and bounded in count: G games are started
// and kept at once, then W concurrent clients play P computer moves in every one of them,
// interleaved; at the end each game must still be there with exactly the moves played in it.
// Prints the figures; exits 1 if any request failed.
//   node load.js [--games G] [--clients W] [--plies P] [--base http://127.0.0.1:PORT]
// Without --base it starts its own server (the binary from $GABATA or the build tree).
'use strict';
const { startServer } = require('./server');

async function runLoad(base, { games = 500, clients = 32, plies = 6, variant = 'sadeqa' } = {}) {
  const url = new URL(base);
  if (!/^127\.|^localhost$|^\[::1\]$/.test(url.hostname)) throw new Error('the load test only targets loopback addresses');
  let requests = 0;
  let failed = 0;
  const failures = [];
  async function req(method, path, body, token) {
    requests++;
    try {
      const headers = token ? { Authorization: `Bearer ${token}` } : {};
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
    else if (a === '--help') { console.log('usage: node load.js [--games G] [--clients W] [--plies P] [--base URL]'); return; }
    else { console.error(`load.js: unexpected argument '${a}'`); process.exit(2); }
  }
  let srv = null;
  if (!base) {
    srv = await startServer(['--max-games', String(Math.max(1000, opt.games || 0))]);
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
module.exports = { runLoad };
