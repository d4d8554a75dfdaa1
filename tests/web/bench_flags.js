// How late flags fall (issue 21: within 200 ms of the deadline): G online games on 5 s clocks, both
// first moves made, all left to run out within a second or two of each other; one event stream a
// game (each from an address of its own, 127.3.x.y) times its `time` event against the deadline
// the last view gave. Prints the lateness percentiles; asserts nothing (a benchmark).
//   GABATA=build/gabata node tests/web/bench_flags.js [--games 200]
'use strict';
const { startServer } = require('./server');
const { request, openEvents } = require('./http');

const arg = (k, d) => { const i = process.argv.indexOf(k); return i > 0 ? Number(process.argv[i + 1]) : d; };
const games = arg('--games', 200);
const JSON_CT = { 'Content-Type': 'application/json' };

async function main() {
  const srv = await startServer(['--game-rate', '0', '--games-per-ip', '0']);
  try {
    const played = [];
    for (let i = 0; i < games; i++) {
      const localAddress = `127.3.${Math.floor(i / 250)}.${(i % 250) + 1}`;
      const post = (p, body, token) => request(srv.base, { method: 'POST', path: p, body, localAddress,
        headers: { ...JSON_CT, ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
      const c = (await post('/api/games', { variant: 'sadeqa', online: true, clock: { initial_s: 5 } })).json;
      const j = (await post(`/api/games/${c.id}/join`, { invite: c.invite })).json;
      const tok = { S: c.token, N: j.token };
      let v = j;
      for (let k = 0; k < 2; k++) v = (await post(`/api/games/${c.id}/moves`, { move: v.moves[0].text }, tok[v.state.to_move])).json;
      const ev = await openEvents(srv.base, `/api/games/${c.id}/events`, { localAddress });
      played.push({ deadline: v.clock.deadline, ev });
    }
    const late = [];
    for (const p of played) {
      const t = await p.ev.wait((e) => e.event === 'time', Math.max(2000, p.deadline - Date.now() + 5000));
      late.push(t.at - p.deadline);
      p.ev.close();
    }
    late.sort((a, b) => a - b);
    const q = (f) => late[Math.min(late.length - 1, Math.floor(f * late.length))];
    console.log(`${games} flags: late by p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${late[late.length - 1]} ms, ` +
                `min ${late[0]} ms (over ${((played[played.length - 1].deadline - played[0].deadline) / 1000).toFixed(1)} s of deadlines)`);
  } finally {
    await srv.stop();
  }
}
main().catch((e) => { console.error(e); process.exit(1); });
