#!/usr/bin/env node
// What a game held in memory costs `gabata serve` (issue 12, item 6): G games are started and
// played P plies each (random players, computer moves), all held in memory (--max-games above G)
// with a small number kept fully built (--live-games); the server's resident memory before and
// after, divided by G, is the cost of a game. Prints the figures; not a test (no thresholds).
// Then it times views of games picked at random (the lookup).
//   node memory.js [--games G] [--plies P] [--live L]      (GABATA=path/to/gabata)
'use strict';
const fs = require('node:fs');
const { startServer } = require('./server');

function rss(pid) {
  const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(m[1]) * 1024;
}

async function main() {
  const opt = { games: 2000, plies: 60, live: 64 };
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const k = args[i].replace(/^--/, '');
    if (!(k in opt)) { console.error(`memory.js: unexpected argument '${args[i]}'`); process.exit(2); }
    opt[k] = Number(args[++i]);
  }
  const srv = await startServer(['--max-games', String(opt.games + 1000), '--live-games', String(opt.live), '--game-rate', '0', '--games-per-ip', '0', '--ai-rate', '0']);
  const pid = srv.proc.pid;
  const post = async (p, body, token) => (await fetch(srv.base + p, {
    method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  })).json();
  // warm up (the page, the allocator, SQLite's cache) with games then deleted from memory's count
  await post('/api/games', { variant: 'sadeqa', south: 'random', north: 'random' });
  const before = rss(pid);
  const games = [];
  const queue = Array.from({ length: opt.games }, (_, i) => i);
  let plies = 0;
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (queue.length) {
      const i = queue.shift();
      const g = await post('/api/games', { variant: 'sadeqa', seed: i, south: 'random', north: 'random' });
      let v = g;
      for (let p = 0; p < opt.plies && !v.state.over; p++) {
        v = await post(`/api/games/${g.id}/computer`, {}, g.token);
        plies++;
      }
      games.push(g.id);
    }
  }));
  const after = rss(pid);
  const health = await (await fetch(`${srv.base}/api/health`)).json();
  // lookup: views of games chosen at random among all, 16 clients (a hash table: the rate should
  // not fall with the number of games)
  const views = Math.min(20000, 5 * opt.games);
  let left = views;
  const t0 = Date.now();
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (left-- > 0) {
      const res = await fetch(`${srv.base}/api/games/${games[Math.floor(Math.random() * games.length)]}`);
      if (res.status !== 200) throw new Error(`view: ${res.status}`);
      await res.arrayBuffer();
    }
  }));
  const secs = (Date.now() - t0) / 1000;
  await srv.stop();
  console.log(`memory: ${views} views of random games in ${secs.toFixed(2)} s: ${Math.round(views / secs)}/s`);
  const per = (after - before) / opt.games;
  console.log(`memory: ${opt.games} games held, ${plies} plies (${(plies / opt.games).toFixed(1)} a game), ${health.live} built (--live-games ${opt.live})`);
  console.log(`memory: resident ${(before / 1048576).toFixed(1)} MB before, ${(after / 1048576).toFixed(1)} MB after: ${Math.round(per)} bytes a game`);
  console.log(`memory: the slots' own count (health.memory_bytes): ${Math.round(health.memory_bytes / health.in_memory)} bytes a game held`);
}

main().catch((e) => { console.error(`memory.js: ${e.message}`); process.exit(1); });
