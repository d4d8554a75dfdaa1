// How a move's cost grows with the game's length (issue 21, hardening 6): one long game played
// through the API with moves chosen at random from each answer's `moves`, timing every request;
// prints the mean time per move (and of a GET of the view) around given plies. A benchmark, not a
// test: it prints figures and asserts nothing.
// With --since, every request asks for the history from the ply it knows on (?since=K, as a
// client that keeps the list does); without, each answer carries the whole list.
//   GABATA=build/gabata node tests/web/bench_long.js [--variant sadeqa] [--options ...] [--plies 3000] [--since]
'use strict';
const http = require('node:http');
const { startServer } = require('./server');

const arg = (k, d) => { const i = process.argv.indexOf(k); return i > 0 ? process.argv[i + 1] : d; };
const variant = arg('--variant', 'qelat');
const options = arg('--options', variant === 'qelat' ? 'rounds=match' : '');
const plies = Number(arg('--plies', 3000));
const marks = [200, 1000, 2000, 3000].filter((p) => p <= plies);
const since = process.argv.includes('--since');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function call(base, method, path, token, body) {
  const u = new URL(base);
  const data = body === undefined ? undefined : JSON.stringify(body);
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (data !== undefined) headers['Content-Length'] = Buffer.byteLength(data);
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const rq = http.request({ host: u.hostname, port: u.port, method, path, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { text += d; });
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - t0) / 1e6; // (the client's own parse not counted)
        resolve({ status: res.statusCode, json: JSON.parse(text), ms, bytes: text.length });
      });
    });
    rq.on('error', reject);
    if (data !== undefined) rq.write(data);
    rq.end();
  });
}

async function main() {
  const srv = await startServer(['--game-rate', '0']);
  try {
    let seed = 12345;
    const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    const g = await call(srv.base, 'POST', '/api/games', null, { variant, options, seed: 7, south: 'human', north: 'human' });
    const id = g.json.id, token = g.json.token;
    let view = g.json, ply = 0;
    const times = [], bytes = [];
    while (ply < plies && !view.state.over) {
      let move;
      if (view.moves.length) move = view.moves[rnd(view.moves.length)].text;
      else if (view.free_move) move = view.free_move.example;
      else break;
      const r = await call(srv.base, 'POST', `/api/games/${id}/moves${since ? `?since=${ply}` : ''}`, token, { move });
      if (r.status !== 200) throw new Error(`move ${move} at ply ${ply}: ${r.status} ${JSON.stringify(r.json)}`);
      view = r.json;
      times[ply] = r.ms;
      bytes[ply] = r.bytes;
      ply++;
      if (marks.includes(ply)) {
        const gets = [];
        for (let i = 0; i < 100; i++) gets.push((await call(srv.base, 'GET', `/api/games/${id}${since ? `?since=${ply}` : ''}`)).ms);
        const median = (a) => { const b = [...a].sort((x, y) => x - y); return b[b.length >> 1]; };
        console.log(`${variant} ${options}${since ? ' (?since)' : ''}: ply ${String(ply).padStart(5)}: ${median(times.slice(ply - 100, ply)).toFixed(3)} ms a move ` +
                    `(median of the last 100), GET ${median(gets).toFixed(3)} ms, answer ${bytes[ply - 1]} bytes`);
      }
    }
    if (ply < plies) console.log(`(the game ended at ply ${ply})`);
  } finally {
    agent.destroy();
    await srv.stop();
  }
}
main().catch((e) => { console.error(e); process.exit(1); });
