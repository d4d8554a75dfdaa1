// The WebAssembly engine in node against the native program, in every game: perft to depth 5,
// random playout statistics for a seed (as `gabata bench --seed S`), alpha-beta to a fixed depth
// with a seed (as the engine protocol's `go depth D`), and the local backend's API answers
// (web/local.js) against `gabata serve`'s for the same games. The native figures come from
// running the native program here. Needs scripts/build-wasm (GABATA_WASM: its folder).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const W = require('./wasm');
const { startServer } = require('./server');
const { createLocalBackend } = require(path.join(W.ROOT, 'web', 'local.js'));

let M;
test.before(async () => { M = await W.loadNode(); });

test('perft to depth 5: WebAssembly = native, every game', () => {
  for (const job of W.PERFT_JOBS) {
    const w = W.wasmFigures(M, job);
    const n = job.moves ? W.nativePerft(job.variant, 5, null, w.position) : W.nativePerft(job.variant, 5, job.opts);
    assert.ok(n > 0, `${job.variant} ${job.opts || ''}: native perft 5 is ${n}`);
    assert.equal(w.count, n, `${job.variant} ${job.opts || ''} ${w.position}`);
  }
});

test('random playouts with a seed: the same statistics as gabata bench --seed, every game', () => {
  for (const variant of ['sadeqa', 'qelat', 'akil', 'bulto']) {
    for (const seed of W.BENCH_SEEDS) {
      const nat = W.nativeBench(variant, seed);
      const w = W.wasmFigures(M, { kind: 'bench', variant, seed });
      const what = `${variant} seed ${seed}`;
      assert.equal(w.plies, nat.plies, `${what}: plies`);
      assert.equal(w.min, nat.min, `${what}: min plies`);
      assert.equal(w.max, nat.max, `${what}: max plies`);
      assert.deepEqual(w.wins, nat.wins, `${what}: wins S, N, draws`);
      assert.deepEqual(w.reasons.slice(1), nat.reasons, `${what}: end reasons`);
      assert.ok(Math.abs(w.laps / w.plies - nat.lapsPerPly) <= 0.0051, `${what}: laps/ply`);
    }
  }
});

// A position along a game: `plies` moves chosen by a small random source from the legal ones
// (and the layout's example), made with the WebAssembly engine.
function positionAlong(variant, plies, seed) {
  const mk = M.cwrap('gbw_new', 'number', ['string', 'string', 'string']);
  const view = M.cwrap('gbw_view', 'string', ['number']);
  const play = M.cwrap('gbw_play', 'number', ['number', 'string']);
  const h = mk(variant, '', String(seed));
  let s = seed;
  for (let i = 0; i < plies; i++) {
    const v = JSON.parse(view(h));
    if (v.state.over) break;
    s = (s * 1103515245 + 12345) % 2147483648;
    const mv = v.moves.length ? v.moves[s % v.moves.length].text : v.free_move.example;
    assert.equal(play(h, mv), 0, mv);
  }
  const pos = JSON.parse(view(h)).position;
  M.ccall('gbw_delete', null, ['number'], [h]);
  return pos;
}

test('search to a fixed depth with a seed: the same move, score, nodes and line, every game', () => {
  for (const variant of ['sadeqa', 'qelat', 'akil', 'bulto']) {
    const depth = W.SEARCH_DEPTH[variant];
    for (const [seed, position] of [[5, null], [11, positionAlong(variant, 14, 11)]]) {
      const nat = W.nativeSearch(variant, depth, seed, position);
      const w = W.wasmFigures(M, { kind: 'search', variant, depth, seed, position });
      assert.deepEqual(w, nat, `${variant} depth ${depth} seed ${seed} ${position || 'start'}`);
    }
  }
});

// ---- the local backend against the server ----
function lcg(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s; };
}

// The view without its id (ids are each backend's own).
// what only the server's answers carry: the game's id, its seat token and invite (issue 12), who
// has joined or is connected to an online game and its pending offer; the rest must be the same
const noId = (body) => {
  const v = JSON.parse(body);
  for (const k of ['id', 'token', 'seat', 'invite', 'online', 'connected', 'joined', 'offer']) delete v[k];
  return v;
};

test('the local backend answers as gabata serve does: same games, same answers', async () => {
  // the server's rates per address lifted: every request here comes from this one client
  const srv = await startServer(['--ai-rate', '0', '--game-rate', '0', '--games-per-ip', '0']);
  const local = createLocalBackend(M, { seed: 9 });
  let token = null; // the game's token: every change on the server carries it (docs/api.md)
  const remote = async (method, p, body) => {
    const headers = {};
    if (method !== 'GET') headers['Content-Type'] = 'application/json';
    if (token && p.startsWith('/api/games/')) headers.Authorization = `Bearer ${token}`;
    const res = await fetch(srv.base + p, { method, body, headers });
    return { status: res.status, body: await res.text(), type: res.headers.get('content-type') };
  };
  try {
    const cat = [await remote('GET', '/api/variants'), local.handle('GET', '/api/variants')];
    assert.deepEqual(JSON.parse(cat[1].body), JSON.parse(cat[0].body), 'GET /api/variants');
    // a game's rules for options chosen in the setup, and the errors of bad ones, the same
    for (const p of ['/api/variants/sadeqa/rules?options=seeds%3D4', '/api/variants/qelat/rules?options=next-starter=alternate,rounds=1',
      '/api/variants/akil/rules?options=two-seeds%3Dat-once+starter%3Dchooser', '/api/variants/bulto/rules?options=right-rule=none',
      '/api/variants/bulto/rules', '/api/variants/sadeqa/rules?options=seeds%3D9', '/api/variants/qelat/rules?options=nope',
      `/api/variants/akil/rules?options=${'x'.repeat(600)}`, '/api/variants/chess/rules']) {
      const x = await remote('GET', p), y = local.handle('GET', p);
      assert.equal(y.status, x.status, `${p}: status (${x.body} / ${y.body})`);
      assert.deepEqual(JSON.parse(y.body), JSON.parse(x.body), p);
    }
    const post = [await remote('POST', '/api/variants/sadeqa/rules', '{}'), local.handle('POST', '/api/variants/sadeqa/rules', '{}')];
    assert.deepEqual([post[1].status, JSON.parse(post[1].body)], [post[0].status, JSON.parse(post[0].body)], 'POST a game\'s rules');
    const games = [
      { variant: 'sadeqa', seed: 3, north: 'ai:3' },
      { variant: 'qelat', seed: 4, north: 'ai:2', options: 'rounds=1' },
      { variant: 'akil', seed: 5, south: 'ai:1', north: 'ai:5' },
      { variant: 'bulto', seed: 6, north: 'human' }, // hot seat
      { variant: 'sadeqa', seed: 8, south: 'random', north: 'ai:4', options: 'seeds=4' },
    ];
    for (const spec of games) {
      const body = JSON.stringify(spec);
      const a = await remote('POST', '/api/games', body), b = local.handle('POST', '/api/games', body);
      assert.equal(b.status, a.status);
      let ra = JSON.parse(a.body), rb = JSON.parse(b.body);
      token = ra.token;
      const ida = ra.id, idb = rb.id;
      assert.match(idb, /^[0-9a-f]{16}$/);
      const rnd = lcg(spec.seed);
      const same = async (method, action, reqBody, what) => {
        const x = await remote(method, `/api/games/${ida}${action}`, reqBody);
        const y = local.handle(method, `/api/games/${idb}${action}`, reqBody);
        assert.equal(y.status, x.status, `${spec.variant} ${what}: status (${x.body} / ${y.body})`);
        if (action === '/record') {
          assert.equal(y.body, x.body, `${spec.variant}: the record`);
          return null;
        }
        if (x.status >= 400) {
          assert.ok(JSON.parse(y.body).error, `${spec.variant} ${what}: an error`);
          return null;
        }
        assert.deepEqual(noId(y.body), noId(x.body), `${spec.variant} ${what}`);
        return JSON.parse(x.body);
      };
      let view = ra;
      for (let step = 0; step < 60 && !view.state.over; step++) {
        const side = view.state.to_move;
        const who = view.players[side];
        let r;
        if (who !== 'human') {
          r = await same('POST', '/computer', '', `step ${step}: computer`);
        } else if (step % 7 === 3) {
          await same('GET', '/hint', undefined, `step ${step}: hint`);
          r = await same('POST', '/moves', JSON.stringify({ move: 'Z9' }), `step ${step}: a bad move`);
          r = await same('POST', '/moves', JSON.stringify({ move: view.moves.length ? view.moves[0].text : view.free_move.example }), `step ${step}: move`);
        } else if (step % 11 === 10) {
          r = await same('POST', '/undo', '', `step ${step}: undo`);
        } else {
          const mv = view.moves.length ? view.moves[rnd() % view.moves.length].text : view.free_move.example;
          r = await same('POST', '/moves', JSON.stringify({ move: mv }), `step ${step}: ${mv}`);
        }
        if (r) view = r;
      }
      await same('GET', '', undefined, 'GET the game');
      await same('GET', '/record', undefined, 'record');
      await same('POST', '/nothing', '', 'an unknown action');
      await same('GET', '/moves', undefined, 'a wrong method');
      await same('DELETE', '', undefined, 'delete');
      await same('GET', '', undefined, 'the deleted game');
    }
    const bad = [['POST', '/api/games', '{"variant":"chess"}'], ['POST', '/api/games', '{"variant":"sadeqa","x":1}'],
      ['POST', '/api/games', '{"variant":"sadeqa","north":"ai:9"}'], ['GET', '/api/games', undefined],
      ['GET', '/api/nothing', undefined], ['POST', '/api/games', '{"variant":"sadeqa","seed":-1}']];
    for (const [m, p, bd] of bad) {
      const x = await remote(m, p, bd), y = local.handle(m, p, bd);
      assert.equal(y.status, x.status, `${m} ${p} ${bd}: ${x.body} / ${y.body}`);
      if (!(bd && bd.includes('chess'))) assert.equal(JSON.parse(y.body).error, JSON.parse(x.body).error, `${m} ${p} ${bd}`);
    }
  } finally {
    await srv.stop();
  }
});
