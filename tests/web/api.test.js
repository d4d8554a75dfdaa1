// The JSON API of `gabata serve` (docs/api.md): games with their own ids, moves, bad requests of
// every kind answered with a 4xx JSON error while the server keeps going.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const net = require('node:net');
const { startServer } = require('./server');

let srv;
// (many games from one address: no --game-rate limit)
test.before(async () => { srv = await startServer(['--max-body', '4096', '--max-games', '50', '--game-rate', '0']); });
test.after(async () => { assert.equal(await srv.stop(), 0, "the server stops cleanly (and, under ASan, without leaks)"); });

// Every change to a game carries its creator's token (docs/api.md): call() keeps the token of
// each game it created and sends it with the game's requests.
const tokens = new Map();
async function call(method, path, body, raw) {
  const opt = { method, headers: {} };
  if (method !== 'GET') opt.headers['Content-Type'] = 'application/json'; // (415 otherwise)
  if (raw !== undefined) opt.body = raw;
  else if (body !== undefined) opt.body = JSON.stringify(body);
  const id = (path.match(/^\/api\/games\/([^/]+)/) || [])[1];
  if (id && tokens.has(id) && method !== 'GET') opt.headers.Authorization = `Bearer ${tokens.get(id)}`;
  const res = await fetch(srv.base + path, opt);
  const text = await res.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* not JSON */ }
  if (res.status === 201 && json && json.token) tokens.set(json.id, json.token);
  return { status: res.status, json, text, type: res.headers.get('content-type') };
}

function isError(r, status, needle) {
  assert.equal(r.status, status, `expected ${status}, got ${r.status}: ${r.text}`);
  assert.match(r.type, /application\/json/);
  assert.equal(typeof r.json.error, 'string');
  assert.equal(r.json.status, status);
  if (needle) assert.match(r.json.error, needle);
}

test('variants list every game with options and rules', async () => {
  const r = await call('GET', '/api/variants');
  assert.equal(r.status, 200);
  const sadeqa = r.json.variants.find((v) => v.name === 'sadeqa');
  assert.ok(sadeqa, 'sadeqa is listed');
  assert.equal(sadeqa.rows, 8);
  const seeds = sadeqa.options.find((o) => o.key === 'seeds');
  assert.deepEqual(seeds.choices, ['6', '4']); // RULINGS S1
  assert.equal(seeds.default, '6');
  assert.match(sadeqa.rules.terms, /mana/);
  for (const v of r.json.variants) assert.ok(v.rows >= 6 && v.title, v.name);
});

test("a game's view has every rule for its options, the rulings beside the text (issue 22 §2)", async () => {
  // RULINGS A12: with two-seeds=at-once the round ends as soon as two seeds are left; A3: with
  // starter=chooser the chooser sows first whether he keeps or turns.
  const r = await call('POST', '/api/games', { variant: 'akil', options: 'two-seeds=at-once starter=chooser' });
  assert.equal(r.status, 201);
  const text = r.json.rules.map((l) => l.text).join('\n');
  assert.match(text, /as soon as only two seeds are left/);
  assert.match(text, /the chooser sows first/);
  assert.doesNotMatch(text, /\((?:[STQAB]\d|[TQAB]-C\d|§)/, 'no ruling id in the text');
  const two = r.json.rules.find((l) => l.option === 'two-seeds');
  assert.match(two.ruling, /\bA12\b/);
  // the catalog: the same lines at the defaults (A12 on a repeat)
  const v = (await call('GET', '/api/variants')).json.variants.find((x) => x.name === 'akil');
  assert.match(v.rules.lines.join('\n'), /repeats with only two seeds left/);
  assert.equal(v.rules.why.length, v.rules.lines.length);
});

test('each lap names the holes it sowed, the skipped ones left out (B3, B5, B6, §0)', async () => {
  // A second method: replay every lap's holes on the board before the move. Bulto takes no
  // stones, so the board after the move must be exactly that (unless the game ended); no hole
  // sown may be the lap's origin (skip-origin=yes) or the opponent's bulto (B3).
  let replayed = 0, skipped = 0, games = 0;
  while (replayed < 150 && games < 20) {
    games++;
    const r = await call('POST', '/api/games', { variant: 'bulto', options: 'skip-origin=yes', seed: 40 + games, south: 'random', north: 'random' });
    assert.equal(r.status, 201, r.text);
    let view = r.json;
    while (!view.state.over && replayed < 150) {
      const m = await call('POST', `/api/games/${view.id}/computer`, {});
      assert.equal(m.status, 200, m.text);
      view = m.json;
      if (view.state.over) break;
      const before = view.last.before, mover = view.last.by;
      const holes = before.holes.slice();
      for (const l of view.last.trace.laps) {
        if (l.event === 'refuse') { assert.deepEqual(l.sown, []); continue; }
        assert.equal(l.sown.length, l.stones);
        assert.equal(holes[l.from], l.stones);
        holes[l.from] = 0;
        let prev = l.from;
        for (const h of l.sown) {
          assert.notEqual(h, l.from);
          const mk = before.mark[h] || '';
          assert.ok(!(mk.startsWith('bulto:') && !mk.endsWith(mover)), `stone into the opponent's bulto ${h}`);
          skipped += (h - prev + 40 - 1) % 20;
          holes[h] += 1;
          prev = h;
        }
      }
      if (view.last.trace.laps.length === view.last.trace.laps_total) {
        assert.deepEqual(holes, view.state.holes);
        replayed++;
      }
    }
  }
  assert.ok(replayed >= 150, `${replayed} moves replayed`);
  assert.ok(skipped > 0);
});

// the setup shows the rules for the options chosen before the game starts (issue 22 §2): one
// option of each game whose rulings change a line (S1: 4 seeds a hole, 2×8×4 = 64 stones; Q9:
// next-starter=alternate; A12: two-seeds=at-once; B7's right-rule=none), then bad requests
test("a game's rules for the options chosen: GET /api/variants/NAME/rules?options=", async () => {
  const cases = [
    ['sadeqa', 'seeds=4', /with 6 daga in each \(96 stones\)/, /with 4 daga in each \(64 stones/],
    ['qelat', 'next-starter=alternate', /The loser of a round .* starts the next/, /start the rounds in turn/],
    ['akil', 'rounds=1,two-seeds=at-once', /If a position repeats with only two seeds left/, /as soon as only two seeds are left/],
    ['bulto', 'right-rule=none', /must lie to the right of all the bulto you had/, /may lie anywhere in your opponent's row/],
  ];
  for (const [variant, options, before, after] of cases) {
    const d = await call('GET', `/api/variants/${variant}/rules`);
    assert.equal(d.status, 200, d.text);
    assert.equal(d.json.variant, variant);
    const text = (r) => r.json.rules.map((l) => l.text).join('\n');
    assert.match(text(d), before, `${variant}: the default's line`);
    assert.doesNotMatch(text(d), after, `${variant}: not yet the option's line`);
    const r = await call('GET', `/api/variants/${variant}/rules?options=${encodeURIComponent(options)}`);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.options, options);
    assert.match(text(r), after, `${variant} ${options}`);
    assert.doesNotMatch(text(r), before, `${variant} ${options}: the default's line is gone`);
    for (const l of r.json.rules) assert.match(l.ruling, /^[A-Z]\d/, `${variant}: each line names its rulings`);
    // the same lines a game started with those options shows
    const g = await call('POST', '/api/games', { variant, options });
    assert.deepEqual(r.json.rules, g.json.rules, `${variant} ${options}: as in the game`);
  }
  isError(await call('GET', '/api/variants/sadeqa/rules?options=seeds%3D9'), 400, /bad value '9' for option seeds/);
  isError(await call('GET', '/api/variants/sadeqa/rules?options=colour%3Dred'), 400, /unknown option 'colour'/);
  isError(await call('GET', `/api/variants/sadeqa/rules?options=${'x'.repeat(600)}`), 400, /too long/);
  isError(await call('GET', '/api/variants/chess/rules'), 404, /no such game 'chess/);
  isError(await call('POST', '/api/variants/sadeqa/rules', {}), 405, /use GET/);
});

test('a game: start, a hand-worked move, its laps, undo, record', async () => {
  const r = await call('POST', '/api/games', { variant: 'sadeqa', seed: 3, south: 'human', north: 'human' });
  assert.equal(r.status, 201);
  const g = r.json;
  assert.match(g.id, /^[0-9a-f]{32}$/); // 128 random bits (issue 12)
  assert.deepEqual(g.state.holes, new Array(16).fill(6));
  assert.deepEqual(g.moves.map((m) => m.text), ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
  // C from the start, by hand (RULINGS S2-S4): C's 6 stones to D..H and a; a held 6, so relay
  // its 7 to b..h; h held 6: relay 7 to A..G; G held 7 (8 now): relay 8 to H, a..g; g held 7
  // (8 now): relay 8 to h, A..G; G was emptied, so the last stone ends there in South's row and
  // captures b's 8. 5 laps, 6+7+7+8+8 = 36 stones sown.
  const m = await call('POST', `/api/games/${g.id}/moves`, { move: 'C' });
  assert.equal(m.status, 200, m.text);
  const t = m.json.last.trace;
  assert.equal(t.laps_total, 5);
  assert.equal(t.sown, 36);
  assert.deepEqual(t.laps.map((l) => [m.json.labels[l.from], m.json.labels[l.to], l.stones]),
    [['C', 'a', 6], ['a', 'h', 7], ['h', 'G', 7], ['G', 'g', 8], ['g', 'G', 8]]);
  // the holes each lap sowed, in order (the same hand-worked sowing)
  assert.deepEqual(t.laps.map((l) => l.sown.map((h) => m.json.labels[h]).join('')),
    ['DEFGHa', 'bcdefgh', 'ABCDEFG', 'Habcdefg', 'hABCDEFG']);
  const lastLap = t.laps[4];
  assert.equal(lastLap.event, 'capture');
  assert.equal(m.json.labels[lastLap.other], 'b');
  assert.equal(lastLap.value, 8);
  assert.equal(m.json.state.stores.S, 8);
  assert.deepEqual(m.json.last.before.holes, new Array(16).fill(6));
  assert.deepEqual(m.json.history, [{ move: 'C', by: 'S' }]);
  assert.equal(m.json.state.to_move, 'N');
  const u = await call('POST', `/api/games/${g.id}/undo`);
  assert.equal(u.status, 200);
  assert.deepEqual(u.json.state.holes, new Array(16).fill(6));
  assert.deepEqual(u.json.history, []);
  isError(await call('POST', `/api/games/${g.id}/undo`), 409, /nothing to undo/);
  await call('POST', `/api/games/${g.id}/moves`, { move: 'C' });
  const rec = await call('GET', `/api/games/${g.id}/record`);
  assert.equal(rec.status, 200);
  assert.match(rec.type, /text\/plain/);
  assert.match(rec.text, /\[Variant "sadeqa"\]/);
  assert.match(rec.text, /1\. C/);
  const h = await call('GET', `/api/games/${g.id}/hint`);
  assert.equal(h.status, 200);
  const fresh = await call('GET', `/api/games/${g.id}`);
  assert.ok(fresh.json.moves.some((x) => x.text === h.json.move), 'the hint is a legal move');
});

test('a game against the computer runs to its end', async () => {
  const r = await call('POST', '/api/games', { variant: 'sadeqa', seed: 11, south: 'random', north: 'ai:2' });
  let g = r.json;
  for (let i = 0; i < 6000 && !g.state.over; i++) {
    const c = await call('POST', `/api/games/${g.id}/computer`);
    assert.equal(c.status, 200, c.text);
    g = c.json;
  }
  assert.equal(g.state.over, true);
  assert.ok(['rule', 'repetition', 'cap', 'endless'].includes(g.state.end_reason));
  isError(await call('POST', `/api/games/${g.id}/moves`, { move: 'A' }), 409, /over/);
  isError(await call('POST', `/api/games/${g.id}/computer`), 409, /over/);
});

test('malformed JSON and wrong fields get 400 with a reason', async () => {
  isError(await call('POST', '/api/games', undefined, '{"variant":'), 400, /malformed JSON/);
  isError(await call('POST', '/api/games', undefined, 'not json at all'), 400, /malformed JSON/);
  isError(await call('POST', '/api/games', undefined, '[1,2,3]'), 400, /JSON object/);
  isError(await call('POST', '/api/games', undefined, '{"variant":"sadeqa","variant":"sadeqa"}'), 400, /malformed JSON/);
  isError(await call('POST', '/api/games', { variant: 7 }), 400, /'variant' must be a string/);
  isError(await call('POST', '/api/games', {}), 400, /'variant' is required/);
  isError(await call('POST', '/api/games', { variant: 'sadeqa', colour: 'red' }), 400, /unknown field 'colour'/);
  isError(await call('POST', '/api/games', { variant: 'chess' }), 400, /unknown game 'chess'/);
  isError(await call('POST', '/api/games', { variant: 'sadeqa', options: 'seeds=5' }), 400, /bad value '5' for option seeds/);
  isError(await call('POST', '/api/games', { variant: 'sadeqa', south: 'wizard' }), 400, /bad player 'wizard'/);
  isError(await call('POST', '/api/games', { variant: 'sadeqa', seed: -4 }), 400, /seed/);
  const g = (await call('POST', '/api/games', { variant: 'sadeqa' })).json;
  isError(await call('POST', `/api/games/${g.id}/moves`, {}), 400, /'move' is required/);
  isError(await call('POST', `/api/games/${g.id}/moves`, { move: 'Z9' }), 400, /unknown move/);
  isError(await call('POST', `/api/games/${g.id}/moves`, { move: 'a' }), 422, /own row/);
  isError(await call('POST', `/api/games/${g.id}/moves`, undefined, '{"move":"A"'), 400, /malformed JSON/);
  isError(await call('POST', `/api/games/${g.id}/computer`, { player: 'human' }), 400, /bad player/);
  // the game is untouched by all of that
  const v = await call('GET', `/api/games/${g.id}`);
  assert.deepEqual(v.json.history, []);
});

test('unknown ids, endpoints and methods get 404/405', async () => {
  isError(await call('GET', '/api/games/0123456789abcdef'), 404, /no game with id/);
  isError(await call('POST', '/api/games/nope/moves', { move: 'A' }), 404, /no game with id 'nope'/);
  isError(await call('GET', `/api/games/${'x'.repeat(5000)}`), 404, /no game/);
  isError(await call('GET', '/api/nothing'), 404, /no such API endpoint/);
  isError(await call('GET', '/no-such-page.html'), 404, /no such page/);
  isError(await call('GET', '/api/games'), 405, /POST/);
  isError(await call('DELETE', '/api/variants'), 405);
  const g = (await call('POST', '/api/games', { variant: 'sadeqa' })).json;
  isError(await call('GET', `/api/games/${g.id}/moves`), 405, /POST/);
  isError(await call('GET', `/api/games/${g.id}/fly`), 404, /no such action/);
  const d = await call('DELETE', `/api/games/${g.id}`);
  assert.equal(d.status, 200);
  isError(await call('GET', `/api/games/${g.id}`), 404);
});

test('huge bodies get 413, announced or streamed, and the server keeps going', async () => {
  isError(await call('POST', '/api/games', undefined, 'x'.repeat(5000)), 413, /too large/);
  isError(await call('POST', '/api/games', undefined, JSON.stringify({ variant: 'sadeqa', options: 'y'.repeat(100000) })), 413);
  // a chunked body with no Content-Length, larger than the limit
  const status = await new Promise((resolve, reject) => {
    const u = new URL(srv.base);
    const s = net.connect(Number(u.port), u.hostname, () => {
      s.write(`POST /api/games HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`);
      const chunk = 'z'.repeat(1000);
      for (let i = 0; i < 10; i++) s.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      s.write('0\r\n\r\n');
    });
    let buf = '';
    s.on('data', (d) => { buf += d; });
    s.on('end', () => resolve(Number((buf.match(/^HTTP\/1\.1 (\d+)/) || [])[1])));
    s.on('error', reject);
  });
  assert.equal(status, 413);
  const h = await call('GET', '/api/health');
  assert.equal(h.status, 200);
  assert.equal(h.json.status, 'ok');
});

test('many games at once, each with its own id and state', async () => {
  const games = await Promise.all(Array.from({ length: 30 }, (_, i) =>
    call('POST', '/api/games', { variant: 'sadeqa', seed: i, south: 'human', north: 'human' })));
  const ids = new Set(games.map((g) => g.json.id));
  assert.equal(ids.size, 30);
  const moves = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
  await Promise.all(games.map((g, i) => call('POST', `/api/games/${g.json.id}/moves`, { move: moves[i % 8] })));
  for (const [i, g] of games.entries()) {
    const v = (await call('GET', `/api/games/${g.json.id}`)).json;
    assert.deepEqual(v.history, [{ move: moves[i % 8], by: 'S' }]);
  }
});

test('more games than --max-games: none is dropped, those not held are read back from the database', async () => {
  // (before issue 12 the game idle longest was evicted: b answered 404)
  const small = await startServer(['--max-games', '3']);
  try {
    const mk = async () => (await (await fetch(`${small.base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"variant":"sadeqa"}' })).json()).id;
    const a = await mk();
    const b = await mk();
    const c = await mk();
    await fetch(`${small.base}/api/games/${a}`);
    const d = await mk();
    const st = async (id) => (await fetch(`${small.base}/api/games/${id}`)).status;
    assert.deepEqual([await st(a), await st(b), await st(c), await st(d)], [200, 200, 200, 200]);
    const h = await (await fetch(`${small.base}/api/health`)).json();
    assert.equal(h.games, 4, 'all four are stored');
    assert.ok(h.in_memory <= 3, `at most 3 held in memory, ${h.in_memory} are`);
    assert.ok(h.loaded >= 1, 'a game not held was read back');
  } finally {
    await small.stop();
  }
});

test('bad command lines are refused with one line', async () => {
  const { spawnSync } = require('node:child_process');
  const { gabataBinary } = require('./server');
  const bin = gabataBinary();
  for (const [args, needle] of [[['--port', 'x'], /--port needs/], [['--host', 'nowhere'], /not an IPv4 address/],
    [['--max-games', '0'], /--max-games needs/], [['--bogus'], /unexpected argument/], [['--web', '/nonexistent'], /no index.html/],
    [['--sync', 'sometimes'], /--sync needs/], [['--data'], /--data needs/]]) {
    const r = spawnSync(bin, ['serve', ...args], { encoding: 'utf8', timeout: 10000 });
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, needle);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  }
  // a data folder that cannot be made (under a file), or one another server is using
  const file = require('node:path').join(srv.data, 'games.sqlite');
  const bad = spawnSync(bin, ['serve', '--port', '0', '--data', `${file}/sub`], { encoding: 'utf8', timeout: 10000 });
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /cannot use the data folder/);
  assert.equal(bad.stderr.trim().split('\n').length, 1);
  const shared = spawnSync(bin, ['serve', '--port', '0', '--data', srv.data], { encoding: 'utf8', timeout: 10000 });
  assert.equal(shared.status, 1);
  assert.match(shared.stderr, /in use by another gabata serve/);
  assert.equal(shared.stderr.trim().split('\n').length, 1);
  // the port is taken (by the test's own server): one line, exit 1
  const port = new URL(srv.base).port;
  const scratch = require('node:fs').mkdtempSync(require('node:path').join(require('node:os').tmpdir(), 'gabata-data-'));
  const busy = spawnSync(bin, ['serve', '--port', port, '--data', scratch], { encoding: 'utf8', timeout: 10000 });
  require('node:fs').rmSync(scratch, { recursive: true, force: true });
  assert.equal(busy.status, 1);
  assert.match(busy.stderr, new RegExp(`cannot listen on 127\\.0\\.0\\.1 port ${port}`));
  assert.equal(busy.stderr.trim().split('\n').length, 1);
  const h = spawnSync(bin, ['serve', '--help'], { encoding: 'utf8' });
  assert.equal(h.status, 0);
  assert.match(h.stdout, /usage: gabata serve/);
});
