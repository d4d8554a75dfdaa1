// The WebAssembly engine in Chromium (playwright-core, Debian's chromium, headless), served by
// `gabata serve` with the engine embedded: the same perft, bench statistics and fixed-depth
// searches as the native program in every game (computed in the page by tests/web/wasm.js's
// wasmFigures); the page finds its local engine; and games against the computer and hot-seat
// games played through the page's own api() send no request to the server after the page has
// loaded. Also prints the engine's random-playout speed in Chromium (figures only).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startServer } = require('./server');
const { launchPersistent } = require('./browser');
const W = require('./wasm');


let srv, ctx, profile, page, engineJs;
const requests = [];

test.before(async () => {
  srv = await startServer();
  // the engine's files are named by their hash (cmake/embed_web.cmake); the worker says which
  const worker = await (await fetch(`${srv.base}/engine-worker.js`)).text();
  const named = worker.match(/const ENGINE = \{ js: '(gabata\.[0-9a-f]{16}\.js)', wasm: '(gabata\.[0-9a-f]{16}\.wasm)' \};/);
  if (!named) throw new Error('this gabata has no WebAssembly engine embedded (built without emcc?)');
  const probe = await fetch(`${srv.base}/${named[2]}`);
  if (probe.status !== 200) throw new Error(`the worker names ${named[2]}, which the server does not send`);
  engineJs = `/${named[1]}`;
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-chromium-'));
  ctx = await launchPersistent(profile, {
    viewport: { width: 1280, height: 900 },
    // the test's own probes are evaluated in the page; the page's CSP (issue 12) forbids eval
    bypassCSP: true,
  });
  page = await ctx.newPage();
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(srv.base + '/');
  await page.waitForFunction(() => document.body.dataset.engine !== undefined, null, { timeout: 30000 });
  // the module itself in the page, for the figures
  await page.addScriptTag({ url: engineJs });
  await page.evaluate(async ([src, wasm]) => {
    window.M = await window.createGabata({ locateFile: (f) => (f.endsWith('.wasm') ? wasm : f) });
    window.figures = new Function(`return ${src}`)();
  }, [W.wasmFigures.toString(), engineJs.replace(/\.js$/, '.wasm')]);
});

test.after(async () => {
  if (ctx) await ctx.close();
  if (srv) await srv.stop();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

const inPage = (job) => page.evaluate((j) => window.figures(window.M, j), job);

test('the page plays with its local engine, and loading it asked the server for no game', async () => {
  assert.equal(await page.evaluate(() => document.body.dataset.engine), 'local');
  const api = requests.filter((u) => new URL(u).pathname.startsWith('/api/'));
  assert.deepEqual(api, [], 'API requests while loading');
});

test('games against the computer and hot-seat games send nothing to the server', async () => {
  const before = requests.length;
  const played = await page.evaluate(async () => {
    const out = [];
    const games = [['sadeqa', 'ai:2', 'human'], ['qelat', 'ai:1', 'ai:3'], ['akil', 'ai:2', 'human'],
      ['bulto', 'human', 'human']];
    for (const [variant, north, south] of games) {
      let v = await api('POST', '/api/games', { variant, north, south, seed: 7 });
      const id = v.id;
      let n = 0;
      for (; n < 400 && !v.state.over; n++) {
        const side = v.state.to_move;
        if (v.players[side] !== 'human') {
          v = await api('POST', `/api/games/${id}/computer`, {});
        } else {
          if (n % 9 === 0) await api('GET', `/api/games/${id}/hint`);
          const mv = v.moves.length ? v.moves[(n * 7) % v.moves.length].text : v.free_move.example;
          v = await api('POST', `/api/games/${id}/moves`, { move: mv });
        }
      }
      const rec = await api('GET', `/api/games/${id}/record`);
      out.push({ variant, plies: v.history.length, over: v.state.over, rec: rec.length, local: true });
    }
    return out;
  });
  for (const g of played) assert.ok(g.plies > 10 && g.rec > 50, JSON.stringify(g));
  assert.deepEqual(requests.slice(before), [], 'requests during the games');
});

test('perft to depth 5 in Chromium: WebAssembly = native, every game', async () => {
  for (const job of W.PERFT_JOBS) {
    const w = await inPage(job);
    const n = job.moves ? W.nativePerft(job.variant, 5, null, w.position) : W.nativePerft(job.variant, 5, job.opts);
    assert.equal(w.count, n, `${job.variant} ${job.opts || ''}`);
  }
});

test('random playouts with a seed in Chromium: the same statistics as gabata bench --seed', async () => {
  for (const variant of ['sadeqa', 'qelat', 'akil', 'bulto']) {
    const seed = W.BENCH_SEEDS[0];
    const nat = W.nativeBench(variant, seed);
    const w = await inPage({ kind: 'bench', variant, seed });
    assert.equal(w.plies, nat.plies, `${variant}: plies`);
    assert.deepEqual([w.min, w.max, w.wins, w.reasons.slice(1)], [nat.min, nat.max, nat.wins, nat.reasons], variant);
  }
});

test('search to a fixed depth with a seed in Chromium: the same move, score, nodes and line', async () => {
  for (const variant of ['sadeqa', 'qelat', 'akil', 'bulto']) {
    const depth = W.SEARCH_DEPTH[variant];
    const nat = W.nativeSearch(variant, depth, 5, null);
    const w = await inPage({ kind: 'search', variant, depth, seed: 5 });
    assert.deepEqual(w, nat, `${variant} depth ${depth}`);
  }
});

test('speed in Chromium (figures only): random playouts, plies per second', async () => {
  const rows = [];
  for (const variant of ['sadeqa', 'qelat', 'akil', 'bulto']) {
    const w = await inPage({ kind: 'speed', variant, ms: 400, batch: variant === 'qelat' ? 2 : 20 });
    rows.push(`${variant} ${Math.round(w.pliesPerSec)} plies/s (${w.games} games)`);
    assert.ok(w.plies > 0);
  }
  console.log(`# WebAssembly in Chromium: ${rows.join('; ')}`);
});

// scripts/build-static's folder on a plain static file server (no API at all): the page finds
// its engine and a whole game against the computer is played in it.
test('the static build plays from a plain static web host', async () => {
  const { execFileSync } = require('node:child_process');
  const http = require('node:http');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-static-'));
  execFileSync(path.join(W.ROOT, 'scripts', 'build-static'), [dir], { env: Object.assign({}, process.env, { WASM: W.wasmDir() }) });
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };
  const seen = [];
  const server = http.createServer((req, res) => {
    const p = new URL(req.url, 'http://x').pathname;
    seen.push(p);
    const file = path.join(dir, p === '/' ? 'index.html' : path.normalize(p).replace(/^\/+/, ''));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404);
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
    res.end(fs.readFileSync(file));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const p = await ctx.newPage();
  try {
    await p.goto(`http://127.0.0.1:${server.address().port}/`);
    await p.waitForFunction(() => document.body.dataset.engine !== undefined, null, { timeout: 30000 });
    assert.equal(await p.evaluate(() => document.body.dataset.engine), 'local');
    const g = await p.evaluate(async () => {
      let v = await api('POST', '/api/games', { variant: 'sadeqa', south: 'ai:1', north: 'ai:2', seed: 1 });
      while (!v.state.over) v = await api('POST', `/api/games/${v.id}/computer`, {});
      return { plies: v.history.length, end: v.state.end_reason };
    });
    assert.ok(g.plies > 10, JSON.stringify(g));
    assert.deepEqual(seen.filter((u) => u.startsWith('/api/')), [], 'API requests to the static host');
  } finally {
    await p.close();
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// Without the engine's files (a gabata built without emcc; here `serve --web` from a folder that
// lacks them) the page finds no local engine and plays through the server's API.
test('without the WebAssembly files the page falls back to the server', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-noengine-'));
  for (const f of ['index.html', 'i18n.js', 'i18n.css', 'app.js', 'style.css', 'engine-worker.js', 'local.js']) {
    fs.copyFileSync(path.join(W.ROOT, 'web', f), path.join(dir, f));
  }
  const plain = await startServer(['--web', dir]);
  const p = await ctx.newPage();
  const apiSeen = [];
  p.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/api/')) apiSeen.push(r.url()); });
  try {
    await p.goto(plain.base + '/');
    await p.waitForFunction(() => document.body.dataset.engine !== undefined, null, { timeout: 30000 });
    assert.equal(await p.evaluate(() => document.body.dataset.engine), 'server');
    const v = await p.evaluate(async () => {
      const g = await api('POST', '/api/games', { variant: 'qelat', seed: 2 });
      return api("POST", `/api/games/${g.id}/computer`, {}, g.token);
    });
    assert.equal(v.history.length, 1);
    assert.ok(apiSeen.some((u) => u.endsWith('/computer')), 'the computer move went to the server');
  } finally {
    await p.close();
    await plain.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
