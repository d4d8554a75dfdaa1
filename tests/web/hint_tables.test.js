// The hint's exact value (issue 23 §1): `gabata serve --tables DIR` answers GET …/hint with
// `exact` and, when the search proved the value, `margin` (the side to move's final margin,
// docs/api.md), and the page says it in words ("Hint: North wins by 6 stones with c (exact).").
// A Sadeqa III game is played at random through the API down to 6 stones or fewer on the board
// (within the tables this test builds); the margin must be `gabata solve`'s for the same moves,
// the hinted move one of its best; away from the tables the hint is as before (exact false).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { startServer, gabataBinary } = require('./server');
const { launchPersistent } = require('./browser');


let srv;
let tables;
test.before(async () => {
  tables = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-tables-'));
  const b = spawnSync(gabataBinary(), ['tables', 'build', 'sadeqa', '--stones', '6', '--out', tables], { encoding: 'utf8' });
  assert.equal(b.status, 0, b.stderr);
  srv = await startServer(['--tables', tables, '--game-rate', '0', '--ai-rate', '0']);
});
test.after(async () => {
  if (srv) assert.equal(await srv.stop(), 0, 'the server stops cleanly');
  if (tables) fs.rmSync(tables, { recursive: true, force: true });
});

async function call(method, p, body, token) {
  const opt = { method, headers: {} };
  if (body !== undefined) { opt.headers['Content-Type'] = 'application/json'; opt.body = JSON.stringify(body); }
  if (token) opt.headers.Authorization = `Bearer ${token}`;
  const res = await fetch(srv.base + p, opt);
  return { status: res.status, json: await res.json() };
}

function rng(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 4294967296; };
}
const onBoard = (v) => v.state.holes.reduce((a, b) => a + b, 0);

// a game between two people, played at random until at most 6 stones are on the board
async function endgame(seed) {
  const r = rng(seed);
  for (let tries = 0; tries < 40; tries++) {
    const c = await call('POST', '/api/games', { variant: 'sadeqa', seed: seed + tries, south: 'human', north: 'human' });
    assert.equal(c.status, 201);
    let v = c.json;
    const token = c.json.token;
    while (!v.state.over && onBoard(v) > 6) {
      const m = v.moves[Math.floor(r() * v.moves.length)];
      const p = await call('POST', `/api/games/${v.id}/moves`, { move: m.text }, token);
      assert.equal(p.status, 200, JSON.stringify(p.json));
      v = p.json;
    }
    if (!v.state.over && v.history.length < 3000) return { view: v, token };
  }
  throw new Error('no random game reached 6 stones unfinished');
}

// `gabata solve` on the same moves: { margin, best: [moves] }
function solve(view) {
  const moves = view.history.map((h) => h.move).join(' ');
  const s = spawnSync(gabataBinary(), ['solve', 'sadeqa', '--moves', moves, '--tables', tables, '--max-time', '30'], { encoding: 'utf8' });
  assert.equal(s.status, 0, s.stdout + s.stderr);
  const v = s.stdout.match(/^value: \w+ \(to move\) (wins by (\d+)|loses by (\d+)|draws)/m);
  assert.ok(v, s.stdout);
  const margin = v[2] ? Number(v[2]) : v[3] ? -Number(v[3]) : 0;
  const best = s.stdout.match(/^best: (.*) \((?:it|each) /m)[1].split(', ');
  return { margin, best };
}

function sentence(h, toMove) {
  const side = toMove === 'N' ? 'North' : 'South';
  const n = Math.abs(h.margin);
  const stones = n === 1 ? 'one stone' : `${n} stones`;
  if (h.margin > 0) return `Hint: ${side} wins by ${stones} with ${h.move} (exact).`;
  if (h.margin === 0) return `Hint: a draw with ${h.move} (exact).`;
  return `Hint: every move loses; ${h.move} loses by ${stones} (the least, exact).`;
}

test('away from the tables the hint is the computer\'s choice: exact false, no margin', async () => {
  const c = await call('POST', '/api/games', { variant: 'sadeqa', seed: 3 });
  const h = await call('GET', `/api/games/${c.json.id}/hint`);
  assert.equal(h.status, 200);
  assert.equal(h.json.exact, false);
  assert.equal('margin' in h.json, false);
  assert.ok(c.json.moves.some((m) => m.text === h.json.move));
});

test('within the tables the hint carries the exact margin, gabata solve\'s, and the page says it', async () => {
  const seen = [];
  let ctx;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-chromium-'));
  try {
    ctx = await launchPersistent(profile);
    for (const seed of [5, 41, 97]) {
      const { view, token } = await endgame(seed);
      const h = await call('GET', `/api/games/${view.id}/hint`);
      assert.equal(h.status, 200);
      assert.equal(h.json.exact, true, `${view.position}: ${JSON.stringify(h.json)}`);
      const want = solve(view);
      assert.equal(h.json.margin, want.margin, view.position);
      assert.ok(want.best.includes(h.json.move), `${h.json.move} is one of the best moves ${want.best}`);
      seen.push(h.json.margin);
      // the page, on this game (an address of the old form hands it the token)
      const page = await ctx.newPage();
      await page.goto(`${srv.base}/#game=${view.id}&token=${token}&seat=both`);
      await page.waitForFunction(() => document.body.dataset.gameId && document.body.dataset.busy === 'false');
      await page.click('#hint');
      await page.waitForFunction(() => /exact/.test(document.getElementById('message').textContent), null, { timeout: 30000 });
      assert.equal((await page.textContent('#message')).trim(), sentence(h.json, view.state.to_move));
      // in Amharic, its own words
      await page.goto(`${srv.base}/?lang=am#game=${view.id}`);
      await page.waitForFunction(() => document.body.dataset.gameId && document.body.dataset.busy === 'false');
      await page.click('#hint');
      await page.waitForFunction(() => /ትክክለኛ ዋጋ/.test(document.getElementById('message').textContent), null, { timeout: 30000 });
      await page.close();
    }
  } finally {
    if (ctx) await ctx.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  assert.equal(seen.length, 3);
});
