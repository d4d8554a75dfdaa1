// Games survive the server (issue 12, docs/api.md "Where games live"): online games of all four
// games, and a game against the computer, go on exactly after a SIGKILL and a restart on the same
// --data folder; then a loop of kills in the middle of moves: no answered move is ever lost, and
// SQLite's integrity_check says ok every time. GABATA_KILLS=100 runs the loop 100 times (CI: 10).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { startServer } = require('./server');

const KILLS = Number(process.env.GABATA_KILLS || 10);

async function call(base, method, p, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(base + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, json, text };
}

// a small deterministic random source
function rng(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 4294967296; };
}
const pick = (v, r) => (v.moves.length ? v.moves[Math.floor(r() * v.moves.length)].text : v.free_move.example);

async function kill(srv) {
  if (srv.proc.exitCode !== null || srv.proc.signalCode) return;
  const gone = new Promise((res) => srv.proc.once('exit', res));
  srv.proc.kill('SIGKILL');
  await gone;
}

function integrity(data) {
  const r = spawnSync('sqlite3', [path.join(data, 'games.sqlite'), 'PRAGMA integrity_check'], { encoding: 'utf8' });
  assert.ok(!r.error, 'the sqlite3 program is needed (scripts/install-deps --test installs it)');
  assert.equal(r.status, 0, `sqlite3: ${r.stderr}`);
  return r.stdout.trim();
}

test('SIGKILL and a restart: every game goes on from the same position, same turn, same seats', async () => {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-restart-'));
  let srv = await startServer(['--data', data]);
  try {
    const r = rng(12);
    const games = [];
    for (const variant of ['sadeqa', 'qelat', 'akil', 'bulto']) {
      const c = await call(srv.base, 'POST', '/api/games', { variant, online: true, seat: variant === 'qelat' ? 'N' : 'S' });
      assert.equal(c.status, 201, c.text);
      const j = await call(srv.base, 'POST', `/api/games/${c.json.id}/join`, { invite: c.json.invite });
      assert.equal(j.status, 200, j.text);
      const g = { id: c.json.id, tok: { [c.json.seat]: c.json.token, [j.json.seat]: j.json.token } };
      let v = j.json;
      for (let i = 0; i < 7 && !v.state.over; i++) {
        const m = await call(srv.base, 'POST', `/api/games/${g.id}/moves`, { move: pick(v, r) }, g.tok[v.state.to_move]);
        assert.equal(m.status, 200, `${variant}: ${m.text}`);
        v = m.json;
      }
      g.view = (await call(srv.base, 'GET', `/api/games/${g.id}`)).json;
      assert.deepEqual(g.view, v);
      games.push(g);
    }
    // two games against the computer from one seed: A plays 5 computer moves, B 6; after the
    // restart A's sixth must be B's (the computer's random source goes on where it stood)
    const spec = { variant: 'qelat', seed: 21, south: 'random', north: 'random' };
    const a = (await call(srv.base, 'POST', '/api/games', spec)).json;
    const b = (await call(srv.base, 'POST', '/api/games', spec)).json;
    for (let i = 0; i < 6; i++) {
      if (i < 5) assert.equal((await call(srv.base, 'POST', `/api/games/${a.id}/computer`, {}, a.token)).status, 200);
      assert.equal((await call(srv.base, 'POST', `/api/games/${b.id}/computer`, {}, b.token)).status, 200);
    }
    // one game undone last (by consent): its view shows no last move, after the restart too
    const u = games[0];
    const by = u.view.last.by, other = by === 'S' ? 'N' : 'S';
    assert.equal((await call(srv.base, 'POST', `/api/games/${u.id}/undo/request`, {}, u.tok[by])).status, 200);
    const undone = await call(srv.base, 'POST', `/api/games/${u.id}/undo/answer`, { accept: true }, u.tok[other]);
    assert.equal(undone.status, 200, undone.text);
    assert.equal(undone.json.last, null);
    u.view = undone.json;
    await kill(srv);
    srv = await startServer(['--data', data]);
    for (const g of games) {
      const v = (await call(srv.base, 'GET', `/api/games/${g.id}`)).json;
      assert.deepEqual(v, g.view, `game ${g.view.variant} read back as it was`);
      if (v.state.over) continue;
      const me = v.state.to_move, other = me === 'S' ? 'N' : 'S';
      const move = pick(v, r);
      assert.equal((await call(srv.base, 'POST', `/api/games/${g.id}/moves`, { move }, g.tok[other])).status, 403, 'seats kept');
      const m = await call(srv.base, 'POST', `/api/games/${g.id}/moves`, { move }, g.tok[me]);
      assert.equal(m.status, 200, m.text);
      assert.deepEqual(m.json.history.slice(0, -1), g.view.history);
    }
    const a6 = await call(srv.base, 'POST', `/api/games/${a.id}/computer`, {}, a.token);
    assert.equal(a6.status, 200, a6.text);
    const bv = (await call(srv.base, 'GET', `/api/games/${b.id}`)).json;
    assert.deepEqual(a6.json.history, bv.history, 'the computer goes on as if never stopped');
    assert.deepEqual(a6.json.state, bv.state);
    // a record of a game read back is the game's
    const rec = await call(srv.base, 'GET', `/api/games/${games[2].id}/record`);
    assert.equal(rec.status, 200);
    assert.match(rec.text, /\[Variant "akil"\]/);
  } finally {
    await kill(srv);
    assert.equal(integrity(data), 'ok');
    fs.rmSync(data, { recursive: true, force: true });
  }
});

test(`killed ${KILLS} times in the middle of moves: no answered move lost, integrity_check ok`, async () => {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-kills-'));
  const r = rng(77);
  const variants = ['sadeqa', 'qelat', 'akil', 'bulto', 'sadeqa', 'bulto'];
  const games = []; // { id, token, answered: the history of the last answer }
  let srv = null;
  let answeredMoves = 0;
  try {
    for (let round = 0; round < KILLS; round++) {
      srv = await startServer(['--data', data]);
      const base = srv.base;
      // what was answered before the last kill is there; at most the one move in flight more
      for (const g of games) {
        const v = (await call(base, 'GET', `/api/games/${g.id}`)).json;
        assert.ok(v, `game ${g.id} is still there (round ${round})`);
        const have = v.history.map((h) => h.move), had = g.answered.map((h) => h.move);
        assert.deepEqual(have.slice(0, had.length), had, `round ${round}: answered moves kept`);
        assert.ok(have.length <= had.length + 1, `round ${round}: ${have.length} moves, ${had.length} answered`);
        g.answered = v.history;
        g.view = v;
      }
      for (let i = 0; i < variants.length; i++) {
        if (games[i] && !games[i].view.state.over) continue;
        const c = await call(base, 'POST', '/api/games', { variant: variants[i], south: 'human', north: 'human' });
        assert.equal(c.status, 201, c.text);
        games[i] = { id: c.json.id, token: c.json.token, answered: [], view: c.json };
      }
      // every game plays moves one after another until the kill
      let stop = false;
      const players = games.map(async (g) => {
        while (!stop && !g.view.state.over) {
          try {
            const m = await call(base, 'POST', `/api/games/${g.id}/moves`, { move: pick(g.view, r) }, g.token);
            assert.equal(m.status, 200, m.text);
            g.view = m.json; // answered: it must be there after the kill, however late it came
            g.answered = m.json.history;
            answeredMoves++;
          } catch (e) {
            if (e instanceof assert.AssertionError) throw e;
            break; // the connection died with the server
          }
        }
      });
      await new Promise((res) => setTimeout(res, 20 + Math.floor(r() * 150)));
      stop = true;
      await kill(srv);
      await Promise.all(players);
      assert.equal(integrity(data), 'ok', `integrity_check after kill ${round + 1}`);
    }
    assert.ok(answeredMoves > KILLS, `${answeredMoves} moves answered in ${KILLS} rounds`);
    console.log(`# ${KILLS} kills, ${answeredMoves} answered moves, none lost`);
  } finally {
    if (srv) await kill(srv);
    fs.rmSync(data, { recursive: true, force: true });
  }
});

test('expiry: unfinished games untouched for 30 days and finished ones after 365 go, the rest stay', async () => {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-expiry-'));
  let srv = await startServer(['--data', data]);
  try {
    const mk = async (body) => (await call(srv.base, 'POST', '/api/games', body)).json;
    const fresh = await mk({ variant: 'sadeqa' });
    const stale = await mk({ variant: 'sadeqa' }); // unfinished, 31 days untouched: goes
    const idle = await mk({ variant: 'qelat' });   // unfinished, 29 days: stays
    const done = await mk({ variant: 'bulto', south: 'human', north: 'human' });
    const old = await mk({ variant: 'bulto', south: 'human', north: 'human' });
    for (const g of [done, old]) {
      const r = await call(srv.base, 'POST', `/api/games/${g.id}/resign`, {}, g.token);
      assert.equal(r.status, 200, r.text);
    }
    await kill(srv);
    // age the rows by hand (a second method: the database itself, through sqlite3)
    const day = 86400;
    const age = (id, days) => `UPDATE games SET updated = updated - ${days * day}, created = created - ${days * day} WHERE id = '${id}';`;
    const sql = age(stale.id, 31) + age(idle.id, 29) + age(done.id, 300) + age(old.id, 366);
    const r = spawnSync('sqlite3', [path.join(data, 'games.sqlite'), sql], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    srv = await startServer(['--data', data]);
    const st = async (g) => (await call(srv.base, 'GET', `/api/games/${g.id}`)).status;
    assert.deepEqual([await st(fresh), await st(stale), await st(idle), await st(done), await st(old)],
      [200, 404, 200, 200, 404]);
    const h = (await call(srv.base, 'GET', '/api/health')).json;
    assert.equal(h.expired, 2);
    assert.equal(h.games, 3);
    // on one screen the side to move resigns: South, at the start
    assert.match((await call(srv.base, 'GET', `/api/games/${done.id}/record`)).text, /\[Ended "south resigned"\]/,
      'a finished game stays downloadable');
  } finally {
    await kill(srv);
    fs.rmSync(data, { recursive: true, force: true });
  }
});
