// Web hardening and limits of `gabata serve` (docs/api.md, "Limits" and "Hardening"): a request
// from another site, one that is not JSON, or one naming another host is refused and changes
// nothing; every answer carries nosniff, the page a Content-Security-Policy; a client trickling
// a request byte by byte is cut off at the deadline while another client is answered; a full
// worker queue answers 503 and an address past its rates 429, both with Retry-After.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const net = require('node:net');
const { startServer } = require('./server');
const { request } = require('./http');

const JSON_CT = { 'Content-Type': 'application/json' };
// the tokens of the games made here: every change carries its game's (docs/api.md)
const token = new Map();
const auth = (id) => ({ ...JSON_CT, Authorization: `Bearer ${token.get(id)}` });

async function created(base) {
  return (await request(base, { path: '/api/health' })).json.created;
}

test('a cross-origin, a text/plain or a foreign-Host request is refused and changes nothing', async () => {
  const srv = await startServer();
  try {
    const host = new URL(srv.base).host;
    const game = { variant: 'sadeqa', south: 'human', north: 'human' };
    const before = await created(srv.base);
    // another site's page posting JSON (a fetch with mode no-cors cannot, but a CORS one may try)
    let r = await request(srv.base, { method: 'POST', path: '/api/games', headers: { ...JSON_CT, Origin: 'http://evil.example' }, body: game });
    assert.equal(r.status, 403, r.text);
    assert.equal(r.json.status, 403);
    // a "simple" cross-site POST: text/plain, which needs no preflight
    r = await request(srv.base, { method: 'POST', path: '/api/games', headers: { 'Content-Type': 'text/plain', Origin: 'http://evil.example' }, body: JSON.stringify(game) });
    assert.ok(r.status === 403 || r.status === 415, `${r.status} ${r.text}`);
    r = await request(srv.base, { method: 'POST', path: '/api/games', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(game) });
    assert.equal(r.status, 415, r.text);
    r = await request(srv.base, { method: 'POST', path: '/api/games', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'variant=sadeqa' });
    assert.equal(r.status, 415, r.text);
    r = await request(srv.base, { method: 'POST', path: '/api/games', body: JSON.stringify(game) }); // no Content-Type
    assert.equal(r.status, 415, r.text);
    // DNS rebinding: a name that resolves to this machine but is not this server's
    r = await request(srv.base, { method: 'POST', path: '/api/games', headers: { ...JSON_CT, Host: `evil.example:${new URL(srv.base).port}` }, body: game });
    assert.equal(r.status, 421, r.text);
    r = await request(srv.base, { path: '/api/health', headers: { Host: 'evil.example' } });
    assert.equal(r.status, 421, r.text);
    r = await request(srv.base, { path: '/', headers: { Host: 'evil.example' } });
    assert.equal(r.status, 421);
    assert.equal(await created(srv.base), before, 'no game was created');
    // the same requests done right are served: same origin, JSON, this host (with or without port)
    r = await request(srv.base, { method: 'POST', path: '/api/games', headers: { ...JSON_CT, Origin: `http://${host}` }, body: game });
    assert.equal(r.status, 201, r.text);
    r = await request(srv.base, { path: '/api/health', headers: { Host: `localhost:${new URL(srv.base).port}` } });
    assert.equal(r.status, 200);
    // a game cannot be deleted from another site either
    const id = (await request(srv.base, { method: 'POST', path: '/api/games', headers: JSON_CT, body: game })).json.id;
    r = await request(srv.base, { method: 'DELETE', path: `/api/games/${id}`, headers: { ...JSON_CT, Origin: 'https://evil.example' } });
    assert.equal(r.status, 403);
    assert.equal((await request(srv.base, { path: `/api/games/${id}` })).status, 200);
  } finally {
    assert.equal(await srv.stop(), 0);
  }
});

test('--allow-host adds a name (any port: a proxy\'s); others stay refused', async () => {
  const srv = await startServer(['--allow-host', 'games.example.org']);
  try {
    assert.equal((await request(srv.base, { path: '/api/health', headers: { Host: 'games.example.org' } })).status, 200);
    assert.equal((await request(srv.base, { path: '/api/health', headers: { Host: 'games.example.org:443' } })).status, 200);
    assert.equal((await request(srv.base, { path: '/api/health', headers: { Host: 'other.example.org' } })).status, 421);
    // behind TLS the page's origin is https://NAME
    const r = await request(srv.base, { method: 'POST', path: '/api/games', headers: { ...JSON_CT, Host: 'games.example.org', Origin: 'https://games.example.org' }, body: { variant: 'qelat' } });
    assert.equal(r.status, 201, r.text);
  } finally {
    assert.equal(await srv.stop(), 0);
  }
});

test('every answer says nosniff; the page has a Content-Security-Policy, frame-ancestors none, no referrer', async () => {
  const srv = await startServer();
  try {
    for (const path of ['/api/health', '/api/variants', '/api/nope', '/app.js', '/style.css', '/nope.html']) {
      const r = await request(srv.base, { path });
      assert.equal(r.headers['x-content-type-options'], 'nosniff', path);
    }
    const page = await request(srv.base, { path: '/' });
    assert.equal(page.status, 200);
    const csp = page.headers['content-security-policy'] || '';
    const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
    assert.deepEqual(directives['default-src'], ["'self'"]);
    assert.deepEqual(directives['frame-ancestors'], ["'none'"]);
    assert.ok(directives['script-src'].includes("'wasm-unsafe-eval'"), csp);
    assert.ok(!directives['script-src'].includes("'unsafe-inline'"), csp);
    assert.deepEqual(directives['worker-src'], ["'self'"]);
    assert.equal(page.headers['referrer-policy'], 'no-referrer');
    // the page loads only what the policy allows: its own script and style, nothing inline
    assert.doesNotMatch(page.text, /<script>(?!<\/script>)|<script(?![^>]*\bsrc=)[^>]*>|\sstyle="|\son[a-z]+="/i);
  } finally {
    assert.equal(await srv.stop(), 0);
  }
});

test('slow clients: trickled requests are cut off at the deadline, another client is answered meanwhile', async () => {
  const deadline = 2;
  const srv = await startServer(['--deadline', String(deadline), '--per-ip-connections', '20', '--max-connections', '60']);
  const socks = [];
  try {
    const u = new URL(srv.base);
    // 100 connections from 127.0.0.1, each sending its request line a byte every 300 ms: never
    // idle long enough for an idle timeout, never done
    const line = `GET /api/health HTTP/1.1\r\nHost: ${u.host}\r\nX-Slow: ${'z'.repeat(200)}\r\n\r\n`;
    const cut = [];
    const t0 = Date.now();
    for (let i = 0; i < 100; i++) {
      const s = net.connect({ host: u.hostname, port: Number(u.port), localAddress: '127.0.0.1' });
      let k = 0;
      let answered = false;
      s.on('data', () => { answered = true; });
      s.on('error', () => {});
      s.on('close', () => { clearInterval(s.timer); cut.push({ at: Date.now() - t0, answered }); });
      s.timer = setInterval(() => { if (k < line.length - 4) s.write(line[k++]); }, 300);
      socks.push(s);
    }
    await new Promise((r) => setTimeout(r, 500));
    // another client, from another address, is answered while they trickle
    const t1 = Date.now();
    const other = await request(srv.base, { path: '/api/health', localAddress: '127.0.0.2', timeout: deadline * 1000 });
    const waited = Date.now() - t1;
    console.log(`# slowloris: another client answered in ${waited} ms with 100 slow connections open`);
    assert.equal(other.status, 200);
    assert.equal(other.json.status, 'ok');
    // every slow connection is closed by the server (past the per-address limit at once, the
    // others at the deadline), none answered as a request
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${cut.length} of 100 slow connections closed`)), (deadline + 10) * 1000);
      const check = setInterval(() => { if (cut.length === 100) { clearInterval(check); clearTimeout(timer); resolve(); } }, 50);
    });
    const latest = Math.max(...cut.map((c) => c.at));
    console.log(`# slowloris: the last slow connection was closed after ${latest} ms (deadline ${deadline} s)`);
    assert.equal(cut.filter((c) => c.answered).length, 0, 'no trickled request was answered');
    const h = await request(srv.base, { path: '/api/health', localAddress: '127.0.0.1' });
    assert.equal(h.status, 200, 'the trickling address is served again once its connections are gone');
  } finally {
    for (const s of socks) { clearInterval(s.timer); s.destroy(); }
    assert.equal(await srv.stop(), 0);
  }
});

test('a full worker queue answers 503 with Retry-After; the server goes on answering meanwhile', async () => {
  const srv = await startServer(['--workers', '1', '--queue', '1', '--ai-rate', '0']);
  try {
    const games = [];
    for (let i = 0; i < 5; i++) {
      const r = await request(srv.base, { method: 'POST', path: '/api/games', headers: JSON_CT, body: { variant: 'sadeqa', seed: i, south: 'human', north: 'human' } });
      games.push(r.json.id);
      token.set(r.json.id, r.json.token);
    }
    // five searches of a second each at once: one runs, one waits, the others are refused
    const asks = games.map((id) => request(srv.base, { method: 'POST', path: `/api/games/${id}/computer`, headers: auth(id), body: { player: 'ai:8' } }));
    await new Promise((r) => setTimeout(r, 100));
    const h = await request(srv.base, { path: '/api/health' });
    assert.equal(h.status, 200);
    assert.equal(h.json.workers.threads, 1);
    // a change to a game whose computer is thinking waits its turn: 409
    const busy = [];
    for (const id of games) busy.push(await request(srv.base, { method: 'POST', path: `/api/games/${id}/moves`, headers: auth(id), body: { move: 'A' } }));
    const answers = await Promise.all(asks);
    const refused = answers.filter((a) => a.status === 503);
    const played = answers.filter((a) => a.status === 200);
    assert.ok(refused.length >= 1, `statuses ${answers.map((a) => a.status)}`);
    assert.equal(refused.length + played.length, 5, `statuses ${answers.map((a) => a.status)}`);
    for (const a of refused) assert.match(a.headers['retry-after'] || '', /^\d+$/);
    for (const a of played) assert.equal(a.json.history.length, 1);
    // the games whose computer played refused the move asked meanwhile (409), the others took it
    for (const [i, a] of answers.entries()) {
      if (a.status === 200) assert.equal(busy[i].status, 409, busy[i].text);
      else assert.equal(busy[i].status, 200, busy[i].text);
    }
  } finally {
    assert.equal(await srv.stop(), 0);
  }
});

test('rates per address: games created, games held: 429 with Retry-After', async () => {
  const srv = await startServer(['--game-rate', '5', '--games-per-ip', '3']);
  try {
    const mk = async () => {
      const r = await request(srv.base, { method: 'POST', path: '/api/games', headers: JSON_CT, body: { variant: 'sadeqa', south: 'human', north: 'ai:1' } });
      if (r.status === 201) token.set(r.json.id, r.json.token);
      return r;
    };
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await mk()).json.id);
    let r = await mk(); // a fourth held game
    assert.equal(r.status, 429, r.text);
    assert.match(r.headers['retry-after'] || '', /^\d+$/);
    assert.match(r.json.error, /games-per-ip/);
    // another address is not concerned
    r = await request(srv.base, { method: 'POST', path: '/api/games', headers: JSON_CT, body: { variant: 'qelat' }, localAddress: '127.0.0.2' });
    assert.equal(r.status, 201);
    // deleting one makes room; the rate (five a minute) still counts every game created
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      await request(srv.base, { method: 'DELETE', path: `/api/games/${ids[ids.length - 1]}`, headers: auth(ids.pop()) });
      r = await mk();
      statuses.push(r.status);
      if (r.status === 201) ids.push(r.json.id);
    }
    assert.deepEqual(statuses, [201, 201, 429], 'the fourth and fifth game created, not a sixth');
    assert.match(r.json.error, /game-rate/);
    assert.ok(Number(r.headers['retry-after']) >= 1);
  } finally {
    assert.equal(await srv.stop(), 0);
  }
});

// --ai-rate counts the workers' time (issue 21, hardening 2), no longer requests: an address may
// ask for many quick searches, and for as many long ones as its worker-seconds hold.
test('the computer-move rate is in worker-seconds: many quick moves pass, long ones are counted by their time', async () => {
  const srv = await startServer(['--ai-rate', '3', '--game-rate', '0', '--games-per-ip', '0']);
  try {
    const ids = [];
    for (let i = 0; i < 4; i++) {
      const r = await request(srv.base, { method: 'POST', path: '/api/games', headers: JSON_CT, body: { variant: 'sadeqa', seed: 40 + i, south: 'human', north: 'human' } });
      assert.equal(r.status, 201, r.text);
      token.set(r.json.id, r.json.token);
      ids.push(r.json.id);
    }
    const cm = (id, player) => request(srv.base, { method: 'POST', path: `/api/games/${id}/computer`, headers: auth(id), body: { player } });
    // ten ai:2 moves take milliseconds of a worker: all answered (counted as requests, as before
    // issue 21, the third of the minute was refused)
    for (let i = 0; i < 10; i++) {
      const r = await cm(ids[i % 4], 'ai:2');
      assert.equal(r.status, 200, `ai:2 move ${i + 1}: ${r.text}`);
    }
    await new Promise((r) => setTimeout(r, 1000)); // (the bucket fills again to its 3 worker-seconds)
    // ai:8 searches for a second: four at once, three fit in 3 worker-seconds, the fourth is refused
    const burst = await Promise.all(ids.map((id) => cm(id, 'ai:8')));
    const statuses = burst.map((r) => r.status).sort();
    assert.deepEqual(statuses, [200, 200, 200, 429], burst.map((r) => r.text).join('\n'));
    const refused = burst.find((r) => r.status === 429);
    assert.match(refused.json.error, /ai-rate/);
    assert.ok(Number(refused.headers['retry-after']) >= 1);
    const i = burst.indexOf(refused);
    assert.equal((await request(srv.base, { path: `/api/games/${ids[i]}` })).json.history.length, Math.ceil((10 - i) / 4),
      'the refused move changed nothing');
    // another address has its own worker-seconds
    const other = await request(srv.base, { method: 'POST', path: `/api/games/${ids[i]}/computer`, headers: auth(ids[i]), body: { player: 'ai:8' }, localAddress: '127.0.0.2' });
    assert.equal(other.status, 200, other.text);
  } finally {
    assert.equal(await srv.stop(), 0);
  }
});

test('a request with large headers (10 KB of cookies, as localhost collects) is still answered; a huge one gets 431', async () => {
  const srv = await startServer();
  try {
    const big = await request(srv.base, { path: '/api/health', headers: { Cookie: `x=${'a'.repeat(10000)}` } });
    assert.equal(big.status, 200, 'each connection\'s memory holds 10 KB of headers');
    const huge = await request(srv.base, { path: '/api/health', headers: { Cookie: `x=${'a'.repeat(40000)}` } }).catch((e) => ({ status: 0, error: e }));
    assert.ok(huge.status === 431 || huge.status === 0, `too large headers are refused, not served (${huge.status})`);
    const after = await request(srv.base, { path: '/api/health' });
    assert.equal(after.status, 200, 'the server goes on');
  } finally {
    await srv.stop();
  }
});
